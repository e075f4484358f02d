//go:build e2e

package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"testing"
	"time"
)

// A DevTools port given (--cdp-port 9333) is served and reported as given:
// Chromium writes DevToolsActivePort only for a port it chose itself, and
// the launch used to fail reading that file.
func TestLaunchOnAGivenDebugPort(t *testing.T) {
	t.Parallel()
	if _, err := FindChrome(""); err != nil {
		launchTest(t) // skips or fails as every browser test does
	}
	var b *Browser
	var port int
	// The port is free when the listener closes; another process may take
	// it before Chromium does, so a failed start tries another one.
	for try := 0; b == nil; try++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port = l.Addr().(*net.TCPAddr).Port
		l.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		b, err = Launch(ctx, Options{DebugPort: port})
		cancel()
		if err != nil && try == 2 {
			t.Fatalf("launching on port %d: %v", port, err)
		}
	}
	t.Cleanup(func() { b.Close() })
	if got := b.DebugPort(); got != port {
		t.Errorf("DebugPort() = %d, want the port given, %d", got, port)
	}
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/json/version", port))
	if err != nil {
		t.Fatalf("the browser does not serve DevTools on the port given: %v", err)
	}
	defer resp.Body.Close()
	var v struct {
		Browser string `json:"Browser"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil || v.Browser == "" {
		t.Errorf("/json/version: %+v %v", v, err)
	}
}
