package browser

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"

	"github.com/ariadne-tui/ariadne/refs"
)

// Options configure a browser session.
type Options struct {
	ChromePath string        // --chrome; empty: search (see FindChrome)
	Remote     string        // --remote: attach to this DevTools URL instead of launching
	Tab        string        // --tab: with Remote, the tab to show (N or part of its URL; attach.go)
	OwnTab     bool          // with Remote, open a tab of its own instead (replay, mcp)
	Headful    bool          // --headful: show the window
	Viewport   refs.Viewport // --viewport; zero: 1280x720
	// Device is the device every tab emulates besides its viewport's size
	// (a replayed recording's scale factor, mobile, touch, orientation).
	Device     Device
	NavTimeout time.Duration // --timeout for navigations; zero: 30s
	// ActionTimeout bounds each action's wait for its element; zero: 5s.
	ActionTimeout time.Duration
	// TestIDAttribute is the attribute getByTestId matches; empty: data-testid.
	TestIDAttribute string
	// DownloadDir receives downloads; empty: a temporary directory.
	DownloadDir string
	// Dialogs is what happens to JavaScript dialogs nobody answers:
	// "accept" or "dismiss" (the default), after DialogWait.
	Dialogs    string
	DialogWait time.Duration
	// TextContainers gives each element with no role of its own that holds
	// only text (a "Drag me" box) a generic node with a ref, as agent
	// browsers do, so it can be acted on. Off, the tree is exactly
	// Playwright's ariaSnapshot, as toMatchAriaSnapshot expects.
	TextContainers bool
	// DebugPort, when set, is the port a launched browser serves the
	// DevTools protocol on (127.0.0.1), so that another Ariadne can attach
	// with --remote http://127.0.0.1:PORT and watch. -1 lets the browser
	// choose a free port (no race with another process for it); read it
	// back with Browser.DebugPort.
	DebugPort int
	// Logf, when set, receives Ariadne's own diagnostic messages. Nil
	// discards them. chromedp's logs and errors (which would otherwise go
	// to the standard logger, that is, onto the terminal; many are benign,
	// such as "received DOM.documentUpdated when there's no top-level
	// frame") go only to LogFile.
	Logf func(format string, args ...any)
	// LogFile, when set, is appended to: the launched browser's own output
	// (stdout and stderr) and every Logf message, with the time. Without it
	// both are discarded: nothing from the browser or its driver may write
	// to the terminal.
	LogFile string
}

func (o *Options) setDefaults() {
	if o.Viewport.Width <= 0 || o.Viewport.Height <= 0 {
		o.Viewport = refs.Viewport{Width: 1280, Height: 720}
	}
	if o.NavTimeout <= 0 {
		o.NavTimeout = 30 * time.Second
	}
	if o.ActionTimeout <= 0 {
		o.ActionTimeout = 5 * time.Second
	}
	if o.TestIDAttribute == "" {
		o.TestIDAttribute = "data-testid"
	}
	if o.Dialogs == "" {
		o.Dialogs = "dismiss"
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
}

// ParseViewport reads "WxH", e.g. "1280x720".
func ParseViewport(s string) (refs.Viewport, error) {
	var v refs.Viewport
	if _, err := fmt.Sscanf(strings.ToLower(s), "%dx%d", &v.Width, &v.Height); err != nil || v.Width <= 0 || v.Height <= 0 {
		return v, fmt.Errorf("viewport %q: want WIDTHxHEIGHT, e.g. 1280x720", s)
	}
	return v, nil
}

// Browser is one browser session: a launched or attached Chromium, its tabs,
// and the ref table shared by all of them.
type Browser struct {
	opts   Options
	refs   *refs.Table
	cancel context.CancelFunc // stops the allocator and with it the browser
	first  context.Context    // the chromedp context of the first tab; its browser is ours

	dir         *sessionDir // temporary files; see tempdir.go
	downloadDir string
	ownDownload bool
	dlMu        sync.Mutex
	dlActive    int        // downloads begun and not finished
	dlDone      []Download // finished since the last action reported them

	mu      sync.Mutex
	tabs    []*Tab
	current int
	front   target.ID // the tab last brought to the front
	// adopting counts new tabs (popups) being attached to.
	adopting atomic.Int32
	// unadoptable are the popups the watcher failed to attach to.
	unadoptable map[target.ID]bool
	dialogSeq   atomic.Int64 // the last Dialog.Seq
	events      chan Event
	closed      bool
	logFile     *os.File // Options.LogFile, closed by Close
	attached    bool     // on the existing tabs of a --remote browser (attach.go)
	// context is the browser context the session's tabs live in: its own
	// one in a Host (host.go), empty in a browser of its own.
	context cdp.BrowserContextID
	// frames holds the frames of the session's tabs, in a Host, where the
	// browser's download events name frames of every session.
	frames    sync.Map // cdp.FrameID → struct{}
	debugPort int      // the DevTools port of a launched browser, 0 without one
}

// Launch starts (or, with Options.Remote, attaches to) a browser and opens
// its first tab. The caller must Close it; the temporary profile is removed
// then. ctx bounds the start only.
func Launch(ctx context.Context, opts Options) (*Browser, error) {
	opts.setDefaults()
	logFile, err := openLog(&opts)
	if err != nil {
		return nil, err
	}
	b, err := launch(ctx, opts, logFile)
	if err != nil && logFile != nil {
		logFile.Close()
	}
	return b, err
}

// openLog opens Options.LogFile and makes Logf write to it as well.
func openLog(opts *Options) (*os.File, error) {
	if opts.LogFile == "" {
		return nil, nil
	}
	f, err := os.OpenFile(opts.LogFile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, refs.Wrap(refs.CodeBadArgument, err, "cannot open the log file %s; give --log a path in a directory you can write", opts.LogFile)
	}
	own, toFile := opts.Logf, fileLogf(f)
	opts.Logf = func(format string, args ...any) {
		own(format, args...)
		toFile(format, args...)
	}
	return f, nil
}

// driverLog sends chromedp's logs and errors to the log file (or nowhere):
// by default chromedp writes them to the standard logger, onto the
// terminal the explorer draws on.
func driverLog(logFile *os.File) []chromedp.ContextOption {
	logf := fileLogf(logFile)
	return []chromedp.ContextOption{
		chromedp.WithLogf(logf),
		chromedp.WithErrorf(func(format string, args ...any) { logf("ERROR: "+format, args...) }),
		chromedp.WithDebugf(func(string, ...any) {}),
	}
}

// fileLogf writes log lines with the time to f; nil f discards them.
func fileLogf(f *os.File) func(format string, args ...any) {
	if f == nil {
		return func(string, ...any) {}
	}
	var mu sync.Mutex
	return func(format string, args ...any) {
		line := time.Now().Format("2006-01-02T15:04:05.000Z07:00") + " " + fmt.Sprintf(format, args...)
		if !strings.HasSuffix(line, "\n") {
			line += "\n"
		}
		mu.Lock()
		defer mu.Unlock()
		io.WriteString(f, line)
	}
}

func launch(ctx context.Context, opts Options, logFile *os.File) (*Browser, error) {
	// The browser must outlive ctx, which only bounds the start.
	base := context.WithoutCancel(ctx)
	var allocCtx context.Context
	var cancelAlloc context.CancelFunc
	dir, err := newSessionDir()
	if err != nil {
		return nil, err
	}
	if opts.Remote != "" {
		allocCtx, cancelAlloc = remote.NewAllocator(base, opts.Remote)
		if b, err := attachBrowser(ctx, allocCtx, cancelAlloc, opts, logFile); b != nil || err != nil {
			if b != nil {
				b.logFile = logFile
			}
			return b, err
		}
	} else {
		allocCtx, cancelAlloc, err = execAllocator(base, opts, dir, logFile)
		if err != nil {
			dir.remove()
			return nil, err
		}
	}
	// chromedp logs to the standard logger unless told otherwise; nothing
	// of it may reach the terminal the explorer draws on.
	first, cancelFirst := chromedp.NewContext(allocCtx, driverLog(logFile)...)
	b, err := start(ctx, opts, logFile, dir, first, cancelFirst, cancelAlloc)
	if err != nil {
		return nil, err
	}
	// A port given is the port: Chromium writes DevToolsActivePort only
	// for one it chose (--remote-debugging-port=0).
	if opts.Remote == "" && opts.DebugPort > 0 {
		b.debugPort = opts.DebugPort
	}
	if opts.Remote == "" && opts.DebugPort < 0 {
		if b.debugPort, err = dir.activePort(); err != nil {
			b.Close()
			return nil, err
		}
	}
	return b, nil
}

// execAllocator is the allocator that starts Chromium for opts, with its
// profile and temporary files in dir.
func execAllocator(base context.Context, opts Options, dir *sessionDir, logFile *os.File) (context.Context, context.CancelFunc, error) {
	path, err := FindChrome(opts.ChromePath)
	if err != nil {
		return nil, nil, err
	}
	flags := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-quic", true),
		// chromedp's defaults turn Chromium's IPC flooding protection
		// off; with it off, a page calling history.pushState thousands
		// of times at load keeps the browser process (and every
		// command) busy for minutes. Keep Chromium's own throttle.
		chromedp.Flag("disable-ipc-flooding-protection", false),
		// Keep cross-site iframes in the page's process, so one walk
		// reaches every frame. Ariadne is a tool for inspecting pages you
		// chose to open; see docs/commands.md.
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,IsolateOrigins,SitePerProcess"),
		chromedp.Flag("disable-site-isolation-trials", true),
		chromedp.WindowSize(opts.Viewport.Width, opts.Viewport.Height),
		chromedp.UserDataDir(dir.profile()),
	)
	if tmp := dir.tmp(); tmp != "" {
		flags = append(flags, chromedp.Env("TMPDIR="+tmp))
	}
	if opts.DebugPort != 0 {
		// A port needs the websocket transport instead of the pipe; 0
		// tells Chromium to choose one.
		flags = append(flags, chromedp.Flag("remote-debugging-port", fmt.Sprint(max(opts.DebugPort, 0))), remote.WebSocket)
	}
	if opts.Headful {
		flags = append(flags, chromedp.VisibleWindow)
	}
	if logFile != nil {
		flags = append(flags, chromedp.CombinedOutput(logFile))
	}
	if os.Geteuid() == 0 {
		flags = append(flags, chromedp.NoSandbox)
	}
	ctx, cancel := chromedp.NewExecAllocator(base, flags...)
	return ctx, cancel, nil
}

// start makes the session of first, a chromedp context not yet run (the
// browser's first tab, or a tab in a browser context of a Host), and opens
// it within ctx. cancelFirst ends that context, cancelRest what it runs in
// (the browser a launch started); start calls both when it fails.
func start(ctx context.Context, opts Options, logFile *os.File, dir *sessionDir, first context.Context, cancelFirst context.CancelFunc, cancelRest func()) (*Browser, error) {
	b := &Browser{
		opts:    opts,
		refs:    refs.NewTable(),
		first:   first,
		events:  make(chan Event, 256),
		logFile: logFile,
	}
	b.dir = dir
	b.cancel = func() { cancelFirst(); cancelRest(); dir.remove() }

	started := make(chan error, 1)
	go func() { started <- chromedp.Do(first) }()
	select {
	case err := <-started:
		if err != nil {
			b.cancel()
			return nil, startError(opts, err)
		}
	case <-ctx.Done():
		b.cancel()
		return nil, fmt.Errorf("starting the browser: %w", ctx.Err())
	}
	b.context = chromedp.FromContext(first).BrowserContextID
	tab, err := b.adoptTab(first, cancelFirst)
	if err != nil {
		b.cancel()
		return nil, err
	}
	b.tabs = []*Tab{tab}
	if err := b.setupDownloads(); err != nil {
		b.Close()
		return nil, err
	}
	go b.watchTargets()
	return b, nil
}

// DebugPort returns the port the launched browser serves the DevTools
// protocol on (127.0.0.1): Options.DebugPort, or the one the browser chose
// for -1; 0 when it serves none.
func (b *Browser) DebugPort() int { return b.debugPort }

func startError(opts Options, err error) error {
	if opts.Remote != "" {
		return refs.Wrap(refs.CodeNoBrowser, err, "cannot attach to the browser at %s: is it running with --remote-debugging-port, and is the URL right (http://127.0.0.1:9222 or a ws:// DevTools URL)?", opts.Remote)
	}
	if errors.Is(err, chromedp.ErrNoDisplay) {
		return refs.Wrap(refs.CodeNoBrowser, err, "--headful needs a display (DISPLAY or WAYLAND_DISPLAY); run without --headful")
	}
	return refs.Wrap(refs.CodeNoBrowser, err, "the browser failed to start")
}

// Options returns the session's options with defaults filled in.
func (b *Browser) Options() Options { return b.opts }

// Refs returns the session's ref table.
func (b *Browser) Refs() *refs.Table { return b.refs }

// Close closes the browser (or detaches from a remote one) and removes the
// temporary profile. It is safe to call more than once.
func (b *Browser) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closed = true
	tabs := append([]*Tab(nil), b.tabs...)
	b.mu.Unlock()
	// In a browser someone else runs (--remote) with tabs of our own
	// (replay, mcp), the tabs we opened close with us; the browser and
	// its owner's tabs stay. (Attached to its owner's tabs, we only detach.)
	if b.opts.Remote != "" && !b.attached {
		for _, t := range tabs {
			if t.ctx != b.first { // the first closes when its context ends
				b.closeTarget(t)
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(b.first), 5*time.Second)
	defer cancel()
	err := chromedp.Cancel(ctx)
	b.cancel()
	if b.logFile != nil {
		b.logFile.Close()
	}
	if b.ownDownload {
		os.RemoveAll(b.downloadDir)
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("closing the browser: %w", err)
	}
	return nil
}

// Alive reports whether the browser connection is still up.
func (b *Browser) Alive() bool {
	select {
	case <-b.first.Done():
		return false
	default:
		return true
	}
}

// browserErr turns errors from a dead browser into browser_closed.
func (b *Browser) browserErr(err error) error {
	if err == nil {
		return nil
	}
	if h := b.healthErr(err); h != nil {
		return h
	}
	msg := err.Error()
	if !b.Alive() || strings.Contains(msg, "lost the connection") || strings.Contains(msg, "browser process exited") {
		return refs.Wrap(refs.CodeBrowserClosed, err, "the browser is gone (crashed or closed); start Ariadne again or relaunch from the TUI")
	}
	return err
}
