package ui

import (
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// This file is the message log: every status message of the session with
// its time, shown in place of the details pane (M toggles it).

// logEntry is one status message.
type logEntry struct {
	at   time.Time
	kind statusKind
	text string
}

// logMax is how many messages the log keeps.
const logMax = 1000

// logStatus adds the status message on screen to the log, or, when more
// was added to the same message (relaunch hints), replaces its entry.
func (m *Model) logStatus(extended bool) {
	if m.status.text == "" {
		return
	}
	if extended && len(m.msgs) > 0 {
		m.msgs[len(m.msgs)-1].text = m.status.text
		return
	}
	m.msgs = append(m.msgs, logEntry{at: m.now(), kind: m.status.kind, text: m.status.text})
	if m.showMessages && m.sideOff > 0 {
		// Scrolled back: the lines on show stay on show.
		w, _ := m.sideBox()
		m.sideOff += len(m.entryLines(m.msgs[len(m.msgs)-1], w))
	}
	if len(m.msgs) > logMax {
		m.msgs = m.msgs[len(m.msgs)-logMax:]
	}
}

// appendStatus adds text to the message on screen.
func (m *Model) appendStatus(text string) {
	m.status.text += text
	m.logStatus(true)
}

func (m *Model) now() time.Time {
	if m.opts.Now != nil {
		return m.opts.Now()
	}
	return time.Now()
}

func (m *Model) openMessages() { m.togglePane(paneMessages) }

// messagesPane renders the message log, oldest first, each message
// wrapped to the width at spaces (and after a / in a long path): the
// newest that fit, or, scrolled back (K), older ones.
func (m *Model) messagesPane(width, height int) []string {
	s := &m.styles
	if len(m.msgs) == 0 {
		return []string{ansi.Truncate(s.Title.Render("messages")+s.Dim.Render(" (0; "+m.keys.Global.Messages.Help().Key+" closes)"), width, "…"),
			s.Dim.Render("no messages yet")}
	}
	body := m.messageLines(width)
	shown, start := tailWindow(body, height-1, m.sideOff)
	note := m.scrollNote(start, len(shown), len(body))
	if note != "" {
		note += "; "
	}
	head := s.Title.Render("messages") + s.Dim.Render(" ("+itoa(len(m.msgs))+"; "+note+m.keys.Global.Messages.Help().Key+" closes)")
	return append([]string{ansi.Truncate(head, width, "…")}, shown...)
}

// messageLines is every message of the log wrapped to width, styled:
// "09:41:07 ✓ done: click e10".
func (m *Model) messageLines(width int) []string {
	var body []string
	for _, e := range m.msgs {
		body = append(body, m.entryLines(e, width)...)
	}
	return body
}

// entryLines is one message wrapped to width, its time on the first line.
func (m *Model) entryLines(e logEntry, width int) []string {
	s := &m.styles
	mark, st := "  ", s.Info
	switch e.kind {
	case statusOK:
		mark, st = "✓ ", s.OK
	case statusErr:
		mark, st = "✗ ", s.Err
	}
	stamp := e.at.Format("15:04:05") + " "
	pre := s.Dim.Render(stamp) + st.Render(mark)
	var out []string
	for _, w := range strings.Split(ansi.Wrap(e.text, max(width-len(stamp)-2, 10), " /"), "\n") {
		out = append(out, ansi.Truncate(pre+st.Render(strings.TrimRight(w, " ")), width, "…"))
		pre = strings.Repeat(" ", len(stamp)+2)
	}
	return out
}
