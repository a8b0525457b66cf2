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
	tabs                          *container.AppTabs
	tableBox, tableBoxFig, paraBx *fyne.Container
	para                          *paragraphHelper

	// Track is the Timer track as drawn now.
	Track *widgets.Track
	// Cards are the Character cards as drawn now, by ID.
	Cards map[string]*charCard
	// EndTurnBtn and NextBtn drive the turn.
	EndTurnBtn, NextBtn *widget.Button

	// step is the turn step the players are on (0 draw, 1 exchange, 2
	// play a card); stepTurn is the turn it belongs to.
	step, stepTurn int
	// results is the last end of round, shown until the next one.
	results    *roundResult
	resultsSeq uint64

	evID, evSpace *widget.Entry
	lastPhase     string
}

// NewPlayScreen builds the Play tab for an open campaign.
func NewPlayScreen(ctx *shell.Context) *PlayScreen {
	p := &PlayScreen{kit: newKit(ctx), root: container.NewStack(), scroll: container.NewVScroll(nil)}
	p.evID = textEntry("Event 001–010", "")
	p.evSpace = textEntry("space", "")
	ctx.OnChange(func(tracker.Event) { p.Refresh() })
	p.Refresh()
	return p
}

// Object is the tab's content.
func (p *PlayScreen) Object() fyne.CanvasObject {
	return container.NewBorder(p.msg, nil, nil, nil, p.root)
}

func scrolled(obj fyne.CanvasObject) fyne.CanvasObject {
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
		p.say(nil)
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

// liveView is the scenario on the table, in three sub-tabs.
func (p *PlayScreen) liveView(s *et.State) fyne.CanvasObject {
	if p.tabs == nil {
		p.tableBox, p.tableBoxFig, p.paraBx = container.NewVBox(), container.NewVBox(), container.NewVBox()
		p.para = newParagraphHelper(&p.kit)
		p.tabs = container.NewAppTabs(
			container.NewTabItemWithIcon("Table", theme.GridIcon(), scrolled(p.tableBox)),
			container.NewTabItemWithIcon("Figures & cards", theme.AccountIcon(), scrolled(p.tableBoxFig)),
			container.NewTabItemWithIcon("Paragraphs", theme.SearchIcon(), scrolled(p.paraBx)),
		)
	}
	p.tableBox.Objects = p.tableObjects(s)
	p.tableBoxFig.Objects = p.figureObjects(s)
	p.paraBx.Objects = []fyne.CanvasObject{p.para.object(s)}
	p.tableBox.Refresh()
	p.tableBoxFig.Refresh()
	p.paraBx.Refresh()
	return p.tabs
}

func (p *PlayScreen) tableObjects(s *et.State) []fyne.CanvasObject {
	sc := s.Scenario
	var out []fyne.CanvasObject
	if sc.LossPending {
		l := wrap("The campaign is lost unless a reinforcement comes in: " + s.LossReason + ". Bring one in on a fallen Character's card, or confirm the loss (§10.4).")
		l.Importance = widget.DangerImportance
		out = append(out, card("", "", container.NewVBox(l, btn("No reinforcement: the campaign is lost", func() { p.do(et.ConfirmLoss{}) }))))
	}
	// The end-of-round card already lists what its event asks for.
	if len(s.Reminders) > 0 && !(p.results != nil && p.resultsSeq == p.ctx.Session.LastSeq()) {
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
			b := btn(boolWord(paragraphRead(s, k), "Read ✓", "Mark read"), func() { p.do(et.ReadParagraph{Key: k}) })
			box.Add(container.NewBorder(nil, nil, nil, b, l))
		}
		out = append(out, card("", "", box))
	}
	out = append(out, p.timerCard(s), p.turnCard(s))
	if p.results != nil {
		out = append(out, p.resultsCard(s))
	}
	var cards []fyne.CanvasObject
	p.Cards = map[string]*charCard{}
	for _, id := range sc.Boards {
		c := s.Char(id)
		if c == nil {
			continue
		}
		cc := p.charCard(s, c)
		p.Cards[id] = cc
		cards = append(cards, cc.obj)
	}
	for _, c := range s.InPlay() {
		if _, ok := p.Cards[c.ID]; !ok {
			cc := p.charCard(s, c)
			p.Cards[c.ID] = cc
			cards = append(cards, cc.obj)
		}
	}
	out = append(out, columns(440, cards...))
	if len(sc.DropPiles) > 0 {
		out = append(out, p.dropCard(s))
	}
	return out
}

// timerCard is the Timer track as the board draws it: the clock, then the
// spaces up to the track's end, the token on its space and the Event
// counters on theirs (§5.4, §5.5).
func (p *PlayScreen) timerCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	// The spaces the scenario can use: up to its start (or a counter or a
	// hand move beyond it), two spare for moving the token up by hand.
	n := max(sc.TimerStart, sc.Timer)
	for sp := range sc.Events {
		n = max(n, sp)
	}
	n = min(s.Settings.TimerMax, n+2)
	labels := make([]string, n+1)
	labels[0] = "⏰"
	for i := 1; i <= n; i++ {
		labels[i] = strconv.Itoa(i)
	}
	t := widgets.NewTrack(fmt.Sprintf("Timer track — %d rounds left, round %d of at most %d", sc.Timer, sc.Round(), sc.TimerStart), labels, sc.Timer)
	t.MarkerName = "Timer"
	// The counters of a space sit in one stack, top to bottom, as on the
	// board (the order they are read in, §5.5).
	counters := map[int][]widgets.Counter{}
	for space, evs := range sc.Events {
		counters[space] = []widgets.Counter{{Label: strings.Join(evs, "/"), Color: colEvent}}
	}
	t.SetCounters(counters)
	t.OnTapSpace = p.moveTimerForm
	p.Track = t
	spaces := make([]int, 0, len(sc.Events))
	for sp := range sc.Events {
		spaces = append(spaces, sp)
	}
	slices.Sort(spaces)
	var evs []fyne.CanvasObject
	for _, sp := range spaces {
		for _, ev := range sc.Events[sp] {
			id, space := ev, sp
			evs = append(evs, iconBtn(fmt.Sprintf("%s on %d (%s)", ev, sp, et.TimerParagraph(ev)), theme.ContentClearIcon(),
				func() { p.do(et.RemoveEvent{ID: id, Space: space}) }))
		}
	}
	place := btn("Place Event counter", func() {
		n, err := strconv.Atoi(strings.TrimSpace(p.evSpace.Text))
		if err != nil {
			p.say(errf("the space must be a whole number, not %q", p.evSpace.Text))
			return
		}
		if p.do(et.PlaceEvent{ID: strings.TrimSpace(p.evID.Text), Space: n}) {
			p.evID.SetText("")
			p.evSpace.SetText("")
		}
	})
	placeRow := container.NewBorder(nil, nil, nil, place,
		container.NewGridWithColumns(2, p.evID, p.evSpace))
	hint := note("Tap a space to move the Timer by hand. It moves one space toward the clock at each end of round; on the clock the scenario ends. Tap an Event counter above to take it off.")
	return card("", "", container.NewVBox(t, flow(evs...), placeRow, hint))
}

func (p *PlayScreen) moveTimerForm(space int) {
	trigger := widget.NewCheck("Read the Event counters on that space (§13.4: usually not)", nil)
	confirm := widget.NewCheck("Yes: the Timer on the clock ends the scenario now", nil)
	items := []*widget.FormItem{widget.NewFormItem("Events", widgets.WrapCheck(trigger))}
	if space == 0 {
		items = append(items, widget.NewFormItem("Clock", widgets.WrapCheck(confirm)))
	}
	p.cmdForm(fmt.Sprintf("Move the Timer to %d by hand", space), "Move", items, func() (tracker.Command, error) {
		return et.SetTimer{Value: space, TriggerEvents: trigger.Checked, ConfirmEnd: confirm.Checked}, nil
	})
}

// turnSteps are the steps of a player's turn (§5.1).
var turnSteps = []string{"T1 Draw", "T2 Exchange (optional)", "T3 Play 1 Action card", "T4–T6 End the turn"}

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

// Next advances the turn step (the Next shortcut): draw → exchange → play
// a card → end the turn. It reports whether it did something.
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
		p.say(errf("step T3: tap “Play card here” on the board the Action card goes on"))
	case 3:
		p.endTurn()
	}
	return true
}

func (p *PlayScreen) turnCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	cur := p.currentStep(sc)
	head := heading(fmt.Sprintf("Round %d · Player %d's turn", sc.Round(), sc.Active))
	info := widget.NewLabel(fmt.Sprintf("First Player: %d · Hand: draw until you hold %d cards (%d players)", sc.FirstPlayer, et.DrawTo(s.Players), s.Players))
	info.Wrapping = fyne.TextWrapWord
	steps := flow()
	for i, name := range turnSteps {
		l := widget.NewLabel(name)
		switch {
		case i == cur:
			l.Importance = widget.HighImportance
			l.TextStyle.Bold = true
			l.Text = "▶ " + name
		case i < cur:
			l.Importance = widget.LowImportance
			l.Text = "✓ " + name
		}
		steps.Add(l)
	}
	box := container.NewVBox(head, info, steps)
	maxCount, who := 0, ""
	for _, c := range living(s) {
		if c.BoardCount() > maxCount {
			maxCount, who = c.BoardCount(), c.Name
		}
	}
	due := widget.NewLabel(fmt.Sprintf("Fullest board: %d of %d cards (%s)", maxCount, et.EndRoundThreshold, orDash(who)))
	if et.EndOfRoundDue(s) {
		due.SetText(fmt.Sprintf("%s's board holds %d cards: the round ends when this turn ends (§5.1 T4)", who, maxCount))
		due.Importance = widget.WarningImportance
	}
	due.Wrapping = fyne.TextWrapWord
	box.Add(due)
	if sc.CubesActive {
		box.Add(widget.NewLabel(fmt.Sprintf("Consumed cubes on the target: %d of %d", sc.CubesOnTarget, et.CubesForActivation)))
	}
	p.NextBtn = btn("Next step ▶", func() { p.Next() })
	exch := btn("Exchange cards…", p.exchangeForm)
	if sc.Exchanged || sc.CardPlayed {
		exch.Disable()
	}
	p.EndTurnBtn = primary(iconBtn("End turn", theme.MediaSkipNextIcon(), p.endTurn))
	if !sc.CardPlayed {
		p.EndTurnBtn.Disable()
	}
	end := btn("The story ends the scenario…", func() {
		p.form("End the scenario now?", "End the scenario", []*widget.FormItem{
			widget.NewFormItem("", note("Only when a paragraph or card says the scenario is over; then the end-of-scenario steps begin (§9)."))},
			func() error { _, err := p.run(et.EndScenario{}); return err })
	})
	if sc.Turn == 1 && !sc.CardPlayed && !sc.Exchanged {
		// Before the first turn the counter can still be handed out (in C
		// at setup part 2, §4.1).
		var opts []string
		for i := 1; i <= s.Players; i++ {
			opts = append(opts, "Player "+strconv.Itoa(i))
		}
		first := widget.NewSelect(opts, nil)
		first.SetSelectedIndex(sc.FirstPlayer - 1)
		first.OnChanged = func(string) {
			if n := first.SelectedIndex() + 1; n != p.state().Scenario.FirstPlayer {
				p.do(et.SetFirstPlayer{Player: n})
			}
		}
		box.Add(container.NewBorder(nil, nil, widget.NewLabel("First Player counter goes to"), nil, first))
	}
	fix := iconBtn("Correct…", theme.DocumentCreateIcon(), p.correctScenarioForm)
	box.Add(flow(p.NextBtn, exch, p.EndTurnBtn, end, fix))
	return card("", "", box)
}

func (p *PlayScreen) playCard(id string) {
	s := p.state()
	c := s.Char(id)
	if c != nil && c.Penalties.Madness {
		name := textEntry("card name (optional)", "")
		p.cmdForm("Play on Mad "+c.Name, "Play", []*widget.FormItem{widget.NewFormItem("", note("The card must be the one drawn at random from the hand (“Random card (Mad)…”)")),
			widget.NewFormItem("Card", name)}, func() (tracker.Command, error) { return et.PlayCard{Char: id, Card: name.Text}, nil })
		return
	}
	p.do(et.PlayCard{Char: id})
}

func (p *PlayScreen) exchangeForm() {
	// §5.1 T2: the Fatigue goes on an empty card slot; a full board (4 or
	// more cards) is offered only when no board has one.
	free, none := et.FatigueBoards(p.state())
	why := "Only a board with an empty card slot (fewer than 4 cards) takes the Fatigue card."
	if none {
		why = "No board has an empty card slot: the Fatigue card goes on a full one anyway."
	}
	board := widget.NewSelect(options(free), nil)
	p.cmdForm("Exchange (T2): draw 5, discard 5", "Exchange", []*widget.FormItem{
		widget.NewFormItem("Fatigue goes on", board),
		widget.NewFormItem("", note(why+" (§5.1 T2)")),
	}, func() (tracker.Command, error) {
		if board.Selected == "" {
			return nil, errf("choose the board the Fatigue card goes on")
		}
		return et.ExchangeCards{Fatigue: idOf(board.Selected)}, nil
	})
}

// roundResult is an end of round as the players resolve it, in the order
// of §5.3: Heavy Wound damage, the Timer's move, the Event counters'
// paragraphs, the Menace card's section, the abilities face up again.
type roundResult struct {
	Round       int
	Activations []string
	Wounds      []string
	Timer       string
	Events      []string
	Menace      string
	Refreshed   []string
	Next        string
	Clock       bool
}

// Lines are the results in order, for the card and for tests.
func (r *roundResult) Lines() []string {
	var out []string
	for _, a := range r.Activations {
		out = append(out, "Before the end of round: "+a)
	}
	out = append(out, "E1 Action cards back to the discard; penalty cards stay")
	if len(r.Wounds) == 0 {
		out = append(out, "E2 No Heavy Wound")
	}
	for _, w := range r.Wounds {
		out = append(out, "E2 "+w)
	}
	out = append(out, "E3 "+r.Timer)
	for _, e := range r.Events {
		out = append(out, "E3 First Player reads "+e)
	}
	if r.Menace != "" {
		out = append(out, "E4 "+r.Menace)
	}
	if len(r.Refreshed) > 0 {
		out = append(out, "E5 Face up again: "+strings.Join(r.Refreshed, ", "))
	}
	if r.Next != "" {
		out = append(out, "E6 "+r.Next)
	}
	return out
}

type before struct {
	timer, round, activations int
	lp                        map[string]int
	faceDown                  []string
}

func (p *PlayScreen) endTurn() {
	s := p.state()
	sc := s.Scenario
	if sc == nil {
		return
	}
	b := before{timer: sc.Timer, round: sc.Round(), activations: len(sc.Activations), lp: map[string]int{}}
	for _, c := range living(s) {
		if c.Penalties.HeavyWound {
			b.lp[c.ID] = c.LP
		}
		if c.PA != nil && c.PA.FaceDown {
			b.faceDown = append(b.faceDown, c.PA.ID)
		}
	}
	for _, g := range s.GroupAbilities {
		if g.FaceDown {
			b.faceDown = append(b.faceDown, g.ID)
		}
	}
	if _, err := p.run(et.EndTurn{}); err != nil {
		p.say(err)
		return
	}
	p.say(nil)
	after := p.state()
	asc := after.Scenario
	if asc == nil || (asc.Timer == b.timer && after.Phase == et.PhasePlaying) {
		p.Refresh()
		return // the turn ended without an end of round
	}
	r := &roundResult{Round: b.round}
	for _, a := range asc.Activations[min(b.activations, len(asc.Activations)):] {
		r.Activations = append(r.Activations, a.What)
	}
	for _, id := range sortedIDs(b.lp) {
		c := after.Char(id)
		line := fmt.Sprintf("%s: Heavy Wound, %d damage, life %d → %d", c.Name, et.HeavyWoundRoundDmg, b.lp[id], c.LP)
		if c.Status == et.Dead {
			line += " — dead: read " + et.DeathParagraph(id)
		}
		r.Wounds = append(r.Wounds, line)
	}
	switch {
	case asc.Timer == 0 && after.Phase == et.PhaseEnding:
		r.Clock = true
		r.Timer = fmt.Sprintf("Timer %d → the clock: the scenario ends at once (read the If Failed paragraph of the Objective in play)", b.timer)
	case after.Phase != et.PhasePlaying:
		r.Timer = "The round stopped: " + after.LossReason
	default:
		r.Timer = fmt.Sprintf("Timer %d → %d", b.timer, asc.Timer)
		for _, ev := range asc.Events[asc.Timer] {
			r.Events = append(r.Events, et.TimerParagraph(ev))
		}
		r.Menace = et.MenaceReminder(asc)
		r.Refreshed = b.faceDown
		r.Next = fmt.Sprintf("Player %d starts round %d", asc.Active, asc.Round())
	}
	p.results, p.resultsSeq = r, p.ctx.Session.LastSeq()
	p.Refresh()
}

func sortedIDs(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Results is the last end of round shown, or nil.
func (p *PlayScreen) Results() *roundResult { return p.results }

func (p *PlayScreen) resultsCard(s *et.State) fyne.CanvasObject {
	r := p.results
	box := container.NewVBox()
	for _, l := range r.Lines() {
		lab := wrap(l)
		if strings.Contains(l, "reads ") || strings.HasPrefix(l, "E4") {
			lab.TextStyle.Bold = true
			lab.Importance = widget.HighImportance
		}
		box.Add(lab)
	}
	for _, key := range r.Events {
		k := key
		b := btn(boolWord(paragraphRead(s, k), "Read ✓ "+k, "Mark "+k+" as read"), func() {
			p.do(et.ReadParagraph{Key: k, Kind: et.TimerToken, By: fmt.Sprintf("First Player (%d)", s.Scenario.FirstPlayer)})
		})
		box.Add(b)
	}
	box.Add(btn("Hide", func() { p.results = nil; p.Refresh() }))
	return card(fmt.Sprintf("End of round %d", r.Round), "", box)
}

func (p *PlayScreen) dropCard(s *et.State) fyne.CanvasObject {
	box := container.NewVBox()
	for _, d := range s.Scenario.DropPiles {
		l := d.Letter
		box.Add(container.NewBorder(nil, nil, nil, btn("Pick up…", func() { p.pickUpForm(l) }),
			wrap(fmt.Sprintf("Drop pile %s (%s): %s", d.Letter, orDash(d.Where), strings.Join(d.Items, ", ")))))
	}
	return card("Drop piles", "Back to the Item deck at the end of the scenario", box)
}

func (p *PlayScreen) pickUpForm(letter string) {
	s := p.state()
	var items []string
	for _, d := range s.Scenario.DropPiles {
		if d.Letter == letter {
			items = slices.Clone(d.Items)
		}
	}
	who := widget.NewSelect(p.livingOptions(""), nil)
	take := widget.NewCheckGroup(items, nil)
	drop := textEntry("items to drop if over capacity (IDs)", "")
	dropItem := widget.NewFormItem("Drop", drop)
	// §7.7.3: the Character stands on this pile's space, so what it drops
	// joins this pile (a new one on the same space if it was emptied).
	dropItem.HintText = "They join Drop pile " + letter + ", on the same space (§7.7.3)"
	p.cmdForm("Pick up from Drop pile "+letter, "Pick up", []*widget.FormItem{
		widget.NewFormItem("Who", who), widget.NewFormItem("Items", take), dropItem,
	}, func() (tracker.Command, error) {
		return et.PickUp{Char: idOf(who.Selected), Pile: letter, Items: take.Selected, Drop: list(drop.Text)}, nil
	})
}

// correctScenarioForm sets a scenario value by hand ("the table is the
// source of truth"); no Event counter is read for a Timer set this way.
func (p *PlayScreen) correctScenarioForm() {
	field := widget.NewSelect([]string{"timer", "timerStart", "firstPlayer", "active", "snowflakes", "truckAmmo"}, nil)
	field.SetSelected("active")
	v := textEntry("the value on the table", "")
	p.cmdForm("Correct the scenario by hand", "Correct", []*widget.FormItem{
		widget.NewFormItem("Value of", field), widget.NewFormItem("Set to", v),
	}, func() (tracker.Command, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v.Text))
		if err != nil {
			return nil, errf("%q is not a whole number", v.Text)
		}
		return et.CorrectScenario{Field: field.Selected, Value: n}, nil
	})
}
