package ui

import (
	"context"

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
	e := ls[0]
	return &ElementLocators{
		Ref: e.Ref, Role: e.Role, Name: e.Name, Frame: e.Frame, Box: e.Box,
		Best: e.Best, Candidates: e.Candidates, Problem: e.Problem,
	}, nil
}
