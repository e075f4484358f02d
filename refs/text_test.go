package refs

import (
	"strings"
	"testing"
)

// quotingCases are strings that exercise every rule of Playwright's
// yamlStringNeedsQuotes, yamlEscapeKeyIfNeeded, yamlEscapeValueIfNeeded and
// JSON.stringify.
var quotingCases = []string{
	"", " ", "a", "plain words", " a", "a ", "\ta", "a\n", "a\nb", "a\rb", "a\r\nb",
	"a: b", "a:b", "a:", "key: ", "http://x/y", "- a", "-a", "-", "a - b", "a-b",
	"#a", "a #b", "a#b", "&a", "*a", "]a", ",a", "?a", "!a", ">a", "|a", "@a", `"a`, "'a", "%a",
	"a{", "a}", "a`b", "[a", "a[", "a]", "a,b", "a?", "a!",
	"1", "-1", "+1", "1.5", ".5", "5.", "1e5", "1E-5", "0x1F", "0X1f", "0o17", "0b101", "0xG",
	"Infinity", "-Infinity", "+Infinity", "infinity", "NaN", "1_000", " 12 ", "\u00a012", "12\u00a0", "1 2",
	"y", "Y", "n", "yes", "No", "TRUE", "false", "on", "OFF", "null", "Null", "~", "none",
	"a\x00b", "a\x07b", "a\bb", "a\fb", "a\vb", "a\x1bb", "\x1b[31mred\x1b[0m", "\x7f", "a\u0085b", "a\u009bb",
	"a\u00a0b", "\u2028", "a\u2028b", "\ufeffa", "\u3000a", "a\u205f",
	"😀", "😀 :x", `a\b`, `a"b`, "a'b", `C:\Users\ada`, "It's \"both\"", "x\u200by", "e\u0301", "إرسال", "送信する",
}

func TestYAMLQuotingExamples(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, key, value string }{
		{"plain", "plain", "plain"},
		{"", "''", `""`},
		{"a: b", "'a: b'", `"a: b"`},
		{"a:b", "a:b", "a:b"},
		{"It's", "It's", "It's"},
		{"'quoted'", "'''quoted'''", `"'quoted'"`},
		{`say "hi"`, `say "hi"`, `say "hi"`},
		{`"hi"`, `'"hi"'`, `"\"hi\""`},
		{"42", "'42'", `"42"`},
		{"0x1F", "'0x1F'", `"0x1F"`},
		{"yes", "'yes'", `"yes"`},
		{"- item", "'- item'", `"- item"`},
		{"a #b", "'a #b'", `"a #b"`},
		{"line\nbreak", "'line\nbreak'", `"line\nbreak"`},
		{"tab\there", "tab\there", "tab\there"},
		{"\x1b[31m", "'\x1b[31m'", `"\x1b[31m"`},
		{"bell\x07", "'bell\x07'", `"bell\x07"`},
		{"csi\u009b", `"csi\u009b"`, `"csi\x9b"`}, // C1: escaped, not raw as Playwright
		{" lead", "' lead'", `" lead"`},
		{"nbsp\u00a0", "'nbsp\u00a0'", "\"nbsp\u00a0\""},
		{`back\slash`, `back\slash`, `back\slash`},
		{`"back\slash"`, `'"back\slash"'`, `"\"back\\slash\""`},
		{"{x}", "'{x}'", `"{x}"`},
		// Bidi and invisible characters: escaped in double quotes, which
		// YAML reads back (Playwright leaves them raw).
		{"x\u200by", `"x\u200by"`, `"x\u200by"`},
		{"Pay \u202egnp.exe", `"Pay \u202egnp.exe"`, `"Pay \u202egnp.exe"`},
		{"\ufeffa\u2028", `"\ufeffa\u2028"`, `"\ufeffa\u2028"`},
		{"tag\U000E0041", `"tag\udb40\udc41"`, `"tag\udb40\udc41"`},
	}
	for _, tt := range tests {
		if got := yamlKey(tt.in); got != tt.key {
			t.Errorf("yamlKey(%q) = %q, want %q", tt.in, got, tt.key)
		}
		if got := yamlValue(tt.in); got != tt.value {
			t.Errorf("yamlValue(%q) = %q, want %q", tt.in, got, tt.value)
		}
	}
}

func TestJSQuote(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"plain", `"plain"`},
		{`a"b\c`, `"a\"b\\c"`},
		{"\b\f\n\r\t", `"\b\f\n\r\t"`},
		{"\x00\x1b\x1f", `"\u0000\u001b\u001f"`},
		{"\x7f\u0085\u009b", `"\u007f\u0085\u009b"`}, // raw in JSON.stringify: escaped on purpose
		{"\u2028é😀", `"\u2028é😀"`},
		{"Pay \u202egnp.exe\u200b", `"Pay \u202egnp.exe\u200b"`},
	}
	for _, tt := range tests {
		if got := jsQuote(tt.in); got != tt.want {
			t.Errorf("jsQuote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestTextGolden keeps the text of the sample trees, with and without refs.
func TestTextGolden(t *testing.T) {
	t.Parallel()
	for _, tr := range sampleTrees() {
		goldenFile(t, "snapshots/"+tr.name+".txt", []byte(Text(tr.root, TextOptions{})))
		goldenFile(t, "snapshots/"+tr.name+"-norefs.txt", []byte(Text(tr.root, TextOptions{NoRefs: true})))
	}
}

// TestTextNoControlCharacters: whatever the page says, the text holds no
// control character but the line feeds between lines (and tabs, which
// Playwright leaves in values that need no quotes).
func TestTextNoControlCharacters(t *testing.T) {
	t.Parallel()
	root := &Node{Role: "document"}
	for i, s := range quotingCases {
		root.Children = append(root.Children,
			&Node{Ref: "e" + string(rune('a'+i%26)), Role: "button", Name: s},
			&Node{Role: "link", Name: s, URL: s, HasURL: true, Children: []*Node{txt(s)}},
			&Node{Role: "textbox", Placeholder: s, Children: []*Node{txt(s)}},
			txt(s))
	}
	out := Text(root, TextOptions{})
	for i, r := range out {
		if r == '\n' || r == '\t' {
			continue
		}
		if r < 0x20 || (r >= 0x7f && r <= 0x9f) {
			t.Fatalf("control character %U at byte %d: %q", r, i, out[max(0, i-40):min(len(out), i+40)])
		}
	}
}

// TestTextSecretPattern prints a filled password field as a pattern that
// says nothing of the secret, with or without a placeholder.
func TestTextSecretPattern(t *testing.T) {
	t.Parallel()
	pw := func(ph string) *Node {
		return &Node{Role: "textbox", Name: "Password", Value: SecretMask, HasValue: true, Placeholder: ph,
			Children: []*Node{{Role: "text", Name: SecretMask}}}
	}
	root := &Node{Role: "document", Children: []*Node{pw(""), pw("min. 8 characters"), {Role: "textbox", Name: "Empty", HasValue: true}}}
	want := "- textbox \"Password\": /.+/\n- textbox \"Password\":\n  - /placeholder: min. 8 characters\n  - text: /.+/\n- textbox \"Empty\"\n"
	if got := Text(root, TextOptions{NoRefs: true}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestTextEscapesInvisible: a name or value holding a bidi or invisible
// character is printed in YAML double quotes with \u escapes, never raw.
func TestTextEscapesInvisible(t *testing.T) {
	t.Parallel()
	root := &Node{Children: []*Node{
		{Role: "button", Name: "Pay \u202egnp.exe\u200b", Ref: "e1"},
		{Role: "paragraph", Children: []*Node{{Role: "text", Name: "a\u2066b\u2069 \"c\""}}},
		{Role: "link", Name: `q"\`, URL: "/x\u200b"},
	}}
	got := Text(root, TextOptions{})
	want := `- "button \"Pay \u202egnp.exe\u200b\" [ref=e1]"
- paragraph: "a\u2066b\u2069 \"c\""
- link "q\"\\":
  - /url: "/x\u200b"
`
	if got != want {
		t.Errorf("Text =\n%s\nwant\n%s", got, want)
	}
	if HasHidden(strings.ReplaceAll(got, "\n", "")) {
		t.Errorf("Text left a hidden character raw: %q", got)
	}
}
