package browser

import (
	"slices"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file prefixes locators of elements in iframes with the iframe's.

// prefix returns the CSS of the iframes from the main frame down to this
// document; ok is false when one of them has no unique selector.
func (j *locJob) prefix() ([]string, bool) {
	if j.parent == nil {
		return nil, true
	}
	outer, ok := j.parent.prefix()
	if !ok || !j.owner.best.Unique() {
		return nil, false
	}
	return append(outer, j.owner.best.Locator.Target().CSS), true
}

func inFrames(l refs.Locator, frames []string) refs.Locator {
	for i := len(frames) - 1; i >= 0; i-- {
		l = l.InFrame(frames[i])
	}
	return l
}

// frameOffset is where this document's viewport sits in the main frame's.
func (j *locJob) frameOffset() ([2]float64, bool) {
	if j.parent == nil {
		return [2]float64{}, true
	}
	if j.offsetDone {
		return j.offset, true
	}
	off, ok := j.parent.frameOffset()
	if !ok || len(j.owner.page.Co) != 2 {
		return off, false
	}
	j.offset = [2]float64{off[0] + j.owner.page.Co[0], off[1] + j.owner.page.Co[1]}
	j.offsetDone = true
	return j.offset, true
}

// frameCandidates proposes CSS for an iframe element, most telling first:
// its title and name, the usual CSS candidates, its src, the bare tag.
func frameCandidates(f refs.Facts) []refs.Candidate {
	tag := refs.CSSEscape(strings.ToLower(f.Tag))
	var css []string
	add := func(s string) {
		if s != "" && !slices.Contains(css, s) {
			css = append(css, s)
		}
	}
	for _, a := range []string{"title", "name"} {
		if v := f.Attrs[a]; v != "" {
			add(tag + "[" + a + "=" + refs.CSSQuote(v) + "]")
		}
	}
	all := refs.CSSCandidates(f)
	for _, s := range all {
		if s != tag {
			add(s)
		}
	}
	if v := f.Attrs["src"]; v != "" {
		add(tag + "[src=" + refs.CSSQuote(v) + "]")
	}
	add(tag)
	out := make([]refs.Candidate, len(css))
	for i, s := range css {
		out[i] = refs.Candidate{Rung: refs.RungCSS, Locator: refs.ByCSS(s)}
	}
	return out
}
