package keymap

import "charm.land/bubbles/v2/key"

// FixedKeys are the keys of the overlays (prompts, pickers, page dialogs,
// help) and of a dead browser. They are not configurable: enter applies
// and esc cancels everywhere, whatever the [keys] table says.
type FixedKeys struct {
	PromptAccept, PromptCancel key.Binding
	// PromptOlder and PromptNewer recall the filter's and the command
	// line's history; PromptComplete completes the command line.
	PromptOlder, PromptNewer, PromptComplete key.Binding

	PickerUp, PickerDown         key.Binding
	PickerPageUp, PickerPageDown key.Binding
	PickerChoose, PickerClose    key.Binding
	PickerCloseTab               key.Binding // in the tab list

	DialogAccept, DialogDismiss key.Binding

	HelpUp, HelpDown, HelpClose key.Binding
	HelpPageUp, HelpPageDown    key.Binding

	// Apply and Cancel are what help lists for enter and esc in every
	// overlay.
	Apply, Cancel key.Binding

	// Relaunch starts a new browser after the old one died.
	Relaunch key.Binding
	// Interrupt quits from anywhere, overlays included.
	Interrupt key.Binding
}

// Fixed returns the overlay keys.
func Fixed() FixedKeys {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return FixedKeys{
		PromptAccept:   b("enter", "apply", "enter"),
		PromptCancel:   b("esc", "cancel", "esc"),
		PromptOlder:    b("↑/↓", "history (filter, command line)", "up"),
		PromptNewer:    b("↓", "newer", "down"),
		PromptComplete: b("tab", "complete (command line)", "tab"),

		PickerUp:       b("↑/k", "up", "up", "k"),
		PickerDown:     b("↓/j", "down", "down", "j"),
		PickerPageUp:   b("pgup", "page up", "pgup"),
		PickerPageDown: b("pgdown", "page down", "pgdown"),
		PickerChoose:   b("enter", "choose", "enter"),
		PickerClose:    b("esc", "close", "esc", "q"),
		PickerCloseTab: b("x", "close tab", "x", "delete"),

		DialogAccept:  b("enter", "accept", "enter"),
		DialogDismiss: b("esc", "dismiss", "esc"),

		HelpUp:       b("↑/k", "scroll", "up", "k"),
		HelpDown:     b("↓/j", "scroll", "down", "j"),
		HelpClose:    b("esc/?", "close", "esc", "q", "?"),
		HelpPageUp:   b("pgup", "page up", "pgup"),
		HelpPageDown: b("pgdown/space", "page down", "pgdown", "space"),

		Apply:  b("enter", "apply / choose / accept a dialog", "enter"),
		Cancel: b("esc", "cancel / close / dismiss a dialog", "esc"),

		Relaunch:  b("ctrl+l", "relaunch the browser", "ctrl+l"),
		Interrupt: b("ctrl+c", "quit", "ctrl+c"),
	}
}
