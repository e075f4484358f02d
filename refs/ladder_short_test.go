package refs

import "testing"

// TestChooseRoleOverCSS: a unique role + name that only mild flags weigh
// down (a long name with a digit) wins over an id selector, but not over a
// test hook attribute, and a positional role never does.
func TestChooseRoleOverCSS(t *testing.T) {
	t.Parallel()
	long := ByRole("button", "Skip To Content, shortcut Alt + 0 for the main section", false)
	tests := []struct {
		name  string
		cands []Candidate
		want  string
	}{
		{"role with long text and digits beats an id", []Candidate{
			countedCand(ByCSS("#id-skip-to-button"), 1),
			countedCand(long, 1),
		}, long.Internal()},
		{"a test hook attribute keeps its place", []Candidate{
			countedCand(ByCSS(`[data-qa="skip"]`), 1),
			countedCand(long, 1),
		}, `[data-qa="skip"]`},
		{"a positional role does not", []Candidate{
			countedCand(ByCSS("#id-skip-to-button"), 1),
			countedCand(ByRole("button", "Skip", false).Nth(1), 1),
		}, "#id-skip-to-button"},
		{"a role that matches twice does not", []Candidate{
			countedCand(ByCSS("#id-skip-to-button"), 1),
			countedCand(long, 2),
		}, "#id-skip-to-button"},
	}
	for _, tc := range tests {
		best, _ := Choose(tc.cands)
		if got := best.Locator.Internal(); got != tc.want {
			t.Errorf("%s: chose %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestProposeShortForms: the page's short forms of a long name, label and
// text are proposed in the default (substring) form, and win over the whole
// text once counted unique, carrying no flags.
func TestProposeShortForms(t *testing.T) {
	t.Parallel()
	f := Facts{
		Element:    Element{Tag: "input", Attrs: map[string]string{"type": "radio"}},
		Role:       "radio",
		Name:       "Express (next day) — $14.99",
		Label:      "Express (next day) — $14.99",
		ShortName:  "Express (next day)",
		ShortLabel: "Express (next day)",
	}
	cands := Propose(f)
	want := map[string]bool{
		`internal:role=radio[name="Express (next day)"i]`: false,
		`internal:label="Express (next day)"i`:            false,
	}
	for i := range cands {
		k := cands[i].Locator.Internal()
		if _, ok := want[k]; ok {
			want[k] = true
		}
		cands[i].Matches = 1
	}
	for k, seen := range want {
		if !seen {
			t.Errorf("Propose lacks %s", k)
		}
	}
	best, _ := Choose(cands)
	if got := best.Locator.Internal(); got != `internal:role=radio[name="Express (next day)"i]` {
		t.Errorf("chose %s, want the short role name", got)
	}
	if len(best.Flags) != 0 {
		t.Errorf("short name flagged %v", best.Flags)
	}

	// A container told by a distinguishing text is not matched by its
	// text's short form either.
	c := Facts{Element: Element{Tag: "section"}, Text: "About This Example The below example shows", ShortText: "About This Example", Distinct: "About This Example"}
	for _, cand := range Propose(c) {
		if cand.Locator.Internal() == `internal:text="About This Example"i` {
			t.Errorf("container proposed by its short text: %s", cand.Locator.Internal())
		}
	}
}

// TestParentChain: an anchored chain is scoped (not standalone, not
// positional), stands on its target's rung and carries no flag.
func TestParentChain(t *testing.T) {
	t.Parallel()
	l := ByRole("button", "Add to cart", false).Within(ByText("Linen notebook", false).Parent())
	if err := l.Validate(); err != nil {
		t.Fatal(err)
	}
	if got := RungOf(l); got != RungRole {
		t.Errorf("rung %s, want role", got)
	}
	if f := Durability(l); len(f) != 0 {
		t.Errorf("flags %v", f)
	}
	if form(l) != 1 {
		t.Errorf("form %d, want 1 (scoped)", form(l))
	}
	if got, want := l.Code(JavaScript), `getByText('Linen notebook').locator('..').getByRole('button', { name: 'Add to cart' })`; got != want {
		t.Errorf("code %s, want %s", got, want)
	}
	if err := (Locator{Parts: []Part{{Kind: KindParent}}}).Validate(); err == nil {
		t.Error("a chain starting with a parent step validated")
	}
}
