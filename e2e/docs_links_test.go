package e2e

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

var (
	// mdLink is a Markdown link or image: [text](target) or ![alt](target).
	mdLink = regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)\)`)
	// codeSpan is inline code, whose brackets are not links.
	codeSpan = regexp.MustCompile("`+[^`]*`+")
	// scheme starts an absolute URL (https:, mailto:), not checked here.
	scheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// TestDocsLinks checks that every relative link in README.md and docs/
// points to a file or directory that exists, and every #anchor to a
// heading of the Markdown page it names (as GitHub makes anchors).
func TestDocsLinks(t *testing.T) {
	t.Parallel()
	pages := docPages(t)
	checked := 0
	for _, name := range sortedNames(pages) {
		for _, l := range pageLinks(pages[name]) {
			if scheme.MatchString(l.target) {
				continue
			}
			checked++
			file, anchor, _ := strings.Cut(l.target, "#")
			target := name
			if file != "" {
				target = path.Clean(path.Join(path.Dir(name), file))
				if strings.HasPrefix(target, "../") {
					t.Errorf("%s:%d: %s leaves the repository", name, l.line, l.target)
					continue
				}
				if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(target))); err != nil {
					t.Errorf("%s:%d: %s: no such file", name, l.line, l.target)
					continue
				}
			}
			if anchor == "" {
				continue
			}
			text, ok := pages[target]
			if !ok {
				if !strings.HasSuffix(target, ".md") {
					t.Errorf("%s:%d: %s: an anchor into a file that is not Markdown", name, l.line, l.target)
					continue
				}
				b, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(target)))
				if err != nil {
					t.Errorf("%s:%d: %s: %v", name, l.line, l.target, err)
					continue
				}
				text = string(b)
			}
			if anchors := headingAnchors(text); !anchors[anchor] {
				t.Errorf("%s:%d: %s: %s has no heading with anchor #%s", name, l.line, l.target, target, anchor)
			}
		}
	}
	if checked < 20 {
		t.Errorf("checked %d relative links in the docs; the parser or the docs changed", checked)
	}
}

type pageLink struct {
	line   int
	target string
}

// pageLinks returns the links of a Markdown page outside code blocks and
// code spans.
func pageLinks(page string) []pageLink {
	var out []pageLink
	fenced := false
	for i, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		for _, m := range mdLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(line, "``"), -1) {
			out = append(out, pageLink{line: i + 1, target: m[1]})
		}
	}
	return out
}

// headingAnchors returns the anchors GitHub gives a page's headings: the
// text lower-cased, punctuation other than - and _ dropped, spaces turned
// into -, and -1, -2 ... after repeats.
func headingAnchors(page string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimLeft(line, "#")
		if !strings.HasPrefix(text, " ") {
			continue
		}
		slug := anchorOf(strings.TrimSpace(text))
		if n := seen[slug]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			anchors[slug] = true
		}
		seen[slug]++
	}
	return anchors
}

func anchorOf(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// The anchors are GitHub's, and links in code are not links.
func TestDocsLinkParsing(t *testing.T) {
	t.Parallel()
	for heading, want := range map[string]string{
		"Replaying: `ariadne replay`":                "replaying-ariadne-replay",
		"Recording a script: `ariadne run --record`": "recording-a-script-ariadne-run---record",
		"Live follow and `snapshot --diff`":          "live-follow-and-snapshot---diff",
		"One keypress: `enter` on a button":          "one-keypress-enter-on-a-button",
	} {
		if got := anchorOf(heading); got != want {
			t.Errorf("anchor of %q: %q, want %q", heading, got, want)
		}
	}
	anchors := headingAnchors("# A\n## Notes\n```\n## Not a heading\n```\n### Notes\n")
	for _, a := range []string{"a", "notes", "notes-1"} {
		if !anchors[a] {
			t.Errorf("no anchor #%s in %v", a, anchors)
		}
	}
	if anchors["not-a-heading"] {
		t.Error("a heading inside a code block made an anchor")
	}
	links := pageLinks("See [a](a.md) and `[b](b.md)`.\n```\n[c](c.md)\n```\n- [d](d.md#x), [e](https://e.org)")
	var got []string
	for _, l := range links {
		got = append(got, l.target)
	}
	if want := []string{"a.md", "d.md#x", "https://e.org"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("links %q, want %q", got, want)
	}
}
