package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// This file records what an 'ariadne run' script does (--record FILE):
// before each action, the locators of the elements it names are read
// (the action may remove them); after it, the action becomes a step of
// the recording file, written and synced at once. It also runs the
// script's assert command, which checks the page now and, when recording,
// becomes an assertion step.

// startRecording creates the recording file for run --record.
func startRecording(b *browser.Browser, path string, secrets bool) (*recordings.Recorder, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	opts := b.Options()
	title := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	h := recordings.NewHeader(title, "")
	h.Viewport = &recordings.Viewport{Width: opts.Viewport.Width, Height: opts.Viewport.Height}
	if opts.TestIDAttribute != refs.DefaultTestIDAttr {
		h.TestIDAttr = opts.TestIDAttribute
	}
	w, err := recordings.Create(path, h)
	if err != nil {
		return nil, refs.Wrap(refs.CodeBadArgument, err, "--record: cannot create %s (Ariadne does not overwrite a recording: remove it or pick another name)", path)
	}
	return recordings.NewRecorder(w, recordings.Secrets{RecordSecrets: secrets}, t.ID()), nil
}

// preAction is what is known before an action that will be recorded.
type preAction struct {
	tabID     string
	urlBefore string
	el, to    *recordings.Element
	tabs      []browser.TabInfo
}

// refArgs returns the positions of the refs among a command's positional
// arguments.
func refArgs(cmd string, pos []string) []int {
	switch cmd {
	case "click", "dblclick", "hover", "clear", "type", "fill", "select", "check", "uncheck", "upload":
		return []int{0}
	case "drag":
		return []int{0, 1}
	case "press": // press [REF] KEYS
		if len(pos) == 2 {
			return []int{0}
		}
	case "scroll": // scroll REF | scroll DX DY
		if len(pos) == 1 {
			return []int{0}
		}
	}
	return nil
}

// recordable lists the commands that become steps.
var recordable = []string{"open", "goto", "click", "dblclick", "hover", "clear", "type", "fill", "press",
	"select", "check", "uncheck", "upload", "drag", "scroll", "back", "forward", "reload", "close-tab", "dialog"}

// element reads what the recording needs of ref, before acting on it.
func (r *runner) element(ctx context.Context, ref string) (*recordings.Element, browser.ElementInfo, error) {
	info, err := r.b.Info(ctx, ref)
	if err != nil {
		return nil, info, err
	}
	loc, err := r.b.Locator(ctx, ref)
	if err != nil {
		return nil, info, refs.Wrap(refs.CodeNotLocatable, err, "not done: ref %s cannot be recorded", ref)
	}
	el := &recordings.Element{Best: loc.Best.Locator, Candidates: loc.Candidates, Role: loc.Role, Name: loc.Name,
		FramePath: info.FramePath, Password: info.Password}
	if ev, err := r.b.Evidence(ctx, ref, loc.Best.Locator); err == nil {
		el.SetEvidence(ev.Identity.Role, ev.Identity.Name, ev.Identity.Within, ev.Identity.Dup, ev.XPath)
	}
	return el, info, nil
}

// beforeAction gathers what recording cmd needs before it runs; nil when
// nothing is recorded.
func (r *runner) beforeAction(ctx context.Context, cmd string, pos []string) (*preAction, error) {
	if r.rec == nil || !slices.Contains(recordable, cmd) {
		return nil, nil
	}
	pre := &preAction{}
	var err error
	if pre.tabs, err = r.b.Tabs(ctx); err != nil {
		return nil, err
	}
	for _, t := range pre.tabs {
		if t.Current {
			pre.tabID, pre.urlBefore = t.ID, t.URL
		}
	}
	idx := refArgs(cmd, pos)
	for n, i := range idx {
		if i >= len(pos) {
			return nil, nil // a usage error follows
		}
		el, info, err := r.element(ctx, pos[i])
		if err != nil {
			return nil, err
		}
		if n == 0 {
			pre.el, pre.tabID, pre.urlBefore = el, info.TabID, info.URL
		} else {
			pre.to = el
		}
	}
	return pre, nil
}

// afterAction records cmd, which succeeded, and returns what it recorded.
func (r *runner) afterAction(ctx context.Context, cmd string, pos []string, flags map[string]string, pre *preAction) ([]recordings.Step, error) {
	a := recordings.Action{TabID: pre.tabID, Element: pre.el, To: pre.to, URLBefore: pre.urlBefore, Time: time.Now()}
	ar, nav := r.lastAct, r.lastNav
	if ar != nil {
		a.URLAfter, a.Navigated = ar.URL, ar.Navigated
		for _, d := range ar.Dialogs {
			a.Dialogs = append(a.Dialogs, dialogAnswer(d))
		}
	}
	if nav != nil {
		a.URLAfter = nav.URL
		for _, d := range nav.Dialogs {
			a.Dialogs = append(a.Dialogs, dialogAnswer(d))
		}
	}
	var keys []string
	switch cmd {
	case "open", "goto":
		a.Kind = recordings.Navigate
		if a.URL, _ = browser.NormalizeURL(pos[0]); a.URL == "" {
			a.URL = pos[0]
		}
	case "back", "forward", "reload":
		a.Kind, a.URL = recordings.Navigate, nav.URL
	case "click":
		a.Kind, a.Button, a.ClickCount = recordings.Click, flags["button"], 1
		if c, err := strconv.Atoi(flags["count"]); err == nil {
			a.ClickCount = c
		}
		if m := flags["modifiers"]; m != "" {
			a.Modifiers = strings.Split(m, ",")
		}
	case "dblclick":
		a.Kind = recordings.DblClick
	case "hover":
		a.Kind = recordings.Hover
	case "clear":
		a.Kind = recordings.Fill
	case "type", "fill":
		a.Kind, a.Text = recordings.Type, pos[1]
		if cmd == "fill" {
			a.Kind = recordings.Fill
		}
	case "press":
		a.Kind = recordings.Press
		keys = strings.Fields(pos[len(pos)-1])
	case "select":
		a.Kind, a.Values = recordings.Select, pos[1:]
		if opts, err := r.b.SelectOptions(ctx, pos[0]); err == nil {
			var vals []string
			for _, o := range opts {
				if o.Selected {
					vals = append(vals, o.Value)
				}
			}
			if len(vals) > 0 {
				a.Values = vals
			}
		}
	case "check", "uncheck":
		a.Kind = recordings.Check
		if cmd == "uncheck" {
			a.Kind = recordings.Uncheck
		}
	case "upload":
		a.Kind = recordings.Upload
		for _, f := range pos[1:] {
			if abs, err := filepath.Abs(f); err == nil {
				f = abs
			}
			a.Files = append(a.Files, f)
		}
	case "drag":
		a.Kind = recordings.Drag
	case "scroll":
		a.Kind = recordings.Scroll
		if len(pos) == 2 {
			a.DX, _ = strconv.ParseFloat(pos[0], 64)
			a.DY, _ = strconv.ParseFloat(pos[1], 64)
		}
	case "close-tab":
		a.Kind = recordings.Close
		n := 0
		if len(pos) == 1 {
			n, _ = strconv.Atoi(pos[0])
		}
		for _, t := range pre.tabs {
			if t.Index == n || (n == 0 && t.Current) {
				a.TabID = t.ID
			}
		}
		a.URLBefore, a.URLAfter = "", ""
	case "dialog":
		if r.lastDialog == nil {
			return nil, nil // armed: the action that raises it records it
		}
		s, err := r.rec.Dialog(pre.tabID, dialogAnswer(*r.lastDialog))
		return []recordings.Step{s}, err
	default:
		return nil, nil
	}
	if ar != nil && (a.Kind == recordings.Click || a.Kind == recordings.DblClick || a.Kind == recordings.Press) {
		a.Opened = browser.OpenedSince(ctx, r.b, pre.tabs)
	}
	if len(keys) == 0 {
		return r.rec.Record(a)
	}
	// One press step per key; what followed belongs to the last one.
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

func dialogAnswer(d browser.Dialog) recordings.DialogAnswer {
	return recordings.DialogAnswer{Type: d.Type, Message: d.Message, Accept: d.Outcome == "accepted", PromptText: d.PromptText}
}

// describeSteps is what a result says it recorded.
func describeSteps(steps []recordings.Step) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = recordings.Summary(s)
	}
	return out
}

// warnSecrets tells, once per variable, which secret a replay will need.
func (r *runner) warnSecrets(w io.Writer, steps []recordings.Step) {
	for _, s := range steps {
		if name := s.Text.Secret; name != "" && !r.secretsTold[name] {
			r.secretsTold[name] = true
			fmt.Fprintf(w, "ariadne: recorded a password as the secret %s: set that environment variable to replay (or record with --record-secrets)\n", name)
		}
	}
}

const assertUsage = "assert visible|enabled|checked REF | assert text|value REF [TEXT] | assert url|title [TEXT] | assert snapshot [REF]; add --not to negate"

// assert runs the script's assert command: it checks the page now
// (retrying until the action timeout, like Playwright's expect) and, when
// recording, adds the assertion step. Without an expected text, text,
// value, url and title take the page's current one.
func (r *runner) assert(ctx context.Context, pos []string, flags map[string]string, timeout time.Duration) (map[string]any, error) {
	if len(pos) == 0 {
		return nil, bad("usage: %s", assertUsage)
	}
	a := recordings.Assertion{Kind: recordings.AssertKind(pos[0]), Not: flags["not"] == "true"}
	if pos[0] == "snapshot" {
		a.Kind = recordings.AssertAriaSnapshot
	}
	args := pos[1:]
	var ref string
	given := false // the expected text was given, perhaps empty
	switch a.Kind {
	case recordings.AssertVisible, recordings.AssertEnabled, recordings.AssertChecked:
		if len(args) != 1 {
			return nil, bad("usage: %s", assertUsage)
		}
		ref = args[0]
	case recordings.AssertText, recordings.AssertValue:
		if len(args) < 1 || len(args) > 2 {
			return nil, bad("usage: %s", assertUsage)
		}
		ref = args[0]
		if len(args) == 2 {
			a.Expected, given = args[1], true
		}
	case recordings.AssertURL, recordings.AssertTitle:
		if len(args) > 1 {
			return nil, bad("usage: %s", assertUsage)
		}
		if len(args) == 1 {
			a.Expected, given = args[0], true
		}
	case recordings.AssertAriaSnapshot:
		if len(args) > 1 {
			return nil, bad("usage: %s", assertUsage)
		}
		if len(args) == 1 {
			ref = args[0]
		}
	default:
		return nil, bad("unknown assertion %q; %s", pos[0], assertUsage)
	}
	var el *recordings.Element
	var tabID, url string
	if ref != "" {
		var info browser.ElementInfo
		var err error
		if r.rec != nil {
			if el, info, err = r.element(ctx, ref); err != nil {
				return nil, err
			}
		} else if info, err = r.b.Info(ctx, ref); err != nil {
			return nil, err
		}
		tabID, url = info.TabID, info.URL
	}
	if tabID == "" {
		tabs, err := r.b.Tabs(ctx)
		if err != nil {
			return nil, err
		}
		for _, t := range tabs {
			if t.Current {
				tabID, url = t.ID, t.URL
			}
		}
	}
	needsCurrent := !given && (a.Kind == recordings.AssertText || a.Kind == recordings.AssertValue ||
		a.Kind == recordings.AssertURL || a.Kind == recordings.AssertTitle || a.Kind == recordings.AssertAriaSnapshot)
	if needsCurrent && a.Not {
		return nil, bad("assert %s --not needs the text it must not be", pos[0])
	}
	deadline := time.Now().Add(timeout)
	for {
		obs, err := r.observe(ctx, tabID, ref, a.Kind)
		if err != nil {
			return nil, err
		}
		if needsCurrent {
			switch a.Kind {
			case recordings.AssertText:
				a.Expected = obs.State.Text
			case recordings.AssertValue:
				if obs.State.Value == nil {
					return nil, bad("ref %s has no value: it is not an input, textarea or select", ref)
				}
				a.Expected = *obs.State.Value
			case recordings.AssertURL:
				a.Expected = obs.URL
			case recordings.AssertTitle:
				a.Expected = obs.Title
			case recordings.AssertAriaSnapshot:
				a.Expected = strings.TrimRight(obs.Aria, "\n")
			}
			needsCurrent = false
		}
		err = a.Check(obs)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	res := map[string]any{"assert": string(a.Kind), "expected": a.Expected, "not": a.Not}
	if r.rec != nil {
		s, err := r.rec.Assert(tabID, el, a, url)
		if err != nil {
			return res, refs.Wrap(refs.CodeNotLocatable, err, "the assertion holds, but cannot be recorded")
		}
		res["recorded"] = describeSteps([]recordings.Step{s})
	}
	return res, nil
}

// observe reads what assertion kind k checks.
func (r *runner) observe(ctx context.Context, tabID, ref string, k recordings.AssertKind) (recordings.Observed, error) {
	var o recordings.Observed
	switch k {
	case recordings.AssertURL, recordings.AssertTitle:
		tabs, err := r.b.Tabs(ctx)
		if err != nil {
			return o, err
		}
		for _, t := range tabs {
			if t.ID == tabID {
				o.URL, o.Title = t.URL, t.Title
			}
		}
		return o, nil
	case recordings.AssertAriaSnapshot:
		snap, err := r.b.Snapshot(ctx)
		if err != nil {
			return o, err
		}
		o.Aria, err = ariaText(snap.Root, ref)
		o.Count = 1
		return o, err
	}
	st, err := r.b.State(ctx, ref)
	if err != nil {
		return o, err
	}
	o.Count = 1
	o.State = recordings.ElementState{Text: st.Text, Value: st.Value, Checked: st.Checked, Enabled: st.Enabled, Visible: st.Visible}
	return o, nil
}
