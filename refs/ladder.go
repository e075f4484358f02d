package refs

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"
)

// This file chooses a locator for an element. The work is split so that
// this package stays pure:
//
//  1. The page reports Facts about the element; Propose turns them into
//     Candidates, one per rung of the ladder (non-exact and exact forms).
//  2. The page counts each candidate's matches into Candidate.Matches.
//  3. Choose ranks them and marks the best one that matches exactly one
//     element.
//  4. If none does, the caller finds a unique locator for an ancestor,
//     recounts Scoped(ancestor, candidates), and calls Choose again; as a
//     last resort it uses WithNth.

// Rung is a step of the locator ladder.
type Rung string

// The rungs, from most to least preferred.
const (
	RungTestID      Rung = "testid"
	RungRole        Rung = "role"
	RungLabel       Rung = "label"
	RungPlaceholder Rung = "placeholder"
	RungAlt         Rung = "alt"
	RungTitle       Rung = "title"
	RungText        Rung = "text"
	RungCSS         Rung = "css"
)

// Rungs returns the rungs from most to least preferred.
func Rungs() []Rung {
	return []Rung{RungTestID, RungRole, RungLabel, RungPlaceholder, RungAlt, RungTitle, RungText, RungCSS}
}

func (r Rung) rank() int {
	if i := slices.Index(Rungs(), r); i >= 0 {
		return i
	}
	return len(Rungs())
}

// RungOf returns the rung of l's target part, or "" if it has none.
func RungOf(l Locator) Rung {
	switch k := l.Target().Kind; k {
	case KindTestID, KindRole, KindLabel, KindPlaceholder, KindAlt, KindTitle, KindText, KindCSS:
		return Rung(k)
	}
	return ""
}

// Candidate is one locator proposed for an element, with the number of
// elements it matched on the page when it was counted.
type Candidate struct {
	Rung    Rung    `json:"rung"`
	Locator Locator `json:"locator"`
	Matches int     `json:"matches"`
	Flags   []Flag  `json:"flags,omitempty"`
	Chosen  bool    `json:"chosen,omitempty"`
}

// Unique reports whether c matched exactly one element, the only case in
// which it can be used.
func (c Candidate) Unique() bool { return c.Matches == 1 }

// Element is the tag and attributes of one element, as the page reports
// them. Attribute values are as written in the document (an href is not
// resolved), since CSS attribute selectors match those.
type Element struct {
	Tag   string            `json:"tag"`
	Attrs map[string]string `json:"attrs,omitempty"`
}

// Facts is what the page knows about an element that the ladder needs.
type Facts struct {
	Element
	Role  string `json:"role,omitempty"`  // computed ARIA role
	Name  string `json:"name,omitempty"`  // accessible name
	Label string `json:"label,omitempty"` // text of its label, for controls
	Text  string `json:"text,omitempty"`  // text content
	// TestIDAttr is the test id attribute in use; "" is data-testid.
	TestIDAttr string `json:"testIdAttr,omitempty"`
	// Ancestors are the element's ancestors, nearest first.
	Ancestors []Element `json:"ancestors,omitempty"`
}

// maxTextRunes is the longest text Propose will match by; longer text is
// left to other rungs.
const maxTextRunes = 80

// Roles that do not identify an element by themselves.
var vagueRoles = []string{"generic", "none", "presentation", "text", "paragraph", "group"}

// Propose returns the candidates for an element in ladder order, with
// Matches not yet counted. Each text-matching rung comes in its default
// (case-insensitive substring) form, then its exact form.
func Propose(f Facts) []Candidate {
	var out []Candidate
	add := func(r Rung, l Locator) { out = append(out, Candidate{Rung: r, Locator: l}) }
	both := func(r Rung, text string, by func(string, bool) Locator) {
		if text = normalizeSpace(text); text != "" {
			add(r, by(text, false))
			add(r, by(text, true))
		}
	}
	attr := f.TestIDAttr
	if attr == "" {
		attr = DefaultTestIDAttr
	}
	if id := f.Attrs[attr]; id != "" {
		add(RungTestID, ByTestIDAttr(attr, id))
	}
	if f.Role != "" && !slices.Contains(vagueRoles, f.Role) {
		if name := normalizeSpace(f.Name); name != "" {
			add(RungRole, ByRole(f.Role, name, false))
			add(RungRole, ByRole(f.Role, name, true))
		} else {
			add(RungRole, ByRole(f.Role, "", false))
		}
	}
	both(RungLabel, f.Label, ByLabel)
	both(RungPlaceholder, f.Attrs["placeholder"], ByPlaceholder)
	both(RungAlt, f.Attrs["alt"], ByAltText)
	both(RungTitle, f.Attrs["title"], ByTitle)
	if t := normalizeSpace(f.Text); utf8.RuneCountInString(t) <= maxTextRunes {
		both(RungText, t, ByText)
	}
	for _, css := range CSSCandidates(f) {
		add(RungCSS, ByCSS(css))
	}
	return out
}

// normalizeSpace trims and collapses whitespace, as Playwright does before
// matching text.
func normalizeSpace(s string) string {
	s = strings.ReplaceAll(s, "\u200b", "")
	s = strings.ReplaceAll(s, "\u00ad", "")
	return strings.Join(strings.Fields(s), " ")
}

// Scoped returns copies of cands looked up inside parent, which should
// match one element, with Matches reset for recounting.
func Scoped(parent Locator, cands []Candidate) []Candidate {
	out := make([]Candidate, 0, len(cands))
	for _, c := range cands {
		out = append(out, Candidate{Rung: c.Rung, Locator: c.Locator.Within(parent)})
	}
	return out
}

// WithNth returns c narrowed to its i-th match (0 first, -1 last), flagged
// position, with Matches reset for recounting.
func WithNth(c Candidate, i int) Candidate {
	return Candidate{
		Rung:    c.Rung,
		Locator: c.Locator.Nth(i),
		Flags:   orderFlags(append(slices.Clone(c.Flags), FlagPosition)),
	}
}

// form orders how a candidate reaches its element: alone, inside a unique
// ancestor, or by position.
func form(l Locator) int {
	selecting := 0
	for _, p := range l.Parts {
		switch p.Kind {
		case KindNth:
			return 2
		case KindFrame:
		default:
			selecting++
		}
	}
	if selecting > 1 {
		return 1
	}
	return 0
}

// Choose ranks cands and returns the best unique one, marked Chosen, with
// every candidate in rank order, each keeping its match count and with its
// durability flags filled in. Ranking: unique candidates first, then
// ambiguous ones, then those matching nothing; then standalone before scoped before positional; then ladder rung; then the
// default form before exact; then fewer flags; then the shorter selector.
// If no candidate is unique, best is the zero Candidate.
func Choose(cands []Candidate) (best Candidate, all []Candidate) {
	all = make([]Candidate, len(cands))
	for i, c := range cands {
		if c.Rung == "" {
			c.Rung = RungOf(c.Locator)
		}
		c.Flags = orderFlags(append(slices.Clone(c.Flags), Durability(c.Locator)...))
		c.Chosen = false
		all[i] = c
	}
	slices.SortStableFunc(all, compareCandidates)
	if len(all) == 0 || !all[0].Unique() {
		return Candidate{}, all
	}
	all[0].Chosen = true
	return all[0], all
}

func compareCandidates(a, b Candidate) int {
	return cmp.Or(
		cmp.Compare(usability(a), usability(b)),
		cmp.Compare(form(a.Locator), form(b.Locator)),
		cmp.Compare(a.Rung.rank(), b.Rung.rank()),
		cmp.Compare(boolRank(a.Locator.Target().Exact), boolRank(b.Locator.Target().Exact)),
		cmp.Compare(len(a.Flags), len(b.Flags)),
		cmp.Compare(len(a.Locator.Internal()), len(b.Locator.Internal())),
	)
}

// usability orders unique candidates first, then ambiguous ones (which
// scoping or nth can still rescue), then those that matched nothing.
func usability(c Candidate) int {
	switch {
	case c.Matches == 1:
		return 0
	case c.Matches > 1:
		return 1
	}
	return 2
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Classes that describe a passing state rather than what an element is.
var stateClasses = []string{"active", "focus", "focused", "hover", "selected", "open", "opened",
	"closed", "disabled", "checked", "show", "shown", "hidden", "visible", "in", "collapsed", "expanded"}

// Attributes that teams use as test hooks besides the configured one.
var testAttrs = []string{"data-testid", "data-test-id", "data-test", "data-qa", "data-cy", "data-e2e"}

// CSSCandidates proposes CSS selectors for the element, most durable
// first: its id unless generated, test hook attributes, tag[name],
// tag[aria-label], a[href], tag[type], stable classes, then the element
// inside its nearest ancestors with a stable id or test hook, and last
// selectors built from generated ids or classes, and the bare tag. Which
// ones are unique is for the page to count.
func CSSCandidates(f Facts) []string {
	var out, late []string
	add := func(s string) {
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	tag := CSSEscape(strings.ToLower(f.Tag))
	attrSel := func(name string) string {
		if v := f.Attrs[name]; v != "" {
			return tag + "[" + name + "=" + CSSQuote(v) + "]"
		}
		return ""
	}

	if id := f.Attrs["id"]; id != "" {
		if LooksGenerated(id) {
			late = append(late, "#"+CSSEscape(id))
		} else {
			add("#" + CSSEscape(id))
		}
	}
	for _, a := range testAttrs {
		if a != f.TestIDAttr && !(f.TestIDAttr == "" && a == DefaultTestIDAttr) {
			if v := f.Attrs[a]; v != "" {
				add("[" + a + "=" + CSSQuote(v) + "]")
			}
		}
	}
	// own is the element's best description short of an id, used again
	// below to scope it inside an ancestor.
	var own []string
	for _, a := range []string{"name", "aria-label"} {
		own = append(own, attrSel(a))
	}
	if tag == "a" {
		if h := f.Attrs["href"]; h != "" && h != "#" && !strings.HasPrefix(strings.ToLower(h), "javascript:") {
			own = append(own, attrSel("href"))
		}
	}
	own = append(own, attrSel("type"))
	stable, generated := splitClasses(f.Attrs["class"])
	for _, c := range stable {
		own = append(own, tag+"."+CSSEscape(c))
	}
	if len(stable) >= 2 {
		own = append(own, tag+"."+CSSEscape(stable[0])+"."+CSSEscape(stable[1]))
	}
	for _, s := range own {
		add(s)
	}

	inner := tag
	for _, s := range own {
		if s != "" {
			inner = s
			break
		}
	}
	anchors := 0
	for _, a := range f.Ancestors {
		if anchors == 2 {
			break
		}
		if s := anchorSelector(a, f.TestIDAttr); s != "" && inner != "" {
			add(s + " " + inner)
			anchors++
		}
	}
	for _, c := range generated {
		late = append(late, tag+"."+CSSEscape(c))
	}
	for _, s := range late {
		add(s)
	}
	add(tag)
	return out
}

// splitClasses splits a class attribute into stable classes and ones that
// look generated, dropping state classes (active, is-open, ...).
func splitClasses(attr string) (stable, generated []string) {
	for _, c := range strings.Fields(attr) {
		lc := strings.ToLower(c)
		switch {
		case slices.Contains(stateClasses, lc), strings.HasPrefix(lc, "is-"), strings.HasPrefix(lc, "has-"):
		case LooksGenerated(c):
			generated = append(generated, c)
		case !slices.Contains(stable, c):
			stable = append(stable, c)
		}
	}
	return stable, generated
}

// anchorSelector returns a selector for an ancestor that is likely unique
// and stable: its id or a test hook attribute, or "".
func anchorSelector(a Element, testIDAttr string) string {
	if id := a.Attrs["id"]; id != "" && !LooksGenerated(id) {
		return "#" + CSSEscape(id)
	}
	if testIDAttr == "" {
		testIDAttr = DefaultTestIDAttr
	}
	for _, name := range append([]string{testIDAttr}, testAttrs...) {
		if v := a.Attrs[name]; v != "" && !LooksGenerated(v) {
			return "[" + name + "=" + CSSQuote(v) + "]"
		}
	}
	return ""
}
