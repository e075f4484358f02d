package recordings

// This file holds the fixed parts of the program ExportChromedp writes:
// the package clause, imports and main, and the helpers the steps call.
// The steps themselves are written by export_chromedp.go, and the element
// lookup is in chromedp_locate.go.

// chromedpHead is the program's package clause, imports and main. A ʼ
// stands for a backquote.
const chromedpHead = `//
// It replays the recording in Chrome with chromedp v0.23 and exits with
// status 1 at the first step that fails. CHROME_PATH picks the browser,
// STEP_TIMEOUT the time a step may take; secrets come from environment
// variables.
//
//	go mod init replay && go get github.com/chromedp/chromedp@v0.23.0 && go run .
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// stepTimeout is how long one step may take; STEP_TIMEOUT (such as 30s)
// changes it.
var stepTimeout = 15 * time.Second

func init() {
	if d, err := time.ParseDuration(os.Getenv("STEP_TIMEOUT")); err == nil && d > 0 {
		stepTimeout = d
	}
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "replay failed:", err)
		os.Exit(1)
	}
	fmt.Println("replay passed")
}

`

// chromedpHelpers are the functions the steps call. A ʼ stands for a
// backquote.
const chromedpHelpers = `// newBrowser starts a headless browser with a tab of the given size,
// emulating the device that opts say (scale factor, mobile, touch,
// orientation).
func newBrowser(width, height int, opts ...chromedp.EmulateViewportOption) (context.Context, context.CancelFunc, error) {
	emulate := opts
	allocOpts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(width, height),
	)
	if path := os.Getenv("CHROME_PATH"); path != "" {
		allocOpts = append(allocOpts, chromedp.ExecPath(path))
	}
	if os.Geteuid() == 0 {
		allocOpts = append(allocOpts, chromedp.NoSandbox) // Chrome will not start as root with its sandbox
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), allocOpts...)
	ctx, cancelTab := chromedp.NewContext(allocCtx)
	cancel := func() { cancelTab(); cancelAlloc() }
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height), emulate...)); err != nil {
		cancel()
		return nil, nil, fmt.Errorf("start the browser: %w", err)
	}
	return ctx, cancel, nil
}

// do runs the actions of step n in the tab ctx.
func do(ctx context.Context, n int, what string, actions ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		return fmt.Errorf("step %d (%s): %w", n, what, err)
	}
	return nil
}

// doMayClose runs the actions of step n, the last in its tab, which may
// close the tab (a button that calls window.close()): the step is then
// done.
func doMayClose(ctx context.Context, n int, what string, actions ...chromedp.Action[chromedp.Void]) error {
	err := do(ctx, n, what, actions...)
	if err != nil && (ctx.Err() != nil || errors.Is(err, chromedp.ErrTargetDetached)) {
		fmt.Fprintf(os.Stderr, "step %d (%s): the tab closed itself\n", n, what)
		return nil
	}
	return err
}

// doNavigation runs the actions of step n and waits for the page they load.
func doNavigation(ctx context.Context, n int, what string, actions ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	if _, err := chromedp.RunResponse(ctx, actions...); err != nil {
		return fmt.Errorf("step %d (%s): %w", n, what, err)
	}
	return nil
}

// expect polls get until it gives want (with not, until it gives
// something else).
func expect(ctx context.Context, n int, what, want string, not bool, get chromedp.Action[string]) error {
	deadline := time.Now().Add(stepTimeout)
	for {
		qctx, cancel := context.WithTimeout(ctx, time.Second)
		got, err := chromedp.Run(qctx, get)
		cancel()
		if err == nil && (got == want) != not {
			return nil
		}
		if time.Now().After(deadline) {
			switch {
			case err != nil:
				return fmt.Errorf("step %d (%s): %w", n, what, err)
			case not:
				return fmt.Errorf("step %d (%s): got %q, want anything else", n, what, got)
			}
			return fmt.Errorf("step %d (%s): got %q, want %q", n, what, got, want)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// skipped reports a step the program cannot replay.
func skipped(n int, why string) {
	fmt.Fprintf(os.Stderr, "step %d skipped: %s\n", n, why)
}

// secret reads a value the recording kept out of the program.
func secret(name string) (string, error) {
	v, ok := os.LookupEnv(name)
	if !ok {
		return "", fmt.Errorf("set the environment variable %s: the recording types it", name)
	}
	return v, nil
}

// locate finds the element of an Ariadne locator (JSON: its parts, and the
// frame path) with the JavaScript in locateJS, as Playwright would.
func locate(query string) chromedp.JSPath {
	return chromedp.JSPath("(" + locateJS + ")(" + query + ")")
}

// click clicks the centre of the element.
func click[S chromedp.Selectable](sel S, opts ...chromedp.MouseOption) chromedp.Action[chromedp.Void] {
	return chromedp.QueryAfter(sel, func(ctx context.Context, t *chromedp.Target, nodes []*chromedp.Node) (chromedp.Void, error) {
		return chromedp.MouseClickNode(nodes[0], opts...)(ctx, t)
	}, chromedp.NodeVisible)
}

// doubleClick clicks the element twice, as a double click.
func doubleClick[S chromedp.Selectable](sel S, opts ...chromedp.MouseOption) chromedp.Action[chromedp.Void] {
	return chromedp.QueryAfter(sel, func(ctx context.Context, t *chromedp.Target, nodes []*chromedp.Node) (chromedp.Void, error) {
		if _, err := chromedp.MouseClickNode(nodes[0], opts...)(ctx, t); err != nil {
			return chromedp.Void{}, err
		}
		return chromedp.MouseClickNode(nodes[0], append(opts, chromedp.ClickCount(2))...)(ctx, t)
	}, chromedp.NodeVisible)
}

// callOn calls the JavaScript function fn with the element as this.
func callOn[S chromedp.Selectable](sel S, fn string, args ...any) chromedp.Action[chromedp.Void] {
	return chromedp.QueryAfter(sel, func(ctx context.Context, t *chromedp.Target, nodes []*chromedp.Node) (chromedp.Void, error) {
		obj, err := cdp.Call(ctx, t, dom.ResolveNode, dom.ResolveNodeParams{NodeID: nodes[0].NodeID})
		if err != nil {
			return chromedp.Void{}, err
		}
		defer cdp.Call(ctx, t, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: obj.Object.ObjectID})
		return chromedp.CallFunctionOn[chromedp.Void](fn, func(p *runtime.CallFunctionOnParams) {
			p.ObjectID = obj.Object.ObjectID
		}, args...)(ctx, t)
	}, chromedp.NodeVisible)
}

// fill replaces the value of a text field, as Playwright's fill does:
// focus, select all, insert the text.
func fill[S chromedp.Selectable](sel S, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := callOn(sel, ʼfunction() {
			if (this.disabled || this.readOnly) throw new Error('the field is not editable');
			this.focus();
			if (typeof this.select === 'function') this.select();
			else {
				const r = this.ownerDocument.createRange();
				r.selectNodeContents(this);
				const s = this.ownerDocument.getSelection();
				s.removeAllRanges();
				s.addRange(r);
			}
		}ʼ)(ctx, t)
		if err != nil {
			return err
		}
		if value == "" {
			_, err = chromedp.KeyEvent(kb.Delete)(ctx, t)
			return err
		}
		_, err = cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: value})
		return err
	})
}

// selectOptions selects the options of a <select> by value or label.
func selectOptions[S chromedp.Selectable](sel S, values ...string) chromedp.Action[chromedp.Void] {
	return callOn(sel, ʼfunction(values) {
		if (this.localName !== 'select') throw new Error('not a <select>');
		let found = 0;
		for (const o of this.options) {
			o.selected = values.includes(o.value) || values.includes(o.label);
			if (o.selected) found++;
		}
		if (found < values.length) throw new Error('no option for some of ' + JSON.stringify(values));
		this.dispatchEvent(new Event('input', { bubbles: true }));
		this.dispatchEvent(new Event('change', { bubbles: true }));
	}ʼ, values)
}

// setChecked clicks a checkbox or radio button unless it is already in
// the wanted state, then checks that it is.
func setChecked[S chromedp.Selectable](sel S, want bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		checked, err := chromedp.JavascriptAttribute[bool](sel, "checked", chromedp.NodeVisible)(ctx, t)
		if err != nil || checked == want {
			return err
		}
		if _, err := click(sel)(ctx, t); err != nil {
			return err
		}
		if checked, err = chromedp.JavascriptAttribute[bool](sel, "checked")(ctx, t); err == nil && checked != want {
			err = errors.New("clicking did not change the checked state")
		}
		return err
	})
}

// center scrolls the element into view and returns its centre.
func center(ctx context.Context, t *chromedp.Target, n *chromedp.Node) (x, y float64, err error) {
	if _, err := cdp.Call(ctx, t, dom.ScrollIntoViewIfNeeded, dom.ScrollIntoViewIfNeededParams{NodeID: n.NodeID}); err != nil {
		return 0, 0, err
	}
	q, err := cdp.Call(ctx, t, dom.GetContentQuads, dom.GetContentQuadsParams{NodeID: n.NodeID})
	if err != nil {
		return 0, 0, err
	}
	if len(q.Quads) == 0 || len(q.Quads[0]) != 8 {
		return 0, 0, errors.New("the element has no box")
	}
	quad := q.Quads[0]
	return (quad[0] + quad[2] + quad[4] + quad[6]) / 4, (quad[1] + quad[3] + quad[5] + quad[7]) / 4, nil
}

// hover moves the mouse over the centre of the element.
func hover[S chromedp.Selectable](sel S) chromedp.Action[chromedp.Void] {
	return chromedp.QueryAfter(sel, func(ctx context.Context, t *chromedp.Target, nodes []*chromedp.Node) (chromedp.Void, error) {
		x, y, err := center(ctx, t, nodes[0])
		if err != nil {
			return chromedp.Void{}, err
		}
		return chromedp.MouseEvent(chromedp.MouseMoved, x, y)(ctx, t)
	}, chromedp.NodeVisible)
}

// wheel turns the mouse wheel over the element.
func wheel[S chromedp.Selectable](sel S, dx, dy float64) chromedp.Action[chromedp.Void] {
	return chromedp.QueryAfter(sel, func(ctx context.Context, t *chromedp.Target, nodes []*chromedp.Node) (chromedp.Void, error) {
		x, y, err := center(ctx, t, nodes[0])
		if err != nil {
			return chromedp.Void{}, err
		}
		return chromedp.MouseEvent(chromedp.MouseWheel, x, y, func(p *input.DispatchMouseEventParams) {
			p.DeltaX, p.DeltaY = dx, dy
		})(ctx, t)
	}, chromedp.NodeVisible)
}

// press sends a key chord in Playwright's form: "Enter", "Control+a".
func press(chord string) chromedp.Action[chromedp.Void] {
	var mods []chromedp.Modifier
	parts := strings.Split(chord, "+")
	if strings.HasSuffix(chord, "++") || chord == "+" {
		parts = append(strings.Split(strings.TrimSuffix(chord, "++"), "+"), "+")
	}
	for _, m := range parts[:len(parts)-1] {
		switch m {
		case "Alt":
			mods = append(mods, chromedp.ModifierAlt)
		case "Control", "ControlOrMeta":
			mods = append(mods, chromedp.ModifierCtrl)
		case "Meta":
			mods = append(mods, chromedp.ModifierMeta)
		case "Shift":
			mods = append(mods, chromedp.ModifierShift)
		}
	}
	key := parts[len(parts)-1]
	if k, ok := keys[key]; ok {
		key = k
	}
	return chromedp.KeyEvent(key, chromedp.KeyModifiers(mods...))
}

// textOf reads the element's text with white space collapsed, as
// Playwright's toHaveText compares it.
func textOf[S chromedp.Selectable](sel S) chromedp.Action[string] {
	return func(ctx context.Context, t *chromedp.Target) (string, error) {
		s, err := chromedp.TextContent(sel)(ctx, t)
		return strings.Join(strings.Fields(s), " "), err
	}
}

// containsText reports, as "true" or "false", whether the element's text
// holds want, white space collapsed in both, as toContainText compares.
func containsText[S chromedp.Selectable](sel S, want string) chromedp.Action[string] {
	return func(ctx context.Context, t *chromedp.Target) (string, error) {
		s, err := textOf(sel)(ctx, t)
		return strconv.FormatBool(strings.Contains(s, strings.Join(strings.Fields(want), " "))), err
	}
}

// countOf counts the elements a locator matches (its JSON as locate
// takes it, chosen locator only), as toHaveCount does.
func countOf(query string) chromedp.Action[string] {
	return func(ctx context.Context, t *chromedp.Target) (string, error) {
		n, err := chromedp.Evaluate[int]("(" + locateJS + ")(Object.assign(" + query + ", {count: true}))")(ctx, t)
		return strconv.Itoa(n), err
	}
}

// hiddenOf reports, as "true" or "false", whether a locator's element is
// hidden (an empty box, or visibility other than visible) or missing, as
// toBeHidden reads it.
func hiddenOf(query string) chromedp.Action[string] {
	return func(ctx context.Context, t *chromedp.Target) (string, error) {
		h, err := chromedp.Evaluate[bool]("((el) => { if (!el) return true; const b = el.getBoundingClientRect(); "+
			"return !(b.width > 0 && b.height > 0) || getComputedStyle(el).visibility !== 'visible'; })((" + locateJS + ")(" + query + "))")(ctx, t)
		return strconv.FormatBool(h), err
	}
}

// property reads a boolean property of the element, as "true" or "false".
func property[S chromedp.Selectable](sel S, name string) chromedp.Action[string] {
	return func(ctx context.Context, t *chromedp.Target) (string, error) {
		v, err := chromedp.JavascriptAttribute[bool](sel, name)(ctx, t)
		return strconv.FormatBool(v), err
	}
}

// newTab returns a channel that gets the next page the browser opens.
func newTab(ctx context.Context) <-chan target.ID {
	return chromedp.WaitNewTarget(ctx, func(info *target.Info) bool { return info.Type == "page" })
}

// attach returns the context of the tab that step n opened.
func attach(ctx context.Context, n int, opened <-chan target.ID) (context.Context, context.CancelFunc, error) {
	select {
	case id := <-opened:
		tab, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(id))
		if err := chromedp.Do(tab); err != nil {
			cancel()
			return nil, nil, fmt.Errorf("step %d: attach to the tab it opened: %w", n, err)
		}
		return tab, cancel, nil
	case <-time.After(stepTimeout):
		return nil, nil, fmt.Errorf("step %d: no tab opened", n)
	}
}

// dialogAnswers answers the JavaScript dialogs of a tab, in order, with
// the answers queued by next; a dialog with no answer is dismissed.
type dialogAnswers struct {
	answers chan page.HandleJavaScriptDialogParams
}

func answerDialogs(ctx context.Context) *dialogAnswers {
	d := &dialogAnswers{answers: make(chan page.HandleJavaScriptDialogParams, 16)}
	opening := chromedp.Events(ctx, page.JavascriptDialogOpening)
	go func() {
		for ev, err := range opening {
			if err != nil {
				return
			}
			var answer page.HandleJavaScriptDialogParams
			select {
			case answer = <-d.answers:
			default:
				fmt.Fprintf(os.Stderr, "dismissing an unexpected %s dialog: %q\n", ev.Type, ev.Message)
			}
			if _, err := chromedp.Call(ctx, page.HandleJavaScriptDialog, answer); err != nil {
				fmt.Fprintln(os.Stderr, "answer the dialog:", err)
			}
		}
	}()
	return d
}

// next queues the answer to the next dialog.
func (d *dialogAnswers) next(accept bool, promptText string) {
	d.answers <- page.HandleJavaScriptDialogParams{Accept: accept, PromptText: promptText}
}
`
