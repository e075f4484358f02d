package mcp

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/ariadne-tui/ariadne/commands"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

type runArgs struct {
	Command string   `json:"command" jsonschema:"The ariadne run command: open, click, fill, type, press, select, check, uncheck, upload, drag, scroll, back, forward, reload, tabs, tab, close-tab, dialog, wait, screenshot, find, assert, ..."`
	Line    string   `json:"line,omitempty" jsonschema:"Its arguments as in a script line, quoted as ariadne run reads them: e5 'Ada Lovelace'; $NAME is the ref a find stored, '$10 off' or \\$10 is the text itself"`
	Args    []string `json:"args,omitempty" jsonschema:"Or its words, one per item, not quoted (after line, if both): [\"e5\", \"--count\", \"2\"]; an item starting with $ is a $NAME reference (use line to pass text starting with $)"`
}

// words splits and expands in's arguments as `ariadne run` reads a script
// line (commands.SplitWords, commands.ExpandWords): the same quoting and
// the same $NAME references, with the same errors.
func (in runArgs) words(name string, vars map[string]string) ([]string, error) {
	ws, err := commands.SplitWords(in.Line)
	if err != nil {
		return nil, refs.Errorf(refs.CodeBadArgument, "line: %v", err)
	}
	ws = append([]commands.Word{{Text: name}}, ws...)
	for _, a := range in.Args {
		ws = append(ws, commands.Word{Text: a, Ref: strings.HasPrefix(a, "$")})
	}
	words, err := commands.ExpandWords(ws, vars)
	if err != nil {
		return nil, refs.Errorf(refs.CodeBadArgument, "%v", err)
	}
	return words[1:], nil
}

// runTool serves every command of `ariadne run` (the commands table) with
// the same arguments, result fields and error codes.
func runTool() Tool {
	var names []string
	for _, c := range commands.All() {
		names = append(names, c.Name)
	}
	return def("browser_run", "Run a script command", "Ariadne: run one `ariadne run` command (see 'ariadne run --help') with the same arguments, JSON result and error codes; actions also answer with what changed", 0,
		map[string][]string{"command": names},
		func(ctx context.Context, s *Server, in runArgs) (*answer, error) {
			cmd := commands.Lookup(in.Command)
			if cmd == nil {
				return nil, refs.Errorf(refs.CodeBadArgument, "unknown command %q; one of %s", in.Command, strings.Join(names, ", "))
			}
			words, err := in.words(cmd.Name, s.vars)
			if err != nil {
				return nil, err
			}
			call, err := cmd.Parse(words)
			if err != nil {
				return nil, err
			}
			call.Session, call.Vars = s.session(), s.vars
			secret := cmd.Name == "press" && s.pressesSecret(ctx, call.Args)
			res, err := cmd.Run(ctx, call)
			if secret {
				err = session.MaskKeys(err, call.Args[len(call.Args)-1])
				for i, n := range call.Notices {
					if strings.HasPrefix(n, "press: ") {
						call.Notices[i] = "press: the keys are written as Playwright names them (not shown: they go into a password field)"
					}
				}
			}
			if err != nil {
				return nil, err
			}
			out, err := json.Marshal(res)
			if err != nil {
				return nil, refs.Wrap(refs.CodeInternal, err, "encoding the result of %s", cmd.Name)
			}
			a := &answer{}
			a.say("%s", refs.EscapeJSON(out))
			a.result = append(a.result, call.Notices...)
			if !cmd.Action && res["url"] == nil {
				return a, nil
			}
			nav, _ := res["navigated"].(bool)
			_, opened := res["status"]
			return a, s.after(ctx, a, nil, nav || opened)
		})
}

// pressesSecret reports whether a press (press [REF] KEYS) goes into a
// password field, its ref's or the focused one: its keys are then never
// shown, in the answer or in an error. A field that cannot be read counts
// as one.
func (s *Server) pressesSecret(ctx context.Context, args []string) bool {
	switch len(args) {
	case 1:
		return session.FocusedSecret(ctx, s.sess)
	case 2:
		info, err := s.sess.Info(ctx, args[0])
		return err != nil || info.Password
	}
	return false
}
