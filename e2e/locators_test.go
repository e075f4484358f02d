package e2e

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/refs"
)

// Tests of 'ariadne locators'.

// runLocatorsCmd runs 'ariadne locators ARGS' and returns stdout, stderr
// and the exit status.
func runLocatorsCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	needBrowser(t)
	return ariadne(t, append([]string{"locators", "--timeout", "15s"}, args...)...)
}

func TestLocatorsJSON(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	out, errs, code := runLocatorsCmd(t, "--json", srv.URL+"/duplicates.html")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// The exact shape: these keys and no others (problem only when set).
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	wantKeys(t, "top", raw, "url", "title", "viewport", "elements")
	var doc struct {
		URL      string
		Title    string
		Viewport map[string]json.RawMessage
		Elements []map[string]json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	wantKeys(t, "viewport", doc.Viewport, "width", "height")
	if doc.Title != "Duplicates" || !strings.HasSuffix(doc.URL, "/duplicates.html") || len(doc.Elements) == 0 {
		t.Fatalf("url %q title %q, %d elements", doc.URL, doc.Title, len(doc.Elements))
	}
	var button struct {
		Ref, Role, Name, Frame string
		Box                    map[string]float64
		Locator                struct {
			Rung, Internal, JavaScript, Python, Java, CSharp string
			Exact, Nth                                       bool
			Flags                                            []string
		}
		Candidates []struct {
			Rung, Internal, JavaScript string
			Matches                    int
			Flags                      []string
		}
	}
	found := false
	for _, el := range doc.Elements {
		wantKeys(t, "element", el, "ref", "role", "name", "frame", "box", "locator", "candidates")
		var loc, box map[string]json.RawMessage
		json.Unmarshal(el["locator"], &loc)
		json.Unmarshal(el["box"], &box)
		wantKeys(t, "locator", loc, "rung", "internal", "javascript", "python", "java", "csharp", "exact", "nth", "flags")
		wantKeys(t, "box", box, "x", "y", "width", "height")
		var cands []map[string]json.RawMessage
		json.Unmarshal(el["candidates"], &cands)
		for _, c := range cands {
			wantKeys(t, "candidate", c, "rung", "internal", "javascript", "matches", "flags")
		}
		var name string
		json.Unmarshal(el["name"], &name)
		if name == "Add to cart" && !found {
			found = true
			b, _ := json.Marshal(el)
			if err := json.Unmarshal(b, &button); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !found {
		t.Fatal(`no "Add to cart" element`)
	}
	if got, want := button.Locator.JavaScript, `getByRole('article').filter({ hasText: 'Blue mug' }).getByRole('button', { name: 'Add to cart' })`; got != want {
		t.Errorf("javascript %s, want %s", got, want)
	}
	if got, want := button.Locator.Python, `get_by_role("article").filter(has_text="Blue mug").get_by_role("button", name="Add to cart")`; got != want {
		t.Errorf("python %s, want %s", got, want)
	}
	if got, want := button.Locator.Internal, `internal:role=article >> internal:has-text="Blue mug"i >> internal:role=button[name="Add to cart"i]`; got != want {
		t.Errorf("internal %s, want %s", got, want)
	}
	if button.Locator.Rung != "role" || button.Locator.Exact || button.Locator.Nth || button.Frame != "" {
		t.Errorf("locator %+v, frame %q", button.Locator, button.Frame)
	}
	if button.Box["width"] <= 0 || button.Box["height"] <= 0 {
		t.Errorf("box %v", button.Box)
	}
	// The unscoped forms are listed too, with their three matches.
	if !strings.Contains(out, `"internal": "internal:role=button[name=\"Add to cart\"i]",`+"\n"+`          "javascript": "getByRole('button', { name: 'Add to cart' })",`+"\n"+`          "matches": 3,`) {
		t.Errorf("no unscoped role candidate with 3 matches:\n%s", out)
	}
}

func wantKeys(t *testing.T, what string, m map[string]json.RawMessage, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			t.Errorf("%s lacks %q: %v", what, k, m)
		}
	}
	for k := range m {
		if !strings.Contains(" "+strings.Join(keys, " ")+" problem ", " "+k+" ") {
			t.Errorf("%s has an unexpected key %q", what, k)
		}
	}
}

func TestLocatorsText(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	// e4 is the first button of testids.html (Save, data-testid).
	out, errs, code := runLocatorsCmd(t, "--lang", "python", srv.URL+"/testids.html", "e4", "@e5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"e4  button \"Save\"\n  get_by_test_id(\"save-button\")\n",
		"    testid         1  get_by_test_id(\"save-button\")\n",
		"e5  button \"Cancel\"\n  get_by_role(\"button\", name=\"Cancel\")\n",
		"    css           5×  locator(\"button[type=\\\"button\\\"]\")\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// With the custom test id attribute, Cancel has a test id.
	out, errs, code = runLocatorsCmd(t, "--testid-attribute", "data-test", srv.URL+"/testids.html", "e5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "e5  button \"Cancel\"\n  getByTestId('cancel')\n") {
		t.Errorf("--testid-attribute data-test: %s", out)
	}
}

func TestLocatorsEscapesControlCharacters(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	out, errs, code := runLocatorsCmd(t, srv.URL+"/names.html")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.ContainsAny(out, "\x1b\x07\u009b\u202e") {
		t.Errorf("raw control characters in the output:\n%q", out)
	}
	if !strings.Contains(out, `getByRole('button', { name: 'abc\u202edef' })`) {
		t.Errorf("the RLO name is not escaped as \\u202e:\n%s", out)
	}
}

// TestLocatorsCopy: --copy prints the locator and copies it. The command
// runs with the display and multiplexer variables cleared (setenv).
func TestLocatorsCopy(t *testing.T) {
	t.Parallel()
	// No display and no multiplexer: the copy goes out as plain OSC 52.
	setenv(t, "DISPLAY", "")
	setenv(t, "WAYLAND_DISPLAY", "")
	setenv(t, "TMUX", "")
	setenv(t, "STY", "")
	srv := browsertest.Pages(t)
	out, errs, code := runLocatorsCmd(t, "--copy", srv.URL+"/testids.html", "e4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "getByTestId('save-button')") {
		t.Errorf("stdout: %s", out)
	}
	want := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte("getByTestId('save-button')")) + "\a"
	if !strings.Contains(errs, want) && !strings.Contains(errs, "(system clipboard)") {
		t.Errorf("stderr has neither the OSC 52 escape %q nor a system copy:\n%q", want, errs)
	}
	if !strings.Contains(errs, "copied the locator of e4") {
		t.Errorf("stderr does not say what was copied: %q", errs)
	}
}

// TestLocatorsBadArguments: a bad --lang or a word that is no ref is a
// usage error (exit 2), before any browser starts.
func TestLocatorsBadArguments(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--lang", "cobol", "http://127.0.0.1:1/"},
		{"http://127.0.0.1:1/", "not-a-ref"},
	} {
		if _, errs, code := ariadne(t, append([]string{"locators"}, args...)...); code != 2 {
			t.Errorf("%v: exit %d, want %d (%s)", args, code, 2, errs)
		}
	}
}

// hiddenTestIDs are the test ids the page gives some of those buttons.
var hiddenTestIDs = map[string]string{
	"rlo":  "pay\u202e-id",
	"iso":  "iso\u2067x\u2069",
	"soft": "\ufeffbom-first",
	"del":  "del\x7f nel\u0085",
}

// TestHiddenTextLocatorsJSONAndCopy: locators --json of
// hidden-text.html escapes the page's hidden characters in every field
// and every language's code, and the best locators are the test ids; the
// --copy of one copies its escaped code.
func TestHiddenTextLocatorsJSONAndCopy(t *testing.T) {
	t.Parallel()
	setenv(t, "DISPLAY", "")
	setenv(t, "WAYLAND_DISPLAY", "")
	setenv(t, "TMUX", "")
	setenv(t, "STY", "")
	srv := browsertest.Pages(t)
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
