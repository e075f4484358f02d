package main

import "context"

// runTUI is being built; until then it says so.
func runTUI(ctx context.Context, e *env, args []string) error {
	return runSnapshot(ctx, e, args)
}
