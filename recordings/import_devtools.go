package recordings

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// ImportError lists the steps of a DevTools recording that ImportDevTools
// could not turn into Ariadne steps. The recording it comes with holds
// every other step.
type ImportError struct {
	Problems []ImportProblem
}

// ImportProblem is one step that was not imported, and why.
type ImportProblem struct {
	Step int // index in the DevTools "steps" array, from 0
	Type string
	Err  error
}

func (p ImportProblem) Error() string {
	return fmt.Sprintf("step %d (%s): %v", p.Step, p.Type, p.Err)
}

func (e *ImportError) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = p.Error()
	}
	return fmt.Sprintf("%d DevTools steps not imported: %s", len(e.Problems), strings.Join(msgs, "; "))
}

// ImportDevTools reads a Chrome DevTools Recorder JSON recording. Steps
// map to Ariadne's as the exporter writes them, in reverse: selectors
// become locators (aria/Name[role="r"] getByRole exact, text/ getByText,
// [data-testid="x"] getByTestId, CSS and pierce/ CSS; xpath/ selectors are
// not used), keyDown/keyUp pairs become presses (with the modifiers held),
// change becomes fill, waitForElement and waitForExpression become
// assertions when they check what Ariadne can check, and Ariadne's own
// customSteps are read back. A step of the popup that another step opened
// is marked as opened by the step before it.
//
// When some steps cannot be imported, it returns the recording of the
// others and an *ImportError listing them; other errors come with a nil
// recording.
func ImportDevTools(r io.Reader) (*Recording, error) {
	var flow struct {
		Title             string            `json:"title"`
		SelectorAttribute string            `json:"selectorAttribute"`
		Timeout           int               `json:"timeout"`
		Steps             []json.RawMessage `json:"steps"`
	}
	br := bufio.NewReader(r)
	if bom, _ := br.Peek(3); string(bom) == "\ufeff" {
		br.Discard(3) // a BOM some editors write
	}
	dec := json.NewDecoder(br)
	if err := dec.Decode(&flow); err != nil {
		return nil, fmt.Errorf("not a DevTools recording: %w", err)
	}
	if flow.Steps == nil {
		return nil, errors.New("not a DevTools recording: no steps")
	}
	im := importer{
		rec:  &Recording{Header: Header{Format: FormatName, Version: FormatVersion, Title: flow.Title, TestIDAttr: flow.SelectorAttribute}, Steps: []Step{}},
		attr: flow.SelectorAttribute,
		tabs: map[string]int{"": 0, "main": 0},
	}
	for i, raw := range flow.Steps {
		var d devtoolsStep
		if err := json.Unmarshal(raw, &d); err != nil {
			im.problem(i, "", err)
			continue
		}
		if len(d.Selectors) > MaxImportSelectors {
			im.problem(i, d.Type, fmt.Errorf("%d selectors: a step may have at most %d (Chrome writes about five)", len(d.Selectors), MaxImportSelectors))
			continue
		}
		if d.Timeout == 0 {
			d.Timeout = flow.Timeout // the flow's timeout is each step's
		}
		if err := im.step(i, d); err != nil {
			im.problem(i, d.Type, err)
		}
	}
	im.flushKeys()
	if im.dialog != nil {
		im.problem(im.dialogAt, "customStep", errors.New("a dialog answer with no step after it to raise the dialog"))
	}
	for _, s := range im.rec.Steps {
		if s.Kind == Navigate && s.Tab == 0 {
			im.rec.StartURL = s.URL
			break
		}
	}
	if len(im.problems) > 0 {
		return im.rec, &ImportError{Problems: im.problems}
	}
	return im.rec, nil
}

// MaxImportSelectors is the most selectors ImportDevTools reads for one
// step; a step with more is reported and not imported.
const MaxImportSelectors = 1000

type importer struct {
	rec      *Recording
	attr     string
	tabs     map[string]int // DevTools target to tab
	problems []ImportProblem
	// held are the keys down, in order; pressed reports whether a key was
	// pressed while they were held (so a lone modifier is a press itself).
	held    []string
	pressed bool
	// dialog is an answer waiting for the step that raises it.
	dialog   *Step
	dialogAt int
}

func (im *importer) problem(i int, typ string, err error) {
	im.problems = append(im.problems, ImportProblem{Step: i, Type: typ, Err: err})
}

// add appends s, then the dialog answer that was registered before it.
func (im *importer) add(s Step) {
	im.rec.Steps = append(im.rec.Steps, s)
	if im.dialog != nil {
		d := *im.dialog
		d.Tab = s.Tab
		im.rec.Steps = append(im.rec.Steps, d)
		im.dialog = nil
	}
}

var modifierKeys = []string{"Alt", "Control", "Meta", "Shift"}

func (im *importer) step(i int, d devtoolsStep) error {
	if d.Type != "keyDown" && d.Type != "keyUp" && d.Type != "click" && d.Type != "doubleClick" {
		im.flushKeys()
	}
	tab, err := im.tab(d)
	if err != nil {
		return err
	}
	s := Step{Tab: tab, FramePath: d.Frame, Timeout: d.Timeout}
	if tab != 0 {
		s.URLBefore = d.Target
	}
	target := func() error {
		t, err := importTarget(d.Selectors, im.attr)
		s.Target = t
		return err
	}
	switch d.Type {
	case "setViewport":
		if d.Width == nil || d.Height == nil {
			return errors.New("no width or height")
		}
		vp := &Viewport{Width: *d.Width, Height: *d.Height}
		if d.DeviceScaleFactor != nil && *d.DeviceScaleFactor != 1 {
			vp.DeviceScaleFactor = *d.DeviceScaleFactor
		}
		vp.IsMobile = d.IsMobile != nil && *d.IsMobile
		vp.HasTouch = d.HasTouch != nil && *d.HasTouch
		vp.IsLandscape = d.IsLandscape
		im.rec.Viewport = vp
		return nil
	case "navigate":
		if d.URL == "" {
			return errors.New("no url")
		}
		s.Kind, s.URL = Navigate, d.URL
		s.FramePath = nil
	case "click", "doubleClick":
		if err := target(); err != nil {
			return err
		}
		s.Kind = Click
		if d.Type == "doubleClick" {
			s.Kind = DblClick
		}
		if d.OffsetX != nil && d.OffsetY != nil {
			s.Position = &Point{*d.OffsetX, *d.OffsetY}
		}
		switch d.Button {
		case "", "primary":
		case "secondary":
			s.Button = "right"
		case "auxiliary":
			s.Button = "middle"
		case "back", "forward":
			return fmt.Errorf("button %q: Ariadne cannot press the mouse's %s button (record a %s step instead)", d.Button, d.Button, d.Button)
		default:
			return fmt.Errorf("button %q is not a DevTools button (primary, auxiliary, secondary, back, forward)", d.Button)
		}
		for _, k := range im.held {
			if !slices.Contains(modifierKeys, k) {
				return fmt.Errorf("a click while %q is held", k)
			}
			s.Modifiers = append(s.Modifiers, k)
		}
		if len(im.held) > 0 {
			im.pressed = true
		}
		navigation(&s, d)
	case "hover":
		if err := target(); err != nil {
			return err
		}
		s.Kind = Hover
	case "change":
		if err := target(); err != nil {
			return err
		}
		if d.Value == nil {
			return errors.New("no value")
		}
		s.Kind, s.Text = Fill, importValue(*d.Value)
		if selectsOption(d.Selectors) {
			// A change of a <select> picks the option with that value.
			s.Kind, s.Text, s.Values = Select, Value{}, []string{*d.Value}
		}
	case "keyDown":
		im.held = append(im.held, importKey(d.Key))
		im.pressed = false
		return nil
	case "keyUp":
		return im.keyUp(i, d, s)
	case "scroll":
		s.Kind = Scroll
		if len(d.Selectors) > 0 {
			if err := target(); err != nil {
				return err
			}
		}
		// positions become deltas from the last position of the tab
		x, y := 0.0, 0.0
		if d.X != nil {
			x = *d.X
		}
		if d.Y != nil {
			y = *d.Y
		}
		prev := im.scrollPos(s)
		s.DX, s.DY = x-prev.X, y-prev.Y
	case "waitForElement":
		if err := target(); err != nil {
			return err
		}
		a, err := importWait(d)
		if err != nil {
			return err
		}
		s.Kind, s.Assert = Assert, a
	case "waitForExpression":
		if a, t, ok := importXPathCheck(d.Expression); ok {
			s.Kind, s.Assert, s.Target = Assert, a, *t
			break
		}
		a, err := importExpression(d.Expression)
		if err != nil {
			return err
		}
		s.Kind, s.Assert = Assert, a
	case "close":
		s.Kind = Close
	case "customStep":
		return im.custom(i, d, s)
	default:
		return fmt.Errorf("no Ariadne step is like a DevTools %q step", d.Type)
	}
	if err := s.Validate(); err != nil {
		return err
	}
	im.add(s)
	return nil
}

// navigation marks s as having navigated, from the step's asserted events.
func navigation(s *Step, d devtoolsStep) {
	for _, e := range d.AssertedEvents {
		if e.Type == "navigation" {
			s.Navigated = true
			s.URLAfter = e.URL
		}
	}
}

// scrollPos is the position the steps so far scrolled s's tab (or
// element) to, since the tab last loaded a page.
func (im *importer) scrollPos(s Step) Point {
	var p Point
	for _, t := range im.rec.Steps {
		switch {
		case t.Tab != s.Tab:
		case t.Kind == Navigate || t.Navigated:
			p = Point{}
		case t.Kind == Scroll && t.Target.Locator.Equal(s.Target.Locator):
			p.X, p.Y = max(0, p.X+t.DX), max(0, p.Y+t.DY)
		}
	}
	return p
}

// tab returns the tab of a DevTools target, numbering new ones in order.
// The step before a new tab's first step is taken to have opened it.
func (im *importer) tab(d devtoolsStep) (int, error) {
	if n, ok := im.tabs[d.Target]; ok {
		return n, nil
	}
	if len(im.rec.Steps) == 0 {
		return 0, fmt.Errorf("the first step acts in %s, which no step opened", d.Target)
	}
	n := len(im.tabs) - 1 // "" and "main" are both tab 0
	im.tabs[d.Target] = n
	opener := &im.rec.Steps[len(im.rec.Steps)-1]
	if opener.Kind == Dialog && len(im.rec.Steps) > 1 {
		opener = &im.rec.Steps[len(im.rec.Steps)-2]
	}
	opener.OpensTab = n
	return n, nil
}

// keyUp ends a key press: the key released with the keys still held
// before it is a chord.
func (im *importer) keyUp(i int, d devtoolsStep, s Step) error {
	key := importKey(d.Key)
	at := slices.Index(im.held, key)
	if at < 0 {
		return fmt.Errorf("keyUp of %q, which is not down", key)
	}
	if !im.pressed {
		s.Kind, s.Key = Press, strings.Join(im.held[:at+1], "+")
		navigation(&s, d)
		im.add(s)
		im.pressed = true
	}
	im.held = slices.Delete(im.held, at, at+1)
	if len(im.held) == 0 {
		im.pressed = false
	}
	return nil
}

// flushKeys forgets keys held down with no keyUp before another step.
func (im *importer) flushKeys() {
	im.held, im.pressed = nil, false
}

func (im *importer) custom(i int, d devtoolsStep, s Step) error {
	switch d.Name {
	case customDialog:
		var a DialogAnswer
		if err := json.Unmarshal(d.Parameters, &a); err != nil {
			return fmt.Errorf("%s: %w", d.Name, err)
		}
		if im.dialog != nil {
			return errors.New("two dialog answers for one step")
		}
		im.dialog = &Step{Kind: Dialog, Dialog: &a}
		im.dialogAt = i
		return nil
	case customStep:
		var st Step
		if err := json.Unmarshal(d.Parameters, &st); err != nil {
			return fmt.Errorf("%s: %w", d.Name, err)
		}
		st.Tab = s.Tab
		if err := st.Validate(); err != nil {
			return err
		}
		im.add(st)
		return nil
	}
	return fmt.Errorf("unknown custom step %q", d.Name)
}

func importKey(k string) string {
	if k == " " {
		return "Space"
	}
	return k
}

// importValue reads a change value, turning the exporter's ${NAME} back
// into a secret.
func importValue(v string) Value {
	if strings.HasPrefix(v, "${"+SecretPrefix) && strings.HasSuffix(v, "}") && validSecretName(v[2:len(v)-1]) {
		return SecretValue(v[2 : len(v)-1])
	}
	return Plain(v)
}

// selectsOption reports whether a change step's selectors name a
// <select>: an ARIA combobox or listbox, or CSS whose last compound is a
// select element. (A change the selectors do not tell is imported as a
// fill; replay then selects the option if the element is a select.)
func selectsOption(sels []devtoolsSelector) bool {
	for _, sel := range sels {
		if len(sel) == 0 {
			continue
		}
		last := sel[len(sel)-1]
		if m := ariaSel.FindStringSubmatch(strings.TrimPrefix(last, "aria/")); strings.HasPrefix(last, "aria/") && m != nil &&
			(m[2] == "combobox" || m[2] == "listbox") {
			return true
		}
		last = strings.TrimPrefix(last, "pierce/")
		fields := strings.Fields(last)
		if len(fields) > 0 && selectTag.MatchString(fields[len(fields)-1]) {
			return true
		}
	}
	return false
}

var selectTag = regexp.MustCompile(`^select([#.\[:]|$)`)
