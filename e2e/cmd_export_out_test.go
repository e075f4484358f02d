package e2e

import (
	"bytes"
	"context"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// exportRun runs 'ariadne export' with args.
func exportRun(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	code = cli.Main(context.Background(), &cli.Env{Stdin: strings.NewReader(""), Stdout: &o, Stderr: &e, Launch: browsertest.Launch}, append([]string{"export"}, args...))
	return o.String(), e.String(), code
}

// TestExportFormatFromExtension: without --format, export writes the
// format OUT's extension names (byte for byte what --format writes) and
// says so on standard error; an extension no format has, and standard
// output, get playwright-test, silently; --format wins over the extension.
func TestExportFormatFromExtension(t *testing.T) {
	rec := filepath.Join("..", "recordings", "testdata", "signin.jsonl.golden")
	want := func(format string) string {
		t.Helper()
		out, stderr, code := exportRun(t, "--format", format, rec)
		if code != 0 {
			t.Fatalf("export --format %s: exit %d: %s", format, code, stderr)
		}
		return out
	}
	dir := t.TempDir()
	for _, tc := range []struct{ name, format, note string }{
		{"signin.spec.ts", "playwright-test", ".spec.ts"},
		{"signin.ts", "playwright-test", ".ts"},
		{"test_signin.py", "playwright-python", ".py"},
		{"signin.json", "devtools-recorder", ".json"},
		{"SIGNIN.JSON", "devtools-recorder", ".json"},
		{"main.go", "chromedp", ".go"},
		{"signin.txt", "playwright-test", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.name)
			_, stderr, code := exportRun(t, rec, "-o", out)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if got := readText(t, out); got != want(tc.format) {
				t.Errorf("%s is not the %s export:\n%s", tc.name, tc.format, got)
			}
			note := "writing " + tc.format + ", as " + tc.note + " names it"
			if tc.note == "" && stderr != "" {
				t.Errorf("stderr %q, want nothing", stderr)
			}
			if tc.note != "" && !strings.Contains(stderr, note) {
				t.Errorf("stderr %q, want it to say %q", stderr, note)
			}
		})
	}
	if out, stderr, code := exportRun(t, rec); code != 0 || out != want("playwright-test") || stderr != "" {
		t.Errorf("export to standard output: exit %d, stderr %q, playwright-test %v", code, stderr, out == want("playwright-test"))
	}
	out := filepath.Join(dir, "chosen.json")
	if _, stderr, code := exportRun(t, "--format", "chromedp", rec, "-o", out); code != 0 || stderr != "" {
		t.Fatalf("--format chromedp -o chosen.json: exit %d: %s", code, stderr)
	}
	if readText(t, out) != want("chromedp") {
		t.Errorf("--format chromedp to a .json file did not write chromedp")
	}
	help, _, _ := exportRun(t, "--help")
	if !strings.Contains(help, "Usage: ariadne export [--format FORMAT] FILE") || !strings.Contains(help, "default: from OUT's extension, else playwright-test") {
		t.Errorf("export --help does not say --format is optional and what it defaults to:\n%s", help)
	}
}

// TestExportOverwrite: -o replaces an existing file, as cp does; -n (or
// --no-clobber) refuses, exit 1 with a coded error naming the file, and
// leaves it as it was; -n writes a file that does not exist; -n without
// -o is a usage error.
func TestExportOverwrite(t *testing.T) {
	rec := filepath.Join("..", "recordings", "testdata", "signin.jsonl.golden")
	want, stderr, code := exportRun(t, "--format", "playwright-test", rec)
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "signin.spec.ts")
	const mine = "// my own test, not to lose\n"

	writeText(t, out, mine)
	if _, stderr, code := exportRun(t, "--format", "playwright-test", rec, "-o", out); code != 0 {
		t.Fatalf("export over an existing file: exit %d: %s", code, stderr)
	}
	if readText(t, out) != want {
		t.Errorf("-o did not replace the existing file with the export")
	}

	for _, flag := range []string{"-n", "--no-clobber"} {
		writeText(t, out, mine)
		_, stderr, code := exportRun(t, "--format", "playwright-test", flag, rec, "-o", out)
		if code != 1 || !strings.Contains(stderr, "bad_argument") || !strings.Contains(stderr, out+" exists") {
			t.Errorf("%s over an existing file: exit %d, stderr %q; want exit 1, bad_argument, %q", flag, code, stderr, out+" exists")
		}
		if got := readText(t, out); got != mine {
			t.Errorf("%s replaced the existing file:\n%s", flag, got)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*partial*")); len(left) > 0 {
			t.Errorf("%s left %v behind", flag, left)
		}
	}

	fresh := filepath.Join(dir, "fresh.spec.ts")
	if _, stderr, code := exportRun(t, "-n", rec, "-o", fresh); code != 0 || readText(t, fresh) != want {
		t.Errorf("-n to a new file: exit %d: %s", code, stderr)
	}
	if _, stderr, code := exportRun(t, "-n", rec); code != 2 || !strings.Contains(stderr, "give one with -o") {
		t.Errorf("-n without -o: exit %d, stderr %q; want a usage error", code, stderr)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Errorf("the directory holds %d files, want the two exports", len(entries))
	}
}

// TestExportIntoMissingDirectory: -o in a directory that does not exist is
// a coded error that says to create it (the README's chromedp example
// writes into a directory of its own), and nothing is written.
func TestExportIntoMissingDirectory(t *testing.T) {
	rec := filepath.Join("..", "recordings", "testdata", "signin.jsonl.golden")
	dir := filepath.Join(t.TempDir(), "replay")
	out := filepath.Join(dir, "main.go")
	_, stderr, code := exportRun(t, "--format", "chromedp", rec, "-o", out)
	if code != 1 || !strings.HasPrefix(stderr, "ariadne: export: bad_argument: no directory "+dir+" to write main.go in; create it first (mkdir -p "+dir+")") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s: %v; want nothing created", dir, err)
	}
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := exportRun(t, "--format", "chromedp", rec, "-o", out); code != 0 || !strings.Contains(readText(t, out), "package main") {
		t.Errorf("after mkdir: exit %d: %s", code, stderr)
	}
}
