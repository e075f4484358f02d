package mcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// The argument names and descriptions are Playwright MCP 0.0.83's;
// Ariadne's additions say "Ariadne:".

type clickArgs struct {
	Element     string   `json:"element,omitempty" jsonschema:"Human-readable element description used to obtain permission to interact with the element"`
	Target      string   `json:"target" jsonschema:"Exact target element reference from the page snapshot (e12)"`
	DoubleClick bool     `json:"doubleClick,omitempty" jsonschema:"Whether to perform a double click instead of a single click"`
	Button      string   `json:"button,omitempty" jsonschema:"Button to click, defaults to left"`
	Modifiers   []string `json:"modifiers,omitempty" jsonschema:"Modifier keys to press"`
	Snapshot    bool     `json:"snapshot,omitempty" jsonschema:"Ariadne: answer with the whole page snapshot instead of what changed"`
}

type typeArgs struct {
	Element  string `json:"element,omitempty" jsonschema:"Human-readable element description used to obtain permission to interact with the element"`
	Target   string `json:"target" jsonschema:"Exact target element reference from the page snapshot (e12)"`
	Text     string `json:"text" jsonschema:"Text to type into the element"`
	Submit   bool   `json:"submit,omitempty" jsonschema:"Whether to submit entered text (press Enter after)"`
	Slowly   bool   `json:"slowly,omitempty" jsonschema:"Whether to type one character at a time. Useful for triggering key handlers in the page. By default entire text is filled in at once."`
	Snapshot bool   `json:"snapshot,omitempty" jsonschema:"Ariadne: answer with the whole page snapshot instead of what changed"`
}

type formField struct {
	Element string `json:"element,omitempty" jsonschema:"Human-readable element description used to obtain permission to interact with the element"`
	Target  string `json:"target" jsonschema:"Exact target element reference from the page snapshot (e12)"`
	Name    string `json:"name" jsonschema:"Human-readable field name"`
	Type    string `json:"type" jsonschema:"Type of the field: textbox, checkbox, radio, combobox or slider"`
	Value   string `json:"value" jsonschema:"Value to fill in the field. If the field is a checkbox, the value should be true or false. If the field is a combobox, the value should be the text of the option."`
}

type fillFormArgs struct {
	Fields   []formField `json:"fields" jsonschema:"Fields to fill in"`
	Snapshot bool        `json:"snapshot,omitempty" jsonschema:"Ariadne: answer with the whole page snapshot instead of what changed"`
}

type selectArgs struct {
	Element  string   `json:"element,omitempty" jsonschema:"Human-readable element description used to obtain permission to interact with the element"`
	Target   string   `json:"target" jsonschema:"Exact target element reference from the page snapshot (e12)"`
	Values   []string `json:"values" jsonschema:"Array of values to select in the dropdown. This can be a single value or multiple values."`
	Snapshot bool     `json:"snapshot,omitempty" jsonschema:"Ariadne: answer with the whole page snapshot instead of what changed"`
}

type hoverArgs struct {
	Element  string `json:"element,omitempty" jsonschema:"Human-readable element description used to obtain permission to interact with the element"`
	Target   string `json:"target" jsonschema:"Exact target element reference from the page snapshot (e12)"`
	Snapshot bool   `json:"snapshot,omitempty" jsonschema:"Ariadne: answer with the whole page snapshot instead of what changed"`
}

type dragArgs struct {
	StartElement string `json:"startElement,omitempty" jsonschema:"Human-readable source element description used to obtain the permission to interact with the element"`
	StartTarget  string `json:"startTarget" jsonschema:"Exact source element reference from the page snapshot"`
	EndElement   string `json:"endElement,omitempty" jsonschema:"Human-readable target element description used to obtain the permission to interact with the element"`
	EndTarget    string `json:"endTarget" jsonschema:"Exact target element reference from the page snapshot"`
	Snapshot     bool   `json:"snapshot,omitempty" jsonschema:"Ariadne: answer with the whole page snapshot instead of what changed"`
}

type pressArgs struct {
	Key      string `json:"key" jsonschema:"Name of the key to press or a character to generate, such as ArrowLeft or a"`
	Target   string `json:"target,omitempty" jsonschema:"Ariadne: focus this ref first (e12); without it the key goes to what has focus"`
	Snapshot bool   `json:"snapshot,omitempty" jsonschema:"Ariadne: answer with the whole page snapshot instead of what changed"`
}

type uploadArgs struct {
	Paths  []string `json:"paths,omitempty" jsonschema:"The absolute paths to the files to upload. Can be single file or multiple files. If omitted, file chooser is cancelled."`
	Target string   `json:"target,omitempty" jsonschema:"Ariadne: the file input or the button that opens the chooser (e12); default: the element clicked last"`
}

func actionTools() []Tool {
	return []Tool{
		def("browser_click", "Click", "Perform click on a web page", playwright,
			map[string][]string{"button": {"left", "right", "middle"}, "modifiers": {"Alt", "Control", "ControlOrMeta", "Meta", "Shift"}},
			func(ctx context.Context, s *Server, in clickArgs) (*answer, error) {
				o := browser.ActionOptions{Button: in.Button, Modifiers: modifiers(in.Modifiers)}
				verb := "clicked"
				if in.DoubleClick {
					o.Count, verb = 2, "double-clicked"
				}
				return s.act(ctx, in.Snapshot, func(ctx context.Context) (*browser.ActionResult, error) {
					s.lastClicked = in.Target
					return s.do(ctx, session.Action{Kind: session.Click, Ref: in.Target, Options: o})
				}, "%s %s", verb, in.Target)
			}),
		def("browser_type", "Type text", "Type text into editable element", playwright, nil,
			func(ctx context.Context, s *Server, in typeArgs) (*answer, error) {
				return s.act(ctx, in.Snapshot, func(ctx context.Context) (*browser.ActionResult, error) {
					var res *browser.ActionResult
					var err error
					if in.Slowly {
						res, err = s.do(ctx, session.Action{Kind: session.Type, Ref: in.Target, Text: in.Text})
					} else {
						res, err = s.do(ctx, session.Action{Kind: session.Fill, Ref: in.Target, Text: in.Text})
					}
					if err != nil || !in.Submit {
						return res, err
					}
					sub, err := s.do(ctx, session.Action{Kind: session.Press, Ref: in.Target, Keys: "Enter"})
					if sub != nil {
						sub.Healed = sub.Healed || res.Healed
					}
					return sub, err
				}, "typed into %s", in.Target)
			}),
		def("browser_fill_form", "Fill form", "Fill multiple form fields", playwright,
			map[string][]string{"fields.type": {"textbox", "checkbox", "radio", "combobox", "slider"}},
			func(ctx context.Context, s *Server, in fillFormArgs) (*answer, error) {
				if len(in.Fields) == 0 {
					return nil, refs.Errorf(refs.CodeBadArgument, "fields is empty: give at least one {target, name, type, value}")
				}
				a := &answer{}
				var last *browser.ActionResult
				for _, f := range in.Fields {
					res, err := s.fillField(ctx, f)
					if err != nil {
						return nil, refs.Wrap(refs.CodeOf(err), err, "field %q (%s): %s", f.Name, f.Target, message(err))
					}
					if res.Healed {
						a.say("%s had been re-rendered: healed", f.Target)
					}
					a.say("set %q (%s)", refs.EscapeHidden(f.Name), f.Target)
					last = res
				}
				last.Healed = false
				return a, s.after(ctx, a, last, in.Snapshot)
			}),
		def("browser_select_option", "Select option", "Select an option in a dropdown", playwright, nil,
			func(ctx context.Context, s *Server, in selectArgs) (*answer, error) {
				return s.act(ctx, in.Snapshot, func(ctx context.Context) (*browser.ActionResult, error) {
					return s.do(ctx, session.Action{Kind: session.Select, Ref: in.Target, Values: in.Values})
				}, "selected %s in %s", strings.Join(in.Values, ", "), in.Target)
			}),
		def("browser_hover", "Hover mouse", "Hover over element on page", playwright, nil,
			func(ctx context.Context, s *Server, in hoverArgs) (*answer, error) {
				return s.act(ctx, in.Snapshot, func(ctx context.Context) (*browser.ActionResult, error) {
					return s.do(ctx, session.Action{Kind: session.Hover, Ref: in.Target})
				}, "hovered %s", in.Target)
			}),
		def("browser_drag", "Drag mouse", "Perform drag and drop between two elements", playwright, nil,
			func(ctx context.Context, s *Server, in dragArgs) (*answer, error) {
				return s.act(ctx, in.Snapshot, func(ctx context.Context) (*browser.ActionResult, error) {
					return s.do(ctx, session.Action{Kind: session.Drag, Ref: in.StartTarget, To: in.EndTarget})
				}, "dragged %s to %s", in.StartTarget, in.EndTarget)
			}),
		def("browser_press_key", "Press a key", "Press a key on the keyboard", playwright, nil,
			func(ctx context.Context, s *Server, in pressArgs) (*answer, error) {
				if err := need("key", in.Key); err != nil {
					return nil, err
				}
				// Keys into a password field (the target's, or the focused
				// one) are its secret: never in the answer, nor an error.
				secret := session.FocusedSecret(ctx, s.sess)
				if in.Target != "" {
					info, err := s.sess.Info(ctx, in.Target)
					secret = err != nil || info.Password
				}
				shown := refs.EscapeHidden(in.Key)
				if secret {
					shown = refs.SecretMask
				}
				a, err := s.act(ctx, in.Snapshot, func(ctx context.Context) (*browser.ActionResult, error) {
					return s.do(ctx, session.Action{Kind: session.Press, Ref: in.Target, Keys: in.Key})
				}, "pressed %s", shown)
				if secret {
					err = session.MaskKeys(err, in.Key)
				}
				return a, err
			}),
		def("browser_file_upload", "Upload files", "Upload one or multiple files", playwright, nil,
			func(ctx context.Context, s *Server, in uploadArgs) (*answer, error) {
				if len(in.Paths) == 0 {
					return &answer{result: []string{"no files given: nothing uploaded (Ariadne never leaves a file chooser open)"}}, nil
				}
				target := in.Target
				if target == "" {
					target = s.lastClicked
				}
				if target == "" {
					return nil, refs.Errorf(refs.CodeBadArgument, "which file input? pass target (the input's or the upload button's ref), or click it first")
				}
				return s.act(ctx, false, func(ctx context.Context) (*browser.ActionResult, error) {
					return s.do(ctx, session.Action{Kind: session.Upload, Ref: target, Files: in.Paths})
				}, "uploaded %d file(s) to %s", len(in.Paths), target)
			}),
	}
}

// do runs one action through the session layer, as ariadne run does: when
// recording, the element's locators are read first and the step is saved
// after. What it recorded is kept for the answer.
func (s *Server) do(ctx context.Context, a session.Action) (*browser.ActionResult, error) {
	out, err := s.session().Act(ctx, a)
	if out != nil {
		s.noteRecorded(out)
	}
	if err != nil {
		return nil, err
	}
	if out.Act == nil {
		return &browser.ActionResult{}, nil
	}
	return out.Act, nil
}

// act runs an action and answers with what it did and what changed.
func (s *Server) act(ctx context.Context, whole bool, fn func(ctx context.Context) (*browser.ActionResult, error), format string, args ...any) (*answer, error) {
	what := fmt.Sprintf(format, args...)
	res, blocked, err := s.unblocked(ctx, what, fn)
	if err != nil {
		return nil, err
	}
	a := &answer{}
	if blocked {
		a.say("%s; a dialog opened and waits for an answer", what)
		return a, s.after(ctx, a, nil, false)
	}
	a.say("%s", what)
	if res.Navigated {
		a.say("navigated to %s: refs of the old page are stale", refs.EscapeHidden(res.URL))
	}
	return a, s.after(ctx, a, res, whole)
}

func (s *Server) fillField(ctx context.Context, f formField) (*browser.ActionResult, error) {
	switch f.Type {
	case "checkbox", "radio":
		on := strings.EqualFold(f.Value, "true")
		if !on && !strings.EqualFold(f.Value, "false") {
			return nil, refs.Errorf(refs.CodeBadArgument, "a %s's value is true or false, not %q", f.Type, f.Value)
		}
		if f.Type == "radio" && on {
			return s.do(ctx, session.Action{Kind: session.Click, Ref: f.Target})
		}
		kind := session.Uncheck
		if on {
			kind = session.Check
		}
		return s.do(ctx, session.Action{Kind: kind, Ref: f.Target})
	case "combobox":
		return s.do(ctx, session.Action{Kind: session.Select, Ref: f.Target, Values: []string{f.Value}})
	case "textbox", "slider", "":
		return s.do(ctx, session.Action{Kind: session.Fill, Ref: f.Target, Text: f.Value})
	}
	return nil, refs.Errorf(refs.CodeBadArgument, "field type %q: want textbox, checkbox, radio, combobox or slider", f.Type)
}

// modifiers maps Playwright's ControlOrMeta to Control (Ariadne's browser
// is Chromium on Linux, macOS or Windows; Control is what pages expect
// outside macOS).
func modifiers(m []string) []string {
	out := make([]string, len(m))
	for i, k := range m {
		if k == "ControlOrMeta" {
			k = "Control"
		}
		out[i] = k
	}
	return out
}

func message(err error) string {
	if e, ok := err.(*refs.Error); ok {
		return e.Message
	}
	return err.Error()
}
