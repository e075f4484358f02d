package session

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// Recorder is the one recorder of Ariadne: it writes a recording file as
// actions happen (each step synced to disk), through the collapse rules
// of recordings.Writer, with secrets kept out of the file unless asked.
// Front ends never build steps themselves: Session.Act, Session.Assert,
// Dialog and RecordUser do. A Recorder is safe for use by several
// goroutines (the explorer's Cmds); front ends keep their own copy of
// what they show (State), never a lock of it.
type Recorder struct {
	rec *recordings.Recorder

	mu sync.Mutex
	b  Browser // the session whose tab ids the recording knows
	// blank: the recording started on a blank tab, so the first page it
	// opens becomes its start page (the header's startUrl and title).
	blank    bool
	demo     string // RecordOptions.Demo
	gen      int
	inAction int
	pending  []pendingDialog // dialogs answered while actions ran
	told     map[string]bool // secret variables already reported
	// recorded holds the Seq of every dialog recorded: the browser reports
	// a dialog answered while an action ran with that action, and the
	// front end that answered it (esc, ctrl+x) reports it too.
	recorded map[int64]bool
	// When Ariadne last acted, to tell its own input from the user's in a
	// visible window (CDP input is trusted, like the user's).
	busySince, busyUntil time.Time
}

type pendingDialog struct {
	tabID string
	seq   int64
	d     recordings.DialogAnswer
}

// fresh returns the answers of the dialogs in ds not recorded yet, and
// notes them as recorded. A dialog with no Seq (a test's fake) is always
// fresh.
func (r *Recorder) fresh(ds []browser.Dialog) []recordings.DialogAnswer {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []recordings.DialogAnswer
	for _, d := range ds {
		if r.seen(d.Seq) {
			continue
		}
		out = append(out, dialogAnswer(d))
	}
	return out
}

// seen reports whether the dialog seq was recorded, noting it if not.
// Call with r.mu held.
func (r *Recorder) seen(seq int64) bool {
	if seq == 0 {
		return false
	}
	if r.recorded[seq] {
		return true
	}
	r.recorded[seq] = true
	return false
}

// RecordOptions adjust a recording.
type RecordOptions struct {
	// Secrets stores what is typed into password fields as plain text
	// instead of a secret (--record-secrets).
	Secrets bool
	// Demo is the origin of the built-in demo site the front end serves
	// ("" for none): a recording that starts there is marked as made on
	// the demo, which replay serves again by itself.
	Demo string
}

// RecordState is a copy of the recording for a front end to show. Gen
// grows with every change, so that of two states the newer is known.
type RecordState struct {
	Gen    int
	Path   string
	Header recordings.Header // as in the file: what an export of it starts with
	Steps  []recordings.Step
}

// Start creates the recording file path (which must not exist) for the
// page b shows now. The header is the same whoever records: the start
// URL and title of the current tab, the viewport, and the test id
// attribute when it is not data-testid. On a blank tab (run --record
// before its first open) the start URL and title come from the first
// page the recording opens.
func Start(ctx context.Context, b Browser, path string, o RecordOptions) (*Recorder, error) {
	id, url, title, _, err := currentTab(ctx, b)
	if err != nil {
		return nil, err
	}
	blank := isBlank(url)
	if blank {
		url, title = "", ""
	}
	opts := b.Options()
	h := recordings.NewHeader(title, url)
	if vp := opts.Viewport; vp.Width > 0 {
		h.Viewport = &recordings.Viewport{Width: vp.Width, Height: vp.Height}
	}
	if attr := opts.TestIDAttribute; attr != "" && attr != refs.DefaultTestIDAttr {
		h.TestIDAttr = attr
	}
	h.Demo = o.Demo != "" && strings.HasPrefix(url, o.Demo)
	w, err := recordings.Create(path, h)
	if err != nil {
		return nil, refs.Wrap(refs.CodeBadArgument, err, "cannot create the recording %s (Ariadne does not overwrite a recording: remove it or pick another name)", path)
	}
	return &Recorder{
		rec:      recordings.NewRecorder(w, recordings.Secrets{RecordSecrets: o.Secrets}, id),
		b:        b,
		blank:    blank,
		demo:     o.Demo,
		told:     map[string]bool{},
		recorded: map[int64]bool{},
	}, nil
}

func isBlank(url string) bool { return url == "" || strings.HasPrefix(url, "about:") }

// State returns a copy of the recording: its file, header and steps.
func (r *Recorder) State() RecordState {
	r.mu.Lock()
	gen := r.gen
	r.mu.Unlock()
	w := r.rec.Writer()
	rec := w.Recording()
	return RecordState{Gen: gen, Path: w.Path(), Header: rec.Header, Steps: rec.Steps}
}

func (r *Recorder) changed() {
	r.mu.Lock()
	r.gen++
	r.mu.Unlock()
}

// Path returns the file the recording is written to.
func (r *Recorder) Path() string { return r.rec.Writer().Path() }

// Close closes the file; every step is already on disk.
func (r *Recorder) Close() error { return r.rec.Writer().Close() }

// DeleteLast removes the last step from the file and returns it.
func (r *Recorder) DeleteLast() (recordings.Step, error) {
	defer r.changed()
	steps := r.rec.Writer().Recording().Steps
	if len(steps) == 0 {
		return recordings.Step{}, refs.Errorf(refs.CodeBadArgument, "the recording has no steps to delete")
	}
	if err := r.rec.Writer().DeleteLast(); err != nil {
		return recordings.Step{}, err
	}
	return steps[len(steps)-1], nil
}

// SaveAs writes the recording to path and goes on recording there; the
// old file stays as it is.
func (r *Recorder) SaveAs(path string) error {
	defer r.changed()
	return r.rec.Writer().SaveAs(path)
}

// pre is what is read before an action: where it happens, and its
// elements' locators.
type pre struct {
	tabID, url string
	el, to     *recordings.Element
	tabs       []browser.TabInfo
	healed     bool // reading the element healed its ref
}

// before reads, before an action, the tabs and the locators of ref and to
// ("": none), and notes an action in flight. The caller must call end.
func (r *Recorder) before(ctx context.Context, b Browser, ref, to string) (*pre, error) {
	r.mu.Lock()
	if r.inAction == 0 {
		r.busySince = time.Now()
	}
	r.inAction++
	rebase := r.b != b
	r.b = b
	r.mu.Unlock()
	p := &pre{}
	var err error
	if p.tabID, p.url, _, p.tabs, err = currentTab(ctx, b); err != nil {
		return nil, err
	}
	if rebase && p.tabID != "" {
		// A relaunched browser: its first tab is the recording's tab 0.
		r.rec.Rebase(p.tabID)
	}
	if ref != "" {
		el, info, err := element(ctx, b, ref)
		if err != nil {
			return nil, err
		}
		p.el, p.tabID, p.url, p.healed = el, info.TabID, info.URL, info.Healed
	}
	if to != "" {
		if p.to, _, err = element(ctx, b, to); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// element reads what a recording needs of ref's element, before acting on
// it: its locators (not_locatable when none finds it alone), frame path
// and whether it is a password field.
func element(ctx context.Context, b Browser, ref string) (*recordings.Element, browser.ElementInfo, error) {
	info, err := b.Info(ctx, ref)
	if err != nil {
		return nil, info, err
	}
	ls, err := b.Locators(ctx, []string{ref})
	if err != nil {
		return nil, info, refs.Wrap(refs.CodeNotLocatable, err, "not done: ref %s cannot be recorded", ref)
	}
	if len(ls) == 0 || ls[0].Best.Locator.IsZero() {
		why := "no locator matches it alone"
		if len(ls) > 0 && ls[0].Problem != "" {
			why = ls[0].Problem
		}
		return nil, info, refs.Errorf(refs.CodeNotLocatable, "not done: ref %s cannot be recorded: %s", ref, why)
	}
	l := ls[0]
	el := &recordings.Element{Best: l.Best.Locator, Candidates: l.Candidates, Role: l.Role, Name: l.Name,
		FramePath: info.FramePath, Password: info.Password}
	evidence(ctx, b, ref, el)
	return el, info, nil
}

// evidencer is the browser's reading of who an element is and of a
// text-anchored XPath for it (browser.Evidence), which a replay checks
// healed elements against. A browser without it (a test's fake) records
// targets without identity.
type evidencer interface {
	Evidence(ctx context.Context, ref string, best refs.Locator) (browser.Evidence, error)
}

// evidence adds who ref's element is to el, when the browser can say.
func evidence(ctx context.Context, b Browser, ref string, el *recordings.Element) {
	eb, ok := b.(evidencer)
	if !ok {
		return
	}
	if ev, err := eb.Evidence(ctx, ref, el.Best); err == nil {
		el.SetEvidence(ev.Identity.Role, ev.Identity.Name, ev.Identity.Within, ev.Identity.Dup, ev.XPath)
		el.Card = ev.Card
	}
}

// after records a, which worked with out.
func (r *Recorder) after(ctx context.Context, b Browser, p *pre, a Action, out *Outcome) ([]recordings.Step, error) {
	ra, ok := step(ctx, b, p, a, out, r.fresh)
	if !ok {
		return nil, nil
	}
	ra.Time = time.Now()
	if ra.Kind == recordings.Navigate && out.Nav != nil {
		if err := r.startPage(ra, out.Nav); err != nil {
			return nil, err
		}
	}
	return r.record(ra)
}

// startPage makes the first page a recording opened in tab 0 its start
// page, when it started on a blank tab.
func (r *Recorder) startPage(a recordings.Action, nav *browser.NavResult) error {
	r.mu.Lock()
	blank := r.blank
	r.blank = false
	r.mu.Unlock()
	if !blank {
		return nil
	}
	if n, _ := r.rec.Tab(a.TabID); n != 0 {
		return nil
	}
	w := r.rec.Writer()
	h := w.Recording().Header
	h.StartURL, h.Title = nav.URL, nav.Title
	h.Demo = r.demo != "" && strings.HasPrefix(nav.URL, r.demo)
	return w.SetHeader(h)
}

// record adds a's steps; a press of several keys becomes one step per
// key, and what followed (dialogs, tabs, a navigation) belongs to the last.
func (r *Recorder) record(a recordings.Action) ([]recordings.Step, error) {
	defer r.changed()
	keys := strings.Fields(a.Key)
	if a.Kind != recordings.Press || len(keys) < 2 {
		return r.rec.Record(a)
	}
	var out []recordings.Step
	for i, k := range keys {
		one := a
		one.Key = k
		if i < len(keys)-1 {
			one.Dialogs, one.Opened, one.Navigated, one.URLAfter = nil, nil, false, ""
		}
		steps, err := r.rec.Record(one)
		if err != nil {
			return out, err
		}
		out = append(out, steps...)
	}
	return out, nil
}

// end ends an action in flight; when none is left, it records the dialogs
// answered while they ran (after their steps) and returns those steps.
func (r *Recorder) end(ctx context.Context) []recordings.Step {
	r.mu.Lock()
	r.inAction--
	r.busyUntil = time.Now()
	var dialogs []pendingDialog
	if r.inAction == 0 {
		dialogs, r.pending = r.pending, nil
	}
	r.mu.Unlock()
	var out []recordings.Step
	for _, d := range dialogs {
		r.mu.Lock()
		dup := r.seen(d.seq) // recorded with the action
		r.mu.Unlock()
		if dup {
			continue
		}
		if s, err := r.rec.Dialog(d.tabID, d.d); err == nil {
			out = append(out, s)
		}
	}
	if len(out) > 0 {
		r.changed()
	}
	return out
}

// Dialog records the answer to a page dialog given outside an action (the
// explorer's dialog box, the script's dialog command): after the action
// being recorded, if one runs, else at once.
func (r *Recorder) Dialog(ctx context.Context, b Browser, d browser.Dialog) ([]recordings.Step, error) {
	tabID, _, _, _, _ := currentTab(ctx, b)
	a := dialogAnswer(d)
	r.mu.Lock()
	if d.Seq != 0 && r.recorded[d.Seq] { // with the action it interrupted
		r.mu.Unlock()
		return nil, nil
	}
	if r.inAction > 0 {
		r.pending = append(r.pending, pendingDialog{tabID: tabID, seq: d.Seq, d: a})
		r.mu.Unlock()
		return nil, nil
	}
	r.seen(d.Seq)
	r.mu.Unlock()
	defer r.changed()
	s, err := r.rec.Dialog(tabID, a)
	if err != nil {
		return nil, err
	}
	return []recordings.Step{s}, nil
}

// AriadneActed reports whether Ariadne itself was acting at t, so that
// what the window reported then is not recorded as the user's.
func (r *Recorder) AriadneActed(t time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.inAction > 0 {
		return true
	}
	return !t.Before(r.busySince) && t.Before(r.busyUntil.Add(300*time.Millisecond))
}

// RecordUser records one thing the user did in a visible browser window
// (browser.(*Browser).WatchUser); kinds the recorder does not know record
// nothing.
func (r *Recorder) RecordUser(ctx context.Context, b Browser, ua browser.UserAction) ([]recordings.Step, error) {
	l := ua.Locators
	a := recordings.Action{TabID: ua.TabID, URLBefore: ua.URL, Time: ua.Time,
		Element: &recordings.Element{Best: l.Best.Locator, Candidates: l.Candidates, Role: l.Role, Name: l.Name,
			FramePath: ua.FramePath, Password: ua.Password},
		Text: ua.Value, Values: ua.Values, Key: ua.Key, Button: ua.Button, ClickCount: ua.Count, Modifiers: ua.Modifiers}
	switch ua.Kind {
	case "click":
		a.Kind = recordings.Click
		a.Opened = browser.OpenedSince(ctx, b, r.knownTabs(ctx, b))
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
	defer r.changed()
	return r.rec.Record(a)
}

// knownTabs lists the tabs open now that the recording has numbered: the
// ones a click in the window did not open.
func (r *Recorder) knownTabs(ctx context.Context, b Browser) []browser.TabInfo {
	tabs, err := b.Tabs(ctx)
	if err != nil {
		return nil
	}
	var out []browser.TabInfo
	for _, t := range tabs {
		if _, known := r.rec.Tab(t.ID); known {
			out = append(out, t)
		}
	}
	return out
}

// newSecrets returns the secret variables of steps not reported before.
func (r *Recorder) newSecrets(steps []recordings.Step) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, s := range steps {
		if name := s.Text.Secret; name != "" && !r.told[name] {
			r.told[name] = true
			out = append(out, name)
		}
	}
	return out
}

// SecretNotice is what a front end tells the user about a secret the
// recording names: the variable a replay reads.
func SecretNotice(name string) string {
	return fmt.Sprintf("recorded a password as the secret %s: set that environment variable to replay (or record with --record-secrets)", name)
}
