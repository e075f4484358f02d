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

// messagesPane renders the newest messages that fit, oldest first, each
// wrapped to the width: "09:41:07 ✓ done: click e10".
func (m *Model) messagesPane(width, height int) []string {
	s := &m.styles
	head := s.Title.Render("messages") + s.Dim.Render(" ("+itoa(len(m.msgs))+"; "+m.keys.Global.Messages.Help().Key+" closes)")
	lines := []string{ansi.Truncate(head, width, "…")}
	if len(m.msgs) == 0 {
		return append(lines, s.Dim.Render("no messages yet"))
	}
	var body []string
	for i := len(m.msgs) - 1; i >= 0 && len(body) < height-1; i-- {
		e := m.msgs[i]
		mark, st := "  ", s.Info
		switch e.kind {
		case statusOK:
			mark, st = "✓ ", s.OK
		case statusErr:
			mark, st = "✗ ", s.Err
		}
		stamp := e.at.Format("15:04:05") + " "
		wrapped := strings.Split(ansi.Wrap(mark+e.text, max(width-len(stamp), 10), " "), "\n")
		block := make([]string, len(wrapped))
		for j, w := range wrapped {
			pre := strings.Repeat(" ", len(stamp))
			if j == 0 {
				pre = s.Dim.Render(stamp)
			}
			block[j] = ansi.Truncate(pre+st.Render(w), width, "…")
		}
		body = append(block, body...)
	}
	if len(body) > height-1 {
		body = body[len(body)-(height-1):]
	}
	return append(lines, body...)
}
