package recordings

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file writes an Ariadne locator chain as one XPath, for the
// DevTools Recorder export: Puppeteer's selectors cannot scope one
// selector inside another or pick the nth match, and XPath can. Only the
// parts XPath can say faithfully are translated (roles whose name is
// their text or aria-label, text, filters, nth, test ids, placeholders,
// simple CSS); a chain with any other part has no XPath.

// roleXPath is, for the roles whose elements XPath can tell by tag, the
// node test of each.
var roleXPath = map[string]string{
	"button":   "*[self::button or @role='button' or self::input[@type='button' or @type='submit' or @type='reset']]",
	"link":     "*[self::a[@href] or @role='link']",
	"heading":  "*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6 or @role='heading']",
	"article":  "*[self::article or @role='article']",
	"listitem": "*[self::li or @role='listitem']",
	"list":     "*[self::ul or self::ol or @role='list']",
	"row":      "*[self::tr or @role='row']",
	"cell":     "*[self::td or @role='cell']",
	"dialog":   "*[self::dialog or @role='dialog']",
	"tab":      "*[@role='tab']",
	"menuitem": "*[@role='menuitem']",
	"option":   "*[self::option or @role='option']",
}

// namedByText are the roles of roleXPath whose accessible name is their
// text (or aria-label).
var namedByText = map[string]bool{"button": true, "link": true, "heading": true, "listitem": true,
	"row": true, "cell": true, "tab": true, "menuitem": true, "option": true}

var simpleCSS = regexp.MustCompile(`^([a-z][a-z0-9]*)?((?:[#.][A-Za-z_][A-Za-z0-9_-]*)*)$`)

// xpathOf returns l as one XPath, or false.
func xpathOf(l refs.Locator, attr string) (string, bool) {
	xp := ""
	for i, p := range l.Parts {
		var step string
		switch p.Kind {
		case refs.KindNth:
			if i == 0 {
				return "", false
			}
			n := "last()"
			if p.Nth >= 0 {
				n = strconv.Itoa(p.Nth + 1)
			}
			xp = "(" + xp + ")[" + n + "]"
			continue
		case refs.KindParent:
			if i == 0 {
				return "", false
			}
			xp += "/.."
			continue
		case refs.KindFilter:
			if i == 0 {
				return "", false
			}
			xp += "[" + containsText(".", p.Text) + "]"
			continue
		case refs.KindXPath:
			x := strings.TrimSpace(p.XPath)
			if i > 0 {
				if !strings.HasPrefix(x, "//") {
					return "", false
				}
				x = x[2:]
			} else if !strings.HasPrefix(x, "//") && !strings.HasPrefix(x, "(") {
				return "", false
			}
			if i == 0 {
				xp = x
				continue
			}
			step = x
		case refs.KindRole:
			test, ok := roleXPath[p.Role]
			if !ok || p.RoleState != (refs.RoleState{}) {
				return "", false
			}
			step = test
			if p.Text != "" || p.Exact {
				if !namedByText[p.Role] {
					return "", false
				}
				if p.Exact {
					step += "[normalize-space(.)=" + xlit(p.Text) + " or @aria-label=" + xlit(p.Text) + "]"
				} else {
					step += "[" + containsText(".", p.Text) + " or " + containsText("@aria-label", p.Text) + "]"
				}
			}
		case refs.KindText:
			if p.Exact {
				step = "*[normalize-space(.)=" + xlit(p.Text) + " and not(*[normalize-space(.)=" + xlit(p.Text) + "])]"
			} else {
				step = "*[" + containsText(".", p.Text) + " and not(*[" + containsText(".", p.Text) + "])]"
			}
		case refs.KindTestID:
			a := p.Attr
			if a == "" {
				a = attr
			}
			if a == "" {
				a = refs.DefaultTestIDAttr
			}
			step = "*[@" + a + "=" + xlit(p.Text) + "]"
		case refs.KindPlaceholder:
			if !p.Exact {
				return "", false
			}
			step = "*[@placeholder=" + xlit(p.Text) + "]"
		case refs.KindCSS:
			m := simpleCSS.FindStringSubmatch(strings.TrimSpace(p.CSS))
			if m == nil || (m[1] == "" && m[2] == "") {
				return "", false
			}
			step = "*"
			if m[1] != "" {
				step = m[1]
			}
			for _, sel := range regexp.MustCompile(`[#.][^#.]+`).FindAllString(m[2], -1) {
				if sel[0] == '#' {
					step += "[@id=" + xlit(sel[1:]) + "]"
				} else {
					step += "[contains(concat(' ', normalize-space(@class), ' '), " + xlit(" "+sel[1:]+" ") + ")]"
				}
			}
		default:
			return "", false
		}
		xp += "//" + step
	}
	return xp, xp != ""
}

// containsText is XPath for "the normalized text of expr holds t, in any
// case", as Playwright's non-exact matching reads it (for ASCII letters).
func containsText(expr, t string) string {
	const upper, lower = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"
	return "contains(translate(normalize-space(" + expr + "), '" + upper + "', '" + lower + "'), " +
		xlit(strings.ToLower(normalizeWS(t))) + ")"
}

// xlit quotes s as an XPath 1.0 string literal.
func xlit(s string) string {
	if !strings.Contains(s, "'") {
		return "'" + s + "'"
	}
	if !strings.Contains(s, `"`) {
		return `"` + s + `"`
	}
	parts := strings.Split(s, "'")
	for i, p := range parts {
		parts[i] = "'" + p + "'"
	}
	return "concat(" + strings.Join(parts, `, "'", `) + ")"
}
