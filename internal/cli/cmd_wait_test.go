package cli

import (
	"strings"
	"testing"
)

// TestWaitFlagParse: the forms --wait takes, and clear usage errors.
func TestWaitFlagParse(t *testing.T) {
	var w waitFlag
	for _, v := range []string{"text Loaded later", "selector=#late li", "ms 250", "idle", "text=a=b"} {
		if err := w.Set(v); err != nil {
			t.Errorf("Set(%q): %v", v, err)
		}
	}
	want := []waitSpec{{"text", "Loaded later"}, {"selector", "#late li"}, {"ms", "250"}, {"idle", ""}, {"text", "a=b"}}
	if len(w) != len(want) {
		t.Fatalf("got %v", w)
	}
	for i := range want {
		if w[i] != want[i] {
			t.Errorf("spec %d: got %v, want %v", i, w[i], want[i])
		}
	}
	for _, bad := range []string{"", "bogus", "text", "ms soon", "ms -1", "idle now", "selector "} {
		var w waitFlag
		if err := w.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
}

// TestSnapshotWait: --wait makes snapshot and locators read content a page
// adds after load: text and selector waits for a paragraph a timer adds,
// idle for one a slow fetch adds. A wait that never ends times out with a
// coded error, and a bad selector is a bad argument.
func TestSnapshotWait(t *testing.T) {
	cliNeedsBrowser(t)
	srv := snapshotServer(t)
	u := srv.URL + "/late.html"
	for _, tc := range []struct{ wait, want string }{
		{"text Loaded later", `- paragraph: Loaded later`},
		{"selector #late", `- paragraph: Loaded later`},
		{"idle", `- paragraph: "Fetched: 200"`},
	} {
		out, errs, code := cli(t, "snapshot", "--no-refs", "--wait", tc.wait, u)
		if code != exitOK || !strings.Contains(out, tc.want) {
			t.Errorf("--wait %q: exit %d, want %q in\n%s%s", tc.wait, code, tc.want, out, errs)
		}
	}
	out, errs, code := cli(t, "locators", "--wait", "text=Loaded later", u)
	if code != exitOK || !strings.Contains(out, "getByText('Loaded later')") {
		t.Errorf("locators --wait: exit %d\n%s%s", code, out, errs)
	}
	_, errs, code = cli(t, "snapshot", "--timeout", "2s", "--wait", "text Never shown", u)
	if code != exitError || !strings.Contains(errs, "timeout") {
		t.Errorf("a wait that never ends: exit %d, %s", code, errs)
	}
	_, errs, code = cli(t, "snapshot", "--wait", "selector ##", u)
	if code != exitError || !strings.Contains(errs, "bad_argument") {
		t.Errorf("bad selector: exit %d, %s", code, errs)
	}
	_, errs, code = cli(t, "snapshot", "--wait", "soon", u)
	if code != exitUsage || !strings.Contains(errs, "--wait") {
		t.Errorf("bad --wait: exit %d, %s", code, errs)
	}
}
