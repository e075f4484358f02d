package browser

import (
	"context"

	"github.com/ariadne-tui/ariadne/refs"
)

// remoteFrames reads the iframes the tab's own session could not reach.
func (s *snapshotter) remoteFrames(ctx context.Context, root *refs.Node) {}
