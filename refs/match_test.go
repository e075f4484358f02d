package refs

import "testing"

// FindByRole is exact on role and name, matches a nameless node by its own
// text, and counts --nth from 1 in document order.
func TestFindByRole(t *testing.T) {
	t.Parallel()
	text := func(s string) *Node { return &Node{Role: "text", Name: s} }
	root := &Node{Role: "document", Children: []*Node{
		{Role: "button", Ref: "e1", Name: "Add to cart"},
		{Role: "generic", Ref: "e2", Children: []*Node{text("Cart:"), text("1 item")}},
		{Role: "button", Ref: "e3", Name: "Add to cart"},
		{Role: "button", Name: "Add to cart"}, // no ref: not findable
	}}
	for _, tc := range []struct {
		role, name string
		named      bool
		nth        int
		want       string
	}{
		{"button", "Add to cart", true, 1, "e1"},
		{"button", "Add to cart", true, 2, "e3"},
		{"button", "Add to cart", true, 3, ""},
		{"button", "add to cart", true, 1, ""},
		{"button", "Add", true, 1, ""},
		{"Button", "Add to cart", true, 1, ""},
		{"button", "", false, 2, "e3"},
		{"generic", "Cart: 1 item", true, 1, "e2"},
		{"button", "", false, 0, ""},
	} {
		got := ""
		if n := root.FindByRole(tc.role, tc.name, tc.named, tc.nth); n != nil {
			got = n.Ref
		}
		if got != tc.want {
			t.Errorf("FindByRole(%q, %q, %v, %d) = %q, want %q", tc.role, tc.name, tc.named, tc.nth, got, tc.want)
		}
	}
}
