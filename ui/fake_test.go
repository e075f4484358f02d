package ui

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

// fakeBrowser is a Browser with canned pages, for the model's unit tests.
// Every call is recorded in calls.
type fakeBrowser struct {
	mu      sync.Mutex
	url     string
	pages   map[string]*refs.Node
	titles  map[string]string
	history []string
	calls   []string
	alive   bool
	events  chan browser.Event
	tabs    []browser.TabInfo
	current int
	version int

	actErr  error                                       // returned by the next action
	block   chan struct{}                               // when set, actions wait for it (or ctx)
	onAct   func(f *fakeBrowser, verb, ref, arg string) // changes the page
	picks   chan string                                 // what Pick returns
	options []browser.Option

	aliveChecks int // calls of Alive: the live checks so far
	tabReads    int // calls of Tabs
}

const fakeURL = "https://shop.test/"

func newFake() *fakeBrowser {
	f := &fakeBrowser{
		pages:  map[string]*refs.Node{fakeURL: fakePage(), fakeURL + "next": fakeNext()},
		titles: map[string]string{fakeURL: "Fake shop", fakeURL + "next": "Next page"},
		alive:  true,
		events: make(chan browser.Event, 16),
		picks:  make(chan string, 1),
		tabs:   []browser.TabInfo{{Index: 1, ID: "T1", Title: "Fake shop", URL: fakeURL, Current: true}},
		options: []browser.Option{
			{Label: "English", Value: "en", Selected: true},
			{Label: "Français", Value: "fr"},
			{Label: "Klingon", Value: "tlh", Disabled: true},
		},
	}
	f.onAct = func(f *fakeBrowser, verb, ref, arg string) {
		if verb == "click" && ref == "e8" {
			setText(f.pages[f.url], "plain", "saved!")
		}
	}
	return f
}

// fakePage is small() with a combobox and a checkbox.
func fakePage() *refs.Node {
	root := small()
	main := root.Find("e4")
	cb := interactive(el("combobox", "e11", "Language"))
	cb.Value, cb.HasValue = "English", true
	chk := interactive(el("checkbox", "e12", "Remember me"))
	chk.Checked = "false"
	main.Children = append(main.Children, cb, chk)
	root.Walk(func(n *refs.Node, _ int) bool {
		if n.Ref != "" {
			n.Box = &refs.Box{X: 10, Y: 20, Width: 100, Height: 24}
			n.Frame = "F1"
		}
		return true
	})
	root.Frame = "F1"
	root.Find("e2").URL = fakeURL + "home"
	return root
}

func fakeNext() *refs.Node {
	return el("document", "", "", el("heading", "e20", "Second page"), interactive(el("link", "e21", "Back")))
}

func setText(root *refs.Node, old, now string) {
	root.Walk(func(n *refs.Node, _ int) bool {
		if n.IsText() && n.Name == old {
			n.Name = now
		}
		return true
	})
}

func (f *fakeBrowser) record(format string, args ...any) {
	f.calls = append(f.calls, fmt.Sprintf(format, args...))
}

// Calls returns the calls so far, joined by "; ".
func (f *fakeBrowser) Calls() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return strings.Join(f.calls, "; ")
}

func (f *fakeBrowser) gone() error {
	if !f.alive {
		return refs.Errorf(refs.CodeBrowserClosed, "the browser is gone (crashed or closed)")
	}
	return nil
}

func (f *fakeBrowser) nav(ctx context.Context, url string) (*browser.NavResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.gone(); err != nil {
		return nil, err
	}
	if _, ok := f.pages[url]; !ok {
		return nil, refs.Errorf(refs.CodeDNS, "cannot resolve host for %s: check the spelling and your network", url)
	}
	f.history = append(f.history, f.url)
	f.url = url
	f.version++
	return &browser.NavResult{URL: url, Title: f.titles[url]}, nil
}

func (f *fakeBrowser) Open(ctx context.Context, url string) (*browser.NavResult, error) {
	f.mu.Lock()
	f.record("open %s", url)
	f.mu.Unlock()
	return f.nav(ctx, url)
}

func (f *fakeBrowser) Back(ctx context.Context) (*browser.NavResult, error) {
	f.mu.Lock()
	f.record("back")
	if len(f.history) == 0 || f.history[len(f.history)-1] == "" {
		f.mu.Unlock()
		return nil, refs.Errorf(refs.CodeNavigationFailed, "cannot go back: no history entry")
	}
	prev := f.history[len(f.history)-1]
	f.history = f.history[:len(f.history)-1]
	f.mu.Unlock()
	res, err := f.nav(ctx, prev)
	f.mu.Lock()
	f.history = f.history[:len(f.history)-1]
	f.mu.Unlock()
	return res, err
}

func (f *fakeBrowser) Forward(ctx context.Context) (*browser.NavResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("forward")
	return nil, refs.Errorf(refs.CodeNavigationFailed, "cannot go forward: no history entry")
}

func (f *fakeBrowser) Reload(ctx context.Context) (*browser.NavResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("reload")
	f.version++
	return &browser.NavResult{URL: f.url, Title: f.titles[f.url]}, f.gone()
}

func (f *fakeBrowser) Snapshot(ctx context.Context) (*refs.Snapshot, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.gone(); err != nil {
		return nil, err
	}
	root := clone(f.pages[f.url])
	count := 0
	root.Walk(func(n *refs.Node, _ int) bool {
		if n.Ref != "" {
			count++
		}
		return true
	})
	return &refs.Snapshot{URL: f.url, Title: f.titles[f.url], Tab: "T1", TabIndex: f.current + 1, Count: count, Root: root}, nil
}

func (f *fakeBrowser) DOMVersion(ctx context.Context) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return fmt.Sprintf("%s#%d", f.url, f.version), f.gone()
}

// Follow is browser.Browser.Follow by the DOM version: the page is read
// again when the version moved, and nil returned when the tree, URL,
// title and tab are those shown.
func (f *fakeBrowser) Follow(ctx context.Context, version string, shown *refs.Snapshot) (*refs.Snapshot, string, error) {
	v, err := f.DOMVersion(ctx)
	if err != nil || v == version {
		return nil, v, err
	}
	snap, err := f.Snapshot(ctx)
	return snap, v, err
}

func (f *fakeBrowser) Tabs(ctx context.Context) ([]browser.TabInfo, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tabReads++
	out := append([]browser.TabInfo(nil), f.tabs...)
	for i := range out {
		out[i].Current = i == f.current
	}
	return out, f.gone()
}

func (f *fakeBrowser) SwitchTab(n int) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("switch %d", n)
	if n < 1 || n > len(f.tabs) {
		return refs.Errorf(refs.CodeNoTab, "there is no tab %d", n)
	}
	f.current = n - 1
	f.url = f.tabs[n-1].URL
	return nil
}

func (f *fakeBrowser) CloseTab(ctx context.Context, n int) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("close tab %d", n)
	f.tabs = append(f.tabs[:n-1], f.tabs[n:]...)
	f.current = 0
	f.url = f.tabs[0].URL
	return nil
}

func (f *fakeBrowser) Events() <-chan browser.Event { return f.events }

func (f *fakeBrowser) AnswerDialog(ctx context.Context, accept bool, text string) (*browser.Dialog, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("answer %v %q", accept, text)
	out := "dismissed"
	if accept {
		out = "accepted"
	}
	return &browser.Dialog{Type: "prompt", Message: "Name?", Outcome: out, PromptText: text, By: "user"}, nil
}

func (f *fakeBrowser) Alive() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.aliveChecks++
	return f.alive
}

// checks returns how many times Alive was asked (once per live check).
func (f *fakeBrowser) checks() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.aliveChecks
}

func (f *fakeBrowser) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("close")
	f.alive = false
	return nil
}

// action runs one recorded action.
func (f *fakeBrowser) action(ctx context.Context, verb, ref, arg string) (*browser.ActionResult, error) {
	f.mu.Lock()
	f.record("%s %s %s", verb, ref, arg)
	block := f.block
	f.mu.Unlock()
	if block != nil {
		select {
		case <-block:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.gone(); err != nil {
		return nil, err
	}
	if err := f.actErr; err != nil {
		f.actErr = nil
		return nil, err
	}
	if f.onAct != nil {
		f.onAct(f, verb, ref, arg)
	}
	f.version++
	return &browser.ActionResult{Ref: ref, URL: f.url, Title: f.titles[f.url]}, nil
}

func (f *fakeBrowser) Click(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error) {
	verb := "click"
	if o.Count == 2 {
		verb = "dblclick"
	}
	return f.action(ctx, verb, ref, "")
}

func (f *fakeBrowser) Hover(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return f.action(ctx, "hover", ref, "")
}

func (f *fakeBrowser) Fill(ctx context.Context, ref, text string, o browser.ActionOptions) (*browser.ActionResult, error) {
	res, err := f.action(ctx, "fill", ref, text)
	if res != nil {
		res.Value = text
	}
	return res, err
}

func (f *fakeBrowser) Type(ctx context.Context, ref, text string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return f.action(ctx, "type", ref, text)
}

func (f *fakeBrowser) Press(ctx context.Context, ref, keys string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return f.action(ctx, "press", ref, keys)
}

func (f *fakeBrowser) Select(ctx context.Context, ref string, values []string, o browser.ActionOptions) (*browser.ActionResult, error) {
	res, err := f.action(ctx, "select", ref, strings.Join(values, ","))
	if res != nil {
		res.Selected = values
	}
	return res, err
}

func (f *fakeBrowser) SelectOptions(ctx context.Context, ref string) ([]browser.Option, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("options %s", ref)
	return f.options, f.gone()
}

func (f *fakeBrowser) SetChecked(ctx context.Context, ref string, checked bool, o browser.ActionOptions) (*browser.ActionResult, error) {
	res, err := f.action(ctx, "check", ref, fmt.Sprint(checked))
	if res != nil {
		res.Checked = &checked
	}
	return res, err
}

func (f *fakeBrowser) Upload(ctx context.Context, ref string, files []string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return f.action(ctx, "upload", ref, strings.Join(files, ","))
}

func (f *fakeBrowser) Highlight(ctx context.Context, ref string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("highlight %s", ref)
	return nil
}

func (f *fakeBrowser) Pick(ctx context.Context) (string, error) {
	select {
	case ref := <-f.picks:
		return ref, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// fakeLocators gives every ref the same three candidates.
func fakeLocators(ctx context.Context, b Browser, ref string) (*ElementLocators, error) {
	role := refs.Candidate{Rung: refs.RungRole, Locator: refs.ByRole("button", "Save", false), Matches: 1, Chosen: true}
	text := refs.Candidate{Rung: refs.RungText, Locator: refs.ByText("Save 2", false), Matches: 2, Flags: []refs.Flag{refs.FlagDigits}}
	css := refs.Candidate{Rung: refs.RungCSS, Locator: refs.ByCSS("#save"), Matches: 1}
	return &ElementLocators{Ref: ref, Role: "button", Name: "Save", Best: role, Candidates: []refs.Candidate{role, text, css}}, nil
}

// harness drives a Model as Bubble Tea would: Update on the test's
// goroutine, every Cmd on its own goroutine, their messages fed back.
type harness struct {
	t    *testing.T
	m    *Model
	msgs chan tea.Msg
	done chan struct{}
	quit bool
	// settled is the seq of the last settle tick the model handled.
	settled int
}

func newHarness(t *testing.T, o Options, w, h int) *harness {
	t.Helper()
	if o.LivePeriod == 0 {
		o.LivePeriod = -1
	}
	if o.SettleDelay == 0 {
		o.SettleDelay = time.Millisecond
	}
	hs := &harness{t: t, m: New(o), msgs: make(chan tea.Msg, 64), done: make(chan struct{})}
	t.Cleanup(func() { close(hs.done) })
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.m.Init())
	return hs
}

func (h *harness) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() { h.deliver(cmd()) }()
}

func (h *harness) deliver(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c)
		}
	default:
		select {
		case h.msgs <- msg:
		case <-h.done:
		}
	}
}

// send updates the model with msg and runs the Cmd it returns.
func (h *harness) send(msg tea.Msg) {
	switch msg := msg.(type) {
	case tea.QuitMsg:
		h.quit = true
	case settleMsg:
		h.settled = msg.seq
	}
	_, cmd := h.m.Update(msg)
	h.run(cmd)
}

// until feeds messages to the model until cond holds. cond is checked
// after each message and every 20 ms, for what Cmds do without a message
// (a highlight).
func (h *harness) until(what string, cond func() bool) {
	h.t.Helper()
	deadline := time.After(20 * time.Second)
	for !cond() {
		select {
		case msg := <-h.msgs:
			h.send(msg)
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			h.t.Fatalf("timed out waiting for %s; status %q; screen:\n%s", what, h.m.StatusText(), h.screen())
		}
	}
}

// settle feeds messages until none come for a while (or a second
// passed, when live ticks keep coming) and nothing runs.
func (h *harness) settle() {
	h.t.Helper()
	end := time.Now().Add(time.Second)
	for {
		select {
		case msg := <-h.msgs:
			h.send(msg)
			if time.Now().After(end) && h.m.busy == nil && len(h.m.locWanted) == 0 {
				return
			}
		case <-time.After(80 * time.Millisecond):
			if h.m.busy == nil && len(h.m.locWanted) == 0 {
				return
			}
		}
	}
}

// settleSelection feeds messages until the selection's latest settle
// tick was handled and what it started is done (its ladder, the
// prefetch), however late the tick comes.
func (h *harness) settleSelection() {
	h.t.Helper()
	h.until("the selection to settle", func() bool {
		return h.settled == h.m.settleSeq && h.m.busy == nil && len(h.m.locWanted) == 0
	})
}

func teaSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

func displayWidth(s string) int { return ansi.StringWidth(s) }

// ready waits until the first page is on screen and settled: its first
// selection's settle tick handled and the locators it asked for read, so
// that what a test does next never races the first prefetch.
func (h *harness) ready() {
	h.t.Helper()
	h.until("the first snapshot", func() bool { return h.m.snap != nil && h.m.busy == nil })
	h.settle()
	h.settleSelection()
}

func keyPress(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "ctrl+l":
		return tea.KeyPressMsg{Code: 'l', Mod: tea.ModCtrl}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	if k, ok := strings.CutPrefix(s, "ctrl+"); ok && len(k) == 1 {
		return tea.KeyPressMsg{Code: rune(k[0]), Mod: tea.ModCtrl}
	}
	r := []rune(s)
	if len(r) != 1 {
		panic("keyPress: unknown key " + s)
	}
	return tea.KeyPressMsg{Code: r[0], Text: s}
}

// keys presses each key (space-separated names, see keyPress).
func (h *harness) keys(names string) {
	for _, k := range strings.Fields(names) {
		h.send(keyPress(k))
	}
}

// typeText types s one key at a time.
func (h *harness) typeText(s string) {
	for _, r := range s {
		h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

var portPattern = regexp.MustCompile(`(127\.0\.0\.1|localhost):\d+`)

// screen is the view without colours, with loopback ports masked.
func (h *harness) screen() string {
	return portPattern.ReplaceAllString(ansi.Strip(h.m.Render()), "$1:PORT")
}

// selectedRef returns the selected node's ref.
func (h *harness) selectedRef() string {
	if n := h.m.Tree().Selected(); n != nil {
		return n.Ref
	}
	return ""
}
