package recordings

import (
	"strings"
	"testing"
)

// TestImportWaitForElement: a waitForElement step means what
// @puppeteer/replay's runner does with it (lib/cjs/main.cjs,
// waitForElement): count defaults to 1 and operator to ">=" (the schema's
// comment says "=="; the runner does not), "==" compares the number of
// elements whatever the count, and visible false inverts the condition.
func TestImportWaitForElement(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		fields string
		want   Assertion
		err    string
	}{
		{``, Assertion{Kind: AssertVisible}, ""},
		{`,"count":1`, Assertion{Kind: AssertVisible}, ""},
		{`,"operator":">="`, Assertion{Kind: AssertVisible}, ""},
		// Not at least one element: none matches, hidden or not.
		{`,"visible":false`, Assertion{Kind: AssertCount, Expected: "0"}, ""},
		{`,"count":1,"operator":">=","visible":false`, Assertion{Kind: AssertCount, Expected: "0"}, ""},
		{`,"visible":false,"properties":{"textContent":"Done"}`, Assertion{}, `property checks with "visible": false`},
		// "==" with the default count is exactly one element, as with count 1.
		{`,"operator":"=="`, Assertion{Kind: AssertCount, Expected: "1"}, ""},
		{`,"operator":"==","count":1`, Assertion{Kind: AssertCount, Expected: "1"}, ""},
		{`,"operator":"==","count":3`, Assertion{Kind: AssertCount, Expected: "3"}, ""},
		{`,"operator":"==","count":0`, Assertion{Kind: AssertCount, Expected: "0"}, ""},
		{`,"operator":"==","count":2,"visible":false`, Assertion{Kind: AssertCount, Expected: "2", Not: true}, ""},
		{`,"operator":"<=","count":0`, Assertion{Kind: AssertCount, Expected: "0"}, ""},
		{`,"properties":{"textContent":"Done"}`, Assertion{Kind: AssertText, Expected: "Done"}, ""},
		{`,"operator":"==","count":1,"properties":{"value":"x"}`, Assertion{Kind: AssertValue, Expected: "x"}, ""},
		{`,"count":3`, Assertion{}, "operator >= with count 3"},
		{`,"operator":"<=","count":2`, Assertion{}, "operator <= with count 2"},
		{`,"operator":"==","count":2,"properties":{"textContent":"Done"}`, Assertion{}, "operator == with count 2"},
		{`,"operator":"!="`, Assertion{}, `operator "!=" is not one of`},
		{`,"attributes":{"href":"/"}`, Assertion{}, "attribute checks"},
	} {
		rec, err := ImportDevTools(strings.NewReader(`{"title":"x","steps":[{"type":"navigate","url":"https://example.com/"},
			{"type":"waitForElement","selectors":[["#items li"]]` + tc.fields + `}]}`))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: got %v, want an error saying %q", tc.fields, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.fields, err)
			continue
		}
		if got := rec.Steps[1].Assert; got == nil || *got != tc.want {
			t.Errorf("%s: imported as %+v, want %+v", tc.fields, got, tc.want)
		}
	}
}
