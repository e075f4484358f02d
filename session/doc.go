// Package session owns the use cases of a browser session, between the
// front ends (the explorer in ui/, `ariadne run`, `ariadne replay`, the
// coming MCP server) and browser/. A front end only turns its input into
// calls of this package and shows what comes back.
//
// It may import browser, refs and recordings. It must never import ui,
// keymap or package main: nothing here knows about keys, screens or
// command lines.
//
// # API
//
//   - Browser is what a session needs of a browser; *browser.Browser has
//     every method.
//   - Session{Browser, Recorder} is one session. Session.Act runs an
//     Action (open, back, forward, reload, click, dblclick, hover, focus,
//     clear, type, fill, press, select, check, uncheck, upload, drag,
//     scroll, close-tab): when Recorder is set it reads the locators of
//     the action's elements first (an element no locator finds alone is
//     refused with not_locatable, nothing done) and records the step
//     after, with its dialogs and the tab it opened. The Outcome carries
//     the browser's result, Healed (also when the recorder's reading
//     healed the ref), the steps recorded and new secret variables.
//   - Session.Assert checks an Expect (visible, hidden, enabled, checked,
//     text, contains-text, value, count, url, title, aria-snapshot; Not;
//     Expected, "" for the page's current one), retrying until it holds as
//     Playwright's expect does, and records it when recording. Hidden, not
//     visible and count read the element's locator, not its ref (count:
//     refs.Locator.Counted of it, recorded alone). AriaText is the
//     snapshot text it compares; ContainsText the text a contains-text
//     assertion takes by default.
//   - Recorder is the one recorder. Start creates the file with the same
//     header for every front end (start URL and title of the page, the
//     viewport, the test id attribute; on a blank tab, from the first
//     page opened). Dialog records a dialog answered outside an action,
//     RecordUser what the user did in a visible window (AriadneActed
//     tells those apart from Ariadne's own input), DeleteLast and SaveAs
//     edit the file, State is a copy to show (Gen orders copies).
//   - SwitchTab makes a tab current, waiting briefly for a popup that is
//     still opening.
//   - Replayer is the replay driver (recordings.Driver on a Browser):
//     NewReplayer, Replay, and SaveFailure for the screenshot and ARIA
//     snapshot of a failed step.
package session
