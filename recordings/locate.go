package recordings

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file finds a step's element at replay: by the chosen locator, else
// by a fallback (the step is then healed), and in both cases only if the
// element found is the recorded one (Identity.Is). A locator that finds
// one element of another identity is not taken; when no locator finds the
// recorded element, the step fails not_locatable and says what each one
// found. A target with no recorded role or name (a hand-written step, an
// import without ARIA selectors) is found only by its chosen locator: a
// fallback's element could not be checked, so it is never taken.

// found is the element a target's locators found.
type found struct {
	id     string
	healed bool
	used   refs.Locator
}

// looker looks up one target, again and again while a step waits.
type looker struct {
	r   *replayer
	tab int
	// path is the step's frame index path, when the step knows its frame
	// only by that (an imported DevTools step): locs are looked up there.
	path   []int
	t      Target
	cands  []refs.Locator // the target's locators, chosen first
	locs   []refs.Locator // the same, inside the step's frames
	misses int            // looks in a row where the chosen locator failed
	// final is set for the look at the deadline: fallbacks are tried then
	// even if the chosen locator has not failed twice (on a loaded machine
	// one look can take most of the timeout).
	final  bool
	counts []int // matches of each locator at the last look
	// others says, for a locator that matched one element at the last
	// look but not the recorded one, who that element is.
	others []string
	// frameErr is why the last look could not reach the step's frame.
	frameErr error
}

// looker looks up target t of step s, in s's tab and frames.
func (r *replayer) looker(s Step, t Target) *looker {
	l := &looker{r: r, tab: s.Tab, path: s.indexPath(), t: t, cands: t.Candidates()}
	for _, c := range l.cands {
		l.locs = append(l.locs, c.Within(s.Frame))
	}
	return l
}

// look looks once. It takes the chosen locator if it matches exactly one
// element, else the first fallback that does, but only once the chosen
// locator has failed on two looks in a row, so that a page still
// rendering is not healed. A fallback's element (and the chosen one's,
// when the target records an identity or its locator is positional) must
// be the recorded one. With needID the element must be in the ARIA tree.
// ok is false when nothing was found this time.
func (l *looker) look(ctx context.Context, needID bool) (f found, ok bool, err error) {
	res, err := l.r.d.Find(ctx, l.tab, l.path, l.locs)
	l.frameErr = nil
	if err != nil {
		if c := refs.CodeOf(err); c == refs.CodeStaleRef || c == refs.CodeFrameDetached {
			l.frameErr = err // the page is changing: look again
			return found{}, false, nil
		}
		return found{}, false, err
	}
	if len(res) != len(l.locs) {
		return found{}, false, refs.Errorf(refs.CodeInternal, "the driver found %d results for %d locators", len(res), len(l.locs))
	}
	l.counts = make([]int, len(res))
	l.others = make([]string, len(res))
	for i, ids := range res {
		l.counts[i] = len(ids)
	}
	want, hasID := l.t.identity()
	verify := func(i int) bool { return hasID && (i > 0 || l.t.Identity != nil || l.t.Fragile) }
	// Who the single matches are, in one call, for the locators whose
	// element must be checked.
	var ask []string
	var askIdx []int
	for i, ids := range res {
		if len(ids) == 1 && ids[0] != "" && verify(i) {
			ask = append(ask, ids[0])
			askIdx = append(askIdx, i)
		}
	}
	seen := map[int]Seen{}
	if len(ask) > 0 {
		got, err := l.r.d.Identify(ctx, l.tab, ask)
		switch c := refs.CodeOf(err); {
		case err == nil:
		case c == refs.CodeStaleRef || c == refs.CodeFrameDetached:
			return found{}, false, nil
		case c == refs.CodeNotLocatable:
			got = nil // the driver cannot say who they are: none is taken on trust
		default:
			return found{}, false, err
		}
		for j, i := range askIdx {
			if j < len(got) {
				seen[i] = got[j]
			}
		}
	}
	// accept reports whether locator i found the recorded element.
	accept := func(i int) bool {
		if len(res[i]) != 1 {
			return false
		}
		if i > 0 && !hasID {
			// A fallback's element with no recorded identity to check it
			// against is not taken on trust: a broken page would pass.
			l.others[i] = "an element the recording has no role or name to check against"
			return false
		}
		if !verify(i) {
			return true
		}
		if res[i][0] == "" {
			l.others[i] = "an element outside the ARIA tree, whose identity cannot be checked"
			return false
		}
		s, ok := seen[i]
		if !ok {
			l.others[i] = "an element whose identity the browser cannot say"
			return false
		}
		if !want.Is(s) {
			got := s.Identity
			if want.Within == "" {
				got.Within = "" // the recorded identity has no container to compare
			}
			l.others[i] = got.String() + ", not the recorded " + want.String()
			return false
		}
		return true
	}
	pick := -1
	if accept(0) {
		pick, l.misses = 0, 0
	} else if l.misses++; l.misses >= 2 || l.final {
		for i := 1; i < len(res); i++ {
			if accept(i) {
				pick = i
				break
			}
		}
	}
	if pick < 0 || (needID && res[pick][0] == "") {
		return found{}, false, nil
	}
	return found{id: res[pick][0], healed: pick > 0, used: l.cands[pick]}, true, nil
}

// none reports whether no locator matched anything at the last look.
func (l *looker) none() bool {
	for _, n := range l.counts {
		if n > 0 {
			return false
		}
	}
	return l.counts != nil
}

// locate looks until the element is found or deadline passes.
func (r *replayer) locate(ctx context.Context, s Step, t Target, deadline time.Time) (found, error) {
	l := r.looker(s, t)
	looks := 0
	for {
		l.final = !time.Now().Before(deadline)
		f, ok, err := l.look(ctx, true)
		if err != nil {
			return found{}, err
		}
		if ok {
			return f, nil
		}
		if l.final {
			return found{}, l.notFound()
		}
		if err := r.pause(ctx, &looks, deadline); err != nil {
			return found{}, err
		}
	}
}

// notFound explains a target none of whose locators found the recorded
// element: what each locator matched at the last look.
func (l *looker) notFound() error {
	var parts []string
	for i, c := range l.cands {
		code := c.Code(refs.JavaScript)
		switch {
		case i >= len(l.counts):
			parts = append(parts, code+" was not tried")
		case l.others[i] != "":
			parts = append(parts, code+" matched 1 element: "+l.others[i])
		case l.counts[i] == 1:
			parts = append(parts, code+" matched 1 element, not in the ARIA tree (hidden)")
		default:
			parts = append(parts, fmt.Sprintf("%s matched %d elements", code, l.counts[i]))
		}
	}
	want, _ := l.t.identity()
	if l.frameErr != nil && l.counts == nil {
		return refs.Wrap(refs.CodeNotLocatable, l.frameErr, "after %s, the recorded %s cannot be looked for", l.r.o.Timeout, want)
	}
	where := ""
	if len(l.path) > 0 {
		where = fmt.Sprintf(" in frame %v", l.path)
	}
	return refs.Errorf(refs.CodeNotLocatable, "after %s, no locator finds the recorded %s%s: %s",
		l.r.o.Timeout, want, where, strings.Join(parts, "; "))
}
