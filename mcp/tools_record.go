package mcp

// recordTools are the recording and replay tools; they are built on the
// session layer's recorder and replay driver.
func recordTools() []Tool { return nil }
