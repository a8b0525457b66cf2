package alone

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// TurnPanel walks the Hero through a Turn (spec T1) and the End of the
// Round (T2): flip the token (with Recover and Bullet Time), declare an
// Action, resolve it, let the Evil side react, end the Turn; after the 8th,
// end the Round. Only the step that can happen now is enabled; every
// refusal is shown with its rule.
type TurnPanel struct {
	k   *kit
	obj fyne.CanvasObject

	status  *widget.Label
	nextBtn *widget.Button

	// Start of the Turn.
	recover  *widget.RadioGroup
	bullet   *widget.Check
	startBtn *widget.Button
	spendBox *fyne.Container

	// Declaring.
	action   *widget.Select
	item     *widget.Select
	charges  *widget.Entry
	grants   *widget.Entry
	extra    *widget.Check
	declBtn  *widget.Button
	itemIDs  map[string]string
	declared *widget.Label

	// Resolving.
	resolveBox *fyne.Container
	formKey    string
	forms      map[ta.Action]fyne.CanvasObject
	byHand     fyne.CanvasObject
	note       *widget.Entry
	resolveBtn *widget.Button

	moveDir, moveBlock      *widget.Select
	moveUnblock, moveMore   *widget.Check
	moveRoll, fightRoll     *widget.RadioGroup
	aooFaces                *widget.Entry
	aooComp, scareComp      *widget.Check
	exploreDir              *widget.Select
	exploreDanger           *widget.Entry
	fightTarget             *widget.Select
	fightDice, fightFaces   *widget.Entry
	fightReach              *widget.Check
	boss1, boss2            *widget.Select
	locKind                 [2]*widget.Select
	locWhat                 [2]*widget.Entry
	scavRoom                *widget.Check
	scavRoomName, scavItems *widget.Entry
	interactLCU             *widget.Select
	interactMission         *widget.Entry
	interactWhat            *widget.RadioGroup

	// The Evil side and the end of the Turn.
	evilBox     *fyne.Container
	evilBtn     *widget.Button
	evilLine    *widget.Label
	attackFaces *widget.Entry
	attackRoll  *widget.RadioGroup
	attackComp  *widget.Check
	endTurnBtn  *widget.Button

	// The End of the Round.
	roundInfo   *widget.Label
	roundDanger *widget.Entry
	roundEffect *widget.Entry
	roundRemove *widget.Entry
	roundDraws  *widget.Entry
	endRoundBtn *widget.Button

	// What the Hero knows.
	heard     *widget.Label
	noise     *widget.Entry
	noiseBox  fyne.CanvasObject
	labyrinth *MapPanel
	labCard   *widget.Card
}

func newTurnPanel(k *kit) *TurnPanel {
	t := &TurnPanel{k: k, itemIDs: map[string]string{}}
	t.status = wrap("")
	t.status.TextStyle.Bold = true
	t.status.Importance = widget.HighImportance

	t.recover = widget.NewRadioGroup([]string{"no Recover", "Recover 1 Life", "Recover 1 SC"}, nil)
	t.recover.SetSelected("no Recover")
	t.bullet = widget.NewCheck("Bullet Time: 1 Adrenaline for 2 Actions", nil)
	t.startBtn = primary("Flip the Turn token", t.startTurn)
	t.spendBox = container.NewGridWithColumns(3,
		button("Bullet Time", func() { t.k.do(ta.SpendAdrenaline{BulletTime: true}) }),
		button("+1 Life", func() { t.k.do(ta.SpendAdrenaline{Recover: alone.LifeDamage}) }),
		button("+1 SC", func() { t.k.do(ta.SpendAdrenaline{Recover: alone.SCDamage}) }))

	t.action = widget.NewSelect(actionNames(), func(string) { t.showForm() })
	t.item = widget.NewSelect([]string{"no Item"}, nil)
	t.item.SetSelected("no Item")
	t.charges = entry("Charges (1)")
	t.grants = entry("extra Actions it grants (0)")
	t.extra = widget.NewCheck("This is an Item's extra Action", nil)
	t.declBtn = button("Declare", t.declare)
	t.declared = wrap("")

	t.moveDir, t.moveBlock = widget.NewSelect(dirOptions, nil), widget.NewSelect([]string{"none", "N", "E", "S", "W"}, nil)
	t.moveBlock.SetSelected("none")
	t.moveUnblock = widget.NewCheck("Unblock the Door that way instead of moving", nil)
	t.moveMore = widget.NewCheck("An Item's move goes on for another step", nil)
	t.moveRoll, t.fightRoll = newRollChoice(), newRollChoice()
	t.aooFaces = entry("at the table: the Attack of Opportunity's faces, then reroll H, courage B")
	t.aooComp = widget.NewCheck("The Evil side sends the Attack of Opportunity to the Companion", nil)
	t.scareComp = widget.NewCheck("The Evil side sends the scare to the Companion", nil)
	t.exploreDir, t.exploreDanger = widget.NewSelect(dirOptions, nil), entry("Sector to clear a Danger token from (optional)")
	t.fightTarget = widget.NewSelect(nil, nil)
	t.fightDice, t.fightFaces = entry("dice (2)"), entry("at the table: the faces, e.g. H B, then reroll S (Precision)")
	t.fightReach = widget.NewCheck("An Item lets the Hero hit another Sector", nil)
	t.boss1, t.boss2 = widget.NewSelect(abilityNames(), nil), widget.NewSelect(abilityNames(), nil)
	kinds := []string{"Sector", "Room", "Shape", "Element", "Creature"}
	for i := range t.locKind {
		t.locKind[i] = widget.NewSelect(kinds, nil)
		t.locKind[i].SetSelected("Room")
		t.locWhat[i] = entry("e.g. Laboratory, stairs, worm")
	}
	t.scavRoom = widget.NewCheck("The 3-card Scavenge of this Room (once per Room)", nil)
	t.scavRoomName = entry("the Room's name (bookkeeping mode)")
	t.scavItems = widget.NewMultiLineEntry()
	t.scavItems.SetPlaceHolder("Items drawn, one a line: name, action (or passive), charges[, matrix=…][, needs=…]")
	t.scavItems.SetMinRowsVisible(2)
	t.interactWhat = widget.NewRadioGroup([]string{"LCU", "Mission target"}, nil)
	t.interactWhat.Horizontal = true
	t.interactWhat.SetSelected("LCU")
	t.interactLCU = widget.NewSelect([]string{"N", "E", "S", "W"}, nil)
	t.interactMission = entry("what the Mission card asks")
	t.forms = map[ta.Action]fyne.CanvasObject{
		ta.Move: container.NewVBox(field("Direction", t.moveDir), field("Then Block the Door", t.moveBlock), t.moveUnblock, t.moveMore,
			field("Dice, if any roll", t.moveRoll), t.aooFaces, t.aooComp, t.scareComp),
		ta.Explore: container.NewVBox(field("Direction", t.exploreDir), t.exploreDanger),
		ta.Fight: container.NewVBox(field("Target", t.fightTarget), field("Dice", t.fightDice), field("Who rolls", t.fightRoll), t.fightFaces, t.fightReach,
			field("Boss kill: Abilities", container.NewGridWithColumns(2, t.boss1, t.boss2))),
		ta.Locate: container.NewVBox(
			field("Target 1", container.NewGridWithColumns(2, t.locKind[0], t.locWhat[0])),
			field("Target 2", container.NewGridWithColumns(2, t.locKind[1], t.locWhat[1]))),
		ta.Scavenge: container.NewVBox(widgets.WrapCheck(t.scavRoom), t.scavRoomName, t.scavItems),
		ta.Interact: container.NewVBox(t.interactWhat, field("Light towards", t.interactLCU), t.interactMission),
	}
	t.note = entry("what happened (optional)")
	t.byHand = container.NewVBox(wrap("The table resolves this Action (bookkeeping mode, or an Item's text replaced it)."), t.note)
	t.resolveBox = container.NewVBox()
	t.resolveBtn = primary("Resolve the Action", t.resolve)

	t.evilBtn = primary("The Evil side reacts (R)", t.evilTurn)
	t.evilLine = wrap("")
	t.evilBox = container.NewVBox()
	t.attackRoll = newRollChoice()
	t.attackFaces = entry("attack dice at the table, e.g. worm-1=H B S; spore-1=B B reroll H")
	t.attackComp = widget.NewCheck("The Evil side sends each attack to the Companion", nil)
	t.endTurnBtn = primary("End the Turn", t.endTurn)

	t.roundInfo = wrap("")
	t.roundDanger = entry("Danger token Sectors (empty: the app proposes)")
	t.roundEffect = entry("End-of-Round damage, e.g. sc 1 Mission card")
	t.roundRemove = entry("Danger tokens taken away from a full Level (Sectors)")
	t.roundDraws = entry("hands: discards/draws per player and deck, e.g. 0+1/2+0; 0+0/0+3 (empty: the app refills)")
	t.endRoundBtn = primary("End of the Round", t.endRound)

	t.heard = wrap("")
	t.noise = entry("what the Evil side said (a Noise, a direction)")
	t.noiseBox = container.NewBorder(nil, nil, nil, button("Note it", t.noteNoise), t.noise)
	t.labyrinth = newMapPanel()
	t.labCard = card("What the Hero sees", t.labyrinth.obj)

	t.nextBtn = primary("Next step (Space)", func() { t.Next() })
	t.obj = container.NewVBox(
		t.status, t.nextBtn,
		t.labCard,
		card("1 · Start of the Turn", t.recover, t.bullet, t.startBtn, wrap("Before the first Action you may still spend Adrenaline:"), t.spendBox),
		card("2 · Declare an Action", field("Action", t.action), field("With an Item", t.item),
			container.NewGridWithColumns(2, t.charges, t.grants), t.extra, t.declBtn, t.declared),
		card("3 · Resolve it", t.resolveBox, t.resolveBtn),
		card("4 · Reactions, end of Turn", t.evilBox, field("Creatures' attack dice", t.attackRoll), t.attackFaces, t.attackComp, t.endTurnBtn),
		card("End of the Round", t.roundInfo, t.roundDanger, t.roundRemove, t.roundDraws, t.roundEffect, t.endRoundBtn),
		card("Heard (the Radar)", t.heard, t.noiseBox),
	)
	return t
}

// step is the Turn's next step as the game stands.
func step(s *ta.State) string {
	switch {
	case s.Outcome != "":
		return "over"
	case !s.T.Started && s.TurnsUsed >= alone.TurnsPerRound:
		return "endRound"
	case !s.T.Started:
		return "start"
	case s.T.Pending != "":
		return "resolve"
	case len(s.T.Actions) == 0:
		return "declare"
	case len(s.T.Actions) < actionsAllowed(s):
		return "more"
	case s.Mode == ta.Solo && !s.T.EvilAsked:
		return "evil"
	}
	return "endTurn"
}

// actionsAllowed is the Actions this Turn may have: 2 with Bullet Time,
// plus the extra Actions Items granted (§2.5, §3.6).
func actionsAllowed(s *ta.State) int {
	n := 1
	if s.T.BulletTime {
		n = 2
	}
	return n + s.T.ItemExtra
}

// canReact says whether the Evil side's end-of-Turn chance is open.
func canReact(s *ta.State, st string) bool {
	return s.Mode == ta.Solo && !s.T.EvilAsked && (st == "evil" || st == "more")
}

var stepWords = map[string]string{
	"more":     "Another Action (Bullet Time or an Item), or let the Evil side react and end the Turn.",
	"over":     "The game is over. Undo is still possible in the Log.",
	"endRound": "All 8 Turns are played: run the End of the Round.",
	"start":    "Flip the next Turn token (Recover or Bullet Time now, or never this Turn).",
	"declare":  "Declare an Action.",
	"resolve":  "Resolve the declared Action.",
	"evil":     "The Evil side has its chance to react.",
	"endTurn":  "Another Action if the Turn allows one, Reactions, then end the Turn.",
}

var nextWords = map[string]string{
	"more":     "Next: resolve the next Action (Space)",
	"over":     "The game is over",
	"endRound": "Next: End of the Round (Space)",
	"start":    "Next: flip the Turn token (Space)",
	"declare":  "Next: resolve the chosen Action (Space)",
	"resolve":  "Next: resolve the declared Action (Space)",
	"evil":     "Next: the Evil side reacts (Space or R)",
	"endTurn":  "Next: end the Turn (Space)",
}

func (t *TurnPanel) refresh() {
	s := t.k.state()
	st := step(s)
	status := fmt.Sprintf("Round %d · Turn %d of 8 · Reactions this Turn %d of 2 · Next: %s", s.Round, s.Turn(), s.T.Reactions, stepWords[st])
	if s.T.Over {
		status = fmt.Sprintf("Round %d · Turn %d of 8 is over · Next: %s", s.Round, s.Turn(), stepWords[st])
		if len(s.T.Triggers) > 0 && s.Mode != ta.Solo {
			status += fmt.Sprintf(" Until then the Evil side may still answer the damage its Creatures dealt (%d of 2 Reactions played this Turn).", s.T.Reactions)
		}
	}
	t.status.SetText(status)
	enable := func(w fyne.Disableable, on bool) {
		if on {
			w.Enable()
		} else {
			w.Disable()
		}
	}
	t.nextBtn.SetText(nextWords[st])
	enable(t.nextBtn, st != "over")
	enable(t.startBtn, st == "start")
	t.startBtn.SetText(fmt.Sprintf("Flip Turn token %d", min(s.TurnsUsed+1, 8)))
	enable(t.declBtn, st == "declare" || st == "more")
	enable(t.resolveBtn, st != "over" && st != "start" && st != "endRound")
	enable(t.endTurnBtn, st == "endTurn" || st == "more" && (s.Mode != ta.Solo || s.T.EvilAsked))
	enable(t.endRoundBtn, st == "endRound")
	enable(t.evilBtn, canReact(s, st))

	// Items usable with the chosen Action.
	opts := []string{"no Item"}
	t.itemIDs = map[string]string{}
	for _, it := range s.Items {
		if !it.Passive {
			name := fmt.Sprintf("%s (%s, %d)", it.Name, it.Action, it.Charges)
			opts = append(opts, name)
			t.itemIDs[name] = it.ID
		}
	}
	t.item.Options = opts
	if !slices.Contains(opts, t.item.Selected) {
		t.item.SetSelected("no Item")
	}
	t.item.Refresh()
	if s.T.Pending != "" {
		t.declared.SetText(fmt.Sprintf("Declared: %s. Instant Reactions may answer it now.", s.T.Pending))
		if t.action.Selected != string(s.T.Pending) {
			t.action.SetSelected(string(s.T.Pending))
		}
	} else if len(s.T.Actions) > 0 {
		a := make([]string, len(s.T.Actions))
		for i, x := range s.T.Actions {
			a[i] = string(x)
		}
		t.declared.SetText("Done this Turn: " + strings.Join(a, ", "))
	} else {
		t.declared.SetText("")
	}
	// Fight targets: the Creatures the Hero can see.
	var targets []string
	if s.Map != nil {
		v := ta.HeroView(s)
		for _, c := range v.Labyrinth.Creatures {
			if c.Sector == v.Labyrinth.Hero || s.Mode != ta.Solo {
				targets = append(targets, c.ID)
			}
		}
	}
	t.fightTarget.Options = targets
	t.fightTarget.Refresh()
	t.showForm()

	// The Evil side.
	if s.Mode == ta.Solo {
		setBox(t.evilBox, t.evilBtn, t.evilLine)
	} else {
		setBox(t.evilBox, wrap(fmt.Sprintf("The Evil players record their Reactions on the Enemy tab (%d of 2 this Turn, %d Track spaces free).", s.T.Reactions, s.ReactionSpacesFree())))
	}
	t.evilLine.SetText(lastEvil(t.k))
	if s.Map == nil {
		t.attackFaces.SetPlaceHolder("attacks as rolled at the table, e.g. worm=2; spore=1 (hits)")
		t.attackRoll.Hide()
	} else {
		t.attackFaces.SetPlaceHolder("attack dice at the table, e.g. worm-1=H B S; spore-1=B B reroll H")
		t.attackRoll.Show()
	}
	// The Companion choices are the Evil players'; the app makes them in
	// solo mode.
	for _, c := range []*widget.Check{t.aooComp, t.scareComp, t.attackComp} {
		if s.Companion != nil && s.Mode != ta.Solo {
			c.Show()
		} else {
			c.Hide()
		}
	}
	// End of the Round.
	info := fmt.Sprintf("%s will be set aside.", plural(s.DangerToPlace(), "Danger token", "Danger tokens"))
	if s.Map != nil && s.Mode != ta.Solo {
		info += " Legal Sectors now: " + strings.Join(ta.LegalDangerSectors(s), ", ")
	}
	if s.Nightmare {
		info += " Nightmare Mode: the Hero will lose 2 Self Control."
	}
	t.roundInfo.SetText(info)
	if s.Mode == ta.Solo || s.Map == nil {
		t.roundDanger.Hide()
		t.roundRemove.Hide()
	} else {
		t.roundDanger.Show()
		t.roundRemove.Show()
	}
	if s.Mode == ta.Solo {
		t.roundDraws.Hide()
	} else {
		t.roundDraws.Show()
	}
	// What the Hero knows.
	var h []string
	for i := max(0, len(s.Heard)-10); i < len(s.Heard); i++ {
		x := s.Heard[i]
		h = append(h, fmt.Sprintf("R%d T%d: %s", x.Round, x.Turn, x.Say))
	}
	if len(h) == 0 {
		h = append(h, "Nothing heard yet.")
	}
	t.heard.SetText(strings.Join(h, "\n"))
	if s.Mode == ta.Solo {
		t.noiseBox.Hide()
	} else {
		t.noiseBox.Show()
	}
	if s.Map != nil {
		t.labyrinth.set(tilesFromLabyrinth(ta.HeroView(s).Labyrinth))
		t.labCard.Show()
	} else {
		t.labCard.Hide()
	}
}

// lastEvil is the public line of this Turn's Evil decision.
func lastEvil(k *kit) string {
	s := k.state()
	if !s.T.EvilAsked {
		return ""
	}
	line := ""
	// This Turn's decision is among the last events; undo and redo keep
	// it within a few hundred.
	from := uint64(0)
	if last := k.ctx.Session.LastSeq(); last > 300 {
		from = last - 300
	}
	_ = k.ctx.Session.Events(from, func(e tracker.Event) error {
		if e.Kind == "alone.evil" && k.ctx.Session.InEffect(e.Seq) {
			line = k.ctx.Session.Describe(e)
		}
		return nil
	})
	return line
}

// showForm shows the resolution form for the declared or chosen Action.
func (t *TurnPanel) showForm() {
	s := t.k.state()
	a := s.T.Pending
	if a == "" {
		a = ta.Action(t.action.Selected)
	}
	f, ok := t.forms[a]
	if s.Map == nil && a != ta.Scavenge || !ok {
		f = t.byHand
	}
	key := fmt.Sprintf("%s|%v|%v", a, f == t.byHand, s.T.Pending != "")
	if key == t.formKey {
		return
	}
	t.formKey = key
	objs := []fyne.CanvasObject{f}
	if f != t.byHand && s.T.Pending != "" {
		objs = append(objs, button("Resolved by hand instead", func() { t.k.do(ta.Resolve{Note: strings.TrimSpace(t.note.Text)}) }))
	}
	setBox(t.resolveBox, objs...)
}

func (t *TurnPanel) startTurn() {
	c := ta.StartTurn{BulletTime: t.bullet.Checked}
	switch t.recover.Selected {
	case "Recover 1 Life":
		c.Recover = alone.LifeDamage
	case "Recover 1 SC":
		c.Recover = alone.SCDamage
	}
	if t.k.do(c) {
		t.recover.SetSelected("no Recover")
		t.bullet.SetChecked(false)
	}
}

func (t *TurnPanel) declareCmd() (ta.Declare, error) {
	if t.action.Selected == "" {
		return ta.Declare{}, fmt.Errorf("choose the Action to declare")
	}
	d := ta.Declare{Action: ta.Action(t.action.Selected), Item: t.itemIDs[t.item.Selected], Extra: t.extra.Checked}
	var err error
	if d.Charges, err = number(t.charges, "Charges", 0); err != nil {
		return d, err
	}
	d.CardAllowsMore = d.Charges > 1
	if d.GrantsExtra, err = number(t.grants, "extra Actions", 0); err != nil {
		return d, err
	}
	return d, nil
}

func (t *TurnPanel) declare() {
	d, err := t.declareCmd()
	if err != nil {
		t.k.refuse(err)
		return
	}
	if t.k.do(d) {
		t.extra.SetChecked(false)
		t.charges.SetText("")
		t.grants.SetText("")
	}
}

// resolve runs the declared (or chosen) Action's resolution; an Action not
// declared yet is declared by it.
func (t *TurnPanel) resolve() {
	s := t.k.state()
	a := s.T.Pending
	if a == "" {
		a = ta.Action(t.action.Selected)
	}
	if a == "" {
		t.k.refuse(fmt.Errorf("choose the Action first"))
		return
	}
	if s.T.Pending == "" && t.item.Selected != "no Item" {
		// The Item is spent at the declaration.
		d, err := t.declareCmd()
		if err != nil {
			t.k.refuse(err)
			return
		}
		if !t.k.do(d) {
			return
		}
	}
	cmd, err := t.resolution(s, a)
	if err != nil {
		t.k.refuse(err)
		return
	}
	if cmd == nil {
		if s.T.Pending == "" {
			d, err := t.declareCmd()
			if err != nil {
				t.k.refuse(err)
				return
			}
			if !t.k.do(d) {
				return
			}
		}
		cmd = ta.Resolve{Note: strings.TrimSpace(t.note.Text)}
	}
	if t.k.do(cmd) {
		t.clearForms()
	}
}

func (t *TurnPanel) clearForms() {
	for _, e := range []*widget.Entry{t.aooFaces, t.exploreDanger, t.fightFaces, t.fightDice, t.scavItems, t.scavRoomName, t.interactMission, t.note} {
		e.SetText("")
	}
	t.moveUnblock.SetChecked(false)
	t.moveMore.SetChecked(false)
	t.scavRoom.SetChecked(false)
	t.fightReach.SetChecked(false)
	t.moveBlock.SetSelected("none")
}

// resolution is the command for Action a from its form; nil means the
// table resolved it by hand.
func (t *TurnPanel) resolution(s *ta.State, a ta.Action) (tracker.Command, error) {
	if s.Map == nil && a != ta.Scavenge {
		return nil, nil
	}
	switch a {
	case ta.Move:
		if t.moveDir.Selected == "" {
			return nil, fmt.Errorf("choose the direction of the Move")
		}
		f, reroll, courage, err := rolledDice(t.aooFaces.Text, "the move's dice")
		if err != nil {
			return nil, err
		}
		c := ta.MoveHero{Dir: alone.Dir(t.moveDir.Selected), Unblock: t.moveUnblock.Checked, More: t.moveMore.Checked,
			Roll: rollOf(t.moveRoll), AoOFaces: f, AoOReroll: reroll, CourageFaces: courage,
			AoOToCompanion: t.aooComp.Checked, ScareToCompanion: t.scareComp.Checked}
		if b := t.moveBlock.Selected; b != "" && b != "none" {
			c.Block = alone.Dir(b)
		}
		return c, nil
	case ta.Explore:
		if t.exploreDir.Selected == "" {
			return nil, fmt.Errorf("choose the direction to Explore")
		}
		return ta.ExploreDir{Dir: alone.Dir(t.exploreDir.Selected), RemoveDanger: strings.TrimSpace(t.exploreDanger.Text)}, nil
	case ta.Fight:
		if t.fightTarget.Selected == "" {
			return nil, fmt.Errorf("choose the Creature to Fight")
		}
		n, err := number(t.fightDice, "Fight dice", 0)
		if err != nil {
			return nil, err
		}
		f, reroll, courage, err := rolledDice(t.fightFaces.Text, "the Fight's dice")
		if err != nil {
			return nil, err
		}
		if len(courage) > 0 {
			return nil, fmt.Errorf("a Fight rolls no Courage die")
		}
		c := ta.FightCreature{Target: t.fightTarget.Selected, Roll: rollOf(t.fightRoll), Dice: n, Faces: f, Reroll: reroll, ItemReach: t.fightReach.Checked}
		if len(f) > 0 && n == 0 {
			c.Dice = len(f)
		}
		if t.boss1.Selected != "" {
			c.BossXP = append(c.BossXP, abilityFromName(t.boss1.Selected))
		}
		if t.boss2.Selected != "" {
			c.BossXP = append(c.BossXP, abilityFromName(t.boss2.Selected))
		}
		return c, nil
	case ta.Locate:
		var ts []alone.LocateTarget
		for i := range t.locKind {
			w := strings.TrimSpace(t.locWhat[i].Text)
			if w == "" {
				continue
			}
			var x alone.LocateTarget
			switch t.locKind[i].Selected {
			case "Sector":
				x.Sector = w
			case "Room":
				x.Room = w
			case "Shape":
				x.Shape = strings.ToLower(w)
			case "Element":
				x.Element = strings.ToLower(w)
			default:
				x.Creature = alone.CreatureType(strings.ToLower(w))
			}
			ts = append(ts, x)
		}
		return ta.LocateTargets{Targets: ts}, nil
	case ta.Scavenge:
		its, err := parseItems(t.scavItems.Text)
		if err != nil {
			return nil, err
		}
		return ta.ScavengeItems{Room: t.scavRoom.Checked, RoomName: strings.TrimSpace(t.scavRoomName.Text), Items: its}, nil
	case ta.Interact:
		if t.interactWhat.Selected == "LCU" {
			if t.interactLCU.Selected == "" {
				return nil, fmt.Errorf("choose the direction to light")
			}
			return ta.InteractWith{LCU: alone.Dir(t.interactLCU.Selected)}, nil
		}
		return ta.InteractWith{Mission: nonEmpty(strings.TrimSpace(t.interactMission.Text), "Mission target")}, nil
	}
	return nil, fmt.Errorf("%q is not an Action", a)
}

func (t *TurnPanel) evilTurn() {
	if t.k.do(ta.EvilTurn{}) {
		t.evilLine.SetText(t.k.msg.Text)
	}
}

// attacks reads the end-of-Turn attacks typed at the table.
func (t *TurnPanel) attacks(s *ta.State) ([]ta.AttackRoll, error) {
	var out []ta.AttackRoll
	for _, part := range strings.Split(t.attackFaces.Text, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("attacks: write each as creature=dice, not %q", part)
		}
		a := ta.AttackRoll{Creature: strings.TrimSpace(k)}
		if s.Map == nil {
			if _, err := fmt.Sscan(strings.TrimSpace(v), &a.Hits); err != nil {
				return nil, fmt.Errorf("attacks: %q hits is not a whole number", strings.TrimSpace(v))
			}
		} else {
			f, reroll, courage, err := rolledDice(v, a.Creature+"'s attack")
			if err != nil {
				return nil, err
			}
			if len(courage) > 0 {
				return nil, fmt.Errorf("an attack rolls no Courage die")
			}
			a.Faces, a.Reroll = f, reroll
		}
		out = append(out, a)
	}
	return out, nil
}

func (t *TurnPanel) endTurn() {
	s := t.k.state()
	at, err := t.attacks(s)
	if err != nil {
		t.k.refuse(err)
		return
	}
	if t.attackComp.Checked && t.attackComp.Visible() {
		given := map[string]bool{}
		for i := range at {
			at[i].ToCompanion = true
			given[at[i].Creature] = true
		}
		if s.Map != nil {
			for _, c := range s.Map.CreaturesIn(s.Map.Hero) {
				if !given[c.ID] {
					at = append(at, ta.AttackRoll{Creature: c.ID, ToCompanion: true})
				}
			}
		}
	}
	roll := ta.DiceSource("")
	if s.Map != nil {
		roll = rollOf(t.attackRoll)
	}
	if t.k.do(ta.EndTurn{Roll: roll, Attacks: at}) {
		t.attackComp.SetChecked(false)
		t.attackFaces.SetText("")
	}
}

func (t *TurnPanel) endRound() {
	c := ta.EndRound{}
	if d := splitNames(t.roundDanger.Text); len(d) > 0 {
		c.Danger = d
	}
	if d := splitNames(t.roundRemove.Text); len(d) > 0 {
		c.DangerRemove = d
	}
	if strings.TrimSpace(t.roundDraws.Text) != "" {
		disc, draws, err := parseHands(t.roundDraws.Text, len(t.k.state().Evil.Players))
		if err != nil {
			t.k.refuse(err)
			return
		}
		c.Discards, c.Draws = disc, draws
	}
	if e := strings.Fields(t.roundEffect.Text); len(e) > 0 {
		var n int
		if _, err := fmt.Sscan(strings.Join(e[1:], " "), &n); len(e) < 2 || err != nil {
			t.k.refuse(fmt.Errorf("End-of-Round damage: write the track (life or sc), the points, then the source"))
			return
		}
		c.Effects = []ta.DealDamage{{Kind: alone.DamageKind(strings.ToLower(e[0])), N: n, Source: strings.Join(e[2:], " ")}}
	}
	if t.k.do(c) {
		for _, e := range []*widget.Entry{t.roundDanger, t.roundRemove, t.roundDraws, t.roundEffect} {
			e.SetText("")
		}
	}
}

func (t *TurnPanel) noteNoise() {
	if t.k.do(ta.NoteNoise{Say: strings.TrimSpace(t.noise.Text)}) {
		t.noise.SetText("")
	}
}

// Next advances the Turn by its next step; it reports whether there was
// one to take.
func (t *TurnPanel) Next() bool {
	s := t.k.state()
	switch step(s) {
	case "over":
		t.k.refuse(fmt.Errorf("the game is over; only undo is possible"))
		return false
	case "endRound":
		t.endRound()
	case "start":
		t.startTurn()
	case "declare", "resolve", "more":
		t.resolve()
	case "evil":
		t.evilTurn()
	default:
		t.endTurn()
	}
	return true
}

// parseHands reads each Evil player's End-of-Round discards and draws per
// deck: "d0+d1/n0+n1" per player, players separated by ";".
func parseHands(s string, players int) (disc, draws [][2]int, err error) {
	parts := strings.Split(s, ";")
	if len(parts) != players {
		return nil, nil, fmt.Errorf("hands: give the discards and draws of each of the %d Evil players, separated by ;", players)
	}
	pair := func(x string) ([2]int, error) {
		var a, b int
		if _, err := fmt.Sscanf(strings.TrimSpace(x), "%d+%d", &a, &b); err != nil {
			return [2]int{}, fmt.Errorf("hands: %q is not two numbers like 1+2 (first deck + second deck)", strings.TrimSpace(x))
		}
		return [2]int{a, b}, nil
	}
	for _, p := range parts {
		d, n, ok := strings.Cut(p, "/")
		if !ok {
			return nil, nil, fmt.Errorf("hands: write discards/draws for each player, like 0+1/2+0, not %q", strings.TrimSpace(p))
		}
		a, err := pair(d)
		if err != nil {
			return nil, nil, err
		}
		b, err := pair(n)
		if err != nil {
			return nil, nil, err
		}
		disc, draws = append(disc, a), append(draws, b)
	}
	return disc, draws, nil
}
