package mcp

import (
	"context"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// refresher is a browser that reads a tab at the cost of what changed
// since its last snapshot (browser.Browser.Refresh); the unchanged nodes
// are shared, which refs.Diff skips without reading them.
type refresher interface {
	Refresh(ctx context.Context) (*refs.Snapshot, error)
}

// read takes the current tab's snapshot for an answer, by Refresh when
// the browser has it.
func (s *Server) read(ctx context.Context) (*refs.Snapshot, error) {
	if r, ok := s.sess.(refresher); ok {
		return r.Refresh(ctx)
	}
	return s.sess.Snapshot(ctx)
}

// changesSince renders what changed on cur's tab since the snapshot the
// server last answered with: refs.Diff, as `snapshot --diff` in ariadne
// run lists it, compacted by refs.Compact (a removed subtree by its top
// line, focus moves left out). ok is false when the tab has no earlier
// snapshot to compare with.
func (s *Server) changesSince(cur *refs.Snapshot) (text string, ok bool) {
	last := s.last[cur.Tab]
	if last == nil {
		return "", false
	}
	text = refs.DiffText(refs.Compact(refs.Diff(last.Root, cur.Root)))
	if text == "" {
		text = "no change\n"
	}
	return text, true
}

// ownLine renders n without its element children: its key, states and
// direct text.
func ownLine(n *refs.Node) string {
	cp := *n
	var texts []string
	for _, c := range n.Children {
		if c.IsText() && c.Name != "" {
			texts = append(texts, c.Name)
		}
	}
	cp.Children = nil
	if len(texts) > 0 {
		cp.Children = []*refs.Node{{Role: "text", Name: strings.Join(texts, " ")}}
	}
	out := refs.Text(&refs.Node{Children: []*refs.Node{&cp}}, refs.TextOptions{})
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(strings.TrimSpace(l), "- ")
	}
	return strings.Join(lines, " ")
}
