package refs

import "strings"

// Change is one line of a snapshot diff: a node that came, went or changed
// between two snapshots of one tab, as its snapshot line.
type Change struct {
	Mark  string `json:"mark"`  // "+" added, "-" removed, "~" changed
	Ref   string `json:"ref"`   // "" for a text line
	Depth int    `json:"depth"` // depth in the tree it belongs to (the new one; the old one for '-')
	Line  string `json:"line"`  // `button "Save" [ref=e5]`, `text: Total 5`
	// Was is the old line of a changed node when the line itself changed
	// (a new name, value or state); "" when only its text changed.
	Was string `json:"was,omitempty"`
}

// Diff lists what changed from the tree old to the tree new: elements are
// matched by ref under the same parent; an element that appears is listed
// with its subtree as '+', one that went with its subtree as '-', and one
// whose line or text changed as '~', followed by its text lines that went
// ('-') and came ('+'). Subtrees the two trees share (a refresh reuses the
// unchanged nodes) are skipped without being read, so the cost follows the
// change.
func Diff(old, new *Node) []Change {
	var out []Change
	if old == nil || new == nil {
		return nil
	}
	diffText(&out, old, new, 0)
	diffKids(&out, old, new, 0)
	return out
}

func diffKids(out *[]Change, o, n *Node, depth int) {
	if o == n {
		return
	}
	oldBy := make(map[string]*Node, len(o.Children))
	for _, c := range o.Children {
		if c.Ref != "" {
			oldBy[c.Ref] = c
		}
	}
	matched := make(map[string]bool, len(n.Children))
	for _, c := range n.Children {
		if c.IsText() {
			continue
		}
		oc, ok := oldBy[c.Ref]
		if !ok || c.Ref == "" {
			subtree(out, "+", c, depth)
			continue
		}
		matched[c.Ref] = true
		if oc == c {
			continue
		}
		ol, nl := diffLine(oc), diffLine(c)
		if ol != nl || texts(oc) != texts(c) {
			ch := Change{Mark: "~", Ref: c.Ref, Depth: depth, Line: nl}
			if ol != nl {
				ch.Was = ol
			}
			*out = append(*out, ch)
			if !inlineText(c) || !inlineText(oc) {
				diffText(out, oc, c, depth+1)
			}
		}
		diffKids(out, oc, c, depth+1)
	}
	for _, c := range o.Children {
		if !c.IsText() && !matched[c.Ref] {
			subtree(out, "-", c, depth)
		}
	}
}

// diffText lists the text children of o that n lacks and those n gained.
func diffText(out *[]Change, o, n *Node, depth int) {
	count := map[string]int{}
	for _, c := range o.Children {
		if c.IsText() && c.Name != "" {
			count[c.Name]++
		}
	}
	var added []string
	for _, c := range n.Children {
		if c.IsText() && c.Name != "" {
			if count[c.Name] > 0 {
				count[c.Name]--
			} else {
				added = append(added, c.Name)
			}
		}
	}
	for _, c := range o.Children {
		if c.IsText() && count[c.Name] > 0 {
			count[c.Name]--
			*out = append(*out, Change{Mark: "-", Depth: depth, Line: "text: " + yamlValue(c.Name)})
		}
	}
	for _, t := range added {
		*out = append(*out, Change{Mark: "+", Depth: depth, Line: "text: " + yamlValue(t)})
	}
}

// subtree lists n and everything under it with mark.
func subtree(out *[]Change, mark string, n *Node, depth int) {
	if n.IsText() {
		if n.Name != "" {
			*out = append(*out, Change{Mark: mark, Depth: depth, Line: "text: " + yamlValue(n.Name)})
		}
		return
	}
	*out = append(*out, Change{Mark: mark, Ref: n.Ref, Depth: depth, Line: diffLine(n)})
	if loneText(n) {
		return // on the line
	}
	for _, c := range n.Children {
		subtree(out, mark, c, depth+1)
	}
}

func loneText(n *Node) bool { return len(n.Children) == 1 && n.Children[0].IsText() }

// inlineText reports whether all of n's text is on its line: a lone text
// child, or no text at all.
func inlineText(n *Node) bool { return loneText(n) || texts(n) == "" }

// texts joins n's text children, to compare them.
func texts(n *Node) string {
	var b strings.Builder
	for _, c := range n.Children {
		if c.IsText() {
			b.WriteString(c.Name)
			b.WriteByte(0)
		}
	}
	return b.String()
}

// diffLine is n's snapshot line without the "- " and the indentation: its
// key, the lone text after it, and its /url.
func diffLine(n *Node) string {
	line := yamlKey(nodeKey(n, TextOptions{}))
	if loneText(n) && n.Children[0].Name != "" {
		line += ": " + yamlValue(n.Children[0].Name)
	}
	if n.HasURL || n.URL != "" {
		line += " /url: " + yamlValue(n.URL)
	}
	return line
}

// DiffText renders changes one per line: the mark, then the snapshot line
// indented by its depth,
//
//	~ - heading "Total: 6" [level=2] [ref=e9] (was: heading "Total: 5" [level=2] [ref=e9])
//	+   - button "Undo" [ref=e31]
//	- - text: Saving…
func DiffText(changes []Change) string {
	var b strings.Builder
	for _, c := range changes {
		b.WriteString(c.Mark)
		b.WriteByte(' ')
		b.WriteString(strings.Repeat("  ", c.Depth))
		b.WriteString("- ")
		b.WriteString(c.Line)
		if c.Was != "" {
			b.WriteString(" (was: " + c.Was + ")")
		}
		b.WriteByte('\n')
	}
	return b.String()
}
