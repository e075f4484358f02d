package cli

import (
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
