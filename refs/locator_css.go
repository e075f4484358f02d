package refs

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file writes and reads the bits of CSS the ladder needs: escaped
// identifiers and quoted attribute values for the selectors it builds, and
// the ids and classes inside a selector for the durability flags.

// CSSEscape escapes an identifier (an id, class or tag name) as the
// browser's CSS.escape does.
func CSSEscape(ident string) string {
	var b strings.Builder
	first := true
	n := utf8.RuneCountInString(ident)
	var prev rune
	for i, r := range ident {
		switch {
		case r == 0:
			b.WriteRune(utf8.RuneError)
		case r < 0x20 || r == 0x7f,
			r >= '0' && r <= '9' && (first || (i == 1 && prev == '-')):
			b.WriteString(`\` + strconv.FormatInt(int64(r), 16) + " ")
		case first && r == '-' && n == 1:
			b.WriteString(`\-`)
		case r >= 0x80 || r == '-' || r == '_' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z'):
			b.WriteRune(r)
		default:
			b.WriteByte('\\')
			b.WriteRune(r)
		}
		first, prev = false, r
	}
	return b.String()
}

// CSSQuote quotes an attribute value for a CSS selector: a double-quoted
// string with backslash, quote and control characters escaped, so that
// the value matches exactly, newlines included.
func CSSQuote(value string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range value {
		switch {
		case r == 0:
			b.WriteRune(utf8.RuneError)
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\` + strconv.FormatInt(int64(r), 16) + " ")
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// cssTokens pulls the ids and classes out of a CSS selector, unescaping
// them, and reports whether it selects by position (:nth-child and kin).
// It reads #id, .class, [id=...] and [class~=...]; attribute values and
// function arguments other than those are skipped.
func cssTokens(css string) (ids, classes []string, positional bool) {
	lower := strings.ToLower(css)
	positional = strings.Contains(lower, ":nth-") || strings.Contains(lower, ":first-child") ||
		strings.Contains(lower, ":last-child") || strings.Contains(lower, ":first-of-type") ||
		strings.Contains(lower, ":last-of-type")
	for i := 0; i < len(css); {
		switch c := css[i]; c {
		case '#', '.':
			ident, n := readCSSIdent(css[i+1:])
			i += 1 + n
			if ident == "" {
				continue
			}
			if c == '#' {
				ids = append(ids, ident)
			} else {
				classes = append(classes, ident)
			}
		case '[':
			end := attrEnd(css, i)
			name, op, value := splitAttr(css[i+1 : end])
			switch {
			case name == "id" && op == "=":
				ids = append(ids, value)
			case name == "class" && (op == "~=" || op == "="):
				classes = append(classes, strings.Fields(value)...)
			}
			i = end + 1
		case '"', '\'':
			i = stringEnd(css, i) + 1
		case '\\':
			i += 2
		default:
			i++
		}
	}
	return ids, classes, positional
}

// readCSSIdent reads an identifier with escapes at the start of s and
// returns it unescaped with the number of bytes read.
func readCSSIdent(s string) (string, int) {
	var b strings.Builder
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && s[i+1] != '\n':
			r, n := cssEscapeAt(s[i:])
			b.WriteRune(r)
			i += n
		case c >= 0x80 || c == '-' || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'):
			r, size := utf8.DecodeRuneInString(s[i:])
			b.WriteRune(r)
			i += size
		default:
			return b.String(), i
		}
	}
	return b.String(), i
}

// cssEscapeAt decodes the escape at the start of s (s[0] is a backslash
// and s has at least two bytes): up to six hex digits and one optional
// whitespace, or one escaped character.
func cssEscapeAt(s string) (rune, int) {
	j := 1
	for j < len(s) && j < 7 && isHex(s[j]) {
		j++
	}
	if j == 1 {
		r, size := utf8.DecodeRuneInString(s[1:])
		return r, 1 + size
	}
	var v rune
	for k := 1; k < j; k++ {
		v = v*16 + rune(hexVal(s[k]))
	}
	if v == 0 || v > unicode.MaxRune || (v >= 0xD800 && v <= 0xDFFF) {
		v = utf8.RuneError
	}
	if j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
		j++
	}
	return v, j
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}

// stringEnd returns the index of the quote closing the string that opens
// at css[start], or the last index if it is not closed.
func stringEnd(css string, start int) int {
	q := css[start]
	for i := start + 1; i < len(css); i++ {
		switch css[i] {
		case '\\':
			i++
		case q:
			return i
		}
	}
	return len(css) - 1
}

// attrEnd returns the index of the ] closing the attribute selector that
// opens at css[start].
func attrEnd(css string, start int) int {
	for i := start + 1; i < len(css); i++ {
		switch css[i] {
		case '\\':
			i++
		case '"', '\'':
			i = stringEnd(css, i)
		case ']':
			return i
		}
	}
	return len(css)
}

// splitAttr splits the inside of [name op value flags] and unquotes value.
func splitAttr(s string) (name, op, value string) {
	s = strings.TrimSpace(s)
	k := strings.IndexAny(s, "=~|^$*")
	if k < 0 {
		return strings.ToLower(s), "", ""
	}
	name = strings.ToLower(strings.TrimSpace(s[:k]))
	rest := s[k:]
	if strings.HasPrefix(rest, "=") {
		op, rest = "=", rest[1:]
	} else if len(rest) >= 2 && rest[1] == '=' {
		op, rest = rest[:2], rest[2:]
	} else {
		return name, "", ""
	}
	rest = strings.TrimSpace(rest)
	if rest != "" && (rest[0] == '"' || rest[0] == '\'') {
		end := stringEnd(rest, 0)
		return name, op, unescapeCSS(rest[1:end])
	}
	if f := strings.Fields(rest); len(f) > 0 {
		v, _ := readCSSIdent(f[0])
		return name, op, v
	}
	return name, op, ""
}

// unescapeCSS removes CSS escapes from the inside of a quoted string.
func unescapeCSS(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] != '\\' || i+1 >= len(s):
			b.WriteByte(s[i])
			i++
		case s[i+1] == '\n': // an escaped newline continues the string
			i += 2
		default:
			r, n := cssEscapeAt(s[i:])
			b.WriteRune(r)
			i += n
		}
	}
	return b.String()
}

// cssDescends reports whether a selector steps from one element to
// another: a descendant, child or sibling combinator outside strings,
// attribute selectors and parentheses ("#cart button", "ul > li").
func cssDescends(css string) bool {
	css = strings.TrimSpace(css)
	depth := 0
	for i := 0; i < len(css); i++ {
		switch c := css[i]; c {
		case '\\':
			if i+1 < len(css) {
				_, n := cssEscapeAt(css[i:])
				i += n - 1
			}
		case '"', '\'':
			i = stringEnd(css, i)
		case '[':
			i = attrEnd(css, i)
		case '(':
			depth++
		case ')':
			depth--
		case ' ', '\t', '\n', '\r', '\f', '>', '+', '~':
			if depth == 0 {
				return true
			}
		}
	}
	return false
}
