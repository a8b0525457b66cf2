package alone

import (
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
// both Levels and every decision's explanation. In assist and bookkeeping
// modes it is the human Evil players' table: hands, the Leader, the
// Reaction Track and its limit per Turn, the Reactions they play, and in
// assist mode the hidden Map with its Creatures, lights, Danger tokens and
// Doors, the suggestions and the legal Spawns, moves and Danger Sectors.
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
	reason       *widgets.TextEntry
	ovKind       *chips
	ovType       *chips
	ovSector     *sectorPick
	ovCreature   *creaturePick
	ovTo         *sectorPick
	ovSpawn      fyne.CanvasObject
	ovMove       fyne.CanvasObject
	heroMap      *MapPanel
	heroMapBox   fyne.CanvasObject
	overrideCard *widget.Card
	hiddenNote   *widget.Label
	reveal       *fyne.Container
	fullMap      *MapPanel

	// Assist and bookkeeping.
	tableBox  *fyne.Container
	players   *widget.Label
	leader    *chips
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
	e.evilBtn = primary("The Evil side reacts", func() { e.Resolve() })
	e.evilLine = wrap("")
	e.reason = entry("why the table overrides the app (needed)")
	e.ovType = newChips(titles(creatureNames()), nil)
	e.ovSector, e.ovCreature, e.ovTo = newSectorPick(), newCreaturePick(), newSectorPick()
	e.ovSpawn = container.NewVBox(bold("Spawn"), e.ovType.obj, e.ovSector.sel)
	e.ovMove = container.NewVBox(bold("Move"), e.ovCreature.sel, labelled("into", e.ovTo.sel))
	e.ovKind = newChips([]string{"Play nothing", "Spawn", "Move"}, func(string) { e.syncOverride() })
	e.ovKind.SetSelected("Play nothing")
	e.ovCreature.sel.OnChanged = func(string) { e.refreshOverrideMoves() }
	e.heroMap = newMapPanel()
	e.heroMapBox = card("What the Hero sees", e.heroMap.obj)
	e.hiddenNote = wrap(hiddenWhy)
	e.hiddenNote.Importance = widget.LowImportance
	e.reveal = container.NewVBox()
	e.fullMap = newMapPanel()
	e.overrideCard = card("Override the Evil side's decision", e.reason, e.ovKind.obj, e.ovSpawn, e.ovMove, button("Override", e.override))
	e.soloBox = container.NewVBox(
		card("The app plays Evil", e.evilBtn, e.evilLine, e.hiddenNote),
		e.overrideCard,
		e.heroMapBox,
		e.reveal,
	)
	e.soloScroll = container.NewVScroll(container.NewPadded(e.soloBox))
	// The Evil players' table.
	e.players = wrap("")
	e.leader = newChips(nil, func(string) { e.setLeader() })
	e.track = newTokenRow(44)
	e.trackInfo = wrap("")
	e.tell = wrap("")
	e.suggest = widgets.NewTracePanel(automa.Trace{})
	e.suggested = wrap("")
	e.legal = wrap("")
	e.creatures = container.NewVBox()
	e.mapInfo = wrap("")
	e.assistMap = newMapPanel()
	e.sector = wrap("Tap a Sector to see it and choose it in the forms.")
	e.assistMap.onTap(e.tapSector)
	e.rf = newReactionForm(e.k)
	e.fx = newEffectsForm(e.k)
	table := container.NewVBox(
		card("Evil players", e.players, bold("The Leader token is with"), e.leader.obj),
		card("Tell the Hero (this Turn)", e.tell),
		card("Reaction Track", e.track, e.trackInfo),
		card("Play a Reaction", e.rf.obj),
	)
	mapTab := container.NewVBox(card("The hidden Map", e.assistMap.obj, e.sector, e.mapInfo),
		card("Suggestions", button("Suggest a play", func() { e.Resolve() }), e.suggested, e.suggest),
		card("Legal now", e.legal))
	e.tabs = container.NewAppTabs(
		container.NewTabItem("Table", container.NewVScroll(container.NewPadded(table))),
		container.NewTabItem("Map", container.NewVScroll(container.NewPadded(mapTab))),
		container.NewTabItem("Creatures", container.NewVScroll(container.NewPadded(e.creatures))),
		container.NewTabItem("Card effects", container.NewVScroll(container.NewPadded(e.fx.obj))),
	)
	e.tableBox = container.NewStack(e.tabs)
	e.root = container.NewStack()
	e.obj = container.NewBorder(e.head, nil, nil, nil, e.root)
	e.syncOverride()
	ctx.OnChange(func(tracker.Event) { e.Refresh() })
	e.Refresh()
	return e
}

// hiddenWhy says why the app's Evil decisions are not explained while the
// game is played in solo mode.
const hiddenWhy = "The explanation of each decision names Sectors and Creatures the Hero may not know, so it opens — with the whole Map — when the game ends."

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
	e.head.SetText(fmt.Sprintf("%s: the Evil players' table. %s", title(modeWords(s.Mode)), e.k.ctx.Session.Where()))
	if len(e.root.Objects) != 1 || e.root.Objects[0] != e.tableBox {
		setBox(e.root, e.tableBox)
	}
	e.refreshTable(s)
}

func (e *EnemyScreen) syncOverride() {
	e.ovSpawn.Hide()
	e.ovMove.Hide()
	switch e.ovKind.Selected {
	case "Spawn":
		e.ovSpawn.Show()
	case "Move":
		e.ovMove.Show()
	}
}

func (e *EnemyScreen) refreshSolo(s *ta.State) {
	enable(e.evilBtn, canReact(s, step(s)))
	e.evilLine.SetText(nonEmpty(lastEvil(e.k), "No decision yet this Turn."))
	if s.Outcome == "" {
		// The override names Sectors by their squares only: the Hero
		// overrides what the app said, without learning the hidden Map.
		e.ovSector.set(s.Map, s.Map.SectorIDs(), func(id string) string { return squareWords(s.Map.Sector(id)) })
		e.ovCreature.set(s.Map, true)
		e.refreshOverrideMoves()
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
			p := widgets.NewTracePanel(traceWords(tr, s.Map))
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

// squareWords is a Sector by its Level and square only, without the Room's
// name the Hero may not have seen.
func squareWords(s *alone.Sector) string {
	if s == nil {
		return ""
	}
	if x, y, ok := ta.GridPos(s.ID); ok {
		return fmt.Sprintf("Level %d, %c%d", s.Level, 'A'+x, y+1)
	}
	return fmt.Sprintf("Level %d, %s", s.Level, s.ID)
}

func (e *EnemyScreen) refreshOverrideMoves() {
	s := e.k.state()
	if s.Map == nil {
		return
	}
	var to []string
	if id := e.ovCreature.id(); id != "" {
		if c := s.Map.Creature(id); c != nil {
			to = append(to, c.Sector)
			for _, d := range []alone.Dir{alone.North, alone.East, alone.South, alone.West, alone.Stairs} {
				if l, ok := s.Map.Sector(c.Sector).Exits[d]; ok {
					to = append(to, l.To)
				}
			}
		}
	}
	e.ovTo.set(s.Map, to, func(id string) string { return squareWords(s.Map.Sector(id)) })
}

func (e *EnemyScreen) override() {
	s := e.k.state()
	var plays []ta.ReactionPlay
	switch e.ovKind.Selected {
	case "Spawn":
		plays = []ta.ReactionPlay{{Spawn: &ta.SpawnSpec{Type: alone.CreatureType(strings.ToLower(e.ovType.Selected)), Sector: e.ovSector.id()}}}
	case "Move":
		mv := &ta.MoveSpec{Creature: e.ovCreature.id(), Range: 1}
		if to := e.ovTo.id(); to != "" && s.Map != nil && s.Map.Creature(mv.Creature) != nil && s.Map.Creature(mv.Creature).Sector != to {
			mv.Path = []string{to}
		}
		plays = []ta.ReactionPlay{{Move: mv}}
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
		if e.k.do(evilTurnCommand()) {
			e.evilLine.SetText(e.k.said)
		}
		return true
	case s.Map != nil:
		dec, tr, err := ta.Suggest(s)
		if err != nil {
			e.k.refuse(err)
			return true
		}
		e.suggest.SetTrace(traceWords(tr, s.Map))
		var lines []string
		for _, p := range dec.Plays {
			lines = append(lines, playWords(s.Map, p))
		}
		if len(lines) == 0 {
			lines = append(lines, "The app would play nothing now.")
		}
		e.suggested.SetText(strings.Join(lines, "\n"))
		e.k.tell("Suggestion ready: nothing is recorded until a Reaction is played.")
		return true
	}
	return false
}

// playWords is a suggested play in the Evil players' words.
func playWords(m *alone.Map, p alone.Play) string {
	cards := plural(p.Cards, "card", "cards")
	switch {
	case p.Kind == "spawn" && p.Spawn != nil:
		return fmt.Sprintf("Spawn a %s in %s (%s; %s)", title(string(p.Spawn.Type)), ta.SectorLabel(m.Sector(p.Spawn.Sector)), cards, nonEmpty(p.Said.Say, "no Noise heard"))
	case p.Move != nil:
		c := m.Creature(p.Move.Creature)
		who := p.Move.Creature
		if c != nil {
			who = creatureWord(c)
		}
		face := ""
		if p.Kind == "card" && p.Card != nil {
			face = fmt.Sprintf("Play “%s” face up: ", nonEmpty(p.Card.Name, p.Card.ID))
		}
		if p.Move.UnblockedOnly != "" {
			return fmt.Sprintf("%sthe %s in %s Unblocks the Door to %s and stays (%s; %s)", face, who, ta.SectorLabel(m.Sector(p.Move.To)),
				ta.SectorLabel(m.Sector(p.Move.UnblockedOnly)), cards, nonEmpty(p.Said.Say, "no Noise heard"))
		}
		return fmt.Sprintf("%sMove the %s from %s to %s (%s; %s)", face, who, ta.SectorLabel(m.Sector(p.Move.From)), ta.SectorLabel(m.Sector(p.Move.To)), cards, nonEmpty(p.Said.Say, "no Noise heard"))
	case p.Kind == "card" && p.Card != nil:
		return fmt.Sprintf("Play “%s” face up (its trigger happened this Turn)", nonEmpty(p.Card.Name, p.Card.ID))
	}
	return "Play nothing"
}

func (e *EnemyScreen) setLeader() {
	s := e.k.state()
	for i, n := range s.Evil.Players {
		if n == e.leader.Selected && i != s.Evil.Leader {
			e.k.do(setLeader(i))
			return
		}
	}
}

// setLeader gives Evil player i (from 0) the Leader token.
func setLeader(i int) tracker.Command { return ta.SetLeader{Player: i} }

// evilHandWords are Evil player i's place, name and hand, and whether
// they hold the Leader token.
func evilHandWords(s *ta.State, i int) string {
	h := s.Evil.Hands[i]
	lead := ""
	if i == s.Evil.Leader {
		lead = " — Leader"
	}
	return fmt.Sprintf("%d. %s: %s and %s (hand of %d)%s", i+1, s.Evil.Players[i],
		plural(h[0], title(s.Evil.Decks[0].Name)+" card", title(s.Evil.Decks[0].Name)+" cards"),
		plural(h[1], title(s.Evil.Decks[1].Name)+" card", title(s.Evil.Decks[1].Name)+" cards"), s.HandSize(), lead)
}

func (e *EnemyScreen) tapSector(id string) {
	s := e.k.state()
	if s.Map == nil {
		return
	}
	for _, t := range tilesFromMap(s.Map) {
		if t.ID == id {
			e.sector.SetText(tileWords(s.Map, t))
		}
	}
	e.rf.tapSector(id)
	e.fx.sector.choose(id)
}

// tileWords is what a Sector holds, in words.
func tileWords(m *alone.Map, t tile) string {
	p := []string{ta.SectorLabel(m.Sector(t.ID))}
	if t.Hero {
		p = append(p, "the Hero is here")
	}
	if !t.Revealed {
		p = append(p, "Unrevealed")
	}
	if t.Lighted {
		p = append(p, "Lighted")
	}
	if t.Danger {
		p = append(p, "a Danger token")
	}
	if t.LCU {
		p = append(p, "an LCU")
	}
	if t.Stairs != "" {
		p = append(p, t.Stairs+" Stairs")
	}
	for _, d := range alone.Compass {
		if x, ok := t.Exits[d]; ok && x.Blocked {
			p = append(p, "the Door to the "+strings.ToLower(compassWords[d])+" is Blocked")
		}
	}
	for _, c := range m.CreaturesIn(t.ID) {
		p = append(p, creatureWords(m, c))
	}
	p = append(p, t.Tokens...)
	return strings.Join(p, " · ")
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
	for i := range s.Evil.Players {
		pl = append(pl, evilHandWords(s, i))
	}
	for _, d := range s.Evil.Decks {
		pl = append(pl, fmt.Sprintf("%s deck: %s to draw, %s", title(d.Name), plural(d.Draw, "card", "cards"), plural(d.Discard, "card", "cards")+" discarded"))
	}
	e.players.SetText(strings.Join(pl, "\n"))
	if len(e.leader.options) != len(s.Evil.Players) {
		e.leader.setOptions(s.Evil.Players)
	}
	if s.Evil.Leader < len(s.Evil.Players) {
		e.leader.SetSelected(s.Evil.Players[s.Evil.Leader])
	}
	e.track.set(reactionTrack(s))
	info := fmt.Sprintf("This Turn: %s of 2. %s free. A second card in a Turn is a combo over 2 spaces. End of Round: %s.",
		plural(s.T.Reactions, "Reaction", "Reactions"), plural(s.ReactionSpacesFree(), "space", "spaces"), plural(s.DangerToPlace(), "Danger token", "Danger tokens"))
	if s.Map != nil && s.Map.Dangerous(s.T.ActionSector, s.Settings) {
		info += " Dangerous now: a Danger token is in the Hero's Sector, so both halves of a card apply."
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
				tell = append(tell, fmt.Sprintf("The %s in %s is Wounded (say it whenever the Hero asks)", c.Type, ta.SectorLabel(s.Map.Sector(c.Sector))))
			}
		}
	}
	e.tell.SetText(nonEmpty(strings.Join(tell, "\n"), "Nothing to tell yet this Turn."))
	e.rf.refresh(s)
	e.refreshCreatures(s)
	e.fx.refresh(s)
	if s.Map == nil {
		e.mapInfo.SetText("The Evil players keep the Map behind their screen: the app keeps none in this mode.")
		e.legal.SetText("")
		return
	}
	e.assistMap.set(tilesFromMap(s.Map))
	label := func(id string) string { return ta.SectorLabel(s.Map.Sector(id)) }
	var lit, danger, blocked, goals []string
	for _, sec := range s.Map.Sectors {
		if sec.Lighted {
			lit = append(lit, label(sec.ID))
		}
		if sec.Danger {
			danger = append(danger, label(sec.ID))
		}
		for _, d := range alone.Compass {
			if l, ok := sec.Exits[d]; ok && l.Blocked && sec.ID < l.To {
				blocked = append(blocked, label(sec.ID)+" to "+label(l.To))
			}
		}
	}
	for _, g := range s.Goals {
		goals = append(goals, label(g))
	}
	e.mapInfo.SetText(fmt.Sprintf("The Hero is in %s.\nLights: %s.\nDanger tokens: %s.\nBlocked Doors: %s.\nWhere the Missions send the Hero: %s.",
		label(s.Map.Hero), list(lit), list(danger), list(blocked), list(goals)))
	var lg []string
	var sp []string
	for _, o := range ta.LegalSpawns(s, nil, 0) {
		sp = append(sp, fmt.Sprintf("a %s in %s (%d away)", title(string(o.Type)), label(o.Sector), o.Distance))
	}
	lg = append(lg, "Spawns: "+list(sp))
	for i := range s.Map.Creatures {
		c := &s.Map.Creatures[i]
		ms, err := ta.LegalMoves(s, c.ID, 1)
		if err != nil {
			continue
		}
		var to []string
		for _, m := range ms {
			to = append(to, label(m.To))
		}
		lg = append(lg, fmt.Sprintf("The %s may move 1 Sector to: %s", creatureWords(s.Map, c), list(to)))
	}
	var ds []string
	for _, id := range ta.LegalDangerSectors(s) {
		ds = append(ds, label(id))
	}
	lg = append(lg, "Danger tokens may go in: "+list(ds))
	e.legal.SetText(strings.Join(lg, "\n"))
}

// scavengedRooms are the Rooms of the 3-card Scavenge as the screens and
// the diary name Sectors ("Level 1, B2 (Pump Hall)"); without a Map, the
// Room names the table gave.
func scavengedRooms(s *ta.State) []string {
	out := make([]string, len(s.ScavengedRooms))
	for i, id := range s.ScavengedRooms {
		out[i] = id
		if s.Map != nil {
			if sec := s.Map.Sector(id); sec != nil {
				out[i] = ta.SectorLabel(sec)
			}
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
		return fmt.Sprintf("%d to Wound, %d more to Kill · attack %d dice in the Dark, %d in Light · scare %d · Spawns at least %d away",
			st.Wound, st.Kill, st.AttackDark, st.AttackLighted, st.Scare, st.MSD)
	}
	mode := "regular"
	if s.Nightmare {
		mode = "Nightmare"
	}
	objs := []fyne.CanvasObject{bold(fmt.Sprintf("In use now: the %s stats", mode))}
	if s.Map != nil {
		cs := append([]alone.Creature(nil), s.Map.Creatures...)
		sort.Slice(cs, func(i, j int) bool { return cs[i].ID < cs[j].ID })
		for i := range cs {
			c := &cs[i]
			n, _ := c.StatsOf(false)
			nm, _ := c.StatsOf(true)
			st := []string{}
			if c.Wounded {
				st = append(st, "Wounded")
			}
			if c.Revealed {
				st = append(st, "Revealed")
			} else {
				st = append(st, "Unrevealed")
			}
			objs = append(objs, wrap(fmt.Sprintf("The %s (%s)\n  Regular: %s%s\n  Nightmare: %s%s", creatureWords(s.Map, c), strings.Join(st, ", "),
				statLine(n), inUse(!s.Nightmare), statLine(nm), inUse(s.Nightmare))))
		}
		if len(cs) == 0 {
			objs = append(objs, widget.NewLabel("No Creatures on the Map."))
		}
		objs = append(objs, wrap(fmt.Sprintf("Level 1: %s · Level 2: %s (at most %d a Level)", plural(s.Map.CreaturesOnLevel(1), "Creature", "Creatures"),
			plural(s.Map.CreaturesOnLevel(2), "Creature", "Creatures"), s.Sheet.LevelLimit)))
	}
	objs = append(objs, bold("The Creature Stats tables (Evil Compendium)"))
	for _, t := range alone.CreatureTypes {
		n, _ := alone.TypeStats(t, false)
		nm, _ := alone.TypeStats(t, true)
		objs = append(objs, wrap(fmt.Sprintf("%s\n  Regular: %s\n  Nightmare: %s", title(string(t)), statLine(n), statLine(nm))))
	}
	setBox(e.creatures, objs...)
}

func inUse(b bool) string {
	if b {
		return "  ◀ in use"
	}
	return ""
}
