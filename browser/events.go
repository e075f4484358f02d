package browser

import "time"

// EventKind names what happened in the browser.
type EventKind string

// The kinds of events the browser reports.
const (
	EventTabOpened    EventKind = "tab_opened"
	EventTabClosed    EventKind = "tab_closed"
	EventDialog       EventKind = "dialog"        // a JavaScript dialog opened and waits for an answer
	EventDialogClosed EventKind = "dialog_closed" // a dialog was answered (by whom: Message)
	EventDownload     EventKind = "download"      // a download finished (Path) or failed
	EventCrashed      EventKind = "crashed"       // a tab's renderer crashed
)

// Event is something the browser did on its own: a popup, a dialog, a
// download. Events are delivered on Browser.Events; a slow reader loses the
// oldest ones, never blocks the browser.
type Event struct {
	Kind    EventKind `json:"kind"`
	Tab     string    `json:"tab,omitempty"`
	URL     string    `json:"url,omitempty"`
	Message string    `json:"message,omitempty"`
	Dialog  *Dialog   `json:"dialog,omitempty"`
	Path    string    `json:"path,omitempty"`
	Time    time.Time `json:"time"`
}

// Dialog describes a JavaScript dialog.
type Dialog struct {
	Type          string `json:"type"` // alert, confirm, prompt, beforeunload
	Message       string `json:"message"`
	DefaultPrompt string `json:"defaultPrompt,omitempty"`
	// Outcome, once answered: "accepted" or "dismissed", and the prompt text.
	Outcome    string `json:"outcome,omitempty"`
	PromptText string `json:"promptText,omitempty"`
	By         string `json:"by,omitempty"` // "script", "user", or "default policy (dismiss)"
	// Seq numbers the dialogs of a browser from 1 as they open: one
	// dialog reported twice (with the action it interrupted, and by an
	// event or a front end's answer) has one Seq.
	Seq int64 `json:"-"`
}

// Events returns the channel of browser events.
func (b *Browser) Events() <-chan Event { return b.events }

func (b *Browser) emit(ev Event) {
	ev.Time = time.Now()
	for {
		select {
		case b.events <- ev:
			return
		default:
		}
		// Full: drop the oldest event rather than block the browser.
		select {
		case <-b.events:
		default:
		}
	}
}
