package phantom

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
)

// showResult: the mission result buttons, and the attachment picks after
// a success.
func (p *PlayScreen) showResult(s *tp.State) {
	p.result.Objects = nil
	defer p.result.Refresh()
	m := s.Mission
	if m == nil {
		return
	}
	if m.Phase != "over" {
		fail := widget.NewButton("Mission failed", func() { p.confirmResult(false) })
		if m.Phase == "end" {
			// §13.2: a mission succeeds when the round of its last
			// objective ends.
			p.result.Add(container.NewGridWithColumns(2,
				widget.NewButton("Mission succeeded", func() { p.confirmResult(true) }), fail))
		} else {
			p.result.Add(fail)
		}
		return
	}
	p.result.Add(widget.NewLabelWithStyle("Result: "+m.Result, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	if len(m.RewardChoices) > 0 {
		for _, who := range m.Embarked {
			who := who
			if m.Picks[who] != "" {
				p.result.Add(widget.NewLabel(fmt.Sprintf("%s took %s", who, m.Picks[who])))
				continue
			}
			pick := widget.NewSelect(m.RewardChoices, func(a string) { p.ctx.Do(tp.PickAttachment{Character: who, Attachment: a}) })
			pick.PlaceHolder = who + " picks an attachment"
			p.result.Add(pick)
		}
	}
}

func (p *PlayScreen) confirmResult(success bool) {
	what := "failed"
	if success {
		what = "succeeded"
	}
	dialog.ShowConfirm("Mission result", "Record that the mission "+what+"?", func(ok bool) {
		if ok {
			p.ctx.Do(tp.MissionResult{Success: success})
		}
	}, p.ctx.Window)
}
