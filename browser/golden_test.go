package browser

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// update rewrites golden files instead of comparing with them:
//
//	go test ./browser/ -run Golden -update
var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/<name>, or writes it there when the
// test runs with -update.
func golden(t *testing.T, name string, got []byte) {
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
		t.Errorf("%s differs from the golden file (run go test with -update to accept):\n%s", path, lineDiff(string(want), string(got)))
	}
}

// lineDiff reports the first lines where want and got differ.
func lineDiff(want, got string) string {
	w := bytes.Split([]byte(want), []byte("\n"))
	g := bytes.Split([]byte(got), []byte("\n"))
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
		out.WriteString("line " + strconv.Itoa(i+1) + ":\n  want: " + string(a) + "\n  got:  " + string(b) + "\n")
		if shown++; shown == 8 {
			out.WriteString("...\n")
			break
		}
	}
	return out.String()
}
