package browser

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp/jsonv2"

	"github.com/ariadne-tui/ariadne/internal/golden"
	"github.com/ariadne-tui/ariadne/refs"
)

// The walker's raw output for a few pages is kept in testdata/raw (the JSON
// that __ariadne.snapshot() returns, the test server's URL replaced by
// http://SERVER). TestRawCapture rewrites it with -update; the other tests
// here build trees from it without a browser.

var rawPages = []string{"form", "table", "iframe"}

// TestRawCapture checks that the two forms of the walk, snapshot() (JSON)
// and lines() (what Ariadne reads), say the same, and with -update saves
// the JSON form of the raw pages.
func TestRawCapture(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	for _, page := range append(rawPages, "names", "shadow", "hidden") {
		t.Run(page, func(t *testing.T) {
			ctx := testContext(t, 30*time.Second)
			open(t, b, srv, page+".html")
			tab, err := b.CurrentTab()
			if err != nil {
				t.Fatal(err)
			}
			c, cancel := tab.opContext(ctx, 20*time.Second)
			defer cancel()
			tree, err := tab.frameTree(c)
			if err != nil {
				t.Fatal(err)
			}
			w, err := tab.worldFor(c, tree.Frame)
			if err != nil {
				t.Fatal(err)
			}
			rawJSON, err := tab.evalIn(c, w, "__ariadne.snapshot()")
			if err != nil {
				t.Fatal(err)
			}
			var str string
			if err := json.Unmarshal(rawJSON, &str); err != nil {
				t.Fatal(err)
			}
			fromJSON, err := decodeRaw([]byte(str))
			if err != nil {
				t.Fatal(err)
			}
			fromLines, _, err := tab.walk(c, w)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(fromJSON, fromLines) {
				t.Errorf("snapshot() and lines() differ:\nJSON:  %+v\nlines: %+v", fromJSON, fromLines)
			}
			if !golden.Updating() || !strings.Contains(strings.Join(rawPages, " "), page) {
				return
			}
			var pretty bytes.Buffer
			if err := json.Indent(&pretty, []byte(strings.ReplaceAll(str, srv.URL, "http://SERVER")), "", " "); err != nil {
				t.Fatal(err)
			}
			pretty.WriteByte('\n')
			if err := os.MkdirAll(filepath.Join("testdata", "raw"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join("testdata", "raw", page+".json"), pretty.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func readRaw(t *testing.T, page string) *rawSnapshot {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "raw", page+".json"))
	if err != nil {
		t.Fatalf("%v (go test ./browser/ -run TestRawCapture -update writes it)", err)
	}
	rs, err := decodeRaw(data)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestBuildFromRaw builds trees from saved walks with a fresh ref table
// and keeps their text.
func TestBuildFromRaw(t *testing.T) {
	t.Parallel()
	for _, page := range rawPages {
		t.Run(page, func(t *testing.T) {
			rs := readRaw(t, page)
			table := refs.NewTable()
			bl := &builder{table: table, tab: "T1", frame: "F1", doc: rs.Doc}
			root, err := bl.tree(rs)
			if err != nil {
				t.Fatal(err)
			}
			if bl.count != rs.Count || table.Issued() != rs.Count {
				t.Errorf("built %d element nodes, issued %d refs; the walker counted %d", bl.count, table.Issued(), rs.Count)
			}
			text := refs.Text(root, refs.TextOptions{})
			goldenFile(t, "raw/"+page+".txt", []byte(text))

			// Building again gives the same refs: same document, same handles.
			again, err := (&builder{table: table, tab: "T1", frame: "F1", doc: rs.Doc}).tree(rs)
			if err != nil {
				t.Fatal(err)
			}
			if a := refs.Text(again, refs.TextOptions{}); a != text {
				t.Errorf("a second build gave other refs:\n%s", golden.Diff([]byte(text), []byte(a)))
			}
			// Another document (a reload) gives new refs.
			other, err := (&builder{table: table, tab: "T1", frame: "F1", doc: rs.Doc + "-reloaded"}).tree(rs)
			if err != nil {
				t.Fatal(err)
			}
			if table.Issued() != 2*rs.Count {
				t.Errorf("after a build of another document: %d refs issued, want %d", table.Issued(), 2*rs.Count)
			}
			if o := refs.Text(other, refs.TextOptions{}); o == text {
				t.Error("another document reused the refs")
			}
		})
	}
}

// TestBuildFrames checks the iframe slots and box offsets of a frame
// document built at an offset.
func TestBuildFrames(t *testing.T) {
	t.Parallel()
	rs := readRaw(t, "iframe")
	bl := &builder{table: refs.NewTable(), tab: "T1", frame: "F1", doc: rs.Doc, offset: [2]float64{10, 20}}
	root, err := bl.tree(rs)
	if err != nil {
		t.Fatal(err)
	}
	if len(bl.frames) != 1 {
		t.Fatalf("%d iframe slots, want 1", len(bl.frames))
	}
	slot := bl.frames[0]
	var raw *rawNode
	for i := range rs.Nodes {
		if rs.Nodes[i].Fr == 1 {
			raw = &rs.Nodes[i]
		}
	}
	if slot.node.Role != "iframe" || slot.handle != raw.H {
		t.Errorf("slot: %s handle %d, want iframe handle %d", slot.node.Role, slot.handle, raw.H)
	}
	if want := [2]float64{10 + raw.Co[0], 20 + raw.Co[1]}; slot.offset != want {
		t.Errorf("slot offset %v, want %v", slot.offset, want)
	}
	// The content origin lies inside the iframe's border box.
	if slot.offset[0] < slot.node.Box.X || slot.offset[1] < slot.node.Box.Y {
		t.Errorf("content origin %v outside the iframe's box %+v", slot.offset, *slot.node.Box)
	}
	h := findNode(t, root, "heading", "Checkout")
	if h.Box.X != raw0(rs, "heading").B[0]+10 || h.Box.Y != round2(raw0(rs, "heading").B[1]+20) {
		t.Errorf("heading box %+v not moved by the offset", *h.Box)
	}
	if h.Frame != "F1" || h.Ref == "" {
		t.Errorf("heading: frame %q ref %q", h.Frame, h.Ref)
	}
}

func raw0(rs *rawSnapshot, role string) *rawNode {
	for i := range rs.Nodes {
		if rs.Nodes[i].R == role {
			return &rs.Nodes[i]
		}
	}
	return nil
}

func TestBuildErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		rs   rawSnapshot
		want string
	}{
		{"empty", rawSnapshot{}, "no root"},
		{"root with a parent", rawSnapshot{Nodes: []rawNode{{R: "document", Pi: 0}}}, "no root"},
		{"forward parent", rawSnapshot{Count: 1, Nodes: []rawNode{{R: "document", Pi: -1}, {R: "button", H: 2, Pi: 1}}}, "bad parent"},
		{"negative parent", rawSnapshot{Count: 1, Nodes: []rawNode{{R: "document", Pi: -1}, {R: "button", H: 2, Pi: -1}}}, "bad parent"},
		{"count", rawSnapshot{Count: 3, Nodes: []rawNode{{R: "document", Pi: -1}, {R: "button", H: 2, Pi: 0}}}, "counted 3"},
	}
	for _, tt := range tests {
		_, err := (&builder{table: refs.NewTable(), frame: "F"}).tree(&tt.rs)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestDecodeLines(t *testing.T) {
	t.Parallel()
	in := strings.Join([]string{
		"A1\tdoc-1\thttp://x/a\\tb\tTitle \\\\ with backslash\t3",
		"document\t-1\t1\t\t0\t\t\t\t",
		"link\t0\t2\ta\t16\t1\t2.5\t30\t12\tHome\t\t=/home?a=1\\tb",
		"#\t1\tsome\\ntext \\\\ here",
		"textbox\t0\t3\tinput\t29\t0\t0\t100\t20\tEmail\t=\t\tyou@example.com\t\t\t\t\ttrue",
		"iframe\t0\t4\tiframe\t32\t5\t6\t300\t200\t\t\t\t\t\t\t\t\t\t6.5,7.25",
	}, "\n")
	rs, err := decodeLines(in)
	if err != nil {
		t.Fatal(err)
	}
	value, url := "", "/home?a=1\tb"
	want := &rawSnapshot{Doc: "doc-1", URL: "http://x/a\tb", Title: `Title \ with backslash`, Count: 3, Nodes: []rawNode{
		{R: "document", H: 1, Pi: -1},
		{R: "link", Pi: 0, H: 2, T: "a", A: 1, B: []float64{1, 2.5, 30, 12}, N: "Home", U: &url},
		{R: "#", Pi: 1, N: "some\ntext \\ here"},
		{R: "textbox", Pi: 0, H: 3, T: "input", D: 1, Q: 1, F: 1, A: 1, B: []float64{0, 0, 100, 20}, N: "Email", V: &value, Ph: "you@example.com", I: "true"},
		{R: "iframe", Pi: 0, H: 4, T: "iframe", Fr: 1, B: []float64{5, 6, 300, 200}, Co: []float64{6.5, 7.25}},
	}}
	if !reflect.DeepEqual(rs, want) {
		t.Errorf("decodeLines:\n got %+v\nwant %+v", rs, want)
	}
	for _, bad := range []string{"", "B2\tx\ty\tz\t1", "A1\td\tu\tt\tmany", "A1\td\tu\tt\t1\nbutton\tx\t1\tb\t0\t0\t0\t0\t0", "A1\td\tu\tt\t1\nbutton\t0\t1"} {
		if _, err := decodeLines(bad); err == nil {
			t.Errorf("decodeLines(%q) accepted it", bad)
		}
	}
}

// decodeRaw decodes the JSON form of a walk (what snapshot() returns).
func decodeRaw(data []byte) (*rawSnapshot, error) {
	var rs rawSnapshot
	if err := jsonv2.Unmarshal(data, &rs); err != nil {
		return nil, fmt.Errorf("decoding the walker's output: %w", err)
	}
	return &rs, nil
}
