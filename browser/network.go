package browser

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// netWatch counts a tab's requests in flight and its frames loading, so
// that an action can wait for the network to go quiet after it (a fetch a
// click started, say, or a link whose navigation turns into a download).
type netWatch struct {
	mu       sync.Mutex
	inflight map[network.RequestID]bool
	loading  map[cdp.FrameID]bool
	changed  time.Time
}

func (n *netWatch) start(ctx context.Context) {
	n.inflight = map[network.RequestID]bool{}
	n.loading = map[cdp.FrameID]bool{}
	err := chromedp.Listen(ctx, func(ev any) {
		n.mu.Lock()
		defer n.mu.Unlock()
		switch ev := ev.(type) {
		case *page.EventFrameStartedLoading:
			n.loading[ev.FrameID] = true
		case *page.EventFrameStoppedLoading:
			delete(n.loading, ev.FrameID)
		case *page.EventFrameDetached:
			delete(n.loading, ev.FrameID)
		case *network.EventRequestWillBeSent:
			// Data URLs never reach the network; a redirect reuses its id.
			if ev.Request != nil && strings.HasPrefix(ev.Request.URL, "data:") {
				return
			}
			n.inflight[ev.RequestID] = true
		case *network.EventLoadingFinished:
			delete(n.inflight, ev.RequestID)
		case *network.EventLoadingFailed:
			delete(n.inflight, ev.RequestID)
		default:
			return
		}
		n.changed = time.Now()
	})
	_ = err // a tab that is already gone has nothing to watch
}

// quietFor returns how long no request has been in flight and no frame
// loading (0 while one is).
func (n *netWatch) quietFor() time.Duration {
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(n.inflight) > 0 || len(n.loading) > 0 {
		return 0
	}
	return time.Since(n.changed)
}
