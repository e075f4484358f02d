package recordings

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file turns what the browser reports about an action into steps,
// and adds them to the recording file as they happen. It stays pure: the
// caller (ariadne run, the explorer) asks the browser, and hands over
//
//   - before the action, the element's locators (Element): the action may
//     remove the element, and then nothing can be asked of it;
//   - after it, what followed (Action): a navigation, the dialogs it
//     raised and how they were answered, the tabs it opened.

// Element is what the browser said about the element of a step, read
// before the step acted on it.
type Element struct {
	// Best is the locator the ladder chose, with the iframes it lives in
	// as frame parts in front (as browser.ElementLocators gives it).
	Best refs.Locator
	// Candidates are the ladder's ranked candidates with their match
	// counts, Best among them. The other unique ones become the target's
	// fallbacks, in this order.
	Candidates []refs.Candidate
	Role, Name string
	// FramePath is the index of each iframe among its parent's child
	// frames, outermost first (for the DevTools Recorder export).
	FramePath []int
	// Password is set for a password field: what is typed into it is a
	// secret.
	Password bool
	// Identity is who the element Best finds is, Dup how many elements of
	// its document share its role and name; XPath a text-anchored XPath
	// that finds it alone ("" if none). The browser reads them after Best.
	Identity *Identity
	Dup      int
	XPath    string
	// Card finds the element by its role and name inside the card told
	// by its text, for one of several alike (Add to cart): a fallback of
	// its own kind, relative to the element's frames.
	Card refs.Locator
}

// SetEvidence records who e's element is (role, accessible name, its
// container, how many elements share the role and name) and a
// text-anchored XPath for it, as the browser read them.
func (e *Element) SetEvidence(role, name, within string, dup int, xpath string) {
	e.Identity = &Identity{Role: role, Name: name, Within: within}
	e.Dup, e.XPath = dup, xpath
}

// ErrNoLocator is wrapped by the errors of steps whose element has no
// locator, which therefore cannot be recorded.
var ErrNoLocator = errors.New("no locator")

// Target splits e's locators into the frame chain the element lives in
// and the step's Target, relative to that frame. Fallbacks are the other
// candidates that matched the element alone, in the same frame chain.
func (e Element) Target() (frame refs.Locator, t Target, err error) {
	if e.Best.IsZero() {
		return refs.Locator{}, Target{}, fmt.Errorf("%w: %s %q has none that matches it alone", ErrNoLocator, e.Role, e.Name)
	}
	frame, best := splitFrames(e.Best)
	if best.IsZero() {
		return refs.Locator{}, Target{}, fmt.Errorf("%w: %s %q: the locator %s selects a frame, not an element", ErrNoLocator, e.Role, e.Name, e.Best)
	}
	t = Target{Locator: best, Role: e.Role, Name: e.Name, Password: e.Password}
	for _, c := range e.Candidates {
		if !c.Unique() {
			continue
		}
		f, l := splitFrames(c.Locator)
		if l.IsZero() || !f.Equal(frame) || l.Equal(best) ||
			slices.ContainsFunc(t.Fallbacks, func(x refs.Locator) bool { return x.Equal(l) }) {
			continue
		}
		t.Fallbacks = append(t.Fallbacks, l)
	}
	if !e.Card.IsZero() && !e.Card.Equal(best) &&
		!slices.ContainsFunc(t.Fallbacks, func(x refs.Locator) bool { return x.Equal(e.Card) }) {
		t.Fallbacks = append(t.Fallbacks, e.Card)
	}
	if e.XPath != "" {
		x := refs.ByXPath(e.XPath)
		if !slices.ContainsFunc(t.Fallbacks, func(l refs.Locator) bool { return l.Equal(x) }) {
			t.Fallbacks = append(t.Fallbacks, x)
		}
	}
	if e.Identity != nil {
		id := *e.Identity
		if id.Name != "" && e.Dup <= 1 {
			id.Within = "" // the name alone tells it
		}
		t.Identity = &id
	}
	t.Fragile = positional(best)
	return frame, t, nil
}

// positional reports whether l picks its element by position: an nth
// part, CSS such as :nth-of-type(), or an XPath that indexes a node set
// ("(//article)[2]").
func positional(l refs.Locator) bool {
	return slices.Contains(refs.Durability(l), refs.FlagPosition) ||
		slices.ContainsFunc(l.Parts, func(p refs.Part) bool { return p.Kind == refs.KindXPath && xpathIndex.MatchString(p.XPath) })
}

var xpathIndex = regexp.MustCompile(`\)\[(\d+|last\(\))\]`)

// splitFrames splits the leading frame parts off l.
func splitFrames(l refs.Locator) (frame, rest refs.Locator) {
	i := 0
	for i < len(l.Parts) && l.Parts[i].Kind == refs.KindFrame {
		i++
	}
	if i > 0 {
		frame = refs.Locator{Parts: slices.Clone(l.Parts[:i])}
	}
	if i < len(l.Parts) {
		rest = refs.Locator{Parts: slices.Clone(l.Parts[i:])}
	}
	return frame, rest
}

// Action is one thing done in the browser, as a recorder sees it. Fields
// a kind does not use stay empty, as in Step.
type Action struct {
	Kind Kind
	// TabID is the browser's id of the tab the action happened in.
	TabID   string
	Element *Element // the target; nil for page-wide actions
	To      *Element // where a drag drops

	URL        string // navigate
	Text       string // fill, type: the text as typed
	Key        string // press: one key or chord, in Playwright's form
	Values     []string
	Files      []string
	Button     string
	Modifiers  []string
	ClickCount int
	DX, DY     float64

	URLBefore, URLAfter string
	// Navigated is set when the action loaded another document in its tab.
	Navigated bool
	// Dialogs are the JavaScript dialogs the action raised, as answered.
	Dialogs []DialogAnswer
	// Opened are the ids of the tabs the action opened (popups).
	Opened []string
	Time   time.Time
}

// Recorder turns actions into steps and adds them to a recording file as
// they happen. It numbers the tabs: the first one it sees is tab 0, each
// tab an action opened the next number. A Recorder is safe for use by
// several goroutines.
type Recorder struct {
	mu      sync.Mutex
	w       *Writer
	secrets Secrets
	tabs    map[string]int
	next    int
}

// NewRecorder returns a recorder writing to w; firstTab, if not "", is
// the browser's id of tab 0.
func NewRecorder(w *Writer, s Secrets, firstTab string) *Recorder {
	r := &Recorder{w: w, secrets: s, tabs: map[string]int{}}
	if firstTab != "" {
		r.tabs[firstTab] = 0
		r.next = 1
	}
	return r
}

// Writer returns the file the recorder writes.
func (r *Recorder) Writer() *Writer { return r.w }

// tab returns the number of the tab with browser id id, numbering it if
// it is new. Call with r.mu held.
func (r *Recorder) tab(id string) int {
	if n, ok := r.tabs[id]; ok {
		return n
	}
	n := r.next
	r.tabs[id] = n
	r.next++
	return n
}

// Rebase makes the tab with browser id firstTab tab 0, for a browser that
// was restarted under a recording: the old ids are gone. Tabs opened later
// keep numbers not used before.
func (r *Recorder) Rebase(firstTab string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for id, n := range r.tabs {
		if n == 0 {
			delete(r.tabs, id)
		}
	}
	r.tabs[firstTab] = 0
	if r.next == 0 {
		r.next = 1
	}
}

// Tab returns the recording's number for the tab with browser id id.
func (r *Recorder) Tab(id string) (int, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n, ok := r.tabs[id]
	return n, ok
}

// Record adds the steps of a: the step itself, then a dialog step for
// each dialog it raised. It returns the steps as built (the file may hold
// them collapsed, see Add). A value typed into a password field is
// stored as a secret unless the recorder records secrets: the step's
// Text.Secret then names the environment variable to set for replays.
func (r *Recorder) Record(a Action) ([]Step, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	steps, err := r.steps(a)
	if err != nil {
		return nil, err
	}
	for _, s := range steps {
		if err := r.w.Add(s); err != nil {
			return nil, err
		}
	}
	return steps, nil
}

// Assert adds an assertion step about e (nil for a page assertion) in the
// tab with browser id tabID.
func (r *Recorder) Assert(tabID string, e *Element, a Assertion, url string) (Step, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := Step{Kind: Assert, Tab: r.tab(tabID), Time: time.Now().UTC(), Assert: &a, URLBefore: url, URLAfter: url}
	if e != nil {
		frame, t, err := e.Target()
		if err != nil {
			return Step{}, err
		}
		s.Frame, s.FramePath, s.Target = frame, framePathOf(frame, e.FramePath), t
		s = r.secrets.Apply(s, Field{Password: e.Password, Label: e.Name})
	}
	if err := r.w.Add(s); err != nil {
		return Step{}, err
	}
	return s, nil
}

// Dialog adds a step answering a dialog outside any recorded action (the
// user answered a dialog that was waiting).
func (r *Recorder) Dialog(tabID string, d DialogAnswer) (Step, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := Step{Kind: Dialog, Tab: r.tab(tabID), Time: time.Now().UTC(), Dialog: &d}
	if err := r.w.Add(s); err != nil {
		return Step{}, err
	}
	return s, nil
}

// steps builds a's steps. Call with r.mu held.
func (r *Recorder) steps(a Action) ([]Step, error) {
	if a.Time.IsZero() {
		a.Time = time.Now()
	}
	s := Step{
		Kind: a.Kind, Time: a.Time.UTC(), Tab: r.tab(a.TabID),
		URL: a.URL, Key: canonicalChord(a.Key), Values: a.Values, Files: a.Files,
		Button: a.Button, Modifiers: a.Modifiers, ClickCount: a.ClickCount, DX: a.DX, DY: a.DY,
		Navigated: a.Navigated, URLBefore: a.URLBefore, URLAfter: a.URLAfter,
	}
	if s.Button == "left" {
		s.Button = ""
	}
	if s.ClickCount == 1 || (s.Kind == DblClick && s.ClickCount == 2) {
		s.ClickCount = 0
	}
	if a.Kind == Fill || a.Kind == Type {
		s.Text = Plain(a.Text)
	}
	if a.Kind == Navigate {
		// A navigate is where the tab goes; it is not a navigation it caused.
		s.Navigated = false
	}
	field := Field{}
	if a.Element != nil {
		frame, t, err := a.Element.Target()
		if err != nil {
			return nil, fmt.Errorf("cannot record %s: %w", a.Kind, err)
		}
		s.Frame, s.FramePath, s.Target = frame, framePathOf(frame, a.Element.FramePath), t
		field = Field{Password: a.Element.Password, Label: a.Element.Name}
	}
	if a.To != nil {
		_, t, err := a.To.Target()
		if err != nil {
			return nil, fmt.Errorf("cannot record the drop target: %w", err)
		}
		s.To = t
	}
	for _, id := range a.Opened {
		if _, known := r.tabs[id]; !known {
			s.OpensTab = r.tab(id)
			break
		}
	}
	s = r.secrets.Apply(s, field)
	if err := s.Validate(); err != nil {
		return nil, err
	}
	steps := []Step{s}
	for _, d := range a.Dialogs {
		d := d
		steps = append(steps, Step{Kind: Dialog, Tab: s.Tab, Time: s.Time, Dialog: &d})
	}
	return steps, nil
}

// framePathOf keeps path only when it names every frame of frame.
func framePathOf(frame refs.Locator, path []int) []int {
	if len(frame.Parts) == 0 || len(path) != len(frame.Parts) {
		return nil
	}
	return slices.Clone(path)
}

// Summary is a one-line description of a step for lists and progress
// lines: what it does, with the locator as Playwright code and the text
// it types (a secret as $NAME, plain text typed into a password field as
// refs.SecretMask).
func Summary(s Step) string {
	if s.Kind == Press && s.Target.Password && KeysEditText(s.Key) {
		s.Key = refs.SecretMask // a character of the password
	}
	d := describe(s)
	switch s.Kind {
	case Fill, Type:
		if s.Target.Password && !s.Text.IsSecret() {
			d += " " + refs.SecretMask
			break
		}
		d += " " + quoteShort(s.Text.String())
	case Select:
		q := make([]string, len(s.Values))
		for i, v := range s.Values {
			q[i] = quoteShort(v)
		}
		d += " " + strings.Join(q, ", ")
	case Assert:
		if s.Assert != nil {
			d = expectation(s)
		}
	case Dialog:
		if s.Dialog != nil {
			verb := "dismiss"
			if s.Dialog.Accept {
				verb = "accept"
			}
			d = verb + " the " + s.Dialog.Type + " dialog"
		}
	}
	if s.Tab != 0 {
		d += fmt.Sprintf(" (tab %d)", s.Tab)
	}
	return oneLine(cut(d, maxSummary))
}

// maxSummary is the most characters Summary prints: a step can hold a
// URL or a name of any length.
const maxSummary = 300

// cut shortens s to at most n characters, marking the cut with how much
// was left out.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return fmt.Sprintf("%s… (%d more characters)", string(r[:n]), len(r)-n)
}

// expectation says what an assertion step expects, as Playwright's
// expect reads: expect getByRole('status') to have text "Saved".
func expectation(s Step) string {
	a := s.Assert
	subject := "the page"
	if !s.Target.Locator.IsZero() {
		subject = s.Locator().Code(refs.JavaScript)
	}
	to := " to "
	if a.Not {
		to = " not to "
	}
	var what string
	switch a.Kind {
	case AssertVisible, AssertChecked, AssertEnabled:
		what = "be " + string(a.Kind)
	case AssertValue:
		what = "have value " + a.ExpectedValue().String()
		if a.Secret == "" && s.Target.Password {
			what = "have value " + refs.SecretMask
		} else if a.Secret == "" {
			what = "have value " + quoteShort(a.Expected)
		}
	case AssertHidden:
		what = "be hidden"
	case AssertCount:
		what = "have count " + a.Expected
	case AssertContainsText:
		what = "contain text " + quoteShort(a.Expected)
	case AssertText, AssertTitle:
		what = "have " + string(a.Kind) + " " + quoteShort(a.Expected)
	case AssertURL:
		what = "have URL " + quoteShort(a.Expected)
	case AssertAriaSnapshot:
		what = "match its ARIA snapshot"
	default:
		what = string(a.Kind)
	}
	return "expect " + subject + to + what
}

// quoteShort quotes s, cut to 60 characters.
func quoteShort(s string) string {
	r := []rune(s)
	if len(r) > 60 {
		s = string(r[:57]) + "..."
	}
	return fmt.Sprintf("%q", s)
}
