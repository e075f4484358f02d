package browser

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ariadne-tui/ariadne/internal/nodetools"
	"github.com/ariadne-tui/ariadne/refs"
)

// Helpers that run tools/playwright/*.mjs with playwright-core on the same
// Chromium, for the tests that compare Ariadne with Playwright.

// playwrightDir is where the npm packages are installed.
var playwrightDir = filepath.Join("..", "tools", "playwright")

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

// runNode runs node on script (in tools/playwright) with args and the
// extra environment env, with the Chromium Ariadne would launch, and
// returns its standard output.
func runNode(t testing.TB, timeout time.Duration, env []string, script string, args ...string) ([]byte, error) {
	t.Helper()
	chrome, err := FindChrome("")
	if err != nil {
		t.Skipf("no browser: %v", err)
	}
	// The timeout counts from when the tool starts, not from when it
	// waited for a slot.
	defer nodetools.Acquire(testContext(t, 10*time.Minute), t)()
	ctx := testContext(t, timeout)
	cmd := exec.CommandContext(ctx, "node", append([]string{script}, args...)...)
	cmd.Dir = playwrightDir
	cmd.Env = append(append(os.Environ(), "CHROME_PATH="+chrome), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && stderr.Len() > 0 {
		t.Logf("node %s: %s", script, stderr.String())
	}
	return out, err
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
