package ui

// This file scrolls the panes that take the details pane's place (the
// message log, the steps, the code view): they show their end, where the
// newest lines are, and the details' scroll keys (J/K) move them back and
// forth; their long lines wrap as the details pane's do.

// scrollStep is how many lines one press of a scroll key moves a pane;
// Model.sideOff is how far a side pane is scrolled back from its end (0
// shows the end), reset when another pane is shown.
const scrollStep = 3

// bodyHeight is the height of the body: the screen without the header,
// the status line (or prompt) and the key help.
func (m *Model) bodyHeight() int {
	bottom := len(m.statusLines(m.width)) + 1
	if m.over == overlayPrompt {
		bottom = len(m.promptLines(m.width)) + 1
	}
	return m.height - 1 - bottom
}

// sideBox returns the size of the details pane's place, as body lays it
// out.
func (m *Model) sideBox() (w, h int) {
	bodyH := m.bodyHeight()
	if m.width >= wideAt {
		return m.width - m.width*11/20 - 3, bodyH
	}
	return m.width, min(10, bodyH/2)
}

// sideBody returns the scrollable lines of the side pane on show at
// width, and how many lines above them its header takes; ok is false when
// the details are on show.
func (m *Model) sideBody(width int) (body []string, head int, ok bool) {
	switch {
	case m.showMessages:
		return m.messageLines(width), 1, true
	case m.showSteps && m.showCode:
		if m.code.err != nil {
			return nil, 1, true
		}
		return m.codeLines(width), 1, true
	case m.showSteps:
		return m.stepLines(width), m.stepsHead(), true
	}
	return nil, 0, false
}

// scrollSide scrolls the side pane on show by delta lines towards its end
// (negative: back), within its lines; false when the details are on show.
func (m *Model) scrollSide(delta int) bool {
	w, h := m.sideBox()
	body, head, ok := m.sideBody(w)
	if !ok {
		return false
	}
	m.sideOff = min(max(m.sideOff-delta, 0), max(len(body)-(h-head), 0))
	return true
}

// tailWindow returns the room lines of body that end off lines before its
// end (off kept within body), and where they start.
func tailWindow(body []string, room, off int) ([]string, int) {
	room = max(room, 0)
	off = min(max(off, 0), max(len(body)-room, 0))
	end := len(body) - off
	start := max(end-room, 0)
	return body[start:end], start
}

// scrollNote is a pane header's note of the lines shown when not all of
// them fit: "lines 4–12/30, J/K scroll".
func (m *Model) scrollNote(start, shown, total int) string {
	if shown >= total {
		return ""
	}
	return "lines " + itoa(start+1) + "–" + itoa(start+shown) + "/" + itoa(total) + ", " +
		m.keys.Global.DetailsDown.Help().Key + "/" + m.keys.Global.DetailsUp.Help().Key + " scroll"
}

// noteAfter is " · "+note, or "" for no note.
func noteAfter(note string) string {
	if note == "" {
		return ""
	}
	return " · " + note
}
