package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// This file is the : command line. The commands are data: one table feeds
// the dispatch, the completion, the hints and the help screen.

// lineCommand is one command of the : command line.
type lineCommand struct {
	name string // what is typed: "open"
	args string // its arguments, for the help: "URL"
	help string
	// min and max bound the number of words after the name; max -1: the
	// rest of the line is one argument (a name with spaces).
	min, max int
	// complete lists the values argument i may take, for tab; nil: any.
	complete func(i int) []string
	run      func(m *Model, args []string) tea.Cmd
}

// lineCommands returns the command line's commands, in help order. A line
// that is a ref (e12, @e12, [e12], ref=e12) jumps to it.
func lineCommands() []lineCommand {
	return []lineCommand{
		{name: "open", args: "URL", help: "open a page", min: 1, max: 1, run: (*Model).cmdOpen},
		{name: "find", args: "ROLE [NAME]", help: "exact role and name; --nth N", min: 1, max: -1, run: (*Model).cmdFind},
		{name: "record", help: "start / pause recording", run: func(m *Model, _ []string) tea.Cmd { return m.toggleRecording() }},
		{name: "export", args: "FORMAT FILE", help: "export the recording", min: 2, max: 2,
			complete: func(i int) []string {
				if i == 0 {
					return formatNames()
				}
				return nil
			}, run: (*Model).cmdExport},
		{name: "replay", args: "FILE", help: "replay a recording here", min: 1, max: 1, run: (*Model).cmdReplay},
		{name: "screenshot", args: "FILE", help: "PNG, selection outlined", min: 1, max: 1, run: (*Model).cmdScreenshot},
		{name: "messages", help: "the message log", run: func(m *Model, _ []string) tea.Cmd { m.openMessages(); return nil }},
	}
}

// commandBindings lists the commands for the help screen.
func commandBindings() []key.Binding {
	var out []key.Binding
	for _, c := range lineCommands() {
		out = append(out, key.NewBinding(key.WithKeys(":"+c.name), key.WithHelp(strings.TrimSpace(":"+c.name+" "+c.args), c.help)))
	}
	return out
}

func formatNames() []string {
	var out []string
	for _, f := range recordings.Formats() {
		out = append(out, f.Name)
	}
	return out
}

func (m *Model) openCommandLine() tea.Cmd {
	cmd := m.openPrompt(promptCommand, ":", "", "")
	m.prompt.hint = m.commandHint("")
	return cmd
}

// commandByPrefix returns the commands whose name starts with word.
func commandByPrefix(word string) []lineCommand {
	var out []lineCommand
	for _, c := range lineCommands() {
		if c.name == word {
			return []lineCommand{c}
		}
		if strings.HasPrefix(c.name, word) {
			out = append(out, c)
		}
	}
	return out
}

// commandHint is what the command line shows right of the input: the
// commands that fit what is typed, or the arguments of the one that does.
func (m *Model) commandHint(line string) string {
	name, rest, _ := strings.Cut(strings.TrimLeft(line, " "), " ")
	if _, err := refs.ParseRef(name); err == nil && rest == "" {
		return "enter jumps to " + name
	}
	if name == "?" && rest == "" {
		return commandList()
	}
	cs := commandByPrefix(name)
	switch {
	case len(cs) == 0:
		return "no command " + quote(name) + "; tab or ? lists them"
	case len(cs) == 1 && (cs[0].name == name || rest != ""):
		return strings.TrimSpace(cs[0].name+" "+cs[0].args) + ": " + cs[0].help
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.name
	}
	return strings.Join(names, " ") + " · or a ref"
}

// complete finishes the word at the end of the command line: a command
// name, or an argument the command lists.
func (m *Model) complete(p *prompt) {
	line := p.input.Value()
	words := strings.Fields(line)
	atNew := line == "" || strings.HasSuffix(line, " ")
	var choices []string
	var word string
	switch {
	case len(words) == 0 || (len(words) == 1 && !atNew):
		if len(words) == 1 {
			word = words[0]
		}
		for _, c := range commandByPrefix(word) {
			choices = append(choices, c.name)
		}
	default:
		cs := commandByPrefix(words[0])
		if len(cs) != 1 || cs[0].complete == nil {
			return
		}
		i := len(words) - 1
		if !atNew {
			word = words[len(words)-1]
			i--
		}
		for _, v := range cs[0].complete(i) {
			if strings.HasPrefix(v, word) {
				choices = append(choices, v)
			}
		}
	}
	if len(choices) == 0 {
		p.hint = "nothing to complete"
		return
	}
	prefix := choices[0]
	for _, c := range choices[1:] {
		for !strings.HasPrefix(c, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	base := strings.TrimSuffix(line, word)
	if len(choices) == 1 {
		prefix += " "
	}
	p.input.SetValue(base + prefix)
	p.input.CursorEnd()
	p.hint = m.commandHint(p.input.Value())
	if len(choices) > 1 {
		p.hint = strings.Join(choices, " ")
	}
}

// runCommand runs one command line.
func (m *Model) runCommand(line string) tea.Cmd {
	line = strings.TrimSpace(line)
	if line == "" {
		return nil
	}
	name, rest, _ := strings.Cut(line, " ")
	if ref, err := refs.ParseRef(name); err == nil && strings.TrimSpace(rest) == "" {
		m.jump(ref)
		return nil
	}
	if name == "?" && strings.TrimSpace(rest) == "" {
		m.setStatus(statusInfo, commandList())
		return nil
	}
	cs := commandByPrefix(name)
	if len(cs) != 1 {
		names := make([]string, 0, len(lineCommands()))
		for _, c := range lineCommands() {
			names = append(names, c.name)
		}
		if len(cs) > 1 {
			m.setStatus(statusErr, ":"+Sanitize(name)+" could be "+strings.Join(commandNames(cs), " or ")+"; type more of it")
			return nil
		}
		m.setStatus(statusErr, "no command :"+Sanitize(name)+"; the commands are "+strings.Join(names, ", ")+", or a ref such as e12")
		return nil
	}
	c := cs[0]
	var args []string
	if c.max < 0 {
		if role, name, ok := strings.Cut(strings.TrimSpace(rest), " "); ok {
			args = []string{role, strings.TrimSpace(name)}
		} else if role != "" {
			args = []string{role}
		}
	} else {
		args = strings.Fields(rest)
	}
	if len(args) < c.min || (c.max >= 0 && len(args) > c.max) {
		m.setStatus(statusErr, "usage: :"+strings.TrimSpace(c.name+" "+c.args)+" — "+c.help)
		return nil
	}
	return c.run(m, args)
}

// commandList is what ? shows: every command with its arguments.
func commandList() string {
	var b strings.Builder
	b.WriteString("commands: REF (e12)")
	for _, c := range lineCommands() {
		b.WriteString(" · " + strings.TrimSpace(c.name+" "+c.args))
	}
	return b.String()
}

func commandNames(cs []lineCommand) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = ":" + c.name
	}
	return out
}

func (m *Model) cmdOpen(args []string) tea.Cmd {
	return m.answer(&prompt{kind: promptOpen}, args[0])
}

// cmdFind selects the first (or --nth N) node in document order with the
// role and, if given, exactly the name, as `ariadne run`'s find matches
// (refs.FindByRole).
func (m *Model) cmdFind(args []string) tea.Cmd {
	root := m.tree.Root()
	if root == nil {
		m.setStatus(statusErr, "no page yet")
		return nil
	}
	role, name, nth, err := findArgs(args)
	if err != nil {
		m.setStatus(statusErr, err.Error())
		return nil
	}
	found := root.FindByRole(role, name, name != "", nth)
	what := Sanitize(role)
	if name != "" {
		what += " " + quote(name)
	}
	if nth > 1 {
		what += fmt.Sprintf(" (number %d)", nth)
	}
	if found == nil {
		m.setStatus(statusErr, "no "+what+" on this page (the role and name are exact, as the tree shows them: button \"Save\")")
		return nil
	}
	m.jump(found.Ref)
	m.setStatus(statusInfo, "found "+what+": "+found.Ref)
	return m.selectionMoved(false)
}

// findArgs splits :find's words into the role, the name (the rest of the
// line) and the --nth number, which ends the line.
func findArgs(args []string) (role, name string, nth int, err error) {
	role, nth = args[0], 1
	if len(args) > 1 {
		name = args[1]
	}
	words := strings.Fields(name)
	if len(args) == 1 || len(words) == 0 {
		return role, name, nth, nil
	}
	if n := len(words); n >= 2 && words[n-2] == "--nth" {
		v, err := strconv.Atoi(words[n-1])
		if err != nil || v < 1 {
			return "", "", 0, fmt.Errorf("--nth %s: want a number from 1", quote(words[n-1]))
		}
		rest := strings.TrimSpace(name[:strings.LastIndex(name, "--nth")])
		return role, rest, v, nil
	}
	return role, name, nth, nil
}

// cmdDoneMsg ends a command that ran in a Cmd without the page changing.
type cmdDoneMsg struct {
	text string
	err  error
	what string // for the error: "export", "screenshot"
}

func (m *Model) onCmdDone(c cmdDoneMsg) tea.Cmd {
	if c.err != nil {
		m.fail(c.what, c.err)
		return nil
	}
	m.setStatus(statusOK, c.text)
	return nil
}

// createNew creates path for writing; it refuses to overwrite a file.
func createNew(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, refs.Errorf(refs.CodeBadArgument, "%s exists; give a new file name (nothing is overwritten)", path)
	}
	return f, err
}

func (m *Model) cmdExport(args []string) tea.Cmd {
	format, out := args[0], args[1]
	if !slices.Contains(formatNames(), format) {
		m.setStatus(statusErr, "no export format "+quote(format)+"; the formats are "+strings.Join(formatNames(), ", "))
		return nil
	}
	path := m.rec.state.Path
	if path == "" {
		m.setStatus(statusErr, "nothing recorded yet: "+m.keys.Record.Toggle.Help().Key+" or :record starts a recording")
		return nil
	}
	return func() tea.Msg {
		rec, _, err := recordings.Load(path)
		if err != nil {
			return cmdDoneMsg{what: "export", err: err}
		}
		f, err := createNew(out)
		if err != nil {
			return cmdDoneMsg{what: "export", err: err}
		}
		err = recordings.Export(format, rec, f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(out)
			return cmdDoneMsg{what: "export", err: err}
		}
		return cmdDoneMsg{text: fmt.Sprintf("exported %s of %s as %s to %s", counted(len(rec.Steps), "step", "steps"), Sanitize(path), format, Sanitize(out))}
	}
}

// cmdReplay replays a recording in this browser's current tab through the
// session layer's replayer, then shows the page.
func (m *Model) cmdReplay(args []string) tea.Cmd {
	file := args[0]
	lookup := m.opts.LookupEnv
	if lookup == nil {
		lookup = os.LookupEnv
	}
	return m.startOp(resNav, "replay "+file, func(ctx context.Context, b Browser) resultMsg {
		if _, err := os.Stat(file); err != nil {
			return resultMsg{err: refs.Errorf(refs.CodeBadArgument, "no recording %s: give the path of a .jsonl recording", file), page: pageAfter(ctx, b, nil)}
		}
		text, err := replayFile(ctx, b, file, lookup)
		return resultMsg{done: text, err: err, page: pageAfter(ctx, b, nil)}
	})
}

// replayFile replays file through session.ReplayFile, its secrets read
// with lookup, and says how it went in one line.
func replayFile(ctx context.Context, b Browser, file string, lookup func(string) (string, bool)) (string, error) {
	r, err := session.ReplayFile(ctx, b, file, session.FileOptions{
		Replay: recordings.ReplayOptions{Timeout: b.Options().ActionTimeout, Lookup: lookup}})
	if err != nil {
		return "", err
	}
	msg := fmt.Sprintf("replay %s passed: %s in %s", file, counted(len(r.Result.Steps), "step", "steps"), r.Result.Duration.Round(time.Millisecond))
	if r.Result.Healed > 0 {
		msg += ", " + itoa(r.Result.Healed) + " healed by fallback locators"
		if r.Result.Healed == 1 {
			msg = strings.TrimSuffix(msg, "fallback locators") + "a fallback locator"
		}
	}
	if len(r.Skipped) > 0 {
		msg += fmt.Sprintf(" (%d unreadable lines skipped)", len(r.Skipped))
	}
	return msg, nil
}

func (m *Model) cmdScreenshot(args []string) tea.Cmd {
	return m.preview(args[0])
}
