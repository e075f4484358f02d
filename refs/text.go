package refs

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// TextOptions controls the ARIA snapshot text rendering.
type TextOptions struct {
	// NoRefs leaves out the [ref=eN] markers, for toMatchAriaSnapshot.
	NoRefs bool
}

// Text renders the tree below root in the ARIA snapshot grammar that
// Playwright's ariaSnapshot() prints and toMatchAriaSnapshot() reads:
//
//   - heading "Sign in" [level=1] [ref=e3]
//   - link "Docs" [ref=e4]:
//   - /url: /docs
//   - paragraph: Some text
//
// The root itself is not printed; its children are the top level. Control
// characters in page text are always escaped, so the output is safe to print
// to a terminal.
func Text(root *Node, opts TextOptions) string {
	var b strings.Builder
	for _, c := range root.Children {
		writeNode(&b, c, 0, opts)
	}
	return b.String()
}

// maxName is the longest name Playwright prints; longer ones are left out.
const maxName = 900

func writeNode(b *strings.Builder, n *Node, depth int, opts TextOptions) {
	ind := strings.Repeat("  ", depth)
	if n.IsText() {
		if n.Name != "" {
			fmt.Fprintf(b, "%s- text: %s\n", ind, yamlValue(n.Name))
		}
		return
	}
	key := yamlKey(nodeKey(n, opts))
	var props [][2]string
	if n.URL != "" && n.Role == "link" {
		props = append(props, [2]string{"url", n.URL})
	}
	// A single text child, or a value with no children, is printed inline.
	text, hasText := "", false
	switch {
	case len(n.Children) == 1 && n.Children[0].IsText():
		text, hasText = n.Children[0].Name, true
	case len(n.Children) == 0 && n.HasValue && n.Value != "" && valueRoles[n.Role]:
		text, hasText = n.Value, true
	}
	switch {
	case !hasText && len(props) == 0 && len(n.Children) == 0:
		fmt.Fprintf(b, "%s- %s\n", ind, key)
	case hasText && len(props) == 0:
		fmt.Fprintf(b, "%s- %s: %s\n", ind, key, yamlValue(text))
	default:
		fmt.Fprintf(b, "%s- %s:\n", ind, key)
		for _, p := range props {
			fmt.Fprintf(b, "%s  - /%s: %s\n", ind, p[0], yamlValue(p[1]))
		}
		if hasText {
			fmt.Fprintf(b, "%s  - text: %s\n", ind, yamlValue(text))
			return
		}
		for _, c := range n.Children {
			writeNode(b, c, depth+1, opts)
		}
	}
}

// valueRoles are the roles whose current value is printed as their text.
var valueRoles = map[string]bool{
	"textbox": true, "searchbox": true, "combobox": true, "spinbutton": true, "slider": true,
}

func nodeKey(n *Node, opts TextOptions) string {
	var b strings.Builder
	b.WriteString(n.Role)
	if n.Name != "" && utf8.RuneCountInString(n.Name) <= maxName {
		b.WriteByte(' ')
		b.WriteString(jsQuote(n.Name))
	}
	switch n.Checked {
	case "mixed":
		b.WriteString(" [checked=mixed]")
	case "true":
		b.WriteString(" [checked]")
	}
	if n.Disabled {
		b.WriteString(" [disabled]")
	}
	if n.Expanded == "true" {
		b.WriteString(" [expanded]")
	}
	if n.Focused {
		b.WriteString(" [active]")
	}
	if n.Invalid {
		b.WriteString(" [invalid]")
	}
	if n.Level > 0 {
		b.WriteString(" [level=" + strconv.Itoa(n.Level) + "]")
	}
	switch n.Pressed {
	case "mixed":
		b.WriteString(" [pressed=mixed]")
	case "true":
		b.WriteString(" [pressed]")
	}
	if n.Selected {
		b.WriteString(" [selected]")
	}
	if n.Ref != "" && !opts.NoRefs {
		b.WriteString(" [ref=" + n.Ref + "]")
	}
	return b.String()
}

// jsQuote quotes s as JavaScript's JSON.stringify does, and in addition
// escapes DEL and the C1 controls (JSON.stringify leaves them raw), so that
// no control character reaches a terminal.
func jsQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || (r >= 0x7f && r <= 0x9f):
			fmt.Fprintf(&b, `\u%04x`, r)
		case r == utf8.RuneError:
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

var (
	reEdgeSpace    = regexp.MustCompile(`^\s|\s$`)
	reControl      = regexp.MustCompile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\u009f]")
	reColonSpace   = regexp.MustCompile(`[\n:](\s|$)`)
	reSpaceHash    = regexp.MustCompile(`\s#`)
	reNewline      = regexp.MustCompile(`[\n\r]`)
	reIndicator    = regexp.MustCompile(`^[&*\],?!>|@"'#%]`)
	reBraceOrTick  = regexp.MustCompile("[{}`]")
	yamlKeywords   = map[string]bool{"y": true, "n": true, "yes": true, "no": true, "true": true, "false": true, "on": true, "off": true, "null": true}
	reJSNumberLike = regexp.MustCompile(`^\s*([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|[+-]?Infinity)?\s*$`)
)

// yamlNeedsQuotes follows Playwright's yamlStringNeedsQuotes.
func yamlNeedsQuotes(s string) bool {
	switch {
	case s == "":
		return true
	case reEdgeSpace.MatchString(s), reControl.MatchString(s), strings.HasPrefix(s, "-"),
		reColonSpace.MatchString(s), reSpaceHash.MatchString(s), reNewline.MatchString(s),
		reIndicator.MatchString(s), reBraceOrTick.MatchString(s), strings.HasPrefix(s, "["):
		return true
	case reJSNumberLike.MatchString(s): // !isNaN(Number(s))
		return true
	case yamlKeywords[strings.ToLower(s)]:
		return true
	}
	return false
}

// yamlKey quotes a key as Playwright's yamlEscapeKeyIfNeeded does. Keys are
// built by nodeKey, which has already escaped every control character.
func yamlKey(s string) string {
	if !yamlNeedsQuotes(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// yamlValue quotes a value as Playwright's yamlEscapeValueIfNeeded does.
func yamlValue(s string) string {
	if !yamlNeedsQuotes(s) {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || (r >= 0x7f && r <= 0x9f):
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
