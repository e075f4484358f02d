package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/refs"
)

// The explorer's issue-12 features against the fake browser: the filter
// prompt, the command line, copying, the message log and the mouse.

func TestModelFilterPromptOpensEmptyWithHistory(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeOptions(newFake()), 80, 24)
	h.ready()
	h.keys("/")
	h.typeText("sav")
	h.keys("enter")
	h.keys("/")
	if v := h.m.prompt.input.Value(); v != "" {
		t.Fatalf("/ opened with %q, want empty", v)
	}
	if h.m.Tree().Filter() != "sav" {
		t.Errorf("the old filter should stay until the first key, got %q", h.m.Tree().Filter())
	}
	h.keys("enter") // untouched: keeps the filter
	if h.m.Tree().Filter() != "sav" {
		t.Errorf("enter on the untouched prompt: filter %q", h.m.Tree().Filter())
	}
	h.keys("/")
	h.typeText("e1")
	h.keys("enter / up")
	if v := h.m.prompt.input.Value(); v != "e1" {
		t.Errorf("up recalled %q, want e1", v)
	}
	h.keys("up")
	if v := h.m.prompt.input.Value(); v != "sav" {
		t.Errorf("up up recalled %q, want sav", v)
	}
	h.keys("down down")
	if v := h.m.prompt.input.Value(); v != "" {
		t.Errorf("down back to the draft: %q", v)
	}
}

// :find matches as `ariadne run`'s find does: exact role and name, a
// nameless node by its own text, --nth counts from 1.
func TestModelCommandFindMatchesLikeRun(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	for _, tc := range []struct{ line, ref, status string }{
		{"find link --nth 2", "e3", ""},
		{"find listitem plain", "e9", ""},
		{"find button Save --nth 1", "e8", ""},
		{"find heading Title", "e5", ""},
		{"find button save", "", "no button \"save\" on this page"},
		{"find button Sav", "", "no button \"Sav\" on this page"},
		{"find Button Save", "", "no Button \"Save\" on this page"},
		{"find link Home --nth 2", "", "no link \"Home\" (number 2) on this page"},
		{"find link --nth 0", "", "--nth \"0\": want a number from 1"},
	} {
		h.keys(":")
		h.typeText(tc.line)
		h.keys("enter")
		if tc.ref != "" {
			if got := h.selectedRef(); got != tc.ref {
				t.Errorf(":%s selected %q, want %q (status %q)", tc.line, got, tc.ref, h.m.StatusText())
			}
			continue
		}
		if !strings.Contains(h.m.StatusText(), tc.status) {
			t.Errorf(":%s: status %q, want %q", tc.line, h.m.StatusText(), tc.status)
		}
	}
}

// :replay of a missing file says so from the Cmd (Update does no I/O).
func TestModelCommandReplayMissingFile(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	h.keys(":")
	h.typeText("replay " + filepath.Join(t.TempDir(), "none.jsonl"))
	h.keys("enter")
	h.until("the missing recording reported", func() bool {
		return strings.Contains(h.m.StatusText(), "no recording") && h.m.busy == nil
	})
}

func TestModelCommandLine(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	// Completion of a unique prefix.
	h.keys(":")
	h.typeText("fi")
	h.keys("tab")
	if v := h.m.prompt.input.Value(); v != "find " {
		t.Errorf("tab completed %q, want \"find \"", v)
	}
	h.typeText("button Save")
	h.keys("enter")
	if h.selectedRef() != "e8" {
		t.Errorf(":find button Save selected %q, want e8", h.selectedRef())
	}
	// A ref jumps; an ambiguous or unknown command says so.
	h.keys(":")
	h.typeText("e1")
	h.keys("enter")
	if h.selectedRef() != "e1" {
		t.Errorf(":e1 selected %q", h.selectedRef())
	}
	// ? lists the commands, as it types (the hint) and on enter.
	h.keys(":")
	h.typeText("?")
	if hint := h.m.prompt.hint; !strings.Contains(hint, "open URL") || !strings.Contains(hint, "export FORMAT FILE") {
		t.Errorf(":? hint %q, want the commands", hint)
	}
	h.keys("enter")
	if st := h.m.StatusText(); !strings.HasPrefix(st, "commands: ") || !strings.Contains(st, "replay FILE") {
		t.Errorf(":? enter: status %q, want the commands", st)
	}
	for _, tc := range []struct{ line, want string }{
		{"bogus", "no command :bogus"},
		{"open", "usage: :open URL"},
		{"find nosuchrole", "no nosuchrole on this page"},
		{"export yaml out.yaml", "no export format"},
		{"export chromedp out.go", "nothing recorded yet"},
	} {
		h.keys(":")
		h.typeText(tc.line)
		h.keys("enter")
		if !strings.Contains(h.m.StatusText(), tc.want) {
			t.Errorf(":%s: status %q, want %q", tc.line, h.m.StatusText(), tc.want)
		}
	}
	// History, newest first.
	h.keys(":")
	h.keys("up")
	if v := h.m.prompt.input.Value(); v != "export chromedp out.go" {
		t.Errorf("up: %q", v)
	}
	h.keys("esc")
	// :open navigates.
	h.keys(":")
	h.typeText("open https://shop.test/next")
	h.keys("enter")
	h.until("the navigation", func() bool { return strings.Contains(f.Calls(), "open https://shop.test/next") })
}

// Every command of the table is in the help, and every name dispatches.
func TestCommandTable(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, c := range lineCommands() {
		if seen[c.name] || c.run == nil || c.help == "" {
			t.Errorf("command %q: duplicate, no run or no help", c.name)
		}
		seen[c.name] = true
		if cs := commandByPrefix(c.name); len(cs) != 1 || cs[0].name != c.name {
			t.Errorf("%q does not dispatch to itself", c.name)
		}
	}
	for _, want := range []string{"open", "find", "record", "export", "replay", "screenshot"} {
		if !seen[want] {
			t.Errorf("no :%s", want)
		}
	}
	var helpKeys []string
	for _, b := range commandBindings() {
		helpKeys = append(helpKeys, b.Help().Key)
	}
	if !slices.Contains(helpKeys, ":export FORMAT FILE") {
		t.Errorf("help lists %q", helpKeys)
	}
}

func TestModelCopyRefSubtreeSnapshot(t *testing.T) {
	t.Parallel()
	f := newFake()
	var mu sync.Mutex
	var copied []string
	o := fakeOptions(f)
	o.Copy = func(s string) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		copied = append(copied, s)
		return "xclip", nil
	}
	last := func() string {
		mu.Lock()
		defer mu.Unlock()
		if len(copied) == 0 {
			return ""
		}
		return copied[len(copied)-1]
	}
	h := newHarness(t, o, 80, 24)
	h.ready()
	h.keys(": e 8 enter w")
	h.until("the ref copied", func() bool { return last() == "e8" })
	h.keys("A")
	h.until("the subtree copied", func() bool { return strings.HasPrefix(last(), `- button "Save"`) })
	if strings.Contains(last(), "[ref=") {
		t.Errorf("the subtree snapshot has refs: %q", last())
	}
	h.keys("W")
	h.until("the page copied", func() bool { return strings.Contains(last(), "[ref=e1]") })
	if want := refs.Text(h.m.Snapshot().Root, refs.TextOptions{}); last() != want {
		t.Errorf("copied page %q, want %q", last(), want)
	}
	h.keys(". y")
	h.until("the prefixed locator", func() bool { return last() == "page.getByRole('button', { name: 'Save' })" })
}

func TestModelMessageLog(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	clock := time.Date(2026, 12, 1, 9, 41, 7, 0, time.UTC)
	o.Now = func() time.Time { return clock }
	h := newHarness(t, o, 160, 48)
	h.ready()
	h.keys("i i M")
	scr := h.screen()
	for _, want := range []string{"messages (", "09:41:07 ✓ opened https://shop.test/", "09:41:07   showing interactive elements only", "09:41:07   showing every element"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the log lacks %q:\n%s", want, scr)
		}
	}
	h.keys("M")
	if strings.Contains(h.screen(), "messages (") {
		t.Error("M did not close the log")
	}
}

func TestModelMouse(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeOptions(newFake()), 80, 24)
	h.ready()
	rows := h.m.Tree().Rows()
	// Line 1 of the screen is row 0; click row 2.
	h.send(tea.MouseClickMsg{X: 10, Y: 3, Button: tea.MouseLeft})
	if h.m.Tree().Cursor() != 2 {
		t.Fatalf("click on line 3: cursor %d, want 2", h.m.Tree().Cursor())
	}
	// A click on row 0's fold arrow folds it.
	if !rows[0].HasChildren {
		t.Fatal("row 0 has no children")
	}
	h.send(tea.MouseClickMsg{X: 1, Y: 1, Button: tea.MouseLeft})
	if !h.m.Tree().Rows()[0].Collapsed || h.m.Tree().Cursor() != 0 {
		t.Errorf("the arrow click did not fold row 0")
	}
	h.send(tea.MouseClickMsg{X: 1, Y: 1, Button: tea.MouseLeft})
	if h.m.Tree().Rows()[0].Collapsed {
		t.Errorf("a second arrow click did not unfold row 0")
	}
	// A click below the rows or in the details does nothing.
	h.send(tea.MouseClickMsg{X: 10, Y: 40, Button: tea.MouseLeft})
	if h.m.Tree().Cursor() != 0 {
		t.Errorf("a click off the tree moved the cursor to %d", h.m.Tree().Cursor())
	}
}

// The wheel scrolls a long tree and takes the cursor along when it must.
func TestTreeScroll(t *testing.T) {
	t.Parallel()
	tr := NewTree(genTree(500, 2))
	tr.View(80, 10)
	tr.Scroll(3)
	if tr.Offset() != 3 || tr.Cursor() != 3 {
		t.Errorf("offset %d cursor %d, want 3 3", tr.Offset(), tr.Cursor())
	}
	tr.Move(5)
	tr.Scroll(-2)
	if tr.Offset() != 1 || tr.Cursor() != 8 {
		t.Errorf("offset %d cursor %d, want 1 8", tr.Offset(), tr.Cursor())
	}
	tr.Scroll(-100)
	if tr.Offset() != 0 {
		t.Errorf("offset %d", tr.Offset())
	}
}

// :export writes the recording in a new file and refuses to overwrite.
func TestModelExportCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	o := fakeOptions(newFake())
	o.RecordDir = dir
	h := newHarness(t, o, 80, 24)
	h.ready()
	h.keys(":")
	h.typeText("record")
	h.keys("enter")
	h.until("recording", func() bool { return h.m.rec.started() })
	h.keys(": e 8 enter enter")
	h.until("the click recorded", func() bool { return h.m.rec.Steps() >= 1 })
	out := filepath.Join(dir, "out.spec.ts")
	h.keys(":")
	h.typeText("export playwright-test " + out)
	h.keys("enter")
	h.until("the export", func() bool { return strings.Contains(h.m.StatusText(), "exported") })
	if n := h.m.rec.Steps(); n != 1 || !strings.HasPrefix(h.m.StatusText(), "exported 1 step of ") {
		t.Errorf("%d steps exported: %q", n, h.m.StatusText())
	}
	data, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(data), "getByRole('button', { name: 'Save' }).click()") {
		t.Errorf("export: %v\n%s", err, data)
	}
	h.keys(":")
	h.typeText("export playwright-test " + out)
	h.keys("enter")
	h.until("the refusal", func() bool { return strings.Contains(h.m.StatusText(), "exists") })
}

// ctrl+e shows the recording as the test it exports to, live, in the
// locator language.
func TestModelRecordingCode(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.RecordDir = t.TempDir()
	h := newHarness(t, o, 160, 48)
	h.ready()
	h.keys("ctrl+r")
	h.until("recording", func() bool { return h.m.rec.started() })
	h.keys("ctrl+e")
	if !strings.Contains(h.screen(), "Recording as code") {
		t.Fatalf("ctrl+e shows no code:\n%s", h.screen())
	}
	h.keys(": e 8 enter enter")
	h.until("the click in the code", func() bool {
		return strings.Contains(h.screen(), "await page.getByRole('button', { name: 'Save' }).click();")
	})
	h.keys("c")
	h.until("the Python code", func() bool {
		return strings.Contains(h.screen(), `page.get_by_role("button", name="Save").click()`)
	})
	h.keys("ctrl+e")
	if strings.Contains(h.screen(), "Recording as code") || !strings.Contains(h.m.StatusText(), "ctrl+e shows the recording as code again") {
		t.Errorf("a second ctrl+e did not hide the code (%q):\n%s", h.m.StatusText(), h.screen())
	}
}

// ctrl+s and ctrl+e each toggle their own pane, whichever was shown, and
// the status line says which keys do what.
func TestModelPaneKeysToggleTheirOwnPane(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.RecordDir = t.TempDir()
	h := newHarness(t, o, 160, 48)
	h.ready()
	h.keys("ctrl+r")
	h.until("recording", func() bool { return h.m.rec.started() })
	pane := func() string {
		screen := h.screen()
		switch {
		case strings.Contains(screen, "Recording as code"):
			return "code"
		case strings.Contains(screen, "Recording  "):
			return "steps"
		}
		return "details"
	}
	for i, step := range []struct{ key, want, status string }{
		{"ctrl+s", "steps", "the recorded steps shown: ctrl+s hides it; ctrl+e recording as code"},
		{"ctrl+e", "code", "the recording as code shown: ctrl+e hides it; ctrl+s recorded steps"},
		{"ctrl+s", "steps", "the recorded steps shown"},
		{"ctrl+s", "details", "details shown; ctrl+s shows the recorded steps again"},
		{"ctrl+e", "code", "the recording as code shown"},
		{"ctrl+e", "details", "details shown; ctrl+e shows the recording as code again"},
	} {
		h.keys(step.key)
		if got := pane(); got != step.want || !strings.Contains(h.m.StatusText(), step.status) {
			t.Errorf("%d: %s shows %s (status %q), want %s (%q)", i+1, step.key, got, h.m.StatusText(), step.want, step.status)
		}
	}
}

// The code view's export runs in Update when the recording or the
// language changes; rendering reads it and changes nothing.
func TestModelRecordingCodeComputedInUpdate(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.RecordDir = t.TempDir()
	h := newHarness(t, o, 160, 48)
	h.ready()
	h.keys("ctrl+r")
	h.until("recording", func() bool { return h.m.rec.started() })
	h.keys("ctrl+e")
	h.keys(": e 8 enter enter")
	click := "await page.getByRole('button', { name: 'Save' }).click();"
	h.until("the click exported", func() bool { return strings.Contains(h.m.code.text, click) })
	before := h.m.code
	h.m.Render()
	if h.m.code != before {
		t.Errorf("rendering changed the code view's state: %+v, was %+v", h.m.code, before)
	}
	h.keys("c")
	if h.m.code.key.format != "playwright-python" || !strings.Contains(h.m.code.text, `page.get_by_role("button", name="Save").click()`) {
		t.Errorf("after c the code is not Python before any render: %q\n%s", h.m.code.key.format, h.m.code.text)
	}
}

// J and K scroll the details pane; another selection starts at its top.
func TestModelDetailsScroll(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeOptions(newFake()), 160, 48)
	h.ready()
	h.keys(": e 8 enter")
	h.settle()
	top := h.m.details(20, 14)
	all := h.m.details(20, 100)
	if len(all) <= len(top) {
		t.Fatalf("the details fit in 14 lines (%d); nothing to scroll", len(all))
	}
	if !strings.Contains(ansi.Strip(top[0]), `button "Save"`) {
		t.Fatalf("top line %q", top[0])
	}
	h.keys("J")
	scrolled := h.m.details(20, 14)
	// Scrolled by 3, but never past the last line.
	if want := all[min(3, len(all)-14)]; scrolled[0] != want || scrolled[len(scrolled)-1] != all[len(all)-1] {
		t.Errorf("J: first line %q, want %q", scrolled[0], want)
	}
	h.keys("K")
	if h.m.details(20, 14)[0] != top[0] {
		t.Error("K did not scroll back")
	}
	h.keys("J j")
	if h.m.detOff != 0 {
		t.Errorf("a new selection kept the scroll (%d)", h.m.detOff)
	}
}

// At 80x24 the code is taller than its pane: the mark that says its top
// is cut is drawn as a dim "…", never as escaped colour codes.
func TestModelRecordingCodeCutCleanly(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.RecordDir = t.TempDir()
	h := newHarness(t, o, 80, 24)
	h.ready()
	h.keys("ctrl+r")
	h.until("recording", func() bool { return h.m.rec.started() })
	h.keys("ctrl+e")
	h.keys(": e 8 enter")
	for i := 1; i <= 6; i++ {
		h.keys("enter")
		h.until("the click recorded", func() bool { return h.m.rec.Steps() >= i })
	}
	h.until("the code cut at its top", func() bool {
		lines := strings.Split(h.screen(), "\n")
		for i, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), "Recording as code") && i+1 < len(lines) {
				return strings.TrimSpace(lines[i+1]) != "import { test, expect } from '@playwright/test';"
			}
		}
		return false
	})
	scr := h.screen()
	if strings.Contains(scr, "␛") || strings.Contains(scr, "[38;") {
		t.Errorf("escaped colour codes on screen:\n%s", scr)
	}
}
