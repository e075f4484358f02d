package recordings

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// Format describes one export format.
type Format struct {
	Name   string // as Export takes it
	Ext    string // file name extension, with the dot
	Title  string // for menus
	export func(*Recording, io.Writer) error
}

// Formats returns the export formats, in menu order.
func Formats() []Format {
	return []Format{
		{"playwright-test", ".spec.ts", "Playwright Test (TypeScript)", ExportPlaywright},
		{"playwright-python", ".py", "Playwright for Python (pytest)", ExportPython},
		{"devtools-recorder", ".json", "Chrome DevTools Recorder (JSON)", ExportDevTools},
		{"chromedp", ".go", "chromedp program (Go)", ExportChromedp},
	}
}

// ErrUnknownFormat is returned by Export for a format not in Formats.
var ErrUnknownFormat = errors.New("unknown_format")

// Export writes rec to w in the named format.
func Export(format string, rec *Recording, w io.Writer) error {
	for _, f := range Formats() {
		if f.Name == format {
			return f.export(rec, w)
		}
	}
	names := make([]string, 0, 4)
	for _, f := range Formats() {
		names = append(names, f.Name)
	}
	return fmt.Errorf("%w %q: want one of %s", ErrUnknownFormat, format, strings.Join(names, ", "))
}

// action is a step as the code exporters see it: where it acts, and what
// must be set up around it.
type action struct {
	Step
	N int // position in the recording, from 1; 0 for the start URL
	// Dialogs are answered by handlers registered before the step runs:
	// the dialog steps that followed it in the recording.
	Dialogs []DialogAnswer
	// Popup is set when the step opens a tab that later steps act in.
	Popup bool
}

// plan checks rec and turns its steps into actions: a navigate to the
// start URL first if the recording does not begin with one, dialog steps
// moved onto the step that raised them, and popups marked on the steps
// that open them.
func plan(rec *Recording) ([]action, error) {
	if rec == nil {
		return nil, errors.New("no recording")
	}
	var acts []action
	if rec.StartURL != "" && (len(rec.Steps) == 0 || rec.Steps[0].Kind != Navigate || rec.Steps[0].Tab != 0) {
		acts = append(acts, action{Step: Step{Kind: Navigate, URL: rec.StartURL}})
	}
	used := map[int]bool{}
	for _, s := range rec.Steps {
		used[s.Tab] = true
	}
	opened := map[int]bool{0: true}
	for i, s := range rec.Steps {
		n := i + 1
		if err := s.Validate(); err != nil {
			return nil, fmt.Errorf("step %d: %w", n, err)
		}
		if !opened[s.Tab] {
			return nil, fmt.Errorf("step %d acts in tab %d, but no step before it opened that tab (set opensTab on the step that did)", n, s.Tab)
		}
		if s.Kind == Dialog {
			j := len(acts) - 1
			for j >= 0 && acts[j].Tab != s.Tab {
				j--
			}
			if j < 0 {
				return nil, fmt.Errorf("step %d answers a dialog, but no step before it in tab %d raised one", n, s.Tab)
			}
			if len(acts[j].Dialogs) > 0 {
				return nil, fmt.Errorf("step %d answers a second dialog raised by step %d: exporters answer one dialog per step", n, acts[j].N)
			}
			acts[j].Dialogs = append(acts[j].Dialogs, *s.Dialog)
			continue
		}
		a := action{Step: s, N: n}
		if s.OpensTab != 0 {
			if opened[s.OpensTab] {
				return nil, fmt.Errorf("step %d opens tab %d, which is already open", n, s.OpensTab)
			}
			opened[s.OpensTab] = true
			a.Popup = used[s.OpensTab]
		}
		acts = append(acts, a)
	}
	return acts, nil
}

// testIDAttr returns the test id attribute the recording's locators use:
// the header's, else the first one a locator names, else "".
func testIDAttr(rec *Recording) string {
	if rec.TestIDAttr != "" {
		return rec.TestIDAttr
	}
	for _, s := range rec.Steps {
		for _, t := range []Target{s.Target, s.To} {
			for _, l := range t.Candidates() {
				for _, p := range l.Parts {
					if p.Kind == refs.KindTestID && p.Attr != "" {
						return p.Attr
					}
				}
			}
		}
	}
	return ""
}

// hasSecrets reports whether any step types a secret or compares with one.
func hasSecrets(rec *Recording) bool {
	return slices.ContainsFunc(rec.Steps, func(s Step) bool {
		return s.Text.IsSecret() || (s.Assert != nil && s.Assert.Secret != "")
	})
}

// title returns the recording's title, or a default.
func title(rec *Recording) string {
	if t := strings.TrimSpace(rec.Title); t != "" {
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
func viewportOf(rec *Recording) *Viewport {
	if vp := rec.Viewport; vp != nil && vp.Width > 0 && vp.Height > 0 {
		return vp
	}
	return nil
}
