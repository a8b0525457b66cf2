package eternaut

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// A charCard is one Character on the table as its board looks: the life
// bar, ammo, the cards on the board with the penalty cards, items and
// capacity, skill counters, the ability, and every action the rules give
// a Character (§7).
type charCard struct {
	Life, Ammo *widgets.Stepper
	PlayHere   *widget.Button
	Buttons    map[string]*widget.Button
	obj        fyne.CanvasObject
}

func (p *PlayScreen) charCard(s *et.State, c *et.Character) *charCard {
	sc := s.Scenario
	letter := et.Letter(sc.Key)
	cc := &charCard{Buttons: map[string]*widget.Button{}}
	add := func(name string, b *widget.Button) *widget.Button {
		cc.Buttons[name] = b
		return b
	}
	title := fmt.Sprintf("%s %s", c.ID, c.Name)
	sub := c.Board
	if c.Masked {
		sub += " · Masked Figure"
	}
	if c.Gone() {
		return p.deadCard(s, c, title, sub)
	}
	var tags []string
	if c.Unavailable {
		tags = append(tags, "out of play for now")
	}
	if c.Operating != "" {
		tags = append(tags, "operating the "+c.Operating)
	}
	if len(tags) > 0 {
		sub += " · " + strings.Join(tags, " · ")
	}
	body := container.NewVBox()
	// Life and ammo (B on): the bars a player reads across the table.
	if letter != "A" {
		id := c.ID
		cc.Life = widgets.NewStepper("Life", 0, et.CharMaxLP, c.LP, func(to int) bool {
			from := p.state().Char(id).LP
			switch {
			case to < from:
				return p.do(et.Damage{Char: id, N: from - to})
			case to > from:
				return p.do(et.Heal{Char: id, N: to - from})
			}
			return true
		})
		cc.Ammo = widgets.NewStepper("Ammo", 0, et.AmmoCapPerCharacter, c.Ammo, func(to int) bool {
			from := p.state().Char(id).Ammo
			switch {
			case to < from:
				return p.do(et.LoseAmmo{Char: id, N: from - to})
			case to > from:
				return p.do(et.GainAmmo{Char: id, N: to - from})
			}
			return true
		})
		body.Add(container.NewGridWithColumns(2,
			container.NewVBox(cc.Life, pips(c.LP, et.CharMaxLP, colLife)),
			container.NewVBox(cc.Ammo, pips(c.Ammo, et.AmmoCapPerCharacter, colCube))))
	} else {
		body.Add(note("Life and ammo are not tracked in Scenario A."))
	}
	// The board: Action cards and penalty cards, against the threshold.
	count := c.BoardCount()
	boardLine := fmt.Sprintf("Board: %d Action + %d penalty = %d of %d", c.ActionCards, c.Penalties.Count(), count, et.EndRoundThreshold)
	lbl := bold(boardLine)
	if count >= et.EndRoundThreshold {
		lbl.Importance = widget.WarningImportance
	}
	body.Add(lbl)
	slots := container.NewHBox()
	for range c.ActionCards {
		slots.Add(chip("A", colAction))
	}
	for range c.Penalties.Fatigue {
		slots.Add(chip("Fatigue", colFatigue))
	}
	if c.Penalties.HeavyWound {
		slots.Add(chip("Heavy Wound", colWound))
	}
	if c.Penalties.Madness {
		slots.Add(chip("Madness", colMad))
	}
	for i := count; i < et.EndRoundThreshold; i++ {
		slots.Add(chip("  ", colEmpty))
	}
	body.Add(container.NewHScroll(slots))
	if sc.CubesActive {
		body.Add(widget.NewLabel(fmt.Sprintf("Consumed cubes on this board: %d", c.Cubes)))
	}
	id := c.ID
	cc.PlayHere = add("play", primary(btn("Play card here", func() { p.playCard(id) })))
	if sc.CardPlayed {
		cc.PlayHere.Disable()
	}
	acts := []fyne.CanvasObject{cc.PlayHere,
		add("fatigue", btn("+ Fatigue", func() { p.do(et.AddPenalty{Char: id, Kind: et.Fatigue}) })),
	}
	if et.Letter(sc.Key) >= "C" {
		acts = append(acts, add("wound", btn("+ Heavy Wound", func() { p.do(et.AddPenalty{Char: id, Kind: et.HeavyWound}) })))
	}
	if et.Letter(sc.Key) >= "D" {
		acts = append(acts, add("mad", btn("+ Madness", func() { p.do(et.AddPenalty{Char: id, Kind: et.Madness}) })),
			add("fog", btn("Crossed the Fog", func() { p.do(et.AddPenalty{Char: id, Kind: et.Madness, FromFog: true}) })))
	}
	if c.Penalties.Fatigue > 0 {
		acts = append(acts, add("break", btn("Take a Break", func() { p.do(et.TakeABreak{Char: id}) })))
	}
	if c.Penalties.HeavyWound {
		acts = append(acts, add("care", btn("Take care", func() { p.do(et.TakeCare{Char: id}) })))
	}
	if c.Penalties.Count() > 0 {
		acts = append(acts, add("remove", btn("Remove by effect…", func() { p.removePenaltyForm(id) })))
	}
	if c.Penalties.Madness {
		acts = append(acts, add("madpick", btn("Random card (Mad)…", func() { p.madPickForm(id) })))
	}
	if letter != "A" {
		acts = append(acts, add("damage", btn("Damage…", func() { p.damageForm(id) })),
			add("ranged", btn("Ranged attack (−1 ammo)", func() { p.do(et.RangedAttack{Char: id}) })),
			add("attack", btn("Attack helper…", func() { p.attackForm(id) })))
	}
	if sc.CubesActive && c.Cubes > 0 {
		acts = append(acts, add("cube", btn("Move 1 cube", func() { p.do(et.MoveCube{From: id}) })))
	}
	body.Add(flow(acts...))
	// Items, Bag, skill counters and ability.
	items := fmt.Sprintf("Items %d of %d: %s", len(c.Items), c.Capacity(), joinOr(c.Items, "none"))
	body.Add(bold(items))
	if c.Bag != "" {
		body.Add(widget.NewLabel(fmt.Sprintf("Bag %s holds: %s (not counted)", c.Bag, joinOr(c.BagItems, "nothing"))))
	}
	if len(c.Skills) > 0 {
		body.Add(widget.NewLabel("Skill counters: " + skillText(c.Skills)))
	}
	if c.PA != nil {
		face := "face up"
		if c.PA.FaceDown {
			face = "face down until the end of the round"
		}
		if c.PA.Permanent {
			face = "permanent"
		}
		body.Add(widget.NewLabel(fmt.Sprintf("Personal Ability %s: %s", c.PA.ID, face)))
	}
	more := []fyne.CanvasObject{
		add("gain", btn("Gain item…", func() { p.gainItemForm(id) })),
	}
	if len(c.Items)+len(c.BagItems) > 0 {
		more = append(more,
			add("drop", btn("Drop…", func() { p.dropForm(id) })),
			add("discard", btn("Discard…", func() { p.discardForm(id) })),
			add("bag", btn("Bag…", func() { p.bagForm(id) })))
	}
	if len(c.Items) >= 2 {
		more = append(more, add("craft", btn("Craft…", func() { p.craftForm(id) })))
	}
	if len(living(s)) > 1 {
		more = append(more, add("trade", btn("Trade…", func() { p.tradeForm(id) })))
	}
	if c.PA != nil && !c.PA.Permanent && !c.PA.FaceDown {
		more = append(more, add("flip", btn("Use "+c.PA.ID, func() { p.do(et.FlipAbility{Char: id}) })))
	}
	if !c.Masked {
		more = append(more, add("ability", btn("Ability from the story…", func() { p.abilityForm(id) })))
	}
	if letter == "A" {
		more = append(more, add("snow", btn("Touched snow", func() { p.do(et.TouchSnow{Char: id}) })))
	}
	more = append(more,
		add("correct", iconBtn("Correct…", theme.DocumentCreateIcon(), func() { p.correctCharForm(id) })),
		add("unavailable", btn(boolWord(c.Unavailable, "Back in play", "Out of play"), func() {
			p.do(et.SetUnavailable{Char: id, Unavailable: !p.state().Char(id).Unavailable})
		})),
		add("kill", btn("Dies…", func() { p.killForm(id) })),
		add("leave", btn("Leaves the group…", func() { p.leaveForm(id) })),
	)
	body.Add(flow(more...))
	cc.obj = card(title, sub, body)
	return cc
}

// deadCard is a fallen Character: the skull, the 600 paragraph to read,
// and in F the reinforcement that may take the board.
func (p *PlayScreen) deadCard(s *et.State, c *et.Character, title, sub string) *charCard {
	cc := &charCard{Buttons: map[string]*widget.Button{}}
	skull := canvas.NewText("☠", theme.Color(theme.ColorNameForeground))
	skull.TextSize = theme.TextSize() * 4
	skull.Alignment = fyne.TextAlignCenter
	body := container.NewVBox(skull)
	if c.Status == et.Dead {
		key := et.DeathParagraph(c.ID)
		read := paragraphRead(s, key)
		l := bold("Read paragraph " + key)
		l.Importance = widget.DangerImportance
		body.Add(l)
		b := btn(boolWord(read, "Read ✓", "Mark "+key+" as read"), func() {
			p.do(et.ReadParagraph{Key: key, Kind: et.Death, By: c.Name})
		})
		if read {
			b.Disable()
		}
		cc.Buttons["read"] = b
		body.Add(b)
		body.Add(note("Its items became a Drop pile where it fell; its ammo went back to the reserve (§7.13)."))
	} else {
		body.Add(bold("Left the group"))
	}
	if et.Letter(s.Scenario.Key) == "F" && c.Board != "" && !c.Masked {
		id := c.ID
		b := btn("Reinforcement on this board…", func() { p.reinforceForm(id) })
		cc.Buttons["reinforce"] = b
		body.Add(b)
	}
	cc.obj = card(title, sub, body)
	return cc
}

func paragraphRead(s *et.State, key string) bool {
	for _, r := range s.Paragraphs {
		if r.Key == key {
			return true
		}
	}
	return false
}

// livingOptions are the living Characters in play as choices.
func (p *PlayScreen) livingOptions(except string) []string {
	var out []*et.Character
	for _, c := range living(p.state()) {
		if c.ID != except {
			out = append(out, c)
		}
	}
	return options(out)
}

func (p *PlayScreen) damageForm(id string) {
	n := numEntry(1, 20, "1")
	src := textEntry("what hit (optional), e.g. Survivor attack", "")
	p.cmdForm("Damage to "+charName(p.state(), id), "Deal damage", []*widget.FormItem{
		widget.NewFormItem("Damage", n), widget.NewFormItem("Source", src),
	}, func() (tracker.Command, error) {
		v, err := n.Int()
		if err != nil {
			return nil, err
		}
		return et.Damage{Char: id, N: v, Source: src.Text}, nil
	})
}

func (p *PlayScreen) removePenaltyForm(id string) {
	kind := widget.NewRadioGroup([]string{et.Fatigue, et.HeavyWound, et.Madness}, nil)
	kind.SetSelected(et.Fatigue)
	n := numEntry(1, 10, "1")
	p.cmdForm("Remove a penalty by a special effect", "Remove", []*widget.FormItem{
		widget.NewFormItem("Card", kind), widget.NewFormItem("How many Fatigue", n),
	}, func() (tracker.Command, error) {
		v := 1
		if kind.Selected == et.Fatigue {
			var err error
			if v, err = n.Int(); err != nil {
				return nil, err
			}
		}
		return et.RemovePenalty{Char: id, Kind: kind.Selected, N: v}, nil
	})
}

func (p *PlayScreen) madPickForm(id string) {
	hand := numEntry(1, 11, strconv.Itoa(et.DrawTo(p.state().Players)))
	p.cmdForm("Random card for a Mad Character (§7.4)", "Draw", []*widget.FormItem{
		widget.NewFormItem("Cards in hand", hand),
	}, func() (tracker.Command, error) {
		v, err := hand.Int()
		if err != nil {
			return nil, err
		}
		return et.PickForMadness{Char: id, Hand: v}, nil
	})
}

func (p *PlayScreen) gainItemForm(id string) {
	item := textEntry("item ID, e.g. 011", "")
	c := p.state().Char(id)
	drop := widget.NewCheckGroup(append(slices.Clone(c.Items), "the new item"), nil)
	where := textEntry("where the Drop pile goes (if over capacity)", "")
	p.cmdForm(fmt.Sprintf("Item for %s (%d of %d held)", c.Name, len(c.Items), c.Capacity()), "Gain", []*widget.FormItem{
		widget.NewFormItem("Item", item), widget.NewFormItem("Drop if over capacity", drop), widget.NewFormItem("Where", where),
	}, func() (tracker.Command, error) {
		it := strings.TrimSpace(item.Text)
		var d []string
		for _, x := range drop.Selected {
			if x == "the new item" {
				x = it
			}
			d = append(d, x)
		}
		return et.GainItem{Char: id, Item: it, Drop: d, Where: where.Text}, nil
	})
}

func pileOptions(s *et.State) []string {
	out := []string{"a new pile"}
	for _, d := range s.Scenario.DropPiles {
		out = append(out, "pile "+d.Letter)
	}
	return out
}

func pileOf(opt string) string {
	if l, ok := strings.CutPrefix(opt, "pile "); ok {
		return l
	}
	return ""
}

func (p *PlayScreen) dropForm(id string) {
	s := p.state()
	c := s.Char(id)
	items := widget.NewCheckGroup(slices.Clone(c.Items), nil)
	pile := widget.NewSelect(pileOptions(s), nil)
	pile.SetSelectedIndex(0)
	where := textEntry("where, e.g. the kitchen", "")
	p.cmdForm("Drop items of "+c.Name, "Drop", []*widget.FormItem{
		widget.NewFormItem("Items", items), widget.NewFormItem("Onto", pile), widget.NewFormItem("Where", where),
	}, func() (tracker.Command, error) {
		return et.DropItems{Char: id, Items: items.Selected, Where: where.Text, Pile: pileOf(pile.Selected)}, nil
	})
}

func (p *PlayScreen) discardForm(id string) {
	c := p.state().Char(id)
	item := widget.NewSelect(slices.Clone(c.Items), nil)
	p.cmdForm("Discard an item of "+c.Name, "Discard", []*widget.FormItem{widget.NewFormItem("Item", item)},
		func() (tracker.Command, error) { return et.DiscardItem{Char: id, Item: item.Selected}, nil })
}

func (p *PlayScreen) craftForm(id string) {
	c := p.state().Char(id)
	a := widget.NewSelect(slices.Clone(c.Items), nil)
	b := widget.NewSelect(slices.Clone(c.Items), nil)
	p.cmdForm("Craft (§7.7.5)", "Craft", []*widget.FormItem{widget.NewFormItem("Item 1", a), widget.NewFormItem("Item 2", b)},
		func() (tracker.Command, error) { return et.Craft{Char: id, A: a.Selected, B: b.Selected}, nil })
}

func (p *PlayScreen) bagForm(id string) {
	c := p.state().Char(id)
	bag := widget.NewSelect(slices.Clone(c.Items), nil)
	bag.SetSelected(c.Bag)
	store := widget.NewCheckGroup(slices.Clone(c.Items), nil)
	take := widget.NewCheckGroup(slices.Clone(c.BagItems), nil)
	p.form("Bag of "+c.Name+" (§7.7.4)", "Apply", []*widget.FormItem{
		widget.NewFormItem("Bag in use", bag), widget.NewFormItem("Put in the Bag", store), widget.NewFormItem("Take out", take),
	}, func() error {
		if bag.Selected != "" && bag.Selected != p.state().Char(id).Bag {
			if _, err := p.run(et.SetBag{Char: id, Bag: bag.Selected}); err != nil {
				return err
			}
		}
		if len(store.Selected) > 0 {
			if _, err := p.run(et.BagStore{Char: id, Items: store.Selected}); err != nil {
				return err
			}
		}
		if len(take.Selected) > 0 {
			if _, err := p.run(et.BagTake{Char: id, Items: take.Selected}); err != nil {
				return err
			}
		}
		return nil
	})
}

func (p *PlayScreen) tradeForm(id string) {
	s := p.state()
	c := s.Char(id)
	to := widget.NewSelect(p.livingOptions(id), nil)
	give := widget.NewCheckGroup(slices.Clone(c.Items), nil)
	take := textEntry("their items to take, e.g. 011, 030", "")
	ammo := textEntry("ammo given (negative: received)", "0")
	where := textEntry("where any drop goes", "")
	p.cmdForm("Trade (§7.6) from "+c.Name, "Trade", []*widget.FormItem{
		widget.NewFormItem("With", to), widget.NewFormItem("Give", give), widget.NewFormItem("Take", take),
		widget.NewFormItem("Ammo", ammo), widget.NewFormItem("Where", where),
	}, func() (tracker.Command, error) {
		n, err := strconv.Atoi(strings.TrimSpace(ammo.Text))
		if err != nil && strings.TrimSpace(ammo.Text) != "" {
			return nil, errf("ammo: %q is not a whole number", ammo.Text)
		}
		return et.Trade{From: id, To: idOf(to.Selected), Give: give.Selected, Take: list(take.Text), Ammo: n, Where: where.Text}, nil
	})
}

func (p *PlayScreen) correctCharForm(id string) {
	field := widget.NewSelect([]string{"lp", "ammo", "fatigue", "heavyWound", "madness", "actionCards"}, nil)
	field.SetSelected("lp")
	v := textEntry("the value on the table (heavyWound/madness: 0 or 1)", "")
	p.cmdForm("Correct "+charName(p.state(), id)+" by hand", "Correct", []*widget.FormItem{
		widget.NewFormItem("Value of", field), widget.NewFormItem("Set to", v),
	}, func() (tracker.Command, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v.Text))
		if err != nil {
			return nil, errf("%q is not a whole number", v.Text)
		}
		return et.CorrectCharacter{Char: id, Field: field.Selected, Value: n}, nil
	})
}

func (p *PlayScreen) killForm(id string) {
	cause := textEntry("what killed it (a paragraph, the Gurbo…)", "")
	p.cmdForm(charName(p.state(), id)+" dies (§7.13)", "Record the death", []*widget.FormItem{widget.NewFormItem("Cause", cause)},
		func() (tracker.Command, error) { return et.Kill{Char: id, Cause: cause.Text}, nil })
}

func (p *PlayScreen) leaveForm(id string) {
	keep := widget.NewCheck("The paragraph lets it keep its items (otherwise they drop)", nil)
	p.cmdForm(charName(p.state(), id)+" leaves the group", "Record", []*widget.FormItem{widget.NewFormItem("Items", widgets.WrapCheck(keep))},
		func() (tracker.Command, error) { return et.LeaveGroup{Char: id, KeepItems: keep.Checked}, nil })
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
	items := widget.NewCheckGroup(slices.Clone(s.Scenario.TruckItems), nil)
	ammo := numEntry(0, et.AmmoCapPerCharacter, "0")
	p.cmdForm("Reinforcement for "+charName(s, dead)+" (§7.13 step 8)", "Bring in", []*widget.FormItem{
		widget.NewFormItem("Character", who), widget.NewFormItem("Items from the truck", items), widget.NewFormItem("Ammo", ammo),
	}, func() (tracker.Command, error) {
		n, err := ammo.Int()
		if err != nil {
			return nil, err
		}
		return et.Reinforce{Dead: dead, New: idOf(who.Selected), Items: items.Selected, Ammo: n}, nil
	})
}

// abilityForm records a Personal Ability the story gives or replaces
// (PA-912-A → PA-912-B, §7.10): the old card leaves the campaign.
func (p *PlayScreen) abilityForm(id string) {
	card := textEntry("the card's ID, e.g. PA-912-B", "")
	perm := widget.NewCheck("permanent (never flipped)", nil)
	p.cmdForm("A Personal Ability for "+charName(p.state(), id), "Record", []*widget.FormItem{
		widget.NewFormItem("Card", card), widget.NewFormItem("Type", perm),
	}, func() (tracker.Command, error) {
		return et.GainAbility{Char: id, ID: strings.TrimSpace(card.Text), Permanent: perm.Checked}, nil
	})
}

// attackForm works out an attack's damage per targeted space (§7.12) as
// the card and the table give it; for a ranged attack its OK spends the 1
// ammo. The damage itself is then dealt to the figures hit.
func (p *PlayScreen) attackForm(id string) {
	c := p.state().Char(id)
	ranged := widget.NewCheck("ranged (spends 1 ammo, whatever the cubes)", nil)
	maxCubes, cubes := textEntry("most cubes on the card", "1"), textEntry("cubes placed", "1")
	dmg := textEntry("damage values, e.g. 4, 1, 1", "")
	reduced := widget.NewCheck("reduced damage (− range)", nil)
	ranges := textEntry("range of each targeted space, e.g. 1, 2", "")
	agi, agiNeed := textEntry("Agility", ""), textEntry("needed (0: no bonus)", "0")
	fig, figNeed := textEntry("Fighting", ""), textEntry("needed (0: no bonus)", "0")
	out := bold("")
	out.Wrapping = fyne.TextWrapWord
	ints := func(e *widget.Entry) ([]int, error) {
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
	one := func(e *widget.Entry) int { n, _ := strconv.Atoi(strings.TrimSpace(e.Text)); return n }
	calc := func() {
		d, err := ints(dmg)
		if err == nil {
			var r []int
			if r, err = ints(ranges); err == nil {
				var res et.AttackResult
				res, err = et.Attack(et.AttackInput{Ranged: ranged.Checked, Ammo: p.state().Char(id).Ammo,
					MaxCubes: one(maxCubes), Cubes: one(cubes), Damages: d, Ranges: r, Reduced: reduced.Checked,
					Agility: one(agi), AgilityNeeded: one(agiNeed), Fighting: one(fig), FightingNeeded: one(figNeed)})
				if err == nil {
					var parts []string
					for i, n := range res.Damage {
						parts = append(parts, fmt.Sprintf("space %d: %d", i+1, n))
					}
					line := "Damage — " + strings.Join(parts, ", ")
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
		out.SetText(refusal(err))
	}
	for _, e := range []*widget.Entry{maxCubes, cubes, dmg, ranges, agi, agiNeed, fig, figNeed} {
		e.OnChanged = func(string) { calc() }
	}
	ranged.OnChanged = func(bool) { calc() }
	reduced.OnChanged = func(bool) { calc() }
	p.form("Attack by "+c.Name+" (§7.12)", "Done", []*widget.FormItem{
		widget.NewFormItem("Type", widgets.WrapCheck(ranged)), widget.NewFormItem("Cubes", container.NewGridWithColumns(2, maxCubes, cubes)),
		widget.NewFormItem("Damage", dmg), widget.NewFormItem("Reduced", widgets.WrapCheck(reduced)), widget.NewFormItem("Ranges", ranges),
		widget.NewFormItem("Agility bonus", container.NewGridWithColumns(2, agi, agiNeed)),
		widget.NewFormItem("Fighting bonus", container.NewGridWithColumns(2, fig, figNeed)),
		widget.NewFormItem("", out),
	}, func() error {
		if !ranged.Checked {
			return nil
		}
		_, err := p.run(et.RangedAttack{Char: id})
		return err
	})
}
