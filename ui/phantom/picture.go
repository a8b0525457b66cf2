package phantom

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// BoardPicture draws the mission's map as the Play and Enemy tabs draw it
// (the same MapView): the figures with their HP and conditions and, while
// an adversary's worked-out turn waits to be confirmed, its path, end
// space, primary target and line of sight, as the Enemy tab shows them.
// The whole map is fitted to size and centred; nil when no mission with a
// map is being played. It takes the state, not a session, so any moment
// of the campaign can be drawn; it runs without a window (see
// widgets.Offscreen).
func BoardPicture(st *tp.State, size image.Point, dark bool) image.Image {
	if st == nil || st.Mission == nil || size.X <= 0 || size.Y <= 0 {
		return nil
	}
	m := st.Mission
	l, err := liveLayout(m)
	if err != nil || len(l.Spaces) == 0 {
		return nil
	}
	return widgets.Offscreen(func() fyne.CanvasObject {
		v := NewMapView()
		v.SetLayout(l)
		figs := marks(m)
		v.SetMarks(figs)
		if m.Pending != nil {
			v.SetOverlay(TurnOverlay(m.Pending.Turn, figs))
		}
		px := fyne.NewSize(float32(size.X), float32(size.Y))
		v.FitTo(px)
		if got := v.MinSize(); got.Width > px.Width || got.Height > px.Height {
			// FitTo keeps hexes a finger wide; a picture shows the whole
			// map even where that makes them smaller.
			w, h := float32(v.bx1-v.bx0), float32(v.by1-v.by0)
			v.Scale = max(1, min((px.Width-2*pad)/w, (px.Height-2*pad)/h))
			v.Refresh()
		}
		return container.NewCenter(v)
	}, size, dark)
}
