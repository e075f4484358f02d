package browser

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// Out-of-process iframes. The browser Ariadne launches keeps every frame in
// the page's process, but a browser it attaches to (--remote) runs a
// cross-site iframe in a process of its own, as a separate target of type
// "iframe": the tab's session does not see its document, and the tab's
// frame tree does not list it. The snapshot reaches such a frame through a
// session of its own (chromedp.WithTargetID), walks it there, and stitches
// it under its iframe element.
//
// A session stays attached for the life of its frame, so that its isolated
// world, and with it the refs of the frame's elements, survive from one
// snapshot to the next. Actions on those refs resolve the frame through the
// same session (oopif_frames.go).

// remoteSession returns a session attached to the frame target id, the
// child of the tab's context: it ends with the tab. Sessions are kept in the
// tab (t.remote), one per frame target.
func (t *Tab) remoteSession(ctx context.Context, id target.ID) (context.Context, error) {
	t.mu.Lock()
	sess := t.remote[id]
	t.mu.Unlock()
	if sess != nil && sess.Err() == nil {
		return sess, nil
	}
	// Detach, never close, when the session ends: the frame is the page's.
	sess, cancel := chromedp.NewContext(t.ctx, chromedp.WithTargetID(id), chromedp.WithDetachOnCancel())
	attach := make(chan error, 1)
	go func() { attach <- chromedp.Do(sess) }()
	select {
	case err := <-attach:
		if err != nil {
			cancel()
			return nil, fmt.Errorf("attaching to frame target %s: %w", id, err)
		}
	case <-ctx.Done():
		cancel()
		return nil, ctx.Err()
	}
	t.mu.Lock()
	if t.remote == nil {
		t.remote = map[target.ID]context.Context{}
	}
	t.remote[id] = sess
	t.mu.Unlock()
	return sess, nil
}

// remoteSessions returns the live sessions of the tab's out-of-process
// frames.
func (t *Tab) remoteSessions() []context.Context {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []context.Context
	for _, s := range t.remote {
		if s.Err() == nil {
			out = append(out, s)
		}
	}
	return out
}

// forgetRemote drops a session whose frame went away.
func (t *Tab) forgetRemote(id target.ID) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.remote, id)
}

// within binds the long-lived session sess to the deadline and
// cancellation of ctx, for the calls of one snapshot.
func within(sess, ctx context.Context) (context.Context, context.CancelFunc) {
	d := 30 * time.Second
	if dl, ok := ctx.Deadline(); ok {
		d = time.Until(dl)
	}
	c, cancel := context.WithTimeout(sess, d)
	stop := context.AfterFunc(ctx, cancel)
	return c, func() { stop(); cancel() }
}

// remoteFrames reads the iframes the frames' own sessions could not reach:
// for each, the frame that the iframe element holds, through its target.
// Frames inside them that live in yet another process join the queue.
func (s *snapshotter) remoteFrames(ctx context.Context, root *refs.Node) {
	for len(s.pending) > 0 {
		slot := s.pending[0]
		s.pending = s.pending[1:]
		if err := s.remoteFrame(ctx, slot); err != nil {
			s.problems = append(s.problems, fmt.Sprintf("iframe %s: %v", slot.node.Ref, err))
		}
	}
}

func (s *snapshotter) remoteFrame(ctx context.Context, slot frameSlot) error {
	pctx, cancel := within(slot.sess, ctx)
	defer cancel()
	id, err := s.contentFrame(pctx, slot)
	if err != nil || id == "" {
		return err // no document in it (yet)
	}
	sess, err := s.t.remoteSession(ctx, target.ID(id))
	if err != nil {
		return err
	}
	s.t.setParent(cdp.FrameID(id), slot.parentWorld.frame)
	rctx, rcancel := within(sess, ctx)
	defer rcancel()
	tree, err := s.t.frameTree(rctx)
	if err != nil {
		s.t.forgetRemote(target.ID(id))
		return err
	}
	doc, err := s.frame(rctx, sess, tree, slot.offset)
	if err != nil {
		return err
	}
	slot.node.Children = append(slot.node.Children, doc.Children...)
	return nil
}

// contentFrame returns the id of the frame that the slot's iframe element
// holds, as the parent's session knows it (for an out-of-process frame it
// is also the id of the frame's target), or "".
func (s *snapshotter) contentFrame(ctx context.Context, slot frameSlot) (string, error) {
	w := slot.parentWorld
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
		Expression: "__ariadne.elementOf(" + strconv.Itoa(slot.handle) + ")",
		ContextID:  w.ctxID,
	})
	if err != nil {
		return "", fmt.Errorf("finding the iframe element: %w", err)
	}
	if res.Result == nil || res.Result.ObjectID == "" {
		return "", nil // gone since the walk
	}
	defer chromedp.Call(ctx, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: res.Result.ObjectID})
	d, err := chromedp.Call(ctx, dom.DescribeNode, dom.DescribeNodeParams{ObjectID: res.Result.ObjectID})
	if err != nil {
		return "", fmt.Errorf("describing the iframe element: %w", err)
	}
	return string(d.Node.FrameID), nil
}
