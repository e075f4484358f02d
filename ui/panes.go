package ui

import "strings"

// This file picks what the details pane's place shows: the details, the
// recorded steps, the recording as code or the message log.

// A pane that takes the details pane's place: each has its own key, which
// shows it (whichever other one was shown) and, pressed again, hides it.
type pane int

const (
	paneSteps    pane = iota // the recorded steps (ctrl+s)
	paneCode                 // the recording as code (ctrl+e)
	paneMessages             // the message log
)

// shown reports whether p is the pane on show.
func (m *Model) shown(p pane) bool {
	switch p {
	case paneSteps:
		return m.showSteps && !m.showCode && !m.showMessages
	case paneCode:
		return m.showSteps && m.showCode && !m.showMessages
	}
	return m.showMessages
}

// togglePane shows p in the details pane's place, or hides it when it is
// on show, and says so on the status line.
func (m *Model) togglePane(p pane) {
	names := map[pane]string{paneSteps: "the recorded steps", paneCode: "the recording as code", paneMessages: "the message log"}
	keys := map[pane]string{paneSteps: m.keys.Record.Steps.Help().Key, paneCode: m.keys.Record.Code.Help().Key,
		paneMessages: m.keys.Global.Messages.Help().Key}
	m.sideOff = 0
	if m.shown(p) {
		m.showSteps, m.showCode, m.showMessages = false, false, false
		m.setStatus(statusInfo, "details shown; "+keys[p]+" shows "+names[p]+" again")
		return
	}
	m.showSteps, m.showCode, m.showMessages = p != paneMessages, p == paneCode, p == paneMessages
	m.showDetails = true
	var others []string
	for _, o := range []pane{paneSteps, paneCode, paneMessages} {
		if o != p {
			others = append(others, keys[o]+" "+strings.TrimPrefix(names[o], "the "))
		}
	}
	m.setStatus(statusInfo, names[p]+" shown: "+keys[p]+" hides it; "+strings.Join(others, ", "))
}
