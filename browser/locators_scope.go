package browser

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file scopes targets inside containers, and falls back to nth.

// scope retries ambiguous targets, and those whose best locator could be
// bettered (refs.Improvable), inside their nearest containers that have a
// unique locator of their own.
func (j *locJob) scope(ctx context.Context, ambiguous []*locTarget) error {
	if len(ambiguous) == 0 {
		return nil
	}
	var p pending
	used := map[int]bool{}
	for _, tg := range ambiguous {
		for _, ci := range tg.page.C {
			if ci >= 0 && ci < len(j.containers) {
				used[ci] = true
			}
		}
	}
	contCands := map[int][]refs.Candidate{}
	for ci := range used {
		c := j.containers[ci]
		c.pos = positions{}
		cands := refs.Propose(c.page.F)
		for i := range cands {
			counted(&cands[i], c.pos, c.counts, c.page.H, &p)
		}
		contCands[ci] = cands
	}
	if err := p.run(ctx, j); err != nil {
		return err
	}
	for ci, cands := range contCands {
		c := j.containers[ci]
		c.best = steadiest(reaching(cands, c.pos))
	}

	// Recount each target's ambiguous candidates inside its nearest
	// uniquely located container; those still ambiguous try the next one.
	next := map[*locTarget]int{} // index into tg.page.C of the next container
	for round := 0; round < 2 && len(ambiguous) > 0; round++ {
		type scoped struct {
			tg    *locTarget
			cand  refs.Candidate
			alone int // matches of the candidate unscoped
		}
		var all []*scoped
		for _, tg := range ambiguous {
			var parent refs.Locator
			for i := next[tg]; i < len(tg.page.C); i++ {
				ci := tg.page.C[i]
				if ci >= 0 && ci < len(j.containers) && j.containers[ci].best.Unique() {
					parent, next[tg] = j.containers[ci].best.Locator, i+1
					break
				}
			}
			if parent.IsZero() {
				continue
			}
			for _, c := range tg.cands {
				if c.Matches < 2 || len(c.Locator.Parts) > 1 {
					continue
				}
				s := &scoped{tg: tg, cand: refs.Scoped(parent, []refs.Candidate{c})[0], alone: c.Matches}
				all = append(all, s)
				counted(&s.cand, tg.pos, nil, tg.page.T, &p)
			}
		}
		if err := p.run(ctx, j); err != nil {
			return err
		}
		// Keep what scoping narrowed: unique now, or fewer matches (for nth).
		for _, s := range all {
			if s.cand.Matches < s.alone {
				s.tg.cands = append(s.tg.cands, reaching([]refs.Candidate{s.cand}, s.tg.pos)...)
			}
		}
		still := ambiguous[:0]
		for _, tg := range ambiguous {
			tg.best, tg.all = refs.Choose(tg.cands)
			if refs.Improvable(tg.best) {
				still = append(still, tg)
			}
		}
		ambiguous = still
	}
	return nil
}

// nth falls back to picking the element by position in the candidate
// with the fewest matches (scoped ones first when equal). Its index is
// the one the page reported, so the result is unique by construction.
func (tg *locTarget) nth() {
	var pick *refs.Candidate
	for i := range tg.cands {
		c := &tg.cands[i]
		if c.Matches < 2 {
			continue
		}
		if pick == nil || c.Matches < pick.Matches || (c.Matches == pick.Matches && len(c.Locator.Parts) > len(pick.Locator.Parts)) {
			pick = c
		}
	}
	if pick == nil {
		return
	}
	i := tg.pos[pick.Locator.Internal()]
	if i < 0 {
		return
	}
	if tg.frame {
		css := pick.Locator.Target().CSS
		tg.best = refs.Candidate{Rung: refs.RungCSS, Locator: refs.ByCSS(":nth-match(" + css + ", " + strconv.Itoa(i+1) + ")"), Matches: 1}
		return
	}
	n := refs.WithNth(*pick, i)
	n.Matches = 1
	tg.cands = append(tg.cands, n)
	tg.best, tg.all = refs.Choose(tg.cands)
}

// report fills the target's ElementLocators.
func (j *locJob) report(tg *locTarget) {
	o := tg.out
	o.Target = tg.page.Why
	switch tg.page.Problem {
	case "":
	case "closed-shadow":
		o.Problem = problemClosedShadow
		return
	default:
		o.Problem = problemGone
		return
	}
	if off, ok := j.frameOffset(); ok && len(tg.page.Box) == 4 {
		o.Box = &refs.Box{X: tg.page.Box[0] + off[0], Y: tg.page.Box[1] + off[1], Width: tg.page.Box[2], Height: tg.page.Box[3]}
	}
	if !tg.best.Unique() {
		o.Problem = problemNoLocator
		o.Candidates = tg.all
		return
	}
	prefix, ok := j.prefix()
	if !ok {
		o.Problem = problemFrame
		o.Candidates = tg.all
		return
	}
	if len(prefix) == 0 {
		o.Best, o.Candidates = tg.best, tg.all
		return
	}
	cands := make([]refs.Candidate, len(tg.all))
	for i, c := range tg.all {
		c.Locator = inFrames(c.Locator, prefix)
		c.Flags = nil
		cands[i] = c
	}
	o.Best, o.Candidates = refs.Choose(cands)
}

// steadiest returns the unique candidate with the fewest durability
// flags, ties broken by refs.Choose's ranking. A container's locator is a
// step on the way to its element, so it should be the one least likely
// to change (getByRole('article').filter({ hasText: 'Blue mug' }) over
// the article's full text).
func steadiest(cands []refs.Candidate) refs.Candidate {
	_, all := refs.Choose(cands)
	var best refs.Candidate
	for _, c := range all {
		if c.Unique() && (!best.Unique() || len(c.Flags) < len(best.Flags)) {
			best = c
		}
	}
	return best
}

// firstUnique returns the first unique candidate in proposal order.
func firstUnique(cands []refs.Candidate) refs.Candidate {
	for _, c := range cands {
		if c.Unique() {
			return c
		}
	}
	return refs.Candidate{}
}

// textCSS is the fallback for an element whose text does not locate it
// by itself (it also sits in a child element): its tag filtered by its
// text, locator('li').filter({ hasText: 'text' }).
// A long text's short form comes too.
func textCSS(f refs.Facts) []refs.Candidate {
	var out []refs.Candidate
	tag := refs.CSSEscape(strings.ToLower(f.Tag))
	for _, text := range []string{strings.Join(strings.Fields(f.Text), " "), f.ShortText} {
		if text != "" && utf8.RuneCountInString(text) <= 80 {
			out = append(out, refs.Candidate{Rung: refs.RungCSS, Locator: refs.ByCSS(tag).Filter(text)})
		}
	}
	return out
}
