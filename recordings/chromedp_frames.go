package recordings

// chromedpFrameHelpers are the program's helpers for steps in an
// out-of-process iframe (a DevTools Recorder target that names a frame's
// URL): such a frame is a target of its own, with its own session, where
// its document is; the program attaches to it and runs the step there.
// Written only when a step needs them. A ʼ stands for a backquote.
const chromedpFrameHelpers = `
// frameSessions are the sessions of the out-of-process iframes that steps
// act in, one per frame target.
type frameSessions struct {
	sessions map[target.ID]context.Context
	cancels  []context.CancelFunc
}

func newFrames() *frameSessions {
	return &frameSessions{sessions: map[target.ID]context.Context{}}
}

// at returns the session of the out-of-process iframe at url in tab, the
// frame step n acts in, attaching to it once; it waits for the frame while
// a step may. A frame at url in another tab is not it.
func (f *frameSessions) at(tab context.Context, n int, url string) (context.Context, error) {
	c := chromedp.FromContext(tab)
	if c == nil || c.Target == nil {
		return nil, fmt.Errorf("step %d: the tab of the frame at %s is not open", n, url)
	}
	deadline := time.Now().Add(stepTimeout)
	for {
		infos, err := chromedp.Targets(tab)
		if err != nil {
			return nil, fmt.Errorf("step %d: list the frames: %w", n, err)
		}
		byID := map[target.ID]*target.Info{}
		for _, info := range infos {
			byID[info.TargetID] = info
		}
		for _, info := range infos {
			if info.Type != "iframe" || info.URL != url || !inTab(byID, info, c.Target.TargetID) {
				continue
			}
			if s, ok := f.sessions[info.TargetID]; ok && s.Err() == nil {
				return s, nil
			}
			// Detach, never close, when done: the frame is the page's.
			s, cancel := chromedp.NewContext(tab, chromedp.WithTargetID(info.TargetID), chromedp.WithDetachOnCancel())
			f.cancels = append(f.cancels, cancel)
			if err := chromedp.Do(s); err != nil {
				return nil, fmt.Errorf("step %d: attach to the frame at %s: %w", n, url, err)
			}
			f.sessions[info.TargetID] = s
			return s, nil
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("step %d: no out-of-process frame at %s, where the step was recorded", n, url)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// inTab reports whether the parent targets of the frame target info, frame
// by frame, lead to the tab's target.
func inTab(byID map[target.ID]*target.Info, info *target.Info, tab target.ID) bool {
	p := info
	for i := 0; i <= len(byID) && p != nil && p.ParentID != ""; i++ {
		if p.ParentID == tab {
			return true
		}
		p = byID[p.ParentID]
	}
	return false
}

// close detaches from the frames.
func (f *frameSessions) close() {
	for _, cancel := range f.cancels {
		cancel()
	}
}
`
