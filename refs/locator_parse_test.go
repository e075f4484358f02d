package refs

import (
	"reflect"
	"strings"
	"testing"
)

// Every locator the emitter prints in JavaScript parses back to itself
// (exact filters print as a locator() selector, and are left out).
func TestParseLocatorRoundTrip(t *testing.T) {
	t.Parallel()
	for _, c := range emitCases() {
		if c.loc.Validate() != nil {
			continue
		}
		exactFilter := false
		for _, p := range c.loc.Parts {
			exactFilter = exactFilter || (p.Kind == KindFilter && p.Exact)
		}
		if exactFilter {
			continue
		}
		code := c.loc.Code(JavaScript)
		got, err := ParseLocator(code)
		if err != nil {
			t.Errorf("%s: %s: %v", c.name, code, err)
			continue
		}
		if got.Code(JavaScript) != code {
			t.Errorf("%s: %s parsed to %s", c.name, code, got.Code(JavaScript))
		}
	}
}

func TestParseLocator(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src  string
		want Locator
		err  string
	}{
		{src: `getByRole('button', { name: 'Save' })`, want: ByRole("button", "Save", false)},
		{src: `page.getByRole("button",{name:"Save",exact:true})`, want: ByRole("button", "Save", true)},
		{src: "  getByText(`Add to cart`).nth(2) ", want: Locator{Parts: []Part{{Kind: KindText, Text: "Add to cart"}, {Kind: KindNth, Nth: 2}}}},
		{src: `getByRole('checkbox', { checked: 'mixed', level: 2 })`, want: Locator{Parts: []Part{{Kind: KindRole, Role: "checkbox", RoleState: RoleState{Checked: "mixed", Level: 2}}}}},
		{src: `locator('iframe[title="Pay"]').contentFrame().getByLabel('Card', { exact: true }).last()`, want: Locator{Parts: []Part{
			{Kind: KindFrame, CSS: `iframe[title="Pay"]`}, {Kind: KindLabel, Text: "Card", Exact: true}, {Kind: KindNth, Nth: -1}}}},
		{src: `getByRole('article').filter({ hasText: 'Blue mug' }).first()`, want: Locator{Parts: []Part{
			{Kind: KindRole, Role: "article"}, {Kind: KindFilter, Text: "Blue mug"}, {Kind: KindNth}}}},
		{src: `getByTestId('cart\u0027s')`, want: ByTestID("cart's")},
		{src: `getByRole('button', { name: /save/i })`, err: "regular expressions"},
		{src: `getByRole('button'`, err: "want ) to close getByRole"},
		{src: `getByWhat('x')`, err: "unknown method"},
		{src: `getByRole('button', { nam: 'x' })`, err: `no option "nam"`},
		{src: `contentFrame()`, err: "must follow"},
		{src: ``, err: "want a method"},
		{src: `getByText('a') getByText('b')`, err: "want . and another call"},
	} {
		got, err := ParseLocator(tc.src)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || CodeOf(err) != CodeBadArgument {
				t.Errorf("%q: error %v, want bad_argument with %q", tc.src, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.src, got, tc.want)
		}
	}
}
