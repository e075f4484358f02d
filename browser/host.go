package browser

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"

	"github.com/ariadne-tui/ariadne/refs"
)

// Host is one Chromium that serves many sessions at once, each a Browser
// in a browser context of its own: its own tabs, cookies, storage, cache
// and downloads, as in a fresh browser, for a fraction of a launch's cost
// (a new context takes about a fifth of a Chromium's start). Test binaries
// share one Host among their tests; a pool of browsers behind one DevTools
// endpoint (Options.Remote) is one too.
//
// What belongs to the process is the Host's, not a session's: the
// executable, the window (headful or not), the DevTools port, the browser's
// own output and its death. A test of those launches a Browser of its own.
type Host struct {
	opts   Options
	conn   context.Context // the browser's first tab, which holds the connection
	cancel func()
	dir    *sessionDir
	log    *os.File
}

// StartHost starts a browser for sessions to share (or, with opts.Remote,
// connects to one). Its options are those of the process: ChromePath,
// Remote, Headful, Viewport (the window's size), LogFile. The caller must
// Close it; ctx bounds the start only.
func StartHost(ctx context.Context, opts Options) (*Host, error) {
	opts.setDefaults()
	if opts.DebugPort != 0 {
		return nil, refs.Errorf(refs.CodeBadArgument, "a Host has no debug port of its own; launch a Browser with DebugPort instead")
	}
	logFile, err := openLog(&opts)
	if err != nil {
		return nil, err
	}
	dir, err := newSessionDir()
	if err != nil {
		closeLog(logFile)
		return nil, err
	}
	base := context.WithoutCancel(ctx)
	var alloc context.Context
	var cancelAlloc context.CancelFunc
	if opts.Remote != "" {
		alloc, cancelAlloc = remote.NewAllocator(base, opts.Remote)
	} else if alloc, cancelAlloc, err = execAllocator(base, opts, dir, logFile); err != nil {
		dir.remove()
		closeLog(logFile)
		return nil, err
	}
	conn, cancelConn := chromedp.NewContext(alloc, driverLog(logFile)...)
	h := &Host{opts: opts, conn: conn, dir: dir, log: logFile}
	h.cancel = func() { cancelConn(); cancelAlloc(); dir.remove(); closeLog(logFile) }
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(conn) }()
	select {
	case err := <-started:
		if err != nil {
			h.cancel()
			return nil, startError(opts, err)
		}
	case <-ctx.Done():
		h.cancel()
		return nil, fmt.Errorf("starting the browser: %w", ctx.Err())
	}
	return h, nil
}

// Launch opens a session in a new browser context of the Host. Options
// that belong to the process (ChromePath, Remote, Headful, DebugPort) must
// be left empty: they are the Host's. Close the Browser to close its
// context and every tab in it; the Host stays.
func (h *Host) Launch(ctx context.Context, opts Options) (*Browser, error) {
	if opts.Remote != "" || opts.Headful || opts.DebugPort != 0 || opts.ChromePath != "" {
		return nil, refs.Errorf(refs.CodeBadArgument, "a session in a shared browser cannot choose its own browser, window or debug port; launch a browser of its own for that")
	}
	if !h.Alive() {
		return nil, refs.Errorf(refs.CodeBrowserClosed, "the shared browser is gone; start it again")
	}
	opts.setDefaults()
	logFile, err := openLog(&opts)
	if err != nil {
		return nil, err
	}
	dir, err := newSessionDir()
	if err != nil {
		closeLog(logFile)
		return nil, err
	}
	first, cancelFirst := chromedp.NewContext(h.conn, chromedp.WithNewBrowserContext())
	b, err := start(ctx, opts, logFile, dir, first, cancelFirst, func() {})
	if err != nil {
		closeLog(logFile)
		return nil, err
	}
	return b, nil
}

// Alive reports whether the Host's browser is still up.
func (h *Host) Alive() bool {
	select {
	case <-h.conn.Done():
		return false
	default:
		return true
	}
}

// Close ends the browser (or leaves a remote one) and every session in
// it. It is safe to call more than once.
func (h *Host) Close() error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(h.conn), 5*time.Second)
	defer cancel()
	err := chromedp.Cancel(ctx)
	h.cancel()
	if err != nil && ctx.Err() == nil && h.conn.Err() == nil {
		return fmt.Errorf("closing the shared browser: %w", err)
	}
	return nil
}

func closeLog(f *os.File) {
	if f != nil {
		f.Close()
	}
}

// trackFrames notes the frames of t, in a Host, where the browser's
// download events (which name a frame) arrive for every session: the tab's
// own frame and the frames it attaches. In a browser of its own every
// download is the session's, and nothing is noted.
func (b *Browser) trackFrames(t *Tab) {
	if b.context == "" {
		return
	}
	b.frames.Store(cdp.FrameID(t.id), struct{}{})
	_ = chromedp.Listen(t.ctx, func(ev any) {
		switch ev := ev.(type) {
		case *page.EventFrameAttached:
			b.frames.Store(ev.FrameID, struct{}{})
		case *page.EventFrameNavigated:
			if ev.Frame != nil {
				b.frames.Store(ev.Frame.ID, struct{}{})
			}
		}
	}) // a tab that is already gone has nothing to note
}

// ownsFrame reports whether a frame a browser event names is one of the
// session's (always, in a browser of its own).
func (b *Browser) ownsFrame(id cdp.FrameID) bool {
	if b.context == "" {
		return true
	}
	_, ok := b.frames.Load(id)
	return ok
}
