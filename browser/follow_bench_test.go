package browser

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkFollowPoll is what live follow pays on every poll of a quiet
// 20,000-element page, side by side: "version" as it polled before (the
// DOM version: a frame-tree read and an evaluation per frame, then a
// refresh when it moved), "follow" as it polls now (Follow: the refresh's
// own evaluation per frame, which says nothing changed). It reports the
// CPU of Ariadne and of its Chromium (every process of it) per poll:
//
//	go test ./browser/ -run '^$' -bench BenchmarkFollowPoll -benchtime 300x
func BenchmarkFollowPoll(b *testing.B) {
	br := launchTest(b, func(o *Options) { o.NavTimeout = 2 * time.Minute })
	srv := benchServer(b)
	ctx := testContext(b, 10*time.Minute)
	if _, err := br.Open(ctx, srv.URL+"/20000.html"); err != nil {
		b.Fatal(err)
	}
	snap, err := br.Snapshot(ctx)
	if err != nil {
		b.Fatal(err)
	}
	v0, err := br.DOMVersion(ctx)
	if err != nil {
		b.Fatal(err)
	}
	polls := map[string]func() bool{
		"version": func() bool {
			v, err := br.DOMVersion(ctx)
			return err == nil && v == v0
		},
		"follow": func() bool {
			s, _, err := br.Follow(ctx, "", snap.Root)
			return err == nil && s == nil
		},
	}
	for _, name := range []string{"version", "follow"} {
		b.Run(name, func(b *testing.B) {
			poll := polls[name]
			self0, all0 := selfCPU(), treeCPU(b)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if !poll() {
					b.Fatalf("%s: a quiet page looked changed", name)
				}
			}
			b.StopTimer()
			self, all := selfCPU()-self0, treeCPU(b)-all0
			b.ReportMetric(float64(self.Microseconds())/1000/float64(b.N), "ariadne-cpu-ms/poll")
			b.ReportMetric(float64((all-self).Microseconds())/1000/float64(b.N), "chromium-cpu-ms/poll")
		})
	}
}

// treeCPU is the CPU time so far of this process and its descendants (the
// browser's processes), from /proc.
func treeCPU(b *testing.B) time.Duration {
	b.Helper()
	me := os.Getpid()
	parent := map[int]int{}
	ticks := map[int]float64{}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range stats {
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
		parent[pid], ticks[pid] = ppid, ut+st
	}
	var sum float64
	for pid, t := range ticks {
		for p := pid; p > 1; p = parent[p] {
			if p == me {
				sum += t
				break
			}
		}
	}
	return time.Duration(sum * float64(time.Second) / 100) // USER_HZ is 100
}
