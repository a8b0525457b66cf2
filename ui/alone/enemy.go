package alone

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa"
	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// EnemyScreen is the Evil side. In solo mode it is the app's Evil player as
// the Hero may see it: its decisions in public words, the override with a
// reason, and — only once the game is over — the reveal: the whole Map of
// both Levels and every decision's trace. In assist and bookkeeping modes it
// is the human Evil players' table: hands, the Leader, the Reaction Track
// and its limit per Turn, the Reactions they play, and in assist mode the
// hidden Map with its Creatures, lights, Danger tokens and Doors, the
// policy's suggestions and the legal Spawns, moves and Danger Sectors.
type EnemyScreen struct {
	k    *kit
	root *fyne.Container
	obj  fyne.CanvasObject

	head *widget.Label

	// Solo mode.
	soloBox      *fyne.Container
	soloScroll   fyne.CanvasObject
	evilBtn      *widget.Button
	evilLine     *widget.Label
	reason       *widget.Entry
	ovKind       *widget.RadioGroup
	ovType       *widget.Select
	ovSector     *widget.Entry
	ovCreature   *widget.Entry
	ovPath       *widget.Entry
	heroMap      *MapPanel
	heroMapBox   fyne.CanvasObject
	overrideCard *widget.Card
	hiddenNote   *widget.Label
	reveal       *fyne.Container
	fullMap      *MapPanel

	// Assist and bookkeeping.
	tableBox  *fyne.Container
	players   *widget.Label
	leader    *widget.Select
	track     *tokenRow
	trackInfo *widget.Label
	tell      *widget.Label
	suggest   *widgets.TracePanel
	suggested *widget.Label
	legal     *widget.Label
	creatures *fyne.Container
	mapInfo   *widget.Label
	assistMap *MapPanel
	sector    *widget.Label
	rf        *reactionForm
	fx        *effectsForm
	tabs      *container.AppTabs
}

// NewEnemyScreen builds the Enemy tab for a campaign.
func NewEnemyScreen(ctx *shell.Context) *EnemyScreen {
	e := &EnemyScreen{k: newKit(ctx)}
	e.head = bold("")
	e.head.Wrapping = fyne.TextWrapWord
	// Solo.
	e.evilBtn = primary("The Evil side reacts (R)", func() { e.Resolve() })
	e.evilLine = wrap("")
	e.reason = entry("why the table overrides the app (required)")
	e.ovKind = widget.NewRadioGroup([]string{"play nothing", "Spawn", "Move"}, nil)
	e.ovKind.Horizontal = true
	e.ovKind.SetSelected("play nothing")
	e.ovType = widget.NewSelect(creatureNames(), nil)
	e.ovSector = entry("Sector")
	e.ovCreature = entry("Creature id")
	e.ovPath = entry("Sectors entered, in order")
	e.heroMap = newMapPanel()
	e.heroMapBox = card("What the Hero sees", e.heroMap.obj)
	e.hiddenNote = wrap("The explanation of each decision names Sectors and Creatures the Hero may not know, so it opens — with the whole Map — when the game ends.")
	e.hiddenNote.Importance = widget.LowImportance
	e.reveal = container.NewVBox()
	e.fullMap = newMapPanel()
	e.overrideCard = card("Override the Evil side's decision", e.reason, e.ovKind,
		field("Spawn", container.NewGridWithColumns(2, e.ovType, e.ovSector)),
		field("Move", container.NewGridWithColumns(2, e.ovCreature, e.ovPath)),
		button("Override", e.override))
	e.soloBox = container.NewVBox(
		card("The app plays Evil", e.evilBtn, e.evilLine, e.hiddenNote),
		e.overrideCard,
		e.heroMapBox,
		e.reveal,
	)
	e.soloScroll = container.NewVScroll(container.NewPadded(e.soloBox))
	// The Evil players' table.
	e.players = wrap("")
	e.leader = widget.NewSelect(nil, func(string) {})
	e.track = newTokenRow(44)
	e.trackInfo = wrap("")
	e.tell = wrap("")
	e.suggest = widgets.NewTracePanel(automa.Trace{})
	e.suggested = wrap("")
	e.legal = wrap("")
	e.creatures = container.NewVBox()
	e.mapInfo = wrap("")
	e.assistMap = newMapPanel()
	e.sector = wrap("Tap a Sector to see it and put it in the forms.")
	e.assistMap.onTap(e.tapSector)
	e.rf = newReactionForm(e.k)
	e.fx = newEffectsForm(e.k)
	table := container.NewVBox(
		card("Evil players", e.players, field("Correct the Leader", container.NewBorder(nil, nil, nil, button("Set", e.setLeader), e.leader))),
		card("Tell the Hero (this Turn)", e.tell),
		card("Reaction Track", e.track, e.trackInfo),
		card("Play a Reaction", e.rf.obj),
	)
	mapTab := container.NewVBox(card("The hidden Map", e.assistMap.obj, e.sector, e.mapInfo),
		card("Suggestions (Resolve: R)", button("Suggest", func() { e.Resolve() }), e.suggested, e.suggest),
		card("Legal now", e.legal))
	e.tabs = container.NewAppTabs(
		container.NewTabItem("Table", container.NewVScroll(container.NewPadded(table))),
		container.NewTabItem("Map", container.NewVScroll(container.NewPadded(mapTab))),
		container.NewTabItem("Creatures", container.NewVScroll(container.NewPadded(e.creatures))),
		container.NewTabItem("Card effects", container.NewVScroll(container.NewPadded(e.fx.obj))),
	)
	e.tableBox = container.NewStack(e.tabs)
	e.root = container.NewStack()
	e.obj = container.NewBorder(container.NewVBox(e.head, e.k.msg), nil, nil, nil, e.root)
	ctx.OnChange(func(tracker.Event) { e.Refresh() })
	e.Refresh()
	return e
}

// Object is the screen.
func (e *EnemyScreen) Object() fyne.CanvasObject { return e.obj }

// Refresh re-reads the game.
func (e *EnemyScreen) Refresh() {
	s := e.k.state()
	if !s.Started || s.Sheet == nil {
		e.head.SetText("The game is not set up yet (Play tab).")
		setBox(e.root)
		return
	}
	if s.Mode == ta.Solo {
		e.head.SetText("Solo: the app is the Evil side. " + e.k.ctx.Session.Where())
		if len(e.root.Objects) != 1 || e.root.Objects[0] != e.soloScroll {
			setBox(e.root, e.soloScroll)
		}
		e.refreshSolo(s)
		return
	}
	e.head.SetText(fmt.Sprintf("%s mode: the Evil players' table. %s", title(string(s.Mode)), e.k.ctx.Session.Where()))
	if len(e.root.Objects) != 1 || e.root.Objects[0] != e.tableBox {
		setBox(e.root, e.tableBox)
	}
	e.refreshTable(s)
}

func (e *EnemyScreen) refreshSolo(s *ta.State) {
	if canReact(s, step(s)) {
		e.evilBtn.Enable()
	} else {
		e.evilBtn.Disable()
	}
	e.evilLine.SetText(nonEmpty(lastEvil(e.k), "No decision yet this Turn."))
	if s.Outcome == "" {
		e.heroMap.set(tilesFromLabyrinth(ta.HeroView(s).Labyrinth))
		e.heroMapBox.Show()
		e.hiddenNote.Show()
		e.overrideCard.Show()
		setBox(e.reveal)
		return
	}
	// The reveal: the game is over, nothing is hidden any more.
	e.heroMapBox.Hide()
	e.hiddenNote.Hide()
	e.overrideCard.Hide()
	e.fullMap.set(tilesFromMap(s.Map))
	objs := []fyne.CanvasObject{card("The reveal: the whole Map", e.fullMap.obj)}
	_ = e.k.ctx.Session.Events(0, func(ev tracker.Event) error {
		if !e.k.ctx.Session.InEffect(ev.Seq) || !strings.HasPrefix(ev.Kind, "alone.") {
			return nil
		}
		line := ta.DescribeHidden(ev)
		if tr, ok := ta.EvilTrace(ev); ok {
			p := widgets.NewTracePanel(tr)
			head := wrap(strings.SplitN(line, "\n", 2)[0])
			head.TextStyle.Bold = true
			objs = append(objs, widget.NewCard("", "", container.NewVBox(head, p)))
		} else if line != e.k.ctx.Session.Describe(ev) {
			objs = append(objs, wrap("Hidden then: "+line))
		}
		return nil
	})
	setBox(e.reveal, objs...)
}

func (e *EnemyScreen) override() {
	var plays []ta.ReactionPlay
	switch e.ovKind.Selected {
	case "Spawn":
		plays = []ta.ReactionPlay{{Spawn: &ta.SpawnSpec{Type: alone.CreatureType(e.ovType.Selected), Sector: strings.TrimSpace(e.ovSector.Text)}}}
	case "Move":
		plays = []ta.ReactionPlay{{Move: &ta.MoveSpec{Creature: strings.TrimSpace(e.ovCreature.Text), Path: splitNames(e.ovPath.Text), Range: 1}}}
	}
	if e.k.do(ta.EvilTurn{Override: plays, Overriding: true, Reason: strings.TrimSpace(e.reason.Text)}) {
		e.reason.SetText("")
	}
}

// Resolve asks the Evil side: in solo mode the app's decision, in assist
// mode the policy's suggestion.
func (e *EnemyScreen) Resolve() bool {
	s := e.k.state()
	switch {
	case !s.Started:
		return false
	case s.Mode == ta.Solo:
		if e.k.do(ta.EvilTurn{}) {
			e.evilLine.SetText(e.k.msg.Text)
		}
		return true
	case s.Map != nil:
		dec, tr, err := ta.Suggest(s)
		if err != nil {
			e.k.refuse(err)
			return true
		}
		e.suggest.SetTrace(tr)
		var lines []string
		for _, p := range dec.Plays {
			lines = append(lines, playWords(p))
		}
		if len(lines) == 0 {
			lines = append(lines, "The policy would play nothing now.")
		}
		lines = append(lines, dec.Suggestions...)
		e.suggested.SetText(strings.Join(lines, "\n"))
		e.k.tell("Suggestion ready: nothing is recorded until a Reaction is played.")
		return true
	}
	return false
}

func playWords(p alone.Play) string {
	switch {
	case p.Kind == "spawn" && p.Spawn != nil:
		return fmt.Sprintf("%s: Spawn a %s in %s (%s)", p.Priority, p.Spawn.Type, p.Spawn.Sector, p.Said.Say)
	case p.Move != nil:
		return fmt.Sprintf("%s: move %s %s → %s with %s (%s)", p.Priority, p.Move.Creature, p.Move.From, p.Move.To, plural(p.Cards, "card", "cards"), p.Said.Say)
	}
	return p.Priority
}

func (e *EnemyScreen) setLeader() {
	s := e.k.state()
	for i, n := range s.Evil.Players {
		if n == e.leader.Selected {
			e.k.do(ta.SetLeader{Player: i})
			return
		}
	}
	e.k.refuse(fmt.Errorf("choose the Evil player who holds the Leader token"))
}

func (e *EnemyScreen) tapSector(id string) {
	s := e.k.state()
	if s.Map == nil {
		return
	}
	for _, t := range tilesFromMap(s.Map) {
		if t.ID == id {
			e.sector.SetText(describeTile(t))
		}
	}
	e.rf.spawnSector.SetText(id)
	e.rf.path.SetText(strings.TrimPrefix(e.rf.path.Text+", "+id, ", "))
	e.fx.sector.SetText(id)
}

// reactionTrack draws the Reaction Track's spaces: covered by a card, free,
// and the Danger symbols, with the one off the end.
func reactionTrack(s *ta.State) []token {
	var out []token
	covered := map[int]string{}
	i := 0
	for _, c := range s.Track {
		lab := fmt.Sprintf("T%d", c.Turn)
		if c.Spaces == 2 {
			lab += " combo"
		}
		for k := 0; k < c.Spaces; k++ {
			covered[i] = lab
			i++
		}
	}
	for sp := 0; sp < s.Sheet.ReactionSpaces; sp++ {
		danger := false
		for _, d := range s.Sheet.DangerSpaces {
			danger = danger || d == sp
		}
		switch lab, ok := covered[sp]; {
		case ok:
			out = append(out, token{Text: lab, Fill: colUsed})
		case danger:
			out = append(out, token{Text: "!", Fill: colDangerS})
		default:
			out = append(out, token{Text: strconv.Itoa(sp + 1), Fill: colUp})
		}
	}
	return append(out, token{Text: "!", Fill: colDangerS, Stroke: true})
}

func (e *EnemyScreen) refreshTable(s *ta.State) {
	var pl []string
	for i, n := range s.Evil.Players {
		h := s.Evil.Hands[i]
		lead := ""
		if i == s.Evil.Leader {
			lead = " — Leader"
		}
		pl = append(pl, fmt.Sprintf("%d. %s: %d %s + %d %s cards (hand size %d)%s", i+1, n, h[0], s.Evil.Decks[0].Name, h[1], s.Evil.Decks[1].Name, s.HandSize(), lead))
	}
	for _, d := range s.Evil.Decks {
		pl = append(pl, fmt.Sprintf("%s deck: %d to draw, %d discarded", title(d.Name), d.Draw, d.Discard))
	}
	e.players.SetText(strings.Join(pl, "\n"))
	e.leader.Options = s.Evil.Players
	e.leader.Refresh()
	e.track.set(reactionTrack(s))
	info := fmt.Sprintf("This Turn: %d of 2 Reactions. %d spaces free. A 2nd card in a Turn is a combo over 2 spaces. End of Round: %s.",
		s.T.Reactions, s.ReactionSpacesFree(), plural(s.DangerToPlace(), "Danger token", "Danger tokens"))
	if s.Map != nil && s.Map.Dangerous(s.T.ActionSector, s.Settings) {
		info += " DANGEROUS now: a Danger token is in the Hero's Sector, so both halves of a card apply."
	}
	e.trackInfo.SetText(info)
	var tell []string
	for _, h := range s.Heard {
		if h.Round == s.Round && h.Turn == s.Turn() {
			tell = append(tell, h.Say)
		}
	}
	if s.Map != nil {
		for _, c := range s.Map.Creatures {
			if c.Revealed && c.Wounded {
				tell = append(tell, fmt.Sprintf("The %s in %s is Wounded (say it whenever the Hero asks)", c.Type, c.Sector))
			}
		}
	}
	e.tell.SetText(nonEmpty(strings.Join(tell, "\n"), "Nothing to tell yet this Turn."))
	e.rf.refresh(s)
	e.refreshCreatures(s)
	e.fx.refresh(s)
	if s.Map == nil {
		e.mapInfo.SetText("Bookkeeping mode keeps no Map: the Evil players keep it behind the screen.")
		e.legal.SetText("")
		return
	}
	e.assistMap.set(tilesFromMap(s.Map))
	var lit, danger, blocked []string
	for _, sec := range s.Map.Sectors {
		if sec.Lighted {
			lit = append(lit, sec.ID)
		}
		if sec.Danger {
			danger = append(danger, sec.ID)
		}
		for _, d := range alone.Compass {
			if l, ok := sec.Exits[d]; ok && l.Blocked && sec.ID < l.To {
				blocked = append(blocked, sec.ID+"|"+l.To)
			}
		}
	}
	e.mapInfo.SetText(fmt.Sprintf("Hero in %s. Lights: %s. Danger tokens: %s. Blocked Doors: %s. Mission goals: %s.",
		s.Map.Hero, list(lit), list(danger), list(blocked), list(s.Goals)))
	var lg []string
	var sp []string
	for _, o := range ta.LegalSpawns(s, nil, 0) {
		sp = append(sp, fmt.Sprintf("%s@%s (%d)", o.Type, o.Sector, o.Distance))
	}
	lg = append(lg, "Spawns (type@Sector (distance)): "+list(sp))
	for _, c := range s.Map.Creatures {
		ms, err := ta.LegalMoves(s, c.ID, 1)
		if err != nil {
			continue
		}
		lg = append(lg, fmt.Sprintf("%s with 1 step may: %s", c.ID, list(moveWords(ms))))
	}
	lg = append(lg, "Danger tokens may go in: "+list(ta.LegalDangerSectors(s)))
	e.legal.SetText(strings.Join(lg, "\n"))
}

// moveWords names each legal move as the wizard offers it: staying, the
// Sectors entered, or a Door Unblocked without going through (§4.6 item 3).
func moveWords(ms []alone.MoveResult) []string {
	var out []string
	for _, m := range ms {
		switch {
		case m.UnblockedOnly != "" && len(m.Path) == 0:
			out = append(out, "Unblock the Door to "+m.UnblockedOnly+" and stay")
		case m.UnblockedOnly != "":
			out = append(out, strings.Join(m.Path, "→")+", then Unblock the Door to "+m.UnblockedOnly)
		case len(m.Path) == 0:
			out = append(out, "stay")
		default:
			out = append(out, "move "+strings.Join(m.Path, "→"))
		}
	}
	return out
}

func list(v []string) string {
	if len(v) == 0 {
		return "none"
	}
	return strings.Join(v, ", ")
}

// refreshCreatures lists the Creatures on the Map with both stat rows (the
// one in use marked), and the whole stats table for reference.
func (e *EnemyScreen) refreshCreatures(s *ta.State) {
	statLine := func(st alone.Stats) string {
		return fmt.Sprintf("life %d/%d · attack %d dark, %d lit · scare %d · spawn ≥ %d", st.Wound, st.Kill, st.AttackDark, st.AttackLighted, st.Scare, st.MSD)
	}
	mode := "Normal"
	if s.Nightmare {
		mode = "Nightmare"
	}
	objs := []fyne.CanvasObject{bold(fmt.Sprintf("In use now: the %s stats", mode))}
	if s.Map != nil {
		cs := append([]alone.Creature(nil), s.Map.Creatures...)
		sort.Slice(cs, func(i, j int) bool { return cs[i].ID < cs[j].ID })
		for _, c := range cs {
			n, _ := c.StatsOf(false)
			nm, _ := c.StatsOf(true)
			st := []string{c.Sector}
			if c.Wounded {
				st = append(st, "Wounded")
			}
			if c.Revealed {
				st = append(st, "Revealed")
			} else {
				st = append(st, "Unrevealed")
			}
			objs = append(objs, wrap(fmt.Sprintf("%s (%s) in %s\n  Normal: %s%s\n  Nightmare: %s%s", c.ID, c.Type, strings.Join(st, ", "),
				statLine(n), inUse(!s.Nightmare), statLine(nm), inUse(s.Nightmare))))
		}
		if len(cs) == 0 {
			objs = append(objs, widget.NewLabel("No Creatures on the Map."))
		}
		objs = append(objs, wrap(fmt.Sprintf("Level 1: %d Creatures · Level 2: %d (limit %d per Level)", s.Map.CreaturesOnLevel(1), s.Map.CreaturesOnLevel(2), s.Sheet.LevelLimit)))
	}
	objs = append(objs, bold("The Creature Stats tables"))
	for _, t := range alone.CreatureTypes {
		n, _ := alone.TypeStats(t, false)
		nm, _ := alone.TypeStats(t, true)
		objs = append(objs, wrap(fmt.Sprintf("%s\n  Normal: %s\n  Nightmare: %s", title(string(t)), statLine(n), statLine(nm))))
	}
	setBox(e.creatures, objs...)
}

func inUse(b bool) string {
	if b {
		return "  ◀ in use"
	}
	return ""
}

// reactionForm records a human Evil player's Reaction card (§4.2).
type reactionForm struct {
	k                      *kit
	obj                    fyne.CanvasObject
	player, deck           *widget.Select
	face                   *widget.RadioGroup
	trigger                *widget.Select
	instant, combo, danger *widget.Check
	cardName               *widget.Entry
	effect                 *widget.RadioGroup
	spawnType              *widget.Select
	spawnSector, msd       *widget.Entry
	creature               *widget.Select
	path, rng, unblock     *widget.Entry
	courageRoll            *widget.RadioGroup
	courage                *widget.Entry
	noise                  *widget.Select
	mapOnly                *fyne.Container
	hint                   *widget.Label
	scareComp              *widget.Check
}

func newReactionForm(k *kit) *reactionForm {
	f := &reactionForm{k: k}
	f.player, f.deck = widget.NewSelect(nil, nil), widget.NewSelect(nil, nil)
	f.face = widget.NewRadioGroup([]string{"Standard (face down)", "Allowed (face up)"}, nil)
	f.face.SetSelected("Standard (face down)")
	f.trigger = widget.NewSelect(append(actionNames(), ta.TriggerLife, ta.TriggerSC), nil)
	f.instant = widget.NewCheck("Instant (played during the Action)", nil)
	f.combo = widget.NewCheck("2 Standard cards together moving 1 Creature (combo)", nil)
	f.danger = widget.NewCheck("Dangerous (the table's call; no Map kept)", nil)
	f.cardName = entry("card name (face up)")
	f.effect = widget.NewRadioGroup([]string{"Spawn", "Move", "card text only"}, nil)
	f.effect.SetSelected("Spawn")
	f.spawnType = widget.NewSelect(creatureNames(), nil)
	f.spawnSector, f.msd = entry("Sector"), entry("card's distance change, e.g. -1")
	f.creature = widget.NewSelect(nil, nil)
	f.path, f.rng = entry("Sectors entered, in order (empty: stays)"), entry("range (card)")
	f.unblock = entry("then Unblock the Door to this Sector, without going in (1 step)")
	f.courageRoll, f.courage = newRollChoice(), entry("the Courage die at the table, if the move scares: H, S or B")
	f.noise = widget.NewSelect([]string{"", "N", "E", "S", "W", "STAIRS"}, nil)
	f.hint = wrap("")
	f.hint.Importance = widget.LowImportance
	f.scareComp = widget.NewCheck("A scare goes to the Companion (the Evil side's choice)", nil)
	f.spawnType.OnChanged = func(string) { f.showHint() }
	f.creature.OnChanged = func(string) { f.showHint() }
	f.rng.OnChanged = func(string) { f.showHint() }
	f.mapOnly = container.NewVBox(f.effect,
		field("Spawn", container.NewGridWithColumns(2, f.spawnType, f.spawnSector)), f.msd,
		field("Move", container.NewGridWithColumns(2, f.creature, f.path)), f.rng, f.unblock,
		field("Noise said from", f.noise), field("Courage die", f.courageRoll), f.courage, widgets.WrapCheck(f.scareComp), f.hint)
	f.obj = container.NewVBox(
		field("Evil player", f.player), field("Deck", f.deck), f.face,
		field("Trigger", f.trigger), f.instant, f.cardName, widgets.WrapCheck(f.combo), f.danger, f.mapOnly,
		primary("Play the Reaction", f.play))
	return f
}

func (f *reactionForm) refresh(s *ta.State) {
	f.player.Options = s.Evil.Players
	if f.player.Selected == "" && len(s.Evil.Players) > 0 {
		f.player.SetSelected(s.Evil.Players[s.Evil.Leader])
	}
	f.player.Refresh()
	f.deck.Options = []string{s.Evil.Decks[0].Name, s.Evil.Decks[1].Name}
	if f.deck.Selected == "" {
		f.deck.SetSelected(s.Evil.Decks[0].Name)
	}
	f.deck.Refresh()
	if s.Map == nil {
		f.mapOnly.Hide()
		f.danger.Show()
		return
	}
	f.mapOnly.Show()
	f.danger.Hide()
	var ids []string
	for _, c := range s.Map.Creatures {
		ids = append(ids, c.ID)
	}
	f.creature.Options = ids
	f.creature.Refresh()
	if s.Companion != nil {
		f.scareComp.Show()
	} else {
		f.scareComp.Hide()
	}
	f.showHint()
}

// showHint lists the legal Spawn Sectors of the chosen type and the legal
// destinations of the chosen Creature (A7, §4.5), the wizard of §7.5.
func (f *reactionForm) showHint() {
	s := f.k.state()
	if s.Map == nil {
		return
	}
	var lines []string
	if f.spawnType.Selected != "" {
		m, _ := number(f.msd, "", 0)
		var sp []string
		for _, o := range ta.LegalSpawns(s, []alone.CreatureType{alone.CreatureType(f.spawnType.Selected)}, m) {
			sp = append(sp, fmt.Sprintf("%s (%d)", o.Sector, o.Distance))
		}
		lines = append(lines, fmt.Sprintf("A %s may Spawn in: %s", f.spawnType.Selected, list(sp)))
	}
	if f.creature.Selected != "" {
		r, err := number(f.rng, "", 1)
		if err == nil {
			ms, err := ta.LegalMoves(s, f.creature.Selected, max(r, 1))
			if err == nil {
				lines = append(lines, fmt.Sprintf("%s may: %s", f.creature.Selected, list(moveWords(ms))))
			}
		}
	}
	f.hint.SetText(strings.Join(lines, "\n"))
}

func (f *reactionForm) play() {
	s := f.k.state()
	p := ta.ReactionPlay{Allowed: f.face.Selected == "Allowed (face up)", Instant: f.instant.Checked, Card: strings.TrimSpace(f.cardName.Text), Dangerous: f.danger.Checked}
	p.Player = -1
	for i, n := range s.Evil.Players {
		if n == f.player.Selected {
			p.Player = i
		}
	}
	if p.Player < 0 {
		f.k.refuse(fmt.Errorf("choose the Evil player who plays the card"))
		return
	}
	if f.deck.Selected == s.Evil.Decks[1].Name {
		p.Deck = 1
	}
	if p.Allowed {
		p.Trigger = f.trigger.Selected
	}
	if f.combo.Checked {
		p.Cards = 2
	}
	if s.Map != nil {
		switch f.effect.Selected {
		case "Spawn":
			m, err := number(f.msd, "distance change", 0)
			if err != nil {
				f.k.refuse(err)
				return
			}
			p.Spawn = &ta.SpawnSpec{Type: alone.CreatureType(f.spawnType.Selected), Sector: strings.TrimSpace(f.spawnSector.Text), MSDMod: m}
		case "Move":
			r, err := number(f.rng, "range", 1)
			if err != nil {
				f.k.refuse(err)
				return
			}
			p.Move = &ta.MoveSpec{Creature: f.creature.Selected, Path: splitNames(f.path.Text), Range: r, Unblock: strings.TrimSpace(f.unblock.Text)}
			cf, err := faces(f.courage.Text, "the Courage die")
			if err != nil {
				f.k.refuse(err)
				return
			}
			if len(cf) > 1 {
				f.k.refuse(fmt.Errorf("Courage rolls 1 die, not %d", len(cf)))
				return
			}
			p.Roll = rollOf(f.courageRoll)
			if len(cf) == 1 {
				p.CourageFace = cf[0]
			}
		}
		p.Noise = alone.Dir(f.noise.Selected)
		p.ScareToCompanion = f.scareComp.Checked && f.scareComp.Visible()
	}
	if f.k.do(ta.PlayReaction{ReactionPlay: p}) {
		f.path.SetText("")
		f.unblock.SetText("")
		f.courage.SetText("")
		f.combo.SetChecked(false)
		f.instant.SetChecked(false)
		f.cardName.SetText("")
	}
}

// effectsForm is the card and Mission effects on the Map (and the Map's
// correction by hand): Teleport, remove, place (a Boss from its card),
// Doors, Lights, Danger and other tokens, attack dice, Mission goals.
type effectsForm struct {
	k                *kit
	obj              fyne.CanvasObject
	sector, creature *widget.Entry
	dir              *widget.Select
	token, dice      *widget.Entry
	courageRoll      *widget.RadioGroup
	courage          *widget.Entry
	ctype            *widget.Select
	boss             *widget.Entry
	mapJSON, why     *widget.Entry
	noMap            *widget.Label
	forms            *fyne.Container
}

func newEffectsForm(k *kit) *effectsForm {
	f := &effectsForm{k: k}
	f.sector, f.creature = entry("Sector(s), comma-separated"), entry("Creature id")
	f.dir = widget.NewSelect([]string{"N", "E", "S", "W"}, nil)
	f.token, f.dice = entry("token name (Condition, Mission)"), entry("extra attack dice")
	f.courageRoll, f.courage = newRollChoice(), entry("the Courage die at the table, if a teleport scares: H, S or B")
	f.ctype = widget.NewSelect(append(creatureNames(), string(alone.Boss)), nil)
	f.boss = entry(`Boss stats from its card: {"name":"…","normal":{"wound":3,"kill":3,"attackDark":3,"attackLighted":2,"scare":2,"msd":3}}`)
	f.mapJSON = widget.NewMultiLineEntry()
	f.mapJSON.SetMinRowsVisible(4)
	f.why = entry("why the Map is corrected")
	first := func() string { return strings.TrimSpace(strings.Split(f.sector.Text, ",")[0]) }
	f.forms = container.NewVBox(
		field("Sector", f.sector), field("Creature", f.creature), field("Door side", f.dir),
		field("Type", f.ctype), f.boss, f.token, f.dice, field("Courage die", f.courageRoll), f.courage,
		widgets.NewFlow(
			button("Teleport the Creature there", f.teleport),
			button("Remove the Creature", func() { f.k.do(ta.RemoveCreature{Creature: strings.TrimSpace(f.creature.Text)}) }),
			button("Place a Creature (Mission)", f.place),
			button("+ attack dice this Turn", func() {
				n, err := number(f.dice, "attack dice", 1)
				if err != nil {
					f.k.refuse(err)
					return
				}
				f.k.do(ta.AttackBonus{Creature: strings.TrimSpace(f.creature.Text), Dice: n})
			}),
			button("Block the Door", func() { f.k.do(ta.SetDoor{Sector: first(), Dir: alone.Dir(f.dir.Selected), Blocked: true}) }),
			button("Unblock the Door", func() { f.k.do(ta.SetDoor{Sector: first(), Dir: alone.Dir(f.dir.Selected), Blocked: false}) }),
			button("Lights on", func() { f.k.do(ta.SetLight{Sectors: splitNames(f.sector.Text), On: true, Source: "Card"}) }),
			button("Lights off", func() { f.k.do(ta.SetLight{Sectors: splitNames(f.sector.Text), On: false, Source: "Card"}) }),
			button("Place a Danger token", func() { f.k.do(ta.SetDanger{Sector: first(), On: true}) }),
			button("Remove a Danger token", func() { f.k.do(ta.SetDanger{Sector: first(), On: false}) }),
			button("Put the token", func() { f.k.do(ta.SetToken{Sector: first(), Token: strings.TrimSpace(f.token.Text), On: true}) }),
			button("Take the token", func() { f.k.do(ta.SetToken{Sector: first(), Token: strings.TrimSpace(f.token.Text), On: false}) }),
			button("These are the Mission goals", func() { f.k.do(ta.SetGoals{Sectors: splitNames(f.sector.Text)}) }),
		),
		bold("Correct the Map by hand (JSON)"), f.mapJSON, f.why,
		widgets.NewFlow(button("Load the Map as it stands", f.loadMap), button("Replace the Map", f.correctMap)),
	)
	f.noMap = wrap("Bookkeeping mode keeps no Map: card effects happen at the table.")
	f.obj = container.NewVBox(f.noMap, f.forms)
	return f
}

// teleport moves a Creature by a card effect; a scare asks who rolls the
// Courage die (issue 15 item 7).
func (f *effectsForm) teleport() {
	cf, err := faces(f.courage.Text, "the Courage die")
	if err != nil || len(cf) > 1 {
		f.k.refuse(fmt.Errorf("the Courage die: enter one face, H, S or B"))
		return
	}
	c := ta.Teleport{Creature: strings.TrimSpace(f.creature.Text), Sector: strings.TrimSpace(strings.Split(f.sector.Text, ",")[0]), Roll: rollOf(f.courageRoll)}
	if len(cf) == 1 {
		c.CourageFace = cf[0]
	}
	if f.k.do(c) {
		f.courage.SetText("")
	}
}

func (f *effectsForm) refresh(s *ta.State) {
	if s.Map == nil {
		f.noMap.Show()
		f.forms.Hide()
		return
	}
	f.noMap.Hide()
	f.forms.Show()
}

func (f *effectsForm) place() {
	c := ta.PlaceCreature{Type: alone.CreatureType(f.ctype.Selected), Sector: strings.TrimSpace(strings.Split(f.sector.Text, ",")[0]), Source: "Mission"}
	if c.Type == alone.Boss {
		var b alone.BossStats
		if err := json.Unmarshal([]byte(f.boss.Text), &b); err != nil {
			f.k.refuse(fmt.Errorf("the Boss stats cannot be read: %v", err))
			return
		}
		c.Boss = &b
	}
	f.k.do(c)
}

func (f *effectsForm) loadMap() {
	s := f.k.state()
	if s.Map == nil {
		return
	}
	b, _ := json.MarshalIndent(s.Map, "", " ")
	f.mapJSON.SetText(string(b))
}

func (f *effectsForm) correctMap() {
	var m alone.Map
	if err := json.Unmarshal([]byte(f.mapJSON.Text), &m); err != nil {
		f.k.refuse(fmt.Errorf("the Map JSON cannot be read: %v", err))
		return
	}
	f.k.do(ta.CorrectMap{Map: &m, Why: strings.TrimSpace(f.why.Text)})
}
