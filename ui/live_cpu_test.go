package ui

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/proccpu"
)

// TestLiveFollowCPU measures what live follow costs on a 20,000-element
// page whose clock ticks once a second: the explorer (this process) and its
// Chromium together, in percent of one core, side by side for the explorer
// as it reads the page now (a refresh of what changed) and as it did
// before (a full snapshot on every change), beside the page alone (the
// explorer not following: the page's own rendering of its clock, the
// floor), with the CPU-seconds each update costs (steadier than the
// percentage on a shared machine) and Chromium's part per process type.
// It runs only when asked (ARIADNE_BENCH_LIVE_ONLY=page,refresh picks
// rows):
//
//	ARIADNE_BENCH_LIVE=60s go test ./ui -run TestLiveFollowCPU -v
func TestLiveFollowCPU(t *testing.T) {
	d, err := time.ParseDuration(os.Getenv("ARIADNE_BENCH_LIVE"))
	if err != nil {
		t.Skip("set ARIADNE_BENCH_LIVE=60s to measure live follow's CPU use")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, clockPage(20000))
	}))
	t.Cleanup(srv.Close)
	var table strings.Builder
	fmt.Fprintf(&table, "live follow, 20,000 elements, 1 s clock, %v: CPU of Ariadne + Chromium, %% of one core\n", d)
	fmt.Fprintf(&table, "%-26s %6s  %8s %8s  %7s  %s\n", "", "total", "ariadne", "chromium", "updates", "CPU-s/update")
	hows := []string{"page alone (no follow)", "full snapshots (before)", "refresh (after)"}
	if only := os.Getenv("ARIADNE_BENCH_LIVE_ONLY"); only != "" {
		hows = slices.DeleteFunc(hows, func(h string) bool { return !strings.Contains(only, strings.Fields(h)[0]) })
	}
	for _, how := range hows {
		b := launchOwnBrowser(t)
		var sb Browser = b
		if strings.HasPrefix(how, "full") {
			sb = fullOnly{b, b}
		}
		follow := !strings.HasPrefix(how, "page")
		o := Options{Browser: sb, URL: srv.URL + "/clock.html", Follow: follow, LivePeriod: 700 * time.Millisecond}
		h := newHarness(t, o, 120, 40)
		// The first snapshot of a large page on a loaded machine can take
		// longer than the harness waits.
		first := time.After(3 * time.Minute)
		for h.m.snap == nil || h.m.busy != nil {
			select {
			case msg := <-h.msgs:
				h.send(msg)
			case <-first:
				t.Fatalf("%s: no first snapshot after 3 minutes", how)
			}
		}
		self0, all0, kinds0 := cpuSeconds(t)
		updates := 0
		end := time.After(d)
	loop:
		for {
			select {
			case msg := <-h.msgs:
				if l, ok := msg.(liveMsg); ok && l.page != nil {
					updates++
				}
				h.send(msg)
				_ = h.m.Render()
			case <-end:
				break loop
			}
		}
		self1, all1, kinds1 := cpuSeconds(t)
		used, self := all1-all0, self1-self0
		pct := func(s float64) float64 { return 100 * s / d.Seconds() }
		fmt.Fprintf(&table, "%-26s %5.1f%%  %7.1f%% %7.1f%%  %7d  %.3f\n", how, pct(used), pct(self), pct(used-self),
			updates, used/float64(max(updates, 1)))
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(kinds1)) {
			parts = append(parts, fmt.Sprintf("%s %.1f%%", k, pct(kinds1[k]-kinds0[k])))
		}
		fmt.Fprintf(&table, "%-26s chromium: %s\n", "", strings.Join(parts, ", "))
		if updates == 0 && follow {
			t.Errorf("%s: live follow never updated the tree", how)
		}
		b.Close()
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(&table, "load average: %s", load)
	t.Log("\n" + table.String())
}

// launchOwnBrowser starts a Chromium for t alone, closed when t ends:
// the measurement is of this process and its descendants, a fresh browser
// for each row as a user's explorer has, with nothing of other tests in it.
func launchOwnBrowser(t *testing.T) *browser.Browser {
	t.Helper()
	browsertest.Need(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b, err := browser.Launch(ctx, testBrowserOptions())
	if err != nil {
		t.Fatalf("launching the browser: %v", err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// fullOnly hides Refresh: the explorer then takes a full snapshot on every
// change, as before refreshes.
type fullOnly struct {
	Browser
	b *browser.Browser
}

func (f fullOnly) DOMVersion(ctx context.Context) (string, error) { return f.b.DOMVersion(ctx) }

// clockPage is n buttons and links in lists, and a clock ticking each
// second.
func clockPage(n int) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clock</title></head><body>
<header><h1>Dashboard</h1><p role="timer" id="clock">00:00:00</p></header><main>`)
	for i := 0; i < n; i += 2 {
		if i%200 == 0 {
			if i > 0 {
				b.WriteString("</ul></section>")
			}
			b.WriteString(`<section aria-label="Part ` + strconv.Itoa(i/200) + `"><ul>`)
		}
		k := strconv.Itoa(i)
		b.WriteString(`<li><button type="button">Button ` + k + `</button> <a href="#` + k + `">Link ` + k + `</a></li>`)
	}
	b.WriteString(`</ul></section></main><script>
let s = 0;
setInterval(() => { s++; document.getElementById("clock").textContent = "00:00:" + String(s % 60).padStart(2, "0"); }, 1000);
</script></body></html>`)
	return b.String()
}

// cpuSeconds is the CPU time of this process, and of it with its
// descendants (the browser), so far, from /proc; kinds splits the
// descendants' by Chromium process type (--type=, "browser" without).
func cpuSeconds(t *testing.T) (self, all float64, kinds map[string]float64) {
	t.Helper()
	me := os.Getpid()
	kinds = map[string]float64{}
	for pid, s := range proccpu.Tree(me) {
		all += s
		if pid == me {
			self = s
		} else {
			kinds[procKind(pid)] += s
		}
	}
	return self, all, kinds
}

// procKind is a Chromium process's --type (renderer, gpu-process,
// utility...), "browser" for the main one.
func procKind(pid int) string {
	raw, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	// Chromium rewrites its children's command lines with spaces.
	for _, a := range strings.Fields(strings.ReplaceAll(string(raw), "\x00", " ")) {
		if k, ok := strings.CutPrefix(a, "--type="); ok {
			return k
		}
	}
	if strings.Contains(string(raw), "chrom") {
		return "browser"
	}
	return "other"
}
