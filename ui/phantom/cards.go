package phantom

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ap "tablekeeper/automa/phantom"
	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// detrimentalHeld are f's detrimental conditions (§4).
func detrimentalHeld(f *tp.Figure) []string {
	var out []string
	for _, c := range f.CondList() {
		if cond, err := ap.ParseCond(c); err == nil && cond.Detrimental() {
			out = append(out, c)
		}
	}
	return out
}

func restKey(m *tp.Mission, name string) string { return fmt.Sprintf("%d\x00%s", m.Round, name) }

// restDropped is the pick of conditions name drops at the start of its
// rest turn: the players' choice, else every one when the setting drops
// them all and none when the players pick (§6.3 item 2).
func (p *PlayScreen) restDropped(s *tp.State, f *tp.Figure) []string {
	return restDropped(s, f, p.restDrop)
}

// restDropped is f's rest pick among picks (by restKey), or the default.
func restDropped(s *tp.State, f *tp.Figure, picks map[string][]string) []string {
	held := detrimentalHeld(f)
	pick, ok := picks[restKey(s.Mission, f.Name)]
	if !ok {
		if s.Settings.RestRemovesAllDetrimental {
			return held
		}
		return nil
	}
	return slices.DeleteFunc(slices.Clone(pick), func(c string) bool { return !slices.Contains(held, c) })
}

// restStart is the StartTurn for name: on a rest turn with the pick of
// detrimental conditions to drop, as Keep (the setting drops all) or Drop
// (the players pick).
func (p *PlayScreen) restStart(s *tp.State, name string) tp.StartTurn {
	return restStart(s, name, p.restDrop)
}

// restStart is the StartTurn for name with the rest picks made (by
// restKey; none: the setting's default).
func restStart(s *tp.State, name string, picks map[string][]string) tp.StartTurn {
	c := tp.StartTurn{Character: name}
	f := figure(s.Mission, name)
	if f == nil || !f.Resting {
		return c
	}
	drop := restDropped(s, f, picks)
	if !s.Settings.RestRemovesAllDetrimental {
		c.Drop = drop
		return c
	}
	for _, h := range detrimentalHeld(f) {
		if !slices.Contains(drop, h) {
			c.Keep = append(c.Keep, h)
		}
	}
	return c
}

// restPick offers, on a resting character's card before its rest turn,
// the detrimental conditions to drop at its start (§4, §6.3 item 2).
func (p *PlayScreen) restPick(s *tp.State, m *tp.Mission, f *tp.Figure) fyne.CanvasObject {
	held := detrimentalHeld(f)
	if !f.Resting || m.Phase != "turns" || m.Current == f.Name || slices.Contains(m.Acted, f.Name) || len(held) == 0 {
		return nil
	}
	key := restKey(m, f.Name)
	g := widget.NewCheckGroup(held, nil)
	g.Horizontal = true
	g.SetSelected(p.restDropped(s, f))
	g.OnChanged = func(v []string) {
		if p.restDrop == nil {
			p.restDrop = map[string][]string{}
		}
		p.restDrop[key] = slices.Clone(v)
	}
	return container.NewVBox(wrap("At the start of the rest turn, drop (Rulebook p.13):"), g)
}

// chooseCards is one player's secret card selection (§6.2, V-04) or rest
// (V-05), in a dialog.
func (p *PlayScreen) chooseCards(s *tp.State, f *tp.Figure) {
	name := f.Name
	var picks []string
	checks := container.NewGridWithColumns(2)
	total := widget.NewLabel("")
	sum := func() {
		n := 0
		for _, id := range picks {
			ap := s.Content.ActionCards[id].AP
			if _, frozen := f.Conditions["Frozen"]; frozen {
				ap *= 2
			}
			n += ap
		}
		total.SetText(fmt.Sprintf("%d of %d AP", n, f.MaxAP))
	}
	for _, id := range append(append([]string(nil), f.Selected...), f.Hand...) {
		id := id
		label := id
		if c, ok := s.Content.ActionCards[id]; ok {
			label = fmt.Sprintf("%s (%d AP)", id, c.AP)
		}
		ch := widget.NewCheck(label, func(b bool) {
			picks = slices.DeleteFunc(picks, func(x string) bool { return x == id })
			if b {
				picks = append(picks, id)
			}
			sum()
		})
		if slices.Contains(f.Selected, id) {
			ch.SetChecked(true)
		}
		checks.Add(ch)
	}
	sum()
	body := container.NewVBox(checks, total)
	d := newDialog(p.ctx.Window, name+": select cards", body, "Cancel", nil)
	var rest *widget.Button
	rest = widget.NewButton("Rest this round instead", func() {
		if _, ok := p.ctx.DoFrom(rest, tp.Rest{Character: name}); ok {
			d.Hide()
		}
	})
	body.Add(rest)
	var sel *widget.Button
	sel = addAction(d, "Select", theme.ConfirmIcon(), func() {
		if _, ok := p.ctx.DoFrom(sel, tp.SelectCards{Character: name, Cards: picks}); ok {
			d.Hide()
		}
	})
	d.Show()
}

// selectStatus says where a character's card selection stands.
func selectStatus(f *tp.Figure) string {
	switch {
	case f.Resting:
		return "rests this round"
	case len(f.Selected) > 0:
		return "has selected " + plural(len(f.Selected), "card")
	}
	return "has not chosen yet"
}

// chooseRow is a character's line of the round's card selection: where it
// stands and the button that opens the hand for its player alone (§6.2:
// selections stay secret until revealed).
func (p *PlayScreen) chooseRow(s *tp.State, f *tp.Figure) fyne.CanvasObject {
	b := widget.NewButton("Choose cards (secret)…", func() { p.chooseCards(s, f) })
	l := wrap(f.Name + " " + selectStatus(f))
	return container.NewBorder(nil, nil, nil, container.NewVBox(widgets.Touch(b)), l)
}

// cardsBox: during card selection the hand as checks with Select and Rest;
// during the character's turn its selected cards to play (as printed or
// converted).
func (p *PlayScreen) cardsBox(s *tp.State, m *tp.Mission, f *tp.Figure) fyne.CanvasObject {
	name := f.Name
	box := container.NewVBox()
	apOf := func(id string) string { return cardAP(s, id) }
	switch {
	case m.Phase == "select":
		// The choice itself is at the top of the controls (chooseRow).
		box.Add(wrap(selectWords(f)))
	case m.Current == name:
		// The cards selected when the turn began keep their rows: a card
		// played stays, marked so, and the buttons under it stay put.
		key := restKey(m, name)
		if p.turnCards == nil {
			p.turnCards = map[string][]string{}
		}
		if _, ok := p.turnCards[key]; !ok {
			p.turnCards[key] = slices.Clone(f.Selected)
		}
		rows := slices.Clone(p.turnCards[key])
		for _, id := range f.Selected {
			if !slices.Contains(rows, id) {
				rows = append(rows, id)
			}
		}
		for _, id := range rows {
			id := id
			play := cmdButton(p.ctx, "Play", func() tracker.Command { return playCard(name, id, "") })
			asMove := cmdButton(p.ctx, "As Move", func() tracker.Command { return playCard(name, id, "move") })
			asAttack := cmdButton(p.ctx, "As Attack", func() tracker.Command { return playCard(name, id, "attack") })
			label := widget.NewLabel(apOf(id))
			if !slices.Contains(f.Selected, id) {
				label.SetText(apOf(id) + " · played")
				label.Importance = widget.LowImportance
				play.Disable()
				asMove.Disable()
				asAttack.Disable()
			}
			label.Wrapping = fyne.TextWrapWord
			row := container.NewBorder(nil, nil, nil, container.NewHBox(play, asMove, asAttack), label)
			box.Add(row)
			if f.Conditions != nil && slices.Contains(f.Selected, id) {
				if _, stunned := f.Conditions["Stunned"]; stunned {
					box.Add(cmdButton(p.ctx, "Discard "+id+" to shake off Stunned", func() tracker.Command { return tp.DiscardForStun{Character: name, Card: id} }))
				}
			}
		}
		box.Add(p.moveBox(f))
	default:
		box.Add(widget.NewLabel(handWords(f)))
	}
	return box
}

// cardAP names an Action card with its AP ("Slash (2 AP)").
func cardAP(s *tp.State, id string) string {
	if c, ok := s.Content.ActionCards[id]; ok {
		return fmt.Sprintf("%s (%d AP)", id, c.AP)
	}
	return id
}

// selectWords say where a character stands while cards are selected,
// without the cards (the selection is secret until revealed, §6.2).
func selectWords(f *tp.Figure) string {
	return f.Name + " " + selectStatus(f)
}

// handWords count a character's cards.
func handWords(f *tp.Figure) string {
	return fmt.Sprintf("Hand %d · selected %d · discard %d", len(f.Hand), len(f.Selected), len(f.Discard))
}

// playCard is a selected card's button on its character's card: played
// as printed (convert ""), or converted to a "move" or an "attack".
func playCard(character, card, convert string) tracker.Command {
	return tp.PlayCard{Character: character, Card: card, Convert: convert}
}

// moveBox starts moving a figure along a path tapped on the map, space
// by space (§2.8: the rules check each step and the MP). It is one button
// whether a move is being tapped or not, so nothing under it moves; the
// path and its buttons stand over the map (showMoveBar).
func (p *PlayScreen) moveBox(f *tp.Figure) fyne.CanvasObject {
	name := f.Name
	b := widget.NewButtonWithIcon("Move: tap the path on the map…", theme.NavigateNextIcon(), func() {
		p.moving, p.path = name, nil
		if p.split.Mode() == splitPanel && !p.split.RoomForBoth() {
			p.split.Want(wantMap) // the map to tap the path on
		}
		p.Refresh()
	})
	if p.moving == name {
		b.SetText("Moving: tap the path on the map")
		b.Disable()
	}
	return b
}

// showMoveBar shows, over the map in the zoom buttons' place, the move
// being tapped out's buttons, while a figure moves.
func (p *PlayScreen) showMoveBar() {
	p.moveBar.Objects = nil
	defer p.moveBar.Refresh()
	f := figure(state(p.ctx).Mission, p.moving)
	if f == nil {
		p.moving, p.path = "", nil
		p.MoveBt = nil
		p.moveBar.Hide()
		p.zoomRow.Show()
		return
	}
	name := f.Name
	var move *widget.Button
	move = widget.NewButtonWithIcon("Move along the path", theme.ConfirmIcon(), func() {
		if _, ok := p.ctx.DoFrom(move, tp.MoveFigure{Figure: name, Path: p.path}); ok {
			p.endMove()
		}
	})
	move.Importance = widget.HighImportance
	if len(p.path) == 0 {
		move.Disable()
	}
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), p.endMove)
	p.MoveBt = move
	p.moveBar.Add(widgets.Touch(move))
	p.moveBar.Add(widgets.Touch(cancel))
	p.zoomRow.Hide()
	p.moveBar.Show()
}

// moveWords say the path being tapped out, for the step's line; "" when
// no figure moves.
func (p *PlayScreen) moveWords() string {
	f := figure(state(p.ctx).Mission, p.moving)
	if f == nil {
		return ""
	}
	if len(p.path) == 0 {
		return "Moving " + f.Name + ": tap the spaces of the path in order on the map, then Move along the path."
	}
	return fmt.Sprintf("Moving %s: %s → %s (tap the last space again to take it back).", f.Name, f.Position, strings.Join(p.path, " → "))
}

// endMove leaves the move being tapped out (made or cancelled), and the
// map for the controls if they could not be shown together.
func (p *PlayScreen) endMove() {
	p.moving, p.path = "", nil
	if p.split.Mode() == splitMap {
		p.split.Want(wantBoth)
	}
	p.Refresh()
}

// stepTo adds a tapped space to the path being tapped out, or takes the
// last one back when it is tapped again.
func (p *PlayScreen) stepTo(label string) {
	if label == "" {
		return
	}
	if n := len(p.path); n > 0 && p.path[n-1] == label {
		p.path = p.path[:n-1]
	} else {
		p.path = append(p.path, label)
	}
	p.Refresh()
}
