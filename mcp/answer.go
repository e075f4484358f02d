package mcp

import (
	"errors"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// answer is what one tool call tells the agent, in sections like Playwright
// MCP's (### Result, ### Page, ### Snapshot, ### Modal state).
type answer struct {
	result   []string // what was done, one line each
	url      string
	title    string
	changes  string // a diff since the last snapshot
	snapshot string // a snapshot (whole, scoped or filtered)
	modal    []string
	events   []string // tabs opened, downloads, dialogs answered
	image    []byte   // a PNG for screenshots
	mime     string
}

func (a *answer) say(format string, args ...any) {
	a.result = append(a.result, fmt.Sprintf(format, args...))
}

func (a *answer) text() string {
	var b strings.Builder
	section := func(title string) { b.WriteString("### " + title + "\n") }
	if len(a.result) > 0 {
		section("Result")
		for _, l := range a.result {
			b.WriteString(l + "\n")
		}
	}
	if a.url != "" {
		section("Page")
		fmt.Fprintf(&b, "- URL: %s\n", refs.EscapeHidden(a.url))
		if a.title != "" {
			fmt.Fprintf(&b, "- Title: %s\n", refs.EscapeHidden(a.title))
		}
	}
	if len(a.events) > 0 {
		section("Events")
		for _, e := range a.events {
			b.WriteString("- " + e + "\n")
		}
	}
	if len(a.modal) > 0 {
		section("Modal state")
		for _, m := range a.modal {
			b.WriteString("- " + m + "\n")
		}
	}
	if a.changes != "" {
		section("Changes since the last snapshot")
		b.WriteString(a.changes)
	}
	if a.snapshot != "" {
		section("Snapshot")
		b.WriteString("```yaml\n" + a.snapshot + "```\n")
	}
	return b.String()
}

func (a *answer) toolResult() *sdk.CallToolResult {
	r := &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: a.text()}}}
	if a.image != nil {
		r.Content = append(r.Content, &sdk.ImageContent{Data: a.image, MIMEType: a.mime})
	}
	return r
}

// toolError is a tool result with IsError set: the code, the message, and
// what to do next, so that the agent can correct itself.
func toolError(err error) *sdk.CallToolResult {
	code := refs.CodeOf(err)
	if code == "" {
		code = refs.CodeInternal
	}
	msg := err.Error()
	var e *refs.Error
	if errors.As(err, &e) {
		msg = e.Message
	}
	text := fmt.Sprintf("### Error\ncode: %s\n%s\n", code, refs.EscapeHidden(msg))
	if next := nextStep[code]; next != "" && !strings.Contains(msg, next) {
		text += "Next: " + next + "\n"
	}
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: text}}}
}

// nextStep says, per error code, what an agent should do next.
var nextStep = map[refs.Code]string{
	refs.CodeStaleRef:              "take a new snapshot (browser_snapshot) and use its refs",
	refs.CodeUnknownRef:            "use a ref from the latest browser_snapshot, or find one with browser_find",
	refs.CodeBadRef:                `write a ref as it appears in the snapshot, e.g. "e12"`,
	refs.CodeClickIntercepted:      "close or answer what covers the element (it is named above), then try again",
	refs.CodeNotVisible:            "scroll or open what hides it, or pick another ref from a new snapshot",
	refs.CodeNotEnabled:            "fill in what the form needs first; the element is disabled",
	refs.CodeNotEditable:           "target a textbox, or click the element instead",
	refs.CodeNotASelect:            "use browser_click on the option, or target the combobox",
	refs.CodeOptionNotFound:        "pass one of the options listed above",
	refs.CodeTimeout:               "take a new snapshot to see the page as it is now",
	refs.CodeBrowserClosed:         "restart the MCP server",
	refs.CodeFrameDetached:         "take a new snapshot; the frame was replaced",
	refs.CodeNotLocatable:          "the element has no durable locator; act on it by ref",
	refs.CodeBadArgument:           "fix the argument as the message says",
	refs.CodeNoTab:                 "list the tabs with browser_tabs",
	refs.CodeNoDialog:              "there is no dialog to answer; go on",
	refs.CodeNavigationFailed:      "check the URL, then browser_navigate again",
	refs.CodeConnectionRefused:     "start the server the URL points at (or fix the port), then browser_navigate again",
	refs.CodeDNS:                   "check the host name, then browser_navigate again",
	refs.CodeHTTPError:             "the server answered with an error page; check the URL or the server",
	refs.CodeBadURL:                "pass a URL such as http://localhost:8080/ or example.com",
	refs.CodeNotHTML:               "the URL is not a web page (a file or JSON); read it with another tool",
	recordings.CodeAssertionFailed: "the page is not as expected: take a snapshot to see what it shows",
	codeDialogOpen:                 "call browser_handle_dialog",
}

// explain adds context to errors without a code.
func (s *Server) explain(err error) error {
	if refs.CodeOf(err) != "" {
		return err
	}
	if !s.sess.Alive() {
		return refs.Wrap(refs.CodeBrowserClosed, err, "the browser is gone (crashed or closed)")
	}
	return refs.Wrap(refs.CodeInternal, err, "the call failed: %v", err)
}
