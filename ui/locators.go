package ui

import (
	"context"

	"github.com/ariadne-tui/ariadne/browser"

	"github.com/ariadne-tui/ariadne/refs"
)

// BrowserLocators is the LocatorFunc of a browser session: it reads one
// ref's ladder with Browser.Locators.
func BrowserLocators(ctx context.Context, b Browser, ref string) (*ElementLocators, error) {
	ls, err := b.Locators(ctx, []string{ref})
	if err != nil {
		return nil, err
	}
	if len(ls) == 0 {
		return nil, refs.Errorf(refs.CodeInternal, "no locators came back for %s", ref)
	}
	return elementLocators(ls[0]), nil
}

// BrowserLocatorBatch is the LocatorBatchFunc of a browser session: the
// ladders of several refs in one Browser.Locators call. Refs that are gone
// are left out.
func BrowserLocatorBatch(ctx context.Context, b Browser, refList []string) ([]*ElementLocators, error) {
	ls, err := b.Locators(ctx, refList)
	if err != nil {
		return nil, err
	}
	out := make([]*ElementLocators, 0, len(ls))
	for _, e := range ls {
		out = append(out, elementLocators(e))
	}
	return out, nil
}

func elementLocators(e browser.ElementLocators) *ElementLocators {
	return &ElementLocators{
		Ref: e.Ref, Role: e.Role, Name: e.Name, Frame: e.Frame, Box: e.Box,
		Best: e.Best, Candidates: e.Candidates, Problem: e.Problem,
	}
}
