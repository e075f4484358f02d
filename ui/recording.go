package ui

import (
	"context"
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/session"
)

// This file is the explorer's side of recording: ctrl+r starts (and
// pauses) a recording; from then on every navigation and action the user
// runs goes through session.Session with the recorder, which writes the
// file as it happens. D deletes the last step, S saves the recording
// under another name. The assertion menu is in recording_assert.go, the
// window watch in recording_window.go, the steps pane in
// recording_pane.go. Every file write happens in a tea.Cmd, which returns
// a copy of the recording (session.RecordState) that Update keeps.

// recording is the model's state of the recording.
type recording struct {
	r        *session.Recorder // nil until the recording starts
	on       bool
	starting bool
	state    session.RecordState // the copy on screen
	// dismissed are the dialogs ctrl+x dismissed, still to record;
	// writing: a Cmd records some now (recording_dialogs.go).
	dismissed []browser.Dialog
	writing   bool
}

// Active reports whether the explorer records now (the header's ● REC).
func (r *recording) Active() bool { return r.on }

// Steps returns how many steps the recording holds.
func (r *recording) Steps() int { return len(r.state.Steps) }

// started reports whether a recording file exists.
func (r *recording) started() bool { return r.r != nil }

// recorder returns the recorder actions should go through now: nil when
// not recording or paused.
func (r *recording) recorder() *session.Recorder {
	if !r.on {
		return nil
	}
	return r.r
}

// update keeps st if it is newer than the copy on screen.
func (r *recording) update(st *session.RecordState) {
	if st != nil && st.Gen >= r.state.Gen {
		r.state = *st
	}
}

// stateOf returns a copy of rec's recording, nil for no recorder.
func stateOf(rec *session.Recorder) *session.RecordState {
	if rec == nil {
		return nil
	}
	st := rec.State()
	return &st
}

type (
	// recStartedMsg: the recording file is created (or could not be).
	recStartedMsg struct {
		r   *session.Recorder
		err error
	}
	// recDoneMsg ends a recording command (assert, delete, save, dialog,
	// the window's actions).
	recDoneMsg struct {
		ok    string
		err   error
		state *session.RecordState
	}
)

// Picker and prompt kinds of the recorder, beyond those of picker.go and
// prompt.go.
const (
	pickAssert       pickerKind = 100
	promptSaveRecord promptKind = 100
)

// recordKey handles the recorder's keys; ok is false for other keys.
func (m *Model) recordKey(k tea.KeyPressMsg) (cmd tea.Cmd, ok bool) {
	km := &m.keys.Record
	switch {
	case key.Matches(k, km.Toggle):
		return m.toggleRecording(), true
	case key.Matches(k, km.Assert):
		return m.openAssertPicker(), true
	case key.Matches(k, km.DeleteStep):
		return m.deleteStep(), true
	case key.Matches(k, km.SaveAs):
		if !m.rec.started() {
			m.setStatus(statusErr, "nothing recorded yet: "+km.Toggle.Help().Key+" starts recording")
			return nil, true
		}
		return m.openPrompt(promptSaveRecord, "save recording as: ", m.rec.state.Path, ""), true
	case key.Matches(k, km.Steps):
		m.togglePane(paneSteps)
		return nil, true
	}
	return nil, false
}

// toggleRecording starts, pauses or resumes the recording.
func (m *Model) toggleRecording() tea.Cmd {
	r := &m.rec
	toggle := m.keys.Record.Toggle.Help().Key
	switch {
	case r.starting:
		return nil
	case !r.started():
		return m.startRecording(m.opts.RecordFile)
	case r.on:
		r.on = false
		m.setStatus(statusInfo, "recording paused ("+itoa(r.Steps())+" steps in "+Sanitize(r.state.Path)+"); "+toggle+" resumes")
	default:
		r.on = true
		m.setStatus(statusInfo, "recording again into "+Sanitize(r.state.Path))
		return m.watchWindow()
	}
	return nil
}

// startRecording creates the recording file (path, or a new name in the
// current directory) for the page on screen.
func (m *Model) startRecording(path string) tea.Cmd {
	if m.b == nil || m.dead {
		m.setStatus(statusErr, "no browser to record: "+m.keys.Fixed.Relaunch.Help().Key+" relaunches it")
		return nil
	}
	m.rec.starting = true
	if path == "" {
		path = filepath.Join(m.opts.RecordDir, "recording-"+time.Now().Format("20060102-150405")+".jsonl")
	}
	b, o := m.b, session.RecordOptions{Secrets: m.opts.RecordSecrets, Demo: m.opts.Demo}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r, err := session.Start(ctx, b, path, o)
		return recStartedMsg{r: r, err: err}
	}
}

// onRecStarted begins recording into the new file.
func (m *Model) onRecStarted(msg recStartedMsg) tea.Cmd {
	m.rec.starting = false
	if msg.err != nil {
		m.fail("starting the recording", msg.err)
		return nil
	}
	m.rec.r, m.rec.on = msg.r, true
	m.rec.state = msg.r.State()
	what := "every action"
	if m.opts.Headful {
		what += ", here or in the browser window,"
	}
	m.setStatus(statusOK, "recording into "+Sanitize(m.rec.state.Path)+": "+what+" is saved as it happens — "+
		m.keys.Record.Assert.Help().Key+" adds an assertion, "+m.keys.Record.Toggle.Help().Key+" pauses")
	return m.watchWindow()
}

func (m *Model) onRecDone(msg recDoneMsg) tea.Cmd {
	m.rec.update(msg.state)
	if msg.err != nil {
		m.fail("recording", msg.err)
		return nil
	}
	if msg.ok != "" {
		m.setStatus(statusOK, msg.ok)
	}
	return nil
}

// recordDialog records the user's answer to a page dialog.
func (m *Model) recordDialog(msg dialogDoneMsg) tea.Cmd {
	rec := m.rec.recorder()
	if msg.err != nil || msg.d == nil || rec == nil || m.b == nil {
		return nil
	}
	b, d := m.b, *msg.d
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err := rec.Dialog(ctx, b, d)
		return recDoneMsg{err: err, state: stateOf(rec)}
	}
}

// deleteStep removes the last recorded step.
func (m *Model) deleteStep() tea.Cmd {
	if !m.rec.started() {
		m.setStatus(statusErr, "nothing recorded yet: "+m.keys.Record.Toggle.Help().Key+" starts recording")
		return nil
	}
	rec, n := m.rec.r, m.rec.Steps()
	return func() tea.Msg {
		s, err := rec.DeleteLast()
		if err != nil {
			return recDoneMsg{err: err, state: stateOf(rec)}
		}
		return recDoneMsg{ok: "deleted step " + itoa(n) + ": " + Sanitize(recordings.Summary(s)), state: stateOf(rec)}
	}
}

// saveRecording writes the recording under path and goes on there.
func (m *Model) saveRecording(path string) tea.Cmd {
	path = strings.TrimSpace(path)
	if path == "" || !m.rec.started() {
		return nil
	}
	rec := m.rec.r
	return func() tea.Msg {
		if err := rec.SaveAs(path); err != nil {
			return recDoneMsg{err: err, state: stateOf(rec)}
		}
		st := rec.State()
		return recDoneMsg{ok: "saved the recording as " + Sanitize(path) + " (" + itoa(len(st.Steps)) + " steps); it goes on there", state: &st}
	}
}

// recordPromptKey handles enter in the save-as prompt; other keys edit.
func (m *Model) recordPromptKey(k tea.KeyPressMsg) tea.Cmd {
	if key.Matches(k, m.keys.Fixed.PromptAccept) {
		v := m.prompt.input.Value()
		m.closeOverlay()
		return m.saveRecording(v)
	}
	return m.promptKey(k)
}
