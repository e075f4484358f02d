package e2e

import (
	"strings"
	"testing"
)

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
		out, errs, code := ariadne(t, "snapshot", "--no-refs", "--wait", tc.wait, u)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("--wait %q: exit %d, want %q in\n%s%s", tc.wait, code, tc.want, out, errs)
		}
	}
	out, errs, code := ariadne(t, "locators", "--wait", "text=Loaded later", u)
	if code != 0 || !strings.Contains(out, "getByText('Loaded later')") {
		t.Errorf("locators --wait: exit %d\n%s%s", code, out, errs)
	}
	_, errs, code = ariadne(t, "snapshot", "--timeout", "2s", "--wait", "text Never shown", u)
	if code != 1 || !strings.Contains(errs, "timeout") {
		t.Errorf("a wait that never ends: exit %d, %s", code, errs)
	}
	_, errs, code = ariadne(t, "snapshot", "--wait", "selector ##", u)
	if code != 1 || !strings.Contains(errs, "bad_argument") {
		t.Errorf("bad selector: exit %d, %s", code, errs)
	}
	_, errs, code = ariadne(t, "snapshot", "--wait", "soon", u)
	if code != 2 || !strings.Contains(errs, "--wait") {
		t.Errorf("bad --wait: exit %d, %s", code, errs)
	}
}
