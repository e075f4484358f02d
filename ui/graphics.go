package ui

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/png"
	"strings"
)

// This file draws images in terminals that have an image protocol: which
// one the terminal speaks (DetectGraphics) and the escape sequences that
// draw a PNG in a box of cells and clear it. The preview overlay
// (preview_inline.go) prints them with tea.Raw.

// The image protocols Ariadne speaks (GraphicsSetup.Protocol).
const (
	GraphicsKitty = "kitty" // kitty's graphics protocol (kitty, and terminals that implement it)
	GraphicsITerm = "iterm" // iTerm2's inline images (iTerm2, WezTerm)
	GraphicsSixel = "sixel" // DEC sixels (foot, xterm -ti vt340, mlterm, Windows Terminal, tmux built with sixel…)
)

// GraphicsSetup is how the terminal draws images (Options.Graphics), as
// DetectGraphics finds it before the program starts; the terminal's reply
// to a Primary Device Attributes query may then add sixel (the model asks
// when Protocol is "").
type GraphicsSetup struct {
	// Protocol is the image protocol, "" for none known (the preview is
	// saved to a file only).
	Protocol string
	// Tmux: the program runs in tmux, which passes the sequences to the
	// outer terminal wrapped (tmuxPassthrough) and drawn at the pane's
	// place on the outer screen (Origin).
	Tmux bool
	// Origin, inside tmux, says where the pane's top-left cell is on the
	// outer terminal (0-based); it runs tmux, so only in a Cmd.
	Origin func() (row, col int, err error)
	// Hint is for the status line when the terminal could draw images but
	// is not set up to: what to do (tmux without allow-passthrough).
	Hint string
}

// DetectGraphics says which image protocol the terminal speaks, from the
// environment (getenv is os.Getenv), without asking the terminal (a query
// would block on terminals that do not answer; the model asks for sixel
// with a query whose reply comes as a message): kitty for
// TERM=xterm-kitty or KITTY_WINDOW_ID, iTerm2's for TERM_PROGRAM=iTerm.app
// or WezTerm (or LC_TERMINAL=iTerm2, which iTerm2 sends through ssh and
// tmux). Inside tmux (TMUX set) it asks tmux with the tmux function
// (graphics_tmux.go): the outer terminal and whether allow-passthrough
// lets the images through. Inside GNU screen it is none: screen cuts long
// sequences; so is a TERM of screen or tmux without TMUX (ssh from a tmux
// pane, LC_TERMINAL forwarded): a multiplexer is in the way, and not ours
// to ask.
func DetectGraphics(getenv func(string) string, tmux func(args ...string) (string, error)) GraphicsSetup {
	term := getenv("TERM")
	if getenv("STY") != "" || (strings.HasPrefix(term, "screen") || strings.HasPrefix(term, "tmux")) && getenv("TMUX") == "" {
		return GraphicsSetup{}
	}
	if getenv("TMUX") != "" {
		return detectTmux(getenv, tmux)
	}
	return GraphicsSetup{Protocol: envProtocol(getenv)}
}

// envProtocol is the protocol the environment names, or "".
func envProtocol(getenv func(string) string) string {
	switch {
	case getenv("TERM") == "xterm-kitty" || getenv("KITTY_WINDOW_ID") != "":
		return GraphicsKitty
	case getenv("TERM_PROGRAM") == "iTerm.app" || getenv("TERM_PROGRAM") == "WezTerm" || getenv("LC_TERMINAL") == "iTerm2":
		return GraphicsITerm
	}
	return ""
}

// kittyChunk is the most base64 bytes one kitty graphics command carries.
const kittyChunk = 4096

// kittyImage is the kitty graphics commands that draw the PNG data in a
// box of cols×rows cells at the cursor, leaving the cursor where it is.
func kittyImage(data []byte, cols, rows int) string {
	return strings.Join(kittyCommands(data, fmt.Sprintf("a=T,f=100,t=d,q=2,C=1,c=%d,r=%d", cols, rows)), "")
}

// kittyCommands is the kitty graphics commands that send the PNG data,
// the first with the keys given: the base64 data in chunks of at most
// 4096 bytes, m=1 on every chunk but the last.
func kittyCommands(data []byte, keys string) []string {
	enc := base64.StdEncoding.EncodeToString(data)
	var out []string
	for first := true; first || enc != ""; first = false {
		chunk := enc[:min(kittyChunk, len(enc))]
		enc = enc[len(chunk):]
		more := 0
		if enc != "" {
			more = 1
		}
		if first {
			out = append(out, fmt.Sprintf("\x1b_G%s,m=%d;%s\x1b\\", keys, more, chunk))
		} else {
			out = append(out, fmt.Sprintf("\x1b_Gm=%d;%s\x1b\\", more, chunk))
		}
	}
	return out
}

// kittyClear deletes every image kitty shows, and frees their data.
const kittyClear = "\x1b_Ga=d,d=A,q=2\x1b\\"

// itermImage is the iTerm2 inline image (OSC 1337 File) that draws the
// PNG data in a box of cols×rows cells at the cursor.
func itermImage(data []byte, cols, rows int) string {
	return fmt.Sprintf("\x1b]1337;File=inline=1;size=%d;width=%d;height=%d;preserveAspectRatio=1;doNotMoveCursor=1:%s\a",
		len(data), cols, rows, base64.StdEncoding.EncodeToString(data))
}

// fitCells is the box of at most maxCols×maxRows cells that an image of
// w×h pixels fills keeping its shape, a cell being about twice as tall as
// wide.
func fitCells(w, h, maxCols, maxRows int) (cols, rows int) {
	if w <= 0 || h <= 0 || maxCols <= 0 || maxRows <= 0 {
		return 0, 0
	}
	cols, rows = maxCols, maxCols*h/(2*w)
	if rows > maxRows {
		cols, rows = maxRows*2*w/h, maxRows
	}
	return max(cols, 1), max(rows, 1)
}

// pngSize reads the width and height of a PNG.
func pngSize(data []byte) (w, h int, err error) {
	c, err := png.DecodeConfig(bytes.NewReader(data))
	return c.Width, c.Height, err
}

// drawAt wraps the sequence that draws an image so that it draws at the
// 1-based terminal cell row, col, and the cursor comes back (DECSC, CUP,
// the image, DECRC).
func drawAt(seq string, row, col int) string {
	return "\x1b7" + fmt.Sprintf("\x1b[%d;%dH", row, col) + seq + "\x1b8"
}
