package reich

// What the hero whose turn it is may do (spec §5.2), and the table-wide
// events (noise tests, BANG and BOOM, smoke, the end of the mission).

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// refreshActions shows what the hero whose turn it is may do, and the
// table-wide events (noise, BANG/BOOM, the end of the mission).
func (p *playScreen) refreshActions(m *rb.Mission) {
	p.actions.Objects = nil
	if m.Ended {
		return
	}
	var bs []fyne.CanvasObject
	add := func(label string, f func()) { bs = append(bs, widgets.Touch(p.k.tap(label, nil, f))) }
	if m.Step == rb.StepHeroTurn {
		h := m.HeroByID(m.Current)
		p.actions.Add(heading(fmt.Sprintf("%s's actions — basic %d/2%s", h.Name, h.Turn.Basic, turnNotes(h))))
		if h.Turn.Recovering {
			add("Recover", func() { p.RecoverForm(h.ID) })
		}
		if h.Turn.Ending {
			// §5.2: downed during this action; its noise test (if any) is
			// all that is left before the turn ends.
			p.actions.Add(wrapped(h.Name + " was downed during this action: record its noise test if it makes one, or end the turn."))
		}
	}
	if m.Step == rb.StepHeroTurn && !m.HeroByID(m.Current).Turn.Ending {
		h := m.HeroByID(m.Current)
		add("Move", func() { p.MoveForm(h.ID) })
		// One door next to the hero: its button opens it (a form to pick
		// the only door took a second tap).
		if doors := p.doorsBy(h.Area); len(doors) == 1 {
			d := doors[0]
			add("Open door "+p.doorWords(h.Area)(d), func() {
				p.k.doAsk(func(a ai.Answers) tracker.Command { return rb.OpenDoor{Hero: h.ID, Door: d, Answers: a} })
			})
		} else {
			add("Open door", func() { p.OpenDoorForm(h.ID) })
		}
		add("Attack", func() { p.AttackForm(h.ID) })
		add("Search", func() { p.SearchForm(h.ID) })
		add("Draw 2 cards", func() { p.k.do(rb.DrawCards{Hero: h.ID}) })
		if hasActiveSkill(h, "Genius") {
			add("Genius: draw 3", func() { p.k.do(rb.DrawCards{Hero: h.ID, Genius: true}) })
		}
		add("Use item", func() { p.UseItemForm(h.ID) })
		add("Give / take item", func() { p.GiveForm(h.ID) })
		add("Ready equipment", func() { p.ReadyForm(h.ID) })
		add("Vril enhance", func() { p.VrilForm(h.ID) })
		add("Extra move / attack", func() { p.GrantForm(h.ID) })
		add("Escort", func() { p.EscortForm(h.ID) })
	}
	add("Noise test", func() { p.NoiseForm() })
	add("BANG / BOOM", func() { p.BangForm() })
	if m.Variant12 && m.Step == rb.StepEndOfRound {
		add("Free door (1–2 players)", func() { p.FreeDoorForm() })
	}
	if m.Variant12 && (m.Mode == rb.ModeNoteRaid || m.Mode == rb.ModeNoteCampaign) {
		add("Objective done", func() { p.k.do(rb.ObjectiveDone{}) })
	}
	add("Smoke / stun", func() { p.AreaStateForm() })
	add("Who draws the decks…", func() { p.DecksForm() })
	p.actions.Add(widgets.NewFlow(bs...))
}

// hold is a button that acts only when held (widgets.HoldButton): a tap
// says to hold it, next to it. Game-ending actions use it, apart from the
// buttons tapped every turn; they stay undoable.
func (k *kit) hold(label string, held func()) *widgets.HoldButton {
	var b *widgets.HoldButton
	b = widgets.NewHoldButton(label, nil)
	b.OnHeld = k.from(b, held)
	b.OnHint = func(s string) { k.ctx.Feedback(b, s, false) }
	return b
}

// ending is the mission's game-ending actions, kept apart at the foot of
// the Play tab: the hero whose turn it is escapes through an exit (the
// game ends as soon as one hero leaves), or the players end the mission
// by hand; once it has ended, the chart is read and the mission closed.
func (p *playScreen) ending(m *rb.Mission) fyne.CanvasObject {
	box := container.NewVBox()
	if m.Ended {
		c := &campaignScreen{k: p.k}
		box.Add(widgets.Touch(p.k.tap("Declare the result…", nil, func() { c.ResultForm() })))
		box.Add(widgets.Touch(p.k.hold("Hold to close the mission (after-mission step)…", func() { c.CloseForm() })))
		return widgets.NewCard("The mission is over", "Read the Victory or Defeat? chart, then close the mission.", box)
	}
	if m.Step == rb.StepHeroTurn && !m.HeroByID(m.Current).Turn.Ending {
		h := m.HeroByID(m.Current)
		box.Add(widgets.Touch(p.k.hold("Hold: "+h.Name+" escapes through the exit", func() { p.k.do(rb.Escape{Hero: h.ID}) })))
	}
	box.Add(widgets.Touch(p.k.hold("Hold to end the mission by hand…", func() { p.EndMissionForm() })))
	return widgets.NewCard("Ending the mission", "The game ends as soon as one hero leaves through an exit. Hold a button to confirm; Undo takes it back.", box)
}

func hasActiveSkill(h *rb.Hero, id string) bool {
	return slices.ContainsFunc(h.Skills, func(s rb.Skill) bool { return strings.EqualFold(s.ID, id) && s.Active })
}

func turnNotes(h *rb.Hero) string {
	var n []string
	if h.Turn.Moved {
		n = append(n, "moved")
	}
	if h.Turn.Attacked {
		n = append(n, "attacked")
	}
	if h.Turn.Recovering {
		n = append(n, "must Recover")
	}
	if h.Turn.Ending {
		n = append(n, "downed: the turn ends after this action")
	}
	if len(n) == 0 {
		return ""
	}
	return " · " + strings.Join(n, ", ")
}

// nextAreas are the areas a figure in area can step into: joined by an
// open edge, or through a door that stands open.
func (p *playScreen) nextAreas(area string) []string {
	m := p.k.mission()
	var out []string
	if m == nil {
		return nil
	}
	for _, e := range m.Map.Edges {
		other := ""
		switch area {
		case e.A:
			other = e.B
		case e.B:
			other = e.A
		default:
			continue
		}
		if e.Door != "" && m.DoorState(e.Door).Shut() {
			continue
		}
		if !slices.Contains(out, other) {
			out = append(out, other)
		}
	}
	slices.Sort(out)
	return out
}

// MoveForm is a move action: the areas entered in order, each tapped from
// those next to the last (empty: stand up).
func (p *playScreen) MoveForm(id string) *formDialog {
	m := p.k.mission()
	start := p.heroArea(id)
	path := picks("Path", "tap the areas entered, in order (none: stand up)", p.nextAreas(start), areaWords(m), nil)
	path.ordered = true
	path.next = func(chosen []string) []string {
		at := start
		if len(chosen) > 0 {
			at = chosen[len(chosen)-1]
		}
		return p.nextAreas(at)
	}
	return p.k.cmdForm("Move "+heroName(m, id), "Move", []fld{
		path,
		tick("Basic move", "the basic move (else a card's move)", true),
		numIn("Modifiers", "movement modifiers played", 0, 0, 6),
		text("Reaction", "the card or skill, for a move outside the hero's turn (Withdraw, Evasive…)", ""),
		tick("Free move (1–2 players, Not of this Earth!)", "", false),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		mods, _ := v.I("Modifiers")
		path, basic, react, free := v.L("Path"), v.B("Basic move"), v.S("Reaction"), v.B("Free move (1–2 players, Not of this Earth!)")
		return func(a ai.Answers) tracker.Command {
			return rb.Move{Hero: id, Path: path, Basic: basic && react == "" && !free, Modifiers: mods, Reaction: react, Free: free, Answers: a}
		}, nil
	})
}

// doorsBy lists the doors next to an area that are not open ("" area:
// every door not open), with their words.
func (p *playScreen) doorsBy(area string) []string {
	var out []string
	m := p.k.mission()
	if m == nil {
		return nil
	}
	for _, e := range m.Map.Edges {
		if e.Door == "" || m.DoorState(e.Door) == content.Open || (area != "" && e.A != area && e.B != area) {
			continue
		}
		if !slices.Contains(out, e.Door) {
			out = append(out, e.Door)
		}
	}
	return out
}

// doorWords names a door by where it leads and how it stands.
func (p *playScreen) doorWords(from string) func(string) string {
	m := p.k.mission()
	return func(d string) string {
		for _, e := range m.Map.Edges {
			if e.Door != d {
				continue
			}
			to := e.B
			if e.B == from {
				to = e.A
			}
			if from == "" {
				return fmt.Sprintf("%s between %s and %s (%s)", d, e.A, e.B, m.DoorState(d))
			}
			return fmt.Sprintf("%s to %s (%s)", d, areaWords(m)(to), m.DoorState(d))
		}
		return d
	}
}

// OpenDoorForm unlocks or opens a door next to the hero: the first one is
// picked already.
func (p *playScreen) OpenDoorForm(id string) *formDialog {
	area := p.heroArea(id)
	doors := p.doorsBy(area)
	first := ""
	if len(doors) > 0 {
		first = doors[0]
	}
	fd := p.k.cmdForm("Unlock or open a door", "Open", []fld{choiceW("Door", doors, p.doorWords(area), first)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			door := v.S("Door")
			if door == "" {
				return nil, fmt.Errorf("no closed or locked door is next to %s", heroName(p.k.mission(), id))
			}
			return func(a ai.Answers) tracker.Command { return rb.OpenDoor{Hero: id, Door: door, Answers: a} }, nil
		})
	if len(doors) == 0 {
		fd.dlg.SetProblem("No closed or locked door is next to " + heroName(p.k.mission(), id) + " in " + area + ".")
	}
	return fd
}

// FreeDoorForm is the 1–2 player variant's free unlock/open.
func (p *playScreen) FreeDoorForm() *formDialog {
	m := p.k.mission()
	return p.k.cmdForm("Free unlock or open (1–2 players)", "Open", []fld{
		choiceW("Hero", heroIDs(m), func(h string) string { return heroName(m, h) }, m.LastHero),
		choiceW("Door", p.doorsBy(""), p.doorWords(""), ""), tick("Keys", "the hero has keys", false),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		h, d, keys := v.S("Hero"), v.S("Door"), v.B("Keys")
		return func(a ai.Answers) tracker.Command { return rb.FreeDoor{Hero: h, Door: d, Keys: keys, Answers: a} }, nil
	})
}

// unitsNear lists the enemy units a hero may hit: in the hero's area
// first, then the others, with their words.
func (p *playScreen) unitsNear(area string) ([]string, func(string) string) {
	m := p.k.mission()
	var here, there []string
	for _, u := range m.Units {
		if u.Area == area {
			here = append(here, u.ID)
		} else {
			there = append(there, u.ID)
		}
	}
	fac := p.k.state().Library.FactionByID(m.Faction)
	return append(here, there...), func(id string) string {
		u := m.UnitByID(id)
		if u == nil {
			return id
		}
		name := u.Code
		if fac != nil {
			name = unitName(u.Code, *fac)
		}
		return fmt.Sprintf("%s %s in %s", name, u.ID, u.Area)
	}
}

// weaponsOf are a hero's attack choices: the two weapons, or unarmed.
func weaponsOf(h *rb.Hero) ([]string, func(string) string) {
	return []string{"0", "1", "-1"}, func(s string) string {
		switch s {
		case "0", "1":
			w := h.Weapons[s[0]-'0']
			if w.Range == 0 {
				return w.Name + " (melee)"
			}
			return fmt.Sprintf("%s (range %d)", w.Name, w.Range)
		}
		return "unarmed"
	}
}

// AttackForm records a hero's attack: the weapon, the targets tapped from
// the units on the map, the total on a stepper, the heroism points spent.
func (p *playScreen) AttackForm(id string) *formDialog {
	m := p.k.mission()
	h := m.HeroByID(id)
	ws, wwords := weaponsOf(h)
	units, uwords := p.unitsNear(h.Area)
	return p.k.cmdForm("Attack with "+h.Name, "Record the attack", []fld{
		choiceW("Weapon", ws, wwords, "0"),
		picks("Targets", "the units hit", units, uwords, nil),
		num("Total", "the attack test's final total", 0),
		num("Defence bonus", "auras or cards the players apply", 0),
		tick("Basic attack", "", true),
		tick("Area attack", "hits every unit in the target area", false),
		tick("Grenade", "", false),
		tick("Loot", "a special spent for loot", false),
		tick("Versatile", "", false), tick("Dual wielding", "", false), tick("Accurate", "", false), tick("Armour piercing", "", false),
		hpPay("Heroism points before the roll", "", hpSources(m)),
		hpPay("Heroism points after the roll", "", hpSources(m)),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		c := attackFields(v)
		c.Hero, c.Targets, c.Basic, c.Area, c.Grenade, c.DualWielding = id, v.L("Targets"), v.B("Basic attack"), v.B("Area attack"), v.B("Grenade"), v.B("Dual wielding")
		return func(a ai.Answers) tracker.Command { c.Answers = a; return c }, nil
	})
}

// attackFields reads what the attack and counter forms share: the weapon
// (-1 unarmed), the totals, the ticks and the heroism points spent.
func attackFields(v vals) rb.Attack {
	w, _ := atoi("", v.S("Weapon"))
	tot, _ := v.I("Total")
	bonus, _ := v.I("Defence bonus")
	return rb.Attack{Weapon: w, Total: tot, DefenceBonus: bonus, HPBefore: v.HP("Heroism points before the roll"),
		HPAfter: v.HP("Heroism points after the roll"), Loot: v.B("Loot"),
		Accurate: v.B("Accurate"), ArmourPiercing: v.B("Armour piercing"), Versatile: v.B("Versatile")}
}

// NoiseForm records a noise test's final total.
func (p *playScreen) NoiseForm() *formDialog {
	m := p.k.mission()
	who := m.Current
	if who == "" {
		who = m.LastHero
	}
	return p.k.cmdForm("Noise test", "Record", []fld{
		choiceW("Hero", heroIDs(m), func(h string) string { return heroName(m, h) }, who),
		num("Total", "the final total (the app adds what Detect units add)", 0),
		tick("Weapon noise", "the noise came from a weapon", false),
		text("Card", "the noise card you drew, when you draw the noise deck yourselves (blank: asked when needed)", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		tot, _ := v.I("Total")
		h, w, card := v.S("Hero"), v.B("Weapon noise"), v.S("Card")
		return func(a ai.Answers) tracker.Command {
			return rb.NoiseTest{Hero: h, Total: tot, Weapon: w, Card: card, Answers: a}
		}, nil
	})
}

// BangForm records a BANG or a BOOM.
func (p *playScreen) BangForm() *formDialog {
	return p.k.cmdForm("BANG or BOOM", "Record", []fld{
		choice("What", []string{"BANG", "BOOM"}, "BANG"),
		choiceW("Caused by", []string{"hero", "enemy"}, func(s string) string { return "a " + s }, "hero"),
		text("Card", "the noise card you drew after the alarm, when you draw the noise deck yourselves", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		boom, cause, card := v.S("What") == "BOOM", v.S("Caused by"), v.S("Card")
		return func(a ai.Answers) tracker.Command {
			return rb.BangBoom{Boom: boom, Cause: cause, Card: card, Answers: a}
		}, nil
	})
}

var itemKinds = []string{"", rb.ItemVrilOrb, rb.ItemKeys, rb.ItemObjective, rb.ItemAlienHeart}

func itemKindWords(k string) string {
	switch k {
	case rb.ItemVrilOrb:
		return "vril orb"
	case rb.ItemKeys:
		return "keys"
	case rb.ItemObjective:
		return "objective"
	case rb.ItemAlienHeart:
		return "Alien Heart"
	}
	return "other item"
}

// SearchForm is the search action.
func (p *playScreen) SearchForm(id string) *formDialog {
	h := p.k.mission().HeroByID(id)
	return p.k.cmdForm("Search", "Record", []fld{
		text("Item found", "its name as printed", ""),
		choiceW("Kind", itemKinds, itemKindWords, ""),
		tick("Already face up", "picking up a face-up item: no noise test", false),
		numIn("Face-down items here", "face-down item tokens in the hero's area (a search turns them all over)", 0, 0, 6),
		choiceW("Drop for a fifth", withNone(slots(len(h.Items))), orNone(itemWords(h)), "none"),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		down, _ := v.I("Face-down items here")
		return plain(rb.Search{Hero: id, Found: rb.Item{Name: v.S("Item found"), Kind: v.S("Kind")}, FaceUp: v.B("Already face up"),
			FaceDown: down, Drop: slotOf(v, "Drop for a fifth")}), nil
	})
}

// RecoverForm is the compulsory Recover of a downed hero: the wound cards
// kept (at most 2) are tapped.
func (p *playScreen) RecoverForm(id string) *formDialog {
	h := p.k.mission().HeroByID(id)
	return p.k.cmdForm("Recover", "Recover", []fld{picks("Keep", "the wound cards kept, at most 2", slots(len(h.Wounds)), woundWords(h), nil)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			var keep []int
			for _, w := range v.L("Keep") {
				n, _ := atoi("", w)
				keep = append(keep, n)
			}
			return plain(rb.Recover{Hero: id, Keep: keep}), nil
		})
}

// orbChoices are a hero's items a drained token may be readied with.
func orbChoices(h *rb.Hero) []string {
	out := []string{"none"}
	for i, it := range h.Items {
		if it.Kind == rb.ItemVrilOrb || it.Kind == rb.ItemAlienHeart {
			out = append(out, itoa(i))
		}
	}
	return out
}

// ReadyForm readies a jammed or drained weapon, or an adjacent portal (§5.2,
// V-10: items are never readied).
func (p *playScreen) ReadyForm(id string) *formDialog {
	h := p.k.mission().HeroByID(id)
	what := []string{"0", "1"}
	words := map[string]string{"0": "weapon: " + h.Weapons[0].Name, "1": "weapon: " + h.Weapons[1].Name}
	if pt := p.k.mission().Portal; pt != nil && pt.Tokens > 0 {
		what = append(what, "portal")
		words["portal"] = "the portal in " + pt.Area
	}
	return p.k.cmdForm("Ready equipment", "Ready it", []fld{
		choiceW("What", what, func(s string) string { return words[s] }, "0"),
		choiceW("Vril orb spent", orbChoices(h), orNone(itemWords(h)), "none"),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		orb := slotOf(v, "Vril orb spent")
		switch w := v.S("What"); w {
		case "0", "1":
			return plain(rb.ReadyEquipment{Hero: id, Weapon: int(w[0] - '0'), Item: -1, Orb: orb}), nil
		}
		return plain(rb.ReadyPortal{Hero: id, Orb: orb}), nil
	})
}

// VrilForm flips a weapon to its vril side (2 vril orbs).
func (p *playScreen) VrilForm(id string) *formDialog {
	h := p.k.mission().HeroByID(id)
	return p.k.cmdForm("Vril enhancement", "Enhance", []fld{choiceW("Weapon", []string{"0", "1"}, weaponWords(h), "0")},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			return plain(rb.VrilEnhance{Hero: id, Weapon: slotOf(v, "Weapon")}), nil
		})
}

// GrantForm records a card or skill granting another basic move/attack.
func (p *playScreen) GrantForm(id string) *formDialog {
	return p.k.cmdForm("Another basic move or attack", "Grant", []fld{
		choice("Grants", []string{"move", "attack"}, "move"), text("Reason", "the card or skill", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.GrantAction{Hero: id, Attack: v.S("Grants") == "attack", Reason: v.S("Reason")}), nil
	})
}

// EscortForm escorts a unit with the Escort keyword, in the hero's area.
func (p *playScreen) EscortForm(id string) *formDialog {
	m := p.k.mission()
	h := m.HeroByID(id)
	units, uwords := p.unitsNear(h.Area)
	var here []string
	for _, u := range units {
		if x := m.UnitByID(u); x != nil && x.Area == h.Area {
			here = append(here, u)
		}
	}
	first := ""
	if len(here) > 0 {
		first = here[0]
	}
	return p.k.cmdForm("Escort a unit", "Escort", []fld{
		choiceW("Unit", here, uwords, first),
		choiceW("Drop for a fifth", withNone(slots(len(h.Items))), orNone(itemWords(h)), "none"),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.EscortUnit{Hero: id, Unit: v.S("Unit"), Drop: slotOf(v, "Drop for a fifth")}), nil
	})
}

// AreaStateForm marks an area obscured or suppressed.
func (p *playScreen) AreaStateForm() *formDialog {
	m := p.k.mission()
	return p.k.cmdForm("Smoke or stun", "Record", []fld{
		choiceW("Area", areaIDs(m), areaWords(m), p.heroArea(m.Current)),
		choiceW("State", []string{"obscured", "suppressed"}, func(s string) string {
			if s == "obscured" {
				return "obscured (smoke)"
			}
			return "suppressed (stunned)"
		}, "obscured"), tick("On", "", true),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.AreaState{Area: v.S("Area"), Obscured: v.S("State") == "obscured", Suppressed: v.S("State") == "suppressed", On: v.B("On")}), nil
	})
}

// EndMissionForm ends the mission by hand, with the reason (undoable).
func (p *playScreen) EndMissionForm() *formDialog {
	return p.k.cmdForm("End the mission", "End it", []fld{text("Reason", "all heroes captured, or as the players decide", "")},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			return plain(rb.EndMission{Reason: v.S("Reason")}), nil
		})
}

// DecksForm says who draws one of the mission's decks: the app, or the
// players at the table (they then name each card or token they drew).
func (p *playScreen) DecksForm() *formDialog {
	m := p.k.mission()
	var now []string
	for _, name := range rb.DeckNames {
		who := "the app draws it"
		if m.DrawnByPlayers(name) {
			who = "you draw it"
		}
		now = append(now, rb.DeckWords(name)+": "+who)
	}
	return p.k.cmdForm("Who draws the decks", "Set", []fld{
		choiceW("Deck", rb.DeckNames, rb.DeckWords, rb.DeckNames[0]),
		choice("Drawn by", []string{"the app", "us, at the table"}, "us, at the table"),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		name := v.S("Deck")
		if name == "" {
			return nil, fmt.Errorf("choose the deck")
		}
		return plain(rb.DrawBy{Deck: name, Players: v.S("Drawn by") != "the app"}), nil
	}, widget.NewFormItem("Now", wrapped(strings.Join(now, "\n"))))
}
