package mcp

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// listTools starts the server on an in-memory transport (no browser: the
// tool list needs none) and returns tools/list as JSON objects.
func listTools(t *testing.T) map[string]map[string]any {
	t.Helper()
	ctx := context.Background()
	s, err := New(nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	go s.Run(sctx, st)
	c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]any{}
	for _, tool := range res.Tools {
		raw, _ := json.Marshal(tool)
		var m map[string]any
		json.Unmarshal(raw, &m)
		out[tool.Name] = m
	}
	return out
}

// Every tool Ariadne shares with Playwright MCP 0.0.83 takes every argument
// that Playwright MCP's takes (testdata: its tools/list), with the same JSON
// type, and requires no argument that Playwright MCP does not.
func TestToolsTakePlaywrightMCPArguments(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/playwright-mcp-0.0.83-tools.json")
	if err != nil {
		t.Fatal(err)
	}
	var theirs []struct {
		Name        string `json:"name"`
		InputSchema struct {
			Properties map[string]map[string]any `json:"properties"`
			Required   []string                  `json:"required"`
		} `json:"inputSchema"`
	}
	if err := json.Unmarshal(raw, &theirs); err != nil {
		t.Fatal(err)
	}
	ours := listTools(t)
	// Playwright MCP tools Ariadne does not offer (see the README).
	notOurs := []string{"browser_emulate_media", "browser_drop", "browser_network_requests", "browser_network_request", "browser_run_code_unsafe"}
	shared := 0
	for _, pt := range theirs {
		ot, ok := ours[pt.Name]
		if !ok {
			if !slices.Contains(notOurs, pt.Name) {
				t.Errorf("Ariadne lacks Playwright MCP's %s", pt.Name)
			}
			continue
		}
		shared++
		schema, _ := ot["inputSchema"].(map[string]any)
		props, _ := schema["properties"].(map[string]any)
		for name, p := range pt.InputSchema.Properties {
			op, ok := props[name].(map[string]any)
			if !ok {
				t.Errorf("%s lacks the argument %s", pt.Name, name)
				continue
			}
			if !sameType(p["type"], op["type"]) {
				t.Errorf("%s.%s is %v, Playwright MCP's is %v", pt.Name, name, op["type"], p["type"])
			}
		}
		req, _ := schema["required"].([]any)
		for _, r := range req {
			if !slices.Contains(pt.InputSchema.Required, r.(string)) {
				t.Errorf("%s requires %s, which Playwright MCP does not", pt.Name, r)
			}
		}
	}
	if shared != 20 {
		t.Errorf("%d tools shared with Playwright MCP, want 20 (its 19 and browser_find)", shared)
	}
}

func sameType(a, b any) bool {
	norm := func(x any) any {
		if x == "integer" {
			return "number"
		}
		return x
	}
	return a == nil || norm(a) == norm(b)
}

// The tool table is what the server lists: names unique, each described.
func TestToolTable(t *testing.T) {
	t.Parallel()
	listed := listTools(t)
	seen := map[string]bool{}
	for _, tool := range Tools() {
		if seen[tool.Name] {
			t.Errorf("%s twice", tool.Name)
		}
		seen[tool.Name] = true
		if tool.Description == "" || tool.Title == "" {
			t.Errorf("%s has no title or description", tool.Name)
		}
		if _, ok := listed[tool.Name]; !ok {
			t.Errorf("%s is in the table but not listed", tool.Name)
		}
	}
	if len(listed) != len(seen) {
		t.Errorf("listed %d tools, the table has %d", len(listed), len(seen))
	}
}

// A tool table mistake is an error from New, not a panic: a schema that is
// not an object, or an enum on a property the arguments lack.
func TestToolSchemaErrors(t *testing.T) {
	t.Parallel()
	type args struct {
		Mode string `json:"mode"`
	}
	if _, err := toolSchema[args](map[string][]string{"mode": {"a", "b"}}); err != nil {
		t.Errorf("a good schema: %v", err)
	}
	if _, err := toolSchema[args](map[string][]string{"nosuch": {"a"}}); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf("an enum on a missing property: %v, want an error naming it", err)
	}
	if _, err := toolSchema[int](nil); err == nil || !strings.Contains(err.Error(), "object") {
		t.Errorf("a non-object schema: %v, want an error", err)
	}
	if s, err := New(nil, Options{}); err != nil || s == nil {
		t.Fatalf("New with the real table: %v", err)
	}
}
