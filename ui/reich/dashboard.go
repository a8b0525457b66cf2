package reich

// Each hero's dashboard (spec §9) and the forms that change it: wounds,
// healing, action cards, items, jammed and drained tokens, skills, being
// knocked about, and the correction by hand.

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

// refreshHeroes draws each hero's dashboard (§9).
func (p *playScreen) refreshHeroes(m *rb.Mission) {
	p.heroes.Objects = nil
	p.heroes.Add(heading("Dashboards"))
	for i := range m.Heroes {
		p.heroes.Add(p.dashboard(m, &m.Heroes[i]))
	}
	if len(m.HPShared) > 0 || len(m.HPSupply) > 0 {
		p.heroes.Add(wrapped(fmt.Sprintf("Team/HQ heroism points: %s · face-down supply: %d", hpText(m.HPShared), len(m.HPSupply))))
	}
}

func hpText(hp []string) string {
	if len(hp) == 0 {
		return "none"
	}
	return strings.Join(hp, ", ")
}

// dashboard is one hero's dashboard: wounds as a stepper, the action deck,
// heroism points, weapons, items and skills, with corrections.
func (p *playScreen) dashboard(m *rb.Mission, h *rb.Hero) fyne.CanvasObject {
	status := []string{"in " + h.Area}
	switch {
	case h.Escaped:
		status = []string{"left the map"}
	case h.Captured:
		status = append(status, "CAPTURED")
	case h.Downed():
		status = append(status, "DOWNED")
	}
	if h.KnockedDown {
		status = append(status, "knocked down")
	}
	id := h.ID
	wounds := widgets.NewStepper(fmt.Sprintf("Wound cards (%d permanent; 4 permanent: downed)", h.Permanent()), 0, max(6, len(h.Wounds)+1), len(h.Wounds), func(to int) bool {
		cur := len(p.k.mission().HeroByID(id).Wounds)
		if to > cur {
			p.WoundForm(id)
		} else if to < cur {
			p.HealForm(id, cur-to)
		}
		return false
	})
	deck := fmt.Sprintf("Cards — hand %d · draw %d · discard %d · removed %d · in play %d", h.Hand, h.Draw, h.Discard, h.Removed, h.InPlay)
	var timed []string
	if h.UntilNextHero > 0 {
		timed = append(timed, fmt.Sprintf("%d %s", h.UntilNextHero, rb.DurationWords(rb.DurUntilNextHero)))
	}
	if h.UntilOwnNext > 0 {
		timed = append(timed, fmt.Sprintf("%d %s", h.UntilOwnNext, rb.DurationWords(rb.DurUntilOwnNext)))
	}
	if len(timed) > 0 {
		deck += " (" + strings.Join(timed, ", ") + ")"
	}
	var ws []string
	for i, w := range h.Weapons {
		s := fmt.Sprintf("%d. %s", i+1, w.Name)
		if w.Range > 0 {
			s += fmt.Sprintf(" (range %d)", w.Range)
		} else {
			s += " (melee)"
		}
		if w.Vril {
			s += " vril"
		}
		if w.Status != "" {
			s += " · " + w.Status
		}
		ws = append(ws, s)
	}
	var items []string
	for i, it := range h.Items {
		s := fmt.Sprintf("%d. %s", i+1, it.Name)
		if it.Status != "" {
			s += " · " + it.Status
		}
		items = append(items, s)
	}
	var skills []string
	for _, s := range h.Skills {
		t := s.ID
		if !s.Active {
			t += " (used)"
		}
		skills = append(skills, t)
	}
	info := container.NewVBox(
		wrapped(deck),
		wrapped("Heroism points: "+hpText(h.HP)),
		wrapped("Weapons: "+strings.Join(ws, " · ")),
		wrapped("Items: "+hpText(items)),
		wrapped("Skills: "+hpText(skills)),
	)
	if h.Objectives > 0 {
		info.Add(wrapped(fmt.Sprintf("Objective tokens: %d", h.Objectives)))
	}
	var bs []fyne.CanvasObject
	add := func(label string, f func()) { bs = append(bs, widgets.Touch(button(label, nil, f))) }
	add("Wound card…", func() { p.WoundForm(id) })
	add("Heal…", func() { p.HealForm(id, 1) })
	add("Cards…", func() { p.CardsForm(id) })
	add("Jam / drain", func() { p.GearForm(id) })
	add("Skill on/off", func() { p.SkillForm(id) })
	add("Knocked down", func() { p.k.do(rb.KnockDown{Hero: id}) })
	add("Knocked back…", func() { p.KnockBackForm(id) })
	add("Drop item…", func() { p.DropForm(id) })
	add("Auf Deutsch", func() {
		p.k.doAsk(func(a ai.Answers) tracker.Command { return rb.LowerAwareness{Hero: id, Answers: a} })
	})
	add("Disguise Kit…", func() { p.DisguiseForm(id) })
	add("Correct by hand…", func() { p.CorrectForm(id) })
	title := h.Name
	if h.Player != "" {
		title += " (" + h.Player + ")"
	}
	return widgets.NewCard(title, strings.Join(status, " · "), container.NewVBox(
		container.NewGridWithColumns(2, wounds, info),
		container.NewGridWrap(fyne.NewSize(150, widgets.MinTouch), bs...)))
}

var cardActions = []string{"play", "playOngoing", "endEffect", "discard", "remove", "draw", "returnRemoved"}

// cardDurations are the durations a card played for an ongoing effect
// may have (§12.9), in the words the form offers.
var cardDurations = []string{rb.DurUntilDiscarded, rb.DurUntilNextHero, rb.DurUntilOwnNext}

func durationChoices() []string {
	out := make([]string, len(cardDurations))
	for i, d := range cardDurations {
		out[i] = rb.DurationWords(d)
	}
	return out
}

// CardsForm moves action cards. Lasts is the duration of a card played
// for an ongoing effect, or of the effect that ends (§12.9).
func (p *playScreen) CardsForm(id string) *formDialog {
	lasts := durationChoices()
	return p.k.cmdForm("Action cards", "Move the cards", []fld{
		choice("Action", cardActions, "play"), num("How many", "", 1),
		choice("Lasts", lasts, lasts[0]),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		n, err := v.I("How many")
		if err != nil {
			return nil, err
		}
		c := rb.Cards{Hero: id, Action: v.S("Action"), N: n}
		if c.Action == "playOngoing" || c.Action == "endEffect" {
			if i := slices.Index(lasts, v.S("Lasts")); i > 0 {
				c.Duration = cardDurations[i]
			}
		}
		return plain(c), nil
	})
}

func slotNum(v vals, label string) (int, error) {
	n, err := v.I(label)
	return n - 1, err
}

// UseItemForm uses an item.
func (p *playScreen) UseItemForm(id string) *formDialog {
	return p.k.cmdForm("Use an item", "Use", []fld{
		num("Item slot", "1–4", 1), tick("Used up", "discard it", false), tick("Jams", "Unreliable: it jams after use", false),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		i, err := slotNum(v, "Item slot")
		if err != nil {
			return nil, err
		}
		return plain(rb.UseItem{Hero: id, Item: i, Discard: v.B("Used up"), Jam: v.B("Jams")}), nil
	})
}

// GiveForm gives or takes an item.
func (p *playScreen) GiveForm(id string) *formDialog {
	return p.k.cmdForm("Give or take an item", "Record", []fld{
		choice("Other hero", heroIDs(p.k.mission()), ""), num("Item slot", "of the giver, 1–4", 1),
		tick("Take", "take from the other hero instead", false), num("Drop slot", "receiver's slot to drop for a fifth, 0 none", 0),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		i, err := slotNum(v, "Item slot")
		if err != nil {
			return nil, err
		}
		d, err := slotNum(v, "Drop slot")
		if err != nil {
			return nil, err
		}
		return plain(rb.GiveItem{Hero: id, Other: v.S("Other hero"), Item: i, Take: v.B("Take"), Drop: d}), nil
	})
}

// DropForm drops an item.
func (p *playScreen) DropForm(id string) *formDialog {
	return p.k.cmdForm("Drop an item", "Drop", []fld{num("Item slot", "1–4", 1)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			i, err := slotNum(v, "Item slot")
			if err != nil {
				return nil, err
			}
			return plain(rb.DropItem{Hero: id, Item: i}), nil
		})
}

// GearForm puts a jammed or drained token on a weapon or item.
func (p *playScreen) GearForm(id string) *formDialog {
	return p.k.cmdForm("Jammed or drained (§6.6)", "Put the token", []fld{
		choice("On", []string{"weapon", "item"}, "weapon"), num("Slot", "weapon 1–2 or item 1–4", 1),
		choice("Token", []string{rb.StatusJammed, rb.StatusDrained}, rb.StatusJammed),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		i, err := slotNum(v, "Slot")
		if err != nil {
			return nil, err
		}
		return plain(rb.SetGearStatus{Hero: id, Item: v.S("On") == "item", Slot: i, Status: v.S("Token")}), nil
	})
}

// healItems are what a heal may come from (§12.3, §12.4); the first three
// limit it (V-46).
var healItems = []string{"Bandages", "Medic's Bag", "Pain Killers", "Vril Healing Potion", "other"}

// nobody is the "Used by" pick that names no hero.
const nobody = "not said"

// HealForm heals a hero's permanent wounds (§6.4), naming the item the heal
// comes from: the app limits it to what the item heals (V-46). One use of
// Bandages or a Medic's Bag may heal more heroes of the user's area: the
// players name the user and the others healed, as hero:wounds.
func (p *playScreen) HealForm(id string, n int) *formDialog {
	m := p.k.mission()
	return p.k.cmdForm("Heal (§6.4)", "Heal", []fld{
		choice("Item", healItems, "other"),
		{label: "Used by", hint: "the hero using the item; everyone healed shares their area", kind: fChoice, options: append([]string{nobody}, heroIDs(m)...), def: nobody},
		num("Wounds healed", "permanent wounds to discard", n),
		text("Cards", "wound cards by number from 1 (empty: the newest)", ""),
		text("Also healed", "other heroes healed by the same use, as hero:wounds (H2:1)", ""),
		text("Reason", "what healed the hero, when not an item", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		c := rb.Heal{Hero: id, Reason: v.S("Reason")}
		if it := v.S("Item"); it != "other" {
			c.Item = it
		}
		if by := v.S("Used by"); by != nobody {
			c.By = by
		}
		for _, w := range v.L("Cards") {
			i, err := atoi("cards", w)
			if err != nil {
				return nil, err
			}
			c.Cards = append(c.Cards, i-1)
		}
		if len(c.Cards) == 0 {
			var err error
			if c.N, err = v.I("Wounds healed"); err != nil {
				return nil, err
			}
		}
		also, err := parseHealShares(p.k.mission(), v.S("Also healed"))
		if err != nil {
			return nil, err
		}
		c.Also = also
		if c.Reason == "" && c.Item == "" {
			c.Reason = "healed at the table"
		}
		return plain(c), nil
	})
}

// parseHealShares reads the other heroes one heal reaches: "H2:1 Bo:2" —
// each hero by id or name, and the permanent wounds (1 when not written).
func parseHealShares(m *rb.Mission, s string) ([]rb.HealShare, error) {
	var out []rb.HealShare
	for _, w := range splitList(s) {
		who, count, hasCount := strings.Cut(w, ":")
		id := ""
		if m != nil {
			for _, h := range m.Heroes {
				if strings.EqualFold(h.ID, who) || strings.EqualFold(h.Name, who) {
					id = h.ID
					break
				}
			}
		}
		if id == "" {
			return nil, fmt.Errorf("also healed: there is no hero %q in this mission", who)
		}
		n := 1
		if hasCount {
			var err error
			if n, err = atoi("also healed", count); err != nil || count == "" {
				return nil, fmt.Errorf("also healed %q: write the hero and the wounds, as in H2:1", w)
			}
		}
		out = append(out, rb.HealShare{Hero: id, N: n})
	}
	return out, nil
}

// WoundForm gives a hero a wound card outside an enemy attack.
func (p *playScreen) WoundForm(id string) *formDialog {
	return p.k.cmdForm("Wound card (§6.4)", "Record", []fld{
		choice("How", []string{"auto", "surge"}, "auto"), text("Card", "the wound card's id", ""), text("Reason", "what wounded the hero", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		c := rb.WoundHero{Hero: id, Mode: v.S("How"), Card: v.S("Card"), Reason: v.S("Reason")}
		// Answers: a wound that downs the hero in their own turn may end it,
		// and the turn's end asks its sight questions (§5.2).
		return func(a ai.Answers) tracker.Command { c.Answers = a; return c }, nil
	})
}

// SkillForm flips a skill token.
func (p *playScreen) SkillForm(id string) *formDialog {
	var skills []string
	for _, s := range p.k.mission().HeroByID(id).Skills {
		skills = append(skills, s.ID)
	}
	return p.k.cmdForm("Skill token", "Flip", []fld{choice("Skill", skills, ""), tick("Active", "", false)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			return plain(rb.SetSkillActive{Hero: id, Skill: v.S("Skill"), Active: v.B("Active")}), nil
		})
}

// KnockBackForm knocks a hero back into an area.
func (p *playScreen) KnockBackForm(id string) *formDialog {
	return p.k.cmdForm("Knocked back", "Record", []fld{text("To", "the area", "")},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			return plain(rb.KnockBack{Hero: id, To: v.S("To")}), nil
		})
}

// DisguiseForm uses the Disguise Kit on a room.
func (p *playScreen) DisguiseForm(id string) *formDialog {
	return p.k.cmdForm("Disguise Kit", "Use it", []fld{choice("Room", p.k.mission().Rooms(), p.k.mission().RoomOf(p.heroArea(id)))},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			room := v.S("Room")
			return func(a ai.Answers) tracker.Command { return rb.DisguiseKit{Hero: id, Room: room, Answers: a} }, nil
		})
}

// CorrectForm sets a hero's dashboard by hand.
func (p *playScreen) CorrectForm(id string) *formDialog {
	h := *p.k.mission().HeroByID(id)
	return p.k.cmdForm("Correct "+h.Name+" by hand", "Correct", []fld{
		text("Area", "", h.Area), num("Defence", "", h.Defence),
		num("Hand", "", h.Hand), num("Draw pile", "", h.Draw), num("Discard", "", h.Discard), num("Removed", "", h.Removed), num("In play", "", h.InPlay),
		text("Heroism points", "e.g. attack wild", strings.Join(h.HP, " ")),
		text("Weapons", "two: NAME:RANGE[:vril][:jammed|drained], _ for a space", formatWeapons(h.Weapons)),
		text("Items", "NAME[:KIND][:STATUS] …", formatItems(h.Items)),
		text("Skills", "NAME[:used] …", formatSkills(h.Skills)),
		num("Wound cards", "permanent and kept non-permanent", len(h.Wounds)), num("Objective tokens", "", h.Objectives),
		tick("Knocked down", "", h.KnockedDown), tick("Captured", "", h.Captured),
		text("Reason", "why the dashboard is corrected", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		n := h
		n.Area = v.S("Area")
		var err error
		for _, f := range []struct {
			l  string
			to *int
		}{{"Defence", &n.Defence}, {"Hand", &n.Hand}, {"Draw pile", &n.Draw}, {"Discard", &n.Discard}, {"Removed", &n.Removed},
			{"In play", &n.InPlay}, {"Objective tokens", &n.Objectives}} {
			if *f.to, err = v.I(f.l); err != nil {
				return nil, err
			}
		}
		w, err := v.I("Wound cards")
		if err != nil {
			return nil, err
		}
		if w < 0 {
			return nil, fmt.Errorf("permanent wounds cannot be below 0")
		}
		n.Wounds = slices.Clone(h.Wounds)
		for len(n.Wounds) > w {
			n.Wounds = n.Wounds[:len(n.Wounds)-1]
		}
		for len(n.Wounds) < w {
			n.Wounds = append(n.Wounds, rb.Wound{})
		}
		n.HP = v.L("Heroism points")
		if n.Weapons, err = parseWeapons(v.S("Weapons")); err != nil {
			return nil, err
		}
		if n.Items, err = parseItems(v.S("Items")); err != nil {
			return nil, err
		}
		n.Skills = parseSkills(v.S("Skills"), h.Skills)
		n.KnockedDown, n.Captured = v.B("Knocked down"), v.B("Captured")
		return plain(rb.CorrectHero{Hero: n, Reason: v.S("Reason")}), nil
	})
}
