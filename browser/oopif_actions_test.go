package browser

import (
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// oopifPage opens iframe-cross.html on a site-isolating browser with
// its payment frame (frame-inner.html, or page) served from the other
// loopback name: a cross-site frame, in a process and target of its own.
func oopifPage(t *testing.T, page string) (*Browser, string) {
	t.Helper()
	b := siteIsolatedBrowser(t)
	srv := servePages(t)
	inner := servePages(t)
	innerURL := strings.Replace(inner.URL, "127.0.0.1", "localhost", 1) + "/" + page
	open(t, b, srv, "iframe-cross.html?src="+innerURL)
	return b, innerURL
}

// TestOOPIFFillAndClick fills the card number and clicks Pay in an
// out-of-process frame, by the refs of its snapshot; the frame's status
// says what was paid.
func TestOOPIFFillAndClick(t *testing.T) {
	b, _ := oopifPage(t, "frame-inner.html")
	ctx := testContext(t, 60*time.Second)
	snap := snapshotUntil(t, b, func(s *refs.Snapshot) bool { return has(s.Root, "", "button", "Pay") })
	card := findNode(t, snap.Root, "textbox", "Card number")
	pay := findNode(t, snap.Root, "button", "Pay")
	if _, err := b.Fill(ctx, card.Ref, "4242 4242", ActionOptions{}); err != nil {
		t.Fatalf("fill %s: %v", card.Ref, err)
	}
	if _, err := b.Click(ctx, pay.Ref, ActionOptions{}); err != nil {
		t.Fatalf("click %s: %v", pay.Ref, err)
	}
	waitStatus(t, b, pay.Frame, "Paid: 4242 4242")
}

// snapshotUntil polls snapshots of the current tab until ok holds for one.
func snapshotUntil(t *testing.T, b *Browser, ok func(*refs.Snapshot) bool) *refs.Snapshot {
	t.Helper()
	ctx := testContext(t, 30*time.Second)
	for {
		snap, err := b.Snapshot(ctx)
		if snap != nil && len(snap.Problems) > 0 {
			t.Logf("snapshot problems: %v", snap.Problems)
		}
		if err == nil && ok(snap) {
			return snap
		}
		if ctx.Err() != nil {
			if snap != nil {
				t.Fatalf("the snapshot never got there: %v %v\n%s", err, snap.Problems, refs.Text(snap.Root, refs.TextOptions{}))
			}
			t.Fatalf("the snapshot never got there: %v", err)
		}
		if sleep(ctx, 50*time.Millisecond) != nil {
			t.Fatal(ctx.Err())
		}
	}
}

// has says whether root holds a node with role and name in frame ("":
// any frame).
func has(root *refs.Node, frame, role, name string) bool {
	found := false
	root.Walk(func(n *refs.Node, _ int) bool {
		found = found || (n.Role == role && n.Name == name && (frame == "" || n.Frame == frame))
		return !found
	})
	return found
}

// statusText is the text of the first status of frame, or "".
func statusText(root *refs.Node, frame string) string {
	var text []string
	done := false
	root.Walk(func(n *refs.Node, _ int) bool {
		if done || n.Role != "status" || n.Frame != frame {
			return !done
		}
		done = true
		for _, c := range n.Children {
			if c.IsText() {
				text = append(text, c.Name)
			}
		}
		return false
	})
	return strings.Join(text, " ")
}

// waitStatus polls snapshots until the status of frame reads text.
func waitStatus(t *testing.T, b *Browser, frame, text string) {
	t.Helper()
	snapshotUntil(t, b, func(s *refs.Snapshot) bool { return statusText(s.Root, frame) == text })
}
