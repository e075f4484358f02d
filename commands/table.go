package commands

// This file is the table of commands. The run functions are in
// actions.go (what session.Session.Act does), page.go (the rest of the
// page and the tabs), assert.go and find.go.

var (
	ref  = Arg{Name: "REF", Ref: true}
	text = Arg{Name: "TEXT"}
)

// All returns the script commands, in the order of the help text.
func All() []*Command {
	return []*Command{
		{Name: "open", Aliases: []string{"goto"}, Usage: "open URL", Summary: "navigate the current tab",
			Forms: []Form{{{Name: "URL"}}}, Run: runAct},
		{Name: "snapshot", Usage: "snapshot [--interactive] [--json] [--diff]",
			Summary: "`text` is the snapshot; `--json` adds the tree; `--diff` gives what changed since the tab's previous snapshot instead (`diff`, `changes`)",
			Forms:   []Form{{}}, Flags: []Flag{{Name: "interactive", Usage: "keep interactive elements and their ancestors"}, {Name: "json", Usage: "add the tree"},
				{Name: "diff", Usage: "what was added (+), removed (-) and changed (~) since the previous snapshot"}},
			Run: runSnapshot},
		{Name: "find", Usage: "find NAME ROLE [ACCESSIBLE_NAME] [--nth N]",
			Summary: "set `$NAME` to the ref of the first (or Nth, from 1) node with that role and exact name (or, for a node with no name, text) in a fresh snapshot",
			Forms:   []Form{{{Name: "NAME"}, {Name: "ROLE"}}, {{Name: "NAME"}, {Name: "ROLE"}, {Name: "ACCESSIBLE_NAME"}}},
			Flags:   []Flag{{Name: "nth", Value: "N", Usage: "the Nth match, from 1"}}, Run: runFind},
		{Name: "click", Usage: "click REF [--button left|right|middle] [--count N] [--modifiers Shift,Control] [--force]", Summary: "click",
			Forms: []Form{{ref}}, Action: true, Run: runAct,
			Flags: []Flag{{Name: "button", Value: "BUTTON", Usage: "left, right or middle"}, {Name: "count", Value: "N", Usage: "clicks (2: a double-click)"},
				{Name: "modifiers", Value: "KEYS", Usage: "keys held: Shift,Control,Alt,Meta"}, {Name: "force", Usage: "skip the actionability checks and click the element itself"}}},
		{Name: "dblclick", Usage: "dblclick REF", Summary: "double-click", Forms: []Form{{ref}}, Action: true, Run: runAct},
		{Name: "hover", Usage: "hover REF", Summary: "move the mouse over the element", Forms: []Form{{ref}}, Action: true, Run: runAct},
		{Name: "focus", Usage: "focus REF", Summary: "focus the element (not recorded)", Forms: []Form{{ref}}, Action: true, Run: runAct},
		{Name: "clear", Usage: "clear REF", Summary: "empty a text field (recorded as a fill with no text)", Forms: []Form{{ref}}, Action: true, Run: runAct},
		{Name: "type", Usage: "type REF TEXT", Summary: "type key by key", Forms: []Form{{ref, text}}, Action: true, Run: runAct},
		{Name: "fill", Usage: "fill REF TEXT", Summary: "replace the value (inputs, textareas, contenteditable); fires `input` and `change`",
			Forms: []Form{{ref, text}}, Action: true, Run: runAct},
		{Name: "press", Usage: "press [REF] KEYS", Summary: "keys and chords as Playwright names them: `Enter`, `Control+A`, `\"Shift+Tab ArrowDown\"`",
			Forms: []Form{{{Name: "KEYS"}}, {ref, {Name: "KEYS"}}}, Action: true, Run: runAct},
		{Name: "select", Usage: "select REF VALUE...", Summary: "options of a `<select>` by value or label",
			Forms: []Form{{ref, {Name: "VALUE", Rest: true}}}, Action: true, Run: runAct},
		{Name: "check", Usage: "check REF", Summary: "check a checkbox or radio; idempotent, verified afterwards", Forms: []Form{{ref}}, Action: true, Run: runAct},
		{Name: "uncheck", Usage: "uncheck REF", Summary: "uncheck a checkbox; idempotent, verified afterwards", Forms: []Form{{ref}}, Action: true, Run: runAct},
		{Name: "upload", Usage: "upload REF FILE...", Summary: "set files on a file input, or answer the file chooser a button opens",
			Forms: []Form{{ref, {Name: "FILE", Rest: true}}}, Action: true, Run: runAct},
		{Name: "drag", Usage: "drag REF REF", Summary: "drag and drop (mouse events and HTML5 drag and drop)",
			Forms: []Form{{ref, {Name: "TO_REF", Ref: true}}}, Action: true, Run: runAct},
		{Name: "scroll", Usage: "scroll REF | scroll DX DY", Summary: "scroll a ref into view, or the page by pixels",
			Forms: []Form{{ref}, {{Name: "DX"}, {Name: "DY"}}}, Action: true, Run: runAct},
		{Name: "back", Usage: "back", Summary: "go back in the tab's history", Forms: []Form{{}}, Run: runAct},
		{Name: "forward", Usage: "forward", Summary: "go forward in the tab's history", Forms: []Form{{}}, Run: runAct},
		{Name: "reload", Usage: "reload", Summary: "reload the page", Forms: []Form{{}}, Run: runAct},
		{Name: "tabs", Usage: "tabs", Summary: "list the tabs", Forms: []Form{{}}, Run: runTabs},
		{Name: "tab", Usage: "tab N", Summary: "make tab N current (a popup that is opening is waited for)",
			Forms: []Form{{{Name: "N"}}}, Flags: []Flag{commonFlags[0]}, Run: runTab},
		{Name: "close-tab", Usage: "close-tab [N]", Summary: "close tab N, or the current tab", Forms: []Form{{}, {{Name: "N"}}}, Run: runAct},
		{Name: "dialog", Usage: "dialog accept [TEXT] | dialog dismiss", Summary: "answer the open dialog, or the next one",
			Forms: []Form{{{Name: "accept", Word: "accept"}}, {{Name: "accept", Word: "accept"}, text}, {{Name: "dismiss", Word: "dismiss"}}}, Run: runDialog},
		{Name: "wait", Usage: "wait text TEXT | wait url PATTERN | wait tabs N | wait ms N",
			Summary: "wait for text, a URL (substring, glob, or `/regexp/`), a number of open tabs, or time",
			Forms: []Form{{{Name: "text", Word: "text"}, text}, {{Name: "url", Word: "url"}, {Name: "PATTERN"}},
				{{Name: "tabs", Word: "tabs"}, {Name: "N"}}, {{Name: "ms", Word: "ms"}, {Name: "N"}}},
			Flags: []Flag{commonFlags[0]}, Run: runWait},
		{Name: "screenshot", Usage: "screenshot [REF] FILE", Summary: "PNG of the viewport or of an element",
			Forms: []Form{{{Name: "FILE"}}, {ref, {Name: "FILE"}}}, Run: runScreenshot},
		{Name: "assert", Usage: assertUsage,
			Summary: "check the page now, retrying until the action timeout; without TEXT or N the current one is taken (to record it): `count` counts the elements like REF's (its locator without a trailing `nth` or filter, or its last part when scoped); `hidden` holds for a missing element too; `--not` negates",
			Forms:   assertForms, Flags: []Flag{{Name: "not", Usage: "negate"}, commonFlags[0]}, Run: runAssert},
	}
}
