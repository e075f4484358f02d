package ui

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// This file is the explorer's recorder. ctrl+r starts (and pauses) a
// recording; from then on every navigation and action the user runs is
// written to the recording file as it happens, through a Browser that
// reads the element's locators before acting and records the step after
// (recBrowser). a adds an assertion on the selected element, D deletes
// the last step, S saves the recording under another name, and a pane
// lists the steps. Every file write happens in a tea.Cmd.

// elementInfo reads what a recording needs to know about an element
// besides its locators (browser.(*Browser).Info).
type elementInfo interface {
	Info(ctx context.Context, ref string) (browser.ElementInfo, error)
}

// stateReader reads what assertions check (browser.(*Browser).State).
type stateReader interface {
	State(ctx context.Context, ref string) (browser.ElementState, error)
}

// recorder is the explorer's recording: the file, whether it records now,
// and a copy of its steps for the pane. It is shared by the model (which
// reads it in View) and the Cmds that write the file; a mutex guards it.
type recorder struct {
	mu       sync.Mutex
	rec      *recordings.Recorder // nil until the recording starts
	path     string
	on       bool
	starting bool
	steps    []recordings.Step
	b        Browser // the session the tab numbers belong to
	secrets  bool
	locs     LocatorFunc

	inAction int                       // actions being recorded right now
	pending  []recordings.DialogAnswer // dialogs answered during them
	pendTab  []string
	// When Ariadne last acted, to tell its own input from the user's in
	// the window (CDP input is trusted, like the user's).
	busySince, busyUntil time.Time
}

// Active reports whether the explorer records now (the header's ● REC).
func (r *recorder) Active() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.on
}

// Steps returns how many steps the recording holds.
func (r *recorder) Steps() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.steps)
}

func (r *recorder) started() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rec != nil
}

func (r *recorder) snapshot() (path string, on bool, steps []recordings.Step) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.path, r.on, r.steps
}

// refresh copies the file's steps for the pane and the header.
func (r *recorder) refresh() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.rec != nil {
		r.steps = r.rec.Writer().Recording().Steps
	}
}

// wrap returns b recording what it does.
func (r *recorder) wrap(b Browser) Browser { return &recBrowser{Browser: b, r: r} }

// ---- recording actions ------------------------------------------------------

// pre is what is read before an action: where it happens, and the element.
type pre struct {
	tabID, url string
	el         *recordings.Element
	tabs       []browser.TabInfo
}

// before reads, before the action, the element's locators (nil ref: a
// page-wide action) and the tabs, and notes an action in flight. The
// caller must call done.
func (r *recorder) before(ctx context.Context, b Browser, ref string) (*pre, error) {
	r.mu.Lock()
	if r.inAction == 0 {
		r.busySince = time.Now()
	}
	r.inAction++
	rebase := r.b != b
	r.b = b
	r.mu.Unlock()
	p := &pre{}
	tabs, err := b.Tabs(ctx)
	if err != nil {
		return nil, err
	}
	p.tabs = tabs
	for _, t := range tabs {
		if t.Current {
			p.tabID, p.url = t.ID, t.URL
		}
	}
	if rebase && p.tabID != "" {
		// A relaunched browser: its first tab is the recording's tab 0.
		r.rec.Rebase(p.tabID)
	}
	if ref == "" {
		return p, nil
	}
	if r.locs == nil {
		return nil, refs.Errorf(refs.CodeNotLocatable, "not done: recording needs locators, which this build cannot read")
	}
	loc, err := r.locs(ctx, b, ref)
	if err != nil {
		return nil, err
	}
	if loc.Best.Locator.IsZero() {
		why := loc.Problem
		if why == "" {
			why = "no locator matches it alone"
		}
		return nil, refs.Errorf(refs.CodeNotLocatable, "not done: %s cannot be recorded: %s", ref, why)
	}
	p.el = &recordings.Element{Best: loc.Best.Locator, Candidates: loc.Candidates, Role: loc.Role, Name: loc.Name}
	if eb, ok := b.(evidencer); ok {
		if ev, err := eb.Evidence(ctx, ref, loc.Best.Locator); err == nil {
			p.el.SetEvidence(ev.Identity.Role, ev.Identity.Name, ev.Identity.Within, ev.Identity.Dup, ev.XPath)
		}
	}
	if in, ok := b.(elementInfo); ok {
		info, err := in.Info(ctx, ref)
		if err != nil {
			return nil, err
		}
		p.el.FramePath, p.el.Password = info.FramePath, info.Password
		p.tabID, p.url = info.TabID, info.URL
	}
	return p, nil
}

// done ends an action in flight: it records a (when the action worked),
// then the dialogs answered while it ran.
func (r *recorder) done(ctx context.Context, b Browser, p *pre, a *recordings.Action, res *browser.ActionResult) error {
	var err error
	if a != nil && p != nil {
		a.TabID, a.Element, a.URLBefore, a.Time = p.tabID, p.el, p.url, time.Now()
		if res != nil {
			a.URLAfter, a.Navigated = res.URL, res.Navigated
			if a.Kind == recordings.Click || a.Kind == recordings.DblClick || a.Kind == recordings.Press {
				a.Opened = browser.OpenedSince(ctx, b, p.tabs)
			}
		}
		err = r.record(*a)
	}
	r.mu.Lock()
	r.inAction--
	r.busyUntil = time.Now()
	var dialogs []recordings.DialogAnswer
	var tabs []string
	if r.inAction == 0 {
		dialogs, tabs = r.pending, r.pendTab
		r.pending, r.pendTab = nil, nil
	}
	rec := r.rec
	r.mu.Unlock()
	for i, d := range dialogs {
		if _, derr := rec.Dialog(tabs[i], d); derr != nil && err == nil {
			err = derr
		}
	}
	r.refresh()
	if err != nil {
		return refs.Wrap(refs.CodeInternal, err, "done, but not recorded")
	}
	return nil
}

// record adds a's steps; a press of several keys becomes one step per key.
func (r *recorder) record(a recordings.Action) error {
	keys := strings.Fields(a.Key)
	if a.Kind != recordings.Press || len(keys) < 2 {
		_, err := r.rec.Record(a)
		return err
	}
	for i, k := range keys {
		one := a
		one.Key = k
		if i < len(keys)-1 {
			one.Opened, one.Navigated, one.URLAfter = nil, false, ""
		}
		if _, err := r.rec.Record(one); err != nil {
			return err
		}
	}
	return nil
}

// dialog records a dialog the user answered: after the action that is
// being recorded, if any, else now.
func (r *recorder) dialog(ctx context.Context, b Browser, d *browser.Dialog) error {
	tabID := ""
	if tabs, err := b.Tabs(ctx); err == nil {
		for _, t := range tabs {
			if t.Current {
				tabID = t.ID
			}
		}
	}
	a := recordings.DialogAnswer{Type: d.Type, Message: d.Message, Accept: d.Outcome == "accepted", PromptText: d.PromptText}
	r.mu.Lock()
	if r.inAction > 0 {
		r.pending = append(r.pending, a)
		r.pendTab = append(r.pendTab, tabID)
		r.mu.Unlock()
		return nil
	}
	rec := r.rec
	r.mu.Unlock()
	_, err := rec.Dialog(tabID, a)
	r.refresh()
	return err
}

// recBrowser is a Browser that records the navigations and actions it
// runs. Everything else passes through.
type recBrowser struct {
	Browser
	r *recorder
}

// act records one action on ref around run.
func (rb *recBrowser) act(ctx context.Context, ref string, a *recordings.Action, run func() (*browser.ActionResult, error)) (*browser.ActionResult, error) {
	p, err := rb.r.before(ctx, rb.Browser, ref)
	if err != nil {
		rb.r.done(ctx, rb.Browser, nil, nil, nil)
		return nil, err
	}
	res, err := run()
	if err != nil {
		rb.r.done(ctx, rb.Browser, nil, nil, nil)
		return res, err
	}
	return res, rb.r.done(ctx, rb.Browser, p, a, res)
}

// nav records a navigation.
func (rb *recBrowser) nav(ctx context.Context, url string, run func() (*browser.NavResult, error)) (*browser.NavResult, error) {
	p, err := rb.r.before(ctx, rb.Browser, "")
	if err != nil {
		rb.r.done(ctx, rb.Browser, nil, nil, nil)
		return nil, err
	}
	res, err := run()
	if err != nil || res == nil {
		rb.r.done(ctx, rb.Browser, nil, nil, nil)
		return res, err
	}
	if url == "" {
		url = res.URL
	}
	a := recordings.Action{Kind: recordings.Navigate, URL: url}
	act := &browser.ActionResult{URL: res.URL}
	return res, rb.r.done(ctx, rb.Browser, p, &a, act)
}

func (rb *recBrowser) Open(ctx context.Context, url string) (*browser.NavResult, error) {
	u, err := browser.NormalizeURL(url)
	if err != nil {
		u = url
	}
	return rb.nav(ctx, u, func() (*browser.NavResult, error) { return rb.Browser.Open(ctx, url) })
}

func (rb *recBrowser) Back(ctx context.Context) (*browser.NavResult, error) {
	return rb.nav(ctx, "", func() (*browser.NavResult, error) { return rb.Browser.Back(ctx) })
}

func (rb *recBrowser) Forward(ctx context.Context) (*browser.NavResult, error) {
	return rb.nav(ctx, "", func() (*browser.NavResult, error) { return rb.Browser.Forward(ctx) })
}

func (rb *recBrowser) Reload(ctx context.Context) (*browser.NavResult, error) {
	return rb.nav(ctx, "", func() (*browser.NavResult, error) { return rb.Browser.Reload(ctx) })
}

func (rb *recBrowser) Click(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error) {
	a := recordings.Action{Kind: recordings.Click, Button: o.Button, Modifiers: o.Modifiers, ClickCount: o.Count}
	if o.Count == 2 {
		a.Kind, a.ClickCount = recordings.DblClick, 0
	}
	return rb.act(ctx, ref, &a, func() (*browser.ActionResult, error) { return rb.Browser.Click(ctx, ref, o) })
}

func (rb *recBrowser) Hover(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return rb.act(ctx, ref, &recordings.Action{Kind: recordings.Hover}, func() (*browser.ActionResult, error) { return rb.Browser.Hover(ctx, ref, o) })
}

func (rb *recBrowser) Fill(ctx context.Context, ref, text string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return rb.act(ctx, ref, &recordings.Action{Kind: recordings.Fill, Text: text}, func() (*browser.ActionResult, error) { return rb.Browser.Fill(ctx, ref, text, o) })
}

func (rb *recBrowser) Type(ctx context.Context, ref, text string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return rb.act(ctx, ref, &recordings.Action{Kind: recordings.Type, Text: text}, func() (*browser.ActionResult, error) { return rb.Browser.Type(ctx, ref, text, o) })
}

func (rb *recBrowser) Press(ctx context.Context, ref, keys string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return rb.act(ctx, ref, &recordings.Action{Kind: recordings.Press, Key: keys}, func() (*browser.ActionResult, error) { return rb.Browser.Press(ctx, ref, keys, o) })
}

func (rb *recBrowser) Select(ctx context.Context, ref string, values []string, o browser.ActionOptions) (*browser.ActionResult, error) {
	a := recordings.Action{Kind: recordings.Select, Values: values}
	return rb.act(ctx, ref, &a, func() (*browser.ActionResult, error) {
		res, err := rb.Browser.Select(ctx, ref, values, o)
		if err != nil {
			return res, err
		}
		// Record the options' values, which every replayer understands.
		if opts, oerr := rb.Browser.SelectOptions(ctx, ref); oerr == nil {
			var vals []string
			for _, op := range opts {
				if op.Selected {
					vals = append(vals, op.Value)
				}
			}
			if len(vals) > 0 {
				a.Values = vals
			}
		}
		return res, nil
	})
}

func (rb *recBrowser) SetChecked(ctx context.Context, ref string, checked bool, o browser.ActionOptions) (*browser.ActionResult, error) {
	a := recordings.Action{Kind: recordings.Check}
	if !checked {
		a.Kind = recordings.Uncheck
	}
	return rb.act(ctx, ref, &a, func() (*browser.ActionResult, error) { return rb.Browser.SetChecked(ctx, ref, checked, o) })
}

func (rb *recBrowser) Upload(ctx context.Context, ref string, files []string, o browser.ActionOptions) (*browser.ActionResult, error) {
	abs := make([]string, len(files))
	for i, f := range files {
		if a, err := filepath.Abs(f); err == nil {
			f = a
		}
		abs[i] = f
	}
	return rb.act(ctx, ref, &recordings.Action{Kind: recordings.Upload, Files: abs}, func() (*browser.ActionResult, error) { return rb.Browser.Upload(ctx, ref, files, o) })
}

// ---- what the user does in the window (--headful) ---------------------------

// userWatcher reports what the user does in a visible browser window
// (browser.(*Browser).WatchUser).
type userWatcher interface {
	WatchUser(ctx context.Context) (<-chan browser.UserAction, error)
}

type (
	// userWatchMsg: the window is watched (ch), for browser generation bgen.
	userWatchMsg struct {
		bgen int
		ch   <-chan browser.UserAction
		err  error
	}
	// userActionMsg is one thing the user did in the window.
	userActionMsg struct {
		bgen int
		ch   <-chan browser.UserAction
		ua   browser.UserAction
	}
)

// watchWindow starts watching the window of a headful session, once per
// browser, when a recording runs.
func (m *Model) watchWindow() tea.Cmd {
	w, ok := m.b.(userWatcher)
	if !ok || !m.opts.Headful || m.dead || m.watching == m.bgen {
		return nil
	}
	m.watching = m.bgen
	bgen := m.bgen
	return func() tea.Msg {
		// The watch lasts as long as the browser.
		ch, err := w.WatchUser(context.Background())
		return userWatchMsg{bgen: bgen, ch: ch, err: err}
	}
}

// waitUser waits for the next thing the user does in the window.
func waitUser(bgen int, ch <-chan browser.UserAction) tea.Cmd {
	return func() tea.Msg {
		ua, ok := <-ch
		if !ok {
			return nil
		}
		return userActionMsg{bgen: bgen, ch: ch, ua: ua}
	}
}

func (m *Model) onUserWatch(msg userWatchMsg) tea.Cmd {
	if msg.err != nil {
		m.watching = 0
		m.fail("watching the browser window for the recording", msg.err)
		return nil
	}
	if msg.bgen != m.bgen {
		return nil
	}
	return waitUser(msg.bgen, msg.ch)
}

// onUserAction records what the user did in the window, unless it was
// Ariadne's own action or the recording is paused.
func (m *Model) onUserAction(msg userActionMsg) tea.Cmd {
	if msg.bgen != m.bgen {
		return nil // an old browser's window
	}
	next := waitUser(msg.bgen, msg.ch)
	r := m.rec
	if !r.Active() || r.ariadneActed(msg.ua.Time) {
		return next
	}
	if msg.ua.Err != nil {
		m.fail("recording from the window", msg.ua.Err)
		return next
	}
	b, ua := m.b, msg.ua
	return tea.Batch(next, func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		steps, err := r.recordUser(ctx, b, ua)
		if err != nil {
			return recDoneMsg{err: err}
		}
		if len(steps) == 0 {
			return nil
		}
		return recDoneMsg{ok: "recorded from the window: " + Sanitize(recordings.Summary(steps[0]))}
	})
}

// ariadneActed reports whether Ariadne itself was acting at t.
func (r *recorder) ariadneActed(t time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.inAction > 0 {
		return true
	}
	return !t.Before(r.busySince) && t.Before(r.busyUntil.Add(300*time.Millisecond))
}

// evidencer is the browser's reading of who an element is, for the
// healing of replays (browser.Evidence).
type evidencer interface {
	Evidence(ctx context.Context, ref string, best refs.Locator) (browser.Evidence, error)
}

// recordUser records one thing the user did in the window.
func (r *recorder) recordUser(ctx context.Context, b Browser, ua browser.UserAction) ([]recordings.Step, error) {
	l := ua.Locators
	a := recordings.Action{TabID: ua.TabID, URLBefore: ua.URL, Time: ua.Time,
		Element: &recordings.Element{Best: l.Best.Locator, Candidates: l.Candidates, Role: l.Role, Name: l.Name,
			FramePath: ua.FramePath, Password: ua.Password},
		Text: ua.Value, Values: ua.Values, Key: ua.Key, Button: ua.Button, ClickCount: ua.Count, Modifiers: ua.Modifiers}
	switch ua.Kind {
	case "click":
		a.Kind = recordings.Click
		a.Opened = r.newTabs(ctx, b)
	case "fill":
		a.Kind = recordings.Fill
	case "select":
		a.Kind = recordings.Select
	case "check":
		a.Kind = recordings.Check
	case "uncheck":
		a.Kind = recordings.Uncheck
	case "press":
		a.Kind = recordings.Press
	default:
		return nil, nil
	}
	r.mu.Lock()
	rec := r.rec
	r.mu.Unlock()
	steps, err := rec.Record(a)
	r.refresh()
	return steps, err
}

// newTabs returns tabs the recording does not know yet: the popup a
// click in the window opened. The tab shows up a moment after the click.
func (r *recorder) newTabs(ctx context.Context, b Browser) []string {
	for range 6 {
		tabs, err := b.Tabs(ctx)
		if err != nil {
			return nil
		}
		var out []string
		for _, t := range tabs {
			if _, known := r.rec.Tab(t.ID); !known {
				out = append(out, t.ID)
			}
		}
		if len(out) > 0 {
			return out
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(50 * time.Millisecond):
		}
	}
	return nil
}

// ---- the model's side -------------------------------------------------------

type (
	// recStartedMsg: the recording file is created (or could not be).
	recStartedMsg struct {
		w     *recordings.Writer
		first string
		err   error
	}
	// recDoneMsg ends a recording command (assert, delete, save, dialog).
	recDoneMsg struct {
		ok  string
		err error
	}
)

// Picker and prompt kinds of the recorder, beyond those of picker.go and
// prompt.go.
const (
	pickAssert       pickerKind = 100
	promptSaveRecord promptKind = 100
)

// recordWrap returns what actions should run on now: b, or b recording.
func (m *Model) recordWrap() func(Browser) Browser {
	if !m.rec.Active() {
		return func(b Browser) Browser { return b }
	}
	return m.rec.wrap
}

// recordKey handles the recorder's keys; ok is false for other keys.
func (m *Model) recordKey(k tea.KeyPressMsg) (cmd tea.Cmd, ok bool) {
	km := &m.keys.Record
	switch {
	case key.Matches(k, km.Toggle):
		return m.toggleRecording(), true
	case key.Matches(k, km.Assert):
		return m.openAssertPicker(), true
	case key.Matches(k, km.DeleteStep):
		return m.deleteStep(), true
	case key.Matches(k, km.SaveAs):
		path, _, _ := m.rec.snapshot()
		if !m.rec.started() {
			m.setStatus(statusErr, "nothing recorded yet: "+km.Toggle.Help().Key+" starts recording")
			return nil, true
		}
		return m.openPrompt(promptSaveRecord, "save recording as: ", path, ""), true
	case key.Matches(k, km.Steps):
		m.showSteps = !m.showSteps
		if m.showSteps {
			m.showDetails = true
		}
		return nil, true
	}
	return nil, false
}

// toggleRecording starts, pauses or resumes the recording.
func (m *Model) toggleRecording() tea.Cmd {
	r := m.rec
	r.mu.Lock()
	starting, started, on, path := r.starting, r.rec != nil, r.on, r.path
	r.mu.Unlock()
	toggle := m.keys.Record.Toggle.Help().Key
	switch {
	case starting:
		return nil
	case !started:
		return m.startRecording(m.opts.RecordFile)
	case on:
		r.mu.Lock()
		r.on = false
		r.mu.Unlock()
		m.setStatus(statusInfo, "recording paused ("+itoa(r.Steps())+" steps in "+Sanitize(path)+"); "+toggle+" resumes")
	default:
		r.mu.Lock()
		r.on = true
		r.mu.Unlock()
		m.setStatus(statusInfo, "recording again into "+Sanitize(path))
		return m.watchWindow()
	}
	return nil
}

// startRecording creates the recording file (path, or a new name in the
// current directory) for the page on screen.
func (m *Model) startRecording(path string) tea.Cmd {
	if m.b == nil || m.dead {
		m.setStatus(statusErr, "no browser to record: "+relaunchKey.Help().Key+" relaunches it")
		return nil
	}
	m.rec.mu.Lock()
	m.rec.starting = true
	m.rec.mu.Unlock()
	if path == "" {
		path = filepath.Join(m.opts.RecordDir, "recording-"+time.Now().Format("20060102-150405")+".jsonl")
	}
	b, url, title := m.b, m.url, m.title
	vp := recordings.Viewport{}
	if m.snap != nil {
		vp = recordings.Viewport{Width: m.snap.Viewport.Width, Height: m.snap.Viewport.Height}
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		first := ""
		if tabs, err := b.Tabs(ctx); err == nil {
			for _, t := range tabs {
				if t.Current {
					first = t.ID
				}
			}
		}
		h := recordings.NewHeader(title, url)
		if vp.Width > 0 {
			h.Viewport = &vp
		}
		if bb, ok := b.(*browser.Browser); ok {
			if attr := bb.Options().TestIDAttribute; attr != refs.DefaultTestIDAttr {
				h.TestIDAttr = attr
			}
		}
		w, err := recordings.Create(path, h)
		return recStartedMsg{w: w, first: first, err: err}
	}
}

// onRecStarted begins recording into the new file.
func (m *Model) onRecStarted(msg recStartedMsg) tea.Cmd {
	r := m.rec
	r.mu.Lock()
	r.starting = false
	if msg.err != nil {
		r.mu.Unlock()
		m.fail("starting the recording", msg.err)
		return nil
	}
	r.rec = recordings.NewRecorder(msg.w, recordings.Secrets{RecordSecrets: r.secrets}, msg.first)
	r.path, r.on, r.b, r.steps = msg.w.Path(), true, m.b, nil
	r.mu.Unlock()
	what := "every action"
	if m.opts.Headful {
		what += ", here or in the browser window,"
	}
	m.setStatus(statusOK, "recording into "+Sanitize(r.path)+": "+what+" is saved as it happens — "+
		m.keys.Record.Assert.Help().Key+" adds an assertion, "+m.keys.Record.Toggle.Help().Key+" pauses")
	return m.watchWindow()
}

func (m *Model) onRecDone(msg recDoneMsg) tea.Cmd {
	if msg.err != nil {
		m.fail("recording", msg.err)
		return nil
	}
	if msg.ok != "" {
		m.setStatus(statusOK, msg.ok)
	}
	return nil
}

// recordDialog records the user's answer to a page dialog.
func (m *Model) recordDialog(msg dialogDoneMsg) tea.Cmd {
	if msg.err != nil || msg.d == nil || !m.rec.Active() || m.b == nil {
		return nil
	}
	r, b, d := m.rec, m.b, msg.d
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := r.dialog(ctx, b, d); err != nil {
			return recDoneMsg{err: err}
		}
		return nil
	}
}

// deleteStep removes the last recorded step.
func (m *Model) deleteStep() tea.Cmd {
	if !m.rec.started() {
		m.setStatus(statusErr, "nothing recorded yet: "+m.keys.Record.Toggle.Help().Key+" starts recording")
		return nil
	}
	r := m.rec
	return func() tea.Msg {
		steps := r.rec.Writer().Recording().Steps
		if len(steps) == 0 {
			return recDoneMsg{err: fmt.Errorf("the recording has no steps to delete")}
		}
		if err := r.rec.Writer().DeleteLast(); err != nil {
			return recDoneMsg{err: err}
		}
		r.refresh()
		return recDoneMsg{ok: "deleted step " + itoa(len(steps)) + ": " + Sanitize(recordings.Summary(steps[len(steps)-1]))}
	}
}

// saveRecording writes the recording under path and goes on there.
func (m *Model) saveRecording(path string) tea.Cmd {
	path = strings.TrimSpace(path)
	if path == "" {
		return nil
	}
	r := m.rec
	return func() tea.Msg {
		if err := r.rec.Writer().SaveAs(path); err != nil {
			return recDoneMsg{err: err}
		}
		r.mu.Lock()
		r.path = r.rec.Writer().Path()
		r.mu.Unlock()
		return recDoneMsg{ok: "saved the recording as " + Sanitize(path) + " (" + itoa(r.Steps()) + " steps); it goes on there"}
	}
}

// recordPromptKey handles enter in the save-as prompt; other keys edit.
func (m *Model) recordPromptKey(k tea.KeyPressMsg) tea.Cmd {
	if key.Matches(k, promptAccept) {
		v := m.prompt.input.Value()
		m.closeOverlay()
		return m.saveRecording(v)
	}
	return m.promptKey(k)
}

// ---- assertions -------------------------------------------------------------

// assertChoice is one row of the assertion menu.
type assertChoice struct {
	kind     recordings.AssertKind
	not      bool
	expected string // "" for text and value: read from the page then
	page     bool   // about the page, not the element
}

// openAssertPicker lists the assertions the selected element allows.
func (m *Model) openAssertPicker() tea.Cmd {
	if !m.rec.started() {
		m.setStatus(statusErr, "start recording first: "+m.keys.Record.Toggle.Help().Key)
		return nil
	}
	n := m.tree.Selected()
	if n == nil || n.Ref == "" {
		m.setStatus(statusErr, "the selected row has no ref (it is text); select an element")
		return nil
	}
	p := &picker{kind: pickAssert, title: "Add an assertion on " + n.Ref + " — enter adds it", ref: n.Ref}
	m.assertChoices = nil
	add := func(c assertChoice, label, hint string) {
		m.assertChoices = append(m.assertChoices, c)
		p.items = append(p.items, pickItem{label: label, hint: hint, n: len(m.assertChoices) - 1})
	}
	add(assertChoice{kind: recordings.AssertVisible}, "visible", "toBeVisible()")
	add(assertChoice{kind: recordings.AssertText}, "text", "toHaveText(its text now)")
	if n.HasValue {
		add(assertChoice{kind: recordings.AssertValue}, "value "+quote(n.Value), "toHaveValue()")
	}
	if n.Checked != "" {
		c := assertChoice{kind: recordings.AssertChecked, not: n.Checked != "true"}
		label := "checked"
		if c.not {
			label = "not checked"
		}
		add(c, label, "toBeChecked()")
	}
	if n.Disabled {
		add(assertChoice{kind: recordings.AssertEnabled, not: true}, "disabled", "not.toBeEnabled()")
	} else {
		add(assertChoice{kind: recordings.AssertEnabled}, "enabled", "toBeEnabled()")
	}
	add(assertChoice{kind: recordings.AssertURL, expected: m.url, page: true}, "page URL "+quote(m.url), "toHaveURL()")
	add(assertChoice{kind: recordings.AssertTitle, expected: m.title, page: true}, "page title "+quote(m.title), "toHaveTitle()")
	snap := refs.Text(&refs.Node{Role: "document", Children: []*refs.Node{n}}, refs.TextOptions{NoRefs: true})
	add(assertChoice{kind: recordings.AssertAriaSnapshot, expected: strings.TrimRight(snap, "\n")},
		"ARIA snapshot of this subtree", itoa(strings.Count(snap, "\n"))+" lines, toMatchAriaSnapshot()")
	m.openPicker(p)
	return nil
}

// assertPickerKey handles enter in the assertion menu; other keys move.
func (m *Model) assertPickerKey(k tea.KeyPressMsg) tea.Cmd {
	p := m.picker
	if !key.Matches(k, pickerChoose) {
		return m.pickerKey(k)
	}
	if !p.selectable(p.cursor) {
		return nil
	}
	i := p.items[p.cursor].n
	m.closeOverlay()
	if i < 0 || i >= len(m.assertChoices) {
		return nil
	}
	return m.addAssertion(p.ref, m.assertChoices[i])
}

// addAssertion records an assertion about ref (or its page).
func (m *Model) addAssertion(ref string, c assertChoice) tea.Cmd {
	if m.b == nil || m.dead {
		m.markDead()
		return nil
	}
	r, b, url := m.rec, m.b, m.url
	m.setStatus(statusInfo, "adding the assertion…")
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		a := recordings.Assertion{Kind: c.kind, Not: c.not, Expected: c.expected}
		target := ref
		if c.page {
			target = ""
		}
		p, err := r.before(ctx, b, target)
		defer r.done(ctx, b, nil, nil, nil)
		if err != nil {
			return recDoneMsg{err: err}
		}
		if a.Kind == recordings.AssertText || a.Kind == recordings.AssertValue {
			sr, ok := b.(stateReader)
			if !ok {
				return recDoneMsg{err: refs.Errorf(refs.CodeInternal, "this browser cannot read the element's %s", a.Kind)}
			}
			st, err := sr.State(ctx, ref)
			if err != nil {
				return recDoneMsg{err: err}
			}
			if a.Kind == recordings.AssertText {
				a.Expected = st.Text
			} else if st.Value != nil {
				a.Expected = *st.Value
			}
		}
		if p.url == "" {
			p.url = url
		}
		s, err := r.rec.Assert(p.tabID, p.el, a, p.url)
		if err != nil {
			return recDoneMsg{err: err}
		}
		return recDoneMsg{ok: "recorded: " + Sanitize(recordings.Summary(s))}
	}
}

// ---- the steps pane ---------------------------------------------------------

// stepsPane lists the recording's steps in the details pane's place, the
// latest at the bottom.
func (m *Model) stepsPane(width, height int) []string {
	s := &m.styles
	path, on, steps := m.rec.snapshot()
	var lines []string
	add := func(l string) { lines = append(lines, ansi.Truncate(l, width, "…")) }
	state := s.Dim.Render("not recording")
	switch {
	case on:
		state = s.Rec.Render("● recording")
	case path != "":
		state = s.Flag.Render("paused")
	}
	add(s.Title.Render("Recording") + "  " + state + "  " + s.Dim.Render(itoa(len(steps))+" steps"))
	if path != "" {
		add(s.Label.Render("file") + " " + Sanitize(path))
	}
	km := &m.keys.Record
	add(s.Dim.Render(km.Toggle.Help().Key + " start/pause · " + km.Assert.Help().Key + " assert · " +
		km.DeleteStep.Help().Key + " delete last · " + km.SaveAs.Help().Key + " save as · " + km.Steps.Help().Key + " hide"))
	room := height - len(lines)
	if len(steps) == 0 {
		add(s.Dim.Render("no steps yet"))
		return lines
	}
	first := max(len(steps)-room, 0)
	if first > 0 {
		first++ // leave a line for the "more" note
		add(s.Dim.Render(fmt.Sprintf("… %d earlier steps", first)))
	}
	for i := first; i < len(steps); i++ {
		add(fmt.Sprintf("%3d ", i+1) + Sanitize(recordings.Summary(steps[i])))
	}
	return lines
}
