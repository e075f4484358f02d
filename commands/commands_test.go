package commands

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

// Markdown is the command table of docs/scripting.md.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| command | what it does |\n| --- | --- |\n")
	for _, c := range All() {
		fmt.Fprintf(&b, "| `%s` | %s |\n", strings.ReplaceAll(c.Usage, "|", `\|`), c.Summary)
	}
	return b.String()
}

const startMarker, endMarker = "<!-- commands:start -->", "<!-- commands:end -->"

// commandsPage holds the command table, between the markers.
const commandsPage = "docs/scripting.md"

// TestREADME checks the command table of docs/scripting.md against the
// table; run with -v to print the table to paste.
func TestREADME(t *testing.T) {
	t.Parallel()
	want := Markdown()
	if testing.Verbose() {
		fmt.Printf("%s\n%s%s\n", startMarker, want, endMarker)
	}
	data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(commandsPage)))
	if err != nil {
		t.Fatalf("no %s: %v", commandsPage, err)
	}
	_, rest, ok1 := strings.Cut(string(data), startMarker)
	table, _, ok2 := strings.Cut(rest, endMarker)
	if !ok1 || !ok2 {
		t.Fatal(commandsPage + " has no " + startMarker + " … " + endMarker + " markers")
	}
	if strings.TrimSpace(table) != strings.TrimSpace(want) {
		t.Errorf("%s command table is out of date; run `go test ./commands -run TestREADME -v` and paste:\n%s", commandsPage, want)
	}
}

// TestTable checks the table itself: unique names, a usage that starts
// with the name, a summary, a runner, and forms.
func TestTable(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, c := range All() {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			if seen[n] {
				t.Errorf("%s: name %q used twice", c.Name, n)
			}
			seen[n] = true
		}
		if !strings.HasPrefix(c.Usage, c.Name) || c.Summary == "" || c.Run == nil || len(c.Forms) == 0 {
			t.Errorf("%s: incomplete: %+v", c.Name, c)
		}
		if Lookup(c.Name) == nil {
			t.Errorf("Lookup(%q) is nil", c.Name)
		}
	}
	if Lookup("goto") == nil || Lookup("goto").Name != "open" || Lookup("nope") != nil {
		t.Error("Lookup by alias or of an unknown name")
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		line string
		form int
		refs []string
		flag string // "name=value" expected among the flags
		err  string // a substring of the error
	}{
		{line: "click e5", refs: []string{"e5"}},
		{line: "click e5 --button right --count 2", refs: []string{"e5"}, flag: "count=2"},
		{line: "click e5 --button=middle", refs: []string{"e5"}, flag: "button=middle"},
		{line: "click e5 --force --snapshot", refs: []string{"e5"}, flag: "snapshot=true"},
		{line: "click", err: "usage: click REF"},
		{line: "click e5 --count", err: "--count needs a value"},
		{line: "click e5 --count 0", err: "want a positive number"},
		{line: "click e5 --force=yes", err: "--force takes no value"},
		{line: "click e5 --bogus", err: "unknown flag --bogus"},
		{line: "click e5 --timeout soon", err: "want a duration"},
		{line: "press Enter", form: 0},
		{line: "press e3 Enter", form: 1, refs: []string{"e3"}},
		{line: "press e3 Enter Tab", err: "usage: press [REF] KEYS"},
		{line: "select e4 fr uk", refs: []string{"e4"}},
		{line: "select e4", err: "usage"},
		{line: "upload e9 a.txt b.txt", refs: []string{"e9"}},
		{line: "drag e1 e2", refs: []string{"e1", "e2"}},
		{line: "scroll e3", refs: []string{"e3"}},
		{line: "scroll 0 400", form: 1},
		{line: "dialog accept", form: 0},
		{line: "dialog accept hello", form: 1},
		{line: "dialog dismiss", form: 2},
		{line: "dialog dismiss now", err: "usage: dialog"},
		{line: "dialog maybe", err: "usage: dialog"},
		{line: "wait text Saved --timeout 2s", flag: "timeout=2s"},
		{line: "wait tabs 1", form: 2},
		{line: "wait ms 10", form: 3},
		{line: "wait until 10", err: "usage: wait"},
		{line: "assert visible e2", refs: []string{"e2"}},
		{line: "assert text e2 Saved --not", form: 4, refs: []string{"e2"}, flag: "not=true"},
		{line: "assert url", form: 7},
		{line: "assert title Form", form: 10},
		{line: "assert snapshot e1", form: 12, refs: []string{"e1"}},
		{line: "assert hidden e2", form: 13, refs: []string{"e2"}},
		{line: "assert contains e2", form: 14, refs: []string{"e2"}},
		{line: "assert contains e2 Saved --not", form: 15, refs: []string{"e2"}, flag: "not=true"},
		{line: "assert count e2", form: 16, refs: []string{"e2"}},
		{line: "assert count e2 3", form: 17, refs: []string{"e2"}},
		{line: "assert bogus e1", err: "usage: assert"},
		{line: "find x button Save --nth 2", form: 1, flag: "nth=2"},
		{line: "close-tab", form: 0},
		{line: "close-tab 2", form: 1},
		{line: "open", err: "usage: open URL"},
		{line: "open example.com --snapshot", err: "unknown flag --snapshot"},
		{line: "type e3 -- --not-a-flag", refs: []string{"e3"}},
	} {
		words := strings.Fields(tc.line)
		c := Lookup(words[0])
		call, err := c.Parse(words[1:])
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || refs.CodeOf(err) != refs.CodeBadArgument {
				t.Errorf("%q: error %v, want bad_argument with %q", tc.line, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		if tc.form != call.Form {
			t.Errorf("%q: form %d, want %d", tc.line, call.Form, tc.form)
		}
		var got []string
		for _, i := range c.RefArgs(call) {
			got = append(got, call.Args[i])
		}
		if !slices.Equal(got, tc.refs) {
			t.Errorf("%q: refs %q, want %q", tc.line, got, tc.refs)
		}
		if name, val, ok := strings.Cut(tc.flag, "="); ok && call.Flags[name] != val {
			t.Errorf("%q: --%s is %q, want %q", tc.line, name, call.Flags[name], val)
		}
	}
}
