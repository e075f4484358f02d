package refs

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Kind names the kind of one step of a locator chain.
type Kind string

// The kinds of locator steps. Each maps to one Playwright locator method.
const (
	KindTestID      Kind = "testid"      // getByTestId
	KindRole        Kind = "role"        // getByRole
	KindLabel       Kind = "label"       // getByLabel
	KindPlaceholder Kind = "placeholder" // getByPlaceholder
	KindAlt         Kind = "alt"         // getByAltText
	KindTitle       Kind = "title"       // getByTitle
	KindText        Kind = "text"        // getByText
	KindCSS         Kind = "css"         // locator(css)
	KindXPath       Kind = "xpath"       // locator('xpath=...')
	KindFrame       Kind = "frame"       // locator(css).contentFrame()
	KindNth         Kind = "nth"         // nth(i), first(), last()
	KindFilter      Kind = "filter"      // filter({ hasText })
	KindParent      Kind = "parent"      // locator('..'), the parent element
)

// DefaultTestIDAttr is the attribute Playwright reads for getByTestId unless
// the test configuration sets testIdAttribute.
const DefaultTestIDAttr = "data-testid"

// RoleState holds the optional getByRole filters. Strings are "true",
// "false" or "" (no filter), as in Node; Checked and Pressed also accept
// "mixed". Level 0 means no level filter.
type RoleState struct {
	Checked  string `json:"checked,omitempty"`
	Disabled string `json:"disabled,omitempty"`
	Selected string `json:"selected,omitempty"`
	Expanded string `json:"expanded,omitempty"`
	Level    int    `json:"level,omitempty"`
	Pressed  string `json:"pressed,omitempty"`
}

// Part is one step of a locator chain.
type Part struct {
	Kind Kind `json:"kind"`
	// Role is the ARIA role of a KindRole step.
	Role string `json:"role,omitempty"`
	// Text is the accessible name (role), label, placeholder, alt text,
	// title, text, test id or filter text to match. A role step carries a
	// name only when Text is non-empty or Exact is set.
	Text string `json:"text,omitempty"`
	// Exact asks for a case-sensitive whole-string match instead of
	// Playwright's default case-insensitive substring match. A filter step
	// cannot be exact: Playwright's filter({ hasText }) has no such option.
	Exact bool `json:"exact,omitempty"`
	// Attr is the test id attribute of a KindTestID step; empty means
	// DefaultTestIDAttr.
	Attr string `json:"attr,omitempty"`
	// CSS is the selector of a KindCSS step, or of the iframe element of a
	// KindFrame step.
	CSS string `json:"css,omitempty"`
	// XPath is the expression of a KindXPath step (without "xpath=").
	XPath string `json:"xpath,omitempty"`
	// Nth is the index of a KindNth step: 0 is the first match, -1 the last.
	Nth int `json:"nth,omitempty"`

	RoleState
}

// Locator is a Playwright locator chain: each part is looked up inside the
// elements the previous parts matched. The zero Locator matches nothing and
// emits empty strings.
type Locator struct {
	Parts []Part `json:"parts"`
}

func one(p Part) Locator { return Locator{Parts: []Part{p}} }

// ByRole locates by ARIA role and accessible name. An empty name with exact
// false leaves the name out.
func ByRole(role, name string, exact bool) Locator {
	return one(Part{Kind: KindRole, Role: role, Text: name, Exact: exact})
}

// ByTestID locates by the data-testid attribute.
func ByTestID(id string) Locator { return one(Part{Kind: KindTestID, Text: id}) }

// ByTestIDAttr locates by a custom test id attribute. The generated code is
// the same getByTestId call as for data-testid, so a test that replays it
// must set testIdAttribute (selectors.setTestIdAttribute) to attr.
func ByTestIDAttr(attr, id string) Locator {
	if attr == DefaultTestIDAttr {
		attr = ""
	}
	return one(Part{Kind: KindTestID, Text: id, Attr: attr})
}

// ByLabel locates a control by the text of its label.
func ByLabel(text string, exact bool) Locator {
	return one(Part{Kind: KindLabel, Text: text, Exact: exact})
}

// ByPlaceholder locates an input by its placeholder.
func ByPlaceholder(text string, exact bool) Locator {
	return one(Part{Kind: KindPlaceholder, Text: text, Exact: exact})
}

// ByAltText locates an element by its alt text.
func ByAltText(text string, exact bool) Locator {
	return one(Part{Kind: KindAlt, Text: text, Exact: exact})
}

// ByTitle locates an element by its title attribute.
func ByTitle(text string, exact bool) Locator {
	return one(Part{Kind: KindTitle, Text: text, Exact: exact})
}

// ByText locates an element by its text content.
func ByText(text string, exact bool) Locator {
	return one(Part{Kind: KindText, Text: text, Exact: exact})
}

// ByCSS locates by a CSS selector.
func ByCSS(css string) Locator { return one(Part{Kind: KindCSS, CSS: css}) }

// ByXPath is locator('xpath=...').
func ByXPath(xpath string) Locator { return one(Part{Kind: KindXPath, XPath: xpath}) }

// Within returns l scoped inside parent: parent's parts, then l's.
func (l Locator) Within(parent Locator) Locator {
	parts := make([]Part, 0, len(parent.Parts)+len(l.Parts))
	parts = append(parts, parent.Parts...)
	parts = append(parts, l.Parts...)
	return Locator{Parts: parts}
}

// Nth returns l narrowed to its i-th match; 0 is the first, -1 the last.
func (l Locator) Nth(i int) Locator {
	return l.then(Part{Kind: KindNth, Nth: i})
}

// Counted returns what a count assertion about l's element counts: the
// elements like it. That is l without a trailing nth (the matches it
// picks from), or without trailing filters (getByRole('listitem') of
// getByRole('listitem').filter({ hasText: 'Ada' })); else, for l scoped
// inside a parent, its last part alone, inside l's frames (the second
// card's button getByRole('button', { name: 'Add to cart' }) counts every
// such button); else l itself.
func (l Locator) Counted() Locator {
	n := len(l.Parts)
	frames := 0
	for frames < n && l.Parts[frames].Kind == KindFrame {
		frames++
	}
	switch {
	case n-frames > 1 && l.Parts[n-1].Kind == KindNth:
		return Locator{Parts: l.Parts[:n-1]}
	case n-frames > 1 && l.Parts[n-1].Kind == KindFilter:
		end := n - 1
		for end-1 > frames && l.Parts[end-1].Kind == KindFilter {
			end--
		}
		return Locator{Parts: l.Parts[:end]}
	case n-frames > 1 && l.Parts[n-1].Kind != KindParent:
		return Locator{Parts: append(slices.Clone(l.Parts[:frames]), l.Parts[n-1])}
	}
	return l
}

// Filter returns l narrowed to the matches whose text content holds
// hasText, in any case and with whitespace normalized: Playwright's
// locator.filter({ hasText }). Unlike Within it selects no new elements,
// so the result still finds what l finds.
func (l Locator) Filter(hasText string) Locator {
	return l.then(Part{Kind: KindFilter, Text: hasText})
}

// Parent returns the parent elements of l's matches (Playwright's
// locator('..')): getByText('Linen notebook').Parent() is the card that
// holds the title, to look inside.
func (l Locator) Parent() Locator {
	return l.then(Part{Kind: KindParent})
}

// InFrame returns l looked up inside the iframe that frameCSS selects.
// Calls nest outwards: l.InFrame(inner).InFrame(outer).
func (l Locator) InFrame(frameCSS string) Locator {
	return l.Within(one(Part{Kind: KindFrame, CSS: frameCSS}))
}

// WithState returns l with the getByRole filters s set on its last part,
// which must be a role part (Validate reports it otherwise).
func (l Locator) WithState(s RoleState) Locator {
	if len(l.Parts) == 0 {
		return l
	}
	parts := append([]Part(nil), l.Parts...)
	parts[len(parts)-1].RoleState = s
	return Locator{Parts: parts}
}

func (l Locator) then(p Part) Locator {
	parts := make([]Part, 0, len(l.Parts)+1)
	parts = append(parts, l.Parts...)
	return Locator{Parts: append(parts, p)}
}

// IsZero reports whether l has no parts.
func (l Locator) IsZero() bool { return len(l.Parts) == 0 }

// Target returns the last part that selects elements, skipping trailing nth
// and filter parts: the part that says what the element is. It returns the
// zero Part for a locator without one.
func (l Locator) Target() Part {
	for i := len(l.Parts) - 1; i >= 0; i-- {
		if k := l.Parts[i].Kind; k != KindNth && k != KindFrame && k != KindFilter && k != KindParent {
			return l.Parts[i]
		}
	}
	return Part{}
}

// Equal reports whether l and m are the same chain.
func (l Locator) Equal(m Locator) bool {
	if len(l.Parts) != len(m.Parts) {
		return false
	}
	for i := range l.Parts {
		if l.Parts[i] != m.Parts[i] {
			return false
		}
	}
	return true
}

// String returns Playwright's internal selector, as Internal does.
func (l Locator) String() string { return l.Internal() }

// ErrInvalidLocator is wrapped by the errors Validate returns.
var ErrInvalidLocator = errors.New("invalid locator")

// Validate reports whether l can be emitted as a selector Playwright
// parses back to the same chain.
func (l Locator) Validate() error {
	bad := func(i int, format string, args ...any) error {
		return fmt.Errorf("%w: part %d: %s", ErrInvalidLocator, i, fmt.Sprintf(format, args...))
	}
	if len(l.Parts) == 0 {
		return fmt.Errorf("%w: no parts", ErrInvalidLocator)
	}
	for i, p := range l.Parts {
		if p.Kind != KindRole && p.RoleState != (RoleState{}) {
			return bad(i, "role filters on a %s part", p.Kind)
		}
		switch p.Kind {
		case KindRole:
			if !isRoleName(p.Role) {
				return bad(i, "role %q is not a role name", p.Role)
			}
			if err := p.RoleState.validate(); err != nil {
				return bad(i, "%v", err)
			}
		case KindTestID, KindLabel, KindPlaceholder, KindAlt, KindTitle, KindText:
		case KindCSS, KindFrame:
			if err := checkCSS(p.CSS); err != nil {
				return bad(i, "%v", err)
			}
		case KindXPath:
			if strings.TrimSpace(p.XPath) == "" || strings.Contains(p.XPath, ">>") {
				return bad(i, "XPath %q is empty or contains >>", p.XPath)
			}
		case KindNth:
			if i == 0 || l.Parts[i-1].Kind == KindFrame {
				return bad(i, "nth must follow a part that selects elements")
			}
		case KindFilter:
			if i == 0 || l.Parts[i-1].Kind == KindFrame {
				return bad(i, "filter must follow a part that selects elements")
			}
			if p.Exact {
				return bad(i, "filter text cannot be exact (Playwright's filter({ hasText }) matches a substring in any case)")
			}
		case KindParent:
			if i == 0 || l.Parts[i-1].Kind == KindFrame {
				return bad(i, "a parent step must follow a part that selects elements")
			}
		default:
			return bad(i, "unknown kind %q", p.Kind)
		}
	}
	if l.Parts[len(l.Parts)-1].Kind == KindFrame {
		return fmt.Errorf("%w: ends inside a frame with nothing to select", ErrInvalidLocator)
	}
	return nil
}

// engineName matches the "name=" prefix by which Playwright picks a
// selector engine other than CSS.
var engineName = regexp.MustCompile(`^[a-zA-Z_0-9+:*-]+=`)

// checkCSS rejects CSS that Playwright would not read as one CSS part:
// a " >> " would split it, and a leading quote, // or engine= prefix would
// send it to another engine.
func checkCSS(css string) error {
	css = strings.TrimSpace(css)
	switch {
	case css == "":
		return errors.New("empty CSS selector")
	case strings.Contains(css, ">>"):
		return fmt.Errorf("CSS %q contains >>, which chains selectors", css)
	case strings.HasPrefix(css, `"`), strings.HasPrefix(css, "'"),
		strings.HasPrefix(css, "//"), strings.HasPrefix(css, ".."), strings.HasPrefix(css, "(//"),
		engineName.MatchString(css):
		return fmt.Errorf("%q is not CSS as Playwright reads it", css)
	}
	return nil
}

func isRoleName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return true
}

func (s RoleState) validate() error {
	for _, f := range []struct {
		name, value string
		mixed       bool
	}{
		{"checked", s.Checked, true},
		{"disabled", s.Disabled, false},
		{"selected", s.Selected, false},
		{"expanded", s.Expanded, false},
		{"pressed", s.Pressed, true},
	} {
		switch f.value {
		case "", "true", "false":
		case "mixed":
			if !f.mixed {
				return fmt.Errorf("%s cannot be mixed", f.name)
			}
		default:
			return fmt.Errorf("%s is %q, want true, false or empty", f.name, f.value)
		}
	}
	if s.Level < 0 {
		return fmt.Errorf("level %d is negative", s.Level)
	}
	return nil
}

// Lang is a target language of the code emitter, named as Playwright's
// code generator names it.
type Lang string

// The languages Code emits.
const (
	JavaScript Lang = "javascript" // also TypeScript: the locator code is the same
	Python     Lang = "python"
	Java       Lang = "java"
	CSharp     Lang = "csharp"
)

// Langs returns the languages Code emits, in menu order.
func Langs() []Lang { return []Lang{JavaScript, Python, Java, CSharp} }

// ParseLang reads a language name as users type it: js, javascript, ts,
// typescript, python, py, java, csharp, cs or c#, in any case.
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "js", "javascript", "ts", "typescript", "node":
		return JavaScript, nil
	case "python", "py":
		return Python, nil
	case "java":
		return Java, nil
	case "csharp", "cs", "c#", ".net", "dotnet":
		return CSharp, nil
	}
	return "", fmt.Errorf("unknown language %q: want javascript, python, java or csharp", s)
}
