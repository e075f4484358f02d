package recordings

import (
	"fmt"
	"strings"
)

// This file spells keys the way Playwright's keyboard.press reads them,
// so that recordings and exported tests hold only names Playwright
// accepts: "Ctrl+a" is "Control+a", "esc" is "Escape".

// keyAliases maps lower-case aliases and names to Playwright's names.
var keyAliases = map[string]string{
	"ctrl": "Control", "control": "Control", "cmd": "Meta", "command": "Meta", "meta": "Meta", "win": "Meta",
	"option": "Alt", "opt": "Alt", "alt": "Alt", "shift": "Shift", "controlormeta": "ControlOrMeta",
	"esc": "Escape", "escape": "Escape", "return": "Enter", "enter": "Enter", "del": "Delete", "delete": "Delete",
	"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
	"arrowup": "ArrowUp", "arrowdown": "ArrowDown", "arrowleft": "ArrowLeft", "arrowright": "ArrowRight",
	"space": "Space", "spacebar": "Space", "tab": "Tab", "backspace": "Backspace", "home": "Home", "end": "End",
	"pageup": "PageUp", "pagedown": "PageDown", "pgup": "PageUp", "pgdn": "PageDown", "insert": "Insert", "ins": "Insert",
	"capslock": "CapsLock", "contextmenu": "ContextMenu",
}

// CanonicalKeys rewrites a space-separated list of chords ("Ctrl+a esc")
// with Playwright's key names ("Control+a Escape"). note says what was
// rewritten, "" when nothing was.
func CanonicalKeys(keys string) (canon, note string) {
	var out, changed []string
	for _, chord := range strings.Fields(keys) {
		parts := splitKey(chord)
		for i, p := range parts {
			parts[i] = canonicalKey(p)
		}
		c := strings.Join(parts, "+")
		if c != chord {
			changed = append(changed, fmt.Sprintf("%q is %q", chord, c))
		}
		out = append(out, c)
	}
	if len(changed) > 0 {
		note = "keys are written as Playwright names them: " + strings.Join(changed, ", ")
	}
	return strings.Join(out, " "), note
}

// canonicalKey is Playwright's name for one key: an alias or a named key
// in another case becomes the name ("ctrl" is "Control", "f5" is "F5");
// a single character stays as it is.
func canonicalKey(k string) string {
	if len([]rune(k)) == 1 {
		return k
	}
	l := strings.ToLower(k)
	if c, ok := keyAliases[l]; ok {
		return c
	}
	if len(l) >= 2 && len(l) <= 3 && l[0] == 'f' && strings.Trim(l[1:], "0123456789") == "" {
		return "F" + l[1:]
	}
	return k
}

// canonicalChord is CanonicalKeys for one chord.
func canonicalChord(k string) string {
	if k == "" || strings.TrimSpace(k) != k {
		return k // " " (the space key) and the like stay as they are
	}
	c, _ := CanonicalKeys(k)
	return c
}
