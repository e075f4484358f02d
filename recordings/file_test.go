package recordings

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

func newRecordingFile(t *testing.T) (*Writer, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rec.jsonl")
	w, err := Create(path, header(goldenOrigin, "t", "form.html"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w, path
}

func mustLoad(t *testing.T, path string) (*Recording, []LoadProblem) {
	t.Helper()
	rec, problems, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return rec, problems
}

func TestWriterAppendLoad(t *testing.T) {
	t.Parallel()
	w, path := newRecordingFile(t)
	want := signinRecording(goldenOrigin)
	for _, s := range want.Steps {
		if err := w.Append(s); err != nil {
			t.Fatal(err)
		}
	}
	got, problems := mustLoad(t, path)
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	want.Title = "t"
	if !reflect.DeepEqual(got, want) {
		t.Errorf("loaded\n%+v\nwant\n%+v", got, want)
	}
	if !reflect.DeepEqual(w.Recording(), want) {
		t.Errorf("Writer.Recording() differs from what was written")
	}
	if _, err := Create(path, NewHeader("again", "")); !errors.Is(err, os.ErrExist) {
		t.Errorf("Create over an existing recording: got %v, want os.ErrExist", err)
	}
	if err := w.Append(Step{Kind: "teleport"}); !errors.Is(err, ErrInvalidStep) {
		t.Errorf("Append of an invalid step: got %v, want ErrInvalidStep", err)
	}
}

func TestLoadKeepsGoodLines(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "rec.jsonl")
	content := `{"format":"ariadne-recording","version":1,"title":"t"}
{"kind":"navigate","url":"http://x/"}
{"kind":"click","target":{"locator":{"parts":[{"kind":"css","css":"#a"}]}}}
not json at all

{"kind":"teleport"}
{"kind":"fill"}
{"kind":"fill","target":{"locator":{"parts":[{"kind":"css","css":"#b"}]}},"text":{"secret":"not an env name"}}
{"kind":"click","target":{"locator":{"parts":[{"kind":"css","css":"#c"}]}}}
{"kind":"fill","target":{"locator":{"pa`
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	rec, problems := mustLoad(t, path)
	if len(rec.Steps) != 3 || rec.Steps[2].Target.Locator.Parts[0].CSS != "#c" {
		t.Errorf("kept %d steps, want navigate, click #a, click #c: %+v", len(rec.Steps), rec.Steps)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.Error())
	}
	want := []string{
		"line 4: invalid character 'o' in literal null (expecting 'u')",
		`line 6: invalid step: unknown kind "teleport"`,
		"line 7: invalid step: fill: no target locator",
		`line 8: secret name "not an env name" is not an environment variable name (A-Z, 0-9, _)`,
		"line 10: unexpected end of JSON input",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestLoadBadHeader(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, content, want string }{
		{"empty", "", "the file is empty"},
		{"blank lines", "\n\n", "the file is empty"},
		{"not json", "hello\n", "line 1: header"},
		{"truncated header", `{"format":"ariadne-rec`, "line 1: header: unexpected end of JSON input"},
		{"other format", `{"format":"har","version":1}`, `format is "har", want "ariadne-recording"`},
		{"no format", `{"kind":"click"}`, `format is "", want "ariadne-recording"`},
		{"newer", `{"format":"ariadne-recording","version":2}`, "format version 2 is newer than this Ariadne reads (1): upgrade Ariadne"},
		{"no version", `{"format":"ariadne-recording"}`, "format version 0 is not a version"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "rec.jsonl")
			if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			_, _, err := Load(path)
			if !errors.Is(err, ErrNotRecording) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want ErrNotRecording saying %q", err, tc.want)
			}
		})
	}
	if _, _, err := Load(filepath.Join(t.TempDir(), "missing.jsonl")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: got %v, want os.ErrNotExist", err)
	}
}

func TestWriterDeleteLastAndSaveAs(t *testing.T) {
	t.Parallel()
	w, path := newRecordingFile(t)
	steps := signinRecording(goldenOrigin).Steps[:4]
	for _, s := range steps {
		if err := w.Append(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.DeleteLast(); err != nil {
		t.Fatal(err)
	}
	if err := w.Append(steps[3]); err != nil { // appends to the rewritten file
		t.Fatal(err)
	}
	if err := w.DeleteLast(); err != nil {
		t.Fatal(err)
	}
	rec, problems := mustLoad(t, path)
	if len(problems) > 0 || !reflect.DeepEqual(rec.Steps, steps[:3]) {
		t.Fatalf("after DeleteLast: %d steps, problems %v", len(rec.Steps), problems)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left beside the recording: %v", entries)
	}

	other := filepath.Join(t.TempDir(), "copy.jsonl")
	if err := w.SaveAs(other); err != nil {
		t.Fatal(err)
	}
	if err := w.Append(steps[3]); err != nil {
		t.Fatal(err)
	}
	if w.Path() != other {
		t.Errorf("Path() = %s after SaveAs, want %s", w.Path(), other)
	}
	old, _ := mustLoad(t, path)
	saved, _ := mustLoad(t, other)
	if len(old.Steps) != 3 || !reflect.DeepEqual(saved.Steps, steps) {
		t.Errorf("after SaveAs and Append: old file has %d steps (want 3), new has %d (want 4)", len(old.Steps), len(saved.Steps))
	}
	for range 3 {
		if err := w.DeleteLast(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.DeleteLast(); err != nil {
		t.Fatal(err)
	}
	if err := w.DeleteLast(); err == nil {
		t.Error("DeleteLast on an empty recording succeeded")
	}
}

func TestWriterAddCollapses(t *testing.T) {
	t.Parallel()
	w, path := newRecordingFile(t)
	email := tgt(refs.ByLabel("Email", false), "textbox", "Email")
	for _, s := range []Step{
		nav(goldenOrigin + "/form.html"),
		act(Click, email),
		{Kind: Type, Target: email, Text: Plain("a")},
		{Kind: Press, Target: email, Key: "d"},
		{Kind: Press, Target: email, Key: "a"},
	} {
		if err := w.Add(s); err != nil {
			t.Fatal(err)
		}
	}
	rec, _ := mustLoad(t, path)
	want := []Step{nav(goldenOrigin + "/form.html"), fill(email, Plain("ada"))}
	if !reflect.DeepEqual(rec.Steps, want) {
		t.Errorf("file holds %+v, want %+v", rec.Steps, want)
	}
}

func TestValueJSON(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v    Value
		json string
	}{
		{Plain("hi"), `"hi"`},
		{Plain(""), `""`},
		{Plain(`{"secret":"X"}`), `"{\"secret\":\"X\"}"`},
		{SecretValue("ARIADNE_SECRET_PASSWORD"), `{"secret":"ARIADNE_SECRET_PASSWORD"}`},
	} {
		b, err := tc.v.MarshalJSON()
		if err != nil || string(b) != tc.json {
			t.Errorf("marshal %+v = %s, %v; want %s", tc.v, b, err, tc.json)
		}
		var back Value
		if err := back.UnmarshalJSON([]byte(tc.json)); err != nil || back != tc.v {
			t.Errorf("unmarshal %s = %+v, %v; want %+v", tc.json, back, err, tc.v)
		}
	}
	var v Value
	if err := v.UnmarshalJSON([]byte(`{"secret":"lower"}`)); err == nil {
		t.Error("a secret name that is not an environment variable name was accepted")
	}
	if err := v.UnmarshalJSON([]byte(`42`)); err == nil {
		t.Error("a number was accepted as a value")
	}
}

func TestEncodeOmitsEmptyFields(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	rec := &Recording{Header: Header{Title: "x"}, Steps: []Step{nav("http://x/")}}
	if err := Encode(&buf, rec); err != nil {
		t.Fatal(err)
	}
	want := `{"format":"ariadne-recording","version":1,"title":"x"}
{"kind":"navigate","url":"http://x/"}
`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

// TestLoadWithBOM loads a recording and imports a DevTools recording that
// start with a UTF-8 BOM, as some editors save files.
func TestLoadWithBOM(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := Encode(&buf, &Recording{Header: Header{Title: "bom"}, Steps: []Step{{Kind: Navigate, URL: "http://127.0.0.1:1/"}}}); err != nil {
		t.Fatal(err)
	}
	rec, problems, err := Decode(strings.NewReader("\ufeff" + buf.String()))
	if err != nil || len(problems) > 0 || rec.Title != "bom" || len(rec.Steps) != 1 {
		t.Fatalf("Decode with a BOM: %+v, %v, %v", rec, problems, err)
	}
	dt, err := ImportDevTools(strings.NewReader("\ufeff" + `{"title":"bom","steps":[{"type":"navigate","url":"http://127.0.0.1:1/"}]}`))
	if err != nil || dt.Title != "bom" || len(dt.Steps) != 1 {
		t.Fatalf("ImportDevTools with a BOM: %+v, %v", dt, err)
	}
}
