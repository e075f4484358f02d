package ui

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
)

// TestLiveFollowCPU measures what live follow costs on a 20,000-element
// page whose clock ticks once a second: the explorer (this process) and its
// Chromium together, in percent of one core, side by side for the explorer
// as it reads the page now (a refresh of what changed) and as it did
// before (a full snapshot on every change). It runs only when asked:
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
	for _, how := range []string{"full snapshots (before)", "refresh (after)"} {
		b := launchBrowser(t)
		var sb Browser = b
		if strings.HasPrefix(how, "full") {
			sb = fullOnly{b, b}
		}
		o := Options{Browser: sb, URL: srv.URL + "/clock.html", Follow: true, LivePeriod: 700 * time.Millisecond}
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
		start := cpuSeconds(t)
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
		used := cpuSeconds(t) - start
		pct := 100 * used / d.Seconds()
		fmt.Fprintf(&table, "%-26s %5.1f%%  (%d updates)\n", how, pct, updates)
		if updates == 0 {
			t.Errorf("%s: live follow never updated the tree", how)
		}
		b.Close()
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(&table, "load average: %s", load)
	t.Log("\n" + table.String())
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

// cpuSeconds is the CPU time of this process and its descendants (the
// browser) so far, from /proc.
func cpuSeconds(t *testing.T) float64 {
	t.Helper()
	self := os.Getpid()
	parent := map[int]int{}
	stat := map[int]float64{}
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range dirs {
		raw, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		s := string(raw)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 13 {
			continue
		}
		pid, _ := strconv.Atoi(strings.Fields(s)[0])
		ppid, _ := strconv.Atoi(f[1])
		ut, _ := strconv.ParseFloat(f[11], 64)
		st, _ := strconv.ParseFloat(f[12], 64)
		parent[pid] = ppid
		stat[pid] = (ut + st) / 100 // clock ticks: USER_HZ is 100 on Linux
	}
	total := 0.0
	for pid, s := range stat {
		for p := pid; p > 1; p = parent[p] {
			if p == self {
				total += s
				break
			}
		}
	}
	return total
}
