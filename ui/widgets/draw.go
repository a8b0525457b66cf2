package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
)

// A DrawResult shows the outcome of a die roll or a card draw big, and
// under it that the app made it ("rolled by the app"). The seed step it
// came from (the campaign's draw number and range) is not a player's
// concept: it stays in Draw, for the log and `resolve`, not on screen.
type DrawResult struct {
	widget.BaseWidget
	title *widget.Label
	value *canvas.Text
	// source is in the placeholder colour, set apart from the result
	// without a text style of its own (textstyle.go), padded as a Label
	// is.
	source    *canvas.Text
	sourceBox *fyne.Container
	shown     string
	draw      *tracker.Draw
}

// NewDrawResult makes an empty result display with a title ("Decision die").
func NewDrawResult(title string) *DrawResult {
	d := &DrawResult{}
	d.ExtendBaseWidget(d)
	d.title = widget.NewLabelWithStyle(title, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	d.value = canvas.NewText("—", theme.Color(theme.ColorNameForeground))
	d.value.Alignment = fyne.TextAlignCenter
	d.value.TextStyle.Bold = true
	d.source = canvas.NewText("no draw yet", theme.Color(theme.ColorNamePlaceHolder))
	d.source.Alignment = fyne.TextAlignCenter
	d.sourceBox = container.New(labelPadding{}, d.source)
	d.value.TextSize = theme.TextSize() * 3
	return d
}

// SetDraw shows a result: shown is what the players read ("4", "red, dir 2",
// "Spawn card 12"), draw is the recorded draw it came from.
func (d *DrawResult) SetDraw(shown string, draw tracker.Draw) {
	d.shown, d.draw = shown, &draw
	d.value.Text = shown
	d.source.Text = SourceText(draw)
	d.Refresh()
}

// Clear shows no result.
func (d *DrawResult) Clear() {
	d.shown, d.draw = "", nil
	d.value.Text = "—"
	d.source.Text = "no draw yet"
	d.Refresh()
}

// Shown and Source are the displayed texts, for tests.
func (d *DrawResult) Shown() string  { return d.value.Text }
func (d *DrawResult) Source() string { return d.source.Text }

// SourceText says where a draw came from, as players need it: the app
// made it (a face rolled at the table is shown without a DrawResult).
func SourceText(tracker.Draw) string {
	return "rolled by the app"
}

// Draw is the recorded draw shown (nil when none), for tests and traces.
func (d *DrawResult) Draw() *tracker.Draw { return d.draw }

// CreateRenderer lays the result out, title over value over source.
func (d *DrawResult) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewVBox(d.title, d.value, d.sourceBox))
}

// Refresh follows the theme's text size.
func (d *DrawResult) Refresh() {
	d.value.TextSize = theme.TextSize() * 3
	d.value.Color = theme.Color(theme.ColorNameForeground)
	d.value.Refresh()
	d.source.TextSize = theme.TextSize()
	d.source.Color = theme.Color(theme.ColorNamePlaceHolder)
	d.source.Refresh()
	d.BaseWidget.Refresh()
}
