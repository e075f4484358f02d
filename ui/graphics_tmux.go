package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// This file is the preview inside tmux: tmux draws the pane itself and
// drops the image sequences it does not know, unless they come wrapped in
// its passthrough (ESC P tmux; <the sequence, every ESC doubled> ESC \),
// which tmux 3.3 and later forward only with `allow-passthrough on`. The
// outer terminal then draws the image where its own cursor is, so the
// wrapped sequence moves it to the pane's place on the outer screen.
//
// tmux drops a passthrough longer than its input buffer (1 MiB by
// default): a kitty image goes in chunks, each in a passthrough of its
// own, then is placed by a short one (kittyTmux); an iTerm2 image, or a
// sixel one (which tmux draws itself), is made smaller until it fits in
// tmuxMax (previewImage).

// tmuxHint is the status line's advice when tmux drops the images.
const tmuxHint = "inline needs `tmux set -g allow-passthrough on`"

// detectTmux is DetectGraphics inside tmux: the outer terminal from the
// environment the session was started in (KITTY_WINDOW_ID, LC_TERMINAL)
// or from tmux (the client's TERM and, tmux 3.3+, its terminal type), and
// whether tmux lets images through (`show -gv allow-passthrough`: on or
// all; tmux before 3.3 has no such option and always does). A sixel
// terminal is not told apart here: tmux answers the model's query itself,
// with sixel when it draws sixels (tmux 3.4+ built with them).
func detectTmux(getenv func(string) string, tmux func(args ...string) (string, error)) GraphicsSetup {
	if tmux == nil {
		return GraphicsSetup{Tmux: true}
	}
	proto := envProtocol(func(k string) string {
		if k == "TERM" || k == "TERM_PROGRAM" {
			return "" // tmux's own (screen-256color, tmux)
		}
		return getenv(k)
	})
	if proto == "" {
		if out, err := tmux("display-message", "-p", "#{client_termname}\t#{client_termtype}"); err == nil {
			proto = outerProtocol(out)
		}
	}
	g := GraphicsSetup{Tmux: true, Origin: func() (int, int, error) { return tmuxOrigin(tmux) }}
	if proto == "" {
		return g
	}
	out, err := tmux("show-options", "-gv", "allow-passthrough")
	switch v := strings.TrimSpace(out); {
	case err == nil && (v == "on" || v == "all"),
		err != nil && strings.Contains(out, "invalid option"): // tmux < 3.3
		g.Protocol = proto
	default:
		g.Hint = tmuxHint
	}
	return g
}

// outerProtocol is the protocol of tmux's client terminal, from
// "#{client_termname}\t#{client_termtype}".
func outerProtocol(out string) string {
	name, typ, _ := strings.Cut(strings.TrimSpace(out), "\t")
	typ = strings.ToLower(typ)
	switch {
	case name == "xterm-kitty" || strings.HasPrefix(typ, "kitty"):
		return GraphicsKitty
	case strings.HasPrefix(typ, "iterm2") || strings.HasPrefix(typ, "wezterm") || name == "wezterm":
		return GraphicsITerm
	}
	return ""
}

// tmuxOrigin is where the current pane's top-left cell is on the client's
// screen (0-based): the pane's place in the window, below a status line
// drawn at the top.
func tmuxOrigin(tmux func(args ...string) (string, error)) (row, col int, err error) {
	out, err := tmux("display-message", "-p", "#{pane_top} #{pane_left} #{status} #{status-position}")
	if err != nil {
		return 0, 0, fmt.Errorf("asking tmux where the pane is: %w", err)
	}
	var status, pos string
	if _, err := fmt.Sscan(out, &row, &col, &status, &pos); err != nil {
		return 0, 0, fmt.Errorf("reading tmux's pane position %q: %w", strings.TrimSpace(out), err)
	}
	if pos == "top" && status != "off" {
		lines := 1 // "on"
		if n, err := strconv.Atoi(status); err == nil {
			lines = n // 2-5
		}
		row += lines
	}
	return row, col, nil
}

// tmuxMax is the longest sequence sent through tmux, under its 1 MiB
// input buffer.
const tmuxMax = 900 << 10

// kittyTmuxID is the kitty image id of the preview sent through tmux in
// pieces (kittyClear deletes it with the others).
const kittyTmuxID = 7301

// kittyTmux is the kitty image for tmux's passthrough: the PNG data sent
// (a=t, not drawn) in chunks, each in a passthrough of its own, then a
// passthrough that places it in a box of cols×rows cells at the 1-based
// cell row, col of the outer screen.
func kittyTmux(data []byte, cols, rows, row, col int) string {
	var b strings.Builder
	for _, c := range kittyCommands(data, fmt.Sprintf("a=t,f=100,t=d,q=2,i=%d", kittyTmuxID)) {
		b.WriteString(ansi.TmuxPassthrough(c))
	}
	place := fmt.Sprintf("\x1b_Ga=p,i=%d,q=2,C=1,c=%d,r=%d\x1b\\", kittyTmuxID, cols, rows)
	b.WriteString(ansi.TmuxPassthrough(drawAt(place, row, col)))
	return b.String()
}

// placeImage is the sequence that draws an image's seq at the 1-based
// cell row, col of the program's screen: as it is, or inside tmux wrapped
// for its passthrough and moved by the pane's origin on the outer screen.
func placeImage(seq string, row, col int, tmux bool, originRow, originCol int) string {
	if !tmux {
		return drawAt(seq, row, col)
	}
	return ansi.TmuxPassthrough(drawAt(seq, row+originRow, col+originCol))
}
