package ui

import (
	tea "charm.land/bubbletea/v2"
)

// This file handles the mouse: a click selects a tree row (on its fold
// arrow it folds or unfolds it), the wheel scrolls the tree. The keyboard
// stays the primary way; overlays take no mouse input.

// wheelStep is how many rows one wheel notch scrolls.
const wheelStep = 3

// treeBox returns the tree's place on screen: it starts at column 0 of
// line 1 (below the header) and is w columns wide and h lines high.
func (m *Model) treeBox() (w, h int) {
	bodyH := m.bodyHeight()
	switch {
	case !m.showDetails || bodyH < 8:
		return m.width, bodyH
	case m.width >= wideAt:
		return m.width * 11 / 20, bodyH
	}
	detH := min(10, bodyH/2)
	return m.width, bodyH - detH - 1
}

func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	if m.over != overlayNone {
		return nil
	}
	ms := msg.Mouse()
	w, h := m.treeBox()
	if wheel, ok := msg.(tea.MouseWheelMsg); ok && m.showDetails && ms.Y >= 1 && ms.Y <= m.bodyHeight() && (ms.X > w+1 || ms.Y > h+1) {
		m.wheelDetails(wheel.Button)
		return nil
	}
	if ms.X < 0 || ms.X >= w || ms.Y < 1 || ms.Y > h {
		return nil
	}
	t := m.tree
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			t.Scroll(-wheelStep)
		case tea.MouseWheelDown:
			t.Scroll(wheelStep)
		default:
			return nil
		}
	case tea.MouseClickMsg:
		if msg.Button != tea.MouseLeft {
			return nil
		}
		i := t.Offset() + ms.Y - 1
		if i >= t.Len() {
			return nil
		}
		m.notice = ""
		r := t.Rows()[i]
		t.Move(i - t.Cursor())
		if arrow := 1 + min(r.Depth*2, w/2); r.HasChildren && ms.X >= arrow && ms.X <= arrow+1 {
			t.ToggleFold()
		}
	default:
		return nil
	}
	return m.selectionMoved(false)
}

// wheelDetails scrolls what the details pane's place shows, as J and K do.
func (m *Model) wheelDetails(b tea.MouseButton) {
	delta := 0
	switch b {
	case tea.MouseWheelUp:
		delta = -wheelStep
	case tea.MouseWheelDown:
		delta = wheelStep
	default:
		return
	}
	if !m.scrollSide(delta) {
		m.detOff = min(max(m.detOff+delta, 0), 200)
	}
}
