package mcp

func ariadneTools() []Tool { return nil }
