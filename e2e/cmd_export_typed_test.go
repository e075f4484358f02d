package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/recordings"
)

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

// TestExportDevToolsTypedField records typing into a field with 'run
// --record', exports it as a DevTools Recorder flow and replays that in
// @puppeteer/replay: the page must say "Signed in as ada@example.com"
// (the typed email reached its field, the Enter pressed on it submitted).
// The flow imported back replays in Ariadne to the same page. With the
// Email field renamed, both replays fail.
func TestExportDevToolsTypedField(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	t.Setenv("ARIADNE_SECRET_PASSWORD", testPassword)
	var broken atomic.Bool
	srv := typedSignInServer(t, &broken)
	dir := t.TempDir()
	file := filepath.Join(dir, "typed.jsonl")
	if res, code := runTestScript(t, srv.URL, typedSignInScript, "--record", file); code != 0 {
		t.Fatalf("recording: exit %d: %v", code, res)
	}
	rec, problems, err := recordings.Load(file)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading the recording: %v %v", err, problems)
	}
	var typed *recordings.Step
	for i, s := range rec.Steps {
		if s.Kind == recordings.Type {
			typed = &rec.Steps[i]
		}
	}
	if typed == nil || typed.Target.Locator.IsZero() {
		t.Fatalf("the recording has no type step on a field: %+v", rec.Steps)
	}

	typedExportReplays(t, dir, file, &broken, true)
}

// typedExportReplays exports file, which typed ada@example.com into the
// demo sign-in's Email field and signed in, as a DevTools flow: the typing
// must be a change step with the field's selectors (and, when pressed, the
// Enter on the field a click on it then the key); @puppeteer/replay and
// the flow imported back into Ariadne must sign in, and fail once broken
// renames the field.
func typedExportReplays(t *testing.T, dir, file string, broken *atomic.Bool, pressed bool) {
	t.Helper()
	out := filepath.Join(dir, "typed.json")
	exportCmd(t, "devtools-recorder", file, out)
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

	r, err := runDevTools(t, out)
	if err != nil {
		t.Fatalf("%v\nflow:\n%s", err, readText(t, out))
	}
	if len(r.Pages) != 1 || r.Pages[0].Status == nil || *r.Pages[0].Status != "Signed in as ada@example.com" {
		t.Errorf("after @puppeteer/replay the page says %+v", r.Pages)
	}

	imported := filepath.Join(dir, "imported.jsonl")
	var o, e bytes.Buffer
	if code := cli.Main(context.Background(), &cli.Env{Stdout: &o, Stderr: &e, Launch: browsertest.Launch}, []string{"import", out, "-o", imported}); code != 0 {
		t.Fatalf("import: exit %d: %s", code, e.String())
	}
	back, problems, err := recordings.Load(imported)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading the import: %v %v", err, problems)
	}
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
	if _, err := runDevTools(t, out); err == nil {
		t.Errorf("@puppeteer/replay passes the page whose Email field is renamed:\n%s", readText(t, out))
	}
	if stdout, stderr, code := replayCmd(t, imported); code != 1 {
		t.Errorf("replaying the import on the renamed field: exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	if stdout, stderr, code := replayCmd(t, file); code != 1 {
		t.Errorf("replaying the recording on the renamed field: exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
}

// TestExplorerTypedFieldExportsToDevTools records the same sign-in in the
// explorer (the ui model driven by key messages in a real Chromium): t
// types the email into the Email field, f fills the password, enter on
// Sign in clicks it, a j enter checks the status. Its DevTools export
// replays as typedExportReplays says.
func TestExplorerTypedFieldExportsToDevTools(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	needBrowser(t)
	t.Setenv("ARIADNE_SECRET_PASSWORD", testPassword)
	var broken atomic.Bool
	srv := typedSignInServer(t, &broken)
	dir := t.TempDir()
	file := filepath.Join(dir, "typed.jsonl")
	d := recordingExplorer(t, file)
	n := 0
	step := func() { n++; d.steps(file, n) }
	d.keys("o ctrl+u")
	d.typeText(srv.URL + "/signin.html")
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
	typedExportReplays(t, dir, file, &broken, false)
}
