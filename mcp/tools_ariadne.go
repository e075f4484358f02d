package mcp

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

type locatorArgs struct {
	Element  string `json:"element,omitempty" jsonschema:"Human-readable element description"`
	Target   string `json:"target" jsonschema:"Exact target element reference from the page snapshot (e12)"`
	Language string `json:"language,omitempty" jsonschema:"Language of the code; default: the server's --lang (javascript)"`
}

type findArgs struct {
	Text     string `json:"text,omitempty" jsonschema:"Plain text to search for in the page snapshot (case-insensitive substring match). Provide either text or regex, not both."`
	Regex    string `json:"regex,omitempty" jsonschema:"Regular expression to search for in the page snapshot; wrap in slashes to add flags, e.g. /error/i"`
	Role     string `json:"role,omitempty" jsonschema:"Ariadne: an ARIA role (button, link, textbox...): the elements getByRole(role, {name}) matches, with Playwright's rules"`
	Name     string `json:"name,omitempty" jsonschema:"Ariadne: with role, the accessible name (case-insensitive substring unless exact)"`
	Exact    bool   `json:"exact,omitempty" jsonschema:"Ariadne: with role and name, match the name exactly"`
	Filename string `json:"filename,omitempty" jsonschema:"Save results to a file instead of returning them in the response"`
}

type diffArgs struct{}

func ariadneTools() []Tool {
	tools := []Tool{
		def("browser_generate_locator", "Generate locator", "Ariadne: the durable Playwright locator of an element, with every candidate of the ladder (test id, role, label, placeholder, alt, title, text, CSS), how many elements each matches and its durability flags", readOnly,
			map[string][]string{"language": {"javascript", "python", "java", "csharp"}}, locatorTool),
		def("browser_find", "Find in page", "Search the page's snapshot for text or a regular expression, or (Ariadne) find the elements of a role and name as getByRole does; answers with their refs, each under its nearest named container", readOnly, nil, findTool),
		def("browser_snapshot_diff", "Snapshot diff", "Ariadne: what changed on the page since the last snapshot or action answer (~ changed, + added, - removed), by ref", readOnly, nil,
			func(ctx context.Context, s *Server, _ diffArgs) (*answer, error) {
				a := &answer{}
				snap, err := s.pageNow(ctx, a)
				if snap == nil {
					return a, err
				}
				changes, ok := s.changesSince(snap)
				if !ok {
					a.say("no earlier snapshot of this tab: here is the whole page")
					if a.snapshot, err = render(snap, view{}); err != nil {
						return nil, err
					}
				} else {
					a.changes = changes
				}
				s.last[snap.Tab] = snap
				return a, nil
			}),
	}
	return append(append(tools, recordTools()...), runTool())
}

func locatorTool(ctx context.Context, s *Server, in locatorArgs) (*answer, error) {
	lang := s.opts.Lang
	if in.Language != "" {
		l, err := refs.ParseLang(in.Language)
		if err != nil {
			return nil, refs.Wrap(refs.CodeBadArgument, err, "language %q: want javascript, python, java or csharp", in.Language)
		}
		lang = l
	}
	el, err := s.sess.Locator(ctx, in.Target)
	if err != nil {
		return nil, err
	}
	if err := el.Err(); err != nil {
		return nil, err
	}
	a := &answer{}
	a.say("%s %s %q", el.Ref, el.Role, refs.EscapeHidden(el.Name))
	a.say("%s", refs.EscapeHidden(el.Best.Locator.Code(lang)))
	var b strings.Builder
	b.WriteString("candidates (rung, matches, code, flags):")
	for _, c := range el.Candidates {
		mark := " "
		if c.Chosen {
			mark = "✓"
		}
		fmt.Fprintf(&b, "\n%s %-11s %3d  %s", mark, c.Rung, c.Matches, refs.EscapeHidden(c.Locator.Code(lang)))
		if len(c.Flags) > 0 {
			fmt.Fprintf(&b, "  [%s]", joinFlags(c.Flags))
		}
	}
	a.result = append(a.result, b.String())
	return a, nil
}

func joinFlags(fl []refs.Flag) string {
	s := make([]string, len(fl))
	for i, f := range fl {
		s[i] = string(f)
	}
	return strings.Join(s, ", ")
}

func findTool(ctx context.Context, s *Server, in findArgs) (*answer, error) {
	var match func(n *refs.Node, line string) bool
	switch {
	case in.Role != "":
		found, err := s.sess.Find(ctx, 0, refs.ByRole(in.Role, in.Name, in.Exact))
		if err != nil {
			return nil, err
		}
		set := map[string]bool{}
		for _, r := range found {
			set[r] = true
		}
		match = func(n *refs.Node, _ string) bool { return set[n.Ref] }
	case in.Text != "" && in.Regex != "":
		return nil, refs.Errorf(refs.CodeBadArgument, "give text or regex, not both")
	case in.Text != "":
		want := strings.ToLower(in.Text)
		match = func(_ *refs.Node, line string) bool { return strings.Contains(strings.ToLower(line), want) }
	case in.Regex != "":
		re, err := compileRegex(in.Regex)
		if err != nil {
			return nil, err
		}
		match = func(_ *refs.Node, line string) bool { return re.MatchString(line) }
	default:
		return nil, refs.Errorf(refs.CodeBadArgument, "give text, regex, or role (and name)")
	}
	snap, err := s.sess.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	var hits []string
	var walk func(n *refs.Node, container string)
	walk = func(n *refs.Node, container string) {
		if n.Ref != "" {
			line := ownLine(n)
			if match(n, line) {
				h := "- " + line
				if container != "" {
					h += "  (in " + container + ")"
				}
				hits = append(hits, h)
			}
			if c := containerOf(n); c != "" {
				container = c
			}
		}
		for _, c := range n.Children {
			if !c.IsText() {
				walk(c, container)
			}
		}
	}
	walk(snap.Root, "")
	a := &answer{url: snap.URL, title: snap.Title}
	a.say("%s", counted(len(hits), "match", "matches"))
	body := strings.Join(hits, "\n")
	if in.Filename != "" {
		path, err := s.write(in.Filename, []byte(body+"\n"))
		if err != nil {
			return nil, err
		}
		a.say("saved them to %s", path)
		return a, nil
	}
	if body != "" {
		a.result = append(a.result, body)
	}
	return a, nil
}

// containerOf describes n as the container of what is found inside it: a
// named element by its name, an unnamed item, row or card by its first
// heading or text; "" for nodes that say nothing.
func containerOf(n *refs.Node) string {
	if n.Name != "" {
		return fmt.Sprintf("%s %q %s", n.Role, clip(n.Name, 40), n.Ref)
	}
	switch n.Role {
	case "article", "listitem", "row", "group", "form", "dialog", "region", "cell":
	default:
		return ""
	}
	label := ""
	n.Walk(func(x *refs.Node, _ int) bool {
		if label != "" {
			return false
		}
		if x != n && (x.Role == "heading" || x.Role == "cell") && x.Name != "" {
			label = x.Name
		} else if x.IsText() && x.Name != "" {
			label = x.Name
		}
		return label == ""
	})
	if label == "" {
		return ""
	}
	return fmt.Sprintf("%s %s with %q", n.Role, n.Ref, clip(label, 40))
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// compileRegex reads a regular expression, /with flags/ or bare.
func compileRegex(src string) (*regexp.Regexp, error) {
	expr := src
	if m := regexp.MustCompile(`^/(.*)/([a-z]*)$`).FindStringSubmatch(src); m != nil {
		expr = m[1]
		flags := strings.Map(func(r rune) rune {
			if strings.ContainsRune("ims", r) {
				return r
			}
			return -1
		}, m[2])
		if flags != "" {
			expr = "(?" + flags + ")" + expr
		}
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, refs.Wrap(refs.CodeBadArgument, err, "regex %q does not compile", src)
	}
	return re, nil
}
