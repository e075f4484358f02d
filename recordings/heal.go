package recordings

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file says what a replay's heals were and writes them back into
// the recording (ariadne replay --update): the locator that found the
// element becomes the chosen one, the old chosen one its first fallback.

// Note is what a replay prints on a step besides its summary and time:
// "healed by xpath: locator('xpath=…')", "fragile: the chosen locator picks
// the element by its position"; "" when there is nothing to say.
func (r StepReport) Note() string {
	var notes []string
	if r.Healed {
		n := "healed by " + r.HealedBy() + ": " + r.Used.Code(refs.JavaScript)
		notes = append(notes, n)
	}
	if r.Fragile() && !r.Healed {
		notes = append(notes, "fragile: the chosen locator picks the element by its position")
	}
	return strings.Join(notes, "  ")
}

// StepCount is the number of steps a replay of rec runs and counts
// ([1/N] ... [N/N]): a navigate to the start URL first when the recording
// does not begin with one, and no separate steps for dialog answers.
func StepCount(rec *Recording) int {
	acts, err := plan(rec)
	if err != nil {
		return len(rec.Steps)
	}
	return len(acts)
}

// Promote returns a copy of rec in which each step the replay healed has
// the locator that found its element as its chosen locator, and the old
// chosen locator as its first fallback. n is how many steps changed.
func Promote(rec *Recording, res *Result) (out *Recording, n int) {
	out = &Recording{Header: rec.Header, Steps: slices.Clone(rec.Steps)}
	for _, r := range res.Heals() {
		if r.Line < 1 || r.Line > len(out.Steps) {
			continue
		}
		s := &out.Steps[r.Line-1]
		if promoteIn(&s.Target, r.Used) || promoteIn(&s.To, r.Used) {
			n++
		}
	}
	return out, n
}

// promoteIn makes used t's chosen locator if it is one of t's fallbacks.
func promoteIn(t *Target, used refs.Locator) bool {
	i := slices.IndexFunc(t.Fallbacks, func(l refs.Locator) bool { return l.Equal(used) })
	if i < 0 {
		return false
	}
	fb := append([]refs.Locator{t.Locator}, slices.Delete(slices.Clone(t.Fallbacks), i, i+1)...)
	t.Locator, t.Fallbacks = used, fb
	t.Fragile = positional(used)
	return true
}

// Save writes rec to path through a temporary file renamed over it, so
// that a crash leaves the old file or the new one, never half of one.
func Save(path string, rec *Recording) error {
	if err := writeAtomic(path, rec); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	return nil
}
