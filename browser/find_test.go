package browser

import (
	"slices"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

func TestFindMatchesLikePlaywright(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	ctx := testContext(t, 60*time.Second)
	frame := func(l refs.Locator) refs.Locator { return l.InFrame(`iframe[title="Payment"]`) }
	article := refs.ByRole("article", "", false)
	tests := []struct {
		page string
		loc  refs.Locator
		want []string // role and name of each match, "" for one with no ref
	}{
		{"form.html", refs.ByLabel("Email", false), []string{"textbox Email"}},
		{"form.html", refs.ByLabel("email", true), nil},
		{"form.html", refs.ByRole("radio", "", false), []string{"radio Free", "radio Pro", "radio Team"}},
		{"form.html", refs.ByRole("button", "Sign in", false), []string{"button Sign in with SSO", "button Sign in"}},
		{"form.html", refs.ByRole("button", "Sign in", true), []string{"button Sign in"}},
		{"form.html", refs.ByCSS("#country"), []string{"combobox Country"}},
		{"form.html", refs.ByPlaceholder("Nickname", true), []string{"textbox Nickname"}},
		{"duplicates.html", refs.ByRole("button", "Add to cart", false), []string{"button Add to cart", "button Add to cart", "button Add to cart"}},
		{"duplicates.html", refs.ByRole("button", "Add to cart", false).Within(article.Nth(1)), []string{"button Add to cart"}},
		{"iframe.html", frame(refs.ByLabel("Card number", false)), []string{"textbox Card number"}},
		{"iframe.html", frame(refs.ByRole("button", "Pay", true)), []string{"button Pay"}},
		{"iframe.html", refs.ByRole("button", "Pay", true), nil},
		{"iframe.html", refs.ByLabel("Card number", false).InFrame("iframe.missing"), nil},
		{"hidden.html", refs.ByCSS("#display-none"), []string{""}},
	}
	for _, tc := range tests {
		open(t, b, srv, tc.page)
		got, err := b.Find(ctx, 0, tc.loc)
		if err != nil {
			t.Errorf("%s: Find(%s): %v", tc.page, tc.loc, err)
			continue
		}
		var names []string
		for _, ref := range got {
			if ref == "" {
				names = append(names, "")
				continue
			}
			e, err := b.Refs().Lookup(ref)
			if err != nil {
				t.Fatal(err)
			}
			names = append(names, e.Role+" "+e.Name)
		}
		if !slices.Equal(names, tc.want) {
			t.Errorf("%s: Find(%s) = %q, want %q", tc.page, tc.loc, names, tc.want)
		}
	}
}

func TestFindRefsAreTheSnapshotsRefs(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	ctx := testContext(t, 30*time.Second)
	open(t, b, srv, "form.html")
	email := refOf(t, b, "textbox", "Email", 0)
	got, err := b.Find(ctx, 1, refs.ByLabel("Email", false))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != email {
		t.Errorf("Find = %v, want [%s]", got, email)
	}
	bad := refs.ByRole("checkbox", "Remember me", false).WithState(refs.RoleState{Checked: "true"})
	many, err := b.FindEach(ctx, 0, []refs.Locator{refs.ByCSS("#email"), refs.ByCSS("#nope"), bad})
	if err != nil {
		t.Fatal(err)
	}
	if len(many) != 3 || !slices.Equal(many[0], []string{email}) || len(many[1]) != 0 || len(many[2]) != 0 {
		t.Errorf("FindEach = %v", many)
	}
	if _, err := b.Find(ctx, 5, refs.ByCSS("#email")); refs.CodeOf(err) != refs.CodeNoTab {
		t.Errorf("Find in tab 5: %v, want no_tab", err)
	}
	if _, err := b.Find(ctx, 0, bad); refs.CodeOf(err) != refs.CodeBadArgument {
		t.Errorf("Find with a role filter: %v, want bad_argument", err)
	}
}

func TestFindInfoAndState(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	ctx := testContext(t, 60*time.Second)
	open(t, b, srv, "form.html")
	pw := refOf(t, b, "textbox", "Password", 0)
	info, err := b.Info(ctx, pw)
	if err != nil {
		t.Fatal(err)
	}
	if !info.Password || info.Tag != "input" || info.FramePath != nil || info.URL != srv.URL+"/form.html" {
		t.Errorf("Info(password) = %+v", info)
	}
	email := refOf(t, b, "textbox", "Email", 0)
	if info, err := b.Info(ctx, email); err != nil || info.Password || info.Type != "email" {
		t.Errorf("Info(email) = %+v, %v", info, err)
	}
	comments := refOf(t, b, "textbox", "Comments", 0)
	if _, err := b.Fill(ctx, comments, "  two\nlines ", ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	st, err := b.State(ctx, comments)
	if err != nil {
		t.Fatal(err)
	}
	if st.Value == nil || *st.Value != "  two\nlines " || !st.Enabled || !st.Visible || st.Checked != nil {
		t.Errorf("State(comments) = %+v", st)
	}
	sso := refOf(t, b, "button", "Sign in with SSO", 0)
	if st, err := b.State(ctx, sso); err != nil || st.Enabled || st.Text != "Sign in with SSO" || st.Value != nil {
		t.Errorf("State(sso) = %+v, %v", st, err)
	}
	remember := refOf(t, b, "checkbox", "Remember me", 0)
	if _, err := b.SetChecked(ctx, remember, true, ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	if st, err := b.State(ctx, remember); err != nil || st.Checked == nil || !*st.Checked {
		t.Errorf("State(remember) = %+v, %v", st, err)
	}

	open(t, b, srv, "iframe.html")
	card := refOf(t, b, "textbox", "Card number", 0)
	info, err = b.Info(ctx, card)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(info.FramePath, []int{0}) || info.URL != srv.URL+"/iframe.html" {
		t.Errorf("Info(card in frame) = %+v", info)
	}
}
