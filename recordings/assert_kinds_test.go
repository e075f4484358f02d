package recordings

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestCheckAssertKinds checks hidden, count and contains-text, and their
// negations, against what a replay observes.
func TestCheckAssertKinds(t *testing.T) {
	t.Parallel()
	visible := Observed{Count: 1, State: ElementState{Text: "Archived: Quarterly report. 2 messages left.", Visible: true}}
	zeroBox := Observed{Count: 1, State: ElementState{Text: "You are offline", Visible: false}}
	for _, tc := range []struct {
		a    Assertion
		o    Observed
		fail string // "" when it holds
	}{
		{Assertion{Kind: AssertHidden}, Observed{}, ""},
		{Assertion{Kind: AssertHidden}, zeroBox, ""},
		{Assertion{Kind: AssertHidden}, visible, "expected hidden, got visible"},
		{Assertion{Kind: AssertHidden, Not: true}, visible, ""},
		{Assertion{Kind: AssertHidden, Not: true}, Observed{}, "expected not hidden, and it is"},
		{Assertion{Kind: AssertCount, Expected: "3"}, Observed{Count: 3}, ""},
		{Assertion{Kind: AssertCount, Expected: "3"}, Observed{Count: 4}, "expected count 3, got 4"},
		{Assertion{Kind: AssertCount, Expected: "0"}, Observed{}, ""},
		{Assertion{Kind: AssertCount, Expected: "3", Not: true}, Observed{Count: 3}, "expected not count 3, and it is"},
		{Assertion{Kind: AssertCount, Expected: "three"}, Observed{Count: 3}, "a count must be a whole number"},
		{Assertion{Kind: AssertContainsText, Expected: "Archived:  Quarterly"}, visible, ""},
		{Assertion{Kind: AssertContainsText, Expected: "archived"}, visible, `expected text containing "archived", got "Archived: Quarterly report. 2 messages left."`},
		{Assertion{Kind: AssertContainsText, Expected: "Could not"}, visible, `expected text containing "Could not"`},
		{Assertion{Kind: AssertContainsText, Expected: "Archived"}, Observed{}, "got no element"},
		{Assertion{Kind: AssertContainsText, Expected: "Could not", Not: true}, visible, ""},
	} {
		err := tc.a.Check(tc.o)
		switch {
		case tc.fail == "" && err != nil:
			t.Errorf("%+v on %+v: %v", tc.a, tc.o, err)
		case tc.fail != "" && (err == nil || !strings.Contains(err.Error(), tc.fail)):
			t.Errorf("%+v on %+v: error %v, want %q", tc.a, tc.o, err, tc.fail)
		}
	}
}

// TestValidateCount refuses a count step whose expected number is not one.
func TestValidateCount(t *testing.T) {
	t.Parallel()
	target := Target{Locator: refs.ByRole("listitem", "", false)}
	for expected, ok := range map[string]bool{"3": true, "0": true, "-1": false, "": false, " 3": false, "3.5": false} {
		s := Step{Kind: Assert, Target: target, Assert: &Assertion{Kind: AssertCount, Expected: expected}}
		if err := s.Validate(); (err == nil) != ok {
			t.Errorf("count %q: %v", expected, err)
		}
	}
	s := Step{Kind: Assert, Target: target, Assert: &Assertion{Kind: "bogus"}}
	if err := s.Validate(); err == nil {
		t.Error("an unknown assertion kind is valid")
	}
}

// TestExportAssertKinds writes each new kind in every format.
func TestExportAssertKinds(t *testing.T) {
	t.Parallel()
	undo := Target{Locator: refs.ByRole("button", "Undo", false), Role: "button", Name: "Undo",
		Fallbacks: []refs.Locator{refs.ByXPath("//button[normalize-space(.)='Undo']")}}
	drafts := Target{Locator: refs.ByRole("listitem", "", false)}
	status := Target{Locator: refs.ByRole("status", "", false), Role: "status"}
	rec := &Recording{Header: NewHeader("Inbox", "http://x/inbox.html"), Steps: []Step{
		{Kind: Assert, Target: undo, Assert: &Assertion{Kind: AssertVisible, Not: true}},
		{Kind: Assert, Target: undo, Assert: &Assertion{Kind: AssertHidden}},
		{Kind: Assert, Target: drafts, Assert: &Assertion{Kind: AssertCount, Expected: "3"}},
		{Kind: Assert, Target: status, Assert: &Assertion{Kind: AssertContainsText, Expected: "It's done"}},
		{Kind: Assert, Target: drafts, Assert: &Assertion{Kind: AssertCount, Expected: "2", Not: true}},
	}}
	for _, tc := range []struct {
		name   string
		export func(*Recording, *bytes.Buffer) error
		want   []string
	}{
		{"playwright", func(r *Recording, b *bytes.Buffer) error { return ExportPlaywright(r, b) }, []string{
			"await expect(page.getByRole('button', { name: 'Undo' })).not.toBeVisible();",
			"await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden();",
			"await expect(page.getByRole('listitem')).toHaveCount(3);",
			`await expect(page.getByRole('status')).toContainText('It\'s done');`,
			"await expect(page.getByRole('listitem')).not.toHaveCount(2);",
		}},
		{"python", func(r *Recording, b *bytes.Buffer) error { return ExportPython(r, b) }, []string{
			`expect(page.get_by_role("button", name="Undo")).not_to_be_visible()`,
			`expect(page.get_by_role("button", name="Undo")).to_be_hidden()`,
			`expect(page.get_by_role("listitem")).to_have_count(3)`,
			`expect(page.get_by_role("status")).to_contain_text("It's done")`,
			`expect(page.get_by_role("listitem")).not_to_have_count(2)`,
		}},
		{"chromedp", func(r *Recording, b *bytes.Buffer) error { return ExportChromedp(r, b) }, []string{
			`expect(tab0, 2, "expect the hidden of getByRole('button', { name: 'Undo' })", "true", false, hiddenOf(`,
			`expect(tab0, 3, "expect the count of getByRole('listitem')", "3", false, countOf(`,
			`"true", false, containsText(locate(`,
			`"2", true, countOf(`,
		}},
	} {
		var b bytes.Buffer
		if err := tc.export(rec, &b); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s lacks %s:\n%s", tc.name, w, b.String())
			}
		}
	}

	var b bytes.Buffer
	if err := ExportDevTools(rec, &b); err != nil {
		t.Fatal(err)
	}
	var file struct {
		Steps []devtoolsStep `json:"steps"`
	}
	if err := json.Unmarshal(b.Bytes(), &file); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range file.Steps {
		switch d.Type {
		case "waitForExpression":
			got = append(got, d.Type+" "+d.Expression)
		case "customStep":
			got = append(got, d.Type+" "+d.Name)
		}
	}
	want := []string{
		`waitForExpression ((r) => {`, // not visible: no visible element matches
		`waitForExpression ((r) => {`,
		`waitForExpression document.evaluate("//*[self::li or @role='listitem']", document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null).snapshotLength === 3`,
		`customStep ariadne:step`, // contains-text
		`waitForExpression document.evaluate("//*[self::li or @role='listitem']", document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null).snapshotLength !== 2`,
	}
	if len(got) != len(want) {
		t.Fatalf("DevTools steps:\n%s", strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("DevTools step %d: %s, want %s…", i+1, got[i], want[i])
		}
	}
	// ariadne import reads them back: hidden as not visible (the same
	// check), counts with their number, over the XPath.
	back, err := ImportDevTools(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, st := range back.Steps {
		if st.Kind == Assert && st.Assert.Kind != AssertContainsText {
			kinds = append(kinds, fmt.Sprintf("%s not=%v %s %s", st.Assert.Kind, st.Assert.Not, st.Assert.Expected, st.Target.Locator.Target().Kind))
		}
	}
	if got := strings.Join(kinds, "; "); got != "visible not=true  xpath; visible not=true  xpath; count not=false 3 xpath; count not=true 2 xpath" {
		t.Errorf("imported: %s", got)
	}
}
