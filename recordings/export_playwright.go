package recordings

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// ExportPlaywright writes rec as a Playwright Test spec in TypeScript, one
// test that `npx playwright test` runs as it is. Locators are printed by
// refs (Locator.Code), so they are the ones Ariadne showed. Secrets are
// read from process.env when the test runs.
func ExportPlaywright(rec *Recording, w io.Writer) error { return exportRec(rec, w, exportPlaywright) }

func exportPlaywright(ctx context.Context, src source, p *planned, w *bufio.Writer) error {
	var b strings.Builder
	if len(p.frames) > 0 {
		b.WriteString("import { test, expect, type Frame, type Page } from '@playwright/test';\n\n")
	} else {
		b.WriteString("import { test, expect } from '@playwright/test';\n\n")
	}
	var use []string
	if attr := p.testIDAttr; attr != "" && attr != refs.DefaultTestIDAttr {
		use = append(use, "testIdAttribute: "+jsString(attr))
	}
	if vp := viewportOf(p.header); vp != nil {
		use = append(use, fmt.Sprintf("viewport: { width: %d, height: %d }", vp.Width, vp.Height))
		if vp.DeviceScaleFactor > 0 {
			use = append(use, "deviceScaleFactor: "+strconv.FormatFloat(vp.DeviceScaleFactor, 'f', -1, 64))
		}
		if vp.IsMobile {
			use = append(use, "isMobile: true")
		}
		if vp.HasTouch {
			use = append(use, "hasTouch: true")
		}
	}
	if len(use) > 0 {
		fmt.Fprintf(&b, "test.use({ %s });\n\n", strings.Join(use, ", "))
	}
	if p.secrets {
		b.WriteString("// secret reads a value the recording kept out of this file.\n" +
			"function secret(name: string): string {\n" +
			"  const value = process.env[name];\n" +
			"  if (value === undefined) throw new Error(`set the environment variable ${name}`);\n" +
			"  return value;\n" +
			"}\n\n")
	}
	if len(p.frames) > 0 {
		b.WriteString(tsFrameHelper)
	}
	fmt.Fprintf(&b, "test(%s, async ({ page }) => {\n", jsString(title(p.header)))
	e := tsEmitter{b: &b}
	err := p.actions(ctx, src, func(a action) error {
		if err := e.action(a); err != nil {
			return fmt.Errorf("step %d: %w", a.N, err)
		}
		_, err := w.WriteString(b.String())
		b.Reset()
		return err
	})
	if err != nil {
		return err
	}
	_, err = w.WriteString(b.String() + "});\n")
	return err
}

type tsEmitter struct {
	b *strings.Builder
	// frame is the URL of the out-of-process iframe the current action
	// acts in, when its tab was read as one (action.FrameURL).
	frame string
}

func (e tsEmitter) line(format string, args ...any) {
	e.b.WriteString("  ")
	fmt.Fprintf(e.b, format, args...)
	e.b.WriteByte('\n')
}

// loc returns the locator expression of t in step s: page.getBy...
func (e tsEmitter) loc(s Step, t Target) string {
	return frameReceiver(s, pageVar(s.Tab), e.root(s), "mainFrame()", "childFrames()") + "." + exportLocator(t).Within(s.Frame).Code(refs.JavaScript)
}

// root is the frame the step acts in when its tab was read as an
// out-of-process iframe (e.frame), looked up by URL with the spec's frame
// helper; else "".
func (e tsEmitter) root(s Step) string {
	if e.frame == "" {
		return ""
	}
	return "(await frame(" + pageVar(s.Tab) + ", " + jsString(e.frame) + "))"
}

// frameReceiver is what a locator is looked up on: the page, or root (the
// frame a DevTools target named), or for a step that knows its frame only
// by index (an imported DevTools recording), that child frame of either.
func frameReceiver(s Step, page, root, mainFrame, childFrames string) string {
	r := page
	if root != "" {
		r = root
	}
	if !s.Frame.IsZero() || len(s.FramePath) == 0 {
		return r
	}
	if root == "" {
		r += "." + mainFrame
	}
	for _, i := range s.FramePath {
		r += "." + childFrames + "[" + strconv.Itoa(i) + "]"
	}
	return r
}

// tsFrameHelper finds the frame a DevTools Recorder target names by its
// URL, wherever it is among the page's frames, waiting for it as a
// locator waits for its element.
const tsFrameHelper = "// frame waits for the frame of page at url (an out-of-process iframe the\n" +
	"// recording named by its URL) and returns it.\n" +
	"async function frame(page: Page, url: string): Promise<Frame> {\n" +
	"  await expect.poll(() => page.frame({ url }) !== null, { message: `a frame at ${url}` }).toBe(true);\n" +
	"  return page.frame({ url })!;\n" +
	"}\n\n"

func tsValue(v Value) string {
	if v.IsSecret() {
		return "secret(" + jsString(v.Secret) + ")"
	}
	return jsString(v.Text)
}

func (e tsEmitter) action(a action) error {
	s := a.Step
	if e.frame = a.FrameURL; e.frame != "" {
		s.Tab = a.Holder // the frame's page: dialogs, popups, keyboard
	}
	page := pageVar(s.Tab)
	for _, d := range a.Dialogs {
		e.line("%s.once('dialog', dialog => %s.catch(() => {}));", page, dialogCall(d, jsString))
	}
	popup := pageVar(s.OpensTab)
	if a.Popup {
		e.line("const %sPromise = %s.waitForEvent('popup');", popup, page)
	}
	stmt, err := e.statement(s)
	if err != nil {
		return err
	}
	for _, st := range stmt {
		e.line("%s", st)
	}
	if a.Popup {
		e.line("const %s = await %sPromise;", popup, popup)
	}
	return nil
}

func (e tsEmitter) statement(s Step) ([]string, error) {
	page := pageVar(s.Tab)
	loc := ""
	if !s.Target.Locator.IsZero() {
		loc = e.loc(s, s.Target)
	}
	switch s.Kind {
	case Navigate:
		if r := e.root(s); r != "" {
			page = r
		}
		return []string{"await " + page + ".goto(" + jsString(s.URL) + ");"}, nil
	case Click:
		return []string{"await " + loc + ".click(" + tsClickOptions(s, true) + ");"}, nil
	case DblClick:
		return []string{"await " + loc + ".dblclick(" + tsClickOptions(s, false) + ");"}, nil
	case Fill:
		return []string{"await " + loc + ".fill(" + tsValue(s.Text) + ");"}, nil
	case Type:
		if loc == "" {
			return []string{"await " + page + ".keyboard.type(" + tsValue(s.Text) + ");"}, nil
		}
		return []string{"await " + loc + ".pressSequentially(" + tsValue(s.Text) + ");"}, nil
	case Press:
		if loc == "" {
			return []string{"await " + page + ".keyboard.press(" + jsString(canonicalChord(s.Key)) + ");"}, nil
		}
		return []string{"await " + loc + ".press(" + jsString(canonicalChord(s.Key)) + ");"}, nil
	case Select:
		return []string{"await " + loc + ".selectOption(" + stringsLiteral(jsString, s.Values) + ");"}, nil
	case Check:
		return []string{"await " + loc + ".check();"}, nil
	case Uncheck:
		return []string{"await " + loc + ".uncheck();"}, nil
	case Hover:
		return []string{"await " + loc + ".hover();"}, nil
	case Upload:
		if len(s.Files) == 0 {
			return []string{"await " + loc + ".setInputFiles([]);"}, nil
		}
		return []string{"await " + loc + ".setInputFiles(" + stringsLiteral(jsString, s.Files) + ");"}, nil
	case Drag:
		return []string{"await " + loc + ".dragTo(" + e.loc(s, s.To) + ");"}, nil
	case Scroll:
		wheel := "await " + page + ".mouse.wheel(" + number(s.DX) + ", " + number(s.DY) + ");"
		if loc != "" {
			return []string{"await " + loc + ".hover();", wheel}, nil
		}
		return []string{wheel}, nil
	case Close:
		return []string{"await " + page + ".close();"}, nil
	case Assert:
		return e.assertion(s, loc)
	}
	return nil, fmt.Errorf("cannot export a %s step", s.Kind)
}

func tsClickOptions(s Step, countable bool) string {
	var opts []string
	if s.Button != "" && s.Button != "left" {
		opts = append(opts, "button: "+jsString(s.Button))
	}
	if countable && s.ClickCount > 1 {
		opts = append(opts, "clickCount: "+strconv.Itoa(s.ClickCount))
	}
	if len(s.Modifiers) > 0 {
		q := make([]string, len(s.Modifiers))
		for i, m := range s.Modifiers {
			q[i] = jsString(m)
		}
		opts = append(opts, "modifiers: ["+strings.Join(q, ", ")+"]")
	}
	if len(opts) == 0 {
		return ""
	}
	return "{ " + strings.Join(opts, ", ") + " }"
}

func (e tsEmitter) assertion(s Step, loc string) ([]string, error) {
	a := s.Assert
	not := ""
	if a.Not {
		not = ".not"
	}
	subject := "expect(" + loc + ")" + not
	page := "expect(" + pageVar(s.Tab) + ")" + not
	switch a.Kind {
	case AssertVisible:
		return []string{"await " + subject + ".toBeVisible();"}, nil
	case AssertText:
		return []string{"await " + subject + ".toHaveText(" + jsString(a.Expected) + ");"}, nil
	case AssertHidden:
		return []string{"await " + subject + ".toBeHidden();"}, nil
	case AssertCount:
		n, err := ParseCount(a.Expected)
		if err != nil {
			return nil, err
		}
		return []string{"await " + subject + ".toHaveCount(" + strconv.Itoa(n) + ");"}, nil
	case AssertContainsText:
		return []string{"await " + subject + ".toContainText(" + jsString(a.Expected) + ");"}, nil
	case AssertValue:
		return []string{"await " + subject + ".toHaveValue(" + tsValue(a.ExpectedValue()) + ");"}, nil
	case AssertChecked:
		return []string{"await " + subject + ".toBeChecked();"}, nil
	case AssertEnabled:
		return []string{"await " + subject + ".toBeEnabled();"}, nil
	case AssertURL, AssertTitle:
		if r := e.root(s); r != "" {
			// A frame has no toHaveURL: poll what it says.
			get := "url()"
			if a.Kind == AssertTitle {
				get = "title()"
			}
			return []string{"await expect.poll(async () => " + r + "." + get + ")" + not + ".toBe(" + jsString(a.Expected) + ");"}, nil
		}
		if a.Kind == AssertTitle {
			return []string{"await " + page + ".toHaveTitle(" + jsString(a.Expected) + ");"}, nil
		}
		return []string{"await " + page + ".toHaveURL(" + jsString(a.Expected) + ");"}, nil
	case AssertAriaSnapshot:
		if loc == "" {
			loc = pageVar(s.Tab) + ".locator('body')"
			if r := e.root(s); r != "" {
				loc = r + ".locator('body')"
			}
		}
		return []string{"await expect(" + loc + ")" + not + ".toMatchAriaSnapshot(`\n" +
			indent(jsTemplate(strings.TrimSpace(a.Expected)), "    ") + "\n  `);"}, nil
	}
	return nil, fmt.Errorf("cannot export a %q assertion", a.Kind)
}

// indent puts prefix before every non-empty line of s.
func indent(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}
