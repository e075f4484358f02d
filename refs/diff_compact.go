package refs

import "strings"

// Compact shortens a diff for a reader who pays per line (the agent
// interface): a removed element is listed by its own line, without the
// subtree that went with it, and a change of focus alone ([active] coming
// or going) is not listed. It lists the same changes as Diff otherwise, in
// the same order; changes is not modified.
func Compact(changes []Change) []Change {
	out := make([]Change, 0, len(changes))
	gone := -1 // depth of the removed element whose subtree is skipped
	for i, c := range changes {
		if gone >= 0 && c.Mark == "-" && c.Depth > gone {
			continue
		}
		gone = -1
		if c.Mark == "-" && c.Ref != "" {
			gone = c.Depth
		}
		if c.Mark == "~" && c.Was != "" && unfocused(c.Was) == unfocused(c.Line) {
			if !textFollows(changes[i+1:], c.Depth) {
				continue
			}
			c.Was = "" // only its text changed, listed below it
		}
		out = append(out, c)
	}
	return out
}

// textFollows reports whether the changes start with a text line of the
// element at depth (the text lines Diff lists under a changed element).
func textFollows(rest []Change, depth int) bool {
	return len(rest) > 0 && rest[0].Ref == "" && rest[0].Depth == depth+1 && rest[0].Mark != "~"
}

func unfocused(line string) string { return strings.Replace(line, " [active]", "", 1) }
