package browser

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file reads who an element is (browser/js/identity.js) and a
// text-anchored XPath for it (browser/js/xpath.js), for recordings: the
// recorder stores both with a step's target, and a replay accepts a
// fallback locator only when the element it finds has the identity
// recorded.

// Identity is who an element is: its role and accessible name as the
// snapshot reads them, how many elements of its document have both (Dup,
// itself included), and the container that tells it from look-alikes
// ("radiogroup: Shipping", or the first text of the card it sits in).
type Identity struct {
	Role   string `json:"role"`
	Name   string `json:"name"`
	Dup    int    `json:"dup"`
	Within string `json:"within"`
	// Texts are the digit-free texts of the container Within was read
	// from ("" when it is a named one), first 20, Within first.
	Texts []string `json:"texts,omitempty"`
}

// Identify returns the identity of each ref's element.
func (b *Browser) Identify(ctx context.Context, refList []string) ([]Identity, error) {
	out := make([]Identity, len(refList))
	for i, ref := range refList {
		el, err := b.resolve(ctx, ref)
		if err != nil {
			return nil, err
		}
		ictx, cancel := el.tab.opContext(ctx, b.opts.ActionTimeout)
		raw, err := el.tab.callIn(ictx, el.world, "(r) => __ariadne.ident.of(r)", map[string]any{"hs": []int{el.handle}})
		cancel()
		if err != nil {
			return nil, b.browserErr(fmt.Errorf("reading who ref %s is: %w", ref, err))
		}
		var s string
		var ids []*Identity
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("reading who ref %s is: %w", ref, err)
		}
		if err := json.Unmarshal([]byte(s), &ids); err != nil || len(ids) != 1 {
			return nil, fmt.Errorf("reading who ref %s is: unexpected %s", ref, s)
		}
		if ids[0] == nil {
			return nil, refs.Errorf(refs.CodeStaleRef, "ref %s is gone from the page", ref)
		}
		out[i] = *ids[0]
	}
	return out, nil
}

// XPath returns a text-anchored XPath that matches ref's element alone in
// its document ("//button[normalize-space(.)='Place order']"), anchored on
// the container text within when the element's own words are shared; ""
// when there is none (an element in a shadow root, or without words).
func (b *Browser) XPath(ctx context.Context, ref, within string) (string, error) {
	el, err := b.resolve(ctx, ref)
	if err != nil {
		return "", err
	}
	ictx, cancel := el.tab.opContext(ctx, b.opts.ActionTimeout)
	defer cancel()
	raw, err := el.tab.callIn(ictx, el.world, "(r) => __ariadne.xpath.of(r)", map[string]any{"h": el.handle, "within": within})
	if err != nil {
		return "", b.browserErr(fmt.Errorf("making an XPath for ref %s: %w", ref, err))
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fmt.Errorf("making an XPath for ref %s: %w", ref, err)
	}
	var xp string
	if err := json.Unmarshal([]byte(s), &xp); err != nil {
		return "", fmt.Errorf("making an XPath for ref %s: unexpected %s", ref, s)
	}
	return xp, nil
}

// Evidence is what a recorder keeps, besides its locators, about the
// element a step acts on: who it is, a text-anchored XPath for it and,
// for one of several alike in cards (Add to cart), a locator by its role
// and name inside the card told by its text (cardLocator), relative to
// its frames.
type Evidence struct {
	Identity Identity
	XPath    string
	Card     refs.Locator
}

// Evidence reads who the element best finds is (the control around ref's
// element, when the locators target that) and an XPath for it, in ref's
// tab. best is the chosen locator, frame parts first.
func (b *Browser) Evidence(ctx context.Context, ref string, best refs.Locator) (Evidence, error) {
	el, err := b.resolve(ctx, ref)
	if err != nil {
		return Evidence{}, err
	}
	target := ref
	idx := b.tabIndex(el.tab)
	if idx > 0 && !best.IsZero() {
		if ids, err := b.Find(ctx, idx, best); err == nil && len(ids) == 1 && ids[0] != "" {
			target = ids[0]
		}
	}
	ids, err := b.Identify(ctx, []string{target})
	if err != nil {
		return Evidence{}, err
	}
	xp, err := b.XPath(ctx, target, ids[0].Within)
	if err != nil {
		return Evidence{}, err
	}
	ev := Evidence{Identity: ids[0], XPath: xp}
	if idx > 0 {
		var frames refs.Locator
		for _, p := range best.Parts {
			if p.Kind != refs.KindFrame {
				break
			}
			frames.Parts = append(frames.Parts, p)
		}
		if ev.Card, err = b.cardLocator(ctx, idx, target, ids[0], frames); err != nil {
			return Evidence{}, err
		}
	}
	return ev, nil
}

// tabIndex is t's 1-based index among the open tabs, 0 if it is closed.
func (b *Browser) tabIndex(t *Tab) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i, x := range b.tabs {
		if x == t {
			return i + 1
		}
	}
	return 0
}
