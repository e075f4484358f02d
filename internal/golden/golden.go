// Package golden compares test output with golden files in testdata/, and
// rewrites them when the tests run with -update. It is the one golden-file
// mechanism of Ariadne's tests; import it from _test.go files only.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/ instead of comparing with them")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Assert compares got with testdata/<name> (name may contain slashes), or
// writes it there under -update.
func Assert(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", filepath.FromSlash(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test with -update if the change is right):\n%s", path, Diff(want, got))
	}
}

// Diff reports the first lines where want and got differ.
func Diff(want, got []byte) string {
	w := bytes.Split(want, []byte("\n"))
	g := bytes.Split(got, []byte("\n"))
	var out bytes.Buffer
	shown := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b []byte
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if i < len(w) && i < len(g) && bytes.Equal(a, b) {
			continue
		}
		out.WriteString("line " + strconv.Itoa(i+1) + ":\n  want: " + strconv.Quote(string(a)) + "\n  got:  " + strconv.Quote(string(b)) + "\n")
		if shown++; shown == 5 {
			out.WriteString("...\n")
			break
		}
	}
	return out.String()
}
