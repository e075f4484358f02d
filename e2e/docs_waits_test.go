package e2e

import (
	"io/fs"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/demo"
)

var (
	scriptOrTag = regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<[^>]*>`)
	blanks      = regexp.MustCompile(`\s+`)
)

// demoPageText is the text a demo page shows before its scripts run: its
// HTML without scripts and tags, whitespace collapsed.
func demoPageText(t *testing.T, rawURL string) string {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		u, err = url.Parse("http://" + rawURL)
	}
	if err != nil {
		t.Fatalf("example URL %q: %v", rawURL, err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	if name == "" {
		name = "index.html"
	}
	b, err := fs.ReadFile(demo.Site(), name)
	if err != nil {
		t.Fatalf("example URL %q: the demo has no %s: %v", rawURL, name, err)
	}
	return blanks.ReplaceAllString(scriptOrTag.ReplaceAllString(string(b), " "), " ")
}

// A wait for text in the docs' examples must wait for what the page adds
// later: if the demo page already says that text when it loads (the late
// page's "What to try" box once quoted the command, so `--wait 'text Loaded
// later'` ended at once and the Feed region was empty), the example shows
// no waiting.
func TestDocsWaitsNotMetAtLoad(t *testing.T) {
	t.Parallel()
	examples := docsExamples(t)
	checked := 0
	lateShown := false
	for _, ex := range examples {
		args, script := ex.command("http://127.0.0.1:8080")
		page := ""
		for _, a := range args {
			if strings.Contains(a, "127.0.0.1:8080") || strings.Contains(a, "localhost:8080") {
				page = a
			}
		}
		for i, a := range args {
			text, ok := "", false
			if a == "--wait" && i+1 < len(args) {
				text, ok = waitText(args[i+1])
			}
			if !ok {
				continue
			}
			checked++
			if page == "" {
				t.Errorf("%s:%d: --wait %q names no demo page", ex.file, ex.line, text)
			} else if strings.Contains(demoPageText(t, page), text) {
				t.Errorf("%s:%d: %s already shows %q when it loads; the wait ends at once", ex.file, ex.line, page, text)
			}
		}
		if strings.Contains(page, "late.html") && !ex.inline &&
			strings.Contains(ex.want, "  - region \"Feed\" [ref=e9]:\n    - paragraph [ref=e10]: Loaded later") {
			lateShown = true
		}
		open := ""
		for _, line := range strings.Split(script, "\n") {
			f := shellFields(line)
			switch {
			case len(f) == 2 && f[0] == "open":
				open = f[1]
			case len(f) == 3 && f[0] == "wait" && f[1] == "text" && open != "":
				checked++
				if strings.Contains(demoPageText(t, open), f[2]) {
					t.Errorf("%s:%d: %s already shows %q when it loads; `wait text` ends at once", ex.file, ex.line, open, f[2])
				}
			}
		}
	}
	if !lateShown {
		t.Error("the docs' late.html --wait example does not show the late paragraph under region \"Feed\" (TestDocsExamples checks that output)")
	}
	if checked < 2 {
		t.Errorf("checked %d text waits in the docs; the parser or the docs changed", checked)
	}
	// The check itself catches the old page text.
	if old := blanks.ReplaceAllString(scriptOrTag.ReplaceAllString(`<p>a paragraph "Loaded later" appears</p><script>p.textContent = 'x';</script>`, " "), " "); !strings.Contains(old, "Loaded later") {
		t.Errorf("page text %q lost the quoted words", old)
	}
}

func waitText(spec string) (string, bool) {
	if t, ok := strings.CutPrefix(spec, "text="); ok {
		return t, true
	}
	return strings.CutPrefix(spec, "text ")
}
