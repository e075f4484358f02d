package session_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// TestReplayActsOutsideTheARIATree replays, through session.ReplayFile as
// 'ariadne replay' does, clicks on an SVG path and on a role-less span in
// a shadow root, and a scroll over a scrollable div, none of which is in
// the ARIA tree, in a session of the shared browser, and checks what the
// page says.
func TestReplayActsOutsideTheARIATree(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	css := func(sel string) string { return `{"locator":{"parts":[{"kind":"css","css":"` + sel + `"}]}}` }
	status := func(want string) string {
		return `{"kind":"assert","target":{"locator":{"parts":[{"kind":"role","role":"status"}]}},"assert":{"kind":"text","expected":"` + want + `"}}`
	}
	file := filepath.Join(t.TempDir(), "outside.jsonl")
	if err := os.WriteFile(file, []byte(strings.Join([]string{
		`{"format":"ariadne-recording","version":1,"startUrl":"` + srv.URL + `/outside.html"}`,
		`{"kind":"click","target":` + css("#dot") + `}`,
		status("Clicked: dot"),
		`{"kind":"click","target":` + css("chip-box span.chip") + `}`,
		status("Clicked: chip"),
		`{"kind":"scroll","target":` + css("#scroller") + `,"dy":200}`,
		`{"kind":"assert","target":{"locator":{"parts":[{"kind":"css","css":"#scrolled"}]}},"assert":{"kind":"text","expected":"Scrolled: 200"}}`,
	}, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := session.LoadReplay(file)
	if err != nil {
		t.Fatal(err)
	}
	// The options of 'ariadne replay --action-timeout 3s --timeout 15s'.
	b := browsertest.New(t, r.BrowserOptions(browser.Options{Viewport: refs.Viewport{Width: 1280, Height: 720},
		NavTimeout: 15 * time.Second, ActionTimeout: 3 * time.Second, TestIDAttribute: "data-testid", Dialogs: "dismiss", TextContainers: true}, false))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := r.Run(ctx, b, session.FileOptions{Replay: recordings.ReplayOptions{Timeout: 3 * time.Second, Lookup: os.LookupEnv}}); err != nil {
		t.Fatalf("replay: %v", err)
	}
	if r.Result == nil || len(r.Result.Steps) != recordings.StepCount(r.Rec) {
		t.Errorf("replayed %+v, want every one of the %d steps", r.Result, recordings.StepCount(r.Rec))
	}
}
