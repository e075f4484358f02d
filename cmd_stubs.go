package main

import "context"

// Commands still being built; each returns a clear error until it lands.

func runTUI(ctx context.Context, e *env, args []string) error {
	return runSnapshot(ctx, e, args)
}
func runLocators(ctx context.Context, e *env, args []string) error {
	return usagef("locators: not built yet")
}
func runScript(ctx context.Context, e *env, args []string) error {
	return usagef("run: not built yet")
}
func runReplay(ctx context.Context, e *env, args []string) error {
	return usagef("replay: not built yet")
}
func runExport(ctx context.Context, e *env, args []string) error {
	return usagef("export: not built yet")
}
func runImport(ctx context.Context, e *env, args []string) error {
	return usagef("import: not built yet")
}
