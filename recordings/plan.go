package recordings

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file turns a recording's steps into the actions the exporters and
// the replay run, in two passes over the steps, so that an export holds
// one step at a time however long the recording: survey reads every step
// and keeps the few facts an action needs from the steps after it (the
// dialog it raises, whether a later step acts in the tab it opens); then
// actions reads the steps again and hands out each action as it comes.

// source is a recording read step by step: from memory, or from a file
// read again from its start for each pass.
type source interface {
	header() Header
	// each calls f with the steps in order, numbered from 1, until f
	// returns an error.
	each(ctx context.Context, f func(n int, s Step) error) error
}

// recSource is a recording in memory.
type recSource struct{ rec *Recording }

func (r recSource) header() Header { return r.rec.Header }

func (r recSource) each(_ context.Context, f func(int, Step) error) error {
	for i, s := range r.rec.Steps {
		if err := f(i+1, s); err != nil {
			return err
		}
	}
	return nil
}

// fileSource is a recording file, read from its start by each pass. The
// first pass reports the lines it skips to problem; the later ones read
// as many bytes as it did, so that steps appended meanwhile (the file is
// still being recorded) are not half planned.
type fileSource struct {
	r       io.ReadSeeker
	h       Header
	problem func(LoadProblem)
	size    int64 // read by the first pass; -1 before it
}

// newFileSource reads the header of the recording in r.
func newFileSource(r io.ReadSeeker, problem func(LoadProblem)) (*fileSource, error) {
	sc, err := newScanner(r, nil)
	if err != nil {
		return nil, err
	}
	return &fileSource{r: r, h: sc.header, problem: problem, size: -1}, nil
}

func (f *fileSource) header() Header { return f.h }

func (f *fileSource) each(ctx context.Context, fn func(int, Step) error) error {
	if _, err := f.r.Seek(0, io.SeekStart); err != nil {
		return err
	}
	r := &countingReader{r: f.r}
	if f.size >= 0 {
		r.r = io.LimitReader(f.r, f.size)
	}
	sc, err := newScanner(r, f.problem)
	if err != nil {
		return err
	}
	f.problem = nil // reported once
	for n := 1; sc.next(); n++ {
		if n%1024 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if err := fn(n, sc.step); err != nil {
			return err
		}
	}
	if sc.err == nil && f.size < 0 {
		f.size = r.n
	}
	return sc.err
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// action is a step as the code exporters see it: where it acts, and what
// must be set up around it.
type action struct {
	Step
	N int // position in the recording, from 1; 0 for the start URL
	// Dialogs are answered by handlers registered before the step runs:
	// the dialog steps that followed it in the recording.
	Dialogs []DialogAnswer
	// Popup is set when the step opens a tab that later steps act in.
	Popup bool
	// FrameURL is set when the step's tab is an out-of-process iframe of
	// tab Holder (see frameTabs): the URL the exporters find it by.
	FrameURL string
	Holder   int
}

// planned is what survey learns of a whole recording: small, whatever the
// number of steps (a few entries per tab and per dialog).
type planned struct {
	header Header
	// start is set when the actions begin with a navigate to the start
	// URL: the recording does not begin with one in the first tab.
	start bool
	// testIDAttr is the attribute the locators use: the header's, else
	// the first one a locator names, else "".
	testIDAttr string
	// secrets is set when a step types a secret or compares with one.
	secrets bool
	used    map[int]bool // the tabs steps act in
	// dialogs is the dialog answered after each action (by N) that
	// raised one; dialogTabs the tabs where one was.
	dialogs    map[int]DialogAnswer
	dialogTabs map[int]bool
	// lastInTab is the last action (N) in each tab.
	lastInTab map[int]int
	// frames are the tabs an export reads as out-of-process iframes
	// (frameTabs).
	frames map[int]frameTab
	// openers is the step that opened each tab, and tabURL the URL of a
	// tab's first step (a DevTools target), while survey reads them.
	openers map[int]opener
	tabURL  map[int]string
}

// opener is what survey keeps of a step that opened a tab.
type opener struct {
	kind      Kind
	tab       int
	navigated bool
	urlAfter  string
}

// survey checks the steps of src as plan did (each valid, in a tab that
// is open, a dialog answered after a step of its tab, a tab opened once,
// no tab read as a frame closed) and gathers what the actions need.
func survey(ctx context.Context, src source) (*planned, error) {
	h := src.header()
	p := &planned{header: h, testIDAttr: h.TestIDAttr, used: map[int]bool{},
		dialogs: map[int]DialogAnswer{}, dialogTabs: map[int]bool{}, lastInTab: map[int]int{},
		openers: map[int]opener{}, tabURL: map[int]string{}}
	opened := map[int]bool{0: true}
	startAt := func(first *Step) {
		p.start = h.StartURL != "" && (first == nil || first.Kind != Navigate || first.Tab != 0)
		if p.start {
			p.lastInTab[0] = 0
		}
	}
	steps := 0
	// closes are the close steps, refused once the frames are known.
	type closeStep struct{ n, tab int }
	var closes []closeStep
	err := src.each(ctx, func(n int, s Step) error {
		steps = n
		if n == 1 {
			startAt(&s)
		}
		if err := s.Validate(); err != nil {
			return fmt.Errorf("step %d: %w", n, err)
		}
		p.used[s.Tab] = true
		if _, ok := p.tabURL[s.Tab]; !ok && s.Tab != 0 {
			p.tabURL[s.Tab] = s.URLBefore
		}
		p.secrets = p.secrets || s.Text.IsSecret() || (s.Assert != nil && s.Assert.Secret != "")
		if p.testIDAttr == "" {
			p.testIDAttr = testIDAttrOf(s)
		}
		if !opened[s.Tab] {
			return fmt.Errorf("step %d acts in tab %d, but no step before it opened that tab (set opensTab on the step that did)", n, s.Tab)
		}
		if s.Kind == Dialog {
			j, ok := p.lastInTab[s.Tab]
			if !ok {
				return fmt.Errorf("step %d answers a dialog, but no step before it in tab %d raised one", n, s.Tab)
			}
			if _, ok := p.dialogs[j]; ok {
				return fmt.Errorf("step %d answers a second dialog raised by step %d: exporters answer one dialog per step", n, j)
			}
			p.dialogs[j] = *s.Dialog
			p.dialogTabs[s.Tab] = true
			return nil
		}
		if s.OpensTab != 0 {
			if opened[s.OpensTab] {
				return fmt.Errorf("step %d opens tab %d, which is already open", n, s.OpensTab)
			}
			opened[s.OpensTab] = true
			p.openers[s.OpensTab] = opener{kind: s.Kind, tab: s.Tab, navigated: s.Navigated, urlAfter: s.URLAfter}
		}
		if s.Kind == Close {
			closes = append(closes, closeStep{n, s.Tab})
		}
		p.lastInTab[s.Tab] = n
		return nil
	})
	if err != nil {
		return nil, err
	}
	if steps == 0 {
		startAt(nil)
	}
	p.frames = frameTabs(p.openers, p.tabURL)
	for _, c := range closes {
		if f, ok := p.frames[c.tab]; ok {
			return nil, refs.Errorf(refs.CodeBadArgument, "step %d closes %s, an out-of-process iframe of tab %d, not a tab: a frame cannot be closed (delete the step)", c.n, f.url, f.tab)
		}
	}
	// A dialog raised in a frame is answered in the tab that holds it,
	// where the exporters act for the frame (action.Holder).
	for tab := range p.dialogTabs {
		if f, ok := p.frames[tab]; ok {
			delete(p.dialogTabs, tab)
			p.dialogTabs[f.tab] = true
		}
	}
	return p, nil
}

// testIDAttrOf is the first test id attribute a locator of s names, or "".
func testIDAttrOf(s Step) string {
	for _, t := range []Target{s.Target, s.To} {
		for _, l := range t.Candidates() {
			for _, p := range l.Parts {
				if p.Kind == refs.KindTestID && p.Attr != "" {
					return p.Attr
				}
			}
		}
	}
	return ""
}

// actions reads the steps of src again and calls f with each action: a
// navigate to the start URL first if the recording does not begin with
// one, dialog steps moved onto the step that raised them, and popups
// marked on the steps that open them.
func (p *planned) actions(ctx context.Context, src source, f func(action) error) error {
	dialogs := func(n int) []DialogAnswer {
		if d, ok := p.dialogs[n]; ok {
			return []DialogAnswer{d}
		}
		return nil
	}
	if p.start {
		if err := f(action{Step: Step{Kind: Navigate, URL: p.header.StartURL}, Dialogs: dialogs(0)}); err != nil {
			return err
		}
	}
	return src.each(ctx, func(n int, s Step) error {
		if s.Kind == Dialog {
			return nil
		}
		a := action{Step: s, N: n, Dialogs: dialogs(n)}
		if s.OpensTab != 0 {
			_, frame := p.frames[s.OpensTab]
			a.Popup = p.used[s.OpensTab] && !frame
		}
		if f, ok := p.frames[s.Tab]; ok {
			a.Holder, a.FrameURL = f.tab, f.url
			if s.URLBefore != "" {
				a.FrameURL = s.URLBefore
			}
		}
		return f(a)
	})
}

// plan is survey then actions over a recording in memory, for the replay.
func plan(rec *Recording) ([]action, error) {
	if rec == nil {
		return nil, errors.New("no recording")
	}
	ctx := context.Background()
	p, err := survey(ctx, recSource{rec})
	if err != nil {
		return nil, err
	}
	var acts []action
	err = p.actions(ctx, recSource{rec}, func(a action) error {
		acts = append(acts, a)
		return nil
	})
	return acts, err
}
