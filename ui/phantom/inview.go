package phantom

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// scrollIntoView scrolls sc so that o, somewhere in its content, shows
// whole: for the next thing to tap (Start, once all a mission needs is
// entered) to be where the players look, not below the fold.
func scrollIntoView(sc *container.Scroll, o fyne.CanvasObject) {
	app := fyne.CurrentApp()
	if sc == nil || o == nil || app == nil || !o.Visible() {
		return
	}
	d := app.Driver()
	top := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(sc.Content).Y
	bottom := top + o.Size().Height
	view := sc.Size().Height
	off := sc.Offset
	switch {
	case top < off.Y:
		off.Y = max(0, top-theme.Padding())
	case bottom > off.Y+view:
		off.Y = bottom - view + theme.Padding()
	default:
		return
	}
	sc.ScrollToOffset(off)
}
