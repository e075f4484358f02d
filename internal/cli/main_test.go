package cli

import (
	"bytes"
	"context"
	"errors"
	"github.com/ariadne-tui/ariadne/browser"
	"strings"
	"testing"
	"time"
)

// The tests of this package check the command line itself (flags, usage,
// help, errors) and start no browser: a command that tries to gets an
// error. The end-to-end tests, with a browser, are in e2e/.

// cli runs ariadne with args and returns stdout, stderr and the exit status.
func cli(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Launch: noBrowser}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	code := Main(ctx, e, args)
	return out.String(), errb.String(), code
}

// noBrowser is the Launch of the unit tests: they need none.
func noBrowser(context.Context, browser.Options) (*browser.Browser, error) {
	return nil, errors.New("the command line's unit tests start no browser")
}

func TestHelpListsFlags(t *testing.T) {
	out, _, code := cli(t, "--help")
	if code != exitOK {
		t.Fatalf("--help: exit %d", code)
	}
	for _, c := range []string{"snapshot", "demo", "help"} {
		if !strings.Contains(out, "  "+c+" ") {
			t.Errorf("--help does not list %s:\n%s", c, out)
		}
	}
	for _, args := range [][]string{{"snapshot", "--help"}, {"help", "snapshot"}, {"snapshot", "-h"}} {
		out, _, code := cli(t, args...)
		if code != exitOK {
			t.Errorf("%v: exit %d", args, code)
		}
		for _, f := range []string{"--json", "--interactive", "--no-refs", "--timeout", "--viewport", "--chrome", "--remote", "--headful"} {
			if !strings.Contains(out, "  "+f) {
				t.Errorf("%v does not list %s:\n%s", args, f, out)
			}
		}
	}
	out, _, code = cli(t, "demo", "--help")
	if code != exitOK || !strings.Contains(out, "Usage: ariadne demo") {
		t.Errorf("demo --help: exit %d\n%s", code, out)
	}
}

func TestSnapshotUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"snapshot", "--bogus"},
		{"snapshot", "http://a.example/", "http://b.example/"},
		{"snapshot", "--viewport", "0x0", "http://a.example/"},
		{"snapshot", "--viewport", "wide", "http://a.example/"},
		{"snapshot", "--dialogs", "maybe", "http://a.example/"},
		{"snapshot", "--timeout", "soon", "http://a.example/"},
		{"help", "nosuch"},
		{"demo", "extra", "--bogus"},
	} {
		_, errs, code := cli(t, args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d (%s)", args, code, exitUsage, errs)
		}
		if !strings.HasPrefix(errs, "ariadne: ") {
			t.Errorf("%v: stderr %q", args, errs)
		}
	}
}
