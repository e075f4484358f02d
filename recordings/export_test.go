package recordings

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestExportGolden writes every fixture in every format and compares it
// with testdata/<fixture><ext>.golden; the file format itself is checked
// the same way (testdata/<fixture>.jsonl.golden).
// Serial: under -update it writes the golden files that parallel tests
// (TestExportFileGolden, TestLoadLimited) read.
func TestExportGolden(t *testing.T) {
	for _, fx := range fixtures() {
		rec := fx.rec(goldenOrigin)
		t.Run(fx.name+"/jsonl", func(t *testing.T) {
			var buf bytes.Buffer
			if err := Encode(&buf, rec); err != nil {
				t.Fatal(err)
			}
			goldenFile(t, fx.name+".jsonl.golden", buf.Bytes())
		})
		for _, f := range Formats() {
			t.Run(fx.name+"/"+f.Name, func(t *testing.T) {
				var buf bytes.Buffer
				if err := Export(f.Name, rec, &buf); err != nil {
					t.Fatal(err)
				}
				goldenFile(t, fx.name+goldenExt(f)+".golden", buf.Bytes())
			})
		}
	}
}

func goldenExt(f Format) string {
	switch f.Name {
	case "devtools-recorder":
		return ".devtools.json"
	case "chromedp":
		return ".chromedp.go"
	}
	return f.Ext
}

func TestExportUnknownFormat(t *testing.T) {
	t.Parallel()
	err := Export("selenium", signinRecording(goldenOrigin), new(bytes.Buffer))
	if !errors.Is(err, ErrUnknownFormat) || !strings.Contains(err.Error(), "playwright-test") {
		t.Fatalf("got %v, want ErrUnknownFormat listing the formats", err)
	}
}

// TestExportNeverWritesSecrets checks that no format writes a secret's
// value, only its name.
func TestExportNeverWritesSecrets(t *testing.T) {
	t.Parallel()
	rec := signinRecording(goldenOrigin)
	for _, f := range Formats() {
		var buf bytes.Buffer
		if err := Export(f.Name, rec, &buf); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), "ARIADNE_SECRET_PASSWORD") {
			t.Errorf("%s: the secret's variable is not named", f.Name)
		}
	}
}

func TestExportErrors(t *testing.T) {
	t.Parallel()
	click := act(Click, tgt(refs.ByRole("button", "Go", false), "button", "Go"))
	inTab := click
	inTab.Tab = 1
	dialog := Step{Kind: Dialog, Dialog: &DialogAnswer{Type: "alert", Accept: true}}
	framed := click
	framed.Frame = refs.Locator{Parts: []refs.Part{{Kind: refs.KindFrame, CSS: "iframe"}}}
	for _, tc := range []struct {
		name    string
		steps   []Step
		formats []string // the formats that must fail; nil means all
		want    string
	}{
		{"unopened tab", []Step{inTab}, nil, "no step before it opened"},
		{"dialog first", []Step{dialog}, nil, "no step before it"},
		{"two dialogs", []Step{click, dialog, dialog}, nil, "second dialog"},
		{"invalid step", []Step{{Kind: Fill}}, nil, "no target"},
		{"no selector", []Step{act(Click, tgt(refs.ByLabel("Go", false), "", ""))}, []string{"devtools-recorder"}, "no DevTools selector"},
		{"frame without path", []Step{framed}, []string{"devtools-recorder"}, "framePath"},
		{"bad key", []Step{{Kind: Press, Key: "Hyper+x"}}, []string{"chromedp"}, "not a modifier"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &Recording{Header: NewHeader("t", ""), Steps: tc.steps}
			for _, f := range Formats() {
				err := Export(f.Name, rec, new(bytes.Buffer))
				mustFail := tc.formats == nil
				for _, n := range tc.formats {
					mustFail = mustFail || n == f.Name
				}
				if !mustFail {
					continue
				}
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("%s: got %v, want an error containing %q", f.Name, err, tc.want)
				}
			}
		})
	}
}

func TestSplitKey(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]string{
		"Enter": "Enter", "Control+a": "Control|a", "Shift++": "Shift|+", "+": "+", "Control+Shift+Tab": "Control|Shift|Tab",
	} {
		if got := strings.Join(splitKey(key), "|"); got != want {
			t.Errorf("splitKey(%q) = %q, want %q", key, got, want)
		}
	}
}

func TestQuote(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, js, py, gostr string }{
		{`it's "x"`, `'it\'s "x"'`, `"it's \"x\""`, `"it's \"x\""`},
		{"a\\b\nc", `'a\\b\nc'`, `"a\\b\nc"`, `"a\\b\nc"`},
		{"\x1b[31m\u202e\u2028", `'\u001b[31m\u202e\u2028'`, `"\u001b[31m\u202e\u2028"`, `"\u001b[31m\u202e\u2028"`},
	} {
		if got := jsString(tc.in); got != tc.js {
			t.Errorf("jsString(%q) = %s, want %s", tc.in, got, tc.js)
		}
		if got := pyString(tc.in); got != tc.py {
			t.Errorf("pyString(%q) = %s, want %s", tc.in, got, tc.py)
		}
		if got := goString(tc.in); got != tc.gostr {
			t.Errorf("goString(%q) = %s, want %s", tc.in, got, tc.gostr)
		}
	}
	if got := jsTemplate("a`b${c}\\"); got != "a\\`b\\${c}\\\\" {
		t.Errorf("jsTemplate = %s", got)
	}
}

func TestCSSAttrRoundTrip(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"plain", `quo"te`, `back\slash`, "new\nline", "tab\tx", ""} {
		sel := cssAttr("data-testid", v)
		name, got, ok := unCSSAttr(sel)
		if !ok || name != "data-testid" || got != v {
			t.Errorf("unCSSAttr(%s) = %q, %q, %v; want data-testid, %q", sel, name, got, ok, v)
		}
	}
}

// TestExportsShowNoHiddenCharacters writes every fixture (the names one
// has bidi, zero-width and C1 characters) in every format and in the file
// format, and checks that no hidden character other than newline and tab
// is written raw.
func TestExportsShowNoHiddenCharacters(t *testing.T) {
	t.Parallel()
	for _, fx := range fixtures() {
		rec := fx.rec(goldenOrigin)
		outs := map[string]*bytes.Buffer{"jsonl": {}}
		if err := Encode(outs["jsonl"], rec); err != nil {
			t.Fatal(err)
		}
		for _, f := range Formats() {
			outs[f.Name] = &bytes.Buffer{}
			if err := Export(f.Name, rec, outs[f.Name]); err != nil {
				t.Fatal(err)
			}
		}
		for name, out := range outs {
			for i, r := range out.String() {
				if refs.Hidden(r) && r != '\n' && r != '\t' {
					t.Errorf("%s as %s: U+%04X raw at byte %d", fx.name, name, r, i)
				}
			}
		}
	}
}
