package reich

// What the hero whose turn it is may do (spec §5.2), and the table-wide
// events (noise tests, BANG and BOOM, smoke, the end of the mission).

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	ai "tablekeeper/automa/reich"
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
	add := func(label string, f func()) { bs = append(bs, widgets.Touch(button(label, nil, f))) }
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
		add("Open door", func() { p.OpenDoorForm(h.ID) })
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
		add("Escape", func() { p.k.do(rb.Escape{Hero: h.ID}) })
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
	add("End mission…", func() { p.EndMissionForm() })
	p.actions.Add(container.NewGridWrap(fyne.NewSize(180, widgets.MinTouch), bs...))
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

// MoveForm is a move action: the areas entered in order.
func (p *playScreen) MoveForm(id string) *formDialog {
	return p.k.cmdForm("Move "+heroName(p.k.mission(), id), "Move", []fld{
		text("Path", "areas entered in order, e.g. A2 A3 (empty: stand up)", ""),
		tick("Basic move", "the basic move (else a card's move)", true),
		num("Modifiers", "movement modifiers played", 0),
		text("Reaction", "Withdraw, Evasive, a card — moves outside the hero's turn", ""),
		tick("Free move (NotE 1–2 players)", "", false),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		mods, err := v.I("Modifiers")
		if err != nil {
			return nil, err
		}
		path, basic, react, free := v.L("Path"), v.B("Basic move"), v.S("Reaction"), v.B("Free move (NotE 1–2 players)")
		return func(a ai.Answers) tracker.Command {
			return rb.Move{Hero: id, Path: path, Basic: basic && react == "" && !free, Modifiers: mods, Reaction: react, Free: free, Answers: a}
		}, nil
	})
}

func (p *playScreen) doors() []string {
	var out []string
	if m := p.k.mission(); m != nil {
		for _, d := range m.Map.Doors {
			out = append(out, d.ID)
		}
	}
	return out
}

// OpenDoorForm unlocks or opens a door.
func (p *playScreen) OpenDoorForm(id string) *formDialog {
	return p.k.cmdForm("Unlock or open a door", "Open", []fld{choice("Door", p.doors(), "")},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			door := v.S("Door")
			return func(a ai.Answers) tracker.Command { return rb.OpenDoor{Hero: id, Door: door, Answers: a} }, nil
		})
}

// FreeDoorForm is the 1–2 player variant's free unlock/open.
func (p *playScreen) FreeDoorForm() *formDialog {
	m := p.k.mission()
	return p.k.cmdForm("Free unlock/open (1–2 players)", "Open", []fld{
		choice("Hero", heroIDs(m), ""), choice("Door", p.doors(), ""), tick("Keys", "the hero has keys", false),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		h, d, keys := v.S("Hero"), v.S("Door"), v.B("Keys")
		return func(a ai.Answers) tracker.Command { return rb.FreeDoor{Hero: h, Door: d, Keys: keys, Answers: a} }, nil
	})
}

// AttackForm records a hero's attack.
func (p *playScreen) AttackForm(id string) *formDialog {
	m := p.k.mission()
	h := m.HeroByID(id)
	weapons := []string{"1. " + h.Weapons[0].Name, "2. " + h.Weapons[1].Name, "unarmed"}
	return p.k.cmdForm("Attack with "+h.Name, "Record the attack", []fld{
		choice("Weapon", weapons, weapons[0]),
		text("Targets", "unit ids, e.g. m3 m4", ""),
		num("Total", "the attack test's final total", 0),
		num("Defence bonus", "auras or cards the players apply", 0),
		tick("Basic attack", "", true),
		tick("Area attack", "hits every unit in the target area", false),
		tick("Grenade", "", false),
		tick("Loot", "a special spent for loot", false),
		tick("Versatile", "", false), tick("Dual wielding", "", false), tick("Accurate", "", false), tick("Armour piercing", "", false),
		text("HP before", "e.g. H1:attack", ""),
		text("HP after", "e.g. hq:wild", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		c, err := attackFields(v, weapons)
		if err != nil {
			return nil, err
		}
		c.Hero, c.Targets, c.Basic, c.Area, c.Grenade, c.DualWielding = id, v.L("Targets"), v.B("Basic attack"), v.B("Area attack"), v.B("Grenade"), v.B("Dual wielding")
		return func(a ai.Answers) tracker.Command { c.Answers = a; return c }, nil
	})
}

// attackFields reads what the attack and counter forms share: the weapon
// (the third choice is unarmed), the totals, the ticks and the heroism
// points spent.
func attackFields(v vals, weapons []string) (rb.Attack, error) {
	w := slices.Index(weapons, v.S("Weapon"))
	if w == 2 {
		w = -1
	}
	tot, err := v.I("Total")
	if err != nil {
		return rb.Attack{}, err
	}
	bonus, err := v.I("Defence bonus")
	if err != nil {
		return rb.Attack{}, err
	}
	before, err := parseHPRefs(v.S("HP before"))
	if err != nil {
		return rb.Attack{}, err
	}
	after, err := parseHPRefs(v.S("HP after"))
	if err != nil {
		return rb.Attack{}, err
	}
	return rb.Attack{Weapon: w, Total: tot, DefenceBonus: bonus, HPBefore: before, HPAfter: after, Loot: v.B("Loot"),
		Accurate: v.B("Accurate"), ArmourPiercing: v.B("Armour piercing"), Versatile: v.B("Versatile")}, nil
}

// NoiseForm records a noise test's final total (§6.3).
func (p *playScreen) NoiseForm() *formDialog {
	m := p.k.mission()
	return p.k.cmdForm("Noise test (§6.3)", "Record", []fld{
		choice("Hero", heroIDs(m), m.Current),
		num("Total", "the final total (Detect units are added by the app)", 0),
		tick("Weapon noise", "the noise came from a weapon", false),
		text("Card", "a physically drawn noise card's id (blank: the app draws)", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		tot, err := v.I("Total")
		if err != nil {
			return nil, err
		}
		h, w, card := v.S("Hero"), v.B("Weapon noise"), v.S("Card")
		return func(a ai.Answers) tracker.Command {
			return rb.NoiseTest{Hero: h, Total: tot, Weapon: w, Card: card, Answers: a}
		}, nil
	})
}

// BangForm records a BANG or a BOOM (§7.7).
func (p *playScreen) BangForm() *formDialog {
	return p.k.cmdForm("BANG or BOOM (§7.7)", "Record", []fld{
		choice("What", []string{"BANG", "BOOM"}, "BANG"),
		choice("Caused by", []string{"hero", "enemy"}, "hero"),
		text("Card", "a physically drawn noise card's id (after the alarm)", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		boom, cause, card := v.S("What") == "BOOM", v.S("Caused by"), v.S("Card")
		return func(a ai.Answers) tracker.Command {
			return rb.BangBoom{Boom: boom, Cause: cause, Card: card, Answers: a}
		}, nil
	})
}

var itemKinds = []string{"plain", rb.ItemVrilOrb, rb.ItemKeys, rb.ItemObjective, rb.ItemAlienHeart}

// SearchForm is the search action.
func (p *playScreen) SearchForm(id string) *formDialog {
	return p.k.cmdForm("Search", "Record", []fld{
		text("Item found", "its name", ""),
		choice("Kind", itemKinds, "plain"),
		tick("Already face up", "picking up a face-up item: no noise test", false),
		num("Face-down items here", "face-down item tokens in the hero's area (V-13: a search turns them over)", 0),
		num("Drop slot", "for a fifth item: the slot to drop (1–4), 0 none", 0),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		drop, err := v.I("Drop slot")
		if err != nil {
			return nil, err
		}
		down, err := v.I("Face-down items here")
		if err != nil {
			return nil, err
		}
		kind := v.S("Kind")
		if kind == "plain" {
			kind = ""
		}
		return plain(rb.Search{Hero: id, Found: rb.Item{Name: v.S("Item found"), Kind: kind}, FaceUp: v.B("Already face up"), FaceDown: down, Drop: drop - 1}), nil
	})
}

// RecoverForm is the compulsory Recover of a downed hero.
func (p *playScreen) RecoverForm(id string) *formDialog {
	return p.k.cmdForm("Recover", "Recover", []fld{text("Keep", "wound cards kept (at most 2), by number from 1", "")},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			var keep []int
			for _, w := range v.L("Keep") {
				n, err := atoi("keep", w)
				if err != nil {
					return nil, err
				}
				keep = append(keep, n-1)
			}
			return plain(rb.Recover{Hero: id, Keep: keep}), nil
		})
}

// ReadyForm readies a jammed or drained weapon, or an adjacent portal (§5.2,
// V-10: items are never readied).
func (p *playScreen) ReadyForm(id string) *formDialog {
	what := []string{"weapon 1", "weapon 2"}
	if pt := p.k.mission().Portal; pt != nil && pt.Tokens > 0 {
		what = append(what, "the portal in "+pt.Area)
	}
	return p.k.cmdForm("Ready equipment", "Ready it", []fld{
		choice("What", what, what[0]),
		num("Vril orb slot", "for a drained token: the item slot of the vril orb (or Alien Heart) spent, 0 none", 0),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		orb, err := slotNum(v, "Vril orb slot")
		if err != nil {
			return nil, err
		}
		switch w := v.S("What"); w {
		case "weapon 1", "weapon 2":
			return plain(rb.ReadyEquipment{Hero: id, Weapon: int(w[len(w)-1] - '1'), Item: -1, Orb: orb}), nil
		}
		return plain(rb.ReadyPortal{Hero: id, Orb: orb}), nil
	})
}

// VrilForm flips a weapon to its vril side (2 vril orbs).
func (p *playScreen) VrilForm(id string) *formDialog {
	return p.k.cmdForm("Vril enhancement (§6.6)", "Enhance", []fld{num("Weapon", "1 or 2", 1)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			i, err := slotNum(v, "Weapon")
			if err != nil {
				return nil, err
			}
			return plain(rb.VrilEnhance{Hero: id, Weapon: i}), nil
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

// EscortForm escorts a unit with the Escort keyword.
func (p *playScreen) EscortForm(id string) *formDialog {
	return p.k.cmdForm("Escort a unit", "Escort", []fld{text("Unit", "its id on the map", ""), num("Drop slot", "for a fifth item, 0 none", 0)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			d, err := slotNum(v, "Drop slot")
			if err != nil {
				return nil, err
			}
			return plain(rb.EscortUnit{Hero: id, Unit: v.S("Unit"), Drop: d}), nil
		})
}

// AreaStateForm marks an area obscured or suppressed.
func (p *playScreen) AreaStateForm() *formDialog {
	var areas []string
	for _, a := range p.k.mission().Map.Areas {
		areas = append(areas, a.ID)
	}
	return p.k.cmdForm("Smoke or stun", "Record", []fld{
		choice("Area", areas, ""), choice("State", []string{"obscured", "suppressed"}, "obscured"), tick("On", "", true),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.AreaState{Area: v.S("Area"), Obscured: v.S("State") == "obscured", Suppressed: v.S("State") == "suppressed", On: v.B("On")}), nil
	})
}

// EndMissionForm ends the mission by hand.
func (p *playScreen) EndMissionForm() *formDialog {
	return p.k.cmdForm("End the mission", "End it", []fld{text("Reason", "all heroes captured, or as the players decide", "")},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			return plain(rb.EndMission{Reason: v.S("Reason")}), nil
		})
}
