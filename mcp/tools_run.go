package mcp

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/ariadne-tui/ariadne/commands"
	"github.com/ariadne-tui/ariadne/refs"
)

type runArgs struct {
	Command string   `json:"command" jsonschema:"The ariadne run command: open, click, fill, type, press, select, check, uncheck, upload, drag, scroll, back, forward, reload, tabs, tab, close-tab, dialog, wait, screenshot, find, assert, ..."`
	Args    []string `json:"args,omitempty" jsonschema:"Its words, as in a script line (one word per item, no quoting): [\"e5\", \"--count\", \"2\"]; $NAME is the ref a find stored"`
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
			words := append([]string(nil), in.Args...)
			if cmd.Name != "find" {
				for i, w := range words {
					if name, ok := strings.CutPrefix(w, "$"); ok {
						v, ok := s.vars[name]
						if !ok {
							return nil, refs.Errorf(refs.CodeBadArgument, "%s is not set; set it with find %s ROLE NAME", w, name)
						}
						words[i] = v
					}
				}
			}
			call, err := cmd.Parse(words)
			if err != nil {
				return nil, err
			}
			call.Session, call.Vars = s.session(), s.vars
			res, err := cmd.Run(ctx, call)
			if err != nil {
				return nil, err
			}
			out, err := json.Marshal(res)
			if err != nil {
				return nil, refs.Wrap(refs.CodeInternal, err, "encoding the result of %s", cmd.Name)
			}
			a := &answer{}
			a.say("%s", sanitize(string(out)))
			a.result = append(a.result, call.Notices...)
			if !cmd.Action && res["url"] == nil {
				return a, nil
			}
			nav, _ := res["navigated"].(bool)
			_, opened := res["status"]
			return a, s.after(ctx, a, nil, nav || opened)
		})
}
