package ui

import (
	"context"
	"sync"
	"testing"
)

// countingLocators is the fake options with ladders read on their own and
// in batches counted.
type countingLocators struct {
	mu      sync.Mutex
	singles map[string]int
	batches int
}

func (c *countingLocators) options() Options {
	o := fakeOptions(newFake())
	o.Locators = func(ctx context.Context, b Browser, ref string) (*ElementLocators, error) {
		c.mu.Lock()
		c.singles[ref]++
		c.mu.Unlock()
		return fakeLocators(ctx, b, ref)
	}
	o.LocatorBatch = func(ctx context.Context, b Browser, list []string) ([]*ElementLocators, error) {
		c.mu.Lock()
		c.batches++
		c.mu.Unlock()
		var out []*ElementLocators
		for _, ref := range list {
			e, _ := fakeLocators(ctx, b, ref)
			out = append(out, e)
		}
		return out, nil
	}
	return o
}

// read is how many times ref's ladder was read on its own, and how many
// batches were read.
func (c *countingLocators) read(ref string) (singles, batches int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.singles[ref], c.batches
}

// Once the selected element's ladder is in, the rows around the cursor are
// read in one batched call; moving onto one of them then shows its ladder
// without reading it on its own.
func TestModelPrefetchesNearbyLocators(t *testing.T) {
	t.Parallel()
	c := &countingLocators{singles: map[string]int{}}
	o := c.options()
	h := newHarness(t, o, 120, 40)
	h.ready()
	first := h.m.tree.Selected()
	h.until("the selected ladder and the prefetch", func() bool {
		_, batches := c.read("")
		return first != nil && h.m.locs[first.Ref] != nil && batches > 0 && len(h.m.locWanted) == 0
	})
	for range 3 {
		h.keys("j")
		h.settleSelection()
		n := h.m.tree.Selected()
		if n == nil || n.Ref == "" {
			continue
		}
		if e := h.m.locs[n.Ref]; e == nil || e.info == nil {
			t.Fatalf("%s: no ladder after moving onto it", n.Ref)
		}
		got, _ := c.read(n.Ref)
		if got != 0 {
			t.Errorf("%s was read on its own (%d times) though it was prefetched", n.Ref, got)
		}
	}
}

// The window of prefetched ladders moves with the cursor: a rest on a row
// served from the prefetch reads the rows that came into reach, so that
// walking down the whole page never reads a ladder on its own after the
// first (TestTmuxSpeed's "j until locators shown" stays on the cache).
func TestModelPrefetchFollowsTheCursor(t *testing.T) {
	t.Parallel()
	c := &countingLocators{singles: map[string]int{}}
	o := c.options()
	h := newHarness(t, o, 120, 40)
	h.ready()
	first := h.m.tree.Selected()
	h.until("the selected ladder", func() bool { return first != nil && h.m.locs[first.Ref] != nil && len(h.m.locWanted) == 0 })
	visited := 0
	for range len(h.m.tree.Rows()) {
		h.keys("j")
		h.settleSelection()
		n := h.m.tree.Selected()
		if n == nil || n.Ref == "" || n.Ref == first.Ref {
			continue
		}
		visited++
		if e := h.m.locs[n.Ref]; e == nil || e.info == nil {
			t.Fatalf("%s: no ladder after resting on it", n.Ref)
		}
		got, _ := c.read(n.Ref)
		if got != 0 {
			t.Errorf("%s (row %d) was read on its own (%d times): the prefetch did not follow the cursor", n.Ref, h.m.tree.Cursor(), got)
		}
	}
	if visited <= prefetchRows+1 {
		t.Fatalf("the fake page has %d rows with refs below the first: too few to walk out of the first prefetch", visited)
	}
}
