package phantom

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
)

// showDialog shows a dialog whose body scrolls and whose buttons stay at
// the bottom, sized to the window (never past it).
func showDialog(win fyne.Window, title string, body fyne.CanvasObject, buttons ...fyne.CanvasObject) *dialog.CustomDialog {
	d := dialog.NewCustomWithoutButtons(title, container.NewVScroll(body), win)
	d.SetButtons(buttons)
	size := win.Canvas().Size()
	d.Resize(fyne.NewSize(min(size.Width*0.96, 1000), min(size.Height*0.92, 1100)))
	d.Show()
	return d
}

// showDialogFixed is showDialog for a body that scrolls its own parts.
func showDialogFixed(win fyne.Window, title string, body fyne.CanvasObject, buttons ...fyne.CanvasObject) *dialog.CustomDialog {
	d := dialog.NewCustomWithoutButtons(title, body, win)
	d.SetButtons(buttons)
	size := win.Canvas().Size()
	d.Resize(fyne.NewSize(min(size.Width*0.96, 1000), min(size.Height*0.92, 1100)))
	d.Show()
	return d
}
