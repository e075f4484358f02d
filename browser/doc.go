// Package browser drives Chromium through chromedp for Ariadne: it launches
// or attaches to a browser, tracks tabs and frames, reads ARIA snapshots with
// an injected script in an isolated world, and acts on refs.
//
// It fills the types of package refs and must not import ui, keymap or
// recordings: it has no user interface code.
package browser
