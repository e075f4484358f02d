package main

import "context"

// runImport is being built; until then it says so.
func runImport(ctx context.Context, e *env, args []string) error {
	return usagef("import: not built yet")
}
