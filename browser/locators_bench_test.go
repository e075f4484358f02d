package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// shopPage is a shop page of n product cards, 10 elements each (article,
// heading, price, quantity field, list of two facts, "Add to cart",
// "Details", a badge span): duplicate buttons, links and list items that
// need scoping inside their card, as a real catalogue has.
func shopPage(n int) string {
	var b strings.Builder
	b.WriteString("<!doctype html><html lang=en><head><meta charset=utf-8><title>Catalogue</title>" +
		"<style>article{display:inline-block;width:14rem;margin:.3rem;border:1px solid #ccc}</style></head><body><main>\n")
	colours := []string{"red", "green", "blue", "black"}
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("Product %04d", i)
		fmt.Fprintf(&b, `<article class="card"><h2>%s</h2><p class="price">$%d.99</p>`+
			`<input type="number" aria-label="Quantity for %s" value="1">`+
			`<ul><li>Colour: %s</li><li>Size %d</li></ul>`+
			`<button type="button">Add to cart</button> <a href="/p/%d">Details</a> <span class="badge">new</span></article>`+"\n",
			name, i%90+10, name, colours[i%len(colours)], i%5+1, i)
	}
	b.WriteString("</main></body></html>\n")
	return b.String()
}

// BenchmarkLocators locates every ref of a 5,000-element page in one
// Locators call per iteration. With node and tools/playwright installed it
// also times Playwright's own generator, locator.normalize(), on a sample
// of the same page's elements (bench-locators.mjs), and reports both per
// element, side by side.
func BenchmarkLocators(b *testing.B) {
	const cards = 500
	html := shopPage(cards)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(html))
	}))
	b.Cleanup(srv.Close)
	br := launchTest(b)
	ctx := context.Background()
	if _, err := br.Open(ctx, srv.URL); err != nil {
		b.Fatal(err)
	}
	snap, err := br.Snapshot(ctx)
	if err != nil {
		b.Fatal(err)
	}
	var all []string
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Ref != "" {
			all = append(all, n.Ref)
		}
		return true
	})
	b.ResetTimer()
	var out []ElementLocators
	for b.Loop() {
		if out, err = br.Locators(ctx, all); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	perElem := float64(b.Elapsed().Milliseconds()) / float64(b.N) / float64(len(all))
	b.ReportMetric(float64(len(all)), "refs")
	b.ReportMetric(perElem, "ms/ref")
	kinds := map[string]int{}
	for _, e := range out {
		switch {
		case e.Problem != "":
			kinds["problem"]++
		case len(e.Best.Locator.Parts) > 1 && e.Best.Locator.Parts[len(e.Best.Locator.Parts)-1].Kind == refs.KindNth:
			kinds["nth"]++
		case selectingParts(e.Best.Locator) > 1:
			kinds["scoped"]++
		case len(e.Best.Locator.Parts) > 1:
			kinds["filtered"]++
		default:
			kinds["alone"]++
		}
	}
	b.Logf("Ariadne: %d refs in %.0f ms per pass (%.3f ms/ref): %v", len(all), perElem*float64(len(all)), perElem, kinds)

	if pw, ok := playwrightNormalize(b, srv.URL); ok {
		b.ReportMetric(pw.MsPerElement, "playwright-ms/element")
		b.Logf("Playwright normalize(): %d of %d elements sampled, %.1f ms/element, about %.0f s for all of them",
			pw.Sampled, pw.Elements, pw.MsPerElement, pw.ExtrapolatedMs/1000)
	}
}

// selectingParts counts the parts of l that select elements, not those
// that narrow them (filter, nth) or enter a frame.
func selectingParts(l refs.Locator) int {
	n := 0
	for _, p := range l.Parts {
		switch p.Kind {
		case refs.KindFilter, refs.KindNth, refs.KindFrame:
		default:
			n++
		}
	}
	return n
}

type normalizeTiming struct {
	Elements       int     `json:"elements"`
	Sampled        int     `json:"sampled"`
	Ms             float64 `json:"ms"`
	MsPerElement   float64 `json:"msPerElement"`
	ExtrapolatedMs float64 `json:"extrapolatedMs"`
}

// playwrightNormalize runs bench-locators.mjs on url, if it can.
func playwrightNormalize(b *testing.B, url string) (normalizeTiming, bool) {
	var res normalizeTiming
	script, err := filepath.Abs(filepath.Join("..", "tools", "playwright", "bench-locators.mjs"))
	if err != nil {
		b.Fatal(err)
	}
	node, err := exec.LookPath("node")
	if _, modErr := os.Stat(filepath.Join(filepath.Dir(script), "node_modules", "playwright-core")); err != nil || modErr != nil {
		b.Logf("Playwright comparison skipped: no node or tools/playwright/node_modules")
		return res, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, node, script, "--sample", "200", url).Output()
	if err != nil {
		b.Fatalf("bench-locators.mjs: %v\n%s", err, out)
	}
	if err := json.Unmarshal(out, &res); err != nil {
		b.Fatalf("bench-locators.mjs: %v\n%s", err, out)
	}
	return res, true
}
