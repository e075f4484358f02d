package keymap

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// DefaultPath is where Ariadne looks for its config file:
// $XDG_CONFIG_HOME/ariadne/config.toml, else ~/.config/ariadne/config.toml.
func DefaultPath() string {
	if dir := os.Getenv("XDG_CONFIG_HOME"); dir != "" && filepath.IsAbs(dir) {
		return filepath.Join(dir, "ariadne", "config.toml")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return filepath.Join(".config", "ariadne", "config.toml")
	}
	return filepath.Join(home, ".config", "ariadne", "config.toml")
}

// ConfigError is one bad entry of the config file.
type ConfigError struct {
	Path string // the config file
	Line int    // 1-based; 0 when unknown
	Key  string // the config name of the binding, if the error is about one
	Msg  string
}

func (e *ConfigError) Error() string {
	var b strings.Builder
	b.WriteString(e.Path)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Key != "" {
		fmt.Fprintf(&b, "[keys] %q: ", e.Key)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Load reads key overrides from the [keys] table of the TOML file at path
// and applies them to the defaults. Each entry maps a binding's config name
// to a key or a list of keys:
//
//	[keys]
//	click = ["enter", "c"]
//	"copy-locator" = "y"
//
// A missing file gives the defaults. Other tables of the file are left to
// their owners. On error Load returns the defaults together with the error,
// which joins one *ConfigError per bad entry (file, line, entry, and what is
// wrong), so the caller may warn and carry on.
func Load(path string) (KeyMap, error) {
	def := Default()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return def, nil
	}
	if err != nil {
		return def, err
	}
	km, err := parse(path, string(data))
	if err != nil {
		return def, err
	}
	return km, nil
}

func parse(path, src string) (KeyMap, error) {
	km := Default()
	var raw map[string]any
	md, err := toml.Decode(src, &raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return km, &ConfigError{Path: path, Line: pe.Position.Line, Msg: pe.Message}
		}
		return km, &ConfigError{Path: path, Msg: err.Error()}
	}
	section, ok := raw["keys"]
	if !ok {
		return km, nil
	}
	table, ok := section.(map[string]any)
	if !ok {
		return km, &ConfigError{Path: path, Line: headerLine(src), Msg: "keys must be a table, like [keys] followed by name = \"key\" lines"}
	}

	slots := map[string]*slot{}
	var names []string
	all := km.slots()
	for i := range all {
		slots[all[i].name] = &all[i]
		names = append(names, all[i].name)
	}

	// Walk the entries in file order so errors come out in that order.
	var errs []error
	for _, k := range md.Keys() {
		if len(k) != 2 || k[0] != "keys" {
			continue
		}
		name := k[1]
		bad := func(format string, args ...any) {
			errs = append(errs, &ConfigError{Path: path, Line: entryLine(src, name), Key: name, Msg: fmt.Sprintf(format, args...)})
		}
		s, ok := slots[name]
		if !ok {
			msg := "unknown binding name"
			if near := nearest(name, names); near != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", near)
			}
			bad("%s", msg)
			continue
		}
		keys, msg := keyList(table[name])
		if msg != "" {
			bad("%s", msg)
			continue
		}
		rebind(s.b, keys)
	}
	if len(errs) > 0 {
		return Default(), errors.Join(errs...)
	}
	for _, c := range km.Conflicts() {
		errs = append(errs, &ConfigError{Path: path, Line: conflictLine(src, c), Msg: c.String()})
	}
	if len(errs) > 0 {
		return Default(), errors.Join(errs...)
	}
	return km, nil
}

// keyList checks one entry's value; msg says what is wrong with it.
func keyList(v any) (keys []string, msg string) {
	switch v := v.(type) {
	case string:
		keys = []string{v}
	case []any:
		for _, e := range v {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Sprintf("every key must be a string, got %v (%T)", e, e)
			}
			keys = append(keys, s)
		}
	case map[string]any:
		return nil, "must be a key or a list of keys, not a table"
	default:
		return nil, fmt.Sprintf("must be a key or a list of keys, got %v (%T)", v, v)
	}
	if len(keys) == 0 {
		return nil, "has no keys; give at least one, like \"x\" or [\"x\", \"ctrl+x\"]"
	}
	for _, k := range keys {
		if m := checkKey(k); m != "" {
			return nil, m
		}
	}
	for i, k := range keys {
		if slices.Contains(keys[:i], k) {
			return nil, fmt.Sprintf("key %q is listed twice", k)
		}
	}
	return keys, ""
}

// keyNames are the names Bubble Tea v2 gives keys that do not print.
var keyNames = map[string]bool{
	"enter": true, "tab": true, "backspace": true, "esc": true, "space": true,
	"up": true, "down": true, "left": true, "right": true,
	"begin": true, "find": true, "insert": true, "delete": true, "select": true,
	"pgup": true, "pgdown": true, "home": true, "end": true, "menu": true,
}

var (
	fKey      = regexp.MustCompile(`^f[1-9][0-9]?$`)
	modifiers = []string{"ctrl", "alt", "shift", "meta", "hyper", "super"}
	aliases   = map[string]string{
		"escape": "esc", "return": "enter", "pageup": "pgup", "pagedown": "pgdown",
		"pgdn": "pgdown", "del": "delete", "ins": "insert", "bksp": "backspace",
	}
)

// checkKey reports what is wrong with one key string, or "".
func checkKey(k string) string {
	switch {
	case k == "":
		return "empty key"
	case k == " ":
		return `use "space" for the space bar, not " "`
	case strings.ContainsAny(k, " \t\n\r"):
		return fmt.Sprintf("key %q contains whitespace", k)
	}
	parts := strings.Split(k, "+")
	if k == "+" || strings.HasSuffix(k, "++") {
		// "+" itself, or a modifier with "+".
		parts = append(parts[:len(parts)-2:len(parts)-2], "+")
	}
	base, mods := parts[len(parts)-1], parts[:len(parts)-1]
	last := -1
	for _, m := range mods {
		i := slices.Index(modifiers, m)
		if i < 0 {
			return fmt.Sprintf("key %q: unknown modifier %q (use ctrl, alt, shift, meta, hyper, super)", k, m)
		}
		if i <= last {
			return fmt.Sprintf("key %q: modifiers must come in the order %s", k, strings.Join(modifiers, "+"))
		}
		last = i
	}
	if base == "" {
		return fmt.Sprintf("key %q has no key after its modifiers", k)
	}
	if len([]rune(base)) == 1 || keyNames[base] || fKey.MatchString(base) {
		return ""
	}
	if a, ok := aliases[strings.ToLower(base)]; ok {
		return fmt.Sprintf("unknown key name %q (did you mean %q?)", base, a)
	}
	if low := strings.ToLower(base); keyNames[low] || fKey.MatchString(low) {
		return fmt.Sprintf("unknown key name %q (key names are lower case: %q)", base, low)
	}
	return fmt.Sprintf("unknown key name %q", base)
}

// nearest returns the name closest to s by edit distance, if it is close.
func nearest(s string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		if d := distance(s, n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// The toml package does not report where a key was defined, so the lines of
// entries are found by a scan of the source that understands the two usual
// spellings: name = ... under [keys], and keys.name = ... at the top level.

// headerLine finds the line that defines keys itself: [keys], or keys = ...
func headerLine(src string) int {
	for i, line := range strings.Split(src, "\n") {
		k, _, _ := strings.Cut(line, "=")
		if tableName(line) == "keys" || strings.Trim(strings.TrimSpace(k), `"'`) == "keys" {
			return i + 1
		}
	}
	return 0
}

// tableName returns the name of the table that line opens, or "" if it
// opens none.
func tableName(line string) string {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "[") {
		return ""
	}
	if i := strings.Index(t, "]"); i > 0 {
		return strings.Trim(strings.TrimSpace(strings.Trim(t[:i], "[")), `"'`)
	}
	return ""
}

func entryLine(src, name string) int {
	table := ""
	for i, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			table = tableName(t)
			continue
		}
		k, _, ok := strings.Cut(t, "=")
		if !ok {
			continue
		}
		k = strings.TrimSpace(k)
		if table == "" {
			rest, ok := strings.CutPrefix(k, "keys")
			if !ok {
				continue
			}
			k = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "."))
		} else if table != "keys" {
			continue
		}
		if strings.Trim(k, `"'`) == name {
			return i + 1
		}
	}
	return 0
}

func conflictLine(src string, c Conflict) int {
	a, b := entryLine(src, c.Names[0]), entryLine(src, c.Names[1])
	return max(a, b)
}
