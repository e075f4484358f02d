package ui

import (
	"context"
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file is the locator playground: type a locator in Playwright's
// syntax and see how many elements it matches and which refs, marked in
// the tree (and the first highlighted in the window when headful), as
// Playwright's Inspector does.

// playDelay is how long typing must pause before the locator is tried.
const playDelay = 200 * time.Millisecond

type (
	playTickMsg struct{ seq int }
	playMsg     struct {
		seq  int
		refs []string
		err  error
	}
)

// openPlayground opens the playground prompt with the selection's chosen
// locator, when it is known.
func (m *Model) openPlayground() tea.Cmd {
	if m.b == nil || m.dead {
		m.setStatus(statusErr, "the locator playground needs a browser: "+m.keys.Fixed.Relaunch.Help().Key+" relaunches it")
		return nil
	}
	start := ""
	if n := m.tree.Selected(); n != nil {
		if e := m.locs[n.Ref]; e != nil && e.info != nil && !e.info.Best.Locator.IsZero() {
			start = e.info.Best.Locator.Code(refs.JavaScript)
		}
	}
	m.openPrompt(promptLocator, "locator: ", start, "")
	m.prompt.hint = "type a locator, e.g. getByRole('button', { name: 'Save' })"
	if start != "" {
		return m.playEdited(m.prompt)
	}
	return nil
}

// playEdited parses the locator as typed and schedules a try.
func (m *Model) playEdited(p *prompt) tea.Cmd {
	m.playSeq++
	m.tree.SetMarked(nil)
	src := strings.TrimSpace(p.input.Value())
	if src == "" {
		p.hint = "type a locator, e.g. getByRole('button', { name: 'Save' })"
		return nil
	}
	if _, err := refs.ParseLocator(src); err != nil {
		p.hint = Sanitize(errText(err))
		return nil
	}
	p.hint = "…"
	seq := m.playSeq
	return tea.Tick(playDelay, func(time.Time) tea.Msg { return playTickMsg{seq} })
}

// onPlayTick tries the locator once typing paused.
func (m *Model) onPlayTick(t playTickMsg) tea.Cmd {
	if t.seq != m.playSeq || m.over != overlayPrompt || m.prompt.kind != promptLocator {
		return nil
	}
	b := m.b
	if b == nil || m.dead {
		return nil
	}
	loc, err := refs.ParseLocator(m.prompt.input.Value())
	if err != nil {
		return nil
	}
	seq := t.seq
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		found, err := b.FindEach(ctx, 0, []refs.Locator{loc})
		if err != nil || len(found) == 0 {
			return playMsg{seq: seq, err: err}
		}
		return playMsg{seq: seq, refs: found[0]}
	}
}

// onPlay shows what the locator matched.
func (m *Model) onPlay(r playMsg) tea.Cmd {
	if r.seq != m.playSeq {
		return nil
	}
	if r.err != nil {
		if isGone(r.err) {
			m.markDead()
			return nil
		}
		if m.over == overlayPrompt && m.prompt.kind == promptLocator {
			m.prompt.hint = Sanitize(errText(r.err))
		}
		return nil
	}
	m.tree.SetMarked(r.refs)
	text := playSummary(r.refs)
	if m.over == overlayPrompt && m.prompt.kind == promptLocator {
		m.prompt.hint = text
	}
	var first string
	for _, ref := range r.refs {
		if ref != "" {
			first = ref
			break
		}
	}
	if first == "" {
		return nil
	}
	m.jump(first) // clears a filter that hides it
	return tea.Batch(m.selectionMoved(false), m.highlight(first))
}

// errText is an error's message without its code prefix.
func errText(err error) string {
	var re *refs.Error
	if errors.As(err, &re) {
		return re.Message
	}
	return err.Error()
}

// playSummary says how many elements matched and which refs.
func playSummary(found []string) string {
	var named []string
	hidden := 0
	for _, r := range found {
		if r == "" {
			hidden++
		} else {
			named = append(named, r)
		}
	}
	out := matchWords(len(found))
	if len(named) > 0 {
		shown := named
		if len(shown) > 8 {
			shown = shown[:8]
		}
		out += ": " + strings.Join(shown, " ")
		if len(named) > len(shown) {
			out += " …"
		}
	}
	if hidden > 0 {
		out += " (" + itoa(hidden) + " not in the ARIA tree)"
	}
	return out
}

// answerPlayground ends the playground: enter keeps the marks and says
// what matched.
func (m *Model) answerPlayground(v string) {
	if strings.TrimSpace(v) == "" {
		m.tree.SetMarked(nil)
		return
	}
	marked := m.tree.Marked()
	m.setStatus(statusInfo, "locator "+Sanitize(strings.TrimSpace(v))+": "+playSummary(marked)+" (marked * in the tree)")
}
