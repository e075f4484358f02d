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
// standard output.
func TestExportInterrupted(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "ariadne")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/ariadne-tui/ariadne").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
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

// TestExportLineLimit: a recording with a line over 16 MiB is refused
// with a coded error naming the file and the line, and writes nothing; the
// same file without it exports.
func TestExportLineLimit(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(filepath.Join("..", "recordings", "testdata", "signin.jsonl.golden"))
	if err != nil {
		t.Fatal(err)
	}
	long := append(append(bytes.Clone(good), `{"kind":"navigate","url":"http://127.0.0.1/`...), bytes.Repeat([]byte("x"), 17<<20)...)
	long = append(long, "\"}\n"...)
	path := filepath.Join(dir, "long.jsonl")
	if err := os.WriteFile(path, long, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "long.spec.ts")
	lines := bytes.Count(good, []byte("\n"))
	stdout, stderr, code := ariadne(t, "export", "--format", "playwright-test", path, "-o", out)
	want := "ariadne: bad_argument: " + path + ": line " + strconv.Itoa(lines+1) + " is longer than 16 MiB, the most a recording line may hold"
	if code != 1 || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, "remove or shorten that line") {
		t.Errorf("exit %d, stderr %q: want %q", code, stderr, want)
	}
	if stdout != "" {
		t.Errorf("stdout %q", stdout)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the export left %v", entries)
	}
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if stdout, stderr, code := ariadne(t, "export", "--format", "playwright-test", path); code != 0 || !strings.Contains(stdout, "test('Sign in'") {
		t.Errorf("without the long line: exit %d %q %q", code, stdout, stderr)
	}
}

// TestReplayInputLimits: replay refuses a recording over 64 MB, alone or
// in a suite, and one with a line over 16 MiB, with the size, the limit and
// what to do, before it starts a browser (there is none to start here:
// --chrome names a file that does not exist).
func TestReplayInputLimits(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.jsonl")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(100 << 20); err != nil { // sparse: never read
		t.Fatal(err)
	}
	f.Close()
	long := filepath.Join(dir, "long.jsonl")
	good, err := os.ReadFile(filepath.Join("..", "recordings", "testdata", "signin.jsonl.golden"))
	if err != nil {
		t.Fatal(err)
	}
	data := append(bytes.Clone(good), bytes.Repeat([]byte(" "), 17<<20)...)
	if err := os.WriteFile(long, append(data, "{}\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	noChrome := filepath.Join(dir, "no-chrome")
	bigErr := big + " is 100.0 MB; a recording to replay may be at most 64.0 MB: replay a shorter one"
	longErr := long + ": line " + strconv.Itoa(bytes.Count(good, []byte("\n"))+1) + " is longer than 16 MiB"
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"big", []string{big}, []string{"ariadne: bad_argument: " + bigErr}},
		{"long", []string{long}, []string{"ariadne: bad_argument: " + longErr}},
		{"suite", []string{dir}, []string{bigErr, longErr}},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			stdout, stderr, code := ariadne(t, append([]string{"replay", "--chrome", noChrome}, c.args...)...)
			if code == 0 {
				t.Fatalf("exit 0: %s %s", stdout, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(stdout+stderr, w) {
					t.Errorf("output %q %q: want %q", stdout, stderr, w)
				}
			}
			if strings.Contains(stdout+stderr, "no-chrome") {
				t.Errorf("a browser was looked for: %s %s", stdout, stderr)
			}
			t.Logf("refused in %s", time.Since(start).Round(time.Millisecond))
		})
	}
}
