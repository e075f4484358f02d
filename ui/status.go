package ui

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/refs"
)

// statusKind colours the status line.
type statusKind int

const (
	statusInfo statusKind = iota
	statusOK
	statusErr
)

// status is the last thing that happened, in plain words.
type status struct {
	kind statusKind
	text string
}

// setStatus puts a message in the status line and in the message log.
func (m *Model) setStatus(k statusKind, text string) {
	m.status = status{kind: k, text: text}
	m.logStatus(false)
}

// plainCodes says each error code in plain words.
var plainCodes = map[refs.Code]string{
	refs.CodeStaleRef:          "the element is gone (stale ref)",
	refs.CodeUnknownRef:        "no such ref",
	refs.CodeBadRef:            "not a ref",
	refs.CodeClickIntercepted:  "something covers the element",
	refs.CodeNotVisible:        "the element is not visible",
	refs.CodeNotEnabled:        "the element is disabled",
	refs.CodeNotEditable:       "the element does not take text",
	refs.CodeNotASelect:        "the element is not a select",
	refs.CodeOptionNotFound:    "no such option",
	refs.CodeTimeout:           "it took too long",
	refs.CodeNavigationFailed:  "the page did not load",
	refs.CodeBrowserClosed:     "the browser is gone",
	refs.CodeFrameDetached:     "its frame is gone",
	refs.CodeBadURL:            "not a URL Ariadne can open",
	refs.CodeDNS:               "unknown host",
	refs.CodeConnectionRefused: "nothing answers at that address",
	refs.CodeHTTPError:         "the server answered with an error",
	refs.CodeNotHTML:           "not a web page",
	refs.CodeNoBrowser:         "no browser to start",
	refs.CodeNotLocatable:      "no locator for it",
	refs.CodeBadArgument:       "bad input",
	refs.CodeNoTab:             "no such tab",
	refs.CodeNoDialog:          "no dialog is open",
	refs.CodeInternal:          "Ariadne failed",
}

// fail reports that what failed with err: its code in plain words, the code
// itself, and the message, which says what to do next.
func (m *Model) fail(what string, err error) {
	if err == nil {
		return
	}
	var text string
	var re *refs.Error
	switch {
	case errors.As(err, &re):
		words := plainCodes[re.Code]
		if words == "" {
			words = string(re.Code)
		}
		// The whole chain, so that a wrapper's context ("failed at step 3
		// of 7 (click …)") is kept with the cause.
		msg := err.Error()
		if top, ok := err.(*refs.Error); ok {
			msg = refs.MessageOf(top)
		}
		msg = dropTarget(what, msg)
		text = what + ": " + words + " [" + string(re.Code) + "] — " + explorerAdvice(msg, m.keys.Find.JumpToRef.Help().Key)
	case errors.Is(err, context.Canceled):
		text = what + ": cancelled"
	case errors.Is(err, context.DeadlineExceeded):
		text = what + ": it took too long [timeout]"
	default:
		text = what + ": " + err.Error()
	}
	m.setStatus(statusErr, Sanitize(text))
}

// dropTarget drops from msg the URL that what ends with ("open URL"),
// said again at its start ("URL answered HTTP 404 Not Found"), so that
// the error fits on one line: "open URL: … [http_error] — HTTP 404 Not Found".
func dropTarget(what, msg string) string {
	i := strings.LastIndex(what, " ")
	if i < 0 {
		return msg
	}
	rest, ok := strings.CutPrefix(msg, what[i+1:]+" ")
	if !ok {
		return msg
	}
	if a, ok := strings.CutPrefix(rest, "answered "); ok {
		return a
	}
	return rest
}

// explorerAdvice rewords what the browser advises for the command line
// (ariadne run's --force) as what the explorer offers: the explorer has
// no forced click, so the advice is to deal with what is in the way, whose
// ref the message names.
func explorerAdvice(msg, jumpKey string) string {
	for _, r := range []struct{ cli, ui string }{
		{"; close or accept it first, or use --force to click anyway", "; close or accept it first (jump to its ref with " + jumpKey + " and press enter on its close or accept button)"},
		{", or use --force", ""},
	} {
		msg = strings.ReplaceAll(msg, r.cli, r.ui)
	}
	return msg
}

// statusLines renders the status line: one line, or up to statusMaxLines
// when the message does not fit in one (the message log keeps it whole).
func (m *Model) statusLines(width int) []string {
	st, kind := m.status.text, m.status.kind
	if m.notice != "" {
		st, kind = m.notice, m.noticeKind
	}
	return m.renderStatus(kind, st, width)
}

// statusMaxLines is how many lines a long status message may take.
const statusMaxLines = 3

func (m *Model) renderStatus(kind statusKind, text string, width int) []string {
	if text == "" {
		return []string{""}
	}
	st := m.styles.Info
	mark := ""
	switch kind {
	case statusOK:
		st, mark = m.styles.OK, "✓ "
	case statusErr:
		st, mark = m.styles.Err, "✗ "
	}
	lines := wrapLines(mark+text, width, statusMaxLines)
	for i := range lines {
		lines[i] = st.Render(lines[i])
	}
	return lines
}

// wrapLines wraps text to width at spaces where it can (mid-word where a
// word is longer than the width), in at most n lines, the last one ending
// in "…" when text goes on.
func wrapLines(text string, width, n int) []string {
	if ansi.StringWidth(text) <= width {
		return []string{text}
	}
	lines := strings.Split(ansi.Wrap(text, width, " "), "\n")
	if len(lines) > n {
		lines = lines[:n]
		lines[n-1] = ansi.Truncate(lines[n-1], width-1, "") + "…"
	}
	for i := range lines {
		lines[i] = ansi.Truncate(strings.TrimRight(lines[i], " "), width, "…")
	}
	return lines
}

func quote(s string) string { return strconv.Quote(Sanitize(s)) }

func itoa(n int) string { return strconv.Itoa(n) }

// counted is n with the noun that fits it: "1 step", "3 steps".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return itoa(n) + " " + many
}

// noElement says why a key that needs an element has none: n, the
// selected row, is text; or nothing is selected, because the filter
// matches nothing (how to change it) or the page is empty.
func (m *Model) noElement(n *refs.Node) {
	switch {
	case n != nil:
		m.setStatus(statusErr, "the selected row has no ref (it is text); select an element")
	case m.tree.Filter() != "":
		m.setStatus(statusErr, "no match for the filter "+quote(m.tree.Filter())+": "+m.keys.Find.Filter.Help().Key+
			" edits it (role and name, or /regexp/), "+m.keys.Find.ClearFilter.Help().Key+" clears it")
	default:
		m.setStatus(statusErr, "nothing is selected: the page shows no element")
	}
}
