//go:build compat

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"github.com/ariadne-tui/ariadne/internal/nodetools"
)

// The MCP tests run 'ariadne mcp' as a real server process (this test
// binary, re-executed as TestMCPHelperProcess) and drive it with clients
// nobody here wrote: the official TypeScript SDK's client (the task scripts
// of tools/playwright/mcp-flows.mjs) and the MCP Inspector's CLI.

// TestMCPHelperProcess is not a test: run with ARIADNE_MCP_HELPER=1 it is
// 'ariadne' with the arguments from "mcp" on (no "--": the inspector's
// launcher would take what follows it as its own arguments).
func TestMCPHelperProcess(t *testing.T) {
	if os.Getenv("ARIADNE_MCP_HELPER") != "1" {
		t.Skip("helper process for the MCP tests")
	}
	i := slices.Index(os.Args, "mcp")
	code := cli.Main(context.Background(), &cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, os.Args[i:])
	os.Exit(code)
}

// mcpServerCommand is the command line of 'ariadne mcp' for a client to start.
func mcpServerCommand(t *testing.T, args ...string) []string {
	t.Helper()
	needBrowser(t)
	return append([]string{os.Args[0], "-test.run=^TestMCPHelperProcess$", "mcp"}, args...)
}

// mcpDemo serves the demo site, and under /broken/ the same pages with
// their scripts removed: buttons that do nothing, a task that cannot
// succeed.
func mcpDemo(t *testing.T) *httptest.Server {
	t.Helper()
	site := demo.Handler()
	scripts := regexp.MustCompile(`(?s)<script>.*?</script>`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rest, ok := strings.CutPrefix(r.URL.Path, "/broken/"); ok {
			rec := httptest.NewRecorder()
			r2 := r.Clone(r.Context())
			r2.URL.Path = "/" + rest
			site.ServeHTTP(rec, r2)
			w.Header().Set("Content-Type", rec.Header().Get("Content-Type"))
			w.WriteHeader(rec.Code)
			w.Write(scripts.ReplaceAll(rec.Body.Bytes(), nil))
			return
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

type flowReport struct {
	Tools []string `json:"tools"`
	Flows []struct {
		Name      string         `json:"name"`
		OK        bool           `json:"ok"`
		Error     string         `json:"error"`
		Result    map[string]any `json:"result"`
		Calls     int            `json:"calls"`
		Chars     int            `json:"chars"`
		Snapshots []int          `json:"snapshots"`
		Stale     int            `json:"stale"`
		Healed    int            `json:"healed"`
	} `json:"flows"`
}

// runFlows runs mcp-flows.mjs against base with the server command.
func runFlows(t *testing.T, base string, only string, server []string) flowReport {
	t.Helper()
	dir := nodetools.Dir(t, "..", "@modelcontextprotocol/sdk")
	args := []string{filepath.Join(dir, "mcp-flows.mjs"), base}
	if only != "" {
		args = append(args, "--only", only)
	}
	args = append(append(args, "--"), server...)
	ctx, cancel := nodetools.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ARIADNE_MCP_HELPER=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("mcp-flows.mjs: %v\n%s", err, stderr.String())
	}
	var rep flowReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("mcp-flows.mjs printed %q: %v\nstderr: %s", stdout.String(), err, stderr.String())
	}
	return rep
}

func TestMCPFlowsWithTheTypeScriptSDK(t *testing.T) {
	t.Parallel()
	srv := mcpDemo(t)
	rep := runFlows(t, srv.URL, "", mcpServerCommand(t, "--action-timeout", "5s"))
	for _, name := range append(playwrightToolNames(), "browser_generate_locator", "browser_find", "browser_snapshot_diff") {
		if !slices.Contains(rep.Tools, name) {
			t.Errorf("tools/list lacks %s: %v", name, rep.Tools)
		}
	}
	want := map[string]map[string]any{
		"signin":   {"status": "Signed in as ada@example.com", "remember": true},
		"product":  {"cart": "Cart: 1 item", "second": "1 in cart"},
		"table":    {"status": "Deleted Grace Hopper. 3 members left", "rows": []any{"Ada Lovelace", "Alan Turing", "Katherine Johnson"}},
		"iframe":   {"status": "Paid with card ending 4242"},
		"shadow":   {"counts": []any{"Count: 0", "Count: 1"}},
		"dialog":   {"modal": true, "status": "prompt: Theseus"},
		"popup":    {"popupTab": float64(1), "status": "Hello from the popup (1)", "url": "/popup.html"},
		"rerender": {"status": "Likes: 1 (last: Map the corridors)"},
	}
	seen := map[string]bool{}
	for _, f := range rep.Flows {
		seen[f.Name] = true
		if !f.OK {
			t.Errorf("flow %s failed: %s", f.Name, f.Error)
			continue
		}
		for k, v := range want[f.Name] {
			got, _ := json.Marshal(f.Result[k])
			exp, _ := json.Marshal(v)
			if string(got) != string(exp) {
				t.Errorf("flow %s: the page shows %s = %s, want %s", f.Name, k, got, exp)
			}
		}
		if f.Stale > 0 {
			t.Errorf("flow %s: %d refs went stale", f.Name, f.Stale)
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("flow %s did not run", name)
		}
	}
	for _, f := range rep.Flows {
		if f.Name == "rerender" && f.Healed == 0 {
			t.Errorf("the click on the re-rendered list should report a healed ref")
		}
	}
}

// A page whose buttons do nothing must not pass: the flows report what the
// page shows, and it is not what the task wanted.
func TestMCPFlowsFailOnABrokenPage(t *testing.T) {
	t.Parallel()
	srv := mcpDemo(t)
	rep := runFlows(t, srv.URL+"/broken", "product,signin", mcpServerCommand(t))
	for _, f := range rep.Flows {
		switch f.Name {
		case "product":
			if f.OK && f.Result["cart"] == "Cart: 1 item" {
				t.Errorf("broken products page: the cart says %v", f.Result["cart"])
			}
		case "signin":
			if f.OK && f.Result["status"] == "Signed in as ada@example.com" {
				t.Errorf("broken sign-in page: the status says %v", f.Result["status"])
			}
		}
	}
	if len(rep.Flows) != 2 {
		t.Fatalf("ran %d flows, want 2", len(rep.Flows))
	}
}

func TestMCPInspectorCLI(t *testing.T) {
	t.Parallel()
	srv := mcpDemo(t)
	dir := nodetools.Dir(t, "..", "@modelcontextprotocol/inspector")
	cli := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "inspector", "cli", "build", "cli.js")
	// The server is given in a config file, as MCP clients are set up.
	server := mcpServerCommand(t)
	config, err := json.Marshal(map[string]any{"mcpServers": map[string]any{"ariadne": map[string]any{
		"command": server[0], "args": server[1:], "env": map[string]string{"ARIADNE_MCP_HELPER": "1", "PATH": os.Getenv("PATH"), "CHROME_PATH": os.Getenv("CHROME_PATH")},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	configFile := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(configFile, config, 0o644); err != nil {
		t.Fatal(err)
	}
	inspect := func(args ...string) map[string]any {
		t.Helper()
		ctx, cancel := nodetools.Context(t)
		defer cancel()
		full := []string{cli, "--cli", "--config", configFile, "--server", "ariadne"}
		cmd := exec.CommandContext(ctx, "node", append(full, args...)...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("inspector %v: %v\n%s\n%s", args, err, stdout.String(), stderr.String())
		}
		var out map[string]any
		if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
			t.Fatalf("inspector printed %q: %v", stdout.String(), err)
		}
		return out
	}
	list := inspect("--method", "tools/list")
	tools, _ := list["tools"].([]any)
	var names []string
	for _, x := range tools {
		m, _ := x.(map[string]any)
		names = append(names, m["name"].(string))
	}
	for _, n := range playwrightToolNames() {
		if !slices.Contains(names, n) {
			t.Errorf("the inspector does not list %s", n)
		}
	}
	call := inspect("--method", "tools/call", "--tool-name", "browser_navigate", "--tool-arg", "url="+srv.URL+"/products.html")
	content, _ := call["content"].([]any)
	if len(content) == 0 {
		t.Fatalf("browser_navigate answered %v", call)
	}
	text, _ := content[0].(map[string]any)["text"].(string)
	if got := len(regexp.MustCompile(`button "Add to cart" \[ref=e\d+\]`).FindAllString(text, -1)); got != 4 {
		t.Errorf("the snapshot shows %d Add to cart buttons with refs, want 4:\n%s", got, text)
	}
	if call["isError"] == true {
		t.Errorf("browser_navigate failed: %s", text)
	}
}

// playwrightToolNames are the tools Ariadne shares with Playwright MCP.
func playwrightToolNames() []string {
	return []string{"browser_navigate", "browser_navigate_back", "browser_snapshot", "browser_click", "browser_type",
		"browser_fill_form", "browser_select_option", "browser_hover", "browser_drag", "browser_press_key",
		"browser_file_upload", "browser_handle_dialog", "browser_tabs", "browser_wait_for", "browser_take_screenshot",
		"browser_resize", "browser_close", "browser_console_messages", "browser_evaluate"}
}
