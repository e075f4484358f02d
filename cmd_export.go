package main

import "context"

// runExport is being built; until then it says so.
func runExport(ctx context.Context, e *env, args []string) error {
	return usagef("export: not built yet")
}
