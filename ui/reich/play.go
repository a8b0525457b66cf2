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

	header *widget.Label
	where  *widget.Label
	track  *widgets.Track
	left   *widget.Label
	// Order is the turn order being chosen before the alarm, tapped into
	// shape (a hero moves up a place per tap).
	Order   []string
	orderRw *fyne.Container
	// Map is the mission drawn as on the table; decision the enemy's last
	// decision, with its "Why?".
	Map      *MapView
	decision *fyne.Container
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
	p.orderRw = container.NewVBox()
	p.Map = NewMapView()
	p.decision = container.NewVBox()
	p.NextButton = k.tap("Next", theme.MediaSkipNextIcon(), func() { p.Next() })
	p.NextButton.Importance = widget.HighImportance
	p.pending = container.NewVBox()
	p.actions = container.NewVBox()
	p.heroes = container.NewVBox()
	p.setup = container.NewVBox()
	p.body = container.NewVBox()
	p.root = container.NewVScroll(p.body)
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
	p.header.SetText(headerWords(m))
	p.where.SetText(p.k.ctx.Session.Where())
	p.refreshTrack(m)
	p.NextButton.SetText(p.nextLabel(m))
	if m.Ended {
		p.NextButton.Disable()
	} else {
		p.NextButton.Enable()
	}
	// What the table does next comes first: the step and its button, the
	// enemy's last decision, the attacks waiting for defence tests; then
	// the order, the tracker and the rest. The map stands beside (or, on
	// a narrow screen, under) them.
	top := container.NewVBox()
	if s := p.k.state(); s.Library.Practice {
		l := wrapped(practiceWords)
		l.Importance = widget.WarningImportance
		top.Add(l)
	}
	top.Add(p.header)
	// The order row: the players' choice before the alarm, the tokens they
	// dealt at the table after it (when they deal them).
	if m.Step == rb.StepChooseOrder && !m.Ended && (m.Phase != rb.PhasePostAlarm || m.TurnOrderByPlayers && !m.Dealt) {
		if !sameHeroes(p.Order, m.HeroesInPlay()) {
			p.Order = slices.Clone(m.HeroesInPlay())
		}
		p.refreshOrder(m)
		top.Add(p.orderRw)
	}
	top.Add(widgets.AtLeast(fyne.NewSize(200, widgets.MinTouch*1.3), p.NextButton))
	p.refreshDecision()
	top.Add(p.decision)
	p.refreshPending(m)
	top.Add(p.pending)
	// What the hero whose turn it is may do, next to the step's button:
	// under the order, the tracker and the map it took a scroll to reach.
	p.refreshActions(m)
	top.Add(p.actions)
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
	top.Add(p.track)
	top.Add(p.left)
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
	top.Add(widgets.NewFlow(extra...))
	p.Map.Names = p.k.namer()
	p.Map.SetMission(m, litBy(gameOf(p.k.ctx).lastPay))
	p.body.Add(widgets.NewAdaptiveAt(1000, top, p.Map))
	if m.Ended {
		// The end of the mission, without a trip to the Campaign tab.
		p.body.Add(p.ending(m))
	}
	p.refreshHeroes(m)
	p.body.Add(p.heroes)
	if !m.Ended {
		p.body.Add(p.ending(m))
	}
	p.body.Refresh()
}

// refreshOrder shows the turn order being chosen: the heroes in order,
// each but the first with a button that moves it up a place.
func (p *playScreen) refreshOrder(m *rb.Mission) {
	head := "Turn order this round (the players choose):"
	if m.Phase == rb.PhasePostAlarm {
		head = "Turn order this round, as the tokens were dealt at the table:"
	}
	p.orderRw.Objects = []fyne.CanvasObject{wrapped(head)}
	row := widgets.NewFlow()
	for i, id := range p.Order {
		i := i
		label := fmt.Sprintf("%d. %s", i+1, heroName(m, id))
		if i == 0 {
			row.Add(widgets.Touch(widget.NewLabelWithStyle(label, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})))
			continue
		}
		row.Add(widgets.Touch(button(label+" ↑", nil, func() {
			p.Order[i-1], p.Order[i] = p.Order[i], p.Order[i-1]
			p.refreshOrder(m)
		})))
	}
	p.orderRw.Add(row)
	p.orderRw.Refresh()
}

// litBy lists what a decision placed, for the map to light up.
func litBy(pay rb.Payload) []string {
	var lit []string
	if en := pay.Enemy; en != nil {
		for _, u := range en.Placed {
			lit = append(lit, u.Unit)
		}
		lit = append(lit, en.Tokens...)
	}
	return lit
}

// refreshDecision shows the enemy's last decision: what it did, and a
// Why? that opens its explanation.
func (p *playScreen) refreshDecision() {
	ev, pay := gameOf(p.k.ctx).decision()
	p.decision.Objects = nil
	if ev == nil {
		return
	}
	why := button("Why?", theme.QuestionIcon(), func() { p.k.showWhy(pay) })
	n := p.k.namer()
	p.decision.Add(cardBox(n.Line(pay.Summary), "", container.NewBorder(nil, nil, nil, widgets.Touch(why), wrapped(summaryText(pay, n)))))
	p.decision.Refresh()
}

// whyPanel is the explanation of an enemy decision, its step that made
// what the decision's card shows first highlighted (issue 23 item 3), not
// the one a generic reading of the trace finds.
func (k *kit) whyPanel(pay rb.Payload) *widgets.TracePanel {
	panel := widgets.NewTracePanel(traceOf(pay, k.namer()))
	if en := pay.Enemy; en != nil && en.Step > 0 && en.Step <= len(pay.Trace) {
		panel.SetDeciding(en.Step - 1)
	}
	return panel
}

// showWhy opens the explanation of an enemy decision.
func (k *kit) showWhy(pay rb.Payload) {
	n := k.namer()
	panel := k.whyPanel(pay)
	win := k.window().Canvas().Size()
	body := widgets.AtLeast(fyne.NewSize(min(max(win.Width-2*widgets.MinTouch, 0), 900), 0), container.NewVBox(wrapped(summaryText(pay, n)), panel))
	d := widgets.NewDialog("Why the enemy did this", body, k.window())
	d.Show()
	panel.ShowDeciding()
}

// headerWords head the Play tab: the mission, its mode, the round and its
// step.
func headerWords(m *rb.Mission) string {
	return fmt.Sprintf("%s · %s · Round %d · %s", rb.MissionName(m.ID), modeWords(m.Mode), m.Round, stepWords(m))
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
	tr := trackerOf(p.k.state(), m)
	p.track.Title = tr.Title
	p.left.SetText(tr.Left)
	p.track.Spaces = tr.Spaces
	p.track.SetCounters(tr.Counters)
	p.track.SetMarker(tr.Marker)
}

// missionTracker is the mission tracker as the Play tab draws it: its
// spaces, the marker's (from 0; -1 none), the alarm's counters and what
// the round marker's place means, in words.
type missionTracker struct {
	Title    string
	Spaces   []string
	Counters map[int][]widgets.Counter
	Marker   int
	Left     string
}

func trackerOf(st *rb.State, m *rb.Mission) missionTracker {
	tr := m.Tracker
	out := missionTracker{Counters: map[int][]widgets.Counter{}, Marker: -1}
	switch tr.Section {
	case "alien":
		for i := 1; i <= tr.Alien; i++ {
			out.Spaces = append(out.Spaces, fmt.Sprintf("A%d", i))
		}
		out.Marker = tr.Pos - 1
		out.Title = "Alien world tracker"
		out.Left = fmt.Sprintf("%d rounds left before the mission fails", st.RoundsLeft())
	default:
		for i := 1; i <= tr.Pre; i++ {
			out.Spaces = append(out.Spaces, fmt.Sprintf("P%d", i))
		}
		for i := 1; i <= tr.Post; i++ {
			out.Spaces = append(out.Spaces, fmt.Sprintf("Q%d", i))
		}
		if tr.Pre > 0 {
			out.Counters[tr.Pre-1] = append(out.Counters[tr.Pre-1], widgets.Counter{Label: "Alarm", Color: colAlert})
		}
		if tr.Section == "pre" {
			out.Marker = tr.Pos - 1
			if tr.AlarmPending {
				out.Counters[out.Marker] = append(out.Counters[out.Marker], widgets.Counter{Label: "ALARM!", Color: colAlert})
				out.Left = "The alarm is triggered: it sounds at the end of this round"
				if m.Paused != nil && m.Paused.Progress.Free {
					out.Left = "The alarm sounds: the enemy's free turn, then the marker goes onto post-alarm space 1"
				}
			} else {
				out.Left = fmt.Sprintf("%d rounds until the alarm", st.RoundsLeft())
			}
		} else {
			out.Marker = tr.Pre + tr.Pos - 1
			out.Left = fmt.Sprintf("Alarm sounded · %d rounds left before the mission fails", st.RoundsLeft())
		}
		out.Title = "Mission tracker (P pre-alarm, Q post-alarm)"
	}
	if m.Ended {
		out.Left = "The mission is over"
	}
	return out
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
		numIn("By", "spaces on (below 0: back)", by, -12, 12),
		text("Reason", "a card, the Tunnel Network, a correction", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		n, _ := v.I("By")
		return plain(rb.AdjustTracker{By: n, Reason: v.S("Reason")}), nil
	})
}

// SwapForm is Opportunist: swap turn order tokens straight after dealing.
func (p *playScreen) SwapForm() *formDialog {
	m := p.k.mission()
	name := func(h string) string { return heroName(m, h) }
	return p.k.cmdForm("Opportunist swap", "Swap", []fld{
		choiceW("Hero", m.TurnOrder, name, ""), choiceW("Swaps with", m.TurnOrder, name, ""),
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
	return p.k.cmdForm("End of round", "End the round", []fld{
		picks("Expired", "the obscured areas whose smoke ends now", areas, areaWords(m), areas),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		exp := v.L("Expired")
		return func(a ai.Answers) tracker.Command { return rb.EndRound{Expired: exp, Answers: a} }, nil
	})
}

// endTurn is the current hero's turn ended (Next on a hero's turn), with
// the players' answers to what the enemy rules asked.
func endTurn(a ai.Answers) tracker.Command { return rb.EndTurn{Answers: a} }

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
			p.k.do(rb.SetTurnOrder{Order: p.Order})
		case len(m.TurnOrder) > 0 && m.Dealt:
			p.k.do(rb.StartRound{})
		case m.TurnOrderByPlayers:
			p.k.do(rb.DealTurnOrder{Order: p.Order})
		default:
			p.k.do(rb.DealTurnOrder{})
		}
	case rb.StepHeroTurn:
		p.k.doAsk(endTurn)
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
