package mcp

import (
	"context"
	"encoding/json"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

// Session is what the tools need from a browser session. *browser.Browser
// implements it; a session layer that records and asserts can wrap it.
type Session interface {
	Open(ctx context.Context, url string) (*browser.NavResult, error)
	Back(ctx context.Context) (*browser.NavResult, error)
	Snapshot(ctx context.Context) (*refs.Snapshot, error)

	Click(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error)
	Hover(ctx context.Context, ref string, o browser.ActionOptions) (*browser.ActionResult, error)
	Fill(ctx context.Context, ref, text string, o browser.ActionOptions) (*browser.ActionResult, error)
	Type(ctx context.Context, ref, text string, o browser.ActionOptions) (*browser.ActionResult, error)
	Press(ctx context.Context, ref, keys string, o browser.ActionOptions) (*browser.ActionResult, error)
	Select(ctx context.Context, ref string, values []string, o browser.ActionOptions) (*browser.ActionResult, error)
	SetChecked(ctx context.Context, ref string, checked bool, o browser.ActionOptions) (*browser.ActionResult, error)
	Upload(ctx context.Context, ref string, files []string, o browser.ActionOptions) (*browser.ActionResult, error)
	Drag(ctx context.Context, from, to string, o browser.ActionOptions) (*browser.ActionResult, error)
	Screenshot(ctx context.Context, ref string) ([]byte, error)

	Tabs(ctx context.Context) ([]browser.TabInfo, error)
	SwitchTab(n int) error
	CloseTab(ctx context.Context, n int) error

	ArmDialog(ctx context.Context, accept bool, text string) (*browser.Dialog, error)
	AnswerDialog(ctx context.Context, accept bool, text string) (*browser.Dialog, error)
	PendingDialog() *browser.Dialog

	WaitText(ctx context.Context, text string, timeout time.Duration) error
	Find(ctx context.Context, tab int, loc refs.Locator) ([]string, error)
	Locator(ctx context.Context, ref string) (browser.ElementLocators, error)
	Evaluate(ctx context.Context, ref, fn string) (json.RawMessage, error)
	Resize(ctx context.Context, width, height int) error
	Console() ([]browser.ConsoleMessage, error)
	Events() <-chan browser.Event
	Close() error
	Options() browser.Options
	Alive() bool
}

var _ Session = (*browser.Browser)(nil)
