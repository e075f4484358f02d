package browser

import (
	"bytes"
	"unicode/utf8"
)

// Page text is UTF-16, and nothing stops a page from holding half of a
// surrogate pair ("\uD800" alone). Chromium passes such a character on as
// the JSON escape \ud800, which is not valid Unicode, and a strict decoder
// refuses the whole value. fixSurrogates rewrites each unpaired surrogate
// escape in a JSON value to \ufffd (U+FFFD, the replacement character) and
// any invalid UTF-8 to U+FFFD, leaving everything else as it is, so one odd
// character costs one character, not the snapshot.
func fixSurrogates(raw []byte) []byte {
	if !bytes.Contains(raw, []byte(`\u`)) && utf8.Valid(raw) {
		return raw
	}
	var out []byte // allocated at the first change
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' || i+1 >= len(raw) {
			continue
		}
		if raw[i+1] != 'u' {
			i++ // a two-byte escape: \" \\ \n ...
			continue
		}
		r, ok := hex4(raw, i+2)
		if !ok || r < 0xD800 || r > 0xDFFF {
			i += 5
			continue
		}
		if r < 0xDC00 && i+11 < len(raw) && raw[i+6] == '\\' && raw[i+7] == 'u' {
			if lo, ok := hex4(raw, i+8); ok && lo >= 0xDC00 && lo <= 0xDFFF {
				i += 11 // a proper pair
				continue
			}
		}
		if out == nil {
			out = append([]byte(nil), raw...)
		}
		copy(out[i:i+6], `\ufffd`)
		i += 5
	}
	if out == nil {
		out = raw
	}
	if !utf8.Valid(out) {
		out = bytes.ToValidUTF8(out, []byte("\uFFFD"))
	}
	return out
}

// hex4 reads the four hex digits at raw[i:i+4].
func hex4(raw []byte, i int) (rune, bool) {
	if i+4 > len(raw) {
		return 0, false
	}
	var r rune
	for _, c := range raw[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
