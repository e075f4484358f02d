package e2e

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/txtar"

	"github.com/ariadne-tui/ariadne/commands"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
)

// TestScripts runs every testdata/scripts/NAME.txtar through 'ariadne run'
// (cli.Main, in process, in the shared browser), one parallel subtest a
// file, and checks the JSON line of each command, never timed text.
//
// A file is a txtar archive. Its comment (before the first file) holds
// lines starting with # (what the script shows) and directives, one a
// line, split like a script line:
//
//	tier e2e              run only with -tags e2e (default: every tier)
//	server hostile        what {{URL}} serves: pages (testdata/pages, the
//	                      default), hostile (testdata/hostile, and
//	                      testdata/pages under /pages/) or snapshot (pages
//	                      and the slow ones of snapshotServer)
//	flags --bail          more flags for 'ariadne run', after
//	                      --action-timeout 3s --timeout 15s
//	remote [FLAG...]      attach (--remote) to a Chromium of the script's
//	                      own, started with FLAGs (a process of its own:
//	                      tier e2e)
//	bound 90s             the run must end within this
//	exit 1                the exit status (default: 1 when a command
//	                      failed, else 0)
//	stdout OP [TEXT...]   a check of the whole output: OP is contains or
//	stderr OP [TEXT...]   !contains (each TEXT), or no-hidden (no raw
//	file NAME OP [TEXT...]  hidden character but newline); file reads
//	                      {{DIR}}/NAME after the run
//
// The section "script" is the script. Every other section is a file
// written into {{DIR}} before the run. In the script, the directives and
// the expectations, {{URL}} is the server, {{XURL}} the same server by its
// other loopback name (another site), {{OTHER}} a second pages server
// (another origin), {{DIR}} the files' directory, and {{U+202E}} that
// character (so that no file holds one raw).
//
// A script line's expectation follows it after #> (on the line, or on
// lines of their own right after it, which add to it); the runner strips
// expectations before the run, so that the script ariadne reads is the
// script without them, line for line. A command line with no expectation
// must answer ok. An expectation is a status and checks of the result's
// fields:
//
//	#> ok                             the command succeeded
//	#> stale_ref                      it failed with this code
//	#> error                          it failed, whatever the code
//	#> any                            it answered, either way
//	#> none                           it did not run (--bail)
//	#> ok || page_crashed             either expectation holds
//	#> ok value == ada@example.com    and a field equals (strings as
//	                                  they are, other values as JSON)
//
// A field is a path into the result: url, error.message, dialogs.0.type.
// The operators are == != contains !contains prefix suffix, len N (of a
// list or text), exists (present and not null) and absent. A value that is
// an unquoted $NAME is the ref find NAME stored last.
func TestScripts(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "scripts", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/scripts/*.txtar: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			s, err := readScript(file)
			if err != nil {
				t.Fatal(err)
			}
			if !scriptTiers[s.tier] {
				t.Skipf("a script of the %s tier: run with -tags %s", s.tier, s.tier)
			}
			s.run(t)
		})
	}
}

// scriptTiers are the tiers whose scripts this test binary runs; the
// files of a build tag add theirs.
var scriptTiers = map[string]bool{"": true}

// script is one testdata/scripts file.
type script struct {
	file   string
	tier   string
	server string
	flags  []commands.Word
	remote []commands.Word // nil: the shared browser
	bound  time.Duration
	exit   int // -1: from the results
	outs   []outCheck
	lines  []scriptLine // the script, line for line
	files  []txtar.File
}

// scriptLine is a line of the script and what it must answer.
type scriptLine struct {
	text string // the line without its expectation
	cmd  bool   // ariadne answers it (not blank, not a comment)
	want []alternative
	src  string // the expectation as written
}

// alternative is one way an expectation holds: a status and checks.
type alternative struct {
	status string
	checks []fieldCheck
}

type fieldCheck struct {
	path  []string
	op    string
	value commands.Word
}

// outCheck is a check of stdout, stderr or a file.
type outCheck struct {
	subject string // stdout, stderr, or "file NAME"
	name    commands.Word
	op      string
	values  []commands.Word
}

// valueOps take a value; the others stand alone.
var valueOps = map[string]bool{"==": true, "!=": true, "contains": true, "!contains": true, "prefix": true, "suffix": true, "len": true}

func readScript(file string) (*script, error) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		return nil, err
	}
	s := &script{file: file, server: "pages", exit: -1}
	for n, line := range strings.Split(string(ar.Comment), "\n") {
		if err := s.directive(line); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, n+1, err)
		}
	}
	found := false
	for _, f := range ar.Files {
		if f.Name != "script" {
			s.files = append(s.files, f)
			continue
		}
		found = true
		if err := s.parseLines(string(f.Data)); err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
	}
	if !found {
		return nil, fmt.Errorf("%s: no -- script -- section", file)
	}
	if s.remote != nil && s.tier != "e2e" {
		return nil, fmt.Errorf("%s: a script with remote starts a browser of its own: give it tier e2e", file)
	}
	return s, nil
}

// directive reads one line of the file's comment.
func (s *script) directive(line string) error {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return nil
	}
	ws, err := commands.SplitWords(line)
	if err != nil {
		return err
	}
	args := ws[1:]
	one := func() (string, error) {
		if len(args) != 1 {
			return "", fmt.Errorf("%s takes one argument", ws[0].Text)
		}
		return args[0].Text, nil
	}
	switch ws[0].Text {
	case "tier":
		// The tiers a script can be in (a build adds e2e): a name no
		// build adds would skip the script everywhere, CI included.
		s.tier, err = one()
		if err == nil && s.tier != "e2e" {
			err = fmt.Errorf("no tier %q: a script is in the default tier (no tier line) or tier e2e", s.tier)
		}
	case "server":
		s.server, err = one()
		if err == nil && s.server != "pages" && s.server != "hostile" && s.server != "snapshot" {
			err = fmt.Errorf("no server %q: pages, hostile or snapshot", s.server)
		}
	case "flags":
		s.flags = append(s.flags, args...)
	case "remote":
		s.remote = append([]commands.Word{}, args...)
	case "bound":
		var v string
		if v, err = one(); err == nil {
			s.bound, err = time.ParseDuration(v)
		}
	case "exit":
		var v string
		if v, err = one(); err == nil {
			s.exit, err = strconv.Atoi(v)
		}
	case "stdout", "stderr", "file":
		c := outCheck{subject: ws[0].Text}
		if c.subject == "file" {
			if len(args) == 0 {
				return fmt.Errorf("file NAME OP [TEXT...]")
			}
			c.name, args = args[0], args[1:]
		}
		if len(args) == 0 {
			return fmt.Errorf("%s: no operator", line)
		}
		c.op, c.values = args[0].Text, args[1:]
		switch {
		case (c.op == "contains" || c.op == "!contains") && len(c.values) > 0:
		case c.op == "no-hidden" && len(c.values) == 0:
		default:
			return fmt.Errorf("%s: want contains TEXT..., !contains TEXT... or no-hidden", line)
		}
		s.outs = append(s.outs, c)
	default:
		return fmt.Errorf("unknown directive %q", ws[0].Text)
	}
	return err
}

// parseLines reads the script section: each line, and the expectations
// after #>.
func (s *script) parseLines(body string) error {
	last := -1 // the last command line
	for n, line := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		sl := scriptLine{text: line}
		want := ""
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "#>"); ok {
			if last < 0 {
				return fmt.Errorf("line %d: an expectation before any command", n+1)
			}
			sl.text = ""
			s.lines[last].src = strings.TrimSpace(s.lines[last].src + " " + rest)
		} else if i := expectationAt(line); i >= 0 {
			sl.text = strings.TrimRightFunc(line[:i], unicode.IsSpace)
			want = line[i+2:]
		}
		ws, err := commands.SplitWords(strings.TrimPrefix(sl.text, "\ufeff"))
		sl.cmd = err != nil || len(ws) > 0
		if sl.cmd {
			last = n
			sl.src = strings.TrimSpace(want)
		} else if want != "" {
			return fmt.Errorf("line %d: an expectation on a line that is no command", n+1)
		}
		s.lines = append(s.lines, sl)
	}
	for i := range s.lines {
		l := &s.lines[i]
		if !l.cmd {
			continue
		}
		if l.src == "" {
			l.src = "ok"
		}
		var err error
		if l.want, err = parseExpectation(l.src); err != nil {
			return fmt.Errorf("line %d: %q: %v", i+1, l.src, err)
		}
	}
	return nil
}

// expectationAt returns where #> starts an expectation in line: a # where
// a word could start, outside quotes, as commands.SplitWords reads a
// comment; -1 when there is none.
func expectationAt(line string) int {
	inWord := false
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		switch {
		case unicode.IsSpace(r):
			inWord = false
		case r == '#' && !inWord:
			if strings.HasPrefix(line[i:], "#>") {
				return i
			}
			return -1 // an ordinary comment
		case r == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return -1
			}
			i, inWord = i+1+j+1, true
			continue
		case r == '"':
			j := i + 1
			for ; j < len(line) && line[j] != '"'; j++ {
				if line[j] == '\\' {
					j++
				}
			}
			if j >= len(line) {
				return -1
			}
			i, inWord = j+1, true
			continue
		case r == '\\':
			inWord = true
			i += size
			if i < len(line) {
				_, next := utf8.DecodeRuneInString(line[i:])
				i += next
			}
			continue
		default:
			inWord = true
		}
		i += size
	}
	return -1
}

func parseExpectation(src string) ([]alternative, error) {
	ws, err := commands.SplitWords(src)
	if err != nil {
		return nil, err
	}
	var alts []alternative
	for len(ws) > 0 {
		end := len(ws)
		for i, w := range ws {
			if w.Text == "||" {
				end = i
				break
			}
		}
		part := ws[:end]
		if end < len(ws) {
			ws = ws[end+1:]
		} else {
			ws = nil
		}
		if len(part) == 0 {
			return nil, fmt.Errorf("an empty alternative")
		}
		a := alternative{status: part[0].Text}
		for rest := part[1:]; len(rest) > 0; {
			if len(rest) < 2 {
				return nil, fmt.Errorf("%q: want FIELD OP [VALUE]", rest[0].Text)
			}
			c := fieldCheck{path: strings.Split(rest[0].Text, "."), op: rest[1].Text}
			switch {
			case valueOps[c.op]:
				if len(rest) < 3 {
					return nil, fmt.Errorf("%s %s: no value", rest[0].Text, c.op)
				}
				c.value, rest = rest[2], rest[3:]
			case c.op == "exists" || c.op == "absent":
				rest = rest[2:]
			default:
				return nil, fmt.Errorf("unknown operator %q", c.op)
			}
			a.checks = append(a.checks, c)
		}
		alts = append(alts, a)
	}
	return alts, nil
}

var template = regexp.MustCompile(`\{\{([A-Z]+|U\+[0-9A-F]{4,6})\}\}`)

func (s *script) run(t *testing.T) {
	needBrowser(t)
	var srv *httptest.Server
	switch s.server {
	case "hostile":
		srv = hostileServer(t)
	case "snapshot":
		srv = snapshotServer(t)
	default:
		srv = browsertest.Pages(t)
	}
	dir := t.TempDir()
	vars := map[string]string{"URL": srv.URL, "XURL": otherSite(srv.URL), "DIR": dir}
	expand := func(text string) string {
		return template.ReplaceAllStringFunc(text, func(m string) string {
			name := m[2 : len(m)-2]
			if hex, ok := strings.CutPrefix(name, "U+"); ok {
				n, _ := strconv.ParseUint(hex, 16, 32)
				return string(rune(n))
			}
			if name == "OTHER" && vars[name] == "" {
				vars[name] = browsertest.Pages(t).URL
			}
			v, ok := vars[name]
			if !ok {
				t.Fatalf("%s: no {{%s}}", s.file, name)
			}
			return v
		})
	}
	for _, f := range s.files {
		path := filepath.Join(dir, expand(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		writeText(t, path, expand(string(f.Data)))
	}
	args := runArgs()
	for _, w := range s.flags {
		args = append(args, expand(w.Text))
	}
	if s.remote != nil {
		var extra []string
		for _, w := range s.remote {
			extra = append(extra, expand(w.Text))
		}
		args = append(args, "--remote", startChromium(t, extra...))
	}
	var stdin strings.Builder
	for _, l := range s.lines {
		stdin.WriteString(expand(l.text) + "\n")
	}

	start := time.Now()
	out, stderr, code := ariadneIn(t, stdin.String(), args...)
	took := time.Since(start)
	if s.bound > 0 && took > s.bound {
		t.Errorf("the script took %s, over its bound of %s", took.Round(time.Millisecond), s.bound)
	}
	t.Logf("ran in %s", took.Round(time.Millisecond))
	if stderr != "" {
		t.Logf("stderr:\n%s", stderr)
	}

	byLine := map[int]runResult{}
	failed := false
	for _, r := range parseResults(t, out) {
		f, _ := r["line"].(float64)
		n := int(f)
		if n < 1 || n > len(s.lines) || !s.lines[n-1].cmd || byLine[n] != nil {
			t.Errorf("a result for line %v, which is no command line of the script or has one already: %v", r["line"], r)
			continue
		}
		byLine[n] = r
		failed = failed || !r.ok()
	}
	stored := map[string]string{} // find's $NAME, as of each line
	for i, l := range s.lines {
		if !l.cmd {
			continue
		}
		r, ran := byLine[i+1]
		var whys []string
		held := false
		for _, a := range l.want {
			why := a.check(r, ran, func(w commands.Word) string {
				v := expand(w.Text)
				if ref, ok := stored[strings.TrimPrefix(v, "$")]; w.Ref && ok {
					return ref
				}
				return v
			})
			if why == "" {
				held = true
				break
			}
			whys = append(whys, why)
		}
		if !held {
			got := "no result"
			if ran {
				b, _ := json.Marshal(r)
				got = string(b)
			}
			t.Errorf("%s:%d: %s\n\twant: %s (%s)\n\tgot:  %s", filepath.Base(s.file), i+1, expand(l.text), l.src, strings.Join(whys, "; "), got)
		}
		if v, _ := r["var"].(string); ran && r.ok() && v != "" {
			stored[strings.TrimPrefix(v, "$")], _ = r["ref"].(string)
		}
	}

	want := s.exit
	if want < 0 {
		want = map[bool]int{true: 1, false: 0}[failed]
	}
	if code != want {
		t.Errorf("exit status %d, want %d", code, want)
	}
	for _, c := range s.outs {
		text, what := out, c.subject
		switch c.subject {
		case "stderr":
			text = stderr
		case "file":
			what = "file " + expand(c.name.Text)
			text = readText(t, filepath.Join(dir, expand(c.name.Text)))
		}
		if c.op == "no-hidden" {
			if err := rawHidden(text); err != nil {
				t.Errorf("%s: %v", what, err)
			}
			continue
		}
		for _, w := range c.values {
			v := expand(w.Text)
			switch has := strings.Contains(text, v); {
			case c.op == "contains" && !has:
				t.Errorf("%s lacks %q:\n%.3000s", what, v, text)
			case c.op == "!contains" && has:
				t.Errorf("%s holds %q:\n%.3000s", what, v, text)
			}
		}
	}
}

// check says why the alternative does not hold for r ("" when it does);
// ran says whether there is a result. value gives a check's value with
// the templates and $NAME replaced.
func (a alternative) check(r runResult, ran bool, value func(commands.Word) string) string {
	switch a.status {
	case "none":
		if ran {
			return "it ran"
		}
		return ""
	case "any":
	case "ok":
		if ran && !r.ok() {
			return "it failed: " + r.code()
		}
	case "error":
		if ran && r.ok() {
			return "it succeeded"
		}
	default:
		if ran && r.code() != a.status {
			return "code " + strconv.Quote(r.code())
		}
	}
	if !ran {
		return "no result"
	}
	for _, c := range a.checks {
		if why := c.check(r, value(c.value)); why != "" {
			return strings.Join(c.path, ".") + " " + c.op + " " + strconv.Quote(value(c.value)) + ": " + why
		}
	}
	return ""
}

// check says why the field check fails on r ("" when it holds).
func (c fieldCheck) check(r runResult, want string) string {
	var v any = map[string]any(r)
	found := true
	for _, p := range c.path {
		switch x := v.(type) {
		case map[string]any:
			v, found = x[p]
		case []any:
			i, err := strconv.Atoi(p)
			found = err == nil && i >= 0 && i < len(x)
			if found {
				v = x[i]
			}
		default:
			found = false
		}
		if !found {
			v = nil
			break
		}
	}
	got, _ := json.Marshal(v)
	s, isText := v.(string)
	if !isText {
		s = string(got)
	}
	switch c.op {
	case "exists":
		if !found || v == nil {
			return "absent"
		}
	case "absent":
		if found {
			return "present: " + string(got)
		}
	case "==", "!=":
		if (found && s == want) != (c.op == "==") {
			return "it is " + string(got)
		}
	case "len":
		n := -1
		switch x := v.(type) {
		case []any:
			n = len(x)
		case map[string]any:
			n = len(x)
		case string:
			n = utf8.RuneCountInString(x)
		}
		if strconv.Itoa(n) != want {
			return "it is " + string(got)
		}
	default:
		if !found || !isText {
			return "no text: " + string(got)
		}
		var holds bool
		switch strings.TrimPrefix(c.op, "!") {
		case "contains":
			holds = strings.Contains(s, want)
		case "prefix":
			holds = strings.HasPrefix(s, want)
		case "suffix":
			holds = strings.HasSuffix(s, want)
		}
		if holds == strings.HasPrefix(c.op, "!") {
			return "it is " + string(got)
		}
	}
	return ""
}
