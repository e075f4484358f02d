package e2e

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
