// Package recordings holds what Ariadne records while a user drives a page:
// the steps (step.go), the file they are saved to as they happen (file.go)
// and read back a line at a time (scan.go), the rules that tidy them as they
// arrive (collapse.go), how passwords are kept out of the file (secrets.go),
// the actions planned from them in two passes (plan.go), the test code and
// replay files made from them as the steps are read (export_*.go) and the
// Chrome DevTools Recorder files read back into them (import_devtools.go).
//
// The package is pure: it reads and writes files and bytes, and must not
// import the browser driver (chromedp), the terminal UI (Bubble Tea) or any
// other Ariadne package but refs. The chromedp exporter writes Go source that
// imports chromedp; this package does not.
package recordings

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// Kind names what a step does.
type Kind string

// The kinds of steps.
const (
	Navigate Kind = "navigate" // go to URL
	Click    Kind = "click"    // click Target
	DblClick Kind = "dblclick" // double-click Target
	Fill     Kind = "fill"     // replace Target's value with Text
	Type     Kind = "type"     // type Text key by key into Target (or the focused element)
	Press    Kind = "press"    // press Key ("Enter", "Control+A") on Target (or the page)
	Select   Kind = "select"   // select Values in the <select> Target
	Check    Kind = "check"    // check the checkbox or radio Target
	Uncheck  Kind = "uncheck"  // uncheck the checkbox Target
	Hover    Kind = "hover"    // move the mouse over Target
	Upload   Kind = "upload"   // set Files on the file input Target
	Drag     Kind = "drag"     // drag Target onto To
	Scroll   Kind = "scroll"   // scroll by DX, DY (over Target if set)
	Dialog   Kind = "dialog"   // answer the JavaScript dialog the step before raised
	Assert   Kind = "assert"   // check Assertion
	Close    Kind = "close"    // close the tab
)

// Kinds returns every step kind.
func Kinds() []Kind {
	return []Kind{Navigate, Click, DblClick, Fill, Type, Press, Select, Check, Uncheck,
		Hover, Upload, Drag, Scroll, Dialog, Assert, Close}
}

// Recording is a header and the steps recorded after it.
type Recording struct {
	Header
	Steps []Step `json:"steps"`
}

// Header is the first line of a recording file.
type Header struct {
	Format  string    `json:"format"`  // always FormatName
	Version int       `json:"version"` // FormatVersion when written
	Created time.Time `json:"created,omitzero"`
	// StartURL is the page the recording started on. Exporters go there
	// first unless the first step is a navigate.
	StartURL string    `json:"startUrl,omitempty"`
	Viewport *Viewport `json:"viewport,omitempty"`
	Title    string    `json:"title,omitempty"`
	// TestIDAttr is the attribute the recorder's getByTestId locators read;
	// "" means data-testid.
	TestIDAttr string `json:"testIdAttribute,omitempty"`
	// Demo marks a recording made on Ariadne's built-in demo site (the
	// explorer started with no URL): replay serves the demo again at the
	// start URL's loopback port when nothing listens there.
	Demo bool `json:"demo,omitempty"`
}

// Viewport is the size of the page the recording was made in, and the
// device it emulated (a DevTools setViewport step's fields); replay and
// every export apply all of them.
type Viewport struct {
	Width             int     `json:"width"`
	Height            int     `json:"height"`
	DeviceScaleFactor float64 `json:"deviceScaleFactor,omitempty"` // 0 means 1
	IsMobile          bool    `json:"isMobile,omitempty"`
	HasTouch          bool    `json:"hasTouch,omitempty"`
	// IsLandscape is the screen's orientation, when the recording says
	// it; nil means as wide as it is high (Width > Height).
	IsLandscape *bool `json:"isLandscape,omitempty"`
}

// Landscape reports whether the screen is in landscape orientation.
func (v Viewport) Landscape() bool {
	if v.IsLandscape != nil {
		return *v.IsLandscape
	}
	return v.Width > v.Height
}

// NewHeader returns a header of the current format, created now.
func NewHeader(title, startURL string) Header {
	return Header{Format: FormatName, Version: FormatVersion, Created: time.Now().UTC().Truncate(time.Millisecond),
		Title: title, StartURL: startURL}
}

// Step is one thing the user did, or one check they asked for. Fields a
// kind does not use stay empty; the comments on the Kind constants say
// which ones each kind reads.
type Step struct {
	Kind Kind      `json:"kind"`
	Time time.Time `json:"time,omitzero"`
	// Tab is the tab the step acted in: 0 is the page the recording
	// started in, n the page that the step with OpensTab n opened.
	Tab int `json:"tab,omitempty"`
	// OpensTab is the tab this step opened (a link with target=_blank, a
	// window.open), or 0.
	OpensTab int `json:"opensTab,omitempty"`
	// Frame is the chain of iframes the step acted in, as refs frame
	// parts, outermost first; empty for the main frame. Target and To are
	// looked up inside it.
	Frame refs.Locator `json:"frame,omitzero"`
	// FramePath is the index of each of those frames among its parent's
	// child frames, as Chrome numbers them (DevTools Recorder's "frame").
	FramePath []int `json:"framePath,omitempty"`

	Target Target `json:"target,omitzero"`
	To     Target `json:"to,omitzero"` // where a drag drops

	URL        string   `json:"url,omitempty"`       // where a navigate goes
	Text       Value    `json:"text,omitzero"`       // fill and type
	Key        string   `json:"key,omitempty"`       // press, in Playwright's form: "Enter", "Control+a"
	Values     []string `json:"values,omitempty"`    // select: option values
	Files      []string `json:"files,omitempty"`     // upload: file paths
	Button     string   `json:"button,omitempty"`    // left (default), right, middle
	Modifiers  []string `json:"modifiers,omitempty"` // Alt, Control, ControlOrMeta, Meta, Shift held during a click
	ClickCount int      `json:"clickCount,omitempty"`
	// Position is where a click landed, relative to the target's top-left
	// corner; nil means its centre.
	Position *Point  `json:"position,omitempty"`
	DX       float64 `json:"dx,omitempty"` // scroll
	DY       float64 `json:"dy,omitempty"`

	// Timeout is how long the step may wait for its element or condition,
	// in milliseconds; 0 means the replay's own (--action-timeout). An
	// imported DevTools step's timeout.
	Timeout int `json:"timeout,omitempty"`

	Dialog *DialogAnswer `json:"dialog,omitempty"`
	Assert *Assertion    `json:"assert,omitempty"`

	// Navigated is set on a click (or press) that made the page load
	// another document; URLAfter is then that document's URL.
	Navigated bool   `json:"navigated,omitempty"`
	URLBefore string `json:"urlBefore,omitempty"`
	URLAfter  string `json:"urlAfter,omitempty"`
}

// Target is the element a step acted on: the locator chosen for it, the
// other locators that also matched it alone when it was recorded (best
// first), and the role and accessible name it had then. Locators are
// relative to the step's Frame.
type Target struct {
	Locator   refs.Locator   `json:"locator"`
	Fallbacks []refs.Locator `json:"fallbacks,omitempty"`
	Role      string         `json:"role,omitempty"`
	Name      string         `json:"name,omitempty"`
	// Identity is who the element the locators found was (see Identity.Is);
	// a replay takes a locator's element only if it is the same. Recordings
	// made before identities were recorded (and imports) have none: their
	// fallbacks are checked against Role and Name.
	Identity *Identity `json:"identity,omitempty"`
	// Fragile is set when the chosen locator picks the element by its
	// position (nth): replays say so on the step.
	Fragile bool `json:"fragile,omitempty"`
	// Password is set when the element is a password field: summaries
	// and replay messages never show what is typed into it or compared
	// with its value, even when the file stores it as plain text.
	Password bool `json:"password,omitempty"`
}

// IsZero reports whether t names no element.
func (t Target) IsZero() bool {
	return t.Locator.IsZero() && len(t.Fallbacks) == 0 && t.Role == "" && t.Name == "" && t.Identity == nil
}

// identity is what a found element must be: the recorded Identity, or
// else Role and Name; ok is false when nothing was recorded.
func (t Target) identity() (id Identity, ok bool) {
	if t.Identity != nil {
		return *t.Identity, true
	}
	return Identity{Role: t.Role, Name: t.Name}, t.Role != "" || t.Name != ""
}

// Candidates returns the chosen locator then the fallbacks, skipping empty ones.
func (t Target) Candidates() []refs.Locator {
	var out []refs.Locator
	if !t.Locator.IsZero() {
		out = append(out, t.Locator)
	}
	for _, l := range t.Fallbacks {
		if !l.IsZero() {
			out = append(out, l)
		}
	}
	return out
}

// Point is a position in CSS pixels.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// DialogAnswer is how the user answered a JavaScript dialog.
type DialogAnswer struct {
	Type       string `json:"type"` // alert, confirm, prompt or beforeunload
	Message    string `json:"message,omitempty"`
	Accept     bool   `json:"accept"`
	PromptText string `json:"promptText,omitempty"` // the answer to an accepted prompt
}

// AssertKind names what an assertion checks.
type AssertKind string

// The kinds of assertions.
const (
	AssertVisible      AssertKind = "visible"       // Target is visible
	AssertText         AssertKind = "text"          // Target's text is Expected
	AssertValue        AssertKind = "value"         // Target's input value is Expected
	AssertChecked      AssertKind = "checked"       // Target is checked
	AssertEnabled      AssertKind = "enabled"       // Target is enabled
	AssertURL          AssertKind = "url"           // the page's URL is Expected
	AssertTitle        AssertKind = "title"         // the page's title is Expected
	AssertAriaSnapshot AssertKind = "aria-snapshot" // Target (or body) matches the ARIA snapshot Expected
	AssertHidden       AssertKind = "hidden"        // Target is hidden, or nothing matches it (toBeHidden)
	AssertCount        AssertKind = "count"         // Target's locator matches Expected (a number) elements
	AssertContainsText AssertKind = "contains-text" // Target's text contains Expected
)

// AssertKinds returns every assertion kind.
func AssertKinds() []AssertKind {
	return []AssertKind{AssertVisible, AssertText, AssertValue, AssertChecked, AssertEnabled,
		AssertURL, AssertTitle, AssertAriaSnapshot, AssertHidden, AssertCount, AssertContainsText}
}

// Assertion is a check: Kind, the value expected, and Not to negate it.
type Assertion struct {
	Kind     AssertKind `json:"kind"`
	Expected string     `json:"expected,omitempty"`
	Not      bool       `json:"not,omitempty"`
	// Secret, for a value assertion on a password field, names the
	// environment variable the value is compared with (Expected is then
	// empty in the file): the password is never stored.
	Secret string `json:"secret,omitempty"`
}

// ExpectedValue is what a value assertion compares with: the secret
// variable, or Expected.
func (a Assertion) ExpectedValue() Value {
	if a.Secret != "" {
		return SecretValue(a.Secret)
	}
	return Plain(a.Expected)
}

func (a Assertion) needsTarget() bool {
	return a.Kind != AssertURL && a.Kind != AssertTitle && a.Kind != AssertAriaSnapshot
}

// validate reports whether a's kind is known and its Expected fits it.
func (a Assertion) validate() error {
	if !slices.Contains(AssertKinds(), a.Kind) {
		return fmt.Errorf("unknown assertion %q", a.Kind)
	}
	if a.Kind == AssertCount {
		if _, err := ParseCount(a.Expected); err != nil {
			return err
		}
	}
	return nil
}

// ParseCount reads the number a count assertion expects: a whole number,
// 0 or more.
func ParseCount(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || strings.TrimSpace(s) != s {
		return 0, fmt.Errorf("a count must be a whole number, 0 or more, not %q", s)
	}
	return n, nil
}

// Locator returns the full locator of the step's target, with its frames.
func (s Step) Locator() refs.Locator { return s.Target.Locator.Within(s.Frame) }

// indexPath is the frame path a replay looks the step's elements up in: its
// FramePath when that is all it knows of its frames (an imported DevTools
// step), else nil (Frame's locators find the frames, wherever they moved).
func (s Step) indexPath() []int {
	if s.Frame.IsZero() {
		return s.FramePath
	}
	return nil
}

// ErrInvalidStep is wrapped by the errors Validate returns.
var ErrInvalidStep = errors.New("invalid step")

// MaxURL is the longest URL a navigate step may have: Chromium's own
// limit (2 MiB); a longer one cannot load.
const MaxURL = 2 << 20

// Validate reports whether s has what its kind needs.
func (s Step) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrInvalidStep, s.Kind, fmt.Sprintf(format, args...))
	}
	if !slices.Contains(Kinds(), s.Kind) {
		return fmt.Errorf("%w: unknown kind %q", ErrInvalidStep, s.Kind)
	}
	if s.Tab < 0 || s.OpensTab < 0 {
		return bad("negative tab")
	}
	for _, p := range s.Frame.Parts {
		if p.Kind != refs.KindFrame {
			return bad("frame has a %s part; only frame parts belong there", p.Kind)
		}
	}
	needTarget := false
	switch s.Kind {
	case Navigate:
		if s.URL == "" {
			return bad("no url")
		}
		if len(s.URL) > MaxURL {
			return bad("a URL of %d bytes: Chromium loads none longer than %d", len(s.URL), MaxURL)
		}
	case Click, DblClick, Check, Uncheck, Hover:
		needTarget = true
	case Fill:
		needTarget = true
	case Type:
		if s.Text.IsZero() {
			return bad("no text")
		}
	case Press:
		if s.Key == "" {
			return bad("no key")
		}
	case Select:
		needTarget = true
		if len(s.Values) == 0 {
			return bad("no values")
		}
	case Upload:
		needTarget = true
	case Drag:
		needTarget = true
		if s.To.Locator.IsZero() {
			return bad("no drop target")
		}
	case Dialog:
		if s.Dialog == nil {
			return bad("no dialog answer")
		}
	case Assert:
		if s.Assert == nil {
			return bad("no assertion")
		}
		needTarget = s.Assert.needsTarget()
		if err := s.Assert.validate(); err != nil {
			return bad("%v", err)
		}
	}
	if needTarget && s.Target.Locator.IsZero() {
		return bad("no target locator")
	}
	if !s.Target.Locator.IsZero() {
		if err := s.Locator().Validate(); err != nil {
			return bad("target: %v", err)
		}
	}
	return nil
}
