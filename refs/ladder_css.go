package refs

import (
	"slices"
	"strings"
)

// This file proposes the CSS rung: selectors built from an element's stable
// attributes and classes, and from its anchored ancestors.

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
