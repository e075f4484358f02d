package commands

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// fields turns a value into the fields of a result object.
func fields(v any) Result {
	m := Result{}
	if v == nil {
		return m
	}
	j, err := json.Marshal(v)
	if err != nil {
		return m
	}
	json.Unmarshal(j, &m)
	return m
}

func runSnapshot(ctx context.Context, c *Call) (Result, error) {
	snap, err := c.Session.Browser.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	if c.Flags["interactive"] == "true" {
		snap.Root = refs.InteractiveOnly(snap.Root)
	}
	m := Result{"url": snap.URL, "title": snap.Title, "count": snap.Count, "text": refs.Text(snap.Root, refs.TextOptions{})}
	if c.Flags["json"] == "true" {
		m["tree"] = snap
	}
	return m, nil
}

func runTabs(ctx context.Context, c *Call) (Result, error) {
	tabs, err := c.Session.Browser.Tabs(ctx)
	return Result{"tabs": tabs}, err
}

func runTab(ctx context.Context, c *Call) (Result, error) {
	n, err := strconv.Atoi(c.Args[0])
	if err != nil {
		return nil, bad("tab %q: want a tab number (see 'tabs')", c.Args[0])
	}
	o, err := actionOptions(c.Flags)
	if err != nil {
		return nil, err
	}
	if err := session.SwitchTab(ctx, c.Session.Browser, n, o.Timeout); err != nil {
		return nil, err
	}
	return runTabs(ctx, c)
}

func runDialog(ctx context.Context, c *Call) (Result, error) {
	accept, text := c.Args[0] == "accept", ""
	if len(c.Args) == 2 {
		text = c.Args[1]
	}
	d, err := c.Session.Browser.ArmDialog(ctx, accept, text)
	if err != nil {
		return nil, err
	}
	if d == nil {
		return Result{"armed": c.Args[0]}, nil
	}
	m := Result{"dialog": d}
	if r := c.Session.Recorder; r != nil {
		steps, err := r.Dialog(ctx, c.Session.Browser, *d)
		if err != nil {
			return m, refs.Wrap(refs.CodeInternal, err, "the dialog was answered, but could not be recorded")
		}
		recorded(c, m, steps)
	}
	return m, nil
}

func runWait(ctx context.Context, c *Call) (Result, error) {
	o, err := actionOptions(c.Flags)
	if err != nil {
		return nil, err
	}
	b, arg := c.Session.Browser, c.Args[1]
	switch c.Args[0] {
	case "text":
		return nil, b.WaitText(ctx, arg, o.Timeout)
	case "url":
		return nil, b.WaitURL(ctx, arg, o.Timeout)
	case "tabs":
		return waitTabs(ctx, c, arg, o.Timeout)
	}
	n, err := strconv.Atoi(arg)
	if err != nil || n < 0 {
		return nil, bad("wait ms %q: want milliseconds", arg)
	}
	select {
	case <-time.After(time.Duration(n) * time.Millisecond):
		return nil, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func runScreenshot(ctx context.Context, c *Call) (Result, error) {
	ref, file := "", c.Args[len(c.Args)-1]
	if len(c.Args) == 2 {
		ref = c.Args[0]
	}
	png, err := c.Session.Browser.Screenshot(ctx, ref)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(file, png, 0o644); err != nil {
		return nil, refs.Wrap(refs.CodeBadArgument, err, "writing %s", file)
	}
	return Result{"file": file, "bytes": len(png)}, nil
}

// waitTabs waits until n tabs are open (a popup opened, a tab closed
// itself), at most timeout (0: the action timeout).
func waitTabs(ctx context.Context, c *Call, arg string, timeout time.Duration) (Result, error) {
	n, err := strconv.Atoi(arg)
	if err != nil || n < 0 {
		return nil, bad("wait tabs %q: want a number of tabs", arg)
	}
	b := c.Session.Browser
	if timeout <= 0 {
		timeout = b.Options().ActionTimeout
	}
	deadline := time.Now().Add(timeout)
	for {
		tabs, err := b.Tabs(ctx)
		if err != nil {
			return nil, err
		}
		if len(tabs) == n {
			return Result{"tabs": tabs}, nil
		}
		if time.Now().After(deadline) {
			return nil, refs.Errorf(refs.CodeTimeout, "%d tabs are open after %s, not %d; see 'tabs'", len(tabs), timeout, n)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}
