package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestImportExportStopOnSignal runs import and export on a file that never
// ends (a FIFO nobody writes to): cancelling the context, as SIGINT and
// SIGTERM do, must end the command with "interrupted" and leave no output
// file. Without interruptible the command would block for ever.
func TestImportExportStopOnSignal(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "endless")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	// Hold the FIFO open for writing, so that ariadne's open returns and
	// its reads block.
	w, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for _, args := range [][]string{
		{"import", fifo, "-o", filepath.Join(dir, "out.jsonl")},
		{"export", "--format", "playwright-test", fifo, "-o", filepath.Join(dir, "out.spec.ts")},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var out, errb bytes.Buffer
		done := make(chan int)
		go func() { done <- realMain(ctx, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, args) }()
		w.Write([]byte("{")) // some input, then nothing more
		cancel()
		if code := <-done; code != exitError || !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("%v: exit %d, stderr %q; want 1 and interrupted", args, code, errb.String())
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*out*"))
	if len(left) > 0 {
		t.Errorf("files left behind: %v", left)
	}
}

// TestImportExportSizeLimits refuses files over the limits with a clear
// error before reading them.
func TestImportExportSizeLimits(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(maxRecordingSize + 1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	f.Close()
	for _, args := range [][]string{{"import", big}, {"export", big}} {
		out, errs, code := cli(t, args...)
		if code != exitError || !strings.Contains(errs, "bad_argument") || !strings.Contains(errs, "may be at most 64.0 MB") || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// TestReplayLongURLPrintsLittle replays a recording whose URL is 1 MiB
// (which loads, or fails) and one of 3 MiB (more than Chromium loads,
// refused): neither writes the URL out whole.
func TestReplayLongURLPrintsLittle(t *testing.T) {
	needBrowser(t)
	srv := pagesServer(t)
	dir := t.TempDir()
	for _, n := range []int{1 << 20, 3 << 20} {
		file := filepath.Join(dir, "long.jsonl")
		url := srv.URL + "/form.html?q=" + strings.Repeat("a", n)
		rec := `{"format":"ariadne-recording","version":1}` + "\n" + `{"kind":"navigate","url":"` + url + `"}` + "\n"
		if err := os.WriteFile(file, []byte(rec), 0o644); err != nil {
			t.Fatal(err)
		}
		out, errs, code := cli(t, "replay", "--timeout", "20s", file)
		if len(out)+len(errs) > 8<<10 {
			t.Errorf("%d-byte URL: %d bytes on stdout, %d on stderr (exit %d)", n, len(out), len(errs), code)
		}
		if n > 2<<20 && !strings.Contains(errs, "Chromium loads none longer than") {
			t.Errorf("%d-byte URL: stderr does not say it is too long: %q", n, errs)
		}
	}
}
