package mcp

import (
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestChangesSinceIsRefsDiff checks that an answer's changes are refs.Diff
// (what `snapshot --diff` lists in ariadne run), compacted: the removed
// element by its own line, the focus move left out.
func TestChangesSinceIsRefsDiff(t *testing.T) {
	t.Parallel()
	s := &Server{last: map[string]*refs.Snapshot{}}
	old := page(el("e1", "status", "", txt("Cart: 0 items")), list(2, 10), el("e5", "button", "Remove", el("e6", "img", "x")))
	cur := page(el("e1", "status", "", txt("Cart: 1 item")), list(3, 10))
	cur.Root.Children[0].Focused = true
	if _, ok := s.changesSince(cur); ok {
		t.Fatal("a tab without an earlier snapshot has no changes")
	}
	s.last[old.Tab] = old
	got, ok := s.changesSince(cur)
	if !ok {
		t.Fatal("the tab has an earlier snapshot")
	}
	want := refs.DiffText(refs.Compact(refs.Diff(old.Root, cur.Root)))
	if got != want {
		t.Errorf("changes:\n%s\nwant refs.Diff compacted:\n%s", got, want)
	}
	byRef := map[string]string{}
	for _, c := range refs.Compact(refs.Diff(old.Root, cur.Root)) {
		if c.Ref != "" {
			byRef[c.Ref] += c.Mark
		}
	}
	for ref, mark := range map[string]string{"e1": "~", "e14": "+", "e15": "+", "e5": "-"} {
		if byRef[ref] != mark {
			t.Errorf("%s: mark %q, want %q in\n%s", ref, byRef[ref], mark, got)
		}
	}
	if _, ok := byRef["e6"]; ok {
		t.Errorf("the removed button's image is part of it, not a line of its own:\n%s", got)
	}
}

func TestChangesSinceIgnoresFocus(t *testing.T) {
	t.Parallel()
	a := page(el("e1", "button", "Go"))
	b := page(el("e1", "button", "Go"))
	b.Root.Children[0].Focused = true
	s := &Server{last: map[string]*refs.Snapshot{a.Tab: a}}
	if got, _ := s.changesSince(b); got != "no change\n" {
		t.Errorf("focus alone is not a change: %q", got)
	}
	tab2 := page(el("e1", "button", "Go"))
	tab2.Tab = "T2"
	if _, ok := s.changesSince(tab2); ok {
		t.Error("snapshots of two tabs are not diffed")
	}
}

func TestOwnLineKeepsTextAndStates(t *testing.T) {
	t.Parallel()
	n := el("e3", "checkbox", "Remember me")
	n.Checked = "true"
	if got := ownLine(n); got != `checkbox "Remember me" [checked] [ref=e3]` {
		t.Errorf("ownLine = %q", got)
	}
	box := &refs.Node{Ref: "e4", Role: "textbox", Name: "Email", Placeholder: "ada@example.com", Value: "ada", HasValue: true}
	if got := ownLine(box); !strings.Contains(got, "/placeholder: ada@example.com") || strings.Contains(got, "\n") {
		t.Errorf("ownLine = %q", got)
	}
}
