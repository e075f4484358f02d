package ui

import (
	"context"
	"sync"
	"testing"
)

// Once the selected element's ladder is in, the rows around the cursor are
// read in one batched call; moving onto one of them then shows its ladder
// without reading it on its own.
func TestModelPrefetchesNearbyLocators(t *testing.T) {
	var mu sync.Mutex
	singles := map[string]int{}
	batches := 0
	o := fakeOptions(newFake())
	o.Locators = func(ctx context.Context, b Browser, ref string) (*ElementLocators, error) {
		mu.Lock()
		singles[ref]++
		mu.Unlock()
		return fakeLocators(ctx, b, ref)
	}
	o.LocatorBatch = func(ctx context.Context, b Browser, list []string) ([]*ElementLocators, error) {
		mu.Lock()
		batches++
		mu.Unlock()
		var out []*ElementLocators
		for _, ref := range list {
			e, _ := fakeLocators(ctx, b, ref)
			out = append(out, e)
		}
		return out, nil
	}
	h := newHarness(t, o, 120, 40)
	h.ready()
	first := h.m.tree.Selected()
	h.until("the selected ladder and the prefetch", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return first != nil && h.m.locs[first.Ref] != nil && batches > 0 && len(h.m.locWanted) == 0
	})
	for range 3 {
		h.keys("j")
		h.settle()
		n := h.m.tree.Selected()
		if n == nil || n.Ref == "" {
			continue
		}
		if e := h.m.locs[n.Ref]; e == nil || e.info == nil {
			t.Fatalf("%s: no ladder after moving onto it", n.Ref)
		}
		mu.Lock()
		got := singles[n.Ref]
		mu.Unlock()
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
	var mu sync.Mutex
	singles := map[string]int{}
	o := fakeOptions(newFake())
	o.Locators = func(ctx context.Context, b Browser, ref string) (*ElementLocators, error) {
		mu.Lock()
		singles[ref]++
		mu.Unlock()
		return fakeLocators(ctx, b, ref)
	}
	o.LocatorBatch = func(ctx context.Context, b Browser, list []string) ([]*ElementLocators, error) {
		var out []*ElementLocators
		for _, ref := range list {
			e, _ := fakeLocators(ctx, b, ref)
			out = append(out, e)
		}
		return out, nil
	}
	h := newHarness(t, o, 120, 40)
	h.ready()
	first := h.m.tree.Selected()
	h.until("the selected ladder", func() bool { return first != nil && h.m.locs[first.Ref] != nil && len(h.m.locWanted) == 0 })
	visited := 0
	for range len(h.m.tree.Rows()) {
		h.keys("j")
		h.settle()
		n := h.m.tree.Selected()
		if n == nil || n.Ref == "" || n.Ref == first.Ref {
			continue
		}
		visited++
		if e := h.m.locs[n.Ref]; e == nil || e.info == nil {
			t.Fatalf("%s: no ladder after resting on it", n.Ref)
		}
		mu.Lock()
		got := singles[n.Ref]
		mu.Unlock()
		if got != 0 {
			t.Errorf("%s (row %d) was read on its own (%d times): the prefetch did not follow the cursor", n.Ref, h.m.tree.Cursor(), got)
		}
	}
	if visited <= prefetchRows+1 {
		t.Fatalf("the fake page has %d rows with refs below the first: too few to walk out of the first prefetch", visited)
	}
}
