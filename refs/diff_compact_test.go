package refs

import "testing"

func TestCompactDiff(t *testing.T) {
	t.Parallel()
	text := func(s string) *Node { return &Node{Role: "text", Name: s} }
	el := func(ref, role, name string, kids ...*Node) *Node {
		return &Node{Ref: ref, Role: role, Name: name, Children: kids}
	}
	old := el("", "document", "",
		el("e1", "button", "Add"),
		el("e2", "status", "", text("0 items"), el("e3", "link", "Cart")),
		el("e4", "list", "", el("e5", "listitem", "", el("e6", "button", "Remove"))),
		el("e7", "button", "Go"),
	)
	focused := el("e1", "button", "Add")
	focused.Focused = true
	status := el("e2", "status", "", text("1 item"), el("e3", "link", "Cart"))
	status.Focused = true
	next := el("", "document", "", focused, status, el("e8", "button", "Undo", el("e9", "img", "x")), el("e7", "button", "Go"))
	full := Diff(old, next)
	got := DiffText(Compact(full))
	want := `~ - status [active] [ref=e2]
-   - text: 0 items
+   - text: 1 item
+ - button "Undo" [ref=e8]
+   - img "x" [ref=e9]
- - list [ref=e4]
`
	if got != want {
		t.Errorf("compact diff:\n%s\nwant:\n%s\nfull:\n%s", got, want, DiffText(full))
	}
	if len(full) <= len(Compact(full)) {
		t.Error("the full diff lists the removed subtree and the focus move")
	}
}
