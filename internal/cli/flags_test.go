package cli

import (
	"strings"
	"testing"
)

// TestUnknownFlagsEverywhere gives every command an unknown flag: each
// refuses it at once with bad_argument and exit status 2, prints one line
// on stderr and nothing on stdout.
func TestUnknownFlagsEverywhere(t *testing.T) {
	for _, c := range subcommands() {
		if c.name == "help" {
			continue
		}
		out, errs, code := cli(t, c.name, "--bogus", "x")
		if code != exitUsage || !strings.Contains(errs, "bad_argument") || !strings.Contains(errs, "unknown flag --bogus") {
			t.Errorf("%s --bogus: exit %d, stderr %q; want %d, bad_argument and the flag", c.name, code, errs, exitUsage)
		}
		if out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s --bogus: stdout %q, stderr %q; want nothing and one line", c.name, out, errs)
		}
	}
}
