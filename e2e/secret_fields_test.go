package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/recordings"
)

// Fields whose secrecy is not their type at every moment
// (testdata/hostile/secret-fields.html): a field Ariadne filled from a
// secret, or that was a password field at any moment of the fill, stays a
// secret whatever its type becomes, and its value reaches no output,
// recording, export, snapshot assertion or failure file.

// secretExports exports rec in every format and returns each export's
// text (with what export printed), by name.
func secretExports(t *testing.T, rec string) map[string]string {
	t.Helper()
	outputs := map[string]string{}
	for _, f := range []string{"playwright-test", "playwright-python", "devtools-recorder", "chromedp"} {
		out, errs, code := exportRun(t, "--format", f, rec)
		if code != 0 {
			t.Fatalf("export %s: exit %d: %s", f, code, errs)
		}
		outputs["export "+f] = out + errs
	}
	return outputs
}

// noSecretIn fails t for each output that holds secret.
func noSecretIn(t *testing.T, outputs map[string]string, secret string) {
	t.Helper()
	for what, s := range outputs {
		if strings.Contains(s, secret) {
			t.Errorf("%s holds the secret %q:\n%.3000s", what, secret, s)
		}
	}
}

// secretRun runs script on the hostile pages with --record into rec and
// fails t unless every line worked; it returns the results and the
// outputs seen (run's stdout and stderr, the recording).
func secretRun(t *testing.T, script, rec string) ([]runResult, map[string]string) {
	t.Helper()
	needBrowser(t)
	srv := hostileServer(t)
	out, errs, code := ariadneIn(t, strings.ReplaceAll(script, "{{URL}}", srv.URL), runArgs("--record", rec)...)
	res := parseResults(t, out)
	for i, r := range res {
		if !r.ok() {
			t.Fatalf("line %d %q: %s %s", i+1, r["cmd"], r.code(), r.message())
		}
	}
	if code != 0 {
		t.Fatalf("run: exit %d\n%s", code, errs)
	}
	return res, map[string]string{"run stdout": out, "run stderr": errs, "recording": readText(t, rec)}
}

// recordedOf returns the "recorded" summaries of a run result.
func recordedOf(r runResult) []string {
	var out []string
	rs, _ := r["recorded"].([]any)
	for _, x := range rs {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// TestSecretFieldTurnsPasswordOnFocus fills a field that is type=text
// until focused and a password field from then on: the fill is masked,
// recorded as the secret ARIADNE_SECRET_PASSCODE (the run's "recorded"
// answer, the file), every export reads it from the environment, a
// replay with it set passes, and the value is nowhere.
func TestSecretFieldTurnsPasswordOnFocus(t *testing.T) {
	t.Parallel()
	const secret = "Passcode-Leak-4711"
	rec := filepath.Join(t.TempDir(), "passcode.jsonl")
	res, outputs := secretRun(t, `open {{URL}}/secret-fields.html
find pc textbox Passcode
fill $pc '`+secret+`'
`, rec)
	fill := res[2]
	if fill["secret"] != true {
		t.Errorf("the fill should say it typed a secret: %v", fill)
	}
	if rs := recordedOf(fill); len(rs) != 1 || !strings.Contains(rs[0], "$ARIADNE_SECRET_PASSCODE") {
		t.Errorf("the fill should be recorded as the secret ARIADNE_SECRET_PASSCODE: %v", rs)
	}
	r := loadRecording(t, rec)
	var filled *recordings.Step
	for i, s := range r.Steps {
		if s.Kind == recordings.Fill {
			filled = &r.Steps[i]
		}
	}
	if filled == nil || filled.Text.Secret != "ARIADNE_SECRET_PASSCODE" || !filled.Target.Password {
		t.Fatalf("the recording's fill should type the secret ARIADNE_SECRET_PASSCODE into a password target: %+v", filled)
	}
	for what, s := range secretExports(t, rec) {
		if !strings.Contains(s, "ARIADNE_SECRET_PASSCODE") {
			t.Errorf("%s does not read ARIADNE_SECRET_PASSCODE:\n%s", what, s)
		}
	}
	exportsAndReplayHoldNoSecret(t, rec, outputs, "ARIADNE_SECRET_PASSCODE", secret)
}

// exportsAndReplayHoldNoSecret exports rec in every format and replays it
// with the environment variable name set to secret: neither the exports,
// the replay's output nor outputs (what the test gathered before) hold it.
func exportsAndReplayHoldNoSecret(t *testing.T, rec string, outputs map[string]string, name, secret string) {
	t.Helper()
	for what, s := range secretExports(t, rec) {
		outputs[what] = s
	}
	setenv(t, name, secret)
	out, errs, code := replayCmd(t, rec)
	if code != 0 {
		t.Fatalf("replay: exit %d\n%s\n%s", code, out, errs)
	}
	outputs["replay"] = out + errs
	noSecretIn(t, outputs, secret)
}

// TestSecretFieldShownAfterFill fills a password field, then clicks the
// page's "Show password" (the field becomes type=text): the snapshot,
// assert snapshot (of the page and of the field) and the recording show
// the field's value as the pattern /.+/, never the password; the
// recording replays with the secret set, and its exports hold no value.
func TestSecretFieldShownAfterFill(t *testing.T) {
	t.Parallel()
	const secret = "Shown-Leak-8812"
	rec := filepath.Join(t.TempDir(), "shown.jsonl")
	res, outputs := secretRun(t, `open {{URL}}/secret-fields.html
find pw textbox Password
fill $pw '`+secret+`'
find sh button 'Show password'
click $sh
wait text 'Hide password'
snapshot
assert snapshot
assert snapshot $pw
assert value $pw
`, rec)
	const want = `textbox "Password": /.+/`
	for _, i := range []int{7, 8} {
		if exp, _ := res[i]["expected"].(string); !strings.Contains(exp, want) {
			t.Errorf("line %d %q should expect %s: %v", i+1, res[i]["cmd"], want, res[i])
		}
	}
	if text, _ := res[6]["text"].(string); !strings.Contains(text, "/.+/") {
		t.Errorf("the snapshot should show the shown password as /.+/:\n%s", text)
	}
	r := loadRecording(t, rec)
	snaps := 0
	for _, s := range r.Steps {
		if s.Kind == recordings.Assert && s.Assert.Kind == recordings.AssertAriaSnapshot {
			snaps++
			if !strings.Contains(s.Assert.Expected, "/.+/") {
				t.Errorf("a recorded snapshot assertion does not hide the value:\n%s", s.Assert.Expected)
			}
		}
	}
	if snaps != 2 {
		t.Errorf("want 2 recorded snapshot assertions, got %d", snaps)
	}
	exportsAndReplayHoldNoSecret(t, rec, outputs, "ARIADNE_SECRET_PASSWORD", secret)
}

// TestSecretReplayedIntoTextField replays a recording that types the
// secret ARIADNE_SECRET_TOKEN into a plain text field and then fails an
// assertion: the failure's ARIA snapshot shows the field's value as
// /.+/, and no output or failure file holds the secret.
func TestSecretReplayedIntoTextField(t *testing.T) {
	t.Parallel()
	const secret = "Token-Leak-5150"
	dir := t.TempDir()
	rec := filepath.Join(dir, "token.jsonl")
	_, outputs := secretRun(t, `open {{URL}}/secret-fields.html
find tok textbox Token
fill $tok placeholder-token
find sub button Submit
click $sub
find st status
assert text $st Submitted
`, rec)
	// The token as a secret, and an assertion that cannot hold.
	text := outputs["recording"]
	edited := strings.Replace(text, `"text":"placeholder-token"`, `"text":{"secret":"ARIADNE_SECRET_TOKEN"}`, 1)
	edited = strings.Replace(edited, `"expected":"Submitted"`, `"expected":"Submitted twice"`, 1)
	if strings.Count(edited, "ARIADNE_SECRET_TOKEN") != 1 || !strings.Contains(edited, "Submitted twice") {
		t.Fatalf("the recording has no plain fill and text assertion to edit:\n%s", text)
	}
	broken := filepath.Join(dir, "broken.jsonl")
	writeText(t, broken, edited)
	setenv(t, "ARIADNE_SECRET_TOKEN", secret)
	out, errs, code := replayCmd(t, "--action-timeout", "1s", broken)
	if code != 1 || !strings.Contains(errs, "assertion_failed") {
		t.Fatalf("replay: want assertion_failed, exit %d\n%s\n%s", code, out, errs)
	}
	outputs["replay"] = out + errs
	aria := readText(t, filepath.Join(dir, "broken.failure.aria.txt"))
	outputs["failure aria"] = aria
	found := false
	for line := range strings.Lines(aria) {
		if strings.Contains(line, `textbox "Token"`) {
			found = true
			if !strings.HasSuffix(strings.TrimSpace(line), ": /.+/") {
				t.Errorf("the failure snapshot should hide the token's value: %q", line)
			}
		}
	}
	if !found {
		t.Errorf("the failure snapshot has no textbox \"Token\":\n%s", aria)
	}
	png, err := os.ReadFile(filepath.Join(dir, "broken.failure.png"))
	if err != nil || len(png) == 0 {
		t.Errorf("no failure screenshot: %v", err)
	}
	for what, s := range secretExports(t, broken) {
		outputs[what] = s
	}
	noSecretIn(t, outputs, secret)
}

// TestFillDisabledPasswordField fills a disabled password field and a
// disabled text field: both answer not_editable (after the action
// timeout, which they wait for the field to be enabled), never internal.
func TestFillDisabledPasswordField(t *testing.T) {
	t.Parallel()
	const secret = "Locked-Leak-3141"
	needBrowser(t)
	srv := hostileServer(t)
	script := `open {{URL}}/secret-fields.html
find lp textbox 'Locked password'
fill $lp '` + secret + `'
find lt textbox 'Locked text'
fill $lt '` + secret + `'
`
	out, errs, _ := ariadneIn(t, strings.ReplaceAll(script, "{{URL}}", srv.URL), "run", "--action-timeout", "1s", "--timeout", "15s")
	res := parseResults(t, out)
	expect(t, res, "ok", "ok", "not_editable", "ok", "not_editable")
	if !strings.Contains(res[2].message(), "disabled") {
		t.Errorf("the password field's error should say it is disabled: %s", res[2].message())
	}
	if !strings.HasPrefix(res[2]["cmd"].(string), "fill $lp [secret]") {
		t.Errorf("the password fill's echo should be masked: %v", res[2]["cmd"])
	}
	noSecretIn(t, map[string]string{"password fill": res[2]["cmd"].(string) + res[2].message(), "stderr": errs}, secret)
}
