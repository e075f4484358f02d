package cli

import (
	"context"
	"net"
	"net/url"
	"strconv"
	"sync"

	"github.com/ariadne-tui/ariadne/demo"
)

// demoServers serves the built-in demo again for the recordings made on it
// (their header says "demo": true), at the start URL's loopback port, when
// nothing listens there; one server per port for the whole replay run.
type demoServers struct {
	mu   sync.Mutex
	srvs map[int]*demo.Server
}

// serve starts the demo at startURL's port unless it is not a loopback
// address or something (an 'ariadne demo' of the user's) listens there.
func (d *demoServers) serve(ctx context.Context, startURL string) {
	u, err := url.Parse(startURL)
	if err != nil || u.Scheme != "http" {
		return
	}
	if ip := net.ParseIP(u.Hostname()); ip == nil || !ip.IsLoopback() {
		return
	}
	port, err := strconv.Atoi(u.Port())
	if err != nil || port <= 0 {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.srvs[port] != nil {
		return
	}
	srv, err := demo.StartPort(ctx, port)
	if err != nil {
		return // taken: whatever listens there serves the pages
	}
	if d.srvs == nil {
		d.srvs = map[int]*demo.Server{}
	}
	d.srvs[port] = srv
}

// close stops the demo servers the run started.
func (d *demoServers) close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, s := range d.srvs {
		s.Close()
	}
	d.srvs = nil
}
