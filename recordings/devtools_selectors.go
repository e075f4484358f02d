package recordings

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file translates between Ariadne's locators and DevTools Recorder
// selectors, both ways.

// devtoolsSelectors turns a target's locators into DevTools selectors, in
// the order Chrome's Recorder writes them: ARIA, CSS, text, then pierce.
// Only locators that select the same element in both engines are used:
// scoped or nth locators become CSS only when every part is CSS-like.
func devtoolsSelectors(t Target, attr string) []devtoolsSelector {
	// Puppeteer races the selectors: one that picks the element by
	// position would win on a page whose order changed, so those go when
	// there is another way.
	cands := rankLocators(t.Candidates())
	if fixed := slices.DeleteFunc(slices.Clone(cands), positional); len(fixed) > 0 {
		cands = fixed
	}
	if id := t.Identity; id != nil && id.Role == "" && id.Name != "" {
		// An imported aria/NAME: its reading as a label, each role and
		// text is what aria/NAME says. Raced beside it, the text or label
		// reading would win on the label of a <select> and act there.
		cands = slices.DeleteFunc(cands, func(l refs.Locator) bool { return ariaReading(l, id.Name) })
	}
	var out []devtoolsSelector
	seen := map[string]bool{}
	addList := func(sel ...string) {
		key := strings.Join(sel, "\x00")
		if key != "" && !seen[key] {
			seen[key] = true
			out = append(out, devtoolsSelector(sel))
		}
	}
	add := func(sel string) { addList(sel) }
	// A chain of CSS parts is a shadow-piercing list, as DevTools writes
	// it (["custom-element", "button"]): each looked up inside the last.
	cssChain := func(l refs.Locator) bool {
		return len(l.Parts) > 1 && !slices.ContainsFunc(l.Parts, func(p refs.Part) bool { return p.Kind != refs.KindCSS })
	}
	for _, l := range cands {
		if cssChain(l) {
			var list []string
			for _, p := range l.Parts {
				list = append(list, strings.TrimSpace(p.CSS))
			}
			addList(list...)
		}
	}
	// An element recorded by its accessible name alone (an imported
	// aria/NAME): the same selector.
	if id := t.Identity; id != nil && id.Role == "" && id.Name != "" {
		add("aria/" + pEscape(id.Name))
	}
	// Puppeteer matches the whole accessible name. A unique role locator
	// that matches part of a name is unique by its whole name too, which
	// the target recorded.
	for _, l := range cands {
		if len(l.Parts) != 1 || l.Parts[0].Kind != refs.KindRole || l.Parts[0].RoleState != (refs.RoleState{}) {
			continue
		}
		p := l.Parts[0]
		switch {
		case p.Text != "" && t.Role == p.Role && t.Name != "":
			add(ariaSelector(t.Name, p.Role))
		case p.Exact || p.Text == "":
			add(ariaSelector(p.Text, p.Role))
		}
	}
	// A unique label is the accessible name of a control, which is then
	// unique with its role too; so is a recorded identity that needs no
	// container.
	if len(t.Locator.Parts) == 1 && t.Locator.Parts[0].Kind == refs.KindLabel && t.Role != "" && t.Name != "" {
		add(ariaSelector(t.Name, t.Role))
	}
	if id := t.Identity; id != nil && id.Name != "" && id.Within == "" && isAriaRole(id.Role) {
		add(ariaSelector(id.Name, id.Role))
	}
	var singles []string
	for _, l := range cands {
		if cssChain(l) {
			continue // written as a list above
		}
		if css, ok := cssOf(l, attr); ok {
			add(css)
			if len(l.Parts) == 1 {
				singles = append(singles, css)
			}
		}
	}
	for _, l := range cands {
		if len(l.Parts) == 1 && l.Parts[0].Kind == refs.KindText && l.Parts[0].Text != "" {
			add("text/" + pEscape(l.Parts[0].Text))
		}
	}
	// XPath says what the other selectors cannot: a recorded XPath, and
	// chains (scoped, filtered, nth) that Puppeteer cannot scope.
	for _, l := range cands {
		if (len(l.Parts) == 1 && l.Parts[0].Kind != refs.KindXPath) || cssChain(l) {
			continue
		}
		if xp, ok := xpathOf(l, attr); ok {
			add("xpath/" + xp)
		}
	}
	for _, css := range singles {
		add("pierce/" + css)
	}
	// Never nothing: the recorded role and name (Puppeteer takes the
	// first match of an ARIA selector), else the element's text.
	if len(out) == 0 && t.Role != "" && t.Name != "" && isAriaRole(t.Role) {
		add(ariaSelector(t.Name, t.Role))
	}
	if len(out) == 0 && t.Name != "" {
		add("text/" + pEscape(t.Name))
	}
	return out
}

// isAriaRole reports whether Puppeteer's ARIA selector can name role.
func isAriaRole(role string) bool {
	return role != "" && role != "generic" && role != "none" && role != "presentation" && role != "text"
}

// ariaSelector is Puppeteer's ARIA selector for an accessible name and role.
func ariaSelector(name, role string) string {
	return "aria/" + pEscape(name) + `[role="` + role + `"]`
}

// pEscape escapes the backslashes of the text of an aria/ or text/
// selector. @puppeteer/replay turns them into Puppeteer's ::-p-aria() and
// ::-p-text(), whose argument is read as CSS, where a backslash starts an
// escape (and "\ada" would be the character U+0ADA).
func pEscape(s string) string { return strings.ReplaceAll(s, `\`, `\\`) }

// pUnescape undoes pEscape; a lone backslash is kept.
func pUnescape(s string) string { return strings.ReplaceAll(s, `\\`, `\`) }

// rankLocators orders locators by the ladder rung of their target part,
// keeping the order within a rung.
func rankLocators(ls []refs.Locator) []refs.Locator {
	out := slices.Clone(ls)
	rank := func(l refs.Locator) int {
		if i := slices.Index(refs.Rungs(), refs.RungOf(l)); i >= 0 {
			return i
		}
		return len(refs.Rungs())
	}
	slices.SortStableFunc(out, func(a, b refs.Locator) int { return rank(a) - rank(b) })
	return out
}

// playwrightOnlyCSS are the pseudo-classes Playwright adds to CSS that
// browsers do not know.
var playwrightOnlyCSS = []string{":has-text(", ":text(", ":text-is(", ":text-matches(", ":visible", ":nth-match(",
	":light(", ":right-of(", ":left-of(", ":above(", ":below(", ":near("}

// cssOf returns l as one CSS selector when every part is CSS, a test id,
// or an exact attribute match; parts are joined as descendants.
func cssOf(l refs.Locator, attr string) (string, bool) {
	if len(l.Parts) == 0 {
		return "", false
	}
	var parts []string
	for _, p := range l.Parts {
		switch p.Kind {
		case refs.KindCSS:
			for _, bad := range playwrightOnlyCSS {
				if strings.Contains(p.CSS, bad) {
					return "", false
				}
			}
			parts = append(parts, strings.TrimSpace(p.CSS))
		case refs.KindTestID:
			a := p.Attr
			if a == "" {
				a = attr
			}
			if a == "" {
				a = refs.DefaultTestIDAttr
			}
			parts = append(parts, cssAttr(a, p.Text))
		case refs.KindPlaceholder, refs.KindTitle, refs.KindAlt:
			if !p.Exact {
				return "", false
			}
			parts = append(parts, cssAttr(map[refs.Kind]string{refs.KindPlaceholder: "placeholder",
				refs.KindTitle: "title", refs.KindAlt: "alt"}[p.Kind], p.Text))
		default:
			return "", false
		}
	}
	return strings.Join(parts, " "), true
}

// cssAttr is the CSS selector [name="value"], escaped.
func cssAttr(name, value string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(value, "\uFFFD") {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\%x `, r)
		default:
			b.WriteRune(r)
		}
	}
	return "[" + name + `="` + b.String() + `"]`
}

// unCSSAttr reads back a selector cssAttr wrote, returning the name and
// value.
func unCSSAttr(sel string) (name, value string, ok bool) {
	if !strings.HasPrefix(sel, "[") || !strings.HasSuffix(sel, `"]`) {
		return "", "", false
	}
	eq := strings.Index(sel, `="`)
	if eq < 0 {
		return "", "", false
	}
	name, body := sel[1:eq], sel[eq+2:len(sel)-2]
	for _, r := range name {
		if !(r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return "", "", false
		}
	}
	var b strings.Builder
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRuneInString(body[i:])
		switch {
		case r == '"':
			return "", "", false // an unescaped quote ends the value early
		case r != '\\':
			b.WriteRune(r)
			i += size
			continue
		}
		i++
		if i >= len(body) {
			return "", "", false
		}
		// \XX<space> hex escape, or \c for a literal character
		j := i
		for j < len(body) && j-i < 6 && strings.ContainsRune("0123456789abcdefABCDEF", rune(body[j])) {
			j++
		}
		if j > i {
			var v rune
			fmt.Sscanf(body[i:j], "%x", &v)
			b.WriteRune(v)
			i = j
			if i < len(body) && body[i] == ' ' {
				i++
			}
			continue
		}
		r, size = utf8.DecodeRuneInString(body[i:])
		b.WriteRune(r)
		i += size
	}
	return name, b.String(), true
}

// anyRole are the roles an aria/NAME selector without a role is tried as.
var anyRole = []string{"button", "link", "textbox", "checkbox", "radio", "combobox", "heading", "tab",
	"menuitem", "option", "switch", "img", "listitem", "cell", "region", "dialog", "slider", "searchbox"}

var ariaSel = regexp.MustCompile(`^(.*?)\[role="([A-Za-z]+)"\]$`)

// importTarget turns DevTools selectors into a target: the best locator
// by the ladder, the others as fallbacks, and the role and name of an ARIA
// selector.
func importTarget(sels []devtoolsSelector, attr string) (Target, error) {
	var t Target
	// An ARIA selector with no role names an element by its accessible
	// name alone, which getByLabel only approximates: it goes last.
	// seen and css are sets, so that a step with N selectors imports in
	// time linear in N.
	var locs, weak []refs.Locator
	seen := map[partsKey]bool{}
	css := map[string]bool{}
	have := func(l refs.Locator) bool {
		k := keyOf(l)
		if seen[k] {
			return true
		}
		seen[k] = true
		return false
	}
	for _, sel := range sels {
		var chain refs.Locator
		ok := true
		for _, part := range sel {
			l, role, name, good := importSelector(part, attr)
			if !good {
				ok = false
				break
			}
			if role != "" && len(sel) == 1 && t.Role == "" {
				t.Role, t.Name = role, name
			}
			chain = l.Within(chain)
		}
		if !ok || chain.Validate() != nil || have(chain) {
			continue
		}
		if len(sel) == 1 && strings.HasPrefix(sel[0], "pierce/") && css[sel[0][len("pierce/"):]] {
			continue // the exporter writes pierce/ beside each CSS selector
		}
		if len(chain.Parts) == 1 && chain.Parts[0].Kind == refs.KindCSS {
			css[chain.Parts[0].CSS] = true
		}
		if len(sel) == 1 && strings.HasPrefix(sel[0], "aria/") && !ariaSel.MatchString(sel[0][len("aria/"):]) {
			// Puppeteer's aria/NAME is any element with that accessible
			// name, whatever its role: the label, the roles that take
			// their name from it, then the text.
			name := pUnescape(sel[0][len("aria/"):])
			weak = append(weak, chain)
			for _, r := range anyRole {
				weak = append(weak, refs.ByRole(r, name, true))
			}
			weak = append(weak, refs.ByText(name, true), refs.ByAltText(name, true), refs.ByTitle(name, true))
			if t.Identity == nil {
				t.Identity = &Identity{Name: name}
			}
			continue
		}
		locs = append(locs, chain)
	}
	locs = append(rankLocators(locs), weak...)
	if len(locs) == 0 {
		return t, errors.New("no selector Ariadne can use")
	}
	t.Locator, t.Fallbacks = locs[0], locs[1:]
	if len(t.Fallbacks) == 0 {
		t.Fallbacks = nil
	}
	return t, nil
}

// partsKey is a map key that two locators share exactly when they are
// Equal: parts are comparable, and chains of more than one part (rare in
// DevTools selectors) spell the others out.
type partsKey struct {
	first refs.Part
	rest  string
}

func keyOf(l refs.Locator) partsKey {
	var k partsKey
	if len(l.Parts) > 0 {
		k.first = l.Parts[0]
	}
	if len(l.Parts) > 1 {
		var b strings.Builder
		for _, p := range l.Parts[1:] {
			fmt.Fprintf(&b, "%#v\x00", p)
		}
		k.rest = b.String()
	}
	return k
}

// importSelector reads one DevTools selector.
func importSelector(sel, attr string) (l refs.Locator, role, name string, ok bool) {
	switch {
	case strings.HasPrefix(sel, "aria/"):
		body := sel[len("aria/"):]
		if m := ariaSel.FindStringSubmatch(body); m != nil {
			name := pUnescape(m[1])
			return refs.ByRole(m[2], name, name != ""), m[2], name, true
		}
		return refs.ByLabel(pUnescape(body), true), "", pUnescape(body), body != ""
	case strings.HasPrefix(sel, "text/"):
		return refs.ByText(pUnescape(sel[len("text/"):]), false), "", "", len(sel) > len("text/")
	case strings.HasPrefix(sel, "xpath/"):
		return refs.ByXPath(sel[len("xpath/"):]), "", "", len(sel) > len("xpath/")
	case strings.HasPrefix(sel, "pierce/"):
		return refs.ByCSS(sel[len("pierce/"):]), "", "", len(sel) > len("pierce/")
	}
	if n, v, isAttr := unCSSAttr(sel); isAttr {
		switch {
		case n == attr || n == refs.DefaultTestIDAttr:
			if n == attr && attr != refs.DefaultTestIDAttr {
				return refs.ByTestIDAttr(n, v), "", "", true
			}
			return refs.ByTestID(v), "", "", true
		case n == "placeholder":
			return refs.ByPlaceholder(v, true), "", "", true
		case n == "title":
			return refs.ByTitle(v, true), "", "", true
		case n == "alt":
			return refs.ByAltText(v, true), "", "", true
		}
	}
	return refs.ByCSS(sel), "", "", strings.TrimSpace(sel) != ""
}

// ariaReading reports whether l is one of the readings the import gives a
// role-less aria/NAME: NAME, exactly, as a role's name, a label, a text,
// an alt text or a title.
func ariaReading(l refs.Locator, name string) bool {
	if len(l.Parts) != 1 {
		return false
	}
	p := l.Parts[0]
	switch p.Kind {
	case refs.KindRole, refs.KindLabel, refs.KindText, refs.KindAlt, refs.KindTitle:
		return p.Exact && p.Text == name && p.RoleState == (refs.RoleState{})
	}
	return false
}
