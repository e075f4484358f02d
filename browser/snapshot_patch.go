package browser

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/chromedp/cdproto/cdp/jsonv2"
)

// This file decodes what the walker's refresh returns (world/refresh.js)
// and splices a patch into the walk it updates. Like snapshot_build.go it
// needs no browser.

// refreshed is one answer of refresh(): nothing (gen 0), a full walk, or
// patches: subtrees that replace the nodes of the elements they name.
type refreshed struct {
	gen        int
	full       *rawSnapshot
	url, title string // of a patch
	patches    []patch
}

// patch is one re-read subtree: its root replaces the node of element
// handle, its nodes' parents count from its first node (the root, -1).
type patch struct {
	handle int
	nodes  []rawNode
}

// errPatchMismatch says that a patch does not fit the walk Ariadne holds:
// the refresh falls back to a full walk.
var errPatchMismatch = errors.New("the patch does not fit the snapshot")

// decodeRefresh decodes the JSON string that refresh() returned.
func decodeRefresh(raw json.RawMessage) (*refreshed, error) {
	var str string
	if err := jsonv2.Unmarshal(raw, &str); err != nil {
		return nil, fmt.Errorf("decoding the walker's refresh: %w", err)
	}
	return parseRefresh(str)
}

// parseRefresh parses refresh()'s text form.
func parseRefresh(s string) (*refreshed, error) {
	if s == "" {
		return &refreshed{}, nil
	}
	line, rest, _ := strings.Cut(s, "\n")
	head := strings.Split(line, "\t")
	bad := func() error { return fmt.Errorf("decoding the walker's refresh: unknown header %.40q", line) }
	if len(head) < 2 {
		return nil, bad()
	}
	gen, err := strconv.Atoi(head[1])
	if err != nil {
		return nil, bad()
	}
	switch {
	case head[0] == "F" && len(head) == 2:
		rs, err := decodeLines(rest)
		if err != nil {
			return nil, err
		}
		return &refreshed{gen: gen, full: rs}, nil
	case head[0] == "P" && len(head) == 5:
		ch := &refreshed{gen: gen, url: unescape(head[3]), title: unescape(head[4])}
		for rest != "" {
			line, rest, _ = strings.Cut(rest, "\n")
			h, ok := strings.CutPrefix(line, "@\t")
			if !ok {
				return nil, fmt.Errorf("decoding the walker's refresh: %.40q where a subtree should start", line)
			}
			handle, err := strconv.Atoi(h)
			if err != nil {
				return nil, fmt.Errorf("decoding the walker's refresh: handle %q", h)
			}
			// The subtree runs to the next "@" line.
			body := rest
			if i := strings.Index(rest, "\n@\t"); i >= 0 {
				body, rest = rest[:i], rest[i+1:]
			} else {
				rest = ""
			}
			rs, err := decodeLines("A1\t\t\t\t0\n" + body)
			if err != nil {
				return nil, err
			}
			if len(rs.Nodes) == 0 || rs.Nodes[0].Pi != -1 || rs.Nodes[0].H != handle {
				return nil, fmt.Errorf("decoding the walker's refresh: the subtree of %d has no root", handle)
			}
			ch.patches = append(ch.patches, patch{handle: handle, nodes: rs.Nodes})
		}
		return ch, nil
	}
	return nil, bad()
}

// splice returns rs with each patch's subtree in place of the subtree of
// its element. rs is not changed. A patch whose element is not in rs, or
// two patches of which one holds the other, give errPatchMismatch.
func splice(rs *rawSnapshot, patches []patch) (*rawSnapshot, error) {
	old := rs.Nodes
	at := make(map[int]int, len(patches)) // handle -> index in old
	for _, p := range patches {
		at[p.handle] = -1
	}
	for i := range old {
		if old[i].R == "#" {
			continue
		}
		if _, ok := at[old[i].H]; ok {
			at[old[i].H] = i
		}
	}
	type span struct {
		start, end int // old[start:end] is the subtree
		p          *patch
	}
	spans := make([]span, 0, len(patches))
	for i := range patches {
		p := &patches[i]
		start := at[p.handle]
		if start <= 0 { // missing, or the document's root
			return nil, fmt.Errorf("%w: element %d is not in it", errPatchMismatch, p.handle)
		}
		end := start + 1
		for end < len(old) && old[end].Pi >= start {
			end++
		}
		spans = append(spans, span{start, end, p})
	}
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	for i := 1; i < len(spans); i++ {
		if spans[i].start < spans[i-1].end {
			return nil, fmt.Errorf("%w: two subtrees overlap", errPatchMismatch)
		}
	}
	size := len(old)
	for _, s := range spans {
		size += len(s.p.nodes) - (s.end - s.start)
	}
	out := &rawSnapshot{Doc: rs.Doc, URL: rs.URL, Title: rs.Title, Nodes: make([]rawNode, 0, size)}
	newIdx := make([]int, len(old)) // old index -> new index, for kept nodes
	keep := func(from, to int) {
		for j := from; j < to; j++ {
			n := old[j]
			newIdx[j] = len(out.Nodes)
			if n.Pi >= 0 {
				n.Pi = newIdx[n.Pi]
			}
			out.Nodes = append(out.Nodes, n)
		}
	}
	prev := 0
	for _, s := range spans {
		keep(prev, s.start)
		base := len(out.Nodes)
		for k, n := range s.p.nodes {
			if k == 0 {
				n.Pi = newIdx[old[s.start].Pi]
			} else {
				n.Pi += base
			}
			out.Nodes = append(out.Nodes, n)
		}
		prev = s.end
	}
	keep(prev, len(old))
	// Counted as builder.fill counts (the walker's own count is of the
	// whole walk, which a patch does not have).
	for i := range out.Nodes {
		if r := out.Nodes[i].R; r != "#" && r != "document" {
			out.Count++
		}
	}
	return out, nil
}
