package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

// Page text with bidi controls, invisible characters, DEL and C1 controls
// (testdata/pages/hidden-text.html) must reach no output raw: every JSON
// output escapes it and reads back to the page's text, every piece of code
// escapes it.

// hiddenNames are the accessible names of hidden-text.html's buttons, by
// id, as Chromium computes them (it drops U+200B and the soft hyphen).
var hiddenNames = map[string]string{
	"rlo":  "Pay \u202e now",
	"iso":  "a\u2066b\u2069c",
	"zw":   "zerowidth\u200cjoiner\u200d word\u2060joiner",
	"soft": "softhyphen",
	"del":  "del\x7f",
	"tag":  "tag\U000e0041\U000e007f",
}

// hiddenTestIDs are the test ids the page gives some of those buttons.
var hiddenTestIDs = map[string]string{
	"rlo":  "pay\u202e-id",
	"iso":  "iso\u2067x\u2069",
	"soft": "\ufeffbom-first",
	"del":  "del\x7f nel\u0085",
}

// noRawHidden fails if out holds a hidden character other than newline.
func noRawHidden(t *testing.T, what, out string) {
	t.Helper()
	for i, r := range out {
		if refs.Hidden(r) && r != '\n' {
			t.Fatalf("%s: U+%04X raw at byte %d:\n%s", what, r, i, out[max(0, i-80):min(len(out), i+80)])
		}
	}
}

func TestHiddenTextSnapshotJSON(t *testing.T) {
	cliNeedsBrowser(t)
	srv := pagesServer(t)
	out, errs, code := ariadne(t, "snapshot", "--json", srv.URL+"/hidden-text.html")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	noRawHidden(t, "snapshot --json", out)
	var snap refs.Snapshot
	if err := json.Unmarshal([]byte(out), &snap); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Role == "button" {
			got[n.Name] = true
		}
		return true
	})
	for id, name := range hiddenNames {
		if !got[name] {
			t.Errorf("button %s: no button named %q in %v", id, name, got)
		}
	}
}

func TestHiddenTextLocatorsJSONAndCopy(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	t.Setenv("TMUX", "")
	t.Setenv("STY", "")
	srv := pagesServer(t)
	out, errs, code := runLocatorsCmd(t, "--json", srv.URL+"/hidden-text.html")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	noRawHidden(t, "locators --json", out)
	var res struct {
		Elements []struct {
			Ref, Role, Name string
			Locator         *struct{ Internal, JavaScript, Python, Java, CSharp string }
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	byName := map[string]string{}
	for _, el := range res.Elements {
		if el.Role == "button" && el.Locator != nil {
			byName[el.Name] = el.Ref
			for lang, code := range map[string]string{"javascript": el.Locator.JavaScript, "python": el.Locator.Python,
				"java": el.Locator.Java, "csharp": el.Locator.CSharp} {
				noRawHidden(t, el.Name+" "+lang, code)
			}
		}
	}
	for id, tid := range hiddenTestIDs {
		want := refs.ByTestID(tid).Code(refs.JavaScript)
		found := false
		for _, el := range res.Elements {
			if el.Locator != nil && el.Locator.JavaScript == want {
				found = el.Name == hiddenNames[id]
			}
		}
		if !found {
			t.Errorf("button %s: no best locator %s", id, want)
		}
	}

	// --copy puts the escaped code on the clipboard (OSC 52 here).
	ref := byName[hiddenNames["rlo"]]
	stdout, errs, code := runLocatorsCmd(t, "--copy", srv.URL+"/hidden-text.html", ref)
	if code != 0 {
		t.Fatalf("--copy: exit %d: %s", code, errs)
	}
	noRawHidden(t, "locators --copy stdout", stdout)
	want := refs.ByTestID(hiddenTestIDs["rlo"]).Code(refs.JavaScript) // getByTestId('pay\u202e-id')
	if !strings.Contains(want, `\u202e`) {
		t.Fatalf("the code %s does not escape U+202E", want)
	}
	osc := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(want)) + "\a"
	if !strings.Contains(errs, osc) {
		t.Errorf("stderr has no OSC 52 copy of %s:\n%q", want, errs)
	}
}

func TestHiddenTextRunResults(t *testing.T) {
	srv := pagesServer(t)
	script := `open {{URL}}/hidden-text.html
find b button "` + hiddenNames["rlo"] + `"
click $b
wait text "Clicked: rlo"
find z button "` + hiddenNames["zw"] + `"
click $z --snapshot
wait text "Clicked: zw"
snapshot --json
`
	var out bytes.Buffer
	res, code := runTestScriptOut(t, srv.URL, script, &out)
	if code != 0 {
		t.Fatalf("exit %d: %v", code, res)
	}
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	noRawHidden(t, "run results", out.String())
	if res[1]["name"] != hiddenNames["rlo"] || res[4]["name"] != hiddenNames["zw"] {
		t.Errorf("find names read back as %q and %q", res[1]["name"], res[4]["name"])
	}
	if !strings.Contains(res[1]["cmd"].(string), "\u202e") {
		t.Errorf("the cmd field does not read back to the script line: %q", res[1]["cmd"])
	}
}
