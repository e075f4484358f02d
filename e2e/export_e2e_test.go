//go:build e2e

package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// largeRecording writes a recording of about mb megabytes: the step lines
// of the golden fixtures (but the popup one, whose tab opens once) over
// and over under the sign-in header.
func largeRecording(t *testing.T, dir string, mb int) string {
	t.Helper()
	td := filepath.Join("..", "recordings", "testdata")
	head, err := os.ReadFile(filepath.Join(td, "signin.jsonl.golden"))
	if err != nil {
		t.Fatal(err)
	}
	var cycle []byte
	for _, f := range []string{"signin", "controls", "dialogs", "duplicates", "iframe", "kinds", "names", "navigation", "testids"} {
		b, err := os.ReadFile(filepath.Join(td, f+".jsonl.golden"))
		if err != nil {
			t.Fatal(err)
		}
		cycle = append(cycle, b[bytes.IndexByte(b, '\n')+1:]...)
	}
	data := head[:bytes.IndexByte(head, '\n')+1]
	data = append(data, bytes.Repeat(cycle, mb<<20/len(cycle)+1)...)
	path := filepath.Join(dir, "large.jsonl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestExportInterrupted: SIGINT and SIGTERM stop an export of a large
// recording within a second (bound: three, on a loaded machine), to a file
// or to standard output, leaving no output, no partial file and nothing on
// standard output. Not parallel: the bound is tight.
func TestExportInterrupted(t *testing.T) {
	bin, err := ariadneBinary()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	rec := largeRecording(t, dir, 30)
	for _, c := range []struct {
		name   string
		sig    syscall.Signal
		stdout bool
	}{
		{"file/SIGINT", syscall.SIGINT, false},
		{"file/SIGTERM", syscall.SIGTERM, false},
		{"stdout/SIGINT", syscall.SIGINT, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			outDir := t.TempDir()
			out := filepath.Join(outDir, "large.spec.ts")
			args := []string{"export", "--format", "chromedp", rec}
			if !c.stdout {
				args = append(args, "-o", out)
			}
			cmd := exec.Command(bin, args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			// The export is under way once its output exists: the
			// partial file has bytes (the export is writing), or the
			// unnamed one for standard output is open (it is reading).
			started := func() bool {
				if c.stdout {
					fds, _ := filepath.Glob("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/fd/*")
					for _, fd := range fds {
						if l, _ := os.Readlink(fd); strings.Contains(l, "ariadne-export-") {
							return true
						}
					}
					return false
				}
				// Into the second pass: the partial file has its first bytes.
				m, _ := filepath.Glob(filepath.Join(outDir, ".*partial*"))
				for _, p := range m {
					if st, err := os.Stat(p); err == nil && st.Size() > 0 {
						return true
					}
				}
				return false
			}
			if c.stdout {
				if _, err := os.Stat("/proc/self/fd"); err != nil {
					t.Skip("no /proc to see the export start")
				}
			}
			deadline := time.Now().Add(time.Minute)
			for !started() {
				select {
				case err := <-done:
					t.Skipf("the export ended (%v) before it was signalled: nothing to check this time\n%s", err, stderr.String())
				default:
				}
				if time.Now().After(deadline) {
					t.Fatal("the export did not start within a minute")
				}
				time.Sleep(5 * time.Millisecond)
			}
			start := time.Now()
			cmd.Process.Signal(c.sig)
			var err error
			select {
			case err = <-done:
			case <-time.After(time.Minute):
				t.Fatal("the export did not stop within a minute of the signal")
			}
			took := time.Since(start)
			t.Logf("stopped in %s", took.Round(time.Millisecond))
			if took > 3*time.Second {
				t.Errorf("took %s to stop, over its bound of 3s", took)
			}
			if err == nil || !strings.Contains(stderr.String(), "interrupted: stopped by a signal; nothing was written") {
				t.Errorf("exit %v, stderr %q: want the interrupted error", err, stderr.String())
			}
			if stdout.Len() > 0 {
				t.Errorf("%d bytes on standard output", stdout.Len())
			}
			if entries, _ := os.ReadDir(outDir); len(entries) > 0 {
				t.Errorf("left %v behind", entries)
			}
		})
	}
}
