package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// codebaseGuide holds the package map, between its markers.
const codebaseGuide = "docs/dev/codebase.md"

// TestPackageMap checks the package map of the codebase guide against
// `go list`: every package has a row and every row a package, and a
// package imports only what its row allows.
func TestPackageMap(t *testing.T) {
	t.Parallel()
	const module = "github.com/ariadne-tui/ariadne"
	list := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...")
	list.Dir = ".."
	out, err := list.Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	ours := func(path string) (string, bool) {
		if path == module {
			return "main", true
		}
		rest, ok := strings.CutPrefix(path, module+"/")
		return rest, ok
	}
	imports := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg, _ := ours(f[0])
		imports[pkg] = []string{}
		for _, imp := range f[1:] {
			if p, ok := ours(imp); ok {
				imports[pkg] = append(imports[pkg], p)
			}
		}
	}

	data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(codebaseGuide)))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok1 := strings.Cut(string(data), "<!-- packages:start -->")
	table, _, ok2 := strings.Cut(rest, "<!-- packages:end -->")
	if !ok1 || !ok2 {
		t.Fatal(codebaseGuide + " has no <!-- packages:start --> … <!-- packages:end --> markers")
	}
	code := regexp.MustCompile("`([^`]+)`")
	rows := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(table), "\n")[2:] {
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 4 {
			t.Fatalf("bad row %q", line)
		}
		name := code.FindStringSubmatch(cells[0])
		if name == nil {
			t.Fatalf("row %q names no package", line)
		}
		var allowed []string
		for _, m := range code.FindAllStringSubmatch(cells[2], -1) {
			allowed = append(allowed, m[1])
		}
		rows[name[1]] = allowed
	}
	for pkg, imps := range imports {
		allowed, ok := rows[pkg]
		if !ok {
			t.Errorf("package %s has no row in the package map of %s", pkg, codebaseGuide)
			continue
		}
		for _, imp := range imps {
			if !slices.Contains(allowed, imp) {
				t.Errorf("%s imports %s, which its row in %s does not allow", pkg, imp, codebaseGuide)
			}
		}
	}
	for pkg := range rows {
		if _, ok := imports[pkg]; !ok {
			t.Errorf("the package map of %s lists %s, which go list does not know", codebaseGuide, pkg)
		}
	}
}
