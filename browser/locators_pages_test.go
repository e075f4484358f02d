//go:build compat

package browser

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/refs"
)

// locatorItem is one best locator, as verify-locators.mjs reads it.
type locatorItem struct {
	Ref      string    `json:"ref"`
	Internal string    `json:"internal"`
	Box      *refs.Box `json:"box"`
	Code     string    `json:"code"`
}

type pageItems struct {
	URL             string        `json:"url"`
	TestIDAttribute string        `json:"testIdAttribute,omitempty"`
	Ready           string        `json:"ready,omitempty"` // a page expression true once its late content is in
	Still           string        `json:"still,omitempty"` // a page statement that stops its re-renders
	Items           []locatorItem `json:"items"`
}

// stillWith holds, for the pages that re-render on a timer, a statement
// that stops them, which Playwright runs before it measures: a re-render
// can land between finding an element and measuring it (boundingBox() is
// then null), and on a loaded machine it often does. Ariadne's side is
// measured while they churn, which is the harder case.
var stillWith = map[string]string{
	"churn.html": "window.stopChurn()",
	// The demo's list re-renders every 400 ms while "Keep re-rendering" is
	// ticked (testdata/pages/rerender.html has no such box, nor a timer).
	"rerender.html": `const churn = document.getElementById("churn"); if (churn) churn.checked = false;`,
}

// readyWhen holds, for the pages whose content arrives after the load
// event, an expression that is true once all of it is in: both sides
// (Ariadne here, Playwright in verify-locators.mjs) measure the page then,
// whatever the machine's load (late.html adds its paragraphs 1-1.5 s
// after load; controls.html enables "Enabled later" 1 s after load: under
// load one side saw it disabled, the other enabled).
var readyWhen = map[string]string{
	"controls.html": `!document.querySelector("#later")?.disabled`, // the demo's controls.html has none
	"late.html": `document.querySelector("#late") !== null && ` +
		`(document.querySelector("[aria-label=Feed]") !== null || [...document.querySelectorAll("p")].some((p) => p.textContent.startsWith("Fetched:")))`,
}

// allPageLocators locates every ref of every test page and demo page, and
// every element of their child frames (testids.html twice, the second
// time with data-test as the test id attribute), and returns the best
// locators with their boxes.
func allPageLocators(t *testing.T) []pageItems {
	t.Helper()
	srv := servePages(t)
	other := httptest.NewServer(http.FileServer(http.Dir(filepath.Join("..", "testdata", "pages"))))
	t.Cleanup(other.Close)
	site, err := demo.Start(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { site.Close() })

	var urls []string
	names, err := filepath.Glob(filepath.Join("..", "testdata", "pages", "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		u := srv.URL + "/" + filepath.Base(n)
		if filepath.Base(n) == "iframe-cross.html" {
			u += "?src=" + other.URL + "/frame-inner.html"
		}
		urls = append(urls, u)
	}
	demoPages, err := fs.Glob(demo.Site(), "*.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range demoPages {
		urls = append(urls, site.URL()+n)
	}

	var pages []pageItems
	collect := func(b *Browser, u, attr string) {
		if _, err := b.Open(testContext(t, 30*time.Second), u); err != nil {
			t.Fatalf("opening %s: %v", u, err)
		}
		settle(t, b)
		p := pageItems{URL: u, TestIDAttribute: attr, Ready: readyWhen[path.Base(u)], Still: stillWith[path.Base(u)]}
		if p.Ready != "" {
			waitTrue(t, b, p.Ready)
		}
		var out []ElementLocators
		// churn.html replaces its nodes every 400 ms: its locators are
		// asked for while it churns, and when a loaded machine is slower
		// than that three times over, once it is still (as Playwright
		// checks it).
		for try := 0; try < 4; try++ {
			if try == 3 {
				if p.Still == "" {
					break
				}
				if _, err := b.Evaluate(testContext(t, 30*time.Second), "", "() => { "+p.Still+" }"); err != nil {
					t.Fatalf("%s: %s: %v", u, p.Still, err)
				}
			}
			main, err := b.Locators(testContext(t, 60*time.Second), nil)
			if err != nil {
				t.Fatalf("%s: %v", u, err)
			}
			inFrames, err := b.Locators(testContext(t, 60*time.Second), frameRefs(t, b))
			if err != nil {
				t.Fatalf("%s frames: %v", u, err)
			}
			out = append(main, inFrames...)
			if !slices.ContainsFunc(out, func(e ElementLocators) bool { return e.Problem == problemGone }) {
				break
			}
		}
		for _, e := range out {
			if e.Problem != "" {
				t.Errorf("%s: %s %s %q: %s", u, e.Ref, e.Role, e.Name, e.Problem)
				continue
			}
			p.Items = append(p.Items, locatorItem{e.Ref, e.Best.Locator.Internal(), e.Box, e.Best.Locator.Code(refs.JavaScript)})
		}
		pages = append(pages, p)
	}
	b := launchTest(t)
	for _, u := range urls {
		collect(b, u, "")
	}
	custom := launchTest(t, func(o *Options) { o.TestIDAttribute = "data-test" })
	collect(custom, srv.URL+"/testids.html", "data-test")

	return pages
}
