package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/chromedp/cdproto/cdp/jsonv2"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file turns the walker's output (world.js snapshot()) into refs.Nodes.
// It needs no browser: tests run it on saved output (testdata/raw).

// rawNode is a node as the in-page walker reports it; short keys keep the
// JSON of a 20,000-element page small.
type rawNode struct {
	H  int       `json:"h"`  // element handle in the world
	R  string    `json:"r"`  // role; "#" for text, "document" for the root
	N  string    `json:"n"`  // name, or the text of a text node
	T  string    `json:"t"`  // tag
	V  *string   `json:"v"`  // current value
	U  *string   `json:"u"`  // link href as written
	Ph string    `json:"ph"` // textbox placeholder, when not the name
	C  string    `json:"c"`  // checked: "true", "false", "mixed"
	P  string    `json:"p"`  // pressed
	X  string    `json:"x"`  // expanded
	L  int       `json:"l"`  // level
	D  int       `json:"d"`  // disabled
	S  int       `json:"s"`  // selected
	Q  int       `json:"q"`  // required
	I  string    `json:"i"`  // invalid: "true", "grammar", "spelling"
	F  int       `json:"f"`  // focused
	A  int       `json:"a"`  // interactive
	Pw int       `json:"pw"` // a password field
	B  []float64 `json:"b"`  // border box in the frame's viewport: x, y, width, height
	Pi int       `json:"pi"` // index of the parent in the flat list; -1 for the root
	Fr int       `json:"fr"` // an iframe: its document is stitched under it
	Co []float64 `json:"co"` // an iframe's content origin in the frame's viewport
}

// rawSnapshot is one document's walk.
type rawSnapshot struct {
	Doc   string    `json:"doc"`
	URL   string    `json:"url"`
	Title string    `json:"title"`
	Count int       `json:"count"` // element nodes, counted by the walker
	Nodes []rawNode `json:"nodes"` // document order; Nodes[0] is the root
}

// decodeWalk decodes what Runtime.evaluate returned for lines(): a JSON
// string holding the walk in the compact line form.
func decodeWalk(raw json.RawMessage) (*rawSnapshot, error) {
	var str string
	if err := jsonv2.Unmarshal(raw, &str); err != nil {
		return nil, fmt.Errorf("decoding the walker's output: %w", err)
	}
	return decodeLines(str)
}

// decodeLines decodes the compact form of a walk (what lines() returns;
// world.js documents the fields). It is several times faster than JSON on
// a large page, and the text it reads is half the size.
func decodeLines(s string) (*rawSnapshot, error) {
	line, rest, _ := strings.Cut(s, "\n")
	head := strings.Split(line, "\t")
	if len(head) != 5 || head[0] != "A1" {
		return nil, fmt.Errorf("decoding the walker's output: unknown header %.40q", line)
	}
	count, err := strconv.Atoi(head[4])
	if err != nil {
		return nil, fmt.Errorf("decoding the walker's output: count %q", head[4])
	}
	rs := &rawSnapshot{Doc: unescape(head[1]), URL: unescape(head[2]), Title: unescape(head[3]), Count: count}
	rs.Nodes = make([]rawNode, 0, strings.Count(rest, "\n")+1)
	var f [20]string
	for n := 1; rest != ""; n++ {
		line, rest, _ = strings.Cut(rest, "\n")
		k := splitTabs(line, f[:])
		if k < 3 {
			return nil, fmt.Errorf("decoding the walker's output: line %d has %d fields", n, k)
		}
		var r rawNode
		r.R = f[0]
		if r.Pi, err = strconv.Atoi(f[1]); err != nil {
			return nil, fmt.Errorf("decoding the walker's output: line %d: parent %q", n, f[1])
		}
		if r.R == "#" {
			r.N = unescape(f[2])
			rs.Nodes = append(rs.Nodes, r)
			continue
		}
		if k < 9 {
			return nil, fmt.Errorf("decoding the walker's output: line %d has %d fields", n, k)
		}
		if r.H, err = strconv.Atoi(f[2]); err != nil {
			return nil, fmt.Errorf("decoding the walker's output: line %d: handle %q", n, f[2])
		}
		r.T = f[3]
		bits, _ := strconv.Atoi(f[4])
		r.D, r.S, r.Q, r.F, r.A, r.Fr, r.Pw = bits&1, bits>>1&1, bits>>2&1, bits>>3&1, bits>>4&1, bits>>5&1, bits>>6&1
		if f[5] != "" {
			r.B = make([]float64, 4)
			for i := range 4 {
				if r.B[i], err = strconv.ParseFloat(f[5+i], 64); err != nil {
					return nil, fmt.Errorf("decoding the walker's output: line %d: box %q", n, f[5+i])
				}
			}
		}
		r.N = unescape(f[9])
		if v, ok := strings.CutPrefix(f[10], "="); ok {
			v = unescape(v)
			r.V = &v
		}
		if u, ok := strings.CutPrefix(f[11], "="); ok {
			u = unescape(u)
			r.U = &u
		}
		r.Ph = unescape(f[12])
		r.C, r.P, r.X = f[13], f[14], f[15]
		if f[16] != "" {
			r.L, _ = strconv.Atoi(f[16])
		}
		r.I = f[17]
		if x, y, ok := strings.Cut(f[18], ","); ok {
			cx, err1 := strconv.ParseFloat(x, 64)
			cy, err2 := strconv.ParseFloat(y, 64)
			if err1 == nil && err2 == nil {
				r.Co = []float64{cx, cy}
			}
		}
		rs.Nodes = append(rs.Nodes, r)
	}
	return rs, nil
}

// splitTabs splits line at tabs into f, clearing the fields it does not
// reach, and returns the number of fields found.
func splitTabs(line string, f []string) int {
	k := 0
	for k < len(f) {
		i := strings.IndexByte(line, '\t')
		if i < 0 {
			f[k] = line
			k++
			break
		}
		f[k] = line[:i]
		line = line[i+1:]
		k++
	}
	for i := k; i < len(f); i++ {
		f[i] = ""
	}
	return k
}

// unescape undoes the walker's escaping of \\, \t, \n and \r.
func unescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// frameSlot is an iframe node whose document is read separately.
type frameSlot struct {
	node   *refs.Node
	handle int        // the iframe element's handle in its document's world
	offset [2]float64 // its content origin in the main viewport
	// For frames left to remoteFrames: the world of the document holding
	// the iframe, and the session it lives in.
	parentWorld *world
	sess        context.Context
}

// builder turns one document's walk into refs.Nodes, with refs from table.
type builder struct {
	table  *refs.Table
	tab    string
	frame  string
	doc    string
	offset [2]float64 // the document's viewport in the main viewport

	count  int               // element nodes built
	frames []frameSlot       // iframe nodes, in document order
	seen   map[[2]string]int // role+name -> how many so far, for healing indexes
	// items and named are the document's elements and their nodes, given
	// refs together at the end (so that re-rendered elements keep theirs).
	items []refs.Item
	named []*refs.Node
}

// tree builds the document's nodes from the walker's flat list.
func (b *builder) tree(rs *rawSnapshot) (*refs.Node, error) {
	raw := rs.Nodes
	if len(raw) == 0 || raw[0].Pi != -1 {
		return nil, fmt.Errorf("snapshot of frame %s has no root", b.frame)
	}
	b.seen = make(map[[2]string]int, len(raw)/2)
	nodes := make([]*refs.Node, len(raw))
	store := make([]refs.Node, len(raw)) // one allocation for every node
	kids := make([]int, len(raw))        // children per node, to size slices once
	for i := 1; i < len(raw); i++ {
		p := raw[i].Pi
		if p < 0 || p >= i {
			return nil, fmt.Errorf("snapshot of frame %s: node %d has bad parent %d", b.frame, i, p)
		}
		kids[p]++
	}
	for i := range raw {
		r := &raw[i]
		n := &store[i]
		if r.R == "#" {
			n.Role, n.Name = "text", r.N
		} else {
			b.fill(n, r)
		}
		if kids[i] > 0 {
			n.Children = make([]*refs.Node, 0, kids[i])
		}
		nodes[i] = n
		if i > 0 {
			p := nodes[r.Pi]
			p.Children = append(p.Children, n)
		}
		if r.Fr == 1 {
			off := b.offset
			if len(r.Co) == 2 {
				off = [2]float64{b.offset[0] + r.Co[0], b.offset[1] + r.Co[1]}
			}
			b.frames = append(b.frames, frameSlot{node: n, handle: r.H, offset: off})
		}
	}
	if rs.Count != b.count {
		return nil, fmt.Errorf("snapshot of frame %s: the walker counted %d elements, the list holds %d", b.frame, rs.Count, b.count)
	}
	for i, ref := range b.table.AssignDoc(b.tab, b.frame, b.doc, b.items) {
		b.named[i].Ref = ref
	}
	return nodes[0], nil
}

func (b *builder) fill(n *refs.Node, r *rawNode) {
	*n = refs.Node{
		Role:        r.R,
		Name:        r.N,
		Tag:         r.T,
		Placeholder: r.Ph,
		Checked:     r.C,
		Pressed:     r.P,
		Expanded:    r.X,
		Level:       r.L,
		Disabled:    r.D == 1,
		Selected:    r.S == 1,
		Required:    r.Q == 1,
		Invalid:     r.I != "",
		Focused:     r.F == 1,
		Frame:       b.frame,
		Interactive: r.A == 1,
		Secret:      r.Pw == 1,
	}
	if r.V != nil {
		n.Value, n.HasValue = *r.V, true
	}
	if r.U != nil {
		n.URL, n.HasURL = *r.U, true
	}
	if r.I == "grammar" || r.I == "spelling" {
		n.InvalidKind = r.I
	}
	if len(r.B) == 4 {
		n.Box = &refs.Box{X: round2(r.B[0] + b.offset[0]), Y: round2(r.B[1] + b.offset[1]), Width: r.B[2], Height: r.B[3]}
	}
	if r.R == "document" {
		return
	}
	key := [2]string{r.R, r.N}
	idx := b.seen[key]
	b.seen[key] = idx + 1
	b.items = append(b.items, refs.Item{Handle: r.H, Role: r.R, Name: r.N, Index: idx})
	b.named = append(b.named, n)
	b.count++
}

// round2 rounds to hundredths of a pixel, as the walker does, so that sums
// of rounded numbers print short.
func round2(x float64) float64 { return math.Round(x*100) / 100 }
