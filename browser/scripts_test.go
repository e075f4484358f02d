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
	t.Parallel()
	for name, files := range map[string][]string{"locatorFiles": locatorFiles, "worldFiles": worldFiles} {
		listed := map[string]bool{}
		for _, f := range files {
			listed[f] = true
		}
		dir := path.Dir(files[0])
		entries, err := fs.ReadDir(scriptFS, dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			f := path.Join(dir, e.Name())
			if !listed[f] {
				t.Errorf("%s is not in %s", f, name)
			}
		}
	}
	err := fs.WalkDir(scriptFS, "js", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := scriptFS.ReadFile(p)
		if err != nil {
			return err
		}
		if n := strings.Count(string(src), "\n"); n > 600 {
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

// The installed scripts join at first use without error, world.js first
// and the extensions after it, each one called function or a whole file.
func TestWorldScriptsJoin(t *testing.T) {
	t.Parallel()
	sc, err := worldScripts()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sc.world, "// ---- js/world/api.js ----") || !strings.HasSuffix(sc.world, "})()") {
		t.Errorf("world script is not the joined js/world: %.60q", sc.world)
	}
	if len(sc.extensions) != 4 || !strings.Contains(sc.extensions[1], "// ---- js/locators/api.js ----") {
		t.Errorf("extensions: %d scripts, the second not the joined locators", len(sc.extensions))
	}
	for i, js := range sc.extensions {
		if strings.TrimSpace(js) == "" {
			t.Errorf("extension %d is empty", i)
		}
	}
}
