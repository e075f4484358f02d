package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/ariadne-tui/ariadne/refs"
)

// cardLocator returns a locator for the element of ref (identity id,
// frames the chosen locator's frame parts) that finds it by role and name
// inside the card its identity's container text names:
// getByText('Linen notebook', { exact: true }).locator('..').getByRole('button', { name: 'Add to cart', exact: true }),
// as many '..' as there are levels from the card's title up to the card.
// It is the zero Locator when the element is not one of several alike in
// cards told by their text, or when the locator does not find it alone.
// The locator is relative to the frames.
func (b *Browser) cardLocator(ctx context.Context, tab int, ref string, id Identity, frames refs.Locator) (refs.Locator, error) {
	if id.Dup <= 1 || id.Name == "" || id.Role == "" || id.Within == "" || hasDigit(id.Name) || strings.Contains(id.Within, ": ") {
		return refs.Locator{}, nil
	}
	el, err := b.resolve(ctx, ref)
	if err != nil {
		return refs.Locator{}, err
	}
	ictx, cancel := el.tab.opContext(ctx, b.opts.ActionTimeout)
	defer cancel()
	raw, err := el.tab.callIn(ictx, el.world, "(r) => __ariadne.xpath.card(r)", map[string]any{"h": el.handle, "within": id.Within})
	if err != nil {
		return refs.Locator{}, b.browserErr(fmt.Errorf("finding the card of ref %s: %w", ref, err))
	}
	var s string
	var up int
	if err := json.Unmarshal(raw, &s); err != nil {
		return refs.Locator{}, fmt.Errorf("finding the card of ref %s: %w", ref, err)
	}
	if err := json.Unmarshal([]byte(s), &up); err != nil {
		return refs.Locator{}, fmt.Errorf("finding the card of ref %s: unexpected %s", ref, s)
	}
	if up <= 0 {
		return refs.Locator{}, nil
	}
	card := refs.ByText(id.Within, true)
	for range up {
		card = card.Parent()
	}
	loc := refs.ByRole(id.Role, id.Name, true).Within(card)
	got, err := b.Find(ctx, tab, loc.Within(frames))
	if err != nil || len(got) != 1 || got[0] != ref {
		return refs.Locator{}, nil // not it alone: no such fallback
	}
	return loc, nil
}

func hasDigit(s string) bool {
	return strings.ContainsFunc(s, unicode.IsDigit)
}
