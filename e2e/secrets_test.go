package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
)

// Secrets never leak: what is typed into password fields reaches no
// output, recording, export or failure file. (Lines that fail on a
// password field: testdata/scripts/secrets-on-failure.)

// TestSecretsNeverLeak records, with 'ariadne run --record', a session
// that touches a password field in every way (fill, type, press of a
// named key and of characters one by one, clear,
// an empty fill, assert value with and without the text, assert snapshot,
// snapshots, a press of characters with no ref while the field has focus),
// replays it with the right secret (every assertion holds on
// the page) and with a wrong one (it fails, with failure files), exports
// it in every format, and greps every output and file for the secret, its
// parts and bullets (a mask as long as the secret). The replay reads
// ARIADNE_SECRET_PASSWORD from the test's environment (setenv).
func TestSecretsNeverLeak(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	dir := t.TempDir()
	rec := filepath.Join(dir, "signin.jsonl")
	const part1, part2 = "Hunter2-Zebra!", "Qx7"
	const full = part1 + part2
	script := `open {{URL}}/form.html
find pw textbox Password
fill $pw '` + part1 + `'
type $pw ` + part2 + `
assert value $pw
assert value $pw '` + full + `'
assert snapshot
press $pw End
snapshot
snapshot --json
find em textbox Email
fill $em ada@example.com
clear $pw
assert value $pw
fill $pw ''
fill $pw '` + part1 + `'
press $pw '` + strings.Join(strings.Split(part2, ""), " ") + ` z Backspace'
assert value $pw '` + full + `'
assert snapshot $pw
fill $pw '` + part1 + `'
focus $pw
press '` + strings.Join(strings.Split(part2, ""), " ") + ` z Backspace'
assert value $pw '` + full + `'
`
	runOut, _, code := ariadneIn(t, strings.ReplaceAll(script, "{{URL}}", srv.URL), runArgs("--record", rec)...)
	res := parseResults(t, runOut)
	if code != 0 {
		t.Fatalf("run: exit %d: %v", code, res)
	}
	for i, r := range res {
		if !r.ok() {
			t.Fatalf("line %d: %v", i+1, r)
		}
	}
	// press with no ref, into the focused password field: masked, and
	// recorded as the field's secret.
	if press := res[21]; !strings.HasPrefix(press["cmd"].(string), "press [secret]") || press["secret"] != true {
		t.Errorf("press with no ref into the password field: %v", press)
	}
	outputs := map[string]string{"run results": runOut}
	file, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	outputs["recording"] = string(file)
	for _, want := range []string{`"secret":"ARIADNE_SECRET_PASSWORD"`, `"kind":"value","secret":"ARIADNE_SECRET_PASSWORD"`, `/.+/`, `"key":"End"`} {
		if !strings.Contains(string(file), want) {
			t.Errorf("the recording has no %s:\n%s", want, file)
		}
	}

	for _, f := range []string{"playwright-test", "playwright-python", "devtools-recorder", "chromedp"} {
		out, errs, code := ariadne(t, "export", "--format", f, rec)
		if code != 0 {
			t.Fatalf("export %s: exit %d: %s", f, code, errs)
		}
		outputs["export "+f] = out + errs
	}

	// The right secret: every step holds on the page.
	setenv(t, "ARIADNE_SECRET_PASSWORD", full)
	out, errs, code := ariadne(t, "replay", "--timeout", "20s", rec)
	if code != 0 {
		t.Fatalf("replay with the secret: exit %d\n%s\n%s", code, out, errs)
	}
	outputs["replay"] = out + errs
	// A broken copy, without the first fill: the value assertion fails
	// without saying what either value is.
	lines := strings.SplitAfter(string(file), "\n")
	broken := filepath.Join(dir, "broken.jsonl")
	if err := os.WriteFile(broken, []byte(strings.Join(append(lines[:2:2], lines[3:]...), "")), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code = ariadne(t, "replay", "--timeout", "20s", "--action-timeout", "1s", broken)
	if code != 1 || !strings.Contains(errs, "assertion_failed") || !strings.Contains(errs, "$ARIADNE_SECRET_PASSWORD") {
		t.Fatalf("replay of the broken copy: exit %d\n%s\n%s", code, out, errs)
	}
	outputs["failed replay"] = out + errs
	for _, ext := range []string{".failure.aria.txt", ".failure.png"} {
		b, err := os.ReadFile(strings.TrimSuffix(broken, ".jsonl") + ext)
		if err != nil {
			t.Fatalf("failure file: %v", err)
		}
		outputs["failure file "+ext] = string(b)
	}

	// Keys pressed one by one into the field are the secret too: the
	// file, exports and results hold none of them as keys.
	leaks := []string{full, part1, part2, "•", "z Backspace"}
	for _, k := range append(strings.Split(part2, ""), "z", "Backspace") {
		for _, q := range []string{`"` + k + `"`, "'" + k + "'"} {
			leaks = append(leaks, "press("+q+")", `"key":`+q, `"key": `+q)
		}
	}
	for what, s := range outputs {
		for _, secret := range leaks {
			if strings.Contains(s, secret) {
				t.Errorf("%s holds %q:\n%.2000s", what, secret, s)
			}
		}
	}
}

// TestRecordSecretsPlainNeverShown records with --record-secrets (the
// password is stored as plain text, as asked) and checks that what is
// printed still never shows it: run's "recorded" summaries, and a replay
// of a copy whose value assertion was edited to fail (its progress lines
// and its assertion_failed message).
func TestRecordSecretsPlainNeverShown(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	dir := t.TempDir()
	rec := filepath.Join(dir, "plain.jsonl")
	const secret = "Hunter2-Zebra!Qx7"
	script := `open {{URL}}/form.html
find pw textbox Password
fill $pw '` + secret + `'
assert value $pw '` + secret + `'
`
	runOut, _, code := ariadneIn(t, strings.ReplaceAll(script, "{{URL}}", srv.URL), runArgs("--record", rec, "--record-secrets")...)
	res := parseResults(t, runOut)
	if code != 0 {
		t.Fatalf("run: exit %d: %v", code, res)
	}
	if rs, _ := res[2]["recorded"].([]any); len(rs) == 0 {
		t.Fatalf("fill recorded nothing: %v", res[2])
	}
	file, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(file), `"text":"`+secret+`"`) || !strings.Contains(string(file), `"password":true`) {
		t.Fatalf("--record-secrets should store the text and mark the field:\n%s", file)
	}
	broken := filepath.Join(dir, "broken.jsonl")
	edited := strings.Replace(string(file), `"expected":"`+secret+`"`, `"expected":"`+secret+`-edited"`, 1)
	if edited == string(file) {
		t.Fatalf("no value assertion to edit:\n%s", file)
	}
	if err := os.WriteFile(broken, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := ariadne(t, "replay", "--timeout", "20s", "--action-timeout", "1s", broken)
	if code != 1 || !strings.Contains(errs, "assertion_failed") || !strings.Contains(errs, "differs") {
		t.Fatalf("replay of the edited copy: exit %d\n%s\n%s", code, out, errs)
	}
	for what, s := range map[string]string{"run results": runOut, "replay": out + errs} {
		if strings.Contains(s, "Hunter") || strings.Contains(s, "Qx7") {
			t.Errorf("%s holds the password:\n%s", what, s)
		}
	}
}
