package browser

import (
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestFollow: live follow reads nothing new from a quiet page, the change
// (and only it) after a mutation, the held snapshot for a tree on screen
// that is older, and the new page after a navigation.
func TestFollow(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "duplicates.html")
	ctx := testContext(t, 30*time.Second)
	s0, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	follow := func(shown *refs.Snapshot) *refs.Snapshot {
		t.Helper()
		snap, v, err := b.Follow(ctx, "", shown)
		if err != nil {
			t.Fatal(err)
		}
		if v != "" {
			t.Errorf("a tab followed by refreshes: Follow returned version %q", v)
		}
		return snap
	}
	if s := follow(s0); s != nil {
		t.Fatalf("a quiet page: Follow read a new tree:\n%s", refs.Text(s.Root, refs.TextOptions{}))
	}
	btn := liveRef(t, s0.Root, "button", "Add to cart")
	if _, err := b.Evaluate(ctx, "", `() => { document.getElementById("status").textContent = "Followed"; }`); err != nil {
		t.Fatal(err)
	}
	s1 := follow(s0)
	if s1 == nil {
		t.Fatal("Follow read nothing after the status was written")
	}
	liveRef(t, s1.Root, "status", "")
	if !strings.Contains(refs.Text(s1.Root, refs.TextOptions{}), "Followed") {
		t.Errorf("the new status is not in the followed tree:\n%s", refs.Text(s1.Root, refs.TextOptions{}))
	}
	if got := liveRef(t, s1.Root, "button", "Add to cart"); got != btn {
		t.Errorf("the unchanged button's ref moved: %s, then %s", btn, got)
	}
	// Only the change was read: the button's node is the one read before.
	if s1.Root.Find(btn) != s0.Root.Find(btn) {
		t.Error("Follow read the unchanged button again (a full walk?)")
	}
	if s := follow(s1); s != nil {
		t.Errorf("no change since the last follow: Follow read a new tree")
	}
	if s := follow(s0); s == nil || s.Root != s1.Root {
		t.Errorf("an older tree on screen: Follow should return the tree it holds")
	}
	// A rule a script inserts through the CSSOM (no mutation, no event)
	// hides the status: the polls see it, the style sheets read in turns.
	if _, err := b.Evaluate(ctx, "", `() => { document.head.append(document.createElement("style")); }`); err != nil {
		t.Fatal(err)
	}
	cur := s1
	if s := follow(cur); s != nil {
		cur = s
	}
	if _, err := b.Evaluate(ctx, "", `() => { const sh = document.styleSheets[document.styleSheets.length - 1]; sh.insertRule("[role=status] { display: none }"); }`); err != nil {
		t.Fatal(err)
	}
	for hidden := false; !hidden; {
		if s := follow(cur); s != nil {
			cur = s
		}
		hidden = !strings.Contains(refs.Text(cur.Root, refs.TextOptions{}), "Followed")
		if !hidden && ctx.Err() != nil {
			t.Fatal("the polls never saw a style rule inserted through the CSSOM")
		}
	}
	open(t, b, srv, "form.html")
	s2 := follow(cur)
	if s2 == nil || !strings.HasSuffix(s2.URL, "/form.html") {
		t.Fatalf("after a navigation Follow returned %v", s2)
	}
}
