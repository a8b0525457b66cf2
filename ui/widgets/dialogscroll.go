package widgets

import "fyne.io/fyne/v2"

// ScrollTo scrolls the dialog so that o, somewhere in its content, shows
// near the top of what the dialog shows, with a little of what is above
// it for context: where a refusal's first field is brought into view.
func (d *Dialog) ScrollTo(o fyne.CanvasObject) {
	if d.scroll == nil || o == nil {
		return
	}
	drv := fyne.CurrentApp().Driver()
	top := drv.AbsolutePositionForObject(o).Y - drv.AbsolutePositionForObject(d.scroll.Content).Y
	want := max(top-2*MinTouch/2, 0)
	most := max(d.scroll.Content.MinSize().Height-d.scroll.Size().Height, 0)
	d.scroll.Offset.Y = min(want, most)
	d.scroll.Refresh()
}
