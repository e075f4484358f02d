package refs

import "testing"

// TestTextLeafFrames: with LeafFrames an iframe is a leaf, as Playwright's
// default ariaSnapshot() prints it; without, its content is stitched below.
func TestTextLeafFrames(t *testing.T) {
	t.Parallel()
	root := &Node{Role: "document", Children: []*Node{
		{Ref: "e1", Role: "iframe", Children: []*Node{{Ref: "e2", Role: "button", Name: "Pay"}}},
		{Ref: "e3", Role: "button", Name: "Place order"},
	}}
	if got, want := Text(root, TextOptions{NoRefs: true, LeafFrames: true}), "- iframe\n- button \"Place order\"\n"; got != want {
		t.Errorf("leaf frames:\n%s\nwant:\n%s", got, want)
	}
	if got, want := Text(root, TextOptions{NoRefs: true}), "- iframe:\n  - button \"Pay\"\n- button \"Place order\"\n"; got != want {
		t.Errorf("stitched:\n%s\nwant:\n%s", got, want)
	}
}
