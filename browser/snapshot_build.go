package browser

import (
	"encoding/json"
	"fmt"

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

// decodeWalk decodes what Runtime.evaluate returned for snapshot(): a JSON
// string holding the walk's JSON.
func decodeWalk(raw json.RawMessage) (*rawSnapshot, error) {
	var str string
	if err := jsonv2.Unmarshal(raw, &str); err != nil {
		return nil, fmt.Errorf("decoding the walker's output: %w", err)
	}
	return decodeRaw([]byte(str))
}

// decodeRaw decodes the walk's JSON.
func decodeRaw(data []byte) (*rawSnapshot, error) {
	var rs rawSnapshot
	if err := jsonv2.Unmarshal(data, &rs); err != nil {
		return nil, fmt.Errorf("decoding the walker's output: %w", err)
	}
	return &rs, nil
}

// frameSlot is an iframe node whose document is read separately.
type frameSlot struct {
	node   *refs.Node
	handle int        // the iframe element's handle in its document's world
	offset [2]float64 // its content origin in the main viewport
	// parentWorld is the world of the document holding the iframe (set for
	// frames left for remoteFrames).
	parentWorld *world
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
		n.Box = &refs.Box{X: r.B[0] + b.offset[0], Y: r.B[1] + b.offset[1], Width: r.B[2], Height: r.B[3]}
	}
	if r.R == "document" {
		return
	}
	key := [2]string{r.R, r.N}
	idx := b.seen[key]
	b.seen[key] = idx + 1
	n.Ref = b.table.Assign(refs.Key{Tab: b.tab, Frame: b.frame, Doc: b.doc, Handle: r.H}, r.R, r.N, idx)
	b.count++
}
