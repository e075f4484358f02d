package ui

import (
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// key routes a key press: to the overlay that is open, else to the tree.
func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	m.notice = ""
	if key.Matches(k, m.keys.Fixed.Interrupt) {
		return m.quit()
	}
	switch m.over {
	case overlayPrompt:
		if m.prompt.kind == promptSaveRecord {
			return m.recordPromptKey(k)
		}
		return m.promptKey(k)
	case overlayPicker:
		if m.picker.kind == pickAssert {
			return m.assertPickerKey(k)
		}
		return m.pickerKey(k)
	case overlayDialog:
		return m.dialogKey(k)
	case overlayHelp:
		m.helpKey(k)
		return nil
	case overlayPreview:
		return m.previewKey(k)
	}
	cmd := m.treeKey(k)
	return tea.Batch(cmd, m.selectionMoved(false))
}

func (m *Model) quit() tea.Cmd {
	if m.busy != nil {
		m.busy.cancel()
		m.busy = nil
	}
	if m.picking != nil {
		m.picking()
	}
	if m.stopEv != nil {
		close(m.stopEv)
		m.stopEv = nil
	}
	return tea.Quit
}

// treeKey handles the keys of the tree view: every mode of the keymap.
func (m *Model) treeKey(k tea.KeyPressMsg) tea.Cmd {
	km, t := &m.keys, m.tree
	switch {
	case key.Matches(k, km.Global.Quit):
		return m.quit()
	case key.Matches(k, km.Global.Help):
		m.openHelp()
	case key.Matches(k, km.Global.Detail):
		m.showDetails = !m.showDetails
	case key.Matches(k, m.keys.Fixed.Relaunch):
		if m.b != nil && !m.dead {
			m.setStatus(statusInfo, "the browser is running; "+m.keys.Fixed.Relaunch.Help().Key+" relaunches it only after it died")
			return nil
		}
		return m.launch()
	case key.Matches(k, km.Page.Cancel) && (m.busy != nil || m.picking != nil):
		return m.cancel()
	case key.Matches(k, km.Find.ClearFilter):
		if t.Filter() != "" {
			t.ClearFilter()
			m.setStatus(statusInfo, "filter cleared")
		}

	case key.Matches(k, km.Tree.Down):
		t.Down()
	case key.Matches(k, km.Tree.Up):
		t.Up()
	case key.Matches(k, km.Tree.PageDown):
		t.PageDown()
	case key.Matches(k, km.Tree.PageUp):
		t.PageUp()
	case key.Matches(k, km.Tree.Top):
		t.Top()
	case key.Matches(k, km.Tree.Bottom):
		t.Bottom()
	case key.Matches(k, km.Tree.Collapse):
		t.Collapse()
	case key.Matches(k, km.Tree.Expand):
		t.Expand()
	case key.Matches(k, km.Tree.ToggleFold):
		t.ToggleFold()
	case key.Matches(k, km.Tree.CollapseAll):
		t.CollapseAll()
	case key.Matches(k, km.Tree.ExpandAll):
		t.ExpandAll()

	case key.Matches(k, km.Find.Filter):
		// Empty: what is typed replaces the filter (up recalls it).
		return m.openPrompt(promptFilter, "/", "", "")
	case key.Matches(k, km.Find.NextMatch), key.Matches(k, km.Find.PrevMatch):
		m.stepMatch(key.Matches(k, km.Find.NextMatch))
	case key.Matches(k, km.Find.JumpToRef):
		return m.openCommandLine()
	case key.Matches(k, km.Find.InteractiveOnly):
		t.ToggleInteractiveOnly()
		if t.InteractiveOnly() {
			m.setStatus(statusInfo, "showing interactive elements only ("+km.Find.InteractiveOnly.Help().Key+" shows all)")
		} else {
			m.setStatus(statusInfo, "showing every element")
		}

	case key.Matches(k, km.Page.Open):
		return m.openPrompt(promptOpen, "open: ", m.url, "")
	case key.Matches(k, km.Page.Back):
		return m.history("back", session.Back)
	case key.Matches(k, km.Page.Forward):
		return m.history("forward", session.Forward)
	case key.Matches(k, km.Page.Reload):
		return m.history("reload", session.Reload)
	case key.Matches(k, km.Page.Snapshot):
		return m.snapshot("snapshot")
	case key.Matches(k, km.Page.Tabs):
		return m.listTabs()
	case key.Matches(k, km.Page.Follow):
		m.follow = !m.follow
		if m.follow {
			m.setStatus(statusInfo, "live follow on: the tree follows the page")
		} else {
			m.setStatus(statusInfo, "live follow off: "+km.Page.Snapshot.Help().Key+" re-reads the page")
		}
	case key.Matches(k, km.Page.Pick):
		return m.startPick()
	case key.Matches(k, km.Page.DismissDialogs):
		return m.dismissDialogs()

	case key.Matches(k, km.Locator.Copy):
		return m.copySelected()
	case key.Matches(k, km.Locator.Candidates):
		return m.openLocatorPicker()
	case key.Matches(k, km.Locator.CopyRef):
		return m.copyRef()
	case key.Matches(k, km.Locator.CopySubtree):
		return m.copySubtree()
	case key.Matches(k, km.Locator.CopySnapshot):
		return m.copySnapshot()
	case key.Matches(k, km.Locator.PagePrefix):
		m.togglePagePrefix()
	case key.Matches(k, km.Record.Code):
		m.togglePane(paneCode)
	case key.Matches(k, km.Global.DetailsDown):
		if !m.scrollSide(scrollStep) {
			m.detOff = min(m.detOff+scrollStep, 200)
		}
	case key.Matches(k, km.Global.DetailsUp):
		if !m.scrollSide(-scrollStep) {
			m.detOff = max(m.detOff-scrollStep, 0)
		}
	case key.Matches(k, km.Global.Messages):
		m.openMessages()
	case key.Matches(k, km.Page.Preview):
		return m.preview("")
	case key.Matches(k, km.Find.Playground):
		return m.openPlayground()
	case key.Matches(k, km.Locator.CycleLanguage):
		m.lang = (m.lang + 1) % len(refs.Langs())
		m.setStatus(statusInfo, "locator language: "+string(m.language()))

	case key.Matches(k, km.Record.Toggle), key.Matches(k, km.Record.Assert),
		key.Matches(k, km.Record.DeleteStep), key.Matches(k, km.Record.SaveAs),
		key.Matches(k, km.Record.Steps):
		cmd, _ := m.recordKey(k)
		return cmd

	default:
		return m.actKey(k)
	}
	return nil
}

// actKey handles the keys that act on the selected ref.
func (m *Model) actKey(k tea.KeyPressMsg) tea.Cmd {
	km := &m.keys.Act
	var fn func(ref string, n *nodeInfo) tea.Cmd
	switch {
	case key.Matches(k, km.Click):
		fn = func(ref string, _ *nodeInfo) tea.Cmd {
			return m.act("click", session.Action{Kind: session.Click, Ref: ref})
		}
	case key.Matches(k, km.DoubleClick):
		fn = func(ref string, _ *nodeInfo) tea.Cmd {
			return m.act("double-click", session.Action{Kind: session.DblClick, Ref: ref})
		}
	case key.Matches(k, km.Hover):
		fn = func(ref string, _ *nodeInfo) tea.Cmd {
			return m.act("hover", session.Action{Kind: session.Hover, Ref: ref})
		}
	case key.Matches(k, km.Check):
		fn = func(ref string, n *nodeInfo) tea.Cmd {
			kind := session.Check
			if n.checked == "true" {
				kind = session.Uncheck
			}
			return m.act(string(kind), session.Action{Kind: kind, Ref: ref})
		}
	case key.Matches(k, km.Type):
		fn = func(ref string, n *nodeInfo) tea.Cmd {
			return m.openTextPrompt(promptType, "type into "+ref+": ", "", ref, n.secret)
		}
	case key.Matches(k, km.Fill):
		fn = func(ref string, n *nodeInfo) tea.Cmd {
			if n.secret {
				return m.openTextPrompt(promptFill, "fill "+ref+": ", "", ref, true) // never the mask
			}
			return m.openTextPrompt(promptFill, "fill "+ref+": ", n.value, ref, false)
		}
	case key.Matches(k, km.Press):
		fn = func(ref string, n *nodeInfo) tea.Cmd {
			return m.openTextPrompt(promptPress, "press keys on "+ref+" (e.g. Enter, Control+A): ", "", ref, n.secret)
		}
	case key.Matches(k, km.Upload):
		fn = func(ref string, _ *nodeInfo) tea.Cmd {
			return m.openPrompt(promptUpload, "upload to "+ref+" (paths, comma-separated): ", "", ref)
		}
	case key.Matches(k, km.SelectOption):
		fn = func(ref string, _ *nodeInfo) tea.Cmd { return m.selectOptions(ref) }
	default:
		return nil
	}
	n := m.tree.Selected()
	if n == nil || n.Ref == "" {
		m.noElement(n)
		return nil
	}
	if m.dead {
		m.markDead()
		return nil
	}
	return fn(n.Ref, &nodeInfo{checked: n.Checked, value: n.Value, secret: n.Secret})
}

// nodeInfo is what an action reads of the selected node when it starts;
// secret marks a password field.
type nodeInfo struct {
	checked, value string
	secret         bool
}

// cancel stops the running operation (or pick mode).
func (m *Model) cancel() tea.Cmd {
	if m.picking != nil {
		m.picking()
		m.picking = nil
		m.setStatus(statusInfo, "pick mode off")
		return nil
	}
	if m.busy == nil {
		return nil
	}
	label := m.busy.label
	m.busy.cancel()
	m.busy = nil
	m.setStatus(statusInfo, "cancelled: "+label)
	if m.b == nil || m.dead {
		return nil
	}
	// What was cancelled may have half happened: show the page as it is,
	// and keep saying what was cancelled (the log has it once).
	return m.snapshotSaying("snapshot after cancel", "cancelled: "+label)
}

func (m *Model) stepMatch(next bool) {
	t := m.tree
	if t.Filter() == "" && !t.InteractiveOnly() {
		m.setStatus(statusInfo, "no filter: "+m.keys.Find.Filter.Help().Key+" filters the tree")
		return
	}
	var ok bool
	if next {
		ok = t.NextMatch()
	} else {
		ok = t.PrevMatch()
	}
	if !ok {
		m.noElement(nil)
		return
	}
	cur, total := t.Matches()
	m.setStatus(statusInfo, "match "+itoa(cur)+" of "+itoa(total))
}

// jump selects ref, clearing the filters if they hide it.
func (m *Model) jump(ref string) {
	t := m.tree
	if !t.Select(ref) && (t.Filter() != "" || t.InteractiveOnly()) {
		t.ClearFilter()
		t.SetInteractiveOnly(false)
		if t.Select(ref) {
			m.setStatus(statusInfo, "cleared the filters to show "+ref)
			return
		}
	}
	if n := t.Selected(); n == nil || n.Ref != ref {
		m.setStatus(statusErr, "no "+ref+" in this snapshot (refs come and go with the page; "+m.keys.Page.Snapshot.Help().Key+" re-reads it)")
		return
	}
	m.setStatus(statusInfo, "at "+ref)
}

func (m *Model) startPick() tea.Cmd {
	if _, ok := m.b.(inspector); !ok || !m.opts.Headful {
		m.setStatus(statusErr, "pick mode needs a visible browser window: start Ariadne with --headful")
		return nil
	}
	if m.picking != nil {
		return m.cancel()
	}
	if m.dead {
		m.markDead()
		return nil
	}
	m.setStatus(statusInfo, "pick: click an element in the browser window ("+m.keys.Page.Cancel.Help().Key+" stops)")
	return m.pick()
}

func (m *Model) language() refs.Lang { return refs.Langs()[m.lang] }

// copySelected copies the selection's chosen locator, reading the
// locators first if they are not known yet.
func (m *Model) copySelected() tea.Cmd {
	n := m.tree.Selected()
	if n == nil || n.Ref == "" {
		m.noElement(n)
		return nil
	}
	if m.opts.Locators == nil {
		m.setStatus(statusErr, "locators are not available in this build")
		return nil
	}
	if e := m.locs[n.Ref]; e != nil && e.seq >= m.applied {
		return m.copyChosen(n.Ref)
	}
	m.pendingCpy = n.Ref
	m.setStatus(statusInfo, "reading the locators of "+n.Ref+"…")
	return m.readLocators(n.Ref)
}

// copyChosen copies ref's chosen locator in the current language.
func (m *Model) copyChosen(ref string) tea.Cmd {
	e := m.locs[ref]
	switch {
	case e == nil:
		return nil
	case e.err != nil:
		m.fail("reading the locators of "+ref, e.err)
		return nil
	case e.info == nil || e.info.Best.Locator.IsZero():
		why := "no locator matches it alone"
		if e.info != nil && e.info.Problem != "" {
			why = e.info.Problem
		}
		m.setStatus(statusErr, "no locator for "+ref+": "+Sanitize(why))
		return nil
	}
	lang := m.language()
	return m.copyText(m.withPrefix(lang, e.info.Best.Locator.Code(lang)), string(lang)+" locator of "+ref)
}

// uploadPaths reads the upload prompt: comma-separated paths, with ~
// expanded.
func uploadPaths(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(p, "~/"); ok {
			if home, err := os.UserHomeDir(); err == nil {
				p = filepath.Join(home, rest)
			}
		}
		out = append(out, p)
	}
	return out
}
