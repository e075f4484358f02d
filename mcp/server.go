package mcp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// Options configure the server.
type Options struct {
	Version string // Ariadne's version, reported to the client
	// Lang is the default language of generated locators.
	Lang refs.Lang
	// Dir is where relative file names (screenshots, recordings, exports)
	// are written; empty: the working directory.
	Dir string
	// Remote says the browser is someone else's (--remote): browser_close
	// closes this server's tabs and detaches, leaving the browser running.
	Remote bool
	// Lookup reads the environment variables a replayed recording's
	// secrets name; nil is os.LookupEnv.
	Lookup func(name string) (string, bool)
}

// Server is one MCP server bound to one browser session.
type Server struct {
	sess Session
	opts Options
	sdk  *sdk.Server

	mu sync.Mutex // serializes tool calls: one browser, one agent
	// last is the last snapshot each tab showed the agent (by tab id), the
	// base of the next diff.
	last map[string]*refs.Snapshot
	// closed is set by browser_close; the server then answers
	// browser_closed until it exits.
	closed bool
	// lastClicked is the ref of the last click, the default target of
	// browser_file_upload (a click opens the chooser in Playwright MCP).
	lastClicked string
	// pending is an action a page dialog held up.
	pending *inflight
	rec     recState

	// recorded is what actions recorded since the last answer said so; an
	// action a dialog held up adds to it when it ends, hence the lock.
	recMu    sync.Mutex
	recorded []string
	// vars are the refs browser_run's find stored, for $NAME.
	vars map[string]string
}

// New builds a server on sess with every tool registered. It fails, with
// the tool named, when a tool's input schema cannot be made.
func New(sess Session, opts Options) (*Server, error) {
	if opts.Lang == "" {
		opts.Lang = refs.JavaScript
	}
	s := &Server{sess: sess, opts: opts, last: map[string]*refs.Snapshot{}, vars: map[string]string{}}
	s.sdk = sdk.NewServer(&sdk.Implementation{Name: "ariadne", Title: "Ariadne", Version: opts.Version}, &sdk.ServerOptions{
		Instructions: instructions,
	})
	for _, t := range Tools() {
		if t.add == nil {
			continue
		}
		if err := t.add(s); err != nil {
			return nil, fmt.Errorf("mcp: adding the tools: %w", err)
		}
	}
	return s, nil
}

const instructions = `Ariadne drives one browser through its ARIA tree. Take browser_snapshot to get refs ([ref=e12]); pass a ref as "target". Actions answer with what changed on the page since the last snapshot, not the whole page (pass "snapshot": true for the whole page). Refs survive re-renders (healed) and die on navigation (stale_ref: take a new snapshot). Long runs of alike items are elided; their refs stay valid.`

// Run serves MCP on t until the client goes away or ctx ends.
func (s *Server) Run(ctx context.Context, t sdk.Transport) error {
	return s.sdk.Run(ctx, t)
}

// Close ends the server's recording, if one runs (every step is on disk
// already). The browser is the caller's to close.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopRecording()
}

// stopRecording closes the recording, if one runs; the caller holds s.mu.
func (s *Server) stopRecording() error {
	if r := s.rec.rec; r != nil {
		s.rec.rec = nil
		return r.Close()
	}
	return nil
}

// session is the session layer on the server's browser, with the
// recorder when recording.
func (s *Server) session() session.Session {
	return session.Session{Browser: s.sess, Recorder: s.rec.rec}
}

// noteRecorded keeps what an action recorded, and the secrets to set, for
// the next answer.
func (s *Server) noteRecorded(out *session.Outcome) {
	s.recMu.Lock()
	defer s.recMu.Unlock()
	for _, st := range out.Steps {
		s.recorded = append(s.recorded, "recorded: "+refs.EscapeHidden(recordings.Summary(st)))
	}
	for _, name := range out.NewSecrets {
		s.recorded = append(s.recorded, session.SecretNotice(name))
	}
}

// sayRecorded adds what was recorded since the last answer.
func (s *Server) sayRecorded(a *answer) {
	s.recMu.Lock()
	defer s.recMu.Unlock()
	a.result = append(a.result, s.recorded...)
	s.recorded = nil
}

// path resolves a file name the agent gave against the output directory.
func (s *Server) path(name string) string {
	if filepath.IsAbs(name) || s.opts.Dir == "" {
		return name
	}
	return filepath.Join(s.opts.Dir, name)
}

// Tool is one tool of the server: its name, what it says to the agent, and
// how it is added. Tools() is the table that the server, its tests and the
// manual (docs/mcp.md) are made from.
type Tool struct {
	Name        string
	Title       string
	Description string
	ReadOnly    bool
	// Playwright is set for tools Playwright MCP has with the same name and
	// arguments.
	Playwright bool
	add        func(s *Server) error
}

// toolTimeout bounds a whole call beyond the session's own timeouts.
const toolTimeout = 2 * time.Minute

// def makes a Tool whose handler takes arguments of type In. enums gives
// the allowed values of string (or string array) properties.
func def[In any](name, title, desc string, flags toolFlags, enums map[string][]string, h func(ctx context.Context, s *Server, in In) (*answer, error)) Tool {
	t := Tool{Name: name, Title: title, Description: desc, ReadOnly: flags&readOnly != 0, Playwright: flags&playwright != 0}
	t.add = func(s *Server) error {
		schema, err := toolSchema[In](enums)
		if err != nil {
			return fmt.Errorf("tool %s: %w", name, err)
		}
		ann := &sdk.ToolAnnotations{Title: title, ReadOnlyHint: t.ReadOnly, OpenWorldHint: new(true)}
		if !t.ReadOnly {
			ann.DestructiveHint = new(true)
		}
		tool := &sdk.Tool{Name: name, Title: title, Description: desc, InputSchema: schema, Annotations: ann}
		sdk.AddTool(s.sdk, tool, func(ctx context.Context, _ *sdk.CallToolRequest, in In) (*sdk.CallToolResult, any, error) {
			return s.call(ctx, name, func(ctx context.Context) (*answer, error) { return h(ctx, s, in) }), nil, nil
		})
		return nil
	}
	return t
}

// toolSchema is the input schema of a tool taking In, with enums added at
// their dotted property paths. It checks what sdk.AddTool would panic on
// (an object schema that resolves), so that adding the tool cannot panic.
func toolSchema[In any](enums map[string][]string) (*jsonschema.Schema, error) {
	schema, err := jsonschema.For[In](nil)
	if err != nil {
		return nil, err
	}
	tidy(schema)
	for path, vals := range enums {
		p := schema
		for _, name := range strings.Split(path, ".") {
			if p.Items != nil {
				p = p.Items
			}
			if p = p.Properties[name]; p == nil {
				return nil, fmt.Errorf("enum for %s: no such property", path)
			}
		}
		if p.Items != nil {
			p = p.Items
		}
		for _, v := range vals {
			p.Enum = append(p.Enum, v)
		}
	}
	if schema.Type != "object" {
		return nil, fmt.Errorf("input schema has type %q, want \"object\"", schema.Type)
	}
	if _, err := schema.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true}); err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	return schema, nil
}

type toolFlags int

const (
	readOnly toolFlags = 1 << iota
	playwright
)

// call runs one tool call: one at a time, bounded, with errors turned into
// tool errors that carry their code and what to do next.
func (s *Server) call(ctx context.Context, name string, fn func(ctx context.Context) (*answer, error)) *sdk.CallToolResult {
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, toolTimeout)
	defer cancel()
	if s.closed && name != "browser_close" {
		return toolError(refs.Errorf(refs.CodeBrowserClosed, "the browser was closed by browser_close; restart the MCP server to get a new one"))
	}
	if err := s.modalGate(name); err != nil {
		return toolError(err)
	}
	a, err := fn(ctx)
	if err != nil {
		return toolError(s.explain(err))
	}
	return a.toolResult()
}

// Tools is the table of every tool the server offers, Playwright MCP's
// first.
func Tools() []Tool {
	var out []Tool
	out = append(out, pageTools()...)
	out = append(out, actionTools()...)
	out = append(out, ariadneTools()...)
	return out
}

// tidy makes an inferred schema read like a hand-written one: an object
// with no fields has empty properties, and Go slices (nullable) are plain
// arrays.
func tidy(s *jsonschema.Schema) {
	if s.Type == "object" && s.Properties == nil {
		s.Properties = map[string]*jsonschema.Schema{}
	}
	if len(s.Types) == 2 && s.Types[0] == "null" {
		s.Type, s.Types = s.Types[1], nil
	}
	for _, p := range s.Properties {
		tidy(p)
	}
	if s.Items != nil {
		tidy(s.Items)
	}
}
