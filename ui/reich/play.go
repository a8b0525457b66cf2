package reich

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// playScreen is the mission at the table (spec §5, §6, §8, §9): the
// mission tracker drawn as a track with the alarm, the round's step with
// one big Next button, the enemy attacks waiting for defence tests, the
// current hero's actions and every hero's dashboard.
type playScreen struct {
	k    *kit
	root fyne.CanvasObject

	header  *widget.Label
	where   *widget.Label
	track   *widgets.Track
	left    *widget.Label
	order   *widget.Entry
	orderRw *fyne.Container
	// NextButton advances the round: set or deal the order, end the turn,
	// play the enemy turn, end the round.
	NextButton *widget.Button
	pending    *fyne.Container
	actions    *fyne.Container
	heroes     *fyne.Container
	setup      *fyne.Container
	body       *fyne.Container
}

func newPlayScreen(k *kit) *playScreen {
	p := &playScreen{k: k}
	p.header = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.header.Wrapping = fyne.TextWrapWord
	p.where = wrapped("")
	p.track = widgets.NewTrack("Mission tracker", nil, -1)
	p.track.MarkerName = "Round marker"
	p.track.OnTapSpace = func(i int) { p.moveMarkerForm(i) }
	p.left = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.order = entry("hero ids in turn order, e.g. H1 H2", "")
	p.orderRw = container.NewBorder(nil, nil, widget.NewLabel("Turn order"), nil, p.order)
	p.NextButton = widget.NewButtonWithIcon("Next", theme.MediaSkipNextIcon(), func() { p.Next() })
	p.NextButton.Importance = widget.HighImportance
	p.pending = container.NewVBox()
	p.actions = container.NewVBox()
	p.heroes = container.NewVBox()
	p.setup = container.NewVBox()
	p.body = container.NewVBox()
	p.root = container.NewBorder(container.NewVBox(k.msg), nil, nil, nil, container.NewVScroll(p.body))
	p.Refresh()
	return p
}

// Refresh re-reads the mission.
func (p *playScreen) Refresh() {
	m := p.k.mission()
	p.body.Objects = nil
	if m == nil {
		p.body.Add(p.noMission())
		p.body.Refresh()
		return
	}
	p.header.SetText(fmt.Sprintf("Mission %s · %s · Round %d · %s", m.ID, modeWords(m.Mode), m.Round, stepWords(m)))
	p.where.SetText(p.k.ctx.Session.Where())
	p.refreshTrack(m)
	p.NextButton.SetText(p.nextLabel(m))
	if m.Ended {
		p.NextButton.Disable()
	} else {
		p.NextButton.Enable()
	}
	top := container.NewVBox(p.header, p.track, p.left)
	// The order row: the players' choice before the alarm, the tokens they
	// dealt at the table after it (when they deal them).
	if m.Step == rb.StepChooseOrder && !m.Ended && (m.Phase != rb.PhasePostAlarm || m.TurnOrderByPlayers && !m.Dealt) {
		if strings.TrimSpace(p.order.Text) == "" || !sameHeroes(splitList(p.order.Text), m.HeroesInPlay()) {
			p.order.SetText(strings.Join(m.HeroesInPlay(), " "))
		}
		top.Add(p.orderRw)
	}
	if len(m.TurnOrder) > 0 {
		var names []string
		for i, id := range m.TurnOrder {
			n := heroName(m, id)
			if i == m.TurnIndex && m.Step == rb.StepHeroTurn {
				n = "▶ " + n
			}
			names = append(names, n)
		}
		top.Add(wrapped("Order this round: " + strings.Join(names, " → ")))
	}
	top.Add(widgets.AtLeast(fyne.NewSize(200, widgets.MinTouch*1.3), p.NextButton))
	var extra []fyne.CanvasObject
	if m.Step == rb.StepChooseOrder && m.Dealt && !m.Ended {
		extra = append(extra, widgets.Touch(button("Opportunist swap…", nil, func() { p.SwapForm() })))
	}
	if m.Step == rb.StepEndOfRound && len(m.Obscured) > 0 && !m.Ended {
		extra = append(extra, widgets.Touch(button("End the round, smoke expired…", nil, func() { p.EndRoundForm() })))
	}
	if !m.Ended {
		extra = append(extra, widgets.Touch(button("Move the round marker…", nil, func() { p.moveMarkerForm(-1) })))
	}
	top.Add(container.NewGridWrap(fyne.NewSize(260, widgets.MinTouch), extra...))
	p.body.Add(top)
	p.refreshPending(m)
	p.body.Add(p.pending)
	if m.Ended {
		// The end of the mission, without a trip to the Campaign tab.
		c := &campaignScreen{k: p.k}
		p.body.Add(container.NewGridWithColumns(2,
			widgets.Touch(button("Declare the result…", nil, func() { c.ResultForm() })),
			widgets.Touch(button("Close the mission…", theme.ConfirmIcon(), func() { c.CloseForm() }))))
	}
	p.refreshActions(m)
	p.body.Add(p.actions)
	p.refreshHeroes(m)
	p.body.Add(p.heroes)
	p.body.Refresh()
}

func sameHeroes(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func modeWords(mode string) string {
	switch mode {
	case rb.ModeRaid:
		return "raid"
	case rb.ModeCampaign:
		return "campaign mission"
	case rb.ModeNoteRaid:
		return "Not of this Earth! raid"
	case rb.ModeNoteCampaign:
		return "Not of this Earth! campaign mission"
	}
	return mode
}

func stepWords(m *rb.Mission) string {
	if m.Ended {
		if m.Result != "" {
			return "ended: " + m.Result
		}
		return "ended: read the Victory or Defeat? chart (Campaign tab)"
	}
	if pz := m.Paused; pz != nil {
		what := "enemy turn after " + heroName(m, m.Current)
		if pz.Progress.Free {
			what = "the alarm's free enemy turn"
		}
		if len(m.Pending) > 0 {
			return what + ": waiting for the defence test, then it goes on"
		}
		return what + ": paused, it goes on now"
	}
	switch m.Step {
	case rb.StepChooseOrder:
		return "start of round: the turn order"
	case rb.StepHeroTurn:
		return heroName(m, m.Current) + "'s turn"
	case rb.StepEnemyTurn:
		if m.EnemyDone {
			return "enemy turn: defence tests"
		}
		return "enemy turn after " + heroName(m, m.Current)
	case rb.StepEndOfRound:
		return "end of round"
	}
	return m.Step
}

func (p *playScreen) nextLabel(m *rb.Mission) string {
	if m.Ended {
		return "Mission over"
	}
	if m.Paused != nil {
		if len(m.Pending) > 0 {
			return "Defence tests first, then the enemy turn goes on"
		}
		if m.Paused.Progress.Free {
			return "Continue the alarm's free enemy turn"
		}
		return "Continue the enemy turn"
	}
	switch m.Step {
	case rb.StepChooseOrder:
		switch {
		case m.Phase != rb.PhasePostAlarm:
			return "Start the round in this order"
		case len(m.TurnOrder) > 0 && m.Dealt:
			return "Start the round (no swap)"
		}
		return "Deal the turn order tokens"
	case rb.StepHeroTurn:
		return "End " + heroName(m, m.Current) + "'s turn"
	case rb.StepEnemyTurn:
		if len(m.Pending) > 0 {
			return "Defence tests first"
		}
		return "Play the enemy turn"
	case rb.StepEndOfRound:
		return "End the round"
	}
	return "Next"
}

// refreshTrack draws the tracker: the pre-alarm spaces and then the
// post-alarm ones (or the alien world track), the marker on the current
// space and the alarm where it sounds.
func (p *playScreen) refreshTrack(m *rb.Mission) {
	tr := m.Tracker
	var spaces []string
	counters := map[int][]widgets.Counter{}
	marker := -1
	switch tr.Section {
	case "alien":
		for i := 1; i <= tr.Alien; i++ {
			spaces = append(spaces, fmt.Sprintf("A%d", i))
		}
		marker = tr.Pos - 1
		p.track.Title = "Alien world tracker"
		p.left.SetText(fmt.Sprintf("%d rounds left before the mission fails", p.k.state().RoundsLeft()))
	default:
		for i := 1; i <= tr.Pre; i++ {
			spaces = append(spaces, fmt.Sprintf("P%d", i))
		}
		for i := 1; i <= tr.Post; i++ {
			spaces = append(spaces, fmt.Sprintf("Q%d", i))
		}
		if tr.Pre > 0 {
			counters[tr.Pre-1] = append(counters[tr.Pre-1], widgets.Counter{Label: "Alarm", Color: colAlert})
		}
		if tr.Section == "pre" {
			marker = tr.Pos - 1
			if tr.AlarmPending {
				counters[marker] = append(counters[marker], widgets.Counter{Label: "ALARM!", Color: colAlert})
				p.left.SetText("The alarm is triggered: it sounds at the end of this round")
				if m.Paused != nil && m.Paused.Progress.Free {
					p.left.SetText("The alarm sounds: the enemy's free turn, then the marker goes onto post-alarm space 1")
				}
			} else {
				p.left.SetText(fmt.Sprintf("%d rounds until the alarm", p.k.state().RoundsLeft()))
			}
		} else {
			marker = tr.Pre + tr.Pos - 1
			p.left.SetText(fmt.Sprintf("Alarm sounded · %d rounds left before the mission fails", p.k.state().RoundsLeft()))
		}
		p.track.Title = "Mission tracker (P pre-alarm, Q post-alarm)"
	}
	if m.Ended {
		p.left.SetText("The mission is over")
	}
	p.track.Spaces = spaces
	p.track.SetCounters(counters)
	p.track.SetMarker(marker)
}

// moveMarkerForm moves the round marker by hand to the tapped space.
func (p *playScreen) moveMarkerForm(i int) {
	m := p.k.mission()
	if m == nil {
		return
	}
	cur := m.Tracker.Pos - 1
	if m.Tracker.Section == "post" {
		cur += m.Tracker.Pre
	}
	by := i - cur
	if i < 0 {
		by = 1
	} else if by == 0 {
		return
	}
	p.k.cmdForm("Move the round marker", "Move it", []fld{
		num("By", "spaces (negative: back)", by),
		text("Reason", "a card, the Tunnel Network, a correction", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		n, err := v.I("By")
		if err != nil {
			return nil, err
		}
		return plain(rb.AdjustTracker{By: n, Reason: v.S("Reason")}), nil
	})
}

// SwapForm is Opportunist: swap turn order tokens straight after dealing.
func (p *playScreen) SwapForm() *formDialog {
	m := p.k.mission()
	return p.k.cmdForm("Opportunist swap (V-27)", "Swap", []fld{
		choice("Hero", m.TurnOrder, ""), choice("Swaps with", m.TurnOrder, ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.SwapTurnOrder{Hero: v.S("Hero"), With: v.S("Swaps with")}), nil
	})
}

// EndRoundForm ends the round naming the timed tokens that expired.
func (p *playScreen) EndRoundForm() *formDialog {
	m := p.k.mission()
	var areas []string
	for a, on := range m.Obscured {
		if on {
			areas = append(areas, a)
		}
	}
	slices.Sort(areas)
	return p.k.cmdForm("End of round (§5.4)", "End the round", []fld{
		text("Expired", "obscured areas whose token expires now: "+strings.Join(areas, " "), strings.Join(areas, " ")),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		exp := v.L("Expired")
		return func(a ai.Answers) tracker.Command { return rb.EndRound{Expired: exp, Answers: a} }, nil
	})
}

// Next advances the round by one step (the Next shortcut).
func (p *playScreen) Next() {
	m := p.k.mission()
	if m == nil {
		p.k.say(fmt.Errorf("no mission is in play: set one up first"))
		return
	}
	if m.Paused != nil {
		// The enemy turn stopped for a defence test goes on (§7.5.5).
		if len(m.Pending) > 0 {
			p.k.say(fmt.Errorf("the heroes make their defence tests first (below); then the enemy turn goes on"))
			return
		}
		p.k.doAsk(func(a ai.Answers) tracker.Command { return rb.EnemyTurn{Answers: a} })
		return
	}
	switch m.Step {
	case rb.StepChooseOrder:
		switch {
		case m.Phase != rb.PhasePostAlarm:
			p.k.do(rb.SetTurnOrder{Order: splitList(p.order.Text)})
		case len(m.TurnOrder) > 0 && m.Dealt:
			p.k.do(rb.StartRound{})
		case m.TurnOrderByPlayers:
			p.k.do(rb.DealTurnOrder{Order: splitList(p.order.Text)})
		default:
			p.k.do(rb.DealTurnOrder{})
		}
	case rb.StepHeroTurn:
		p.k.doAsk(func(a ai.Answers) tracker.Command { return rb.EndTurn{Answers: a} })
	case rb.StepEnemyTurn:
		if len(m.Pending) > 0 {
			p.k.say(fmt.Errorf("the heroes make their defence tests first (below)"))
			return
		}
		p.k.doAsk(func(a ai.Answers) tracker.Command { return rb.EnemyTurn{Answers: a} })
	case rb.StepEndOfRound:
		p.k.doAsk(func(a ai.Answers) tracker.Command { return rb.EndRound{Answers: a} })
	}
}

// refreshPending lists the enemy attacks waiting for defence tests.
func (p *playScreen) refreshPending(m *rb.Mission) {
	p.pending.Objects = nil
	if len(m.HPDraws) > 0 {
		// The players draw the heroism point supply: the oldest point
		// earned waits for them to say which they drew.
		dr := m.HPDraws[0]
		var bs []fyne.CanvasObject
		for _, k := range []string{rb.HPAttack, rb.HPDefence, rb.HPWild} {
			if slices.Contains(m.HPSupply, k) {
				bs = append(bs, widgets.Touch(button(k, nil, func() { p.k.do(rb.DrawnHP{Kind: k}) })))
			}
		}
		l := wrapped(fmt.Sprintf("%s earns a heroism point for %s: draw one from the face-down supply. Which did you draw?", heroName(m, dr.Hero), dr.Why))
		l.Importance = widget.WarningImportance
		p.pending.Add(l)
		p.pending.Add(container.NewGridWrap(fyne.NewSize(140, widgets.MinTouch), bs...))
	}
	if m.Paused != nil && !m.Ended {
		note := "The enemy turn is paused after this attack (§7.5.5). Record the defence test, and any knock-back, reaction or Counter; then tap \"" +
			p.nextLabel(&rb.Mission{Paused: m.Paused}) + "\": the units still to attack pick their targets again, so a downed or moved hero is seen."
		if len(m.Pending) == 0 {
			note = "The defence tests are done and the enemy turn goes on: record any knock-back or reaction first, then tap \"" + p.nextLabel(m) + "\"."
		}
		l := wrapped(note)
		l.Importance = widget.WarningImportance
		p.pending.Add(l)
	}
	if len(m.Pending) == 0 {
		return
	}
	p.pending.Add(heading("Enemy attacks waiting for defence tests (§6.4)"))
	for i, a := range m.Pending {
		var who []string
		for _, d := range a.Defenders {
			who = append(who, heroName(m, d))
		}
		line := fmt.Sprintf("%s %s attack, total %d, against %s", a.Code, a.Mode, a.Total, strings.Join(who, ", "))
		if len(a.Breakdown) > 0 {
			line += " — " + strings.Join(a.Breakdown, "; ")
		}
		line += noItemsNote(a)
		b := button("Defend…", theme.ConfirmIcon(), func() { p.DefendForm(i) })
		var right fyne.CanvasObject = widgets.Touch(b)
		if len(counterers(m, a)) > 0 {
			right = container.NewHBox(widgets.Touch(button("Counter…", nil, func() { p.CounterForm(i) })), right)
		}
		p.pending.Add(container.NewBorder(nil, nil, nil, right, wrapped(line)))
	}
}

// counterNote reminds the players, on a defence test where Counter may
// be used, that the counter attack is recorded before the test closes
// the attack (§12.1).
func counterNote(m *rb.Mission, a rb.PendingAttack) []*widget.FormItem {
	if len(counterers(m, a)) == 0 {
		return nil
	}
	return []*widget.FormItem{widget.NewFormItem("Counter", wrapped("record a counter attack first, with Counter… beside the attack: this test closes it"))}
}

// counterers are the defenders of a pending attack who may still use
// Counter on its defence test (§12.1).
func counterers(m *rb.Mission, a rb.PendingAttack) []string {
	var out []string
	for _, id := range a.Defenders {
		if h := m.HeroByID(id); h != nil && hasActiveSkill(h, "Counter") && !slices.Contains(a.Countered, id) {
			out = append(out, id)
		}
	}
	return out
}

// CounterForm records a Counter attack during the defence test against
// pending attack i (§12.1): outside the hero's own turn, against a unit
// that made the attack.
func (p *playScreen) CounterForm(i int) *formDialog {
	m := p.k.mission()
	a := m.Pending[i]
	who := counterers(m, a)
	def := ""
	if len(who) > 0 {
		def = who[0]
	}
	var units []string
	for _, id := range a.Units {
		if m.UnitByID(id) != nil {
			units = append(units, id)
		}
	}
	target := ""
	if len(units) > 0 {
		target = units[0]
	}
	weapons := []string{"weapon 1", "weapon 2", "unarmed"}
	return p.k.cmdForm(fmt.Sprintf("Counter %s's attack (§12.1)", a.Code), "Record the counter", []fld{
		choice("Hero", who, def),
		choice("Weapon", weapons, weapons[0]),
		text("Target", "a unit that made this attack: "+strings.Join(units, ", "), target),
		num("Total", "the attack test's final total", 0),
		num("Defence bonus", "auras or cards the players apply", 0),
		tick("Loot", "a special spent for loot", false),
		tick("Accurate", "", false), tick("Armour piercing", "", false), tick("Versatile", "", false),
		text("HP before", "e.g. H1:attack", ""),
		text("HP after", "e.g. hq:wild", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		c, err := attackFields(v, weapons)
		if err != nil {
			return nil, err
		}
		c.Hero, c.Counter, c.Against, c.Targets = v.S("Hero"), true, i, v.L("Target")
		return func(a ai.Answers) tracker.Command { c.Answers = a; return c }, nil
	})
}

// noItemsNote tells the players that no items may be used on this defence
// test (V-11, Vril Acid): the total is typed as one number, so the app
// cannot refuse an item, only say so.
func noItemsNote(a rb.PendingAttack) string {
	if !a.NoItems {
		return ""
	}
	return " — no items on this defence test (Vril Acid)"
}

// DefendForm records a defence test against pending attack i.
func (p *playScreen) DefendForm(i int) *formDialog {
	m := p.k.mission()
	a := m.Pending[i]
	def := ""
	if len(a.Defenders) > 0 {
		def = a.Defenders[0]
	}
	return p.k.cmdForm(fmt.Sprintf("Defence against %s (total %d)%s", a.Code, a.Total, noItemsNote(a)), "Record the test", []fld{
		choice("Hero", a.Defenders, def),
		num("Defence total", "the final total after re-rolls", 0),
		text("Wound card", "its id, if the test failed", ""),
		num("Threshold", "the permanent threshold printed on the wound card", 0),
		text("HP before", "e.g. H1:defence, hq:wild", ""),
		text("HP after", "e.g. H1:wild", ""),
		text("Decoy", "a hero with Decoy who takes it instead", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		tot, err := v.I("Defence total")
		if err != nil {
			return nil, err
		}
		thr, err := v.I("Threshold")
		if err != nil {
			return nil, err
		}
		before, err := parseHPRefs(v.S("HP before"))
		if err != nil {
			return nil, err
		}
		after, err := parseHPRefs(v.S("HP after"))
		if err != nil {
			return nil, err
		}
		return plain(rb.Defend{Hero: v.S("Hero"), Attack: i, Total: tot, WoundCard: v.S("Wound card"), Threshold: thr,
			HPBefore: before, HPAfter: after, Decoy: v.S("Decoy")}), nil
	}, counterNote(m, a)...)
}

// refreshActions shows what the hero whose turn it is may do, and the
// table-wide events (noise, BANG/BOOM, the end of the mission).
func (p *playScreen) refreshActions(m *rb.Mission) {
	p.actions.Objects = nil
	if m.Ended {
		return
	}
	var bs []fyne.CanvasObject
	add := func(label string, f func()) { bs = append(bs, widgets.Touch(button(label, nil, f))) }
	if m.Step == rb.StepHeroTurn {
		h := m.HeroByID(m.Current)
		p.actions.Add(heading(fmt.Sprintf("%s's actions — basic %d/2%s", h.Name, h.Turn.Basic, turnNotes(h))))
		if h.Turn.Recovering {
			add("Recover", func() { p.RecoverForm(h.ID) })
		}
		if h.Turn.Ending {
			// §5.2: downed during this action; its noise test (if any) is
			// all that is left before the turn ends.
			p.actions.Add(wrapped(h.Name + " was downed during this action: record its noise test if it makes one, or end the turn."))
		}
	}
	if m.Step == rb.StepHeroTurn && !m.HeroByID(m.Current).Turn.Ending {
		h := m.HeroByID(m.Current)
		add("Move", func() { p.MoveForm(h.ID) })
		add("Open door", func() { p.OpenDoorForm(h.ID) })
		add("Attack", func() { p.AttackForm(h.ID) })
		add("Search", func() { p.SearchForm(h.ID) })
		add("Draw 2 cards", func() { p.k.do(rb.DrawCards{Hero: h.ID}) })
		if hasActiveSkill(h, "Genius") {
			add("Genius: draw 3", func() { p.k.do(rb.DrawCards{Hero: h.ID, Genius: true}) })
		}
		add("Use item", func() { p.UseItemForm(h.ID) })
		add("Give / take item", func() { p.GiveForm(h.ID) })
		add("Ready equipment", func() { p.ReadyForm(h.ID) })
		add("Vril enhance", func() { p.VrilForm(h.ID) })
		add("Extra move / attack", func() { p.GrantForm(h.ID) })
		add("Escort", func() { p.EscortForm(h.ID) })
		add("Escape", func() { p.k.do(rb.Escape{Hero: h.ID}) })
	}
	add("Noise test", func() { p.NoiseForm() })
	add("BANG / BOOM", func() { p.BangForm() })
	if m.Variant12 && m.Step == rb.StepEndOfRound {
		add("Free door (1–2 players)", func() { p.FreeDoorForm() })
	}
	if m.Variant12 && (m.Mode == rb.ModeNoteRaid || m.Mode == rb.ModeNoteCampaign) {
		add("Objective done", func() { p.k.do(rb.ObjectiveDone{}) })
	}
	add("Smoke / stun", func() { p.AreaStateForm() })
	add("Who draws the decks…", func() { p.DecksForm() })
	add("End mission…", func() { p.EndMissionForm() })
	p.actions.Add(container.NewGridWrap(fyne.NewSize(180, widgets.MinTouch), bs...))
}

func hasActiveSkill(h *rb.Hero, id string) bool {
	return slices.ContainsFunc(h.Skills, func(s rb.Skill) bool { return strings.EqualFold(s.ID, id) && s.Active })
}

func turnNotes(h *rb.Hero) string {
	var n []string
	if h.Turn.Moved {
		n = append(n, "moved")
	}
	if h.Turn.Attacked {
		n = append(n, "attacked")
	}
	if h.Turn.Recovering {
		n = append(n, "must Recover")
	}
	if h.Turn.Ending {
		n = append(n, "downed: the turn ends after this action")
	}
	if len(n) == 0 {
		return ""
	}
	return " · " + strings.Join(n, ", ")
}

// refreshHeroes draws each hero's dashboard (§9).
func (p *playScreen) refreshHeroes(m *rb.Mission) {
	p.heroes.Objects = nil
	p.heroes.Add(heading("Dashboards"))
	for i := range m.Heroes {
		p.heroes.Add(p.dashboard(m, &m.Heroes[i]))
	}
	if len(m.HPShared) > 0 || len(m.HPSupply) > 0 {
		p.heroes.Add(wrapped(fmt.Sprintf("Team/HQ heroism points: %s · face-down supply: %d", hpText(m.HPShared), len(m.HPSupply))))
	}
}

func hpText(hp []string) string {
	if len(hp) == 0 {
		return "none"
	}
	return strings.Join(hp, ", ")
}

// dashboard is one hero's dashboard: wounds as a stepper, the action deck,
// heroism points, weapons, items and skills, with corrections.
func (p *playScreen) dashboard(m *rb.Mission, h *rb.Hero) fyne.CanvasObject {
	status := []string{"in " + h.Area}
	switch {
	case h.Escaped:
		status = []string{"left the map"}
	case h.Captured:
		status = append(status, "CAPTURED")
	case h.Downed():
		status = append(status, "DOWNED")
	}
	if h.KnockedDown {
		status = append(status, "knocked down")
	}
	id := h.ID
	wounds := widgets.NewStepper(fmt.Sprintf("Wound cards (%d permanent; 4 permanent: downed)", h.Permanent()), 0, max(6, len(h.Wounds)+1), len(h.Wounds), func(to int) bool {
		cur := len(p.k.mission().HeroByID(id).Wounds)
		if to > cur {
			p.WoundForm(id)
		} else if to < cur {
			p.HealForm(id, cur-to)
		}
		return false
	})
	deck := fmt.Sprintf("Cards — hand %d · draw %d · discard %d · removed %d · in play %d", h.Hand, h.Draw, h.Discard, h.Removed, h.InPlay)
	var timed []string
	if h.UntilNextHero > 0 {
		timed = append(timed, fmt.Sprintf("%d %s", h.UntilNextHero, rb.DurationWords(rb.DurUntilNextHero)))
	}
	if h.UntilOwnNext > 0 {
		timed = append(timed, fmt.Sprintf("%d %s", h.UntilOwnNext, rb.DurationWords(rb.DurUntilOwnNext)))
	}
	if len(timed) > 0 {
		deck += " (" + strings.Join(timed, ", ") + ")"
	}
	var ws []string
	for i, w := range h.Weapons {
		s := fmt.Sprintf("%d. %s", i+1, w.Name)
		if w.Range > 0 {
			s += fmt.Sprintf(" (range %d)", w.Range)
		} else {
			s += " (melee)"
		}
		if w.Vril {
			s += " vril"
		}
		if w.Status != "" {
			s += " · " + w.Status
		}
		ws = append(ws, s)
	}
	var items []string
	for i, it := range h.Items {
		s := fmt.Sprintf("%d. %s", i+1, it.Name)
		if it.Status != "" {
			s += " · " + it.Status
		}
		items = append(items, s)
	}
	var skills []string
	for _, s := range h.Skills {
		t := s.ID
		if !s.Active {
			t += " (used)"
		}
		skills = append(skills, t)
	}
	info := container.NewVBox(
		wrapped(deck),
		wrapped("Heroism points: "+hpText(h.HP)),
		wrapped("Weapons: "+strings.Join(ws, " · ")),
		wrapped("Items: "+hpText(items)),
		wrapped("Skills: "+hpText(skills)),
	)
	if h.Objectives > 0 {
		info.Add(wrapped(fmt.Sprintf("Objective tokens: %d", h.Objectives)))
	}
	var bs []fyne.CanvasObject
	add := func(label string, f func()) { bs = append(bs, widgets.Touch(button(label, nil, f))) }
	add("Wound card…", func() { p.WoundForm(id) })
	add("Heal…", func() { p.HealForm(id, 1) })
	add("Cards…", func() { p.CardsForm(id) })
	add("Jam / drain", func() { p.GearForm(id) })
	add("Skill on/off", func() { p.SkillForm(id) })
	add("Knocked down", func() { p.k.do(rb.KnockDown{Hero: id}) })
	add("Knocked back…", func() { p.KnockBackForm(id) })
	add("Drop item…", func() { p.DropForm(id) })
	add("Auf Deutsch", func() {
		p.k.doAsk(func(a ai.Answers) tracker.Command { return rb.LowerAwareness{Hero: id, Answers: a} })
	})
	add("Disguise Kit…", func() { p.DisguiseForm(id) })
	add("Correct by hand…", func() { p.CorrectForm(id) })
	title := h.Name
	if h.Player != "" {
		title += " (" + h.Player + ")"
	}
	return widgets.NewCard(title, strings.Join(status, " · "), container.NewVBox(
		container.NewGridWithColumns(2, wounds, info),
		container.NewGridWrap(fyne.NewSize(150, widgets.MinTouch), bs...)))
}

// noMission is the mission set-up form shown between missions.
func (p *playScreen) noMission() fyne.CanvasObject {
	s := p.k.state()
	box := container.NewVBox(heading("No mission in play"), wrapped(p.k.ctx.Session.Where()))
	if s.Campaign.Debrief != nil {
		box.Add(wrapped("The after-mission step of " + s.Campaign.Debrief.Mission + " is open in the Campaign tab: buy skills there, then finish it."))
	}
	if len(s.Library.Maps) == 0 || len(s.Library.Factions) == 0 {
		box.Add(wrapped("First type in the content (Campaign → Content): a faction card, spawn cards, noise cards and the mission's map."))
	}
	box.Add(widgets.Touch(button("Set up a mission…", theme.ContentAddIcon(), func() { p.StartForm() })))
	return box
}

var heroHint = "one hero a line: ID NAME AREA DEFENCE WEAPON1:RANGE WEAPON2:RANGE [SKILL] — e.g. H1 Ana A1 3 Rifle:3 Knife:0 Sneaky (names without spaces; _ for a space)"

// StartForm sets a mission up (StartMission).
func (p *playScreen) StartForm() *formDialog {
	s := p.k.state()
	var maps, facs []string
	for _, m := range s.Library.Maps {
		maps = append(maps, m.MissionID)
	}
	for _, f := range s.Library.Factions {
		facs = append(facs, f.ID)
	}
	modes := []string{rb.ModeRaid, rb.ModeCampaign}
	if s.Settings.NotOfThisEarth {
		modes = []string{rb.ModeNoteRaid, rb.ModeNoteCampaign}
	}
	first := func(l []string) string {
		if len(l) > 0 {
			return l[0]
		}
		return ""
	}
	return p.k.cmdForm("Set up a mission (§4)", "Set up", []fld{
		choice("Mission", maps, first(maps)),
		choice("Mode", modes, modes[0]),
		choice("Faction card", facs, first(facs)),
		area("Heroes", heroHint, ""),
		tick("1–2 player variant", "1–2 players with 1 hero each", false),
		text("Team heroism points", "raid: e.g. wild attack", ""),
		text("HP supply", "blank: the campaign's supply", ""),
		text("Tracker P/Q/L", "blank: the mission details' lengths, or e.g. 8 6 0", ""),
		text("Spawn deck", "card ids; blank: every spawn card entered", ""),
		text("Noise deck", "card ids (pre-alarm or alien world); blank: all", ""),
		text("Post-alarm noise deck", "card ids; blank: all", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		heroes, err := parseHeroes(v.S("Heroes"))
		if err != nil {
			return nil, err
		}
		c := rb.StartMission{Mission: v.S("Mission"), Mode: v.S("Mode"), Faction: v.S("Faction card"), Heroes: heroes,
			Variant12: v.B("1–2 player variant"), HPShared: v.L("Team heroism points"), HPSupply: v.L("HP supply"),
			SpawnDeck: v.L("Spawn deck"), NoiseDeck: v.L("Noise deck"), PostNoiseDeck: v.L("Post-alarm noise deck")}
		if l := v.L("Tracker P/Q/L"); len(l) > 0 {
			ns := make([]int, 3)
			for i := 0; i < len(l) && i < 3; i++ {
				if ns[i], err = atoi("tracker length", l[i]); err != nil {
					return nil, err
				}
			}
			c.PreAlarm, c.PostAlarm, c.AlienWorld = ns[0], ns[1], ns[2]
		}
		return plain(c), nil
	})
}

// parseHeroes reads the heroes of a mission set-up, one a line.
func parseHeroes(text string) ([]rb.HeroSetup, error) {
	ls, nums := lines(text)
	if len(ls) == 0 {
		return nil, fmt.Errorf("heroes: write at least one hero, as in \"H1 Ana A1 3 Rifle:3 Knife:0\"")
	}
	var out []rb.HeroSetup
	for i, l := range ls {
		f := strings.Fields(l)
		if len(f) < 6 || len(f) > 7 {
			return nil, fmt.Errorf("heroes, line %d: write ID NAME AREA DEFENCE WEAPON1:RANGE WEAPON2:RANGE and maybe a starting skill", nums[i])
		}
		h := rb.HeroSetup{ID: f[0], Name: strings.ReplaceAll(f[1], "_", " "), Area: f[2]}
		var err error
		if h.Defence, err = atoi(fmt.Sprintf("heroes, line %d, defence", nums[i]), f[3]); err != nil {
			return nil, err
		}
		for w := 0; w < 2; w++ {
			name, r, _ := strings.Cut(f[4+w], ":")
			h.Weapons[w].Name = strings.ReplaceAll(name, "_", " ")
			if h.Weapons[w].Range, err = atoi(fmt.Sprintf("heroes, line %d, weapon %d range", nums[i], w+1), r); err != nil {
				return nil, err
			}
		}
		if len(f) == 7 {
			h.StartingSkill = strings.ReplaceAll(f[6], "_", " ")
		}
		out = append(out, h)
	}
	return out, nil
}

func (p *playScreen) heroArea(id string) string {
	if m := p.k.mission(); m != nil {
		if h := m.HeroByID(id); h != nil {
			return h.Area
		}
	}
	return ""
}

// MoveForm is a move action: the areas entered in order.
func (p *playScreen) MoveForm(id string) *formDialog {
	return p.k.cmdForm("Move "+heroName(p.k.mission(), id), "Move", []fld{
		text("Path", "areas entered in order, e.g. A2 A3 (empty: stand up)", ""),
		tick("Basic move", "the basic move (else a card's move)", true),
		num("Modifiers", "movement modifiers played", 0),
		text("Reaction", "Withdraw, Evasive, a card — moves outside the hero's turn", ""),
		tick("Free move (NotE 1–2 players)", "", false),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		mods, err := v.I("Modifiers")
		if err != nil {
			return nil, err
		}
		path, basic, react, free := v.L("Path"), v.B("Basic move"), v.S("Reaction"), v.B("Free move (NotE 1–2 players)")
		return func(a ai.Answers) tracker.Command {
			return rb.Move{Hero: id, Path: path, Basic: basic && react == "" && !free, Modifiers: mods, Reaction: react, Free: free, Answers: a}
		}, nil
	})
}

func (p *playScreen) doors() []string {
	var out []string
	if m := p.k.mission(); m != nil {
		for _, d := range m.Map.Doors {
			out = append(out, d.ID)
		}
	}
	return out
}

// OpenDoorForm unlocks or opens a door.
func (p *playScreen) OpenDoorForm(id string) *formDialog {
	return p.k.cmdForm("Unlock or open a door", "Open", []fld{choice("Door", p.doors(), "")},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			door := v.S("Door")
			return func(a ai.Answers) tracker.Command { return rb.OpenDoor{Hero: id, Door: door, Answers: a} }, nil
		})
}

// FreeDoorForm is the 1–2 player variant's free unlock/open.
func (p *playScreen) FreeDoorForm() *formDialog {
	m := p.k.mission()
	return p.k.cmdForm("Free unlock/open (1–2 players)", "Open", []fld{
		choice("Hero", heroIDs(m), ""), choice("Door", p.doors(), ""), tick("Keys", "the hero has keys", false),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		h, d, keys := v.S("Hero"), v.S("Door"), v.B("Keys")
		return func(a ai.Answers) tracker.Command { return rb.FreeDoor{Hero: h, Door: d, Keys: keys, Answers: a} }, nil
	})
}

// AttackForm records a hero's attack.
func (p *playScreen) AttackForm(id string) *formDialog {
	m := p.k.mission()
	h := m.HeroByID(id)
	weapons := []string{"1. " + h.Weapons[0].Name, "2. " + h.Weapons[1].Name, "unarmed"}
	return p.k.cmdForm("Attack with "+h.Name, "Record the attack", []fld{
		choice("Weapon", weapons, weapons[0]),
		text("Targets", "unit ids, e.g. m3 m4", ""),
		num("Total", "the attack test's final total", 0),
		num("Defence bonus", "auras or cards the players apply", 0),
		tick("Basic attack", "", true),
		tick("Area attack", "hits every unit in the target area", false),
		tick("Grenade", "", false),
		tick("Loot", "a special spent for loot", false),
		tick("Versatile", "", false), tick("Dual wielding", "", false), tick("Accurate", "", false), tick("Armour piercing", "", false),
		text("HP before", "e.g. H1:attack", ""),
		text("HP after", "e.g. hq:wild", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		c, err := attackFields(v, weapons)
		if err != nil {
			return nil, err
		}
		c.Hero, c.Targets, c.Basic, c.Area, c.Grenade, c.DualWielding = id, v.L("Targets"), v.B("Basic attack"), v.B("Area attack"), v.B("Grenade"), v.B("Dual wielding")
		return func(a ai.Answers) tracker.Command { c.Answers = a; return c }, nil
	})
}

// attackFields reads what the attack and counter forms share: the weapon
// (the third choice is unarmed), the totals, the ticks and the heroism
// points spent.
func attackFields(v vals, weapons []string) (rb.Attack, error) {
	w := slices.Index(weapons, v.S("Weapon"))
	if w == 2 {
		w = -1
	}
	tot, err := v.I("Total")
	if err != nil {
		return rb.Attack{}, err
	}
	bonus, err := v.I("Defence bonus")
	if err != nil {
		return rb.Attack{}, err
	}
	before, err := parseHPRefs(v.S("HP before"))
	if err != nil {
		return rb.Attack{}, err
	}
	after, err := parseHPRefs(v.S("HP after"))
	if err != nil {
		return rb.Attack{}, err
	}
	return rb.Attack{Weapon: w, Total: tot, DefenceBonus: bonus, HPBefore: before, HPAfter: after, Loot: v.B("Loot"),
		Accurate: v.B("Accurate"), ArmourPiercing: v.B("Armour piercing"), Versatile: v.B("Versatile")}, nil
}

// NoiseForm records a noise test's final total (§6.3).
func (p *playScreen) NoiseForm() *formDialog {
	m := p.k.mission()
	return p.k.cmdForm("Noise test (§6.3)", "Record", []fld{
		choice("Hero", heroIDs(m), m.Current),
		num("Total", "the final total (Detect units are added by the app)", 0),
		tick("Weapon noise", "the noise came from a weapon", false),
		text("Card", "the noise card you drew, when you draw the noise deck yourselves (blank: asked when needed)", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		tot, err := v.I("Total")
		if err != nil {
			return nil, err
		}
		h, w, card := v.S("Hero"), v.B("Weapon noise"), v.S("Card")
		return func(a ai.Answers) tracker.Command {
			return rb.NoiseTest{Hero: h, Total: tot, Weapon: w, Card: card, Answers: a}
		}, nil
	})
}

// DecksForm says who draws one of the mission's decks: the app, or the
// players at the table (they then name each card or token they drew).
func (p *playScreen) DecksForm() *formDialog {
	m := p.k.mission()
	var words, now []string
	byWords := map[string]string{}
	for _, name := range rb.DeckNames {
		w := rb.DeckWords(name)
		words = append(words, w)
		byWords[w] = name
		who := "the app draws it"
		if m.DrawnByPlayers(name) {
			who = "you draw it"
		}
		now = append(now, w+": "+who)
	}
	return p.k.cmdForm("Who draws the decks", "Set", []fld{
		choice("Deck", words, words[0]),
		choice("Drawn by", []string{"the app", "us, at the table"}, "us, at the table"),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		name, ok := byWords[v.S("Deck")]
		if !ok {
			return nil, fmt.Errorf("choose the deck")
		}
		return plain(rb.DrawBy{Deck: name, Players: v.S("Drawn by") != "the app"}), nil
	}, widget.NewFormItem("Now", wrapped(strings.Join(now, "\n"))))
}

// BangForm records a BANG or a BOOM (§7.7).
func (p *playScreen) BangForm() *formDialog {
	return p.k.cmdForm("BANG or BOOM (§7.7)", "Record", []fld{
		choice("What", []string{"BANG", "BOOM"}, "BANG"),
		choice("Caused by", []string{"hero", "enemy"}, "hero"),
		text("Card", "the noise card you drew after the alarm, when you draw the noise deck yourselves", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		boom, cause, card := v.S("What") == "BOOM", v.S("Caused by"), v.S("Card")
		return func(a ai.Answers) tracker.Command {
			return rb.BangBoom{Boom: boom, Cause: cause, Card: card, Answers: a}
		}, nil
	})
}

var itemKinds = []string{"plain", rb.ItemVrilOrb, rb.ItemKeys, rb.ItemObjective, rb.ItemAlienHeart}

// SearchForm is the search action.
func (p *playScreen) SearchForm(id string) *formDialog {
	return p.k.cmdForm("Search", "Record", []fld{
		text("Item found", "its name", ""),
		choice("Kind", itemKinds, "plain"),
		tick("Already face up", "picking up a face-up item: no noise test", false),
		num("Face-down items here", "face-down item tokens in the hero's area (V-13: a search turns them over)", 0),
		num("Drop slot", "for a fifth item: the slot to drop (1–4), 0 none", 0),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		drop, err := v.I("Drop slot")
		if err != nil {
			return nil, err
		}
		down, err := v.I("Face-down items here")
		if err != nil {
			return nil, err
		}
		kind := v.S("Kind")
		if kind == "plain" {
			kind = ""
		}
		return plain(rb.Search{Hero: id, Found: rb.Item{Name: v.S("Item found"), Kind: kind}, FaceUp: v.B("Already face up"), FaceDown: down, Drop: drop - 1}), nil
	})
}

// RecoverForm is the compulsory Recover of a downed hero.
func (p *playScreen) RecoverForm(id string) *formDialog {
	return p.k.cmdForm("Recover", "Recover", []fld{text("Keep", "wound cards kept (at most 2), by number from 1", "")},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			var keep []int
			for _, w := range v.L("Keep") {
				n, err := atoi("keep", w)
				if err != nil {
					return nil, err
				}
				keep = append(keep, n-1)
			}
			return plain(rb.Recover{Hero: id, Keep: keep}), nil
		})
}

var cardActions = []string{"play", "playOngoing", "endEffect", "discard", "remove", "draw", "returnRemoved"}

// cardDurations are the durations a card played for an ongoing effect
// may have (§12.9), in the words the form offers.
var cardDurations = []string{rb.DurUntilDiscarded, rb.DurUntilNextHero, rb.DurUntilOwnNext}

func durationChoices() []string {
	out := make([]string, len(cardDurations))
	for i, d := range cardDurations {
		out[i] = rb.DurationWords(d)
	}
	return out
}

// CardsForm moves action cards. Lasts is the duration of a card played
// for an ongoing effect, or of the effect that ends (§12.9).
func (p *playScreen) CardsForm(id string) *formDialog {
	lasts := durationChoices()
	return p.k.cmdForm("Action cards", "Move the cards", []fld{
		choice("Action", cardActions, "play"), num("How many", "", 1),
		choice("Lasts", lasts, lasts[0]),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		n, err := v.I("How many")
		if err != nil {
			return nil, err
		}
		c := rb.Cards{Hero: id, Action: v.S("Action"), N: n}
		if c.Action == "playOngoing" || c.Action == "endEffect" {
			if i := slices.Index(lasts, v.S("Lasts")); i > 0 {
				c.Duration = cardDurations[i]
			}
		}
		return plain(c), nil
	})
}

func slotNum(v vals, label string) (int, error) {
	n, err := v.I(label)
	return n - 1, err
}

// UseItemForm uses an item.
func (p *playScreen) UseItemForm(id string) *formDialog {
	return p.k.cmdForm("Use an item", "Use", []fld{
		num("Item slot", "1–4", 1), tick("Used up", "discard it", false), tick("Jams", "Unreliable: it jams after use", false),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		i, err := slotNum(v, "Item slot")
		if err != nil {
			return nil, err
		}
		return plain(rb.UseItem{Hero: id, Item: i, Discard: v.B("Used up"), Jam: v.B("Jams")}), nil
	})
}

// GiveForm gives or takes an item.
func (p *playScreen) GiveForm(id string) *formDialog {
	return p.k.cmdForm("Give or take an item", "Record", []fld{
		choice("Other hero", heroIDs(p.k.mission()), ""), num("Item slot", "of the giver, 1–4", 1),
		tick("Take", "take from the other hero instead", false), num("Drop slot", "receiver's slot to drop for a fifth, 0 none", 0),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		i, err := slotNum(v, "Item slot")
		if err != nil {
			return nil, err
		}
		d, err := slotNum(v, "Drop slot")
		if err != nil {
			return nil, err
		}
		return plain(rb.GiveItem{Hero: id, Other: v.S("Other hero"), Item: i, Take: v.B("Take"), Drop: d}), nil
	})
}

// DropForm drops an item.
func (p *playScreen) DropForm(id string) *formDialog {
	return p.k.cmdForm("Drop an item", "Drop", []fld{num("Item slot", "1–4", 1)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			i, err := slotNum(v, "Item slot")
			if err != nil {
				return nil, err
			}
			return plain(rb.DropItem{Hero: id, Item: i}), nil
		})
}

// GearForm puts a jammed or drained token on a weapon or item.
func (p *playScreen) GearForm(id string) *formDialog {
	return p.k.cmdForm("Jammed or drained (§6.6)", "Put the token", []fld{
		choice("On", []string{"weapon", "item"}, "weapon"), num("Slot", "weapon 1–2 or item 1–4", 1),
		choice("Token", []string{rb.StatusJammed, rb.StatusDrained}, rb.StatusJammed),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		i, err := slotNum(v, "Slot")
		if err != nil {
			return nil, err
		}
		return plain(rb.SetGearStatus{Hero: id, Item: v.S("On") == "item", Slot: i, Status: v.S("Token")}), nil
	})
}

// ReadyForm readies a jammed or drained weapon, or an adjacent portal (§5.2,
// V-10: items are never readied).
func (p *playScreen) ReadyForm(id string) *formDialog {
	what := []string{"weapon 1", "weapon 2"}
	if pt := p.k.mission().Portal; pt != nil && pt.Tokens > 0 {
		what = append(what, "the portal in "+pt.Area)
	}
	return p.k.cmdForm("Ready equipment", "Ready it", []fld{
		choice("What", what, what[0]),
		num("Vril orb slot", "for a drained token: the item slot of the vril orb (or Alien Heart) spent, 0 none", 0),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		orb, err := slotNum(v, "Vril orb slot")
		if err != nil {
			return nil, err
		}
		switch w := v.S("What"); w {
		case "weapon 1", "weapon 2":
			return plain(rb.ReadyEquipment{Hero: id, Weapon: int(w[len(w)-1] - '1'), Item: -1, Orb: orb}), nil
		}
		return plain(rb.ReadyPortal{Hero: id, Orb: orb}), nil
	})
}

// VrilForm flips a weapon to its vril side (2 vril orbs).
func (p *playScreen) VrilForm(id string) *formDialog {
	return p.k.cmdForm("Vril enhancement (§6.6)", "Enhance", []fld{num("Weapon", "1 or 2", 1)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			i, err := slotNum(v, "Weapon")
			if err != nil {
				return nil, err
			}
			return plain(rb.VrilEnhance{Hero: id, Weapon: i}), nil
		})
}

// GrantForm records a card or skill granting another basic move/attack.
func (p *playScreen) GrantForm(id string) *formDialog {
	return p.k.cmdForm("Another basic move or attack", "Grant", []fld{
		choice("Grants", []string{"move", "attack"}, "move"), text("Reason", "the card or skill", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.GrantAction{Hero: id, Attack: v.S("Grants") == "attack", Reason: v.S("Reason")}), nil
	})
}

// EscortForm escorts a unit with the Escort keyword.
func (p *playScreen) EscortForm(id string) *formDialog {
	return p.k.cmdForm("Escort a unit", "Escort", []fld{text("Unit", "its id on the map", ""), num("Drop slot", "for a fifth item, 0 none", 0)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			d, err := slotNum(v, "Drop slot")
			if err != nil {
				return nil, err
			}
			return plain(rb.EscortUnit{Hero: id, Unit: v.S("Unit"), Drop: d}), nil
		})
}

// healItems are what a heal may come from (§12.3, §12.4); the first three
// limit it (V-46).
var healItems = []string{"Bandages", "Medic's Bag", "Pain Killers", "Vril Healing Potion", "other"}

// nobody is the "Used by" pick that names no hero.
const nobody = "not said"

// HealForm heals a hero's permanent wounds (§6.4), naming the item the heal
// comes from: the app limits it to what the item heals (V-46). One use of
// Bandages or a Medic's Bag may heal more heroes of the user's area: the
// players name the user and the others healed, as hero:wounds.
func (p *playScreen) HealForm(id string, n int) *formDialog {
	m := p.k.mission()
	return p.k.cmdForm("Heal (§6.4)", "Heal", []fld{
		choice("Item", healItems, "other"),
		{label: "Used by", hint: "the hero using the item; everyone healed shares their area", kind: fChoice, options: append([]string{nobody}, heroIDs(m)...), def: nobody},
		num("Wounds healed", "permanent wounds to discard", n),
		text("Cards", "wound cards by number from 1 (empty: the newest)", ""),
		text("Also healed", "other heroes healed by the same use, as hero:wounds (H2:1)", ""),
		text("Reason", "what healed the hero, when not an item", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		c := rb.Heal{Hero: id, Reason: v.S("Reason")}
		if it := v.S("Item"); it != "other" {
			c.Item = it
		}
		if by := v.S("Used by"); by != nobody {
			c.By = by
		}
		for _, w := range v.L("Cards") {
			i, err := atoi("cards", w)
			if err != nil {
				return nil, err
			}
			c.Cards = append(c.Cards, i-1)
		}
		if len(c.Cards) == 0 {
			var err error
			if c.N, err = v.I("Wounds healed"); err != nil {
				return nil, err
			}
		}
		also, err := parseHealShares(p.k.mission(), v.S("Also healed"))
		if err != nil {
			return nil, err
		}
		c.Also = also
		if c.Reason == "" && c.Item == "" {
			c.Reason = "healed at the table"
		}
		return plain(c), nil
	})
}

// parseHealShares reads the other heroes one heal reaches: "H2:1 Bo:2" —
// each hero by id or name, and the permanent wounds (1 when not written).
func parseHealShares(m *rb.Mission, s string) ([]rb.HealShare, error) {
	var out []rb.HealShare
	for _, w := range splitList(s) {
		who, count, hasCount := strings.Cut(w, ":")
		id := ""
		if m != nil {
			for _, h := range m.Heroes {
				if strings.EqualFold(h.ID, who) || strings.EqualFold(h.Name, who) {
					id = h.ID
					break
				}
			}
		}
		if id == "" {
			return nil, fmt.Errorf("also healed: there is no hero %q in this mission", who)
		}
		n := 1
		if hasCount {
			var err error
			if n, err = atoi("also healed", count); err != nil || count == "" {
				return nil, fmt.Errorf("also healed %q: write the hero and the wounds, as in H2:1", w)
			}
		}
		out = append(out, rb.HealShare{Hero: id, N: n})
	}
	return out, nil
}

// WoundForm gives a hero a wound card outside an enemy attack.
func (p *playScreen) WoundForm(id string) *formDialog {
	return p.k.cmdForm("Wound card (§6.4)", "Record", []fld{
		choice("How", []string{"auto", "surge"}, "auto"), text("Card", "the wound card's id", ""), text("Reason", "what wounded the hero", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		c := rb.WoundHero{Hero: id, Mode: v.S("How"), Card: v.S("Card"), Reason: v.S("Reason")}
		// Answers: a wound that downs the hero in their own turn may end it,
		// and the turn's end asks its sight questions (§5.2).
		return func(a ai.Answers) tracker.Command { c.Answers = a; return c }, nil
	})
}

// SkillForm flips a skill token.
func (p *playScreen) SkillForm(id string) *formDialog {
	var skills []string
	for _, s := range p.k.mission().HeroByID(id).Skills {
		skills = append(skills, s.ID)
	}
	return p.k.cmdForm("Skill token", "Flip", []fld{choice("Skill", skills, ""), tick("Active", "", false)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			return plain(rb.SetSkillActive{Hero: id, Skill: v.S("Skill"), Active: v.B("Active")}), nil
		})
}

// KnockBackForm knocks a hero back into an area.
func (p *playScreen) KnockBackForm(id string) *formDialog {
	return p.k.cmdForm("Knocked back", "Record", []fld{text("To", "the area", "")},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			return plain(rb.KnockBack{Hero: id, To: v.S("To")}), nil
		})
}

// DisguiseForm uses the Disguise Kit on a room.
func (p *playScreen) DisguiseForm(id string) *formDialog {
	return p.k.cmdForm("Disguise Kit", "Use it", []fld{choice("Room", p.k.mission().Rooms(), p.k.mission().RoomOf(p.heroArea(id)))},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			room := v.S("Room")
			return func(a ai.Answers) tracker.Command { return rb.DisguiseKit{Hero: id, Room: room, Answers: a} }, nil
		})
}

// AreaStateForm marks an area obscured or suppressed.
func (p *playScreen) AreaStateForm() *formDialog {
	var areas []string
	for _, a := range p.k.mission().Map.Areas {
		areas = append(areas, a.ID)
	}
	return p.k.cmdForm("Smoke or stun", "Record", []fld{
		choice("Area", areas, ""), choice("State", []string{"obscured", "suppressed"}, "obscured"), tick("On", "", true),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.AreaState{Area: v.S("Area"), Obscured: v.S("State") == "obscured", Suppressed: v.S("State") == "suppressed", On: v.B("On")}), nil
	})
}

// EndMissionForm ends the mission by hand.
func (p *playScreen) EndMissionForm() *formDialog {
	return p.k.cmdForm("End the mission", "End it", []fld{text("Reason", "all heroes captured, or as the players decide", "")},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			return plain(rb.EndMission{Reason: v.S("Reason")}), nil
		})
}

// CorrectForm sets a hero's dashboard by hand.
func (p *playScreen) CorrectForm(id string) *formDialog {
	h := *p.k.mission().HeroByID(id)
	return p.k.cmdForm("Correct "+h.Name+" by hand", "Correct", []fld{
		text("Area", "", h.Area), num("Defence", "", h.Defence),
		num("Hand", "", h.Hand), num("Draw pile", "", h.Draw), num("Discard", "", h.Discard), num("Removed", "", h.Removed), num("In play", "", h.InPlay),
		text("Heroism points", "e.g. attack wild", strings.Join(h.HP, " ")),
		text("Weapons", "two: NAME:RANGE[:vril][:jammed|drained], _ for a space", formatWeapons(h.Weapons)),
		text("Items", "NAME[:KIND][:STATUS] …", formatItems(h.Items)),
		text("Skills", "NAME[:used] …", formatSkills(h.Skills)),
		num("Wound cards", "permanent and kept non-permanent", len(h.Wounds)), num("Objective tokens", "", h.Objectives),
		tick("Knocked down", "", h.KnockedDown), tick("Captured", "", h.Captured),
		text("Reason", "why the dashboard is corrected", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		n := h
		n.Area = v.S("Area")
		var err error
		for _, f := range []struct {
			l  string
			to *int
		}{{"Defence", &n.Defence}, {"Hand", &n.Hand}, {"Draw pile", &n.Draw}, {"Discard", &n.Discard}, {"Removed", &n.Removed},
			{"In play", &n.InPlay}, {"Objective tokens", &n.Objectives}} {
			if *f.to, err = v.I(f.l); err != nil {
				return nil, err
			}
		}
		w, err := v.I("Wound cards")
		if err != nil {
			return nil, err
		}
		if w < 0 {
			return nil, fmt.Errorf("permanent wounds cannot be below 0")
		}
		n.Wounds = slices.Clone(h.Wounds)
		for len(n.Wounds) > w {
			n.Wounds = n.Wounds[:len(n.Wounds)-1]
		}
		for len(n.Wounds) < w {
			n.Wounds = append(n.Wounds, rb.Wound{})
		}
		n.HP = v.L("Heroism points")
		if n.Weapons, err = parseWeapons(v.S("Weapons")); err != nil {
			return nil, err
		}
		if n.Items, err = parseItems(v.S("Items")); err != nil {
			return nil, err
		}
		n.Skills = parseSkills(v.S("Skills"), h.Skills)
		n.KnockedDown, n.Captured = v.B("Knocked down"), v.B("Captured")
		return plain(rb.CorrectHero{Hero: n, Reason: v.S("Reason")}), nil
	})
}
