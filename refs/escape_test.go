package refs

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// The quoting of every target language must read back to the text it
// quotes and show no Hidden character raw, over the whole of Unicode.
// decodeJS and decodePython are in locator_emit_fuzz_test.go; decodeJava
// and decodeCSharp follow the language references (JLS 3.3 and 3.10.7,
// C# 6.4.5.5); Go literals are read with strconv.Unquote.

// decodeJava decodes a Java string literal: \u escapes are translated
// first, over the whole literal, as the compiler does before lexing.
func decodeJava(lit string) (string, error) {
	// JLS 3.3: a backslash starts a Unicode escape only when it is
	// preceded by an even number of backslashes; the u may repeat.
	var units []uint16
	src := utf16.Encode([]rune(lit))
	escapedBy := []bool{} // whether each unit came from a \u escape
	for i := 0; i < len(src); {
		if src[i] == '\\' {
			n := 0
			for j := len(units) - 1; j >= 0 && units[j] == '\\' && !escapedBy[j]; j-- {
				n++
			}
			if n%2 == 0 && i+1 < len(src) && src[i+1] == 'u' {
				j := i + 1
				for j < len(src) && src[j] == 'u' {
					j++
				}
				if j+4 > len(src) {
					return "", errLiteral
				}
				v, err := strconv.ParseUint(string(utf16.Decode(src[j:j+4])), 16, 16)
				if err != nil {
					return "", errLiteral
				}
				units = append(units, uint16(v))
				escapedBy = append(escapedBy, true)
				i = j + 4
				continue
			}
		}
		units = append(units, src[i])
		escapedBy = append(escapedBy, false)
		i++
	}
	if len(units) < 2 || units[0] != '"' || units[len(units)-1] != '"' {
		return "", errLiteral
	}
	body := units[1 : len(units)-1]
	var out []uint16
	for i := 0; i < len(body); i++ {
		u := body[i]
		switch {
		case u == '\n' || u == '\r':
			return "", errLiteral // a raw (or \u-escaped) line break ends the literal
		case u == '"':
			return "", errLiteral
		case u != '\\':
			out = append(out, u)
			continue
		}
		if i+1 >= len(body) {
			return "", errLiteral
		}
		i++
		switch e := body[i]; e {
		case 'b':
			out = append(out, '\b')
		case 't':
			out = append(out, '\t')
		case 'n':
			out = append(out, '\n')
		case 'f':
			out = append(out, '\f')
		case 'r':
			out = append(out, '\r')
		case 's':
			out = append(out, ' ')
		case '"', '\'', '\\':
			out = append(out, e)
		default:
			if e >= '0' && e <= '7' {
				v := int(e - '0')
				for k := 0; k < 2 && i+1 < len(body) && body[i+1] >= '0' && body[i+1] <= '7' && v*8+int(body[i+1]-'0') <= 0377; k++ {
					i++
					v = v*8 + int(body[i]-'0')
				}
				out = append(out, uint16(v))
				continue
			}
			return "", errLiteral // any other escape is a compile error
		}
	}
	return unitsToString(out)
}

// decodeCSharp decodes a C# regular string literal.
func decodeCSharp(lit string) (string, error) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return "", errLiteral
	}
	body := utf16.Encode([]rune(lit[1 : len(lit)-1]))
	var out []uint16
	hex := func(i, n int) (uint64, int, error) {
		j := i
		for j < len(body) && j-i < n && strings.ContainsRune("0123456789abcdefABCDEF", rune(body[j])) {
			j++
		}
		if j == i {
			return 0, i, errLiteral
		}
		v, err := strconv.ParseUint(string(utf16.Decode(body[i:j])), 16, 32)
		return v, j, err
	}
	for i := 0; i < len(body); {
		u := body[i]
		i++
		switch {
		case u == '"', u == '\n', u == '\r', u == 0x85, u == 0x2028, u == 0x2029:
			return "", errLiteral // new-line characters may not appear raw
		case u != '\\':
			out = append(out, u)
			continue
		}
		if i >= len(body) {
			return "", errLiteral
		}
		e := body[i]
		i++
		simple := map[uint16]uint16{'\'': '\'', '"': '"', '\\': '\\', '0': 0, 'a': 7, 'b': 8, 'e': 0x1b, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11}
		if v, ok := simple[e]; ok {
			out = append(out, v)
			continue
		}
		switch e {
		case 'u':
			if i+4 > len(body) {
				return "", errLiteral
			}
			v, j, err := hex(i, 4)
			if err != nil || j != i+4 {
				return "", errLiteral
			}
			out, i = append(out, uint16(v)), j
		case 'U':
			v, j, err := hex(i, 8)
			if err != nil || j != i+8 || v > 0x10ffff {
				return "", errLiteral
			}
			out, i = utf16.AppendRune(out, rune(v)), j
		case 'x':
			v, j, err := hex(i, 4) // variable length: one to four digits
			if err != nil {
				return "", errLiteral
			}
			out, i = append(out, uint16(v)), j
		default:
			return "", errLiteral
		}
	}
	return unitsToString(out)
}

// unitsToString turns UTF-16 into a Go string, refusing lone surrogates:
// no Go string holds one, so an emitter that wrote one is wrong.
func unitsToString(units []uint16) (string, error) {
	var b strings.Builder
	for j := 0; j < len(units); j++ {
		u := rune(units[j])
		if utf16.IsSurrogate(u) {
			if j+1 >= len(units) {
				return "", errLiteral
			}
			r := utf16.DecodeRune(u, rune(units[j+1]))
			if r == utf8.RuneError {
				return "", errLiteral
			}
			b.WriteRune(r)
			j++
			continue
		}
		b.WriteRune(u)
	}
	return b.String(), nil
}

func decodeGo(lit string) (string, error) { return strconv.Unquote(lit) }

// quoteJSDouble is QuoteJS in double quotes, which the emitters do not
// write but the escaping must allow.
func quoteJSDouble(s string) string { return quoteLiteral(s, '"', utf16Escapes) }

// quoters are the literal quoters of every target language with their
// decoders.
var quoters = []struct {
	name   string
	quote  func(string) string
	decode func(string) (string, error)
}{
	{"javascript-single", QuoteJS, decodeJS},
	{"javascript-double", quoteJSDouble, decodeJS},
	{"python", QuotePython, decodePython},
	{"java", QuoteJava, decodeJava},
	{"csharp", QuoteCSharp, decodeCSharp},
	{"go", QuoteGo, decodeGo},
}

// firstHidden returns the first Hidden rune of s written raw, or -1.
func firstHidden(s string) rune {
	for _, r := range s {
		if Hidden(r) {
			return r
		}
	}
	return -1
}

// hostileSeeds are texts every escaping test is tried with: each class of
// Hidden character, lone surrogates as WTF-8 bytes, a BOM, astral text.
var hostileSeeds = []string{
	"\u202eevil\u202c code", "a\u2066b\u2067c\u2068d\u2069", "\u200e\u200f\u061c",
	"zero\u200bwidth\u200c\u200d\u2060joiners", "\ufeffBOM first", "soft\u00adhyphen",
	"\x00\x01\x1f\x7f", "\u0080\u0085\u009b[31m", "\u2028\u2029",
	"lone \xed\xa0\x80 high, \xed\xbf\xbf low", "tags \U000e0041\U000e007f", "vs \ufe0f\U000e0100",
	"hangul\u3164filler", "emoji 👨\u200d👩\u200d👧", "\\u202e is text", `'"` + "`${x}`",
	"\uffff\ufffe\ufdd0", "\U0010ffff\U0001f600", "bad\xff\xfebytes",
}

func checkQuoted(t *testing.T, name, lit string, decode func(string) (string, error), s string) {
	t.Helper()
	want := strings.ToValidUTF8(s, "\uFFFD")
	got, err := decode(lit)
	if err != nil || got != want {
		t.Fatalf("%s: %q reads back as %q, %v; want %q", name, lit, got, err, want)
	}
	for _, r := range lit {
		if Hidden(r) {
			t.Fatalf("%s: %q holds U+%04X raw", name, lit, r)
		}
	}
}

// TestQuoteFullRange quotes every code point of Unicode, 4,096 at a time,
// in every language, and reads each literal back.
func TestQuoteFullRange(t *testing.T) {
	t.Parallel()
	for _, q := range quoters {
		t.Run(q.name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			flush := func() {
				checkQuoted(t, q.name, q.quote(b.String()), q.decode, b.String())
				b.Reset()
			}
			for r := rune(0); r <= utf8.MaxRune; r++ {
				if r >= 0xd800 && r <= 0xdfff {
					b.WriteString(string([]byte{0xed, byte(0xa0 | (r>>6)&0x1f), byte(0x80 | r&0x3f)})) // WTF-8
				} else {
					b.WriteRune(r)
				}
				if r%4096 == 4095 {
					flush()
				}
			}
			flush()
		})
	}
}

func FuzzQuote(f *testing.F) {
	for _, s := range hostileSeeds {
		f.Add(s)
	}
	seedLiterals(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, q := range quoters {
			checkQuoted(t, q.name, q.quote(s), q.decode, s)
		}
		// Every locator kind, in every language: the code must show no
		// Hidden character raw.
		for _, l := range []Locator{ByRole("button", s, false), ByTestID(s), ByLabel(s, true),
			ByText(s, false), ByCSS("li").Filter(s), ByCSS("li").then(Part{Kind: KindFilter, Text: s, Exact: true}),
			ByAltText(s, false).InFrame(`iframe[title="` + s + `"]`)} {
			for _, lang := range Langs() {
				code := l.Code(lang)
				if r := firstHidden(code); r >= 0 {
					t.Fatalf("%s code %q holds U+%04X raw", lang, code, r)
				}
			}
		}
	})
}

func TestEscapeJSON(t *testing.T) {
	t.Parallel()
	for _, s := range append(hostileSeeds, "plain", "") {
		for _, indent := range []string{"", "  "} {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", indent)
			if err := enc.Encode(map[string]any{"name": s, "list": []string{s, "x"}}); err != nil {
				t.Fatal(err)
			}
			out := EscapeJSON(buf.Bytes())
			for _, r := range string(out) {
				if Hidden(r) && r != '\n' {
					t.Fatalf("EscapeJSON(%q) holds U+%04X raw: %s", s, r, out)
				}
			}
			var back struct {
				Name string   `json:"name"`
				List []string `json:"list"`
			}
			if err := json.Unmarshal(out, &back); err != nil {
				t.Fatalf("EscapeJSON(%q) = %s: %v", s, out, err)
			}
			// encoding/json repairs each bad byte as U+FFFD.
			var want string
			j, _ := json.Marshal(s)
			_ = json.Unmarshal(j, &want)
			if back.Name != want || back.List[0] != want {
				t.Fatalf("EscapeJSON(%q) reads back as %q", s, back.Name)
			}
		}
	}
}

func TestEscapeHidden(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"plain":             "plain",
		"a\u202eb":          `a\u202eb`,
		"two\nlines\ttab":   "two\nlines\ttab",
		"esc\x1b[31m":       `esc\u001b[31m`,
		"bad\xffbyte":       `bad\xffbyte`,
		"tag\U000e0041":     `tag\U000e0041`,
		"zw\u200bs\u00adh":  `zw\u200bs\u00adh`,
		"emoji 👍🏽 ok":       "emoji 👍🏽 ok",
		"arabic إرسال":      "arabic إرسال",
		"nbsp\u00a0kept":    "nbsp\u00a0kept",
		"c1\u009b and \x7f": `c1\u009b and \u007f`,
	}
	for in, want := range cases {
		if got := EscapeHidden(in); got != want {
			t.Errorf("EscapeHidden(%q) = %q, want %q", in, got, want)
		}
	}
}
