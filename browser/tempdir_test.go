package browser

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
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
