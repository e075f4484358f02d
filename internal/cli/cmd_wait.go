package cli

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
)

// waitFlag is --wait for snapshot and locators: what to wait for after
// the page loads and before it is read, so that content a page adds
// shortly after load is there. It may be given more than once; the waits
// run in order. Each value is one of
//
//	text TEXT      the page shows TEXT (in any frame)
//	selector SEL   an element matches the CSS selector SEL
//	ms N           N milliseconds pass
//	idle           the DOM and the network are quiet for 500 ms
//
// with a space or "=" between the kind and its argument.
type waitFlag []waitSpec

type waitSpec struct{ kind, arg string }

const waitUsage = "text TEXT|selector SEL|ms N|idle"

func (w *waitFlag) String() string {
	if w == nil {
		return ""
	}
	var parts []string
	for _, s := range *w {
		parts = append(parts, strings.TrimSpace(s.kind+" "+s.arg))
	}
	return strings.Join(parts, ", ")
}

func (w *waitFlag) Set(v string) error {
	v = strings.TrimSpace(v)
	kind, arg, _ := strings.Cut(v, " ")
	if k, a, ok := strings.Cut(v, "="); ok && !strings.Contains(k, " ") {
		kind, arg = k, a
	}
	arg = strings.TrimSpace(arg)
	switch kind {
	case "text", "selector":
		if arg == "" {
			return usagef("--wait %s needs an argument: --wait '%s ...'", kind, kind)
		}
	case "ms":
		if n, err := strconv.Atoi(arg); err != nil || n < 0 {
			return usagef("--wait ms %q: want a number of milliseconds, e.g. --wait 'ms 500'", arg)
		}
	case "idle":
		if arg != "" {
			return usagef("--wait idle takes no argument, got %q", arg)
		}
	default:
		return usagef("--wait %q: want %s", v, waitUsage)
	}
	*w = append(*w, waitSpec{kind, arg})
	return nil
}

// run waits for each spec in turn, each within timeout.
func (w waitFlag) run(ctx context.Context, b *browser.Browser, timeout time.Duration) error {
	for _, s := range w {
		var err error
		switch s.kind {
		case "text":
			err = b.WaitText(ctx, s.arg, timeout)
		case "selector":
			err = b.WaitSelector(ctx, s.arg, timeout)
		case "idle":
			err = b.WaitIdle(ctx, timeout)
		case "ms":
			n, _ := strconv.Atoi(s.arg)
			t := time.NewTimer(time.Duration(n) * time.Millisecond)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				err = ctx.Err()
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}
