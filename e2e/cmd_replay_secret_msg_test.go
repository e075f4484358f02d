package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayMissingSecretSaysItOnce: the error for an unset secret has one
// code and one sentence that says what to do, as the trial asked, and exits
// 2 as the README's other bad_argument refusals of a command line do.
func TestReplayMissingSecretSaysItOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv := pagesServer(t)
	t.Setenv("ARIADNE_SECRET_PASSWORD", "")
	os.Unsetenv("ARIADNE_SECRET_PASSWORD")
	file := filepath.Join(t.TempDir(), "rec2.jsonl")
	rec := `{"format":"ariadne-recording","version":1,"startUrl":"` + srv.URL + `/form.html"}
{"kind":"fill","target":{"locator":{"parts":[{"kind":"css","css":"input"}]}},"text":{"secret":"ARIADNE_SECRET_PASSWORD"}}
`
	if err := os.WriteFile(file, []byte(rec), 0o600); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := replayCmd(t, file)
	if code != 2 || strings.Count(stderr, "bad_argument") != 1 || !strings.Contains(stderr, "set ARIADNE_SECRET_PASSWORD and replay again") ||
		strings.Contains(stderr, "is not set") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}
