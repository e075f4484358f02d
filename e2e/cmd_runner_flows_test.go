package e2e

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/recordings"
)

// TestPuppeteerRunnerFlows runs Ariadne's versions of the inline flows of
// @puppeteer/replay's runner tests (test/runner.test.ts in its
// repository), on our own equivalent pages in testdata/pages/runner. Each
// flow ends with a check of what the original test checks in the page. A
// flow is imported; if Ariadne takes it, it is replayed in Ariadne and in
// @puppeteer/replay (Ariadne must pass wherever @puppeteer/replay does),
// export, import, export must give the same file, and @puppeteer/replay
// must pass Ariadne's export wherever it passes the original.
// A flow Ariadne refuses must be refused with a message naming why.
func TestPuppeteerRunnerFlows(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv := pagesServer(t)
	u := srv.URL + "/runner/"
	// The test server by its other name is another site: its frames are
	// out of process where the browser isolates sites.
	other := strings.Replace(u, "127.0.0.1", "localhost", 1)
	nav := func(page string) string { return `{"type":"navigate","url":"` + u + page + `"}` }
	click := func(sel string) string { return `{"type":"click","selectors":[` + sel + `],"offsetX":1,"offsetY":1}` }
	text := func(css, want string) string {
		return `{"type":"waitForElement","selectors":[["` + css + `"]],"properties":{"textContent":"` + want + `"}}`
	}
	value := func(css, want string) string {
		return `{"type":"waitForElement","selectors":[["` + css + `"]],"properties":{"value":"` + want + `"}}`
	}
	key := func(k string) string {
		return `{"type":"keyDown","target":"main","key":"` + k + `"},{"type":"keyUp","target":"main","key":"` + k + `"}`
	}
	vp := `{"type":"setViewport","width":800,"height":600,"isLandscape":false,"isMobile":false,"deviceScaleFactor":1,"hasTouch":false}`
	flows := []struct {
		name, steps string
		refused     string // the import refuses the flow, saying this
	}{
		{"empty flow", ``, ""},
		{"navigate to the right URL", nav("main.html") + `,{"type":"waitForExpression","expression":"location.href === \"` + u + `main.html\""}`, ""},
		{"mouse buttons", nav("main.html") + `,` + click(`["#test"]`) + `,{"type":"click","button":"auxiliary","selectors":["#test"],"offsetX":1,"offsetY":1},` +
			`{"type":"click","button":"secondary","selectors":["#test"],"offsetX":1,"offsetY":1},` + text("#log-buttons", "buttons: 0 1 2"), ""},
		{"mouse back and forward buttons", nav("main.html") + `,{"type":"click","button":"back","selectors":["#test"],"offsetX":1,"offsetY":1}`, `button "back"`},
		{"click an SVG path", nav("inputs.html") + `,` + click(`["svg > path"]`) + `,` + text("#status", "path clicked"), ""},
		{"click inside an invisible parent", nav("inputs.html") + `,` + click(`[".parent", ".child"]`) + `,` + text("#status", "child clicked"), ""},
		{"click a checkbox", nav("inputs.html") + `,` + click(`["#check"]`) + `,{"type":"waitForElement","selectors":[["#check"]],"properties":{"checked":true}}`, ""},
		{"keyboard events", nav("inputs.html") + `,` + click(`["#one"]`) + `,` + key("1") + `,` + key("Tab") + `,` + key("2") + `,` + text("#log", "one:1 two:2"), ""},
		{"change a select by aria/ name", nav("inputs.html") + `,{"type":"change","target":"main","selectors":["aria/Select"],"value":"O2"},` + value("#select", "O2"), ""},
		{"click then change a select", nav("inputs.html") + `,` + click(`["aria/Select"]`) + `,{"type":"change","target":"main","selectors":["aria/Select"],"value":"O2"},` + value("#select", "O2"), ""},
		{"change a colour input", nav("inputs.html") + `,{"type":"change","target":"main","selectors":["#color"],"value":"#333333"},` + value("#color", "#333333"), ""},
		{"change a prefilled input", nav("inputs.html") + `,{"type":"change","target":"main","selectors":["#prefilled"],"value":"cba"},` + value("#prefilled", "cba"), ""},
		{"change a partially prefilled input", nav("inputs.html") + `,{"type":"change","target":"main","selectors":["#partially-prefilled"],"value":"abcdef"},` + value("#partially-prefilled", "abcdef"), ""},
		{"viewport change", nav("inputs.html") + `,` + vp, ""},
		{"scroll an element and the page", nav("scroll.html") + `,` + vp + `,{"type":"scroll","target":"main","selectors":["body > div:nth-child(1)"],"x":0,"y":40},` +
			`{"type":"scroll","target":"main","x":40,"y":40},` + text("#pos", "page 40,40 box 40"), ""},
		{"scroll into view to click", vp + `,` + nav("scroll.html") + `,` + click(`["button"]`) + `,` + text("button", "clicked"), ""},
		{"aria/ selector on an input", nav("inputs.html") + `,` + vp + `,` + click(`["aria/Name:"]`) + `,{"type":"keyDown","key":"x"},{"type":"keyUp","key":"x"},` + value("#name", "x"), ""},
		{"text/ selector", nav("main.html") + `,` + vp + `,` + click(`["text/Inp"]`) + `,{"type":"keyDown","key":"y"},{"type":"keyUp","key":"y"},` + value("#input", "y"), ""},
		{"waitForElement in a shadow root", nav("shadow.html") + `,{"type":"waitForElement","selectors":[["custom-element","button"]]},` + click(`["custom-element","button"]`) + `,` + text("#count", "Elements: 2"), ""},
		{"waitForElement counting two", nav("shadow.html") + `,` + click(`["custom-element","button"]`) + `,{"type":"waitForElement","selectors":[["custom-element","button"]],"operator":">=","count":2}`, "not at least or at most N"},
		// The runner's operator defaults to ">=" and its count to 1: "==" alone
		// is exactly one element, which three buttons are not.
		{"waitForElement == with its default count", nav("main.html") + `,{"type":"waitForElement","selectors":[["button"]],"operator":"==","timeout":2000}`, ""},
		{"waitForElement == three", nav("main.html") + `,{"type":"waitForElement","selectors":[["button"]],"operator":"==","count":3}`, ""},
		// visible false is "not at least one": no element matches. The
		// invisible parent is there, hidden: both fail the wait.
		{"waitForElement not visible on a hidden element", nav("inputs.html") + `,{"type":"waitForElement","selectors":[["xpath///div[@class='parent']"]],"visible":false,"timeout":2000}`, ""},
		{"waitForElement not visible on a missing element", nav("inputs.html") + `,{"type":"waitForElement","selectors":[["xpath///div[@class='gone']"]],"visible":false}`, ""},
		{"waitForExpression", nav("shadow.html") + `,` + click(`["custom-element","button"]`) + `,{"type":"waitForExpression","expression":"document.querySelectorAll(\"custom-element\").length === 2"}`, "has no Ariadne equivalent"},
		{"popups", nav("main.html") + `,` + `{"type":"click","selectors":[["aria/Open Popup"],["#popup"]],"target":"main","offsetX":1,"offsetY":1},` +
			`{"type":"click","selectors":[["aria/Button in Popup"],["body > button"]],"target":"` + u + `popup.html","offsetX":1,"offsetY":1},` +
			`{"type":"waitForElement","target":"` + u + `popup.html","selectors":[["#status"]],"properties":{"textContent":"clicked"}},` +
			`{"type":"close","target":"` + u + `popup.html"}`, ""},
		{"hover", nav("main.html") + `,{"type":"hover","target":"main","selectors":[["#hover-button"]]},` + text("#hover-button", "Hovered"), ""},
		{"steps without a target (runStep)", nav("main.html") + `,{"type":"hover","selectors":[["#hover-button"]]},` + text("#hover-button", "Hovered"), ""},
		{"interactions with an OOPIF", nav("oopif.html") + `,{"type":"click","target":"` + other + `iframe1.html","selectors":[["aria/To iframe 2"],["body > a"]],"offsetX":1,"offsetY":1,` +
			`"assertedEvents":[{"type":"navigation","title":"","url":"` + other + `iframe2.html"}]},` +
			`{"type":"waitForElement","target":"` + other + `iframe2.html","selectors":[["#status"]],"properties":{"textContent":"iframe 2"}}`, ""},
		{"navigation from a local frame to an OOPIF", nav("local-to-oopif.html") + `,{"type":"click","frame":[0],"selectors":[["aria/To iframe 2"]],"offsetX":1,"offsetY":1,` +
			`"assertedEvents":[{"type":"navigation","title":"","url":"` + other + `iframe2.html"}]},` +
			`{"type":"waitForElement","target":"` + other + `iframe2.html","selectors":[["#status"]],"properties":{"textContent":"iframe 2"}}`, ""},
		{"custom steps", `{"type":"customStep","name":"step1","parameters":{}}`, `unknown custom step "step1"`},
	}
	// The flows whose check does not hold on our pages, in
	// @puppeteer/replay as in Ariadne.
	mustFail := map[string]bool{"waitForElement == with its default count": true, "waitForElement not visible on a hidden element": true}
	var table []string
	for _, f := range flows {
		t.Run(f.name, func(t *testing.T) {
			flow := `{"title":"` + f.name + `","steps":[` + f.steps + `]}`
			dir := t.TempDir()
			dt := filepath.Join(dir, "flow.json")
			writeText(t, dt, flow)
			puppeteer := "pass"
			if _, err := runDevTools(t, dt); err != nil {
				puppeteer = "FAIL"
				t.Logf("@puppeteer/replay: %v", err)
			}
			rec, err := recordings.ImportDevTools(strings.NewReader(flow))
			if f.refused != "" {
				if err == nil || !strings.Contains(err.Error(), f.refused) {
					t.Errorf("the import should refuse the flow, saying %q: %v", f.refused, err)
				}
				table = append(table, fmt.Sprintf("| %s | %s | refused: %s | | |", f.name, puppeteer, strings.Join(strings.Fields(err.Error()), " ")))
				return
			}
			if err != nil {
				t.Fatalf("import: %v", err)
			}
			file := filepath.Join(dir, "flow.jsonl")
			if err := recordings.Save(file, rec); err != nil {
				t.Fatal(err)
			}
			stdout, stderr, code := replayCmd(t, file)
			ariadne := "pass"
			if code != 0 {
				ariadne = "FAIL"
			}
			if code != 0 && puppeteer == "pass" {
				t.Errorf("Ariadne failed where @puppeteer/replay passes: exit %d\n%s\n%s", code, stdout, stderr)
			}
			if mustFail[f.name] && (code == 0 || puppeteer == "pass") {
				t.Errorf("the flow must fail in both, but @puppeteer/replay says %s and Ariadne exits %d\n%s\n%s", puppeteer, code, stdout, stderr)
			}
			first, same := exportTwice(t, rec)
			trip := "same"
			if !same {
				trip = "differs"
			}
			// The export is what @puppeteer/replay replays next.
			exported := "pass"
			out := filepath.Join(dir, "export.json")
			writeText(t, out, string(first))
			if _, err := runDevTools(t, out); err != nil {
				exported = "FAIL"
				if puppeteer == "pass" {
					t.Errorf("@puppeteer/replay passes the flow but fails Ariadne's export of it: %v", err)
				}
			}
			table = append(table, fmt.Sprintf("| %s | %s | %s | %s | %s |", f.name, puppeteer, ariadne, trip, exported))
		})
	}
	t.Logf("| flow | @puppeteer/replay | Ariadne | export→import→export | export in @puppeteer/replay |\n| --- | --- | --- | --- | --- |\n%s", strings.Join(table, "\n"))
}

// exportTwice exports rec as DevTools JSON, imports that and exports it
// again: it returns the first export, and whether the second is the same
// (an error says how they differ).
func exportTwice(t *testing.T, rec *recordings.Recording) ([]byte, bool) {
	t.Helper()
	var first, second bytes.Buffer
	if err := recordings.ExportDevTools(rec, &first); err != nil {
		t.Fatal(err)
	}
	again, err := recordings.ImportDevTools(bytes.NewReader(first.Bytes()))
	if err == nil {
		err = recordings.ExportDevTools(again, &second)
	}
	if err != nil || !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Errorf("export, import, export differs (%v):\n%s\n---\n%s", err, first.String(), second.String())
		return first.Bytes(), false
	}
	return first.Bytes(), true
}
