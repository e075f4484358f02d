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
// version (?v=2); and none of them uses nth.
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
	t.Logf("durability: %d of %d forms found the same element on the reworked pages (%d elements)", res.Passed, res.Checked, checked)
	if res.Checked != 2*checked {
		t.Errorf("checked %d forms, want %d", res.Checked, 2*checked)
	}
	for _, f := range res.Failures {
		t.Errorf("%s %s (%s) %s: %s", strings.TrimPrefix(f.URL, srv.URL), f.Ref, f.Form, f.Locator, f.Why)
	}
}
