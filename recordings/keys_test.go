package recordings

import "testing"

func TestCanonicalKeys(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"Control+a", "Control+a"},
		{"Ctrl+A", "Control+A"},
		{"control+a", "Control+a"},
		{"Cmd+Shift+z", "Meta+Shift+z"},
		{"esc", "Escape"},
		{"Esc enter tab", "Escape Enter Tab"},
		{"shift+tab ArrowDown", "Shift+Tab ArrowDown"},
		{"f5", "F5"},
		{"Shift++", "Shift++"},
		{"ControlOrMeta+a", "ControlOrMeta+a"},
	} {
		got, note := CanonicalKeys(tc.in)
		if got != tc.want || (note == "") != (got == tc.in) {
			t.Errorf("CanonicalKeys(%q) = %q, %q; want %q", tc.in, got, note, tc.want)
		}
	}
}
