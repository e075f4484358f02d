package ui

import "charm.land/lipgloss/v2"

// paneStyles are the styles of everything around the tree: header, details,
// status line, prompts, pickers and help. The tree's own are TreeStyles.
type paneStyles struct {
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

func defaultPaneStyles(isDark bool) paneStyles {
	c := lipgloss.LightDark(isDark)
	fg := func(light, dark string) lipgloss.Style {
		return lipgloss.NewStyle().Foreground(c(lipgloss.Color(light), lipgloss.Color(dark)))
	}
	dim := fg("#8C8FA1", "#6E738D")
	return paneStyles{
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
