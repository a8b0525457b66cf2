package reich

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// mapSplit lays a map and its panel out by the space there is, never by
// what they show (issue 22: "lay out by the space there is … not by a
// fixed split" of content): side by side when the space is wider than
// tall, the map on the left; else the map above the panel. The map's part
// is a fixed share of the space, so nothing the panel says moves or
// resizes the map, and no panel squeezes the map into a strip (in portrait
// at the largest text the map editor's side panel left the grid 88 px
// wide; the Enemy tab showed a row and a half of areas under its buttons).
type mapSplit struct {
	// Wide is the map's share of the width side by side; Tall its share
	// of the height stacked.
	Wide, Tall float32
	// Laid is told the map's size after each layout (nil: nothing).
	Laid func(fyne.Size)
	// IsWide says how it was laid out last.
	IsWide bool
}

// MinSize is small: the split takes the room it is given (a dialog's or a
// tab's), and the map and the panel scroll within their parts.
func (l *mapSplit) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(2*readableSide(), 3*readableSide())
}

func (l *mapSplit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	mp, panel := objs[0], objs[1]
	pad := theme.Padding()
	l.IsWide = size.Width > size.Height*1.15
	var m fyne.Size
	if l.IsWide {
		m = fyne.NewSize(max(size.Width*l.Wide, 0), size.Height)
		panel.Move(fyne.NewPos(m.Width+pad, 0))
		panel.Resize(fyne.NewSize(max(size.Width-m.Width-pad, 0), size.Height))
	} else {
		m = fyne.NewSize(size.Width, max(size.Height*l.Tall, 0))
		panel.Move(fyne.NewPos(0, m.Height+pad))
		panel.Resize(fyne.NewSize(size.Width, max(size.Height-m.Height-pad, 0)))
	}
	mp.Move(fyne.NewPos(0, 0))
	mp.Resize(m)
	if l.Laid != nil {
		l.Laid(m)
	}
}
