package browser

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// The snapshot benchmark: generated pages of 1,000, 5,000 and 20,000
// interactive elements (buttons, links, labelled text fields and
// checkboxes in nested lists inside labelled sections).
//
//	go test ./browser/ -run '^$' -bench BenchmarkSnapshot -benchtime 3x
//
// cold is the first snapshot after the load event, including the creation
// of Ariadne's world and the install of its script; warm repeats it on the
// same document. With tools/playwright/node_modules present, the run ends
// with a table of Playwright's ariaSnapshot() on the same pages and the
// same Chromium (bench-snapshot.mjs) next to ours; ARIADNE_BENCH_PLAYWRIGHT=0
// leaves it out.

var benchSizes = []int{1000, 5000, 20000}

// benchPage returns a page with n interactive elements.
func benchPage(n int) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Generated ` + strconv.Itoa(n) + `</title>
<style>
body { font-family: sans-serif; }
section { margin: 1rem 0; }
li.group > span { font-weight: bold; }
.note::before { content: "Note: "; }
.clearfix::after { content: ""; display: table; clear: both; }
</style></head><body>
<header><h1>Generated page</h1><p class="note">` + strconv.Itoa(n) + ` interactive elements.</p></header><main>`)
	for i := 0; i < n; i++ {
		if i%200 == 0 {
			if i > 0 {
				b.WriteString("</ul></li></ul></section>\n")
			}
			s := strconv.Itoa(i / 200)
			b.WriteString(`<section aria-label="Section ` + s + `" class="clearfix"><h2>Section ` + s + `</h2><ul>`)
		} else if i%10 == 0 {
			b.WriteString("</ul></li>")
		}
		if i%10 == 0 {
			b.WriteString(`<li class="group"><span>Group ` + strconv.Itoa(i/10) + `</span><ul>`)
		}
		k := strconv.Itoa(i)
		switch i % 4 {
		case 0:
			b.WriteString(`<li><button type="button">Button ` + k + `</button></li>`)
		case 1:
			b.WriteString(`<li><a href="#item-` + k + `">Link ` + k + `</a></li>`)
		case 2:
			b.WriteString(`<li><label>Field ` + k + ` <input type="text" name="f` + k + `"></label></li>`)
		case 3:
			b.WriteString(`<li><label><input type="checkbox" name="c` + k + `"> Option ` + k + `</label></li>`)
		}
	}
	b.WriteString("</ul></li></ul></section>\n</main></body></html>\n")
	return b.String()
}

// benchServer serves /N.html for every benchmark size.
func benchServer(tb testing.TB) *httptest.Server {
	pages := map[string]string{}
	for _, n := range benchSizes {
		pages["/"+strconv.Itoa(n)+".html"] = benchPage(n)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprint(w, p)
	}))
	tb.Cleanup(srv.Close)
	return srv
}

// checkBenchSnapshot fails unless the snapshot holds every one of the n
// interactive elements: the walker must not cap or drop anything.
func checkBenchSnapshot(tb testing.TB, snap *refs.Snapshot, n int) {
	tb.Helper()
	interactive := 0
	snap.Root.Walk(func(x *refs.Node, _ int) bool {
		switch x.Role {
		case "button", "link", "textbox", "checkbox":
			interactive++
		}
		return true
	})
	if interactive != n {
		tb.Fatalf("the snapshot holds %d interactive elements, want %d", interactive, n)
	}
	// header, heading, paragraph, main; per section: region, heading, list;
	// per group: listitem, list; per item: listitem and its control.
	want := 4 + 3*(n/200) + 2*(n/10) + 2*n
	if snap.Count != want {
		tb.Fatalf("the snapshot counts %d elements, want %d", snap.Count, want)
	}
}

// benchResults collects our timings for the side-by-side table.
var benchResults = struct {
	sync.Mutex
	ms map[string]float64 // "20000/cold" -> ms per snapshot
}{ms: map[string]float64{}}

func BenchmarkSnapshot(b *testing.B) {
	br := launchTest(b, func(o *Options) { o.NavTimeout = 2 * time.Minute })
	srv := benchServer(b)
	for _, n := range benchSizes {
		url := srv.URL + "/" + strconv.Itoa(n) + ".html"
		b.Run(strconv.Itoa(n)+"/cold", func(b *testing.B) {
			ctx := testContext(b, 10*time.Minute)
			var total time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				if _, err := br.Open(ctx, url); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				start := time.Now()
				snap, err := br.Snapshot(ctx)
				total += time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				checkBenchSnapshot(b, snap, n)
				b.StartTimer()
			}
			record(strconv.Itoa(n)+"/cold", total, b.N)
		})
		b.Run(strconv.Itoa(n)+"/warm", func(b *testing.B) {
			ctx := testContext(b, 10*time.Minute)
			if _, err := br.Open(ctx, url); err != nil {
				b.Fatal(err)
			}
			snap, err := br.Snapshot(ctx)
			if err != nil {
				b.Fatal(err)
			}
			checkBenchSnapshot(b, snap, n)
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				if _, err := br.Snapshot(ctx); err != nil {
					b.Fatal(err)
				}
			}
			record(strconv.Itoa(n)+"/warm", time.Since(start), b.N)
		})
	}
	playwrightTable(b, srv.URL)
}

func record(key string, d time.Duration, n int) {
	benchResults.Lock()
	defer benchResults.Unlock()
	benchResults.ms[key] = float64(d.Microseconds()) / 1000 / float64(n)
}

// playwrightTable measures Playwright on the same pages and prints both.
func playwrightTable(b *testing.B, base string) {
	if os.Getenv("ARIADNE_BENCH_PLAYWRIGHT") == "0" {
		return
	}
	if _, err := os.Stat(playwrightDir + "/node_modules/playwright-core"); err != nil {
		b.Logf("no Playwright comparison: %v", err)
		return
	}
	var urls []string
	for _, n := range benchSizes {
		urls = append(urls, base+"/"+strconv.Itoa(n)+".html")
	}
	out, err := runNode(b, 10*time.Minute, nil, "bench-snapshot.mjs", append([]string{"--warm", "5"}, urls...)...)
	if err != nil {
		b.Logf("bench-snapshot.mjs: %v", err)
		return
	}
	theirs := map[string][2]float64{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var r struct {
			URL    string  `json:"url"`
			ColdMs float64 `json:"coldMs"`
			WarmMs float64 `json:"warmMs"`
		}
		if json.Unmarshal(sc.Bytes(), &r) == nil {
			theirs[r.URL] = [2]float64{r.ColdMs, r.WarmMs}
		}
	}
	benchResults.Lock()
	defer benchResults.Unlock()
	var t strings.Builder
	t.WriteString("\nsnapshot time per call, ms (Chromium, same pages)\n")
	t.WriteString(fmt.Sprintf("%-8s %-5s %10s %10s %8s\n", "elements", "", "ariadne", "playwright", "ratio"))
	for i, n := range benchSizes {
		p := theirs[urls[i]]
		for j, kind := range []string{"cold", "warm"} {
			ours, ok := benchResults.ms[strconv.Itoa(n)+"/"+kind]
			if !ok || p[j] == 0 {
				continue
			}
			t.WriteString(fmt.Sprintf("%-8d %-5s %10.1f %10.1f %8.2f\n", n, kind, ours, p[j], ours/p[j]))
		}
	}
	fmt.Print(t.String())
}
