package uitest

import (
	"fyne.io/fyne/v2"

	"tablekeeper/ui/widgets"
)

// ScreenFindings is what the real-window check finds on w as laid out now
// (widgets.CheckScreen): words cut short, text smaller than the caption
// size, a scroll area of controls shorter than a third of the window. Lay
// the screen out at the size to check first (w.Resize), with the theme at
// the text size to check (Theme(1.85)):
//
//	if bad := uitest.ScreenFindings(w); len(bad) > 0 { t.Errorf(…) }
func ScreenFindings(w fyne.Window) []string {
	var out []string
	for _, f := range widgets.CheckScreen(w.Canvas()) {
		out = append(out, f.String())
	}
	return out
}

// SmallText lists the texts on w drawn smaller than the caption size at
// the theme's text size (a map's labels, a counter's marks): the check a
// game runs on its own drawings.
func SmallText(w fyne.Window) []string {
	var out []string
	for _, f := range widgets.CheckScreen(w.Canvas()) {
		if f.Kind == widgets.FindingSmallText {
			out = append(out, f.String())
		}
	}
	return out
}
