package recordings

import (
	"os"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/nodetools"
)

// atExit holds what TestMain undoes once the tests are done: what the test
// binary set up once for all of them (the compat tier's chromedp module).
// Append to it from a sync.Once.
var atExit []func()

// TestMain runs the tests, then atExit.
func TestMain(m *testing.M) {
	code := m.Run()
	for _, f := range atExit {
		f()
	}
	nodetools.CloseReplayBrowser()
	os.Exit(code)
}
