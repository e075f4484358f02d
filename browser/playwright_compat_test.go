//go:build compat

package browser

// The checks of this file run Playwright (tools/playwright, node) on the
// same Chromium: the compat tier, go test -tags compat ./browser.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/internal/nodetools"
	"github.com/ariadne-tui/ariadne/refs"
)

// locatorFigures is one side of verify-locators.mjs --figures' comparison.
type locatorFigures struct {
	Nth            float64 `json:"nth"`
	Over120        float64 `json:"over120"`
	Longest        int     `json:"longest"`
	LongestLocator string  `json:"longestLocator"`
	CSS            float64 `json:"css"`
}

// TestMatchesPlaywright compares Ariadne's snapshot text (without refs)
// with Playwright's ariaSnapshot() of the same page in the same Chromium,
// for every test page and demo page.
func TestMatchesPlaywright(t *testing.T) {
	t.Parallel()
	needPlaywright(t)
	b := launchTest(t)
	srv := serveFidelity(t)
	other := servePages(t)
	site, err := demo.Start(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { site.Close() })
	urls := fidelityPages(t, srv.URL, other.URL, site.URL())
	want := playwrightSnapshots(t, urls)
	for _, u := range urls {
		name := strings.TrimPrefix(strings.TrimPrefix(u, srv.URL+"/"), site.URL())
		if strings.HasPrefix(u, site.URL()) {
			name = "demo/" + name
		}
		name, _, _ = strings.Cut(name, "?")
		t.Run(name, func(t *testing.T) {
			ctx := testContext(t, 30*time.Second)
			if _, err := b.Open(ctx, u); err != nil {
				t.Fatal(err)
			}
			if r := readyWhen[path.Base(name)]; r != "" {
				waitTrue(t, b, r)
			}
			snap, err := b.Snapshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			got := refs.Text(snap.Root, refs.TextOptions{NoRefs: true})
			if strings.TrimSpace(want[u]) == "" {
				t.Fatalf("Playwright gave no snapshot of %s", u)
			}
			d, normalized := compareWithPlaywright(got, want[u])
			if normalized > 0 {
				t.Logf("%d line(s) equal after normalizing control characters", normalized)
			}
			if d != "" {
				t.Errorf("%s differs from Playwright's ariaSnapshot():\n%s\nariadne:\n%s\nplaywright:\n%s", u, d, got, want[u])
			}
		})
	}
}

// TestPlaywrightAcceptsOurSnapshot pastes Ariadne's snapshot (without refs)
// of each page into Playwright's
// expect(page.locator('body')).toMatchAriaSnapshot(), one Playwright Test
// run for all of them (aria-match.spec.mjs). hidden-text.html checks that
// the \\u escapes of bidi and invisible characters in names read back to
// the page's names.
func TestPlaywrightAcceptsOurSnapshot(t *testing.T) {
	t.Parallel()
	needPlaywright(t)
	b := launchTest(t)
	srv := serveFidelity(t)
	type matchCase struct {
		Name string `json:"name"`
		URL  string `json:"url"`
		File string `json:"file"`
	}
	var cases []matchCase
	var texts []string
	dir := t.TempDir()
	for i, page := range []string{"form.html", "table.html", "fidelity/states.html", "iframe.html", "hidden-text.html"} {
		ctx := testContext(t, 30*time.Second)
		u := srv.URL + "/" + page
		if _, err := b.Open(ctx, u); err != nil {
			t.Fatal(err)
		}
		snap, err := b.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, fmt.Sprintf("snapshot%d.yaml", i))
		// As ariadne snapshot --no-refs prints it: iframes are leaves.
		text := refs.Text(snap.Root, refs.TextOptions{NoRefs: true, LeafFrames: true})
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, matchCase{Name: page, URL: u, File: file})
		texts = append(texts, page+":\n"+text)
	}
	list := filepath.Join(dir, "cases.json")
	data, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(list, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runNode(t, 5*time.Minute, []string{"ARIADNE_EXPECT_CASES=" + list},
		filepath.Join("node_modules", "@playwright", "test", "cli.js"), "test", "aria-match.spec.mjs",
		"--output", t.TempDir(), "--reporter=line")
	if err != nil {
		t.Fatalf("Playwright rejected our snapshots: %v\n%s\nours:\n%s", err, out, strings.Join(texts, "\n"))
	}
	if !strings.Contains(string(out), fmt.Sprintf("%d passed", len(cases))) {
		t.Errorf("Playwright did not say that %d tests passed:\n%s", len(cases), out)
	}
}

// TestLocatorsMatchPlaywright is the real check: every ref of every test
// page and demo page, and every element of their child frames, gets a
// locator that Playwright finds exactly once, at the box Ariadne reported;
// the JavaScript code form is evaluated as well. In the same run, the
// figures subtest sets them beside Playwright's own generator.
func TestLocatorsMatchPlaywright(t *testing.T) {
	t.Parallel()
	script, err := filepath.Abs(filepath.Join("..", "tools", "playwright", "verify-locators.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	node, err := exec.LookPath("node")
	_, modErr := os.Stat(filepath.Join(filepath.Dir(script), "node_modules", "playwright-core"))
	if err != nil || modErr != nil {
		if os.Getenv("ARIADNE_REQUIRE_PLAYWRIGHT") == "1" {
			t.Fatalf("Playwright is required: node %v, node_modules %v (run npm ci in tools/playwright)", err, modErr)
		}
		t.Skip("no node or tools/playwright/node_modules; set ARIADNE_REQUIRE_PLAYWRIGHT=1 to fail instead")
	}
	pages := allPageLocators(t)

	dir := t.TempDir()
	file := filepath.Join(dir, "locators.json")
	data, err := json.MarshalIndent(map[string]any{"pages": pages}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := nodetools.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, script, "--figures", file)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, runErr := cmd.Output()
	var res struct {
		Checked  int `json:"checked"`
		Passed   int `json:"passed"`
		Failures []struct {
			URL, Ref, Form, Locator, Why string
		} `json:"failures"`
		Figures locatorComparison `json:"figures"`
	}
	if err := json.Unmarshal(stdout, &res); err != nil {
		t.Fatalf("verify-locators.mjs: %v\n%s\n%s", runErr, stdout, stderr.String())
	}
	elements := 0
	for _, p := range pages {
		elements += len(p.Items)
	}
	t.Logf("Playwright check: %d of %d passed (%.1f%%) over %d elements of %d pages, internal and JavaScript forms",
		res.Passed, res.Checked, 100*float64(res.Passed)/float64(max(res.Checked, 1)), elements, len(pages))
	if res.Checked != 2*elements {
		t.Errorf("checked %d forms, want %d", res.Checked, 2*elements)
	}
	for _, f := range res.Failures {
		t.Errorf("%s %s (%s) %s: %s", f.URL, f.Ref, f.Form, f.Locator, f.Why)
	}
	t.Run("figures", func(t *testing.T) { locatorFiguresHold(t, res.Figures, len(pages)) })
}

// locatorComparison is what verify-locators.mjs --figures prints beside
// its checks: Ariadne's best locators and Playwright's own generator
// (locator.normalize()) for the same elements.
type locatorComparison struct {
	Elements   int            `json:"elements"`
	Ariadne    locatorFigures `json:"ariadne"`
	Playwright locatorFigures `json:"playwright"`
	Failed     []struct{ URL, Ref, Why string }
}

// locatorFiguresHold prints the figures of Ariadne's best locators on every
// test page and demo page beside Playwright's generator's, and holds the
// targets of issue 11: nth at most half of Playwright's rate, at most 1%
// over 120 characters (the checks above say that every one is correct).
//
//	go test -tags compat ./browser -run 'TestLocatorsMatchPlaywright/figures' -v
func locatorFiguresHold(t *testing.T, res locatorComparison, pages int) {
	var b strings.Builder
	fmt.Fprintf(&b, "%d elements of %d pages\n", res.Elements, pages)
	fmt.Fprintf(&b, "| | nth | over 120 chars | longest | CSS |\n| --- | --- | --- | --- | --- |\n")
	for _, row := range []struct {
		name string
		f    locatorFigures
	}{{"Ariadne", res.Ariadne}, {"Playwright normalize()", res.Playwright}} {
		fmt.Fprintf(&b, "| %s | %.1f%% | %.1f%% | %d | %.1f%% |\n", row.name, 100*row.f.Nth, 100*row.f.Over120, row.f.Longest, 100*row.f.CSS)
	}
	fmt.Fprintf(&b, "longest (Ariadne): %s\nlongest (Playwright): %s\n", res.Ariadne.LongestLocator, res.Playwright.LongestLocator)
	t.Log("\n" + b.String())
	for _, f := range res.Failed {
		t.Logf("Playwright could not normalize %s %s: %s", f.URL, f.Ref, f.Why)
	}
	if res.Elements < 1000 {
		t.Errorf("only %d elements compared", res.Elements)
	}
	if res.Ariadne.Nth > res.Playwright.Nth/2 {
		t.Errorf("nth on %.1f%% of elements, over half of Playwright's %.1f%%", 100*res.Ariadne.Nth, 100*res.Playwright.Nth)
	}
	if res.Ariadne.Over120 > 0.01 {
		t.Errorf("%.1f%% of locators over 120 characters, want at most 1%%", 100*res.Ariadne.Over120)
	}
}

// TestFilterMatchesPlaywright counts filter chains with the page's matcher
// (locate.count) and with Playwright's page.locator(...).count() on the
// same page, and wants the same numbers.
func TestFilterMatchesPlaywright(t *testing.T) {
	t.Parallel()
	needPlaywright(t)
	li, listitem := refs.ByCSS("li"), refs.ByRole("listitem", "", false)
	article := refs.ByRole("article", "", false)
	exact := func(l refs.Locator, text string) refs.Locator {
		return refs.Locator{Parts: append(append([]refs.Part(nil), l.Parts...), refs.Part{Kind: refs.KindFilter, Text: text, Exact: true})}
	}
	locs := []refs.Locator{
		li.Filter("blue mug"),
		listitem.Filter("BLUE MUG"),
		li.Filter("mug extra"),
		li.Filter("  blue\n  mug "),
		li.Filter("Mug $12"),
		li.Filter("Tealcup"),
		li.Filter("Teal cup"),
		li.Filter("Zerowidth"),
		li.Filter("softhyphen"),
		li.Filter("ça va été"),
		li.Filter("Send now"),
		li.Filter(""),
		li.Filter("blue").Filter("extra"),
		li.Filter("blue").Nth(1),
		li.Nth(0).Filter("teal"),
		refs.ByCSS("tr").Filter("AdaLovelace"),
		refs.ByRole("row", "", false).Filter("grace"),
		article.Filter("mug"),
		refs.ByRole("button", "Buy", false).Within(article.Filter("shadow MUG")),
		refs.ByRole("heading", "", false).Within(refs.ByCSS("body").Filter("Hopper")),
		exact(li, "Blue mugs"),
		exact(li, "blue mugs"),
		exact(li, "Blue Mug $12"),
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(filterPage))
	}))
	t.Cleanup(srv.Close)
	b := launchTest(t)
	if _, err := b.Open(testContext(t, 20*time.Second), srv.URL); err != nil {
		t.Fatal(err)
	}
	tab, ctx, w := mainWorld(t, b, 20*time.Second)
	type query struct {
		T     int         `json:"t"`
		Parts []refs.Part `json:"parts"`
	}
	req := struct {
		Attr    string  `json:"attr"`
		Queries []query `json:"queries"`
	}{Attr: "data-testid"}
	var selectors []string
	for _, l := range locs {
		req.Queries = append(req.Queries, query{0, l.Parts})
		selectors = append(selectors, l.Internal())
	}
	raw, err := tab.callIn(ctx, w, "(r) => __ariadne.locate.count(r)", req)
	if err != nil {
		t.Fatal(err)
	}
	var s string
	var ours [][2]int
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(s), &ours); err != nil {
		t.Fatal(err)
	}

	theirs := playwrightCounts(t, srv.URL, selectors)
	t.Logf("Playwright counts %v", theirs)
	for i, l := range locs {
		if ours[i][0] != theirs[i] {
			t.Errorf("%s (%s): we count %d, Playwright %d", l.Code(refs.JavaScript), selectors[i], ours[i][0], theirs[i])
		}
	}
}

// TestLocatorsDurable: the best locator of each checked element of each
// issue 11 page, made on the page as it is, still finds exactly that
// element, at its new box, in real Playwright on the page's reworked
// version (?v=2); none of them uses nth; and on the broken versions
// (?v=broken: a duplicated card, a removed option) the check fails.
func TestLocatorsDurable(t *testing.T) {
	t.Parallel()
	needPlaywright(t)
	srv := servePages(t)
	b := launchTest(t)
	var pages []pageItems
	checked := 0
	for _, name := range durablePages {
		open(t, b, srv, name)
		settle(t, b)
		before := keyedLocators(t, b)
		if len(before) < 4 {
			t.Fatalf("%s: only %d checked elements located", name, len(before))
		}
		u := srv.URL + "/" + name + "?v=2"
		open(t, b, srv, name+"?v=2")
		settle(t, b)
		boxes := map[string]*refs.Box{}
		raw := evalMain[string](t, b, `JSON.stringify(Object.fromEntries([...document.querySelectorAll("[data-k]")].map((e) => {
			const r = e.getBoundingClientRect();
			return [e.getAttribute("data-k"), e.getClientRects().length ? { x: r.x, y: r.y, width: r.width, height: r.height } : null];
		})))`)
		if err := json.Unmarshal([]byte(raw), &boxes); err != nil {
			t.Fatal(err)
		}
		p := pageItems{URL: u}
		keys := make([]string, 0, len(before))
		for k := range before {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			e := before[k]
			box, ok := boxes[k]
			if !ok {
				t.Errorf("%s: %s is not on the reworked page", name, k)
				continue
			}
			if slices.Contains(e.Best.Flags, refs.FlagPosition) {
				t.Errorf("%s %s: best %s is positional", name, k, e.Best.Locator.Code(refs.JavaScript))
			}
			p.Items = append(p.Items, locatorItem{k, e.Best.Locator.Internal(), box, e.Best.Locator.Code(refs.JavaScript)})
			checked++
		}
		pages = append(pages, p)
	}
	broken := brokenItems(t, b, srv.URL)
	file := filepath.Join(t.TempDir(), "durable.json")
	data, err := json.Marshal(map[string]any{"pages": pages})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, runErr := runNode(t, 5*time.Minute, nil, "verify-locators.mjs", file)
	var res struct {
		Checked  int                                             `json:"checked"`
		Passed   int                                             `json:"passed"`
		Failures []struct{ URL, Ref, Form, Locator, Why string } `json:"failures"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("verify-locators.mjs: %v\n%s", runErr, out)
	}
	checkBroken(t, broken)
	t.Logf("durability: %d of %d forms found the same element on the reworked pages (%d elements)", res.Passed, res.Checked, checked)
	if res.Checked != 2*checked {
		t.Errorf("checked %d forms, want %d", res.Checked, 2*checked)
	}
	for _, f := range res.Failures {
		t.Errorf("%s %s (%s) %s: %s", strings.TrimPrefix(f.URL, srv.URL), f.Ref, f.Form, f.Locator, f.Why)
	}
}

// TestLocatorsContainersByTextInPlaywright checks each best locator of
// TestLocatorsContainersByText in Playwright: one element each.
func TestLocatorsContainersByTextInPlaywright(t *testing.T) {
	t.Parallel()
	needPlaywright(t)
	url, selectors := containersSelectors(t)
	for i, n := range playwrightCounts(t, url, selectors) {
		if n != 1 {
			t.Errorf("Playwright finds %d elements for %s", n, selectors[i])
		}
	}
}
