package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// outsideQuotes calls fn with each rune of code that is outside a quoted
// string ('…', "…", `…`, with backslash escapes) and its byte offset.
func outsideQuotes(code string, fn func(i int, r rune)) {
	quote, escaped := rune(0), false
	for i, r := range code {
		switch {
		case escaped:
			escaped = false
		case quote != 0 && r == '\\':
			escaped = true
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"' || r == '`':
			quote = r
		default:
			fn(i, r)
		}
	}
}

// codeWords splits plain code after each space that is outside a quoted
// string, so that wrapping keeps string literals whole where it can:
// getByTestId('product-blue-mug') is one word.
func codeWords(code string) []string {
	var out []string
	start := 0
	outsideQuotes(code, func(i int, r rune) {
		if r == ' ' {
			out = append(out, code[start:i+1])
			start = i + 1
		}
	})
	if start < len(code) {
		out = append(out, code[start:])
	}
	return out
}

// codeBreak is where a too-long word is best cut: after its last space,
// else after its last '.', '(' or ',' outside quotes; 0 for none.
func codeBreak(head string) int {
	if sp := strings.LastIndex(head, " "); sp > 0 {
		return sp + 1
	}
	best := 0
	outsideQuotes(head, func(i int, r rune) {
		if r == '.' || r == '(' || r == ',' {
			best = i + 1
		}
	})
	return best
}

// wrapCode wraps plain code to width at spaces outside string literals;
// a word longer than a line is wrapped at its own spaces, else cut.
func wrapCode(code string, width int) []string {
	return wrapHanging(code, width, 0)
}

// wrapHanging wraps plain text as wrapCode does; lines after the first
// are indented by indent.
func wrapHanging(text string, width, indent int) []string {
	if ansi.StringWidth(text) <= width || width < indent+8 {
		return []string{ansi.Truncate(text, width, "…")}
	}
	var out []string
	pad := strings.Repeat(" ", indent)
	line := ""
	flush := func() {
		out = append(out, strings.TrimRight(line, " "))
		line = pad
	}
	for _, word := range codeWords(text) {
		for ansi.StringWidth(line)+ansi.StringWidth(strings.TrimRight(word, " ")) > width {
			if strings.TrimSpace(line) != "" && indent+ansi.StringWidth(strings.TrimRight(word, " ")) <= width {
				flush() // the word fits on a line of its own
				continue
			}
			// Longer than a line: break it at a space inside it if one
			// fits, else cut it at the width.
			room := width - ansi.StringWidth(line)
			head := ansi.Truncate(word, room, "")
			if cut := codeBreak(head); cut > 0 {
				head = head[:cut]
			}
			line += head
			word = word[len(head):]
			flush()
		}
		line += word
	}
	if strings.TrimSpace(line) != "" {
		out = append(out, strings.TrimRight(line, " "))
	}
	return out
}
