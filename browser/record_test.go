package browser

import (
	"context"
	"strings"
	"testing"
	"time"
)

// next waits for the next report of what the "user" did; CDP input is
// trusted, so Ariadne's own actions stand in for the user here.
func nextUser(t *testing.T, ch <-chan UserAction) UserAction {
	t.Helper()
	select {
	case ua := <-ch:
		return ua
	case <-time.After(10 * time.Second):
		t.Fatal("no report from the window")
	}
	return UserAction{}
}

func TestWatchUserReportsWhatHappensInTheWindow(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	open(t, b, srv, "form.html")
	ch, err := b.WatchUser(ctx)
	if err != nil {
		t.Fatal(err)
	}
	email := refOf(t, b, "textbox", "Email", 0)
	if _, err := b.Type(ctx, email, "ada@example.com", ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Press(ctx, email, "Enter", ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	fill := nextUser(t, ch)
	if fill.Kind != "fill" || fill.Value != "ada@example.com" || fill.Locators.Best.Locator.IsZero() || fill.Locators.Name != "Email" {
		t.Fatalf("fill report %+v", fill)
	}
	if press := nextUser(t, ch); press.Kind != "press" || press.Key != "Enter" || press.Ref != email {
		t.Fatalf("press report %+v", press)
	}
	pw := refOf(t, b, "textbox", "Password", 0)
	b.Type(ctx, pw, "x", ActionOptions{})
	b.Press(ctx, pw, "Tab", ActionOptions{})
	if r := nextUser(t, ch); r.Kind != "fill" || !r.Password {
		t.Fatalf("password report %+v", r)
	}
	nextUser(t, ch) // the Tab
	remember := refOf(t, b, "checkbox", "Remember me", 0)
	if _, err := b.Click(ctx, remember, ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	if r := nextUser(t, ch); r.Kind != "check" || r.Ref != remember {
		t.Fatalf("check report %+v", r)
	}
	submit := refOf(t, b, "button", "Sign in", 0)
	if _, err := b.Click(ctx, submit, ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	if r := nextUser(t, ch); r.Kind != "click" || r.Ref != submit || !strings.Contains(r.Locators.Best.Locator.String(), "Sign in") {
		t.Fatalf("click report %+v", r)
	}

	// A link that leaves the page is still located.
	open(t, b, srv, "navigate.html")
	next := refOf(t, b, "link", "Next page", 0)
	if _, err := b.Click(ctx, next, ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	r := nextUser(t, ch)
	if r.Kind != "click" || r.Err != nil || !strings.Contains(r.Locators.Best.Locator.String(), "Next page") {
		t.Fatalf("link report %+v", r)
	}
	if !strings.HasSuffix(r.URL, "/navigate.html") && !strings.HasSuffix(r.URL, "/navigate2.html") {
		t.Errorf("link report URL %q", r.URL)
	}
}
