package nodetools

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// Context bounds a run of an external tool (node, a built program) and
// holds one of the machine's tool slots (see Acquire) until it is
// cancelled: it ends a minute before the test binary's own deadline (go
// test -timeout), so that a slow tool on a loaded machine is not cut off by
// a guess, while a hung one still fails the test with its output rather
// than the whole binary. Without a deadline, 20 minutes.
func Context(t testing.TB) (context.Context, context.CancelFunc) {
	t.Helper()
	var ctx context.Context
	var cancel context.CancelFunc
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if end, ok := d.Deadline(); ok {
			ctx, cancel = context.WithDeadline(context.Background(), end.Add(-time.Minute))
		}
	}
	if ctx == nil {
		ctx, cancel = context.WithTimeout(context.Background(), 20*time.Minute)
	}
	release := Acquire(ctx, t)
	return ctx, func() { release(); cancel() }
}

// Acquire waits for one of the machine's tool slots and returns the
// function that gives it back. Each external tool run starts a Chromium of
// its own (Playwright, @puppeteer/replay, a chromedp program), and every
// test binary of every package runs at once under go test ./...: without a
// bound, a dozen such browsers start together on two cores, and each
// test's own waits run out while the machine thrashes. The slots are
// files locked with flock(2) in the temporary directory, shared by every
// test process of the machine: as many as the CPUs, or
// $ARIADNE_TOOL_SLOTS (0: no bound). If ctx ends first the tool runs
// anyway, and its own context ends it.
func Acquire(ctx context.Context, t testing.TB) (release func()) {
	t.Helper()
	n := runtime.NumCPU()
	if v, ok := os.LookupEnv("ARIADNE_TOOL_SLOTS"); ok {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 0 {
			t.Fatalf("ARIADNE_TOOL_SLOTS=%q: want a number of slots, 0 for no bound", v)
		}
	}
	if n == 0 {
		return func() {}
	}
	start := time.Now()
	release, err := lockSlot(ctx, n)
	if err != nil {
		t.Logf("no tool slot (%v): running without one", err)
		return func() {}
	}
	if waited := time.Since(start); waited > time.Second {
		t.Logf("waited %s for a tool slot", waited.Round(time.Millisecond))
	}
	return release
}
