package alone

import (
	"image"

	"fyne.io/fyne/v2"

	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// BoardPicture draws the Map as the Hero sees it, never the hidden Map:
// the Labyrinth the Play tab and the solo Enemy tab draw (the same
// MapPanel, both Levels with the legend), with what the Evil side's
// decisions showed the Hero on it (a Creature revealed, a Door blocked,
// a Danger token). nil before the game is set up or without a Map (the
// players keep it at the table). It takes the state, not a session, so
// any moment of the game can be drawn; it runs without a window (see
// widgets.Offscreen).
func BoardPicture(st *ta.State, size image.Point, dark bool) image.Image {
	if st == nil || !st.Started || st.Map == nil || size.X <= 0 || size.Y <= 0 {
		return nil
	}
	return widgets.Offscreen(func() fyne.CanvasObject {
		p := newMapPanel()
		p.set(tilesFromLabyrinth(ta.HeroView(st).Labyrinth))
		return p.obj
	}, size, dark)
}
