package recordings

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/golden"
	"github.com/ariadne-tui/ariadne/refs"
)

// TestImportDevToolsRoundTrip exports each fixture to DevTools JSON,
// imports it, and exports it again: the two files must be the same.
func TestImportDevToolsRoundTrip(t *testing.T) {
	t.Parallel()
	for _, fx := range fixtures() {
		t.Run(fx.name, func(t *testing.T) {
			var first bytes.Buffer
			if err := ExportDevTools(fx.rec(goldenOrigin), &first); err != nil {
				t.Fatal(err)
			}
			rec, err := ImportDevTools(bytes.NewReader(first.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			var second bytes.Buffer
			if err := ExportDevTools(rec, &second); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(first.Bytes(), second.Bytes()) {
				t.Errorf("export, import, export differs:\n%s", golden.Diff(first.Bytes(), second.Bytes()))
			}
			// The imported recording exports to the other formats too.
			for _, f := range Formats() {
				if err := Export(f.Name, rec, new(bytes.Buffer)); err != nil {
					t.Errorf("%s: %v", f.Name, err)
				}
			}
		})
	}
}

func TestImportDevTools(t *testing.T) {
	t.Parallel()
	const flow = `{
  "title": "Chrome's own",
  "selectorAttribute": "data-test",
  "steps": [
    {"type": "setViewport", "width": 800, "height": 600, "deviceScaleFactor": 2, "isMobile": false, "hasTouch": false, "isLandscape": true},
    {"type": "navigate", "url": "https://example.com/", "assertedEvents": [{"type": "navigation", "url": "https://example.com/", "title": "Example"}]},
    {"type": "click", "target": "main", "selectors": [["aria/Search"], ["#q"], ["xpath///*[@id=\"q\"]"], ["pierce/#q"]], "offsetX": 10, "offsetY": 4},
    {"type": "change", "value": "ariadne", "selectors": ["#q", ["[data-test=\"search\"]"]], "target": "main"},
    {"type": "keyDown", "target": "main", "key": "Control"},
    {"type": "keyDown", "target": "main", "key": "a"},
    {"type": "keyUp", "target": "main", "key": "a"},
    {"type": "keyUp", "target": "main", "key": "Control"},
    {"type": "keyDown", "target": "main", "key": "Shift"},
    {"type": "keyUp", "target": "main", "key": "Shift"},
    {"type": "keyDown", "target": "main", "key": "Shift"},
    {"type": "click", "selectors": [["aria/Go[role=\"button\"]"]], "offsetX": 1, "offsetY": 2, "button": "secondary",
     "assertedEvents": [{"type": "navigation", "url": "https://example.com/results"}]},
    {"type": "keyUp", "target": "main", "key": "Shift"},
    {"type": "scroll", "target": "main", "x": 0, "y": 500},
    {"type": "scroll", "target": "main", "x": 0, "y": 200},
    {"type": "hover", "selectors": [["my-app", "button.menu"]]},
    {"type": "doubleClick", "selectors": [["text/Open"]], "offsetX": 3, "offsetY": 3},
    {"type": "waitForElement", "selectors": [["#status"]], "properties": {"textContent": "Done"}},
    {"type": "waitForElement", "selectors": [["#spinner"]], "visible": false},
    {"type": "waitForElement", "selectors": [["#agree"]], "properties": {"checked": true}},
    {"type": "waitForElement", "selectors": [["#items li"]], "count": 3},
    {"type": "waitForExpression", "expression": "document.title === \"Results\""},
    {"type": "waitForExpression", "expression": "window.ready"},
    {"type": "emulateNetworkConditions", "download": 1000, "upload": 1000, "latency": 100},
    {"type": "customStep", "name": "lighthouse", "parameters": {}},
    {"type": "teleport"},
    {"type": "click", "target": "https://example.com/popup", "selectors": [["#ok"]], "offsetX": 1, "offsetY": 1},
    {"type": "close", "target": "https://example.com/popup"}
  ]
}`
	rec, err := ImportDevTools(strings.NewReader(flow))
	var ie *ImportError
	if !errors.As(err, &ie) {
		t.Fatalf("got %v, want an *ImportError", err)
	}
	var problems []string
	for _, p := range ie.Problems {
		problems = append(problems, p.Type)
	}
	if got := strings.Join(problems, " "); got != "waitForElement waitForExpression emulateNetworkConditions customStep teleport" {
		t.Errorf("reported %q", got)
	}
	if rec == nil {
		t.Fatal("no recording with the steps that could be read")
	}
	if rec.Title != "Chrome's own" || rec.TestIDAttr != "data-test" || rec.StartURL != "https://example.com/" ||
		!reflect.DeepEqual(rec.Viewport, &Viewport{Width: 800, Height: 600, DeviceScaleFactor: 2, IsLandscape: new(true)}) {
		t.Errorf("header: %+v", rec.Header)
	}
	var got []string
	for _, s := range rec.Steps {
		d := string(s.Kind)
		switch {
		case s.Kind == Navigate:
			d += " to " + s.URL
		case s.Kind == Press:
			d += " " + s.Key
		case s.Kind == Assert:
			d += " " + string(s.Assert.Kind)
		case !s.Target.Locator.IsZero():
			d += " " + s.Locator().Internal()
		}
		switch {
		case s.Kind == Press:
			d += " (" + s.Key + ")"
		case s.Kind == Scroll:
			d += " " + number(s.DY)
		case s.Kind == Fill:
			d += " = " + s.Text.String()
		case s.Kind == Assert:
			d += " " + s.Assert.Expected
		}
		if len(s.Modifiers) > 0 {
			d += " +" + strings.Join(s.Modifiers, "+")
		}
		if s.Button != "" {
			d += " " + s.Button + " button"
		}
		if s.Navigated {
			d += " -> " + s.URLAfter
		}
		if s.OpensTab != 0 {
			d += " opens a tab"
		}
		if s.Tab != 0 {
			d += " in tab 1 at " + s.URLBefore
		}
		got = append(got, d)
	}
	want := []string{
		"navigate to https://example.com/",
		`click #q`, // the CSS selector ranks above aria without a role (read as a label)
		`fill internal:testid=[data-test="search"s] = ariadne`,
		"press Control+a (Control+a)",
		"press Shift (Shift)",
		`click internal:role=button[name="Go"s] +Shift right button -> https://example.com/results`,
		"scroll 500",
		"scroll -300",
		"hover my-app >> button.menu",
		`dblclick internal:text="Open"i`,
		"assert text Done",
		"assert count 0", // the spinner waited away: no element matches
		"assert checked ",
		"assert title Results opens a tab",
		"click #ok in tab 1 at https://example.com/popup",
		"close in tab 1 at https://example.com/popup",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	click := rec.Steps[1]
	// aria/Search has no role: any element with that accessible name.
	if fb := click.Target.Fallbacks; len(fb) < 4 || !reflect.DeepEqual(fb[:3], []refs.Locator{refs.ByXPath(`//*[@id="q"]`),
		refs.ByLabel("Search", true), refs.ByRole("button", "Search", true)}) || click.Target.Identity == nil ||
		click.Target.Identity.Name != "Search" || click.Target.Identity.Role != "" || *click.Position != (Point{10, 4}) {
		t.Errorf("first click: %+v", click)
	}
	if a := rec.Steps[11].Assert; a.Kind != AssertCount || a.Expected != "0" || a.Not {
		t.Errorf("visible:false became %+v, want a count of 0", *a)
	}
}

func TestImportDevToolsErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{`not json`, "not a DevTools recording"},
		{`{"title": "x"}`, "no steps"},
	} {
		if _, err := ImportDevTools(strings.NewReader(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.in, err, tc.want)
		}
	}
	rec, err := ImportDevTools(strings.NewReader(`{"title":"x","steps":[{"type":"keyUp","key":"a"},{"type":"click","selectors":[["xpath/"]],"offsetX":1,"offsetY":1}]}`))
	var ie *ImportError
	if !errors.As(err, &ie) || len(ie.Problems) != 2 || len(rec.Steps) != 0 {
		t.Fatalf("got %v, %+v", err, rec)
	}
	if !strings.Contains(ie.Error(), "not down") || !strings.Contains(ie.Error(), "no selector Ariadne can use") {
		t.Errorf("message: %v", ie)
	}
}

// TestImportDevToolsMeaning: what each field means in @puppeteer/replay
// is what the import means.
func TestImportDevToolsMeaning(t *testing.T) {
	t.Parallel()
	rec, err := ImportDevTools(strings.NewReader(`{"title":"x","timeout":7000,"steps":[
		{"type":"navigate","url":"https://example.com/"},
		{"type":"change","selectors":[["aria/Country[role=\"combobox\"]"],["#country"]],"value":"fr"},
		{"type":"change","selectors":[["form select"]],"value":"jp","timeout":2000},
		{"type":"change","selectors":[["#email"]],"value":"ada@example.com"},
		{"type":"click","selectors":[["custom-element","button"]],"offsetX":1,"offsetY":1}
	]}`))
	if err != nil {
		t.Fatal(err)
	}
	kinds := []Kind{Navigate, Select, Select, Fill, Click}
	for i, s := range rec.Steps {
		if i < len(kinds) && s.Kind != kinds[i] {
			t.Errorf("step %d is a %s, want %s", i+1, s.Kind, kinds[i])
		}
	}
	if len(rec.Steps) != len(kinds) {
		t.Fatalf("%d steps, want %d", len(rec.Steps), len(kinds))
	}
	if v := rec.Steps[1].Values; len(v) != 1 || v[0] != "fr" {
		t.Errorf("select values %v", v)
	}
	if rec.Steps[1].Timeout != 7000 || rec.Steps[2].Timeout != 2000 {
		t.Errorf("timeouts %d, %d: want the flow's 7000 and the step's 2000", rec.Steps[1].Timeout, rec.Steps[2].Timeout)
	}
	var out bytes.Buffer
	if err := ExportDevTools(rec, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"custom-element",`) || !strings.Contains(out.String(), `"timeout": 2000`) {
		t.Errorf("the shadow-piercing list or the timeout was lost:\n%s", out.String())
	}
	_, err = ImportDevTools(strings.NewReader(`{"title":"x","steps":[{"type":"navigate","url":"https://example.com/"},
		{"type":"click","selectors":[["#a"]],"offsetX":1,"offsetY":1,"button":"back"}]}`))
	if err == nil || !strings.Contains(err.Error(), `button "back"`) {
		t.Errorf("a back-button click should be refused, naming it: %v", err)
	}
}
