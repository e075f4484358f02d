package mcp

import (
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

func TestDiffByRef(t *testing.T) {
	old := page(el("e1", "status", "", txt("Cart: 0 items")), list(2, 10), el("e5", "button", "Remove"))
	cur := page(el("e1", "status", "", txt("Cart: 1 item")), list(3, 10))
	cur.Root.Children[0].Focused = true
	c := diff(old, cur)
	if c.Common == 0 {
		t.Fatal("the snapshots share refs")
	}
	got := c.text()
	for _, want := range []string{
		"~ status [active] [ref=e1]: \"Cart: 1 item\"",
		"+ (under e2) listitem [ref=e14]:",
		"- button \"Remove\" [ref=e5]",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	// The added item's button is part of the item, not a line of its own.
	added := 0
	for _, l := range strings.Split(got, "\n") {
		if strings.HasPrefix(l, "+ ") {
			added++
		}
	}
	if added != 1 {
		t.Errorf("one added entry expected:\n%s", got)
	}
}

func TestDiffIgnoresFocusAndOtherDocuments(t *testing.T) {
	a := page(el("e1", "button", "Go"))
	b := page(el("e1", "button", "Go"))
	b.Root.Children[0].Focused = true
	if c := diff(a, b); !c.empty() {
		t.Errorf("focus alone is not a change: %q", c.text())
	}
	other := page(el("e7", "heading", "Elsewhere"))
	if c := diff(a, other); c.Common != 0 {
		t.Errorf("a new document shares no refs, got %d", c.Common)
	}
	tab2 := page(el("e1", "button", "Go"))
	tab2.Tab = "T2"
	if c := diff(a, tab2); c.Common != 0 {
		t.Error("snapshots of two tabs are not diffed")
	}
	if got := diff(a, b).text(); got != "no change\n" {
		t.Errorf("empty diff reads %q", got)
	}
}

func TestOwnLineKeepsTextAndStates(t *testing.T) {
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
