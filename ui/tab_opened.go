package ui

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/browser"
)

// A tab an agent or a page opens is announced on the status line. Chrome
// creates it blank and gives it its URL a moment later, so a blank
// announcement is completed once the tab has one.

// tabNamedMsg is a new tab's index, URL and title, read after it opened.
type tabNamedMsg struct {
	bgen      int
	announced string // the status text it completes
	tab       browser.TabInfo
	found     bool
}

// tabOpenedText is the announcement of a new tab; url "" is not known yet.
func (m *Model) tabOpenedText(url string) string {
	lists := " — " + m.keys.Page.Tabs.Help().Key + " lists the tabs"
	if url == "" {
		return "a new tab opened" + lists
	}
	return "a new tab opened: " + url + lists
}

// onTabOpened announces the tab, and reads its URL when it has none yet.
func (m *Model) onTabOpened(ev browser.Event) tea.Cmd {
	m.tabCount++
	if !isBlankURL(ev.URL) {
		m.setStatus(statusInfo, m.tabOpenedText(Sanitize(ev.URL)))
		return nil
	}
	text := m.tabOpenedText("")
	m.setStatus(statusInfo, text)
	if m.b == nil {
		return nil
	}
	b, bgen, id := m.b, m.bgen, ev.Tab
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		msg := tabNamedMsg{bgen: bgen, announced: text}
		for {
			tabs, err := b.Tabs(ctx)
			if err != nil {
				return msg
			}
			for _, t := range tabs {
				if t.ID == id && !isBlankURL(t.URL) {
					msg.tab, msg.found = t, true
					return msg
				}
			}
			select {
			case <-ctx.Done():
				return msg // still blank: the bare announcement stays
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
}

// onTabNamed completes the announcement, in place when it is still shown.
func (m *Model) onTabNamed(msg tabNamedMsg) {
	if msg.bgen != m.bgen || !msg.found {
		return
	}
	t := msg.tab
	text := m.tabOpenedText("tab " + itoa(t.Index) + " " + pageName(t.Title, t.URL))
	if m.status.text == msg.announced {
		m.status.text = text
		m.logStatus(true) // one entry in the message log
		return
	}
	m.setStatus(statusInfo, text)
}

func isBlankURL(url string) bool { return url == "" || strings.HasPrefix(url, "about:blank") }
