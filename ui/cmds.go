package ui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// This file holds the tea.Cmds: every call into the browser happens here,
// in a Cmd with a timeout, and comes back as one message.

// resultKind says which operation a resultMsg ends.
type resultKind int

const (
	resNav     resultKind = iota // open, back, forward, reload
	resAct                       // an action on a ref
	resSnap                      // a snapshot asked for (r), or after a cancel
	resLaunch                    // a (re)launched browser
	resOpened                    // the first page of a (re)launched browser
	resTabs                      // the tab list, for the picker
	resTab                       // a tab switched or closed
	resOptions                   // a select's options, for the picker
)

// pageState is the page after an operation: its snapshot, tabs and
// DOMVersion.
type pageState struct {
	snap    *refs.Snapshot
	tabs    []browser.TabInfo // nil when unknown
	version string
	err     error // why there is no snapshot
}

// resultMsg ends an operation started by startOp.
type resultMsg struct {
	seq     int
	kind    resultKind
	label   string
	ref     string
	nav     *browser.NavResult
	act     *browser.ActionResult
	page    pageState
	b       Browser // resLaunch: the new session
	tabs    []browser.TabInfo
	options []browser.Option
	done    string               // the status text of a command that says more than its label (:replay)
	target  string               // resLaunch: the URL it opened
	opened  bool                 // resNav: an open (not back, forward or reload)
	rec     *session.RecordState // the recording after the operation
	err     error
}

type (
	liveTickMsg struct{ gen int }
	// liveMsg answers a live check: whether the browser lives, the page's
	// DOMVersion, and a new snapshot if it changed.
	liveMsg struct {
		seq, bgen int
		alive     bool
		version   string
		page      *pageState
		changed   map[string]bool // refs that came or changed since the tree on screen
		err       error
	}
	// changesFadedMsg ends the highlight of the nodes a live update changed.
	changesFadedMsg struct{ gen int }
	eventMsg        struct {
		bgen int
		ev   browser.Event
	}
	dialogDoneMsg struct {
		d   *browser.Dialog
		err error
	}
	settleMsg struct{ seq int }
	locMsg    struct {
		seq  int // the snapshot the locators were read after
		ref  string
		info *ElementLocators
		err  error
	}
	copiedMsg struct {
		text, what, method string
		err                error
	}
	pickMsg struct {
		ref string
		err error
	}
)

// readPage snapshots the current tab and lists the tabs.
func readPage(ctx context.Context, b Browser) pageState {
	var p pageState
	if lb, ok := b.(liveBrowser); ok {
		p.version, _ = lb.DOMVersion(ctx)
	}
	p.snap, p.err = b.Snapshot(ctx)
	if tabs, err := b.Tabs(ctx); err == nil {
		p.tabs = tabs
	}
	return p
}

// startOp starts a long operation: it becomes m.busy (esc cancels it), the
// spinner turns, and fn runs in a Cmd. The result comes back as a resultMsg
// with the op's sequence number; a result for an op that is no longer
// m.busy is dropped.
func (m *Model) startOp(kind resultKind, label string, fn func(ctx context.Context, b Browser) resultMsg) tea.Cmd {
	if m.busy != nil {
		m.setStatus(statusErr, "busy: "+m.busy.label+" is running; esc cancels it")
		return nil
	}
	if kind != resLaunch {
		if m.dead {
			m.markDead() // says how to relaunch
			return nil
		}
		if m.b == nil {
			m.setStatus(statusErr, "no browser yet")
			return nil
		}
	}
	m.seq++
	seq := m.seq
	ctx, cancel := context.WithTimeout(context.Background(), m.opts.OpTimeout)
	m.busy = &op{seq: seq, label: label, cancel: cancel}
	b := m.b
	run := func() tea.Msg {
		defer cancel()
		r := fn(ctx, b)
		r.seq, r.kind, r.label = seq, kind, label
		if r.err == nil && ctx.Err() != nil {
			r.err = ctx.Err()
		}
		return r
	}
	return tea.Batch(m.spin.Tick, run)
}

// navigate opens url in the current tab.
func (m *Model) navigate(label, url string) tea.Cmd {
	if u, err := browser.NormalizeURL(url); err == nil {
		url = u // as the browser opens it: what the header and status say
	}
	m.url, m.loading = url, true
	return m.run(resNav, label+" "+url, session.Action{Kind: session.Open, URL: url})
}

// history runs back, forward or reload.
func (m *Model) history(label string, kind session.Kind) tea.Cmd {
	return m.run(resNav, label, session.Action{Kind: kind})
}

// act runs an action on its ref, then snapshots the page.
func (m *Model) act(label string, a session.Action) tea.Cmd {
	return m.run(resAct, label+" "+a.Ref, a)
}

// run runs a navigation or action through the session, recorded when a
// recording runs, then snapshots the page.
func (m *Model) run(kind resultKind, label string, a session.Action) tea.Cmd {
	rec := m.rec.recorder()
	return m.startOp(kind, label, func(ctx context.Context, b Browser) resultMsg {
		out, err := session.Session{Browser: b, Recorder: rec}.Act(ctx, a)
		r := resultMsg{ref: a.Ref, err: err, page: pageAfter(ctx, b, err), rec: stateOf(rec), opened: a.Kind == session.Open}
		if out != nil {
			r.nav, r.act = out.Nav, out.Act
		}
		return r
	})
}

// pageAfter reads the page after an operation, unless the operation was
// cancelled or the browser is gone.
func pageAfter(ctx context.Context, b Browser, err error) pageState {
	if ctx.Err() != nil || refs.CodeOf(err) == refs.CodeBrowserClosed {
		return pageState{err: err}
	}
	return readPage(ctx, b)
}

// snapshot re-reads the page.
func (m *Model) snapshot(label string) tea.Cmd { return m.snapshotSaying(label, "") }

// snapshotSaying re-reads the page, then shows done on the status line
// ("" shows the element count).
func (m *Model) snapshotSaying(label, done string) tea.Cmd {
	return m.startOp(resSnap, label, func(ctx context.Context, b Browser) resultMsg {
		p := readPage(ctx, b)
		return resultMsg{page: p, err: p.err, done: done}
	})
}

// pageName is a page's title and URL for the status line, sanitized.
func pageName(title, url string) string {
	if title == "" {
		return Sanitize(url)
	}
	return quote(title) + " " + Sanitize(url)
}

// launch starts a new session (closing the old one) and opens the last URL.
func (m *Model) launch() tea.Cmd {
	if m.opts.Launch == nil {
		m.setStatus(statusErr, "cannot start a browser here (no launcher)")
		return nil
	}
	launch, old, url := m.opts.Launch, m.b, m.url
	label := "starting the browser"
	if old != nil {
		label = "relaunching the browser"
	}
	return m.startOp(resLaunch, label, func(ctx context.Context, _ Browser) resultMsg {
		if old != nil {
			old.Close()
		}
		nb, err := launch(ctx)
		if err != nil {
			return resultMsg{err: err}
		}
		// The page is opened by its own operation once the session's
		// events are read, so that a dialog it opens at load shows at once.
		return resultMsg{b: nb, target: url}
	})
}

// readAfterLaunch reads the page of a browser just attached to with no
// URL to open (--remote): the page as it is, named on the status line.
// Like openAfterLaunch it runs once the session's events are read, so
// that a dialog the page has open shows.
func (m *Model) readAfterLaunch() tea.Cmd {
	return m.startOp(resSnap, "reading the browser's page", func(ctx context.Context, b Browser) resultMsg {
		p := readPage(ctx, b)
		r := resultMsg{page: p, err: p.err}
		if s := p.snap; s != nil {
			r.done = "browser ready: " + pageName(s.Title, s.URL)
		}
		return r
	})
}

// openAfterLaunch opens url in a browser just launched (not a recorded
// step: the recording's header holds the start URL).
func (m *Model) openAfterLaunch(url string) tea.Cmd {
	return m.startOp(resOpened, "opening "+url, func(ctx context.Context, b Browser) resultMsg {
		r := resultMsg{target: url}
		r.nav, r.err = b.Open(ctx, url)
		r.page = pageAfter(ctx, b, r.err)
		return r
	})
}

// listTabs reads the tabs for the picker.
func (m *Model) listTabs() tea.Cmd {
	return m.startOp(resTabs, "listing tabs", func(ctx context.Context, b Browser) resultMsg {
		tabs, err := b.Tabs(ctx)
		return resultMsg{tabs: tabs, err: err}
	})
}

// switchTab makes tab n current and snapshots it.
func (m *Model) switchTab(n int) tea.Cmd {
	return m.startOp(resTab, "switching to tab "+itoa(n), func(ctx context.Context, b Browser) resultMsg {
		err := b.SwitchTab(n)
		r := resultMsg{err: err, page: pageAfter(ctx, b, err)}
		if s := r.page.snap; s != nil {
			r.done = "tab " + itoa(n) + ": " + pageName(s.Title, s.URL)
		}
		return r
	})
}

// closeTab closes tab n and snapshots the tab that is current then.
func (m *Model) closeTab(n int) tea.Cmd {
	return m.startOp(resTab, "closing tab "+itoa(n), func(ctx context.Context, b Browser) resultMsg {
		err := b.CloseTab(ctx, n)
		r := resultMsg{err: err, page: pageAfter(ctx, b, err)}
		if s := r.page.snap; s != nil {
			r.done = "closed tab " + itoa(n) + " · tab " + itoa(s.TabIndex) + ": " + pageName(s.Title, s.URL)
		}
		return r
	})
}

// selectOptions reads a select's options for the picker.
func (m *Model) selectOptions(ref string) tea.Cmd {
	return m.startOp(resOptions, "reading the options of "+ref, func(ctx context.Context, b Browser) resultMsg {
		opts, err := b.SelectOptions(ctx, ref)
		return resultMsg{ref: ref, options: opts, err: err}
	})
}

// tick schedules the next live check.
func (m *Model) tick() tea.Cmd {
	if m.opts.LivePeriod < 0 {
		return nil
	}
	gen := m.tickGen
	return tea.Tick(m.opts.LivePeriod, func(time.Time) tea.Msg { return liveTickMsg{gen} })
}

// live checks that the browser lives and, when following, whether the page
// changed since version; if it did, it reads it again (only what changed,
// when b can) and lists what changed since prev, the snapshot on screen.
func live(seq, bgen int, b Browser, follow bool, version string, prev *refs.Snapshot) tea.Cmd {
	return func() tea.Msg {
		out := liveMsg{seq: seq, bgen: bgen, alive: b.Alive()}
		if !out.alive || !follow {
			return out
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		var shown *refs.Node
		if prev != nil {
			shown = prev.Root
		}
		read := func() (*refs.Snapshot, string, error) { return pollPage(ctx, b, version) }
		if fb, ok := b.(follower); ok {
			read = func() (*refs.Snapshot, string, error) { return fb.Follow(ctx, version, prev) }
		}
		var p pageState
		var err error
		p.snap, out.version, err = read()
		if err != nil {
			out.err, out.alive = err, b.Alive()
			return out
		}
		if p.snap == nil {
			return out
		}
		p.version = out.version
		out.changed = changedRefs(shown, p.snap.Root)
		// A refresh leaves the tabs as they were, but for the title, URL
		// and place of this one; tabs that open or close come as events.
		if prev == nil || p.snap.URL != prev.URL || p.snap.Title != prev.Title || p.snap.TabIndex != prev.TabIndex {
			if tabs, err := b.Tabs(ctx); err == nil {
				p.tabs = tabs
			}
		}
		out.page = &p
		return out
	}
}

// pollPage is live follow for a Browser without Follow: it compares the
// DOM version with version, when b has one, and snapshots the page again
// when it moved (nil when it did not).
func pollPage(ctx context.Context, b Browser, version string) (*refs.Snapshot, string, error) {
	var v string
	if lb, ok := b.(liveBrowser); ok {
		var err error
		if v, err = lb.DOMVersion(ctx); err != nil || v == version {
			return nil, v, err
		}
	}
	snap, err := b.Snapshot(ctx)
	return snap, v, err
}

// waitEvent waits for the next browser event, or until stop is closed.
func waitEvent(bgen int, ch <-chan browser.Event, stop <-chan struct{}) tea.Cmd {
	return func() tea.Msg {
		select {
		case ev := <-ch:
			return eventMsg{bgen: bgen, ev: ev}
		case <-stop:
			return nil
		}
	}
}

// answerDialog answers the page's dialog.
func answerDialog(b Browser, accept bool, text string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		d, err := b.AnswerDialog(ctx, accept, text)
		return dialogDoneMsg{d: d, err: err}
	}
}

// settle fires after the selection has rested for the settle delay.
func (m *Model) settle() tea.Cmd {
	m.settleSeq++
	seq := m.settleSeq
	return tea.Tick(m.opts.SettleDelay, func(time.Time) tea.Msg { return settleMsg{seq} })
}

// readLocators reads ref's locator ladder.
func (m *Model) readLocators(ref string) tea.Cmd {
	if m.opts.Locators == nil || m.b == nil || m.dead || m.locWanted[ref] {
		return nil
	}
	m.locWanted[ref] = true
	fn, b, seq := m.opts.Locators, m.b, m.applied
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		info, err := fn(ctx, b, ref)
		return locMsg{seq: seq, ref: ref, info: info, err: err}
	}
}

// highlight draws the browser's highlight over ref (headful sessions).
func (m *Model) highlight(ref string) tea.Cmd {
	in, ok := m.b.(inspector)
	if !ok || !m.opts.Headful || m.dead {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		in.Highlight(ctx, ref) // best effort: a stale ref just shows nothing
		return nil
	}
}

// pick waits for the user to pick an element in the browser window.
func (m *Model) pick() tea.Cmd {
	in, ok := m.b.(inspector)
	if !ok {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.picking = cancel
	return func() tea.Msg {
		defer cancel()
		ref, err := in.Pick(ctx)
		return pickMsg{ref: ref, err: err}
	}
}

// errNoClipboard is why text went by OSC 52 when there is no clipboard
// function.
var errNoClipboard = errors.New("no system clipboard")

// copyText puts text on the clipboard; the model falls back to OSC 52.
func (m *Model) copyText(text, what string) tea.Cmd {
	fn := m.opts.Copy
	return func() tea.Msg {
		if fn == nil {
			return copiedMsg{text: text, what: what, err: errNoClipboard}
		}
		method, err := fn(text)
		return copiedMsg{text: text, what: what, method: method, err: err}
	}
}

// closeBrowser closes a session nobody uses any more.
func closeBrowser(b Browser) tea.Cmd {
	return func() tea.Msg {
		b.Close()
		return nil
	}
}

// changedRefs lists the refs of the nodes that came or changed from prev
// to next (nil when there is no prev: everything is new, nothing is news).
func changedRefs(prev, next *refs.Node) map[string]bool {
	if prev == nil {
		return nil
	}
	out := map[string]bool{}
	for _, c := range refs.Diff(prev, next) {
		if c.Ref != "" && c.Mark != "-" {
			out[c.Ref] = true
		}
	}
	return out
}
