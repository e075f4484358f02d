package refs

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// The emitted string literals must decode back to the text they quote.
// The fuzzers check that with small decoders of JavaScript and Python
// literals written from the language references; TestLiteralsInInterpreters
// (locator_emit_fuzz_compat_test.go, the compat tier) checks the seed corpus
// with the real node and python3.

var errLiteral = errors.New("bad literal")

// decodeJS decodes a JavaScript string literal quoted with ' or ".
func decodeJS(lit string) (string, error) {
	if len(lit) < 2 || (lit[0] != '\'' && lit[0] != '"') || lit[len(lit)-1] != lit[0] {
		return "", errLiteral
	}
	q, body := rune(lit[0]), lit[1:len(lit)-1]
	var units []uint16
	addRune := func(r rune) { units = utf16.AppendRune(units, r) }
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRuneInString(body[i:])
		i += size
		switch {
		case r == q, r == '\n', r == '\r':
			return "", errLiteral // must be escaped
		case r != '\\':
			addRune(r)
			continue
		}
		if i >= len(body) {
			return "", errLiteral
		}
		e, size := utf8.DecodeRuneInString(body[i:])
		i += size
		switch e {
		case 'b':
			addRune('\b')
		case 'f':
			addRune('\f')
		case 'n':
			addRune('\n')
		case 'r':
			addRune('\r')
		case 't':
			addRune('\t')
		case 'v':
			addRune('\v')
		case '0':
			if i < len(body) && body[i] >= '0' && body[i] <= '9' {
				return "", errLiteral // legacy octal: not emitted, not allowed in strict code
			}
			addRune(0)
		case 'x':
			if i+2 > len(body) {
				return "", errLiteral
			}
			v, err := strconv.ParseUint(body[i:i+2], 16, 8)
			if err != nil {
				return "", errLiteral
			}
			i += 2
			addRune(rune(v))
		case 'u':
			var hex string
			if strings.HasPrefix(body[i:], "{") {
				end := strings.IndexByte(body[i:], '}')
				if end < 0 {
					return "", errLiteral
				}
				hex, i = body[i+1:i+end], i+end+1
			} else {
				if i+4 > len(body) {
					return "", errLiteral
				}
				hex, i = body[i:i+4], i+4
			}
			v, err := strconv.ParseUint(hex, 16, 32)
			if err != nil || v > 0x10FFFF {
				return "", errLiteral
			}
			if v > 0xFFFF {
				addRune(rune(v))
			} else {
				units = append(units, uint16(v))
			}
		case '\n', '\u2028', '\u2029':
			// line continuation
		case '\r':
			if strings.HasPrefix(body[i:], "\n") {
				i++
			}
		default:
			if e >= '1' && e <= '9' {
				return "", errLiteral
			}
			addRune(e)
		}
	}
	return unitsToString(units)
}

// decodePython decodes a Python 3 str literal quoted with ' or " (no
// prefix, not triple-quoted).
func decodePython(lit string) (string, error) {
	if len(lit) < 2 || (lit[0] != '\'' && lit[0] != '"') || lit[len(lit)-1] != lit[0] {
		return "", errLiteral
	}
	q, body := rune(lit[0]), lit[1:len(lit)-1]
	var b strings.Builder
	hexRune := func(i, n int) (rune, error) {
		if i+n > len(body) {
			return 0, errLiteral
		}
		v, err := strconv.ParseUint(body[i:i+n], 16, 32)
		if err != nil || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) {
			return 0, errLiteral // surrogates are legal Python but not Go strings
		}
		return rune(v), nil
	}
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRuneInString(body[i:])
		i += size
		switch {
		case r == q, r == '\n', r == '\r':
			return "", errLiteral
		case r != '\\':
			b.WriteRune(r)
			continue
		}
		if i >= len(body) {
			return "", errLiteral
		}
		e, size := utf8.DecodeRuneInString(body[i:])
		i += size
		switch e {
		case '\n':
		case '\\', '\'', '"':
			b.WriteRune(e)
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case 'x', 'u', 'U':
			n := map[rune]int{'x': 2, 'u': 4, 'U': 8}[e]
			v, err := hexRune(i, n)
			if err != nil {
				return "", err
			}
			i += n
			b.WriteRune(v)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i - 1
			for i < len(body) && i-j < 3 && body[i] >= '0' && body[i] <= '7' {
				i++
			}
			v, _ := strconv.ParseUint(body[j:i], 8, 32)
			b.WriteRune(rune(v))
		case 'N':
			return "", errLiteral // named escapes: not emitted
		default:
			b.WriteByte('\\') // unknown escapes keep their backslash
			b.WriteRune(e)
		}
	}
	return b.String(), nil
}

func seedLiterals(f *testing.F) {
	for _, tn := range trickyNames {
		f.Add(tn.text)
	}
	f.Add("\\u0041 is not an escape")
	f.Add("\\\"'`")
	f.Add("\x00\x01\x1f\x7f\u0085\ufeff")
}

func FuzzJSString(f *testing.F) {
	seedLiterals(f)
	f.Fuzz(func(t *testing.T, s string) {
		want := strings.ToValidUTF8(s, "\uFFFD")
		for _, lit := range []string{QuoteJS(s), quoteJSDouble(s)} {
			got, err := decodeJS(lit)
			if err != nil || got != want {
				t.Fatalf("%q decodes to %q, %v; want %q", lit, got, err, want)
			}
		}
		code := ByText(s, false).Code(JavaScript)
		lit := strings.TrimSuffix(strings.TrimPrefix(code, "getByText("), ")")
		if got, err := decodeJS(lit); err != nil || got != want {
			t.Fatalf("%s decodes to %q, %v; want %q", code, got, err, want)
		}
		// The internal text selector is JSON, which Playwright reads with
		// JSON.parse.
		var back string
		sel := textSelectorValue(s, true)
		if err := json.Unmarshal([]byte(strings.TrimSuffix(sel, "s")), &back); err != nil || back != want {
			t.Fatalf("text selector %s decodes to %q, %v; want %q", sel, back, err, want)
		}
	})
}

func FuzzPythonString(f *testing.F) {
	seedLiterals(f)
	f.Fuzz(func(t *testing.T, s string) {
		want := strings.ToValidUTF8(s, "\uFFFD")
		code := ByText(s, true).Code(Python)
		lit := strings.TrimSuffix(strings.TrimPrefix(code, "get_by_text("), ", exact=True)")
		got, err := decodePython(lit)
		if err != nil || got != want {
			t.Fatalf("%s decodes to %q, %v; want %q", code, got, err, want)
		}
	})
}

func TestDecoders(t *testing.T) {
	t.Parallel()
	js := map[string]string{
		`'a\'b'`:         "a'b",
		`"\u{1F600}"`:    "😀",
		`'\ud83d\ude00'`: "😀",
		`'\x41\q'`:       "Aq",
		"'a\\\nb'":       "ab",
	}
	for lit, want := range js {
		if got, err := decodeJS(lit); err != nil || got != want {
			t.Errorf("decodeJS(%s) = %q, %v; want %q", lit, got, err, want)
		}
	}
	for _, bad := range []string{`'a'b'`, "'a\nb'", `'\ud83d'`, `"x'`, `'\1'`} {
		if got, err := decodeJS(bad); err == nil {
			t.Errorf("decodeJS(%s) = %q, want an error", bad, got)
		}
	}
	py := map[string]string{
		`"a\"b"`:           `a"b`,
		`"\q"`:             `\q`,
		`"\101\x41\u0041"`: "AAA",
		`"\U0001F600"`:     "😀",
	}
	for lit, want := range py {
		if got, err := decodePython(lit); err != nil || got != want {
			t.Errorf("decodePython(%s) = %q, %v; want %q", lit, got, err, want)
		}
	}
}
