package session

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// Session is one browser session as a front end drives it: the browser,
// and the recorder its actions are recorded by (nil: not recording, or
// paused). It is a small value: the explorer builds one per command, with
// or without its recorder.
type Session struct {
	Browser  Browser
	Recorder *Recorder
}

// Kind names an action, as the script command that runs it.
type Kind string

// The actions.
const (
	Open     Kind = "open"
	Back     Kind = "back"
	Forward  Kind = "forward"
	Reload   Kind = "reload"
	Click    Kind = "click"
	DblClick Kind = "dblclick"
	Hover    Kind = "hover"
	Focus    Kind = "focus"
	Clear    Kind = "clear"
	Type     Kind = "type"
	Fill     Kind = "fill"
	Press    Kind = "press"
	Select   Kind = "select"
	Check    Kind = "check"
	Uncheck  Kind = "uncheck"
	Upload   Kind = "upload"
	Drag     Kind = "drag"
	Scroll   Kind = "scroll"
	CloseTab Kind = "close-tab"
)

// Action is one navigation or action. Fields a kind does not use stay
// empty.
type Action struct {
	Kind Kind
	// Ref is the element; "" for page-wide actions (navigations, press
	// without a ref, scroll by pixels, close-tab).
	Ref string
	To  string // drag: where it drops

	URL    string   // open
	Text   string   // type, fill
	Keys   string   // press: keys or chords, space-separated ("Control+A Delete")
	Values []string // select: values or labels
	Files  []string // upload
	DX, DY float64  // scroll by pixels (no Ref)
	Tab    int      // close-tab: 1-based; 0 is the current tab

	Options browser.ActionOptions
}

// Outcome is what an action did.
type Outcome struct {
	Nav *browser.NavResult    // navigations (open, back, forward, reload)
	Act *browser.ActionResult // actions on the page
	// Steps are the steps the recorder added (nil when not recording).
	Steps []recordings.Step
	// NewSecrets are the environment variables of secrets this action
	// recorded for the first time: a replay must set them.
	NewSecrets []string
}

// Healed reports whether the action's ref had to be healed (its element
// was re-rendered), whether the action or the recorder's reading before it
// found out.
func (o *Outcome) Healed() bool { return o != nil && o.Act != nil && o.Act.Healed }

// Act runs a. When s records, it first reads the locators of the elements
// a names (the action may remove them) and refuses an action whose
// element has no locator (not_locatable, nothing done); after the action
// it records the step, with the dialogs it raised and the tab it opened.
// An action that worked but could not be recorded returns its Outcome and
// an error saying so.
func (s Session) Act(ctx context.Context, a Action) (*Outcome, error) {
	r := s.Recorder
	if r == nil || a.Kind == Focus { // focus records nothing
		return run(ctx, s.Browser, a)
	}
	p, err := r.before(ctx, s.Browser, a.Ref, a.To)
	if err == nil && a.Kind == Press && a.Ref == "" {
		err = focusedField(ctx, s.Browser, p, a.Keys) // keys into a password field are its secret
	}
	if err != nil {
		r.end(ctx)
		return nil, err
	}
	out, err := run(ctx, s.Browser, a)
	if err != nil {
		r.end(ctx)
		return out, err
	}
	if p.healed && out.Act != nil {
		out.Act.Healed = true
	}
	steps, rerr := r.after(ctx, s.Browser, p, a, out)
	steps = append(steps, r.end(ctx)...)
	out.Steps = steps
	out.NewSecrets = r.newSecrets(steps)
	if rerr != nil {
		code := refs.CodeInternal
		if errors.Is(rerr, recordings.ErrNoLocator) {
			code = refs.CodeNotLocatable
		}
		return out, refs.Wrap(code, rerr, "%s was done, but could not be recorded", a.Kind)
	}
	return out, nil
}

// run does a in the browser. A navigation that failed may still have a
// result (the HTTP status of an error page).
func run(ctx context.Context, b Browser, a Action) (*Outcome, error) {
	out := &Outcome{}
	var err error
	o := a.Options
	switch a.Kind {
	case Open:
		out.Nav, err = b.Open(ctx, a.URL)
	case Back:
		out.Nav, err = b.Back(ctx)
	case Forward:
		out.Nav, err = b.Forward(ctx)
	case Reload:
		out.Nav, err = b.Reload(ctx)
	case Click:
		out.Act, err = b.Click(ctx, a.Ref, o)
	case DblClick:
		o.Count = 2
		out.Act, err = b.Click(ctx, a.Ref, o)
	case Hover:
		out.Act, err = b.Hover(ctx, a.Ref, o)
	case Focus:
		out.Act, err = b.Focus(ctx, a.Ref, o)
	case Clear:
		out.Act, err = b.Clear(ctx, a.Ref, o)
	case Type:
		out.Act, err = b.Type(ctx, a.Ref, a.Text, o)
	case Fill:
		out.Act, err = b.Fill(ctx, a.Ref, a.Text, o)
	case Press:
		out.Act, err = b.Press(ctx, a.Ref, a.Keys, o)
	case Select:
		out.Act, err = b.Select(ctx, a.Ref, a.Values, o)
	case Check, Uncheck:
		out.Act, err = b.SetChecked(ctx, a.Ref, a.Kind == Check, o)
	case Upload:
		out.Act, err = b.Upload(ctx, a.Ref, a.Files, o)
	case Drag:
		out.Act, err = b.Drag(ctx, a.Ref, a.To, o)
	case Scroll:
		if a.Ref != "" {
			out.Act, err = b.ScrollIntoView(ctx, a.Ref, o)
		} else {
			out.Act, err = b.ScrollBy(ctx, a.DX, a.DY)
		}
	case CloseTab:
		err = b.CloseTab(ctx, a.Tab)
	default:
		err = refs.Errorf(refs.CodeBadArgument, "%q is not an action", a.Kind)
	}
	return out, err
}

// step is the recording's view of a, which worked with out; ok is false
// for actions that record nothing (focus). fresh converts the dialogs the
// action answered, leaving out those already recorded.
func step(ctx context.Context, b Browser, p *pre, a Action, out *Outcome, fresh func([]browser.Dialog) []recordings.DialogAnswer) (recordings.Action, bool) {
	ra := recordings.Action{TabID: p.tabID, Element: p.el, To: p.to, URLBefore: p.url}
	if out.Act != nil && out.Act.Secret && p.el != nil && !p.el.Password {
		// The field was a password at some moment of the action (it
		// became one on focus), though not when it was read before: what
		// was typed is its secret all the same.
		el := *p.el
		el.Password = true
		ra.Element = &el
	}
	if out.Act != nil {
		ra.URLAfter, ra.Navigated = out.Act.URL, out.Act.Navigated
		ra.Dialogs = append(ra.Dialogs, fresh(out.Act.Dialogs)...)
	}
	if out.Nav != nil {
		ra.URLAfter = out.Nav.URL
		ra.Dialogs = append(ra.Dialogs, fresh(out.Nav.Dialogs)...)
	}
	o := a.Options
	switch a.Kind {
	case Open:
		ra.Kind = recordings.Navigate
		if ra.URL, _ = browser.NormalizeURL(a.URL); ra.URL == "" {
			ra.URL = a.URL
		}
	case Back, Forward, Reload:
		ra.Kind, ra.URL = recordings.Navigate, out.Nav.URL
	case Click:
		ra.Kind, ra.Button, ra.Modifiers, ra.ClickCount = recordings.Click, o.Button, o.Modifiers, max(o.Count, 1)
	case DblClick:
		ra.Kind, ra.Button, ra.Modifiers = recordings.DblClick, o.Button, o.Modifiers
	case Hover:
		ra.Kind = recordings.Hover
	case Clear:
		ra.Kind = recordings.Fill
	case Type:
		ra.Kind, ra.Text = recordings.Type, a.Text
	case Fill:
		ra.Kind, ra.Text = recordings.Fill, a.Text
	case Press:
		ra.Kind, ra.Key = recordings.Press, a.Keys
	case Select:
		ra.Kind, ra.Values = recordings.Select, a.Values
		// Record the options' values, which every replayer understands.
		if opts, err := b.SelectOptions(ctx, a.Ref); err == nil {
			var vals []string
			for _, op := range opts {
				if op.Selected {
					vals = append(vals, op.Value)
				}
			}
			if len(vals) > 0 {
				ra.Values = vals
			}
		}
	case Check:
		ra.Kind = recordings.Check
	case Uncheck:
		ra.Kind = recordings.Uncheck
	case Upload:
		ra.Kind = recordings.Upload
		for _, f := range a.Files {
			if abs, err := filepath.Abs(f); err == nil {
				f = abs
			}
			ra.Files = append(ra.Files, f)
		}
	case Drag:
		ra.Kind = recordings.Drag
	case Scroll:
		ra.Kind = recordings.Scroll
		if a.Ref == "" {
			ra.DX, ra.DY = a.DX, a.DY
		}
	case CloseTab:
		ra.Kind = recordings.Close
		ra.TabID, ra.URLBefore, ra.URLAfter = "", "", ""
		for _, t := range p.tabs {
			if t.Index == a.Tab || (a.Tab == 0 && t.Current) {
				ra.TabID = t.ID
			}
		}
	default:
		return ra, false
	}
	if out.Act != nil && (ra.Kind == recordings.Click || ra.Kind == recordings.DblClick || ra.Kind == recordings.Press) {
		ra.Opened = browser.OpenedSince(ctx, b, p.tabs)
	}
	return ra, true
}

func dialogAnswer(d browser.Dialog) recordings.DialogAnswer {
	return recordings.DialogAnswer{Type: d.Type, Message: d.Message, Accept: d.Outcome == "accepted", PromptText: d.PromptText}
}

// elementState converts what the browser read of an element for the
// assertions of a recording.
func elementState(st browser.ElementState) recordings.ElementState {
	return recordings.ElementState{Text: st.Text, Value: st.Value, Checked: st.Checked, Enabled: st.Enabled, Visible: st.Visible, Password: st.Password}
}

// SwitchTab makes tab n (1-based) current. A popup an action just opened
// can be listed a moment later, so a tab that is not there yet is waited
// for until timeout (0: the browser's action timeout) before no_tab.
func SwitchTab(ctx context.Context, b Browser, n int, timeout time.Duration) error {
	if timeout <= 0 {
		timeout = b.Options().ActionTimeout
	}
	deadline := time.Now().Add(timeout)
	for {
		err := b.SwitchTab(n)
		if err == nil || refs.CodeOf(err) != refs.CodeNoTab || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}
