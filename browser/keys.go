package browser

import (
	"context"
	"runtime"
	"strings"
	"unicode/utf8"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/ariadne-tui/ariadne/refs"
)

// keyNames maps key names (as Playwright writes them: Enter, Tab,
// ArrowDown, a, A) to the runes the kb package knows them by.
func keyNames() map[string]rune {
	m := make(map[string]rune, len(kb.Keys))
	for r, k := range kb.Keys {
		if _, taken := m[k.Key]; !taken || r < 0x100 {
			m[k.Key] = r
		}
	}
	// Common aliases.
	for alias, name := range map[string]string{"Esc": "Escape", "Return": "Enter", "Space": " ", "Del": "Delete",
		"Up": "ArrowUp", "Down": "ArrowDown", "Left": "ArrowLeft", "Right": "ArrowRight", "Ctrl": "Control", "Cmd": "Meta", "Command": "Meta", "Option": "Alt"} {
		if r, ok := m[name]; ok {
			m[alias] = r
		}
	}
	return m
}

var modifierBits = map[string]kb.Modifier{
	"Alt": kb.ModifierAlt, "Control": kb.ModifierCtrl, "Meta": kb.ModifierMeta, "Shift": kb.ModifierShift,
}

// chord is one key press with held modifiers, e.g. Control+Shift+A.
type chord struct {
	mods []string // modifier key names in press order
	key  rune
	name string
}

// parseKeys reads a space-separated list of chords: "Enter", "Control+A",
// "Shift+Tab ArrowDown". "+" alone or at the end means the plus key.
func parseKeys(s string) ([]chord, error) {
	names := keyNames()
	var out []chord
	for _, word := range strings.Fields(s) {
		parts := splitChord(word)
		var c chord
		for i, p := range parts {
			name := canonicalKey(p)
			if i < len(parts)-1 {
				if _, ok := modifierBits[name]; !ok {
					return nil, refs.Errorf(refs.CodeBadArgument, "%q in %q is not a modifier (use Alt, Control, Meta, Shift or ControlOrMeta)", p, word)
				}
				c.mods = append(c.mods, name)
				continue
			}
			r, ok := names[name]
			if !ok && utf8.RuneCountInString(name) == 1 {
				r, ok = []rune(name)[0], true
			}
			if !ok {
				return nil, refs.Errorf(refs.CodeBadArgument, "unknown key %q in %q (keys are named as in Playwright: Enter, Tab, Escape, ArrowDown, Backspace, a, A, ...)", p, word)
			}
			c.key, c.name = r, name
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, refs.Errorf(refs.CodeBadArgument, "no keys to press")
	}
	return out, nil
}

func splitChord(w string) []string {
	if w == "+" {
		return []string{"+"}
	}
	parts := strings.Split(w, "+")
	if strings.HasSuffix(w, "++") || (len(parts) > 1 && parts[len(parts)-1] == "") {
		parts = append(parts[:len(parts)-1], "+")
		if parts[len(parts)-2] == "" {
			parts = append(parts[:len(parts)-2], "+")
		}
	}
	return parts
}

func canonicalKey(p string) string {
	switch strings.ToLower(p) {
	case "control", "ctrl":
		return "Control"
	case "shift":
		return "Shift"
	case "alt", "option":
		return "Alt"
	case "meta", "cmd", "command":
		return "Meta"
	case "controlormeta":
		if runtime.GOOS == "darwin" {
			return "Meta"
		}
		return "Control"
	}
	return p
}

// pressChords dispatches the chords to the focused element of the tab.
func pressChords(ctx context.Context, chords []chord) error {
	for _, c := range chords {
		var mods kb.Modifier
		for _, m := range c.mods {
			mods |= modifierBits[m]
			if err := dispatchKey(ctx, kb.KeyRawDown, kb.Keys[keyNames()[m]], mods, false); err != nil {
				return err
			}
		}
		k, known := kb.Keys[c.key]
		if !known {
			k = &kb.Key{Key: string(c.key), Text: string(c.key), Unmodified: string(c.key), Print: true}
		}
		// Printable keys type their text unless Control, Alt or Meta is held.
		text := k.Print && mods&^kb.ModifierShift == 0
		if err := dispatchKey(ctx, kb.KeyDown, k, mods, text); err != nil {
			return err
		}
		if err := dispatchKey(ctx, kb.KeyUp, k, mods, false); err != nil {
			return err
		}
		for i := len(c.mods) - 1; i >= 0; i-- {
			mods &^= modifierBits[c.mods[i]]
			if err := dispatchKey(ctx, kb.KeyUp, kb.Keys[keyNames()[c.mods[i]]], mods, false); err != nil {
				return err
			}
		}
	}
	return nil
}

func dispatchKey(ctx context.Context, typ input.DispatchKeyEventType, k *kb.Key, mods kb.Modifier, text bool) error {
	p := input.DispatchKeyEventParams{
		Type:                  typ,
		Key:                   k.Key,
		Code:                  k.Code,
		WindowsVirtualKeyCode: k.Windows,
		NativeVirtualKeyCode:  k.Native,
		Modifiers:             int64(mods),
	}
	if typ == kb.KeyDown && !text {
		p.Type = kb.KeyRawDown
	}
	if text {
		t := k.Text
		if mods&kb.ModifierShift != 0 && k.Text != "" {
			t = strings.ToUpper(k.Text)
		}
		p.Text, p.UnmodifiedText = t, k.Unmodified
	}
	_, err := chromedp.Call(ctx, input.DispatchKeyEvent, p)
	return err
}
