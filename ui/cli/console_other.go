//go:build !windows

package cli

// Console fits the process's console to what it is asked to do; only
// Windows needs anything done (see console_windows.go).
func Console(args []string) {}
