package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The details pane wraps a locator at spaces outside its string literals
// (the trial saw getByTestId('product-blue- / mug')), and only cuts a
// word that no line holds.
func TestWrapCodeKeepsStringsWhole(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		code  string
		width int
		whole []string // each on one line
	}{
		{"getByTestId('product-blue-mug').getByRole('button', { name: 'Add to cart' })", 36,
			[]string{"getByTestId('product-blue-mug').", "'Add to cart'"}},
		{`page.get_by_role("button", name="Add to cart", exact=True)`, 30, []string{`name="Add to cart",`}},
		{`getByText('it\'s a "quote" here')`, 40, []string{`getByText('it\'s a "quote" here')`}},
	} {
		lines := wrapCode(tc.code, tc.width)
		if nospace(strings.Join(lines, "")) != nospace(tc.code) {
			t.Errorf("%q: the lines %q do not give the code back", tc.code, lines)
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > tc.width {
				t.Errorf("%q: line %q is wider than %d", tc.code, l, tc.width)
			}
		}
		for _, w := range tc.whole {
			found := false
			for _, l := range lines {
				found = found || strings.Contains(l, w)
			}
			if !found && len(w) <= tc.width {
				t.Errorf("%q: %q is split across %q", tc.code, w, lines)
			}
		}
	}
	// A word longer than a line is cut, nothing lost.
	long := "locator('#" + strings.Repeat("x", 50) + "')"
	if lines := wrapCode(long, 20); strings.Join(lines, "") != long || len(lines) != 4 {
		t.Errorf("a long word: %q", lines)
	}
}

func nospace(s string) string { return strings.ReplaceAll(s, " ", "") }
