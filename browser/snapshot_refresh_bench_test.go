package browser

import (
	"encoding/json"
	"fmt"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// The refresh benchmark: the benchmark pages (snapshot_bench_test.go) with
// one change between reads, read by a full snapshot (what live follow did
// before refreshes) and by a refresh, side by side:
//
//	go test ./browser/ -run '^$' -bench BenchmarkRefresh -benchtime 10x
//
// 20000/row changes the text of one list item's button on the
// 20,000-element page; 5000/list re-renders a 50-item list (new nodes,
// new prices) added to the 5,000-element page, and checks that every ref
// outside the list stays on its element. Each read is timed once the page
// has painted its change (page-frame-ms/change is that frame's time: the
// page's own rendering, which a read sent during it would wait for).

// changeRow renames the button of item i.
func changeRow(i int) string {
	return fmt.Sprintf(`document.querySelectorAll("button")[%d].textContent = "Button changed %d"`, (i*37)%1000, i)
}

// renderList re-renders a 50-item list at the top of main with new nodes.
func renderList(i int) string {
	return fmt.Sprintf(`(() => {
  let ul = document.getElementById("feed");
  if (!ul) { ul = document.createElement("ul"); ul.id = "feed"; document.querySelector("main").prepend(ul); }
  const items = [];
  for (let k = 0; k < 50; k++) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = "Buy item " + k + " at " + ((k * 7 + %d) %% 90 + 10) + ".00";
    li.append(b);
    items.push(li);
  }
  ul.replaceChildren(...items);
  return true;
})()`, i)
}

func BenchmarkRefresh(b *testing.B) {
	br := launchTest(b, func(o *Options) { o.NavTimeout = 2 * time.Minute; o.TextContainers = true })
	srv := benchServer(b)
	cases := []struct {
		name   string
		n      int
		change func(int) string
	}{
		{"20000/row", 20000, changeRow},
		{"5000/list", 5000, renderList},
	}
	for _, c := range cases {
		url := srv.URL + "/" + strconv.Itoa(c.n) + ".html"
		for _, how := range []string{"full", "refresh"} {
			b.Run(c.name+"/"+how, func(b *testing.B) {
				ctx := testContext(b, 10*time.Minute)
				if _, err := br.Open(ctx, url); err != nil {
					b.Fatal(err)
				}
				evalInPage(b, br, renderList(0))
				prev, err := br.Snapshot(ctx)
				if err != nil {
					b.Fatal(err)
				}
				tab, wctx, w := mainWorld(b, br, 10*time.Minute)
				b.ResetTimer()
				var total time.Duration
				var inPage float64
				var ownCPU time.Duration
				fulls := 0
				var frames time.Duration
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					evalInPage(b, br, c.change(i+1))
					// The page renders its change (style, layout, paint of
					// the whole page) in its next frame; a call that comes
					// before it waits for it, whatever the call does. Live
					// follow reads the page a poll after the change, so the
					// read is timed once the frame is painted, and the
					// frame's own time is reported apart.
					f0 := time.Now()
					awaitFrame(b, br)
					frames += time.Since(f0)
					b.StartTimer()
					start, cpu0 := time.Now(), selfCPU()
					var snap *refs.Snapshot
					if how == "full" {
						snap, err = br.Snapshot(ctx)
					} else {
						snap, err = br.Refresh(ctx)
					}
					total += time.Since(start)
					ownCPU += selfCPU() - cpu0
					if err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					if how == "refresh" {
						raw, err := tab.evalIn(wctx, w, "__ariadne.refreshStats()")
						var st struct {
							Ms   float64 `json:"ms"`
							Full bool    `json:"full"`
						}
						if err != nil || json.Unmarshal(raw, &st) != nil {
							b.Fatalf("reading the refresh's stats: %v %s", err, raw)
						}
						inPage += st.Ms
						if st.Full {
							fulls++
						}
					}
					checkRefsKept(b, prev, snap)
					prev = snap
					b.StartTimer()
				}
				b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/read")
				b.ReportMetric(float64(ownCPU.Microseconds())/1000/float64(b.N), "ariadne-cpu-ms/read")
				b.ReportMetric(float64(frames.Microseconds())/1000/float64(b.N), "page-frame-ms/change")
				if how == "refresh" {
					b.ReportMetric(inPage/float64(b.N), "ms-in-page/read")
					if fulls > 0 {
						b.Fatalf("%d of %d refreshes walked the whole page", fulls, b.N)
					}
				}
			})
		}
	}
}

// checkRefsKept fails unless every element outside the feed list that both
// snapshots hold keeps its ref, and the counts agree.
func checkRefsKept(tb testing.TB, prev, next *refs.Snapshot) {
	tb.Helper()
	outside := func(s *refs.Snapshot) map[string]string {
		out := map[string]string{}
		s.Root.Walk(func(n *refs.Node, _ int) bool {
			if n.Role == "list" && len(n.Children) > 0 && n.Children[0].Role == "listitem" &&
				len(n.Children[0].Children) > 0 && len(n.Children[0].Children[0].Name) > 4 && n.Children[0].Children[0].Name[:4] == "Buy " {
				return false // the re-rendered list
			}
			if n.Ref != "" {
				out[n.Ref] = n.Role + " " + n.Name
			}
			return true
		})
		return out
	}
	a, b := outside(prev), outside(next)
	if len(a) != len(b) {
		tb.Fatalf("outside the list: %d elements before, %d after", len(a), len(b))
	}
	changed := 0
	for ref, what := range a {
		w, ok := b[ref]
		if !ok {
			tb.Fatalf("ref %s (%s) is gone", ref, what)
		}
		if w != what {
			changed++
		}
	}
	if changed > 1 {
		tb.Fatalf("%d elements outside the list changed, want at most the one renamed", changed)
	}
}

// evalInPage runs expr in the page's main world, with time for a loaded
// machine and a large page.
func evalInPage(tb testing.TB, b *Browser, expr string) {
	tb.Helper()
	tab, err := b.CurrentTab()
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := tab.opContext(testContext(tb, time.Minute), time.Minute)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](expr)); err != nil {
		tb.Fatalf("evaluating %.60s: %v", expr, err)
	}
}

// awaitFrame waits until the page painted a frame after what it did
// last: a requestAnimationFrame callback runs before the frame's style,
// layout and paint, a task queued from it after them.
func awaitFrame(tb testing.TB, b *Browser) {
	tb.Helper()
	tab, err := b.CurrentTab()
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := tab.opContext(testContext(tb, time.Minute), time.Minute)
	defer cancel()
	const expr = `new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(true), 0)))`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr, chromedp.EvalAwaitPromise)); err != nil {
		tb.Fatalf("waiting for the page's next frame: %v", err)
	}
}

// selfCPU is the CPU time this process used so far: Ariadne's own work,
// apart from waiting for the browser.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// styledSetup gives the benchmark page a framework's worth of style
// (3,000 rules) and 1,000 form fields.
const styledSetup = `(() => {
  const st = document.createElement("style");
  let css = "";
  for (let k = 0; k < 3000; k++) css += ".c" + k + " > .d" + k + " { margin: " + (k % 7) + "px }\n";
  st.textContent = css;
  document.head.append(st);
  const f = document.createElement("form");
  for (let k = 0; k < 1000; k++) {
    const i = document.createElement("input");
    i.setAttribute("aria-label", "Field " + k);
    f.append(i);
  }
  document.querySelector("main").append(f);
  return true;
})()`

// BenchmarkLivePoll is what live follow pays on every poll of a quiet
// page (nothing changed): the DOM version check on the 20,000-element
// benchmark page after a snapshot, plain and with a framework's worth of
// style (3,000 rules) and 1,000 form fields, with the time the check
// takes in the page (world/changes.js, pageVersion; the fastest of 20
// rounds) apart:
//
//	go test ./browser/ -run '^$' -bench BenchmarkLivePoll -benchtime 200x
func BenchmarkLivePoll(b *testing.B) {
	br := launchTest(b, func(o *Options) { o.NavTimeout = 2 * time.Minute; o.TextContainers = true })
	srv := benchServer(b)
	for _, c := range []struct{ name, setup string }{{"20000", ""}, {"20000+style+fields", styledSetup}} {
		b.Run(c.name, func(b *testing.B) {
			ctx := testContext(b, 10*time.Minute)
			if _, err := br.Open(ctx, srv.URL+"/20000.html"); err != nil {
				b.Fatal(err)
			}
			if c.setup != "" {
				evalInPage(b, br, c.setup)
			}
			if _, err := br.Snapshot(ctx); err != nil {
				b.Fatal(err)
			}
			v0, err := br.DOMVersion(ctx)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			cpu0 := selfCPU()
			for i := 0; i < b.N; i++ {
				v, err := br.DOMVersion(ctx)
				if err != nil {
					b.Fatal(err)
				}
				if v != v0 {
					b.Fatalf("a quiet page moved the version from %q to %q", v0, v)
				}
			}
			b.ReportMetric(float64((selfCPU()-cpu0).Microseconds())/1000/float64(b.N), "ariadne-cpu-ms/poll")
			b.StopTimer()
			tab, wctx, w := mainWorld(b, br, time.Minute)
			// The fastest of 20 rounds of 10 checks: on a shared machine a
			// round's wall time includes the turns the page waited for.
			const timed = `(() => {
  let best = Infinity;
  for (let k = 0; k < 20; k++) {
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) __ariadne.version();
    best = Math.min(best, (performance.now() - t0) / 10);
  }
  return best;
})()`
			raw, err := tab.evalIn(wctx, w, timed)
			var ms float64
			if err != nil || json.Unmarshal(raw, &ms) != nil {
				b.Fatalf("timing the version check in the page: %v %s", err, raw)
			}
			b.ReportMetric(ms, "ms-in-page/poll")
		})
	}
}
