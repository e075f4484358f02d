package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if code != exitError {
		t.Fatalf("exit %d, want 1 (one recording fails)\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "3 recordings: 2 passed, 1 failed") {
		t.Errorf("summary:\n%s", stdout)
	}
	b, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var x struct {
		Suites []struct {
			Tests    int `xml:"tests,attr"`
			Failures int `xml:"failures,attr"`
			Cases    []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Type    string `xml:"type,attr"`
					Message string `xml:"message,attr"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(b, &x); err != nil || len(x.Suites) != 1 {
		t.Fatalf("JUnit XML: %v\n%s", err, b)
	}
	s := x.Suites[0]
	if s.Tests != 3 || s.Failures != 1 || len(s.Cases) != 3 {
		t.Fatalf("JUnit: %+v", s)
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
