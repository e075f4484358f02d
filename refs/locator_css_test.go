package refs

import (
	"slices"
	"testing"
)

func TestCSSEscape(t *testing.T) {
	t.Parallel()
	// Expected values are what the browser's CSS.escape returns.
	tests := map[string]string{
		"foo":     "foo",
		"1a":      `\31 a`,
		"-1a":     `-\31 a`,
		"-":       `\-`,
		"--x":     "--x",
		"_x":      "_x",
		"a b":     `a\ b`,
		"a:b":     `a\:b`,
		"a.b#c":   `a\.b\#c`,
		"\x00a":   "\uFFFDa",
		"a\x01":   `a\1 `,
		"a\x7f":   `a\7f `,
		"中文":      "中文",
		":r1:":    `\:r1\:`,
		"é-ü":     "é-ü",
		"a\"'\\b": `a\"\'\\b`,
		"":        "",
	}
	for in, want := range tests {
		if got := CSSEscape(in); got != want {
			t.Errorf("CSSEscape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCSSQuote(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"plain":      `"plain"`,
		`say "hi"`:   `"say \"hi\""`,
		`back\slash`: `"back\\slash"`,
		"two\nlines": `"two\a lines"`,
		"it's":       `"it's"`,
		"nul\x00":    "\"nul\uFFFD\"",
	}
	for in, want := range tests {
		if got := CSSQuote(in); got != want {
			t.Errorf("CSSQuote(%q) = %q, want %q", in, got, want)
		}
	}
}

// The selectors we build must read back to the ids and classes we put in.
func TestCSSTokensRoundTrip(t *testing.T) {
	t.Parallel()
	for _, tn := range trickyNames {
		s := tn.text
		if s == "" || !validUTF8NoNUL(s) {
			continue
		}
		css := "div#" + CSSEscape(s) + "." + CSSEscape(s) + "[id=" + CSSQuote(s) + "]"
		ids, classes, _ := cssTokens(css)
		if !slices.Equal(ids, []string{s, s}) || len(classes) != 1 || classes[0] != s {
			t.Errorf("%s: %q gives ids %q classes %q", tn.name, css, ids, classes)
		}
	}
}

func validUTF8NoNUL(s string) bool {
	for _, r := range s {
		if r == 0 || r == 0xFFFD {
			return false
		}
	}
	return true
}

func TestCSSTokens(t *testing.T) {
	t.Parallel()
	tests := []struct {
		css        string
		ids        []string
		classes    []string
		positional bool
	}{
		{`#main .btn.btn-primary`, []string{"main"}, []string{"btn", "btn-primary"}, false},
		{`ul > li:nth-child(2) a.link`, nil, []string{"link"}, true},
		{`a[href="x.y#z"] .c`, nil, []string{"c"}, false},
		{`#\31 23 .\:r1\:`, []string{"123"}, []string{":r1:"}, false},
		{`[id='a\"b'][class~="one two"]`, []string{`a"b`}, []string{"one", "two"}, false},
		{`li:last-child`, nil, nil, true},
		{`[data-x="#not-an-id .nor-a-class"]`, nil, nil, false},
	}
	for _, tt := range tests {
		ids, classes, pos := cssTokens(tt.css)
		if !slices.Equal(ids, tt.ids) || !slices.Equal(classes, tt.classes) || pos != tt.positional {
			t.Errorf("cssTokens(%q) = %q, %q, %v; want %q, %q, %v", tt.css, ids, classes, pos, tt.ids, tt.classes, tt.positional)
		}
	}
}

func TestCSSDescends(t *testing.T) {
	t.Parallel()
	tests := map[string]bool{
		"button":                          false,
		"#cart":                           false,
		"  li.card  ":                     false,
		`a[href="/a b > c"]`:              false,
		`li:has-text("Blue mug")`:         false,
		`input:not([type=hidden], .x y)`:  false,
		`#\31 st\ field`:                  false,
		"#cart button":                    true,
		"ul>li":                           true,
		"h2 + p":                          true,
		"h2~p":                            true,
		`[data-testid="card"] button.add`: true,
		`#\31 23 > a`:                     true,
	}
	for css, want := range tests {
		if got := cssDescends(css); got != want {
			t.Errorf("cssDescends(%q) = %v, want %v", css, got, want)
		}
	}
}
