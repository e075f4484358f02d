package commands

import (
	"context"
	"strconv"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// action is the session.Action of an action command's call.
func action(name string, c *Call) (session.Action, error) {
	a, args := session.Action{Kind: session.Kind(name), Options: c.Options}, c.Args
	switch a.Kind {
	case session.Open:
		a.URL = args[0]
	case session.Click, session.DblClick, session.Hover, session.Focus, session.Clear, session.Check, session.Uncheck:
		a.Ref = args[0]
	case session.Type, session.Fill:
		a.Ref, a.Text = args[0], args[1]
	case session.Press:
		if len(args) == 2 {
			a.Ref = args[0]
		}
		// Keys are written as Playwright names them: Ctrl+a is Control+a.
		var note string
		a.Keys, note = recordings.CanonicalKeys(args[len(args)-1])
		if note != "" {
			c.Notices = append(c.Notices, "press: "+note)
		}
	case session.Select:
		a.Ref, a.Values = args[0], args[1:]
	case session.Upload:
		a.Ref, a.Files = args[0], args[1:]
	case session.Drag:
		a.Ref, a.To = args[0], args[1]
	case session.CloseTab:
		if len(args) == 1 {
			n, err := strconv.Atoi(args[0])
			if err != nil {
				return a, bad("close-tab %q: want a tab number", args[0])
			}
			a.Tab = n
		}
	case session.Scroll:
		if len(args) == 1 {
			a.Ref = args[0]
			break
		}
		var err1, err2 error
		a.DX, err1 = strconv.ParseFloat(args[0], 64)
		a.DY, err2 = strconv.ParseFloat(args[1], 64)
		if err1 != nil || err2 != nil {
			return a, bad("usage: scroll REF | scroll DX DY (pixels)")
		}
	}
	return a, nil
}

// runAct runs a navigation or an action on the page through the
// session (recorded when it records).
func runAct(ctx context.Context, c *Call) (Result, error) {
	a, err := action(c.Command.Name, c)
	if err != nil {
		return nil, err
	}
	return act(ctx, c, a)
}

// act runs a and turns its outcome into a result.
func act(ctx context.Context, c *Call, a session.Action) (Result, error) {
	out, err := c.Session.Act(ctx, a)
	if out == nil || (err != nil && out.Nav == nil && len(out.Steps) == 0) {
		return nil, err
	}
	var m Result
	switch {
	case out.Nav != nil:
		m = fields(out.Nav)
	case out.Act != nil:
		m = fields(out.Act)
		if out.Act.Snapshot != nil {
			m["snapshot"] = refs.Text(out.Act.Snapshot.Root, refs.TextOptions{})
		}
	default: // close-tab
		tabs, terr := c.Session.Browser.Tabs(ctx)
		if err == nil {
			err = terr
		}
		m = Result{"tabs": tabs}
	}
	recorded(c, m, out.Steps)
	for _, name := range out.NewSecrets {
		c.Notices = append(c.Notices, session.SecretNotice(name))
	}
	return m, err
}

// recorded adds what a command recorded to its result.
func recorded(c *Call, m Result, steps []recordings.Step) {
	if len(steps) == 0 {
		return
	}
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = recordings.Summary(s)
	}
	m["recorded"] = out
}
