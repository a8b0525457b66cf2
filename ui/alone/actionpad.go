package alone

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// actionPad is the Hero's Actions as buttons: a direction to Move or
// Explore through (only the exits the Hero's tile has), a Creature to
// Fight, two things to Locate, Item cards drawn on a Scavenge, an LCU to
// light or a Mission to act on. One tap declares and resolves the Action;
// what it may take besides (an Item, a Door to Block, dice rolled at the
// table) is chosen first.
type actionPad struct {
	t   *TurnPanel
	obj fyne.CanvasObject

	declared *widget.Label
	pending  *widget.Button
	// dirWhy says why some directions cannot be tapped.
	dirWhy *widget.Label

	// An Item used with the Action.
	item     *widget.Select
	itemIDs  map[string]string
	charges  *numStepper
	grants   *numStepper
	extra    *widget.Check
	itemMore fyne.CanvasObject

	// With a Map: directions and targets.
	mapBox      *fyne.Container
	moveBtns    map[alone.Dir]*widget.Button
	exploreBtns map[alone.Dir]*widget.Button
	moveBlock   *chips
	moveUnblock *widget.Check
	moveMore    *widget.Check
	aooPad      *dicePad
	aooReroll   *faceChips
	courage     *dicePad
	ourBox      *fyne.Container
	aooBox      *fyne.Container
	aooComp     *widget.Check
	scareComp   *widget.Check
	danger      *widget.Select
	dangerIDs   map[string]string
	fightBox    *fyne.Container
	fightDice   *numStepper
	fightPad    *dicePad
	fightReroll *faceChips
	fightReach  *widget.Check
	// fightReachRow is fightReach with its words, made once: wrapping a
	// check again would find its words already moved out (an empty box).
	fightReachRow fyne.CanvasObject
	boss1         *widget.Select
	boss2         *widget.Select
	locKind       [2]*chips
	locWhat       [2]*widget.Select
	locIDs        [2]map[string]alone.LocateTarget
	lcuBox        *fyne.Container
	missionBox    *fyne.Container

	// Without a Map (the Evil players keep it): the Actions resolved at
	// the table.
	handBox *fyne.Container

	// Scavenge, in every mode.
	drawn    []string
	drawnBox *fyne.Container
	drawPick *picker
	scavRoom *widget.Check
	scavName *widgets.TextEntry
	scavBtn  *widget.Button
}

var compassOrder = map[string]int{"north": 0, "east": 1, "south": 2, "west": 3}

var compassWords = map[alone.Dir]string{alone.North: "North", alone.East: "East", alone.South: "South", alone.West: "West", alone.Stairs: "Stairs"}

func newActionPad(t *TurnPanel) *actionPad {
	p := &actionPad{t: t, itemIDs: map[string]string{}, moveBtns: map[alone.Dir]*widget.Button{}, exploreBtns: map[alone.Dir]*widget.Button{}}
	p.declared = wrap("")
	p.dirWhy = why()
	p.pending = button("Resolved at the table", func() { p.t.k.do(ta.Resolve{}) })
	p.item = widget.NewSelect([]string{"no Item"}, nil)
	p.item.SetSelected("no Item")
	p.item.OnChanged = func(string) { p.syncItem() }
	p.charges = newNumStepper(1, 6, 1, nil)
	p.charges.Format = func(n int) string { return plural(n, "Charge", "Charges") }
	p.charges.sync()
	p.grants = newNumStepper(0, 3, 0, nil)
	p.grants.Format = func(n int) string { return plural(n, "extra Action", "extra Actions") + " granted" }
	p.grants.sync()
	p.extra = widget.NewCheck("This Action is one an Item granted", nil)
	p.itemMore = container.NewVBox(labelled("Spend", p.charges), p.grants)
	p.itemMore.Hide()

	var moves, explores []fyne.CanvasObject
	for _, d := range []alone.Dir{alone.North, alone.East, alone.South, alone.West, alone.Stairs} {
		d := d
		p.moveBtns[d] = button(compassWords[d], func() { p.move(d) })
		p.exploreBtns[d] = button(compassWords[d], func() { p.explore(d) })
		moves, explores = append(moves, p.moveBtns[d]), append(explores, p.exploreBtns[d])
	}
	p.moveBlock = newChips([]string{"No Door", "North", "East", "South", "West"}, nil)
	p.moveBlock.SetSelected("No Door")
	p.moveUnblock = widget.NewCheck("Unblock the Door that way instead of moving (a whole Move)", nil)
	p.moveMore = widget.NewCheck("An Item's move goes on for another step", nil)
	p.aooPad = newDicePad("Attack of Opportunity as rolled")
	p.aooReroll = newFaceChips()
	p.courage = newDicePad("Courage dice, one per scare, as rolled")
	p.aooBox = container.NewVBox(p.aooPad.obj)
	p.ourBox = container.NewVBox(bold("Dexterity's reroll of the Attack of Opportunity"), p.aooReroll.obj, p.courage.obj)
	p.aooComp = widget.NewCheck("The Evil side sends the Attack of Opportunity to the Companion", nil)
	p.scareComp = widget.NewCheck("The Evil side sends a scare to the Companion", nil)
	p.danger = widget.NewSelect(nil, nil)
	p.fightBox = container.NewVBox()
	p.fightDice = newNumStepper(1, 12, 2, nil)
	p.fightDice.Format = func(n int) string { return plural(n, "die", "dice") }
	p.fightDice.sync()
	p.fightPad = newDicePad("The Hero's dice as rolled")
	p.fightReroll = newFaceChips()
	p.fightReach = widget.NewCheck("An Item lets the Hero hit another Sector", nil)
	p.fightReachRow = widgets.WrapCheck(p.fightReach)
	p.boss1, p.boss2 = widget.NewSelect(abilityNames(), nil), widget.NewSelect(abilityNames(), nil)
	kinds := []string{"Room", "Stairs, Door, LCU", "Kind of Sector", "Creature"}
	for i := range p.locKind {
		i := i
		p.locWhat[i] = widget.NewSelect(nil, nil)
		p.locKind[i] = newChips(kinds, func(string) { p.locOptions(i) })
		p.locKind[i].SetSelected(kinds[i])
	}
	p.lcuBox = widgets.NewFlow()
	p.missionBox = container.NewVBox()

	p.handBox = widgets.NewFlow()
	for _, a := range ta.Actions {
		a := a
		if a == ta.Scavenge {
			continue
		}
		p.handBox.Add(button(title(string(a)), func() { p.byHand(a) }))
	}

	p.drawnBox = container.NewVBox()
	p.drawPick = newPicker("No Item card entered yet.", "Enter an Item card", func(chosen func(string)) {
		editItem(campaignSink{p.t.k}, nil, func(n string) { p.refreshDraws(); chosen(n) })
	})
	p.drawPick.OnChanged = func(s string) {
		if s != "" {
			p.drawn = append(p.drawn, s)
			p.drawPick.sel.ClearSelected()
			p.showDrawn()
		}
	}
	p.scavRoom = widget.NewCheck("The 3-card Scavenge of this Room (once per Room)", nil)
	p.scavName = entry("the Room's name")
	p.scavBtn = primary("Scavenge", p.scavenge)

	p.mapBox = container.NewVBox(
		bold("Move"), widgets.NewFlow(moves...), p.dirWhy,
		fold("More for a Move: Block a Door, dice", container.NewVBox(
			bold("After the step, Block a Door"), p.moveBlock.obj, widgets.WrapCheck(p.moveUnblock), widgets.WrapCheck(p.moveMore),
			p.aooBox, p.ourBox, widgets.WrapCheck(p.aooComp), widgets.WrapCheck(p.scareComp))),
		bold("Explore"), widgets.NewFlow(explores...),
		fold("More for an Explore: a Danger token", container.NewVBox(bold("Take a Danger token away from"), p.danger)),
		bold("Fight"), p.fightBox,
		bold("Locate two things"),
		p.locKind[0].obj, p.locWhat[0], p.locKind[1].obj, p.locWhat[1],
		button("Locate", p.locate),
		bold("Interact"), p.lcuBox, p.missionBox,
	)
	p.obj = container.NewVBox(
		p.declared, p.pending,
		p.mapBox, p.handBox,
		bold("Scavenge"), p.drawPick.obj, p.drawnBox, widgets.WrapCheck(p.scavRoom), p.scavName, p.scavBtn,
		fold("With an Item: choose it before the Action", container.NewVBox(p.item, p.itemMore, widgets.WrapCheck(p.extra))),
	)
	return p
}

func (p *actionPad) syncItem() {
	if p.item.Selected == "" || p.item.Selected == "no Item" {
		p.itemMore.Hide()
	} else {
		p.itemMore.Show()
	}
}

// refresh follows the game: the Hero's exits, the Creatures beside them,
// the LCU and the Missions, the Items in hand.
func (p *actionPad) refresh(s *ta.State, st string) {
	can := st == "start" || st == "declare" || st == "more" || st == "resolve"
	// Items usable with an Action.
	opts := []string{"no Item"}
	p.itemIDs = map[string]string{}
	for _, it := range s.Items {
		if !it.Passive {
			name := fmt.Sprintf("%s (%s, %s)", it.Name, title(string(it.Action)), plural(it.Charges, "Charge", "Charges"))
			opts = append(opts, name)
			p.itemIDs[name] = it.ID
		}
	}
	p.item.Options = opts
	if !slices.Contains(opts, p.item.Selected) {
		p.item.SetSelected("no Item")
	}
	p.item.Refresh()
	switch {
	case s.T.Pending != "":
		p.declared.SetText(fmt.Sprintf("Declared: %s. Instant Reactions may answer it now; then resolve it.", title(string(s.T.Pending))))
		p.pending.Show()
	case len(s.T.Actions) > 0:
		a := make([]string, len(s.T.Actions))
		for i, x := range s.T.Actions {
			a[i] = title(string(x))
		}
		p.declared.SetText("Done this Turn: " + strings.Join(a, ", "))
		p.pending.Hide()
	default:
		p.declared.SetText("")
		p.pending.Hide()
	}
	if p.declared.Text == "" {
		p.declared.Hide()
	} else {
		p.declared.Show()
	}
	p.refreshDraws()
	p.scavBtn.Enable()
	if !can {
		p.scavBtn.Disable()
	}
	if s.Map == nil {
		p.mapBox.Hide()
		p.handBox.Show()
		p.scavName.Show()
		for _, o := range p.handBox.Objects {
			enable(o.(*widget.Button), can)
		}
		return
	}
	p.handBox.Hide()
	p.scavName.Hide()
	p.mapBox.Show()
	v := ta.HeroView(s).Labyrinth
	var h *alone.SectorView
	for i := range v.Sectors {
		if v.Sectors[i].ID == v.Hero {
			h = &v.Sectors[i]
		}
	}
	var walls []string
	for d, b := range p.moveBtns {
		e, ok := alone.ExitView{}, false
		if h != nil {
			e, ok = h.Exits[d]
		}
		enable(b, ok && can)
		enable(p.exploreBtns[d], ok && can && !e.Blocked)
		if !ok && d != alone.Stairs {
			walls = append(walls, strings.ToLower(compassWords[d]))
		}
		b.SetText(compassWords[d])
		if ok && e.Blocked {
			b.SetText("Unblock " + compassWords[d])
		} else if ok && e.Door {
			b.SetText(compassWords[d] + " (Door)")
		}
	}
	switch {
	case !can:
		p.dirWhy.SetText(nonEmpty(whyNotAction(s, st), "No more Actions this Turn."))
	case len(walls) > 0:
		sort.Slice(walls, func(i, j int) bool { return compassOrder[walls[i]] < compassOrder[walls[j]] })
		w := "Greyed: a wall to the " + names(walls)
		if h == nil || h.StairsColour == "" {
			w += "; no Stairs here"
		}
		p.dirWhy.SetText(w + ".")
	default:
		p.dirWhy.SetText("")
	}
	// Fight: the Creatures the Hero can see in their Sector.
	var fights []fyne.CanvasObject
	here := 0
	for _, c := range v.Creatures {
		if c.Sector != v.Hero && !p.fightReach.Checked {
			continue
		}
		here++
		c := c
		name := title(string(c.Type))
		if c.Name != "" {
			name = c.Name
		}
		w := ""
		if c.Wounded {
			w = ", Wounded"
		}
		b := button(fmt.Sprintf("Fight the %s %s%s", name, creatureTag(c.ID, c.Type, false), w), func() { p.fight(c.ID, c.Type) })
		enable(b, can)
		fights = append(fights, b)
	}
	if len(fights) == 0 {
		fights = append(fights, wrap("No Creature the Hero can see is in their Sector."))
	}
	fights = append(fights, p.fightReachRow)
	if p.t.ourDice() {
		fights = append(fights, p.fightPad.obj, bold("Precision's reroll of a Miss"), p.fightReroll.obj)
	} else {
		fights = append(fights, labelled("Roll", p.fightDice))
	}
	fights = append(fights, labelled("Boss kill trains", container.NewGridWithColumns(2, p.boss1, p.boss2)))
	setBox(p.fightBox, fights...)
	// The Attack of Opportunity when leaving Creatures, and what the
	// table rolls besides (a reroll, Courage).
	p.aooBox.Hide()
	if p.t.ourDice() {
		p.ourBox.Show()
	} else {
		p.ourBox.Hide()
	}
	if p.t.ourDice() && here > 0 && h != nil {
		p.aooPad.title.SetText(fmt.Sprintf("Leaving the Creatures here: the Attack of Opportunity rolls %s", plural(alone.AoODice(here, h.Lighted), "die", "dice")))
		p.aooBox.Show()
	}
	comp := s.Companion != nil && s.Mode != ta.Solo
	for _, c := range []*widget.Check{p.aooComp, p.scareComp} {
		if comp {
			c.Show()
		} else {
			c.Hide()
		}
	}
	// Danger tokens an Explore may take away: the Hero's Sector's, or one
	// in a Sector it explores.
	p.dangerIDs = map[string]string{}
	dopts := []string{"none"}
	for _, sv := range v.Sectors {
		if sv.Danger {
			l := sectorWords(s.Map.Sector(sv.ID))
			dopts = append(dopts, l)
			p.dangerIDs[l] = sv.ID
		}
	}
	p.danger.Options = dopts
	if !slices.Contains(dopts, p.danger.Selected) {
		p.danger.SetSelected("none")
	}
	p.danger.Refresh()
	// Interact: the LCU in the Hero's Sector lights a direction; a
	// Mission in play acts on its target.
	var lcus []fyne.CanvasObject
	if h != nil && h.LCU {
		for _, d := range alone.Compass {
			d := d
			b := button("Light the "+strings.ToLower(compassWords[d]), func() { p.do(ta.Interact, ta.InteractWith{LCU: d}) })
			enable(b, can)
			lcus = append(lcus, b)
		}
	} else {
		lcus = append(lcus, wrap("No LCU in the Hero's Sector."))
	}
	setBox(p.lcuBox, lcus...)
	var ms []fyne.CanvasObject
	for _, m := range append(append([]ta.Mission(nil), s.Missions.Starting[:]...), s.Missions.Final) {
		if m.Status != ta.Active {
			continue
		}
		m := m
		b := button("For the Mission “"+m.Name+"”", func() { p.do(ta.Interact, ta.InteractWith{Mission: m.Name}) })
		enable(b, can)
		ms = append(ms, b)
	}
	setBox(p.missionBox, ms...)
	for i := range p.locKind {
		p.locOptions(i)
	}
}

// whyNotAction says why no Action can be tapped now.
func whyNotAction(s *ta.State, st string) string {
	switch st {
	case "over":
		return "The game is over."
	case "endRound":
		return "All 8 Turns are played: the End of the Round comes first."
	case "evil", "endTurn":
		return "The Turn's Actions are done: the Evil side's chance, then the Turn's end."
	}
	return ""
}

// sectorWords is a Sector as the Hero names it: its Room, or its square.
func sectorWords(s *alone.Sector) string {
	if s == nil {
		return ""
	}
	return ta.SectorLabel(s)
}

// locOptions fills a Locate target's choices for its kind.
func (p *actionPad) locOptions(i int) {
	s := p.t.k.state()
	opts := map[string]alone.LocateTarget{}
	switch p.locKind[i].Selected {
	case "Room":
		for _, r := range knownRooms(s) {
			opts["the "+r] = alone.LocateTarget{Room: r}
		}
	case "Stairs, Door, LCU":
		for k, v := range map[string]string{"the nearest Stairs": "stairs", "the nearest Door": "door", "the nearest LCU": "lcu", "the nearest Danger token": "danger", "the nearest Light": "light"} {
			opts[k] = alone.LocateTarget{Element: v}
		}
	case "Kind of Sector":
		for k, v := range map[string]string{"a Room": alone.ShapeRoom, "a Corridor": alone.ShapeCorridor, "a Curve": alone.ShapeCurve,
			"a T-Junction": alone.ShapeTJunction, "a Cross": alone.ShapeCross, "a dead end": alone.ShapeDeadEnd} {
			opts[k] = alone.LocateTarget{Shape: v}
		}
	default:
		for _, t := range alone.CreatureTypes {
			opts["a "+title(string(t))] = alone.LocateTarget{Creature: t}
		}
	}
	var keys []string
	for k := range opts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	p.locIDs[i] = opts
	p.locWhat[i].Options = keys
	if !slices.Contains(keys, p.locWhat[i].Selected) {
		p.locWhat[i].ClearSelected()
	}
	p.locWhat[i].Refresh()
}

// knownRooms are the Rooms the Hero can name: those the Mission cards
// name, and those on the Map (in solo mode, those the Hero has seen).
func knownRooms(s *ta.State) []string {
	var out []string
	add := func(r string) {
		if r != "" && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	if s.Content != nil {
		for _, m := range s.Content.Missions {
			for _, g := range m.Goals {
				add(g)
			}
		}
	}
	if s.Map != nil {
		// In solo mode the Hero names only the Rooms they have seen.
		for _, sec := range s.Map.Sectors {
			if sec.Revealed || s.Mode != ta.Solo {
				add(sec.Room)
			}
		}
	}
	slices.Sort(out)
	return out
}

// do runs an Action: flips the Turn token if need be, declares it with
// the Item chosen, then resolves it with cmd (nil: resolved at the table).
func (p *actionPad) do(a ta.Action, cmd tracker.Command) bool {
	if !p.t.ensureStarted() {
		return false
	}
	s := p.t.k.state()
	id := p.itemIDs[p.item.Selected]
	if s.T.Pending == "" && (id != "" || p.extra.Checked || cmd == nil) {
		d := ta.Declare{Action: a, Item: id, Extra: p.extra.Checked}
		if id != "" {
			d.Charges = p.charges.Value
			d.CardAllowsMore = d.Charges > 1
			d.GrantsExtra = p.grants.Value
		}
		if !p.t.k.do(d) {
			return false
		}
	}
	if cmd == nil {
		cmd = ta.Resolve{}
	}
	if !p.t.k.do(cmd) {
		return false
	}
	{
		p.item.SetSelected("no Item")
		p.extra.SetChecked(false)
		p.charges.SetValue(1)
		p.grants.SetValue(0)
		p.moveBlock.SetSelected("No Door")
		p.moveUnblock.SetChecked(false)
		p.moveMore.SetChecked(false)
		p.fightPad.clear()
		p.aooPad.clear()
		p.courage.clear()
		p.aooReroll.clear()
		p.fightReroll.clear()
	}
	return true
}

func (p *actionPad) byHand(a ta.Action) { p.do(a, nil) }

func (p *actionPad) move(d alone.Dir) {
	c := ta.MoveHero{Dir: d, Unblock: p.moveUnblock.Checked, More: p.moveMore.Checked, Roll: rollBy(p.t.ourDice()),
		AoOToCompanion: p.aooComp.Checked && p.aooComp.Visible(), ScareToCompanion: p.scareComp.Checked && p.scareComp.Visible()}
	if s := p.t.k.state(); s.Map != nil {
		if e, ok := s.Map.HeroSector().Exits[d]; ok && e.Blocked {
			c.Unblock = true
		}
	}
	if b := p.moveBlock.Selected; b != "No Door" {
		for dir, w := range compassWords {
			if w == b {
				c.Block = dir
			}
		}
	}
	if p.t.ourDice() {
		if p.aooBox.Visible() {
			c.AoOFaces = p.aooPad.faces()
		}
		c.AoOReroll = p.aooReroll.face()
		c.CourageFaces = p.courage.faces()
	}
	p.do(ta.Move, c)
}

func (p *actionPad) explore(d alone.Dir) {
	p.do(ta.Explore, ta.ExploreDir{Dir: d, RemoveDanger: p.dangerIDs[p.danger.Selected]})
}

func (p *actionPad) fight(id string, _ alone.CreatureType) {
	c := ta.FightCreature{Target: id, Dice: p.fightDice.Value, ItemReach: p.fightReach.Checked, Roll: rollBy(p.t.ourDice())}
	if p.t.ourDice() {
		if p.fightPad.count() == 0 {
			p.t.k.refuse(fmt.Errorf("tap in the faces the Hero's dice show"))
			return
		}
		c.Faces = p.fightPad.faces()
		c.Dice = len(c.Faces)
		c.Reroll = p.fightReroll.face()
	}
	for _, b := range []*widget.Select{p.boss1, p.boss2} {
		if b.Selected != "" {
			c.BossXP = append(c.BossXP, abilityFromName(b.Selected))
		}
	}
	p.do(ta.Fight, c)
}

func (p *actionPad) locate() {
	var ts []alone.LocateTarget
	for i := range p.locWhat {
		if t, ok := p.locIDs[i][p.locWhat[i].Selected]; ok {
			ts = append(ts, t)
		}
	}
	if len(ts) != 2 {
		p.t.k.refuse(fmt.Errorf("choose the two things to Locate"))
		return
	}
	p.do(ta.Locate, ta.LocateTargets{Targets: ts})
}

// refreshDraws offers the set's Item cards to pick as drawn.
func (p *actionPad) refreshDraws() {
	var opts []string
	if c := p.t.k.state().Content; c != nil {
		for _, it := range c.Items {
			opts = append(opts, it.Name)
		}
	}
	p.drawPick.SetOptions(opts)
	p.showDrawn()
}

func (p *actionPad) showDrawn() {
	var objs []fyne.CanvasObject
	for i, n := range p.drawn {
		i := i
		objs = append(objs, container.NewBorder(nil, nil, nil,
			widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
				p.drawn = append(p.drawn[:i], p.drawn[i+1:]...)
				p.showDrawn()
			}), wrap("Drawn: "+n)))
	}
	if len(objs) == 0 {
		objs = append(objs, wrap("Pick each Item card drawn (none: the deck was empty)."))
	}
	setBox(p.drawnBox, objs...)
}

func (p *actionPad) scavenge() {
	s := p.t.k.state()
	var items []ta.Item
	for _, n := range p.drawn {
		if s.Content == nil || s.Content.ItemNamed(n) == nil {
			p.t.k.refuse(fmt.Errorf("the Item card “%s” is not in the content set", n))
			return
		}
		items = append(items, s.Content.ItemNamed(n).Item())
	}
	c := ta.ScavengeItems{Room: p.scavRoom.Checked, RoomName: strings.TrimSpace(p.scavName.Text), Items: items}
	if p.do(ta.Scavenge, c) {
		p.drawn = nil
		p.scavRoom.SetChecked(false)
		p.scavName.SetText("")
		p.showDrawn()
	}
}
