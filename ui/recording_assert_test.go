package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestBrowserAssertionMenuKinds records, from the assertion menu on the
// inbox app (testdata/pages/apps/inbox.html), a count of the drafts read
// from the locator ladder (count = 3), not visible and hidden on the
// collapsed offline note, and a contains-text assertion whose text is
// edited in its prompt; each row shows what it asserts, and the file
// holds exactly that.
func TestBrowserAssertionMenuKinds(t *testing.T) {
	t.Parallel()
	file := t.TempDir() + "/inbox.jsonl"
	h, _ := openPage(t, "apps/inbox.html", 140, 45, func(o *Options) { o.RecordFile = file })
	h.until("--record to start", func() bool { return h.m.rec.Active() })

	var draft string
	h.m.snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Role == "list" && n.Name == "Drafts" && len(n.Children) == 3 {
			draft = n.Children[1].Ref
		}
		return draft == ""
	})
	if draft == "" {
		t.Fatalf("no second draft:\n%s", refs.Text(h.m.snap.Root, refs.TextOptions{}))
	}
	menu := func(ref string) string {
		h.t.Helper()
		h.jumpTo(ref)
		h.until("the locators of "+ref, func() bool { e := h.m.locs[ref]; return e != nil && e.info != nil })
		h.keys("a")
		h.until("the assertion menu", func() bool { return h.m.over == overlayPicker && h.m.picker.kind == pickAssert })
		var labels []string
		for _, it := range h.m.picker.items {
			labels = append(labels, it.label)
		}
		return strings.Join(labels, "\n")
	}
	add := func(label string, steps int) {
		h.t.Helper()
		h.pickLabel(label)
		h.keys("enter")
		h.until("the assertion "+label, func() bool { return h.m.rec.Steps() == steps })
	}

	labels := menu(draft)
	for _, want := range []string{"visible", "not visible", "hidden", "count = 3", `contains text "(no subject)"`} {
		if !strings.Contains(labels, want+"\n") {
			t.Errorf("the menu on a draft lacks %q:\n%s", want, labels)
		}
	}
	add("count = 3", 1)

	note := h.refOf("note", "Offline mode")
	menu(note)
	add("not visible", 2)
	menu(note)
	add("hidden", 3)

	h.jumpTo(h.refOf("button", "Archive"))
	h.keys("enter")
	h.waitIdle("the archive click")
	h.until("the click's step", func() bool { return h.m.rec.Steps() == 4 })
	h.until("the status", func() bool {
		found := false
		h.m.snap.Root.Walk(func(n *refs.Node, _ int) bool {
			found = found || (n.IsText() && strings.HasPrefix(n.Name, "Archived: Quarterly report"))
			return !found
		})
		return found
	})
	labels = menu(h.refOf("status", ""))
	if !strings.Contains(labels, `contains text "Archived: Quarterly report."`) {
		t.Errorf("contains text should stop before the count:\n%s", labels)
	}
	h.pickLabel("contains text")
	h.keys("enter")
	if h.m.over != overlayPrompt || h.m.prompt.input.Value() != "Archived: Quarterly report." {
		t.Fatalf("contains text should open its prompt with the text: %v %q", h.m.over, h.m.StatusText())
	}
	h.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	h.typeText("Archived: Quarterly")
	h.keys("enter")
	h.until("the contains-text step", func() bool { return h.m.rec.Steps() == 5 })

	got := loadSteps(t, file)
	want := []string{
		"expect getByRole('list', { name: 'Drafts' }).getByRole('listitem') to have count 3",
		"expect getByRole('note', { name: 'Offline mode' }) not to be visible",
		"expect getByRole('note', { name: 'Offline mode' }) to be hidden",
		"click getByRole('listitem').filter({ hasText: 'Ada' }).getByRole('button', { name: 'Archive' })",
		`expect getByRole('status') to contain text "Archived: Quarterly"`,
	}
	// The file may start with the navigate of the page opened.
	if len(got) > len(want) && strings.HasPrefix(got[0], "navigate") {
		got = got[1:]
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("steps:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
