//go:build compat

package refs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The compat tier (go test -tags compat): the emitters checked against
// Playwright's own locator generators and parser, run by node from
// playwright-core (locator_emit_test.go keeps the golden file and the spot
// values).

// playwrightDir finds an installed playwright-core: $ARIADNE_PLAYWRIGHT_DIR
// or /tmp/pw, each holding node_modules/playwright-core.
func playwrightDir() string {
	for _, dir := range []string{os.Getenv("ARIADNE_PLAYWRIGHT_DIR"), "/tmp/pw"} {
		if dir == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "node_modules", "playwright-core", "package.json")); err == nil {
			return dir
		}
	}
	return ""
}

// skipLoudly skips a check that needs a tool from outside Go, writing the
// reason to stderr as well (go test ./refs/ shows it only with -v or on
// failure). With ARIADNE_REQUIRE_PLAYWRIGHT=1, as CI should set, it fails
// instead.
func skipLoudly(t *testing.T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if os.Getenv("ARIADNE_REQUIRE_PLAYWRIGHT") == "1" {
		t.Fatal(msg)
	}
	fmt.Fprintf(os.Stderr, "WARNING: %s: %s\n", t.Name(), msg)
	t.Skip(msg)
}

// pwScript asks Playwright for asLocator(lang, selector) in each language
// and for the selector it parses each of our code strings back to.
const pwScript = `
const path = require('path');
const core = path.join(process.argv[1], 'node_modules', 'playwright-core', 'lib');
let iso;
try { iso = require(path.join(core, 'coreBundle.js')).iso; } catch (e) {}
if (!iso || !iso.asLocator) {
  iso = Object.assign({},
    require(path.join(core, 'utils', 'isomorphic', 'locatorGenerators.js')),
    require(path.join(core, 'utils', 'isomorphic', 'locatorParser.js')));
}
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const langs = ['javascript', 'python', 'java', 'csharp'];
const out = input.map(c => {
  const r = { code: {}, back: {} };
  for (const l of langs) {
    r.code[l] = iso.asLocator(l, c.internal);
    r.back[l] = iso.locatorOrSelectorAsSelector(l, c.ours[l], c.testIdAttr);
  }
  return r;
});
process.stdout.write(JSON.stringify({ version: require(path.join(core, '..', 'package.json')).version, out }));
`

// escapeRawHidden writes the Hidden characters that Playwright's code
// carries raw (only ever inside its string literals) as our emitters do.
func escapeRawHidden(code string, l Lang) string {
	st := utf16Escapes
	if l == Python {
		st = wideEscapes
	}
	var b strings.Builder
	for _, r := range code {
		if Hidden(r) {
			writeEscape(&b, r, st)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestEmitMatchesPlaywright feeds every internal selector of the table to
// Playwright's own asLocator and compares its code with ours byte for byte,
// then parses our code with Playwright's locator parser and checks that it
// gives back our internal selector.
func TestEmitMatchesPlaywright(t *testing.T) {
	t.Parallel()
	node, err := exec.LookPath("node")
	if err != nil {
		skipLoudly(t, "node not found: emitters NOT checked against Playwright")
	}
	dir := playwrightDir()
	if dir == "" {
		skipLoudly(t, "playwright-core not found (set ARIADNE_PLAYWRIGHT_DIR to a dir with node_modules/playwright-core): emitters NOT checked against Playwright")
	}
	type in struct {
		Internal   string            `json:"internal"`
		Ours       map[string]string `json:"ours"`
		TestIDAttr string            `json:"testIdAttr"`
	}
	// Validate rejects an exact filter, which no Playwright call makes, but
	// Code still prints it as Playwright would.
	cases := append(emitCases(),
		emitCase{"filter-exact-invalid", ByRole("listitem", "", false).then(Part{Kind: KindFilter, Text: "Blue's", Exact: true})},
		emitCase{"filter-exact-after-css-invalid", Locator{Parts: []Part{{Kind: KindCSS, CSS: "li"}, {Kind: KindFilter, Text: "Blue", Exact: true}}}},
	)
	var input []in
	var rows []emitted
	for _, c := range cases {
		e := emitAll(c)
		rows = append(rows, e)
		attr := DefaultTestIDAttr
		for _, p := range c.loc.Parts {
			if p.Kind == KindTestID && p.Attr != "" {
				attr = p.Attr
			}
		}
		ours := map[string]string{}
		for _, l := range Langs() {
			ours[string(l)] = e.code(l)
		}
		input = append(input, in{e.Internal, ours, attr})
	}
	data, err := json.Marshal(input)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "-e", pwScript, dir)
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var res struct {
		Version string `json:"version"`
		Out     []struct {
			Code map[string]string `json:"code"`
			Back map[string]string `json:"back"`
		} `json:"out"`
	}
	if err := json.Unmarshal(stdout, &res); err != nil {
		t.Fatal(err)
	}
	t.Logf("checked %d locators x %d languages against playwright-core %s in %s", len(cases), len(Langs()), res.Version, dir)
	for i, c := range cases {
		// Playwright's parser cannot read back text that was not valid
		// UTF-8 to begin with: we repaired it, so the selector differs.
		repaired := strings.Contains(c.name, "invalid-utf8")
		for _, l := range Langs() {
			// Playwright leaves bidi and invisible characters raw where we
			// escape them; otherwise the code is the same.
			got, want := rows[i].code(l), escapeRawHidden(res.Out[i].Code[string(l)], l)
			if got != want {
				t.Errorf("%s %s:\n ours:       %s\n playwright: %s\n internal:   %s", c.name, l, got, want, rows[i].Internal)
			}
			if back := res.Out[i].Back[string(l)]; back != rows[i].Internal && !repaired {
				t.Errorf("%s %s: Playwright parses our code back to\n %q\nwant\n %q", c.name, l, back, rows[i].Internal)
			}
		}
	}
}

// code is e's code in l.
func (e emitted) code(l Lang) string {
	switch l {
	case JavaScript:
		return e.JavaScript
	case Python:
		return e.Python
	case Java:
		return e.Java
	case CSharp:
		return e.CSharp
	}
	return ""
}
