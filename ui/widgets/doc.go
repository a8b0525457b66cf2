// Package widgets holds the Fyne widgets every game's screens share: a
// track stepper for life, ammo and points; a countdown track drawn as a row
// of spaces; a die or draw result that names its seed step; the explanation
// panel of an enemy decision's trace; an entry that says what it expects;
// and a hold-to-confirm button. Each is sized for a tablet on a table:
// every touch target is at least MinTouch on each side.
//
// The widgets never change a campaign themselves: they call back with what
// the player asked for, and the game's screen runs the command and sets the
// new value, so the rules (and the table lock) stay in one place.
package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
)

// MinTouch is the smallest side of anything a finger taps, in dp.
const MinTouch float32 = 48

// Touch wraps obj so it is never smaller than MinTouch on either side.
func Touch(obj fyne.CanvasObject) fyne.CanvasObject {
	return container.New(&minLayout{min: fyne.NewSquareSize(MinTouch)}, obj)
}

// AtLeast wraps obj so it is never smaller than min.
func AtLeast(min fyne.Size, obj fyne.CanvasObject) fyne.CanvasObject {
	return container.New(&minLayout{min: min}, obj)
}

type minLayout struct{ min fyne.Size }

func (m *minLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	layout.NewMaxLayout().Layout(objs, size)
}

func (m *minLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return layout.NewMaxLayout().MinSize(objs).Max(m.min)
}
