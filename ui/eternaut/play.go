package eternaut

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// wideFrom is the width from which the Play and Enemy tabs put their two
// panels side by side (a landscape tablet); narrower, they stack.
const wideFrom = 1000

// PlayScreen is the Play tab: the campaign's roster while it has none,
// the next scenario's setup between scenarios, the live scenario while one
// is played, the end-of-scenario wizard, and the campaign's end.
type PlayScreen struct {
	kit
	root   *fyne.Container
	scroll *container.Scroll

	newForm       *campaignForm
	startCampaign *widget.Button
	setup         *scenarioSetup
	wiz           *wizard

	// The live scenario's sub-tabs keep their place across refreshes.
	tabs *container.AppTabs
	// turnBox is the turn and its step buttons; tableBox what the last
	// action asks for, the last end of round, the Timer and the end of the
	// scenario; boardsBox the Characters' boards; tableBoxFig the other
	// figures and cards; paraBx the paragraph helper.
	turnBox, tableBox, boardsBox, tableBoxFig, paraBx *fyne.Container
	para                                              *paragraphHelper
	// table lays the Table sub-tab out for the width it has; info is the
	// turn's facts, apart from its buttons in portrait (nil when wide).
	table *tableLayout
	info  fyne.CanvasObject

	// Track is the Timer track as drawn now.
	Track *widgets.Track
	// Cards are the Character cards as drawn now, by ID.
	Cards map[string]*charCard
	// NextBtn, ExchangeBtn and EndTurnBtn drive the turn; EndScenario
	// (held) ends the scenario when the story says so.
	NextBtn, ExchangeBtn, EndTurnBtn *widget.Button
	EndScenario                      *widgets.HoldButton

	// step is the turn step the players are on (0 draw, 1 exchange, 2
	// play a card); stepTurn is the turn it belongs to.
	step, stepTurn int
	// results is the last end of round, shown until the next one.
	results    *roundResult
	resultsSeq uint64

	lastPhase string
}

// NewPlayScreen builds the Play tab for an open campaign.
func NewPlayScreen(ctx *shell.Context) *PlayScreen {
	p := &PlayScreen{kit: newKit(ctx), root: container.NewStack(), scroll: container.NewVScroll(nil)}
	ctx.OnChange(func(tracker.Event) { p.Refresh() })
	p.Refresh()
	return p
}

// Object is the tab's content.
func (p *PlayScreen) Object() fyne.CanvasObject { return p.root }

func scrolled(obj fyne.CanvasObject) *container.Scroll {
	return container.NewVScroll(container.NewPadded(obj))
}

// Refresh redraws the tab from the campaign as it stands.
func (p *PlayScreen) Refresh() {
	s := p.state()
	var content fyne.CanvasObject
	phase := s.Phase
	if !s.Started {
		phase = "new"
	}
	var page fyne.CanvasObject
	switch phase {
	case "new":
		page = p.newCampaignView()
	case et.PhaseBetween:
		page = p.setupView(s)
	case et.PhasePlaying:
		content = p.liveView(s)
	case et.PhaseEnding:
		page = p.wizardView(s)
	case et.PhaseFinished, et.PhaseLost:
		page = p.finaleView(s)
	}
	if phase != p.lastPhase {
		p.lastPhase = phase
		p.scroll.Offset = fyne.Position{}
	}
	if page != nil {
		p.scroll.Content = container.NewPadded(page)
		p.scroll.Refresh()
		content = p.scroll
	}
	if len(p.root.Objects) == 1 && p.root.Objects[0] == content {
		content.Refresh()
		return
	}
	p.root.Objects = []fyne.CanvasObject{content}
	p.root.Refresh()
}

// liveView is the scenario on the table, in three sub-tabs. On the first,
// the turn's buttons never scroll away: on a landscape tablet the turn and
// the Timer sit beside the Characters' boards, each scrolling on its own;
// in portrait the turn stays at the top and the rest scrolls under it.
func (p *PlayScreen) liveView(s *et.State) fyne.CanvasObject {
	if p.tabs == nil {
		p.turnBox, p.tableBox, p.boardsBox = container.NewVBox(), container.NewVBox(), container.NewVBox()
		p.tableBoxFig, p.paraBx = container.NewVBox(), container.NewVBox()
		p.para = newParagraphHelper(&p.kit)
		p.table = newTableLayout(p.turnBox, p.tableBox, p.boardsBox)
		p.table.onChange = p.Refresh
		p.tabs = container.NewAppTabs(
			container.NewTabItemWithIcon("Table", theme.GridIcon(), p.table.obj),
			container.NewTabItemWithIcon("Figures & cards", theme.AccountIcon(), scrolled(p.tableBoxFig)),
			container.NewTabItemWithIcon("Paragraphs", theme.SearchIcon(), scrolled(p.paraBx)),
		)
	}
	p.turnBox.Objects = p.turnObjects(s)
	p.tableBox.Objects = p.tableObjects(s)
	p.boardsBox.Objects = p.boardObjects(s)
	p.tableBoxFig.Objects = p.figureObjects(s)
	p.paraBx.Objects = []fyne.CanvasObject{p.para.object(s)}
	p.turnBox.Refresh()
	p.tableBox.Refresh()
	p.boardsBox.Refresh()
	p.tableBoxFig.Refresh()
	p.paraBx.Refresh()
	return p.tabs
}

// turnObjects are the turn and its steps, after a loss waiting for a
// reinforcement.
func (p *PlayScreen) turnObjects(s *et.State) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	if s.Scenario.LossPending {
		l := wrap("The campaign is lost unless a reinforcement comes in: " + lossWords(s.LossReason) + ". Bring one in on a fallen Character's board, or confirm the loss (Rulebook p.37).")
		l.Importance = widget.DangerImportance
		lost := p.holdButton("Hold: no reinforcement, the campaign is lost", func() tracker.Command { return et.ConfirmLoss{} })
		out = append(out, card("", "", container.NewVBox(l, lost)))
	}
	return append(out, p.turnCard(s))
}

// tableObjects are the rest of the turn's panel: what the last action
// asks for, the last end of round, the Timer track, and apart at the
// bottom the end of the scenario.
func (p *PlayScreen) tableObjects(s *et.State) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	if p.info != nil {
		out = append(out, p.info)
	}
	// The end-of-round card already lists what its event asks for.
	if len(s.Reminders) > 0 && !(p.results != nil && p.resultsSeq == p.ctx.Session.LastSeq()) {
		out = append(out, p.remindersCard(s))
	}
	if p.results != nil {
		out = append(out, p.resultsCard(s))
	}
	out = append(out, p.timerCard(s), p.endScenarioCard())
	return out
}

// remindersCard lists what the last action asks the players to do, with a
// button to mark each paragraph read.
func (p *PlayScreen) remindersCard(s *et.State) fyne.CanvasObject {
	box := container.NewVBox()
	for _, r := range s.Reminders {
		l := wrap("• " + r)
		l.Importance = widget.WarningImportance
		key, ok := strings.CutPrefix(r, "Read paragraph ")
		if !ok || strings.Contains(key, ";") {
			box.Add(l)
			continue
		}
		key, _, _ = strings.Cut(key, " in Storybook")
		k := key
		b := p.act(boolWord(paragraphRead(s, k), "Read ✓", "Mark read"), func() tracker.Command { return et.ReadParagraph{Key: k} })
		box.Add(container.NewBorder(nil, nil, nil, b, l))
	}
	return card("", "", box)
}

// boardObjects are the Characters' boards, in board order, then the
// Characters in play without one, then the Drop piles.
func (p *PlayScreen) boardObjects(s *et.State) []fyne.CanvasObject {
	sc := s.Scenario
	var cards []fyne.CanvasObject
	p.Cards = map[string]*charCard{}
	for _, c := range boardOrder(s) {
		cc := p.charCard(s, c)
		p.Cards[c.ID] = cc
		cards = append(cards, cc.obj)
	}
	out := []fyne.CanvasObject{columns(300, cards...)}
	if len(sc.DropPiles) > 0 {
		out = append(out, p.dropCard(s))
	}
	return out
}

// boardOrder are the Characters on the table as the Play tab lays their
// boards out: in board order, then those in play without one.
func boardOrder(st *et.State) []*et.Character {
	var out []*et.Character
	seen := map[string]bool{}
	for _, id := range st.Scenario.Boards {
		if c := st.Char(id); c != nil && !seen[id] {
			seen[id] = true
			out = append(out, c)
		}
	}
	for _, c := range st.InPlay() {
		if !seen[c.ID] {
			seen[c.ID] = true
			out = append(out, c)
		}
	}
	return out
}

// endScenarioCard ends the scenario when a paragraph or card says so: a
// game-ending action, away from the turn's buttons and held to confirm.
func (p *PlayScreen) endScenarioCard() fyne.CanvasObject {
	p.EndScenario = p.holdButton("Hold: the story ends the scenario", func() tracker.Command { return et.EndScenario{} })
	return card("The end of the scenario", "Only when a paragraph or a card says the scenario is over; then the end-of-scenario steps begin. Undo takes it back.", p.EndScenario)
}

// turnSteps are the steps of a player's turn (Rulebook p.7).
var turnSteps = []string{"draw", "exchange cards if you want", "play an Action card on a board", "end the turn"}

func (p *PlayScreen) currentStep(sc *et.Scenario) int {
	if sc.Turn != p.stepTurn {
		p.step, p.stepTurn = 0, sc.Turn
	}
	if sc.CardPlayed {
		return 3
	}
	if sc.Exchanged && p.step < 2 {
		p.step = 2
	}
	return p.step
}

// Next advances the turn step (the Next shortcut and button): draw →
// exchange → play a card → end the turn. It reports whether it did
// something.
func (p *PlayScreen) Next() bool {
	s := p.state()
	if s.Phase != et.PhasePlaying || s.Scenario == nil {
		return false
	}
	switch p.currentStep(s.Scenario) {
	case 0, 1:
		p.step++
		p.Refresh()
	case 2:
		p.refuse(p.NextBtn, "Step 3: tap “Play card here” on the board the Action card goes on")
	case 3:
		p.endTurn()
	}
	return true
}

func (p *PlayScreen) turnCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	cur := p.currentStep(sc)
	head := heading(turnHeading(sc))
	maxCount, who := 0, ""
	for _, c := range living(s) {
		if c.BoardCount() > maxCount {
			maxCount, who = c.BoardCount(), c.Name
		}
	}
	facts := []string{fmt.Sprintf("First Player %d", sc.FirstPlayer),
		fmt.Sprintf("draw up to %d cards", et.DrawTo(s.Players)),
		fmt.Sprintf("fullest board %d of %d", maxCount, et.EndRoundThreshold)}
	if sc.CubesActive {
		facts = append(facts, fmt.Sprintf("cubes on %s %d of %d", cubeTarget(sc), sc.CubesOnTarget, et.CubesForActivation))
	}
	// box is the turn's heading, step and buttons; info what else the
	// turn says. In portrait the box stays fixed at the top and the info
	// scrolls under it (infoCard), so the buttons keep their room.
	box := container.NewVBox(head)
	info := container.NewVBox(wrap(sentence(strings.Join(facts, " · "))))
	if n := practiceNote(p.ctx); n != "" {
		info.Add(note(n))
	}
	// The enemy side's decisions are one tap away, on the Enemy tab.
	var aliens []string
	for _, m := range sc.Aliens {
		if m.OnMap > 0 {
			aliens = append(aliens, fmt.Sprintf("%s %d", m.Race, m.OnMap))
		}
	}
	if len(aliens) > 0 {
		info.Add(wrap("Aliens on the map: " + strings.Join(aliens, ", ") + ". Their activation order, and why: the Enemy tab."))
	}
	step := bold(fmt.Sprintf("Step %d of %d: %s", cur+1, len(turnSteps), turnSteps[cur]))
	step.Importance = widget.HighImportance
	box.Add(step)
	p.NextBtn = iconBtn("Next step", theme.NavigateNextIcon(), func() { p.Next() })
	p.NextBtn.IconPlacement = widget.ButtonIconTrailingText
	p.ExchangeBtn = btn("Exchange cards…", p.exchangeForm)
	p.EndTurnBtn = primary(iconBtn("End turn", theme.MediaSkipNextIcon(), p.endTurn))
	// A button that cannot work yet is disabled, and says why under the
	// row.
	var why []string
	switch {
	case sc.Exchanged:
		p.ExchangeBtn.Disable()
		why = append(why, "Exchange: done this turn.")
	case sc.CardPlayed:
		p.ExchangeBtn.Disable()
		why = append(why, "Exchange: only before the Action card is played.")
	}
	if !sc.CardPlayed {
		p.EndTurnBtn.Disable()
		why = append(why, endTurnWhy)
	}
	box.Add(flow(p.NextBtn, p.ExchangeBtn, p.EndTurnBtn))
	// What the card played brings is said under the buttons, so they
	// never move between the card and End turn.
	if et.EndOfRoundDue(s) {
		due := wrap(fmt.Sprintf("%s's board holds %d cards: the round ends when this turn ends.", who, maxCount))
		due.Importance = widget.WarningImportance
		box.Add(due)
	}
	if len(why) > 0 {
		box.Add(note(strings.Join(why, " ")))
	}
	if sc.Turn == 1 && !sc.CardPlayed && !sc.Exchanged {
		// Before the first turn the counter can still be handed out (in C
		// at setup part 2, Rulebook p.6).
		var opts []string
		for i := 1; i <= s.Players; i++ {
			opts = append(opts, "Player "+strconv.Itoa(i))
		}
		first := widget.NewSelect(opts, nil)
		first.SetSelectedIndex(sc.FirstPlayer - 1)
		first.OnChanged = func(string) {
			if n := first.SelectedIndex() + 1; n != p.state().Scenario.FirstPlayer {
				p.doFrom(first, et.SetFirstPlayer{Player: n})
			}
		}
		// One line: a wrapping label beside the choice would be drawn a
		// letter per line.
		label := widget.NewLabelWithStyle("First Player", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		info.Add(container.NewBorder(nil, nil, label, nil, first))
	}
	if p.table != nil && !p.table.Wide() {
		p.info = card("", "", info)
		return card("", "", box)
	}
	p.info = nil
	box.Add(info)
	return card("", "", box)
}

// endTurnWhy and playedWhy say why End turn, and Play card here, wait.
const (
	endTurnWhy = "End turn: play an Action card on a board first."
	playedWhy  = "This turn's card is played: End turn next."
)

// turnHeading is whose turn it is, in which round.
func turnHeading(sc *et.Scenario) string {
	return fmt.Sprintf("Round %d · Player %d's turn", sc.Round(), sc.Active)
}

// cubeTarget is where the Consumed cubes go in this scenario.
func cubeTarget(sc *et.Scenario) string {
	if et.Letter(sc.Key) == "B" {
		return "the Survivors' Rule card"
	}
	return "the Alien board"
}

// playCard puts the turn's Action card on a Character's board; on a Mad
// Character's, the card is the one drawn at random from the hand.
func (p *PlayScreen) playCard(src fyne.CanvasObject, id string) {
	s := p.state()
	c := s.Char(id)
	if c != nil && c.Penalties.Madness {
		name := textEntry("the card's name (optional)", "")
		p.cmdForm("Play on "+c.Name+", who is Mad", "Play", []*widget.FormItem{
			widget.NewFormItem("", note("The card must be the one drawn at random from the hand (“Random card” under More on the card).")),
			widget.NewFormItem("Card", name)}, func() (tracker.Command, error) { return playCardCommand(id, name.Text), nil })
		return
	}
	p.doFrom(src, playCardCommand(id, ""))
}

// playCardCommand is the turn's Action card put on Character id's board
// (card: its name, told for a Mad Character's random card; "" none).
func playCardCommand(id, card string) tracker.Command { return et.PlayCard{Char: id, Card: card} }

func (p *PlayScreen) exchangeForm() {
	// Rulebook p.7: the Fatigue goes on an empty card slot; a full board
	// (4 or more cards) is offered only when no board has one (§5.1 T2).
	free, none := et.FatigueBoards(p.state())
	why := "Only a board with an empty card slot (fewer than 4 cards) takes the Fatigue card."
	if none {
		why = "No board has an empty card slot: the Fatigue card goes on a full one anyway."
	}
	board := widget.NewSelect(options(free), nil)
	item := widget.NewFormItem("Fatigue goes on", board)
	item.HintText = why
	p.cmdForm("Exchange: draw 5, discard 5", "Exchange", []*widget.FormItem{item}, func() (tracker.Command, error) {
		if board.Selected == "" {
			return nil, need("Fatigue goes on", "choose the board the Fatigue card goes on")
		}
		return et.ExchangeCards{Fatigue: idOf(p.state(), board.Selected)}, nil
	})
}

// correctScenarioForm sets a scenario value by hand ("the table is the
// source of truth"); no Event counter is read for a Timer set this way.
func (p *PlayScreen) correctScenarioForm() {
	s := p.state()
	sc := s.Scenario
	type value struct {
		field, words string
		lo, hi, now  int
	}
	values := []value{
		{"active", "The player whose turn it is", 1, s.Players, sc.Active},
		{"firstPlayer", "The First Player", 1, s.Players, sc.FirstPlayer},
		{"timer", "The Timer's space", 1, s.Settings.TimerMax, sc.Timer},
		{"timerStart", "The Timer's starting space", 1, s.Settings.TimerMax, sc.TimerStart},
		{"snowflakes", "Snowflake counters on the map", 0, et.Snowflakes, sc.Snowflakes},
		{"truckAmmo", "Ammo on the truck", 0, et.AmmoReserveCap, sc.TruckAmmo},
	}
	var names []string
	for _, v := range values {
		names = append(names, v.words)
	}
	field := widget.NewSelect(names, nil)
	n := number(values[0].lo, values[0].hi, values[0].now)
	field.OnChanged = func(string) {
		v := values[max(0, field.SelectedIndex())]
		n.SetLimits(v.lo, max(v.lo, v.hi))
		n.ShowValue(v.now)
	}
	field.SetSelectedIndex(0)
	p.cmdForm("Correct the scenario by hand", "Correct", []*widget.FormItem{
		widget.NewFormItem("Value", field), widget.NewFormItem("Set to", n),
	}, func() (tracker.Command, error) {
		return et.CorrectScenario{Field: values[max(0, field.SelectedIndex())].field, Value: n.Value}, nil
	})
}

// boolWord is yes or no in the words given.
func boolWord(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

func sortedIDs(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
