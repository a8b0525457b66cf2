package phantom

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// eventDue says whether round step 2 (§11.1) still has an event card to
// draw this round: the deck was built at setup, this round has none yet,
// and there is a card to draw, or discarded Round 6+ cards to reshuffle
// when the setting allows it. Missions without an event deck skip
// the step.
func eventDue(s *tp.State) bool {
	m := s.Mission
	if m == nil || m.Phase != "select" || m.EventRound == m.Round {
		return false
	}
	if len(m.Events) > 0 {
		return true
	}
	if !s.Settings.EventDeckReshuffle {
		return false
	}
	for _, id := range append(slices.Clone(m.EventDiscard), m.Event) {
		if slices.Contains(m.LateEvents, id) {
			return true
		}
	}
	return false
}

// eventCard is the event deck's panel: built at setup from the card
// numbers the group has (§12.2 step 8), then this round's event, drawn by
// the app or as drawn at the table.
func (p *PlayScreen) eventCard(s *tp.State) fyne.CanvasObject {
	m := s.Mission
	if m == nil || m.Phase == "over" {
		return nil
	}
	built := len(m.Events) > 0 || len(m.LateEvents) > 0 || m.Event != ""
	if m.Phase == "setup" {
		early, late := widget.NewEntry(), widget.NewEntry()
		early.SetPlaceHolder("Round 1-5 card numbers, e.g. 1 2 3 4 5 6 7")
		late.SetPlaceHolder("Round 6+ card numbers")
		early.MultiLine, late.MultiLine = false, false
		sub := "§12.2 step 8: five random Round 1-5 cards on the shuffled Round 6+ cards"
		status := "No event deck yet."
		if built {
			status = fmt.Sprintf("Built: %d cards, five Round 1-5 cards on top. Building again reshuffles.", len(m.Events))
		}
		return widgets.NewCard("Event deck", sub, container.NewVBox(
			wrap(status),
			widget.NewForm(widget.NewFormItem("Round 1-5", early), widget.NewFormItem("Round 6+", late)),
			widget.NewButton("Build the event deck", func() {
				c := tp.BuildEventDeck{Early: splitList(early.Text), Late: splitList(late.Text)}
				if len(c.Early) == 0 {
					p.ctx.Message("type the numbers of the Round 1-5 event cards you have", true)
					return
				}
				p.ctx.Do(c)
			})))
	}
	if !built {
		return nil
	}
	box := container.NewVBox()
	if m.Event != "" {
		box.Add(bold(fmt.Sprintf("Round %d event: card %s", m.EventRound, m.Event)))
	}
	box.Add(widget.NewLabel(fmt.Sprintf("%d in the deck · %d discarded", len(m.Events), len(m.EventDiscard))))
	if m.Phase == "select" && m.EventRound != m.Round {
		drawn := widget.NewEntry()
		drawn.SetPlaceHolder("card drawn at the table (blank: the app draws)")
		bt := widget.NewButton("Draw this round's event", func() {
			p.ctx.Do(tp.DrawEvent{Card: strings.TrimSpace(drawn.Text)})
		})
		box.Add(container.NewBorder(nil, nil, nil, bt, drawn))
	}
	return widgets.NewCard("Event cards", "§11.1 step 2: one each round, after the Decision die", box)
}

// An AttackForm is a character's attack (§7.3, V-13) as made at the
// table: the target, the die and its face, the numbers from the card and
// equipment, and any Accuracy rolls. The tracker checks range, line of
// sight and the turn's limits and works out the damage.
type AttackForm struct {
	Attacker string
	Target   *widget.Select
	Space    *widget.Entry
	Die      *widget.Select
	Roll     *widget.SelectEntry
	// Faces are the chosen die's faces, offered for Roll.
	Faces    []string
	Modifier *widget.Entry
	Range    *widget.Entry
	RangeMod *widget.Entry
	Pierce   *widget.Entry
	Inflict  *widget.CheckGroup
	// Converted: a card converted to an Attack (§6.4).
	Converted *widget.Check
	Blinded   *widget.Select
	Accuracy  *widget.Entry
	BlockedBy *widget.Entry
	// Granted is, on the attacker's rest turn, the item or equipment that
	// lets it attack (§6.3: no Action card is played then); nil otherwise.
	Granted *widget.SelectEntry

	items []*widget.FormItem
}

// objectTarget is the Target choice for a destructible object.
const objectTarget = "an object (type its space)"

// NewAttackForm builds the form for attacker's attack in mission m.
func NewAttackForm(s *tp.State, m *tp.Mission, attacker string) *AttackForm {
	a := &AttackForm{Attacker: attacker}
	me := figure(m, attacker)
	var targets []string
	for _, f := range m.Figures {
		if f.Defeated || f.Position == "" || (f.Side == "character") == (me.Side == "character") {
			continue
		}
		if _, invisible := f.Conditions["Invisible"]; invisible {
			continue // §4: an Invisible figure cannot be attacked
		}
		targets = append(targets, f.Name)
	}
	a.Target = widget.NewSelect(append(targets, objectTarget), nil)
	a.Target.PlaceHolder = "whom (or what) it attacks"
	a.Space = widget.NewEntry()
	a.Space.SetPlaceHolder("the object's space, e.g. B-3")
	dice := sortedKeys(s.Content.AttackDice)
	if len(dice) == 0 {
		dice = []string{"basic", "blitz"}
	}
	a.Roll = widget.NewSelectEntry(nil)
	a.Roll.SetPlaceHolder("the face rolled: a number, crit or fumble")
	a.Die = widget.NewSelect(dice, func(d string) {
		var faces []string
		for _, f := range s.Content.AttackDice[d] {
			if !slices.Contains(faces, f) {
				faces = append(faces, f)
			}
		}
		a.Faces = faces
		a.Roll.SetOptions(faces)
	})
	a.Die.SetSelected(dice[0])
	num := func(hint string) *widget.Entry {
		e := widget.NewEntry()
		e.SetPlaceHolder(hint)
		return e
	}
	a.Modifier = num("0 (Attack +N of the card, equipment)")
	a.Range = num("blank: the class board's range")
	a.RangeMod = num("0 (Range +N)")
	a.Pierce = num("0")
	a.Inflict = widget.NewCheckGroup([]string{"Bleeding", "Blinded", "Burning", "Frozen", "Knocked Down", "Stunned", "Vulnerable", "Weakened"}, nil)
	a.Converted = widget.NewCheck("a card converted to an Attack (§6.4)", nil)
	a.Blinded = widget.NewSelect([]string{"success", "block", "miss"}, nil)
	a.Blinded.PlaceHolder = "Accuracy die rolled first"
	a.Accuracy = num("for each blocker on the line: miss, block or success")
	a.BlockedBy = num("on a block: the figure or object's space hit instead")
	a.items = []*widget.FormItem{
		widget.NewFormItem("Target", a.Target),
		widget.NewFormItem("Object", a.Space),
		widget.NewFormItem("Die", a.Die),
		widget.NewFormItem("Rolled", a.Roll),
		widget.NewFormItem("Attack +", a.Modifier),
		widget.NewFormItem("Range", a.Range),
		widget.NewFormItem("Range +", a.RangeMod),
		widget.NewFormItem("Pierce", a.Pierce),
		widget.NewFormItem("Inflicts", a.Inflict),
		widget.NewFormItem("", widgets.WrapCheck(a.Converted)),
	}
	if _, blinded := me.Conditions["Blinded"]; blinded {
		a.items = append(a.items, widget.NewFormItem("Blinded", a.Blinded))
	}
	a.items = append(a.items, widget.NewFormItem("Accuracy", a.Accuracy), widget.NewFormItem("Blocked by", a.BlockedBy))
	if me.Resting {
		// §6.3 items 5–6: on a rest turn only an item or equipment gives
		// an attack; offer the attacker's.
		var gear []string
		for _, it := range me.Items {
			gear = append(gear, it.ID)
		}
		if ch := s.Characters[attacker]; ch != nil {
			for _, g := range ch.Equipment {
				if g.Slot != "" {
					gear = append(gear, g.ID)
				}
			}
		}
		a.Granted = widget.NewSelectEntry(gear)
		a.Granted.SetPlaceHolder("the item or equipment that grants it")
		a.items = append([]*widget.FormItem{widget.NewFormItem("Rest turn", a.Granted)}, a.items...)
	}
	return a
}

// Command is the attack the form describes, or what is missing from it in
// words.
func (a *AttackForm) Command() (tp.Attack, error) {
	c := tp.Attack{Attacker: a.Attacker, Die: a.Die.Selected, Roll: strings.TrimSpace(a.Roll.Text),
		Inflict: a.Inflict.Selected, Converted: a.Converted.Checked, Blinded: a.Blinded.Selected,
		Accuracy: splitList(a.Accuracy.Text), BlockedBy: strings.TrimSpace(a.BlockedBy.Text)}
	switch a.Target.Selected {
	case "":
		return c, fmt.Errorf("choose whom %s attacks", a.Attacker)
	case objectTarget:
		c.Space = strings.TrimSpace(a.Space.Text)
		if c.Space == "" {
			return c, fmt.Errorf("type the space of the object %s attacks", a.Attacker)
		}
	default:
		c.Target = a.Target.Selected
	}
	if a.Granted != nil {
		if c.Granted = strings.TrimSpace(a.Granted.Text); c.Granted == "" {
			return c, fmt.Errorf("%s is resting: no Action card is played, so say which item or equipment lets it attack (phantom-epoch §6.3)", a.Attacker)
		}
	}
	if c.Roll == "" {
		return c, fmt.Errorf("enter the face the attack die showed")
	}
	for _, f := range []struct {
		name string
		e    *widget.Entry
		to   *int
		min  int
	}{
		{"Attack +", a.Modifier, &c.Modifier, -20},
		{"the range", a.Range, &c.Range, 1},
		{"Range +", a.RangeMod, &c.RangeModifier, -20},
		{"Pierce", a.Pierce, &c.Pierce, 0},
	} {
		t := strings.TrimSpace(f.e.Text)
		if t == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimPrefix(t, "+"))
		if err != nil || n < f.min {
			return c, fmt.Errorf("%s is a whole number (at least %d), not %q", f.name, f.min, t)
		}
		*f.to = n
	}
	return c, nil
}

// attack opens the attack form for the character whose turn it is; after
// a melee attack on a Vengeful adversary that survives, it offers the
// strike-back at once (§4, §8.4).
func (p *PlayScreen) attack(s *tp.State, attacker string) {
	m := s.Mission
	form := NewAttackForm(s, m, attacker)
	var d dialog.Dialog
	d = dialog.NewForm(attacker+" attacks", "Attack", "Cancel", form.items, func(ok bool) {
		if !ok {
			return
		}
		c, err := form.Command()
		if err != nil {
			// Bad input: say why and show the form again as filled in,
			// so nothing typed is lost.
			p.ctx.Message(err.Error(), true)
			d.Show()
			return
		}
		p.inOrder(c, p.doAttack)
	}, p.ctx.Window)
	d.Resize(fyne.NewSize(640, 720))
	d.Show()
}

// inOrder asks the attacking player in which order the attack's
// conditions apply, when there are several and the order changes what the
// target keeps (Rulebook p.22, Attack Flow step 7), then goes on with the
// attack giving them in that order.
func (p *PlayScreen) inOrder(c tp.Attack, then func(tp.Attack)) {
	s := state(p.ctx)
	if c.Target == "" || len(c.Inflict) < 2 {
		then(c)
		return
	}
	opts := s.ConditionOrders(c.Target, c.Inflict)
	if len(opts) < 2 {
		then(c)
		return
	}
	box := container.NewVBox(wrap(fmt.Sprintf("If the attack succeeds, %s receives %s. The order changes what it keeps (Rulebook p.22): which first?", c.Target, strings.Join(c.Inflict, " and "))))
	var d dialog.Dialog
	for _, o := range opts {
		order := o.Order
		box.Add(widgets.Touch(widget.NewButton(o.Words(c.Target), func() {
			d.Hide()
			c.Inflict = order
			then(c)
		})))
	}
	d = dialog.NewCustom("Order of the conditions", "Cancel", box, p.ctx.Window)
	d.Show()
}

// hasAny says whether f has one of the conditions.
func hasAny(f *tp.Figure, conds ...string) bool {
	for _, c := range conds {
		if _, ok := f.Conditions[c]; ok {
			return true
		}
	}
	return false
}

// doAttack records the attack and offers a reaction when one is due.
func (p *PlayScreen) doAttack(c tp.Attack) {
	before := state(p.ctx).Mission
	tgt := figure(before, c.Target)
	vengeful := false
	if tgt != nil && tgt.Side != "character" {
		_, vengeful = tgt.Conditions["Vengeful"]
	}
	melee := c.Target != "" && meleeRange(before, c.Attacker, c.Target)
	if _, ok := p.ctx.Do(c); !ok {
		return
	}
	after := figure(state(p.ctx).Mission, c.Target)
	// §4 Vengeful, A-13: a target the attack left Knocked Down or Stunned
	// cannot strike back.
	if vengeful && melee && after != nil && !after.Defeated && !hasAny(after, "Knocked Down", "Stunned") {
		p.confirmVengeful(c.Target, c.Attacker)
	}
}

// confirmVengeful offers the strike-back of a Vengeful target its melee
// attacker did not Knock Down or Stun (§4).
func (p *PlayScreen) confirmVengeful(target, attacker string) {
	dialog.ShowConfirm("Vengeful", target+" is Vengeful and strikes back at its melee attacker. Work out its strike-back now?", func(ok bool) {
		if ok {
			p.ctx.Do(tp.ResolveReaction{Adversary: target, Attacker: attacker, Melee: true})
		}
	}, p.ctx.Window)
}

// meleeRange says whether two figures stand at range 1.
func meleeRange(m *tp.Mission, a, b string) bool {
	fa, fb := figure(m, a), figure(m, b)
	if fa == nil || fb == nil || len(m.Map) == 0 {
		return false
	}
	hm, err := hex.ParseMap(m.Map)
	if err != nil {
		return false
	}
	i, ok1 := hm.Index(fa.Position)
	j, ok2 := hm.Index(fb.Position)
	return ok1 && ok2 && hm.Range(i, j) == 1
}

// react works out, through the engine, what an adversary does when a
// character's attack triggers it outside its turn (a round effect or
// Vengeful, §8.4); the decision then waits for confirmation like a turn.
func (p *PlayScreen) react(m *tp.Mission, adversary, attacker string) {
	melee := widget.NewCheck("it was a melee attack (range 1)", nil)
	melee.SetChecked(meleeRange(m, attacker, adversary))
	dialog.ShowCustomConfirm(adversary+" reacts to "+attacker, "Work it out", "Cancel", container.NewVBox(
		wrap("For a round effect or Vengeful that answers an attack: the engine decides what "+adversary+" does now; confirm or override it on the Enemy tab."),
		melee), func(ok bool) {
		if ok {
			p.ctx.Do(tp.ResolveReaction{Adversary: adversary, Attacker: attacker, Melee: melee.Checked})
		}
	}, p.ctx.Window)
}

// turnActions are the attack and reaction buttons of a figure's card
// while a character is acting: the character attacks; an adversary can
// be made to react to that character.
func (p *PlayScreen) turnActions(s *tp.State, m *tp.Mission, f *tp.Figure) fyne.CanvasObject {
	if m.Phase != "turns" || m.Current == "" || m.Pending != nil {
		return nil
	}
	cur := figure(m, m.Current)
	if cur == nil || cur.Side != "character" {
		return nil
	}
	name := f.Name
	switch {
	case f.Name == m.Current:
		return widget.NewButton("Attack…", func() { p.attack(state(p.ctx), name) })
	case f.Side != "character" && f.Position != "":
		return widget.NewButton("Reacts to "+m.Current+"'s attack…", func() { p.react(state(p.ctx).Mission, name, m.Current) })
	}
	return nil
}

// trainingCard is the standalone training of new characters (§14.3):
// tier, the new characters, then up to two of each one's four drawn
// attachments to keep.
func (c *CampaignScreen) trainingCard(s *tp.State) fyne.CanvasObject {
	box := container.NewVBox()
	if s.Mission == nil {
		var fresh []string
		for _, n := range sortedKeys(s.Characters) {
			ch := s.Characters[n]
			if _, drawing := s.Sheet.TrainingDraws[n]; len(ch.Completed) == 0 && len(ch.Bought) == 0 && !drawing {
				fresh = append(fresh, n)
			}
		}
		if len(fresh) > 0 {
			tier := widget.NewSelect([]string{"1", "2", "3", "4"}, nil) // V-25: decks go to tier 4
			tier.PlaceHolder = "tier"
			who := widget.NewCheckGroup(fresh, nil)
			who.Horizontal = true
			box.Add(container.NewBorder(nil, nil, widget.NewLabel("Tier"), nil, tier))
			box.Add(who)
			box.Add(widget.NewButton("Train", func() {
				t, _ := strconv.Atoi(tier.Selected)
				if t == 0 {
					c.ctx.Message("choose the training's tier (1 to 3)", true)
					return
				}
				c.ctx.Do(tp.StandaloneTraining{Tier: t, Characters: who.Selected})
			}))
		}
	}
	if s.Sheet.TrainingShopTier > 0 {
		box.Add(wrap(fmt.Sprintf("Trained characters may buy every planet's equipment up to tier %d until the next mission.", s.Sheet.TrainingShopTier)))
	}
	for _, n := range sortedKeys(s.Sheet.TrainingDraws) {
		n := n
		keep := widget.NewCheckGroup(s.Sheet.TrainingDraws[n], nil)
		keep.Horizontal = true
		box.Add(container.NewVBox(widget.NewLabel(n+" drew these attachments: keep up to two"), keep,
			widget.NewButton("Keep for "+n, func() { c.ctx.Do(tp.KeepTrainingAttachments{Character: n, Keep: keep.Selected}) })))
	}
	if len(box.Objects) == 0 {
		return nil
	}
	return widgets.NewCard("Standalone training", "§14.3: 15 nova cells and 3 SP per tier, four attachments drawn", box)
}
