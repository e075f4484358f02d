package browser

import (
	"context"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// Popups an action opens. The page's window.open creates the new target
// in the browser before the click's handler returns, but Ariadne learns of
// it from an event and attaches to it in the background, which on a loaded
// machine can take longer than any fixed wait. So an action lists the
// browser's page targets before it runs and, once it has settled, waits
// until every new one opened by one of our tabs is a tab (or is gone).

// popupTargets is the set of page targets opened by another page, as the
// browser lists them now; nil when it cannot say.
func (b *Browser) popupTargets(ctx context.Context) map[target.ID]bool {
	res, err := b.pageTargets(ctx)
	if err != nil {
		return nil
	}
	out := map[target.ID]bool{}
	for _, in := range res.TargetInfos {
		if in.Type == "page" && in.OpenerID != "" {
			out[in.TargetID] = true
		}
	}
	return out
}

// waitPopups waits (within ctx) until the popups our tabs opened since
// before (from popupTargets) are in the tab list, or have closed, and
// until at least windows of them (the windows the page asked for during
// the action, Page.windowOpen) exist: the target of a link's popup can be
// created after the action settled.
func (b *Browser) waitPopups(ctx context.Context, before map[target.ID]bool, windows int) {
	for {
		b.waitAdopted(ctx)
		if before == nil || ctx.Err() != nil {
			return
		}
		res, err := b.pageTargets(ctx)
		if err != nil {
			return
		}
		pending, opened := false, 0
		for _, in := range res.TargetInfos {
			if in.Type != "page" || in.OpenerID == "" || before[in.TargetID] || b.tabByID(in.OpenerID) == nil {
				continue
			}
			opened++
			if b.tabByID(in.TargetID) == nil && !b.gaveUp(in.TargetID) {
				pending = true
			}
		}
		pending = pending || opened < windows
		if !pending || sleep(ctx, 20*time.Millisecond) != nil {
			return
		}
	}
}

// pageTargets lists the browser's targets, within ctx's deadline (ctx need
// not be a chromedp context).
func (b *Browser) pageTargets(ctx context.Context) (*target.GetTargetsResult, error) {
	cctx, cancel := context.WithCancel(b.first)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	res, err := chromedp.CallBrowser(cctx, target.GetTargets, target.GetTargetsParams{})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

func (b *Browser) gaveUp(id target.ID) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.unadoptable[id]
}
