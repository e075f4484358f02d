//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestFlagsEchoEscaped runs the ariadne binary with command lines whose
// arguments hold a bidi override, C0 and C1 controls and bytes that are
// not UTF-8 (an unknown flag, bad flag values, an unknown command, bad
// URLs, missing files, a recording with a bad line, a URL that loads too
// slowly), and reads its stderr: each error line starts with "ariadne: ",
// says the coded error, quotes the argument in its escaped form, and holds
// no raw hidden character or invalid byte.
func TestFlagsEchoEscaped(t *testing.T) {
	t.Parallel()
	bin := buildAriadne(t)
	srv := snapshotServer(t)
	const rlo, esc, csi = "\u202e", "\x1b[31m", "\u009b"
	dir := t.TempDir()
	badLine := filepath.Join(dir, "bad-line.jsonl")
	writeText(t, badLine, `{"format":"ariadne-recording","version":1,"created":"2026-12-01T12:00:00Z","startUrl":"http://a.example/","title":"t"}`+"\n"+
		`{"kind":"nope`+rlo+`\u0001"}`+"\n"+`{"kind":"navigate","url":"http://a.example/"}`+"\n")
	cases := []struct {
		name string
		args []string
		code int
		want []string // in stderr, escaped
	}{
		{"unknown flag", []string{"snapshot", "--x" + rlo + esc + "\xff", "http://a.example/"}, 2, []string{"bad_argument", `unknown flag --x\u202e\u001b[31m\xff`}},
		{"bad duration", []string{"snapshot", "--timeout=" + rlo + csi, "http://a.example/"}, 2, []string{"bad_argument", `\u202e`, "--timeout"}},
		{"bad number", []string{"demo", "--port", "x" + rlo + esc}, 2, []string{"bad_argument", `x\u202e\x1b`}},
		{"bad viewport", []string{"snapshot", "--viewport", "1x" + rlo + esc, "http://a.example/"}, 2, []string{"bad_argument", `1x\u202e\x1b`}},
		{"bad language", []string{"locators", "--lang", "x" + rlo + csi, "http://a.example/"}, 2, []string{"bad_argument", `x\u202e\u009b`}},
		{"unknown command", []string{"help", "nosuch" + rlo + "\a"}, 2, []string{"bad_argument", `nosuch\u202e\a`}},
		{"bad URL", []string{"snapshot", "nosuch" + rlo + esc}, 1, []string{"bad_url", `nosuch\u202e\x1b`}},
		{"missing recording", []string{"replay", "nofile" + rlo + esc + ".jsonl"}, 2, []string{"bad_argument", `nofile\u202e\u001b[31m.jsonl`}},
		{"missing script", []string{"run", "nofile" + rlo + esc}, 1, []string{`nofile\u202e\u001b[31m`}},
		{"recording with a bad line", []string{"export", badLine}, 0, []string{"skipped", `nope\u202e`}},
		{"slow URL", []string{"snapshot", "--timeout", "3s", srv.URL + "/slow.html?q=" + rlo + csi}, 0, []string{"did not finish loading", `?q=\u202e\u009b`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			var out, errb bytes.Buffer
			cmd := exec.CommandContext(ctx, bin, c.args...)
			cmd.Stdout, cmd.Stderr = &out, &errb
			err := cmd.Run()
			code := cmd.ProcessState.ExitCode()
			if ee, ok := err.(*exec.ExitError); err != nil && !ok {
				t.Fatalf("%v (%v)", err, ee)
			}
			stderr := errb.String()
			if code != c.code {
				t.Errorf("exit %d, want %d\n%s", code, c.code, stderr)
			}
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if stderr == "" || !strings.HasPrefix(lines[0], "ariadne: ") {
				t.Fatalf("stderr %q: want a line starting with ariadne: ", stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			for i := 0; i < len(stderr); {
				r, size := utf8.DecodeRuneInString(stderr[i:])
				if (r == utf8.RuneError && size == 1) || (refs.Hidden(r) && r != '\n') {
					t.Fatalf("stderr holds %q raw at byte %d: %q", stderr[i:i+size], i, stderr)
				}
				i += size
			}
		})
	}
}
