package recordings

import (
	"context"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file reads a DevTools Recorder target at replay. A DevTools step
// names the page it acts in by URL: another tab, or an out-of-process
// iframe of the current page (Chrome's recorder writes such a frame's URL
// as the step's target, and its "frame" path counts from that frame). The
// import cannot tell which, so it numbers each new target as a tab opened
// by the step before, with the URL as each step's URLBefore. The replay
// then reads the tab as the frame with that URL in the opener's tab when
// that tab has one (before the opener runs, or once it has run and opened
// no tab; always when the opener is a navigate, which opens no tab), and
// as a tab otherwise.

// frameTab is a recording tab the replay found to be a frame.
type frameTab struct {
	tab int    // the tab the frame is in
	url string // the frame's URL, as the DevTools target named it
}

// tabURLs returns the URL each tab's first step was recorded at, for the
// tabs other than the first.
func tabURLs(acts []action) map[int]string {
	urls := map[int]string{}
	for _, a := range acts {
		if _, ok := urls[a.Tab]; !ok && a.Tab != 0 && a.URLBefore != "" {
			urls[a.Tab] = a.URLBefore
		}
	}
	return urls
}

// run runs one planned step, in the frame its tab was read as.
func (r *replayer) run(ctx context.Context, a action) (found, error) {
	s, err := r.place(ctx, a.Step)
	if err != nil {
		return found{}, err
	}
	if n := s.OpensTab; n != 0 && r.urls[n] != "" {
		_, ok, err := r.d.FrameWithURL(ctx, s.Tab, r.urls[n])
		if s.Kind == Navigate || (err == nil && ok) || refs.CodeOf(err) == refs.CodeOutOfProcessFrame {
			// The frame is there already, or the step loads a page in
			// its own tab (a navigate opens no other): no tab to wait for.
			r.frames[n] = frameTab{tab: s.Tab, url: r.urls[n]}
			s.OpensTab = 0
		}
	}
	a.Step = s
	f, err := r.step(ctx, a)
	if n := s.OpensTab; n != 0 && refs.CodeOf(err) == refs.CodeNoTab && r.urls[n] != "" {
		// No tab opened: the step may have loaded the frame instead.
		// (A frame in a process of its own that Ariadne could not reach
		// is a frame too: the step in it then fails out_of_process_frame.)
		if _, ok, ferr := r.d.FrameWithURL(ctx, s.Tab, r.urls[n]); (ferr == nil && ok) || refs.CodeOf(ferr) == refs.CodeOutOfProcessFrame {
			r.frames[n] = frameTab{tab: s.Tab, url: r.urls[n]}
			err = nil
		}
	}
	return f, err
}

// place returns s in its tab, or for a step of a tab read as a frame, in
// the tab that holds the frame with the frame's index path before its own,
// waiting for the frame while the step may wait.
func (r *replayer) place(ctx context.Context, s Step) (Step, error) {
	ft, ok := r.frames[s.Tab]
	if !ok {
		return s, nil
	}
	url := ft.url
	if s.URLBefore != "" {
		url = s.URLBefore
	}
	if s.Kind == Close {
		return s, refs.Errorf(refs.CodeBadArgument, "the step closes %s, a frame of tab %d, not a tab: a frame cannot be closed", url, ft.tab)
	}
	deadline := time.Now().Add(r.timeout(s))
	looks := 0
	for {
		path, ok, err := r.d.FrameWithURL(ctx, ft.tab, url)
		if err != nil {
			return s, err
		}
		if ok {
			s.Tab, s.URLBefore = ft.tab, ""
			s.FramePath = append(path, s.FramePath...)
			return s, nil
		}
		if !time.Now().Before(deadline) {
			return s, refs.Errorf(refs.CodeFrameDetached, "after %s, tab %d has no frame at %s, where the step was recorded", r.timeout(s), ft.tab, url)
		}
		if err := r.pause(ctx, &looks, deadline); err != nil {
			return s, err
		}
	}
}
