package refs

import (
	"errors"
	"testing"
)

// A coded error wrapped in another of the same code says the code once,
// and a sentinel marked with Mark is matched without its text repeated.
func TestErrorSaysItsCodeOnce(t *testing.T) {
	t.Parallel()
	sentinel := errors.New("a secret's environment variable is not set")
	inner := Mark(CodeBadArgument, sentinel, "the recording types secrets read from the environment: set %s and replay again", "ARIADNE_SECRET_PASSWORD")
	err := Wrap(CodeBadArgument, inner, "replay %s", "rec2.jsonl")
	want := "bad_argument: replay rec2.jsonl: the recording types secrets read from the environment: set ARIADNE_SECRET_PASSWORD and replay again"
	if err.Error() != want {
		t.Errorf("got  %q\nwant %q", err.Error(), want)
	}
	if !errors.Is(err, sentinel) {
		t.Error("the sentinel is not in the chain")
	}
	if got := MessageOf(err); got != want[len("bad_argument: "):] {
		t.Errorf("MessageOf: %q", got)
	}
	// Another code is kept: it says something the outer one does not.
	other := Wrap(CodeBadArgument, Errorf(CodeTimeout, "waited 5s"), "replay %s", "f")
	if got := other.Error(); got != "bad_argument: replay f: timeout: waited 5s" {
		t.Errorf("different codes: %q", got)
	}
	if got := Wrap(CodeInternal, errors.New("boom"), "x").Error(); got != "internal: x: boom" {
		t.Errorf("plain cause: %q", got)
	}
}
