package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
)

// The docs' examples (README.md and every page under docs/) run against
// the demo site (issue 12), the way the keymap test checks the keys table:
//
//   - A fenced block that starts with "$ ariadne ARGS" (optionally with a
//     <<'EOF' script) is run, and the rest of the block must be its output.
//     A line "..." stands for any number of lines; a line that ends in
//     "...}" stands for a line that starts with what comes before.
//
//   - A ```json block right after <!-- example: ariadne ARGS --> is compared
//     with that command's JSON output: every object in the docs has the
//     same keys as the real one and the same values, except "..." (any
//     value); an array in the docs holds some of the real array's elements.
//
//   - An inline `ariadne ARGS` whose arguments name the demo's address
//     (127.0.0.1:8080 or localhost:8080) is run too, and must succeed: the
//     docs show no output for it, but a page the demo lacks (a 404) or a
//     wait that never ends fails it. `ariadne demo` itself is not run.
//
// The docs write the demo as http://127.0.0.1:8080 (ariadne demo --port
// 8080); the test serves it on a free port and rewrites the address.
func TestDocsExamples(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	if _, err := browser.FindChrome(""); err != nil {
		if os.Getenv("ARIADNE_REQUIRE_BROWSER") != "" {
			t.Fatalf("no browser: %v", err)
		}
		t.Skipf("no browser: %v", err)
	}
	examples := docsExamples(t)
	srv, err := demo.Start(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	base := strings.TrimSuffix(srv.URL(), "/")
	for _, ex := range examples {
		first, _, _ := strings.Cut(ex.args, "\n")
		t.Run(fmt.Sprintf("%s:%d %s", ex.file, ex.line, first), func(t *testing.T) {
			t.Parallel() // each example has a session of its own
			args, stdin := ex.command(base)
			var out, errb bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			code := cli.Main(ctx, &cli.Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Launch: browsertest.Launch}, args)
			if ex.inline {
				if code != 0 {
					t.Errorf("%s:%d: `ariadne %s` exits %d on the demo:\n%s%s", ex.file, ex.line, ex.args, code, out.String(), errb.String())
				}
				return
			}
			got := strings.ReplaceAll(out.String(), strings.TrimPrefix(base, "http://"), "127.0.0.1:8080")
			if ex.json {
				compareJSON(t, ex.want, got)
				return
			}
			if msg := matchLines(strings.Split(strings.TrimRight(ex.want, "\n"), "\n"), strings.Split(strings.TrimRight(got, "\n"), "\n")); msg != "" {
				t.Errorf("%s:%d: %s\ndocs:\n%s\noutput:\n%s%s", ex.file, ex.line, msg, ex.want, got, errb.String())
			}
		})
	}
}

// minExamples is how many examples each page is known to hold: a parser
// or a page that finds fewer fails TestDocsExamples, so an example cannot
// stop being checked unnoticed. Raise a count when a page gains examples.
var minExamples = map[string]int{
	"README.md":          3,
	"docs/commands.md":   2,
	"docs/locators.md":   2,
	"docs/scripting.md":  2,
	"docs/recordings.md": 1,
}

// docPages returns README.md and every Markdown file under docs/, keyed
// by their paths from the repository's root (with slashes).
func docPages(t *testing.T) map[string]string {
	t.Helper()
	root := ".."
	pages := map[string]string{}
	read := func(rel string) error {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		pages[rel] = string(b)
		return nil
	}
	if err := read("README.md"); err != nil {
		t.Fatal(err)
	}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		return read(filepath.ToSlash(rel))
	})
	if err != nil {
		t.Fatalf("reading docs/: %v", err)
	}
	if len(pages) < 2 {
		t.Fatal("no Markdown pages under docs/")
	}
	return pages
}

// sortedNames returns the pages' names in order.
func sortedNames(pages map[string]string) []string {
	names := make([]string, 0, len(pages))
	for name := range pages {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// docsExamples parses the examples of every page, checking each page's
// count against minExamples.
func docsExamples(t *testing.T) []docExample {
	t.Helper()
	pages := docPages(t)
	var out []docExample
	for _, name := range sortedNames(pages) {
		exs := parseExamples(pages[name])
		if len(exs) < minExamples[name] {
			t.Errorf("found %d examples in %s, want at least %d; the parser or the page changed", len(exs), name, minExamples[name])
		}
		for i := range exs {
			exs[i].file = name
		}
		out = append(out, exs...)
	}
	for name := range minExamples {
		if _, ok := pages[name]; !ok {
			t.Errorf("%s is gone, and it held examples (see minExamples)", name)
		}
	}
	return out
}

type docExample struct {
	file string // the page, from the repository's root
	line int    // where the block starts
	args string // the command line after "ariadne"
	want string // the output shown
	json bool
	// inline: a `ariadne ARGS` in the text, checked to succeed.
	inline bool
}

var (
	exampleComment = regexp.MustCompile(`<!-- example: ariadne (.+?) -->`)
	inlineExample  = regexp.MustCompile("`ariadne ([^`]*(?:127\\.0\\.0\\.1|localhost):8080[^`]*)`")
)

func parseExamples(page string) []docExample {
	lines := strings.Split(page, "\n")
	var out []docExample
	for i := 0; i < len(lines); i++ {
		fence := lines[i]
		if !strings.HasPrefix(fence, "```") {
			for _, m := range inlineExample.FindAllStringSubmatch(fence, -1) {
				if !strings.HasPrefix(m[1], "demo ") {
					out = append(out, docExample{line: i + 1, args: m[1], inline: true})
				}
			}
			continue
		}
		end := i + 1
		for end < len(lines) && !strings.HasPrefix(lines[end], "```") {
			end++
		}
		body := lines[i+1 : end]
		switch {
		case fence == "```json" && i > 0 && exampleComment.MatchString(lines[i-1]):
			args := exampleComment.FindStringSubmatch(lines[i-1])[1]
			out = append(out, docExample{line: i + 1, args: args, want: strings.Join(body, "\n"), json: true})
		case len(body) > 0 && strings.HasPrefix(body[0], "$ ariadne "):
			ex := docExample{line: i + 1, args: strings.TrimPrefix(body[0], "$ ariadne ")}
			rest := body[1:]
			if strings.Contains(ex.args, "<<'EOF'") {
				j := 0
				for j < len(rest) && rest[j] != "EOF" {
					j++
				}
				ex.args += "\n" + strings.Join(rest[:j], "\n")
				if j < len(rest) {
					rest = rest[j+1:]
				}
			}
			ex.want = strings.Join(rest, "\n")
			out = append(out, ex)
		}
		i = end
	}
	return out
}

// command splits the example into arguments and standard input, with the
// demo's address put in.
func (ex docExample) command(base string) ([]string, string) {
	first, script, _ := strings.Cut(ex.args, "\n")
	first = strings.TrimSpace(strings.Replace(first, "<<'EOF'", "", 1))
	host := strings.TrimPrefix(base, "http://")
	for _, demo := range []string{"127.0.0.1:8080", "localhost:8080"} {
		first = strings.ReplaceAll(first, demo, host)
		script = strings.ReplaceAll(script, demo, host)
	}
	return shellFields(first), script
}

// shellFields splits a command line into words as a shell does for the
// docs' examples: spaces separate, '...' and "..." quote.
func shellFields(s string) []string {
	var out []string
	var word strings.Builder
	in, quote := false, rune(0)
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(r)
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, word.String())
				word.Reset()
				in = false
			}
		default:
			word.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, word.String())
	}
	return out
}

// matchLines compares the docs' lines with the output's; it returns ""
// when they match, else what differs.
func matchLines(want, got []string) string {
	if len(want) == 0 {
		if len(got) == 0 || (len(got) == 1 && got[0] == "") {
			return ""
		}
		return fmt.Sprintf("the output goes on: %q", got[0])
	}
	w := want[0]
	if w == "..." {
		for k := 0; k <= len(got); k++ {
			if matchLines(want[1:], got[k:]) == "" {
				return ""
			}
		}
		return "nothing after ... matches"
	}
	if len(got) == 0 {
		return fmt.Sprintf("the output ends before %q", w)
	}
	if prefix, ok := strings.CutSuffix(w, "...}"); ok {
		if !strings.HasPrefix(got[0], prefix) {
			return fmt.Sprintf("want a line starting %q, got %q", prefix, got[0])
		}
	} else if w != got[0] {
		return fmt.Sprintf("want %q, got %q", w, got[0])
	}
	return matchLines(want[1:], got[1:])
}

func compareJSON(t *testing.T, want, got string) {
	t.Helper()
	var w, g any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("the docs' JSON does not parse: %v\n%s", err, want)
	}
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("the output does not parse: %v\n%s", err, got)
	}
	if msg := jsonMatches("", w, g); msg != "" {
		t.Errorf("%s\noutput:\n%s", msg, got)
	}
}

// jsonMatches reports how want (from the docs) differs from got, or "".
func jsonMatches(path string, want, got any) string {
	if s, ok := want.(string); ok && s == "..." {
		return ""
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return path + ": the output has no object here"
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				return fmt.Sprintf("%s: the output has %q, the docs do not", path, k)
			}
		}
		for k, v := range w {
			gv, ok := g[k]
			if !ok {
				return fmt.Sprintf("%s: the docs have %q, the output does not", path, k)
			}
			if msg := jsonMatches(path+"."+k, v, gv); msg != "" {
				return msg
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok {
			return path + ": the output has no array here"
		}
		for i, v := range w {
			found := false
			for _, gv := range g {
				if jsonMatches("", v, gv) == "" {
					found = true
					break
				}
			}
			if !found {
				best := ""
				for _, gv := range g {
					best = jsonMatches(fmt.Sprintf("%s[%d]", path, i), v, gv)
				}
				return fmt.Sprintf("%s[%d]: no element of the output matches (%s)", path, i, best)
			}
		}
		return ""
	}
	if !reflect.DeepEqual(want, got) {
		return fmt.Sprintf("%s: docs %v, output %v", path, want, got)
	}
	return ""
}

// The comparison catches what the issue found: an example whose output
// differs, and a JSON example that lacks a field the output has.
func TestDocsMatchers(t *testing.T) {
	t.Parallel()
	// An inline example on the demo is found (the late.html one was not,
	// and pointed at a page only the tests' own server has); the demo
	// server's own command line is not run.
	exs := parseExamples("Try `ariadne snapshot --wait 'text Loaded later' http://localhost:8080/late.html`,\nserved by `ariadne demo --port 8080`.")
	if len(exs) != 1 || !exs[0].inline || exs[0].line != 1 {
		t.Fatalf("inline examples: %+v", exs)
	}
	if args, _ := exs[0].command("http://127.0.0.1:4242"); !reflect.DeepEqual(args, []string{"snapshot", "--wait", "text Loaded later", "http://127.0.0.1:4242/late.html"}) {
		t.Errorf("inline example's arguments: %q", args)
	}
	for _, tc := range []struct {
		want, got string
		ok        bool
	}{
		{"a\nb", "a\nb", true},
		{"a\n...\nz", "a\nb\nc\nz", true},
		{`{"x":1,...}`, `{"x":1,"y":2}`, true},
		{"a\nb", "a\nc", false},
		{"a", "a\nb", false},
		{`{"x":2,...}`, `{"x":1,"y":2}`, false},
	} {
		got := matchLines(strings.Split(tc.want, "\n"), strings.Split(tc.got, "\n")) == ""
		if got != tc.ok {
			t.Errorf("lines %q vs %q: match %v, want %v", tc.want, tc.got, got, tc.ok)
		}
	}
	for _, tc := range []struct {
		want, got string
		ok        bool
	}{
		{`{"a":1,"b":"..."}`, `{"a":1,"b":[3]}`, true},
		{`{"a":1}`, `{"a":1,"b":2}`, false}, // a field the docs lack
		{`{"a":1,"b":2}`, `{"a":1}`, false}, // a field the output lacks
		{`{"c":[{"r":"e2"}]}`, `{"c":[{"r":"e1"},{"r":"e2"}]}`, true},
		{`{"c":[{"r":"e3"}]}`, `{"c":[{"r":"e1"},{"r":"e2"}]}`, false},
	} {
		var w, g any
		if err := json.Unmarshal([]byte(tc.want), &w); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(tc.got), &g); err != nil {
			t.Fatal(err)
		}
		if got := jsonMatches("", w, g) == ""; got != tc.ok {
			t.Errorf("json %s vs %s: match %v, want %v", tc.want, tc.got, got, tc.ok)
		}
	}
}
