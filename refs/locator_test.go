package refs

import (
	"errors"
	"slices"
	"testing"
)

func TestParseLang(t *testing.T) {
	t.Parallel()
	tests := map[string]Lang{
		"js": JavaScript, "JavaScript": JavaScript, "ts": JavaScript, "typescript": JavaScript,
		"python": Python, "py": Python, " PY ": Python,
		"java":   Java,
		"csharp": CSharp, "cs": CSharp, "C#": CSharp,
	}
	for in, want := range tests {
		if got, err := ParseLang(in); err != nil || got != want {
			t.Errorf("ParseLang(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "go", "rust", "c"} {
		if got, err := ParseLang(bad); err == nil {
			t.Errorf("ParseLang(%q) = %q, want an error", bad, got)
		}
	}
	for _, l := range Langs() {
		if got, err := ParseLang(string(l)); err != nil || got != l {
			t.Errorf("ParseLang(%q) = %q, %v", l, got, err)
		}
	}
}

func TestChaining(t *testing.T) {
	t.Parallel()
	base := ByRole("button", "OK", false)
	scoped := base.Within(ByTestID("dialog"))
	framed := scoped.InFrame("#inner").InFrame("#outer")
	last := framed.Nth(-1)
	if got, want := last.Internal(), `#outer >> internal:control=enter-frame >> #inner >> internal:control=enter-frame >> internal:testid=[data-testid="dialog"s] >> internal:role=button[name="OK"i] >> nth=-1`; got != want {
		t.Errorf("Internal = %s\nwant       %s", got, want)
	}
	// Building on a locator never changes it.
	if len(base.Parts) != 1 || len(scoped.Parts) != 2 || len(framed.Parts) != 4 {
		t.Errorf("a builder changed its receiver: %d %d %d parts", len(base.Parts), len(scoped.Parts), len(framed.Parts))
	}
	h := ByRole("heading", "Intro", false)
	h2 := h.WithState(RoleState{Level: 2})
	if h.Parts[0].Level != 0 || h2.Parts[0].Level != 2 {
		t.Errorf("WithState changed its receiver or did not apply")
	}
	if tgt := last.Target(); tgt.Kind != KindRole || tgt.Text != "OK" {
		t.Errorf("Target = %+v", tgt)
	}
	card := ByRole("article", "", false).Filter("Blue mug")
	if tgt := card.Target(); tgt.Kind != KindRole || tgt.Role != "article" || RungOf(card) != RungText {
		t.Errorf("Target of a filtered locator = %+v, want the article part, on the text rung", tgt)
	}
	for _, tt := range []struct {
		l    Locator
		want Rung
	}{
		{ByRole("row", "Ada", false).Filter("Owner"), RungRole},
		{ByCSS("li").Filter("Blue"), RungCSS},
		{ByRole("button", "OK", false).Within(card), RungRole},
		{ByRole("listitem", "", false).Filter("Blue").Nth(0), RungText},
		{ByRole("listitem", "", false).Nth(0), RungRole},
	} {
		if got := RungOf(tt.l); got != tt.want {
			t.Errorf("RungOf(%s) = %s, want %s", tt.l, got, tt.want)
		}
	}
	if got, want := card.Filter("x").Internal(), `internal:role=article >> internal:has-text="Blue mug"i >> internal:has-text="x"i`; got != want || len(card.Parts) != 2 {
		t.Errorf("Filter = %s, want %s, receiver unchanged", got, want)
	}
	if !last.Equal(framed.Nth(-1)) || last.Equal(framed) {
		t.Errorf("Equal is wrong")
	}
	if (Locator{}).Internal() != "" || (Locator{}).Code(Python) != "" || !(Locator{}).IsZero() {
		t.Errorf("zero Locator should emit nothing")
	}
	if ByTestIDAttr(DefaultTestIDAttr, "x").Parts[0].Attr != "" {
		t.Errorf("the default test id attribute should be stored as empty")
	}
	if base.Code("cobol") != "" {
		t.Errorf("unknown language should emit nothing")
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	bad := []Locator{
		{},
		ByRole("", "x", false),
		ByRole("menu item", "x", false),
		ByRole("checkbox", "x", false).WithState(RoleState{Checked: "yes"}),
		ByRole("button", "x", false).WithState(RoleState{Disabled: "mixed"}),
		ByText("x", false).WithState(RoleState{Level: 1}),
		ByCSS(" "),
		ByCSS("div >> span"),
		ByCSS("text=Hello"),
		ByCSS("//div"),
		ByCSS(`"quoted"`),
		{Parts: []Part{{Kind: KindNth, Nth: 1}}},
		{Parts: []Part{{Kind: KindFrame, CSS: "iframe"}}},
		{Parts: []Part{{Kind: KindFrame, CSS: "iframe"}, {Kind: KindNth}}},
		{Parts: []Part{{Kind: "xpath", CSS: "//a"}}},
		{Parts: []Part{{Kind: KindFilter, Text: "x"}}},
		ByText("x", false).InFrame("iframe").Within(one(Part{Kind: KindFilter, Text: "y"})),
		{Parts: []Part{{Kind: KindCSS, CSS: "li"}, {Kind: KindFilter, Text: "x", Exact: true}}},
		{Parts: []Part{{Kind: KindCSS, CSS: "li"}, {Kind: KindFilter, Text: "x", RoleState: RoleState{Level: 1}}}},
	}
	for i, l := range bad {
		if err := l.Validate(); !errors.Is(err, ErrInvalidLocator) {
			t.Errorf("case %d: Validate(%+v) = %v, want ErrInvalidLocator", i, l, err)
		}
	}
	good := []Locator{
		ByCSS(`a[href="x=y"]`),
		ByCSS(`input:not([type=hidden])`),
		ByRole("checkbox", "", false).WithState(RoleState{Checked: "mixed", Level: 0}),
		ByText("x", false).InFrame("iframe").Within(ByCSS("div")).Nth(0).InFrame("f"),
		ByRole("article", "", false).Filter("Blue mug").Filter("").Nth(0).Filter("x"),
		ByRole("button", "OK", false).Within(ByCSS("li").Filter("Row")).InFrame("iframe"),
	}
	for _, l := range good {
		if err := l.Validate(); err != nil {
			t.Errorf("Validate(%s) = %v", l, err)
		}
	}
}

func TestCounted(t *testing.T) {
	t.Parallel()
	drafts := ByRole("list", "Drafts", false).then(Part{Kind: KindRole, Role: "listitem"})
	card := ByRole("article", "", false).Filter("Linen notebook")
	add := ByRole("button", "Add to cart", false)
	frame := Locator{}.InFrame("#pay")
	for _, tc := range []struct {
		in   Locator
		want string
	}{
		{drafts.Nth(1), "getByRole('list', { name: 'Drafts' }).getByRole('listitem')"},
		{card, "getByRole('article')"},
		{card.then(add.Parts[0]), "getByRole('button', { name: 'Add to cart' })"},
		{add, "getByRole('button', { name: 'Add to cart' })"},
		{add.Nth(2), "getByRole('button', { name: 'Add to cart' })"},
		{Locator{Parts: append(slices.Clone(frame.Parts), card.then(add.Parts[0]).Parts...)}, "locator('#pay').contentFrame().getByRole('button', { name: 'Add to cart' })"},
		{ByText("Ada", false).Parent(), "getByText('Ada').locator('..')"},
	} {
		if got := tc.in.Counted().Code(JavaScript); got != tc.want {
			t.Errorf("%s: counted %s, want %s", tc.in.Code(JavaScript), got, tc.want)
		}
	}
}
