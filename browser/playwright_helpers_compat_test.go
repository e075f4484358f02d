//go:build compat

package browser

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/internal/nodetools"
	"github.com/ariadne-tui/ariadne/refs"
)

// Helpers of the compat tier's checks against Playwright
// (playwright_compat_test.go).

// needPlaywright skips the test when node or playwright-core is missing,
// unless ARIADNE_REQUIRE_PLAYWRIGHT=1 (as in CI), where it fails.
func needPlaywright(t testing.TB) {
	t.Helper()
	why := ""
	if _, err := exec.LookPath("node"); err != nil {
		why = "node is not on PATH"
	} else if _, err := os.Stat(filepath.Join(playwrightDir, "node_modules", "playwright-core")); err != nil {
		why = "tools/playwright/node_modules is missing (npm ci there)"
	}
	if why == "" {
		return
	}
	if os.Getenv("ARIADNE_REQUIRE_PLAYWRIGHT") == "1" {
		t.Fatal(why)
	}
	t.Skip(why)
}

// playwrightSnapshots returns Playwright's snapshot of each URL (see
// aria-snapshot.mjs: iframes stitched like Ariadne's), from one browser,
// each taken once the page's readyWhen expression (if any) is true.
func playwrightSnapshots(t testing.TB, urls []string) map[string]string {
	t.Helper()
	ready, err := json.Marshal(readyWhen)
	if err != nil {
		t.Fatal(err)
	}
	out, err := runNode(t, 3*time.Minute, nil, "aria-snapshot.mjs", append([]string{"--json", "--ready", string(ready)}, urls...)...)
	if err != nil {
		t.Fatalf("aria-snapshot.mjs: %v", err)
	}
	m := map[string]string{}
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("aria-snapshot.mjs printed %q: %v", out, err)
	}
	return m
}

// compareWithPlaywright returns the lines where ours and Playwright's
// snapshot differ, after the normalizations below, or "", and how many
// lines were equal only after normalizing.
//
// Deliberate differences, normalized here:
//   - Control characters. Playwright quotes a name with JSON.stringify,
//     which leaves DEL and the C1 controls (U+007F-U+009F) raw, and then
//     wraps the key in single quotes because of them. Ariadne escapes them
//     (\u009b) so that no control character reaches a terminal; the key then
//     needs no quotes. Lines that differ only so are compared decoded.
func compareWithPlaywright(ours, theirs string) (string, int) {
	o := strings.Split(strings.TrimRight(ours, "\n"), "\n")
	p := strings.Split(strings.TrimRight(theirs, "\n"), "\n")
	var diff strings.Builder
	shown, normalized := 0, 0
	for i := 0; i < len(o) || i < len(p); i++ {
		var a, b string
		if i < len(o) {
			a = o[i]
		}
		if i < len(p) {
			b = p[i]
		}
		if a == b {
			continue
		}
		if hasC1(b) && decodeLine(a) == decodeLine(b) {
			normalized++
			continue
		}
		if refs.HasHidden(b) && (unquoteKey(a) == unquoteKey(b) || decodeLine(unquoteKey(a)) == decodeLine(unquoteKey(b))) {
			// Playwright prints bidi and invisible characters raw; we
			// put the key in YAML double quotes with \u escapes, and
			// write them as \u escapes in double-quoted values.
			normalized++
			continue
		}
		diff.WriteString("line " + strconv.Itoa(i+1) + ":\n  playwright: " + strconv.QuoteToGraphic(b) + "\n  ariadne:    " + strconv.QuoteToGraphic(a) + "\n")
		if shown++; shown == 10 {
			diff.WriteString("...\n")
			break
		}
	}
	return diff.String(), normalized
}

func hasC1(s string) bool {
	for _, r := range s {
		if r >= 0x7f && r <= 0x9f {
			return true
		}
	}
	return false
}

// unquoteKey undoes the YAML quoting of a line's key: single quotes, or
// the double quotes (JSON-compatible \u escapes) of a key holding a bidi
// or invisible character.
func unquoteKey(s string) string {
	ind := len(s) - len(strings.TrimLeft(s, " "))
	body := strings.TrimPrefix(s[ind:], "- ")
	switch {
	case strings.HasPrefix(body, `"`):
		dec := json.NewDecoder(strings.NewReader(body))
		var key string
		if err := dec.Decode(&key); err == nil {
			body = key + body[dec.InputOffset():]
		}
	case strings.HasPrefix(body, "'"):
		if end := strings.LastIndex(body, "'"); end > 0 {
			body = strings.ReplaceAll(body[1:end], "''", "'") + body[end+1:]
		}
	}
	return s[:ind] + body
}

// decodeLine undoes the YAML key quoting and the JSON escapes of a line,
// so that two spellings of the same name compare equal.
func decodeLine(s string) string {
	ind := len(s) - len(strings.TrimLeft(s, " "))
	body := strings.TrimPrefix(s[ind:], "- ")
	if strings.HasPrefix(body, "'") {
		if end := strings.LastIndex(body, "'"); end > 0 {
			body = strings.ReplaceAll(body[1:end], "''", "'") + body[end+1:]
		}
	}
	var b strings.Builder
	for i := 0; i < len(body); {
		if body[i] == '\\' && i+5 < len(body) && body[i+1] == 'u' {
			if v, err := strconv.ParseUint(body[i+2:i+6], 16, 32); err == nil {
				b.WriteRune(rune(v))
				i += 6
				continue
			}
		}
		r, n := utf8.DecodeRuneInString(body[i:])
		b.WriteRune(r)
		i += n
	}
	return s[:ind] + b.String()
}

// settle waits up to 3 s for the current page's CSS animations and
// transitions to finish, so that boxes are measured at rest (as
// verify-locators.mjs does on its side).
func settle(t *testing.T, b *Browser) {
	t.Helper()
	tab, ctx, w := mainWorld(t, b, 10*time.Second)
	for end := time.Now().Add(3 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		raw, err := tab.evalIn(ctx, w, `document.getAnimations().every((a) => a.playState !== "running")`)
		if err != nil {
			t.Fatal(err)
		}
		if string(raw) == "true" {
			return
		}
	}
}

// waitTrue waits until the page expression expr is true (within 30 s).
func waitTrue(t *testing.T, b *Browser, expr string) {
	t.Helper()
	tab, ctx, w := mainWorld(t, b, 30*time.Second)
	for {
		raw, err := tab.evalIn(ctx, w, "!!("+expr+")")
		if err != nil {
			t.Fatalf("waiting for %s: %v", expr, err)
		}
		if string(raw) == "true" {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the page never got to %s", expr)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// fidelityPages lists every test page and every demo page as URLs: the
// pages of testdata/pages from srv (iframe-cross.html with its inner page
// from other, a second origin), our own hard cases (testdata/fidelity,
// served by srv under /fidelity/), and the demo site from demoURL.
func fidelityPages(t *testing.T, srv, other, demoURL string) []string {
	t.Helper()
	var urls []string
	hard, err := filepath.Glob(filepath.Join("testdata", "fidelity", "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hard {
		urls = append(urls, srv+"/fidelity/"+filepath.Base(h))
	}
	entries, err := os.ReadDir(filepath.Join("..", "testdata", "pages"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		if name == "iframe-cross.html" {
			name += "?src=" + other + "/frame-inner.html"
		}
		urls = append(urls, srv+"/"+name)
	}
	demoPages, err := fs.Glob(demo.Site(), "*.html")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(demoPages)
	for _, p := range demoPages {
		urls = append(urls, demoURL+p)
	}
	return urls
}

func playwrightCounts(t *testing.T, url string, selectors []string) []int {
	t.Helper()
	chrome, err := FindChrome("")
	if err != nil {
		t.Skipf("no browser: %v", err)
	}
	data, err := json.Marshal(selectors)
	if err != nil {
		t.Fatal(err)
	}
	defer nodetools.Acquire(testContext(t, 10*time.Minute), t)()
	cmd := exec.CommandContext(testContext(t, 60*time.Second), "node", "-e", countScript, url)
	cmd.Dir = playwrightDir
	cmd.Env = append(os.Environ(), "CHROME_PATH="+chrome)
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var counts []int
	if err := json.Unmarshal(out, &counts); err != nil {
		t.Fatalf("node output %q: %v", out, err)
	}
	if len(counts) != len(selectors) {
		t.Fatalf("%d counts for %d selectors", len(counts), len(selectors))
	}
	return counts
}

// filterPage holds the text shapes filter({ hasText }) must read as
// Playwright does: markup inside the text, runs of whitespace, elements
// without space between them, zero-width characters, non-ASCII case, the
// value of a submit button, hidden elements and an open shadow root.
const filterPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Filters</title></head><body>
<ul>
  <li>Blue <b>Mug</b> $12</li>
  <li>blue   mug
      extra</li>
  <li>Blue mugs</li>
  <li><span>Teal</span><span>cup</span></li>
  <li style="display:none">Blue mug hidden</li>
  <li>Zero&#8203;width and soft&shy;hyphen</li>
  <li>ÇA VA ÉTÉ</li>
  <li><input type="submit" value="Send now"></li>
</ul>
<table><tr><td>Ada</td><td>Lovelace</td></tr><tr><td>Grace</td><td>Hopper</td></tr></table>
<div id="host"></div>
<article><h2>Blue mug</h2><button>Buy</button></article>
<script>
  document.getElementById('host').attachShadow({mode: 'open'}).innerHTML =
    '<article><h2>Shadow mug</h2><button>Buy</button></article>';
</script>
</body></html>`

// countScript prints, for a URL and a JSON list of selectors on stdin,
// Playwright's count of each.
const countScript = `
const { chromium } = require('playwright-core');
(async () => {
  const selectors = JSON.parse(require('fs').readFileSync(0, 'utf8'));
  const args = process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [];
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH, args });
  try {
    const page = await browser.newPage();
    await page.goto(process.argv[1]);
    const out = [];
    for (const s of selectors) out.push(await page.locator(s).count());
    process.stdout.write(JSON.stringify(out));
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
`
