package browser

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// worldFiles are the parts of the walker (__ariadne: handles, roles,
// names, states, the walk, change tracking), in the order they are joined
// (see scripts.go).
var worldFiles = []string{
	"js/world/base.js",
	"js/world/roles.js",
	"js/world/content.js",
	"js/world/names.js",
	"js/world/states.js",
	"js/world/walk.js",
	"js/world/changes.js",
	"js/world/silent.js",
	"js/world/sheets.js",
	"js/world/refresh.js",
	"js/world/api.js",
}

// extensionJS are installed after world.js, in this order. Each adds its
// functions to globalThis.__ariadne and must be safe to run twice.
//
//go:embed js/actions.js
var actionsJS string

//go:embed js/identity.js
var identityJS string

//go:embed js/xpath.js
var xpathJS string

// worldName names Ariadne's isolated world in each frame.
const worldName = "__ariadne__"

// world is Ariadne's isolated world in one document of one frame. A new
// document (a navigation or reload) gets a new world and a new doc token.
type world struct {
	frame  cdp.FrameID
	loader cdp.LoaderID
	ctxID  runtime.ExecutionContextID
	doc    string
	// sess is the session of the out-of-process frame the world lives
	// in (snapshot_oopif.go), nil for the tab's own session. Calls in the
	// world go through it, whatever session the caller's context has.
	sess context.Context
}

// bind returns ctx, or for a world in an out-of-process frame a context of
// that frame's session with ctx's deadline and cancellation.
func (w *world) bind(ctx context.Context) (context.Context, context.CancelFunc) {
	if w.sess == nil {
		return ctx, func() {}
	}
	return within(w.sess, ctx)
}

// frameTree returns the tab's frame tree.
func (t *Tab) frameTree(ctx context.Context) (*page.FrameTree, error) {
	res, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
	if err != nil {
		return nil, fmt.Errorf("reading the frame tree: %w", err)
	}
	return res.FrameTree, nil
}

// worldFor returns the isolated world of frame f's current document,
// creating it (and installing Ariadne's script) when the document is new.
func (t *Tab) worldFor(ctx context.Context, f *cdp.Frame) (*world, error) {
	return t.worldIn(ctx, nil, f)
}

// worldIn is worldFor for a frame of the session sess: nil for the tab's
// own, or the session of an out-of-process frame (remoteSession).
func (t *Tab) worldIn(ctx, sess context.Context, f *cdp.Frame) (*world, error) {
	// One caller at a time, so that two callers (a live refresh and a
	// user's action) never create two worlds for one new document.
	t.worldMu.Lock()
	defer t.worldMu.Unlock()
	t.mu.Lock()
	w := t.worlds[f.ID]
	t.mu.Unlock()
	if w != nil && w.loader == f.LoaderID {
		// Same document: the world still exists unless the frame was
		// replaced under us; check with a cheap call.
		if _, err := t.evalIn(ctx, w, "__ariadne.doc"); err == nil {
			return w, nil
		}
	}
	w = &world{frame: f.ID, loader: f.LoaderID, sess: sess}
	cctx, cancel := w.bind(ctx)
	res, err := chromedp.Call(cctx, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: f.ID, WorldName: worldName})
	cancel()
	if err != nil {
		return nil, fmt.Errorf("creating Ariadne's world in frame %s: %w", f.ID, err)
	}
	w.ctxID = res.ExecutionContextID
	scripts, err := worldScripts()
	if err != nil {
		return nil, fmt.Errorf("installing Ariadne's script in frame %s: %w", f.ID, err)
	}
	raw, err := t.evalIn(ctx, w, scripts.world)
	if err != nil {
		return nil, fmt.Errorf("installing Ariadne's script in frame %s: %w", f.ID, err)
	}
	if err := json.Unmarshal(raw, &w.doc); err != nil {
		return nil, fmt.Errorf("installing Ariadne's script: unexpected result %s", raw)
	}
	for _, js := range scripts.extensions {
		if _, err := t.evalIn(ctx, w, js); err != nil {
			return nil, fmt.Errorf("installing Ariadne's script in frame %s: %w", f.ID, err)
		}
	}
	t.mu.Lock()
	t.worlds[f.ID] = w
	t.mu.Unlock()
	return w, nil
}

// currentDoc returns the doc token of frame id's current document without
// creating anything: "" if Ariadne has not been in that document yet.
func (t *Tab) knownWorld(id cdp.FrameID) *world {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.worlds[id]
}

// evalIn evaluates expr in world w and returns its JSON value.
func (t *Tab) evalIn(ctx context.Context, w *world, expr string) (json.RawMessage, error) {
	ctx, cancel := w.bind(ctx)
	defer cancel()
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
		Expression:    expr,
		ContextID:     w.ctxID,
		ReturnByValue: new(true),
		AwaitPromise:  new(true),
	})
	if err != nil {
		return nil, err
	}
	if res.ExceptionDetails != nil {
		return nil, &chromedp.ExceptionError{ExceptionDetails: res.ExceptionDetails}
	}
	if res.Result == nil {
		return nil, fmt.Errorf("evaluation returned nothing")
	}
	return json.RawMessage(fixSurrogates(res.Result.Value)), nil
}

// callIn calls the function fn (JavaScript source) in world w with JSON
// arguments and returns its JSON value.
func (t *Tab) callIn(ctx context.Context, w *world, fn string, args ...any) (json.RawMessage, error) {
	var b strings.Builder
	b.WriteString("(")
	b.WriteString(fn)
	b.WriteString(")(")
	for i, a := range args {
		if i > 0 {
			b.WriteString(",")
		}
		j, err := json.Marshal(a)
		if err != nil {
			return nil, fmt.Errorf("encoding argument: %w", err)
		}
		b.Write(j)
	}
	b.WriteString(")")
	return t.evalIn(ctx, w, b.String())
}
