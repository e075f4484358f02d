package session

import "testing"

// TestOneLineEscapesPageText: the # URL and # Title header of a failure
// snapshot shows bidi, invisible and control characters as escapes.
func TestOneLineEscapesPageText(t *testing.T) {
	t.Parallel()
	got := oneLine("Pay \u202egnp.exe\u200b\nnext\x1b[2J")
	want := `Pay \u202egnp.exe\u200b\nnext\u001b[2J`
	if got != want {
		t.Errorf("oneLine = %q, want %q", got, want)
	}
}
