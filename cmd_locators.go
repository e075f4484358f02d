package main

import "context"

// runLocators is being built; until then it says so.
func runLocators(ctx context.Context, e *env, args []string) error {
	return usagef("locators: not built yet")
}
