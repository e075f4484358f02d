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

// ExportPython writes rec as a pytest-playwright test module: one
// test_recording(page) function with the sync API. Secrets are read from
// os.environ when the test runs.
func ExportPython(rec *Recording, w io.Writer) error { return exportRec(rec, w, exportPython) }

func exportPython(ctx context.Context, src source, p *planned, w *bufio.Writer) error {
	attr := p.testIDAttr
	customAttr := attr != "" && attr != refs.DefaultTestIDAttr
	var b strings.Builder
	if p.secrets {
		b.WriteString("import os\n\n")
	}
	vp := viewportOf(p.header)
	if customAttr || vp != nil {
		b.WriteString("import pytest\n")
	}
	frameType := ""
	if len(p.frames) > 0 {
		frameType = "Frame, "
	}
	if customAttr {
		b.WriteString("from playwright.sync_api import " + frameType + "Page, Playwright, expect\n\n\n")
		b.WriteString("@pytest.fixture(scope=\"session\", autouse=True)\n")
		b.WriteString("def test_id_attribute(playwright: Playwright) -> None:\n")
		fmt.Fprintf(&b, "    playwright.selectors.set_test_id_attribute(%s)\n\n\n", pyString(attr))
	} else {
		b.WriteString("from playwright.sync_api import " + frameType + "Page, expect\n\n\n")
	}
	if vp != nil {
		// pytest-playwright builds each test's context from this fixture.
		b.WriteString("@pytest.fixture(scope=\"session\")\n")
		b.WriteString("def browser_context_args(browser_context_args):\n")
		args := fmt.Sprintf(`"viewport": {"width": %d, "height": %d}`, vp.Width, vp.Height)
		if vp.DeviceScaleFactor > 0 {
			args += `, "device_scale_factor": ` + strconv.FormatFloat(vp.DeviceScaleFactor, 'f', -1, 64)
		}
		if vp.IsMobile {
			args += `, "is_mobile": True`
		}
		if vp.HasTouch {
			args += `, "has_touch": True`
		}
		fmt.Fprintf(&b, "    return {**browser_context_args, %s}\n\n\n", args)
	}
	if len(p.frames) > 0 {
		b.WriteString(pyFrameHelper)
	}
	b.WriteString("def test_recording(page: Page) -> None:\n")
	fmt.Fprintf(&b, "    # %s\n", oneLine(title(p.header)))
	e := pyEmitter{b: &b}
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
	_, err = w.WriteString(b.String())
	return err
}

type pyEmitter struct {
	b *strings.Builder
	// frame is the URL of the out-of-process iframe the current action
	// acts in (action.FrameURL).
	frame string
}

func (e pyEmitter) line(depth int, s string) {
	e.b.WriteString(strings.Repeat("    ", depth))
	e.b.WriteString(s)
	e.b.WriteByte('\n')
}

func (e pyEmitter) loc(s Step, t Target) string {
	return frameReceiver(s, pageVar(s.Tab), e.root(s), "main_frame", "child_frames") + "." + exportLocator(t).Within(s.Frame).Code(refs.Python)
}

// root is the frame the step acts in when its tab was read as an
// out-of-process iframe (e.frame), found by the module's frame helper.
func (e pyEmitter) root(s Step) string {
	if e.frame == "" {
		return ""
	}
	return "frame(" + pageVar(s.Tab) + ", " + pyString(e.frame) + ")"
}

// pyFrameHelper finds the frame a DevTools Recorder target names by its
// URL, wherever it is among the page's frames, waiting for it; _poll
// waits for a frame's URL or title as to_have_url and to_have_title wait
// for a page's (page.wait_for_timeout between reads lets the sync API
// take in the frame's navigations).
const pyFrameHelper = "def frame(page: Page, url: str) -> Frame:\n" +
	"    \"\"\"The frame of page at url (an out-of-process iframe the recording named\n" +
	"    by its URL), once it is there.\"\"\"\n" +
	"    for _ in range(100):\n" +
	"        found = page.frame(url=url)\n" +
	"        if found is not None:\n" +
	"            return found\n" +
	"        page.wait_for_timeout(100)\n" +
	"    raise AssertionError(f\"no frame at {url}\")\n\n\n" +
	"def _poll(page: Page, read, expected: str, negate: bool = False, timeout: float = 5000) -> None:\n" +
	"    \"\"\"Wait until read() is expected (negate: is not), retrying as expect does.\"\"\"\n" +
	"    for _ in range(max(1, int(timeout // 100))):\n" +
	"        got = read()\n" +
	"        if (got == expected) != negate:\n" +
	"            return\n" +
	"        page.wait_for_timeout(100)\n" +
	"    want = \"not \" if negate else \"\"\n" +
	"    raise AssertionError(f\"expected {want}{expected!r}, got {got!r}\")\n\n\n"

func pyValue(v Value) string {
	if v.IsSecret() {
		return "os.environ[" + pyString(v.Secret) + "]"
	}
	return pyString(v.Text)
}

func (e pyEmitter) action(a action) error {
	s := a.Step
	if e.frame = a.FrameURL; e.frame != "" {
		s.Tab = a.Holder // the frame's page: dialogs, popups, keyboard
	}
	page := pageVar(s.Tab)
	for _, d := range a.Dialogs {
		e.line(1, page+".once(\"dialog\", lambda dialog: "+dialogCall(d, pyString)+")")
	}
	stmts, err := e.statement(s)
	if err != nil {
		return err
	}
	depth := 1
	popup := pageVar(s.OpensTab)
	if a.Popup {
		e.line(1, "with "+page+".expect_popup() as "+popup+"_info:")
		depth = 2
	}
	for _, st := range stmts {
		e.line(depth, st)
	}
	if a.Popup {
		e.line(1, popup+" = "+popup+"_info.value")
	}
	return nil
}

func (e pyEmitter) statement(s Step) ([]string, error) {
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
		return []string{page + ".goto(" + pyString(s.URL) + ")"}, nil
	case Click:
		return []string{loc + ".click(" + pyClickOptions(s, true) + ")"}, nil
	case DblClick:
		return []string{loc + ".dblclick(" + pyClickOptions(s, false) + ")"}, nil
	case Fill:
		return []string{loc + ".fill(" + pyValue(s.Text) + ")"}, nil
	case Type:
		if loc == "" {
			return []string{page + ".keyboard.type(" + pyValue(s.Text) + ")"}, nil
		}
		return []string{loc + ".press_sequentially(" + pyValue(s.Text) + ")"}, nil
	case Press:
		if loc == "" {
			return []string{page + ".keyboard.press(" + pyString(canonicalChord(s.Key)) + ")"}, nil
		}
		return []string{loc + ".press(" + pyString(canonicalChord(s.Key)) + ")"}, nil
	case Select:
		return []string{loc + ".select_option(" + stringsLiteral(pyString, s.Values) + ")"}, nil
	case Check:
		return []string{loc + ".check()"}, nil
	case Uncheck:
		return []string{loc + ".uncheck()"}, nil
	case Hover:
		return []string{loc + ".hover()"}, nil
	case Upload:
		if len(s.Files) == 0 {
			return []string{loc + ".set_input_files([])"}, nil
		}
		return []string{loc + ".set_input_files(" + stringsLiteral(pyString, s.Files) + ")"}, nil
	case Drag:
		return []string{loc + ".drag_to(" + e.loc(s, s.To) + ")"}, nil
	case Scroll:
		wheel := page + ".mouse.wheel(" + number(s.DX) + ", " + number(s.DY) + ")"
		if loc != "" {
			return []string{loc + ".hover()", wheel}, nil
		}
		return []string{wheel}, nil
	case Close:
		return []string{page + ".close()"}, nil
	case Assert:
		return pyAssertion(s, loc, e.root(s))
	}
	return nil, fmt.Errorf("cannot export a %s step", s.Kind)
}

func pyClickOptions(s Step, countable bool) string {
	var opts []string
	if s.Button != "" && s.Button != "left" {
		opts = append(opts, "button="+pyString(s.Button))
	}
	if countable && s.ClickCount > 1 {
		opts = append(opts, "click_count="+strconv.Itoa(s.ClickCount))
	}
	if len(s.Modifiers) > 0 {
		opts = append(opts, "modifiers="+pyList(s.Modifiers))
	}
	return strings.Join(opts, ", ")
}

func pyList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = pyString(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// pyAssertion writes the assertion of s on loc; root is the frame the
// step acts in when its tab was read as one, else "".
func pyAssertion(s Step, loc, root string) ([]string, error) {
	a := s.Assert
	not := ""
	if a.Not {
		not = "not_"
	}
	subject := "expect(" + loc + ")." + not
	page := "expect(" + pageVar(s.Tab) + ")." + not
	switch a.Kind {
	case AssertVisible:
		return []string{subject + "to_be_visible()"}, nil
	case AssertText:
		return []string{subject + "to_have_text(" + pyString(a.Expected) + ")"}, nil
	case AssertHidden:
		return []string{subject + "to_be_hidden()"}, nil
	case AssertCount:
		n, err := ParseCount(a.Expected)
		if err != nil {
			return nil, err
		}
		return []string{subject + "to_have_count(" + strconv.Itoa(n) + ")"}, nil
	case AssertContainsText:
		return []string{subject + "to_contain_text(" + pyString(a.Expected) + ")"}, nil
	case AssertValue:
		return []string{subject + "to_have_value(" + pyValue(a.ExpectedValue()) + ")"}, nil
	case AssertChecked:
		return []string{subject + "to_be_checked()"}, nil
	case AssertEnabled:
		return []string{subject + "to_be_enabled()"}, nil
	case AssertURL, AssertTitle:
		if root != "" {
			// A frame has no to_have_url: poll what it says, as
			// to_have_url retries.
			get, negate := ".url", ""
			if a.Kind == AssertTitle {
				get = ".title()"
			}
			if a.Not {
				negate = ", negate=True"
			}
			return []string{"_poll(" + pageVar(s.Tab) + ", lambda: " + root + get + ", " + pyString(a.Expected) + negate + ")"}, nil
		}
		if a.Kind == AssertTitle {
			return []string{page + "to_have_title(" + pyString(a.Expected) + ")"}, nil
		}
		return []string{page + "to_have_url(" + pyString(a.Expected) + ")"}, nil
	case AssertAriaSnapshot:
		if loc == "" {
			loc = pageVar(s.Tab) + ".locator(\"body\")"
			if root != "" {
				loc = root + ".locator(\"body\")"
			}
		}
		return []string{"expect(" + loc + ")." + not + "to_match_aria_snapshot(" + pyString(strings.TrimSpace(a.Expected)) + ")"}, nil
	}
	return nil, fmt.Errorf("cannot export a %q assertion", a.Kind)
}
