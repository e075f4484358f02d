package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

// This file applies the messages that come back from the Cmds.

// result ends the running operation.
func (m *Model) result(r resultMsg) tea.Cmd {
	if m.busy == nil || r.seq != m.busy.seq {
		// Cancelled or superseded: drop it, but do not leak a browser.
		if r.b != nil && r.b != m.b {
			return closeBrowser(r.b)
		}
		return nil
	}
	m.busy = nil
	var cmds []tea.Cmd
	if r.kind == resLaunch {
		if r.b == nil {
			m.dead = true
			m.fail(r.label, r.err)
			m.appendStatus(" — " + m.keys.Fixed.Relaunch.Help().Key + " tries again")
			return nil
		}
		cmds = append(cmds, m.adopt(r.b))
		if r.target != "" {
			return tea.Batch(append(cmds, m.openAfterLaunch(r.target))...)
		}
		return tea.Batch(append(cmds, m.readAfterLaunch())...)
	}
	if isGone(r.err) || isGone(r.page.err) {
		m.markDead()
		return tea.Batch(cmds...)
	}
	switch r.kind {
	case resTabs:
		if r.err != nil {
			m.fail("listing tabs", r.err)
			break
		}
		m.openTabsPicker(r.tabs)
	case resOptions:
		if r.err != nil {
			m.fail("reading the options of "+r.ref, r.err)
			break
		}
		m.openOptionsPicker(r.ref, r.options)
	default:
		m.applyPage(r.page, r.seq)
		m.reportResult(r)
	}
	cmds = append(cmds, m.selectionMoved(true))
	return tea.Batch(cmds...)
}

// reportResult puts what an operation did into the status line.
func (m *Model) reportResult(r resultMsg) {
	if r.err != nil {
		what := r.label
		if r.kind == resOpened && r.target != "" {
			what = "open " + r.target // the browser started; the page did not load
			if u, err := browser.NormalizeURL(r.target); err == nil {
				what = "open " + u
			}
		}
		m.fail(what, r.err)
		return
	}
	if r.page.err != nil {
		m.fail(r.label+": the snapshot", r.page.err)
		return
	}
	switch r.kind {
	case resAct:
		m.setStatus(statusOK, describeAction(r.label, r.act)+m.tabsOpened())
	case resNav, resLaunch, resOpened:
		text := r.label
		if r.done != "" {
			text = r.done
		}
		if r.nav != nil {
			if r.kind == resOpened || r.opened {
				text = "opened " + Sanitize(r.nav.URL)
			}
			if r.nav.Partial {
				text += " (it did not finish loading in time; this is the page as it was)"
			}
		}
		m.setStatus(statusOK, text)
	case resSnap:
		n := 0
		if m.snap != nil {
			n = m.snap.Count
		}
		switch {
		case r.done != "" && r.done == m.status.text:
			// Still on screen (and in the log) since the op started.
		case r.done != "":
			m.setStatus(statusInfo, r.done)
		default:
			m.setStatus(statusOK, "snapshot: "+counted(n, "element", "elements"))
		}
		if m.jumpTo != "" {
			ref := m.jumpTo
			m.jumpTo = ""
			m.jump(ref)
		}
	case resTab:
		text := r.label
		if r.done != "" {
			text = r.done
		}
		m.setStatus(statusOK, text)
	}
	if m.snap != nil && len(m.snap.Problems) > 0 {
		m.appendStatus(" · could not read: " + Sanitize(strings.Join(m.snap.Problems, "; ")))
	}
}

// tabsOpened says which tabs appeared since the last report (a click on a
// target=_blank link), and forgets them.
func (m *Model) tabsOpened() string {
	if len(m.newTabs) == 0 {
		return ""
	}
	var out []string
	for _, t := range m.newTabs {
		out = append(out, "opened tab "+itoa(t.Index)+" "+Sanitize(t.URL))
	}
	m.newTabs = nil
	return " · " + strings.Join(out, ", ") + " (" + m.keys.Page.Tabs.Help().Key + " lists the tabs)"
}

// describeAction says what an action did, in plain words.
func describeAction(label string, res *browser.ActionResult) string {
	parts := []string{"done: " + label}
	if res == nil {
		return parts[0]
	}
	if res.Healed {
		parts = append(parts, "the element had been re-rendered; the ref follows it")
	}
	if res.Value != "" {
		parts = append(parts, "value now "+quote(res.Value))
	}
	if len(res.Selected) > 0 {
		parts = append(parts, "selected "+quote(strings.Join(res.Selected, ", ")))
	}
	if res.Checked != nil {
		if *res.Checked {
			parts = append(parts, "now checked")
		} else {
			parts = append(parts, "now unchecked")
		}
	}
	for _, d := range res.Dialogs {
		parts = append(parts, fmt.Sprintf("%s dialog %s %s", d.Type, quote(d.Message), d.Outcome))
	}
	if res.Navigated {
		parts = append(parts, "navigated to "+Sanitize(res.URL))
	}
	return strings.Join(parts, " · ")
}

// applyPage shows a new snapshot, unless a newer one is on screen already.
func (m *Model) applyPage(p pageState, seq int) {
	if p.snap == nil || seq < m.applied {
		return
	}
	newPage := m.snap == nil || m.snap.URL != p.snap.URL || m.snap.Tab != p.snap.Tab
	m.applied = seq
	m.snap = p.snap
	if newPage {
		clear(m.locs) // another page: its refs and locators are new
		m.tree.ClearFilter()
		m.tree.SetMarked(nil)
		m.tree.ShowPage(p.snap.Root)
	} else {
		m.tree.SetRoot(p.snap.Root) // the cursor follows its element
	}
	m.title, m.loading = p.snap.Title, false
	if !strings.HasPrefix(p.snap.URL, "chrome-error://") || m.url == "" {
		// A page that failed to load shows Chromium's error page; the
		// header, o and ctrl+l keep the URL that was asked for.
		m.url = p.snap.URL
	}
	m.partial = p.snap.Partial
	m.tabIndex = p.snap.TabIndex
	if p.tabs != nil {
		m.tabCount = len(p.tabs)
		seen := make(map[string]bool, len(p.tabs))
		for _, t := range p.tabs {
			if t.Current {
				m.tabIndex = t.Index
			}
			if m.tabIDs != nil && !m.tabIDs[t.ID] {
				m.newTabs = append(m.newTabs, t)
			}
			seen[t.ID] = true
		}
		m.tabIDs = seen
	}
	m.version = p.version
}

// adopt makes b the session: its events are read from now on.
func (m *Model) adopt(b Browser) tea.Cmd {
	if m.stopEv != nil {
		close(m.stopEv)
	}
	m.b, m.dead = b, false
	m.bgen++
	m.stopEv = make(chan struct{})
	clear(m.locs)
	clear(m.locWanted)
	return waitEvent(m.bgen, b.Events(), m.stopEv)
}

// markDead notes that the browser is gone.
func (m *Model) markDead() {
	if m.busy != nil {
		m.busy.cancel()
		m.busy = nil
	}
	if m.picking != nil {
		m.picking()
		m.picking = nil
	}
	m.dead = true
	if m.over == overlayDialog {
		m.closeOverlay()
	}
	m.pending = nil
	where := ""
	if m.url != "" {
		where = " and reopen " + Sanitize(m.url)
	}
	m.setStatus(statusErr, "the browser is gone (crashed or closed) — press ctrl+l to relaunch it"+where)
}

func isGone(err error) bool { return refs.CodeOf(err) == refs.CodeBrowserClosed }

// onTick runs the periodic live check.
func (m *Model) onTick(t liveTickMsg) tea.Cmd {
	if t.gen != m.tickGen {
		return nil
	}
	next := m.tick()
	if m.b == nil || m.dead || m.busy != nil || m.liveBusy {
		return next
	}
	m.seq++
	m.liveBusy = m.follow
	return tea.Batch(next, live(m.seq, m.bgen, m.b, m.follow, m.version, m.snap))
}

// onLive applies a live check.
func (m *Model) onLive(l liveMsg) tea.Cmd {
	if l.bgen != m.bgen {
		return nil
	}
	m.liveBusy = false
	if m.dead {
		return nil
	}
	if !l.alive || isGone(l.err) {
		m.markDead()
		return nil
	}
	if l.page == nil || m.busy != nil || l.seq < m.applied {
		return nil
	}
	m.applyPage(*l.page, l.seq)
	return tea.Batch(m.selectionMoved(true), m.showChanges(l.changed))
}

// changesShown is how long the nodes a live update changed stay marked.
const changesShown = 2 * time.Second

// showChanges marks the nodes a live update changed, until a newer update
// or changesShown passes.
func (m *Model) showChanges(changed map[string]bool) tea.Cmd {
	if len(changed) == 0 {
		return nil // an update that changed nothing leaves the marks
	}
	m.changeGen++
	m.tree.SetChanged(changed)
	gen := m.changeGen
	return tea.Tick(changesShown, func(time.Time) tea.Msg { return changesFadedMsg{gen} })
}

// onChangesFaded ends the marks of showChanges.
func (m *Model) onChangesFaded(c changesFadedMsg) {
	if c.gen == m.changeGen {
		m.tree.SetChanged(nil)
	}
}

// onEvent handles something the browser did on its own.
func (m *Model) onEvent(e eventMsg) tea.Cmd {
	if e.bgen != m.bgen {
		return nil
	}
	next := waitEvent(m.bgen, m.b.Events(), m.stopEv)
	ev := e.ev
	switch ev.Kind {
	case browser.EventDialog:
		if ev.Dialog != nil {
			return tea.Batch(next, m.showDialog(ev.Dialog))
		}
	case browser.EventDialogClosed:
		if d := ev.Dialog; d != nil && d.By != "user" {
			m.dialogAnswered(d)
			m.setStatus(statusInfo, fmt.Sprintf("%s dialog %s was %s by %s", d.Type, quote(d.Message), d.Outcome, d.By))
			if d.By == browser.ByDismissAll {
				return tea.Batch(next, m.recordDismissed(d))
			}
		}
	case browser.EventTabOpened:
		return tea.Batch(next, m.onTabOpened(ev))
	case browser.EventTabClosed:
		m.tabCount = max(m.tabCount-1, 1)
		if m.busy == nil && !m.dead {
			return tea.Batch(next, m.snapshot("a tab closed; snapshot"))
		}
	case browser.EventDownload:
		m.setStatus(statusInfo, Sanitize(ev.Message)+" "+Sanitize(ev.Path))
	case browser.EventCrashed:
		m.setStatus(statusErr, "the page crashed (its renderer died) — "+m.keys.Page.Reload.Help().Key+" reloads it")
	}
	return next
}

// onSettle reads the locators of the selection and highlights it.
func (m *Model) onSettle(s settleMsg) tea.Cmd {
	if s.seq != m.settleSeq {
		return nil
	}
	n := m.tree.Selected()
	if n == nil || n.Ref == "" {
		return m.highlight("")
	}
	var cmds []tea.Cmd
	if e := m.locs[n.Ref]; e == nil || e.seq < m.applied {
		cmds = append(cmds, m.readLocators(n.Ref))
	} else {
		// Served from the prefetch: read the rows that came into reach,
		// so that the window of known ladders moves with the cursor.
		cmds = append(cmds, m.prefetch())
	}
	cmds = append(cmds, m.highlight(n.Ref))
	return tea.Batch(cmds...)
}

// selectionMoved starts the settle timer when the selection changed (or
// always, with force: after a new snapshot the locators may be stale).
func (m *Model) selectionMoved(force bool) tea.Cmd {
	ref := ""
	if n := m.tree.Selected(); n != nil {
		ref = n.Ref
	}
	if !force && ref == m.lastSel {
		return nil
	}
	if ref != m.lastSel {
		m.detOff = 0
	}
	m.lastSel = ref
	return m.settle()
}

// onLocators stores a ref's locators.
func (m *Model) onLocators(l locMsg) tea.Cmd {
	delete(m.locWanted, l.ref)
	if old := m.locs[l.ref]; old == nil || old.seq <= l.seq {
		m.locs[l.ref] = &locEntry{seq: l.seq, info: l.info, err: l.err}
	}
	if isGone(l.err) {
		m.markDead()
		return nil
	}
	if m.pendingY == l.ref {
		m.pendingY = ""
		if n := m.tree.Selected(); n != nil && n.Ref == l.ref && m.over == overlayNone {
			m.openLocatorPicker()
		}
	}
	if m.pendingCpy == l.ref {
		m.pendingCpy = ""
		return m.copyChosen(l.ref)
	}
	return nil
}

// onCopied reports a copy, falling back to OSC 52.
func (m *Model) onCopied(c copiedMsg) tea.Cmd {
	if c.err != nil {
		m.setStatus(statusOK, "copied "+c.what+" through the terminal (OSC 52; "+c.err.Error()+")")
		return tea.SetClipboard(c.text)
	}
	m.setStatus(statusOK, "copied "+c.what+" to the system clipboard ("+c.method+")")
	return nil
}

// onPick selects the element the user picked in the browser window.
func (m *Model) onPick(p pickMsg) tea.Cmd {
	m.picking = nil
	if p.err != nil {
		if errors.Is(p.err, context.Canceled) {
			m.setStatus(statusInfo, "pick mode off")
			return nil
		}
		if isGone(p.err) {
			m.markDead()
			return nil
		}
		m.fail("pick", p.err)
		return nil
	}
	if m.tree.Select(p.ref) {
		m.setStatus(statusOK, "picked "+p.ref)
		return m.selectionMoved(false)
	}
	m.jumpTo = p.ref
	return m.snapshot("picked " + p.ref + "; snapshot")
}

// dialogAnswered closes the dialog prompt if it shows d, and opens the next.
func (m *Model) dialogAnswered(d *browser.Dialog) {
	if m.over == overlayDialog && m.dialog != nil && m.dialog.d.Message == d.Message && m.dialog.d.Type == d.Type {
		m.closeOverlay()
		m.nextDialog()
	}
}

// onDialogDone reports the user's answer to a dialog.
func (m *Model) onDialogDone(r dialogDoneMsg) tea.Cmd {
	if r.err != nil {
		if isGone(r.err) {
			m.markDead()
			return nil
		}
		m.fail("answering the dialog", r.err)
		return nil
	}
	if d := r.d; d != nil {
		text := fmt.Sprintf("%s dialog %s", d.Type, d.Outcome)
		if d.PromptText != "" {
			text += " with " + quote(d.PromptText)
		}
		m.setStatus(statusOK, text)
	}
	return nil
}
