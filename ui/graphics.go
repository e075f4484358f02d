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

// The image protocols Ariadne speaks (Options.Graphics).
const (
	GraphicsKitty = "kitty" // kitty's graphics protocol (kitty, and terminals that implement it)
	GraphicsITerm = "iterm" // iTerm2's inline images (iTerm2, WezTerm)
)

// DetectGraphics says which image protocol the terminal speaks, from the
// environment (getenv is os.Getenv), without asking the terminal (a query
// would block on terminals that do not answer): kitty for TERM=xterm-kitty
// or KITTY_WINDOW_ID, iTerm2's for TERM_PROGRAM=iTerm.app or WezTerm; ""
// for the others, sixel terminals included (they are told apart only by
// a query). Inside tmux or screen it is "": they swallow graphics unless
// set up to pass them through.
func DetectGraphics(getenv func(string) string) string {
	if getenv("TMUX") != "" || getenv("STY") != "" || strings.HasPrefix(getenv("TERM"), "screen") || strings.HasPrefix(getenv("TERM"), "tmux") {
		return ""
	}
	switch {
	case getenv("TERM") == "xterm-kitty" || getenv("KITTY_WINDOW_ID") != "":
		return GraphicsKitty
	case getenv("TERM_PROGRAM") == "iTerm.app" || getenv("TERM_PROGRAM") == "WezTerm":
		return GraphicsITerm
	}
	return ""
}

// kittyChunk is the most base64 bytes one kitty graphics command carries.
const kittyChunk = 4096

// kittyImage is the kitty graphics commands that draw the PNG data in a
// box of cols×rows cells at the cursor, leaving the cursor where it is:
// the base64 data in chunks of at most 4096 bytes, m=1 on every chunk
// but the last.
func kittyImage(data []byte, cols, rows int) string {
	enc := base64.StdEncoding.EncodeToString(data)
	var b strings.Builder
	for first := true; first || enc != ""; first = false {
		chunk := enc[:min(kittyChunk, len(enc))]
		enc = enc[len(chunk):]
		more := 0
		if enc != "" {
			more = 1
		}
		if first {
			fmt.Fprintf(&b, "\x1b_Ga=T,f=100,t=d,q=2,C=1,c=%d,r=%d,m=%d;%s\x1b\\", cols, rows, more, chunk)
		} else {
			fmt.Fprintf(&b, "\x1b_Gm=%d;%s\x1b\\", more, chunk)
		}
	}
	return b.String()
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
// 1-based terminal cell row, col, and the cursor comes back.
func drawAt(seq string, row, col int) string {
	return "\x1b7" + fmt.Sprintf("\x1b[%d;%dH", row, col) + seq + "\x1b8"
}
