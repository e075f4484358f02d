//go:build e2e || compat

package e2e

import (
	"os"
	"sync"
)

// binaryDir is the directory of what the test binary builds once for its
// tests to share (the ariadne command, the chromedp module), removed by
// TestMain when the tests are done.
var binaryDir = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "ariadne-e2e-")
	if err == nil {
		atExit = append(atExit, func() { os.RemoveAll(dir) })
	}
	return dir, err
})
