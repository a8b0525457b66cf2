// Package ui is Tablekeeper's Fyne interface. It takes the fyne.App it is
// given, so tests drive it with fyne's test app, without cgo or a display;
// only main.go imports the GLFW driver.
package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/storage"
	"tablekeeper/tracker"
)

// Options say what the window opens.
type Options struct {
	DBPath   string
	Registry tracker.Registry
}

// Run opens the campaign file, shows the main window and blocks until it is
// closed. A file that cannot be opened is explained in the window.
func Run(a fyne.App, opt Options) error {
	w := a.NewWindow("Tablekeeper")
	db, err := storage.Open(opt.DBPath, opt.Registry)
	if err != nil {
		w.SetContent(container.NewPadded(widget.NewLabel(err.Error())))
	} else {
		defer db.Close()
		w.SetContent(container.NewPadded(widget.NewLabel("Tablekeeper — " + db.Path())))
	}
	w.Resize(fyne.NewSize(1024, 700))
	w.ShowAndRun()
	return nil
}
