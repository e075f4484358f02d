package cli

import (
	"os"
	"strings"
)

// mistypedCommand returns a bad_argument error when arg, the first word of
// the command line, is not a URL or a file but is a few keystrokes away
// from a command ("replya", "snapshto"); nil when arg may be a URL to open.
// A word with a dot, a scheme, a colon (a port) or a slash, localhost, or
// the name of an existing file is a URL or a path, never a typo.
func mistypedCommand(arg string) error {
	if arg == "" || strings.HasPrefix(arg, "-") || strings.ContainsAny(arg, ".:/\\") ||
		strings.EqualFold(arg, "localhost") {
		return nil
	}
	if _, err := os.Stat(arg); err == nil {
		return nil
	}
	best, bestDist := "", -1
	var names []string
	for _, c := range subcommands() {
		names = append(names, c.name)
		d := editDistance(strings.ToLower(arg), c.name)
		if d <= typoLimit(c.name) && (bestDist < 0 || d < bestDist) {
			best, bestDist = c.name, d
		}
	}
	if best == "" {
		return nil
	}
	return usagef("unknown command %q (did you mean %q?); the commands are %s; to open a page, give its URL (example.com, http://host:port/)",
		arg, best, strings.Join(names, ", "))
}

// typoLimit is how many edits still read as a mistyped name: one for a
// short name (run, mcp, tui), two for longer ones.
func typoLimit(name string) int {
	if len(name) <= 4 {
		return 1
	}
	return 2
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of two neighbours each
// count one.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
