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

var rungRanks = func() map[Rung]int {
	m := map[Rung]int{}
	for i, r := range Rungs() {
		m[r] = i
	}
	return m
}()

func (r Rung) rank() int {
	if i, ok := rungRanks[r]; ok {
		return i
	}
	return len(rungRanks)
}

// RungOf returns the rung of l's target part, or "" if it has none. A
// role without a name narrowed by a text filter
// (getByRole('article').filter({ hasText: 'Blue mug' })) is found by its
// text, the role only narrowing it: it stands on the text rung, so that a
// plain getByText of the same element reads first.
func RungOf(l Locator) Rung {
	t := l.Target()
	if t.Kind == KindRole && !hasName(t) && filtered(l) {
		return RungText
	}
	switch k := t.Kind; k {
	case KindTestID, KindRole, KindLabel, KindPlaceholder, KindAlt, KindTitle, KindText, KindCSS:
		return Rung(k)
	}
	return ""
}

// filtered reports whether a filter follows l's target part.
func filtered(l Locator) bool {
	for i := len(l.Parts) - 1; i >= 0; i-- {
		switch l.Parts[i].Kind {
		case KindFilter:
			return true
		case KindNth, KindFrame:
		default:
			return false
		}
	}
	return false
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
	// Distinct is, for a container (row, card, list item, landmark), its
	// most distinguishing short text: a heading's or a cell's, chosen by
	// the page to tell it apart from the others of its kind, clean of
	// digits where another text would do. Propose filters by it.
	Distinct string `json:"distinct,omitempty"`
	// ShortName, ShortLabel and ShortText are the name's, label's and
	// text's short forms, found by the page: the shortest word-boundary
	// prefix of a long text that still matches the element alone, the part
	// before the words holding digits tried first (see Shortened). ""
	// when the whole text is best.
	ShortName  string `json:"shortName,omitempty"`
	ShortLabel string `json:"shortLabel,omitempty"`
	ShortText  string `json:"shortText,omitempty"`
}

// maxTextRunes is the longest text Propose will match by; longer text is
// left to other rungs.
const maxTextRunes = 80

// Roles whose accessible name comes from their content (unless an
// aria-label says otherwise), as Playwright computes it.
var namedFromContent = []string{"button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link",
	"menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio", "row", "rowheader", "switch", "tab",
	"tooltip", "treeitem"}

// Roles that do not identify an element by themselves.
var vagueRoles = []string{"generic", "none", "presentation", "text", "paragraph", "group"}

// Propose returns the candidates for an element in ladder order, with
// Matches not yet counted. Each text-matching rung comes in its default
// (case-insensitive substring) form, then its exact form. A container
// with a Distinct text also gets its role, and its tag, filtered by it.
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
	if name := normalizeSpace(f.Name); f.Role != "" && (!slices.Contains(vagueRoles, f.Role) || (f.Role == "group" && name != "")) {
		// A group says nothing alone, but a named one (a fieldset and its
		// legend) is a container known by its name.
		if name != "" {
			add(RungRole, ByRole(f.Role, name, false))
			add(RungRole, ByRole(f.Role, name, true))
			if short := normalizeSpace(f.ShortName); short != "" && short != name {
				add(RungRole, ByRole(f.Role, short, false))
			}
		} else {
			add(RungRole, ByRole(f.Role, "", false))
		}
	}
	distinct := normalizeSpace(f.Distinct)
	if distinct != "" && f.Role != "" && !slices.Contains(vagueRoles, f.Role) {
		// A name computed from content holds the text: the short name
		// reads best (getByRole('row', { name: 'Ada Lovelace' })).
		name := normalizeSpace(f.Name)
		if slices.Contains(namedFromContent, f.Role) && name != distinct &&
			strings.Contains(strings.ToLower(name), strings.ToLower(distinct)) {
			add(RungRole, ByRole(f.Role, distinct, false))
		}
		l := ByRole(f.Role, "", false).Filter(distinct)
		add(RungOf(l), l)
	}
	both(RungLabel, f.Label, ByLabel)
	if short := normalizeSpace(f.ShortLabel); short != "" && short != normalizeSpace(f.Label) {
		add(RungLabel, ByLabel(short, false))
	}
	both(RungPlaceholder, f.Attrs["placeholder"], ByPlaceholder)
	both(RungAlt, f.Attrs["alt"], ByAltText)
	both(RungTitle, f.Attrs["title"], ByTitle)
	// A container with a distinguishing text is not matched by its whole
	// text, which changes with anything inside it, unless that is all it
	// holds.
	if t := normalizeSpace(f.Text); utf8.RuneCountInString(t) <= maxTextRunes && (distinct == "" || t == distinct) {
		both(RungText, t, ByText)
	}
	if short := normalizeSpace(f.ShortText); short != "" && short != normalizeSpace(f.Text) && distinct == "" {
		add(RungText, ByText(short, false))
	}
	for _, css := range CSSCandidates(f) {
		add(RungCSS, ByCSS(css))
	}
	if distinct != "" {
		for _, css := range FilterBases(f) {
			add(RungCSS, ByCSS(css).Filter(distinct))
		}
	}
	return out
}

// FilterBases returns the CSS an element's text filter narrows: its tag,
// and its tag with its first stable class (locator('li.card').filter(...)).
func FilterBases(f Facts) []string {
	tag := CSSEscape(strings.ToLower(f.Tag))
	out := []string{tag}
	if stable, _ := splitClasses(f.Attrs["class"]); len(stable) > 0 {
		out = append(out, tag+"."+CSSEscape(stable[0]))
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
// ancestor, or by position. A CSS selector that steps down from an
// ancestor ("#cart button") is a scoped form written in CSS; filters
// narrow a part without stepping anywhere.
func form(l Locator) int {
	selecting := 0
	for _, p := range l.Parts {
		switch p.Kind {
		case KindNth:
			return 2
		case KindFrame, KindFilter, KindParent:
		case KindCSS:
			selecting++
			if cssDescends(p.CSS) {
				selecting++
			}
		default:
			selecting++
		}
	}
	if selecting > 1 {
		return 1
	}
	return 0
}

// Flag weights for Risk: a mild flag weighs 1, a severe one 2.
var flagWeights = map[Flag]int{
	FlagDigits:         1,
	FlagLongText:       1,
	FlagGeneratedID:    2,
	FlagGeneratedClass: 2,
	FlagPosition:       2,
}

// fragileRisk is the Risk from which a candidate counts as fragile: one
// severe flag, or two mild ones (long text holding a price).
const fragileRisk = 2

// Risk weighs a candidate's durability flags: 1 for each mild one
// (digits, long text) and for flags it does not know, 2 for each severe
// one (position, generated id or class).
func Risk(flags []Flag) int {
	r := 0
	for _, f := range flags {
		if w, ok := flagWeights[f]; ok {
			r += w
		} else {
			r++
		}
	}
	return r
}

// Fragile reports whether c's flags weigh fragileRisk or more: Choose
// ranks such a candidate below every sturdy one, and a caller holding a
// fragile best should look for a better one inside a container.
func Fragile(c Candidate) bool { return Risk(c.Flags) >= fragileRisk }

// Improvable reports whether a container may give a better locator than
// c: c is not unique, is fragile, or is one CSS selector that steps down
// from an ancestor, where the ancestor's role or test id would read
// better. A locator already scoped in a chain is not: its container was
// the nearest one that worked.
func Improvable(c Candidate) bool {
	return !c.Unique() || Fragile(c) || cssScoped(c.Locator)
}

// cssScoped reports whether l's only selecting part is CSS that steps down
// from an ancestor.
func cssScoped(l Locator) bool {
	selecting := 0
	for _, p := range l.Parts {
		switch p.Kind {
		case KindNth, KindFrame, KindFilter, KindParent:
		default:
			selecting++
		}
	}
	t := l.Target()
	return selecting == 1 && t.Kind == KindCSS && cssDescends(t.CSS)
}

// Choose ranks cands and returns the best unique one, marked Chosen, with
// every candidate in rank order, each keeping its match count and with its
// durability flags filled in. If no candidate is unique, best is the zero
// Candidate. The ranking, key by key:
//
//  1. unique, then ambiguous, then matching nothing;
//  2. sturdy before fragile (Risk of 2 or more: one severe flag such as
//     position or a generated id, or two mild ones such as long text with
//     digits), whatever the rung or form, so that a clean scoped locator
//     beats a long price-bearing text or a generated id;
//  3. standalone, then scoped, then positional;
//  4. ladder rung (test id, role, label, placeholder, alt, title, text,
//     CSS): one mild flag does not outweigh the ladder;
//  5. the default form before exact;
//  6. lower Risk, then fewer flags;
//  7. the shorter selector.
//
// Then a unique role + name candidate with mild flags only goes before a
// CSS best that is not on a test hook attribute (see promoteRole).
func Choose(cands []Candidate) (best Candidate, all []Candidate) {
	keyed := make([]rankKey, len(cands))
	for i, c := range cands {
		if c.Rung == "" {
			c.Rung = RungOf(c.Locator)
		}
		c.Flags = orderFlags(append(slices.Clone(c.Flags), Durability(c.Locator)...))
		c.Chosen = false
		keyed[i] = keyOf(c)
	}
	slices.SortStableFunc(keyed, compareKeys)
	all = make([]Candidate, len(keyed))
	for i, k := range keyed {
		all[i] = k.c
	}
	if len(all) == 0 || !all[0].Unique() {
		return Candidate{}, all
	}
	promoteRole(all)
	all[0].Chosen = true
	return all[0], all
}

// promoteRole moves to the front a unique role + name candidate that lost
// to CSS only because of mild flags (a long name holding a digit):
// getByRole('button', { name: 'Skip To Content, shortcut Alt + 0' }) reads
// better and lasts longer than locator('#id-skip-to-button'). A CSS
// selector on a test hook attribute ([data-qa="skip"]) keeps its place,
// and so does one a positional role locator, or one scoped where the CSS
// is not, lost to.
func promoteRole(all []Candidate) {
	if all[0].Rung != RungCSS || testHookCSS(all[0].Locator) {
		return
	}
	for i, c := range all {
		if !c.Unique() {
			break
		}
		if c.Rung != RungRole || !hasName(c.Locator.Target()) || form(c.Locator) > form(all[0].Locator) || !onlyMild(c.Flags) {
			continue
		}
		copy(all[1:i+1], all[:i])
		all[0] = c
		return
	}
}

// onlyMild reports whether flags holds no severe flag.
func onlyMild(flags []Flag) bool {
	for _, f := range flags {
		if w, ok := flagWeights[f]; ok && w > 1 {
			return false
		}
	}
	return true
}

// testHookCSS reports whether l is one CSS selector on a test hook
// attribute, [data-qa="..."] and the like.
func testHookCSS(l Locator) bool {
	if len(l.Parts) != 1 || l.Parts[0].Kind != KindCSS {
		return false
	}
	css := strings.TrimSpace(l.Parts[0].CSS)
	for _, a := range testAttrs {
		if strings.HasPrefix(css, "["+a+"=") && strings.HasSuffix(css, "]") && !strings.Contains(css, " ") {
			return true
		}
	}
	return false
}

// rankKey holds a candidate with its ranking keys, computed once.
type rankKey struct {
	c                        Candidate
	usability, fragile, form int
	rung, exact, risk, flags int
	length                   int
}

func keyOf(c Candidate) rankKey {
	risk := Risk(c.Flags)
	return rankKey{
		c:         c,
		usability: usability(c),
		fragile:   boolRank(risk >= fragileRisk),
		form:      form(c.Locator),
		rung:      c.Rung.rank(),
		exact:     boolRank(c.Locator.Target().Exact),
		risk:      risk,
		flags:     len(c.Flags),
		length:    len(c.Locator.Internal()),
	}
}

func compareKeys(a, b rankKey) int {
	return cmp.Or(
		cmp.Compare(a.usability, b.usability),
		cmp.Compare(a.fragile, b.fragile),
		cmp.Compare(a.form, b.form),
		cmp.Compare(a.rung, b.rung),
		cmp.Compare(a.exact, b.exact),
		cmp.Compare(a.risk, b.risk),
		cmp.Compare(a.flags, b.flags),
		cmp.Compare(a.length, b.length),
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
