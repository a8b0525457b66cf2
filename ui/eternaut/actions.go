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

// More opens the Character's actions: penalty cards, fights, items,
// abilities and corrections, grouped as the rulebook talks about them, and
// apart at the bottom what takes the Character out of play. A command runs
// when tapped and its answer shows next to "More…" on the card; a form
// opens in the dialog's place.
func (cc *charCard) More() *widgets.Dialog {
	p := cc.p
	s := p.state()
	c := s.Char(cc.id)
	if c == nil {
		return nil
	}
	id := c.ID
	letter := et.Letter(s.Scenario.Key)
	cc.Buttons = map[string]*widget.Button{}
	box := container.NewVBox()
	var d *widgets.Dialog
	// now runs a command from the dialog: it closes, and the answer shows
	// beside the card's More button.
	now := func(name, label string, cmd func() tracker.Command) *widget.Button {
		b := btn(label, func() {
			d.Hide()
			p.doFrom(cc.MoreBtn, cmd())
		})
		cc.Buttons[name] = b
		return b
	}
	// then opens a form in the dialog's place.
	then := func(name, label string, open func()) *widget.Button {
		b := btn(label, func() {
			d.Hide()
			open()
		})
		cc.Buttons[name] = b
		return b
	}
	section := func(title string, objs ...fyne.CanvasObject) {
		box.Add(bold(title))
		box.Add(flow(objs...))
	}
	// Penalty cards (Rulebook p.9, p.25, p.29).
	pen := []fyne.CanvasObject{now("fatigue", "+ Fatigue", func() tracker.Command { return et.AddPenalty{Char: id, Kind: et.Fatigue} })}
	if letter >= "C" {
		pen = append(pen, now("wound", "+ Heavy Wound", func() tracker.Command { return et.AddPenalty{Char: id, Kind: et.HeavyWound} }))
	}
	if letter >= "D" {
		pen = append(pen, now("mad", "+ Madness", func() tracker.Command { return et.AddPenalty{Char: id, Kind: et.Madness} }),
			now("fog", "Crossed the Mindveil Fog", func() tracker.Command { return et.AddPenalty{Char: id, Kind: et.Madness, FromFog: true} }))
	}
	if c.Penalties.Fatigue > 0 {
		pen = append(pen, now("break", "Take a Break", func() tracker.Command { return et.TakeABreak{Char: id} }))
	}
	if c.Penalties.HeavyWound {
		pen = append(pen, now("care", "Take care", func() tracker.Command { return et.TakeCare{Char: id} }))
	}
	if c.Penalties.Count() > 0 {
		pen = append(pen, then("remove", "Remove by an effect…", func() { p.removePenaltyForm(id) }))
	}
	if c.Penalties.Madness {
		pen = append(pen, then("madpick", "Random card…", func() { p.madPickForm(id) }))
	}
	section("Penalty cards", pen...)
	// Fights (from B, Rulebook p.18).
	if letter != "A" {
		ranged := now("ranged", "Ranged attack (−1 ammo)", func() tracker.Command { return et.RangedAttack{Char: id} })
		var rangedRow fyne.CanvasObject = ranged
		if c.Ammo == 0 {
			rangedRow = because(ranged, ranged, "No ammo.")
		}
		box.Add(bold("Fights"))
		box.Add(flow(then("damage", "Damage…", func() { p.damageForm(id) }), then("attack", "Attack helper…", func() { p.attackForm(id) })))
		box.Add(rangedRow)
	}
	// Items (Rulebook p.12).
	items := []fyne.CanvasObject{then("gain", "Gain an item…", func() { p.gainItemForm(id) })}
	if len(c.Items)+len(c.BagItems) > 0 {
		items = append(items,
			then("drop", "Drop…", func() { p.dropForm(id) }),
			then("discard", "Discard…", func() { p.discardForm(id) }),
			then("bag", "Bag…", func() { p.bagForm(id) }))
	}
	if len(c.Items) >= 2 {
		items = append(items, then("craft", "Craft…", func() { p.craftForm(id) }))
	}
	if len(living(s)) > 1 {
		items = append(items, then("trade", "Trade…", func() { p.tradeForm(id) }))
	}
	section("Items", items...)
	// Abilities, the snow, the cubes.
	var other []fyne.CanvasObject
	if c.PA != nil && !c.PA.Permanent && !c.PA.FaceDown {
		other = append(other, now("flip", "Use "+c.PA.ID, func() tracker.Command { return et.FlipAbility{Char: id} }))
	}
	if !c.Masked {
		other = append(other, then("ability", "A Personal Ability from the story…", func() { p.abilityForm(id) }))
	}
	if letter == "A" {
		other = append(other, now("snow", "Touched snow", func() tracker.Command { return et.TouchSnow{Char: id} }))
	}
	if s.Scenario.CubesActive && c.Cubes > 0 {
		other = append(other, now("cube", "A card it did not see: move 1 cube", func() tracker.Command { return et.MoveCube{From: id} }))
	}
	other = append(other,
		then("correct", "Correct by hand…", func() { p.correctCharForm(id) }),
		now("unavailable", boolWord(c.Unavailable, "Back in play", "Out of play for now"), func() tracker.Command {
			return et.SetUnavailable{Char: id, Unavailable: !p.state().Char(id).Unavailable}
		}))
	section("On the table", other...)
	// What takes the Character out of play: apart, and held to confirm.
	box.Add(widget.NewSeparator())
	box.Add(bold("Out of the game"))
	box.Add(flow(
		then("kill", "Dies…", func() { p.killForm(id) }),
		then("leave", "Leaves the group…", func() { p.leaveForm(id) })))
	d = widgets.NewDialog(c.Carded(), box, p.ctx.Window)
	d.Show()
	return d
}

func (p *PlayScreen) damageForm(id string) {
	n := number(1, 20, 1)
	src := textEntry("what hit, e.g. a Survivor's attack (optional)", "")
	p.cmdForm("Damage to "+charName(p.state(), id), "Deal damage", []*widget.FormItem{
		widget.NewFormItem("Damage", n), widget.NewFormItem("Source", src),
	}, func() (tracker.Command, error) {
		return et.Damage{Char: id, N: n.Value, Source: src.Text}, nil
	})
}

var penaltyNames = []string{"Fatigue", "Heavy Wound", "Madness"}
var penaltyKinds = []string{et.Fatigue, et.HeavyWound, et.Madness}

func (p *PlayScreen) removePenaltyForm(id string) {
	kind := widget.NewSelect(penaltyNames, nil)
	kind.SetSelectedIndex(0)
	n := number(1, et.FatigueCardsInGame, 1)
	nItem := widget.NewFormItem("How many Fatigue cards", n)
	nItem.HintText = "Only Fatigue can be more than one card."
	p.cmdForm("Remove a penalty card by an effect", "Remove", []*widget.FormItem{
		widget.NewFormItem("Card", kind), nItem,
	}, func() (tracker.Command, error) {
		k := penaltyKinds[max(0, kind.SelectedIndex())]
		v := 1
		if k == et.Fatigue {
			v = n.Value
		}
		return et.RemovePenalty{Char: id, Kind: k, N: v}, nil
	})
}

func (p *PlayScreen) madPickForm(id string) {
	hand := number(1, 11, et.DrawTo(p.state().Players))
	item := widget.NewFormItem("Cards in hand", hand)
	item.HintText = "The app picks one at random: count that far into the hand, shuffled (Rulebook p.29)."
	p.cmdForm("Random card for a Mad Character", "Pick", []*widget.FormItem{item}, func() (tracker.Command, error) {
		return et.PickForMadness{Char: id, Hand: hand.Value}, nil
	})
}

// correctFields are what a Character's value corrections can set, in
// words.
var correctFields = []struct{ field, words string }{
	{"lp", "Life"}, {"ammo", "Ammo"}, {"fatigue", "Fatigue cards"}, {"heavyWound", "Heavy Wound cards (0 or 1)"},
	{"madness", "Madness cards (0 or 1)"}, {"actionCards", "Action cards on the board"},
}

func (p *PlayScreen) correctCharForm(id string) {
	c := p.state().Char(id)
	now := map[string]int{"lp": c.LP, "ammo": c.Ammo, "fatigue": c.Penalties.Fatigue, "heavyWound": b2i(c.Penalties.HeavyWound),
		"madness": b2i(c.Penalties.Madness), "actionCards": c.ActionCards}
	hi := map[string]int{"lp": et.CharMaxLP, "ammo": et.AmmoCapPerCharacter, "fatigue": et.FatigueCardsInGame, "heavyWound": 1, "madness": 1, "actionCards": 20}
	var names []string
	for _, f := range correctFields {
		names = append(names, f.words)
	}
	field := widget.NewSelect(names, nil)
	v := number(0, et.CharMaxLP, c.LP)
	field.OnChanged = func(string) {
		f := correctFields[max(0, field.SelectedIndex())].field
		v.SetLimits(0, hi[f])
		v.ShowValue(now[f])
	}
	field.SetSelectedIndex(0)
	p.cmdForm("Correct "+charName(p.state(), id)+" by hand", "Correct", []*widget.FormItem{
		widget.NewFormItem("Value", field), widget.NewFormItem("Set to", v),
	}, func() (tracker.Command, error) {
		return et.CorrectCharacter{Char: id, Field: correctFields[max(0, field.SelectedIndex())].field, Value: v.Value}, nil
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// killForm records a death (Rulebook p.20): it may lose the campaign, so
// it acts only on a hold, and Undo takes it back.
func (p *PlayScreen) killForm(id string) {
	cause := textEntry("what killed it, e.g. a paragraph (optional)", "")
	p.outForm(charName(p.state(), id)+" dies", "Its items become a Drop pile where it falls and its ammo goes back to the reserve; read its 600 paragraph. If no Character in play is left alive, the campaign is lost.",
		cause, nil, "Hold: it dies", func() tracker.Command { return et.Kill{Char: id, Cause: cause.Text} })
}

func (p *PlayScreen) leaveForm(id string) {
	keep := widget.NewCheck("The paragraph lets it keep its items (otherwise they drop)", nil)
	p.outForm(charName(p.state(), id)+" leaves the group", "It is out of the campaign, as if dead, but no 600 paragraph is read.",
		nil, keep, "Hold: it leaves", func() tracker.Command { return et.LeaveGroup{Char: id, KeepItems: keep.Checked} })
}

// outForm is a dialog for taking a Character out of play: what it means,
// an optional field, and a hold button.
func (p *PlayScreen) outForm(title, text string, entry *widgets.TextEntry, check *widget.Check, hold string, cmd func() tracker.Command) *widgets.Dialog {
	box := container.NewVBox(widgets.Paragraph(text))
	if entry != nil {
		box.Add(entry)
	}
	if check != nil {
		box.Add(widgets.WrapCheck(check))
	}
	b := p.holdButton(hold, cmd)
	box.Add(b)
	d := widgets.NewDialog(title, box, p.ctx.Window)
	d.SetDismiss("Cancel", nil)
	held := b.OnHeld
	b.OnHeld = func() {
		held()
		if p.refused == "" {
			d.Hide()
		}
	}
	d.Show()
	return d
}

func (p *PlayScreen) reinforceForm(dead string) {
	s := p.state()
	var opts []*et.Character
	for _, c := range s.Roster {
		if c.Status == et.Alive && !c.InPlay && !c.AwaitsReveal {
			opts = append(opts, c)
		}
	}
	who := widget.NewSelect(options(opts), nil)
	items := widget.NewCheckGroup(append([]string(nil), s.Scenario.TruckItems...), nil)
	ammo := number(0, min(et.AmmoCapPerCharacter, s.Scenario.TruckAmmo), 0)
	p.cmdForm("Reinforcement for "+charName(s, dead), "Bring in", []*widget.FormItem{
		widget.NewFormItem("Character", who), widget.NewFormItem("Items from the truck", items), widget.NewFormItem("Ammo from the truck", ammo),
	}, func() (tracker.Command, error) {
		if who.Selected == "" {
			return nil, need("Character", "choose who comes in")
		}
		return et.Reinforce{Dead: dead, New: idOf(p.state(), who.Selected), Items: items.Selected, Ammo: ammo.Value}, nil
	})
}

// abilityForm records a Personal Ability the story gives or replaces
// (PA-912-A → PA-912-B): the old card leaves the campaign.
func (p *PlayScreen) abilityForm(id string) {
	card := textEntry("the card's ID, e.g. PA-912-B", "")
	perm := widget.NewCheck("Permanent (never flipped)", nil)
	p.cmdForm("A Personal Ability for "+charName(p.state(), id), "Record", []*widget.FormItem{
		widget.NewFormItem("Card", card), widget.NewFormItem("Type", widgets.WrapCheck(perm)),
	}, func() (tracker.Command, error) {
		if strings.TrimSpace(card.Text) == "" {
			return nil, need("Card", "type the card's ID")
		}
		return et.GainAbility{Char: id, ID: strings.TrimSpace(card.Text), Permanent: perm.Checked}, nil
	})
}

// attackForm works out an attack's damage per targeted space as the card
// and the table give it (Rulebook p.18–19); for a ranged attack its button
// spends the 1 ammo. The damage itself is then dealt to the figures hit.
func (p *PlayScreen) attackForm(id string) {
	c := p.state().Char(id)
	ranged := widget.NewCheck("Ranged (spends 1 ammo, whatever the cubes)", nil)
	maxCubes, cubes := number(1, 5, 1), number(1, 5, 1)
	dmg := textEntry("the card's damage values, e.g. 4, 1, 1", "")
	reduced := widget.NewCheck("Reduced damage (minus the range)", nil)
	ranges := textEntry("range of each targeted space, e.g. 1, 2", "")
	agi, agiNeed := number(0, 9, 0), number(0, 9, 0)
	fig, figNeed := number(0, 9, 0), number(0, 9, 0)
	out := bold("")
	ints := func(e *widgets.TextEntry) ([]int, error) {
		var v []int
		for _, x := range list(e.Text) {
			n, err := strconv.Atoi(x)
			if err != nil {
				return nil, errf("%q is not a whole number", x)
			}
			v = append(v, n)
		}
		return v, nil
	}
	calc := func() {
		d, err := ints(dmg)
		if err == nil {
			var r []int
			if r, err = ints(ranges); err == nil {
				var res et.AttackResult
				res, err = et.Attack(et.AttackInput{Ranged: ranged.Checked, Ammo: p.state().Char(id).Ammo,
					MaxCubes: maxCubes.Value, Cubes: cubes.Value, Damages: d, Ranges: r, Reduced: reduced.Checked,
					Agility: agi.Value, AgilityNeeded: agiNeed.Value, Fighting: fig.Value, FightingNeeded: figNeed.Value})
				if err == nil {
					var parts []string
					for i, n := range res.Damage {
						parts = append(parts, fmt.Sprintf("space %d: %d", i+1, n))
					}
					line := "Damage: " + joinOr(parts, "none yet")
					if res.ExtraCube {
						line += " · Agility: one extra cube"
					}
					if res.Fighting {
						line += fmt.Sprintf(" · Fighting: +%d each", et.FightingBonusDamage)
					}
					out.SetText(line)
					return
				}
			}
		}
		out.SetText(words(err))
	}
	for _, e := range []*widgets.TextEntry{dmg, ranges} {
		e.OnChanged = func(string) { calc() }
	}
	for _, sp := range []*spin{maxCubes, cubes, agi, agiNeed, fig, figNeed} {
		sp.OnChanged = func(int) { calc() }
	}
	ranged.OnChanged = func(bool) { calc() }
	reduced.OnChanged = func(bool) { calc() }
	item := func(label, hint string, w fyne.CanvasObject) *widget.FormItem {
		it := widget.NewFormItem(label, w)
		it.HintText = hint
		return it
	}
	p.form("Attack by "+c.Name, "Done", []*widget.FormItem{
		item("Type", "", widgets.WrapCheck(ranged)),
		item("Most cubes on the card", "", maxCubes), item("Cubes placed", "", cubes),
		item("Damage", "One value for every cube, or one for all.", dmg),
		item("Reduced", "", widgets.WrapCheck(reduced)), item("Ranges", "", ranges),
		item("Agility", "The Character's Agility with the icons on its board.", agi),
		item("Agility the bonus needs", "0: the card has no Agility bonus.", agiNeed),
		item("Fighting", "", fig), item("Fighting the bonus needs", "0: the card has no Fighting bonus.", figNeed),
		item("", "", out),
	}, func() error {
		if !ranged.Checked {
			return nil
		}
		return p.try(et.RangedAttack{Char: id})
	})
	calc()
}
