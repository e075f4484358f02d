package ui

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ariadne-tui/ariadne/refs"
)

// Sanitize makes page text safe to print in a terminal on one line. Text from
// a page must go through it before it reaches the screen, so that a name like
// "\x1b]52;c;...\x07" cannot write the clipboard or recolour the screen.
//
//   - ESC and the other C0 controls are drawn as their Unicode control
//     pictures: ESC is "␛", BEL "␇", NUL "␀", DEL "␡". What followed an ESC
//     stays as plain text, so "\x1b[31mred" reads "␛[31mred".
//   - Newlines (\n, \r\n, \r, U+2028, U+2029) become "⏎"; tabs become a space.
//   - C1 controls (U+0080–U+009F, such as the one-character CSI U+009B) and
//     bytes that are not UTF-8 are written as hex escapes: "\x9b".
//   - Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069)
//     are dropped, so page text cannot reorder what Ariadne draws after it.
//     Right-to-left letters themselves are kept.
//   - The other invisible characters (refs.Hidden: zero-width space and
//     non-joiner, word joiner, BOM, soft hyphen, bidi marks, tags, ...)
//     are drawn as their escape, "\u200b": they are seen, and no border
//     or column shifts because the terminal and Lip Gloss disagree on a
//     width of zero.
//
// Printable text, wide characters and emoji (with their joiners and
// variation selectors) pass through unchanged.
func Sanitize(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\r':
			b.WriteString("⏎")
			if i+1 < len(s) && s[i+1] == '\n' {
				size = 2
			}
		case r == '\n' || r == '\u2028' || r == '\u2029':
			b.WriteString("⏎")
		case r == '\t':
			b.WriteByte(' ')
		case r < 0x20:
			b.WriteRune(0x2400 + r) // ␀ … ␟, ␛ for ESC
		case r == 0x7f:
			b.WriteRune('␡')
		case r >= 0x80 && r <= 0x9f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case bidiControl(r):
			// dropped
		case refs.Hidden(r) && !emojiJoiner(s, i, size, r):
			// Zero-width and other invisible characters are drawn as
			// their escape, so that they are seen and every width is
			// what the terminal draws.
			b.WriteString(refs.EscapeHidden(string(r)))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// clean reports whether s needs no change: printable ASCII, or UTF-8 with no
// rune that Sanitize rewrites.
func clean(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return cleanSlow(s[i:])
		}
	}
	return true
}

func cleanSlow(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || r < 0x20 || (r >= 0x7f && r <= 0x9f) ||
			r == '\u2028' || r == '\u2029' || bidiControl(r) || (refs.Hidden(r) && !emojiJoiner(s, i, size, r)) {
			return false
		}
		i += size
	}
	return true
}

// emojiJoiner reports whether the invisible r at s[i:i+size] is part of
// an emoji: a zero-width joiner between two symbols (👩‍💻), or a
// variation selector after a symbol or a keycap digit (❤️, 1️⃣).
func emojiJoiner(s string, i, size int, r rune) bool {
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	switch r {
	case 0x200d:
		next, _ := utf8.DecodeRuneInString(s[i+size:])
		return prev >= 0x2000 && next >= 0x2000
	case 0xfe0e, 0xfe0f:
		return prev >= 0x2000 || (prev >= '0' && prev <= '9') || prev == '#' || prev == '*'
	}
	return false
}

func bidiControl(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}
