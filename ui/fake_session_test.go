package ui

import (
	"context"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

// The rest of session.Browser, which the explorer does not use or uses
// only through the session: enough for the recorder and assertions.

func (f *fakeBrowser) Options() browser.Options {
	return browser.Options{Viewport: refs.Viewport{Width: 1280, Height: 720}, TestIDAttribute: refs.DefaultTestIDAttr, ActionTimeout: 2 * time.Second}
}

func (f *fakeBrowser) Locators(ctx context.Context, refList []string) ([]browser.ElementLocators, error) {
	var out []browser.ElementLocators
	for _, ref := range refList {
		l, _ := fakeLocators(ctx, f, ref)
		out = append(out, browser.ElementLocators{Ref: ref, Role: l.Role, Name: l.Name, Best: l.Best, Candidates: l.Candidates})
	}
	return out, f.gone()
}

func (f *fakeBrowser) Focus(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return f.action(ctx, "focus", ref, "")
}

func (f *fakeBrowser) Clear(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return f.action(ctx, "clear", ref, "")
}

func (f *fakeBrowser) Drag(ctx context.Context, from, to string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return f.action(ctx, "drag", from, to)
}

func (f *fakeBrowser) ScrollIntoView(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error) {
	return f.action(ctx, "scroll", ref, "")
}

func (f *fakeBrowser) ScrollBy(ctx context.Context, dx, dy float64) (*browser.ActionResult, error) {
	return f.action(ctx, "scroll", "", "")
}

func (f *fakeBrowser) ArmDialog(ctx context.Context, accept bool, text string) (*browser.Dialog, error) {
	return nil, f.gone()
}

func (f *fakeBrowser) WaitText(ctx context.Context, text string, timeout time.Duration) error {
	return refs.Errorf(refs.CodeInternal, "the fake cannot wait")
}

func (f *fakeBrowser) WaitURL(ctx context.Context, pattern string, timeout time.Duration) error {
	return refs.Errorf(refs.CodeInternal, "the fake cannot wait")
}

func (f *fakeBrowser) Screenshot(ctx context.Context, ref string) ([]byte, error) {
	return nil, refs.Errorf(refs.CodeInternal, "the fake has no screen")
}

func (f *fakeBrowser) FindEach(ctx context.Context, tab int, locs []refs.Locator) ([][]string, error) {
	return make([][]string, len(locs)), f.gone()
}

func (f *fakeBrowser) FrameWithURL(ctx context.Context, tab int, url string) ([]int, bool, error) {
	return nil, false, f.gone()
}

func (f *fakeBrowser) FindIn(ctx context.Context, tab int, framePath []int, locs []refs.Locator) ([][]string, error) {
	return f.FindEach(ctx, tab, locs)
}
