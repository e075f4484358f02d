package refs

import (
	"bytes"
	"encoding/json"
	"testing"
)

// emitCase is one row of the emitter table; the same rows feed the golden
// file and the comparison with Playwright.
type emitCase struct {
	name string
	loc  Locator
}

// tricky strings every text-bearing kind is tried with.
var trickyNames = []struct{ name, text string }{
	{"apostrophe", "Don't stop"},
	{"double-quote", `Say "hi"`},
	{"backslash", `C:\path\to`},
	{"newline", "two\nlines"},
	{"tab-cr", "a\tb\rc"},
	{"backtick-template", "`${total}` due"},
	{"all-quotes", `it's "x" \ ` + "`y`"},
	{"chevrons", "a >> b"},
	{"control", "bell\x07 nul\x00 esc\x1b del\x7f"},
	{"line-separator", "a\u2028b\u2029c"},
	{"arabic", "إرسال الطلب"},
	{"cjk", "提交订单"},
	{"emoji", "Pay 💳 now 👍🏽"},
	{"empty", ""},
	{"spaces", "  padded  "},
	{"invalid-utf8", "bad\xff\xfebyte"},
	{"bidi-trojan", "Pay\u202e \u2066x\u2069\u200f\u061c"},
	{"invisible", "zero\u200bwidth\u200d\u2060\ufeff\u00adsoft\U000e0041"},
	{"c1-del", "csi\u009b[2J del\x7f nel\u0085"},
}

func emitCases() []emitCase {
	cs := []emitCase{
		{"testid", ByTestID("submit-button")},
		{"testid-custom-attr", ByTestIDAttr("data-test", "checkout")},
		{"testid-default-attr-spelled", ByTestIDAttr("data-testid", "same")},
		{"testid-attr-with-comma", ByTestIDAttr("data-a,b", "x")},
		{"role-name", ByRole("button", "Submit", false)},
		{"role-name-exact", ByRole("button", "Submit", true)},
		{"role-no-name", ByRole("navigation", "", false)},
		{"role-empty-name-exact", ByRole("button", "", true)},
		{"role-level", ByRole("heading", "Intro", false).WithState(RoleState{Level: 2})},
		{"role-checked", ByRole("checkbox", "Remember me", false).WithState(RoleState{Checked: "true"})},
		{"role-unchecked-exact", ByRole("checkbox", "Remember me", true).WithState(RoleState{Checked: "false"})},
		{"role-mixed", ByRole("checkbox", "All", false).WithState(RoleState{Checked: "mixed"})},
		{"role-all-states", ByRole("treeitem", "Docs", true).WithState(RoleState{
			Checked: "true", Disabled: "false", Selected: "true", Expanded: "false", Level: 3, Pressed: "true"})},
		{"role-pressed-no-name", ByRole("button", "", false).WithState(RoleState{Pressed: "true"})},
		{"role-long-name", ByRole("menuitemcheckbox", "Show hidden files", false)},
		{"label", ByLabel("Email", false)},
		{"label-exact", ByLabel("Email", true)},
		{"placeholder", ByPlaceholder("Search…", false)},
		{"placeholder-exact", ByPlaceholder("name@example.com", true)},
		{"alt", ByAltText("Company logo", false)},
		{"alt-exact", ByAltText("Company logo", true)},
		{"title", ByTitle("Close dialog", false)},
		{"title-exact", ByTitle("Close dialog", true)},
		{"text", ByText("Welcome back", false)},
		{"text-exact", ByText("Welcome back", true)},
		{"css-id", ByCSS("#main")},
		{"css-attr", ByCSS(`#login-form input[name="email"]`)},
		{"css-quotes", ByCSS(`a[href="/it's"] > span[data-x="a\"b"]`)},
		{"css-trimmed", ByCSS("  div.card  ")},
		{"nth", ByRole("listitem", "", false).Nth(2)},
		{"first", ByText("Item", false).Nth(0)},
		{"last", ByCSS("li").Nth(-1)},
		{"scoped-testid", ByRole("button", "Add to cart", false).Within(ByTestID("product-42"))},
		{"scoped-exact-java-locator-class", ByText("Pay", true).Within(ByCSS("form"))},
		{"scoped-role-in-role", ByRole("link", "Edit", false).Within(ByRole("row", "Alice", false))},
		{"scoped-then-nth", ByRole("button", "Delete", false).Within(ByRole("dialog", "", false)).Nth(1)},
		{"css-chain", ByCSS("span").Within(ByCSS("div"))},
		{"frame", ByRole("button", "Pay", false).InFrame(`iframe[title="Payment"]`)},
		{"frame-exact", ByLabel("Card number", true).InFrame("#card-frame")},
		{"frame-role-options", ByRole("heading", "Checkout", true).WithState(RoleState{Level: 1}).InFrame("iframe")},
		{"frames-nested", ByLabel("CVC", true).InFrame("#inner").InFrame(`iframe[name="outer"]`)},
		{"frame-first", ByText("Terms", false).Nth(0).InFrame("iframe.terms")},
		{"frame-css", ByCSS("button.primary").InFrame("iframe")},
		{"filter-role", ByRole("article", "", false).Filter("Blue mug")},
		{"filter-css", ByCSS("article").Filter("Blue mug")},
		{"filter-css-class", ByCSS("li.card").Filter("Linen notebook")},
		{"filter-then-scoped", ByRole("button", "Add to cart", false).Within(ByRole("article", "", false).Filter("Blue mug"))},
		{"filter-css-then-scoped", ByText("Edit", true).Within(ByCSS("tr").Filter("Ada Lovelace"))},
		{"filter-twice", ByRole("row", "", false).Filter("Ada").Filter("Owner")},
		{"filter-then-nth", ByRole("listitem", "", false).Filter("Blue").Nth(1)},
		{"nth-then-filter", ByRole("listitem", "", false).Nth(-1).Filter("Blue")},
		{"filter-in-frame", ByRole("button", "Pay", false).Within(ByRole("group", "", false).Filter("Card")).InFrame("#pay")},
		{"filter-after-testid", ByTestID("product").Filter("Brass pen")},
		{"parent-anchored", ByRole("button", "Add to cart", false).Within(ByText("Linen notebook", false).Parent())},
		{"parent-twice", ByText("Details", false).Within(ByText("Blue mug", false).Parent().Parent())},
	}
	for _, tn := range trickyNames {
		cs = append(cs,
			emitCase{"role/" + tn.name, ByRole("button", tn.text, false)},
			emitCase{"role-exact/" + tn.name, ByRole("button", tn.text, true)},
			emitCase{"testid/" + tn.name, ByTestID(tn.text)},
			emitCase{"label/" + tn.name, ByLabel(tn.text, false)},
			emitCase{"placeholder/" + tn.name, ByPlaceholder(tn.text, true)},
			emitCase{"alt/" + tn.name, ByAltText(tn.text, false)},
			emitCase{"title/" + tn.name, ByTitle(tn.text, true)},
			emitCase{"text/" + tn.name, ByText(tn.text, false)},
			emitCase{"text-exact/" + tn.name, ByText(tn.text, true)},
			emitCase{"filter/" + tn.name, ByRole("listitem", "", false).Filter(tn.text)},
			emitCase{"filter-css/" + tn.name, ByCSS("li").Filter(tn.text)},
		)
	}
	return cs
}

type emitted struct {
	Name       string `json:"name"`
	Internal   string `json:"internal"`
	JavaScript string `json:"javascript"`
	Python     string `json:"python"`
	Java       string `json:"java"`
	CSharp     string `json:"csharp"`
}

func emitAll(c emitCase) emitted {
	return emitted{
		Name:       c.name,
		Internal:   c.loc.Internal(),
		JavaScript: c.loc.Code(JavaScript),
		Python:     c.loc.Code(Python),
		Java:       c.loc.Code(Java),
		CSharp:     c.loc.Code(CSharp),
	}
}

func indentedJSON(t *testing.T, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestEmitGolden(t *testing.T) {
	t.Parallel()
	var out []emitted
	for _, c := range emitCases() {
		if err := c.loc.Validate(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		out = append(out, emitAll(c))
	}
	goldenFile(t, "locators/emit.json", indentedJSON(t, out))
}

// Hand-checked spot values, so a wrong -update cannot silently bless a
// regression in the forms users see most.
func TestEmitSpot(t *testing.T) {
	t.Parallel()
	tests := []struct {
		loc  Locator
		want emitted
	}{
		{ByRole("button", "Submit", false), emitted{
			Internal:   `internal:role=button[name="Submit"i]`,
			JavaScript: `getByRole('button', { name: 'Submit' })`,
			Python:     `get_by_role("button", name="Submit")`,
			Java:       `getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Submit"))`,
			CSharp:     `GetByRole(AriaRole.Button, new() { Name = "Submit" })`,
		}},
		{ByText("Pay", true).InFrame(`iframe[title="Payment"]`).Nth(-1), emitted{
			Internal:   `iframe[title="Payment"] >> internal:control=enter-frame >> internal:text="Pay"s >> nth=-1`,
			JavaScript: `locator('iframe[title="Payment"]').contentFrame().getByText('Pay', { exact: true }).last()`,
			Python:     `locator("iframe[title=\"Payment\"]").content_frame.get_by_text("Pay", exact=True).last`,
			Java:       `locator("iframe[title=\"Payment\"]").contentFrame().getByText("Pay", new FrameLocator.GetByTextOptions().setExact(true)).last()`,
			CSharp:     `Locator("iframe[title=\"Payment\"]").ContentFrame.GetByText("Pay", new() { Exact = true }).Last`,
		}},
		{ByTestIDAttr("data-test", "it's"), emitted{
			Internal:   `internal:testid=[data-test="it's"s]`,
			JavaScript: `getByTestId('it\'s')`,
			Python:     `get_by_test_id("it's")`,
			Java:       `getByTestId("it's")`,
			CSharp:     `GetByTestId("it's")`,
		}},
		{ByRole("article", "", false).Filter("Blue mug"), emitted{
			Internal:   `internal:role=article >> internal:has-text="Blue mug"i`,
			JavaScript: `getByRole('article').filter({ hasText: 'Blue mug' })`,
			Python:     `get_by_role("article").filter(has_text="Blue mug")`,
			Java:       `getByRole(AriaRole.ARTICLE).filter(new Locator.FilterOptions().setHasText("Blue mug"))`,
			CSharp:     `GetByRole(AriaRole.Article).Filter(new() { HasText = "Blue mug" })`,
		}},
		{ByRole("button", "Add to cart", false).Within(ByCSS("tr").Filter(`Ada's "row"`)), emitted{
			Internal:   `tr >> internal:has-text="Ada's \"row\""i >> internal:role=button[name="Add to cart"i]`,
			JavaScript: `locator('tr').filter({ hasText: 'Ada\'s "row"' }).getByRole('button', { name: 'Add to cart' })`,
			Python:     `locator("tr").filter(has_text="Ada's \"row\"").get_by_role("button", name="Add to cart")`,
			Java:       `locator("tr").filter(new Locator.FilterOptions().setHasText("Ada's \"row\"")).getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Add to cart"))`,
			CSharp:     `Locator("tr").Filter(new() { HasText = "Ada's \"row\"" }).GetByRole(AriaRole.Button, new() { Name = "Add to cart" })`,
		}},
		{ByPlaceholder("a\"b\\c\n", false), emitted{
			Internal:   "internal:attr=[placeholder=\"a\\\"b\\\\c\n\"i]",
			JavaScript: `getByPlaceholder('a"b\\c\n')`,
			Python:     `get_by_placeholder("a\"b\\c\n")`,
			Java:       `getByPlaceholder("a\"b\\c\n")`,
			CSharp:     `GetByPlaceholder("a\"b\\c\n")`,
		}},
	}
	for _, tt := range tests {
		got := emitAll(emitCase{loc: tt.loc})
		got.Name = ""
		if got != tt.want {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.loc.Internal(), got, tt.want)
		}
	}
}

func TestLocatorJSON(t *testing.T) {
	t.Parallel()
	locs := []Locator{
		ByRole("heading", "Intro", true).WithState(RoleState{Level: 2}),
		ByTestIDAttr("data-test", "x").Nth(0),
		ByLabel("Card", false).InFrame("#pay"),
	}
	data := indentedJSON(t, locs)
	goldenFile(t, "locators/locator.json", data)
	var back []Locator
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	for i := range locs {
		if !back[i].Equal(locs[i]) {
			t.Errorf("round trip %d: got %+v, want %+v", i, back[i], locs[i])
		}
	}
}
