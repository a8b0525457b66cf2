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
	id := h.ID
	wounds := widgets.NewStepper(woundsLabel(h), 0, max(6, len(h.Wounds)+1), len(h.Wounds), func(to int) bool {
		cur := len(p.k.mission().HeroByID(id).Wounds)
		if to > cur {
			p.WoundForm(id)
		} else if to < cur {
			p.HealForm(id, cur-to)
		}
		return false
	})
	info := container.NewVBox()
	for _, l := range dashboardLines(h) {
		info.Add(wrapped(l))
	}
	var bs []fyne.CanvasObject
	add := func(label string, f func()) { bs = append(bs, widgets.Touch(p.k.tap(label, nil, f))) }
	add("Wound card…", func() { p.WoundForm(id) })
	add("Heal…", func() { p.HealForm(id, 1) })
	add("Cards…", func() { p.CardsForm(id) })
	add("Jam / drain", func() { p.GearForm(id) })
	add("Skill on/off", func() { p.SkillForm(id) })
	add("Knocked down", func() { p.k.do(knockDown(id)) })
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
	return widgets.NewCard(title, strings.Join(heroStatus(h), " · "), container.NewVBox(
		container.NewGridWithColumns(2, wounds, info),
		// Each button as wide as its words, wrapped onto more rows when
		// narrow: fixed cells cut the words at a large text size.
		widgets.NewFlow(bs...)))
}

// heroStatus is where a hero is and what holds it: in an area, captured,
// downed, knocked down, or gone off the map.
func heroStatus(h *rb.Hero) []string {
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
	return status
}

// woundsLabel names a hero's wound cards with what they mean.
func woundsLabel(h *rb.Hero) string {
	return "Wound cards (" + permanentWords(h) + ")"
}

// permanentWords says how many of a hero's wounds are permanent and how
// many down a hero, for the dashboard and the phones' table alike.
func permanentWords(h *rb.Hero) string {
	return fmt.Sprintf("%d permanent, downed at %d", h.Permanent(), rb.DownedAt)
}

// dashboardLines are a hero's dashboard in words: the action deck,
// heroism points, weapons, items, skills and objective tokens.
func dashboardLines(h *rb.Hero) []string {
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
	out := []string{deck, "Heroism points: " + hpText(h.HP), "Weapons: " + strings.Join(ws, " · "),
		"Items: " + hpText(items), "Skills: " + hpText(skills)}
	if h.Objectives > 0 {
		out = append(out, fmt.Sprintf("Objective tokens: %d", h.Objectives))
	}
	return out
}

// knockDown is a dashboard's "Knocked down".
func knockDown(hero string) tracker.Command { return rb.KnockDown{Hero: hero} }

// cardActions are the moves of action cards, in the players' words.
var cardActions = []string{"play", "playOngoing", "endEffect", "discard", "remove", "draw", "returnRemoved"}

func cardActionWords(a string) string {
	switch a {
	case "play":
		return "Play (then discarded)"
	case "playOngoing":
		return "Play and keep in play"
	case "endEffect":
		return "End a card in play"
	case "discard":
		return "Discard from the hand"
	case "remove":
		return "Remove from the game"
	case "draw":
		return "Draw"
	case "returnRemoved":
		return "Return a removed card"
	}
	return a
}

// cardDurations are the durations a card played for an ongoing effect
// may have (§12.9), in the words the form offers.
var cardDurations = []string{rb.DurUntilDiscarded, rb.DurUntilNextHero, rb.DurUntilOwnNext}

// CardsForm moves action cards. Lasts is the duration of a card played
// for an ongoing effect, or of the effect that ends (§12.9).
func (p *playScreen) CardsForm(id string) *formDialog {
	return p.k.cmdForm("Action cards", "Move the cards", []fld{
		choiceW("Action", cardActions, cardActionWords, "play"), numIn("How many", "", 1, 1, 12),
		choiceW("Lasts", cardDurations, rb.DurationWords, rb.DurUntilDiscarded),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		n, _ := v.I("How many")
		return plain(cardsCommand(id, v.S("Action"), n, v.S("Lasts"))), nil
	})
}

// cardsCommand is the Cards form's: n action cards moved (action, one of
// cardActions), lasting as long as lasts when played for an ongoing
// effect or ending one.
func cardsCommand(hero, action string, n int, lasts string) rb.Cards {
	c := rb.Cards{Hero: hero, Action: action, N: n}
	if c.Action == "playOngoing" || c.Action == "endEffect" {
		if lasts != rb.DurUntilDiscarded {
			c.Duration = lasts
		}
	}
	return c
}

// slots are the indexes of a list, as choices ("0", "1", …).
func slots(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = itoa(i)
	}
	return out
}

// itemWords names an item slot by its item ("1. Grenade").
func itemWords(h *rb.Hero) func(string) string {
	return func(s string) string {
		i, _ := atoi("", s)
		if h == nil || i < 0 || i >= len(h.Items) {
			return "none"
		}
		it := h.Items[i]
		w := fmt.Sprintf("%d. %s", i+1, it.Name)
		if it.Status != "" {
			w += " (" + it.Status + ")"
		}
		return w
	}
}

// weaponWords names a weapon slot by its weapon.
func weaponWords(h *rb.Hero) func(string) string {
	return func(s string) string {
		i, _ := atoi("", s)
		if h == nil || i < 0 || i > 1 {
			return s
		}
		return fmt.Sprintf("%d. %s", i+1, h.Weapons[i].Name)
	}
}

// slotOf reads a slot choice; "" (none) is -1.
func slotOf(v vals, label string) int {
	s := v.S(label)
	if s == "" || s == "none" {
		return -1
	}
	n, err := atoi("", s)
	if err != nil {
		return -1
	}
	return n
}

// withNone puts "none" before the choices.
func withNone(choices []string) []string { return append([]string{"none"}, choices...) }

// orNone words a choice, "none" as such.
func orNone(words func(string) string) func(string) string {
	return func(s string) string {
		if s == "none" {
			return "none"
		}
		return words(s)
	}
}

// UseItemForm uses an item.
func (p *playScreen) UseItemForm(id string) *formDialog {
	h := p.k.mission().HeroByID(id)
	return p.k.cmdForm("Use an item", "Use", []fld{
		choiceW("Item", slots(len(h.Items)), itemWords(h), "0"), tick("Used up", "discard it", false), tick("Jams", "Unreliable: it jams after use", false),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.UseItem{Hero: id, Item: slotOf(v, "Item"), Discard: v.B("Used up"), Jam: v.B("Jams")}), nil
	})
}

// GiveForm gives or takes an item.
func (p *playScreen) GiveForm(id string) *formDialog {
	m := p.k.mission()
	h := m.HeroByID(id)
	var others []string
	for _, o := range m.Heroes {
		if o.ID != id && !o.Escaped {
			others = append(others, o.ID)
		}
	}
	first := ""
	if len(others) > 0 {
		first = others[0]
	}
	return p.k.cmdForm("Give or take an item", "Record", []fld{
		choiceW("Other hero", others, func(o string) string { return heroName(m, o) }, first),
		choiceW("Item", slots(len(h.Items)), itemWords(h), "0"),
		tick("Take", "take the other hero's item instead (its slot above counts on their dashboard)", false),
		choiceW("Drop for a fifth", withNone(slots(4)), orNone(func(s string) string { i, _ := atoi("", s); return fmt.Sprintf("slot %d", i+1) }), "none"),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.GiveItem{Hero: id, Other: v.S("Other hero"), Item: slotOf(v, "Item"), Take: v.B("Take"), Drop: slotOf(v, "Drop for a fifth")}), nil
	})
}

// DropForm drops an item.
func (p *playScreen) DropForm(id string) *formDialog {
	h := p.k.mission().HeroByID(id)
	return p.k.cmdForm("Drop an item", "Drop", []fld{choiceW("Item", slots(len(h.Items)), itemWords(h), "0")},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			return plain(rb.DropItem{Hero: id, Item: slotOf(v, "Item")}), nil
		})
}

// GearForm puts a jammed or drained token on a weapon or item.
func (p *playScreen) GearForm(id string) *formDialog {
	h := p.k.mission().HeroByID(id)
	var what []string
	words := map[string]string{}
	for i, w := range h.Weapons {
		k := "w" + itoa(i)
		what = append(what, k)
		words[k] = "weapon: " + w.Name
	}
	for i, it := range h.Items {
		k := "i" + itoa(i)
		what = append(what, k)
		words[k] = "item: " + it.Name
	}
	return p.k.cmdForm("Jammed or drained", "Put the token", []fld{
		choiceW("On", what, func(k string) string { return words[k] }, "w0"),
		choiceW("Token", []string{rb.StatusJammed, rb.StatusDrained}, func(s string) string { return s }, rb.StatusJammed),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		on := v.S("On")
		if on == "" {
			return nil, fmt.Errorf("pick the weapon or item")
		}
		slot, _ := atoi("", on[1:])
		return plain(rb.SetGearStatus{Hero: id, Item: on[0] == 'i', Slot: slot, Status: v.S("Token")}), nil
	})
}

// healItems are what a heal may come from (§12.3, §12.4); the first three
// limit it (V-46).
var healItems = []string{"Bandages", "Medic's Bag", "Pain Killers", "Vril Healing Potion", "other"}

// nobody is the "Used by" pick that names no hero.
const nobody = "not said"

// woundWords names a wound card of a hero ("wound card 2 (W12)").
func woundWords(h *rb.Hero) func(string) string {
	return func(s string) string {
		i, _ := atoi("", s)
		if h == nil || i < 0 || i >= len(h.Wounds) {
			return s
		}
		w := fmt.Sprintf("wound card %d", i+1)
		if c := h.Wounds[i].Card; c != "" {
			w += " (" + c + ")"
		}
		if h.Wounds[i].Temporary {
			w += ", not permanent"
		}
		return w
	}
}

// HealForm heals a hero's permanent wounds (§6.4), naming the item the heal
// comes from: the app limits it to what the item heals (V-46). One use of
// Bandages or a Medic's Bag may heal more heroes of the user's area: each
// other hero's wounds healed by the same use are on a stepper.
func (p *playScreen) HealForm(id string, n int) *formDialog {
	m := p.k.mission()
	h := m.HeroByID(id)
	fs := []fld{
		choiceW("Item", healItems, func(s string) string { return s }, "other"),
		choiceW("Used by", append([]string{nobody}, heroIDs(m)...), func(s string) string {
			if s == nobody {
				return s
			}
			return heroName(m, s)
		}, nobody),
		numIn("Wounds healed", "permanent wounds to discard", n, 0, 10),
		picks("Cards", "tick none: the newest go first", slots(len(h.Wounds)), woundWords(h), nil),
	}
	var others []string
	for _, o := range m.Heroes {
		if o.ID != id && !o.Escaped {
			others = append(others, o.ID)
			fs = append(fs, numIn("Also healed: "+o.Name, "by the same use (same area)", 0, 0, 10))
		}
	}
	fs = append(fs, text("Reason", "what healed the hero, when not an item", ""))
	return p.k.cmdForm("Heal", "Heal", fs, func(v vals) (func(ai.Answers) tracker.Command, error) {
		var cards []int
		for _, w := range v.L("Cards") {
			i, _ := atoi("", w)
			cards = append(cards, i)
		}
		n, _ := v.I("Wounds healed")
		var also []rb.HealShare
		for _, o := range others {
			if k, _ := v.I("Also healed: " + heroName(m, o)); k > 0 {
				also = append(also, rb.HealShare{Hero: o, N: k})
			}
		}
		return plain(healCommand(id, v.S("Item"), v.S("Used by"), n, cards, also, v.S("Reason"))), nil
	})
}

// healCommand is the Heal form's: n permanent wounds healed (or the wound
// cards picked), with item ("other": none) used by a hero (nobody: not
// said), the other heroes healed by the same use, and the reason.
func healCommand(hero, item, by string, n int, cards []int, also []rb.HealShare, reason string) rb.Heal {
	c := rb.Heal{Hero: hero, Reason: reason, Cards: cards, Also: also}
	if item != "other" {
		c.Item = item
	}
	if by != nobody && by != "" {
		c.By = by
	}
	if len(c.Cards) == 0 {
		c.N = n
	}
	if c.Reason == "" && c.Item == "" {
		c.Reason = "healed at the table"
	}
	return c
}

// woundModes are how a wound card comes, in the players' words.
func woundModeWords(m string) string {
	if m == "surge" {
		return "a vril surge"
	}
	return "an attack or effect"
}

// WoundForm gives a hero a wound card outside an enemy attack.
func (p *playScreen) WoundForm(id string) *formDialog {
	return p.k.cmdForm("Wound card", "Record", []fld{
		choiceW("From", []string{"auto", "surge"}, woundModeWords, "auto"), text("Card", "the wound card's number as printed (optional)", ""),
		text("Reason", "what wounded the hero", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return woundCommand(id, v.S("From"), v.S("Card"), v.S("Reason")), nil
	})
}

// woundCommand is the Wound card form's: a wound card from mode ("auto",
// "surge"), its printed number and why. Answers: a wound that downs the
// hero in their own turn may end it, and the turn's end asks its sight
// questions (§5.2).
func woundCommand(hero, mode, card, reason string) func(ai.Answers) tracker.Command {
	c := rb.WoundHero{Hero: hero, Mode: mode, Card: card, Reason: reason}
	return func(a ai.Answers) tracker.Command { c.Answers = a; return c }
}

// SkillForm flips a skill token.
func (p *playScreen) SkillForm(id string) *formDialog {
	var skills []string
	for _, s := range p.k.mission().HeroByID(id).Skills {
		skills = append(skills, s.ID)
	}
	first := ""
	if len(skills) > 0 {
		first = skills[0]
	}
	return p.k.cmdForm("Skill token", "Flip", []fld{choice("Skill", skills, first), tick("Active", "", false)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			return plain(rb.SetSkillActive{Hero: id, Skill: v.S("Skill"), Active: v.B("Active")}), nil
		})
}

// areaWords names an area with its room.
func areaWords(m *rb.Mission) func(string) string {
	return func(a string) string {
		if m == nil {
			return a
		}
		if r := m.RoomOf(a); r != "" && r != a {
			return a + " (" + r + ")"
		}
		return a
	}
}

func areaIDs(m *rb.Mission) []string {
	var out []string
	if m != nil {
		for _, a := range m.Map.Areas {
			out = append(out, a.ID)
		}
	}
	return out
}

// KnockBackForm knocks a hero back into an area.
func (p *playScreen) KnockBackForm(id string) *formDialog {
	m := p.k.mission()
	return p.k.cmdForm("Knocked back", "Record", []fld{choiceW("To", p.nextAreas(p.heroArea(id)), areaWords(m), "")},
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

// CorrectForm sets a hero's dashboard by hand: every number on a stepper,
// each weapon's name, range, side and token, the items' names and the
// skills used.
func (p *playScreen) CorrectForm(id string) *formDialog {
	m := p.k.mission()
	h := *m.HeroByID(id)
	var items []string
	for _, it := range h.Items {
		items = append(items, it.Name)
	}
	var usedSkills, skillIDs []string
	for _, s := range h.Skills {
		skillIDs = append(skillIDs, s.ID)
		if !s.Active {
			usedSkills = append(usedSkills, s.ID)
		}
	}
	fs := []fld{
		choiceW("Area", areaIDs(m), areaWords(m), h.Area), num("Defence", "", h.Defence),
		num("Hand", "", h.Hand), num("Draw pile", "", h.Draw), num("Discard", "", h.Discard), num("Removed", "", h.Removed), num("In play", "", h.InPlay),
	}
	n := hpCounts(h.HP)
	fs = append(fs, num("Attack points", "", n[0]), num("Defence points", "", n[1]), num("Wild points", "", n[2]))
	statuses := []string{rb.StatusNone, rb.StatusJammed, rb.StatusDrained}
	statusWords := func(s string) string {
		if s == "" {
			return "ready"
		}
		return s
	}
	for i, w := range h.Weapons {
		pre := fmt.Sprintf("Weapon %d", i+1)
		fs = append(fs, text(pre, "its name", w.Name), numIn(pre+" range", "0 is melee", w.Range, 0, 12),
			tick(pre+" on its vril side", "", w.Vril), choiceW(pre+" token", statuses, statusWords, w.Status))
	}
	fs = append(fs,
		text("Items", "their names as printed, separated by commas (kinds and tokens stay)", strings.Join(items, ", ")),
		picks("Skills used", "the skill tokens turned over", skillIDs, func(s string) string { return s }, usedSkills),
		numIn("Wound cards", "permanent and kept non-permanent", len(h.Wounds), 0, 12), num("Objective tokens", "", h.Objectives),
		tick("Knocked down", "", h.KnockedDown), tick("Captured", "", h.Captured),
		text("Reason", "why the dashboard is corrected", ""))
	return p.k.cmdForm("Correct "+h.Name+" by hand", "Correct", fs, func(v vals) (func(ai.Answers) tracker.Command, error) {
		nh := h
		nh.Area = v.S("Area")
		for _, f := range []struct {
			l  string
			to *int
		}{{"Defence", &nh.Defence}, {"Hand", &nh.Hand}, {"Draw pile", &nh.Draw}, {"Discard", &nh.Discard}, {"Removed", &nh.Removed},
			{"In play", &nh.InPlay}, {"Objective tokens", &nh.Objectives}} {
			*f.to, _ = v.I(f.l)
		}
		var counts [3]int
		for i, l := range []string{"Attack points", "Defence points", "Wild points"} {
			counts[i], _ = v.I(l)
		}
		nh.HP = hpList(counts)
		for i := range nh.Weapons {
			pre := fmt.Sprintf("Weapon %d", i+1)
			r, _ := v.I(pre + " range")
			nh.Weapons[i] = rb.Weapon{Name: v.S(pre), Range: r, Vril: v.B(pre + " on its vril side"), Status: v.S(pre + " token")}
		}
		var names []string
		for _, n := range strings.Split(v.S("Items"), ",") {
			if n = strings.TrimSpace(n); n != "" {
				names = append(names, n)
			}
		}
		nh.Items = nil
		for i, n := range names {
			it := rb.Item{Name: n}
			if i < len(h.Items) && strings.EqualFold(h.Items[i].Name, n) {
				it = h.Items[i]
			}
			nh.Items = append(nh.Items, it)
		}
		used := v.L("Skills used")
		nh.Skills = slices.Clone(h.Skills)
		for i := range nh.Skills {
			nh.Skills[i].Active = !slices.Contains(used, nh.Skills[i].ID)
		}
		w, _ := v.I("Wound cards")
		nh.Wounds = slices.Clone(h.Wounds)
		for len(nh.Wounds) > w {
			nh.Wounds = nh.Wounds[:len(nh.Wounds)-1]
		}
		for len(nh.Wounds) < w {
			nh.Wounds = append(nh.Wounds, rb.Wound{})
		}
		nh.KnockedDown, nh.Captured = v.B("Knocked down"), v.B("Captured")
		return plain(rb.CorrectHero{Hero: nh, Reason: v.S("Reason")}), nil
	})
}
