package commands

import (
	"fmt"
	"strings"
	"unicode"
)

// This file is the syntax of a script line, shared by `ariadne run` and
// the MCP server's browser_run so that quoting means the same in both.

// Word is one word of a script line. Ref is set when the word is a
// variable reference: it starts with a $ that was neither in single
// quotes nor escaped with a backslash, as a shell reads it ($email,
// "$email"); '$10 off' and \$10 are the text itself.
type Word struct {
	Text string
	Ref  bool
}

// SplitWords splits a script line into words the way a POSIX shell does for
// quoting: 'single quotes' keep everything literally, "double quotes" allow
// \" \\ \$ \n \t escapes, a backslash outside quotes escapes the next
// character. A # starts a comment where a word could start.
func SplitWords(line string) ([]Word, error) {
	var words []Word
	var cur strings.Builder
	inWord, ref := false, false
	start := func(dollarRef bool) {
		if !inWord {
			ref = dollarRef
		}
		inWord = true
	}
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			if inWord {
				words = append(words, Word{cur.String(), ref})
				cur.Reset()
				inWord, ref = false, false
			}
		case r == '#' && !inWord:
			return words, nil
		case r == '\'':
			start(false)
			j := i + 1
			for j < len(rs) && rs[j] != '\'' {
				cur.WriteRune(rs[j])
				j++
			}
			if j >= len(rs) {
				return nil, fmt.Errorf("unterminated ' quote")
			}
			i = j
		case r == '"':
			start(i+1 < len(rs) && rs[i+1] == '$')
			j := i + 1
			for ; j < len(rs) && rs[j] != '"'; j++ {
				if rs[j] == '\\' && j+1 < len(rs) {
					j++
					switch rs[j] {
					case 'n':
						cur.WriteRune('\n')
					case 't':
						cur.WriteRune('\t')
					default:
						cur.WriteRune(rs[j])
					}
					continue
				}
				cur.WriteRune(rs[j])
			}
			if j >= len(rs) {
				return nil, fmt.Errorf(`unterminated " quote`)
			}
			i = j
		case r == '\\':
			start(false)
			if i+1 < len(rs) {
				i++
				cur.WriteRune(rs[i])
			}
		default:
			start(r == '$')
			cur.WriteRune(r)
		}
	}
	if inWord {
		words = append(words, Word{cur.String(), ref})
	}
	return words, nil
}

// ExpandWords replaces each variable reference by the ref that find set.
// find's own NAME is a name, not a reference, and is left as it is. A
// reference that is not $NAME, or names a variable never set, is an error
// that says how to write the text itself.
func ExpandWords(ws []Word, vars map[string]string) ([]string, error) {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
		if !w.Ref || (i > 0 && ws[0].Text == "find") {
			continue
		}
		name := w.Text[1:]
		if !validVarName(name) {
			return nil, fmt.Errorf("%s is not a $NAME variable; to mean the text, quote it ('%s') or escape the $ (\\%s)", w.Text, w.Text, w.Text)
		}
		v, ok := vars[name]
		if !ok {
			return nil, fmt.Errorf("%s is not set; set it with find %s ROLE NAME, or write '%s' (single quotes) to mean the text", w.Text, name, w.Text)
		}
		out[i] = v
	}
	return out, nil
}

func validVarName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && r != '-' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}
