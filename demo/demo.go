// Package demo serves Ariadne's built-in demo site: a handful of small pages,
// embedded in the binary, that each show one thing Ariadne is for (a form, a
// product list with identical buttons, a table with row actions, an iframe, a
// shadow root, a covering cookie banner, dialogs, a list that re-renders
// itself, assorted controls, and content that arrives after the load event).
//
// The site is plain HTML, CSS and JavaScript with no external resources, so
// it works offline. The package uses only the standard library and must not
// import the browser, ui or refs packages.
package demo

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"path"
	"sync"
	"time"
)

//go:embed site
var siteFS embed.FS

// contentTypes fixes the Content-Type of the files we ship, so that responses
// do not depend on the host's MIME tables.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".svg":  "image/svg+xml",
}

// Site returns the embedded site as a file system rooted at the site
// directory (index.html at its top).
func Site() fs.FS {
	sub, err := fs.Sub(siteFS, "site")
	if err != nil {
		panic(err) // "site" is a constant, valid path: unreachable
	}
	return sub
}

// Handler returns an http.Handler that serves the embedded demo site.
func Handler() http.Handler {
	files := http.FileServerFS(Site())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		name := r.URL.Path
		if name == "" || name[len(name)-1] == '/' {
			name += "index.html"
		}
		if ct, ok := contentTypes[path.Ext(name)]; ok {
			h.Set("Content-Type", ct)
		}
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		files.ServeHTTP(w, r)
	})
}

// Server is a running demo site on a loopback port.
type Server struct {
	url  string
	srv  *http.Server
	stop func() bool // detaches the close-on-cancel hook

	closeOnce sync.Once
	closeErr  error
}

// DefaultPort is the port the explorer serves the demo on when it is free,
// the one the manual's examples use, so that recordings made on the demo
// point at the same address next time.
const DefaultPort = 8080

// StartDefault serves the demo site on DefaultPort, or on a free port when
// that one is taken (moved reports which).
func StartDefault(ctx context.Context) (srv *Server, moved bool, err error) {
	if srv, err = StartPort(ctx, DefaultPort); err == nil {
		return srv, false, nil
	}
	srv, err = Start(ctx)
	return srv, true, err
}

// Start serves the demo site on 127.0.0.1 at a free port. The server runs
// until Close is called or ctx is done, whichever comes first.
func Start(ctx context.Context) (*Server, error) { return StartPort(ctx, 0) }

// StartPort is Start on the given loopback port; 0 picks a free one.
func StartPort(ctx context.Context, port int) (*Server, error) {
	if port < 0 || port > 65535 {
		return nil, fmt.Errorf("demo: port %d: want 1-65535, or 0 for any free port", port)
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		if port != 0 {
			return nil, fmt.Errorf("demo: listen on 127.0.0.1:%d (is another program using the port? pick another with --port, or 0 for any): %w", port, err)
		}
		return nil, fmt.Errorf("demo: listen on a loopback port: %w", err)
	}
	srv := &http.Server{
		Handler:           Handler(),
		ReadHeaderTimeout: 10 * time.Second,
	}
	s := &Server{
		url: "http://" + ln.Addr().String() + "/",
		srv: srv,
	}
	s.stop = context.AfterFunc(ctx, func() { _ = srv.Close() })
	go func() { _ = srv.Serve(ln) }()
	return s, nil
}

// URL returns the site's base URL, ending in a slash, such as
// "http://127.0.0.1:41234/".
func (s *Server) URL() string { return s.url }

// Close stops the server at once, closing open connections. Closing twice,
// or after ctx is done, is harmless.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		s.stop()
		err := s.srv.Close()
		if err != nil && !errors.Is(err, http.ErrServerClosed) && !errors.Is(err, net.ErrClosed) {
			s.closeErr = fmt.Errorf("demo: close server: %w", err)
		}
	})
	return s.closeErr
}
