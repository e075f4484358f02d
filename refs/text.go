package refs

import (
	"regexp"
	"strconv"
	"strings"
)

// SecretMask is the value the snapshot shows for a filled password field,
// the same whatever the password (browser/js/world.js writes it): no
// secret and no length reaches a terminal, a log or a recording.
const SecretMask = "[secret]"

// SecretPattern is how Text prints a filled password field's value: a
// regular expression that toMatchAriaSnapshot matches against any
// non-empty value, so an ARIA snapshot assertion over a form replays with
// the real secret.
const SecretPattern = "/.+/"

// TextOptions controls the ARIA snapshot text rendering.
type TextOptions struct {
	// NoRefs renders what Playwright's default ariaSnapshot() renders, for
	// toMatchAriaSnapshot: no [ref=eN] markers and no [active].
	NoRefs bool
	// LeafFrames prints an iframe as Playwright's default ariaSnapshot()
	// does, a leaf "- iframe" without the frame's content, so that
	// toMatchAriaSnapshot accepts the text; otherwise each frame's content
	// is stitched under its iframe, as Playwright's "ai" mode does.
	LeafFrames bool
}

// Text renders the tree below root in the ARIA snapshot grammar that
// Playwright's ariaSnapshot() prints and toMatchAriaSnapshot() reads
// (Playwright's renderAriaSnapshotAsYaml), one line per node:
//
//   - heading "Sign in" [level=1] [ref=e3]
//   - link "Docs" [ref=e4]:
//   - /url: /docs
//   - paragraph: Some text
//
// The root itself is not printed; its children are the top level. Hidden
// characters in page text (controls, bidi and invisible characters) are
// always escaped, so the output is safe to print to a terminal: a name or
// value holding one is written in YAML double quotes with \uXXXX escapes,
// which toMatchAriaSnapshot's YAML parser reads back to the same text
// ("button \"Pay \u202e now\"" for a button named "Pay \u202e now").
func Text(root *Node, opts TextOptions) string {
	var b strings.Builder
	for _, c := range root.Children {
		writeNode(&b, c, 0, opts)
	}
	return b.String()
}

// maxName is the longest name Playwright prints, in UTF-16 code units as
// JavaScript counts; longer names are left out of the key.
const maxName = 900

func writeNode(b *strings.Builder, n *Node, depth int, opts TextOptions) {
	ind := strings.Repeat("  ", depth)
	if n.IsText() {
		if n.Name != "" {
			b.WriteString(ind + "- text: " + yamlValue(n.Name) + "\n")
		}
		return
	}
	key := ind + "- " + yamlKey(nodeKey(n, opts))
	if opts.LeafFrames && n.Role == "iframe" {
		b.WriteString(key + "\n")
		return
	}
	var props [][2]string
	if n.URL != "" || n.HasURL {
		props = append(props, [2]string{"url", n.URL})
	}
	if n.Placeholder != "" {
		props = append(props, [2]string{"placeholder", n.Placeholder})
	}
	// A lone text child is printed after the key.
	text, hasText := "", len(n.Children) == 1 && n.Children[0].IsText()
	if hasText {
		text = n.Children[0].Name
	}
	switch {
	case !hasText && len(props) == 0 && len(n.Children) == 0:
		b.WriteString(key + "\n")
	case hasText && len(props) == 0 && text == SecretMask && n.Value == SecretMask:
		// A filled password: a pattern that Playwright's
		// toMatchAriaSnapshot and Ariadne's replay both accept for any
		// value, which says nothing of the secret or its length.
		b.WriteString(key + ": " + SecretPattern + "\n")
	case hasText && len(props) == 0:
		b.WriteString(key + ": " + yamlValue(text) + "\n")
	default:
		b.WriteString(key + ":\n")
		for _, p := range props {
			b.WriteString(ind + "  - /" + p[0] + ": " + yamlValue(p[1]) + "\n")
		}
		if hasText {
			switch {
			case text == SecretMask && n.Value == SecretMask:
				b.WriteString(ind + "  - text: " + SecretPattern + "\n")
			case text != "":
				b.WriteString(ind + "  - text: " + yamlValue(text) + "\n")
			}
			return
		}
		for _, c := range n.Children {
			writeNode(b, c, depth+1, opts)
		}
	}
}

// utf16Len is len(s) as JavaScript counts it.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

func nodeKey(n *Node, opts TextOptions) string {
	var b strings.Builder
	b.WriteString(n.Role)
	if n.Name != "" && utf16Len(n.Name) <= maxName {
		b.WriteByte(' ')
		if keyNeedsYAMLEscapes(n.Name) {
			b.WriteString(keyName(n.Name))
		} else {
			b.WriteString(jsQuote(n.Name))
		}
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
	if n.Focused && !opts.NoRefs {
		b.WriteString(" [active]")
	}
	switch {
	case n.InvalidKind != "":
		b.WriteString(" [invalid=" + n.InvalidKind + "]")
	case n.Invalid:
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
// escapes every Hidden character (DEL, the C1 controls, bidi and invisible
// characters), which JSON.stringify leaves raw, so that none reaches a
// terminal.
func jsQuote(s string) string { return quoteWith(s, '"', utf16Escapes, Hidden) }

// hasInvisible reports whether s holds a Hidden character that is not a
// control: a bidi or invisible character, which Playwright's YAML quoting
// leaves raw. (Values with controls are quoted as Playwright quotes them.)
func hasInvisible(s string) bool {
	for _, r := range s {
		if r >= 0xa0 && Hidden(r) {
			return true
		}
	}
	return false
}

// keyNeedsYAMLEscapes reports whether a name holds DEL, a C1 control or a
// bidi or invisible character: JSON.stringify leaves these raw, so the
// key is printed in YAML double quotes. (The C0 controls keep the escapes
// Playwright prints.)
func keyNeedsYAMLEscapes(s string) bool {
	for _, r := range s {
		if r >= 0x7f && Hidden(r) {
			return true
		}
	}
	return false
}

// keyName quotes a name that keyNeedsYAMLEscapes for Playwright's
// key parser alone, which reads a backslash as "take the next character"
// (so JSON's \u escapes would not read back): only the quote and the
// backslash are escaped. yamlKey's double quotes then escape the rest.
func keyName(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// jsSpace is JavaScript's \s, which Playwright's regular expressions use:
// wider than Go's ASCII \s.
const jsSpace = `[\t\n\v\f\r \x{00a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`

var (
	reEdgeSpace    = regexp.MustCompile(`^` + jsSpace + `|` + jsSpace + `$`)
	reControl      = regexp.MustCompile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\u009f]")
	reColonSpace   = regexp.MustCompile(`[\n:](` + jsSpace + `|$)`)
	reSpaceHash    = regexp.MustCompile(jsSpace + `#`)
	reNewline      = regexp.MustCompile(`[\n\r]`)
	reIndicator    = regexp.MustCompile(`^[&*\],?!>|@"'#%]`)
	reBraceOrTick  = regexp.MustCompile("[{}`]")
	yamlKeywords   = map[string]bool{"y": true, "n": true, "yes": true, "no": true, "true": true, "false": true, "on": true, "off": true, "null": true}
	reJSNumberLike = regexp.MustCompile(`^` + jsSpace + `*([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|[+-]?Infinity)?` + jsSpace + `*$`)
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
	if keyNeedsYAMLEscapes(s) {
		// Only a name built by keyName holds these characters: YAML's
		// double quotes escape them, and YAML reads the escapes back
		// before Playwright's key parser sees the name.
		return jsQuote(s)
	}
	if !yamlNeedsQuotes(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// yamlValue quotes a value as Playwright's yamlEscapeValueIfNeeded does,
// and also every value with a bidi or invisible character, which it
// writes as a \u escape (Playwright leaves it raw) that YAML's double
// quotes read back.
func yamlValue(s string) string {
	if !yamlNeedsQuotes(s) && !hasInvisible(s) {
		return s
	}
	return quoteWith(s, '"', yamlEscapes, Hidden)
}
