package phantom

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
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
	p.ending.Objects = nil
	defer p.ending.Refresh()
	if m.Phase != "over" {
		// Ending the mission sits at the bottom of the panel, away from
		// the buttons tapped every turn, and needs a hold (Undo still
		// takes it back).
		hint := func(t string) { p.ctx.Message(t, false) }
		var fail, ok *widgets.HoldButton
		fail = widgets.NewHoldButton("Mission failed", func() { p.ctx.DoFrom(fail, tp.MissionResult{Success: false}) })
		fail.OnHint = hint
		fail.Importance = widget.DangerImportance
		p.FailBt = fail
		row := container.NewGridWithColumns(1, fail)
		p.SucceedBt = nil
		if m.Phase == "end" {
			// §13.2: a mission succeeds when the round of its last
			// objective ends.
			ok = widgets.NewHoldButton("Mission succeeded", func() { p.ctx.DoFrom(ok, tp.MissionResult{Success: true}) })
			ok.OnHint = hint
			ok.Importance = widget.SuccessImportance
			p.SucceedBt = ok
			row = container.NewGridWithColumns(2, ok, fail)
		}
		note := wrap("Hold a button for a moment to record how the mission ended; Undo takes it back.")
		note.Importance = widget.LowImportance
		p.ending.Add(widgets.NewCard("End the mission", "", container.NewVBox(note, row)))
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
			var pick *widget.Select
			pick = widget.NewSelect(m.RewardChoices, func(a string) { p.ctx.DoFrom(pick, tp.PickAttachment{Character: who, Attachment: a}) })
			pick.PlaceHolder = who + " picks an attachment"
			p.result.Add(pick)
		}
	}
	if m.RewardsDue != nil {
		p.result.Add(p.shareRewards(m))
	}
}

// shareRewards shares a first success's items and nova cells between the
// characters who took part, as the players choose (Rulebook p.14): who
// takes each item picked, each one's nova cells on a stepper.
func (p *PlayScreen) shareRewards(m *tp.Mission) fyne.CanvasObject {
	due := m.RewardsDue
	box := container.NewVBox()
	takers := map[string]*widget.Select{}
	for _, it := range due.Items {
		sel := newPicker(m.Embarked, "", "who takes "+it, nil)
		takers[it] = sel
		box.Add(sel)
	}
	shares := map[string]*Num{}
	if due.Nova > 0 {
		box.Add(wrap(fmt.Sprintf("%d nova cells, split as you agree:", due.Nova)))
		row := widgets.NewFlow()
		for _, who := range m.Embarked {
			n := NewNum(0, due.Nova, 0, nil)
			shares[who] = n
			row.Add(statBox(who, n))
		}
		box.Add(row)
	}
	var share *widget.Button
	share = widget.NewButton("Share the rewards", func() {
		cmd := tp.ShareRewards{Items: map[string]string{}, Nova: map[string]int{}}
		for it, sel := range takers {
			cmd.Items[it] = sel.Selected
		}
		for who, n := range shares {
			if n.Value > 0 {
				cmd.Nova[who] = n.Value
			}
		}
		p.ctx.DoFrom(share, cmd)
	})
	box.Add(widgets.Touch(share))
	return widgets.NewCard("Rewards to share", "Received once in the campaign (Rulebook p.14).", box)
}
