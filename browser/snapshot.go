package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// rawNode is a node as the in-page walker reports it (short keys keep the
// JSON of a 20,000-element page small). Children are either rawNodes or
// strings (text).
type rawNode struct {
	H  int       `json:"h"`
	R  string    `json:"r"`
	N  string    `json:"n"`
	T  string    `json:"t"`
	V  *string   `json:"v"`
	U  string    `json:"u"`
	C  string    `json:"c"`
	P  string    `json:"p"`
	X  string    `json:"x"`
	L  int       `json:"l"`
	D  int       `json:"d"`
	S  int       `json:"s"`
	Q  int       `json:"q"`
	I  int       `json:"i"`
	F  int       `json:"f"`
	A  int       `json:"a"`
	B  []float64 `json:"b"`
	Pi int       `json:"pi"` // index of the parent in the flat list; -1 for the root
	Fr int       `json:"fr"`
	Co []float64 `json:"co"`
}

type rawSnapshot struct {
	Doc   string    `json:"doc"`
	URL   string    `json:"url"`
	Title string    `json:"title"`
	Count int       `json:"count"`
	Nodes []rawNode `json:"nodes"` // document order; Nodes[0] is the root
}

// Snapshot reads the ARIA snapshot of the current tab.
func (b *Browser) Snapshot(ctx context.Context) (*refs.Snapshot, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	snap, err := t.Snapshot(ctx)
	if err != nil {
		return nil, b.browserErr(err)
	}
	b.mu.Lock()
	for i, x := range b.tabs {
		if x == t {
			snap.TabIndex = i + 1
		}
	}
	b.mu.Unlock()
	return snap, nil
}

// Snapshot reads the tab's ARIA snapshot: every frame's document, stitched
// under its iframe, with refs assigned from the session's table.
func (t *Tab) Snapshot(ctx context.Context) (*refs.Snapshot, error) {
	ctx, cancel := t.opContext(ctx, t.b.opts.NavTimeout)
	defer cancel()
	tree, err := t.frameTree(ctx)
	if err != nil {
		return nil, err
	}
	s := &snapshotter{t: t, table: t.b.refs}
	root, err := s.frame(ctx, tree, [2]float64{})
	if err != nil {
		return nil, err
	}
	snap := &refs.Snapshot{
		URL:      s.mainURL,
		Title:    s.mainTitle,
		Tab:      string(t.id),
		Viewport: t.b.opts.Viewport,
		Count:    s.count,
		Root:     root,
		Problems: s.problems,
	}
	return snap, nil
}

// bind derives a context for work on this tab that ends when ctx ends or
// its deadline passes.
func (t *Tab) bind(ctx context.Context) (context.Context, context.CancelFunc) {
	c, cancel := context.WithCancel(t.ctx)
	if dl, ok := ctx.Deadline(); ok {
		c, cancel = context.WithDeadline(t.ctx, dl)
	}
	stop := context.AfterFunc(ctx, cancel)
	return c, func() { stop(); cancel() }
}

// opContext derives a context for work on this tab: bound to the tab's
// chromedp context (so commands reach its target), to ctx's cancellation,
// and to the timeout d.
func (t *Tab) opContext(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	c, cancel := context.WithTimeout(t.ctx, d)
	stop := context.AfterFunc(ctx, cancel)
	return c, func() { stop(); cancel() }
}

type snapshotter struct {
	t         *Tab
	table     *refs.Table
	count     int
	mainURL   string
	mainTitle string
	problems  []string
}

// frame snapshots one frame and, recursively, its child frames. offset is
// the position of the frame's viewport in the main frame's viewport.
func (s *snapshotter) frame(ctx context.Context, ft *page.FrameTree, offset [2]float64) (*refs.Node, error) {
	f := ft.Frame
	w, err := s.t.worldFor(ctx, f)
	if err != nil {
		return nil, err
	}
	raw, err := s.t.evalIn(ctx, w, "__ariadne.snapshot()")
	if err != nil {
		return nil, fmt.Errorf("snapshotting frame %s: %w", f.URL, err)
	}
	var str string
	if err := json.Unmarshal(raw, &str); err != nil {
		return nil, fmt.Errorf("snapshotting frame %s: %w", f.URL, err)
	}
	var rs rawSnapshot
	if err := json.Unmarshal([]byte(str), &rs); err != nil {
		return nil, fmt.Errorf("decoding the snapshot of frame %s: %w", f.URL, err)
	}
	if f.ParentID == "" {
		s.mainURL, s.mainTitle = rs.URL, rs.Title
	}
	// Which child frame lives in which iframe element of this document.
	children := map[int]*page.FrameTree{}
	for _, cf := range ft.ChildFrames {
		h, err := s.ownerHandle(ctx, w, cf.Frame.ID)
		if err != nil {
			s.problems = append(s.problems, fmt.Sprintf("frame %s: %v", cf.Frame.URL, err))
			continue
		}
		children[h] = cf
	}
	b := builder{s: s, ctx: ctx, frame: f.ID, doc: w.doc, offset: offset, children: children, seen: map[[2]string]int{}}
	return b.tree(rs.Nodes)
}

// ownerHandle returns the handle, in world w, of the iframe element that
// holds child frame id.
func (s *snapshotter) ownerHandle(ctx context.Context, w *world, id cdp.FrameID) (int, error) {
	owner, err := chromedp.Call(ctx, dom.GetFrameOwner, dom.GetFrameOwnerParams{FrameID: id})
	if err != nil {
		return 0, fmt.Errorf("finding its iframe: %w", err)
	}
	obj, err := chromedp.Call(ctx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: owner.BackendNodeID, ExecutionContextID: w.ctxID})
	if err != nil {
		return 0, fmt.Errorf("resolving its iframe: %w", err)
	}
	res, err := chromedp.Call(ctx, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: "function() { return __ariadne.handleOf(this); }",
		ObjectID:            obj.Object.ObjectID,
		ReturnByValue:       new(true),
	})
	chromedp.Call(ctx, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: obj.Object.ObjectID})
	if err != nil {
		return 0, fmt.Errorf("naming its iframe: %w", err)
	}
	var h int
	if res.Result == nil || json.Unmarshal(res.Result.Value, &h) != nil {
		return 0, fmt.Errorf("naming its iframe: no handle")
	}
	return h, nil
}

// builder turns one frame's raw tree into refs.Nodes.
type builder struct {
	s        *snapshotter
	ctx      context.Context
	frame    cdp.FrameID
	doc      string
	offset   [2]float64
	children map[int]*page.FrameTree
	seen     map[[2]string]int // role+name -> count so far, for healing indexes
}

// tree builds the frame's nodes from the walker's flat list.
func (b *builder) tree(raw []rawNode) (*refs.Node, error) {
	if len(raw) == 0 || raw[0].Pi != -1 {
		return nil, fmt.Errorf("snapshot of frame %s has no root", b.frame)
	}
	nodes := make([]*refs.Node, len(raw))
	var frames []int
	for i := range raw {
		r := &raw[i]
		var n *refs.Node
		if r.R == "#" {
			n = &refs.Node{Role: "text", Name: r.N}
		} else {
			n = b.node(r)
			if r.Fr == 1 {
				frames = append(frames, i)
			}
		}
		nodes[i] = n
		if i == 0 {
			continue
		}
		if r.Pi < 0 || r.Pi >= i {
			return nil, fmt.Errorf("snapshot of frame %s: node %d has bad parent %d", b.frame, i, r.Pi)
		}
		p := nodes[r.Pi]
		p.Children = append(p.Children, n)
	}
	for _, i := range frames {
		r, n := &raw[i], nodes[i]
		cf := b.children[r.H]
		if cf == nil {
			continue
		}
		off := b.offset
		if len(r.Co) == 2 {
			off = [2]float64{b.offset[0] + r.Co[0], b.offset[1] + r.Co[1]}
		}
		doc, err := b.s.frame(b.ctx, cf, off)
		if err != nil {
			b.s.problems = append(b.s.problems, fmt.Sprintf("frame %s: %v", cf.Frame.URL, err))
			continue
		}
		n.Children = append(n.Children, doc.Children...)
	}
	return nodes[0], nil
}

func (b *builder) node(r *rawNode) *refs.Node {
	n := &refs.Node{
		Role:     r.R,
		Name:     r.N,
		Tag:      r.T,
		URL:      r.U,
		Checked:  r.C,
		Pressed:  r.P,
		Expanded: r.X,
		Level:    r.L,
		Disabled: r.D == 1,
		Selected: r.S == 1,
		Required: r.Q == 1,
		Invalid:  r.I == 1,
		Focused:  r.F == 1,
		Frame:    string(b.frame),

		Interactive: r.A == 1,
	}
	if r.V != nil {
		n.Value, n.HasValue = *r.V, true
	}
	if len(r.B) == 4 {
		n.Box = &refs.Box{X: r.B[0] + b.offset[0], Y: r.B[1] + b.offset[1], Width: r.B[2], Height: r.B[3]}
	}
	if r.R != "document" {
		key := [2]string{r.R, r.N}
		idx := b.seen[key]
		b.seen[key] = idx + 1
		n.Ref = b.s.table.Assign(refs.Key{Tab: string(b.s.t.id), Frame: string(b.frame), Doc: b.doc, Handle: r.H}, r.R, r.N, idx)
		b.s.count++
	}
	return n
}
