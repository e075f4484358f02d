package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A mistyped command is refused with the name it is close to and the
// commands, exit 2, instead of opening https://snapshto or complaining
// about "tui".
func TestMistypedCommand(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"replya", "first.jsonl"}, `unknown command "replya" (did you mean "replay"?)`},
		{[]string{"snapshto"}, `unknown command "snapshto" (did you mean "snapshot"?)`},
		{[]string{"exprot", "-o", "x.spec.ts"}, `unknown command "exprot" (did you mean "export"?)`},
		{[]string{"rnu"}, `unknown command "rnu" (did you mean "run"?)`},
	} {
		out, stderr, code := cli(t, tc.args...)
		if code != exitUsage {
			t.Errorf("%q: exit %d, want %d (%s)", tc.args, code, exitUsage, stderr)
		}
		if !strings.HasPrefix(stderr, "ariadne: bad_argument: "+tc.want) {
			t.Errorf("%q: stderr %q, want it to start with bad_argument: %s", tc.args, stderr, tc.want)
		}
		for _, c := range subcommands() {
			if !strings.Contains(stderr, c.name) {
				t.Errorf("%q: the message does not list the command %s: %q", tc.args, c.name, stderr)
			}
		}
		if out != "" {
			t.Errorf("%q: stdout %q", tc.args, out)
		}
	}

	// What may be a URL or a file is opened, never called a typo.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "replya"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, arg := range []string{"replya", "snapshot.example", "localhost", "snapshto:8080", "http://replya", "wiki", "-replya", "./snapshto"} {
		if err := mistypedCommand(arg); err != nil {
			t.Errorf("%q is a URL or a file, not a typo: %v", arg, err)
		}
	}
}

// Two URLs say what ariadne itself takes, not the internal "tui".
func TestExplorerTakesOneURL(t *testing.T) {
	for _, args := range [][]string{{"example.com", "example.org"}, {"tui", "example.com", "example.org"}} {
		_, stderr, code := cli(t, args...)
		if code != exitUsage || !strings.HasPrefix(stderr, `ariadne: bad_argument: ariadne takes one URL to explore, got 2 arguments ("example.com" "example.org")`) {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr)
		}
		if strings.Contains(stderr, "tui") {
			t.Errorf("%q: the message says \"tui\": %q", args, stderr)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{
		{"replya", "replay", 1}, {"snapshto", "snapshot", 1}, {"snapshit", "snapshot", 1},
		{"replay", "replay", 0}, {"", "run", 3}, {"rn", "run", 1}, {"wiki", "mcp", 4}, {"abc", "ca", 3},
	} {
		if got := editDistance(tc.a, tc.b); got != tc.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.d)
		}
	}
}
