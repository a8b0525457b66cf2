package widgets

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
)

// A DrawResult shows the outcome of a die roll or a card draw big, and
// under it the seed step it came from: the campaign's draw number, and the
// range it was drawn in. Players who doubt a roll can check that undo and
// redo gave the same draw, because the draw number does not change.
type DrawResult struct {
	widget.BaseWidget
	title  *widget.Label
	value  *canvas.Text
	source *widget.Label
	shown  string
	draw   *tracker.Draw
}

// NewDrawResult makes an empty result display with a title ("Decision die").
func NewDrawResult(title string) *DrawResult {
	d := &DrawResult{}
	d.ExtendBaseWidget(d)
	d.title = widget.NewLabelWithStyle(title, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	d.value = canvas.NewText("—", theme.Color(theme.ColorNameForeground))
	d.value.Alignment = fyne.TextAlignCenter
	d.value.TextStyle.Bold = true
	d.source = widget.NewLabel("no draw yet")
	d.source.Alignment = fyne.TextAlignCenter
	d.source.TextStyle.Italic = true
	d.value.TextSize = theme.TextSize() * 3
	return d
}

// SetDraw shows a result: shown is what the players read ("4", "red, dir 2",
// "Spawn card 12"), draw is the recorded draw it came from.
func (d *DrawResult) SetDraw(shown string, draw tracker.Draw) {
	d.shown, d.draw = shown, &draw
	d.value.Text = shown
	d.source.SetText(SourceText(draw))
	d.Refresh()
}

// Clear shows no result.
func (d *DrawResult) Clear() {
	d.shown, d.draw = "", nil
	d.value.Text = "—"
	d.source.SetText("no draw yet")
	d.Refresh()
}

// Shown and Source are the displayed texts, for tests.
func (d *DrawResult) Shown() string  { return d.value.Text }
func (d *DrawResult) Source() string { return d.source.Text }

// SourceText says which seed step a draw came from, in words.
func SourceText(dr tracker.Draw) string {
	return fmt.Sprintf("draw #%d of this campaign's seed · %d of %d possible", dr.Index+1, dr.Value+1, dr.N)
}

// CreateRenderer lays the result out, title over value over source.
func (d *DrawResult) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewVBox(d.title, d.value, d.source))
}

// Refresh follows the theme's text size.
func (d *DrawResult) Refresh() {
	d.value.TextSize = theme.TextSize() * 3
	d.value.Color = theme.Color(theme.ColorNameForeground)
	d.value.Refresh()
	d.BaseWidget.Refresh()
}
