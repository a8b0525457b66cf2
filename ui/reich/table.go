package reich

import (
	"image"
	"strings"
	"sync"

	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/share"
	"tablekeeper/ui/widgets"
)

// ShareTable is Reichbusters' face on the shared page (package ui/share):
// a seat for each hero; the mission tracker with the alarm and each room's
// awareness; every hero's dashboard and every enemy unit with its wounds;
// the enemy's latest decision with its Why; and, for a seat, its own
// hero's wound cards, being knocked down, action cards and the end of its
// turn, and the enemy turn. Each tap stands for the very command the
// Play and Enemy tabs send.
func ShareTable() share.Table {
	t := &shareTable{}
	t.Built = t.build
	return t
}

type shareTable struct {
	share.Built // View and Command, from build
	pics        share.Pictures
	// last is the enemy's latest decision in effect, kept up to date from
	// the events seen since (the whole log read again after an undo or a
	// redo), as the screens keep theirs.
	mu   sync.Mutex
	last struct {
		campaign string
		seq      uint64
		ev       *tracker.Event
		pay      rb.Payload
	}
}

// The actions a page may send (Action.Name).
const (
	actWound       = "wound-card"
	actHeal        = "heal-a-wound"
	actKnockedDown = "knocked-down"
	actPlayCard    = "play-card"
	actDrawCard    = "draw-card"
	actDiscardCard = "discard-card"
	actEndTurn     = "end-turn"
	actEnemyTurn   = "enemy-turn"
)

var actionNames = []string{actWound, actHeal, actKnockedDown, actPlayCard, actDrawCard, actDiscardCard, actEndTurn, actEnemyTurn}

func tableState(s *tracker.Session) *rb.State {
	st, _ := s.State().(*rb.State)
	if st == nil {
		return &rb.State{Settings: rb.DefaultSettings()}
	}
	return st
}

// Seats are the heroes of the mission being played, else the campaign's
// heroes, by their hero card's ID.
func (t *shareTable) Seats(s *tracker.Session) []share.Seat {
	st := tableState(s)
	var out []share.Seat
	seen := map[string]bool{}
	if m := st.Mission; m != nil {
		for _, h := range m.Heroes {
			seen[h.ID] = true
			out = append(out, share.Seat{ID: h.ID, Name: h.Name, Kind: "Hero"})
		}
	}
	for _, h := range st.Campaign.Heroes {
		if !seen[h.ID] {
			out = append(out, share.Seat{ID: h.ID, Name: h.Name, Kind: "Hero"})
		}
	}
	return out
}

func (t *shareTable) Board(s *tracker.Session, size image.Point, dark bool) (image.Image, error) {
	_, pay := t.decision(s)
	return t.pics.Get(s, size, dark, func() image.Image { return BoardPicture(tableState(s), size, dark, pay) })
}

// build is the View for seat and the actions it offers, made together.
func (t *shareTable) build(s *tracker.Session, seat string) (share.View, *share.Offers) {
	st := tableState(s)
	m := st.Mission
	seats := t.Seats(s)
	o := share.NewOffers(seat, seats, actionNames...)
	for _, h := range seats {
		o.Figure(h.ID, h.Name, h.ID)
	}
	var v share.View
	if m == nil {
		v.Heading = "No mission is in play"
		for _, h := range st.Campaign.Heroes {
			v.Figures = append(v.Figures, share.Figure{Seat: h.ID, Name: h.Name,
				Stats: []share.Stat{{Label: "Permanent wounds", Value: len(h.Wounds)}},
				Lines: []string{"Between missions", "Heroism points: " + hpText(h.HP)}})
		}
		v.Decision = t.shownDecision(s)
		return v, o
	}
	v.Heading = headerWords(m)
	tr := trackerOf(st, m)
	if len(tr.Spaces) > 0 && tr.Marker >= 0 && tr.Marker < len(tr.Spaces) {
		v.Tracks = append(v.Tracks, share.Track{Label: tr.Title, Value: tr.Marker + 1, Min: 1, Max: len(tr.Spaces),
			Text: "Round marker on " + tr.Spaces[tr.Marker] + " · " + tr.Left})
	}
	for _, room := range m.Rooms() {
		a := m.Level(room)
		text := awarenessWords(a)
		if m.Phase == rb.PhasePostAlarm {
			a, text = content.Alert, "alert: the alarm has sounded"
		}
		v.Tracks = append(v.Tracks, share.Track{Label: "Room " + room + " awareness", Value: int(a), Min: int(content.AtEase), Max: int(content.Alert), Text: text})
	}
	var mine, others []share.Figure
	for i := range m.Heroes {
		f := t.hero(m, &m.Heroes[i], o)
		if seat != "" && f.Seat == seat {
			mine = append(mine, f)
		} else {
			others = append(others, f)
		}
	}
	n := st.Namer()
	for _, u := range m.Units {
		o.Figure(u.ID, n.Line(u.ID), "")
		f := share.Figure{Name: n.Line(u.ID), Stats: []share.Stat{{Label: "Wounds", Value: u.Wounds}}, Lines: []string{"in " + areaWords(m)(u.Area)}}
		if u.EscortedBy != "" {
			f.Lines = append(f.Lines, "escorted by "+heroName(m, u.EscortedBy))
		}
		others = append(others, f)
	}
	v.Figures = append(mine, others...)
	if seat != "" && !m.Ended {
		label := "Play the enemy turn"
		if m.Paused != nil {
			label = "Continue the enemy turn"
		}
		build, err := enemyTurn(m)
		if err != nil {
			v.Steps = append(v.Steps, share.Control{Label: label, Resolve: true, Why: capital(refusal(err))})
		} else if c, ok := o.Control(label, share.Action{Name: actEnemyTurn}, true, true, func() tracker.Command { return build(ai.Answers{}) }); ok {
			v.Steps = append(v.Steps, c)
		}
	}
	v.Decision = t.shownDecision(s)
	return v, o
}

// hero is a hero's dashboard, with its edits offered to its own seat.
func (t *shareTable) hero(m *rb.Mission, h *rb.Hero, o *share.Offers) share.Figure {
	id := h.ID
	name := h.Name
	if h.Player != "" {
		name += " (" + h.Player + ")"
	}
	f := share.Figure{Seat: id, Name: name, Lines: append([]string{strings.Join(heroStatus(h), " · ")}, dashboardLines(h)...)}
	switch {
	case h.Escaped:
		f.Down = "left the map"
	case h.Captured:
		f.Down = "captured"
	case h.Downed():
		f.Down = "downed"
	}
	if h.KnockedDown {
		f.Tags = append(f.Tags, share.Tag{Label: "Knocked down"})
	}
	wounds := share.Stat{Label: "Wound cards", Value: len(h.Wounds), Text: permanentWords(h)}
	hand := share.Stat{Label: "Action cards in hand", Value: h.Hand}
	mine := o.Mine(id) && !m.Ended && !h.Escaped
	if mine {
		// The dashboard's wound stepper opens the Wound card and Heal
		// forms; a phone sends them as they open (an attack or effect,
		// no card named; one permanent wound healed at the table).
		wounds.Plus = o.Offer(share.Action{Name: actWound, Figure: id}, false, func() tracker.Command {
			return woundCommand(id, "auto", "", "")(ai.Answers{})
		})
		if h.Permanent() > 0 {
			wounds.Minus = o.Offer(share.Action{Name: actHeal, Figure: id}, false, func() tracker.Command {
				return healCommand(id, "other", nobody, 1, nil, nil, "")
			})
		}
		add := func(label, name string, hold bool, cmd func() tracker.Command) {
			if c, ok := o.Control(label, share.Action{Name: name, Figure: id}, hold, false, cmd); ok {
				f.Controls = append(f.Controls, c)
			}
		}
		if h.Hand > 0 {
			add("Play an action card", actPlayCard, false, func() tracker.Command { return cardsCommand(id, "play", 1, rb.DurUntilDiscarded) })
			add("Discard an action card", actDiscardCard, false, func() tracker.Command { return cardsCommand(id, "discard", 1, rb.DurUntilDiscarded) })
		}
		if h.Draw > 0 {
			add("Draw an action card", actDrawCard, false, func() tracker.Command { return cardsCommand(id, "draw", 1, rb.DurUntilDiscarded) })
		}
		if !h.KnockedDown {
			add("Knocked down", actKnockedDown, false, func() tracker.Command { return knockDown(id) })
		}
		if m.Paused == nil && m.Step == rb.StepHeroTurn && m.Current == id {
			add("End "+h.Name+"'s turn", actEndTurn, true, func() tracker.Command { return endTurn(ai.Answers{}) })
		}
	}
	f.Stats = []share.Stat{wounds, hand}
	return f
}

// shownDecision is the enemy's latest decision as the Play tab sums it
// up and the Enemy tab explains it.
func (t *shareTable) shownDecision(s *tracker.Session) *share.Decision {
	ev, pay := t.decision(s)
	if ev == nil {
		return nil
	}
	n := tableState(s).Namer()
	why := strings.Split(summaryText(pay, n), "\n")
	return &share.Decision{Title: n.Line(pay.Summary), Why: append(why, widgets.ShownTrace(traceOf(pay, n))...)}
}

// decision is the enemy's latest decision in effect: read on from the
// last event seen, or again from the start after an undo or a redo (which
// may take one back or bring one back), as the screens do.
func (t *shareTable) decision(s *tracker.Session) (*tracker.Event, rb.Payload) {
	id, last := s.Campaign().ID, s.LastSeq()
	t.mu.Lock()
	defer t.mu.Unlock()
	l := &t.last
	if l.campaign == id && l.seq == last {
		return l.ev, l.pay
	}
	from := l.seq + 1
	if l.campaign != id || last < l.seq {
		from = 1
		l.ev, l.pay = nil, rb.Payload{}
	}
	again := false
	_ = s.Events(from, func(ev tracker.Event) error {
		if ev.Kind == tracker.KindUndo || ev.Kind == tracker.KindRedo {
			again = true // which decision is in effect may have changed
			return nil
		}
		if p, ok := decisionIn(ev); ok {
			e := ev
			l.ev, l.pay = &e, p
		}
		return nil
	})
	if again || (l.ev != nil && !s.InEffect(l.ev.Seq)) {
		l.ev, l.pay = nil, rb.Payload{}
		_ = s.Events(1, func(ev tracker.Event) error {
			if p, ok := decisionIn(ev); ok && s.InEffect(ev.Seq) {
				e := ev
				l.ev, l.pay = &e, p
			}
			return nil
		})
	}
	l.campaign, l.seq = id, last
	return l.ev, l.pay
}
