package recordings

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file names the quoting each exporter writes its literals with. The
// escaping itself is refs' (refs/escape.go), one function per language,
// shared with the locator emitters: besides the usual escapes every
// character that could hide or reorder code in an editor or a terminal
// (refs.Hidden: C0 and C1 controls, DEL, separators, bidi controls,
// zero-width and other invisible characters) is written as an escape.

// jsString quotes s as a JavaScript string in single quotes, as
// Playwright's code generator does.
func jsString(s string) string { return refs.QuoteJS(s) }

// pyString quotes s as a Python string in double quotes.
func pyString(s string) string { return refs.QuotePython(s) }

// goString quotes s as a Go string.
func goString(s string) string { return refs.QuoteGo(s) }

// goRaw returns s as a Go raw string when it can be one (no backquote, no
// carriage return, nothing hidden but newlines and tabs), else as goString.
func goRaw(s string) string {
	if !utf8.ValidString(s) || strings.ContainsAny(s, "`\r") {
		return goString(s)
	}
	for _, r := range s {
		if refs.Hidden(r) && r != '\n' && r != '\t' {
			return goString(s)
		}
	}
	return "`" + s + "`"
}

// jsTemplate writes s as the body of a JavaScript template literal
// (without the backquotes): backslash, backquote and ${ are escaped,
// newlines kept, and every other hidden character is the \u escape (a
// surrogate pair above U+FFFF) that QuoteJS writes.
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
		case refs.Hidden(r):
			lit := refs.QuoteJS(string(r)) // '\uXXXX' or '\uXXXX\uXXXX'
			b.WriteString(lit[1 : len(lit)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// number prints f as the shortest decimal that reads back the same.
func number(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
