package phantom

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	ap "tablekeeper/automa/phantom"
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
		form.Add(widget.NewButton("Use the cards drawn at the table", func() {
			var drawn []ap.Drawn
			for _, r := range rows {
				d, ok := r()
				if !ok {
					p.ctx.Message("choose the card drawn for "+d.Type, true)
					return
				}
				drawn = append(drawn, d)
			}
			p.ctx.Do(tp.DrawAdversaryCards{Drawn: drawn})
		}))
		p.roundBox.Add(widgets.NewCard("Adversary cards drawn at the table", "or Next: the app draws from its seeded decks (§8.2)", form))
	case "draw":
		order := widget.NewEntry()
		var names []string
		for _, n := range m.Embarked {
			if f := figure(m, n); f != nil && !f.Defeated {
				names = append(names, n)
			}
		}
		order.SetText(strings.Join(names, ", "))
		p.roundBox.Add(widgets.NewCard("Turn order", "characters tied on initiative go in this order (§11.2)", container.NewVBox(order,
			widget.NewButton("Work out the turn order", func() { p.ctx.Do(tp.DetermineInitiative{CharacterOrder: splitConds(order.Text)}) }))))
	case "turns":
		if pd := m.Pending; pd != nil {
			what := "'s turn"
			if pd.Reaction {
				what = "'s reaction"
			}
			// The enemy's decision, in words, where the players look.
			box := container.NewVBox(wrap(TurnWords(pd.Turn)))
			if pd.Turn.Stopped == "" {
				box.Add(widget.NewButton("Confirm "+pd.Adversary+what, func() { p.ctx.Do(tp.ConfirmAdversaryTurn{}) }))
			}
			note := wrap("Why it decided so, and how to override it: the Enemy tab.")
			note.Importance = widget.LowImportance
			box.Add(note)
			p.Decision = widgets.NewCard(pd.Adversary+what+", worked out", "", box)
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
				f := figure(m, n)
				ini := 0
				if f != nil {
					ini = f.Initiative
				}
				if f != nil && f.Side != "character" {
					parts = append(parts, fmt.Sprintf("%s%s", n, mark))
				} else {
					parts = append(parts, fmt.Sprintf("%s (%d)%s", n, ini, mark))
				}
			}
			l := wrap("Turn order: " + strings.Join(parts, " → "))
			p.roundBox.Add(l)
		}
	}
}

// placeForm places a new adversary or boss mid-mission (§10.3).
func (p *PlayScreen) placeForm() fyne.CanvasObject {
	typ := widget.NewEntry()
	typ.SetPlaceHolder("adversary type or boss")
	sp := widget.NewEntry()
	sp.SetPlaceHolder("space label")
	boss := widget.NewCheck("boss", nil)
	ev := widget.NewCheck("placed by an event (no nova drop)", nil)
	bt := widget.NewButton("Place", func() {
		p.ctx.Do(tp.PlaceAdversary{Type: strings.TrimSpace(typ.Text), Space: strings.TrimSpace(sp.Text), Boss: boss.Checked, ByEvent: ev.Checked})
	})
	return widgets.NewCard("Place an adversary", "§10.3: on the nearest empty space if taken", container.NewVBox(typ, sp, container.NewHBox(boss, ev), bt))
}
