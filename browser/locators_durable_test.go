//go:build compat

package browser

import (
	"encoding/json"
	"os"
	"path/filepath"
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
