// Package proccpu reads the CPU time of a process and its descendants
// from /proc (Linux), for the benchmarks that count what Ariadne and its
// Chromium use together. It is for tests only and imports nothing of
// ours.
package proccpu

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Tree returns the CPU time so far, in seconds, of process pid and of
// each of its descendants alive now (pid included), by process id.
// Processes that ended are not counted.
func Tree(pid int) map[int]float64 {
	parent := map[int]int{}
	cpu := map[int]float64{}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range stats {
		raw, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		s := string(raw)
		// The command name, in parentheses, may hold spaces.
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 13 {
			continue
		}
		id, _ := strconv.Atoi(strings.Fields(s)[0])
		ppid, _ := strconv.Atoi(f[1])
		ut, _ := strconv.ParseFloat(f[11], 64)
		st, _ := strconv.ParseFloat(f[12], 64)
		parent[id] = ppid
		cpu[id] = (ut + st) / 100 // clock ticks: USER_HZ is 100 on Linux
	}
	out := map[int]float64{}
	for id, s := range cpu {
		for p := id; p > 0; p = parent[p] {
			if p == pid {
				out[id] = s
				break
			}
			if p == 1 {
				break
			}
		}
	}
	return out
}
