package refs

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ParseLocator reads a locator written in Playwright's JavaScript syntax,
// as Code(JavaScript) prints it and as people type it:
//
//	getByRole('button', { name: 'Save', exact: true })
//	page.getByTestId("cart").getByText(`Add`).nth(1)
//	locator('iframe[title="Pay"]').contentFrame().getByLabel('Card')
//	getByRole('article').filter({ hasText: 'Blue mug' }).first()
//
// The calls are getByRole (with name, exact, checked, disabled, selected,
// expanded, level and pressed), getByText, getByLabel, getByPlaceholder,
// getByAltText, getByTitle (each with exact), getByTestId, locator(css),
// frameLocator(css), contentFrame(), filter({ hasText }), nth(n), first()
// and last(); strings are quoted with ', " or `. Regular expressions
// (/…/) are not supported. A leading page. (or frame.) is ignored. Errors
// are bad_argument and say where the text stopped making sense.
func ParseLocator(src string) (Locator, error) {
	p := &locParser{src: src}
	var l Locator
	p.space()
	if p.word("page") || p.word("frame") {
		if !p.punct('.') {
			return Locator{}, p.fail("want . after page")
		}
	}
	for {
		part, err := p.call(&l)
		if err != nil {
			return Locator{}, err
		}
		if part != nil {
			l.Parts = append(l.Parts, *part)
		}
		p.space()
		if p.pos >= len(p.src) {
			break
		}
		if !p.punct('.') {
			return Locator{}, p.fail("want . and another call, or the end")
		}
	}
	if len(l.Parts) == 0 {
		return Locator{}, p.fail("no locator")
	}
	return l, nil
}

type locParser struct {
	src string
	pos int
}

func (p *locParser) fail(why string) error {
	at := p.src[p.pos:]
	if len(at) > 20 {
		at = at[:20] + "…"
	}
	where := "at the end"
	if at != "" {
		where = "at " + strconv.Quote(at)
	}
	return Errorf(CodeBadArgument, "locator: %s %s (write it as Playwright does, e.g. getByRole('button', { name: 'Save' }))", why, where)
}

func (p *locParser) space() {
	for p.pos < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		if !unicode.IsSpace(r) {
			return
		}
		p.pos += n
	}
}

// punct consumes c after optional space.
func (p *locParser) punct(c byte) bool {
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == c {
		p.pos++
		return true
	}
	return false
}

// ident reads an identifier, or "".
func (p *locParser) ident() string {
	p.space()
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '_' || c == '$' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || (p.pos > start && '0' <= c && c <= '9') {
			p.pos++
			continue
		}
		break
	}
	return p.src[start:p.pos]
}

// word consumes the identifier w if it comes next.
func (p *locParser) word(w string) bool {
	save := p.pos
	if p.ident() == w {
		return true
	}
	p.pos = save
	return false
}

// str reads a quoted string.
func (p *locParser) str() (string, error) {
	p.space()
	if p.pos >= len(p.src) {
		return "", p.fail("want a quoted string")
	}
	q := p.src[p.pos]
	if q != '\'' && q != '"' && q != '`' {
		if q == '/' {
			return "", p.fail("regular expressions are not supported; want a quoted string")
		}
		return "", p.fail("want a quoted string")
	}
	p.pos++
	var b strings.Builder
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == q:
			p.pos++
			return b.String(), nil
		case c == '\\' && p.pos+1 < len(p.src):
			e := p.src[p.pos+1]
			p.pos += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'u':
				if p.pos+4 <= len(p.src) {
					if v, err := strconv.ParseUint(p.src[p.pos:p.pos+4], 16, 32); err == nil {
						b.WriteRune(rune(v))
						p.pos += 4
						continue
					}
				}
				return "", p.fail("bad \\u escape")
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
	return "", p.fail("unterminated string")
}

// value reads a string, boolean or integer option value.
func (p *locParser) value() (string, byte, error) {
	p.space()
	switch {
	case p.word("true"):
		return "true", 'b', nil
	case p.word("false"):
		return "false", 'b', nil
	}
	if p.pos < len(p.src) && (p.src[p.pos] == '-' || ('0' <= p.src[p.pos] && p.src[p.pos] <= '9')) {
		start := p.pos
		p.pos++
		for p.pos < len(p.src) && '0' <= p.src[p.pos] && p.src[p.pos] <= '9' {
			p.pos++
		}
		return p.src[start:p.pos], 'n', nil
	}
	s, err := p.str()
	return s, 's', err
}

// options reads { key: value, ... } into a map; ok is false when there is
// no object.
func (p *locParser) options() (map[string]option, error) {
	out := map[string]option{}
	if !p.punct('{') {
		return nil, p.fail("want { options }")
	}
	for !p.punct('}') {
		name := p.ident()
		if name == "" {
			return nil, p.fail("want an option name")
		}
		if !p.punct(':') {
			return nil, p.fail("want : after " + name)
		}
		v, kind, err := p.value()
		if err != nil {
			return nil, err
		}
		out[name] = option{name: name, value: v, kind: kind}
		if !p.punct(',') {
			if !p.punct('}') {
				return nil, p.fail("want , or }")
			}
			break
		}
	}
	return out, nil
}

// call reads one method call. contentFrame() turns the locator(css) before
// it into a frame part and returns no part of its own.
func (p *locParser) call(l *Locator) (*Part, error) {
	name := p.ident()
	if name == "" {
		return nil, p.fail("want a method such as getByRole")
	}
	if !p.punct('(') {
		return nil, p.fail("want ( after " + name)
	}
	var part Part
	switch name {
	case "getByRole":
		role, err := p.str()
		if err != nil {
			return nil, err
		}
		part = Part{Kind: KindRole, Role: role}
		if p.punct(',') {
			opts, err := p.options()
			if err != nil {
				return nil, err
			}
			if err := p.roleOptions(&part, opts); err != nil {
				return nil, err
			}
		}
	case "getByText", "getByLabel", "getByPlaceholder", "getByAltText", "getByTitle":
		text, err := p.str()
		if err != nil {
			return nil, err
		}
		part = Part{Kind: textKinds[name], Text: text}
		if p.punct(',') {
			opts, err := p.options()
			if err != nil {
				return nil, err
			}
			for k, o := range opts {
				if k != "exact" || o.kind != 'b' {
					return nil, p.fail(name + " takes only { exact: true|false }, not " + k)
				}
				part.Exact = o.value == "true"
			}
		}
	case "getByTestId":
		id, err := p.str()
		if err != nil {
			return nil, err
		}
		part = Part{Kind: KindTestID, Text: id}
	case "locator", "frameLocator":
		css, err := p.str()
		if err != nil {
			return nil, err
		}
		part = Part{Kind: KindCSS, CSS: css}
		if name == "frameLocator" {
			part.Kind = KindFrame
		}
	case "contentFrame":
		n := len(l.Parts)
		if n == 0 || l.Parts[n-1].Kind != KindCSS {
			return nil, p.fail("contentFrame() must follow locator('iframe…')")
		}
		l.Parts[n-1].Kind = KindFrame
		if !p.punct(')') {
			return nil, p.fail("want )")
		}
		return nil, nil
	case "filter":
		opts, err := p.options()
		if err != nil {
			return nil, err
		}
		o, ok := opts["hasText"]
		if !ok || len(opts) != 1 || o.kind != 's' {
			return nil, p.fail("filter takes { hasText: 'text' }")
		}
		part = Part{Kind: KindFilter, Text: o.value}
	case "nth":
		v, kind, err := p.value()
		if err != nil || kind != 'n' {
			return nil, p.fail("nth takes a number")
		}
		n, _ := strconv.Atoi(v)
		part = Part{Kind: KindNth, Nth: n}
	case "first", "last":
		part = Part{Kind: KindNth}
		if name == "last" {
			part.Nth = -1
		}
	default:
		return nil, p.fail("unknown method " + strconv.Quote(name))
	}
	if !p.punct(')') {
		return nil, p.fail("want ) to close " + name)
	}
	return &part, nil
}

var textKinds = map[string]Kind{
	"getByText": KindText, "getByLabel": KindLabel, "getByPlaceholder": KindPlaceholder,
	"getByAltText": KindAlt, "getByTitle": KindTitle,
}

func (p *locParser) roleOptions(part *Part, opts map[string]option) error {
	for k, o := range opts {
		switch k {
		case "name":
			if o.kind != 's' {
				return p.fail("name takes a string")
			}
			part.Text = o.value
		case "exact":
			part.Exact = o.value == "true"
		case "level":
			n, err := strconv.Atoi(o.value)
			if err != nil || o.kind != 'n' {
				return p.fail("level takes a number")
			}
			part.Level = n
		case "checked", "pressed", "disabled", "selected", "expanded":
			if o.kind == 'n' || (o.kind == 's' && (o.value != "mixed" || (k != "checked" && k != "pressed"))) {
				return p.fail(k + " takes true or false")
			}
			switch k {
			case "checked":
				part.Checked = o.value
			case "pressed":
				part.Pressed = o.value
			case "disabled":
				part.Disabled = o.value
			case "selected":
				part.Selected = o.value
			case "expanded":
				part.Expanded = o.value
			}
		default:
			return p.fail("getByRole has no option " + strconv.Quote(k))
		}
	}
	return nil
}
