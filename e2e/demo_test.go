package e2e

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/ui"
)

// Tests of 'ariadne demo' and of the README's quick start on it.

// TestDemoCommand: demo serves the site on a free port, prints its URL,
// and stops when its context ends.
func TestDemoCommand(t *testing.T) {
	t.Parallel()
	r, w := io.Pipe()
	e := &cli.Env{Stdin: strings.NewReader(""), Stdout: w, Stderr: io.Discard, Launch: browsertest.Launch}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var code int
	var wg sync.WaitGroup
	wg.Go(func() {
		code = cli.Main(ctx, e, []string{"demo"})
		w.Close()
	})
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatalf("demo printed no URL: %v", err)
	}
	url := strings.TrimSpace(line)
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("demo printed %q", line)
	}
	resp, err := http.Get(url + "signin.html")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET signin.html: %s", resp.Status)
	}
	cancel()
	go io.Copy(io.Discard, r)
	wg.Wait()
	if code != 0 {
		t.Errorf("demo stopped with exit %d", code)
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the demo site still answers after the command ended")
	}
}

// TestDemoRecordingReplaysAfterQuit is the README's quick start: the
// explorer serves the built-in demo, the user records on it and quits
// (the demo stops), then replays the file: replay serves the demo again
// at the recorded address and the recorded check passes. The same file
// without the header's demo mark fails: nothing listens there.
func TestDemoRecordingReplaysAfterQuit(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	srv, err := demo.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "demo.jsonl")
	opts, err := cli.ExplorerOptions([]string{"--action-timeout", "3s", "--timeout", "15s", "--record", file})
	if err != nil {
		t.Fatal(err)
	}
	b, err := browsertest.Launch(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	d := newModelDriver(t, ui.New(ui.Options{Browser: b, Locators: ui.BrowserLocators, RecordFile: file,
		Demo: srv.URL(), LivePeriod: -1, SettleDelay: time.Millisecond}))
	d.untilRecording()
	d.keys("o ctrl+u")
	d.typeText(srv.URL() + "signin.html")
	d.keys("enter")
	d.steps(file, 1)
	d.fill("textbox", "Email", "ada@example.com")
	d.steps(file, 2)
	d.jump("button", "Sign in")
	d.keys("enter")
	d.steps(file, 3)
	d.keys("r")
	d.until("the snapshot", func() bool { return d.m.Busy() == "" })
	d.jump("status", "")
	d.assertText() // the status's text
	d.steps(file, 4)
	b.Close()
	srv.Close() // the explorer quit: its demo is gone

	rec, _, err := recordings.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Demo || !strings.HasPrefix(rec.StartURL, srv.URL()) {
		t.Fatalf("the header should mark the demo: demo %v, start %q", rec.Demo, rec.StartURL)
	}
	last := rec.Steps[len(rec.Steps)-1]
	if last.Assert == nil || last.Assert.Kind != recordings.AssertText || !strings.Contains(last.Assert.Expected, "Please fill in") {
		t.Fatalf("the last step should check the status's text, got %+v", last)
	}
	stdout, stderr, code := replayCmd(t, file)
	if code != 0 || !strings.Contains(stdout, "passed: 4 steps") {
		t.Fatalf("the demo recording should replay: exit %d\n%s\n%s", code, stdout, stderr)
	}

	// Without the mark, replay does not serve the demo.
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	unmarked := filepath.Join(t.TempDir(), "unmarked.jsonl")
	if err := os.WriteFile(unmarked, []byte(strings.Replace(string(data), `"demo":true`, `"demo":false`, 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := replayCmd(t, unmarked); code == 0 || !strings.Contains(stderr, "connection_refused") {
		t.Fatalf("an unmarked recording should not find the demo: exit %d\n%s", code, stderr)
	}
}
