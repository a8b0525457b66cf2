package alone

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"tablekeeper/ui/uitest"
)

// issue 22 item 9: a map label is never drawn smaller than the theme's
// caption size at the chosen text size, and stays inside its tile: the
// whole hidden Map (the Evil side's view and the end of a solo game), the
// Hero's Labyrinth with Creatures in it, and the map editor, at Normal and
// Largest text in both orientations. Before, the squares' names were 9 px,
// Rooms, marks and Creatures 8 px, whatever the text size.
func TestMapLabelsNeverUnderTheCaptionSize(t *testing.T) {
	for _, scale := range []float32{1, 1.85} {
		for _, portrait := range []bool{false, true} {
			ctx, w := game(t, "solo", nil)
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(scale))
			s := state(ctx)
			full := newMapPanel()
			full.set(tilesFromMap(s.Map))
			// The Hero's view with a Creature and a Room beside the Hero.
			m := s.Map.Clone()
			m.Creatures = append(m.Creatures, m.Creatures...)
			lab := newMapPanel()
			lab.set(tilesFromMap(m))
			ed := newLevelView("Level 1")
			ed.Empty, ed.GridCols, ed.GridRows = true, 6, 4
			var ts []tile
			for _, tl := range tilesFromMap(s.Map) {
				if tl.Level == 1 {
					ts = append(ts, tl)
				}
			}
			ed.set(ts)
			area := uitest.TabArea(portrait, scale)
			for name, o := range map[string]fyne.CanvasObject{"the whole Map": full.obj, "the Labyrinth": lab.obj, "the map editor": ed} {
				show(w, o)
				w.Resize(area)
				caption := theme.CaptionTextSize()
				views := []*LevelView{ed}
				switch name {
				case "the whole Map":
					views = full.Levels[:]
				case "the Labyrinth":
					views = lab.Levels[:]
				}
				for _, v := range views {
					if v.Size().Width > area.Width+0.5 {
						t.Errorf("×%.2f %v, %s: a Level drawn %.0f wide in a %.0f tab", scale, portrait, name, v.Size().Width, area.Width)
					}
					for _, c := range test.WidgetRenderer(v).Objects() {
						tx, ok := c.(*canvas.Text)
						if !ok || tx.Text == "" || tx.Text == v.Title || tx.Text == "nothing shown" || tx.Text == "+" {
							continue
						}
						if tx.TextSize < caption-0.01 {
							t.Errorf("×%.2f portrait %v, %s: %q drawn at %.1f, under the caption size %.1f", scale, portrait, name, tx.Text, tx.TextSize, caption)
						}
						if wd := fyne.MeasureText(tx.Text, tx.TextSize, tx.TextStyle).Width; wd > tx.Size().Width+1 {
							t.Errorf("×%.2f portrait %v, %s: %q is %.0f wide in a place %.0f wide", scale, portrait, name, tx.Text, wd, tx.Size().Width)
						}
					}
				}
			}
		}
	}
}
