package recordings

import "slices"

// This file writes the keys of a DevTools Recorder flow: keyDown and keyUp
// steps have a target but no selectors, so they go to whatever has the
// focus; the emitter notes which element that is.

// focused notes the element s left the focus on in its tab.
func (e devtoolsEmitter) focused(s Step) {
	switch s.Kind {
	case Click, DblClick, Check, Uncheck, Fill, Select, Type, Press, Upload:
		if s.Navigated {
			delete(e.focus, s.Tab)
		} else if !s.Target.Locator.IsZero() {
			e.focus[s.Tab] = s.Locator().Internal()
		} else if s.Kind != Type && s.Kind != Press {
			delete(e.focus, s.Tab)
		}
	case Hover, Scroll, Assert, Dialog:
	default:
		delete(e.focus, s.Tab)
	}
}

// held wraps d in keyDown and keyUp steps for the modifiers held during it.
func (e devtoolsEmitter) held(base devtoolsStep, mods []string, d devtoolsStep) []devtoolsStep {
	var out []devtoolsStep
	for _, m := range mods {
		out = append(out, keyStep(base, "keyDown", devtoolsKey(m)))
	}
	out = append(out, d)
	for _, m := range slices.Backward(mods) {
		out = append(out, keyStep(base, "keyUp", devtoolsKey(m)))
	}
	return out
}

// chord presses keys down in order and releases them in reverse.
func (e devtoolsEmitter) chord(base devtoolsStep, keys []string) []devtoolsStep {
	var out []devtoolsStep
	for _, k := range keys {
		out = append(out, keyStep(base, "keyDown", devtoolsKey(k)))
	}
	for _, k := range slices.Backward(keys) {
		out = append(out, keyStep(base, "keyUp", devtoolsKey(k)))
	}
	return out
}

func keyStep(base devtoolsStep, typ, key string) devtoolsStep {
	d := base
	d.Frame = nil // key steps have a target but no frame
	d.Type, d.Key = typ, key
	return d
}

// devtoolsKey spells a Playwright key name as Puppeteer's KeyInput does.
func devtoolsKey(k string) string {
	switch k {
	case "ControlOrMeta":
		return "Control"
	case "Space":
		return " "
	}
	return k
}

// keyable reports whether every character of s is a key Puppeteer's US
// keyboard layout has, so that typing can be replayed as key presses.
func keyable(s string) bool {
	for _, r := range s {
		if r != '\n' && r != '\r' && r != '\t' && (r < 0x20 || r > 0x7e) {
			return false
		}
	}
	return s != ""
}

func keyOfRune(r rune) string {
	switch r {
	case '\n', '\r':
		return "Enter"
	case '\t':
		return "Tab"
	}
	return string(r)
}
