package main

import "context"

// runReplay is being built; until then it says so.
func runReplay(ctx context.Context, e *env, args []string) error {
	return usagef("replay: not built yet")
}
