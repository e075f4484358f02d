//go:build !unix

package nettest

import (
	"net"
	"testing"
)

// ClosedPort returns a loopback address where nothing listens (on unix it
// is kept bound; here the port is only free, see closedport_unix.go).
func ClosedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}
