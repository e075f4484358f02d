package browser

import (
	"io/fs"
	"path"
	"strings"
	"testing"
)

// TestScriptFilesJoined checks that every file of a joined script's
// directory is listed (a file left out would silently drop its functions),
// that none is over 600 lines, and that the join wraps them in one function.
func TestScriptFilesJoined(t *testing.T) {
	listed := map[string]bool{}
	for _, f := range locatorFiles {
		listed[f] = true
	}
	dir := path.Dir(locatorFiles[0])
	entries, err := fs.ReadDir(scriptFS, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		f := path.Join(dir, e.Name())
		if !listed[f] {
			t.Errorf("%s is not in locatorFiles", f)
		}
	}
	err = fs.WalkDir(scriptFS, "js", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := scriptFS.ReadFile(p)
		if err != nil {
			return err
		}
		if n := strings.Count(string(src), "\n"); n > 600 && p != "js/world.js" {
			t.Errorf("%s has %d lines, over 600", p, n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s, err := joinScript(locatorFiles...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s, "(() => {\n") || !strings.HasSuffix(s, "})()") {
		t.Errorf("joined script is not one called function: %.40q ... %q", s, s[len(s)-10:])
	}
	if _, err := joinScript("js/missing.js"); err == nil {
		t.Error("joining a missing file gave no error")
	}
}
