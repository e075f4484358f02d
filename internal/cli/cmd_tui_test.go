package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

func TestTUIFlags(t *testing.T) {
	e := &Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
	cfg, err := parseTUI(e, []string{"http://example.test/", "--no-follow", "--keys", "/tmp/k.toml", "--lang", "py", "--headful", "--viewport", "800x600"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.url != "http://example.test/" || !cfg.noFollow || cfg.keys != "/tmp/k.toml" || cfg.lang != refs.Python {
		t.Errorf("config %+v", cfg)
	}
	if !cfg.browser.Headful || cfg.browser.Viewport.Width != 800 || cfg.browser.Dialogs != "wait" {
		t.Errorf("browser options %+v", cfg.browser)
	}
	cfg, err = parseTUI(e, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.url != "" || cfg.noFollow || cfg.lang != refs.JavaScript || cfg.keys == "" {
		t.Errorf("defaults %+v", cfg)
	}
}

func TestTUIUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"a.test", "b.test"}, "one URL"},
		{[]string{"--lang", "cobol"}, "--lang"},
		{[]string{"--viewport", "huge"}, "--viewport"},
		{[]string{"--bogus"}, "bogus"},
	} {
		var out, errb bytes.Buffer
		code := Main(context.Background(), &Env{Stdout: &out, Stderr: &errb, Launch: noBrowser}, append([]string{"tui"}, tc.args...))
		if code != exitUsage || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errb.String(), exitUsage, tc.want)
		}
	}
}

func TestTUIHelp(t *testing.T) {
	var out bytes.Buffer
	code := Main(context.Background(), &Env{Stdout: &out, Stderr: &out, Launch: noBrowser}, []string{"tui", "--help"})
	if code != exitOK {
		t.Errorf("exit %d", code)
	}
	for _, want := range []string{"--keys", "--no-follow", "--lang", "--headful", "demo site"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %s:\n%s", want, out.String())
		}
	}
}

// Without a terminal the explorer says so at once, without starting a
// browser; with no command at all, or a URL first, the explorer is what
// runs.
func TestTUINeedsTerminal(t *testing.T) {
	for _, args := range [][]string{nil, {"tui"}, {"http://example.test/"}} {
		var out, errb bytes.Buffer
		start := time.Now()
		code := Main(context.Background(), &Env{Stdout: &out, Stderr: &errb, Launch: noBrowser}, args)
		if code != exitUsage || !strings.Contains(errb.String(), "needs a terminal") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%v: took %v; it should fail before starting anything", args, d)
		}
	}
}

func TestTUIRecordFlags(t *testing.T) {
	e := &Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
	cfg, err := parseTUI(e, []string{"--record", "session.jsonl", "--record-secrets", "http://example.test/"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.record != "session.jsonl" || !cfg.secrets {
		t.Errorf("config %+v", cfg)
	}
}
