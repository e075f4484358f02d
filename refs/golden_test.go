package refs

import (
	"testing"

	"github.com/ariadne-tui/ariadne/internal/golden"
)

// goldenFile compares got with testdata/<name>, or rewrites it with
//
//	go test ./refs/ -update
func goldenFile(t *testing.T, name string, got []byte) {
	t.Helper()
	golden.Assert(t, name, got)
}
