package session_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// TestLoadReplayLimits: the replay every front end runs (ariadne replay,
// the explorer, MCP's browser_replay) refuses a recording over
// recordings.MaxReplaySize and a line over recordings.MaxLineSize with a
// bad_argument error that gives the size and the limit, without reading
// the large file.
func TestLoadReplayLimits(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	big := filepath.Join(dir, "big.jsonl")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(recordings.MaxReplaySize + 1<<20); err != nil { // sparse
		t.Fatal(err)
	}
	f.Close()
	_, err = session.LoadReplay(big)
	if refs.CodeOf(err) != refs.CodeBadArgument || !strings.Contains(err.Error(), big+" is 65.0 MB; a recording to replay may be at most 64.0 MB") {
		t.Errorf("a large file: %v", err)
	}
	long := filepath.Join(dir, "long.jsonl")
	data := `{"format":"ariadne-recording","version":1}` + "\n" + strings.Repeat(" ", recordings.MaxLineSize+1) + "{}\n"
	if err := os.WriteFile(long, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = session.LoadReplay(long)
	if refs.CodeOf(err) != refs.CodeBadArgument || !strings.HasPrefix(err.Error(), "bad_argument: "+long+": line 2 is longer than 16 MiB") {
		t.Errorf("a long line: %v", err)
	}
	// Under the limits, a file loads as before.
	if r, err := session.LoadReplay(filepath.Join("..", "recordings", "testdata", "signin.jsonl.golden")); err != nil || len(r.Rec.Steps) == 0 {
		t.Errorf("a small file: %v", err)
	}
}
