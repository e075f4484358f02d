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
