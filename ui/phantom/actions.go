package phantom

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	"tablekeeper/tracker"
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
		// The event cards the group has, by their printed numbers: those
		// of the Round 1-5 deck and those of the Round 6+ deck, each a run
		// of numbers.
		e1, e2 := NewNum(0, 200, 1, nil), NewNum(0, 200, 10, nil)
		l1, l2 := NewNum(0, 200, 11, nil), NewNum(0, 200, 30, nil)
		p.EventEarly, p.EventLate = [2]*Num{e1, e2}, [2]*Num{l1, l2}
		status := "No event deck yet."
		if built {
			status = fmt.Sprintf("Built: %s, five Round 1-5 cards on top. Building again reshuffles.", plural(len(m.Events), "card"))
		}
		run := func(a, b int) []string {
			var out []string
			for n := a; n <= b; n++ {
				out = append(out, strconv.Itoa(n))
			}
			return out
		}
		return widgets.NewCard("Event deck", "", container.NewVBox(
			wrap("Five random Round 1-5 cards go on top of the shuffled Round 6+ cards (Rulebook p.10)."),
			wrap(status),
			bold("Round 1-5 cards: numbers from … to"), container.NewHBox(e1, e2),
			bold("Round 6+ cards: numbers from … to"), container.NewHBox(l1, l2),
			cmdButton(p.ctx, "Build the event deck", func() tracker.Command {
				return tp.BuildEventDeck{Early: run(e1.Value, e2.Value), Late: run(l1.Value, l2.Value)}
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
		cards := append(slices.Clone(m.Events), m.LateEvents...)
		slices.Sort(cards)
		cards = slices.Compact(cards)
		drawn := newPicker(cards, "", "the card drawn at the table (none: the app draws)", nil)
		p.EventDrawn = drawn
		bt := cmdButton(p.ctx, "Draw this round's event", func() tracker.Command { return tp.DrawEvent{Card: drawn.Selected} })
		box.Add(container.NewVBox(drawn, bt))
	}
	return widgets.NewCard("Event cards", "One each round, after the Decision die (Rulebook p.12).", box)
}

// An AttackForm is a character's attack (§7.3, V-13) as made at the
// table: the target, the die and its face, the numbers from the card and
// equipment, and any Accuracy rolls, all picked or stepped. The tracker
// checks range, line of sight and the turn's limits and works out the
// damage.
type AttackForm struct {
	Attacker string
	Target   *widget.Select
	Space    *widget.Select
	Die      *widget.Select
	Roll     *widget.Select
	// Faces are the chosen die's faces, offered for Roll.
	Faces    []string
	Modifier *Num
	// Range is the attack's range: 0 is the class board's.
	Range    *Num
	RangeMod *Num
	Pierce   *Num
	Inflict  *ChecksFlow
	// Converted: a card converted to an Attack (§6.4).
	Converted *widget.Check
	Blinded   *widget.Select
	// AddAccuracy adds an Accuracy roll for a blocker on the line;
	// Accuracy lists them.
	AddAccuracy *widget.Select
	Accuracy    []string
	accuracy    *widget.Label
	BlockedBy   *widget.Select
	// Granted is, on the attacker's rest turn, the item or equipment that
	// lets it attack (§6.3: no Action card is played then); nil otherwise.
	Granted *widgets.SuggestEntry
	// Problem shows what is missing, in the form.
	Problem *widget.Label

	obj fyne.CanvasObject
}

// objectTarget is the Target choice for a destructible object.
const objectTarget = "an object"

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
	l, _ := liveLayout(m)
	var objects, labels []string
	for _, sp := range l.Spaces {
		labels = append(labels, sp.Label)
		if sp.Object == hex.Destructible && sp.ObjectState != hex.Destroyed {
			objects = append(objects, sp.Label)
		}
	}
	a.Space = newPicker(objects, "", "the object's space", nil)
	a.Space.Hide()
	if len(objects) > 0 {
		targets = append(targets, objectTarget)
	}
	a.Target = newPicker(targets, "", "whom (or what) it attacks", func(v string) {
		if v == objectTarget {
			a.Space.Show()
		} else {
			a.Space.Hide()
		}
	})
	dice := sortedKeys(s.Content.AttackDice)
	dice = slices.DeleteFunc(dice, func(d string) bool { return d == "accuracy" })
	if len(dice) == 0 {
		dice = []string{"basic", "blitz"}
	}
	a.Roll = newPicker(attackFaceOptions, "", "the face rolled", nil)
	a.Die = newPicker(dice, "", "", func(d string) {
		var faces []string
		for _, f := range s.Content.AttackDice[d] {
			if !slices.Contains(faces, f) {
				faces = append(faces, f)
			}
		}
		a.Faces = faces
		if len(faces) == 0 {
			faces = attackFaceOptions
		}
		a.Roll.Options = faces
		a.Roll.ClearSelected()
		a.Roll.Refresh()
	})
	a.Die.SetSelected(dice[0])
	a.Modifier = NewNum(-9, 9, 0, nil)
	a.Modifier.Format = Signed
	a.Range = NewNum(0, 12, 0, nil)
	a.Range.Format = func(n int) string {
		if n == 0 {
			return "board's"
		}
		return fmt.Sprint(n)
	}
	a.RangeMod = NewNum(-9, 9, 0, nil)
	a.RangeMod.Format = Signed
	a.Pierce = NewNum(0, 9, 0, nil)
	a.Inflict = newChecksFlow([]string{"Bleeding", "Blinded", "Burning", "Frozen", "Knocked Down", "Stunned", "Vulnerable", "Weakened"}, nil, nil)
	a.Converted = widget.NewCheck("a card converted to an Attack", nil)
	a.Blinded = newPicker([]string{"success", "block", "miss"}, "", "Accuracy die rolled first", nil)
	a.accuracy = wrap("")
	a.AddAccuracy = newPicker([]string{"miss", "block", "success"}, "", "add an Accuracy roll", nil)
	a.AddAccuracy.OnChanged = func(v string) {
		if v != "" {
			a.Accuracy = append(a.Accuracy, v)
			a.AddAccuracy.ClearSelected()
			a.showAccuracy()
		}
	}
	a.showAccuracy()
	a.BlockedBy = newPicker(labels, "", "on a block: the space hit instead", nil)
	a.Problem = wrap("")
	a.Problem.Importance = widget.DangerImportance
	a.Problem.Hide()
	field := func(name string, o fyne.CanvasObject) fyne.CanvasObject {
		return container.NewVBox(bold(name), o)
	}
	box := container.NewVBox(a.Problem)
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
		a.Granted = widgets.NewSuggestEntry(gear)
		a.Granted.SetPlaceHolder("the item or equipment that grants it")
		box.Add(field("Rest turn", a.Granted))
	}
	box.Add(field("Target", container.NewVBox(a.Target, a.Space)))
	box.Add(field("Die and face rolled", widgets.NewFlow(a.Die, a.Roll)))
	box.Add(widgets.NewFlow(statBox("Attack", a.Modifier), statBox("Range", a.Range), statBox("Range ±", a.RangeMod), statBox("Pierce", a.Pierce)))
	box.Add(field("Inflicts", a.Inflict.Object()))
	box.Add(touchCheck(a.Converted))
	if _, blinded := me.Conditions["Blinded"]; blinded {
		box.Add(field("Blinded", a.Blinded))
	}
	box.Add(field("Accuracy rolls for blockers on the line", container.NewVBox(a.AddAccuracy, a.accuracy)))
	box.Add(field("Blocked by", a.BlockedBy))
	a.obj = box
	return a
}

func (a *AttackForm) showAccuracy() {
	if len(a.Accuracy) == 0 {
		a.accuracy.SetText("None (no blocker on the line, or rolled later).")
		return
	}
	a.accuracy.SetText("In order: " + strings.Join(a.Accuracy, ", "))
}

// Command is the attack the form describes, or what is missing from it in
// words.
func (a *AttackForm) Command() (tp.Attack, error) {
	c := tp.Attack{Attacker: a.Attacker, Die: a.Die.Selected, Roll: a.Roll.Selected,
		Inflict: a.Inflict.Selected(), Converted: a.Converted.Checked, Blinded: a.Blinded.Selected,
		Accuracy: slices.Clone(a.Accuracy), BlockedBy: a.BlockedBy.Selected,
		Modifier: a.Modifier.Value, Range: a.Range.Value, RangeModifier: a.RangeMod.Value, Pierce: a.Pierce.Value}
	switch a.Target.Selected {
	case "":
		return c, fmt.Errorf("choose whom %s attacks", a.Attacker)
	case objectTarget:
		c.Space = a.Space.Selected
		if c.Space == "" {
			return c, fmt.Errorf("choose the space of the object %s attacks", a.Attacker)
		}
	default:
		c.Target = a.Target.Selected
	}
	if a.Granted != nil {
		if c.Granted = strings.TrimSpace(a.Granted.Text); c.Granted == "" {
			return c, fmt.Errorf("%s is resting: no Action card is played, so say which item or equipment lets it attack (Rulebook p.13)", a.Attacker)
		}
	}
	if c.Roll == "" {
		return c, fmt.Errorf("choose the face the attack die showed")
	}
	return c, nil
}

// attack opens the attack form for the character whose turn it is; after
// a melee attack on a Vengeful adversary that survives, it offers the
// strike-back at once (§4, §8.4).
func (p *PlayScreen) attack(s *tp.State, attacker string) {
	m := s.Mission
	form := NewAttackForm(s, m, attacker)
	d := newDialog(p.ctx.Window, attacker+" attacks", form.obj, "Cancel", nil)
	var ok *widget.Button
	ok = addAction(d, "Attack", theme.ConfirmIcon(), func() {
		c, err := form.Command()
		if err != nil {
			d.SetProblem(capitalFirst(err.Error()) + ".")
			return
		}
		d.SetProblem("")
		p.inOrder(c, func(c tp.Attack) {
			if p.doAttack(ok, c) {
				d.Hide()
			}
		})
	})
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
	d := newDialog(p.ctx.Window, "Order of the conditions", box, "Cancel", nil)
	for _, o := range opts {
		order := o.Order
		box.Add(widgets.Touch(widget.NewButton(o.Words(c.Target), func() {
			d.Hide()
			c.Inflict = order
			then(c)
		})))
	}
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

// doAttack records the attack and offers a reaction when one is due; it
// reports whether the attack was recorded.
func (p *PlayScreen) doAttack(src fyne.CanvasObject, c tp.Attack) bool {
	before := state(p.ctx).Mission
	tgt := figure(before, c.Target)
	vengeful := false
	if tgt != nil && tgt.Side != "character" {
		_, vengeful = tgt.Conditions["Vengeful"]
	}
	melee := c.Target != "" && meleeRange(before, c.Attacker, c.Target)
	if _, ok := p.ctx.DoFrom(src, c); !ok {
		return false
	}
	after := figure(state(p.ctx).Mission, c.Target)
	// §4 Vengeful, A-13: a target the attack left Knocked Down or Stunned
	// cannot strike back.
	if vengeful && melee && after != nil && !after.Defeated && !hasAny(after, "Knocked Down", "Stunned") {
		p.confirmVengeful(c.Target, c.Attacker)
	}
	return true
}

// confirmVengeful offers the strike-back of a Vengeful target its melee
// attacker did not Knock Down or Stun (§4).
func (p *PlayScreen) confirmVengeful(target, attacker string) {
	confirm(p.ctx.Window, "Vengeful", target+" is Vengeful and strikes back at its melee attacker. Work out its strike-back now?", "Work it out", func() {
		p.ctx.Do(tp.ResolveReaction{Adversary: target, Attacker: attacker, Melee: true})
	})
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
	widgets.ShowConfirm(adversary+" reacts to "+attacker, container.NewVBox(
		wrap("For a round effect or Vengeful that answers an attack: the engine decides what "+adversary+" does now; confirm or override it on the Enemy tab."),
		touchCheck(melee)), "Work it out", "Cancel", func(ok bool) {
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
			tier := NewNum(1, 4, 1, nil) // V-25: decks go to tier 4
			who := newChecksFlow(fresh, nil, nil)
			box.Add(container.NewHBox(widget.NewLabel("Tier"), tier))
			box.Add(who.Object())
			box.Add(cmdButton(c.ctx, "Train", func() tracker.Command {
				return tp.StandaloneTraining{Tier: tier.Value, Characters: who.Selected()}
			}))
		}
	}
	if s.Sheet.TrainingShopTier > 0 {
		box.Add(wrap(fmt.Sprintf("Trained characters may buy every planet's equipment up to tier %d until the next mission.", s.Sheet.TrainingShopTier)))
	}
	for _, n := range sortedKeys(s.Sheet.TrainingDraws) {
		n := n
		keep := newChecksFlow(s.Sheet.TrainingDraws[n], nil, nil)
		box.Add(container.NewVBox(wrap(n+" drew these attachments: keep up to two"), keep.Object(),
			cmdButton(c.ctx, "Keep for "+n, func() tracker.Command { return tp.KeepTrainingAttachments{Character: n, Keep: keep.Selected()} })))
	}
	if len(box.Objects) == 0 {
		return nil
	}
	return widgets.NewCard("Standalone training", "15 nova cells and 3 SP per tier; four attachments drawn, two kept (Rulebook p.15).", box)
}
