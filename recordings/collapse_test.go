package recordings

import (
	"reflect"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

func TestAdd(t *testing.T) {
	t.Parallel()
	email := tgt(refs.ByLabel("Email", false), "textbox", "Email")
	search := tgt(refs.ByRole("searchbox", "Search", false), "searchbox", "Search")
	button := tgt(refs.ByRole("button", "Go", false), "button", "Go")
	combo := tgt(refs.ByRole("combobox", "City", false), "combobox", "City")
	in := func(s Step, tab int) Step { s.Tab = tab; return s }
	typ := func(tg Target, text string) Step { return Step{Kind: Type, Target: tg, Text: Plain(text)} }
	key := func(tg Target, k string) Step { return Step{Kind: Press, Target: tg, Key: k} }
	navClick := act(Click, tgt(refs.ByRole("link", "Next", false), "link", "Next"))
	navClick.Navigated = true
	navClickTo := navClick
	navClickTo.URLAfter = "http://x/next"
	folded := navClick
	folded.URLAfter = "http://x/next"
	framed := fill(email, Plain("a"))
	framed.Frame = refs.Locator{Parts: []refs.Part{{Kind: refs.KindFrame, CSS: "iframe"}}}

	for _, tc := range []struct {
		name  string
		steps []Step
		want  []Step
	}{
		{"fill then fill keeps the last value",
			[]Step{fill(email, Plain("a")), fill(email, Plain("ab"))},
			[]Step{fill(email, Plain("ab"))}},
		{"type after fill appends",
			[]Step{fill(email, Plain("ada")), typ(email, "@x")},
			[]Step{fill(email, Plain("ada@x"))}},
		{"typed keys become one fill",
			[]Step{typ(email, "a"), key(email, "d"), key(email, "a")},
			[]Step{fill(email, Plain("ada"))}},
		{"a named key ends the run",
			[]Step{typ(email, "a"), key(email, "Enter"), typ(email, "b")},
			[]Step{typ(email, "a"), key(email, "Enter"), typ(email, "b")}},
		{"a chord is not a character",
			[]Step{fill(email, Plain("a")), key(email, "Control+a")},
			[]Step{fill(email, Plain("a")), key(email, "Control+a")}},
		{"another target ends the run",
			[]Step{fill(email, Plain("a")), fill(search, Plain("b"))},
			[]Step{fill(email, Plain("a")), fill(search, Plain("b"))}},
		{"another tab ends the run",
			[]Step{fill(email, Plain("a")), in(fill(email, Plain("b")), 1)},
			[]Step{fill(email, Plain("a")), in(fill(email, Plain("b")), 1)}},
		{"another frame ends the run",
			[]Step{fill(email, Plain("a")), framed},
			[]Step{fill(email, Plain("a")), framed}},
		{"keys on the page are not merged",
			[]Step{{Kind: Press, Key: "a"}, {Kind: Press, Key: "b"}},
			[]Step{{Kind: Press, Key: "a"}, {Kind: Press, Key: "b"}}},
		{"a secret stays a secret",
			[]Step{typ(email, "x"), {Kind: Type, Target: email, Text: SecretValue("ARIADNE_SECRET_EMAIL")}},
			[]Step{fill(email, SecretValue("ARIADNE_SECRET_EMAIL"))}},
		{"a focusing click before a fill is dropped",
			[]Step{act(Click, email), fill(email, Plain("a"))},
			[]Step{fill(email, Plain("a"))}},
		{"a focusing click before typing that becomes a fill is dropped",
			[]Step{act(Click, search), typ(search, "a"), typ(search, "b")},
			[]Step{fill(search, Plain("ab"))}},
		{"a click on a combobox before a fill is dropped",
			[]Step{act(Click, combo), fill(combo, Plain("Paris"))},
			[]Step{fill(combo, Plain("Paris"))}},
		{"a click before one typed key stays",
			[]Step{act(Click, email), typ(email, "a")},
			[]Step{act(Click, email), typ(email, "a")}},
		{"a click on a button before a fill stays",
			[]Step{act(Click, button), fill(email, Plain("a"))},
			[]Step{act(Click, button), fill(email, Plain("a"))}},
		{"a click on another field stays",
			[]Step{act(Click, search), fill(email, Plain("a"))},
			[]Step{act(Click, search), fill(email, Plain("a"))}},
		{"a right click stays",
			[]Step{{Kind: Click, Target: email, Button: "right"}, fill(email, Plain("a"))},
			[]Step{{Kind: Click, Target: email, Button: "right"}, fill(email, Plain("a"))}},
		{"a double click stays",
			[]Step{act(DblClick, email), fill(email, Plain("a"))},
			[]Step{act(DblClick, email), fill(email, Plain("a"))}},
		{"the navigation of a click is folded into it",
			[]Step{navClick, nav("http://x/next")},
			[]Step{folded}},
		{"the navigation to the URL the click reached is folded",
			[]Step{navClickTo, nav("http://x/next")},
			[]Step{navClickTo}},
		{"a navigation elsewhere stays",
			[]Step{navClickTo, nav("http://x/other")},
			[]Step{navClickTo, nav("http://x/other")}},
		{"a navigation after a plain click stays",
			[]Step{act(Click, button), nav("http://x/next")},
			[]Step{act(Click, button), nav("http://x/next")}},
		{"a navigation in another tab stays",
			[]Step{navClick, in(nav("http://x/next"), 1)},
			[]Step{navClick, in(nav("http://x/next"), 1)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Step
			for _, s := range tc.steps {
				got = Add(got, s)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tc.want)
			}
		})
	}
}

// TestAddDoesNotChangeItsInput checks that Add copies before it rewrites.
func TestAddDoesNotChangeItsInput(t *testing.T) {
	t.Parallel()
	email := tgt(refs.ByLabel("Email", false), "textbox", "Email")
	steps := make([]Step, 1, 4)
	steps[0] = fill(email, Plain("a"))
	got := Add(steps, fill(email, Plain("ab")))
	if steps[0].Text.Text != "a" {
		t.Errorf("Add changed the caller's step: %+v", steps[0])
	}
	if len(got) != 1 || got[0].Text.Text != "ab" {
		t.Errorf("got %+v", got)
	}
}
