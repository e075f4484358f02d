package e2e

import (
	"strings"
	"testing"
)

// TestMCPCommandLine: 'ariadne mcp' refuses bad flags and arguments (exit
// 2 with a message), says what it is with --help, and with stdin at its
// end (no client) stops at once, closing its browser. (The server driven
// by real clients: mcp_compat_test.go.)
func TestMCPCommandLine(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"mcp", "--lang", "cobol"},
		{"mcp", "extra"},
		{"mcp", "--cdp-port", "70000"},
		{"mcp", "--dialogs", "maybe"},
	} {
		if _, stderr, code := ariadne(t, args...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want %d and a message", args, code, stderr, 2)
		}
	}
	out, _, code := ariadne(t, "mcp", "--help")
	if code != 0 || !strings.Contains(out, "--cdp-port") || !strings.Contains(out, "Model Context Protocol") {
		t.Errorf("mcp --help: exit %d\n%s", code, out)
	}
	// With stdin at its end the server stops at once and closes the browser.
	needBrowser(t)
	if _, stderr, code := ariadne(t, "mcp"); code != 0 {
		t.Errorf("mcp with no client: exit %d, %s", code, stderr)
	}
}
