package recordings

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// Format describes one export format.
type Format struct {
	Name  string // as Export takes it
	Ext   string // file name extension, with the dot
	Title string // for menus
	// Export exports a recording in memory (ExportPlaywright...), export
	// from a source (ExportFile).
	Export func(*Recording, io.Writer) error
	export exporter
}

// An exporter writes the actions of src, which survey planned, to w as it
// goes: its memory is that of one step, not of the recording.
type exporter func(ctx context.Context, src source, p *planned, w *bufio.Writer) error

// Formats returns the export formats, in menu order.
func Formats() []Format {
	return []Format{
		{"playwright-test", ".spec.ts", "Playwright Test (TypeScript)", ExportPlaywright, exportPlaywright},
		{"playwright-python", ".py", "Playwright for Python (pytest)", ExportPython, exportPython},
		{"devtools-recorder", ".json", "Chrome DevTools Recorder (JSON)", ExportDevTools, exportDevTools},
		{"chromedp", ".go", "chromedp program (Go)", ExportChromedp, exportChromedp},
	}
}

// ErrUnknownFormat is returned by Export for a format not in Formats.
var ErrUnknownFormat = errors.New("unknown_format")

// Export writes rec to w in the named format.
func Export(format string, rec *Recording, w io.Writer) error {
	f, err := formatNamed(format)
	if err != nil {
		return err
	}
	return f.Export(rec, w)
}

// ExportFile writes the recording file r to w in the named format, as
// Export writes a recording, holding one step at a time in memory: it
// reads r twice, once to check and plan the steps, once to write them.
// The first pass reports the lines it skips to problem (when set), as Load
// reports them, before anything is written. It stops when ctx is done.
func ExportFile(ctx context.Context, format string, r io.ReadSeeker, w io.Writer, problem func(LoadProblem)) error {
	f, err := formatNamed(format)
	if err != nil {
		return err
	}
	src, err := newFileSource(r, problem)
	if err != nil {
		return err
	}
	return export(ctx, src, w, f.export)
}

func formatNamed(format string) (Format, error) {
	for _, f := range Formats() {
		if f.Name == format {
			return f, nil
		}
	}
	names := make([]string, 0, 4)
	for _, f := range Formats() {
		names = append(names, f.Name)
	}
	return Format{}, fmt.Errorf("%w %q: want one of %s", ErrUnknownFormat, format, strings.Join(names, ", "))
}

// exportRec exports a recording in memory.
func exportRec(rec *Recording, w io.Writer, exp exporter) error {
	if rec == nil {
		return errors.New("no recording")
	}
	return export(context.Background(), recSource{rec}, w, exp)
}

func export(ctx context.Context, src source, w io.Writer, exp exporter) error {
	p, err := survey(ctx, src)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := exp(ctx, src, p, bw); err != nil {
		return err
	}
	return bw.Flush()
}

// title returns the recording's title, or a default.
func title(h Header) string {
	if t := strings.TrimSpace(h.Title); t != "" {
		return t
	}
	return "recording"
}

// pageVar names the variable of a tab in the generated code: page for the
// first, page1, page2... for the popups, as Playwright's codegen does.
func pageVar(tab int) string {
	if tab == 0 {
		return "page"
	}
	return fmt.Sprintf("page%d", tab)
}

// splitKey splits a Playwright key chord ("Control+Shift+a", "Shift++")
// into its keys.
func splitKey(key string) []string {
	var keys []string
	for key != "" {
		i := strings.IndexByte(key[1:], '+')
		if i < 0 {
			keys = append(keys, key)
			break
		}
		keys = append(keys, key[:i+1])
		key = key[i+2:]
	}
	return keys
}

// describe is a short human description of a step for comments and
// error messages, with the locator as Playwright code.
func describe(s Step) string {
	loc := ""
	if !s.Target.Locator.IsZero() {
		loc = s.Locator().Code(refs.JavaScript)
	}
	switch s.Kind {
	case Navigate:
		return "navigate to " + s.URL
	case Press:
		if loc != "" {
			return "press " + s.Key + " in " + loc
		}
		return "press " + s.Key
	case Assert:
		if loc == "" {
			return "expect the page's " + string(s.Assert.Kind)
		}
		return "expect the " + string(s.Assert.Kind) + " of " + loc
	case Close:
		return "close the tab"
	}
	if loc != "" {
		return string(s.Kind) + " " + loc
	}
	return string(s.Kind)
}

// oneLine makes s safe to print on one line of a comment: hidden
// characters, newlines and tabs included, become \u escapes.
func oneLine(s string) string {
	s = refs.EscapeHidden(strings.ToValidUTF8(s, "\uFFFD"))
	return strings.NewReplacer("\n", `\u000a`, "\t", `\u0009`).Replace(s)
}

// stringsLiteral writes one string, or a list of several, in the syntax
// Playwright's selectOption and setInputFiles take in JavaScript and
// Python alike.
func stringsLiteral(quote func(string) string, ss []string) string {
	if len(ss) == 1 {
		return quote(ss[0])
	}
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = quote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// dialogCall is the call that answers a dialog the way d did, in
// Playwright's JavaScript and Python APIs (both spell it the same).
func dialogCall(d DialogAnswer, quote func(string) string) string {
	switch {
	case !d.Accept:
		return "dialog.dismiss()"
	case d.Type == "prompt":
		return "dialog.accept(" + quote(d.PromptText) + ")"
	}
	return "dialog.accept()"
}

// exportCandidates are t's locators in the order an export tries them:
// the chosen one first unless it picks the element by position or by a
// digit-bearing text (a price, a count), in which case the fallbacks that
// do neither (nor lean on generated ids or classes) go before it, those
// by words (role, label, text, the text-anchored XPath) before CSS. A
// replay by Ariadne checks each element's identity; an exported test
// cannot, so it starts with the locator least likely to find another.
func exportCandidates(t Target) []refs.Locator {
	cands := t.Candidates()
	risky := func(l refs.Locator) bool {
		for _, f := range refs.Durability(l) {
			switch f {
			case refs.FlagPosition, refs.FlagDigits, refs.FlagGeneratedID, refs.FlagGeneratedClass:
				return true
			}
		}
		return false
	}
	if len(cands) == 0 || !risky(cands[0]) {
		return cands
	}
	// Words over ids and classes: an id can be random per render without
	// looking generated.
	var words, css, rest []refs.Locator
	for _, l := range cands[1:] {
		switch {
		case risky(l):
			rest = append(rest, l)
		case l.Target().Kind == refs.KindCSS:
			css = append(css, l)
		default:
			words = append(words, l)
		}
	}
	return append(append(append(words, css...), cands[0]), rest...)
}

// exportLocator is the locator an exported test finds t by: the first
// of exportCandidates.
func exportLocator(t Target) refs.Locator {
	if c := exportCandidates(t); len(c) > 0 {
		return c[0]
	}
	return t.Locator
}

// viewportOf is the recording's viewport, or nil when it has none.
func viewportOf(h Header) *Viewport {
	if vp := h.Viewport; vp != nil && vp.Width > 0 && vp.Height > 0 {
		return vp
	}
	return nil
}
