package refs

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// This file is the one definition of the characters that page text may
// never carry raw into code, JSON or a terminal, and the escapes each
// target writes for them. Page text can hold anything: a button named
// "\u202e" can reorder the code an editor shows ("Trojan Source"), a
// zero-width space or a soft hyphen hides a difference, a C1 control is a
// terminal command. Every emitter (the locator code of every language, the
// exporters, JSON output) writes these as escapes, so that what is printed
// reads back to the same string and shows every character.

// Hidden reports whether r must be written as an escape: the C0 and C1
// controls and DEL, the line and paragraph separators, every format
// character (bidi embeddings, overrides, isolates and marks, zero-width
// space and joiners, word joiner, BOM, soft hyphen, the invisible tag
// characters U+E0000-E007F), variation selectors, the combining grapheme
// joiner, the Hangul and Khmer fillers that draw nothing, and
// noncharacters.
func Hidden(r rune) bool {
	switch {
	case r < 0x20 || (r >= 0x7f && r <= 0x9f):
		return true
	case r < 0xa0:
		return false
	case r == 0x2028, r == 0x2029:
		return true
	case unicode.Is(unicode.Cf, r):
		return true
	case r >= 0xfe00 && r <= 0xfe0f, r >= 0xe0100 && r <= 0xe01ef: // variation selectors
		return true
	case r >= 0x180b && r <= 0x180f: // Mongolian free variation selectors and vowel separator
		return true
	case r == 0x034f, r == 0x115f, r == 0x1160, r == 0x17b4, r == 0x17b5, r == 0x3164, r == 0xffa0:
		return true // combining grapheme joiner, Hangul fillers, Khmer inherent vowels
	case r >= 0xfdd0 && r <= 0xfdef, r&0xfffe == 0xfffe:
		return true // noncharacters
	case r >= 0xe0000 && r <= 0xe0fff: // tags and unassigned plane-14 code points
		return true
	}
	return false
}

// HasHidden reports whether s holds a hidden character or bytes that are
// not UTF-8.
func HasHidden(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || Hidden(r) {
			return true
		}
		i += size
	}
	return false
}

// escapeStyle is how one target language spells the escape of a code
// point it cannot show raw.
type escapeStyle int

const (
	// utf16Escapes writes \uXXXX, with a surrogate pair above U+FFFF:
	// JavaScript, JSON, Java and C#.
	utf16Escapes escapeStyle = iota
	// wideEscapes writes \uXXXX, and \UXXXXXXXX above U+FFFF: Python and
	// Go, where a surrogate pair would be two lone surrogates.
	wideEscapes
	// yamlEscapes writes \xNN up to U+00FF, as Playwright's YAML quoting
	// does, and utf16Escapes above: YAML double quotes read both.
	yamlEscapes
)

const hexDigits = "0123456789abcdef"

func writeU4(b *strings.Builder, r rune) {
	b.WriteString(`\u`)
	b.WriteByte(hexDigits[r>>12&0xf])
	b.WriteByte(hexDigits[r>>8&0xf])
	b.WriteByte(hexDigits[r>>4&0xf])
	b.WriteByte(hexDigits[r&0xf])
}

// writeEscape writes r as an escape in style st.
func writeEscape(b *strings.Builder, r rune, st escapeStyle) {
	switch {
	case st == yamlEscapes && r <= 0xff:
		b.WriteString(`\x`)
		b.WriteByte(hexDigits[r>>4])
		b.WriteByte(hexDigits[r&0xf])
	case r <= 0xffff:
		writeU4(b, r)
	case st != wideEscapes:
		hi, lo := utf16.EncodeRune(r)
		writeU4(b, hi)
		writeU4(b, lo)
	default:
		b.WriteString(`\U`)
		h := strconv.FormatInt(int64(r), 16)
		b.WriteString(strings.Repeat("0", 8-len(h)) + h)
	}
}

// quoteLiteral writes s as a string literal in quote q, escaping the quote
// and backslash, the usual short escapes (\b \f \n \r \t, which JavaScript,
// Python, Java, C# and Go all read), and every Hidden character in style
// st. Bytes that are not UTF-8 become U+FFFD, one per bad run.
func quoteLiteral(s string, q byte, st escapeStyle) string { return quoteWith(s, q, st, Hidden) }

// quoteWith is quoteLiteral escaping the characters hide names.
func quoteWith(s string, q byte, st escapeStyle, hide func(rune) bool) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(q)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			for i < len(s) {
				r, size = utf8.DecodeRuneInString(s[i:])
				if r != utf8.RuneError || size != 1 {
					break
				}
				i++
			}
			b.WriteRune(utf8.RuneError)
			continue
		}
		i += size
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case hide(r):
			writeEscape(&b, r, st)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// QuoteJS quotes s as a JavaScript (and TypeScript) string literal in
// single quotes, as Playwright's code generator does, with every hidden
// character escaped.
func QuoteJS(s string) string { return quoteLiteral(s, '\'', utf16Escapes) }

// QuotePython quotes s as a Python 3 string literal in double quotes.
func QuotePython(s string) string { return quoteLiteral(s, '"', wideEscapes) }

// QuoteJava quotes s as a Java string literal. Java reads \u escapes
// before it lexes, which is safe here: newline, carriage return, quote
// and backslash always get their short escapes, never a \u one.
func QuoteJava(s string) string { return quoteLiteral(s, '"', utf16Escapes) }

// QuoteCSharp quotes s as a C# regular string literal.
func QuoteCSharp(s string) string { return quoteLiteral(s, '"', utf16Escapes) }

// QuoteGo quotes s as a Go interpreted string literal.
func QuoteGo(s string) string { return quoteLiteral(s, '"', wideEscapes) }

// Quote quotes s as a string literal of lang ("" for an unknown lang).
func Quote(lang Lang, s string) string {
	switch lang {
	case JavaScript:
		return QuoteJS(s)
	case Python:
		return QuotePython(s)
	case Java:
		return QuoteJava(s)
	case CSharp:
		return QuoteCSharp(s)
	}
	return ""
}

// EscapeJSON rewrites every Hidden character of an encoded JSON text as a
// \u escape. Outside strings JSON is ASCII without controls, so every
// such character is inside a string, where the escape reads back to the
// same string. Text that is not valid UTF-8 has its bad bytes replaced by
// U+FFFD (encoding/json never writes any). The input is returned as it
// is when nothing needs escaping.
func EscapeJSON(data []byte) []byte {
	if !jsonNeedsEscapes(data) {
		return data
	}
	var b strings.Builder
	b.Grow(len(data) + 16)
	s := string(data)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\n' || r == '\t' || r == '\r':
			b.WriteRune(r) // whitespace between tokens; inside strings the encoder escaped them
		case Hidden(r):
			writeEscape(&b, r, utf16Escapes)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return []byte(b.String())
}

// jsonNeedsEscapes reports whether EscapeJSON would change data.
func jsonNeedsEscapes(data []byte) bool {
	for i := 0; i < len(data); {
		c := data[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(data[i:])
		if (r == utf8.RuneError && size == 1) || Hidden(r) {
			return true
		}
		i += size
	}
	return false
}

// EscapeHidden writes every Hidden character of s except newline and tab
// as a \u escape (\U above U+FFFF), and bytes that are not UTF-8 as \xNN:
// for text printed on a terminal, such as an error message that quotes
// page text.
func EscapeHidden(s string) string {
	if !HasHidden(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteByte(hexDigits[s[i]>>4])
			b.WriteByte(hexDigits[s[i]&0xf])
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case Hidden(r):
			writeEscape(&b, r, wideEscapes)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
