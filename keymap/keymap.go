// Package keymap holds Ariadne's key bindings as data: one struct of
// key.Binding grouped by mode, built by Default, overridden from the user's
// TOML config (see Load), and rendered for the help view and the manual
// (docs/explorer.md).
//
// It must not import the ui, browser, refs or recordings packages: the root
// model reads the bindings, the bindings know nothing of the model.
package keymap

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
)

// Mode names a group of bindings. The groups are sections of help; all of
// them except Global are live together while browsing the tree, and Global is
// live everywhere.
type Mode string

// The modes, in help order.
const (
	ModeTree    Mode = "Tree"
	ModeFind    Mode = "Find"
	ModePage    Mode = "Page"
	ModeAct     Mode = "Act"
	ModeLocator Mode = "Locators"
	ModeRecord  Mode = "Recording"
	ModeGlobal  Mode = "Global"
)

// KeyMap is every binding of the program, grouped by mode.
type KeyMap struct {
	Tree    TreeKeys
	Find    FindKeys
	Page    PageKeys
	Act     ActKeys
	Locator LocatorKeys
	Record  RecordKeys
	Global  GlobalKeys
	// Fixed are the overlay keys, which the config cannot change.
	Fixed FixedKeys
}

// TreeKeys move the cursor and fold the tree.
type TreeKeys struct {
	Up, Down         key.Binding
	PageUp, PageDown key.Binding
	Top, Bottom      key.Binding
	Collapse, Expand key.Binding
	ToggleFold       key.Binding
	CollapseAll      key.Binding
	ExpandAll        key.Binding
}

// FindKeys filter the tree and jump around in it.
type FindKeys struct {
	Filter          key.Binding
	NextMatch       key.Binding
	PrevMatch       key.Binding
	ClearFilter     key.Binding
	JumpToRef       key.Binding
	InteractiveOnly key.Binding
	Playground      key.Binding
}

// PageKeys act on the page or tab as a whole.
type PageKeys struct {
	Open     key.Binding
	Back     key.Binding
	Forward  key.Binding
	Snapshot key.Binding
	Reload   key.Binding
	Tabs     key.Binding
	Cancel   key.Binding
	Follow   key.Binding
	Pick     key.Binding
	Preview  key.Binding
	// DismissDialogs dismisses the page's dialog and the ones that follow
	// it (an alert storm); it works while a dialog shows.
	DismissDialogs key.Binding
}

// ActKeys act on the selected ref.
type ActKeys struct {
	Click        key.Binding
	Type         key.Binding
	Fill         key.Binding
	Press        key.Binding
	SelectOption key.Binding
	Check        key.Binding
	Hover        key.Binding
	Upload       key.Binding
	DoubleClick  key.Binding
}

// LocatorKeys copy and choose locators for the selected ref.
type LocatorKeys struct {
	Copy          key.Binding
	Candidates    key.Binding
	CycleLanguage key.Binding
	PagePrefix    key.Binding
	CopyRef       key.Binding
	CopySubtree   key.Binding
	CopySnapshot  key.Binding
}

// RecordKeys drive the recorder.
type RecordKeys struct {
	Toggle     key.Binding
	Assert     key.Binding
	DeleteStep key.Binding
	SaveAs     key.Binding
	Steps      key.Binding
	Code       key.Binding
}

// GlobalKeys are live in every mode.
type GlobalKeys struct {
	Help        key.Binding
	Detail      key.Binding
	DetailsDown key.Binding
	DetailsUp   key.Binding
	Messages    key.Binding
	Quit        key.Binding
}

// Entry is one binding with its mode and its stable config name.
type Entry struct {
	Mode    Mode
	Name    string // the name used in the [keys] table of the config file
	Binding key.Binding
}

// slot is a binding's place in a KeyMap: the one table that the config
// loader, the help, the Markdown and the tests all read.
type slot struct {
	mode Mode
	name string
	b    *key.Binding
}

func (km *KeyMap) slots() []slot {
	t, f, p, a, l, r, g := &km.Tree, &km.Find, &km.Page, &km.Act, &km.Locator, &km.Record, &km.Global
	return []slot{
		{ModeTree, "down", &t.Down},
		{ModeTree, "up", &t.Up},
		{ModeTree, "page-up", &t.PageUp},
		{ModeTree, "page-down", &t.PageDown},
		{ModeTree, "top", &t.Top},
		{ModeTree, "bottom", &t.Bottom},
		{ModeTree, "collapse", &t.Collapse},
		{ModeTree, "expand", &t.Expand},
		{ModeTree, "toggle-fold", &t.ToggleFold},
		{ModeTree, "collapse-all", &t.CollapseAll},
		{ModeTree, "expand-all", &t.ExpandAll},

		{ModeFind, "filter", &f.Filter},
		{ModeFind, "next-match", &f.NextMatch},
		{ModeFind, "prev-match", &f.PrevMatch},
		{ModeFind, "clear-filter", &f.ClearFilter},
		{ModeFind, "jump-to-ref", &f.JumpToRef},
		{ModeFind, "interactive-only", &f.InteractiveOnly},
		{ModeFind, "locator-playground", &f.Playground},

		{ModePage, "open-url", &p.Open},
		{ModePage, "back", &p.Back},
		{ModePage, "forward", &p.Forward},
		{ModePage, "snapshot", &p.Snapshot},
		{ModePage, "reload", &p.Reload},
		{ModePage, "tabs", &p.Tabs},
		{ModePage, "cancel", &p.Cancel},
		{ModePage, "follow", &p.Follow},
		{ModePage, "pick", &p.Pick},
		{ModePage, "preview", &p.Preview},
		{ModePage, "dismiss-dialogs", &p.DismissDialogs},

		{ModeAct, "click", &a.Click},
		{ModeAct, "type", &a.Type},
		{ModeAct, "fill", &a.Fill},
		{ModeAct, "press", &a.Press},
		{ModeAct, "select-option", &a.SelectOption},
		{ModeAct, "check", &a.Check},
		{ModeAct, "hover", &a.Hover},
		{ModeAct, "upload", &a.Upload},
		{ModeAct, "double-click", &a.DoubleClick},

		{ModeLocator, "copy-locator", &l.Copy},
		{ModeLocator, "locator-candidates", &l.Candidates},
		{ModeLocator, "cycle-language", &l.CycleLanguage},
		{ModeLocator, "page-prefix", &l.PagePrefix},
		{ModeLocator, "copy-ref", &l.CopyRef},
		{ModeLocator, "copy-subtree", &l.CopySubtree},
		{ModeLocator, "copy-snapshot", &l.CopySnapshot},

		{ModeRecord, "record", &r.Toggle},
		{ModeRecord, "assert", &r.Assert},
		{ModeRecord, "delete-step", &r.DeleteStep},
		{ModeRecord, "save-recording", &r.SaveAs},
		{ModeRecord, "recorded-steps", &r.Steps},
		{ModeRecord, "recording-code", &r.Code},

		{ModeGlobal, "help", &g.Help},
		{ModeGlobal, "detail", &g.Detail},
		{ModeGlobal, "details-down", &g.DetailsDown},
		{ModeGlobal, "details-up", &g.DetailsUp},
		{ModeGlobal, "messages", &g.Messages},
		{ModeGlobal, "quit", &g.Quit},
	}
}

// Default returns the built-in bindings.
//
// The product spec asked for L to cycle the locator language, but L is
// already "forward" (next to H, "back"); the language cycles on c instead,
// and the help says so.
func Default() KeyMap {
	return KeyMap{
		Tree: TreeKeys{
			Down:        bind("move down", "j", "down"),
			Up:          bind("move up", "k", "up"),
			PageUp:      bind("page up", "pgup"),
			PageDown:    bind("page down", "pgdown"),
			Top:         bind("go to top", "g"),
			Bottom:      bind("go to bottom", "G"),
			Collapse:    bind("collapse / go to parent", "h", "left"),
			Expand:      bind("expand / go to first child", "l", "right"),
			ToggleFold:  bind("toggle fold", "space"),
			CollapseAll: bind("collapse all", "z"),
			ExpandAll:   bind("expand all", "Z"),
		},
		Find: FindKeys{
			Filter:          bind("filter", "/"),
			NextMatch:       bind("next match", "n"),
			PrevMatch:       bind("previous match", "N"),
			ClearFilter:     bind("clear filter", "esc"),
			JumpToRef:       bind("command line; :e12 jumps to a ref", ":"),
			InteractiveOnly: bind("interactive only", "i"),
			Playground:      bind("locator playground", "e"),
		},
		Page: PageKeys{
			Open:     bind("open URL", "o"),
			Back:     bind("back", "H"),
			Forward:  bind("forward", "L"),
			Snapshot: bind("re-snapshot", "r"),
			Reload:   bind("reload page", "R"),
			Tabs:     bind("tabs", "T"),
			Cancel:   bind("cancel running action", "esc"),
			Follow:   bind("live follow (refresh on DOM changes)", "F"),
			Pick:     bind("pick element (headful)", "P"),
			Preview:  bind("screenshot, selection outlined", "I"),

			DismissDialogs: bind("dismiss all page dialogs (also those that follow)", "ctrl+x"),
		},
		Act: ActKeys{
			Click:        bind("click", "enter"),
			Type:         bind("type text", "t"),
			Fill:         bind("fill", "f"),
			Press:        bind("press keys", "p"),
			SelectOption: bind("select option", "s"),
			Check:        bind("check / uncheck", "x"),
			Hover:        bind("hover", "v"),
			Upload:       bind("upload file", "u"),
			DoubleClick:  bind("double-click", "d"),
		},
		Locator: LocatorKeys{
			Copy:          bind("copy locator", "y"),
			Candidates:    bind("locator candidates / language", "Y"),
			CycleLanguage: bind("cycle locator language (not L: L is forward)", "c"),
			PagePrefix:    bind("copy locators with / without page.", "."),
			CopyRef:       bind("copy the ref", "w"),
			CopySubtree:   bind("copy the subtree's ARIA snapshot", "A"),
			CopySnapshot:  bind("copy the whole ARIA snapshot", "W"),
		},
		Record: RecordKeys{
			Toggle:     bind("start / stop recording", "ctrl+r"),
			Assert:     bind("add assertion", "a"),
			DeleteStep: bind("delete last step", "D"),
			SaveAs:     bind("save recording as", "S"),
			Steps:      bind("show / hide the recorded steps", "ctrl+s"),
			Code:       bind("show / hide the recording as code (live)", "ctrl+e"),
		},
		Global: GlobalKeys{
			Help:        bind("help", "?"),
			Detail:      bind("toggle detail pane", "tab"),
			DetailsDown: bind("scroll the details, log, steps or code down", "J"),
			DetailsUp:   bind("scroll the details, log, steps or code up", "K"),
			Messages:    bind("message log", "M"),
			Quit:        bind("quit", "q", "ctrl+c"),
		},
		Fixed: Fixed(),
	}
}

func bind(desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(HelpKey(keys), desc))
}

// rebind sets b's keys and the key label of its help, keeping the
// description.
func rebind(b *key.Binding, keys []string) {
	b.SetKeys(keys...)
	b.SetHelp(HelpKey(keys), b.Help().Desc)
}

var arrows = map[string]string{"up": "↑", "down": "↓", "left": "←", "right": "→"}

// HelpKey is the label that help shows for a list of keys: the keys joined
// by "/", with the arrow keys drawn as arrows.
func HelpKey(keys []string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		if a, ok := arrows[k]; ok {
			k = a
		}
		parts[i] = k
	}
	return strings.Join(parts, "/")
}

// Entries returns every binding with its mode and config name, in help
// order.
func (km KeyMap) Entries() []Entry {
	s := km.slots()
	out := make([]Entry, len(s))
	for i, x := range s {
		out[i] = Entry{Mode: x.mode, Name: x.name, Binding: *x.b}
	}
	return out
}

// Modes returns the modes in help order.
func Modes() []Mode {
	return []Mode{ModeTree, ModeFind, ModePage, ModeAct, ModeLocator, ModeRecord, ModeGlobal}
}

// ByMode returns the bindings of one mode, in help order.
func (km KeyMap) ByMode(m Mode) []key.Binding {
	var out []key.Binding
	for _, s := range km.slots() {
		if s.mode == m {
			out = append(out, *s.b)
		}
	}
	return out
}

// ShortHelp is the one-line help (help.KeyMap).
func (km KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{
		km.Tree.Down, km.Tree.Up, km.Tree.ToggleFold, km.Find.Filter,
		km.Act.Click, km.Locator.Copy, km.Global.Help, km.Global.Quit,
	}
}

// FullHelp is the full help, one column per mode (help.KeyMap).
func (km KeyMap) FullHelp() [][]key.Binding {
	modes := Modes()
	out := make([][]key.Binding, len(modes))
	for i, m := range modes {
		out[i] = km.ByMode(m)
	}
	return out
}

// sharedKeys lists bindings that may share a key because the root model
// tells them apart by state: esc cancels a running action if there is one,
// and otherwise clears the filter.
var sharedKeys = [][2]string{{"clear-filter", "cancel"}}

func mayShare(a, b string) bool {
	for _, p := range sharedKeys {
		if (p[0] == a && p[1] == b) || (p[0] == b && p[1] == a) {
			return true
		}
	}
	return false
}

// Conflict is a key bound to two bindings that are live at the same time.
type Conflict struct {
	Key   string
	Names [2]string // config names of the two bindings
}

func (c Conflict) String() string {
	return fmt.Sprintf("key %q is bound to both %q and %q", c.Key, c.Names[0], c.Names[1])
}

// Conflicts reports every key bound twice among bindings that are live
// together. All modes are live together while browsing the tree (their
// letters differ), and Global is live in every mode, so any two bindings
// clash unless sharedKeys allows them.
func (km KeyMap) Conflicts() []Conflict {
	var out []Conflict
	owner := map[string][]string{}
	for _, s := range km.slots() {
		seen := map[string]bool{}
		for _, k := range s.b.Keys() {
			if seen[k] {
				continue
			}
			seen[k] = true
			for _, other := range owner[k] {
				if !mayShare(other, s.name) {
					out = append(out, Conflict{Key: k, Names: [2]string{other, s.name}})
				}
			}
			owner[k] = append(owner[k], s.name)
		}
	}
	return out
}

// Markdown renders the key table for docs/explorer.md: one row per binding, with
// its mode, keys, action and config name.
func (km KeyMap) Markdown() string {
	var b strings.Builder
	b.WriteString("| Mode | Keys | Action | Config name |\n")
	b.WriteString("|------|------|--------|-------------|\n")
	for _, s := range km.slots() {
		keys := make([]string, len(s.b.Keys()))
		for i, k := range s.b.Keys() {
			keys[i] = mdCode(k)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n",
			s.mode, strings.Join(keys, " "), mdText(s.b.Help().Desc), mdCode(s.name))
	}
	b.WriteString("\nThe `esc` key cancels a running action if there is one, and otherwise clears the filter.\n")
	return b.String()
}

func mdText(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// mdCode renders s as inline code that survives a table cell.
func mdCode(s string) string {
	s = mdText(s)
	if strings.Contains(s, "`") {
		return "`` " + s + " ``"
	}
	return "`" + s + "`"
}
