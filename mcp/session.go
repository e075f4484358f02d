package mcp

import (
	"context"
	"encoding/json"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// Session is what the tools need of a browser: what the session layer
// needs (actions go through session.Session, as in ariadne run, so that
// they are recorded and fail with the same codes), and what only the MCP
// tools use. *browser.Browser implements it.
type Session interface {
	session.Browser

	AnswerDialog(ctx context.Context, accept bool, text string) (*browser.Dialog, error)
	PendingDialog() *browser.Dialog
	Find(ctx context.Context, tab int, loc refs.Locator) ([]string, error)
	Locator(ctx context.Context, ref string) (browser.ElementLocators, error)
	Evaluate(ctx context.Context, ref, fn string) (json.RawMessage, error)
	Resize(ctx context.Context, width, height int) error
	Console() ([]browser.ConsoleMessage, error)
	Events() <-chan browser.Event
	Close() error
}

var _ Session = (*browser.Browser)(nil)
