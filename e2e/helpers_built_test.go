//go:build e2e || compat

package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// binaryDir is the directory of what the test binary builds once for its
// tests to share (the ariadne command, the chromedp module):
// $TMPDIR/ariadne-e2e-PID. A test binary has no hook that runs after its
// tests, so each removes, when it makes its own, those of the test
// binaries that no longer run and have not written there for an hour (a
// PID of another PID namespace sharing the directory may look dead).
var binaryDir = sync.OnceValues(func() (string, error) {
	old, _ := filepath.Glob(filepath.Join(os.TempDir(), "ariadne-e2e-*"))
	for _, d := range old {
		pid, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(d), "ariadne-e2e-"))
		st, serr := os.Stat(d)
		if err == nil && serr == nil && pid != os.Getpid() && syscall.Kill(pid, 0) == syscall.ESRCH && time.Since(st.ModTime()) > time.Hour {
			os.RemoveAll(d)
		}
	}
	dir := filepath.Join(os.TempDir(), "ariadne-e2e-"+strconv.Itoa(os.Getpid()))
	return dir, os.MkdirAll(dir, 0o755)
})
