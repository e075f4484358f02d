package recordings

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestExportDevToolsTypingAndPresses: typing into a field is a change step
// with the field's selectors; a press on the field the step before typed
// into is its keys alone, a press on another element a click on it first,
// typing with no target keys alone. The import reads the change back as a
// fill of the field, and its export is the same file.
func TestExportDevToolsTypingAndPresses(t *testing.T) {
	t.Parallel()
	email := tgt(refs.ByLabel("Email", false), "textbox", "Email", refs.ByCSS("#email"))
	search := tgt(refs.ByRole("searchbox", "Search", false), "searchbox", "Search")
	rec := &Recording{Header: header("http://127.0.0.1:1", "typing", "signin.html"), Steps: []Step{
		nav("http://127.0.0.1:1/signin.html"),
		{Kind: Type, Target: email, Text: Plain("ab")},
		{Kind: Press, Target: email, Key: "Enter"},
		{Kind: Press, Target: search, Key: "Escape"},
		{Kind: Type, Text: Plain("c")},
	}}
	var buf bytes.Buffer
	if err := ExportDevTools(rec, &buf); err != nil {
		t.Fatal(err)
	}
	var flow struct {
		Steps []struct {
			Type      string     `json:"type"`
			Selectors [][]string `json:"selectors"`
			Value     string     `json:"value"`
			Key       string     `json:"key"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(buf.Bytes(), &flow); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range flow.Steps {
		g := s.Type
		switch {
		case s.Type == "change":
			g += " " + s.Value + " " + strings.Join(s.Selectors[0], ",")
		case s.Key != "":
			g += " " + s.Key
		case s.Type == "click":
			g += " " + strings.Join(s.Selectors[0], ",")
		}
		got = append(got, g)
	}
	want := []string{"setViewport", "navigate", `change ab aria/Email[role="textbox"]`, "keyDown Enter", "keyUp Enter",
		`click aria/Search[role="searchbox"]`, "keyDown Escape", "keyUp Escape", "keyDown c", "keyUp c"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	back, err := ImportDevTools(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if s := back.Steps[1]; s.Kind != Fill || s.Text.Text != "ab" || s.Target.Locator.IsZero() {
		t.Errorf("the change imports as %+v, want a fill of ab into the field", s)
	}
	var again bytes.Buffer
	if err := ExportDevTools(back, &again); err != nil {
		t.Fatal(err)
	}
	if again.String() != buf.String() {
		t.Errorf("export, import, export differs:\n%s\nfirst:\n%s", again.String(), buf.String())
	}
}
