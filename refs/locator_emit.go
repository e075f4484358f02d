package refs

import (
	"strconv"
	"strings"
)

// This file prints a Locator the way Playwright's own code generator does:
// Internal gives the selector string Playwright's engine runs, Code the
// locator expression in one language. Both must match Playwright byte for
// byte so that what we print parses back to the same selector; the test in
// emit_test.go checks that against the installed Playwright when there is
// one, except that code escapes every Hidden character (escape.go) where
// Playwright leaves bidi controls and invisible characters raw. Strings
// that are not valid UTF-8 are first repaired, each bad run becoming
// U+FFFD.

// Internal returns Playwright's internal selector for l, the form
// page.locator() and the wire protocol accept, with parts joined by " >> ".
func (l Locator) Internal() string {
	var b strings.Builder
	for i, p := range l.Parts {
		if i > 0 {
			b.WriteString(" >> ")
		}
		switch p.Kind {
		case KindTestID:
			b.WriteString("internal:testid=[")
			b.WriteString(testIDAttrName(p.Attr))
			b.WriteByte('=')
			b.WriteString(attrSelectorValue(p.Text, true))
			b.WriteByte(']')
		case KindRole:
			b.WriteString(roleSelector(p))
		case KindLabel:
			b.WriteString("internal:label=" + textSelectorValue(p.Text, p.Exact))
		case KindPlaceholder, KindAlt, KindTitle:
			b.WriteString("internal:attr=[" + attrOf(p.Kind) + "=" + attrSelectorValue(p.Text, p.Exact) + "]")
		case KindText:
			b.WriteString("internal:text=" + textSelectorValue(p.Text, p.Exact))
		case KindCSS:
			b.WriteString(cssPart(p.CSS))
		case KindXPath:
			b.WriteString("xpath=" + cssPart(p.XPath))
		case KindFrame:
			b.WriteString(cssPart(p.CSS) + " >> internal:control=enter-frame")
		case KindNth:
			b.WriteString("nth=" + strconv.Itoa(p.Nth))
		case KindFilter:
			b.WriteString(filterSelector(p))
		case KindParent:
			b.WriteString("..")
		}
	}
	return b.String()
}

// filterSelector is the internal form of filter({ hasText }), which
// Playwright writes as a case-insensitive text selector.
func filterSelector(p Part) string {
	return "internal:has-text=" + textSelectorValue(p.Text, p.Exact)
}

func attrOf(k Kind) string {
	switch k {
	case KindPlaceholder:
		return "placeholder"
	case KindAlt:
		return "alt"
	}
	return "title"
}

func cssPart(css string) string { return strings.TrimSpace(strings.ToValidUTF8(css, "\uFFFD")) }

// testIDAttrName spells the attribute of an internal:testid selector; a
// name with a comma is quoted, as Playwright does.
func testIDAttrName(attr string) string {
	if attr == "" {
		attr = DefaultTestIDAttr
	}
	if strings.Contains(attr, ",") {
		return jsonString(attr)
	}
	return attr
}

// roleSelector builds internal:role, with the filters in the order
// Playwright's getByRole writes them, so that code parsed back by
// Playwright gives the same string.
func roleSelector(p Part) string {
	var b strings.Builder
	b.WriteString("internal:role=" + p.Role)
	add := func(name, value string) {
		if value != "" {
			b.WriteString("[" + name + "=" + value + "]")
		}
	}
	add("checked", p.Checked)
	add("disabled", p.Disabled)
	add("selected", p.Selected)
	add("expanded", p.Expanded)
	if p.Level != 0 {
		add("level", strconv.Itoa(p.Level))
	}
	if hasName(p) {
		add("name", attrSelectorValue(p.Text, p.Exact))
	}
	add("pressed", p.Pressed)
	return b.String()
}

func hasName(p Part) bool { return p.Text != "" || p.Exact }

// textSelectorValue quotes s as a JSON string with Playwright's case flag:
// i for a case-insensitive substring match, s for an exact one.
func textSelectorValue(s string, exact bool) string {
	return jsonString(s) + caseFlag(exact)
}

// attrSelectorValue quotes s for an attribute-style selector, escaping
// only backslash and double quote.
func attrSelectorValue(s string, exact bool) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	return `"` + s + `"` + caseFlag(exact)
}

func caseFlag(exact bool) string {
	if exact {
		return "s"
	}
	return "i"
}

// jsonString quotes s as JavaScript's JSON.stringify does: backslash,
// double quote and C0 controls escaped, everything else raw. It is for
// the internal selector only, which must match Playwright's byte for byte
// and is never code: the code emitters quote with Quote, which escapes
// every Hidden character too, and JSON output passes through EscapeJSON.
func jsonString(s string) string {
	return quoteWith(s, '"', utf16Escapes, func(r rune) bool { return r < 0x20 })
}

// Code returns l as a locator expression in lang, without the leading
// "page." (Playwright's codegen prints it the same way, and the receiver
// may be a page, frame or locator). It returns "" for an unknown lang.
func (l Locator) Code(lang Lang) string {
	d, ok := dialectOf(lang)
	if !ok {
		return ""
	}
	var calls []string
	base := basePage
	for _, p := range l.Parts {
		calls = append(calls, d.part(base, p)...)
		if p.Kind == KindFrame {
			base = baseFrame
		} else {
			base = baseLocator
		}
	}
	return strings.Join(calls, ".")
}

// base is the type a call is made on; Java spells its option classes by it.
type base int

const (
	basePage base = iota
	baseLocator
	baseFrame
)

func (b base) javaClass() string {
	switch b {
	case baseLocator:
		return "Locator"
	case baseFrame:
		return "FrameLocator"
	}
	return "Page"
}

type dialect struct {
	lang Lang
}

func dialectOf(lang Lang) (dialect, bool) {
	switch lang {
	case JavaScript, Python, Java, CSharp:
		return dialect{lang}, true
	}
	return dialect{}, false
}

func (d dialect) quote(s string) string { return Quote(d.lang, s) }

// method spells a locator method given its JavaScript name.
func (d dialect) method(js string) string {
	switch d.lang {
	case Python:
		return snakeCase(js)
	case CSharp:
		return titleCase(js)
	}
	return js
}

// property spells a method that takes no arguments: first(), .first, .First.
func (d dialect) property(js string) string {
	switch d.lang {
	case Python:
		return snakeCase(js)
	case CSharp:
		return titleCase(js)
	}
	return js + "()"
}

func (d dialect) part(b base, p Part) []string {
	switch p.Kind {
	case KindTestID:
		return []string{d.method("getByTestId") + "(" + d.quote(p.Text) + ")"}
	case KindRole:
		return []string{d.role(b, p)}
	case KindLabel:
		return []string{d.withExact(b, "getByLabel", p)}
	case KindPlaceholder:
		return []string{d.withExact(b, "getByPlaceholder", p)}
	case KindAlt:
		return []string{d.withExact(b, "getByAltText", p)}
	case KindTitle:
		return []string{d.withExact(b, "getByTitle", p)}
	case KindText:
		return []string{d.withExact(b, "getByText", p)}
	case KindCSS:
		return []string{d.method("locator") + "(" + d.quote(cssPart(p.CSS)) + ")"}
	case KindXPath:
		return []string{d.method("locator") + "(" + d.quote("xpath="+cssPart(p.XPath)) + ")"}
	case KindFrame:
		return []string{d.method("locator") + "(" + d.quote(cssPart(p.CSS)) + ")", d.property("contentFrame")}
	case KindNth:
		switch p.Nth {
		case 0:
			return []string{d.property("first")}
		case -1:
			return []string{d.property("last")}
		}
		return []string{d.method("nth") + "(" + strconv.Itoa(p.Nth) + ")"}
	case KindFilter:
		return []string{d.filter(b, p)}
	case KindParent:
		return []string{d.method("locator") + "(" + d.quote("..") + ")"}
	}
	return nil
}

// filter prints filter({ hasText }). An exact filter has no such call
// (Validate rejects it); Playwright prints its selector as a locator, and
// so do we.
func (d dialect) filter(b base, p Part) string {
	if p.Exact {
		return d.method("locator") + "(" + d.quote(filterSelector(p)) + ")"
	}
	text := d.quote(p.Text)
	switch d.lang {
	case Python:
		return "filter(has_text=" + text + ")"
	case Java:
		return "filter(new " + b.javaClass() + ".FilterOptions().setHasText(" + text + "))"
	case CSharp:
		return "Filter(new() { HasText = " + text + " })"
	}
	return "filter({ hasText: " + text + " })"
}

// withExact prints a text-matching call, with the exact option if set.
func (d dialect) withExact(b base, js string, p Part) string {
	m := d.method(js)
	arg := d.quote(p.Text)
	if !p.Exact {
		return m + "(" + arg + ")"
	}
	switch d.lang {
	case Python:
		return m + "(" + arg + ", exact=True)"
	case Java:
		return m + "(" + arg + ", new " + b.javaClass() + "." + titleCase(js) + "Options().setExact(true))"
	case CSharp:
		return m + "(" + arg + ", new() { Exact = true })"
	}
	return m + "(" + arg + ", { exact: true })"
}

// option is one getByRole option: a string, boolean or number value
// already known to be well formed.
type option struct {
	name  string
	value string
	kind  byte // 's' string, 'b' boolean, 'n' number
}

func (d dialect) literal(o option) string {
	switch o.kind {
	case 's':
		return d.quote(o.value)
	case 'b':
		if d.lang == Python {
			return titleCase(o.value)
		}
	}
	return o.value
}

func (d dialect) role(b base, p Part) string {
	var opts []option
	if hasName(p) {
		opts = append(opts, option{"name", p.Text, 's'})
		if p.Exact {
			opts = append(opts, option{"exact", "true", 'b'})
		}
	}
	state := func(name, v string) {
		switch v {
		case "":
		case "true", "false":
			opts = append(opts, option{name, v, 'b'})
		default:
			opts = append(opts, option{name, v, 's'})
		}
	}
	state("checked", p.Checked)
	state("disabled", p.Disabled)
	state("selected", p.Selected)
	state("expanded", p.Expanded)
	if p.Level != 0 {
		opts = append(opts, option{"level", strconv.Itoa(p.Level), 'n'})
	}
	state("pressed", p.Pressed)

	var role string
	switch d.lang {
	case Java:
		role = "AriaRole." + strings.ToUpper(snakeCase(p.Role))
	case CSharp:
		role = "AriaRole." + titleCase(p.Role)
	default:
		role = d.quote(p.Role)
	}
	call := d.method("getByRole") + "(" + role
	if len(opts) == 0 {
		return call + ")"
	}
	args := make([]string, len(opts))
	for i, o := range opts {
		v := d.literal(o)
		switch d.lang {
		case Python:
			args[i] = snakeCase(o.name) + "=" + v
		case Java:
			args[i] = ".set" + titleCase(o.name) + "(" + v + ")"
		case CSharp:
			args[i] = titleCase(o.name) + " = " + v
		default:
			args[i] = o.name + ": " + v
		}
	}
	switch d.lang {
	case Python:
		return call + ", " + strings.Join(args, ", ") + ")"
	case Java:
		return call + ", new " + b.javaClass() + ".GetByRoleOptions()" + strings.Join(args, "") + ")"
	case CSharp:
		return call + ", new() { " + strings.Join(args, ", ") + " })"
	}
	return call + ", { " + strings.Join(args, ", ") + " })"
}

// titleCase upper-cases the first letter of an ASCII identifier.
func titleCase(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// snakeCase turns a camelCase ASCII identifier into snake_case, splitting
// before an upper-case letter that follows a lower-case letter or digit,
// and before the last capital of an acronym that starts a new word.
func snakeCase(s string) string {
	lower := func(c byte) bool { return c >= 'a' && c <= 'z' }
	upper := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	digit := func(c byte) bool { return c >= '0' && c <= '9' }
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i > 0 && upper(c) {
			p := s[i-1]
			if lower(p) || digit(p) || (upper(p) && i+1 < len(s) && lower(s[i+1])) {
				b.WriteByte('_')
			}
		}
		b.WriteByte(c)
	}
	return strings.ToLower(b.String())
}
