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
)

// figureObjects is the Play tab's "Figures & cards" sub-tab, the rest of
// the table: the Plot track, Objectives and Special Quests, the Alert
// counter (B), the NPCs and Enemies, the Tank and the Mysterious Device
// (F), the snow (A), the Group Abilities, the Skill Test and the
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
		out = append(out, card("Menace deck", "The light-blue cards are in play; the Consumed cubes wait for the red deck (Rulebook p.36).",
			p.act("The light-blue cards are gone: bring in the red deck", func() tracker.Command { return et.SwitchMenaceDeck{} })))
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
	box := container.NewVBox(heading(orDash(marks)),
		wrap(fmt.Sprintf("%d ✓ · %d ✗ · score so far %d", sec.Checks, sec.Crosses, et.Score(sec.Checks, sec.Crosses))),
		flow(p.act("Mark ✓", func() tracker.Command { return et.MarkPlot{N: 1} }),
			p.act("Mark ✗", func() tracker.Command { return et.MarkPlot{Cross: true, N: 1} })))
	box.Add(bold("Objectives"))
	for _, o := range sc.Objectives {
		box.Add(p.objectiveRow(o))
	}
	obj := textEntry("the Objective card's ID", "")
	box.Add(container.NewBorder(nil, nil, nil, p.act("Reveal", func() tracker.Command {
		if strings.TrimSpace(obj.Text) == "" {
			p.refuse(obj, "Type the Objective card's ID first")
			return nil
		}
		c := et.RevealObjective{ID: obj.Text}
		obj.SetText("")
		return c
	}), obj))
	box.Add(bold("Special Quest cards face up"))
	for _, q := range sc.SpecialQuests {
		id := q
		box.Add(container.NewBorder(nil, nil, nil, p.act("Remove", func() tracker.Command { return et.LoseSpecialQuest{ID: id} }), wrap(q)))
	}
	quest := textEntry("the Special Quest card's ID, e.g. B1-16", "")
	box.Add(container.NewBorder(nil, nil, nil, p.act("Add", func() tracker.Command {
		if strings.TrimSpace(quest.Text) == "" {
			p.refuse(quest, "Type the Special Quest card's ID first")
			return nil
		}
		c := et.GainSpecialQuest{ID: quest.Text}
		quest.SetText("")
		return c
	}), quest))
	box.Add(btn("A paragraph gives a Special Quest's outcome…", p.questOutcomeForm))
	return card("Plot track, Objectives, Special Quests", "", box)
}

// objectiveStates are an Objective's states, in the players' words.
var objectiveStates = []string{"open", "succeeded", "failed"}

func (p *PlayScreen) objectiveRow(o et.Objective) fyne.CanvasObject {
	id := o.ID
	sel := widget.NewSelect(objectiveStates, nil)
	sel.Selected = o.State
	sel.OnChanged = func(v string) {
		if v != "" && v != p.objState(id) {
			p.doFrom(sel, et.SetObjective{ID: id, State: v})
		}
	}
	return container.NewBorder(nil, nil, bold("Objective "+id), nil, sel)
}

func (p *PlayScreen) questOutcomeForm() {
	quest := widget.NewSelect([]string{"#1", "#2", "#3", "#4", "#5", "#6", "#7"}, nil)
	outcome := widget.NewSelect([]string{"#A", "#B", "#C", "#D", "#E", "#F"}, nil)
	p.cmdForm("A Special Quest's outcome", "Write", []*widget.FormItem{
		widget.NewFormItem("Special Quest", quest), widget.NewFormItem("Outcome", outcome),
	}, func() (tracker.Command, error) {
		switch {
		case quest.Selected == "":
			return nil, need("Special Quest", "choose the quest")
		case outcome.Selected == "":
			return nil, need("Outcome", "choose the outcome the paragraph gives")
		}
		return et.SetQuestOutcome{Quest: quest.SelectedIndex() + 1, Outcome: outcome.Selected}, nil
	})
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
	names := map[string]string{et.AlertOnDeck: "green, on the Menace deck (no Menace card is drawn)", et.AlertGreen: "green", et.AlertRed: "red"}
	state := heading("Alert: " + names[sc.Alert])
	switch sc.Alert {
	case et.AlertRed:
		state.Importance = widget.DangerImportance
	case et.AlertGreen:
		state.Importance = widget.SuccessImportance
	}
	box := container.NewVBox(state,
		flow(p.act("On the deck", func() tracker.Command { return et.SetAlert{State: et.AlertOnDeck} }),
			p.act("Green", func() tracker.Command { return et.SetAlert{State: et.AlertGreen} }),
			p.act("Red", func() tracker.Command { return et.SetAlert{State: et.AlertRed} })))
	if !sc.R02Revealed {
		box.Add(p.act("Rule card R-02 revealed: deal the Consumed cubes", func() tracker.Command { return et.RevealR02{} }))
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
		remove := p.act("Remove", func() tracker.Command { return et.RemoveFigure{ID: id} })
		if f.Defeated {
			box.Add(container.NewBorder(nil, nil, nil, remove, wrap(fmt.Sprintf("☠ %s (%s) defeated", name, kindWord(f.Kind)))))
			continue
		}
		var life *spin
		life = newSpin(0, f.MaxLP, f.LP, func(v int) string { return fmt.Sprintf("Life %d of %d", v, f.MaxLP) }, func(to int) bool {
			fig := p.figure(id)
			switch {
			case fig == nil:
				return false
			case to < fig.LP:
				return p.doFrom(life, et.DamageFigure{ID: id, N: fig.LP - to})
			case to > fig.LP:
				return p.doFrom(life, et.HealFigure{ID: id, N: to - fig.LP})
			}
			return true
		})
		box.Add(container.NewVBox(bold(fmt.Sprintf("%s (%s)", name, kindWord(f.Kind))), life, pips(f.LP, f.MaxLP, colLife),
			flow(btn("Damage…", func() { p.figureDamageForm(id) }), remove)))
	}
	if len(sc.Figures) == 0 {
		box.Add(note("No NPC or Enemy card on the table."))
	}
	box.Add(btn("Reveal an NPC or Enemy…", p.revealForm))
	return card("NPCs and Enemies", "Life as printed on their cards (Rulebook p.20)", box)
}

func kindWord(kind string) string {
	if kind == "npc" {
		return "NPC"
	}
	return "Enemy"
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
	n := number(1, 30, 1)
	p.cmdForm("Damage to figure "+id, "Deal damage", []*widget.FormItem{widget.NewFormItem("Damage", n)}, func() (tracker.Command, error) {
		return et.DamageFigure{ID: id, N: n.Value}, nil
	})
}

func (p *PlayScreen) revealForm() {
	id := textEntry("the 3-digit ID on the card, e.g. 805", "")
	name := textEntry("the name on the card (optional)", "")
	kind := widget.NewSelect([]string{"NPC", "Enemy"}, nil)
	kind.SetSelected("Enemy")
	lp := number(1, 30, 3)
	p.cmdForm("Reveal a figure", "Reveal", []*widget.FormItem{
		widget.NewFormItem("ID", id), widget.NewFormItem("Name", name), widget.NewFormItem("Kind", kind), widget.NewFormItem("Life on the card", lp),
	}, func() (tracker.Command, error) {
		if strings.TrimSpace(id.Text) == "" {
			return nil, need("ID", "type the ID printed on the card")
		}
		return et.RevealFigure{ID: strings.TrimSpace(id.Text), Name: name.Text, Kind: strings.ToLower(kind.Selected), MaxLP: lp.Value}, nil
	})
}

func (p *PlayScreen) tankCard(s *et.State) fyne.CanvasObject {
	t := s.Scenario.Tank
	box := container.NewVBox()
	if t == nil || t.Destroyed {
		if t != nil {
			box.Add(bold("The Tank was destroyed."))
		}
		box.Add(btn("Put the Tank on the table…", p.tankSetupForm))
		return card("Tank", "", box)
	}
	box.Add(wrap(fmt.Sprintf("Fuel %d of %d", t.Fuel, t.MaxFuel)))
	box.Add(pips(t.Fuel, t.MaxFuel, colFatigue))
	box.Add(wrap(fmt.Sprintf("Tank Ammo %d of %d", t.Ammo, t.MaxAmmo)))
	box.Add(pips(t.Ammo, t.MaxAmmo, colCube))
	if t.Operator != "" {
		box.Add(bold("Operator: " + charName(s, t.Operator)))
		box.Add(flow(p.act("Move", func() tracker.Command { return et.TankAct{Action: "move"} }),
			p.act("Rotate", func() tracker.Command { return et.TankAct{Action: "rotate"} }),
			p.act("Fire", func() tracker.Command { return et.TankAct{Action: "fire"} }),
			p.act("Ram (3 damage)", func() tracker.Command { return et.TankAct{Action: "ram"} }),
			p.act("Get out", func() tracker.Command { return et.TankLeave{} })))
	} else {
		var who *widget.Select
		who = widget.NewSelect(p.livingOptions(""), func(v string) { p.doFrom(who, et.TankOperate{Char: idOf(p.state(), v)}) })
		who.PlaceHolder = "who gets in"
		box.Add(who)
	}
	was := *t
	box.Add(btn("Correct Fuel and Ammo…", func() { p.tankCorrectForm(was) }))
	box.Add(btn("The Tank is destroyed…", func() {
		p.holdForm("The Tank is destroyed", "Its cards are discarded and its operator dies (Rulebook p.37). Undo takes it back.",
			"Hold: the Tank is destroyed", et.TankDestroyed{})
	}))
	return card("Tank", "−1 Fuel each turn while someone operates it (Settings)", box)
}

// tankCorrectForm puts the Tank's Fuel and Ammo right by hand (with the
// Fuel setting off, this is how the players take Fuel).
func (p *PlayScreen) tankCorrectForm(was et.Tank) {
	fuel, ammo := number(0, was.MaxFuel, was.Fuel), number(0, was.MaxAmmo, was.Ammo)
	p.form("The Tank's Fuel and Ammo", "Correct", []*widget.FormItem{
		widget.NewFormItem("Fuel", fuel), widget.NewFormItem("Tank Ammo", ammo),
	}, func() error {
		if fuel.Value != was.Fuel {
			if err := p.try(et.CorrectScenario{Field: "tankFuel", Value: fuel.Value}); err != nil {
				return err
			}
		}
		if ammo.Value != was.Ammo {
			return p.try(et.CorrectScenario{Field: "tankAmmo", Value: ammo.Value})
		}
		return nil
	})
}

func (p *PlayScreen) tankSetupForm() {
	fuel, maxFuel, ammo, maxAmmo := number(0, 30, 5), number(1, 30, 5), number(0, 30, 3), number(0, 30, 3)
	p.cmdForm("The Tank (cards 274-A and 274-B)", "Set up", []*widget.FormItem{
		widget.NewFormItem("Fuel", fuel), widget.NewFormItem("Most Fuel", maxFuel),
		widget.NewFormItem("Tank Ammo", ammo), widget.NewFormItem("Most Tank Ammo", maxAmmo),
	}, func() (tracker.Command, error) {
		return et.TankSetup{Fuel: fuel.Value, MaxFuel: maxFuel.Value, Ammo: ammo.Value, MaxAmmo: maxAmmo.Value}, nil
	})
}

func (p *PlayScreen) deviceCard(s *et.State) fyne.CanvasObject {
	m := s.Scenario.Mystery
	box := container.NewVBox()
	if m == nil {
		lp := number(1, 30, 5)
		box.Add(bold("Life on its card"))
		box.Add(lp)
		box.Add(p.act("Put it on the table", func() tracker.Command { return et.DeviceSetup{MaxLP: lp.Value} }))
		return card("Mysterious Device “???”", "", box)
	}
	var life *spin
	life = newSpin(0, m.MaxLP, m.LP, func(v int) string { return fmt.Sprintf("Life %d of %d", v, m.MaxLP) }, func(to int) bool {
		cur := p.state().Scenario.Mystery.LP
		if to < cur {
			return p.doFrom(life, et.DamageDevice{N: cur - to})
		}
		p.refuse(life, "The Mysterious Device takes damage like an NPC but is not healed: undo the damage to correct it")
		return false
	})
	box.Add(life)
	box.Add(pips(m.LP, m.MaxLP, colLife))
	if m.Operator != "" {
		box.Add(bold("Operated by " + charName(s, m.Operator) + " (any damage to them ends it)"))
		box.Add(p.act("Release control", func() tracker.Command { return et.DeviceOperate{Char: ""} }))
	} else {
		var who *widget.Select
		who = widget.NewSelect(p.livingOptions(""), func(v string) { p.doFrom(who, et.DeviceOperate{Char: idOf(p.state(), v)}) })
		who.PlaceHolder = "who takes control"
		box.Add(who)
	}
	return card("Mysterious Device “???”", "", box)
}

func (p *PlayScreen) snowCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	key := textEntry("the paragraph on Rule card R-01", s.SnowParagraph)
	box := container.NewVBox(
		wrap(fmt.Sprintf("Snowflake counters on the map: %d of %d", sc.Snowflakes, et.Snowflakes)),
		flow(p.act("+1 Snowflake", func() tracker.Command { return et.PlaceSnowflakes{N: 1} }),
			p.act("−1 Snowflake", func() tracker.Command { return et.PlaceSnowflakes{N: -1} })),
		container.NewBorder(nil, nil, nil, p.act("Note it", func() tracker.Command { return et.SetSnowParagraph{Key: key.Text} }), key),
		note("“Touched snow” under a Character's More reminds you of this paragraph."))
	return card("Snow (Scenario A)", "", box)
}

func (p *PlayScreen) groupCard(s *et.State) fyne.CanvasObject {
	box := container.NewVBox()
	for _, g := range s.GroupAbilities {
		id := g.ID
		line := wrap(id + ": " + abilityFace(g.Permanent, g.FaceDown))
		if !g.Permanent && !g.FaceDown {
			box.Add(container.NewBorder(nil, nil, nil, p.act("Use", func() tracker.Command { return et.FlipAbility{GA: id} }), line))
		} else {
			box.Add(line)
		}
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
	who := pick(options(opts), "who joins (911 in E2, 913 in F…)")
	board := textEntry("board colour (optional)", "")
	return card("A Character joins", "When the story says so", container.NewVBox(who, board,
		p.act("Bring into play", func() tracker.Command {
			if who.Selected == "" {
				p.refuse(who, "Choose who joins first")
				return nil
			}
			return et.JoinCharacter{ID: idOf(p.state(), who.Selected), Board: board.Text}
		})))
}

// skillCard works out a Skill Test's value (Rulebook p.13): the Character
// card's value, the matching icons on the board (the skill counters'
// icons are counted in), and the icons of each hand card discarded for it.
// Nothing is recorded: the players read the paragraph's section for the
// value.
func (p *PlayScreen) skillCard(s *et.State) fyne.CanvasObject {
	who := pick(options(living(s)), "who takes the test")
	skill := pick(et.Skills, "which skill")
	base := newSpin(0, 9, 0, func(v int) string { return fmt.Sprintf("Card %d", v) }, nil)
	board := newSpin(0, 20, 0, func(v int) string { return fmt.Sprintf("Board icons %d", v) }, nil)
	discards := textEntry("icons on each card discarded for it, e.g. 1, 2", "")
	result := heading("")
	calc := func() {
		c := p.state().Char(idOf(p.state(), who.Selected))
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
		v, err := et.SkillValue(base.Value, board.Value+sk, disc)
		if err != nil {
			result.SetText(words(err))
			return
		}
		line := fmt.Sprintf("%s: %d", orDash(skill.Selected), v)
		if sk > 0 {
			line += fmt.Sprintf(" (skill counters add %d)", sk)
		}
		result.SetText(line)
	}
	discards.OnChanged = func(string) { calc() }
	base.OnChanged = func(int) { calc() }
	board.OnChanged = func(int) { calc() }
	who.OnChanged = func(string) { calc() }
	skill.OnChanged = func(string) { calc() }
	return card("Skill Test", "The value decides the paragraph's section.", container.NewVBox(
		who, skill, base, board, discards, result))
}
