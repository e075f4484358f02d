// Command ariadne explores and drives web pages from the terminal through
// their ARIA tree. The command line is package internal/cli; the manual is
// docs/.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/ariadne-tui/ariadne/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Main(ctx, &cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, os.Args[1:])
	stop()
	os.Exit(code)
}
