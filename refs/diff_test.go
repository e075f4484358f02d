package refs

import (
	"testing"
)

func TestDiff(t *testing.T) {
	t.Parallel()
	text := func(s string) *Node { return &Node{Role: "text", Name: s} }
	el := func(ref, role, name string, kids ...*Node) *Node {
		return &Node{Ref: ref, Role: role, Name: name, Children: kids}
	}
	shared := el("e2", "list", "", el("e3", "listitem", "", el("e4", "button", "Keep")))
	old := el("", "document", "",
		el("e1", "heading", "Total: 5"),
		shared,
		el("e5", "paragraph", "", text("Saving…")),
		el("e6", "status", "", text("3 items"), el("e7", "link", "Cart"), text("in cart")),
		el("e8", "button", "Remove me", el("e9", "img", "x")),
	)
	next := el("", "document", "",
		el("e1", "heading", "Total: 6"),
		shared,
		el("e5", "paragraph", "", text("Saved")),
		el("e6", "status", "", text("4 items"), el("e7", "link", "Cart"), text("in cart")),
		el("e10", "button", "Undo"),
	)
	got := DiffText(Diff(old, next))
	want := `~ - 'heading "Total: 6" [ref=e1]' (was: 'heading "Total: 5" [ref=e1]')
~ - paragraph [ref=e5]: Saved (was: paragraph [ref=e5]: Saving…)
~ - status [ref=e6]
-   - text: 3 items
+   - text: 4 items
+ - button "Undo" [ref=e10]
- - button "Remove me" [ref=e8]
-   - img "x" [ref=e9]
`
	if got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
	if d := Diff(old, old); len(d) != 0 {
		t.Errorf("a tree against itself: %v", d)
	}
	// Page text is escaped: no control character reaches the terminal.
	evil := el("", "document", "", el("e1", "heading", "a\x1b[31mred"))
	if got := DiffText(Diff(el("", "document", ""), evil)); got != "+ - heading \"a\\u001b[31mred\" [ref=e1]\n" {
		t.Errorf("escaped line: %q", got)
	}
}
