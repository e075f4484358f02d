//go:build compat

package recordings

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/nodetools"
)

// The chromedp programs the compat tier builds (TestE2EChromedp,
// TestExportChromedpFrameDialogVets) live in one temporary Go module, set
// up once per test binary with chromedp required: each test writes its
// programs in a subdirectory of its own, so chromedp is fetched and
// compiled once for all of them. TestMain removes the module (atExit).

// chromedpVersion is the chromedp the exported programs are built with.
const chromedpVersion = "v0.23.0"

// chromedpModule creates the module, on the first call.
var chromedpModule = sync.OnceValues(func() (string, error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return "", err
	}
	mod, err := os.MkdirTemp("", "ariadne-chromedp-")
	if err != nil {
		return "", err
	}
	atExit = append(atExit, func() { os.RemoveAll(mod) })
	for _, args := range [][]string{{"mod", "init", "example.com/replays"}, {"get", "github.com/chromedp/chromedp@" + chromedpVersion}} {
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = mod
		// -mod=mod here only: the builds that follow, in parallel, leave
		// go.mod and go.sum as they are.
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return mod, nil
})

// chromedpProgramDir returns the test binary's chromedp module and a new
// directory in it for t's programs (its path relative to the module),
// removed when t ends.
func chromedpProgramDir(t *testing.T) (mod, dir string) {
	t.Helper()
	goTool(t)
	mod, err := chromedpModule()
	if err != nil {
		t.Fatalf("setting up the module for the chromedp programs: %v", err)
	}
	abs, err := os.MkdirTemp(mod, strings.ReplaceAll(t.Name(), "/", "_")+"-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(abs) })
	return mod, filepath.Base(abs)
}

// goIn runs the go command in the chromedp module mod, failing t with its
// output.
func goIn(t *testing.T, mod string, args ...string) {
	t.Helper()
	cmd := exec.Command(goTool(t), args...)
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// goTool returns the go command, or skips.
func goTool(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("go")
	if err != nil {
		nodetools.Skip(t, "no go command to build the chromedp programs")
	}
	return p
}
