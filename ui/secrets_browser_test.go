package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestBrowserSecretsNeverShown records, in the explorer, a session that
// touches a password field in every way the keys can (fill, type, press,
// an empty fill, assert value, assert its ARIA snapshot): no screen, no
// status line, no prompt and no line of the recording shows the secret
// or bullets as long as it; f never pre-fills the mask.
func TestBrowserSecretsNeverShown(t *testing.T) {
	t.Parallel()
	rec := filepath.Join(t.TempDir(), "secret.jsonl")
	h, _ := openPage(t, "form.html", 160, 48, func(o *Options) { o.RecordFile = rec })
	h.until("--record to start", func() bool { return h.m.rec.Active() })
	const part1, part2 = "Hunter2-Zebra!", "Qx7"
	var screens []string
	look := func() { screens = append(screens, h.screen(), h.m.StatusText()) }
	pw := h.refOf("textbox", "Password")

	h.jumpTo(pw)
	h.keys("f")
	if v := h.m.prompt.input.Value(); v != "" {
		t.Fatalf("f on an empty password field pre-fills %q", v)
	}
	h.typeText(part1)
	look()
	h.keys("enter")
	h.waitIdle("fill")
	look()
	h.jumpTo(pw)
	h.keys("f")
	if v := h.m.prompt.input.Value(); v != "" {
		t.Fatalf("f on a filled password field pre-fills %q", v)
	}
	h.keys("esc")
	h.keys("t")
	h.typeText(part2)
	h.keys("enter")
	h.waitIdle("type")
	look()
	h.jumpTo(pw)
	h.keys("p")
	h.typeText("End")
	h.keys("enter")
	h.waitIdle("press")
	look()
	// Characters pressed with p are the secret: not shown, not stored as keys.
	h.jumpTo(pw)
	h.keys("p")
	h.typeText("W v")
	look()
	h.keys("enter")
	h.waitIdle("press characters")
	look()
	for _, choice := range []string{"value", "ARIA snapshot"} {
		h.jumpTo(pw)
		h.keys("a")
		h.until("the assertion menu", func() bool { return h.m.over == overlayPicker })
		for i := 0; i < 12 && !strings.HasPrefix(h.m.picker.items[h.m.picker.cursor].label, choice); i++ {
			h.keys("j")
		}
		look()
		steps := h.m.rec.Steps()
		h.keys("enter")
		// The assertion reads the page in a Cmd of its own, not an
		// action: wait for its step, or the empty fill below races it.
		h.until("the step of assert "+choice, func() bool { return h.m.rec.Steps() > steps })
		h.waitIdle("assert " + choice)
		look()
	}
	h.jumpTo(pw)
	h.keys("f")
	h.keys("enter") // an empty fill
	h.waitIdle("empty fill")
	look()
	h.send(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}) // the recorded steps
	h.settle()
	look()

	file, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"secret":"ARIADNE_SECRET_PASSWORD"`, `"kind":"value","secret":"ARIADNE_SECRET_PASSWORD"`, `/.+/`, `"key":"End"`} {
		if !strings.Contains(string(file), want) {
			t.Errorf("the recording has no %s:\n%s", want, file)
		}
	}
	for i, s := range append(screens, string(file)) {
		var bad []string
		for _, mask := range []string{"•", "*"} {
			for _, n := range []int{len(part1), len(part2), len(part1 + part2)} {
				bad = append(bad, strings.Repeat(mask, n))
			}
		}
		for _, bad := range append(bad, part1, part2, "W v", `"key":"W"`, `"key":"v"`) {
			if strings.Contains(s, bad) {
				t.Errorf("output %d holds %q:\n%s", i, bad, s)
			}
		}
	}
}
