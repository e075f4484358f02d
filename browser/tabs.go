package browser

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// Tab is one page (a top-level browsing context) of the browser.
type Tab struct {
	b      *Browser
	id     target.ID
	ctx    context.Context // chromedp context bound to this target
	cancel context.CancelFunc

	mu      sync.Mutex
	worldMu sync.Mutex // serializes worldFor
	worlds  map[cdp.FrameID]*world
	remote  map[target.ID]context.Context // sessions of out-of-process frames
	// parents maps each out-of-process frame a snapshot reached to the
	// frame holding its iframe element (oopif_frames.go).
	parents map[cdp.FrameID]cdp.FrameID
	dialog  dialogState
	net     netWatch // requests in flight, for settling after actions
	health  health   // crashes; see health.go
	console consoleLog
	// liveMu serializes snapshots and refreshes of the tab, which share
	// live: what the last one read, for the next refresh and diff.
	liveMu sync.Mutex
	live   *liveState
}

// ID returns the tab's target id.
func (t *Tab) ID() string { return string(t.id) }

// TabInfo describes a tab for listings.
type TabInfo struct {
	Index   int    `json:"index"` // 1-based
	ID      string `json:"id"`
	URL     string `json:"url"`
	Title   string `json:"title"`
	Current bool   `json:"current"`
}

func (b *Browser) adoptTab(ctx context.Context, cancel context.CancelFunc) (*Tab, error) {
	c := chromedp.FromContext(ctx)
	if c == nil || c.Target == nil {
		return nil, refs.Errorf(refs.CodeInternal, "the tab has no target")
	}
	t := &Tab{b: b, id: c.Target.TargetID, ctx: ctx, cancel: cancel, worlds: map[cdp.FrameID]*world{}}
	// Another client's tab (b.attached) keeps its size.
	if err := b.emulateViewport(ctx); err != nil {
		return nil, fmt.Errorf("setting the viewport: %w", err)
	}
	t.startHealth()
	t.net.start(ctx)
	b.trackFrames(t)
	go t.watchDialogs()
	go t.watchConsole()
	return t, nil
}

// watchTargets adopts pages the tabs open (target=_blank, window.open) and,
// attached to another's browser, every tab its owner opens; it forgets tabs
// that close.
func (b *Browser) watchTargets() {
	created := chromedp.BrowserEvents(b.first, target.TargetCreated)
	destroyed := chromedp.BrowserEvents(b.first, target.TargetDestroyed)
	if _, err := chromedp.CallBrowser(b.first, target.SetDiscoverTargets, target.SetDiscoverTargetsParams{Discover: true}); err != nil {
		b.opts.Logf("discovering targets: %v", err)
	}
	go func() {
		for ev, err := range destroyed {
			if err != nil {
				return
			}
			b.forgetTab(ev.TargetID)
		}
	}()
	for ev, err := range created {
		if err != nil {
			return
		}
		if !b.adopts(ev.TargetInfo) {
			continue
		}
		info := ev.TargetInfo
		b.adopting.Add(1)
		ctx, cancel := chromedp.NewContext(b.first, chromedp.WithTargetID(info.TargetID), chromedp.WithDetachOnCancel())
		if err := chromedp.Do(ctx); err != nil {
			cancel()
			b.giveUp(info.TargetID)
			b.opts.Logf("attaching to new tab %s: %v", info.TargetID, err)
			continue
		}
		tab, err := b.adoptTab(ctx, cancel)
		if err != nil {
			cancel()
			b.giveUp(info.TargetID)
			continue
		}
		added := b.addAdopted(tab)
		b.adopting.Add(-1)
		if added {
			b.emit(Event{Kind: EventTabOpened, Tab: string(info.TargetID), URL: info.URL})
		}
	}
}

// adopts reports whether a newly created target becomes one of our tabs: a
// page opened by one of our tabs, or, when Ariadne watches a browser
// someone else drives (--remote on an agent's browser), any new page of it
// but DevTools' own.
func (b *Browser) adopts(info *target.Info) bool {
	if info == nil || info.Type != "page" || b.tabByID(info.TargetID) != nil {
		return false
	}
	if info.OpenerID == "" {
		return b.attached && !strings.HasPrefix(info.URL, "devtools://")
	}
	return b.tabByID(info.OpenerID) != nil
}

// giveUp notes a popup the watcher could not attach to, so that actions
// do not wait for it to become a tab (waitPopups).
func (b *Browser) giveUp(id target.ID) {
	b.mu.Lock()
	if b.unadoptable == nil {
		b.unadoptable = map[target.ID]bool{}
	}
	b.unadoptable[id] = true
	b.mu.Unlock()
	b.adopting.Add(-1)
}

// addAdopted appends a tab the watcher attached to, unless Ariadne opened
// that target itself meanwhile (attached to a browser, its own new tabs
// come through the watcher too); then the watcher's session only detaches.
func (b *Browser) addAdopted(t *Tab) bool {
	b.mu.Lock()
	for _, x := range b.tabs {
		if x.id == t.id {
			b.mu.Unlock()
			t.cancel()
			return false
		}
	}
	b.tabs = append(b.tabs, t)
	b.mu.Unlock()
	return true
}

// dropAdopted removes and detaches the watcher's session to target id, for
// a tab Ariadne opened itself and puts in place; b.mu must be held.
func (b *Browser) dropAdopted(id target.ID) {
	for i, x := range b.tabs {
		if x.id == id {
			x.cancel()
			b.tabs = append(b.tabs[:i], b.tabs[i+1:]...)
			if b.current >= i && b.current > 0 {
				b.current--
			}
			return
		}
	}
}

func (b *Browser) tabByID(id target.ID) *Tab {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, t := range b.tabs {
		if t.id == id {
			return t
		}
	}
	return nil
}

func (b *Browser) forgetTab(id target.ID) {
	b.mu.Lock()
	idx := -1
	for i, t := range b.tabs {
		if t.id == id {
			idx = i
		}
	}
	if idx < 0 {
		b.mu.Unlock()
		return
	}
	b.tabs = append(b.tabs[:idx], b.tabs[idx+1:]...)
	if b.current >= len(b.tabs) {
		b.current = len(b.tabs) - 1
	} else if b.current > idx {
		b.current--
	}
	if b.current < 0 {
		b.current = 0
	}
	b.mu.Unlock()
	b.emit(Event{Kind: EventTabClosed, Tab: string(id)})
}

// CurrentTab returns the tab that commands without a ref act on.
func (b *Browser) CurrentTab() (*Tab, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.tabs) == 0 {
		return nil, refs.Errorf(refs.CodeNoTab, "no tab is open; open a URL first")
	}
	return b.tabs[b.current], nil
}

// Tabs lists the open tabs with their URL and title.
func (b *Browser) Tabs(ctx context.Context) ([]TabInfo, error) {
	b.mu.Lock()
	tabs := append([]*Tab(nil), b.tabs...)
	cur := b.current
	b.mu.Unlock()
	res, err := chromedp.CallBrowser(b.first, target.GetTargets, target.GetTargetsParams{})
	if err != nil {
		return nil, b.browserErr(fmt.Errorf("listing tabs: %w", err))
	}
	infos := map[target.ID]*target.Info{}
	for _, in := range res.TargetInfos {
		infos[in.TargetID] = in
	}
	out := make([]TabInfo, 0, len(tabs))
	for i, t := range tabs {
		ti := TabInfo{Index: i + 1, ID: string(t.id), Current: i == cur}
		if in := infos[t.id]; in != nil {
			ti.URL, ti.Title = in.URL, in.Title
		}
		out = append(out, ti)
	}
	return out, nil
}

// SwitchTab makes tab n (1-based) current.
func (b *Browser) SwitchTab(n int) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n < 1 || n > len(b.tabs) {
		return refs.Errorf(refs.CodeNoTab, "there is no tab %d (tabs 1-%d are open)", n, len(b.tabs))
	}
	b.current = n - 1
	t := b.tabs[b.current]
	go chromedp.CallBrowser(b.first, target.ActivateTarget, target.ActivateTargetParams{TargetID: t.id})
	return nil
}

// CloseTab closes tab n (1-based); 0 closes the current tab.
func (b *Browser) CloseTab(ctx context.Context, n int) error {
	b.mu.Lock()
	if n == 0 {
		n = b.current + 1
	}
	if n < 1 || n > len(b.tabs) {
		b.mu.Unlock()
		return refs.Errorf(refs.CodeNoTab, "there is no tab %d (tabs 1-%d are open)", n, len(b.tabs))
	}
	t := b.tabs[n-1]
	b.mu.Unlock()
	if _, err := chromedp.Call(t.ctx, page.Close, cdp.Empty{}); err != nil {
		return b.browserErr(fmt.Errorf("closing tab %d: %w", n, err))
	}
	b.forgetTab(t.id)
	return b.keepOneTab()
}

// tabFor returns the tab with the given target id, for refs that carry it.
func (b *Browser) tabFor(id string) (*Tab, error) {
	if t := b.tabByID(target.ID(id)); t != nil {
		return t, nil
	}
	return nil, refs.Errorf(refs.CodeStaleRef, "the tab this ref came from is closed; take a new snapshot")
}

func (b *Browser) setupDownloads() error {
	dir := b.opts.DownloadDir
	if dir == "" {
		d := b.dir.downloads()
		if err := os.Mkdir(d, 0o700); err != nil {
			return fmt.Errorf("making the download directory: %w", err)
		}
		dir, b.ownDownload = d, true
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("making the download directory: %w", err)
	}
	b.downloadDir = dir
	progress := chromedp.BrowserEvents(b.first, browser.DownloadProgress)
	names := sync.Map{}
	// A download is counted as begun on the goroutine that reads the
	// browser's messages (ListenBrowser), before the page's next event is
	// read: an action that waits for the page to stop loading then sees
	// the download its click began (an iterator delivers it later, and an
	// action could report nothing under load).
	if err := chromedp.ListenBrowser(b.first, func(ev any) {
		if ev, ok := ev.(*browser.EventDownloadWillBegin); ok && b.ownsFrame(ev.FrameID) {
			names.Store(ev.GUID, [2]string{ev.SuggestedFilename, ev.URL})
			b.dlMu.Lock()
			b.dlActive++
			b.dlMu.Unlock()
		}
	}); err != nil {
		return fmt.Errorf("watching downloads: %w", err)
	}
	_, err := chromedp.CallBrowser(b.first, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior:         browser.SetDownloadBehaviorBehaviorAllowAndName,
		BrowserContextID: b.context,
		DownloadPath:     dir,
		EventsEnabled:    new(true),
	})
	if err != nil {
		b.opts.Logf("downloads: %v", err) // a remote browser may refuse; not fatal
		return nil
	}
	go func() {
		for ev, err := range progress {
			if err != nil {
				return
			}
			if ev.State != browser.DownloadProgressStateCompleted && ev.State != browser.DownloadProgressStateCanceled {
				continue
			}
			v, ok := names.Load(ev.GUID)
			if !ok {
				continue // another session's, in a Host
			}
			name, url := v.([2]string)[0], v.([2]string)[1]
			path := ev.FilePath
			if path == "" {
				path = dir + string(os.PathSeparator) + ev.GUID
			}
			if name != "" {
				// allowAndName saves under the GUID; give it its real name.
				dst := dir + string(os.PathSeparator) + name
				if err := os.Rename(path, dst); err == nil {
					path = dst
				}
			}
			msg := "saved " + name
			if ev.State == browser.DownloadProgressStateCanceled {
				msg, path = "download cancelled: "+name, ""
			}
			b.dlMu.Lock()
			b.dlActive--
			b.dlDone = append(b.dlDone, Download{URL: url, Name: name, Path: path, Cancelled: path == ""})
			b.dlMu.Unlock()
			b.emit(Event{Kind: EventDownload, URL: url, Path: path, Message: msg})
		}
	}()
	return nil
}

// Download is a file the page downloaded.
type Download struct {
	URL       string `json:"url"`
	Name      string `json:"name"`
	Path      string `json:"path,omitempty"` // where it was saved
	Cancelled bool   `json:"cancelled,omitempty"`
}

// DownloadDir returns the directory downloads are saved into.
func (b *Browser) DownloadDir() string { return b.downloadDir }

// waitDownloads waits (within ctx) for downloads in progress to finish and
// returns those finished since the last call.
func (b *Browser) waitDownloads(ctx context.Context) []Download {
	for {
		b.dlMu.Lock()
		active := b.dlActive
		if active <= 0 {
			done := b.dlDone
			b.dlDone = nil
			b.dlMu.Unlock()
			return done
		}
		b.dlMu.Unlock()
		if sleep(ctx, 50*time.Millisecond) != nil {
			b.dlMu.Lock()
			done := b.dlDone
			b.dlDone = nil
			b.dlMu.Unlock()
			return done
		}
	}
}

// waitAdopted waits (within ctx) until tabs the page just opened are in the
// tab list.
func (b *Browser) waitAdopted(ctx context.Context) {
	for b.adopting.Load() > 0 {
		if sleep(ctx, 20*time.Millisecond) != nil {
			return
		}
	}
}

// TabLister is what OpenedSince needs of a browser.
type TabLister interface {
	Tabs(ctx context.Context) ([]TabInfo, error)
}

// OpenedSince returns the ids of the tabs open now that were not in before
// (a list from Tabs), in tab order: the popups an action opened. A popup's
// tab can be listed a moment after the action returns, so it looks a few
// times, briefly.
func OpenedSince(ctx context.Context, b TabLister, before []TabInfo) []string {
	known := map[string]bool{}
	for _, t := range before {
		known[t.ID] = true
	}
	for range 6 {
		tabs, err := b.Tabs(ctx)
		if err != nil {
			return nil
		}
		var out []string
		for _, t := range tabs {
			if !known[t.ID] {
				out = append(out, t.ID)
			}
		}
		if len(out) > 0 || sleep(ctx, 50*time.Millisecond) != nil {
			return out
		}
	}
	return nil
}
