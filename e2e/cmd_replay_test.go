//go:build linux

// The replay tests start Chromium processes with Linux-only process
// attributes (Pdeathsig), so that no browser outlives a killed test.

package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/nodetools"
	"github.com/ariadne-tui/ariadne/recordings"
)

// These end-to-end tests record a session with 'ariadne run --record'
// against testdata/pages, replay it with 'ariadne replay' (as it is, on a
// changed page that needs the fallbacks, and with a failing assertion),
// and run its exports with the real tools.

const testPassword = "correct horse"

// signInScript fills the sign-in form, submits it and asserts the result.
const signInScript = `
open {{URL}}/form.html
find email textbox Email
fill $email ada@example.com
find pw textbox Password
fill $pw "` + testPassword + `"
find nick textbox Nickname
type $nick ada
find remember checkbox "Remember me"
check $remember
find pro radio Pro
check $pro
find country combobox Country
select $country France
find signin button "Sign in"
click $signin
find status status
assert text $status "Submitted: ada@example.com"
assert value $email
assert checked $remember
assert url
assert title
`

// recordSignIn records signInScript against base and returns the file.
func recordSignIn(t *testing.T, base string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "signin.jsonl")
	res, code := runTestScript(t, base, signInScript, "--record", file)
	if code != 0 {
		for _, r := range res {
			t.Logf("%v", r)
		}
		t.Fatalf("recording the sign-in: exit status %d", code)
	}
	return file
}

// replayCmd runs 'ariadne replay' and returns its output and exit status.
func replayCmd(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	needBrowser(t)
	var out, errb bytes.Buffer
	e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Launch: browsertest.Launch}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	code = cli.Main(ctx, e, append([]string{"replay", "--action-timeout", "3s", "--timeout", "15s"}, args...))
	return out.String(), errb.String(), code
}

func TestRecordSignInThenReplay(t *testing.T) {
	srv := pagesServer(t)
	file := recordSignIn(t, srv.URL)
	rec, problems, err := recordings.Load(file)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading the recording: %v %v", err, problems)
	}
	var kinds []string
	for _, s := range rec.Steps {
		k := string(s.Kind)
		if s.Kind == recordings.Assert {
			k += " " + string(s.Assert.Kind)
		}
		kinds = append(kinds, k)
	}
	want := "navigate fill fill type check check select click assert text assert value assert checked assert url assert title"
	if got := strings.Join(kinds, " "); got != want {
		t.Fatalf("recorded steps:\n%s\nwant\n%s", got, want)
	}
	pw := rec.Steps[2]
	if pw.Text.Secret != "ARIADNE_SECRET_PASSWORD" || strings.Contains(readText(t, file), testPassword) {
		t.Errorf("the password should be a secret, not in the file: %+v", pw.Text)
	}
	if sel := rec.Steps[6]; len(sel.Values) != 1 || sel.Values[0] != "fr" {
		t.Errorf("select should record the option's value: %v", sel.Values)
	}
	for _, i := range []int{1, 7} {
		if len(rec.Steps[i].Target.Fallbacks) == 0 {
			t.Errorf("step %d has no fallbacks: %+v", i+1, rec.Steps[i].Target)
		}
	}

	t.Run("missing secret", func(t *testing.T) {
		t.Setenv("ARIADNE_SECRET_PASSWORD", "")
		os.Unsetenv("ARIADNE_SECRET_PASSWORD")
		_, stderr, code := replayCmd(t, file)
		if code != 2 || !strings.Contains(stderr, "set ARIADNE_SECRET_PASSWORD") {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
	})

	t.Setenv("ARIADNE_SECRET_PASSWORD", testPassword)
	t.Run("passes", func(t *testing.T) {
		stdout, stderr, code := replayCmd(t, file)
		if code != 0 {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		n := len(rec.Steps)
		for _, want := range []string{fmt.Sprintf("[1/%d] navigate to %s/form.html", n, srv.URL), fmt.Sprintf("[%d/%d] expect the page to have title \"Form\"", n, n), "passed: "} {
			if !strings.Contains(stdout, want) {
				t.Errorf("output lacks %q:\n%s", want, stdout)
			}
		}
		if strings.Contains(stdout, "healed") || strings.Contains(stdout, testPassword) {
			t.Errorf("nothing should heal on the same page, and the password is not printed:\n%s", stdout)
		}
	})

	t.Run("heals on a changed page", func(t *testing.T) {
		changed := changedServer(t)
		moved := filepath.Join(t.TempDir(), "moved.jsonl")
		writeText(t, moved, strings.ReplaceAll(readText(t, file), srv.URL, changed.URL))
		stdout, stderr, code := replayCmd(t, moved)
		if code != 0 {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		for _, want := range []string{
			`fill getByRole('textbox', { name: 'Email' }) "ada@example.com"`,
			`healed by css: locator('input[name="email"]')`,
			"healed by fallback locators",
		} {
			if !strings.Contains(stdout, want) {
				t.Errorf("output lacks %q:\n%s", want, stdout)
			}
		}
	})

	t.Run("a failing assertion", func(t *testing.T) {
		dir := t.TempDir()
		broken := filepath.Join(dir, "broken.jsonl")
		writeText(t, broken, strings.Replace(readText(t, file), `"expected":"Submitted: ada@example.com"`, `"expected":"Submitted: grace@example.com"`, 1))
		stdout, stderr, code := replayCmd(t, "--action-timeout", "1s", broken)
		if code != 1 {
			t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		for _, want := range []string{"replay failed at step 9 of 13", `assertion_failed: expected text "Submitted: grace@example.com", got "Submitted: ada@example.com"`,
			"broken.failure.png", "broken.failure.aria.txt"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("stderr lacks %q:\n%s", want, stderr)
			}
		}
		if !strings.Contains(stdout, `[9/13] expect getByRole('status') to have text "Submitted: grace@example.com"`) || !strings.Contains(stdout, "FAILED") {
			t.Errorf("stdout:\n%s", stdout)
		}
		png, err := os.ReadFile(filepath.Join(dir, "broken.failure.png"))
		if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Errorf("no screenshot: %v", err)
		}
		if aria := readText(t, filepath.Join(dir, "broken.failure.aria.txt")); !strings.Contains(aria, `- status: "Submitted: ada@example.com"`) &&
			!strings.Contains(aria, "Submitted: ada@example.com") {
			t.Errorf("the ARIA snapshot lacks the status:\n%s", aria)
		}
	})

	t.Run("remote browser", func(t *testing.T) {
		url := startChromium(t)
		stdout, stderr, code := replayCmd(t, "--remote", url, file)
		if code != 0 {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		if !strings.Contains(stdout, "Chromium (at "+url+")") || !strings.Contains(stdout, "passed") {
			t.Errorf("stdout:\n%s", stdout)
		}
	})
}

// changedServer serves testdata/pages with form.html changed the way
// pages change under a recording: ids renamed, an element inserted before
// the button, the Email label reworded to E-mail (which breaks the chosen
// locator of the email field; the field is still the recorded textbox
// "Email", as replay compares names without punctuation).
func changedServer(t *testing.T) *httptest.Server {
	t.Helper()
	page := readText(t, filepath.Join("..", "testdata", "pages", "form.html"))
	for _, r := range [][2]string{
		{`<label for="email">Email</label>`, `<label for="user-mail">E-mail</label>`},
		{`id="email"`, `id="user-mail"`},
		{`for="password"`, `for="pw-field"`}, {`id="password"`, `id="pw-field"`},
		{`for="country"`, `for="land"`}, {`id="country"`, `id="land"`},
		{`id="remember"`, `id="keep"`}, {`id="nickname"`, `id="nick"`},
		{`<button type="submit" id="submit">Sign in</button>`,
			`<span class="hint">Ready?</span> <button type="button" class="btn">Help</button> <button type="submit" id="go" class="btn primary">Sign in</button>`},
	} {
		if !strings.Contains(page, r[0]) {
			t.Fatalf("form.html has no %q any more: update the test", r[0])
		}
		page = strings.ReplaceAll(page, r[0], r[1])
	}
	files := http.FileServer(http.Dir(filepath.Join("..", "testdata", "pages")))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/form.html" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, page)
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// startChromium starts a headless Chromium with a DevTools port of its
// own (and the extra flags) and returns its http://127.0.0.1:PORT address.
func startChromium(t *testing.T, extra ...string) string {
	t.Helper()
	chrome := "/usr/bin/chromium"
	if p := os.Getenv("CHROME_PATH"); p != "" {
		chrome = p
	}
	if _, err := os.Stat(chrome); err != nil {
		t.Skipf("no Chromium at %s to attach to", chrome)
	}
	// Not t.TempDir: Chromium's child processes can still be writing the
	// profile for a moment after the browser is killed.
	profile, err := os.MkdirTemp("", "ariadne-remote-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for i := 0; i < 20 && os.RemoveAll(profile) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	args := []string{"--headless", "--remote-debugging-port=0", "--user-data-dir=" + profile, "--no-first-run",
		"--disable-background-networking", "--disable-sync"}
	args = append(append(args, extra...), "about:blank")
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox")
	}
	cmd := exec.Command(chrome, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	portFile := filepath.Join(profile, "DevToolsActivePort")
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(portFile); err == nil {
			if port, _, ok := strings.Cut(string(b), "\n"); ok && port != "" {
				return "http://127.0.0.1:" + port
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("Chromium did not write DevToolsActivePort")
	return ""
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeText(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestRecordPopupDialogAndFrame(t *testing.T) {
	srv := pagesServer(t)
	file := filepath.Join(t.TempDir(), "more.jsonl")
	res, code := runTestScript(t, srv.URL, `
open {{URL}}/dialogs.html
find confirm button Confirm
dialog accept
click $confirm
find st status
assert text $st "confirm: true"
open {{URL}}/iframe.html
find card textbox "Card number"
fill $card 4242
find pay button Pay
click $pay
open {{URL}}/navigate.html
find next link "Next page"
click $next
open {{URL}}/popup.html
find open link "Open in new tab"
click $open
tab 2
find ping button Ping
click $ping
`, "--record", file)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	rec, _, err := recordings.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range rec.Steps {
		got = append(got, recordings.Summary(s))
	}
	want := []string{
		"navigate to " + srv.URL + "/dialogs.html",
		"click getByRole('button', { name: 'Confirm' })",
		"accept the confirm dialog",
		`expect getByRole('status') to have text "confirm: true"`,
		"navigate to " + srv.URL + "/iframe.html",
		`fill locator('iframe[title="Payment"]').contentFrame().getByRole('textbox', { name: 'Card number' }) "4242"`,
		`click locator('iframe[title="Payment"]').contentFrame().getByRole('button', { name: 'Pay' })`,
		"navigate to " + srv.URL + "/navigate.html",
		"click getByRole('link', { name: 'Next page' })",
		"navigate to " + srv.URL + "/popup.html",
		"click getByRole('link', { name: 'Open in new tab' })",
		"click getByRole('button', { name: 'Ping' }) (tab 1)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if s := rec.Steps[5]; len(s.FramePath) != 1 || s.FramePath[0] != 0 {
		t.Errorf("the frame step has frame path %v", s.FramePath)
	}
	if s := rec.Steps[8]; !s.Navigated || s.URLAfter != srv.URL+"/navigate2.html" {
		t.Errorf("a link click keeps its navigation: %+v", s)
	}
	if s := rec.Steps[10]; s.OpensTab != 1 {
		t.Errorf("the popup link opens tab %d", s.OpensTab)
	}
	stdout, stderr, code := replayCmd(t, file)
	if code != 0 {
		t.Fatalf("replay: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "(accepting its confirm dialog)") {
		t.Errorf("the dialog should be armed before the click:\n%s", stdout)
	}
}

func TestRecordUsageErrors(t *testing.T) {
	srv := pagesServer(t)
	file := filepath.Join(t.TempDir(), "exists.jsonl")
	writeText(t, file, "{}\n")
	_, code := runTestScript(t, srv.URL, "open {{URL}}/form.html\n", "--record", file)
	if code != 1 {
		t.Errorf("recording over an existing file: exit %d", code)
	}
	if readText(t, file) != "{}\n" {
		t.Error("an existing file was overwritten")
	}
	var out, errb bytes.Buffer
	e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Launch: browsertest.Launch}
	if code := cli.Main(context.Background(), e, []string{"run", "--record-secrets"}); code != 2 {
		t.Errorf("--record-secrets alone: exit %d (%s)", code, errb.String())
	}
	if code := cli.Main(context.Background(), e, []string{"replay"}); code != 2 {
		t.Errorf("replay without a file: exit %d", code)
	}
	if code := cli.Main(context.Background(), e, []string{"replay", "a", "b"}); code != 2 {
		t.Errorf("replay with two files: exit %d", code)
	}
}

func TestRunAssert(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/form.html
find sso button "Sign in with SSO"
assert enabled $sso --not
assert enabled $sso
assert title Form
assert title Nope --timeout 200ms
assert visible
assert frobnicate $sso
assert snapshot $sso
find email textbox Email
assert value $email "" --timeout 200ms
fill $email ada@example.com
assert value $email "" --timeout 200ms
press $email Ctrl+a
`)
	expect(t, res, "ok", "ok", "ok", "assertion_failed", "ok", "assertion_failed", "bad_argument", "bad_argument", "ok",
		"ok", "ok", "ok", "assertion_failed", "ok")
	if len(res) == 14 && !strings.Contains(res[12].message(), `expected value "", got "ada@example.com"`) {
		t.Errorf("assert value REF \"\" should assert an empty value: %s", res[12].message())
	}
	if len(res) == 9 {
		if got := res[8]["expected"]; got != `- button "Sign in with SSO" [disabled]` {
			t.Errorf("assert snapshot took %q", got)
		}
		if !strings.Contains(res[5].message(), `expected title "Nope", got "Form"`) {
			t.Errorf("message: %s", res[5].message())
		}
	}
}

// TestHelperRun is not a test: run as a child process with
// ARIADNE_HELPER_ARGS set, it is 'ariadne' with those arguments.
func TestHelperRun(t *testing.T) {
	args := os.Getenv("ARIADNE_HELPER_ARGS")
	if args == "" {
		t.Skip("helper process for TestRecordSurvivesSIGKILL")
	}
	var list []string
	if err := json.Unmarshal([]byte(args), &list); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(cli.Main(context.Background(), &cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, list))
}

func TestRecordSurvivesSIGKILL(t *testing.T) {
	needBrowser(t)
	srv := pagesServer(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "killed.jsonl")
	script := filepath.Join(dir, "script.txt")
	writeText(t, script, strings.ReplaceAll(`
open {{URL}}/form.html
find email textbox Email
fill $email ada@example.com
find remember checkbox "Remember me"
check $remember
find country combobox Country
select $country Japan
wait ms 60000
find signin button "Sign in"
click $signin
`, "{{URL}}", srv.URL))
	args, _ := json.Marshal([]string{"run", "--record", file, script})
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperRun$")
	cmd.Env = append(os.Environ(), "ARIADNE_HELPER_ARGS="+string(args))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	// Wait for the result of the select, then kill.
	lines := bufio.NewScanner(stdout)
	seen := 0
	for lines.Scan() {
		var r runResult
		if json.Unmarshal(lines.Bytes(), &r) == nil {
			seen++
			if !r.ok() {
				t.Fatalf("line %v failed: %v", r["line"], r)
			}
			if seen == 7 { // the select
				break
			}
		}
	}
	if seen < 7 {
		t.Fatalf("the script stopped early (%d results)", seen)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	rec, problems, err := recordings.Load(file)
	if err != nil || len(problems) > 0 {
		t.Fatalf("after SIGKILL: %v %v", err, problems)
	}
	var kinds []string
	for _, s := range rec.Steps {
		kinds = append(kinds, string(s.Kind))
	}
	if got := strings.Join(kinds, " "); got != "navigate fill check select" {
		t.Errorf("after SIGKILL the file holds %q, want every step before the kill", got)
	}
	if v := rec.Steps[3].Values; len(v) != 1 || v[0] != "jp" {
		t.Errorf("select values %v", v)
	}
}

// export runs 'ariadne export' on file into out.
func exportCmd(t *testing.T, format, file, out string) {
	t.Helper()
	var o, e bytes.Buffer
	if code := cli.Main(context.Background(), &cli.Env{Stdout: &o, Stderr: &e, Launch: browsertest.Launch}, []string{"export", "--format", format, file, "-o", out}); code != 0 {
		t.Fatalf("export %s: exit %d: %s", format, code, e.String())
	}
}

// TestRecordedSignInExportsRun exports a recording made with 'ariadne run
// --record' and runs each export with the real tool against the same pages.
func TestRecordedSignInExportsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv := pagesServer(t)
	file := recordSignIn(t, srv.URL)
	dir := t.TempDir()
	t.Run("playwright-test", func(t *testing.T) {
		pw := filepath.Join(dir, "pw")
		playwrightProject(t, pw, file)
		if err := runPlaywright(t, pw); err != nil {
			t.Fatalf("%v\nspec:\n%s", err, readText(t, filepath.Join(pw, "recording.spec.ts")))
		}
	})

	t.Run("devtools-recorder", func(t *testing.T) {
		out := filepath.Join(dir, "signin.json")
		exportCmd(t, "devtools-recorder", file, out)
		r, err := runDevTools(t, out)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Pages) != 1 || r.Pages[0].Status == nil || *r.Pages[0].Status != "Submitted: ada@example.com" {
			t.Errorf("after the replay the page says %+v", r.Pages)
		}
	})

	t.Run("chromedp", func(t *testing.T) {
		nodetools.Chrome(t)
		if err := runChromedp(t, buildChromedp(t, filepath.Join(dir, "cdp"), file)); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("playwright-python", func(t *testing.T) {
		py, err := exec.LookPath("python3")
		if err != nil {
			nodetools.Skip(t, "python3 is not installed")
		}
		out := filepath.Join(dir, "test_signin.py")
		exportCmd(t, "playwright-python", file, out)
		if b, err := exec.Command(py, "-m", "py_compile", out).CombinedOutput(); err != nil {
			t.Fatalf("py_compile: %v\n%s", err, b)
		}
	})
}
