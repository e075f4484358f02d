package ui

import (
	"context"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/keymap"
	"github.com/ariadne-tui/ariadne/refs"
)

// Options configure the root model.
type Options struct {
	// Browser is a running session. When nil, Init starts one with Launch.
	Browser Browser
	// Launch starts a session: the first one when Browser is nil, and a new
	// one when the user relaunches a browser that died.
	Launch LaunchFunc
	// URL is the page to open first.
	URL string
	// Keys are the bindings; the zero KeyMap means keymap.Default().
	Keys keymap.KeyMap
	// Notice is shown in the status line at start (and kept in the message
	// log), e.g. that the demo moved to another port: information, or an
	// error (a config problem) when NoticeErr is set.
	Notice    string
	NoticeErr bool
	// Follow turns on live follow at start (F toggles it).
	Follow bool
	// Headful says the browser window is visible: the selection is
	// highlighted in it, and pick mode (P) works.
	Headful bool
	// Recording, when set, feeds the header's recording indicator.
	Recording Recording
	// Locators reads an element's locator ladder; nil: the details pane
	// says locators are not available.
	Locators LocatorFunc
	// LocatorBatch, when set, prefetches the ladders of the rows near
	// the cursor once the selected one is in (ui/locators_prefetch.go).
	LocatorBatch LocatorBatchFunc
	// Copy writes the system clipboard; nil or an error: OSC 52.
	Copy CopyFunc
	// LookupEnv reads the environment a replay reads (its secrets); nil is
	// os.LookupEnv.
	LookupEnv func(key string) (string, bool)
	// Lang is the locator language at start; "" is JavaScript.
	Lang refs.Lang

	// RecordFile, when set, is recorded into from the first page on
	// (--record); ctrl+r then pauses and resumes. Without it, ctrl+r
	// starts a recording named recording-DATE-TIME.jsonl in RecordDir
	// ("" is the current directory).
	RecordFile string
	RecordDir  string
	// RecordSecrets stores what is typed into password fields as plain
	// text instead of a secret (--record-secrets).
	RecordSecrets bool
	// Demo is the origin of the built-in demo site when the explorer
	// serves it (no URL given): recordings that start there are marked
	// so that replay serves the demo again.
	Demo string

	// LivePeriod is how often the page is checked for changes and the
	// browser for life: 0 means 700 ms, a negative value turns the checks
	// off (tests).
	LivePeriod time.Duration
	// SettleDelay is how long the selection must rest before its locators
	// are read and it is highlighted: 0 means 50 ms.
	SettleDelay time.Duration
	// PreviewDrawAfter is how long the inline preview's image waits for the
	// terminal's reply to a query sent behind the overlay's box before it
	// is drawn anyway; 0 is a second.
	PreviewDrawAfter time.Duration
	// OpTimeout bounds one navigation or action with its snapshot: 0
	// means 90 s.
	OpTimeout time.Duration

	// PreviewDir is where the preview key saves screenshots: "" is the
	// system's temporary directory.
	PreviewDir string
	// Graphics is how the terminal draws images (DetectGraphics finds
	// it), in which the preview is also drawn inline; with no protocol
	// the model asks the terminal for sixel (preview_inline.go), else the
	// preview is saved to a file only.
	Graphics GraphicsSetup
	// Now is the clock of the message log; nil is time.Now (tests fix it).
	Now func() time.Time
}

// overlay is what, if anything, covers the tree and takes the keys.
type overlay int

const (
	overlayNone overlay = iota
	overlayPrompt
	overlayPicker
	overlayDialog
	overlayHelp
	overlayPreview // the inline preview (preview_inline.go)
)

// op is the navigation or action that is running; only one runs at a time.
type op struct {
	seq    int
	label  string // "click e12", "open https://…"
	cancel context.CancelFunc
}

// locEntry is the locator ladder of one ref, as read after snapshot seq.
type locEntry struct {
	seq  int
	info *ElementLocators
	err  error
}

// Model is Ariadne's root tea.Model: it routes messages, holds the state,
// and lays out the plain sub-views (tree, details, status, prompts,
// pickers, help). Update does no I/O: browser work runs in tea.Cmds that
// return one message, tagged with a sequence number so that the results of
// cancelled or superseded requests are dropped.
type Model struct {
	opts   Options
	keys   keymap.KeyMap
	styles PaneStyles

	b      Browser
	bgen   int           // bumped on every new browser, to drop its old events
	stopEv chan struct{} // closed to stop the event waiter of the old browser
	dead   bool          // the browser is gone; ctrl+l relaunches

	tree     *Tree
	snap     *refs.Snapshot
	url      string // the page's URL, or the URL being opened
	title    string
	tabIndex int
	tabCount int
	tabIDs   map[string]bool   // the tabs at the last snapshot, to tell new ones
	newTabs  []browser.TabInfo // tabs that appeared and were not reported yet
	partial  bool              // the page had not finished loading

	width, height int
	showDetails   bool
	lang          int // index into refs.Langs()

	seq     int // last request number handed out
	applied int // request number of the snapshot on screen
	busy    *op
	spin    spinner.Model
	follow  bool
	// changeGen numbers the live updates whose changes are marked.
	changeGen int
	liveBusy  bool
	version   string // the page's DOMVersion at the snapshot on screen
	tickGen   int

	lastSel    string // ref (or "") of the selection the settle timer is for
	settleSeq  int
	locs       map[string]*locEntry
	locWanted  map[string]bool // locator reads in flight
	pendingCpy string          // ref whose chosen locator is copied when it arrives
	jumpTo     string          // ref to select once the next snapshot is on screen
	pendingY   string          // ref whose locator picker opens when its locators arrive
	picking    context.CancelFunc

	over    overlay
	prompt  *prompt
	picker  *picker
	dialog  *dialogPrompt
	help    *helpView
	pending []*browser.Dialog       // dialogs waiting behind the one on screen
	hist    map[promptKind][]string // the filter's and the command line's answers, oldest first

	status       status
	notice       string     // shown instead of the status until the first key press
	noticeKind   statusKind // statusErr for a config problem, else statusInfo
	msgs         []logEntry // every status message (messages.go)
	showMessages bool       // the message log replaces the details
	pagePrefix   bool       // copied locators start with page.
	showCode     bool       // the steps pane shows the recording as code (recording_code.go)
	detOff       int        // lines of the details pane scrolled away (J/K); 0 on a new selection
	sideOff      int        // lines the side pane (log, steps, code) is scrolled back from its end (K)
	loading      bool       // m.url is being opened: its title is not known yet
	code         codeCache
	playSeq      int // the playground's last edit (playground.go)

	rec           recording      // the recording (recording.go)
	showSteps     bool           // the steps pane replaces the details
	assertChoices []assertChoice // the rows of the assertion menu
	inline        *inlinePreview // the inline preview on show
	graphics      GraphicsSetup  // Options.Graphics, sixel added when the terminal says so
	cellW, cellH  int            // a cell's size in pixels (defaults until the terminal says)
	cellSaid      bool           // the terminal said cellW, cellH (CSI 16 t), not guessed from its window's
	previewGen    int            // the last preview drawn inline: late messages of older ones are dropped
	assertEdit    assertChoice   // the contains-text assertion whose text the prompt edits
	recordPending bool           // RecordFile waits for the first page
	watching      int            // the browser generation whose window is watched (headful)
}

// New returns the root model.
func New(o Options) *Model {
	if len(o.Keys.Tree.Down.Keys()) == 0 {
		o.Keys = keymap.Default()
	}
	o.Keys.Fixed = keymap.Fixed() // not configurable

	if o.SettleDelay == 0 {
		o.SettleDelay = 50 * time.Millisecond
	}
	if o.PreviewDrawAfter == 0 {
		o.PreviewDrawAfter = previewDrawAfter
	}
	if o.LivePeriod == 0 {
		o.LivePeriod = 700 * time.Millisecond
	}
	if o.OpTimeout == 0 {
		o.OpTimeout = 90 * time.Second
	}
	m := &Model{
		opts:        o,
		keys:        o.Keys,
		styles:      DefaultStyles(true).Pane,
		tree:        NewTree(nil),
		url:         o.URL,
		showDetails: true,
		follow:      o.Follow,
		locs:        map[string]*locEntry{},
		locWanted:   map[string]bool{},
		hist:        map[promptKind][]string{},
		spin:        spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		width:       80,
		height:      24,
		graphics:    o.Graphics,
		cellW:       defaultCellW,
		cellH:       defaultCellH,
	}
	for i, l := range refs.Langs() {
		if l == o.Lang {
			m.lang = i
		}
	}
	m.notice = o.Notice
	if o.Notice != "" {
		if o.NoticeErr {
			m.noticeKind = statusErr
		}
		m.msgs = append(m.msgs, logEntry{at: m.now(), kind: m.noticeKind, text: o.Notice})
	}
	if m.opts.Recording == nil {
		m.opts.Recording = &m.rec
	}
	m.recordPending = o.RecordFile != ""
	return m
}

// Browser returns the current browser session (it changes on relaunch), for
// the caller to close when the program ends.
func (m *Model) Browser() Browser { return m.b }

// Tree returns the page tree view.
func (m *Model) Tree() *Tree { return m.tree }

// Snapshot returns the snapshot on screen, or nil.
func (m *Model) Snapshot() *refs.Snapshot { return m.snap }

// Busy reports the label of the running navigation or action, or "".
func (m *Model) Busy() string {
	if m.busy == nil {
		return ""
	}
	return m.busy.label
}

// StatusText returns the status line's message.
func (m *Model) StatusText() string { return m.status.text }

// Init starts the first session (or adopts Options.Browser and opens the
// first page), the event waiter and the live timer.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.tick(), m.askGraphics()}
	if m.opts.Browser != nil {
		cmds = append(cmds, m.adopt(m.opts.Browser))
		if m.url != "" {
			cmds = append(cmds, m.navigate("open", m.url))
		} else {
			cmds = append(cmds, m.snapshot("snapshot"))
		}
	} else {
		cmds = append(cmds, m.launch())
	}
	return tea.Batch(cmds...)
}

// Update handles one message, then brings what the view shows that is
// derived from the state (the code view) up to date.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	model, cmd := m.update(msg)
	m.syncCode()
	return model, cmd
}

// update handles one message.
func (m *Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, m.closePreview() // its image was drawn for the old size
	case tea.BackgroundColorMsg:
		m.setDark(msg.IsDark())
		return m, nil
	case uv.PrimaryDeviceAttributesEvent:
		return m, m.onDeviceAttributes(msg)
	case uv.CellSizeEvent:
		m.onCellSize(msg)
		return m, nil
	case uv.PixelSizeEvent:
		m.onPixelSize(msg)
		return m, nil
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.PasteMsg:
		return m, m.paste(msg)
	case spinner.TickMsg:
		if m.busy == nil && !m.liveBusy {
			return m, nil // let the spinner stop
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case resultMsg:
		m.rec.update(msg.rec)
		cmd := m.result(msg)
		if m.recordPending && m.snap != nil && m.b != nil && !m.dead {
			// --record: start once the first page is on screen.
			m.recordPending = false
			cmd = tea.Batch(cmd, m.startRecording(m.opts.RecordFile))
		}
		if m.rec.Active() && m.b != nil {
			cmd = tea.Batch(cmd, m.watchWindow()) // a relaunched browser's window
		}
		return m, cmd
	case liveTickMsg:
		return m, m.onTick(msg)
	case liveMsg:
		return m, m.onLive(msg)
	case changesFadedMsg:
		m.onChangesFaded(msg)
		return m, nil
	case eventMsg:
		return m, m.onEvent(msg)
	case tabNamedMsg:
		m.onTabNamed(msg)
		return m, nil
	case dialogDoneMsg:
		return m, tea.Batch(m.onDialogDone(msg), m.recordDialog(msg))
	case recStartedMsg:
		return m, m.onRecStarted(msg)
	case recDoneMsg:
		return m, m.onRecDone(msg)
	case dismissRecordedMsg:
		return m, m.onDismissRecorded(msg)
	case userWatchMsg:
		return m, m.onUserWatch(msg)
	case userActionMsg:
		return m, m.onUserAction(msg)
	case settleMsg:
		return m, m.onSettle(msg)
	case locMsg:
		return m, tea.Batch(m.onLocators(msg), m.prefetch())
	case locBatchMsg:
		return m, m.onLocatorBatch(msg)
	case copiedMsg:
		return m, m.onCopied(msg)
	case pickMsg:
		return m, m.onPick(msg)
	case playTickMsg:
		return m, m.onPlayTick(msg)
	case playMsg:
		return m, m.onPlay(msg)
	case cmdDoneMsg:
		return m, m.onCmdDone(msg)
	case previewMsg:
		return m, m.onPreview(msg)
	case previewImageMsg:
		return m, m.onPreviewImage(msg)
	case previewDrawMsg:
		return m, m.drawPreview(msg.gen)
	case tea.MouseMsg:
		return m, m.mouse(msg)
	}
	return m, nil
}

// View renders the screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion // clicks and the wheel (mouse.go)
	v.WindowTitle = "ariadne"
	if m.title != "" {
		v.WindowTitle = "ariadne — " + Sanitize(m.title)
	}
	return v
}

func (m *Model) setDark(dark bool) {
	st := DefaultStyles(dark)
	m.styles = st.Pane
	m.tree.SetStyles(st.Tree)
	if m.prompt != nil {
		m.prompt.setStyles(m.styles)
	}
}
