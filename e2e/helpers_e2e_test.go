//go:build e2e

package e2e

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The e2e tier runs the scripts of its tier too: the hostile pages, which
// wait out timeouts on purpose.
func init() { scriptTiers["e2e"] = true }

// ariadneBinary is the ariadne command, built once for the test binary's
// tests that run it as a process (in binaryDir).
var ariadneBinary = sync.OnceValues(func() (string, error) {
	dir, err := binaryDir()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "ariadne")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/ariadne-tui/ariadne").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// buildAriadne returns the ariadne command for the tests that run it as a
// process.
func buildAriadne(t *testing.T) string {
	t.Helper()
	needBrowser(t)
	bin, err := ariadneBinary()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}
