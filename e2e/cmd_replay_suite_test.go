package e2e

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestReplaySuite replays a directory of recordings two at a time, one
// of them broken, and checks the summary table and the JUnit XML.
func TestReplaySuite(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
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
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv := pagesServer(t)
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
