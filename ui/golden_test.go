package ui

import (
	"testing"

	"github.com/ariadne-tui/ariadne/internal/golden"
)

// goldenFile compares got with testdata/<name>.golden, or rewrites it with
//
//	go test ./ui/ -update
func goldenFile(t *testing.T, name, got string) {
	t.Helper()
	golden.Assert(t, name+".golden", []byte(got))
}
