package browser

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestClickRerenderedBetweenPressAndRelease: a list re-renders between the
// mouse's press and its release (rerender-press.html), so the browser
// drops the click (the pressed element is gone). The click must still
// land, on the element the ref heals to, once, and not report success for
// a click that never happened.
func TestClickRerenderedBetweenPressAndRelease(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "rerender-press.html")
	ctx := testContext(t, 30*time.Second)
	snap, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var likes []string
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Role == "button" && n.Name == "Like" {
			likes = append(likes, n.Ref)
		}
		return true
	})
	if len(likes) != 2 {
		t.Fatalf("want 2 Like buttons, got %v", likes)
	}
	res, err := b.Click(ctx, likes[1], ActionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	status, clicks := pressPage(t, b)
	if status != "Likes: 1 (last: Map the corridors)" || len(clicks) != 1 {
		t.Errorf("the page shows %q after clicks on %v; want one like of the second idea", status, clicks)
	}
	if !res.Healed {
		t.Error("the click on a re-rendered button should report its ref healed")
	}

	// A page that replaces the button at every press can never be
	// clicked: a coded error, not a success.
	open(t, b, srv, "rerender-press.html?every")
	snap, err = b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	like := liveRef(t, snap.Root, "button", "Like")
	_, err = b.Click(ctx, like, ActionOptions{})
	if refs.CodeOf(err) != refs.CodeTimeout || !strings.Contains(fmt.Sprint(err), "dropped each click") {
		t.Errorf("a button replaced at every press: got %v, want a timeout that says the clicks were dropped", err)
	}
	if status, clicks := pressPage(t, b); status != "Likes: 0" || len(clicks) != 0 {
		t.Errorf("the page shows %q after clicks on %v; want none", status, clicks)
	}

	// A button that acts on the press and removes itself is not pressed
	// again: nothing heals it, and the click did what it does.
	if err := clickOn(t, b, srv, "rerender-press.html?menu", "Pick"); err != nil {
		t.Errorf("a button that acts on the press and goes: %v", err)
	}
	if status, _ := pressPage(t, b); status != "Picked 1" {
		t.Errorf("the page shows %q, want one pick", status)
	}

	// Buttons that act on the press and leave equals behind: the page
	// changed more than a re-render, so nothing is pressed again.
	if err := clickOn(t, b, srv, "rerender-press.html?dismiss", "Dismiss"); err != nil {
		t.Errorf("buttons that act on the press and leave equals behind: %v", err)
	}
	if status, _ := pressPage(t, b); status != "Dismissed 1" {
		t.Errorf("the page shows %q, want one notice dismissed", status)
	}

	// A re-render inside a shadow root is seen too (the host stays).
	if err := clickOn(t, b, srv, "rerender-press.html?shadow", "Shadow like"); err != nil {
		t.Fatal(err)
	}
	if status, _ := pressPage(t, b); status != "Shadow likes: 1" {
		t.Errorf("the page shows %q, want one like in the shadow root", status)
	}
}

// pressPage reads rerender-press.html's status and the clicks it saw.
func pressPage(t *testing.T, b *Browser) (string, []string) {
	t.Helper()
	raw, err := b.Evaluate(testContext(t, 10*time.Second), "", `() => [document.getElementById("status").textContent, window.clicks]`)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Status string
		Clicks []string
	}
	var parts []json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil || len(parts) != 2 || json.Unmarshal(parts[0], &got.Status) != nil || json.Unmarshal(parts[1], &got.Clicks) != nil {
		t.Fatalf("reading the page: %s (%v)", raw, err)
	}
	return got.Status, got.Clicks
}

// clickOn opens page, snapshots it and clicks its button named name.
func clickOn(t *testing.T, b *Browser, srv *httptest.Server, page, name string) error {
	t.Helper()
	open(t, b, srv, page)
	ctx := testContext(t, 30*time.Second)
	snap, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.Click(ctx, liveRef(t, snap.Root, "button", name), ActionOptions{})
	return err
}
