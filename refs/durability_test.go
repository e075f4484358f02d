package refs

import (
	"slices"
	"testing"
)

func TestLooksGenerated(t *testing.T) {
	t.Parallel()
	generated := []string{
		":r1:", ":R2ab:", "«r0»", "_r_5_",
		"css-1x2y3z", "css-1j8o68f-Button", "sc-aXZVg", "sc-bdVaJa", "bZkfAO", "kDdWkp",
		"jsx-123456", "jsx-3", "svelte-1xyz8ab", "astro-J7PV25F6",
		"ember123", "ext-gen1234", "ext-comp-1001", "yui_3_5_1_1_1234", "jss12", "makeStyles-root-12",
		"ng-tns-c12-3", "_ngcontent-abc-c42",
		"Button_primary__3xY7z", "card___aBcDe", "_1a2b3c",
		"550e8400-e29b-41d4-a716-446655440000", "item-48213", "a1b2c3d4e5", "deadbeef01",
		"12345", "7", "input-0f3c9a", "x8k2a", "kDdWkpAbXq",
	}
	stable := []string{
		"submit", "btn-primary", "navbar", "MuiButton-root", "MuiButtonBase-root", "login-form",
		"main-content", "col-md-6", "h1", "nav__item--active", "btn", "iPhone", "myNavBar",
		"getURL", "searchInput", "user-menu", "is-active", "w-full", "md:flex", "hover:bg-blue-500",
		"grid-cols-12", "px-4", "text-2xl", "ArrowLeft", "data-grid", "footer", "email", "password",
		"signup_form", "nav__title", "card__Image", "x-large", "v2", "css-grid", "html5", "add-to-cart", "ProductCard",
		"checkoutButton", "mp4", "", "  ",
	}
	for _, s := range generated {
		if !LooksGenerated(s) {
			t.Errorf("LooksGenerated(%q) = false, want true", s)
		}
	}
	for _, s := range stable {
		if LooksGenerated(s) {
			t.Errorf("LooksGenerated(%q) = true, want false", s)
		}
	}
}

func TestDurability(t *testing.T) {
	t.Parallel()
	tests := []struct {
		loc  Locator
		want []Flag
	}{
		{ByRole("button", "Submit", false), nil},
		{ByText("$19.99", false), []Flag{FlagDigits}},
		{ByText("3 items", true), []Flag{FlagDigits}},
		{ByLabel("Due 2024-05-01", false), []Flag{FlagDigits}},
		{ByText("٣ عناصر", false), []Flag{FlagDigits}}, // Arabic-Indic digit
		{ByText("By continuing you agree to our terms", false), []Flag{FlagLongText}},
		{ByText("An extraordinarily long single-word-ish label text", false), []Flag{FlagLongText}},
		{ByRole("link", "Order #12345 shipped on May 1 2024 to you", false), []Flag{FlagDigits, FlagLongText}},
		{ByRole("listitem", "", false).Nth(2), []Flag{FlagPosition}},
		{ByCSS("#css-1x2y3z"), []Flag{FlagGeneratedID}},
		{ByCSS(`[id=":r1:"]`), []Flag{FlagGeneratedID}},
		{ByCSS("button.sc-aXZVg.primary"), []Flag{FlagGeneratedClass}},
		{ByCSS("li:nth-child(3) > a#ember42.jsx-123"), []Flag{FlagPosition, FlagGeneratedID, FlagGeneratedClass}},
		{ByCSS("#login-form input.field"), nil},
		{ByTestID("row-550e8400-e29b-41d4-a716-446655440000"), []Flag{FlagGeneratedID}},
		{ByTestID("submit"), nil},
		{ByText("Pay", false).InFrame("#frame-93847"), []Flag{FlagGeneratedID}},
		{ByText("Item 2", false).Within(ByCSS(".jsx-99")).Nth(0), []Flag{FlagPosition, FlagDigits, FlagGeneratedClass}},
		{ByRole("article", "", false).Filter("Blue mug"), nil},
		{ByRole("article", "", false).Filter("$12.00"), []Flag{FlagDigits}},
		{ByCSS("li").Filter("Blue mug $12.00 Add to cart now"), []Flag{FlagDigits, FlagLongText}},
		{ByRole("button", "Edit", false).Within(ByRole("row", "", false).Filter("Order 1234")), []Flag{FlagDigits}},
	}
	for _, tt := range tests {
		if got := Durability(tt.loc); !slices.Equal(got, tt.want) {
			t.Errorf("Durability(%s) = %v, want %v", tt.loc.Internal(), got, tt.want)
		}
	}
}

func TestOrderFlags(t *testing.T) {
	t.Parallel()
	got := orderFlags([]Flag{"custom", FlagGeneratedClass, FlagPosition, "custom", FlagPosition})
	want := []Flag{FlagPosition, FlagGeneratedClass, "custom"}
	if !slices.Equal(got, want) {
		t.Errorf("orderFlags = %v, want %v", got, want)
	}
}
