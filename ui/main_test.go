package ui

import (
	"os"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
)

// TestMain shares one browser among the tests that need one
// (internal/browsertest): each gets a browser context of its own. The
// tests of what belongs to a process (--remote, the measurement of a
// Chromium's CPU, the real binary in tmux) start their own.
// atExit is what TestMain undoes once the tests are done (the binary the
// e2e tier builds once); append to it from a sync.Once.
var atExit []func()

func TestMain(m *testing.M) {
	code := browsertest.Run(m)
	for _, f := range atExit {
		f()
	}
	os.Exit(code)
}
