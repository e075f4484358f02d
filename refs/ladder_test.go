package refs

import (
	"slices"
	"testing"
)

// countedCand builds a counted candidate.
func countedCand(l Locator, matches int) Candidate {
	return Candidate{Rung: RungOf(l), Locator: l, Matches: matches}
}

func TestChoose(t *testing.T) {
	t.Parallel()
	product := ByTestID("product-42")
	addToCart := ByRole("button", "Add to cart", false)
	tests := []struct {
		name  string
		cands []Candidate
		want  string // internal selector of the chosen one; "" for none
	}{
		{"test id beats role", []Candidate{
			countedCand(ByRole("button", "Submit", false), 1),
			countedCand(ByTestID("submit"), 1),
		}, `internal:testid=[data-testid="submit"s]`},
		{"default form before exact", []Candidate{
			countedCand(ByRole("button", "Submit", true), 1),
			countedCand(ByRole("button", "Submit", false), 1),
		}, `internal:role=button[name="Submit"i]`},
		{"exact when the default form is ambiguous", []Candidate{
			countedCand(ByRole("textbox", "Email", false), 2),
			countedCand(ByRole("textbox", "Email", true), 1),
			countedCand(ByLabel("Email", false), 1),
		}, `internal:role=textbox[name="Email"s]`},
		{"lower rung when higher ones are ambiguous", []Candidate{
			countedCand(ByRole("link", "More", false), 4),
			countedCand(ByRole("link", "More", true), 4),
			countedCand(ByTitle("More about pricing", false), 1),
			countedCand(ByText("More", false), 6),
		}, `internal:attr=[title="More about pricing"i]`},
		{"ladder order: label, placeholder, alt, title, text, css", []Candidate{
			countedCand(ByCSS("#q"), 1),
			countedCand(ByText("Search", false), 1),
			countedCand(ByTitle("Search", false), 1),
			countedCand(ByAltText("Search", false), 1),
			countedCand(ByPlaceholder("Search", false), 1),
			countedCand(ByLabel("Search", false), 1),
		}, `internal:label="Search"i`},
		{"standalone css beats a scoped role", []Candidate{
			countedCand(addToCart, 3),
			countedCand(addToCart.Within(product), 1),
			countedCand(ByCSS(`button.add-p42`), 1),
		}, `button.add-p42`},
		{"css that steps down from an ancestor is scoped: the scoped role beats it", []Candidate{
			countedCand(addToCart, 3),
			countedCand(ByCSS(`#p42 button.add`), 1),
			countedCand(addToCart.Within(product), 1),
		}, `internal:testid=[data-testid="product-42"s] >> internal:role=button[name="Add to cart"i]`},
		{"a filter does not make a locator scoped", []Candidate{
			countedCand(ByRole("button", "", false).Within(ByCSS("#p42")), 1),
			countedCand(ByRole("article", "", false).Filter("Blue mug"), 1),
		}, `internal:role=article >> internal:has-text="Blue mug"i`},
		{"a filtered role stands on the text rung: a short getByText reads first", []Candidate{
			countedCand(ByRole("listitem", "", false).Filter("Row two"), 1),
			countedCand(ByText("Row two", false), 1),
		}, `internal:text="Row two"i`},
		{"a filtered role beats a text with digits of the same element", []Candidate{
			countedCand(ByText("Linen notebook$19.99 Add to cart", false), 1),
			countedCand(ByRole("article", "", false).Filter("Linen notebook"), 1),
		}, `internal:role=article >> internal:has-text="Linen notebook"i`},
		// Severity: sturdy before fragile, then the ladder.
		{"fragile: long text with digits loses to a clean role filter", []Candidate{
			countedCand(ByText("Blue mug $12.00 Add to cart", false), 1),
			countedCand(ByRole("article", "", false), 3),
			countedCand(ByRole("article", "", false).Filter("Blue mug"), 1),
		}, `internal:role=article >> internal:has-text="Blue mug"i`},
		{"fragile: long text with digits loses to clean CSS", []Candidate{
			countedCand(ByText("Blue mug $12.00 Add to cart", false), 1),
			countedCand(ByCSS("#mug"), 1),
		}, `#mug`},
		{"fragile: a generated id loses to a clean scoped role", []Candidate{
			countedCand(ByCSS(`#\:r5\:`), 1),
			countedCand(addToCart.Within(product), 1),
		}, `internal:testid=[data-testid="product-42"s] >> internal:role=button[name="Add to cart"i]`},
		{"mild: digits alone keep the ladder (text over css)", []Candidate{
			countedCand(ByCSS("#cart"), 1),
			countedCand(ByText("Cart: 0", false), 1),
		}, `internal:text="Cart: 0"i`},
		{"mild: long text alone keeps the ladder (role over css)", []Candidate{
			countedCand(ByCSS("button.signup"), 1),
			countedCand(ByRole("button", "Sign up for our weekly newsletter today", false), 1),
		}, `internal:role=button[name="Sign up for our weekly newsletter today"i]`},
		{"two fragile ones: the ladder decides between them", []Candidate{
			countedCand(ByCSS(`#\:r5\:`), 1),
			countedCand(ByText("Order 12345 shipped to Ada on May 1", false), 1),
		}, `internal:text="Order 12345 shipped to Ada on May 1"i`},
		{"same rung: the clean one before the flagged one", []Candidate{
			countedCand(ByRole("row", "Ada Lovelace ada@example.com Owner Edit Delete", false), 1),
			countedCand(ByRole("row", "Ada Lovelace", false), 1),
			countedCand(ByRole("row", "", false).Filter("Ada Lovelace"), 1),
		}, `internal:role=row[name="Ada Lovelace"i]`},
		{"nth stays the last resort, even against fragile text", []Candidate{
			countedCand(addToCart.Nth(0), 1),
			countedCand(ByText("Blue mug $12.00 Add to cart", false), 1),
		}, `internal:text="Blue mug $12.00 Add to cart"i`},
		{"scoped beats nth", []Candidate{
			countedCand(addToCart, 3),
			countedCand(addToCart.Nth(1), 1),
			countedCand(addToCart.Within(product), 1),
		}, `internal:testid=[data-testid="product-42"s] >> internal:role=button[name="Add to cart"i]`},
		{"nth as a last resort", []Candidate{
			countedCand(addToCart, 3),
			countedCand(addToCart.Within(product), 2),
			countedCand(addToCart.Nth(-1), 1),
		}, `internal:role=button[name="Add to cart"i] >> nth=-1`},
		{"stable css over generated id", []Candidate{
			countedCand(ByCSS("#css-1x2y3z"), 1),
			countedCand(ByCSS("button.submit-order"), 1),
		}, `button.submit-order`},
		{"nothing unique", []Candidate{
			countedCand(addToCart, 3),
			countedCand(ByText("Add", false), 0),
		}, ""},
		{"empty", nil, ""},
	}
	for _, tt := range tests {
		best, all := Choose(tt.cands)
		if got := best.Locator.Internal(); got != tt.want {
			t.Errorf("%s: chose %q, want %q", tt.name, got, tt.want)
		}
		if len(all) != len(tt.cands) {
			t.Errorf("%s: %d candidates back, want %d", tt.name, len(all), len(tt.cands))
		}
		chosen := 0
		for _, c := range all {
			if c.Chosen {
				chosen++
				if !c.Locator.Equal(best.Locator) {
					t.Errorf("%s: marked %s, returned %s", tt.name, c.Locator, best.Locator)
				}
			}
		}
		if want := min(1, len(tt.want)); chosen != want {
			t.Errorf("%s: %d marked chosen, want %d", tt.name, chosen, want)
		}
	}
}

func TestChooseKeepsCountsAndFlags(t *testing.T) {
	t.Parallel()
	in := []Candidate{
		{Locator: ByText("Buy for $19.99", false), Matches: 1, Flags: []Flag{"custom"}},
		{Locator: ByRole("button", "", false).Nth(2), Matches: 1, Chosen: true},
		{Locator: ByCSS("button"), Matches: 7},
	}
	best, all := Choose(in)
	if best.Rung != RungText || !slices.Equal(best.Flags, []Flag{FlagDigits, "custom"}) {
		t.Errorf("best = %+v, want the text candidate flagged digits and custom", best)
	}
	if all[1].Rung != RungRole || all[1].Chosen || !slices.Equal(all[1].Flags, []Flag{FlagPosition}) {
		t.Errorf("nth candidate = %+v, want role, not chosen, flagged position", all[1])
	}
	if all[2].Matches != 7 {
		t.Errorf("css candidate lost its count: %+v", all[2])
	}
	if in[1].Chosen != true || in[0].Flags[0] != "custom" || len(in[0].Flags) != 1 {
		t.Errorf("Choose changed its input: %+v", in)
	}
}

func TestScopedAndWithNth(t *testing.T) {
	t.Parallel()
	parent := ByRole("dialog", "Confirm", false)
	sc := Scoped(parent, []Candidate{countedCand(ByRole("button", "OK", false), 2)})
	if len(sc) != 1 || sc[0].Matches != 0 || sc[0].Rung != RungRole ||
		sc[0].Locator.Internal() != `internal:role=dialog[name="Confirm"i] >> internal:role=button[name="OK"i]` {
		t.Errorf("Scoped = %+v", sc)
	}
	n := WithNth(countedCand(ByText("Row", false), 5), 0)
	if n.Matches != 0 || !slices.Equal(n.Flags, []Flag{FlagPosition}) || n.Locator.Code(JavaScript) != `getByText('Row').first()` {
		t.Errorf("WithNth = %+v", n)
	}
}

func TestCSSCandidates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		f    Facts
		want []string
	}{
		{"input with id and name", Facts{Element: Element{Tag: "INPUT", Attrs: map[string]string{
			"id": "email", "name": "email", "type": "email", "class": "form-control active"}}},
			[]string{"#email", `input[name="email"]`, `input[type="email"]`, "input.form-control", "input"}},
		{"generated id goes last", Facts{Element: Element{Tag: "button", Attrs: map[string]string{
			"id": ":r5:", "class": "sc-aXZVg kDdWkp primary", "aria-label": "Close"}}},
			[]string{`button[aria-label="Close"]`, "button.primary", `#\:r5\:`, "button.sc-aXZVg", "button.kDdWkp", "button"}},
		{"link by href, scoped in ancestors", Facts{
			Element: Element{Tag: "a", Attrs: map[string]string{"href": "/docs/intro", "class": "nav-link"}},
			Ancestors: []Element{
				{Tag: "li", Attrs: map[string]string{"class": "item"}},
				{Tag: "nav", Attrs: map[string]string{"id": "sidebar"}},
				{Tag: "div", Attrs: map[string]string{"data-qa": "layout"}},
				{Tag: "body", Attrs: map[string]string{"id": "top"}},
			}},
			[]string{`a[href="/docs/intro"]`, "a.nav-link", `#sidebar a[href="/docs/intro"]`, `[data-qa="layout"] a[href="/docs/intro"]`, "a"}},
		{"javascript: links and # are not hrefs to match", Facts{Element: Element{Tag: "a", Attrs: map[string]string{"href": "javascript:void(0)"}}},
			[]string{"a"}},
		{"test hooks other than the test id attribute", Facts{Element: Element{Tag: "div", Attrs: map[string]string{
			"data-testid": "card", "data-qa": "card-qa"}}},
			[]string{`[data-qa="card-qa"]`, "div"}},
		{"custom test id attribute leaves data-testid to CSS", Facts{TestIDAttr: "data-test", Element: Element{Tag: "div", Attrs: map[string]string{
			"data-testid": "card", "data-test": "card-t"}}},
			[]string{`[data-testid="card"]`, "div"}},
		{"escaping", Facts{Element: Element{Tag: "input", Attrs: map[string]string{
			"id": "1st field", "name": "a\"b\\c\nd", "class": "w-1/2 md:flex"}}},
			[]string{`#\31 st\ field`, `input[name="a\"b\\c\a d"]`, `input.w-1\/2`, `input.md\:flex`, `input.w-1\/2.md\:flex`, "input"}},
	}
	for _, tt := range tests {
		if got := CSSCandidates(tt.f); !slices.Equal(got, tt.want) {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

// ladderScenario is a page in miniature: facts about one element and how
// many elements each selector matches there (missing means 0).
type ladderScenario struct {
	name   string
	facts  Facts
	counts map[string]int
	parent Locator // unique ancestor to scope in when nothing is unique
}

type ladderRow struct {
	Rung       Rung   `json:"rung"`
	Internal   string `json:"internal"`
	JavaScript string `json:"javascript"`
	Matches    int    `json:"matches"`
	Flags      []Flag `json:"flags,omitempty"`
	Chosen     bool   `json:"chosen,omitempty"`
}

func TestLadderGolden(t *testing.T) {
	t.Parallel()
	scenarios := []ladderScenario{
		{name: "login email field", facts: Facts{
			Element: Element{Tag: "input", Attrs: map[string]string{
				"id": "email", "name": "email", "type": "email", "placeholder": "you@example.com", "class": "form-control"}},
			Role: "textbox", Name: "Email", Label: "Email",
			Ancestors: []Element{{Tag: "form", Attrs: map[string]string{"id": "login-form"}}},
		}, counts: map[string]int{
			`internal:role=textbox[name="Email"i]`:           2, // also "Email confirmation"
			`internal:role=textbox[name="Email"s]`:           1,
			`internal:label="Email"i`:                        2,
			`internal:label="Email"s`:                        1,
			`internal:attr=[placeholder="you@example.com"i]`: 1,
			`#email`: 1,
		}},
		{name: "repeated add to cart", facts: Facts{
			Element: Element{Tag: "button", Attrs: map[string]string{"class": "btn add"}},
			Role:    "button", Name: "Add to cart", Text: "Add to cart",
		}, counts: map[string]int{
			`internal:role=button[name="Add to cart"i]`: 3,
			`internal:role=button[name="Add to cart"s]`: 3,
			`internal:text="Add to cart"i`:              3,
			`internal:text="Add to cart"s`:              3,
			`button.btn`:                                5,
			`button.add`:                                3,
			`internal:testid=[data-testid="product-42"s] >> internal:role=button[name="Add to cart"i]`: 1,
		}, parent: ByTestID("product-42")},
		{name: "generated ids and a price", facts: Facts{
			Element: Element{Tag: "button", Attrs: map[string]string{"id": ":r5:", "class": "sc-aXZVg kDdWkp"}},
			Role:    "button", Name: "Buy for $19.99", Text: "Buy for $19.99",
		}, counts: map[string]int{
			`internal:role=button[name="Buy for $19.99"i]`: 1,
			`internal:role=button[name="Buy for $19.99"s]`: 1,
			`internal:text="Buy for $19.99"i`:              1,
			`#\:r5\:`:                                      1,
		}},
		{name: "custom test id attribute", facts: Facts{
			TestIDAttr: "data-test",
			Element:    Element{Tag: "a", Attrs: map[string]string{"data-test": "nav-home", "href": "/"}},
			Role:       "link", Name: "Home",
		}, counts: map[string]int{
			`internal:testid=[data-test="nav-home"s]`: 1,
			`internal:role=link[name="Home"i]`:        1,
		}},
		{name: "product card: its role filtered by its heading", facts: Facts{
			Element: Element{Tag: "article", Attrs: map[string]string{"class": "card"}},
			Role:    "article", Text: "Blue mug $12.00 Add to cart", Distinct: "Blue mug",
		}, counts: map[string]int{
			`internal:role=article`:                                  3,
			`internal:role=article >> internal:has-text="Blue mug"i`: 1,
			`internal:text="Blue mug $12.00 Add to cart"i`:           1,
			`internal:text="Blue mug $12.00 Add to cart"s`:           1,
			`article.card`: 3,
			`article`:      3,
			`article >> internal:has-text="Blue mug"i`:      1,
			`article.card >> internal:has-text="Blue mug"i`: 1,
		}},
		{name: "table row: the short name from its first cell", facts: Facts{
			Element: Element{Tag: "tr"},
			Role:    "row", Name: "Ada Lovelace ada@example.com Owner Edit Delete",
			Text: "Ada Lovelace ada@example.com Owner Edit Delete", Distinct: "Ada Lovelace",
		}, counts: map[string]int{
			`internal:role=row[name="Ada Lovelace ada@example.com Owner Edit Delete"i]`: 1,
			`internal:role=row[name="Ada Lovelace ada@example.com Owner Edit Delete"s]`: 1,
			`internal:role=row[name="Ada Lovelace"i]`:                                   1,
			`internal:role=row >> internal:has-text="Ada Lovelace"i`:                    1,
			`internal:text="Ada Lovelace ada@example.com Owner Edit Delete"i`:           1,
			`internal:text="Ada Lovelace ada@example.com Owner Edit Delete"s`:           1,
			`tr`: 5,
			`tr >> internal:has-text="Ada Lovelace"i`: 1,
		}},
		{name: "button in a card located by its role and heading", facts: Facts{
			Element: Element{Tag: "button", Attrs: map[string]string{"type": "button"}},
			Role:    "button", Name: "Add to cart", Text: "Add to cart",
		}, counts: map[string]int{
			`internal:role=button[name="Add to cart"i]`: 3,
			`internal:role=button[name="Add to cart"s]`: 3,
			`internal:text="Add to cart"i`:              3,
			`internal:text="Add to cart"s`:              3,
			`button[type="button"]`:                     3,
			`button`:                                    3,
			`internal:role=article >> internal:has-text="Blue mug"i >> internal:role=button[name="Add to cart"i]`: 1,
			`internal:role=article >> internal:has-text="Blue mug"i >> internal:role=button[name="Add to cart"s]`: 1,
			`internal:role=article >> internal:has-text="Blue mug"i >> internal:text="Add to cart"i`:              1,
			`internal:role=article >> internal:has-text="Blue mug"i >> button`:                                    1,
		}, parent: ByRole("article", "", false).Filter("Blue mug")},
		{name: "nothing unique, no parent: nth", facts: Facts{
			Element: Element{Tag: "li"}, Role: "listitem", Text: "Untitled",
		}, counts: map[string]int{
			`internal:role=listitem`:             4,
			`internal:text="Untitled"i`:          2,
			`internal:text="Untitled"s`:          2,
			`li`:                                 4,
			`internal:text="Untitled"i >> nth=1`: 1,
		}},
	}
	count := func(s ladderScenario, cs []Candidate) []Candidate {
		for i := range cs {
			cs[i].Matches = s.counts[cs[i].Locator.Internal()]
		}
		return cs
	}
	type result struct {
		Scenario string      `json:"scenario"`
		Chosen   string      `json:"chosen"`
		Ladder   []ladderRow `json:"ladder"`
	}
	var out []result
	for _, s := range scenarios {
		cands := count(s, Propose(s.facts))
		best, all := Choose(cands)
		if !best.Chosen && !s.parent.IsZero() {
			best, all = Choose(append(all, count(s, Scoped(s.parent, cands))...))
		}
		if !best.Chosen {
			var nth []Candidate
			for _, c := range cands {
				if c.Matches > 1 {
					nth = append(nth, WithNth(c, 1))
				}
			}
			best, all = Choose(append(all, count(s, nth)...))
		}
		r := result{Scenario: s.name, Chosen: best.Locator.Code(JavaScript)}
		for _, c := range all {
			r.Ladder = append(r.Ladder, ladderRow{c.Rung, c.Locator.Internal(), c.Locator.Code(JavaScript), c.Matches, c.Flags, c.Chosen})
		}
		out = append(out, r)
	}
	goldenFile(t, "locators/ladder.json", indentedJSON(t, out))

	want := []string{
		`getByRole('textbox', { name: 'Email', exact: true })`,
		`getByTestId('product-42').getByRole('button', { name: 'Add to cart' })`,
		`getByRole('button', { name: 'Buy for $19.99' })`,
		`getByTestId('nav-home')`,
		`getByRole('article').filter({ hasText: 'Blue mug' })`,
		`getByRole('row', { name: 'Ada Lovelace' })`,
		`getByRole('article').filter({ hasText: 'Blue mug' }).getByRole('button', { name: 'Add to cart' })`,
		`getByText('Untitled').nth(1)`,
	}
	for i, r := range out {
		if r.Chosen != want[i] {
			t.Errorf("%s: chose %s, want %s", r.Scenario, r.Chosen, want[i])
		}
	}
}

func TestProposeSkipsVagueRolesAndLongText(t *testing.T) {
	t.Parallel()
	long := "This paragraph of text goes on for far longer than any label would, well past eighty characters."
	cands := Propose(Facts{Element: Element{Tag: "div"}, Role: "generic", Name: "x", Text: long})
	for _, c := range cands {
		if c.Rung == RungRole || c.Rung == RungText {
			t.Errorf("proposed %s", c.Locator)
		}
	}
	cands = Propose(Facts{Element: Element{Tag: "nav"}, Role: "navigation", Text: "  Home \n About  "})
	if len(cands) < 3 || cands[0].Locator.Internal() != "internal:role=navigation" ||
		cands[1].Locator.Internal() != `internal:text="Home About"i` {
		t.Errorf("Propose = %+v", cands)
	}
}

func TestProposeDistinct(t *testing.T) {
	t.Parallel()
	internals := func(f Facts) []string {
		var out []string
		for _, c := range Propose(f) {
			out = append(out, c.Locator.Internal())
		}
		return out
	}
	// A row's name holds its first cell: the short name, then the filter.
	got := internals(Facts{Element: Element{Tag: "tr"}, Role: "row", Name: "Ada Lovelace Owner", Distinct: " Ada  Lovelace "})
	for _, want := range []string{
		`internal:role=row[name="Ada Lovelace"i]`,
		`internal:role=row >> internal:has-text="Ada Lovelace"i`,
		`tr >> internal:has-text="Ada Lovelace"i`,
	} {
		if !slices.Contains(got, want) {
			t.Errorf("row: no %s in %q", want, got)
		}
	}
	// An article is not named by its content: no name from the text; a
	// stable class gives a second filter base, a generated one none.
	got = internals(Facts{Element: Element{Tag: "article", Attrs: map[string]string{"class": "css-1x2y3z card"}}, Role: "article", Distinct: "Blue mug"})
	want := []string{
		`internal:role=article`,
		`internal:role=article >> internal:has-text="Blue mug"i`,
		`article.card`,
		`article.css-1x2y3z`,
		`article`,
		`article >> internal:has-text="Blue mug"i`,
		`article.card >> internal:has-text="Blue mug"i`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("article:\n got %q\nwant %q", got, want)
	}
	// A name not taken from content holds the text only by chance.
	got = internals(Facts{Element: Element{Tag: "nav"}, Role: "navigation", Name: "Main menu", Distinct: "Main"})
	if slices.Contains(got, `internal:role=navigation[name="Main"i]`) {
		t.Errorf("navigation: proposed a name from its distinct text: %q", got)
	}
	// A container's whole text is left out when it is more than its
	// distinguishing text.
	got = internals(Facts{Element: Element{Tag: "div", Attrs: map[string]string{"class": "card"}}, Text: "ScarfBuy", Distinct: "Scarf"})
	if slices.Contains(got, `internal:text="ScarfBuy"i`) || !slices.Contains(got, `div.card >> internal:has-text="Scarf"i`) {
		t.Errorf("card: %q", got)
	}
	got = internals(Facts{Element: Element{Tag: "li"}, Role: "listitem", Text: "Row two", Distinct: "Row two"})
	if !slices.Contains(got, `internal:text="Row two"i`) {
		t.Errorf("list item whose text is its distinct text: %q", got)
	}
	// A named group is known by its name; an unnamed one is not.
	got = internals(Facts{Element: Element{Tag: "fieldset"}, Role: "group", Name: "Plan", Text: "Plan Free Pro", Distinct: "Plan"})
	if !slices.Contains(got, `internal:role=group[name="Plan"i]`) || slices.Contains(got, `internal:role=group >> internal:has-text="Plan"i`) {
		t.Errorf("named group: %q", got)
	}
	if got = internals(Facts{Element: Element{Tag: "div"}, Role: "group"}); slices.Contains(got, `internal:role=group`) {
		t.Errorf("unnamed group: %q", got)
	}
	// A vague role gets no role filter, only CSS ones.
	got = internals(Facts{Element: Element{Tag: "div"}, Role: "generic", Distinct: "Blue mug"})
	if !slices.Equal(got, []string{`div`, `div >> internal:has-text="Blue mug"i`}) {
		t.Errorf("div: %q", got)
	}
}

func TestRiskFragileImprovable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		c          Candidate
		risk       int
		fragile    bool
		improvable bool
	}{
		{Candidate{Locator: ByRole("button", "OK", false), Matches: 1}, 0, false, false},
		{Candidate{Locator: ByText("$12.00", false), Matches: 1, Flags: []Flag{FlagDigits}}, 1, false, false},
		{Candidate{Locator: ByText("x", false), Matches: 1, Flags: []Flag{FlagDigits, FlagLongText}}, 2, true, true},
		{Candidate{Locator: ByCSS("#a"), Matches: 1, Flags: []Flag{FlagGeneratedID}}, 2, true, true},
		{Candidate{Locator: ByText("x", false), Matches: 1, Flags: []Flag{"custom"}}, 1, false, false},
		{Candidate{Locator: ByCSS("#cart button"), Matches: 1}, 0, false, true},
		{Candidate{Locator: ByRole("button", "OK", false), Matches: 2}, 0, false, true},
		{Candidate{Locator: ByRole("article", "", false).Filter("Blue mug"), Matches: 1}, 0, false, false},
		{Candidate{Locator: ByRole("button", "OK", false).Within(ByCSS("#cart")), Matches: 1}, 0, false, false},
		{Candidate{Locator: ByCSS("#cart button").InFrame("#pay"), Matches: 1}, 0, false, true},
	}
	for _, tt := range tests {
		if r, f, i := Risk(tt.c.Flags), Fragile(tt.c), Improvable(tt.c); r != tt.risk || f != tt.fragile || i != tt.improvable {
			t.Errorf("%s %v: risk %d fragile %v improvable %v, want %d %v %v", tt.c.Locator, tt.c.Flags, r, f, i, tt.risk, tt.fragile, tt.improvable)
		}
	}
}
