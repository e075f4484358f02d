package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ariadne-tui/ariadne/commands"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// runSummary is run's --help text; the command list comes from the
// commands table.
func runSummary() string {
	return `Run a script of commands, one per line (blank lines and # comments are
ignored), and print one JSON object per command on stdout with "ok", the
result fields and, on failure, "error": {"code", "message"}. Text arguments
are quoted like a shell: type e3 "hello world". FILE - (or no FILE) reads
the script from standard input. The exit status is 1 if any command failed.
find sets $NAME; later commands use it for the ref: click $NAME.

Commands:
` + commands.Help() + `
With --record FILE, every navigation, action, dialog answer and assert is
saved to FILE as a recording step as it happens (see 'ariadne replay' and
'ariadne export'); each result then lists what it "recorded". Values typed
into password fields are saved as secrets (ARIADNE_SECRET_<LABEL>, read from
the environment on replay) unless --record-secrets.`
}

func runScript(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "run", "run [flags] [FILE|-]", runSummary())
	bail := fs.Bool("bail", false, "stop at the first failing command")
	record := fs.String("record", "", "record the script's actions to the recording `FILE` (created; never overwritten)")
	recordSecrets := fs.Bool("record-secrets", false, "with --record, store what is typed into password fields as plain text instead of a secret")
	bf := addBrowserFlags(fs, true)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("run takes one script file, got %d arguments", len(pos))
	}
	in := e.Stdin
	name := "standard input"
	if len(pos) == 1 && pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			return fmt.Errorf("reading the script: %w", err)
		}
		defer f.Close()
		in, name = f, pos[0]
	}
	b, err := bf.launch(ctx, e)
	if err != nil {
		return err
	}
	defer b.Close()
	r := &runner{s: session.Session{Browser: b}, out: e.Stdout, vars: map[string]string{}, stderr: e.Stderr}
	if *record != "" {
		rec, err := session.Start(ctx, b, *record, session.RecordOptions{Secrets: *recordSecrets})
		if err != nil {
			return refs.Errorf(refs.CodeOf(err), "--record: %s", refs.MessageOf(err))
		}
		defer rec.Close()
		r.s.Recorder = rec
	} else if *recordSecrets {
		return usagef("--record-secrets needs --record FILE")
	}
	failed := false
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1024*1024), 16*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimPrefix(sc.Text(), "\ufeff") // a BOM before the first line
		ws, err := commands.SplitWords(text)
		if err == nil && len(ws) == 0 {
			continue
		}
		var res map[string]any
		var words []string
		if err == nil {
			words, err = commands.ExpandWords(ws, r.vars)
		}
		secret := false
		if err != nil {
			err = refs.Errorf(refs.CodeBadArgument, "%v", err)
		} else {
			res, secret, err = r.exec(ctx, words)
		}
		if res == nil {
			res = map[string]any{}
		}
		res["line"] = line
		res["cmd"] = echoLine(text, ws, res, secret)
		res["ok"] = err == nil
		if err != nil {
			failed = true
			code := refs.CodeOf(err)
			if code == "" {
				code = refs.CodeInternal
				if ctx.Err() != nil {
					code = "interrupted"
				}
			}
			res["error"] = map[string]string{"code": string(code), "message": refs.MessageOf(err)}
		}
		if werr := writeJSON(r.out, res, false); werr != nil {
			return fmt.Errorf("writing results: %w", werr)
		}
		if err != nil && (*bail || ctx.Err() != nil) {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", name, err)
	}
	if failed {
		return errSilent
	}
	return nil
}

type runner struct {
	s      session.Session   // the browser, and the recorder with --record
	out    io.Writer         // results, one JSON object a line (writeJSON)
	vars   map[string]string // set by find, used as $NAME
	stderr io.Writer
}

// exec runs one script line's words, $NAME already replaced by the ref
// find stored (commands.ExpandWords): the command from the table.
// secret is decided before the command runs, so that a line that fails
// is masked too (see secretText).
func (r *runner) exec(ctx context.Context, words []string) (res map[string]any, secret bool, err error) {
	name, rest := words[0], words[1:]
	cmd := commands.Lookup(name)
	if cmd == nil {
		return nil, false, refs.Errorf(refs.CodeBadArgument, "unknown command %q; see 'ariadne run --help'", name)
	}
	call, err := cmd.Parse(rest)
	if err != nil {
		return nil, false, err
	}
	// $NAME stands for a ref find stored, in the arguments that are refs.
	for _, i := range cmd.RefArgs(call) {
		if w := call.Args[i]; strings.HasPrefix(w, "$") {
			v, ok := r.vars[w[1:]]
			if !ok {
				return nil, false, refs.Errorf(refs.CodeBadArgument, "%s is not set; set it with find %s ROLE NAME", w, w[1:])
			}
			call.Args[i] = v
		}
	}
	secret = r.secretText(ctx, name, call.Args)
	call.Session, call.Vars = r.s, r.vars
	res, err = cmd.Run(ctx, call)
	if secret && name == "press" {
		err = session.MaskKeys(err, call.Args[len(call.Args)-1])
	}
	for _, n := range call.Notices {
		if secret && strings.HasPrefix(n, "press: ") {
			n = "press: the keys are written as Playwright names them (not shown: they go into a password field)"
		}
		fmt.Fprintln(r.stderr, "ariadne: "+refs.EscapeHidden(n))
	}
	return res, secret, err
}

// secretText reports whether the text of a fill, type, press or assert
// value line goes into, or is compared with, a password field: asked of
// the browser before the command runs, so that a line that then fails
// (disabled, timed out, gone) is masked too. An element that cannot be
// read counts as a password: what cannot be checked is not shown.
func (r *runner) secretText(ctx context.Context, name string, args []string) bool {
	ref := ""
	switch {
	case (name == "fill" || name == "type") && len(args) == 2,
		name == "press" && len(args) == 2:
		ref = args[0]
	case name == "assert" && len(args) == 3 && args[0] == "value":
		ref = args[1]
	}
	if r.s.Browser == nil {
		return false
	}
	if name == "press" && len(args) == 1 {
		return session.FocusedSecret(ctx, r.s.Browser) // keys into the focused field
	}
	if ref == "" {
		return false
	}
	info, err := r.s.Browser.Info(ctx, ref)
	return err != nil || info.Password
}

// echoLine is the script line a result echoes, with the text typed or
// keys pressed into, or compared with, a password field replaced by
// [secret]: a result never holds a password (fill/type/press set
// "secret": true, assert value "secret": the variable; secret is set when
// the line's element was a password field before it ran).
func echoLine(line string, ws []commands.Word, res map[string]any, secret bool) string {
	_, typed := res["secret"].(bool)
	_, compared := res["secret"].(string)
	typed, compared = typed || secret, compared || secret
	nth := -1 // the positional argument that holds the text
	switch {
	case typed && ws[0].Text == "press" && positional(ws) == 2:
		nth = 1 // press KEYS, into the focused field
	case typed && (ws[0].Text == "fill" || ws[0].Text == "type" || ws[0].Text == "press"):
		nth = 2 // fill REF TEXT, press REF KEYS
	case compared && ws[0].Text == "assert":
		nth = 3 // assert value REF TEXT
	}
	at, n := -1, 0
	for i := 0; i < len(ws) && nth > 0; i++ {
		w := ws[i].Text
		if strings.HasPrefix(w, "--") && !strings.Contains(w, "=") && w != "--" {
			if w == "--timeout" {
				i++ // its value
			}
			continue
		}
		if n == nth {
			at = i
			break
		}
		n++
	}
	if at < 0 {
		return strings.TrimSpace(line)
	}
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
		if i == at {
			out[i] = refs.SecretMask
		}
	}
	return strings.Join(out, " ")
}

// positional counts the words of a line that are not flags (the command
// included): a flag's value (--timeout 1s) is not counted.
func positional(ws []commands.Word) int {
	n := 0
	for i := 0; i < len(ws); i++ {
		w := ws[i].Text
		if strings.HasPrefix(w, "--") && !strings.Contains(w, "=") && w != "--" {
			if w == "--timeout" {
				i++
			}
			continue
		}
		n++
	}
	return n
}
