package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// Evaluate calls fn, the source of a JavaScript function, in the page's own
// world (where the page's globals live), as Playwright's page.evaluate does:
// "() => document.title", or with a ref "(element) => element.value". It
// returns the function's value as JSON (promises are awaited).
func (b *Browser) Evaluate(ctx context.Context, ref, fn string) (json.RawMessage, error) {
	if strings.TrimSpace(fn) == "" {
		return nil, refs.Errorf(refs.CodeBadArgument, "evaluate needs a function, e.g. () => document.title")
	}
	var out json.RawMessage
	_, err := b.act(ctx, ref, ActionOptions{}, func(ctx context.Context, el *element, _ *ActionResult) error {
		var err error
		if el == nil {
			out, err = evalPage(ctx, fn)
		} else {
			out, err = el.evalPage(ctx, fn)
		}
		return err
	})
	return out, err
}

func evalPage(ctx context.Context, fn string) (json.RawMessage, error) {
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
		Expression: "(" + fn + ")()", ReturnByValue: new(true), AwaitPromise: new(true),
	})
	if err != nil {
		return nil, err
	}
	return evalValue(res.Result, res.ExceptionDetails)
}

// evalPage calls fn with the element, moved from Ariadne's isolated world
// into the page's main world through its backend node id.
func (el *element) evalPage(ctx context.Context, fn string) (json.RawMessage, error) {
	// In the element's session: an out-of-process frame's own.
	ctx, cancel := el.world.bind(ctx)
	defer cancel()
	id, err := el.object(ctx)
	if err != nil {
		return nil, err
	}
	node, err := chromedp.Call(ctx, dom.DescribeNode, dom.DescribeNodeParams{ObjectID: id})
	if err != nil {
		return nil, fmt.Errorf("describing ref %s: %w", el.ref, err)
	}
	obj, err := chromedp.Call(ctx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: node.Node.BackendNodeID})
	if err != nil {
		return nil, fmt.Errorf("resolving ref %s in the page's world: %w", el.ref, err)
	}
	val, err := chromedp.Call(ctx, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: fn,
		ObjectID:            obj.Object.ObjectID,
		Arguments:           []*runtime.CallArgument{{ObjectID: obj.Object.ObjectID}},
		ReturnByValue:       new(true),
		AwaitPromise:        new(true),
	})
	if err != nil {
		return nil, err
	}
	return evalValue(val.Result, val.ExceptionDetails)
}

func evalValue(res *runtime.RemoteObject, exc *runtime.ExceptionDetails) (json.RawMessage, error) {
	if exc != nil {
		msg := exc.Text
		if exc.Exception != nil && exc.Exception.Description != "" {
			msg = exc.Exception.Description
		}
		return nil, refs.Errorf(refs.CodeBadArgument, "the function threw: %s", firstLine(msg))
	}
	if res == nil || len(res.Value) == 0 {
		return json.RawMessage("undefined"), nil
	}
	return json.RawMessage(res.Value), nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Resize sets the viewport of the current tab to width×height CSS pixels.
func (b *Browser) Resize(ctx context.Context, width, height int) error {
	if width <= 0 || height <= 0 {
		return refs.Errorf(refs.CodeBadArgument, "resize needs a positive width and height, not %dx%d", width, height)
	}
	t, err := b.CurrentTab()
	if err != nil {
		return err
	}
	tctx, cancel := t.bind(ctx)
	defer cancel()
	return b.browserErr(chromedp.Do(tctx, chromedp.EmulateViewport(int64(width), int64(height), b.opts.Device.emulation()...)))
}

// ConsoleMessage is one console message or uncaught error of a tab.
type ConsoleMessage struct {
	Type string    `json:"type"` // log, info, warning, error, debug, ... ("error" for uncaught exceptions)
	Text string    `json:"text"`
	URL  string    `json:"url,omitempty"`
	Line int64     `json:"line,omitempty"`
	Time time.Time `json:"time"`
}

// consoleLog keeps the last maxConsole messages of a tab.
type consoleLog struct {
	mu   sync.Mutex
	msgs []ConsoleMessage
}

const maxConsole = 500

func (c *consoleLog) add(m ConsoleMessage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.msgs = append(c.msgs, m)
	if len(c.msgs) > maxConsole {
		c.msgs = append([]ConsoleMessage(nil), c.msgs[len(c.msgs)-maxConsole:]...)
	}
}

// Console returns the console messages of the current tab so far, oldest
// first.
func (b *Browser) Console() ([]ConsoleMessage, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	t.console.mu.Lock()
	defer t.console.mu.Unlock()
	return append([]ConsoleMessage(nil), t.console.msgs...), nil
}

func (t *Tab) watchConsole() {
	go func() {
		for ev, err := range chromedp.Events(t.ctx, runtime.ExceptionThrown) {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			text := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				text = firstLine(d.Exception.Description)
			}
			t.console.add(ConsoleMessage{Type: "error", Text: text, URL: d.URL, Line: d.LineNumber + 1, Time: time.Now()})
		}
	}()
	for ev, err := range chromedp.Events(t.ctx, runtime.ConsoleAPICalled) {
		if err != nil {
			return
		}
		parts := make([]string, 0, len(ev.Args))
		for _, a := range ev.Args {
			parts = append(parts, remoteText(a))
		}
		m := ConsoleMessage{Type: string(ev.Type), Text: strings.Join(parts, " "), Time: time.Now()}
		if ev.StackTrace != nil && len(ev.StackTrace.CallFrames) > 0 {
			f := ev.StackTrace.CallFrames[0]
			m.URL, m.Line = f.URL, f.LineNumber+1
		}
		t.console.add(m)
	}
}

// remoteText is how the console prints one argument.
func remoteText(a *runtime.RemoteObject) string {
	if len(a.Value) > 0 {
		var s string
		if json.Unmarshal(a.Value, &s) == nil {
			return s
		}
		return string(a.Value)
	}
	if a.UnserializableValue != "" {
		return string(a.UnserializableValue)
	}
	if a.Description != "" {
		return a.Description
	}
	return string(a.Type)
}
