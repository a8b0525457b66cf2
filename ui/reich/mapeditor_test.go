package reich

import (
	"testing"

	"fyne.io/fyne/v2"

	practice "tablekeeper/assets/reich"
	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/uitest"
)

// Issue 22, Reichbusters items 1 and 3: the map editor in portrait at the
// largest text lays out by the space there is (no side panel squeezing the
// grid to a strip: 88 px wide before), and between taps the grid never
// moves or resizes and the map does not jump when a tool is chosen, in
// both orientations and at both text sizes.
func TestMapEditorGridStaysPut(t *testing.T) {
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			ctx, w := newCtx(t)
			w.Resize(sz.win)
			fyne.CurrentApp().Settings().SetTheme(uitest.Theme(sz.scale))
			defer fyne.CurrentApp().Settings().SetTheme(uitest.Theme(1))
			f, err := rb.ReadContentFile(practice.Practice)
			if err != nil {
				t.Fatal(err)
			}
			mp := f.Content.Maps[0]
			p := startRaid(t, ctx)
			e := p.k.MapEditor(mp, nil)
			d := fyne.CurrentApp().Driver()
			where := func() (fyne.Position, float32) {
				return d.AbsolutePositionForObject(e.Grid), e.Grid.cell(e.Grid.Size())
			}
			at, side := where()
			view := e.mapScroll.Size()
			if sz.portrait && (e.layout.IsWide || view.Width < w.Canvas().Size().Width*0.8) {
				t.Fatalf("the map is %v of a %v window (side by side: %v)", view, w.Canvas().Size(), e.layout.IsWide)
			}
			if side < widgets48() || side < readableSide() {
				t.Fatalf("squares of %.0f: smaller than a finger or than their words", side)
			}
			cols, _ := mp.Bounds()
			steps := []struct {
				what string
				do   func()
			}{
				{"tap an area", func() { e.Grid.TapCell(mp.Areas[0].Cells[0]) }},
				{"choose Rooms", func() { e.Tool.Pick(toolRooms) }},
				{"tap a first corner", func() { e.Grid.TapCell(content.Cell{X: cols + 1, Y: 0}) }},
				{"tap the opposite corner", func() { e.Grid.TapCell(content.Cell{X: cols + 3, Y: 1}) }},
				{"choose Walls & doors", func() { e.Tool.Pick(toolSides) }},
				{"tap a side", func() { e.Grid.TapSide(content.Cell{X: cols + 1, Y: 0}, content.West) }},
				{"choose Tokens", func() { e.Tool.Pick(toolToken) }},
				{"put a token down", func() { e.Grid.TapCell(content.Cell{X: cols + 2, Y: 1}) }},
				{"choose Erase", func() { e.Tool.Pick(toolErase) }},
				{"erase a square", func() { e.Grid.TapCell(content.Cell{X: cols + 3, Y: 1}) }},
				{"choose Areas", func() { e.Tool.Pick(toolAreas) }},
				{"a new area at the edge", func() { e.Grid.TapCell(content.Cell{X: cols + 5, Y: 5}) }},
			}
			for _, s := range steps {
				s.do()
				w.Canvas().Content().Refresh()
				now, nside := where()
				if now != at || nside != side {
					t.Fatalf("after %q the grid is at %v with squares of %.0f; it was at %v with %.0f", s.what, now, nside, at, side)
				}
				if e.mapScroll.Size() != view {
					t.Fatalf("after %q the map shows %v; it showed %v", s.what, e.mapScroll.Size(), view)
				}
			}
			e.close()
		})
	}
}

func widgets48() float32 { return 48 }
