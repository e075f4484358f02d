package cli

import "testing"

// TestCounted: replay and export messages say "1 step", never "1 steps".
func TestCounted(t *testing.T) {
	for n, want := range map[int]string{0: "0 steps", 1: "1 step", 7: "7 steps"} {
		if got := counted(n, "step", "steps"); got != want {
			t.Errorf("counted(%d) = %q, want %q", n, got, want)
		}
	}
}
