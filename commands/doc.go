// Package commands is Ariadne's script commands as data: one table (name,
// usage, summary, the forms of its arguments and which of them are refs,
// its flags, the function that runs it) from which `ariadne run` runs a
// script, `ariadne run --help` and the manual's command table (docs/scripting.md) are made,
// and which the MCP server serves as its tools.
//
// It may import session, browser, refs and recordings. It must never
// import ui, keymap or package main. The syntax of a script line
// (quoting, $NAME variables: SplitWords, ExpandWords) is here too, so that
// `ariadne run` and the MCP server's browser_run read it the same way.
//
// # API
//
//   - All returns the table, in the order of the help text; Lookup finds
//     a command by name or alias.
//   - Command.Parse splits a command's words into a Call (positional
//     arguments matched against the command's Forms, --flags checked
//     against its Flags, the common action flags --timeout and
//     --snapshot read into browser.ActionOptions); errors are
//     bad_argument with the usage.
//   - Command.Run runs a Call on a session.Session and returns the
//     result's fields (a JSON object) and an error with a code.
//   - Help and Markdown print the table for `run --help` and docs/scripting.md.
//   - SplitWords splits a script line into Words as a POSIX shell quotes;
//     ExpandWords replaces $NAME references by the refs find stored.
package commands
