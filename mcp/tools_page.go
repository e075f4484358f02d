package mcp

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

type navigateArgs struct {
	URL string `json:"url" jsonschema:"The URL to navigate to"`
}

type noArgs struct{}

type snapshotArgs struct {
	Target      string `json:"target,omitempty" jsonschema:"Exact target element reference from the page snapshot (e12): only its subtree"`
	Depth       int    `json:"depth,omitempty" jsonschema:"Limit the depth of the snapshot tree"`
	Filename    string `json:"filename,omitempty" jsonschema:"Save snapshot to a file instead of returning it in the response. Relative file names are resolved against the working directory."`
	Boxes       bool   `json:"boxes,omitempty" jsonschema:"Include each element's bounding box as [box=x,y,width,height] in the snapshot. Coordinates are viewport-relative, in CSS pixels"`
	Interactive bool   `json:"interactive,omitempty" jsonschema:"Ariadne: only interactive elements (controls, links) and their ancestors"`
	Full        bool   `json:"full,omitempty" jsonschema:"Ariadne: show every item of long runs of alike siblings instead of the first few"`
}

type dialogArgs struct {
	Accept     bool   `json:"accept" jsonschema:"Whether to accept the dialog."`
	PromptText string `json:"promptText,omitempty" jsonschema:"The text of the prompt in case of a prompt dialog."`
}

type tabsArgs struct {
	Action string `json:"action" jsonschema:"Operation to perform"`
	Index  *int   `json:"index,omitempty" jsonschema:"Tab index (from 0, as listed), used for close/select. If omitted for close, current tab is closed."`
	URL    string `json:"url,omitempty" jsonschema:"URL to navigate to in the new tab, used for new."`
}

type waitArgs struct {
	Time     float64 `json:"time,omitempty" jsonschema:"The time to wait in seconds, at most 30"`
	Text     string  `json:"text,omitempty" jsonschema:"The text to wait for"`
	TextGone string  `json:"textGone,omitempty" jsonschema:"The text to wait for to disappear"`
}

type screenshotArgs struct {
	Element  string `json:"element,omitempty" jsonschema:"Human-readable element description used to obtain permission to interact with the element"`
	Target   string `json:"target,omitempty" jsonschema:"Exact target element reference from the page snapshot (e12)"`
	Type     string `json:"type,omitempty" jsonschema:"Image format for the screenshot (Ariadne: png only)"`
	Filename string `json:"filename,omitempty" jsonschema:"File name to save the screenshot to; relative names are resolved against the working directory"`
	FullPage bool   `json:"fullPage,omitempty" jsonschema:"Ariadne: not supported; the viewport or the element is captured"`
	Scale    string `json:"scale,omitempty" jsonschema:"Image resolution scale (Ariadne: css only)"`
}

type resizeArgs struct {
	Width  float64 `json:"width" jsonschema:"Width of the browser window"`
	Height float64 `json:"height" jsonschema:"Height of the browser window"`
}

type consoleArgs struct {
	Level    string `json:"level,omitempty" jsonschema:"Level of the console messages to return. Each level includes the messages of more severe levels. Defaults to info."`
	All      bool   `json:"all,omitempty" jsonschema:"Return all console messages since the beginning of the session, not just since the last navigation (Ariadne: always all of the current tab)"`
	Filename string `json:"filename,omitempty" jsonschema:"File name to save the console messages to"`
}

type evaluateArgs struct {
	Element  string `json:"element,omitempty" jsonschema:"Human-readable element description used to obtain permission to interact with the element"`
	Target   string `json:"target,omitempty" jsonschema:"Exact target element reference from the page snapshot (e12)"`
	Function string `json:"function" jsonschema:"() => { /* code */ } or (element) => { /* code */ } when element is provided"`
	Filename string `json:"filename,omitempty" jsonschema:"File name to save the result to"`
}

func pageTools() []Tool {
	return []Tool{
		def("browser_navigate", "Navigate to a URL", "Navigate to a URL", playwright, nil,
			func(ctx context.Context, s *Server, in navigateArgs) (*answer, error) {
				if err := need("url", in.URL); err != nil {
					return nil, err
				}
				return s.navigate(ctx, "navigated to", session.Action{Kind: session.Open, URL: in.URL})
			}),
		def("browser_navigate_back", "Go back", "Go back to the previous page in the history", playwright, nil,
			func(ctx context.Context, s *Server, _ noArgs) (*answer, error) {
				return s.navigate(ctx, "went back to", session.Action{Kind: session.Back})
			}),
		def("browser_snapshot", "Page snapshot", "Capture accessibility snapshot of the current page, this is better than screenshot. Ariadne: long runs of alike items are elided (their refs stay valid); interactive and target narrow it down.", playwright|readOnly, nil,
			func(ctx context.Context, s *Server, in snapshotArgs) (*answer, error) {
				a, err := s.snapshotAnswer(ctx, view{Scope: in.Target, Depth: in.Depth, Interactive: in.Interactive, Full: in.Full, Boxes: in.Boxes})
				if err != nil || in.Filename == "" {
					return a, err
				}
				path, err := s.write(in.Filename, []byte(a.snapshot))
				if err != nil {
					return nil, err
				}
				a.snapshot = ""
				a.say("saved the snapshot to %s", path)
				return a, nil
			}),
		def("browser_handle_dialog", "Handle a dialog", "Handle a dialog", playwright, nil,
			func(ctx context.Context, s *Server, in dialogArgs) (*answer, error) {
				a := &answer{}
				if s.sess.PendingDialog() == nil {
					if s.pending != nil {
						// Answered already (an earlier browser_handle_dialog armed it).
						res := s.finishPending(ctx, a)
						return a, s.after(ctx, a, res, false)
					}
					if _, err := s.sess.ArmDialog(ctx, in.Accept, in.PromptText); err != nil {
						return nil, err
					}
					a.say("no dialog is open: the next one will be %s", verdict(in.Accept))
					return a, nil
				}
				d, err := s.sess.AnswerDialog(ctx, in.Accept, in.PromptText)
				if err != nil {
					return nil, err
				}
				a.say("%s the %s dialog %q", verdict(in.Accept), d.Type, refs.EscapeHidden(d.Message))
				if r := s.rec.rec; r != nil {
					steps, err := r.Dialog(ctx, s.sess, *d)
					if err != nil {
						return nil, refs.Wrap(refs.CodeInternal, err, "the dialog was answered, but could not be recorded")
					}
					s.noteRecorded(&session.Outcome{Steps: steps})
				}
				res := s.finishPending(ctx, a)
				if res != nil && res.Navigated {
					a.say("navigated to %s: refs of the old page are stale", refs.EscapeHidden(res.URL))
				}
				return a, s.after(ctx, a, res, false)
			}),
		def("browser_tabs", "Manage tabs", "List, create, close, or select a browser tab.", playwright,
			map[string][]string{"action": {"list", "new", "close", "select"}}, tabsTool),
		def("browser_wait_for", "Wait for", "Wait for text to appear or disappear or a specified time to pass", playwright|readOnly, nil, waitTool),
		def("browser_take_screenshot", "Take a screenshot", "Take a screenshot of the current page. You can't perform actions based on the screenshot, use browser_snapshot for actions.", playwright|readOnly,
			map[string][]string{"type": {"png"}, "scale": {"css"}}, screenshotTool),
		def("browser_resize", "Resize browser window", "Resize the browser window", playwright, nil,
			func(ctx context.Context, s *Server, in resizeArgs) (*answer, error) {
				if err := s.sess.Resize(ctx, int(in.Width), int(in.Height)); err != nil {
					return nil, err
				}
				return &answer{result: []string{fmt.Sprintf("the viewport is %dx%d", int(in.Width), int(in.Height))}}, nil
			}),
		def("browser_close", "Close browser", "Close the page", playwright, nil,
			func(_ context.Context, s *Server, _ noArgs) (*answer, error) {
				if s.closed {
					return &answer{result: []string{"the browser is already closed"}}, nil
				}
				s.closed = true
				if err := s.stopRecording(); err != nil {
					return nil, err
				}
				if err := s.sess.Close(); err != nil {
					return nil, err
				}
				if s.opts.Remote {
					return &answer{result: []string{"closed this server's tabs and detached from the browser, which keeps running; restart the MCP server for a new session"}}, nil
				}
				return &answer{result: []string{"closed the browser; restart the MCP server for a new one"}}, nil
			}),
		def("browser_console_messages", "Get console messages", "Returns all console messages", playwright|readOnly,
			map[string][]string{"level": {"error", "warning", "info", "debug"}}, consoleTool),
		def("browser_evaluate", "Evaluate JavaScript", "Evaluate JavaScript expression on page or element", playwright, nil,
			func(ctx context.Context, s *Server, in evaluateArgs) (*answer, error) {
				out, err := s.sess.Evaluate(ctx, in.Target, in.Function)
				if err != nil {
					return nil, err
				}
				a := &answer{}
				if in.Filename != "" {
					path, err := s.write(in.Filename, out)
					if err != nil {
						return nil, err
					}
					a.say("saved the result to %s", path)
					return a, nil
				}
				a.say("%s", refs.EscapeHidden(string(out)))
				return a, nil
			}),
	}
}

func verdict(accept bool) string {
	if accept {
		return "accepted"
	}
	return "dismissed"
}

func tabsTool(ctx context.Context, s *Server, in tabsArgs) (*answer, error) {
	a := &answer{}
	// Playwright MCP numbers tabs from 0; the browser package from 1.
	n := 0
	if in.Index != nil {
		n = *in.Index + 1
	}
	switch in.Action {
	case "list":
	case "select":
		if in.Index == nil {
			return nil, refs.Errorf(refs.CodeBadArgument, "select needs index (from 0, as browser_tabs action=list shows)")
		}
		if err := s.sess.SwitchTab(n); err != nil {
			return nil, err
		}
		a.say("selected tab %d", *in.Index)
	case "close":
		if _, err := s.do(ctx, session.Action{Kind: session.CloseTab, Tab: n}); err != nil {
			return nil, err
		}
		a.say("closed the tab")
	case "new":
		before, err := s.sess.Tabs(ctx)
		if err != nil {
			return nil, err
		}
		u := in.URL
		if u == "" {
			u = "about:blank"
		} else if u, err = browser.NormalizeURL(u); err != nil {
			return nil, err
		}
		if _, err := s.sess.Evaluate(ctx, "", fmt.Sprintf("() => { window.open(%q); }", u)); err != nil {
			return nil, err
		}
		n, err := s.waitTabs(ctx, len(before)+1)
		if err != nil {
			return nil, err
		}
		if err := s.sess.SwitchTab(n); err != nil {
			return nil, err
		}
		a.say("opened tab %d: %s", n-1, refs.EscapeHidden(u))
	default:
		return nil, refs.Errorf(refs.CodeBadArgument, "action %q: want list, new, close or select", in.Action)
	}
	tabs, err := s.sess.Tabs(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range tabs {
		cur := ""
		if t.Current {
			cur = " (current)"
		}
		a.events = append(a.events, fmt.Sprintf("%d:%s [%s](%s)", t.Index-1, cur, refs.EscapeHidden(t.Title), refs.EscapeHidden(t.URL)))
	}
	s.drainEvents(ctx, &answer{}) // tabs just listed need no second report
	return a, nil
}

// waitTabs polls until n tabs are open and returns n.
func (s *Server) waitTabs(ctx context.Context, n int) (int, error) {
	deadline := time.Now().Add(s.sess.Options().NavTimeout)
	for {
		tabs, err := s.sess.Tabs(ctx)
		if err != nil {
			return 0, err
		}
		if len(tabs) >= n {
			return len(tabs), nil
		}
		if time.Now().After(deadline) {
			return 0, refs.Errorf(refs.CodeTimeout, "the new tab did not open within %s", s.sess.Options().NavTimeout)
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func waitTool(ctx context.Context, s *Server, in waitArgs) (*answer, error) {
	a := &answer{}
	timeout := s.sess.Options().NavTimeout
	switch {
	case in.Text != "":
		if err := s.sess.WaitText(ctx, in.Text, timeout); err != nil {
			return nil, err
		}
		a.say("%q appeared", refs.EscapeHidden(in.Text))
	case in.TextGone != "":
		if err := s.waitGone(ctx, in.TextGone, timeout); err != nil {
			return nil, err
		}
		a.say("%q is gone", refs.EscapeHidden(in.TextGone))
	case in.Time > 0:
		d := time.Duration(min(in.Time, 30) * float64(time.Second))
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(d):
		}
		a.say("waited %s", d)
	default:
		return nil, refs.Errorf(refs.CodeBadArgument, "give text, textGone or time")
	}
	return a, s.after(ctx, a, nil, false)
}

// waitGone polls the page's text until it no longer contains text.
func (s *Server) waitGone(ctx context.Context, text string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	fn := fmt.Sprintf("() => !(document.body && document.body.innerText.includes(%q))", text)
	for {
		out, err := s.sess.Evaluate(ctx, "", fn)
		if err != nil {
			return err
		}
		if string(out) == "true" {
			return nil
		}
		if time.Now().After(deadline) {
			return refs.Errorf(refs.CodeTimeout, "%q was still on the page after %s", text, timeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func screenshotTool(ctx context.Context, s *Server, in screenshotArgs) (*answer, error) {
	if in.Type != "" && in.Type != "png" {
		return nil, refs.Errorf(refs.CodeBadArgument, "type %q: Ariadne takes png screenshots only", in.Type)
	}
	if in.FullPage {
		return nil, refs.Errorf(refs.CodeBadArgument, "fullPage is not supported: Ariadne captures the viewport or an element (pass target)")
	}
	png, err := s.sess.Screenshot(ctx, in.Target)
	if err != nil {
		return nil, err
	}
	a := &answer{image: png, mime: "image/png"}
	name := in.Filename
	if name == "" {
		name = fmt.Sprintf("page-%s.png", time.Now().UTC().Format("20060102-150405.000"))
	}
	path, err := s.write(name, png)
	if err != nil {
		return nil, err
	}
	a.say("took a screenshot (%d bytes) and saved it to %s", len(png), path)
	return a, nil
}

// consoleLevels ranks the levels: a level includes the more severe ones.
var consoleLevels = map[string]int{"error": 0, "assert": 0, "warning": 1, "info": 2, "log": 2, "debug": 3, "trace": 3}

func consoleTool(_ context.Context, s *Server, in consoleArgs) (*answer, error) {
	level := in.Level
	if level == "" {
		level = "info"
	}
	max, ok := consoleLevels[level]
	if !ok {
		return nil, refs.Errorf(refs.CodeBadArgument, "level %q: want error, warning, info or debug", level)
	}
	msgs, err := s.sess.Console()
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	n := 0
	for _, m := range msgs {
		r, ok := consoleLevels[m.Type]
		if !ok {
			r = 2
		}
		if r > max {
			continue
		}
		n++
		fmt.Fprintf(&b, "[%s] %s", m.Type, refs.EscapeHidden(m.Text))
		if m.URL != "" {
			fmt.Fprintf(&b, " @ %s:%d", refs.EscapeHidden(m.URL), m.Line)
		}
		b.WriteString("\n")
	}
	a := &answer{}
	if in.Filename != "" {
		path, err := s.write(in.Filename, []byte(b.String()))
		if err != nil {
			return nil, err
		}
		a.say("saved %d messages to %s", n, path)
		return a, nil
	}
	a.say("%d console messages at level %s or more severe", n, level)
	if n > 0 {
		a.result = append(a.result, strings.TrimSuffix(b.String(), "\n"))
	}
	return a, nil
}

// write saves data under the server's directory and returns the path.
func (s *Server) write(name string, data []byte) (string, error) {
	path := s.path(name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", refs.Wrap(refs.CodeBadArgument, err, "cannot write %s", path)
	}
	return path, nil
}
