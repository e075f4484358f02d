package ui

import (
	"charm.land/lipgloss/v2"
	"github.com/ariadne-tui/ariadne/refs"
)

// Styles holds every lipgloss style of the UI, so that colours live in one
// place: the one styles root. Build it with DefaultStyles.
type Styles struct {
	Tree TreeStyles
	Pane PaneStyles
}

// TreeStyles are the styles of the page tree.
type TreeStyles struct {
	// Role colours, by kind of role.
	Landmark lipgloss.Style
	Heading  lipgloss.Style
	Control  lipgloss.Style
	Text     lipgloss.Style
	Other    lipgloss.Style

	Fold   lipgloss.Style // ▸ ▾
	Name   lipgloss.Style // "quoted name"
	Badge  lipgloss.Style // checked, disabled, level=2 ...
	Value  lipgloss.Style // a textbox's value
	Ref    lipgloss.Style // [e12]
	Cursor lipgloss.Style // the ">" in front of the selected row

	// Selected is laid under every part of the selected row; only its
	// background (and attributes) are used.
	Selected lipgloss.Style
	// Context draws the ancestors that a filter keeps only to show where a
	// match is; they are not matches themselves.
	Context lipgloss.Style
	// Empty is the message shown when there are no rows.
	Empty lipgloss.Style
}

// DefaultStyles returns the styles for a dark or light terminal background
// (Bubble Tea v2 reports it with tea.BackgroundColorMsg).
func DefaultStyles(isDark bool) Styles {
	c := lipgloss.LightDark(isDark)
	return Styles{Pane: defaultPaneStyles(c), Tree: TreeStyles{
		Landmark: lipgloss.NewStyle().Foreground(c(lipgloss.Color("#8839EF"), lipgloss.Color("#C6A0F6"))).Bold(true),
		Heading:  lipgloss.NewStyle().Foreground(c(lipgloss.Color("#D20F39"), lipgloss.Color("#F5A97F"))).Bold(true),
		Control:  lipgloss.NewStyle().Foreground(c(lipgloss.Color("#1E66F5"), lipgloss.Color("#8AADF4"))),
		Text:     lipgloss.NewStyle().Foreground(c(lipgloss.Color("#6C6F85"), lipgloss.Color("#A5ADCB"))),
		Other:    lipgloss.NewStyle().Foreground(c(lipgloss.Color("#5C5F77"), lipgloss.Color("#B8C0E0"))),

		Fold:   lipgloss.NewStyle().Foreground(c(lipgloss.Color("#8C8FA1"), lipgloss.Color("#6E738D"))),
		Name:   lipgloss.NewStyle().Foreground(c(lipgloss.Color("#4C4F69"), lipgloss.Color("#CAD3F5"))),
		Badge:  lipgloss.NewStyle().Foreground(c(lipgloss.Color("#DF8E1D"), lipgloss.Color("#EED49F"))),
		Value:  lipgloss.NewStyle().Foreground(c(lipgloss.Color("#40A02B"), lipgloss.Color("#A6DA95"))),
		Ref:    lipgloss.NewStyle().Foreground(c(lipgloss.Color("#179299"), lipgloss.Color("#8BD5CA"))),
		Cursor: lipgloss.NewStyle().Foreground(c(lipgloss.Color("#EA76CB"), lipgloss.Color("#F5BDE6"))).Bold(true),

		Selected: lipgloss.NewStyle().Background(c(lipgloss.Color("#CCD0DA"), lipgloss.Color("#363A4F"))),
		Context:  lipgloss.NewStyle().Foreground(c(lipgloss.Color("#9CA0B0"), lipgloss.Color("#5B6078"))),
		Empty:    lipgloss.NewStyle().Foreground(c(lipgloss.Color("#9CA0B0"), lipgloss.Color("#6E738D"))).Italic(true),
	}}
}

// PaneStyles are the styles of everything around the tree: header, details,
// status line, prompts, pickers and help. The tree's own are TreeStyles.
type PaneStyles struct {
	Brand, Header, Dim, Tab lipgloss.Style
	Rec                     lipgloss.Style // the recording dot
	Rule                    lipgloss.Style // pane separators

	Label, Title   lipgloss.Style // details: field names, the element's line
	Chosen, Flag   lipgloss.Style // the chosen locator's mark, durability flags
	Unique, NoHits lipgloss.Style // match counts: exactly one, none or several

	Info, OK, Err lipgloss.Style // status line

	Box, BoxTitle lipgloss.Style // pickers, dialogs, help
	Pick          lipgloss.Style // the picker's selected row
	Key, Desc     lipgloss.Style // help
	Prompt        lipgloss.Style
}

func defaultPaneStyles(c lipgloss.LightDarkFunc) PaneStyles {
	fg := func(light, dark string) lipgloss.Style {
		return lipgloss.NewStyle().Foreground(c(lipgloss.Color(light), lipgloss.Color(dark)))
	}
	dim := fg("#8C8FA1", "#6E738D")
	return PaneStyles{
		Brand:  fg("#8839EF", "#C6A0F6").Bold(true),
		Header: fg("#4C4F69", "#CAD3F5"),
		Dim:    dim,
		Tab:    fg("#179299", "#8BD5CA"),
		Rec:    lipgloss.NewStyle().Foreground(lipgloss.Color("#E64553")).Bold(true),
		Rule:   fg("#BCC0CC", "#494D64"),

		Label:  dim,
		Title:  fg("#1E66F5", "#8AADF4").Bold(true),
		Chosen: fg("#40A02B", "#A6DA95").Bold(true),
		Flag:   fg("#DF8E1D", "#EED49F"),
		Unique: fg("#40A02B", "#A6DA95"),
		NoHits: fg("#D20F39", "#ED8796"),

		Info: fg("#5C5F77", "#B8C0E0"),
		OK:   fg("#40A02B", "#A6DA95"),
		Err:  fg("#D20F39", "#ED8796"),

		Box:      lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(c(lipgloss.Color("#7287FD"), lipgloss.Color("#B7BDF8"))).Padding(0, 1),
		BoxTitle: fg("#7287FD", "#B7BDF8").Bold(true),
		Pick:     lipgloss.NewStyle().Background(c(lipgloss.Color("#CCD0DA"), lipgloss.Color("#363A4F"))),
		Key:      fg("#EA76CB", "#F5BDE6"),
		Desc:     fg("#5C5F77", "#B8C0E0"),
		Prompt:   fg("#EA76CB", "#F5BDE6").Bold(true),
	}
}

// RoleKind is the kind of a role, which picks its colour.
type RoleKind int

// The role kinds.
const (
	KindOther RoleKind = iota
	KindLandmark
	KindHeading
	KindControl
	KindText
)

var roleKinds = map[string]RoleKind{
	"banner": KindLandmark, "main": KindLandmark, "navigation": KindLandmark,
	"contentinfo": KindLandmark, "complementary": KindLandmark, "region": KindLandmark,
	"form": KindLandmark, "search": KindLandmark, "dialog": KindLandmark,
	"alertdialog": KindLandmark, "document": KindLandmark, "application": KindLandmark,

	"heading": KindHeading,

	"button": KindControl, "link": KindControl, "textbox": KindControl,
	"searchbox": KindControl, "checkbox": KindControl, "radio": KindControl,
	"combobox": KindControl, "listbox": KindControl, "option": KindControl,
	"menuitem": KindControl, "menuitemcheckbox": KindControl, "menuitemradio": KindControl,
	"slider": KindControl, "spinbutton": KindControl, "switch": KindControl,
	"tab": KindControl, "treeitem": KindControl, "scrollbar": KindControl,

	"text": KindText, "paragraph": KindText, "StaticText": KindText,
}

// KindOf returns the kind of n's role. A role that is not a known control
// but is interactive counts as a control.
func KindOf(n *refs.Node) RoleKind {
	if k, ok := roleKinds[n.Role]; ok {
		return k
	}
	if n.Interactive {
		return KindControl
	}
	return KindOther
}

func (s *TreeStyles) role(k RoleKind) lipgloss.Style {
	switch k {
	case KindLandmark:
		return s.Landmark
	case KindHeading:
		return s.Heading
	case KindControl:
		return s.Control
	case KindText:
		return s.Text
	}
	return s.Other
}
