package keymap

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDefaultNoConflicts(t *testing.T) {
	t.Parallel()
	for _, c := range Default().Conflicts() {
		t.Error(c)
	}
}

// The letter keys of all modes differ, so all modes can be live at once; this
// checks the weaker rule too, mode by mode with Global, so that a failure
// names the mode.
func TestNoSharedKeyWithinMode(t *testing.T) {
	t.Parallel()
	km := Default()
	global := km.ByMode(ModeGlobal)
	for _, m := range Modes() {
		seen := map[string]string{}
		bs := km.ByMode(m)
		if m != ModeGlobal {
			bs = append(bs, global...)
		}
		for _, b := range bs {
			for _, k := range b.Keys() {
				if prev, ok := seen[k]; ok {
					t.Errorf("mode %s: key %q bound to %q and %q", m, k, prev, b.Help().Desc)
				}
				seen[k] = b.Help().Desc
			}
		}
	}
}

func TestSharedEscIsTheOnlyOverlap(t *testing.T) {
	t.Parallel()
	owners := map[string][]string{}
	for _, e := range Default().Entries() {
		for _, k := range e.Binding.Keys() {
			owners[k] = append(owners[k], e.Name)
		}
	}
	for k, names := range owners {
		if len(names) > 1 && k != "esc" {
			t.Errorf("key %q shared by %v", k, names)
		}
	}
	if got := strings.Join(owners["esc"], ","); got != "clear-filter,cancel" {
		t.Errorf("esc owners = %s", got)
	}
}

func TestEveryBindingHasHelpAndKeys(t *testing.T) {
	t.Parallel()
	names := map[string]bool{}
	for _, e := range Default().Entries() {
		h := e.Binding.Help()
		if h.Key == "" || h.Desc == "" {
			t.Errorf("%s: help key %q desc %q", e.Name, h.Key, h.Desc)
		}
		if len(e.Binding.Keys()) == 0 || !e.Binding.Enabled() {
			t.Errorf("%s: no keys", e.Name)
		}
		if h.Key != HelpKey(e.Binding.Keys()) {
			t.Errorf("%s: help key %q does not match keys %q", e.Name, h.Key, e.Binding.Keys())
		}
		for _, k := range e.Binding.Keys() {
			if k == " " {
				t.Errorf("%s: uses \" \"; the space bar is \"space\" in Bubble Tea v2", e.Name)
			}
			if m := checkKey(k); m != "" {
				t.Errorf("%s: %s", e.Name, m)
			}
		}
		if names[e.Name] {
			t.Errorf("config name %q used twice", e.Name)
		}
		names[e.Name] = true
	}
}

func TestHelpCoversEveryBindingOnce(t *testing.T) {
	t.Parallel()
	km := Default()
	n := 0
	for _, col := range km.FullHelp() {
		n += len(col)
	}
	if n != len(km.Entries()) {
		t.Errorf("full help has %d bindings, keymap has %d", n, len(km.Entries()))
	}
	if len(km.ShortHelp()) == 0 {
		t.Error("empty short help")
	}
}

func TestSpecifiedDefaults(t *testing.T) {
	t.Parallel()
	km := Default()
	for _, tc := range []struct {
		name string
		keys string
	}{
		{"down", "j down"}, {"up", "k up"}, {"toggle-fold", "space"},
		{"click", "enter"}, {"forward", "L"}, {"cycle-language", "c"},
		{"record", "ctrl+r"}, {"quit", "q ctrl+c"}, {"cancel", "esc"},
	} {
		for _, e := range km.Entries() {
			if e.Name == tc.name {
				if got := strings.Join(e.Binding.Keys(), " "); got != tc.keys {
					t.Errorf("%s keys = %q, want %q", tc.name, got, tc.keys)
				}
			}
		}
	}
	if !strings.Contains(km.Locator.CycleLanguage.Help().Desc, "L is forward") {
		t.Error("cycle-language help should say why it is not L")
	}
}

func writeConfig(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadMissingFileGivesDefaults(t *testing.T) {
	t.Parallel()
	km, err := Load(filepath.Join(t.TempDir(), "nope.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(km.Entries()) != fmt.Sprint(Default().Entries()) {
		t.Error("missing file should give the defaults")
	}
}

func TestLoadOverrides(t *testing.T) {
	t.Parallel()
	p := writeConfig(t, `
# other tables belong to other packages
[browser]
headless = true

[keys]
click = ["enter", "C"]
"copy-locator" = "ctrl+y"
toggle-fold = "space"
down = ["j", "down", "ctrl+n"]
`)
	km, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		got      []string
		help     string
		wantKeys string
		wantHelp string
	}{
		{km.Act.Click.Keys(), km.Act.Click.Help().Key, "enter C", "enter/C"},
		{km.Locator.Copy.Keys(), km.Locator.Copy.Help().Key, "ctrl+y", "ctrl+y"},
		{km.Tree.Down.Keys(), km.Tree.Down.Help().Key, "j down ctrl+n", "j/↓/ctrl+n"},
	} {
		if g := strings.Join(tc.got, " "); g != tc.wantKeys {
			t.Errorf("keys = %q, want %q", g, tc.wantKeys)
		}
		if tc.help != tc.wantHelp {
			t.Errorf("help key = %q, want %q", tc.help, tc.wantHelp)
		}
	}
	if km.Act.Click.Help().Desc != "click" {
		t.Errorf("override changed the description: %q", km.Act.Click.Help().Desc)
	}
	// The help view shows the new key.
	found := false
	for _, col := range km.FullHelp() {
		for _, b := range col {
			if b.Help().Key == "ctrl+y" && b.Help().Desc == "copy locator" {
				found = true
			}
		}
	}
	if !found {
		t.Error("full help does not show the overridden copy-locator key")
	}
	if !strings.Contains(km.Markdown(), "`ctrl+y`") {
		t.Error("markdown does not show the override")
	}
	// Untouched bindings keep their defaults.
	if g := strings.Join(km.Tree.Up.Keys(), " "); g != "k up" {
		t.Errorf("up = %q", g)
	}
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		src  string
		want []string // substrings of the error
	}{
		{"unknown name", "[keys]\nclik = \"c\"\n", []string{":2:", `"clik"`, "unknown binding name", `did you mean "click"`}},
		{"empty string", "[keys]\n\nfill = \"\"\n", []string{":3:", `"fill"`, "empty key"}},
		{"empty list", "[keys]\nfill = []\n", []string{":2:", `"fill"`, "has no keys"}},
		{"space literal", "[keys]\ntoggle-fold = \" \"\n", []string{":2:", `use "space"`}},
		{"not a string", "[keys]\nhover = 5\n", []string{":2:", `"hover"`, "must be a key or a list of keys"}},
		{"number in list", "[keys]\nhover = [\"v\", 5]\n", []string{":2:", "must be a string"}},
		{"nested table", "[keys.act]\nclick = \"c\"\n", []string{`"act"`, "unknown binding name"}},
		{"keys not a table", "keys = \"x\"\n", []string{":1:", "must be a table"}},
		{"syntax", "[keys]\nclick = [\"enter\"\n", []string{"config.toml:", "expected"}},
		{"bad key name", "[keys]\nclick = \"Enter\"\n", []string{":2:", `"Enter"`, "lower case"}},
		{"alias", "[keys]\ncancel = \"escape\"\n", []string{`did you mean "esc"`}},
		{"modifier order", "[keys]\nrecord = \"alt+ctrl+r\"\n", []string{"order ctrl+alt"}},
		{"unknown modifier", "[keys]\nrecord = \"cmd+r\"\n", []string{`unknown modifier "cmd"`}},
		{"dotted top level", "keys.typo = \"x\"\n", []string{":1:", `"typo"`}},
		{"conflict", "[keys]\nfill = \"j\"\n", []string{":2:", `key "j" is bound to both "down" and "fill"`}},
		{"spec's L for language", "[keys]\ncycle-language = \"L\"\n", []string{`"forward" and "cycle-language"`}},
		{"two errors", "[keys]\nfoo = \"a\"\nbar = \"b\"\n", []string{`:2: [keys] "foo"`, `:3: [keys] "bar"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := writeConfig(t, tc.src)
			km, err := Load(p)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if !strings.Contains(msg, p) {
				t.Errorf("error %q does not name the file", msg)
			}
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not contain %q", msg, w)
				}
			}
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Errorf("error %T is not a *ConfigError", err)
			}
			if fmt.Sprint(km.Entries()) != fmt.Sprint(Default().Entries()) {
				t.Error("a bad config should give the defaults")
			}
		})
	}
}

// Serial: it sets the environment of the process.
func TestDefaultPath(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/x/cfg")
	if got, want := DefaultPath(), filepath.Join("/x/cfg", "ariadne", "config.toml"); got != want {
		t.Errorf("with XDG: %q, want %q", got, want)
	}
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "/home/u")
	if got, want := DefaultPath(), filepath.Join("/home/u", ".config", "ariadne", "config.toml"); got != want {
		t.Errorf("without XDG: %q, want %q", got, want)
	}
}

const (
	startMarker = "<!-- keys:start -->"
	endMarker   = "<!-- keys:end -->"
)

// keysPage holds the key table, between the markers.
const keysPage = "docs/explorer.md"

// TestREADME checks that docs/explorer.md's key table is Default().Markdown().
// Run with -v to print the table to paste between the markers.
func TestREADME(t *testing.T) {
	t.Parallel()
	want := Default().Markdown()
	if testing.Verbose() {
		fmt.Printf("%s\n%s%s\n", startMarker, want, endMarker)
	}
	data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(keysPage)))
	if err != nil {
		t.Skipf("no %s: %v", keysPage, err)
	}
	_, rest, ok1 := strings.Cut(string(data), startMarker)
	table, _, ok2 := strings.Cut(rest, endMarker)
	if !ok1 || !ok2 {
		t.Skip(keysPage + " has no " + startMarker + " … " + endMarker + " markers yet")
	}
	if strings.TrimSpace(table) != strings.TrimSpace(want) {
		t.Errorf("%s key table is out of date; run `go test ./keymap -run TestREADME -v` and paste:\n%s", keysPage, want)
	}
}
