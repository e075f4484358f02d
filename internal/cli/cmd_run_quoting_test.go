package cli

import (
	"strings"
	"testing"
)

// TestRunDollarTextAndUnknownFlags fills text that starts with $ (single
// quotes and \$ make it literal), reads it back from the page, and checks
// that unknown flags are refused with bad_argument, not ignored. The
// script starts with a UTF-8 BOM, as some editors save it.
func TestRunDollarTextAndUnknownFlags(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, "\ufeffopen {{URL}}/form.html\n"+`find nick textbox Nickname
fill $nick '$10 off'
assert value $nick '$10 off'
fill "$nick" \$5
assert value $nick "\$5"
fill $nick $10
snapshot --bogus
snapshot --bogus2
click $nick --nope
fill $nick x --force
assert value $nick '$5'
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok",
		"bad_argument", "bad_argument", "bad_argument", "bad_argument", "bad_argument", "ok")
	for i, want := range map[int]string{6: "quote it ('$10')", 7: "unknown flag --bogus", 8: "unknown flag --bogus2", 9: "unknown flag --nope", 10: "unknown flag --force"} {
		if !strings.Contains(res[i].message(), want) {
			t.Errorf("line %d: %q does not say %q", i+1, res[i].message(), want)
		}
	}
	if _, has := res[7]["text"]; has {
		t.Errorf("snapshot --bogus still printed a snapshot: %v", res[7])
	}
}

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
