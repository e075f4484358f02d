package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

const runSummary = `Run a script of commands, one per line (blank lines and # comments are
ignored), and print one JSON object per command on stdout with "ok", the
result fields and, on failure, "error": {"code", "message"}. Text arguments
are quoted like a shell: type e3 "hello world". FILE - (or no FILE) reads
the script from standard input. The exit status is 1 if any command failed.

Commands:
  open URL                      snapshot [--interactive] [--json] [--diff]
  click REF [--button right] [--count 2] [--modifiers Shift,Control] [--force]
  dblclick REF    hover REF     focus REF     clear REF
  type REF TEXT   fill REF TEXT press [REF] KEYS   (Enter, Control+A, Shift+Tab)
  select REF VALUE...           check REF     uncheck REF
  upload REF FILE...            drag REF REF  scroll REF | scroll DX DY
  back   forward  reload        tabs          tab N         close-tab [N]
  dialog accept [TEXT] | dialog dismiss
  wait text TEXT | wait url PATTERN | wait ms N
  screenshot [REF] FILE
  find NAME ROLE [ACCESSIBLE_NAME] [--nth N]   sets $NAME to the ref of the
                                first (or Nth, from 1) node with that role and
                                exact name (or, for a node with no name, text)
                                in a fresh snapshot: click $NAME
  assert visible|enabled|checked REF    assert text|value REF [TEXT]
  assert url|title [TEXT]       assert snapshot [REF]      (--not negates)
                                checks the page now, retrying until the
                                action timeout; without TEXT it takes the
                                current one (to record it)
Every action also takes --timeout DURATION and --snapshot (include the new
snapshot text in the result).

With --record FILE, every navigation, action, dialog answer and assert is
saved to FILE as a recording step as it happens (see 'ariadne replay' and
'ariadne export'); each result then lists what it "recorded". Values typed
into password fields are saved as secrets (ARIADNE_SECRET_<LABEL>, read from
the environment on replay) unless --record-secrets.`

func runScript(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "run", "run [flags] [FILE|-]", runSummary)
	bail := fs.Bool("bail", false, "stop at the first failing command")
	record := fs.String("record", "", "record the script's actions to the recording `FILE` (created; never overwritten)")
	recordSecrets := fs.Bool("record-secrets", false, "with --record, store what is typed into password fields as plain text instead of a secret")
	bf := addBrowserFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("run takes one script file, got %d arguments", len(pos))
	}
	in := e.stdin
	name := "standard input"
	if len(pos) == 1 && pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			return fmt.Errorf("reading the script: %w", err)
		}
		defer f.Close()
		in, name = f, pos[0]
	}
	b, err := bf.launch(ctx)
	if err != nil {
		return err
	}
	defer b.Close()
	r := &runner{b: b, out: json.NewEncoder(e.stdout), vars: map[string]string{}, secretsTold: map[string]bool{}, stderr: e.stderr}
	if *record != "" {
		if r.rec, err = startRecording(b, *record, *recordSecrets); err != nil {
			return err
		}
		defer r.rec.Writer().Close()
	} else if *recordSecrets {
		return usagef("--record-secrets needs --record FILE")
	}
	r.out.SetEscapeHTML(false)
	failed := false
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1024*1024), 16*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		words, err := splitWords(sc.Text())
		if err == nil && len(words) == 0 {
			continue
		}
		var res map[string]any
		if err != nil {
			err = refs.Errorf(refs.CodeBadArgument, "%v", err)
		} else {
			res, err = r.exec(ctx, words)
		}
		if res == nil {
			res = map[string]any{}
		}
		res["line"] = line
		res["cmd"] = strings.TrimSpace(sc.Text())
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
			res["error"] = map[string]string{"code": string(code), "message": errMessage(err)}
		}
		if werr := r.out.Encode(res); werr != nil {
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

// errMessage is an error's message without the code prefix (the code has
// its own field).
func errMessage(err error) string {
	var e *refs.Error
	if errors.As(err, &e) {
		if e.Err != nil {
			return e.Message + ": " + e.Err.Error()
		}
		return e.Message
	}
	return err.Error()
}

type runner struct {
	b    *browser.Browser
	out  *json.Encoder
	vars map[string]string // set by find, used as $NAME

	// Recording (--record): the recorder, and what the last command did.
	rec         *recordings.Recorder
	lastAct     *browser.ActionResult
	lastNav     *browser.NavResult
	lastDialog  *browser.Dialog
	secretsTold map[string]bool
	stderr      io.Writer
}

// result turns a value into the fields of a result object.
func result(v any) map[string]any {
	m := map[string]any{}
	if v == nil {
		return m
	}
	j, err := json.Marshal(v)
	if err != nil {
		return m
	}
	json.Unmarshal(j, &m)
	return m
}

func bad(format string, args ...any) error {
	return refs.Errorf(refs.CodeBadArgument, format, args...)
}

func (r *runner) exec(ctx context.Context, words []string) (res map[string]any, err error) {
	cmd, rest := words[0], words[1:]
	for i, w := range rest {
		if strings.HasPrefix(w, "$") && cmd != "find" {
			v, ok := r.vars[w[1:]]
			if !ok {
				return nil, bad("%s is not set; set it with find %s ROLE NAME", w, w[1:])
			}
			rest[i] = v
		}
	}
	pos, flags, err := scriptArgs(rest, "button", "count", "modifiers", "timeout", "nth")
	if err != nil {
		return nil, bad("%s: %v", cmd, err)
	}
	// With --record, read the elements' locators before acting, and
	// record the command once it succeeded.
	r.lastAct, r.lastNav, r.lastDialog = nil, nil, nil
	pre, err := r.beforeAction(ctx, cmd, pos)
	if err != nil {
		return nil, err
	}
	if pre != nil {
		defer func() {
			if err != nil {
				return
			}
			steps, rerr := r.afterAction(ctx, cmd, pos, flags, pre)
			if res == nil {
				res = map[string]any{}
			}
			if rerr != nil {
				err = refs.Wrap(refs.CodeNotLocatable, rerr, "%s was done, but could not be recorded", cmd)
				return
			}
			if len(steps) > 0 {
				res["recorded"] = describeSteps(steps)
			}
			r.warnSecrets(r.stderr, steps)
		}()
	}
	o := browser.ActionOptions{Button: flags["button"], Force: flags["force"] == "true", Snapshot: flags["snapshot"] == "true"}
	if c := flags["count"]; c != "" {
		if o.Count, err = strconv.Atoi(c); err != nil || o.Count < 1 {
			return nil, bad("--count %q: want a positive number", c)
		}
	}
	if m := flags["modifiers"]; m != "" {
		o.Modifiers = strings.Split(m, ",")
	}
	if d := flags["timeout"]; d != "" {
		if o.Timeout, err = time.ParseDuration(d); err != nil {
			return nil, bad("--timeout %q: want a duration like 5s", d)
		}
	}
	need := func(n int, form string) error {
		if len(pos) != n {
			return bad("usage: %s %s", cmd, form)
		}
		return nil
	}
	atLeast := func(n int, form string) error {
		if len(pos) < n {
			return bad("usage: %s %s", cmd, form)
		}
		return nil
	}
	var ar *browser.ActionResult
	switch cmd {
	case "open", "goto":
		if err := need(1, "URL"); err != nil {
			return nil, err
		}
		nav, err := r.b.Open(ctx, pos[0])
		r.lastNav = nav
		return result(nav), err
	case "snapshot":
		if flags["diff"] == "true" {
			return snapshotDiff(ctx, r.b)
		}
		snap, err := r.b.Snapshot(ctx)
		if err != nil {
			return nil, err
		}
		if flags["interactive"] == "true" {
			snap.Root = refs.InteractiveOnly(snap.Root)
		}
		m := map[string]any{"url": snap.URL, "title": snap.Title, "count": snap.Count, "text": refs.Text(snap.Root, refs.TextOptions{})}
		if flags["json"] == "true" {
			m["tree"] = snap
		}
		return m, nil
	case "click":
		if err := need(1, "REF [--button left|right|middle] [--count N] [--modifiers Shift,...] [--force]"); err != nil {
			return nil, err
		}
		ar, err = r.b.Click(ctx, pos[0], o)
	case "dblclick":
		if err := need(1, "REF"); err != nil {
			return nil, err
		}
		o.Count = 2
		ar, err = r.b.Click(ctx, pos[0], o)
	case "hover":
		if err := need(1, "REF"); err != nil {
			return nil, err
		}
		ar, err = r.b.Hover(ctx, pos[0], o)
	case "focus":
		if err := need(1, "REF"); err != nil {
			return nil, err
		}
		ar, err = r.b.Focus(ctx, pos[0], o)
	case "clear":
		if err := need(1, "REF"); err != nil {
			return nil, err
		}
		ar, err = r.b.Clear(ctx, pos[0], o)
	case "type", "fill":
		if err := need(2, "REF TEXT"); err != nil {
			return nil, err
		}
		if cmd == "type" {
			ar, err = r.b.Type(ctx, pos[0], pos[1], o)
		} else {
			ar, err = r.b.Fill(ctx, pos[0], pos[1], o)
		}
	case "press":
		switch len(pos) {
		case 1:
			ar, err = r.b.Press(ctx, "", pos[0], o)
		case 2:
			ar, err = r.b.Press(ctx, pos[0], pos[1], o)
		default:
			return nil, bad("usage: press [REF] KEYS (quote several keys: press e3 \"Control+A Delete\")")
		}
	case "select":
		if err := atLeast(2, "REF VALUE..."); err != nil {
			return nil, err
		}
		ar, err = r.b.Select(ctx, pos[0], pos[1:], o)
	case "check", "uncheck":
		if err := need(1, "REF"); err != nil {
			return nil, err
		}
		ar, err = r.b.SetChecked(ctx, pos[0], cmd == "check", o)
	case "upload":
		if err := atLeast(2, "REF FILE..."); err != nil {
			return nil, err
		}
		ar, err = r.b.Upload(ctx, pos[0], pos[1:], o)
	case "drag":
		if err := need(2, "FROM_REF TO_REF"); err != nil {
			return nil, err
		}
		ar, err = r.b.Drag(ctx, pos[0], pos[1], o)
	case "scroll":
		switch len(pos) {
		case 1:
			ar, err = r.b.ScrollIntoView(ctx, pos[0], o)
		case 2:
			dx, err1 := strconv.ParseFloat(pos[0], 64)
			dy, err2 := strconv.ParseFloat(pos[1], 64)
			if err1 != nil || err2 != nil {
				return nil, bad("usage: scroll REF | scroll DX DY (pixels)")
			}
			ar, err = r.b.ScrollBy(ctx, dx, dy)
		default:
			return nil, bad("usage: scroll REF | scroll DX DY")
		}
	case "back", "forward", "reload":
		if err := need(0, ""); err != nil {
			return nil, err
		}
		var nav *browser.NavResult
		switch cmd {
		case "back":
			nav, err = r.b.Back(ctx)
		case "forward":
			nav, err = r.b.Forward(ctx)
		default:
			nav, err = r.b.Reload(ctx)
		}
		r.lastNav = nav
		return result(nav), err
	case "tabs":
		tabs, err := r.b.Tabs(ctx)
		return map[string]any{"tabs": tabs}, err
	case "tab":
		if err := need(1, "N"); err != nil {
			return nil, err
		}
		n, err := strconv.Atoi(pos[0])
		if err != nil {
			return nil, bad("tab %q: want a tab number (see 'tabs')", pos[0])
		}
		if err := r.b.SwitchTab(n); err != nil {
			return nil, err
		}
		tabs, err := r.b.Tabs(ctx)
		return map[string]any{"tabs": tabs}, err
	case "close-tab":
		n := 0
		if len(pos) == 1 {
			if n, err = strconv.Atoi(pos[0]); err != nil {
				return nil, bad("close-tab %q: want a tab number", pos[0])
			}
		} else if len(pos) > 1 {
			return nil, bad("usage: close-tab [N]")
		}
		if err := r.b.CloseTab(ctx, n); err != nil {
			return nil, err
		}
		tabs, err := r.b.Tabs(ctx)
		return map[string]any{"tabs": tabs}, err
	case "dialog":
		if len(pos) == 0 || (pos[0] != "accept" && pos[0] != "dismiss") || (pos[0] == "dismiss" && len(pos) > 1) || len(pos) > 2 {
			return nil, bad("usage: dialog accept [TEXT] | dialog dismiss")
		}
		text := ""
		if len(pos) == 2 {
			text = pos[1]
		}
		d, err := r.b.ArmDialog(ctx, pos[0] == "accept", text)
		if err != nil {
			return nil, err
		}
		if d == nil {
			return map[string]any{"armed": pos[0]}, nil
		}
		r.lastDialog = d
		return map[string]any{"dialog": d}, nil
	case "wait":
		if err := need(2, "text TEXT | url PATTERN | ms N"); err != nil {
			return nil, err
		}
		switch pos[0] {
		case "text":
			return nil, r.b.WaitText(ctx, pos[1], o.Timeout)
		case "url":
			return nil, r.b.WaitURL(ctx, pos[1], o.Timeout)
		case "ms":
			n, err := strconv.Atoi(pos[1])
			if err != nil || n < 0 {
				return nil, bad("wait ms %q: want milliseconds", pos[1])
			}
			select {
			case <-time.After(time.Duration(n) * time.Millisecond):
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return nil, nil
		}
		return nil, bad("usage: wait text TEXT | wait url PATTERN | wait ms N")
	case "screenshot":
		var ref, file string
		switch len(pos) {
		case 1:
			file = pos[0]
		case 2:
			ref, file = pos[0], pos[1]
		default:
			return nil, bad("usage: screenshot [REF] FILE")
		}
		png, err := r.b.Screenshot(ctx, ref)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(file, png, 0o644); err != nil {
			return nil, refs.Wrap(refs.CodeBadArgument, err, "writing %s", file)
		}
		return map[string]any{"file": file, "bytes": len(png)}, nil
	case "assert":
		timeout := o.Timeout
		if timeout == 0 {
			timeout = r.b.Options().ActionTimeout
		}
		return r.assert(ctx, pos, flags, timeout)
	case "find":
		if len(pos) < 2 || len(pos) > 3 {
			return nil, bad("usage: find NAME ROLE [ACCESSIBLE_NAME] [--nth N]")
		}
		nth := 1
		if v := flags["nth"]; v != "" {
			if nth, err = strconv.Atoi(v); err != nil || nth < 1 {
				return nil, bad("--nth %q: want a number from 1", v)
			}
		}
		snap, err := r.b.Snapshot(ctx)
		if err != nil {
			return nil, err
		}
		var found *refs.Node
		seen := 0
		snap.Root.Walk(func(n *refs.Node, _ int) bool {
			if found == nil && n.Ref != "" && n.Role == pos[1] && (len(pos) == 2 || n.Name == pos[2] || (n.Name == "" && ownText(n) == pos[2])) {
				if seen++; seen == nth {
					found = n
				}
			}
			return found == nil
		})
		if found == nil {
			what := pos[1]
			if len(pos) == 3 {
				what += fmt.Sprintf(" %q", pos[2])
			}
			return nil, refs.Errorf(refs.CodeUnknownRef, "no %s (number %d) in the snapshot of %s", what, nth, snap.URL)
		}
		name := strings.TrimPrefix(pos[0], "$")
		r.vars[name] = found.Ref
		return map[string]any{"var": "$" + name, "ref": found.Ref, "role": found.Role, "name": found.Name}, nil
	default:
		return nil, bad("unknown command %q; see 'ariadne run --help'", cmd)
	}
	if err != nil {
		return nil, err
	}
	r.lastAct = ar
	m := result(ar)
	if ar != nil && ar.Snapshot != nil {
		delete(m, "snapshot")
		m["snapshot"] = refs.Text(ar.Snapshot.Root, refs.TextOptions{})
	}
	return m, nil
}

// ownText is the text of a node's text children, for nodes with no name
// (a generic text container).
func ownText(n *refs.Node) string {
	var parts []string
	for _, c := range n.Children {
		if c.IsText() {
			parts = append(parts, c.Name)
		}
	}
	return strings.Join(parts, " ")
}
