package mcp

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// view is how much of a snapshot an answer shows.
type view struct {
	Scope       string // a ref: only its subtree
	Depth       int    // element levels below the top shown; 0: all
	Interactive bool   // only interactive elements and their ancestors
	Full        bool   // no elision of long runs of alike siblings
	Boxes       bool   // [box=x,y,width,height] after each ref
}

// Elision: a run of at least elideMin alike siblings shows its first
// elideKeep and one line for the rest.
const (
	elideMin  = 6
	elideKeep = 3
)

// render returns the snapshot text of the part of s that v selects.
func render(s *refs.Snapshot, v view) (string, error) {
	root := s.Root
	if v.Scope != "" {
		ref, err := refs.ParseRef(v.Scope)
		if err != nil {
			return "", err
		}
		n := root.Find(ref)
		if n == nil {
			return "", refs.Errorf(refs.CodeUnknownRef, "ref %s is not on the page in tab %d now; take a new snapshot (browser_snapshot) without target", ref, s.TabIndex)
		}
		root = &refs.Node{Role: "document", Children: []*refs.Node{n}}
	}
	if v.Interactive {
		root = refs.InteractiveOnly(root)
	}
	root = shape(root, v, 0)
	text := refs.Text(root, refs.TextOptions{})
	if v.Boxes {
		text = withBoxes(text, root)
	}
	return text, nil
}

var refMark = regexp.MustCompile(`\[ref=(e\d+)\]`)

// withBoxes adds each element's border box after its ref.
func withBoxes(text string, root *refs.Node) string {
	boxes := map[string]*refs.Box{}
	root.Walk(func(n *refs.Node, _ int) bool {
		if n.Ref != "" && n.Box != nil {
			boxes[n.Ref] = n.Box
		}
		return true
	})
	return refMark.ReplaceAllStringFunc(text, func(m string) string {
		b := boxes[m[5:len(m)-1]]
		if b == nil {
			return m
		}
		return fmt.Sprintf("%s [box=%g,%g,%g,%g]", m, math.Round(b.X), math.Round(b.Y), math.Round(b.Width), math.Round(b.Height))
	})
}

// shape copies n, cutting the tree at v.Depth and eliding long runs of
// alike siblings unless v.Full.
func shape(n *refs.Node, v view, depth int) *refs.Node {
	cp := *n
	if len(n.Children) == 0 {
		return &cp
	}
	if !onlyText(n) && n.Name != "" && n.Name == contentText(n) {
		// A row named by its cells says the cells twice; they follow.
		cp.Name = ""
	}
	if v.Depth > 0 && depth >= v.Depth && !onlyText(n) {
		count := 0
		n.Walk(func(x *refs.Node, _ int) bool {
			if x != n && !x.IsText() {
				count++
			}
			return true
		})
		cp.Children = []*refs.Node{note(fmt.Sprintf("… %d more %s below (depth limit); browser_snapshot target=%s shows them", count, plural(count, "element"), n.Ref))}
		return &cp
	}
	kids := make([]*refs.Node, 0, len(n.Children))
	for i := 0; i < len(n.Children); {
		c := n.Children[i]
		j := i + 1
		if !v.Full && !c.IsText() {
			sh := shapeKey(c, 2)
			for j < len(n.Children) && !n.Children[j].IsText() && shapeKey(n.Children[j], 2) == sh {
				j++
			}
		}
		if j-i >= elideMin {
			for _, k := range n.Children[i : i+elideKeep] {
				kids = append(kids, shape(k, v, depth+1))
			}
			rest := n.Children[i+elideKeep : j]
			kids = append(kids, note(elisionLine(n, rest)))
		} else {
			for _, k := range n.Children[i:j] {
				kids = append(kids, shape(k, v, depth+1))
			}
		}
		i = j
	}
	cp.Children = kids
	return &cp
}

func elisionLine(parent *refs.Node, rest []*refs.Node) string {
	first, last := rest[0].Ref, rest[len(rest)-1].Ref
	see := "browser_snapshot full=true"
	if parent.Ref != "" {
		see = "browser_snapshot target=" + parent.Ref + " full=true"
	}
	return fmt.Sprintf("… %d more %s like these (%s…%s, refs valid); %s shows them", len(rest), rest[0].Role, first, last, see)
}

func onlyText(n *refs.Node) bool {
	for _, c := range n.Children {
		if !c.IsText() {
			return false
		}
	}
	return true
}

// note is a line of Ariadne's own inside a rendered tree.
func note(s string) *refs.Node { return &refs.Node{Role: "text", Name: s} }

// shapeKey is a node's role and the roles of its element descendants to
// depth d: items of one list that differ only in text are alike.
func shapeKey(n *refs.Node, d int) string {
	var b strings.Builder
	b.WriteString(n.Role)
	if d == 0 {
		return b.String()
	}
	b.WriteString("(")
	for _, c := range n.Children {
		if !c.IsText() {
			b.WriteString(shapeKey(c, d-1) + ",")
		}
	}
	b.WriteString(")")
	return b.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// contentText is the text an element's name is computed from when it
// comes from its content: its leaves' names and texts, space-separated.
func contentText(n *refs.Node) string {
	var parts []string
	var walk func(x *refs.Node)
	walk = func(x *refs.Node) {
		if x.IsText() || len(x.Children) == 0 {
			if x.Name != "" {
				parts = append(parts, x.Name)
			}
			return
		}
		for _, c := range x.Children {
			walk(c)
		}
	}
	for _, c := range n.Children {
		walk(c)
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}
