package reich

import (
	"image"

	"fyne.io/fyne/v2"

	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// BoardPicture draws the mission's map as the Play and Enemy tabs draw it
// (the same MapView): the rooms in their awareness, the doors as they
// stand, the heroes, enemy units and spawn tokens on their areas, and what
// the enemy's decision placed lit up as the Enemy tab lights it. The
// state does not keep the enemy's decisions (the Enemy tab finds the
// latest in the log), so the decision to draw is given beside it: the
// payload of its event (none: nothing lit). nil when no mission is being
// played. It takes the state, not a session, so any moment of the
// campaign can be drawn; it runs without a window (see widgets.Offscreen).
func BoardPicture(st *rb.State, size image.Point, dark bool, decision ...rb.Payload) image.Image {
	if st == nil || st.Mission == nil || len(st.Mission.Map.Areas) == 0 || size.X <= 0 || size.Y <= 0 {
		return nil
	}
	var lit []string
	for _, d := range decision {
		lit = append(lit, litBy(d)...)
	}
	return widgets.Offscreen(func() fyne.CanvasObject {
		v := NewMapView()
		v.Names = st.Namer()
		v.SetMission(st.Mission, lit)
		return v
	}, size, dark)
}
