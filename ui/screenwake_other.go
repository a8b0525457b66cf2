//go:build !((linux && !android) || freebsd || openbsd || netbsd)

package ui

// screenWakeOffThread: here keeping the screen awake is a call that must be
// made on the app's main thread and never waits (see screenWake).
const screenWakeOffThread = false
