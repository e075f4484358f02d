//go:build compat

package recordings

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/nodetools"
)

// The compat tier's half of export_frames_test.go: the exports checked
// there compile with python3 and go vet.

// TestExportPythonFrameURLWaitsCompiles byte-compiles the Python export of
// TestExportPythonFrameURLWaits.
func TestExportPythonFrameURLWaitsCompiles(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := ExportPython(framePythonRecording(), &out); err != nil {
		t.Fatal(err)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		nodetools.Skip(t, "no python3 to compile the Python export")
	}
	f := filepath.Join(t.TempDir(), "test_frame.py")
	if err := os.WriteFile(f, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(py, "-m", "py_compile", f).CombinedOutput(); err != nil {
		t.Fatalf("py_compile: %v\n%s", err, out)
	}
}

// TestExportChromedpFrameDialogVets builds and vets the program of
// TestExportChromedpFrameDialog, in the test binary's chromedp module.
func TestExportChromedpFrameDialogVets(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a program: skipped in -short mode")
	}
	var out bytes.Buffer
	if err := ExportChromedp(frameDialogRecording(), &out); err != nil {
		t.Fatal(err)
	}
	mod, dir := chromedpProgramDir(t)
	if err := os.WriteFile(filepath.Join(mod, dir, "main.go"), out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	goIn(t, mod, "vet", "./"+dir)
}
