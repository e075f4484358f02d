//go:build e2e

package recordings

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// The e2e tier (go test -tags e2e): a process killed while it appends.

// The child half of TestFileSurvivesSIGKILL: it appends steps until it is
// killed, printing the number of each step once Append returned.
const childEnv = "ARIADNE_RECORDINGS_SIGKILL_CHILD"

func TestFileSurvivesSIGKILL(t *testing.T) {
	t.Parallel()
	if path := os.Getenv(childEnv); path != "" {
		w, err := Create(path, NewHeader("killed", ""))
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		for i := 1; ; i++ {
			s := fill(tgt(refs.ByCSS("#f"), "", ""), Plain("step "+strconv.Itoa(i)+" "+strings.Repeat("x", i%500)))
			if err := w.Append(s); err != nil {
				fmt.Println("error:", err)
				os.Exit(1)
			}
			fmt.Println(i)
		}
	}

	path := filepath.Join(t.TempDir(), "killed.jsonl")
	cmd := exec.Command(os.Args[0], "-test.run=^TestFileSurvivesSIGKILL$")
	cmd.Env = append(os.Environ(), childEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Read the child's acknowledgements as they come, so that it never
	// blocks on its output; kill it once it has appended 200 steps, while
	// it keeps appending.
	var acked atomic.Int64
	done := make(chan error, 1)
	go func() {
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			n, err := strconv.Atoi(lines.Text())
			if err != nil {
				done <- fmt.Errorf("child: %s", lines.Text())
				return
			}
			acked.Store(int64(n))
		}
		done <- nil
	}()
	deadline := time.Now().Add(30 * time.Second)
	for acked.Load() < 200 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL on Unix
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if acked.Load() < 200 {
		t.Fatalf("the child appended only %d steps in 30s", acked.Load())
	}

	rec, problems, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Steps) < int(acked.Load()) {
		t.Fatalf("loaded %d steps, but the child had appended %d before it was killed", len(rec.Steps), acked.Load())
	}
	for i, s := range rec.Steps {
		if want := "step " + strconv.Itoa(i+1) + " "; !strings.HasPrefix(s.Text.Text, want) {
			t.Fatalf("step %d holds %q, want it to start with %q", i+1, s.Text.Text, want)
		}
	}
	// A kill cannot cut a write(2) to a file in half, but a truncated last
	// line is the one problem a crash may leave.
	if len(problems) > 1 || (len(problems) == 1 && problems[0].Line != len(rec.Steps)+2) {
		t.Errorf("problems: %v", problems)
	}
	t.Logf("killed after %d acknowledged appends; the file holds %d steps", acked.Load(), len(rec.Steps))
}
