package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/recordings"
)

// Tests of 'ariadne export': formats, files, limits, and what the exports
// hold. (The exports run in their real tools in export_compat_test.go; an
// export stopped by a signal in export_e2e_test.go.)

// signinGolden is a recording to export.
var signinGolden = filepath.Join("..", "recordings", "testdata", "signin.jsonl.golden")

// TestExportFormatFromExtension: without --format, export writes the
// format OUT's extension names (byte for byte what --format writes) and
// says so on standard error; an extension no format has, and standard
// output, get playwright-test, silently; --format wins over the extension.
func TestExportFormatFromExtension(t *testing.T) {
	t.Parallel()
	rec := signinGolden
	want := func(format string) string {
		t.Helper()
		out, stderr, code := exportRun(t, "--format", format, rec)
		if code != 0 {
			t.Fatalf("export --format %s: exit %d: %s", format, code, stderr)
		}
		return out
	}
	dir := t.TempDir()
	for _, tc := range []struct{ name, format, note string }{
		{"signin.spec.ts", "playwright-test", ".spec.ts"},
		{"signin.ts", "playwright-test", ".ts"},
		{"test_signin.py", "playwright-python", ".py"},
		{"signin.json", "devtools-recorder", ".json"},
		{"SIGNIN.JSON", "devtools-recorder", ".json"},
		{"main.go", "chromedp", ".go"},
		{"signin.txt", "playwright-test", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.name)
			_, stderr, code := exportRun(t, rec, "-o", out)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if got := readText(t, out); got != want(tc.format) {
				t.Errorf("%s is not the %s export:\n%s", tc.name, tc.format, got)
			}
			note := "writing " + tc.format + ", as " + tc.note + " names it"
			if tc.note == "" && stderr != "" {
				t.Errorf("stderr %q, want nothing", stderr)
			}
			if tc.note != "" && !strings.Contains(stderr, note) {
				t.Errorf("stderr %q, want it to say %q", stderr, note)
			}
		})
	}
	if out, stderr, code := exportRun(t, rec); code != 0 || out != want("playwright-test") || stderr != "" {
		t.Errorf("export to standard output: exit %d, stderr %q, playwright-test %v", code, stderr, out == want("playwright-test"))
	}
	out := filepath.Join(dir, "chosen.json")
	if _, stderr, code := exportRun(t, "--format", "chromedp", rec, "-o", out); code != 0 || stderr != "" {
		t.Fatalf("--format chromedp -o chosen.json: exit %d: %s", code, stderr)
	}
	if readText(t, out) != want("chromedp") {
		t.Errorf("--format chromedp to a .json file did not write chromedp")
	}
	help, _, _ := exportRun(t, "--help")
	if !strings.Contains(help, "Usage: ariadne export [--format FORMAT] FILE") || !strings.Contains(help, "default: from OUT's extension, else playwright-test") {
		t.Errorf("export --help does not say --format is optional and what it defaults to:\n%s", help)
	}
}

// TestExportOverwrite: -o replaces an existing file, as cp does; -n (or
// --no-clobber) refuses, exit 1 with a coded error naming the file, and
// leaves it as it was; -n writes a file that does not exist; -n without
// -o is a usage error.
func TestExportOverwrite(t *testing.T) {
	t.Parallel()
	rec := signinGolden
	want, stderr, code := exportRun(t, "--format", "playwright-test", rec)
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "signin.spec.ts")
	const mine = "// my own test, not to lose\n"

	writeText(t, out, mine)
	if _, stderr, code := exportRun(t, "--format", "playwright-test", rec, "-o", out); code != 0 {
		t.Fatalf("export over an existing file: exit %d: %s", code, stderr)
	}
	if readText(t, out) != want {
		t.Errorf("-o did not replace the existing file with the export")
	}

	for _, flag := range []string{"-n", "--no-clobber"} {
		writeText(t, out, mine)
		_, stderr, code := exportRun(t, "--format", "playwright-test", flag, rec, "-o", out)
		if code != 1 || !strings.Contains(stderr, "bad_argument") || !strings.Contains(stderr, out+" exists") {
			t.Errorf("%s over an existing file: exit %d, stderr %q; want exit 1, bad_argument, %q", flag, code, stderr, out+" exists")
		}
		if got := readText(t, out); got != mine {
			t.Errorf("%s replaced the existing file:\n%s", flag, got)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*partial*")); len(left) > 0 {
			t.Errorf("%s left %v behind", flag, left)
		}
	}

	fresh := filepath.Join(dir, "fresh.spec.ts")
	if _, stderr, code := exportRun(t, "-n", rec, "-o", fresh); code != 0 || readText(t, fresh) != want {
		t.Errorf("-n to a new file: exit %d: %s", code, stderr)
	}
	if _, stderr, code := exportRun(t, "-n", rec); code != 2 || !strings.Contains(stderr, "give one with -o") {
		t.Errorf("-n without -o: exit %d, stderr %q; want a usage error", code, stderr)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Errorf("the directory holds %d files, want the two exports", len(entries))
	}
}

// TestExportIntoMissingDirectory: -o in a directory that does not exist is
// a coded error that says to create it (the README's chromedp example
// writes into a directory of its own), and nothing is written.
func TestExportIntoMissingDirectory(t *testing.T) {
	t.Parallel()
	rec := signinGolden
	dir := filepath.Join(t.TempDir(), "replay")
	out := filepath.Join(dir, "main.go")
	_, stderr, code := exportRun(t, "--format", "chromedp", rec, "-o", out)
	if code != 1 || !strings.HasPrefix(stderr, "ariadne: export: bad_argument: no directory "+dir+" to write main.go in; create it first (mkdir -p "+dir+")") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s: %v; want nothing created", dir, err)
	}
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := exportRun(t, "--format", "chromedp", rec, "-o", out); code != 0 || !strings.Contains(readText(t, out), "package main") {
		t.Errorf("after mkdir: exit %d: %s", code, stderr)
	}
}

// TestExportLineLimit: a recording with a line over 16 MiB is refused
// with a coded error naming the file and the line, and writes nothing; the
// same file without it exports.
func TestExportLineLimit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good, err := os.ReadFile(signinGolden)
	if err != nil {
		t.Fatal(err)
	}
	long := append(append(bytes.Clone(good), `{"kind":"navigate","url":"http://127.0.0.1/`...), bytes.Repeat([]byte("x"), 17<<20)...)
	long = append(long, "\"}\n"...)
	path := filepath.Join(dir, "long.jsonl")
	if err := os.WriteFile(path, long, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "long.spec.ts")
	lines := bytes.Count(good, []byte("\n"))
	stdout, stderr, code := ariadne(t, "export", "--format", "playwright-test", path, "-o", out)
	want := "ariadne: bad_argument: " + path + ": line " + strconv.Itoa(lines+1) + " is longer than 16 MiB, the most a recording line may hold"
	if code != 1 || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, "remove or shorten that line") {
		t.Errorf("exit %d, stderr %q: want %q", code, stderr, want)
	}
	if stdout != "" {
		t.Errorf("stdout %q", stdout)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the export left %v", entries)
	}
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if stdout, stderr, code := ariadne(t, "export", "--format", "playwright-test", path); code != 0 || !strings.Contains(stdout, "test('Sign in'") {
		t.Errorf("without the long line: exit %d %q %q", code, stdout, stderr)
	}
}

// oopifFlow is a DevTools Recorder flow whose steps act in an
// out-of-process iframe (their target is the frame's URL: a payment frame
// served by the other loopback name, another site, so Chromium runs it in
// a process of its own) on the release of testdata/pages/frames at base
// (framesServer). The page loads the frame; the frame's Pay button
// charges the card ("Charged $12.00" in the frame) and tells the page
// ("Order paid"). It returns the frame's URL and the flow.
func oopifFlow(base, release string) (card, flow string) {
	u := base + "/frames/" + release + "/"
	card = otherSite(u) + "card.html"
	return card, `{"title":"pay in a cross-site frame","steps":[
 {"type":"setViewport","width":900,"height":700,"deviceScaleFactor":1,"isMobile":false,"hasTouch":false,"isLandscape":false},
 {"type":"navigate","url":"` + u + `pay.html?src=` + card + `"},
 {"type":"click","target":"` + card + `","selectors":[["aria/Pay[role=\"button\"]"],["#pay"]],"offsetX":4,"offsetY":4},
 {"type":"waitForElement","target":"` + card + `","selectors":[["#status"]],"properties":{"textContent":"Charged $12.00"}},
 {"type":"waitForElement","target":"main","selectors":[["#status"]],"properties":{"textContent":"Order paid"}}
]}`
}

// oopifReleases are the releases of oopifFlow's pages: the original, the
// reordered one (a newsletter frame now comes first: the payment frame is
// child frame 1), which pass, and the declined one (the same button, but
// the frame says "Card declined"), which fails at the frame's check.
var oopifReleases = []struct {
	release string
	pass    bool
}{{"original", true}, {"reordered", true}, {"declined", false}}

// TestExportOOPIFStep imports oopifFlow on each release and exports it:
// export, import, export of the DevTools JSON is the same, and the
// Playwright Test and Python exports act in the frame, found by its URL,
// waiting for no popup. (The exports run in @playwright/test, as a
// chromedp program and in py_compile: TestExportOOPIFStepInTools, compat.)
func TestExportOOPIFStep(t *testing.T) {
	t.Parallel()
	srv := framesServer(t)
	for _, tc := range oopifReleases {
		t.Run(tc.release, func(t *testing.T) {
			dir := t.TempDir()
			card, f := oopifFlow(srv.URL, tc.release)
			_, file, rec := importFlow(t, dir, f)
			exportTwice(t, rec)

			spec := filepath.Join(dir, "recording.spec.ts")
			exportCmd(t, "playwright-test", file, spec)
			if src := readText(t, spec); !strings.Contains(src, "(await frame(page, '"+card+"')).getByRole('button', { name: 'Pay', exact: true }).click()") ||
				strings.Contains(src, "waitForEvent('popup')") {
				t.Errorf("the spec should click Pay in the frame at %s, and wait for no popup:\n%s", card, src)
			}
			py := filepath.Join(dir, "test_recording.py")
			exportCmd(t, "playwright-python", file, py)
			if src := readText(t, py); !strings.Contains(src, `frame(page, "`+card+`").get_by_role("button", name="Pay", exact=True).click()`) {
				t.Errorf("the Python test should click Pay in the frame at %s:\n%s", card, src)
			}
		})
	}
}

// typedSignInScript types (key by key, as the explorer's t does) into the
// demo sign-in page's Email field, fills the password and submits with
// Enter pressed on the Email field, which the step before did not act on.
const typedSignInScript = `
open {{URL}}/signin.html
find email textbox Email
type $email ada@example.com
find pw textbox Password
fill $pw "` + testPassword + `"
press $email Enter
find status status
assert text $status "Signed in as ada@example.com"
`

// typedSignInServer serves the demo site; while broken is set its sign-in
// page's Email field is renamed "Login" (label, id, name, type and placeholder),
// so that no recorded selector finds it.
func typedSignInServer(t *testing.T, broken *atomic.Bool) *httptest.Server {
	t.Helper()
	site := demo.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !broken.Load() || r.URL.Path != "/signin.html" {
			site.ServeHTTP(w, r)
			return
		}
		f, err := demo.Site().Open("signin.html")
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		defer f.Close()
		b, err := io.ReadAll(f)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		page := strings.NewReplacer(`for="email">Email<`, `for="login">Login<`,
			`id="email" name="email" type="email"`, `id="login" name="login" type="text"`,
			`placeholder="ada@example.com"`, `placeholder="you"`,
			`'email', 'password'`, `'login', 'password'`,
			`form.elements.email`, `form.elements.login`,
			`id="email-error"`, `id="login-error"`, `aria-describedby="email-error"`, `aria-describedby="login-error"`).Replace(string(b))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, page)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// recordTyped records typedSignInScript with 'run --record' into
// dir/typed.jsonl, checks that it holds a type step on a field, and
// returns the file.
func recordTyped(t *testing.T, base, dir string) string {
	t.Helper()
	file := filepath.Join(dir, "typed.jsonl")
	if res, code := runTestScript(t, base, typedSignInScript, "--record", file); code != 0 {
		t.Fatalf("recording: exit %d: %v", code, res)
	}
	rec := loadRecording(t, file)
	var typed *recordings.Step
	for i, s := range rec.Steps {
		if s.Kind == recordings.Type {
			typed = &rec.Steps[i]
		}
	}
	if typed == nil || typed.Target.Locator.IsZero() {
		t.Fatalf("the recording has no type step on a field: %+v", rec.Steps)
	}
	return file
}

// TestExportDevToolsTypedField records typing into a field with 'run
// --record' and exports it as a DevTools Recorder flow, which
// typedExportReplays checks: imported back, it replays in Ariadne, and
// fails with the Email field renamed. (@puppeteer/replay replays the same
// export: TestExportDevToolsTypedFieldInTools, compat.) The replays read
// ARIADNE_SECRET_PASSWORD from the test's environment (setenv).
func TestExportDevToolsTypedField(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	setenv(t, "ARIADNE_SECRET_PASSWORD", testPassword)
	var broken atomic.Bool
	srv := typedSignInServer(t, &broken)
	dir := t.TempDir()
	file := recordTyped(t, srv.URL, dir)
	typedExportReplays(t, dir, file, &broken, true)
}

// typedExport exports file, which typed ada@example.com into the demo
// sign-in's Email field and signed in, as a DevTools flow into
// dir/typed.json and returns that.
func typedExport(t *testing.T, dir, file string) string {
	t.Helper()
	out := filepath.Join(dir, "typed.json")
	exportCmd(t, "devtools-recorder", file, out)
	return out
}

// typedExportReplays exports file (typedExport): the typing must be a
// change step with the field's selectors (and, when pressed, the Enter on
// the field a click on it then the key); the flow imported back into
// Ariadne must fill the field and sign in, and fail once broken renames
// the field, as the recording itself does.
func typedExportReplays(t *testing.T, dir, file string, broken *atomic.Bool, pressed bool) {
	t.Helper()
	out := typedExport(t, dir, file)
	var flow struct {
		Steps []struct {
			Type      string     `json:"type"`
			Selectors [][]string `json:"selectors"`
			Value     *string    `json:"value"`
			Key       string     `json:"key"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(readText(t, out)), &flow); err != nil {
		t.Fatal(err)
	}
	var kinds []string
	changed := false
	for _, s := range flow.Steps {
		kinds = append(kinds, s.Type)
		if s.Type == "change" && s.Value != nil && *s.Value == "ada@example.com" && len(s.Selectors) > 0 {
			changed = true
		}
		if s.Type == "keyDown" && len(s.Key) == 1 {
			t.Errorf("the export types %q as a bare key step: %s", s.Key, readText(t, out))
		}
	}
	if !changed {
		t.Fatalf("the export has no change step with the email and the field's selectors: %v\n%s", kinds, readText(t, out))
	}
	// The Enter on the Email field follows a click on it: key steps have
	// no selectors.
	if got := strings.Join(kinds, " "); pressed && !strings.Contains(got, "change click keyDown keyUp") {
		t.Errorf("the press on the Email field should be a click then Enter: %s", got)
	}

	imported := filepath.Join(dir, "imported.jsonl")
	if _, errs, code := ariadne(t, "import", out, "-o", imported); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	back := loadRecording(t, imported)
	filled := false
	for _, s := range back.Steps {
		if s.Kind == recordings.Press && s.Target.Locator.IsZero() && len(s.Key) == 1 {
			t.Errorf("the import has a target-less press %q: the typing lost its field", s.Key)
		}
		if s.Kind == recordings.Fill && s.Text.Text == "ada@example.com" && !s.Target.Locator.IsZero() {
			filled = true
		}
	}
	if !filled {
		t.Errorf("the import has no fill of the email into a field: %+v", back.Steps)
	}
	stdout, stderr, code := replayCmd(t, imported)
	if code != 0 {
		t.Fatalf("replaying the import: exit %d\n%s\n%s", code, stdout, stderr)
	}

	broken.Store(true)
	if stdout, stderr, code := replayCmd(t, imported); code != 1 {
		t.Errorf("replaying the import on the renamed field: exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	if stdout, stderr, code := replayCmd(t, file); code != 1 {
		t.Errorf("replaying the recording on the renamed field: exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
}

// recordTypedInExplorer records the typed sign-in in the explorer (the ui
// model driven by key messages): t types the email into the Email field,
// f fills the password, enter on Sign in clicks it, a j enter checks the
// status. It returns dir/typed.jsonl.
func recordTypedInExplorer(t *testing.T, base, dir string) string {
	t.Helper()
	file := filepath.Join(dir, "typed.jsonl")
	d := recordingExplorer(t, file)
	n := 0
	step := func() { n++; d.steps(file, n) }
	d.keys("o ctrl+u")
	d.typeText(base + "/signin.html")
	d.keys("enter")
	step()
	d.jump("textbox", "Email")
	d.keys("t ctrl+u")
	d.typeText("ada@example.com")
	d.keys("enter")
	step()
	d.fill("textbox", "Password", testPassword)
	step()
	d.jump("button", "Sign in")
	d.keys("enter")
	step()
	d.jump("status", "")
	d.assertText()
	step()
	rec, _, err := recordings.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if s := rec.Steps[1]; s.Kind != recordings.Type || s.Text.Text != "ada@example.com" {
		t.Fatalf("the explorer's t recorded %+v, want a type of the email", s)
	}
	if a := rec.Steps[len(rec.Steps)-1].Assert; a == nil || a.Expected != "Signed in as ada@example.com" {
		t.Fatalf("the status check is %+v", a)
	}
	return file
}

// TestExplorerTypedFieldExportsToDevTools records the same sign-in in the
// explorer (recordTypedInExplorer); its DevTools export replays as
// typedExportReplays says. (In @puppeteer/replay:
// TestExplorerTypedFieldInTools, compat.)
func TestExplorerTypedFieldExportsToDevTools(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	setenv(t, "ARIADNE_SECRET_PASSWORD", testPassword)
	var broken atomic.Bool
	srv := typedSignInServer(t, &broken)
	dir := t.TempDir()
	file := recordTypedInExplorer(t, srv.URL, dir)
	typedExportReplays(t, dir, file, &broken, false)
}
