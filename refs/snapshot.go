package refs

// Snapshot is the ARIA snapshot of one tab at one moment.
type Snapshot struct {
	URL      string   `json:"url"`
	Title    string   `json:"title"`
	Tab      string   `json:"tab"`      // target id of the tab
	TabIndex int      `json:"tabIndex"` // 1-based position in the tab list
	Viewport Viewport `json:"viewport"`
	Count    int      `json:"count"` // element nodes (nodes with refs)
	Root     *Node    `json:"root"`  // role "document"; its children are the page
	// Partial is set when the page had not finished loading within the
	// navigation timeout and was snapshotted as it was.
	Partial bool `json:"partial,omitempty"`
	// Problems lists parts of the page that could not be read (a frame that
	// went away mid-snapshot, a closed shadow root), in plain words.
	Problems []string `json:"problems,omitempty"`
}

// Viewport is the size of the tab's viewport in CSS pixels.
type Viewport struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Filter returns a copy of the tree that keeps only the nodes for which keep
// returns true, with their ancestors. Text nodes are kept only when their
// parent is kept for its own sake. The root is always kept.
func Filter(root *Node, keep func(*Node) bool) *Node {
	var visit func(n *Node) (*Node, bool)
	visit = func(n *Node) (*Node, bool) {
		self := keep(n)
		var kids []*Node
		for _, c := range n.Children {
			if c.IsText() {
				if self {
					kids = append(kids, c)
				}
				continue
			}
			if k, ok := visit(c); ok {
				kids = append(kids, k)
			}
		}
		if !self && len(kids) == 0 {
			return nil, false
		}
		cp := *n
		cp.Children = kids
		return &cp, true
	}
	out, ok := visit(root)
	if !ok {
		cp := *root
		cp.Children = nil
		return &cp
	}
	return out
}

// InteractiveOnly keeps interactive nodes and their ancestors.
func InteractiveOnly(root *Node) *Node {
	return Filter(root, func(n *Node) bool { return n.Interactive })
}
