//go:build e2e

package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"github.com/ariadne-tui/ariadne/recordings"
)

// A recording survives the death of its process: this test binary runs
// 'ariadne run --record' as a child process (TestHelperRun) and kills it.

// TestHelperRun is not a test: run as a child process with
// ARIADNE_HELPER_ARGS set, it is 'ariadne' with those arguments.
func TestHelperRun(t *testing.T) {
	args := os.Getenv("ARIADNE_HELPER_ARGS")
	if args == "" {
		t.Skip("helper process for TestRecordSurvivesSIGKILL")
	}
	var list []string
	if err := json.Unmarshal([]byte(args), &list); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(cli.Main(context.Background(), &cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, list))
}

func TestRecordSurvivesSIGKILL(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "killed.jsonl")
	script := filepath.Join(dir, "script.txt")
	writeText(t, script, strings.ReplaceAll(`
open {{URL}}/form.html
find email textbox Email
fill $email ada@example.com
find remember checkbox "Remember me"
check $remember
find country combobox Country
select $country Japan
wait ms 60000
find signin button "Sign in"
click $signin
`, "{{URL}}", srv.URL))
	args, _ := json.Marshal([]string{"run", "--record", file, script})
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperRun$")
	cmd.Env = append(os.Environ(), "ARIADNE_HELPER_ARGS="+string(args))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	// Wait for the result of the select, then kill.
	lines := bufio.NewScanner(stdout)
	seen := 0
	for lines.Scan() {
		var r runResult
		if json.Unmarshal(lines.Bytes(), &r) == nil {
			seen++
			if !r.ok() {
				t.Fatalf("line %v failed: %v", r["line"], r)
			}
			if seen == 7 { // the select
				break
			}
		}
	}
	if seen < 7 {
		t.Fatalf("the script stopped early (%d results)", seen)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	rec, problems, err := recordings.Load(file)
	if err != nil || len(problems) > 0 {
		t.Fatalf("after SIGKILL: %v %v", err, problems)
	}
	var kinds []string
	for _, s := range rec.Steps {
		kinds = append(kinds, string(s.Kind))
	}
	if got := strings.Join(kinds, " "); got != "navigate fill check select" {
		t.Errorf("after SIGKILL the file holds %q, want every step before the kill", got)
	}
	if v := rec.Steps[3].Values; len(v) != 1 || v[0] != "jp" {
		t.Errorf("select values %v", v)
	}
}
