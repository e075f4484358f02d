package cli

import (
	"bytes"
	"encoding/json"
	"github.com/ariadne-tui/ariadne/refs"
	"testing"
)

// noRawHidden fails t when out holds a hidden character (bidi, zero-width,
// control) raw.
func noRawHidden(t *testing.T, what, out string) {
	t.Helper()
	for i, r := range out {
		if refs.Hidden(r) && r != '\n' {
			t.Fatalf("%s: U+%04X raw at byte %d:\n%s", what, r, i, out[max(0, i-80):min(len(out), i+80)])
		}
	}
}

// FuzzWriteJSON checks the one JSON writer of the commands over any text:
// the output holds no hidden character raw and reads back to the text
// (bytes that are not UTF-8 repaired as encoding/json repairs them).
func FuzzWriteJSON(f *testing.F) {
	for _, s := range []string{"\u202e", "\ufeffBOM", "\x00\x1b[31m\x7f\u0085\u009b", "lone \xed\xa0\x80", "\u200b\u2060\u00ad", "tag\U000e0041", "plain"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, indent := range []bool{false, true} {
			var buf bytes.Buffer
			if err := writeJSON(&buf, map[string]any{"cmd": s, "error": map[string]string{"message": s}, "list": []string{s}}, indent); err != nil {
				t.Fatal(err)
			}
			noRawHidden(t, "writeJSON", buf.String())
			var back struct {
				Cmd   string            `json:"cmd"`
				Error map[string]string `json:"error"`
				List  []string          `json:"list"`
			}
			if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
				t.Fatalf("%s: %v", buf.Bytes(), err)
			}
			var want string
			j, _ := json.Marshal(s)
			_ = json.Unmarshal(j, &want)
			if back.Cmd != want || back.Error["message"] != want || back.List[0] != want {
				t.Fatalf("%q reads back as %q", s, back.Cmd)
			}
		}
	})
}
