package refs

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
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

// snapshotDir finds playwright-core for the checks against Playwright's own
// renderer: playwrightDir (see locator_emit_test.go), then the repository's
// tools/playwright.
func snapshotDir() string {
	if dir := playwrightDir(); dir != "" {
		return dir
	}
	dir := filepath.Join("..", "tools", "playwright")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "playwright-core", "package.json")); err == nil {
		abs, _ := filepath.Abs(dir)
		return abs
	}
	return ""
}

// runPlaywrightIso runs script with node; the script reads JSON on stdin,
// finds Playwright's isomorphic helpers in iso, and prints JSON.
func runPlaywrightIso(t *testing.T, script string, input any, out any) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		skipLoudly(t, "node not found: snapshot text NOT checked against Playwright")
	}
	dir := snapshotDir()
	if dir == "" {
		skipLoudly(t, "playwright-core not found (tools/playwright/node_modules or ARIADNE_PLAYWRIGHT_DIR): snapshot text NOT checked against Playwright")
	}
	data, err := json.Marshal(input)
	if err != nil {
		t.Fatal(err)
	}
	prelude := `const path = require('path');
const iso = require(path.join(process.argv[1], 'node_modules', 'playwright-core', 'lib', 'coreBundle.js')).iso;
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
`
	cmd := exec.Command(node, "-e", prelude+script, dir)
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	res, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	if err := json.Unmarshal(res, out); err != nil {
		t.Fatalf("node printed %q: %v", res, err)
	}
}

// TestQuotingMatchesPlaywright compares yamlKey, yamlValue and jsQuote
// with Playwright's yamlEscapeKeyIfNeeded, yamlEscapeValueIfNeeded and
// JSON.stringify on every quoting case.
func TestQuotingMatchesPlaywright(t *testing.T) {
	var got []struct{ Key, Value, JSON string }
	runPlaywrightIso(t, `
process.stdout.write(JSON.stringify(input.map(s => ({
  Key: iso.yamlEscapeKeyIfNeeded(s), Value: iso.yamlEscapeValueIfNeeded(s), JSON: JSON.stringify(s) }))));
`, quotingCases, &got)
	for i, s := range quotingCases {
		if hasInvisible(s) {
			// Playwright leaves bidi and invisible characters raw; we
			// escape them on purpose (TestYAMLQuotingExamples).
			continue
		}
		if k := yamlKey(s); k != got[i].Key && !keyNeedsYAMLEscapes(s) {
			t.Errorf("yamlKey(%q) = %q, Playwright %q", s, k, got[i].Key)
		}
		if v := yamlValue(s); v != got[i].Value {
			t.Errorf("yamlValue(%q) = %q, Playwright %q", s, v, got[i].Value)
		}
		want := got[i].JSON
		if hasDELorC1(s) {
			// JSON.stringify leaves DEL and C1 raw; we escape them on
			// purpose (see jsQuote), so compare with that done to theirs.
			want = escapeDELC1(want)
		}
		if q := jsQuote(s); q != want {
			t.Errorf("jsQuote(%q) = %s, JSON.stringify %s", s, q, want)
		}
	}
}

func hasDELorC1(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 0x7f && r <= 0x9f })
}

func escapeDELC1(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 0x7f && r <= 0x9f {
			b.WriteString(`\u00` + strings.ToLower(string("0123456789ABCDEF"[r>>4])+string("0123456789ABCDEF"[r&15])))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// pwNode converts a tree to the JSON that Playwright's
// renderAriaSnapshotAsYaml takes (its renderAriaTreeAsJSON output).
func pwNode(n *Node) any {
	if n.IsText() {
		return map[string]any{"role": "text", "text": n.Name}
	}
	m := map[string]any{"role": n.Role}
	if n.Name != "" {
		m["name"] = n.Name
	}
	switch n.Checked {
	case "true":
		m["checked"] = true
	case "mixed":
		m["checked"] = "mixed"
	}
	if n.Disabled {
		m["disabled"] = true
	}
	if n.Expanded == "true" {
		m["expanded"] = true
	}
	switch {
	case n.InvalidKind != "":
		m["invalid"] = n.InvalidKind
	case n.Invalid:
		m["invalid"] = true
	}
	if n.Level > 0 {
		m["level"] = n.Level
	}
	switch n.Pressed {
	case "true":
		m["pressed"] = true
	case "mixed":
		m["pressed"] = "mixed"
	}
	if n.Selected {
		m["selected"] = true
	}
	if n.URL != "" || n.HasURL {
		m["url"] = n.URL
	}
	if n.Placeholder != "" {
		m["placeholder"] = n.Placeholder
	}
	if len(n.Children) == 1 && n.Children[0].IsText() {
		m["text"] = n.Children[0].Name
	} else if len(n.Children) > 0 {
		var kids []any
		for _, c := range n.Children {
			if c.IsText() {
				kids = append(kids, c.Name)
			} else {
				kids = append(kids, pwNode(c))
			}
		}
		m["children"] = kids
	}
	return m
}

// TestTextMatchesPlaywrightRenderer renders the sample trees with Text
// (no refs) and with Playwright's renderAriaSnapshotAsYaml.
func TestTextMatchesPlaywrightRenderer(t *testing.T) {
	trees := sampleTrees()
	var input [][]any
	for _, tr := range trees {
		var top []any
		for _, c := range tr.root.Children {
			top = append(top, pwNode(c))
		}
		input = append(input, top)
	}
	var got []string
	runPlaywrightIso(t, `process.stdout.write(JSON.stringify(input.map(j => iso.renderAriaSnapshotAsYaml(j))));`, input, &got)
	for i, tr := range trees {
		ours := strings.TrimSuffix(Text(tr.root, TextOptions{NoRefs: true}), "\n")
		theirs := got[i]
		if hasDELorC1(theirs) {
			// Keys with DEL or C1 differ on purpose (see jsQuote): compare
			// the lines without those keys.
			ours, theirs = dropC1Lines(ours), dropC1Lines(theirs)
		}
		if ours != theirs {
			t.Errorf("%s:\nours:\n%s\nPlaywright:\n%s", tr.name, ours, theirs)
		}
	}
}

func dropC1Lines(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !hasDELorC1(l) && !strings.Contains(l, `\u00`) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestTextGolden keeps the text of the sample trees, with and without refs.
func TestTextGolden(t *testing.T) {
	for _, tr := range sampleTrees() {
		goldenFile(t, "snapshots/"+tr.name+".txt", []byte(Text(tr.root, TextOptions{})))
		goldenFile(t, "snapshots/"+tr.name+"-norefs.txt", []byte(Text(tr.root, TextOptions{NoRefs: true})))
	}
}

// TestTextNoControlCharacters: whatever the page says, the text holds no
// control character but the line feeds between lines (and tabs, which
// Playwright leaves in values that need no quotes).
func TestTextNoControlCharacters(t *testing.T) {
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
