package recordings

// This file decides, for the exporters, which tabs of a recording are
// out-of-process iframes. A DevTools Recorder step names the page it acts
// in by URL, a tab or an out-of-process iframe, and the import numbers
// each new one as a tab (see replay_targets.go). The replay tells them
// apart as it runs; an exported test is written before, so the export
// reads a tab as a frame when the step that opened it cannot have opened
// a tab:
//   - a navigate (it loads a page in its own tab: the frame is in it);
//   - a step that navigated to the new tab's very URL (a click in a frame
//     that loads another document into that frame, or into a frame of the
//     page: the navigation is the frame's, not a popup's).
// Any other step opens a tab (a popup), as before.

// frameTabs returns the tabs the steps of openers opened that are frames,
// each with the tab that holds it (a real tab, never one read as a frame)
// and the URL of its first step.
func frameTabs(openers map[int]opener, urls map[int]string) map[int]frameTab {
	frames := map[int]frameTab{}
	var holder func(tab, depth int) (int, bool)
	isFrame := func(n int) bool {
		o, ok := openers[n]
		url := urls[n]
		return ok && url != "" && (o.kind == Navigate || (o.navigated && o.urlAfter == url))
	}
	// holder is the real tab a frame tab is in: its opener's tab, or that
	// tab's holder when it is a frame too.
	holder = func(tab, depth int) (int, bool) {
		if !isFrame(tab) {
			return tab, true
		}
		if depth > len(openers) {
			return 0, false // a cycle: survey allows none, but be safe
		}
		return holder(openers[tab].tab, depth+1)
	}
	for n := range openers {
		if !isFrame(n) {
			continue
		}
		if h, ok := holder(openers[n].tab, 0); ok {
			frames[n] = frameTab{tab: h, url: urls[n]}
		}
	}
	return frames
}
