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

// showRoundForms: while cards are selected, the adversary cards as drawn
// at the table (instead of the app's seeded decks); once drawn, the
// characters' order for initiative ties (§11.2 item 1).
func (p *PlayScreen) showRoundForms(s *tp.State) {
	p.roundBox.Objects = nil
	defer p.roundBox.Refresh()
	m := s.Mission
	if m == nil {
		return
	}
	if ev := p.eventCard(s); ev != nil {
		p.roundBox.Add(ev)
	}
	switch m.Phase {
	case "select":
		// Each player's secret choice first: the step waits for it.
		choose := container.NewVBox()
		for _, n := range m.Embarked {
			if f := figure(m, n); f != nil && !f.Defeated {
				choose.Add(p.chooseRow(s, f))
			}
		}
		p.roundBox.Add(widgets.NewCard("Cards for this round", "Each player selects in secret, or rests (Rulebook p.12).", choose))
		var rows []func() (ap.Drawn, bool)
		form := container.NewVBox()
		for _, t := range m.Types {
			alive := false
			for _, f := range m.Figures {
				alive = alive || (f.Type == t && f.Side == "adversary" && !f.Defeated)
			}
			if !alive {
				continue
			}
			at := s.Content.Adversaries[tp.AdversaryKey(t, m.AdversaryDifficulty)]
			var spOpts, clOpts []string
			for _, id := range sortedKeys(s.Content.SpeciesCards) {
				if s.Content.SpeciesCards[id].Species == at.Species {
					spOpts = append(spOpts, id)
				}
			}
			for _, id := range sortedKeys(s.Content.ClassCards) {
				if s.Content.ClassCards[id].Class == at.Class {
					clOpts = append(clOpts, id)
				}
			}
			sp, cl := widget.NewSelect(spOpts, nil), widget.NewSelect(clOpts, nil)
			sp.PlaceHolder, cl.PlaceHolder = "species card", "class card"
			t := t
			form.Add(container.NewBorder(nil, nil, widget.NewLabel(t), nil, container.NewGridWithColumns(2, sp, cl)))
			rows = append(rows, func() (ap.Drawn, bool) {
				return ap.Drawn{Type: t, Species: sp.Selected, Class: cl.Selected}, sp.Selected != "" && cl.Selected != ""
			})
		}
		for _, b := range m.Bosses {
			if f := figure(m, b); f == nil || f.Defeated {
				continue
			}
			bc := widget.NewSelect(sortedKeys(s.Content.BossCards), nil)
			bc.PlaceHolder = "boss card"
			b := b
			form.Add(container.NewBorder(nil, nil, widget.NewLabel(b), nil, bc))
			rows = append(rows, func() (ap.Drawn, bool) { return ap.Drawn{Type: b, Boss: bc.Selected}, bc.Selected != "" })
		}
		if len(rows) == 0 {
			return
		}
		var use *widget.Button
		use = widget.NewButton("Use the cards drawn at the table", func() {
			var drawn []ap.Drawn
			for _, r := range rows {
				d, ok := r()
				if !ok {
					p.ctx.Refuse(use, "Choose the card drawn for "+d.Type+".")
					return
				}
				drawn = append(drawn, d)
			}
			p.ctx.DoFrom(use, tp.DrawAdversaryCards{Drawn: drawn})
		})
		form.Add(use)
		p.roundBox.Add(widgets.NewCard("Cards drawn at the table", "The adversary cards, if drawn at the table; or tap Next step: the app draws them from its shuffled decks (Rulebook p.12).", form))
	case "draw":
		var names []string
		for _, n := range m.Embarked {
			if f := figure(m, n); f != nil && !f.Defeated {
				names = append(names, n)
			}
		}
		if len(p.tieOrder) != len(names) {
			p.tieOrder = names
		}
		rows := container.NewVBox()
		for i, n := range p.tieOrder {
			i := i
			up := widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() {
				p.tieOrder[i-1], p.tieOrder[i] = p.tieOrder[i], p.tieOrder[i-1]
				p.Refresh()
			})
			if i == 0 {
				up.Disable()
			}
			rows.Add(container.NewBorder(nil, nil, widget.NewLabel(fmt.Sprintf("%d.", i+1)), widgets.Touch(up), widget.NewLabel(n)))
		}
		rows.Add(cmdButton(p.ctx, "Work out the turn order", func() tracker.Command { return tp.DetermineInitiative{CharacterOrder: slices.Clone(p.tieOrder)} }))
		p.roundBox.Add(widgets.NewCard("Turn order", "Characters tied on initiative go first, in this order (Rulebook p.12).", rows))
	case "turns":
		if pd := m.Pending; pd != nil {
			what := "'s turn"
			if pd.Reaction {
				what = "'s reaction"
			}
			// The enemy's decision, in words, where the players look;
			// stopped for a roll, first the roll to make, where to enter
			// it and the button that works the turn out again with it,
			// in plain view at the top of the controls.
			box := container.NewVBox()
			if pd.Turn.Stopped != "" && pd.Turn.Ask == nil {
				if p.rolls == nil {
					p.rolls = newRollsEntry()
				}
				stop := bold(pd.Adversary + " stopped: " + pd.Turn.Stopped + ".")
				stop.Importance = widget.WarningImportance
				var again *widget.Button
				again = widget.NewButtonWithIcon("Work the turn out with these rolls", theme.MediaPlayIcon(), func() { resolveAgain(p.ctx, again, p.rolls) })
				again.Importance = widget.HighImportance
				p.AgainBt = again
				box.Add(stop)
				box.Add(p.rolls.Object())
				box.Add(widgets.Touch(again))
			} else {
				p.AgainBt = nil
				head := wrap(pd.Adversary + what + ", worked out")
				head.TextStyle.Bold = true
				box.Add(head)
			}
			confirm := cmdButton(p.ctx, "Confirm "+pd.Adversary+what, func() tracker.Command { return tp.ConfirmAdversaryTurn{} })
			box.Add(widgets.Touch(confirm))
			if why := confirmWhy(m, "above", "on the Enemy tab"); why != "" {
				confirm.Disable()
				w := wrap(why)
				w.Importance = widget.LowImportance
				box.Add(w)
			}
			words := wrap(TurnWords(pd.Turn))
			box.Add(words)
			note := wrap("Why it decided so, and how to override it: the Enemy tab.")
			note.Importance = widget.LowImportance
			box.Add(note)
			p.Decision = widgets.NewCard("", "", box)
			p.roundBox.Add(p.Decision)
		} else {
			p.Decision = nil
		}
		if len(m.Order) > 0 {
			var parts []string
			for _, n := range m.Order {
				mark := ""
				if containsStr(m.Acted, n) {
					mark = " ✓"
				}
				if n == m.Current {
					mark = " ◀"
				}
				ini := 0
				if f := figure(m, n); f != nil {
					ini = f.Initiative
				}
				parts = append(parts, fmt.Sprintf("%s (%d)%s", n, ini, mark))
			}
			l := wrap("Turn order: " + strings.Join(parts, " → "))
			p.roundBox.Add(l)
		}
	}
}

// placeForm places a new adversary or boss mid-mission (§10.3): which, and
// where, picked; on the nearest empty space if that one is taken.
func (p *PlayScreen) placeForm() fyne.CanvasObject {
	p.placeType = newPicker(nil, "", "which adversary or boss", nil)
	p.placeSpace = newPicker(nil, "", "on which space", nil)
	ev := widget.NewCheck("placed by an event (it drops no nova cells)", nil)
	bt := widget.NewButtonWithIcon("Place it", theme.ContentAddIcon(), nil)
	bt.OnTapped = func() {
		s := state(p.ctx)
		_, boss := s.Content.Bosses[p.placeType.Selected]
		p.ctx.DoFrom(bt, tp.PlaceAdversary{Type: p.placeType.Selected, Space: p.placeSpace.Selected, Boss: boss, ByEvent: ev.Checked})
	}
	note := wrap("If the space is taken, it goes on the nearest empty space.")
	note.Importance = widget.LowImportance
	return widgets.NewCard("Place an adversary", "", container.NewVBox(p.placeType, p.placeSpace, touchCheck(ev), note, bt))
}

// refreshPlaceForm lists the adversaries entered and the map's spaces.
func (p *PlayScreen) refreshPlaceForm(s *tp.State) {
	p.placeType.Options = placeable(s)
	p.placeType.Refresh()
	l, _ := liveLayout(s.Mission)
	var labels []string
	for _, sp := range l.Spaces {
		labels = append(labels, sp.Label)
	}
	p.placeSpace.Options = labels
	p.placeSpace.Refresh()
}
