package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ariadne-tui/ariadne/recordings"
)

// These end-to-end tests record flows through the apps of
// testdata/pages/apps (a React-style store, a checkout wizard) with
// 'ariadne run --record', then replay them on the original app, on its
// reworked release (which must pass, acting on the same products and
// choices) and on its broken release (which must fail, at the step that
// checks the outcome).

// storeScript adds the Linen notebook and the Brass pen to the cart
// (found by position: the script knows the page), checks the cart and
// places the order.
const storeScript = `
open {{URL}}/apps/store.html
find add button "Add to cart" --nth 2
click $add
find cart list "Cart items"
assert text $cart "Linen notebook"
find add button "Add to cart" --nth 3
click $add
find cart list "Cart items"
assert text $cart "Linen notebook Brass pen"
find place button "Place order"
click $place
find done heading "Thank you!"
assert visible $done
find status status
assert text $status "Order placed: 2 items"
`

// checkoutScript goes through the four steps of the wizard with express
// delivery.
const checkoutScript = `
open {{URL}}/apps/checkout.html
find name textbox "Full name"
fill $name "Ada Lovelace"
find email textbox Email
fill $email ada@example.com
find addr textbox Address
fill $addr "12 Analytical Street"
find go button Continue
click $go
find express radio "Express (next day) — $14.99"
check $express
find go button Continue
click $go
find card textbox "Card number"
fill $card 4242424242424242
find go button Continue
click $go
find place button "Place order"
click $place
find done heading "Thank you!"
assert visible $done
find status status
assert text $status "Order confirmed for Ada Lovelace, Express (next day)"
`

// appsServer serves testdata/pages, with /apps/NAME.html answered by
// the release the returned function selects ("" is the original).
func appsServer(t *testing.T) (*httptest.Server, func(variant string)) {
	t.Helper()
	var variant atomic.Value
	variant.Store("")
	dir := filepath.Join("..", "testdata", "pages")
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := variant.Load().(string); v != "" && strings.HasPrefix(r.URL.Path, "/apps/") && strings.HasSuffix(r.URL.Path, ".html") {
			http.ServeFile(w, r, filepath.Join(dir, strings.TrimSuffix(r.URL.Path, ".html")+"."+v+".html"))
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, func(v string) { variant.Store(v) }
}

// recordScript records script against base into a new file.
func recordScript(t *testing.T, base, name, script string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	res, code := runTestScript(t, base, script, "--record", file)
	if code != 0 {
		for _, r := range res {
			t.Logf("%v", r)
		}
		t.Fatalf("recording %s: exit status %d", name, code)
	}
	return file
}

var failedAt = regexp.MustCompile(`replay failed at step (\d+) of (\d+)`)

// stepOf returns the replay's number ([N/...]) of the first recorded
// step of kind k whose summary holds what.
func stepOf(t *testing.T, rec *recordings.Recording, what string) int {
	t.Helper()
	offset := recordings.StepCount(rec) - len(rec.Steps) // the navigate a replay adds
	for i, s := range rec.Steps {
		if strings.Contains(recordings.Summary(s), what) {
			return i + 1 + offset
		}
	}
	t.Fatalf("no step says %q", what)
	return 0
}

func TestRecordedAppsReplayOnReleases(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv, use := appsServer(t)
	apps := []struct {
		name, script string
		outcome      string // the summary of the step that checks the outcome
	}{
		{"store", storeScript, `'Thank you!'`},
		{"checkout", checkoutScript, `'Thank you!'`},
	}
	for _, app := range apps {
		t.Run(app.name, func(t *testing.T) {
			use("")
			file := recordScript(t, srv.URL, app.name+".jsonl", app.script)
			rec, problems, err := recordings.Load(file)
			if err != nil || len(problems) > 0 {
				t.Fatalf("loading: %v %v", err, problems)
			}
			checkTargets(t, rec)
			for _, v := range []string{"", "reworked"} {
				use(v)
				stdout, stderr, code := replayCmd(t, file)
				if code != 0 {
					t.Fatalf("release %q: exit %d\n%s\n%s", v, code, stdout, stderr)
				}
				n := recordings.StepCount(rec)
				if !strings.Contains(stdout, fmt.Sprintf("[%d/%d]", n, n)) || !strings.Contains(stdout, fmt.Sprintf("passed: %d steps", n)) {
					t.Errorf("release %q: every step should run and pass:\n%s", v, stdout)
				}
				if v == "" && strings.Contains(stdout, "healed") {
					t.Errorf("nothing should heal on the page it was recorded on:\n%s", stdout)
				}
				t.Logf("release %q:\n%s", v, stdout)
			}
			use("broken")
			stdout, stderr, code := replayCmd(t, file)
			m := failedAt.FindStringSubmatch(stderr)
			if code != 1 || m == nil {
				t.Fatalf("the broken release should fail: exit %d\n%s\n%s", code, stdout, stderr)
			}
			if got, want := atoi(t, m[1]), stepOf(t, rec, app.outcome); got != want {
				t.Errorf("failed at step %d, want %d (the outcome check):\n%s", got, want, stderr)
			}
			if !strings.Contains(stderr, "not_locatable") || !strings.Contains(stderr, `"Payment failed", not the recorded heading "Thank you!"`) {
				t.Errorf("the failure should say what the fallback found:\n%s", stderr)
			}
		})
	}
}

// checkTargets checks that every recorded target carries its identity, a
// text-anchored XPath, and fallbacks of at least two kinds besides its
// chosen locator. For the store's Add to cart buttons, which no ladder
// candidate but the chosen one (the card told by its text) finds alone,
// those are the XPath and the button by role inside its card.
func checkTargets(t *testing.T, rec *recordings.Recording) {
	t.Helper()
	for i, s := range rec.Steps {
		if s.Target.Locator.IsZero() {
			continue
		}
		if s.Target.Identity == nil {
			t.Errorf("step %d (%s) has no identity", i+1, recordings.Summary(s))
		}
		kinds := map[string]bool{}
		for _, l := range s.Target.Fallbacks {
			kinds[string(l.Target().Kind)] = true
		}
		if !kinds["xpath"] {
			t.Errorf("step %d (%s) has no XPath fallback: %v", i+1, recordings.Summary(s), s.Target.Fallbacks)
		}
		if len(kinds) < 2 {
			t.Errorf("step %d (%s) has fallbacks of fewer than two kinds: %v", i+1, recordings.Summary(s), s.Target.Fallbacks)
		}
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestRecordedAppsExportsOnReleases exports the recordings of the apps
// and runs each export in its real tool on the three releases: it must
// pass on the original and the reworked one and fail on the broken one,
// as 'ariadne replay' does. The Python export is byte-compiled.
func TestRecordedAppsExportsOnReleases(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv, use := appsServer(t)
	var table []string
	for _, app := range []struct{ name, script string }{{"store", storeScript}, {"checkout", checkoutScript}} {
		use("")
		file := recordScript(t, srv.URL, app.name+".jsonl", app.script)
		dir := t.TempDir()
		pw := filepath.Join(dir, "pw")
		playwrightProject(t, pw, file)
		devtools := filepath.Join(dir, app.name+".json")
		exportCmd(t, "devtools-recorder", file, devtools)
		bin := buildChromedp(t, filepath.Join(dir, "cdp"), file)
		py := filepath.Join(dir, "test_"+app.name+".py")
		exportCmd(t, "playwright-python", file, py)
		if python, err := exec.LookPath("python3"); err == nil {
			if out, err := exec.Command(python, "-m", "py_compile", py).CombinedOutput(); err != nil {
				t.Errorf("%s: py_compile: %v\n%s", app.name, err, out)
			}
		}
		tools := []struct {
			name string
			run  func() error
		}{
			{"ariadne replay", func() error {
				stdout, stderr, code := replayCmd(t, file)
				if code != 0 {
					return fmt.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
				}
				return nil
			}},
			{"@playwright/test", func() error { return runPlaywright(t, pw) }},
			{"@puppeteer/replay", func() error { _, err := runDevTools(t, devtools); return err }},
			{"chromedp", func() error { return runChromedp(t, bin) }},
		}
		for _, tool := range tools {
			row := fmt.Sprintf("| %s | %s |", app.name, tool.name)
			for _, v := range []string{"", "reworked", "broken"} {
				use(v)
				err := tool.run()
				want := v != "broken"
				row += map[bool]string{true: " pass |", false: " FAIL |"}[err == nil]
				if (err == nil) != want {
					t.Errorf("%s in %s on the %q release: passed %v, want %v: %v", app.name, tool.name, v, err == nil, want, err)
				}
			}
			table = append(table, row)
		}
	}
	t.Logf("| app | tool | original | reworked | broken |\n| --- | --- | --- | --- | --- |\n%s", strings.Join(table, "\n"))
}

// TestReplayActsOutsideTheARIATree replays clicks on an SVG path and on a
// role-less span in a shadow root, and a scroll over a scrollable div,
// none of which is in the ARIA tree, and checks what the page says.
func TestReplayActsOutsideTheARIATree(t *testing.T) {
	srv := pagesServer(t)
	css := func(sel string) string { return `{"locator":{"parts":[{"kind":"css","css":"` + sel + `"}]}}` }
	status := func(want string) string {
		return `{"kind":"assert","target":{"locator":{"parts":[{"kind":"role","role":"status"}]}},"assert":{"kind":"text","expected":"` + want + `"}}`
	}
	file := filepath.Join(t.TempDir(), "outside.jsonl")
	writeText(t, file, strings.Join([]string{
		`{"format":"ariadne-recording","version":1,"startUrl":"` + srv.URL + `/outside.html"}`,
		`{"kind":"click","target":` + css("#dot") + `}`,
		status("Clicked: dot"),
		`{"kind":"click","target":` + css("chip-box span.chip") + `}`,
		status("Clicked: chip"),
		`{"kind":"scroll","target":` + css("#scroller") + `,"dy":200}`,
		`{"kind":"assert","target":{"locator":{"parts":[{"kind":"css","css":"#scrolled"}]}},"assert":{"kind":"text","expected":"Scrolled: 200"}}`,
	}, "\n")+"\n")
	stdout, stderr, code := replayCmd(t, file)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}
