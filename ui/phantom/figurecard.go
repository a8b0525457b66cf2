package phantom

import (
	"fmt"

	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// figureCard is one figure: HP as a stepper with its bar, conditions as
// buttons (tap to remove) and a picker to add one; a character's cards,
// bandages and nova cells, and its turn's buttons.
func (p *PlayScreen) figureCard(s *tp.State, m *tp.Mission, f *tp.Figure) fyne.CanvasObject {
	name := f.Name
	if f.Defeated {
		return widgets.NewCard(f.Name, "", wrap(figureAbout(s, m, f)))
	}
	box := container.NewVBox()
	// §4 Invisible: damage, heals and conditions given here name the
	// figure whose action gives them.
	by := func() string { return p.actingBy(state(p.ctx).Mission, name) }
	box.Add(container.NewBorder(nil, nil, widget.NewLabel("Acting:"), nil, p.actingSelect(m, name)))
	var hp *widgets.Stepper
	hp = widgets.NewStepper("HP", 0, f.MaxHP, f.HP, func(to int) bool {
		_, ok := p.ctx.DoFrom(hp, hpCommand(f, to, by()))
		return ok
	})
	box.Add(hp)
	conds := container.NewHBox()
	for _, c := range f.CondList() {
		c := c
		conds.Add(cmdButton(p.ctx, c+" ✕", func() tracker.Command { return removeCondition(name, c) }))
	}
	var add *widget.Select
	add = widget.NewSelect(conditionNames, func(c string) {
		if c != "" {
			p.ctx.DoFrom(add, inflict(name, c, by()))
		}
	})
	add.PlaceHolder = "add condition"
	box.Add(container.NewBorder(nil, nil, nil, add, container.NewHScroll(conds)))
	if len(f.Conditions) > 0 {
		var lines []string
		for _, c := range f.CondList() {
			lines = append(lines, c+": "+CondDuration(c, f, m.Current == f.Name))
		}
		d := wrap(strings.Join(lines, "\n"))
		d.Importance = widget.LowImportance
		box.Add(d)
	}
	if f.Side == "character" {
		box.Add(wrap(characterInfo(f)))
		box.Add(p.cardsBox(s, m, f))
		if pick := p.restPick(s, m, f); pick != nil {
			box.Add(pick)
		}
		healN := NewNum(1, 20, 2, nil)
		box.Add(widgets.NewFlow(container.NewHBox(widget.NewLabel("HP"), healN), cmdButton(p.ctx, "Heal action (uses a bandage)", func() tracker.Command {
			return tp.Heal{Figure: name, N: healN.Value, HealAction: true, By: by()}
		})))
	}
	if f.Side == "character" && len(f.Items) > 0 {
		items := container.NewHBox(widget.NewLabel("Items:"))
		for _, it := range f.Items {
			id := it.ID
			b := cmdButton(p.ctx, "Use "+id, func() tracker.Command { return useItem(name, id) })
			if it.Used {
				b.SetText(id + " (used)")
				b.Disable()
			}
			items.Add(b)
		}
		box.Add(container.NewHScroll(items))
	}
	if act := p.turnActions(s, m, f); act != nil {
		box.Add(act)
	}
	if m.Current == name && f.Side == "character" {
		box.Add(cmdButton(p.ctx, "End "+name+"'s turn", func() tracker.Command { return endTurn(name) }))
	}
	if f.Side != "character" && m.Round == 0 {
		// Mission setup: the players give each adversary its HP base
		// (Rulebook p.10); the app proposed one.
		var col *widget.Select
		col = widget.NewSelect(colourNames, func(c string) {
			if c != "" && c != f.Colour {
				p.ctx.DoFrom(col, tp.SetColours{Colours: map[string]string{name: c}})
			}
		})
		col.Selected = f.Colour
		box.Add(container.NewBorder(nil, nil, widget.NewLabel("HP base:"), nil, col))
	}
	box.Add(widget.NewButton("Correct by hand…", func() { p.correctFigure(f) }))
	// Card titles do not wrap: the name is the title, the rest a line
	// that wraps on a narrow panel.
	about := wrap(figureAbout(s, m, f))
	box.Objects = append([]fyne.CanvasObject{about}, box.Objects...)
	return widgets.NewCard(f.Name, "", box)
}

// figureAbout is the line under a figure's name on its card: its colour,
// type and side, and where it stands with its Attack, Guard and Range (a
// defeated one: off the map).
func figureAbout(s *tp.State, m *tp.Mission, f *tp.Figure) string {
	about := fmt.Sprintf("%s · %s", f.Colour, f.Side)
	if f.Type != "" && f.Side != "boss" {
		about = fmt.Sprintf("%s %s · %s", f.Colour, f.Type, f.Side)
	}
	if f.Defeated {
		return about + " · defeated, off the map"
	}
	sub := "at " + f.Position
	if f.Position == "" {
		sub = "off the map"
	}
	switch f.Side {
	case "adversary":
		if at, ok := s.Content.Adversaries[tp.AdversaryKey(f.Type, m.AdversaryDifficulty)]; ok {
			sub += fmt.Sprintf(" · Attack %d · Guard %d · Range %d · ★%d", at.Attack, at.Guard+f.Guard, at.Range, at.Difficulty)
		}
	case "boss":
		if b, ok := s.Content.Bosses[f.Type]; ok {
			col := min(max(len(m.Embarked)-2, 0), 2) // columns for 2, 3, 4 characters
			sub += fmt.Sprintf(" · Attack %d · Guard %d · Range %d", b.Attack[col], b.Guard[col]+f.Guard, b.Range[col])
		}
	}
	return about + " · " + sub
}

// characterInfo is a character's bandages, nova cells, AP and initiative.
func characterInfo(f *tp.Figure) string {
	info := fmt.Sprintf("Bandages %d/%d · nova cells %d · max AP %d · initiative %d", f.Bandages, f.BandageSlots, f.Nova, f.MaxAP, f.Initiative)
	if f.Resting {
		info += " · resting"
	}
	return info
}

// hpCommand is what the HP stepper of f's card sends to set its HP to
// to: damage by hand, or a heal, given by the acting figure by ("" the
// table).
func hpCommand(f *tp.Figure, to int, by string) tracker.Command {
	if to < f.HP {
		return tp.Damage{Figure: f.Name, N: f.HP - to, Source: "by hand", By: by}
	}
	return tp.Heal{Figure: f.Name, N: to - f.HP, By: by}
}

// removeCondition is a held condition's button on a figure's card.
func removeCondition(figure, c string) tracker.Command {
	return tp.RemoveCondition{Figure: figure, Condition: c}
}

// inflict is the condition picked on a figure's card, given by the acting
// figure by.
func inflict(figure, c, by string) tracker.Command {
	return tp.Inflict{Figure: figure, Condition: c, By: by}
}

// endTurn is a character's "End …'s turn" button.
func endTurn(character string) tracker.Command { return tp.EndTurn{Character: character} }

// useItem is a character's "Use …" button for an item it took.
func useItem(character, item string) tracker.Command {
	return tp.UseItem{Character: character, Item: item}
}

// CondDuration says in words what a held condition does and when it goes
// (§4): detrimental ones last until a character rests and for good on an
// adversary; Frozen, Invisible and an adversary's Stunned end with the
// figure's next complete turn after they were gained.
func CondDuration(c string, f *tp.Figure, acting bool) string {
	char := f.Side == "character"
	untilRest := "until it rests"
	if !char {
		untilRest = "for good (adversaries never rest)"
	}
	fullTurn := func() string {
		gained := f.Conditions[c]
		if acting && f.TurnStart > gained {
			return "ends at the end of this turn"
		}
		return "ends at the end of its next full turn"
	}
	switch c {
	case "Barrier":
		return "the next damage is prevented, then it goes"
	case "Invisible":
		return "nothing but itself can affect it; no line of sight ends on it; " + fullTurn() + ", or when it attacks"
	case "Resilient":
		return "cancels the next new detrimental condition"
	case "Vengeful":
		return "strikes back at the next melee attacker (Attack −1)"
	case "Bleeding":
		return "2 damage at the start of each of its non-rest turns, " + untilRest
	case "Blinded":
		return "Accuracy roll before each attack, " + untilRest
	case "Burning":
		return "3 damage at the start of its next turn, then it goes"
	case "Frozen":
		if char {
			return "card AP doubled, no converting a card to movement; " + fullTurn() + " (or a rest)"
		}
		return "card AP doubled, no converting a card to movement; " + fullTurn()
	case "Knocked Down":
		return "only Move or Leap until it spends 1 MP to stand"
	case "Stunned":
		if char {
			return "no actions until it rests or discards a selected card"
		}
		return "no actions; " + fullTurn()
	case "Vulnerable":
		return "Guard −2, " + untilRest
	case "Weakened":
		return "Attack −2, " + untilRest
	}
	return ""
}

// correctFigure sets a figure's space, conditions, bandages and nova cells
// by hand: the table is the source of truth.
func (p *PlayScreen) correctFigure(f *tp.Figure) {
	m := state(p.ctx).Mission
	l, _ := liveLayout(m)
	var labels []string
	for _, sp := range l.Spaces {
		labels = append(labels, sp.Label)
	}
	pos := newPicker(labels, f.Position, "its space", nil)
	conds := newChecksFlow(conditionNames, normConds(f.CondList()), nil)
	bandages := NewNum(0, max(f.BandageSlots, f.Bandages), f.Bandages, nil)
	nova := NewNum(0, max(99, f.Nova), f.Nova, nil)
	why := newNameEntry("", "why (for the log)", nil)
	body := container.NewVBox(bold("Space"), pos, bold("Conditions"), conds.Object())
	if f.Side == "character" {
		body.Add(widgets.NewFlow(statBox("Bandages", bandages), statBox("Nova cells", nova)))
	}
	col := newPicker(colourNames, f.Colour, "", nil)
	if f.Side != "character" {
		body.Add(bold("HP base"))
		body.Add(col)
	}
	body.Add(bold("Reason"))
	body.Add(why)
	name := f.Name
	d := newDialog(p.ctx.Window, "Correct "+name+" by hand", body, "Cancel", nil)
	addAction(d, "Record", theme.ConfirmIcon(), func() {
		reason := orDefault(strings.TrimSpace(why.Text), "corrected by hand")
		if f.Side != "character" && col.Selected != f.Colour {
			if err := p.ctx.Try(tp.SetColours{Colours: map[string]string{name: col.Selected}, Reason: reason}); err != nil {
				d.SetProblem(capitalFirst(shell.Words(err)))
				return
			}
		}
		cmd := tp.CorrectFigure{Figure: name, Reason: reason}
		if v := pos.Selected; v != f.Position && v != "" {
			cmd.Position = &v
		}
		if cs := conds.Selected(); strings.Join(cs, ",") != strings.Join(normConds(f.CondList()), ",") {
			cmd.SetConditions, cmd.Conditions = true, cs
		}
		if n := bandages.Value; n != f.Bandages {
			cmd.Bandages = &n
		}
		if n := nova.Value; n != f.Nova {
			cmd.Nova = &n
		}
		if cmd.Position == nil && !cmd.SetConditions && cmd.Bandages == nil && cmd.Nova == nil && col.Selected != f.Colour {
			d.Hide() // only the colour changed
			return
		}
		if err := p.ctx.Try(cmd); err != nil {
			d.SetProblem(capitalFirst(shell.Words(err)))
			return
		}
		d.Hide()
	})
	d.Show()
}

// colourNames are the HP bases' colours.
var colourNames = []string{"dark blue", "light blue", "red", "yellow"}
