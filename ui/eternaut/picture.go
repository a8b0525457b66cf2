package eternaut

import (
	"fmt"
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// BoardPicture draws what the Play tab shows of the boards on the table,
// with the widgets it draws them with: the Timer track with its Event
// counters, and each Character's board (its card slots against the
// round's threshold, life and ammo as pips) in board order. The Eternaut
// has no map the app keeps: the aliens' decisions are an order of
// activation, in words on the page, not a picture. nil when no scenario is
// being played. It takes the state, not a session, so any moment of the
// campaign can be drawn; it runs without a window (see widgets.Offscreen).
func BoardPicture(st *et.State, size image.Point, dark bool) image.Image {
	if st == nil || st.Phase != et.PhasePlaying || st.Scenario == nil || size.X <= 0 || size.Y <= 0 {
		return nil
	}
	return widgets.Offscreen(func() fyne.CanvasObject {
		sc := st.Scenario
		var boards []fyne.CanvasObject
		for _, c := range boardOrder(st) {
			title, sub := c.Carded(), c.Board
			if c.Gone() {
				boards = append(boards, card(title, sub, bold("☠")))
				continue
			}
			body := container.NewVBox()
			if et.Letter(sc.Key) != "A" {
				body.Add(bold(fmt.Sprintf("Life %d", c.LP)))
				body.Add(pips(c.LP, et.CharMaxLP, colLife))
				body.Add(bold(fmt.Sprintf("Ammo %d", c.Ammo)))
				body.Add(pips(c.Ammo, et.AmmoCapPerCharacter, colCube))
			}
			lbl, slots := boardSlots(c, nil, nil)
			body.Add(lbl)
			body.Add(slots)
			boards = append(boards, card(title, sub, body))
		}
		return container.NewPadded(container.NewVBox(bold(turnHeading(sc)), timerTrack(st), columns(300, boards...)))
	}, size, dark)
}
