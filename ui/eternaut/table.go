package eternaut

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// figureObjects is the rest of the table: the Plot track, Objectives and
// Special Quests, the Alert counter (B), the NPCs and Enemies, the Tank and
// the Mysterious Device (F), the snow (A), the Group Abilities and the
// Characters who join during a scenario.
func (p *PlayScreen) figureObjects(s *et.State) []fyne.CanvasObject {
	sc := s.Scenario
	letter := et.Letter(sc.Key)
	var out []fyne.CanvasObject
	out = append(out, p.plotCard(s))
	if letter == "B" {
		out = append(out, p.alertCard(s))
	}
	if letter == "F" && sc.MenaceDeck == et.MenaceLightBlu {
		out = append(out, card("Menace deck", "light-blue cards in play; no Consumed cubes yet (§11 F)",
			btn("The light-blue cards are gone: bring in the red deck", func() { p.do(et.SwitchMenaceDeck{}) })))
	}
	out = append(out, p.figuresCard(s))
	if letter == "F" {
		out = append(out, p.tankCard(s), p.deviceCard(s))
	}
	if letter == "A" {
		out = append(out, p.snowCard(s))
	}
	if len(s.GroupAbilities) > 0 {
		out = append(out, p.groupCard(s))
	}
	out = append(out, p.skillCard(s), p.joinCard(s))
	return []fyne.CanvasObject{columns(440, out...)}
}

func (p *PlayScreen) plotCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	sec := s.Section(et.Letter(sc.Key))
	marks := strings.Repeat("✓", sec.Checks) + strings.Repeat("✗", sec.Crosses)
	big := heading(orDash(marks))
	box := container.NewVBox(big,
		widget.NewLabel(fmt.Sprintf("%d ✓ · %d ✗ · score so far %d", sec.Checks, sec.Crosses, et.Score(sec.Checks, sec.Crosses))),
		flow(btn("Mark ✓", func() { p.do(et.MarkPlot{N: 1}) }), btn("Mark ✗", func() { p.do(et.MarkPlot{Cross: true, N: 1}) })))
	// Objectives.
	box.Add(bold("Objectives"))
	for _, o := range sc.Objectives {
		id := o.ID
		sel := widget.NewRadioGroup([]string{"open", "succeeded", "failed"}, nil)
		sel.Horizontal = true
		sel.Selected = o.State
		sel.OnChanged = func(v string) {
			if v != "" && v != p.objState(id) {
				p.do(et.SetObjective{ID: id, State: v})
			}
		}
		box.Add(container.NewBorder(nil, nil, bold(id), nil, sel))
	}
	obj := textEntry("Objective card ID", "")
	box.Add(container.NewBorder(nil, nil, nil, btn("Reveal", func() {
		if p.do(et.RevealObjective{ID: obj.Text}) {
			obj.SetText("")
		}
	}), obj))
	// Special Quest cards on the table.
	box.Add(bold("Special Quest cards face up"))
	for _, q := range sc.SpecialQuests {
		id := q
		box.Add(container.NewBorder(nil, nil, nil, btn("Remove", func() { p.do(et.LoseSpecialQuest{ID: id}) }), widget.NewLabel(q)))
	}
	quest := textEntry("Special Quest card ID, e.g. B1-16", "")
	box.Add(container.NewBorder(nil, nil, nil, btn("Add", func() {
		if p.do(et.GainSpecialQuest{ID: quest.Text}) {
			quest.SetText("")
		}
	}), quest))
	outcome := widget.NewSelect([]string{"1", "2", "3", "4", "5", "6", "7"}, nil)
	outcome.PlaceHolder = "quest #"
	letterSel := widget.NewSelect([]string{"#A", "#B", "#C", "#D", "#E", "#F"}, nil)
	letterSel.PlaceHolder = "outcome"
	box.Add(container.NewBorder(nil, nil, widget.NewLabel("A paragraph gives quest"), btn("Write", func() {
		n, _ := strconv.Atoi(outcome.Selected)
		p.do(et.SetQuestOutcome{Quest: n, Outcome: letterSel.Selected})
	}), container.NewGridWithColumns(2, outcome, letterSel)))
	return card("Plot track, Objectives, Special Quests", "", box)
}

func (p *PlayScreen) objState(id string) string {
	for _, o := range p.state().Scenario.Objectives {
		if o.ID == id {
			return o.State
		}
	}
	return ""
}

func (p *PlayScreen) alertCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	words := map[string]string{et.AlertOnDeck: "green, on the Menace deck (no Menace card is drawn)", et.AlertGreen: "green", et.AlertRed: "red"}
	state := heading("Alert: " + words[sc.Alert])
	switch sc.Alert {
	case et.AlertRed:
		state.Importance = widget.DangerImportance
	case et.AlertGreen:
		state.Importance = widget.SuccessImportance
	}
	box := container.NewVBox(state,
		flow(btn("On the deck", func() { p.do(et.SetAlert{State: et.AlertOnDeck}) }),
			btn("Green", func() { p.do(et.SetAlert{State: et.AlertGreen}) }),
			btn("Red", func() { p.do(et.SetAlert{State: et.AlertRed}) })))
	if !sc.R02Revealed {
		box.Add(btn("Rule card R-02 revealed: deal the Consumed cubes", func() { p.do(et.RevealR02{}) }))
	} else {
		box.Add(note("R-02 is revealed: the Consumed cubes are in play (Enemy tab)."))
	}
	return card("Alert counter (Scenario B)", "", box)
}

func (p *PlayScreen) figuresCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	box := container.NewVBox()
	for _, f := range sc.Figures {
		id := f.ID
		name := strings.TrimSpace(f.ID + " " + f.Name)
		if f.Defeated {
			box.Add(container.NewBorder(nil, nil, nil, btn("Remove", func() { p.do(et.RemoveFigure{ID: id}) }),
				widget.NewLabel(fmt.Sprintf("☠ %s (%s) defeated", name, f.Kind))))
			continue
		}
		st := widgets.NewStepper(fmt.Sprintf("%s (%s)", name, f.Kind), 0, f.MaxLP, f.LP, func(to int) bool {
			fig := p.figure(id)
			switch {
			case fig == nil:
				return false
			case to < fig.LP:
				return p.do(et.DamageFigure{ID: id, N: fig.LP - to})
			case to > fig.LP:
				return p.do(et.HealFigure{ID: id, N: to - fig.LP})
			}
			return true
		})
		box.Add(container.NewVBox(st, pips(f.LP, f.MaxLP, colLife),
			flow(btn("Damage…", func() { p.figureDamageForm(id) }), btn("Remove", func() { p.do(et.RemoveFigure{ID: id}) }))))
	}
	if len(sc.Figures) == 0 {
		box.Add(note("No NPC or Enemy card on the table."))
	}
	box.Add(btn("Reveal an NPC or Enemy…", p.revealForm))
	return card("NPCs and Enemies", "life from their cards (§7.14)", box)
}

func (p *PlayScreen) figure(id string) *et.Figure {
	for i, f := range p.state().Scenario.Figures {
		if f.ID == id {
			return &p.state().Scenario.Figures[i]
		}
	}
	return nil
}

func (p *PlayScreen) figureDamageForm(id string) {
	n := numEntry(1, 30, "1")
	p.cmdForm("Damage to figure "+id, "Deal damage", []*widget.FormItem{widget.NewFormItem("Damage", n)}, func() (tracker.Command, error) {
		v, err := n.Int()
		if err != nil {
			return nil, err
		}
		return et.DamageFigure{ID: id, N: v}, nil
	})
}

func (p *PlayScreen) revealForm() {
	id := textEntry("3-digit ID, e.g. 805", "")
	name := textEntry("name on the card (optional)", "")
	kind := widget.NewRadioGroup([]string{"npc", "enemy"}, nil)
	kind.Horizontal = true
	kind.SetSelected("enemy")
	lp := numEntry(1, 99, "")
	p.cmdForm("Reveal a figure", "Reveal", []*widget.FormItem{
		widget.NewFormItem("ID", id), widget.NewFormItem("Name", name), widget.NewFormItem("Kind", kind), widget.NewFormItem("Life on the card", lp),
	}, func() (tracker.Command, error) {
		v, err := lp.Int()
		if err != nil {
			return nil, err
		}
		return et.RevealFigure{ID: strings.TrimSpace(id.Text), Name: name.Text, Kind: kind.Selected, MaxLP: v}, nil
	})
}

func (p *PlayScreen) tankCard(s *et.State) fyne.CanvasObject {
	t := s.Scenario.Tank
	box := container.NewVBox()
	if t == nil || t.Destroyed {
		if t != nil {
			box.Add(bold("The Tank was destroyed."))
		}
		fuel, maxFuel, ammo, maxAmmo := numEntry(0, 99, ""), numEntry(1, 99, ""), numEntry(0, 99, ""), numEntry(0, 99, "")
		box.Add(btn("Put the Tank on the table…", func() {
			p.cmdForm("The Tank (cards 274-A/B)", "Set up", []*widget.FormItem{
				widget.NewFormItem("Fuel", fuel), widget.NewFormItem("Max Fuel", maxFuel),
				widget.NewFormItem("Tank Ammo", ammo), widget.NewFormItem("Max Tank Ammo", maxAmmo),
			}, func() (tracker.Command, error) {
				var v [4]int
				for i, e := range []*widgets.CheckedEntry{fuel, maxFuel, ammo, maxAmmo} {
					n, err := e.Int()
					if err != nil {
						return nil, err
					}
					v[i] = n
				}
				return et.TankSetup{Fuel: v[0], MaxFuel: v[1], Ammo: v[2], MaxAmmo: v[3]}, nil
			})
		}))
		return card("Tank", "", box)
	}
	box.Add(widget.NewLabel(fmt.Sprintf("Fuel %d of %d", t.Fuel, t.MaxFuel)))
	box.Add(pips(t.Fuel, t.MaxFuel, colFatigue))
	box.Add(widget.NewLabel(fmt.Sprintf("Tank Ammo %d of %d", t.Ammo, t.MaxAmmo)))
	box.Add(pips(t.Ammo, t.MaxAmmo, colCube))
	if t.Operator != "" {
		box.Add(bold("Operator: " + charName(s, t.Operator)))
		box.Add(flow(btn("Move", func() { p.do(et.TankAct{Action: "move"}) }), btn("Rotate", func() { p.do(et.TankAct{Action: "rotate"}) }),
			btn("Fire", func() { p.do(et.TankAct{Action: "fire"}) }), btn("Ram (3 damage)", func() { p.do(et.TankAct{Action: "ram"}) }),
			btn("Get out", func() { p.do(et.TankLeave{}) })))
	} else {
		who := widget.NewSelect(p.livingOptions(""), func(v string) { p.do(et.TankOperate{Char: idOf(v)}) })
		who.PlaceHolder = "who gets in"
		box.Add(who)
	}
	box.Add(btn("The Tank is destroyed…", func() {
		p.form("The Tank is destroyed", "Destroyed", []*widget.FormItem{widget.NewFormItem("", note("Its operator dies (§11 F)."))},
			func() error { _, err := p.run(et.TankDestroyed{}); return err })
	}))
	return card("Tank", "−1 Fuel each turn while operated (setting)", box)
}

func (p *PlayScreen) deviceCard(s *et.State) fyne.CanvasObject {
	m := s.Scenario.Mystery
	box := container.NewVBox()
	if m == nil {
		lp := numEntry(1, 99, "")
		box.Add(container.NewBorder(nil, nil, widget.NewLabel("Life on its card"), btn("Put on the table", func() {
			v, err := lp.Int()
			if err != nil {
				p.say(err)
				return
			}
			p.do(et.DeviceSetup{MaxLP: v})
		}), lp))
		return card("Mysterious Device “???”", "", box)
	}
	st := widgets.NewStepper("Device life", 0, m.MaxLP, m.LP, func(to int) bool {
		cur := p.state().Scenario.Mystery.LP
		if to < cur {
			return p.do(et.DamageDevice{N: cur - to})
		}
		p.say(errf("the Mysterious Device takes damage like an NPC; correct its life by undoing the damage"))
		return false
	})
	box.Add(st)
	box.Add(pips(m.LP, m.MaxLP, colLife))
	if m.Operator != "" {
		box.Add(bold("Operated by " + charName(s, m.Operator) + " (any damage to them ends it)"))
		box.Add(btn("Release control", func() { p.do(et.DeviceOperate{Char: ""}) }))
	} else {
		who := widget.NewSelect(p.livingOptions(""), func(v string) { p.do(et.DeviceOperate{Char: idOf(v)}) })
		who.PlaceHolder = "who takes control"
		box.Add(who)
	}
	return card("Mysterious Device “???”", "", box)
}

func (p *PlayScreen) snowCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	key := textEntry("paragraph on Rule card R-01", s.SnowParagraph)
	box := container.NewVBox(
		widget.NewLabel(fmt.Sprintf("Snowflake counters on the map: %d of %d", sc.Snowflakes, et.Snowflakes)),
		flow(btn("+1 Snowflake", func() { p.do(et.PlaceSnowflakes{N: 1}) }), btn("−1 Snowflake", func() { p.do(et.PlaceSnowflakes{N: -1}) })),
		container.NewBorder(nil, nil, nil, btn("Note it", func() { p.do(et.SetSnowParagraph{Key: key.Text}) }), key),
		note("“Touched snow” on a Character's card reminds you of this paragraph."))
	return card("Snow (Scenario A)", "", box)
}

func (p *PlayScreen) groupCard(s *et.State) fyne.CanvasObject {
	box := container.NewVBox()
	for _, g := range s.GroupAbilities {
		id := g.ID
		state := "face up"
		switch {
		case g.Permanent:
			state = "permanent"
		case g.FaceDown:
			state = "face down until the end of the round"
		}
		row := container.NewBorder(nil, nil, nil, nil, widget.NewLabel(id+": "+state))
		if !g.Permanent && !g.FaceDown {
			row = container.NewBorder(nil, nil, nil, btn("Use", func() { p.do(et.FlipAbility{GA: id}) }), widget.NewLabel(id+": "+state))
		}
		box.Add(row)
	}
	return card("Group Abilities", "", box)
}

func (p *PlayScreen) joinCard(s *et.State) fyne.CanvasObject {
	var opts []*et.Character
	for _, c := range s.Roster {
		if !c.InPlay && (c.Status == et.NotUnlocked || c.Status == et.Alive) {
			opts = append(opts, c)
		}
	}
	who := widget.NewSelect(options(opts), nil)
	who.PlaceHolder = "who joins (911 in E2, 913 in F…)"
	board := textEntry("board colour (optional)", "")
	return card("A Character joins", "when the story says so (§10.2)", container.NewVBox(who, board,
		btn("Bring into play", func() { p.do(et.JoinCharacter{ID: idOf(who.Selected), Board: board.Text}) })))
}

// skillCard works out a Skill Test's value (§7.8): the Character card's
// value, the matching icons on the board (the skill counters' icons are
// counted in), and the icons of each hand card discarded for it. Nothing
// is recorded: the players read the paragraph's section for the value.
func (p *PlayScreen) skillCard(s *et.State) fyne.CanvasObject {
	who := widget.NewSelect(options(living(s)), nil)
	skill := widget.NewSelect(et.Skills, nil)
	base := textEntry("value on the Character card", "")
	board := textEntry("matching icons on the board's cards", "")
	discards := textEntry("icons on each discarded card, e.g. 1, 2", "")
	result := heading("")
	calc := func() {
		c := p.state().Char(idOf(who.Selected))
		num := func(e *widget.Entry) int { n, _ := strconv.Atoi(strings.TrimSpace(e.Text)); return n }
		var disc []int
		for _, d := range list(discards.Text) {
			n, err := strconv.Atoi(d)
			if err != nil {
				result.SetText(fmt.Sprintf("%q is not a number of icons", d))
				return
			}
			disc = append(disc, n)
		}
		sk := 0
		if c != nil && skill.Selected != "" {
			sk = et.SkillIcons(c, skill.Selected)
		}
		v, err := et.SkillValue(num(base), num(board)+sk, disc)
		if err != nil {
			result.SetText(refusal(err))
			return
		}
		line := fmt.Sprintf("%s: %d", orDash(skill.Selected), v)
		if sk > 0 {
			line += fmt.Sprintf(" (skill counters add %d)", sk)
		}
		result.SetText(line)
	}
	for _, e := range []*widget.Entry{base, board, discards} {
		e.OnChanged = func(string) { calc() }
	}
	who.OnChanged = func(string) { calc() }
	skill.OnChanged = func(string) { calc() }
	return card("Skill Test", "the value decides the paragraph's section (§7.8)", container.NewVBox(
		widget.NewForm(widget.NewFormItem("Who", who), widget.NewFormItem("Skill", skill), widget.NewFormItem("Card", base),
			widget.NewFormItem("Board icons", board), widget.NewFormItem("Discarded", discards)), result))
}
