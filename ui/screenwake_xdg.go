//go:build (linux && !android) || freebsd || openbsd || netbsd

package ui

// screenWakeOffThread: here Fyne keeps the screen awake through a D-Bus call
// that can wait without end (see screenWake).
const screenWakeOffThread = true
