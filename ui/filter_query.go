package ui

import (
	"regexp"
	"strings"
)

// filterQuery is the filter as the tree applies it. A node's searchable
// text is its role, name, value and ref, lower-cased, one per line (see
// Tree.buildHay). The filter matches a node when
//
//   - the whole filter is part of one of them ("add to cart", "e12"), or
//   - it has several words, the first starts the node's role and the rest
//     is part of its name, value or ref ("button delete", "text ada@"), or
//   - it is written /regexp/: the regular expression (case-insensitive; ^
//     and $ match at each field's start and end) matches one of them.
type filterQuery struct {
	text   string // as typed
	needle string // lower-cased
	role   string // the first word, for the role form ("" without one)
	rest   string // the other words, lower-cased
	re     *regexp.Regexp
	err    error // why a /regexp/ does not compile
}

func parseFilter(q string) filterQuery {
	f := filterQuery{text: q, needle: strings.ToLower(q)}
	if len(q) >= 2 && strings.HasPrefix(q, "/") && strings.HasSuffix(q, "/") {
		re, err := regexp.Compile("(?im)" + q[1:len(q)-1])
		if err != nil {
			f.err = err
		}
		f.re = re
		return f
	}
	if role, rest, ok := strings.Cut(strings.TrimSpace(f.needle), " "); ok && strings.TrimSpace(rest) != "" {
		f.role, f.rest = role, strings.TrimSpace(rest)
	}
	return f
}

// on reports whether the filter filters anything.
func (f *filterQuery) on() bool { return f.text != "" }

// match reports whether a node's searchable text matches.
func (f *filterQuery) match(hay string) bool {
	switch {
	case f.err != nil:
		return false
	case f.re != nil:
		return f.re.MatchString(hay)
	case strings.Contains(hay, f.needle):
		return true
	case f.role == "":
		return false
	}
	role, rest, _ := strings.Cut(hay, "\n")
	return strings.HasPrefix(role, f.role) && strings.Contains(rest, f.rest)
}
