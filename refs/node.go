// Package refs holds Ariadne's model of a page: the snapshot tree, the ref
// table that names its elements, the ARIA snapshot text format, and the
// locator ladder with its language emitters.
//
// It is pure Go and must not import the browser, ui, recordings or keymap
// packages: the browser package fills these types, everything else reads them.
package refs

// Node is one node of an ARIA snapshot tree.
//
// Element nodes carry a Ref; text nodes (Role "text") do not. States are kept
// as Playwright's ariaSnapshot reports them, so that the text rendering can be
// pasted into toMatchAriaSnapshot.
type Node struct {
	Ref  string `json:"ref,omitempty"`  // "e12"; empty for text nodes and the root
	Role string `json:"role"`           // ARIA role as Playwright spells it; "text" for text
	Name string `json:"name,omitempty"` // accessible name, whitespace-normalized

	Value    string `json:"value,omitempty"`    // current value of textboxes, sliders, comboboxes
	HasValue bool   `json:"hasValue,omitempty"` // Value is meaningful (it may be empty)
	// Secret marks a password field: its Value is SecretMask when it is
	// filled, and what is typed there must never be shown.
	Secret bool   `json:"secret,omitempty"`
	URL    string `json:"url,omitempty"`    // a link's href as the page wrote it (Playwright's /url:)
	HasURL bool   `json:"hasURL,omitempty"` // the link has an href, perhaps an empty one
	// Placeholder is a textbox's placeholder when it is not also its name
	// (Playwright's /placeholder:).
	Placeholder string `json:"placeholder,omitempty"`

	Checked  string `json:"checked,omitempty"`  // "true", "false", "mixed" or "" (not checkable)
	Pressed  string `json:"pressed,omitempty"`  // "true", "false", "mixed" or ""
	Expanded string `json:"expanded,omitempty"` // "true", "false" or ""
	Level    int    `json:"level,omitempty"`    // heading, treeitem levels
	Disabled bool   `json:"disabled,omitempty"`
	Selected bool   `json:"selected,omitempty"`
	Required bool   `json:"required,omitempty"`
	Invalid  bool   `json:"invalid,omitempty"`
	// InvalidKind is "grammar" or "spelling" when aria-invalid says which
	// (Invalid is then set too).
	InvalidKind string `json:"invalidKind,omitempty"`
	Focused     bool   `json:"focused,omitempty"`

	Tag   string `json:"tag,omitempty"`   // lower-case tag name of the element
	Frame string `json:"frame,omitempty"` // frame id of the document holding the element
	Box   *Box   `json:"box,omitempty"`   // border box, CSS px, main-frame viewport coordinates

	// Interactive reports whether the element can be acted on (a control,
	// link, focusable or clickable element).
	Interactive bool `json:"interactive,omitempty"`

	Children []*Node `json:"children,omitempty"`
}

// Box is an element's border box in CSS pixels, relative to the top-left of
// the main frame's viewport, as Playwright's boundingBox() reports it.
type Box struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// IsText reports whether n is a text node.
func (n *Node) IsText() bool { return n.Role == "text" }

// Walk calls fn for n and every descendant in document order, with the
// depth of each node (n itself has depth 0). It stops descending into a
// node's children when fn returns false.
func (n *Node) Walk(fn func(node *Node, depth int) bool) {
	var walk func(*Node, int)
	walk = func(x *Node, d int) {
		if !fn(x, d) {
			return
		}
		for _, c := range x.Children {
			walk(c, d+1)
		}
	}
	walk(n, 0)
}

// Find returns the node with the given ref, or nil.
func (n *Node) Find(ref string) *Node {
	var found *Node
	n.Walk(func(x *Node, _ int) bool {
		if found != nil {
			return false
		}
		if x.Ref == ref {
			found = x
			return false
		}
		return true
	})
	return found
}
