package browser

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// Stale session directories (their owner gone) are removed; a live
// owner's, an unmarked one and other programs' are kept.
func TestCleanStaleDirs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("no true(1):", err)
	}
	dead := cmd.Process.Pid
	mk := func(name, owner string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Join(p, "profile"), 0o700); err != nil {
			t.Fatal(err)
		}
		if owner != "" {
			os.WriteFile(filepath.Join(p, ownerFile), []byte(owner), 0o600)
		}
		return p
	}
	stale := mk("ariadne-"+strconv.Itoa(dead)+"-1", strconv.Itoa(dead))
	live := mk("ariadne-"+strconv.Itoa(os.Getppid())+"-2", strconv.Itoa(os.Getppid()))
	unmarked := mk("ariadne-downloads-123", "")
	lying := mk("ariadne-"+strconv.Itoa(dead)+"-3", "1") // owner file names another pid
	other := mk("org.chromium.Chromium.abc", strconv.Itoa(dead))
	cleanStaleDirs(dir)
	for p, want := range map[string]bool{stale: false, live: true, unmarked: true, lying: true, other: true} {
		_, err := os.Stat(p)
		if got := err == nil; got != want {
			t.Errorf("%s exists = %v, want %v", filepath.Base(p), got, want)
		}
	}
}

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
