package e2e

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// Tests of 'ariadne replay': recordings made with 'ariadne run --record'
// (or written by hand) replayed as they are, on pages that changed (the
// fallbacks heal), on releases that break them (the failure says where and
// why), as a suite with a JUnit report, and with --remote.

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

// TestRecordSignInThenReplay records the sign-in (its password a secret,
// its select by the option's value, its targets with fallbacks) and
// replays it: without the secret (a usage error), as it is, on a changed
// page (the fallbacks heal), with an assertion that fails (with the
// failure's screenshot and ARIA snapshot beside the file). (In a browser
// of its own through --remote: TestReplayInARemoteBrowser, e2e.) The
// secret is the test's environment's (setenv).
func TestRecordSignInThenReplay(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
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
		unsetenv(t, "ARIADNE_SECRET_PASSWORD")
		_, stderr, code := replayCmd(t, file)
		if code != 2 || !strings.Contains(stderr, "set ARIADNE_SECRET_PASSWORD") {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
	})

	setenv(t, "ARIADNE_SECRET_PASSWORD", testPassword)
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
}

// changedServer serves testdata/pages with form.html changed the way
// pages change under a recording: ids renamed, an element inserted before
// the button, the Email label reworded to E-mail (which breaks the chosen
// locator of the email field; the field is still the recorded textbox
// "Email", as replay compares names without punctuation).
func changedServer(t *testing.T) *httptest.Server {
	t.Helper()
	page := readText(t, filepath.Join(pagesDir, "form.html"))
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
	files := http.FileServer(http.Dir(pagesDir))
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

// These tests record flows through the apps of testdata/pages/apps (a
// React-style store, a checkout wizard) with 'ariadne run --record', then
// replay them on the original app, on its reworked release (which must
// pass, acting on the same products and choices) and on its broken
// release (which must fail, at the step that checks the outcome).

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

func TestRecordedAppsReplayOnReleases(t *testing.T) {
	t.Parallel()
	needBrowser(t)
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

// TestReplayCardFallback records the store (div cards with hashed classes,
// remounted on every cart change) with 'ariadne run --record' and checks
// that each Add to cart step carries a fallback by role and name inside
// the card told by its product's name
// (getByText('Linen notebook', { exact: true }).locator('..').getByRole('button', …)).
// A copy of the recording whose Add to cart steps keep only that fallback
// (the chosen locator replaced by one that finds nothing) must heal by it
// and add the same two products on the original and the reworked store
// (reordered, re-priced, a product inserted: the cart assertions check
// the names) and on one with a "Linen notebook refill" inserted, whose
// name holds the notebook's (the fallback's name is exact), and fail at the notebook's step on the store whose notebook
// is renamed, as the whole recording does: no heal takes another
// product's button.
func TestReplayCardFallback(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv, use := appsServer(t)
	use("")
	file := recordScript(t, srv.URL, "store.jsonl", storeScript)
	rec, problems, err := recordings.Load(file)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading: %v %v", err, problems)
	}
	only := *rec
	only.Steps = nil
	var products []string
	for _, s := range rec.Steps {
		if s.Target.Name == "Add to cart" {
			card := cardFallback(s.Target)
			if card.IsZero() {
				t.Fatalf("the step %s has no fallback by role inside its card: %v", recordings.Summary(s), s.Target.Fallbacks)
			}
			products = append(products, card.Parts[0].Text)
			t.Logf("%s: card fallback %s", recordings.Summary(s), card.Code(refs.JavaScript))
			s.Target.Locator = refs.ByCSS("[data-gone]")
			s.Target.Fallbacks = []refs.Locator{card}
		}
		only.Steps = append(only.Steps, s)
	}
	if strings.Join(products, ", ") != "Linen notebook, Brass pen" {
		t.Fatalf("the card fallbacks name the cards %q, want the Linen notebook and the Brass pen", products)
	}
	cardOnly := strings.TrimSuffix(file, ".jsonl") + "-card.jsonl"
	if err := recordings.Save(cardOnly, &only); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"", "reworked", "lookalike"} {
		use(v)
		stdout, stderr, code := replayCmd(t, cardOnly)
		if code != 0 {
			t.Fatalf("release %q: the card fallbacks alone should pass: exit %d\n%s\n%s", v, code, stdout, stderr)
		}
		if !strings.Contains(stdout, "2 healed") {
			t.Errorf("release %q: both Add to cart steps should heal by their card fallback:\n%s", v, stdout)
		}
	}
	use("renamed")
	notebook := stepOf(t, rec, "Add to cart")
	for _, f := range []string{cardOnly, file} {
		stdout, stderr, code := replayCmd(t, f)
		m := failedAt.FindStringSubmatch(stderr)
		if code != 1 || m == nil {
			t.Fatalf("%s on the renamed store should fail: exit %d\n%s\n%s", f, code, stdout, stderr)
		}
		if got := atoi(t, m[1]); got != notebook || !strings.Contains(stderr, "not_locatable") {
			t.Errorf("%s failed at step %s, want %d (the notebook's Add to cart), not_locatable:\n%s", f, m[1], notebook, stderr)
		}
	}
}

// cardFallback returns t's fallback that finds a role inside a card told
// by its text: getByText(…, exact).locator('..')….getByRole(…).
func cardFallback(t recordings.Target) refs.Locator {
	for _, l := range t.Fallbacks {
		n := len(l.Parts)
		if n >= 3 && l.Parts[0].Kind == refs.KindText && l.Parts[0].Exact && l.Parts[1].Kind == refs.KindParent &&
			l.Parts[n-1].Kind == refs.KindRole && l.Parts[n-1].Text == t.Name {
			return l
		}
	}
	return refs.Locator{}
}

// inboxScript records one assertion of each kind the assertion menu added
// (not visible, count, hidden, contains text) on testdata/pages/apps/inbox.html.
// The toast's Undo goes away 6 s after the click: the hidden assertion
// waits for it.
const inboxScript = `
open {{URL}}/apps/inbox.html
find offline note "Offline mode"
assert visible $offline --not
find draft listitem "(no subject)" --nth 2
assert count $draft
find archive button Archive --nth 1
click $archive
find undo button Undo
assert hidden $undo --timeout 15s
find status status
assert contains $status "Archived: Quarterly report"
assert contains $status
`

// inboxReleases are the inbox's releases, and the summary of the step
// each broken one must fail at ("" for the ones that must pass).
var inboxReleases = []struct{ variant, failsAt string }{
	{"", ""},
	{"reworked", ""},
	{"broken-visible", "not to be visible"},
	{"broken-count", "to have count 3"},
	{"broken-hidden", "to be hidden"},
	{"broken-text", `to contain text "Archived: Quarterly report"`},
}

// TestAssertionKindsRecordReplay records inboxScript with 'ariadne run
// --record', checks the assertions in the file and in its Playwright Test
// and Python exports, and replays it on the inbox's releases: it passes on
// the original and the reworked one (messages reordered, one more, new
// class hashes) and fails on each broken one at the step whose assertion
// the release breaks, with what was expected and found. (The exports run
// in their tools: TestAssertionKindsExports, compat.)
func TestAssertionKindsRecordReplay(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv, use := appsServer(t)
	file := recordScript(t, srv.URL, "inbox.jsonl", inboxScript)
	rec, problems, err := recordings.Load(file)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading: %v %v", err, problems)
	}
	var got []string
	for _, s := range rec.Steps {
		if s.Kind == recordings.Assert {
			got = append(got, fmt.Sprintf("%s not=%v %q", s.Assert.Kind, s.Assert.Not, s.Assert.Expected))
		}
	}
	want := []string{`visible not=true ""`, `count not=false "3"`, `hidden not=false ""`,
		`contains-text not=false "Archived: Quarterly report"`, `contains-text not=false "Archived: Quarterly report."`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("recorded assertions:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, s := range rec.Steps {
		if s.Kind == recordings.Assert && s.Assert.Kind == recordings.AssertCount {
			// The count is of the drafts' locator without its nth, and
			// nothing stands in for it.
			if code := s.Locator().Code(refs.JavaScript); code != "getByRole('list', { name: 'Drafts' }).getByRole('listitem')" || len(s.Target.Fallbacks) > 0 {
				t.Errorf("count target: %s, fallbacks %v", code, s.Target.Fallbacks)
			}
		}
	}
	dir := t.TempDir()
	spec := filepath.Join(dir, "recording.spec.ts")
	exportCmd(t, "playwright-test", file, spec)
	for _, want := range []string{
		"await expect(page.getByRole('note', { name: 'Offline mode' })).not.toBeVisible();",
		"await expect(page.getByRole('list', { name: 'Drafts' }).getByRole('listitem')).toHaveCount(3);",
		"await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden();",
		"await expect(page.getByRole('status')).toContainText('Archived: Quarterly report');",
	} {
		if !strings.Contains(readText(t, spec), want) {
			t.Errorf("the spec lacks %s:\n%s", want, readText(t, spec))
		}
	}
	py := filepath.Join(dir, "test_inbox.py")
	exportCmd(t, "playwright-python", file, py)
	for _, want := range []string{
		`expect(page.get_by_role("note", name="Offline mode")).not_to_be_visible()`,
		`expect(page.get_by_role("list", name="Drafts").get_by_role("listitem")).to_have_count(3)`,
		`expect(page.get_by_role("button", name="Undo")).to_be_hidden()`,
		`expect(page.get_by_role("status")).to_contain_text("Archived: Quarterly report")`,
	} {
		if !strings.Contains(readText(t, py), want) {
			t.Errorf("the Python test lacks %s:\n%s", want, readText(t, py))
		}
	}
	for _, r := range inboxReleases {
		use(r.variant)
		stdout, stderr, code := replayCmd(t, "--action-timeout", "8s", file)
		if r.failsAt == "" {
			n := recordings.StepCount(rec)
			if code != 0 || !strings.Contains(stdout, fmt.Sprintf("passed: %d steps", n)) {
				t.Errorf("release %q should pass: exit %d\n%s\n%s", r.variant, code, stdout, stderr)
			}
			continue
		}
		m := failedAt.FindStringSubmatch(stderr)
		if code != 1 || m == nil {
			t.Errorf("release %q should fail: exit %d\n%s\n%s", r.variant, code, stdout, stderr)
			continue
		}
		if got, want := atoi(t, m[1]), stepOf(t, rec, r.failsAt); got != want || !strings.Contains(stderr, "assertion_failed") {
			t.Errorf("release %q failed at step %d, want %d (%s), assertion_failed:\n%s", r.variant, got, want, r.failsAt, stderr)
		}
		t.Logf("release %q:\n%s", r.variant, stderr)
	}
}

// TestReplaySuite replays a directory of recordings two at a time, one
// of them broken, and checks the summary table and the JUnit XML.
func TestReplaySuite(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv, _ := appsServer(t)
	dir := t.TempDir()
	for name, script := range map[string]string{"store.jsonl": storeScript, "checkout.jsonl": checkoutScript} {
		file := recordScript(t, srv.URL, name, script)
		writeText(t, filepath.Join(dir, name), readText(t, file))
	}
	broken := strings.Replace(readText(t, filepath.Join(dir, "checkout.jsonl")), `"expected":"Order confirmed for Ada Lovelace, Express (next day)"`,
		`"expected":"Order confirmed for Grace Hopper, Express (next day)"`, 1)
	if !strings.Contains(broken, "Grace Hopper") {
		t.Fatal("the checkout recording has no outcome check to break")
	}
	writeText(t, filepath.Join(dir, "checkout-broken.jsonl"), broken)
	junit := filepath.Join(t.TempDir(), "junit.xml")
	stdout, stderr, code := replayCmd(t, "--workers", "2", "--junit", junit, dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (one recording fails)\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "3 recordings: 2 passed, 1 failed") {
		t.Errorf("summary:\n%s", stdout)
	}
	s, _ := readJUnit(t, junit)
	if s.Tests != 3 || s.Failures != 1 || len(s.Cases) != 3 {
		t.Fatalf("JUnit: %+v", s)
	}
	// Every recording took a browser launch and its steps: its time is
	// more than nothing, and the suite's no less than any one's.
	suiteTime, err := strconv.ParseFloat(s.Time, 64)
	if err != nil || suiteTime <= 0 {
		t.Errorf("the JUnit testsuite time is %q, want seconds > 0", s.Time)
	}
	for _, c := range s.Cases {
		if v, err := strconv.ParseFloat(c.Time, 64); err != nil || v <= 0 || v > suiteTime {
			t.Errorf("%s: JUnit time %q, want seconds > 0 and at most the suite's %q", c.Name, c.Time, s.Time)
		}
	}
	rows := suiteTable(t, stdout)
	if len(rows) != 3 {
		t.Fatalf("the summary table has %d rows, want 3:\n%s", len(rows), stdout)
	}
	for file, d := range rows {
		if d <= 0 {
			t.Errorf("the summary table gives %s the time %s, want more than 0s", file, d)
		}
	}
	for _, c := range s.Cases {
		bad := strings.HasSuffix(c.Name, "checkout-broken.jsonl")
		if (c.Failure != nil) != bad {
			t.Errorf("%s: failure %+v", c.Name, c.Failure)
		}
		if bad && (c.Failure.Type != "assertion_failed" || !strings.Contains(c.Failure.Message, "Grace Hopper")) {
			t.Errorf("%s: failure %+v", c.Name, c.Failure)
		}
	}
}

// suiteTable parses the summary table 'ariadne replay' prints after a
// suite: the time of each recording, by file.
func suiteTable(t *testing.T, stdout string) map[string]time.Duration {
	t.Helper()
	rows := map[string]time.Duration{}
	in := false
	for line := range strings.Lines(stdout) {
		f := strings.Fields(line)
		switch {
		case len(f) == 5 && f[0] == "recording" && f[4] == "time":
			in = true
		case in && len(f) == 0:
		case in && len(f) >= 5 && strings.HasSuffix(f[0], ".jsonl"):
			d, err := time.ParseDuration(f[len(f)-1])
			if err != nil {
				t.Fatalf("the time of %s in the summary table: %v\n%s", f[0], err, stdout)
			}
			rows[f[0]] = d
		case in:
			return rows
		}
	}
	return rows
}

// junitFailureXML and junitSuiteXML are what the tests read back of the
// JUnit XML.
type junitFailureXML struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

type junitSuiteXML struct {
	Tests    int    `xml:"tests,attr"`
	Failures int    `xml:"failures,attr"`
	Time     string `xml:"time,attr"`
	Cases    []struct {
		Name    string           `xml:"name,attr"`
		Time    string           `xml:"time,attr"`
		Failure *junitFailureXML `xml:"failure"`
	} `xml:"testcase"`
}

// readJUnit parses the JUnit XML file with a strict decoder and returns
// its one testsuite and the file's bytes.
func readJUnit(t *testing.T, file string) (junitSuiteXML, []byte) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var x struct {
		Suites []junitSuiteXML `xml:"testsuite"`
	}
	dec := xml.NewDecoder(bytes.NewReader(b))
	dec.Strict = true
	if err := dec.Decode(&x); err != nil || len(x.Suites) != 1 {
		t.Fatalf("JUnit XML does not parse: %v\n%s", err, b)
	}
	return x.Suites[0], b
}

// TestReplaySuiteJUnitForbiddenText replays, as a suite with --junit,
// recordings that fail on forbidden-text.html (a text assertion and an
// ARIA snapshot assertion quoting its status, a press of a key name full
// of controls), one that is not a recording, and one that passes, under
// file names holding a bidi override and a control character. The JUnit
// file must parse with encoding/xml, hold no raw hidden character (bidi,
// invisible, C0 but newline, C1, U+FFFE/U+FFFF, bytes that are not UTF-8),
// and read back to escaped text that names what failed.
func TestReplaySuiteJUnitForbiddenText(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	page := srv.URL + "/forbidden-text.html"
	head := `{"format":"ariadne-recording","version":1,"created":"2026-12-01T12:00:00Z","startUrl":"` + page + `","title":"Forbidden text"}` + "\n" +
		`{"kind":"navigate","url":"` + page + `"}` + "\n"
	status := `"target":{"locator":{"parts":[{"kind":"role","role":"status"}]},"role":"status"}`
	dir := t.TempDir()
	files := map[string]string{
		"text\u202e\x01.jsonl": head + `{"kind":"assert",` + status + `,"assert":{"kind":"text","expected":"calm"}}` + "\n",
		"aria.jsonl":           head + `{"kind":"assert",` + status + `,"assert":{"kind":"aria-snapshot","expected":"- status: calm"}}` + "\n",
		"press\u2066.jsonl":    head + `{"kind":"press","key":"Enter\u202e\u0001\ufffe\u0085"}` + "\n",
		"\u202enot-one.jsonl":  `{"format":"nope\u202e\u0001"}` + "\n",
		"pass.jsonl":           head + `{"kind":"assert","assert":{"kind":"title","expected":"Forbidden text"}}` + "\n",
	}
	for name, body := range files {
		writeText(t, filepath.Join(dir, name), body)
	}
	junit := filepath.Join(t.TempDir(), "junit.xml")
	stdout, stderr, code := replayCmd(t, "--workers", "2", "--junit", junit, dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	noRawHidden(t, "suite stdout", stdout)
	noRawHidden(t, "suite stderr", stderr)
	s, b := readJUnit(t, junit)
	noRawHidden(t, "JUnit XML", string(b))
	if s.Tests != 5 || s.Failures != 4 || len(s.Cases) != 5 {
		t.Fatalf("JUnit: %+v", s)
	}
	got := map[string]*junitFailureXML{}
	for _, c := range s.Cases {
		for _, text := range []string{c.Name, fmt.Sprint(c.Failure)} {
			for _, r := range text {
				if refs.Hidden(r) && r != '\n' {
					t.Errorf("%q: U+%04X reads back from the XML", c.Name, r)
				}
			}
		}
		got[filepath.Base(c.Name)] = c.Failure
	}
	want := map[string]struct{ typ, has string }{
		`text\u202e\u0001.jsonl`: {"assertion_failed", `I\u202eJ\u2066K`},
		"aria.jsonl":             {"assertion_failed", `I\u202eJ\u2066K`},
		`press\u2066.jsonl`:      {"bad_argument", `Enter\u202e\u0001\ufffe\u0085`},
		`\u202enot-one.jsonl`:    {"bad_argument", `not-one.jsonl`},
	}
	for name, w := range want {
		f, ok := got[name]
		if !ok || f == nil {
			t.Errorf("no failed testcase %q in %v", name, got)
			continue
		}
		if f.Type != w.typ || !strings.Contains(f.Text, w.has) || strings.HasPrefix(f.Message, ":") {
			t.Errorf("%s: failure type %q, message %q, text %q; want type %s and text with %s", name, f.Type, f.Message, f.Text, w.typ, w.has)
		}
	}
	if f, ok := got["pass.jsonl"]; !ok || f != nil {
		t.Errorf("pass.jsonl: %v (in the report: %v)", f, ok)
	}
}

// TestReplayMissingSecretSaysItOnce: the error for an unset secret has one
// code and one sentence that says what to do, as the trial asked, and exits
// 2 as the other bad_argument refusals of a command line do.
func TestReplayMissingSecretSaysItOnce(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	unsetenv(t, "ARIADNE_SECRET_PASSWORD")
	file := filepath.Join(t.TempDir(), "rec2.jsonl")
	rec := `{"format":"ariadne-recording","version":1,"startUrl":"` + srv.URL + `/form.html"}
{"kind":"fill","target":{"locator":{"parts":[{"kind":"css","css":"input"}]}},"text":{"secret":"ARIADNE_SECRET_PASSWORD"}}
`
	if err := os.WriteFile(file, []byte(rec), 0o600); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := replayCmd(t, file)
	if code != 2 || strings.Count(stderr, "bad_argument") != 1 || !strings.Contains(stderr, "set ARIADNE_SECRET_PASSWORD and replay again") ||
		strings.Contains(stderr, "is not set") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}

// TestReplayInputLimits: replay refuses a recording over 64 MB, alone or
// in a suite, and one with a line over 16 MiB, with the size, the limit and
// what to do, before it starts a browser (there is none to start here:
// --chrome names a file that does not exist).
func TestReplayInputLimits(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	big := filepath.Join(dir, "big.jsonl")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(100 << 20); err != nil { // sparse: never read
		t.Fatal(err)
	}
	f.Close()
	long := filepath.Join(dir, "long.jsonl")
	good, err := os.ReadFile(filepath.Join("..", "recordings", "testdata", "signin.jsonl.golden"))
	if err != nil {
		t.Fatal(err)
	}
	data := append(bytes.Clone(good), bytes.Repeat([]byte(" "), 17<<20)...)
	if err := os.WriteFile(long, append(data, "{}\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	noChrome := filepath.Join(dir, "no-chrome")
	bigErr := big + " is 100.0 MB; a recording to replay may be at most 64.0 MB: replay a shorter one"
	longErr := long + ": line " + strconv.Itoa(bytes.Count(good, []byte("\n"))+1) + " is longer than 16 MiB"
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"big", []string{big}, []string{"ariadne: bad_argument: " + bigErr}},
		{"long", []string{long}, []string{"ariadne: bad_argument: " + longErr}},
		{"suite", []string{dir}, []string{bigErr, longErr}},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			stdout, stderr, code := ariadne(t, append([]string{"replay", "--chrome", noChrome}, c.args...)...)
			if code == 0 {
				t.Fatalf("exit 0: %s %s", stdout, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(stdout+stderr, w) {
					t.Errorf("output %q %q: want %q", stdout, stderr, w)
				}
			}
			if strings.Contains(stdout+stderr, "no-chrome") {
				t.Errorf("a browser was looked for: %s %s", stdout, stderr)
			}
			t.Logf("refused in %s", time.Since(start).Round(time.Millisecond))
		})
	}
}
