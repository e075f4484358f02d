// Package mcp is Ariadne's Model Context Protocol server: the tools an agent
// calls to drive one long-lived browser session (Playwright MCP's tools with
// the same names and arguments, and Ariadne's own: locators, find, snapshot
// diffs, recording, replay), with answers kept small: snapshots scoped,
// depth-limited and with long runs of alike siblings elided, and actions
// answered with what changed on the page.
//
// It reaches the browser only through the Session interface, and must not
// import ui or keymap; the command line (cmd_mcp.go) builds it.
package mcp
