package ui

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSanitize(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, in, want string
	}{
		{"plain", "Sign in", "Sign in"},
		{"empty", "", ""},
		{"SGR colour", "\x1b[31mred\x1b[0m", "␛[31mred␛[0m"},
		{"bell", "\x07", "␇"},
		{"NUL", "a\x00b", "a␀b"},
		{"DEL", "a\x7fb", "a␡b"},
		{"C1 CSI", "\u009b31mred", `\x9b31mred`},
		{"C1 OSC and ST", "\u009d0;title\u009c", `\x9d0;title\x9c`},
		{"OSC 52 clipboard, BEL", "\x1b]52;c;aGVsbG8=\x07", "␛]52;c;aGVsbG8=␇"},
		{"OSC 52 clipboard, ST", "\x1b]52;c;aGVsbG8=\x1b\\", `␛]52;c;aGVsbG8=␛\`},
		{"OSC 8 hyperlink", "\x1b]8;;http://evil\x1b\\x\x1b]8;;\x1b\\", `␛]8;;http://evil␛\x␛]8;;␛\`},
		{"cursor movement", "\x1b[2J\x1b[H", "␛[2J␛[H"},
		{"newline", "two\nlines", "two⏎lines"},
		{"CRLF", "two\r\nlines", "two⏎lines"},
		{"CR", "two\rlines", "two⏎lines"},
		{"line separator", "a\u2028b\u2029c", "a⏎b⏎c"},
		{"tab", "a\tb", "a b"},
		{"backspace", "ab\bc", "ab␈c"},
		{"invalid UTF-8", "a\x9bb\xffc", `a\x9bb\xffc`},
		{"bidi override", "abc\u202edcba\u202c", "abcdcba"},
		{"bidi isolate", "\u2067שלום\u2069", "שלום"},
		{"right-to-left kept", "שלום عالم", "שלום عالم"},
		{"CJK kept", "漢字テスト", "漢字テスト"},
		{"emoji ZWJ kept", "👩‍👩‍👧 🇫🇷 ❤️", "👩‍👩‍👧 🇫🇷 ❤️"},
		{"accents kept", "café naïve", "café naïve"},
		{"zero-width space", "zero\u200bwidth", `zero\u200bwidth`},
		{"joiners outside emoji", "a\u200cb\u200dc\u2060d", `a\u200cb\u200dc\u2060d`},
		{"soft hyphen and BOM", "soft\u00adhy\ufeffphen", `soft\u00adhy\ufeffphen`},
		{"bidi marks", "a\u200eb\u200fc\u061cd", `a\u200eb\u200fc\u061cd`},
		{"tags", "tag\U000e0041", `tag\U000e0041`},
		{"keycap kept", "1\ufe0f\u20e3", "1\ufe0f\u20e3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Sanitize(tc.in)
			if got != tc.want {
				t.Errorf("Sanitize(%q) = %q, want %q", tc.in, got, tc.want)
			}
			for _, r := range got {
				if r < 0x20 || (r >= 0x7f && r <= 0x9f) {
					t.Errorf("control %U left in %q", r, got)
				}
			}
			if !utf8.ValidString(got) {
				t.Errorf("invalid UTF-8 in %q", got)
			}
			if Sanitize(got) != got {
				t.Errorf("not idempotent: %q", got)
			}
		})
	}
}

// Not parallel: AllocsPerRun counts the whole process's allocations.
func TestSanitizeCleanDoesNotAllocate(t *testing.T) {
	for _, s := range []string{"Sign in", "漢字 👩‍👩‍👧 שלום"} {
		if n := testing.AllocsPerRun(100, func() { _ = Sanitize(s) }); n != 0 {
			t.Errorf("Sanitize(%q) allocates %v times", s, n)
		}
	}
}

func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"\x1b[31mred", "\u009b", "a\nb", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Sanitize(s)
		if strings.ContainsAny(got, "\x1b\x07\n\r\t\u009b") || !utf8.ValidString(got) {
			t.Errorf("Sanitize(%q) = %q", s, got)
		}
	})
}
