package alone

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// effectsForm is what cards and Missions do to the Map, and its correction
// by hand, by taps: a Sector (picked, or tapped on the Map) and a Creature,
// then what happens to them — a Teleport, a Creature placed (a Boss with
// the stats of its Mission card) or removed, a Door Blocked, Lights, Danger
// and Mission tokens, extra attack dice, where the Missions send the Hero;
// and a Sector's Revealed state or the Hero's place set as the table has
// them.
type effectsForm struct {
	k        *kit
	obj      fyne.CanvasObject
	sector   *sectorPick
	creature *creaturePick
	dir      *chips
	token    *chips
	dice     *numStepper
	ctype    *chips
	boss     *picker
	roll     *chips
	courage  *faceChips
	why      *widgets.TextEntry
	noMap    *widget.Label
	forms    *fyne.Container
}

func newEffectsForm(k *kit) *effectsForm {
	f := &effectsForm{k: k}
	f.sector, f.creature = newSectorPick(), newCreaturePick()
	f.dir = newChips([]string{"North", "East", "South", "West"}, nil)
	f.token = newChips([]string{"Mission token", "Condition token"}, nil)
	f.token.SetSelected("Mission token")
	f.dice = newNumStepper(1, 6, 1, nil)
	f.dice.Format = func(n int) string { return "+" + plural(n, "die", "dice") }
	f.dice.sync()
	f.ctype = newChips(append(titles(creatureNames()), "Boss"), func(string) { f.syncBoss() })
	f.ctype.SetSelected("Spore")
	f.boss = newPicker("No Mission card with a Boss entered yet.", "Enter a Mission card", func(chosen func(string)) {
		editMission(campaignSink{k}, nil, ta.FinalMission, chosen)
	})
	f.why = entry("why (what the table says)")
	f.roll = newChips([]string{diceApp, diceOur}, nil)
	f.roll.SetSelected(diceApp)
	f.courage = newFaceChips()
	side := func() alone.Dir {
		for d, w := range compassWords {
			if w == f.dir.Selected {
				return d
			}
		}
		return ""
	}
	f.forms = container.NewVBox(
		bold("Sector"), f.sector.sel,
		bold("Creature"), f.creature.sel,
		widgets.NewFlow(
			button("Teleport the Creature to the Sector", f.teleport),
			button("Remove the Creature", func() { f.k.do(ta.RemoveCreature{Creature: f.creature.id()}) }),
		),
		bold("If the Teleport scares the Hero: the Courage die"), f.roll.obj, wrap("as rolled at the table:"), f.courage.obj,
		labelled("It attacks this Turn with", f.dice), button("Give the Creature the extra dice", func() {
			f.k.do(ta.AttackBonus{Creature: f.creature.id(), Dice: f.dice.Value})
		}),
		bold("Place a Creature in the Sector (a Mission)"), f.ctype.obj, f.boss.obj, button("Place it", f.place),
		bold("A Door of the Sector"), f.dir.obj,
		widgets.NewFlow(
			button("Block the Door", func() { f.k.do(ta.SetDoor{Sector: f.sector.id(), Dir: side(), Blocked: true}) }),
			button("Unblock the Door", func() { f.k.do(ta.SetDoor{Sector: f.sector.id(), Dir: side(), Blocked: false}) })),
		bold("Lights and tokens in the Sector"),
		widgets.NewFlow(
			button("Lights on", func() { f.k.do(ta.SetLight{Sectors: []string{f.sector.id()}, On: true, Source: "A card"}) }),
			button("Lights off", func() { f.k.do(ta.SetLight{Sectors: []string{f.sector.id()}, On: false, Source: "A card"}) }),
			button("Place a Danger token", func() { f.k.do(ta.SetDanger{Sector: f.sector.id(), On: true}) }),
			button("Take the Danger token", func() { f.k.do(ta.SetDanger{Sector: f.sector.id(), On: false}) })),
		f.token.obj,
		widgets.NewFlow(
			button("Put the token", func() { f.k.do(ta.SetToken{Sector: f.sector.id(), Token: f.token.Selected, On: true}) }),
			button("Take the token", func() { f.k.do(ta.SetToken{Sector: f.sector.id(), Token: f.token.Selected, On: false}) })),
		bold("Where the Missions send the Hero"),
		widgets.NewFlow(button("Add the Sector", func() { f.goal(true) }), button("Take the Sector off", func() { f.goal(false) })),
		bold("Correct the Map by hand"), wrap("Set the Sector as the table has it; the Log says it was corrected."), f.why,
		widgets.NewFlow(
			button("The Sector is Revealed", func() { f.correct(func(m *alone.Map, s *alone.Sector) { s.Revealed = true }) }),
			button("The Sector is not Revealed", func() { f.correct(func(m *alone.Map, s *alone.Sector) { s.Revealed = false }) }),
			button("The Hero is in the Sector", func() { f.correct(func(m *alone.Map, s *alone.Sector) { m.Hero = s.ID; s.Revealed = true }) }),
		),
	)
	f.noMap = wrap("The Evil players keep the Map behind their screen in this mode: card effects happen at the table.")
	f.obj = container.NewVBox(f.noMap, f.forms)
	f.syncBoss()
	return f
}

func (f *effectsForm) syncBoss() {
	if f.ctype.Selected == "Boss" {
		f.boss.obj.Show()
	} else {
		f.boss.obj.Hide()
	}
}

func (f *effectsForm) refresh(s *ta.State) {
	if s.Map == nil {
		f.noMap.Show()
		f.forms.Hide()
		return
	}
	f.noMap.Hide()
	f.forms.Show()
	f.sector.set(s.Map, s.Map.SectorIDs(), nil)
	f.creature.set(s.Map, false)
	var bosses []string
	if s.Content != nil {
		for _, m := range s.Content.Missions {
			if m.Boss != nil {
				bosses = append(bosses, m.Name)
			}
		}
	}
	f.boss.SetOptions(bosses)
}

func (f *effectsForm) place() {
	s := f.k.state()
	c := ta.PlaceCreature{Type: alone.CreatureType(strings.ToLower(f.ctype.Selected)), Sector: f.sector.id(), Source: "A Mission"}
	if c.Type == alone.Boss {
		m := (*ta.MissionCard)(nil)
		if s.Content != nil {
			m = s.Content.MissionNamed(f.boss.Selected())
		}
		if m == nil || m.Boss == nil {
			f.k.refuse(fmt.Errorf("choose the Mission card that brings the Boss"))
			return
		}
		b := *m.Boss
		c.Boss, c.Source = &b, m.Name
	}
	f.k.do(c)
}

func (f *effectsForm) goal(on bool) {
	s := f.k.state()
	id := f.sector.id()
	if id == "" {
		f.k.refuse(fmt.Errorf("choose the Sector"))
		return
	}
	g := slices.Clone(s.Goals)
	if on && !slices.Contains(g, id) {
		g = append(g, id)
	}
	if !on {
		g = slices.DeleteFunc(g, func(x string) bool { return x == id })
	}
	f.k.do(ta.SetGoals{Sectors: g})
}

// correct sets the chosen Sector as the table has it.
func (f *effectsForm) correct(fn func(*alone.Map, *alone.Sector)) {
	s := f.k.state()
	if s.Map == nil {
		return
	}
	m := s.Map.Clone()
	sec := m.Sector(f.sector.id())
	if sec == nil {
		f.k.refuse(fmt.Errorf("choose the Sector"))
		return
	}
	fn(m, sec)
	for i := range m.Creatures {
		if c := &m.Creatures[i]; c.Sector == sec.ID {
			c.Revealed = sec.Revealed
		}
	}
	if f.k.do(ta.CorrectMap{Map: m, Why: strings.TrimSpace(f.why.Text)}) {
		f.why.SetText("")
	}
}

// teleport moves a Creature by a card effect; a scare's Courage die is
// rolled by whom the players chose (issue 15).
func (f *effectsForm) teleport() {
	c := ta.Teleport{Creature: f.creature.id(), Sector: f.sector.id(), Roll: rollBy(f.roll.Selected == diceOur)}
	if f.roll.Selected == diceOur {
		c.CourageFace = f.courage.face()
	}
	if f.k.do(c) {
		f.courage.clear()
	}
}
