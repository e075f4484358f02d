package cli

import (
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

func TestBuildVersion(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.3.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "d4f22bbdb34ca6d3dd0ef7d463d7f6f6badb18a3"},
		{Key: "vcs.time", Value: "2026-12-01T09:00:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}}
	if got, want := buildVersion(info, true), "ariadne v0.3.0 commit d4f22bbdb34c (modified) 2026-12-01T09:00:00Z go1.26.8"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := buildVersion(&debug.BuildInfo{GoVersion: "go1.26.8"}, true); got != "ariadne (devel) go1.26.8" {
		t.Errorf("no vcs: %q", got)
	}
	if got := buildVersion(nil, false); !strings.Contains(got, "no build information") {
		t.Errorf("no info: %q", got)
	}
}

// Both spellings print the same one line, and exit 0.
func TestVersionCommand(t *testing.T) {
	var lines []string
	for _, args := range [][]string{{"--version"}, {"version"}} {
		var out, errb bytes.Buffer
		if code := Main(context.Background(), &Env{Stdout: &out, Stderr: &errb, Launch: noBrowser}, args); code != exitOK {
			t.Fatalf("%v: exit %d, %s", args, code, errb.String())
		}
		if !strings.HasPrefix(out.String(), "ariadne ") || strings.Count(out.String(), "\n") != 1 {
			t.Errorf("%v: %q", args, out.String())
		}
		lines = append(lines, out.String())
	}
	if lines[0] != lines[1] {
		t.Errorf("--version %q and version %q differ", lines[0], lines[1])
	}
}

// The help slips of issue 12: one-letter flags print with one dash, a
// command without flags has no empty Flags: heading, and the explorer does
// not list --dialogs (it lets the user answer every dialog).
func TestHelpText(t *testing.T) {
	help := func(args ...string) string {
		var out bytes.Buffer
		Main(context.Background(), &Env{Stdout: &out, Stderr: &out, Launch: noBrowser}, append(args, "--help"))
		return out.String()
	}
	if h := help("export"); !strings.Contains(h, "\n  -o OUT\n") || strings.Contains(h, "--o ") {
		t.Errorf("export help:\n%s", h)
	}
	if h := help("version"); strings.Contains(h, "Flags:") {
		t.Errorf("version help has a Flags: heading:\n%s", h)
	}
	if h := help("tui"); strings.Contains(h, "--dialogs") || !strings.Contains(h, "--log FILE") {
		t.Errorf("tui help:\n%s", h)
	}
	if h := help("snapshot"); !strings.Contains(h, "--dialogs") || !strings.Contains(h, "--log FILE") {
		t.Errorf("snapshot help:\n%s", h)
	}
	if h := help("demo"); !strings.Contains(h, "--port PORT") || strings.Contains(h, "(default 0)") {
		t.Errorf("demo help:\n%s", h)
	}
}
