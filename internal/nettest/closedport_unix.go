//go:build unix

// Package nettest holds network helpers for tests: a loopback address
// that refuses connections. It imports nothing of ours.
package nettest

import (
	"fmt"
	"syscall"
	"testing"
)

// ClosedPort returns a loopback address that refuses connections and that
// nothing else can take while the test runs: a socket bound to it that
// never listens (a connection gets a reset, as to a closed port), kept
// until the test ends. Listening on :0 and closing would free the port for
// any other process to take before the test dials it.
func ClosedPort(t *testing.T) string {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Close(fd) })
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("127.0.0.1:%d", sa.(*syscall.SockaddrInet4).Port)
}
