package session

import (
	"context"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

// Browser is what a session needs of a browser: *browser.Browser has every
// method; the explorer's tests use a fake. Refs are the snapshot's refs
// ("e5"); tab numbers n are 1-based as browser.TabInfo.Index.
type Browser interface {
	Options() browser.Options

	Open(ctx context.Context, url string) (*browser.NavResult, error)
	Back(ctx context.Context) (*browser.NavResult, error)
	Forward(ctx context.Context) (*browser.NavResult, error)
	Reload(ctx context.Context) (*browser.NavResult, error)
	Snapshot(ctx context.Context) (*refs.Snapshot, error)

	Tabs(ctx context.Context) ([]browser.TabInfo, error)
	SwitchTab(n int) error
	CloseTab(ctx context.Context, n int) error

	Click(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error)
	Hover(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error)
	Focus(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error)
	Clear(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error)
	Fill(ctx context.Context, ref, text string, o browser.ActionOptions) (*browser.ActionResult, error)
	Type(ctx context.Context, ref, text string, o browser.ActionOptions) (*browser.ActionResult, error)
	Press(ctx context.Context, ref, keys string, o browser.ActionOptions) (*browser.ActionResult, error)
	Select(ctx context.Context, ref string, values []string, o browser.ActionOptions) (*browser.ActionResult, error)
	SelectOptions(ctx context.Context, ref string) ([]browser.Option, error)
	SetChecked(ctx context.Context, ref string, checked bool, o browser.ActionOptions) (*browser.ActionResult, error)
	Upload(ctx context.Context, ref string, files []string, o browser.ActionOptions) (*browser.ActionResult, error)
	Drag(ctx context.Context, from, to string, o browser.ActionOptions) (*browser.ActionResult, error)
	ScrollIntoView(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error)
	ScrollBy(ctx context.Context, dx, dy float64) (*browser.ActionResult, error)

	ArmDialog(ctx context.Context, accept bool, text string) (*browser.Dialog, error)
	WaitText(ctx context.Context, text string, timeout time.Duration) error
	WaitURL(ctx context.Context, pattern string, timeout time.Duration) error
	Screenshot(ctx context.Context, ref string) ([]byte, error)

	// What the recorder and assertions read of an element.
	Info(ctx context.Context, ref string) (browser.ElementInfo, error)
	State(ctx context.Context, ref string) (browser.ElementState, error)
	Locators(ctx context.Context, refList []string) ([]browser.ElementLocators, error)
	// FindEach is what the replay driver looks elements up with.
	FindEach(ctx context.Context, tab int, locs []refs.Locator) ([][]string, error)
	// FindIn is FindEach inside the frame a frame index path reaches.
	FindIn(ctx context.Context, tab int, framePath []int, locs []refs.Locator) ([][]string, error)
	// FrameWithURL is the index path of the child frame at url, if any.
	FrameWithURL(ctx context.Context, tab int, url string) ([]int, bool, error)
	Alive() bool
}

// currentTab returns the id and URL of the current tab ("" when unknown),
// and the tab list.
func currentTab(ctx context.Context, b Browser) (id, url, title string, tabs []browser.TabInfo, err error) {
	tabs, err = b.Tabs(ctx)
	if err != nil {
		return "", "", "", nil, err
	}
	for _, t := range tabs {
		if t.Current {
			id, url, title = t.ID, t.URL, t.Title
		}
	}
	return id, url, title, tabs, nil
}
