package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/recordings"
)

// Tests of importing DevTools Recorder flows (recordings.ImportDevTools,
// as 'ariadne import' does) and replaying them in Ariadne. The same flows
// run in @puppeteer/replay, and their exports in @playwright/test and as
// chromedp programs, in import_compat_test.go: the tests there name the
// tests here whose flows they run.

// framePathsFlow is a DevTools Recorder flow whose steps name their frame
// by index path ("frame": [1, 0], the first child frame of the main
// frame's second), on the release of a checkout page (framesServer at
// base) whose two widgets, in different frames, both have an "Apply"
// button and a #status. The coupon's button must be clicked (its frame
// says "applied") and the newsletter's left alone (its frame still says
// "idle"). On the broken release the coupon button says "Remove".
func framePathsFlow(base, release string) string {
	u := base + "/frames/" + release + "/"
	return `{"title":"coupon in a nested frame","steps":[
 {"type":"setViewport","width":900,"height":700,"deviceScaleFactor":1,"isMobile":false,"hasTouch":false,"isLandscape":false},
 {"type":"navigate","url":"` + u + `shop.html"},
 {"type":"click","target":"main","frame":[1,0],"selectors":[["aria/Apply[role=\"button\"]"],["#apply"]],"offsetX":4,"offsetY":4},
 {"type":"waitForElement","target":"main","frame":[1,0],"selectors":[["#status"]],"properties":{"textContent":"applied"}},
 {"type":"waitForElement","target":"main","frame":[0],"selectors":[["#status"]],"properties":{"textContent":"idle"}}
]}`
}

// releases are the original release of a page, which passes, and its
// broken one, which fails.
var releases = []struct {
	release string
	pass    bool
}{{"original", true}, {"broken", false}}

// TestImportFramePaths imports framePathsFlow: the click keeps its frame
// path, and the replay clicks the coupon's button on the original
// release; on the broken one it fails not_locatable at the click, saying
// the button is now Remove.
func TestImportFramePaths(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := framesServer(t)
	for _, tc := range releases {
		t.Run(tc.release, func(t *testing.T) {
			t.Parallel()
			_, file, rec := importFlow(t, t.TempDir(), framePathsFlow(srv.URL, tc.release))
			if got := rec.Steps[1].FramePath; len(got) != 2 || got[0] != 1 || got[1] != 0 {
				t.Fatalf("the click's frame path is %v, want [1 0]", got)
			}
			stdout, stderr, code := replayCmd(t, file)
			if tc.pass && code != 0 {
				t.Fatalf("replay failed on the %s release: exit %d\n%s\n%s", tc.release, code, stdout, stderr)
			}
			if !tc.pass {
				if code != 1 {
					t.Fatalf("replay exit %d on the broken release, want 1\n%s\n%s", code, stdout, stderr)
				}
				out := stdout + stderr
				if !strings.Contains(out, "not_locatable") || !strings.Contains(out, `button "Remove", not the recorded button "Apply"`) {
					t.Errorf("the broken release should fail not_locatable at the click, saying the button is now Remove:\n%s", out)
				}
				if !strings.Contains(out, "[2/4] click") || strings.Contains(out, "[3/4]") {
					t.Errorf("the replay should fail at step 2, the click:\n%s", out)
				}
			}
		})
	}
}

// frameOrTabFlow is a flow with two targets besides "main": the URL of a
// payment iframe from another site (what Chrome's recorder writes for an
// out-of-process iframe) and the URL of a receipt tab that a button
// opens. The click in the frame charges the card, and the page says
// "Order paid"; the receipt tab's #status is read there. On the broken
// release the frame's button says "Cancel".
func frameOrTabFlow(base, release string) string {
	u := base + "/frames/" + release + "/"
	// The same server by another name is another site.
	card := otherSite(u) + "card.html"
	return `{"title":"pay in a cross-site frame","steps":[
 {"type":"navigate","url":"` + u + `pay.html?src=` + card + `"},
 {"type":"click","target":"` + card + `","selectors":[["aria/Pay[role=\"button\"]"],["#pay"]],"offsetX":4,"offsetY":4},
 {"type":"waitForElement","target":"` + card + `","selectors":[["#status"]],"properties":{"textContent":"Charged $12.00"}},
 {"type":"waitForElement","target":"main","selectors":[["#status"]],"properties":{"textContent":"Order paid"}},
 {"type":"click","target":"main","selectors":[["aria/Open receipt[role=\"button\"]"],["#receipt"]],"offsetX":4,"offsetY":4},
 {"type":"waitForElement","target":"` + u + `receipt.html","selectors":[["#status"]],"properties":{"textContent":"Receipt for order 1042"}}
]}`
}

// TestImportTargetFrameOrTab imports frameOrTabFlow: the import numbers
// both targets as tabs; the replay must read the first as the frame with
// that URL in the page and the second as the tab. On the broken release
// it fails at step 2, the frame's click, saying the button is now Cancel.
func TestImportTargetFrameOrTab(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := framesServer(t)
	for _, tc := range releases {
		t.Run(tc.release, func(t *testing.T) {
			t.Parallel()
			_, file, _ := importFlow(t, t.TempDir(), frameOrTabFlow(srv.URL, tc.release))
			stdout, stderr, code := replayCmd(t, file)
			out := stdout + stderr
			switch {
			case tc.pass && code != 0:
				t.Fatalf("replay failed on the %s release: exit %d\n%s", tc.release, code, out)
			case !tc.pass && code != 1:
				t.Fatalf("replay exit %d on the broken release, want 1\n%s", code, out)
			case !tc.pass && (!strings.Contains(out, "[2/6] click") || strings.Contains(out, "[3/6]") ||
				!strings.Contains(out, `button "Cancel", not the recorded button "Pay"`)):
				t.Errorf("the broken release should fail at step 2, the frame's click, saying the button is now Cancel:\n%s", out)
			}
		})
	}
}

// device is a device a DevTools flow's setViewport step emulates (scale
// factor, mobile, touch, orientation), and what testdata/pages/device.html
// prints on it.
type device struct {
	name, viewport         string
	dpr, pointer, touch, o string
}

var devices = []device{
	{"phone", `"width":390,"height":844,"deviceScaleFactor":3,"isMobile":true,"hasTouch":true,"isLandscape":false`, "3", "coarse", "touch", "portrait-primary"},
	{"tablet in landscape", `"width":1024,"height":768,"deviceScaleFactor":2,"isMobile":true,"hasTouch":true,"isLandscape":true`, "2", "coarse", "touch", "landscape-primary"},
	{"desktop", `"width":1000,"height":700,"deviceScaleFactor":1,"isMobile":false,"hasTouch":false,"isLandscape":true`, "1", "fine", "no touch", ""},
}

// deviceFlow emulates d on device.html at base, clicks Buy and checks
// each thing the page prints with a waitForElement.
func deviceFlow(base string, d device) string {
	check := func(id, want string) string {
		return `{"type":"waitForElement","selectors":[["#` + id + `"]],"properties":{"textContent":"` + want + `"}}`
	}
	steps := []string{`{"type":"setViewport",` + d.viewport + `}`,
		`{"type":"navigate","url":"` + base + `/device.html"}`,
		`{"type":"click","selectors":[["aria/Buy[role=\"button\"]"],["#buy"]],"offsetX":4,"offsetY":4}`,
		check("status", "Bought"), check("dpr", d.dpr), check("pointer", d.pointer), check("touch", d.touch)}
	if d.o != "" {
		steps = append(steps, check("orientation", d.o))
	}
	return `{"title":"` + d.name + `","steps":[` + strings.Join(steps, ",") + `]}`
}

// TestImportDeviceEmulation imports deviceFlow for each device: Ariadne's
// replay must pass it, and export, import, export gives the same file.
// The phone flow replayed with --viewport 1280x720 (no device emulated)
// fails at its devicePixelRatio check, so the checks do look at the
// device.
func TestImportDeviceEmulation(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	for _, d := range devices {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel()
			_, file, rec := importFlow(t, t.TempDir(), deviceFlow(srv.URL, d))
			if stdout, stderr, code := replayCmd(t, file); code != 0 {
				t.Fatalf("replay: exit %d\n%s\n%s", code, stdout, stderr)
			}
			exportTwice(t, rec)
			if d.name != "phone" {
				return
			}
			stdout, stderr, code := replayCmd(t, "--viewport", "1280x720", file)
			out := stdout + stderr
			if code != 1 || !strings.Contains(out, fmt.Sprintf(`expected text %q, got "1"`, d.dpr)) {
				t.Errorf("replayed on a desktop (--viewport), the phone flow should fail at the devicePixelRatio check: exit %d\n%s", code, out)
			}
		})
	}
}

// runnerFlow is one of Ariadne's versions of the inline flows of
// @puppeteer/replay's runner tests (test/runner.test.ts in its
// repository), on our own equivalent pages in testdata/pages/runner.
type runnerFlow struct {
	name, steps string
	refused     string // the import refuses the flow, saying this
}

// runnerFlows are the flows, on the pages at u (BASE/runner/). Each ends
// with a check of what the original test checks in the page.
func runnerFlows(u string) []runnerFlow {
	// The test server by its other name is another site: its frames are
	// out of process where the browser isolates sites.
	other := otherSite(u)
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
	return []runnerFlow{
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
}

// runnerMustFail are the flows whose check does not hold on our pages, in
// @puppeteer/replay as in Ariadne.
var runnerMustFail = map[string]bool{"waitForElement == with its default count": true, "waitForElement not visible on a hidden element": true}

// TestPuppeteerRunnerFlows imports each of runnerFlows: a flow Ariadne
// refuses must be refused with a message naming why; one it takes is
// replayed in Ariadne, which must pass it unless it is one of
// runnerMustFail, which must fail; export, import, export must give the
// same file. (TestPuppeteerRunnerFlowsInTools, compat, runs the flows and
// their exports in @puppeteer/replay: it passes the flows Ariadne passes
// and fails runnerMustFail, so Ariadne passes wherever @puppeteer/replay
// does, and @puppeteer/replay passes Ariadne's export wherever it passes
// the original.)
func TestPuppeteerRunnerFlows(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	for _, f := range runnerFlows(srv.URL + "/runner/") {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			flow := `{"title":"` + f.name + `","steps":[` + f.steps + `]}`
			rec, err := recordings.ImportDevTools(strings.NewReader(flow))
			if f.refused != "" {
				if err == nil || !strings.Contains(err.Error(), f.refused) {
					t.Errorf("the import should refuse the flow, saying %q: %v", f.refused, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("import: %v", err)
			}
			file := filepath.Join(t.TempDir(), "flow.jsonl")
			if err := recordings.Save(file, rec); err != nil {
				t.Fatal(err)
			}
			stdout, stderr, code := replayCmd(t, file)
			if runnerMustFail[f.name] && code == 0 {
				t.Errorf("the flow must fail, but Ariadne passes it\n%s\n%s", stdout, stderr)
			}
			if !runnerMustFail[f.name] && code != 0 {
				t.Errorf("Ariadne fails the flow: exit %d\n%s\n%s", code, stdout, stderr)
			}
			exportTwice(t, rec)
		})
	}
}
