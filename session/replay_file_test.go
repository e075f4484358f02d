package session_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// testIDPage has two Save buttons: the data-qa one the recording was made
// with, and one whose data-testid is the same word but does something else.
const testIDPage = `<!doctype html><title>Test ids</title>
<button data-testid="save" onclick="document.getElementById('s').textContent='wrong button'">Save draft</button>
<button data-qa="save" onclick="document.getElementById('s').textContent='saved'">Save</button>
<p role="status" id="s">idle</p>`

// A --test-id-attribute data-qa recording replayed through
// session.ReplayFile in a browser started with the default attribute
// looks its getByTestId steps up on data-qa, including a hand-written one
// that names no attribute, and so clicks the recorded button.
func TestReplayFileAppliesTheTestIDAttribute(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(testIDPage))
	}))
	defer srv.Close()
	status := recordings.Target{Locator: refs.ByRole("status", "", false), Role: "status"}
	click := func(l refs.Locator) recordings.Step {
		return recordings.Step{Kind: recordings.Click, Target: recordings.Target{Locator: l}}
	}
	reset := recordings.Step{Kind: recordings.Navigate, URL: srv.URL}
	saved := recordings.Step{Kind: recordings.Assert, Target: status, Assert: &recordings.Assertion{Kind: recordings.AssertText, Expected: "saved"}}
	b := browsertest.New(t, browser.Options{NavTimeout: 15 * time.Second, ActionTimeout: 3 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for name, l := range map[string]refs.Locator{
		"recorded":     refs.ByTestIDAttr("data-qa", "save"),
		"hand-written": refs.ByTestID("save"),
	} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "qa.jsonl")
			rec := &recordings.Recording{Header: recordings.Header{Format: recordings.FormatName, Version: recordings.FormatVersion,
				StartURL: srv.URL, TestIDAttr: "data-qa"}, Steps: []recordings.Step{reset, click(l), saved}}
			f, err := os.Create(file)
			if err != nil {
				t.Fatal(err)
			}
			if err := recordings.Encode(f, rec); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			r, err := session.ReplayFile(ctx, b, file, session.FileOptions{Replay: recordings.ReplayOptions{Timeout: 3 * time.Second}})
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if r.Failed != nil || r.Result == nil || len(r.Result.Steps) != 3 || r.Result.Healed != 0 {
				t.Fatalf("result %+v, failed %+v", r.Result, r.Failed)
			}
		})
	}
}
