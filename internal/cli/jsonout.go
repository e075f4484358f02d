package cli

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/ariadne-tui/ariadne/refs"
)

// writeJSON writes v as JSON followed by a newline, indented by two spaces
// if indent, without escaping <, > and &, and with every character that
// refs.Hidden names (bidi controls, invisible characters, C0, DEL, C1)
// written as a \u escape: page text never reaches a terminal or a pipe raw.
// Every JSON output of the commands goes through it.
func writeJSON(w io.Writer, v any, indent bool) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(refs.EscapeJSON(buf.Bytes()))
	return err
}
