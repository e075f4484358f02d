package recordings

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file writes a recording as a Chrome DevTools Recorder user flow,
// the JSON that the Recorder panel imports and @puppeteer/replay runs. The
// schema is @puppeteer/replay's Schema.UserFlow (lib/main.d.ts): a title
// and steps, each with a type, an optional target ("main" or the URL of
// another tab), an optional frame (child frame indexes) and, for element
// steps, selectors: alternatives, each a list of strings that pierce
// shadow roots one by one, tried in a race.
//
// What the format cannot say is kept in customStep steps named
// "ariadne:dialog" (a dialog answer, placed before the step that raises
// it) and "ariadne:step" (the Ariadne step as JSON: uploads, drags,
// negated text checks, contains-text checks, ARIA snapshots...). @puppeteer/replay skips custom
// steps; tools/playwright/replay.mjs answers the dialogs. A secret is
// written as the value "${NAME}", which that script fills in from the
// environment; Chrome's Recorder types it as it is.

// defaultOffset is where a click lands when the recording did not say: a
// few pixels inside the top-left corner of the element, clear of rounded
// corners. (The format needs an offset; the centre cannot be asked for.)
const defaultOffset = 5

// ExportDevTools writes rec as a Chrome DevTools Recorder JSON file.
func ExportDevTools(rec *Recording, w io.Writer) error { return exportRec(rec, w, exportDevTools) }

// exportDevTools writes the flow as encodeJSON would write it whole, one
// step at a time: the flow with no steps up to its "steps"
// array, then each step indented to its place in the array.
func exportDevTools(ctx context.Context, src source, p *planned, w *bufio.Writer) error {
	head, err := encodeJSON(devtoolsFlow{Title: title(p.header), SelectorAttribute: p.testIDAttr, Steps: []devtoolsStep{}}, "")
	if err != nil {
		return err
	}
	head, ok := bytes.CutSuffix(head, []byte("[]\n}\n"))
	if !ok {
		return fmt.Errorf("the DevTools flow does not end with its steps (a bug in Ariadne): %s", head)
	}
	if _, err := w.Write(head); err != nil {
		return err
	}
	first := true
	write := func(steps []devtoolsStep) error {
		for _, d := range steps {
			b, err := encodeJSON(d, "    ")
			if err != nil {
				return err
			}
			sep := ",\n    "
			if first {
				sep, first = "[\n    ", false
			}
			if _, err := w.WriteString(sep); err != nil {
				return err
			}
			if _, err := w.Write(bytes.TrimSuffix(b, []byte("\n"))); err != nil {
				return err
			}
		}
		return nil
	}
	if vp := p.header.Viewport; vp != nil {
		scale := vp.DeviceScaleFactor
		if scale == 0 {
			scale = 1
		}
		err := write([]devtoolsStep{{
			Type: "setViewport", Width: &vp.Width, Height: &vp.Height, DeviceScaleFactor: &scale,
			IsMobile: &vp.IsMobile, HasTouch: &vp.HasTouch, IsLandscape: new(vp.Landscape()),
		}})
		if err != nil {
			return err
		}
	}
	e := devtoolsEmitter{attr: p.testIDAttr, scroll: map[int]map[string]Point{}, tabURL: map[int]string{}, focus: map[int]string{}}
	// The format names a tab by its URL: a step that does not say the URL
	// of its tab (a close-tab step) gets the last one the steps before it
	// saw there.
	err = p.actions(ctx, src, func(a action) error {
		steps, err := e.action(a)
		if err != nil {
			return fmt.Errorf("step %d: %w", a.N, err)
		}
		if err := write(steps); err != nil {
			return err
		}
		e.focused(a.Step)
		switch s := a.Step; {
		case s.Kind == Navigate:
			e.tabURL[s.Tab] = s.URL
		case s.URLAfter != "":
			e.tabURL[s.Tab] = s.URLAfter
		case s.URLBefore != "":
			e.tabURL[s.Tab] = s.URLBefore
		}
		return nil
	})
	if err != nil {
		return err
	}
	tail := "\n  ]\n}\n"
	if first {
		tail = "[]\n}\n"
	}
	_, err = w.WriteString(tail)
	return err
}

// encodeJSON is v indented by two spaces, as Chrome does, without
// escaping <, > and &, with every hidden character escaped, and every line
// after the first starting with prefix.
func encodeJSON(v any, prefix string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return refs.EscapeJSON(buf.Bytes()), nil
}

type devtoolsEmitter struct {
	attr string
	// scroll is the scroll position each tab (and element in it, by
	// locator) has reached: Ariadne records wheel deltas, the format wants
	// positions.
	scroll map[int]map[string]Point
	// tabURL is the last URL each tab was seen at.
	tabURL map[int]string
	// focus is the element (by locator) each tab's last step acted on
	// and so gave the focus to: a press on it needs no click first.
	focus map[int]string
}

func (e devtoolsEmitter) action(a action) ([]devtoolsStep, error) {
	s := a.Step
	base, err := e.base(s)
	if err != nil {
		return nil, err
	}
	var out []devtoolsStep
	for _, d := range a.Dialogs {
		params, err := json.Marshal(d)
		if err != nil {
			return nil, err
		}
		c := base
		c.Frame = nil
		c.Type, c.Name, c.Parameters = "customStep", customDialog, params
		out = append(out, c)
	}
	steps, err := e.step(s, base)
	if err != nil {
		return nil, err
	}
	return append(out, steps...), nil
}

// base is the target and frame of s.
func (e devtoolsEmitter) base(s Step) (devtoolsStep, error) {
	var d devtoolsStep
	d.Target = "main"
	if s.Tab != 0 {
		if s.URLBefore == "" {
			s.URLBefore = e.tabURL[s.Tab]
		}
		if s.URLBefore == "" {
			return d, fmt.Errorf("the step acts in tab %d but has no urlBefore, which DevTools needs to name the tab", s.Tab)
		}
		d.Target = s.URLBefore
	}
	if !s.Frame.IsZero() && len(s.FramePath) != len(s.Frame.Parts) {
		return d, fmt.Errorf("the step is in the frame %s but has no framePath, which DevTools needs to find it", s.Frame.Internal())
	}
	d.Frame = s.FramePath
	d.Timeout = s.Timeout
	return d, nil
}

func (e devtoolsEmitter) step(s Step, base devtoolsStep) ([]devtoolsStep, error) {
	with := func(typ string) devtoolsStep { d := base; d.Type = typ; return d }
	selectors := func(t Target) ([]devtoolsSelector, error) {
		sel := devtoolsSelectors(t, e.attr)
		if len(sel) == 0 {
			return nil, fmt.Errorf("no DevTools selector can say %s: give the step a CSS fallback", t.Locator.Internal())
		}
		return sel, nil
	}
	custom := func() ([]devtoolsStep, error) {
		params, err := json.Marshal(s)
		if err != nil {
			return nil, err
		}
		d := with("customStep")
		d.Name, d.Parameters = customStep, params
		return []devtoolsStep{d}, nil
	}
	switch s.Kind {
	case Navigate:
		e.resetScroll(s.Tab)
		d := with("navigate")
		d.Frame = nil
		d.URL = s.URL
		d.AssertedEvents = []devtoolsEvent{{Type: "navigation", URL: s.URL}}
		return []devtoolsStep{d}, nil
	case Click, DblClick, Check, Uncheck:
		sel, err := selectors(s.Target)
		if err != nil {
			return nil, err
		}
		d := with("click")
		if s.Kind == DblClick || s.ClickCount >= 2 {
			d.Type = "doubleClick"
		}
		d.Selectors = sel
		x, y := float64(defaultOffset), float64(defaultOffset)
		if s.Position != nil {
			x, y = s.Position.X, s.Position.Y
		}
		d.OffsetX, d.OffsetY = &x, &y
		switch s.Button {
		case "right":
			d.Button = "secondary"
		case "middle":
			d.Button = "auxiliary"
		case "back", "forward":
			d.Button = s.Button
		}
		if s.Navigated {
			e.resetScroll(s.Tab)
			d.AssertedEvents = []devtoolsEvent{{Type: "navigation", URL: s.URLAfter}}
		}
		return e.held(base, s.Modifiers, d), nil
	case Hover:
		sel, err := selectors(s.Target)
		if err != nil {
			return nil, err
		}
		d := with("hover")
		d.Selectors = sel
		return []devtoolsStep{d}, nil
	case Fill, Select, Type:
		switch {
		case s.Kind == Select && len(s.Values) != 1:
			return custom()
		case s.Kind == Type && s.Target.Locator.IsZero():
			if s.Text.IsSecret() || !keyable(s.Text.Text) {
				return custom()
			}
			// Typing into whatever has the focus: the keys alone.
			var out []devtoolsStep
			for _, r := range s.Text.Text {
				out = append(out, e.chord(base, []string{keyOfRune(r)})...)
			}
			return out, nil
		}
		// Typing into a field is a change step with its selectors too,
		// as Chrome's Recorder writes it: @puppeteer/replay types the
		// value key by key into the field it finds (only what the field
		// lacks when its value is the start of it), and ariadne import
		// reads it back as a fill. Key steps alone would type into
		// whatever has the focus on replay, which is not the field.
		sel, err := selectors(s.Target)
		if err != nil {
			return nil, err
		}
		d := with("change")
		d.Selectors = sel
		v := devtoolsValue(s.Text)
		if s.Kind == Select {
			v = s.Values[0]
		}
		d.Value = &v
		return []devtoolsStep{d}, nil
	case Press:
		out := e.chord(base, splitKey(canonicalChord(s.Key)))
		if !s.Target.Locator.IsZero() && e.focus[s.Tab] != s.Locator().Internal() {
			// A press on an element the step before did not act on: click
			// it first to give it the focus, as the user did when the
			// Recorder recorded them (key steps have no selectors).
			sel, err := selectors(s.Target)
			if err != nil {
				return nil, err
			}
			d := with("click")
			d.Selectors = sel
			x, y := float64(defaultOffset), float64(defaultOffset)
			d.OffsetX, d.OffsetY = &x, &y
			out = append([]devtoolsStep{d}, out...)
		}
		if s.Navigated {
			out[len(out)-1].AssertedEvents = []devtoolsEvent{{Type: "navigation", URL: s.URLAfter}}
		}
		return out, nil
	case Scroll:
		key := ""
		if !s.Target.Locator.IsZero() {
			key = s.Locator().Internal()
		}
		if e.scroll[s.Tab] == nil {
			e.scroll[s.Tab] = map[string]Point{}
		}
		p := e.scroll[s.Tab][key]
		p.X, p.Y = max(0, p.X+s.DX), max(0, p.Y+s.DY)
		e.scroll[s.Tab][key] = p
		d := with("scroll")
		d.X, d.Y = &p.X, &p.Y
		if !s.Target.Locator.IsZero() {
			sel, err := selectors(s.Target)
			if err != nil {
				return nil, err
			}
			d.Selectors = sel
		}
		return []devtoolsStep{d}, nil
	case Close:
		d := with("close")
		d.Frame = nil
		return []devtoolsStep{d}, nil
	case Assert:
		return e.assertion(s, with, selectors, custom)
	}
	return custom()
}

func (e devtoolsEmitter) assertion(s Step, with func(string) devtoolsStep,
	selectors func(Target) ([]devtoolsSelector, error), custom func() ([]devtoolsStep, error)) ([]devtoolsStep, error) {
	a := s.Assert
	if a.Kind == AssertVisible && a.Not {
		// not.toBeVisible is toBeHidden.
		h := *a
		h.Kind, h.Not = AssertHidden, false
		a = &h
	}
	switch a.Kind {
	case AssertURL, AssertTitle:
		op := "==="
		if a.Not {
			op = "!=="
		}
		subject := "location.href"
		if a.Kind == AssertTitle {
			subject = "document.title"
		}
		q, err := json.Marshal(a.Expected)
		if err != nil {
			return nil, err
		}
		d := with("waitForExpression")
		d.Expression = subject + " " + op + " " + string(q)
		return []devtoolsStep{d}, nil
	case AssertHidden, AssertCount:
		// A waitForExpression over an XPath of the target: waitForElement
		// cannot say "hidden but there" (its visible false means no
		// match) nor count a chained locator. Hidden takes the first of
		// the target's locators that XPath can say (they all find the
		// recorded element); a count only its chosen one (a fallback
		// would count something else).
		cands := s.Target.Candidates()
		if a.Kind == AssertCount {
			cands = cands[:1]
		}
		x, ok := "", false
		for _, c := range cands {
			if x, ok = xpathOf(c, e.attr); ok {
				break
			}
		}
		if !ok {
			return custom()
		}
		q, err := json.Marshal(x)
		if err != nil {
			return nil, err
		}
		nodes := xpathNodes(string(q))
		var expr string
		if a.Kind == AssertHidden {
			expr = hiddenFn + "(" + nodes + ")"
			if a.Not {
				expr = "!" + expr
			}
		} else {
			n, err := ParseCount(a.Expected)
			if err != nil {
				return nil, err
			}
			op := " === "
			if a.Not {
				op = " !== "
			}
			expr = nodes + ".snapshotLength" + op + strconv.Itoa(n)
		}
		d := with("waitForExpression")
		d.Expression = expr
		return []devtoolsStep{d}, nil
	case AssertVisible, AssertText, AssertValue, AssertChecked, AssertEnabled:
		if (a.Not && (a.Kind == AssertText || a.Kind == AssertValue)) || a.Secret != "" {
			return custom() // replay.mjs fills secrets in change steps only
		}
		sel, err := selectors(s.Target)
		if err != nil {
			return nil, err
		}
		d := with("waitForElement")
		d.Selectors = sel
		switch a.Kind {
		case AssertText:
			d.Properties = map[string]any{"textContent": a.Expected}
		case AssertValue:
			d.Properties = map[string]any{"value": a.Expected}
		case AssertChecked:
			d.Properties = map[string]any{"checked": !a.Not}
		case AssertEnabled:
			d.Properties = map[string]any{"disabled": a.Not}
		}
		return []devtoolsStep{d}, nil
	}
	return custom()
}

// hiddenFn is the function of a hidden check's waitForExpression: true
// when none of the nodes is visible as Playwright reads it (a box, and
// visibility visible). ariadne import reads it back (importExpression).
const hiddenFn = "((r) => { for (let i = 0; i < r.snapshotLength; i++) { const el = r.snapshotItem(i), b = el.getBoundingClientRect(); " +
	"if (b.width > 0 && b.height > 0 && getComputedStyle(el).visibility === 'visible') return false; } return true; })"

// xpathNodes is the expression of the nodes the XPath (a JSON string)
// finds.
func xpathNodes(q string) string {
	return "document.evaluate(" + q + ", document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null)"
}

func (e devtoolsEmitter) resetScroll(tab int) { delete(e.scroll, tab) }

// devtoolsValue is the text of a change step: a secret is written as
// ${NAME}, never as its value.
func devtoolsValue(v Value) string {
	if v.IsSecret() {
		return "${" + v.Secret + "}"
	}
	return v.Text
}
