package uitest

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/widgets"
)

// Entry is the text entry o is, whatever its type: a widget.Entry, or one
// of ours built on it (widgets.TextEntry, which lets the device's Back
// through; widgets.CheckedEntry). A test looking for an entry by its
// placeholder should use it, so a screen that moves to our entries keeps
// its tests.
func Entry(o fyne.CanvasObject) (*widget.Entry, bool) {
	switch e := o.(type) {
	case *widget.Entry:
		return e, true
	case *widgets.TextEntry:
		return &e.Entry, true
	case *widgets.CheckedEntry:
		return &e.Entry, true
	case *widgets.SuggestEntry:
		return &e.Entry, true
	}
	return nil, false
}
