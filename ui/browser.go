package ui

import (
	"context"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// Browser is what the model needs of a browser session: what the
// session layer needs, and the events, dialogs and life of the browser.
// *browser.Browser has every method; tests use a small fake. The model
// calls these only from tea.Cmds, never from Update or View.
type Browser interface {
	session.Browser

	Events() <-chan browser.Event
	AnswerDialog(ctx context.Context, accept bool, text string) (*browser.Dialog, error)
	Close() error
}

// liveBrowser can tell cheaply whether the page changed (browser/live.go).
type liveBrowser interface {
	DOMVersion(ctx context.Context) (string, error)
}

// follower brings the snapshot up to date for live follow, nil when the
// snapshot on screen still shows the page (browser.Browser.Follow).
type follower interface {
	Follow(ctx context.Context, version string, shown *refs.Snapshot) (*refs.Snapshot, string, error)
}

// inspector highlights and picks elements in a visible browser window
// (browser/highlight.go).
type inspector interface {
	Highlight(ctx context.Context, ref string) error
	Pick(ctx context.Context) (string, error)
}

// ElementLocators is what the details pane shows of an element's locator
// ladder. It mirrors browser.ElementLocators; Options.Locators fills it.
type ElementLocators struct {
	Ref        string
	Role, Name string
	Frame      string // where the element lives: "" for the main frame
	Box        *refs.Box
	Best       refs.Candidate
	Candidates []refs.Candidate
	Problem    string // why no locator was found, in plain words
}

// LocatorFunc reads the locator ladder of one ref from a browser session.
type LocatorFunc func(ctx context.Context, b Browser, ref string) (*ElementLocators, error)

// LocatorBatchFunc reads the locator ladders of several refs in one call.
type LocatorBatchFunc func(ctx context.Context, b Browser, refs []string) ([]*ElementLocators, error)

// Recording is the recorder as the header sees it: whether it is recording
// and how many steps it holds. The recorder itself lives elsewhere.
type Recording interface {
	Active() bool
	Steps() int
}

// LaunchFunc starts a browser session (the first one, and again after the
// browser died).
type LaunchFunc func(ctx context.Context) (Browser, error)

// CopyFunc puts text on the system clipboard and says how ("xclip",
// "pbcopy", ...); an error makes the model fall back to OSC 52.
type CopyFunc func(text string) (method string, err error)
