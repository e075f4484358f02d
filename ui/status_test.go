package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

// A failure's status keeps the context it was wrapped in (where a replay
// stopped), not only the innermost error's message.
func TestStatusKeepsTheWrappedContext(t *testing.T) {
	t.Parallel()
	cause := refs.Errorf(refs.CodeNotLocatable, "after 5s, no locator finds the recorded heading \"Thank you!\"")
	for name, err := range map[string]error{
		"refs wrap": refs.Wrap(refs.CodeNotLocatable, cause, "replay r.jsonl failed at step 3 of 7 (check heading)"),
		"fmt wrap":  fmt.Errorf("replay r.jsonl failed at step 3 of 7 (check heading): %w", cause),
	} {
		t.Run(name, func(t *testing.T) {
			m := New(Options{Browser: newFake(), Locators: fakeLocators, LivePeriod: -1})
			m.fail("replay r.jsonl", err)
			got := m.StatusText()
			for _, want := range []string{"[not_locatable]", "failed at step 3 of 7 (check heading)", `no locator finds the recorded heading "Thank you!"`} {
				if !strings.Contains(got, want) {
					t.Errorf("status %q lacks %q", got, want)
				}
			}
		})
	}
}

func TestCounted(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "0 steps", 1: "1 step", 2: "2 steps", 11: "11 steps"} {
		if got := counted(n, "step", "steps"); got != want {
			t.Errorf("counted(%d) = %q, want %q", n, got, want)
		}
	}
	if got := matchWords(1) + ", " + matchWords(0) + ", " + matchWords(3); got != "1 match, no match, 3 matches" {
		t.Errorf("matchWords: %q", got)
	}
}
