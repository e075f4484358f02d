package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOutFileKeepsDevices: writing an output to /dev/null writes through
// it; it never renames a file over the device (as root that would replace
// /dev/null for every program on the machine).
func TestOutFileKeepsDevices(t *testing.T) {
	before, err := os.Stat(os.DevNull)
	if err != nil {
		t.Skip(err)
	}
	for _, commit := range []bool{true, false} {
		w, err := createOut(os.DevNull, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte("exported\n")); err != nil {
			t.Fatal(err)
		}
		if commit {
			if err := w.Commit(); err != nil {
				t.Fatal(err)
			}
		} else {
			w.Abort()
		}
		after, err := os.Stat(os.DevNull)
		if err != nil {
			t.Fatal(err)
		}
		if after.Mode() != before.Mode() || after.Mode().IsRegular() {
			t.Fatalf("%s is now %v (was %v)", os.DevNull, after.Mode(), before.Mode())
		}
	}
	// A regular file is still written under a temporary name and renamed.
	dir := t.TempDir()
	path := filepath.Join(dir, "out.spec.ts")
	w, err := createOut(path, false)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("ok"))
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the output exists before Commit: %v", err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "ok" {
		t.Fatalf("read %q, %v", b, err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*partial*")); len(m) > 0 {
		t.Fatalf("left behind %v", m)
	}
}
