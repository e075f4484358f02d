package main

import "context"

// runScript is being built; until then it says so.
func runScript(ctx context.Context, e *env, args []string) error {
	return usagef("run: not built yet")
}
