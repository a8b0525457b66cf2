package phantom

import (
	"fmt"
	"image"
	"strings"
	"sync"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/share"
	"tablekeeper/ui/widgets"
)

// ShareTable is Phantom Epoch's face on the shared page (package
// ui/share): a seat for each character of the campaign; the round, the
// Decision die and the party; every figure's HP, conditions and cards; the
// adversaries' latest decision with its Why; and, for a seat, the edits of
// its own character's card (HP, conditions, its turn's cards and items,
// starting and ending its turn) and the adversaries' Resolve and Confirm.
// Each tap stands for the very command the Play and Enemy tabs send.
func ShareTable() share.Table {
	t := &shareTable{}
	t.Built = t.build
	return t
}

type shareTable struct {
	share.Built // View and Command, from build
	pics        share.Pictures
	// last keeps the latest decision found in the log, by the event seen
	// last, so a page asking again does not read the log again.
	mu   sync.Mutex
	last struct {
		campaign string
		seq      uint64
		d        *pastDecision
	}
}

// The actions a page may send (Action.Name).
const (
	actHPDown     = "hp-down"
	actHPUp       = "hp-up"
	actRemove     = "remove-condition"
	actInflict    = "add-condition"
	actPlay       = "play-card"
	actPlayMove   = "play-card-as-move"
	actPlayAttack = "play-card-as-attack"
	actUseItem    = "use-item"
	actStartTurn  = "start-turn"
	actEndTurn    = "end-turn"
	actResolve    = "resolve"
	actConfirm    = "confirm"
)

var actionNames = []string{actHPDown, actHPUp, actRemove, actInflict, actPlay, actPlayMove, actPlayAttack,
	actUseItem, actStartTurn, actEndTurn, actResolve, actConfirm}

func tableState(s *tracker.Session) *tp.State {
	st, _ := s.State().(*tp.State)
	if st == nil {
		return &tp.State{}
	}
	return st
}

// Seats are the campaign's characters, by name (the name is each one's
// key in the campaign: it never changes).
func (t *shareTable) Seats(s *tracker.Session) []share.Seat {
	st := tableState(s)
	var out []share.Seat
	for _, n := range sortedKeys(st.Characters) {
		out = append(out, share.Seat{ID: n, Name: st.Characters[n].Name, Kind: "Character"})
	}
	return out
}

func (t *shareTable) Board(s *tracker.Session, size image.Point, dark bool) (image.Image, error) {
	return t.pics.Get(s, size, dark, func() image.Image { return BoardPicture(tableState(s), size, dark) })
}

// build is the View for seat and the actions it offers, made together.
func (t *shareTable) build(s *tracker.Session, seat string) (share.View, *share.Offers) {
	st := tableState(s)
	m := st.Mission
	o := share.NewOffers(seat, t.Seats(s), actionNames...)
	for n, ch := range st.Characters {
		o.Figure(n, ch.Name, n)
	}
	var v share.View
	v.Heading = heading(m)
	if m != nil && m.Round > 0 {
		// The text stands for the number on the page: it says it.
		text := fmt.Sprintf("%d · %s", m.Round, phaseWords(m.Phase))
		if m.Face != nil {
			text += fmt.Sprintf(" · Decision die %s %s/%s", m.Face.Colour, m.Face.Primary, m.Face.Secondary)
		}
		v.Tracks = append(v.Tracks, share.Track{Label: "Round", Value: m.Round, Min: 1, Text: text})
	}
	if m != nil {
		var standing []string
		for _, n := range m.Embarked {
			if f := figure(m, n); f != nil && !f.Defeated {
				standing = append(standing, n)
			}
		}
		v.Tracks = append(v.Tracks, share.Track{Label: "Party", Value: len(standing), Max: len(m.Embarked),
			Text: fmt.Sprintf("%d of %d standing: %s", len(standing), len(m.Embarked), orDefault(strings.Join(standing, ", "), "none"))})
	}
	var mine, others []share.Figure
	add := func(f share.Figure) {
		if seat != "" && f.Seat == seat {
			mine = append(mine, f)
		} else {
			others = append(others, f)
		}
	}
	inMission := map[string]bool{}
	if m != nil {
		for _, f := range m.Figures {
			if _, ok := st.Characters[f.Name]; !ok || f.Side != "character" {
				o.Figure(f.Name, f.Name, "")
			}
			inMission[f.Name] = true
			add(t.missionFigure(st, m, f, o))
		}
	}
	for _, n := range sortedKeys(st.Characters) {
		if !inMission[n] {
			add(sheetFigure(n, st.Characters[n], m != nil))
		}
	}
	v.Figures = append(mine, others...)
	v.Steps = enemySteps(m, o)
	v.Decision = t.decision(s, m)
	return v, o
}

// heading is the mission's round and whose turn it is.
func heading(m *tp.Mission) string {
	h := roundWords(m)
	switch {
	case m == nil || m.Phase != "turns":
	case m.Pending != nil:
		h += " · " + m.Pending.Adversary + "'s turn"
	case m.Current != "":
		h += " · " + m.Current + "'s turn"
	case nextFigure(m) != "":
		h += " · next: " + nextFigure(m)
	}
	return h
}

// missionFigure is a figure of the mission as its card on the Play tab
// shows it, with its edits offered to its own seat.
func (t *shareTable) missionFigure(st *tp.State, m *tp.Mission, f *tp.Figure, o *share.Offers) share.Figure {
	name := f.Name
	out := share.Figure{Name: name, Lines: []string{figureAbout(st, m, f)}}
	if _, ok := st.Characters[name]; ok && f.Side == "character" {
		out.Seat = name
	}
	mine := o.Mine(name) && f.Side == "character"
	if f.Defeated {
		out.Down = "defeated, off the map"
		return out
	}
	hp := share.Stat{Label: "HP", Value: f.HP, Max: f.MaxHP}
	by := defaultActing(m)
	if mine {
		if f.HP > 0 {
			hp.Minus = o.Offer(share.Action{Name: actHPDown, Figure: name}, false, func() tracker.Command { return hpCommand(f, f.HP-1, by) })
		}
		if f.HP < f.MaxHP {
			hp.Plus = o.Offer(share.Action{Name: actHPUp, Figure: name}, false, func() tracker.Command { return hpCommand(f, f.HP+1, by) })
		}
	}
	out.Stats = append(out.Stats, hp)
	for _, c := range f.CondList() {
		tag := share.Tag{Label: c}
		if mine {
			tag.Remove = o.Offer(share.Action{Name: actRemove, Figure: name, Arg: c}, false, func() tracker.Command { return removeCondition(name, c) })
		}
		out.Tags = append(out.Tags, tag)
		out.Lines = append(out.Lines, c+": "+CondDuration(c, f, m.Current == name))
	}
	if mine {
		// The conditions not held: a phone's list of what may be added
		// (the Play tab's picker offers a held one again too, which
		// restarts its timer; that stays the app's).
		for _, c := range conditionNames {
			if _, held := f.Conditions[c]; held {
				continue
			}
			if a := o.Offer(share.Action{Name: actInflict, Figure: name, Arg: c}, false, func() tracker.Command { return inflict(name, c, by) }); a != nil {
				out.Add = append(out.Add, share.Choice{Label: c, Action: *a})
			}
		}
	}
	if f.Side != "character" {
		return out
	}
	out.Stats = append(out.Stats, share.Stat{Label: "Bandages", Value: f.Bandages, Max: f.BandageSlots},
		share.Stat{Label: "Nova cells", Value: f.Nova})
	out.Lines = append(out.Lines, characterInfo(f))
	switch {
	case m.Phase == "select":
		out.Lines = append(out.Lines, selectWords(f))
	case m.Current == name:
		for _, id := range f.Selected {
			out.Lines = append(out.Lines, "Selected: "+cardAP(st, id))
			if !mine {
				continue
			}
			for _, p := range []struct{ act, label, convert string }{
				{actPlay, "Play " + id, ""}, {actPlayMove, "Play " + id + " as Move", "move"}, {actPlayAttack, "Play " + id + " as Attack", "attack"},
			} {
				if c, ok := o.Control(p.label, share.Action{Name: p.act, Figure: name, Arg: id}, false, false,
					func() tracker.Command { return playCard(name, id, p.convert) }); ok {
					out.Controls = append(out.Controls, c)
				}
			}
		}
		out.Lines = append(out.Lines, handWords(f))
	default:
		out.Lines = append(out.Lines, handWords(f))
	}
	for _, it := range f.Items {
		if it.Used {
			out.Lines = append(out.Lines, "Item "+it.ID+" (used)")
			continue
		}
		out.Lines = append(out.Lines, "Item "+it.ID)
		if !mine {
			continue
		}
		id := it.ID
		if c, ok := o.Control("Use "+id, share.Action{Name: actUseItem, Figure: name, Arg: id}, false, false,
			func() tracker.Command { return useItem(name, id) }); ok {
			out.Controls = append(out.Controls, c)
		}
	}
	if !mine {
		return out
	}
	// The character's own turn: its start when it comes next (the Play
	// tab's Next step), its end while it plays.
	if _, cmd := NextStep(st); cmd != nil {
		if start, ok := cmd.(tp.StartTurn); ok && start.Character == name {
			if c, ok := o.Control("Start "+name+"'s turn", share.Action{Name: actStartTurn, Figure: name}, true, false,
				func() tracker.Command { return restStart(st, name, nil) }); ok {
				out.Controls = append(out.Controls, c)
			}
		}
	}
	if m.Current == name {
		if c, ok := o.Control("End "+name+"'s turn", share.Action{Name: actEndTurn, Figure: name}, true, false,
			func() tracker.Command { return endTurn(name) }); ok {
			out.Controls = append(out.Controls, c)
		}
	}
	return out
}

// sheetFigure is a character not on the mission being played (or between
// missions): its campaign sheet's nova cells and SP, read only.
func sheetFigure(seat string, ch *tp.Character, mission bool) share.Figure {
	where := "Between missions"
	if mission {
		where = "Not on this mission"
	}
	return share.Figure{Seat: seat, Name: ch.Name,
		Stats: []share.Stat{{Label: "Nova cells", Value: ch.Nova}, {Label: "SP", Value: ch.SP}},
		Lines: []string{where, fmt.Sprintf("%s %s · %s", ch.Species, ch.Class, plural(len(ch.Cards), "Action card"))}}
}

// enemySteps are the Enemy tab's Resolve and Confirm, as it offers them
// now (the rolls left to the app).
func enemySteps(m *tp.Mission, o *share.Offers) []share.Control {
	var out []share.Control
	if cmd, ok := resolveCommand(m, nil, nil); ok {
		label := "Resolve the next adversary's turn"
		switch c := cmd.(type) {
		case tp.ResolveAdversaryTurn:
			label = "Resolve " + c.Adversary + "'s turn"
		case tp.ResolveReaction:
			label = "Resolve " + c.Adversary + "'s reaction"
		}
		if c, ok := o.Control(label, share.Action{Name: actResolve}, true, true, func() tracker.Command { return cmd }); ok {
			out = append(out, c)
		}
	}
	if m != nil && m.Pending != nil {
		p := m.Pending
		switch {
		case p.Turn.Stopped == "":
			if c, ok := o.Control("Confirm "+p.Adversary+"'s turn", share.Action{Name: actConfirm}, true, true, confirmCommand); ok {
				out = append(out, c)
			}
		case p.Turn.Ask != nil && o.Seat() != "":
			out = append(out, share.Control{Label: "Confirm " + p.Adversary + "'s turn", Resolve: true,
				Why: orderQuestion(p.Turn.Ask) + " That is answered on the app's Enemy tab."})
		}
	}
	return out
}

// decision is the adversaries' latest decision: the worked-out turn
// waiting to be confirmed, as the Enemy tab shows it, or else the latest
// one in the log (as the Enemy tab lists it among the earlier ones).
func (t *shareTable) decision(s *tracker.Session, m *tp.Mission) *share.Decision {
	if m != nil && m.Pending != nil {
		who, summary := pendingWords(m)
		why := strings.Split(summary, "\n")
		return &share.Decision{Title: who, Why: append(why, widgets.ShownTrace(TraceOf(m.Pending.Trace))...)}
	}
	d := t.latest(s)
	if d == nil {
		return nil
	}
	return &share.Decision{Title: d.Line, Why: widgets.ShownTrace(TraceOf(d.Trace))}
}

// latest is the latest decision in effect among the last events, as the
// Enemy tab's list of earlier decisions reads them (the same window of
// the log), kept until the campaign changes.
func (t *shareTable) latest(s *tracker.Session) *pastDecision {
	id, last := s.Campaign().ID, s.LastSeq()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.last.campaign == id && t.last.seq == last {
		return t.last.d
	}
	from := uint64(1)
	if last > 400 {
		from = last - 400
	}
	var found *pastDecision
	_ = s.Events(from, func(ev tracker.Event) error {
		if d := decisionIn(ev); d != nil && s.InEffect(ev.Seq) {
			found = d
		}
		return nil
	})
	t.last.campaign, t.last.seq, t.last.d = id, last, found
	return found
}
