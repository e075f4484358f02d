package main

import (
	"strings"
	"testing"
)

// TestRunRemoteOOPIF drives, with 'ariadne run --remote' on a Chromium
// that isolates sites, a payment form in a cross-site frame (a process and
// target of its own): find, fill, check, select and press Enter on the
// frame's refs, then wait for the frame's status. The broken release
// (the plan ignored) fails the wait.
func TestRunRemoteOOPIF(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv := pagesServer(t)
	remote := startChromium(t, "--site-per-process")
	for _, tc := range []struct {
		release string
		pass    bool
	}{{"", true}, {"?broken=1", false}} {
		name := map[bool]string{true: "original", false: "broken"}[tc.pass]
		t.Run(name, func(t *testing.T) {
			form := strings.Replace(srv.URL, "127.0.0.1", "localhost", 1) + "/oopif/form.html" + tc.release
			res, _ := runTestScript(t, srv.URL, `
open {{URL}}/iframe-cross.html?src=`+form+`
find name textbox "Name on card"
fill $name "Ada Lovelace"
find save checkbox "Save card"
check $save
find plan combobox Plan
select $plan Gold
press $name Enter
wait text "Paid by Ada Lovelace, plan gold, card saved"
`, "--remote", remote)
			want := []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"}
			if !tc.pass {
				want[8] = "timeout"
			}
			expect(t, res, want...)
		})
	}
}
