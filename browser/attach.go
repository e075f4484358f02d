package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// attached is what attachPages found in a browser Ariadne attaches to: a
// context on the page tab to show (first) and contexts on the other page
// tabs, in the browser's order of recent use. Every context detaches on
// cancel, so closing Ariadne leaves the tabs (and the browser) as they are.
type attached struct {
	first   context.Context
	cancel  context.CancelFunc // cancels every context, the connection too
	tabs    []context.Context  // first is tabs[current]
	cancels []context.CancelFunc
	current int
}

// attachPages connects to the browser of allocCtx and attaches to its
// existing page tabs. It returns nil (and no error) when the browser has no
// page tab; the caller then opens one. opts.Tab chooses the tab to show: a
// 1-based index in the order of recent use, or a substring of its URL;
// empty, the most recently used.
func attachPages(ctx, allocCtx context.Context, opts Options, logFile *os.File) (*attached, error) {
	conn, cancelConn := chromedp.NewContext(allocCtx, driverLog(logFile)...)
	infos, err := chromedp.Targets(conn)
	if err != nil {
		cancelConn()
		return nil, err
	}
	var pages []*target.Info
	for _, in := range infos {
		if in.Type == "page" && !strings.HasPrefix(in.URL, "devtools://") {
			pages = append(pages, in)
		}
	}
	if len(pages) == 0 {
		cancelConn()
		return nil, nil
	}
	sortByRecentUse(ctx, opts.Remote, pages)
	current, err := chooseTab(pages, opts.Tab)
	if err != nil {
		cancelConn()
		return nil, err
	}
	a := &attached{current: current}
	a.cancel = func() {
		for _, c := range a.cancels {
			c()
		}
		cancelConn()
	}
	for _, in := range pages {
		tctx, cancel := chromedp.NewContext(conn, chromedp.WithTargetID(in.TargetID), chromedp.WithDetachOnCancel())
		if err := chromedp.Do(tctx); err != nil {
			cancel()
			a.cancel()
			return nil, fmt.Errorf("attaching to tab %s (%s): %w", in.TargetID, in.URL, err)
		}
		a.tabs = append(a.tabs, tctx)
		a.cancels = append(a.cancels, cancel)
	}
	a.first = a.tabs[current]
	return a, nil
}

// chooseTab picks the tab --tab names among pages.
func chooseTab(pages []*target.Info, want string) (int, error) {
	if want == "" {
		return 0, nil
	}
	if n, err := strconv.Atoi(want); err == nil {
		if n < 1 || n > len(pages) {
			return 0, refs.Errorf(refs.CodeNoTab, "--tab %d: the browser has tabs 1-%d (most recently used first)", n, len(pages))
		}
		return n - 1, nil
	}
	var urls []string
	for i, p := range pages {
		if strings.Contains(p.URL, want) {
			return i, nil
		}
		urls = append(urls, strconv.Quote(p.URL))
	}
	return 0, refs.Errorf(refs.CodeNoTab, "--tab %q: no tab's URL contains it; the tabs are %s; give a number or part of one of these URLs", want, strings.Join(urls, ", "))
}

// sortByRecentUse orders pages most recently used first, as the browser's
// /json/list does (the DevTools protocol's Target.getTargets has no
// order). A ws:// remote has no such list; the order is then the
// protocol's.
func sortByRecentUse(ctx context.Context, remote string, pages []*target.Info) {
	if !strings.HasPrefix(remote, "http://") && !strings.HasPrefix(remote, "https://") {
		return
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(remote, "/")+"/json/list", nil)
	if err != nil {
		return
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	var list []struct {
		ID string `json:"id"`
	}
	if json.NewDecoder(resp.Body).Decode(&list) != nil {
		return
	}
	rank := map[target.ID]int{}
	for i, l := range list {
		rank[target.ID(l.ID)] = i
	}
	slices.SortStableFunc(pages, func(x, y *target.Info) int {
		rx, okx := rank[x.TargetID]
		ry, oky := rank[y.TargetID]
		if !okx {
			rx = len(list)
		}
		if !oky {
			ry = len(list)
		}
		return rx - ry
	})
}

// attachBrowser is Launch for a remote browser that has page tabs: it shows
// the one opts.Tab chooses (else the most recently used) and lists the
// others, instead of opening a tab of its own. It leaves the tabs' viewport,
// the browser's downloads and the pages' dialogs to whoever drives them
// (an agent through ariadne mcp). It returns nil, nil when the browser has
// no page tab, or when opts.OwnTab asks for a tab of its own.
func attachBrowser(ctx, allocCtx context.Context, cancelAlloc context.CancelFunc, opts Options, logFile *os.File) (*Browser, error) {
	if opts.OwnTab {
		if opts.Tab != "" {
			cancelAlloc()
			return nil, refs.Errorf(refs.CodeBadArgument, "--tab %q: this command works in a tab of its own; drop --tab", opts.Tab)
		}
		return nil, nil
	}
	type res struct {
		a   *attached
		err error
	}
	done := make(chan res, 1)
	go func() {
		a, err := attachPages(ctx, allocCtx, opts, logFile)
		done <- res{a, err}
	}()
	var r res
	select {
	case r = <-done:
	case <-ctx.Done():
		cancelAlloc()
		return nil, fmt.Errorf("attaching to the browser: %w", ctx.Err())
	}
	if r.err != nil {
		cancelAlloc()
		if refs.CodeOf(r.err) != "" {
			return nil, r.err
		}
		return nil, startError(opts, r.err)
	}
	if r.a == nil {
		return nil, nil
	}
	opts.Dialogs = "wait"
	b := &Browser{opts: opts, refs: refs.NewTable(), first: r.a.first, events: make(chan Event, 256), attached: true}
	b.cancel = func() { r.a.cancel(); cancelAlloc() }
	for i, tctx := range r.a.tabs {
		tab, err := b.adoptTab(tctx, r.a.cancels[i])
		if err != nil {
			b.cancel()
			return nil, err
		}
		b.tabs = append(b.tabs, tab)
	}
	b.current = r.a.current
	go b.watchTargets()
	return b, nil
}

// emulateViewport sets a tab's viewport to the session's, except on tabs
// Ariadne attached to, which keep the size their owner gave them.
func (b *Browser) emulateViewport(ctx context.Context) error {
	if b.attached {
		return nil
	}
	return chromedp.Do(ctx, chromedp.EmulateViewport(int64(b.opts.Viewport.Width), int64(b.opts.Viewport.Height), b.opts.Device.emulation()...))
}
