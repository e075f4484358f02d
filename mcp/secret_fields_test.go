package mcp

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecretFieldsStaySecret records, through the MCP tools, fills of
// fields whose secrecy is not their type at every moment
// (testdata/hostile/secret-fields.html): browser_fill_form into a field
// that becomes a password on focus, and into a password field that the
// page's "Show password" then makes type=text, followed by
// browser_record_assert aria-snapshot of the page and of the field. The
// fills are recorded as secrets, the snapshot assertions show the values
// as /.+/, and no answer, the recording or any export holds a value.
func TestSecretFieldsStaySecret(t *testing.T) {
	t.Parallel()
	const passcode, password = "Mcp-Passcode-2718", "Mcp-Password-1618"
	c := startServer(t)
	srv := httptest.NewServer(http.FileServer(http.Dir(filepath.Join("..", "testdata", "hostile"))))
	t.Cleanup(srv.Close)
	rec := filepath.Join(t.TempDir(), "fields.jsonl")
	page := c.ok("browser_navigate", map[string]any{"url": srv.URL + "/secret-fields.html"})
	answers := map[string]string{"navigate": page}
	answers["record_start"] = c.ok("browser_record_start", map[string]any{"filename": rec})
	pc, pw := ref(t, page, "textbox", "Passcode", 0), ref(t, page, "textbox", "Password", 0)
	answers["fill passcode"] = c.ok("browser_fill_form", map[string]any{"fields": []map[string]any{{"target": pc, "name": "Passcode", "type": "textbox", "value": passcode}}})
	if !strings.Contains(answers["fill passcode"], "ARIADNE_SECRET_PASSCODE") {
		t.Errorf("the passcode should be recorded as the secret ARIADNE_SECRET_PASSCODE:\n%s", answers["fill passcode"])
	}
	answers["fill password"] = c.ok("browser_fill_form", map[string]any{"fields": []map[string]any{{"target": pw, "name": "Password", "type": "textbox", "value": password}}})
	answers["show"] = c.ok("browser_click", map[string]any{"target": ref(t, page, "button", "Show password", 0)})
	if v := c.eval(`() => document.getElementById('password').type`); v != "text" {
		t.Fatalf("Show password should make the field type=text, it is %v", v)
	}
	answers["assert page"] = c.ok("browser_record_assert", map[string]any{"kind": "aria-snapshot"})
	answers["assert field"] = c.ok("browser_record_assert", map[string]any{"kind": "aria-snapshot", "target": pw})
	answers["snapshot"] = c.ok("browser_snapshot", nil)
	answers["record_stop"] = c.ok("browser_record_stop", nil)
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	answers["recording"] = string(data)
	for _, want := range []string{`"secret":"ARIADNE_SECRET_PASSCODE"`, `"secret":"ARIADNE_SECRET_PASSWORD"`, `textbox \"Password\": /.+/`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the recording has no %s:\n%s", want, data)
		}
	}
	for _, f := range []struct{ format, ext string }{
		{"playwright-test", ".spec.ts"}, {"playwright-python", ".py"}, {"devtools-recorder", ".json"}, {"chromedp", ".go"},
	} {
		answers["export "+f.format] = c.ok("browser_record_export", map[string]any{"format": f.format})
		body, err := os.ReadFile(strings.TrimSuffix(rec, ".jsonl") + f.ext)
		if err != nil {
			t.Fatalf("export %s: %v", f.format, err)
		}
		answers[f.format+" file"] = string(body)
	}
	for what, s := range answers {
		for _, secret := range []string{passcode, password} {
			if strings.Contains(s, secret) {
				t.Errorf("%s holds %q:\n%.3000s", what, secret, s)
			}
		}
	}
}
