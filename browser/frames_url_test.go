package browser

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestFramePaths walks a frame tree by index path (a DevTools step's
// "frame") and by URL (its out-of-process "target").
func TestFramePaths(t *testing.T) {
	t.Parallel()
	leaf := func(id, url string) *page.FrameTree {
		return &page.FrameTree{Frame: &cdp.Frame{ID: cdp.FrameID(id), URL: url}}
	}
	coupon := leaf("coupon", "https://shop.example/coupon.html")
	tree := &page.FrameTree{Frame: &cdp.Frame{ID: "main", URL: "https://shop.example/"}, ChildFrames: []*page.FrameTree{
		leaf("news", "https://news.example/"),
		{Frame: &cdp.Frame{ID: "checkout", URL: "https://shop.example/checkout.html"}, ChildFrames: []*page.FrameTree{coupon}},
	}}
	if got, err := frameAt(tree, []int{1, 0}); err != nil || got != coupon {
		t.Errorf("frameAt [1 0] = %v, %v; want the coupon frame", got, err)
	}
	if got, err := frameAt(tree, nil); err != nil || got != tree {
		t.Errorf("frameAt [] = %v, %v; want the main frame", got, err)
	}
	_, err := frameAt(tree, []int{1, 3})
	if refs.CodeOf(err) != refs.CodeFrameDetached || !strings.Contains(err.Error(), "frame [1] has 1 child frames") {
		t.Errorf("frameAt [1 3]: %v", err)
	}
	if p, ok := frameWithURL(tree, "https://shop.example/coupon.html"); !ok || !slices.Equal(p, []int{1, 0}) {
		t.Errorf("frameWithURL coupon = %v, %v; want [1 0]", p, ok)
	}
	if _, ok := frameWithURL(tree, "https://shop.example/"); ok {
		t.Error("the main frame is not a child frame")
	}
}
