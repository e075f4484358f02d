package recordings

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file quotes strings for the languages the exporters write. Page
// text can hold anything, so besides the usual escapes the literals escape
// every character that could hide or reorder code in an editor or a
// terminal: C0 and C1 controls, DEL, the line and paragraph separators and
// the bidirectional formatting characters ("Trojan Source").

// hidden reports whether r must be written as an escape in source code.
func hidden(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true // bidi embeddings, overrides, isolates and marks
	case r == 0xfeff:
		return true
	}
	return false
}

// quoteC writes s as a C-like string literal in quote q, as JavaScript and
// Python read it: \uXXXX escapes for hidden characters (JavaScript and
// Python 3 both read them), the short escapes for the common ones.
func quoteC(s string, q byte) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case hidden(r):
			b.WriteString(`\u`)
			h := strconv.FormatInt(int64(r), 16)
			b.WriteString(strings.Repeat("0", 4-len(h)) + h)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// jsString quotes s as a JavaScript string in single quotes, as
// Playwright's code generator does.
func jsString(s string) string { return quoteC(s, '\'') }

// pyString quotes s as a Python string in double quotes.
func pyString(s string) string { return quoteC(s, '"') }

// goString quotes s as a Go string. strconv.Quote escapes every character
// that is not printable, which covers the hidden ones.
func goString(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	q := strconv.Quote(s)
	// strconv treats the separators and bidi marks as graphic in some
	// versions; escape them anyway.
	var b strings.Builder
	for _, r := range q {
		if hidden(r) {
			b.WriteString(`\u`)
			h := strconv.FormatInt(int64(r), 16)
			b.WriteString(strings.Repeat("0", 4-len(h)) + h)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// goRaw returns s as a Go raw string when it can be one (no backquote, no
// carriage return, nothing hidden), else as goString.
func goRaw(s string) string {
	if !utf8.ValidString(s) || strings.ContainsAny(s, "`\r") {
		return goString(s)
	}
	for _, r := range s {
		if hidden(r) && r != '\n' && r != '\t' {
			return goString(s)
		}
	}
	return "`" + s + "`"
}

// jsTemplate writes s as the body of a JavaScript template literal
// (without the backquotes): backslash, backquote and ${ are escaped, and
// hidden characters other than newline become \u escapes.
func jsTemplate(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '\\' || r == '`':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '$' && strings.HasPrefix(s[i:], "${"):
			b.WriteString(`\$`)
		case r == '\n':
			b.WriteByte('\n')
		case hidden(r):
			b.WriteString(`\u`)
			h := strconv.FormatInt(int64(r), 16)
			b.WriteString(strings.Repeat("0", 4-len(h)) + h)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// number prints f as the shortest decimal that reads back the same.
func number(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
