package browser

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/chromedp/cdproto/cdp/jsonv2"
)

// This file decodes what the walker's refresh returns (world/refresh.js).
// Like snapshot_build.go it needs no browser.

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
