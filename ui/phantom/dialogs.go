package phantom

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/widgets"
)

// Every dialog of the game is the frame's widgets.Dialog: its content
// scrolls, its buttons stay at the bottom, Escape, Back and its Cancel
// close it, and a refusal shows above its buttons.

// newDialog makes a dialog with a dismiss button named dismiss ("Cancel",
// "Close"); add the action buttons with addAction.
func newDialog(win fyne.Window, title string, body fyne.CanvasObject, dismiss string, onDismiss func()) *widgets.Dialog {
	d := widgets.NewDialog(title, body, win)
	d.SetDismiss(dismiss, onDismiss)
	return d
}

// addAction adds the dialog's main button (high importance).
func addAction(d *widgets.Dialog, label string, icon fyne.Resource, tapped func()) *widget.Button {
	b := d.AddButton(label, icon, tapped)
	b.Importance = widget.HighImportance
	return b
}

// confirm asks a yes-or-no question whose yes changes work already done.
func confirm(win fyne.Window, title, question, yes string, onYes func()) *widgets.Dialog {
	return widgets.ShowConfirm(title, widgets.Paragraph(question), yes, "Cancel", func(ok bool) {
		if ok {
			onYes()
		}
	}, win)
}

// fillWindow makes obj ask for the window's size less room for a
// dialog's title and buttons: a form with its own scrolling parts (the
// preview beside the form, the map editor) then fills the dialog, which
// the frame sizes to what its content asks for, never past the window.
func fillWindow(win fyne.Window, obj fyne.CanvasObject) fyne.CanvasObject {
	return container.New(&fillLayout{win: win}, obj)
}

type fillLayout struct{ win fyne.Window }

func (l *fillLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *fillLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	// The dialog's title, problem line, buttons and paddings.
	reserve := 10*theme.TextSize() + 8*theme.Padding()
	win := l.win.Canvas().Size()
	h := win.Height - reserve
	// As wide as the window less the dialog's margins: on a portrait tablet
	// a form left at its least width wraps its words into a narrow column.
	w := win.Width - 2*theme.InnerPadding() - 2*theme.Padding() - 2
	return fyne.NewSize(max(s.Width, w), max(s.Height, h, 200))
}
