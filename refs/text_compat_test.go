//go:build compat

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

// The compat tier (go test -tags compat): the snapshot text and its quoting
// checked against Playwright's own renderer and JSON.stringify, run by node
// from playwright-core (text_test.go keeps the examples and golden files).

// snapshotDir finds playwright-core for the checks against Playwright's own
// renderer: playwrightDir (see locator_emit_compat_test.go), then the repository's
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
	t.Parallel()
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
	t.Parallel()
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
