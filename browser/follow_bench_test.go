package browser

import (
	"os"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/proccpu"
)

// BenchmarkFollowPoll is what live follow pays on every poll of a quiet
// 20,000-element page (plain, with 3,000 style rules and 1,000 fields,
// and with a 20,000-rule style bundle), side by side in blocks of 25
// polls: "version" as it polled before (the DOM version: a frame-tree
// read and an evaluation per frame, then a refresh when it moved),
// "follow" as it polls now (Follow: the refresh itself, as a poll). It
// reports the CPU of Ariadne and of its Chromium (all its processes) per
// poll:
//
//	go test ./browser/ -run '^$' -bench BenchmarkFollowPoll -benchtime 400x
func BenchmarkFollowPoll(b *testing.B) {
	br := launchTest(b, func(o *Options) { o.NavTimeout = 2 * time.Minute })
	srv := benchServer(b)
	const bundle = `(() => {
  const st = document.createElement("style");
  let css = "";
  for (let k = 0; k < 20000; k++) css += ".b" + k + ":hover > .x" + (k % 97) + " { padding: " + (k % 5) + "px }\n";
  st.textContent = css;
  document.head.append(st);
  return true;
})()`
	for _, c := range []struct{ name, setup string }{{"20000", ""}, {"20000+style+fields", styledSetup}, {"20000+20000rules", bundle}} {
		b.Run(c.name, func(b *testing.B) {
			ctx := testContext(b, 10*time.Minute)
			if _, err := br.Open(ctx, srv.URL+"/20000.html"); err != nil {
				b.Fatal(err)
			}
			if c.setup != "" {
				evalInPage(b, br, c.setup)
			}
			snap, err := br.Snapshot(ctx)
			if err != nil {
				b.Fatal(err)
			}
			// The first refresh indexes the snapshot (paths, orders).
			if s, _, err := br.Follow(ctx, "", snap); err != nil || s != nil {
				b.Fatalf("a quiet page looked changed: %v", err)
			}
			v0, err := br.DOMVersion(ctx)
			if err != nil {
				b.Fatal(err)
			}
			polls := []func() bool{
				func() bool { v, err := br.DOMVersion(ctx); return err == nil && v == v0 },
				func() bool { s, _, err := br.Follow(ctx, "", snap); return err == nil && s == nil },
			}
			var self, all [2]time.Duration
			var n [2]int
			b.ResetTimer()
			for i := 0; i < b.N; i += 25 {
				for k, poll := range polls {
					s0, a0 := selfCPU(), treeCPU(b)
					for j := i; j < min(i+25, b.N); j++ {
						if !poll() {
							b.Fatalf("poll %d: a quiet page looked changed", k)
						}
						n[k]++
					}
					self[k] += selfCPU() - s0
					all[k] += treeCPU(b) - a0
				}
			}
			b.StopTimer()
			for k, name := range []string{"version", "follow"} {
				per := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(max(n[k], 1)) }
				b.ReportMetric(per(self[k]), name+"-ariadne-cpu-ms/poll")
				b.ReportMetric(per(all[k]-self[k]), name+"-chromium-cpu-ms/poll")
			}
		})
	}
}

// treeCPU is the CPU time so far of this process and its descendants (the
// browser's processes).
func treeCPU(b *testing.B) time.Duration {
	b.Helper()
	var sum float64
	for _, s := range proccpu.Tree(os.Getpid()) {
		sum += s
	}
	return time.Duration(sum * float64(time.Second))
}
