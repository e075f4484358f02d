package commands

import (
	"slices"
	"strings"
	"testing"
)

func TestSplitWordsAndDollar(t *testing.T) {
	t.Parallel()
	vars := map[string]string{"email": "e3", "go_1": "e9"}
	for _, tc := range []struct {
		line string
		want []string
		err  string // substring of the error, "" for none
	}{
		{`fill $email ada@example.com`, []string{"fill", "e3", "ada@example.com"}, ""},
		{`fill "$email" x`, []string{"fill", "e3", "x"}, ""},
		{`click $go_1`, []string{"click", "e9"}, ""},
		{`fill e8 '$10 off'`, []string{"fill", "e8", "$10 off"}, ""},
		{`fill e8 \$10`, []string{"fill", "e8", "$10"}, ""},
		{`fill e8 "\$10 off"`, []string{"fill", "e8", "$10 off"}, ""},
		{`fill e8 '$email'`, []string{"fill", "e8", "$email"}, ""},
		{`fill e8 price$`, []string{"fill", "e8", "price$"}, ""},
		{`find $email textbox Email`, []string{"find", "$email", "textbox", "Email"}, ""},
		{`find new textbox "$x"`, []string{"find", "new", "textbox", "$x"}, ""},
		{`fill e8 $10`, nil, `quote it ('$10')`},
		{`fill e8 "$10 off"`, nil, `escape the $`},
		{`click $nobody`, nil, "$nobody is not set"},
		{`type e1 "a\"b" 'c d' e\ f # comment`, []string{"type", "e1", `a"b`, "c d", "e f"}, ""},
		{`type e1 "tab\there"`, []string{"type", "e1", "tab\there"}, ""},
	} {
		ws, err := SplitWords(tc.line)
		var got []string
		if err == nil {
			got, err = ExpandWords(ws, vars)
		}
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one saying %q", tc.line, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.line, err)
		case tc.err == "" && !slices.Equal(got, tc.want):
			t.Errorf("%s: %q, want %q", tc.line, got, tc.want)
		}
	}
	for _, line := range []string{`fill e1 'open`, `fill e1 "open`} {
		if _, err := SplitWords(line); err == nil {
			t.Errorf("%s: no error for an unterminated quote", line)
		}
	}
}
