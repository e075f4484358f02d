//go:build e2e

package browser

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A session keeps every temporary file (profile, Chromium's own, the
// downloads) in one marked directory, removed by Close.
func TestSessionTempDir(t *testing.T) {
	// A short path, as /tmp is: Chromium's socket path must fit.
	tmp, err := os.MkdirTemp("/tmp", "h")
	if err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	t.Setenv("TMPDIR", tmp)
	b := launchOwn(t)
	srv := servePages(t)
	open(t, b, srv, "form.html")
	entries, _ := os.ReadDir(tmp)
	if len(entries) != 1 || b.dir == nil || filepath.Dir(b.dir.root) != tmp {
		t.Fatalf("temporary directory holds %v, want only the session's", entries)
	}
	if b.dir.tmp() == "" {
		t.Errorf("%s is too long for Chromium's TMPDIR", b.dir.root)
	}
	if _, err := os.Stat(filepath.Join(b.dir.root, ownerFile)); err != nil {
		t.Fatalf("no owner mark: %v", err)
	}
	if _, err := os.Stat(filepath.Join(b.dir.profile(), "Default")); err != nil {
		t.Errorf("the profile is not in the session directory: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- b.Close() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Close took over 10s")
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Errorf("left behind after Close: %v", entries)
	}
}
