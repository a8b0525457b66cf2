package alone

import (
	"fmt"
	"image"
	"strings"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/share"
	"tablekeeper/ui/widgets"
)

// ShareTable is Alone's face on the shared page (package ui/share): the
// Hero's seat, and where people play the Evil side each Evil player's;
// the Round track with the Healing Cap and the Hero's Life and Self
// Control; the Hero sheet (Adrenaline, Items, the Companion, the
// Missions, what the Hero heard); the Evil players' hands and the
// Leader; the Evil side's latest decision in the words the Hero may read
// (its explanation only once the game is over, as the Enemy tab keeps
// it); and, for the Hero's seat, Life and Self Control, flipping the Turn
// token, the Items' Charges and the end of the Turn, for the Evil
// players the Leader token, and the app's Evil side's chance to react.
// Each tap stands for the very command the Play and Enemy tabs send. The
// Actions (their direction, Item and dice on the Action pad) stay on the
// app's screen: one is several commands in turn, not one tap's.
func ShareTable() share.Table {
	t := &shareTable{}
	t.Built = t.build
	return t
}

type shareTable struct {
	share.Built // View and Command, from build
	pics        share.Pictures
}

// heroSeat is the Hero's seat.
const heroSeat = "hero"

// The actions a page may send (Action.Name).
const (
	actLifeDown  = "life-down"
	actLifeUp    = "life-up"
	actSCDown    = "self-control-down"
	actSCUp      = "self-control-up"
	actFlip      = "flip-turn-token"
	actEndTurn   = "end-turn"
	actUseCharge = "use-charge"
	actLeader    = "take-the-leader-token"
	actEvil      = "evil-side-reacts"
)

var actionNames = []string{actLifeDown, actLifeUp, actSCDown, actSCUp, actFlip, actEndTurn, actUseCharge, actLeader, actEvil}

func tableState(s *tracker.Session) *ta.State {
	st, _ := s.State().(*ta.State)
	if st == nil {
		return &ta.State{}
	}
	return st
}

// evilSeat is the seat of Evil player i (from 0), by their place at the
// table, which setup fixes.
func evilSeat(i int) string { return fmt.Sprintf("evil-%d", i+1) }

// Seats are the Hero, and the Evil players where people play the Evil
// side.
func (t *shareTable) Seats(s *tracker.Session) []share.Seat {
	st := tableState(s)
	out := []share.Seat{{ID: heroSeat, Name: nonEmpty(st.Character, "Hero"), Kind: "Hero"}}
	if st.Started && st.Mode != ta.Solo {
		for i, n := range st.Evil.Players {
			out = append(out, share.Seat{ID: evilSeat(i), Name: n, Kind: "Evil player"})
		}
	}
	return out
}

func (t *shareTable) Board(s *tracker.Session, size image.Point, dark bool) (image.Image, error) {
	return t.pics.Get(s, size, dark, func() image.Image { return BoardPicture(tableState(s), size, dark) })
}

// build is the View for seat and the actions it offers, made together.
func (t *shareTable) build(s *tracker.Session, seat string) (share.View, *share.Offers) {
	st := tableState(s)
	seats := t.Seats(s)
	o := share.NewOffers(seat, seats, actionNames...)
	for _, x := range seats {
		o.Figure(x.ID, x.Name, x.ID)
	}
	var v share.View
	if !st.Started || st.Sheet == nil {
		v.Heading = "The game is not set up yet"
		return v, o
	}
	step := step(st)
	v.Heading = statusText(st, step)
	healCap := st.HealingCap()
	v.Tracks = []share.Track{
		{Label: "Round track", Value: st.RoundMarker, Min: 0, Max: max(len(st.Sheet.HealingCap)-1, 0), Text: fmt.Sprintf("Round %d · Healing Cap %d", st.Round, healCap)},
		// A track's text stands for its number on the page: it says it.
		{Label: "Life", Value: st.Life, Max: st.Sheet.HealthMax, Text: fmt.Sprintf("%d of %d · Healing Cap %d", st.Life, st.Sheet.HealthMax, healCap)},
		{Label: "Self Control", Value: st.SC, Max: st.Sheet.HealthMax, Text: fmt.Sprintf("%d of %d · Healing Cap %d", st.SC, st.Sheet.HealthMax, healCap)},
	}
	hero := t.hero(st, step, o)
	var evil []share.Figure
	if st.Mode != ta.Solo {
		for i := range st.Evil.Players {
			evil = append(evil, t.evilPlayer(st, i, o))
		}
	}
	if strings.HasPrefix(seat, "evil-") {
		v.Figures = append(evil, hero)
		for i, f := range v.Figures {
			if f.Seat == seat && i > 0 {
				v.Figures[0], v.Figures[i] = v.Figures[i], v.Figures[0]
			}
		}
	} else {
		v.Figures = append([]share.Figure{hero}, evil...)
	}
	if st.Mode == ta.Solo && seat != "" {
		c := share.Control{Label: "The Evil side reacts", Resolve: true, Hold: true, Why: whyNot(st, step, "evil")}
		if c.Why == "" {
			c, _ = o.Control(c.Label, share.Action{Name: actEvil}, true, true, evilTurnCommand)
		}
		v.Steps = append(v.Steps, c)
	}
	v.Decision = decision(s, st)
	return v, o
}

// hero is the Hero sheet, with its edits offered to the Hero's seat.
func (t *shareTable) hero(st *ta.State, step string, o *share.Offers) share.Figure {
	f := share.Figure{Seat: heroSeat, Name: nonEmpty(st.Character, "Hero")}
	if st.Outcome == ta.Defeated {
		f.Down = "defeated: Life and Self Control are both at 0"
	}
	mine := o.Mine(heroSeat) && st.Outcome == ""
	healCap := st.HealingCap()
	stat := func(label string, kind alone.DamageKind, value int, down, up string) share.Stat {
		x := share.Stat{Label: label, Value: value, Max: st.Sheet.HealthMax}
		if mine {
			// The Damage and recovery card with 1 point, from nothing
			// named: damage at 0 overflows into the other track, as the
			// rules say; recovery stops at the Healing Cap.
			x.Minus = o.Offer(share.Action{Name: down, Figure: heroSeat}, false, func() tracker.Command { return damageCommand(kind, 1, false, "", 0, "") })
			if value < healCap {
				x.Plus = o.Offer(share.Action{Name: up, Figure: heroSeat}, false, func() tracker.Command { return recoverCommand(kind, 1, "") })
			}
		}
		return x
	}
	f.Stats = []share.Stat{
		stat("Life", alone.LifeDamage, st.Life, actLifeDown, actLifeUp),
		stat("Self Control", alone.SCDamage, st.SC, actSCDown, actSCUp),
		{Label: "Adrenaline", Value: st.Adrenaline},
	}
	if st.Nightmare {
		f.Tags = append(f.Tags, share.Tag{Label: "Nightmare Mode"})
	}
	f.Lines = append(f.Lines, healthWords(st), adrenalineWords(st))
	for _, it := range st.Items {
		f.Lines = append(f.Lines, itemWords(it))
		if mine && it.Charges > 0 {
			id := it.ID
			if c, ok := o.Control("Use 1 Charge of "+it.Name, share.Action{Name: actUseCharge, Figure: heroSeat, Arg: id}, false, false,
				func() tracker.Command { return useCharge(id) }); ok {
				f.Controls = append(f.Controls, c)
			}
		}
	}
	if len(st.Items) == 0 {
		f.Lines = append(f.Lines, "No Items.")
	}
	if c := st.Companion; c != nil {
		f.Lines = append(f.Lines, "Companion: "+companionWords(c))
	}
	m := st.Missions
	f.Lines = append(f.Lines, missionWords("Starting 1", m.Starting[0]), missionWords("Starting 2", m.Starting[1]), missionWords("Final", m.Final))
	for i := max(0, len(st.Heard)-5); i < len(st.Heard); i++ {
		x := st.Heard[i]
		f.Lines = append(f.Lines, fmt.Sprintf("Heard in Round %d, Turn %d: %s", x.Round, x.Turn, x.Say))
	}
	if !mine {
		return f
	}
	// The Turn's own steps, as the Turn panel opens them.
	flip := share.Control{Label: fmt.Sprintf("Flip Turn token %d", min(st.TurnsUsed+1, alone.TurnsPerRound)), Hold: true, Why: whyNot(st, step, "start")}
	if flip.Why == "" {
		flip, _ = o.Control(flip.Label, share.Action{Name: actFlip, Figure: heroSeat}, true, false,
			func() tracker.Command { return startCommand("No Recover", false) })
	}
	end := share.Control{Label: "End the Turn", Hold: true, Why: whyNot(st, step, "endTurn")}
	if end.Why == "" {
		// The Creatures' attacks rolled by the app; without a Map the
		// players enter their hits on the app's screen.
		end, _ = o.Control(end.Label, share.Action{Name: actEndTurn, Figure: heroSeat}, true, false,
			func() tracker.Command { return endTurnCommand(st, nil, false) })
	}
	f.Controls = append(f.Controls, flip, end)
	return f
}

// evilPlayer is Evil player i's hand and the Leader token, with taking
// the token offered to their own seat.
func (t *shareTable) evilPlayer(st *ta.State, i int, o *share.Offers) share.Figure {
	seat := evilSeat(i)
	f := share.Figure{Seat: seat, Name: st.Evil.Players[i], Lines: []string{evilHandWords(st, i)}}
	if i == st.Evil.Leader {
		f.Tags = append(f.Tags, share.Tag{Label: "Leader"})
	} else if o.Mine(seat) && st.Outcome == "" {
		if c, ok := o.Control("Take the Leader token", share.Action{Name: actLeader, Figure: seat}, false, false,
			func() tracker.Command { return setLeader(i) }); ok {
			f.Controls = append(f.Controls, c)
		}
	}
	return f
}

// decision is the app's Evil side's latest decision, in the words the
// Hero may read: its explanation names what the Hero may not know, so
// until the game is over the page says so instead, as the Enemy tab does.
func decision(s *tracker.Session, st *ta.State) *share.Decision {
	if st.Mode != ta.Solo {
		return nil
	}
	e, ok := latestEvil(s)
	if !ok {
		return nil
	}
	d := &share.Decision{Title: s.Describe(e), Why: []string{hiddenWhy}}
	if tr, ok := ta.EvilTrace(e); ok && st.Outcome != "" {
		d.Why = widgets.ShownTrace(traceWords(tr, st.Map))
	}
	return d
}
