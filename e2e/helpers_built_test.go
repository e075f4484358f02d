//go:build e2e || compat

package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// binaryDir is the directory of what the test binary builds once for its
// tests to share (the ariadne command, the chromedp module):
// $TMPDIR/ariadne-e2e-PID. A test binary has no hook that runs after its
// tests, so each removes the directories of the test binaries that no
// longer run when it makes its own.
var binaryDir = sync.OnceValues(func() (string, error) {
	old, _ := filepath.Glob(filepath.Join(os.TempDir(), "ariadne-e2e-*"))
	for _, d := range old {
		pid, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(d), "ariadne-e2e-"))
		if err == nil && pid != os.Getpid() && syscall.Kill(pid, 0) == syscall.ESRCH {
			os.RemoveAll(d)
		}
	}
	dir := filepath.Join(os.TempDir(), "ariadne-e2e-"+strconv.Itoa(os.Getpid()))
	return dir, os.MkdirAll(dir, 0o755)
})
