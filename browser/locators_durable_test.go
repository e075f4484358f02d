package browser

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// durablePages are the issue 11 pages whose ?v=2 is a reworked version:
// reordered, re-priced, re-dated, classes renamed, new items first.
var durablePages = []string{"prose.html", "shortcuts.html", "code.html", "cards.html", "shipping.html"}

// keyedLocators returns, for every element of the current page that has a
// data-k and is its own target (not retargeted to a control), its best
// locator.
func keyedLocators(t *testing.T, b *Browser) map[string]ElementLocators {
	t.Helper()
	all, err := b.Locators(testContext(t, 60*time.Second), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]ElementLocators{}
	for _, e := range all {
		if e.Problem != "" || e.Target != "" {
			continue
		}
		ctx := testContext(t, 10*time.Second)
		el, err := b.resolve(ctx, e.Ref)
		if err != nil {
			t.Fatal(err)
		}
		tctx, cancel := el.tab.bind(ctx)
		raw, err := el.tab.callIn(tctx, el.world, `(h) => { const e = __ariadne.elementOf(h); return (e && e.getAttribute("data-k")) || ""; }`, el.handle)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		var k string
		if err := json.Unmarshal(raw, &k); err != nil {
			t.Fatal(err)
		}
		if k != "" {
			out[k] = e
		}
	}
	return out
}

// TestLocatorsDurable: the best locator of each checked element of each
// issue 11 page, made on the page as it is, still finds exactly that
// element, at its new box, in real Playwright on the page's reworked
// version (?v=2); none of them uses nth; and on the broken versions
// (?v=broken: a duplicated card, a removed option) the check fails.
func TestLocatorsDurable(t *testing.T) {
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

// brokenItems are the best locators of elements that the broken versions
// of two pages (?v=broken) make impossible to find: a second "Linen
// notebook" card, an express option removed. Boxes are the old ones.
func brokenItems(t *testing.T, b *Browser, base string) []pageItems {
	t.Helper()
	var out []pageItems
	for _, c := range []struct{ page, key string }{{"cards.html", "linenb"}, {"shipping.html", "exp"}} {
		if _, err := b.Open(testContext(t, 20*time.Second), base+"/"+c.page); err != nil {
			t.Fatal(err)
		}
		settle(t, b)
		e, ok := keyedLocators(t, b)[c.key]
		if !ok {
			t.Fatalf("%s: %s not located", c.page, c.key)
		}
		out = append(out, pageItems{URL: base + "/" + c.page + "?v=broken",
			Items: []locatorItem{{c.key, e.Best.Locator.Internal(), e.Box, e.Best.Locator.Code(refs.JavaScript)}}})
	}
	return out
}

// checkBroken runs the broken pages' items in Playwright: every form of
// every one must fail (match 0 or 2 elements), or the check has no teeth.
func checkBroken(t *testing.T, pages []pageItems) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "broken.json")
	data, err := json.Marshal(map[string]any{"pages": pages})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := runNode(t, 2*time.Minute, nil, "verify-locators.mjs", file)
	var res struct {
		Checked, Passed int
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("verify-locators.mjs on the broken pages: %v\n%s", err, out)
	}
	t.Logf("broken pages: %d of %d forms found an element, as they must not", res.Passed, res.Checked)
	if res.Checked != 2*len(pages) || res.Passed != 0 {
		t.Errorf("broken pages: %d of %d forms passed, want none of %d", res.Passed, res.Checked, 2*len(pages))
	}
}
