package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"tablekeeper/ui/widgets"
)

// The self-check: a real window cannot be looked into from outside (xdotool
// sees its size, not its controls), so the app looks at its own screen.
// When TABLEKEEPER_SELFCHECK names a file, the app waits for its window to
// lay itself out (TABLEKEEPER_SELFCHECK_AFTER, a Go duration, 1.5 s by
// default), then writes there, a line each, what widgets.CheckScreen finds
// on the screen showing: words cut short, text smaller than the caption
// size, a scroll area of controls shorter than a third of the screen. The
// last line is "checked WxH", so a reader knows the file is whole. The
// real-window check (.ci/window-fit) reads it for every window it opens.
const (
	envSelfCheck      = "TABLEKEEPER_SELFCHECK"
	envSelfCheckAfter = "TABLEKEEPER_SELFCHECK_AFTER"
)

// startSelfCheck runs the self-check once, off the window's thread, if the
// environment asks for it.
func (u *App) startSelfCheck() {
	path := os.Getenv(envSelfCheck)
	if path == "" {
		return
	}
	after := 1500 * time.Millisecond
	if d, err := time.ParseDuration(os.Getenv(envSelfCheckAfter)); err == nil && d >= 0 {
		after = d
	}
	widgets.After(after, func() {
		report := u.selfCheckReport()
		// The file is written beside the window, which goes on answering.
		widgets.Go(func() {
			if err := writeWhole(path, report); err != nil {
				fmt.Fprintln(os.Stderr, "self-check:", err)
			}
		})
	})
}

// selfCheckReport is what the self-check writes: each finding on the
// window's canvas, then "checked WxH".
func (u *App) selfCheckReport() string {
	c := u.Window.Canvas()
	var b strings.Builder
	for _, f := range widgets.CheckScreen(c) {
		b.WriteString(f.String() + "\n")
	}
	s := c.Size()
	fmt.Fprintf(&b, "checked %.0fx%.0f\n", s.Width, s.Height)
	return b.String()
}

// writeWhole writes a file so a reader never sees half of it.
func writeWhole(path, text string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".selfcheck-*")
	if err != nil {
		return err
	}
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
