package eternaut

import (
	"fmt"
	"image"
	"strings"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/share"
	"tablekeeper/ui/widgets"
)

// ShareTable is The Eternaut's face on the shared page (package ui/share):
// a seat for each Character of the group; the turn, the Timer and the
// Consumed cubes; each Character's board, life, ammo, penalties and
// items, and the NPCs and Enemies; the aliens' latest activation with its
// reasons; the Chronicle Diary's last lines; and, for a seat, its own
// Character's life and ammo and the turn's Action card played on its
// board, with the turn's end and the aliens' activation. The turn is a
// player's, not a Character's: any seat may end it, as any player at the
// table taps End turn. Each tap stands for the very command the Play and
// Enemy tabs send.
func ShareTable() share.Table {
	t := &shareTable{}
	t.Built = t.build
	return t
}

type shareTable struct {
	share.Built // View and Command, from build
	pics        share.Pictures
}

// The actions a page may send (Action.Name).
const (
	actLifeDown = "life-down"
	actLifeUp   = "life-up"
	actAmmoDown = "ammo-down"
	actAmmoUp   = "ammo-up"
	actPlayCard = "play-card-here"
	actEndTurn  = "end-turn"
	actActivate = "aliens-activate"
)

var actionNames = []string{actLifeDown, actLifeUp, actAmmoDown, actAmmoUp, actPlayCard, actEndTurn, actActivate}

// diaryLines is how many of the Chronicle Diary's last lines the page
// shows.
const diaryLines = 8

func tableState(s *tracker.Session) *et.State {
	st, _ := s.State().(*et.State)
	if st == nil {
		return &et.State{}
	}
	return st
}

// Seats are the group's Characters: those in play during a scenario,
// between scenarios those still with the group (found, alive).
func (t *shareTable) Seats(s *tracker.Session) []share.Seat {
	st := tableState(s)
	var out []share.Seat
	add := func(c *et.Character) { out = append(out, share.Seat{ID: c.ID, Name: c.Named(), Kind: "Character"}) }
	if st.Phase == et.PhasePlaying && st.Scenario != nil {
		for _, c := range boardOrder(st) {
			if !c.Gone() {
				add(c)
			}
		}
		return out
	}
	for _, c := range st.Roster {
		if c.Status == et.Alive {
			add(c)
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
	v.Diary = diaryTail(st)
	sc := st.Scenario
	if st.Phase != et.PhasePlaying || sc == nil {
		v.Heading = s.Where()
		if v.Heading == "" {
			v.Heading = "No scenario is being played"
		}
		for _, c := range st.Roster {
			if c.Status == et.Alive {
				v.Figures = append(v.Figures, share.Figure{Seat: c.ID, Name: c.Named(), Lines: []string{"Between scenarios"}})
			}
		}
		return v, o
	}
	v.Heading = "Scenario " + sc.Key + " · " + turnHeading(sc)
	if sc.CardPlayed {
		v.Heading += " · " + playedWhy
	}
	v.Tracks = append(v.Tracks, share.Track{Label: "Timer", Value: sc.Timer, Min: 0, Max: sc.TimerStart, Text: timerWords(sc)})
	if sc.CubesActive {
		v.Tracks = append(v.Tracks, share.Track{Label: "Consumed cubes on " + cubeTarget(sc), Value: sc.CubesOnTarget, Max: et.CubesForActivation,
			Text: fmt.Sprintf("%d of %d", sc.CubesOnTarget, et.CubesForActivation)})
	}
	var mine, others []share.Figure
	for _, c := range boardOrder(st) {
		f := t.character(st, c, o)
		if seat != "" && f.Seat == seat {
			mine = append(mine, f)
		} else {
			others = append(others, f)
		}
	}
	for _, f := range sc.Figures {
		name := strings.TrimSpace(f.ID + " " + f.Name)
		o.Figure(f.ID, name, "")
		fig := share.Figure{Name: name, Stats: []share.Stat{{Label: "Life", Value: f.LP, Max: f.MaxLP}}, Lines: []string{kindWord(f.Kind)}}
		if f.Defeated {
			fig.Down = "defeated"
		}
		others = append(others, fig)
	}
	v.Figures = append(mine, others...)
	if seat != "" {
		end := share.Control{Label: "End turn", Hold: true}
		if !sc.CardPlayed {
			// The page puts the button's words before its Why: the Play
			// tab's note without them.
			end.Why = sentence(strings.TrimPrefix(endTurnWhy, "End turn: "))
		} else {
			end, _ = o.Control(end.Label, share.Action{Name: actEndTurn}, true, false, endTurnCommand)
		}
		v.Steps = append(v.Steps, end)
		v.Steps = append(v.Steps, activationSteps(sc, o)...)
	}
	v.Decision = decision(sc)
	return v, o
}

// character is a Character's board, with its edits offered to its own
// seat.
func (t *shareTable) character(st *et.State, c *et.Character, o *share.Offers) share.Figure {
	sc := st.Scenario
	id := c.ID
	f := share.Figure{Seat: id, Name: c.Named()}
	if c.Gone() {
		f.Seat = ""
		f.Down = "dead"
		if c.Status == et.LeftGroup {
			f.Down = "left the group"
		}
		return f
	}
	mine := o.Mine(id) && !c.Unavailable
	if et.Letter(sc.Key) != "A" {
		life := share.Stat{Label: "Life", Value: c.LP, Max: et.CharMaxLP}
		ammo := share.Stat{Label: "Ammo", Value: c.Ammo, Max: et.AmmoCapPerCharacter}
		if mine {
			// The board's steppers, one step: damage or a heal, ammo lost
			// or gained.
			if c.LP > 0 {
				life.Minus = o.Offer(share.Action{Name: actLifeDown, Figure: id}, false, func() tracker.Command { return lifeCommand(id, c.LP, c.LP-1) })
			}
			if c.LP < et.CharMaxLP {
				life.Plus = o.Offer(share.Action{Name: actLifeUp, Figure: id}, false, func() tracker.Command { return lifeCommand(id, c.LP, c.LP+1) })
			}
			if c.Ammo > 0 {
				ammo.Minus = o.Offer(share.Action{Name: actAmmoDown, Figure: id}, false, func() tracker.Command { return ammoCommand(id, c.Ammo, c.Ammo-1) })
			}
			if c.Ammo < et.AmmoCapPerCharacter {
				ammo.Plus = o.Offer(share.Action{Name: actAmmoUp, Figure: id}, false, func() tracker.Command { return ammoCommand(id, c.Ammo, c.Ammo+1) })
			}
		}
		f.Stats = append(f.Stats, life, ammo)
	}
	lbl, _ := boardSlots(c, nil, nil)
	f.Stats = append(f.Stats, share.Stat{Label: "Cards on the board", Value: c.BoardCount(), Max: et.EndRoundThreshold, Text: lbl.Text})
	for range c.Penalties.Fatigue {
		f.Tags = append(f.Tags, share.Tag{Label: "Fatigue"})
	}
	if c.Penalties.HeavyWound {
		f.Tags = append(f.Tags, share.Tag{Label: "Heavy Wound"})
	}
	if c.Penalties.Madness {
		f.Tags = append(f.Tags, share.Tag{Label: "Madness"})
	}
	if c.Board != "" {
		f.Lines = append(f.Lines, "Board "+c.Board)
	}
	if c.Unavailable {
		f.Lines = append(f.Lines, "Out of play for now")
	}
	if c.Operating != "" {
		f.Lines = append(f.Lines, "Operating the "+c.Operating)
	}
	f.Lines = append(f.Lines, charLines(sc, c)...)
	if mine {
		play := share.Control{Label: "Play this turn's card here"}
		if sc.CardPlayed {
			play.Why = playedWhy
		} else {
			// On a Mad Character the app asks the card's name, which may
			// be left out; the phone leaves it out.
			play, _ = o.Control(play.Label, share.Action{Name: actPlayCard, Figure: id}, false, false, func() tracker.Command { return playCardCommand(id, "") })
		}
		f.Controls = append(f.Controls, play)
	}
	return f
}

// activationSteps are the Enemy tab's Resolve: the aliens activate from
// the module a Menace card names, one button a module.
func activationSteps(sc *et.Scenario, o *share.Offers) []share.Control {
	var out []share.Control
	for i, m := range sc.Aliens {
		label := "Resolve: the aliens activate"
		if len(sc.Aliens) > 1 {
			label += fmt.Sprintf(" from module %d (%s)", i+1, m.Race)
		}
		c := share.Control{Label: label, Hold: true, Resolve: true}
		if order, _, err := activationOrder(sc, i); err != nil || len(order) == 0 {
			c.Why = noAliensWhy
		} else {
			module := i + 1
			c, _ = o.Control(label, share.Action{Name: actActivate, N: module}, true, true, func() tracker.Command { return activationCommand(module) })
		}
		out = append(out, c)
	}
	return out
}

// decision is the enemy side's latest decision, as the Enemy tab lists
// its decisions: the newest, with its reasons, then the others of the
// same round, newest first (an activation deals the Consumed cubes again:
// the deal is the newest, the activation just before it); before the
// first, the order the rules give now from the leftmost module, with its
// Why.
func decision(sc *et.Scenario) *share.Decision {
	if n := len(sc.Activations); n > 0 {
		last := sc.Activations[n-1]
		title, why := activationWords(last)
		d := &share.Decision{Title: title, Why: why}
		for i := n - 2; i >= 0 && sc.Activations[i].Round == last.Round; i-- {
			t, w := activationWords(sc.Activations[i])
			d.Why = append(append(d.Why, t), w...)
		}
		return d
	}
	if len(sc.Aliens) == 0 {
		return nil
	}
	order, tr, err := activationOrder(sc, 0)
	if err != nil || len(order) == 0 {
		return nil
	}
	return &share.Decision{Title: "The aliens' activation order: " + strings.Join(order, " → "), Why: widgets.ShownTrace(tr)}
}

// diaryTail is the Chronicle Diary's last lines, as its text file writes
// them, for the scenarios played and the one on the table (the
// character tables and the campaign's page left to the Campaign tab).
func diaryTail(st *et.State) []string {
	played := map[string]bool{}
	for _, k := range st.Played {
		played[et.Letter(k)] = true
	}
	if st.Scenario != nil {
		played[et.Letter(st.Scenario.Key)] = true
	}
	var out []string
	section := ""
	for _, l := range strings.Split(et.DiaryMarkdown(st), "\n") {
		l = strings.TrimSpace(l)
		if s, ok := strings.CutPrefix(l, "## Scenario "); ok {
			section = s
			continue
		}
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "|") || strings.HasPrefix(l, "Storybook:") ||
			strings.HasSuffix(l, ":") || !played[section] {
			continue
		}
		l = strings.NewReplacer(`\|`, "|", `\\`, `\`).Replace(strings.TrimPrefix(l, "- "))
		out = append(out, "Scenario "+section+" · "+l)
	}
	if len(out) > diaryLines {
		out = out[len(out)-diaryLines:]
	}
	return out
}
