package eternaut

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
)

// roundResult is an end of round as the players resolve it, in the
// rulebook's order (p.8; spec §5.3 E1–E6): Heavy Wound damage, the Timer's
// move, the Event counters' paragraphs, the Menace card's section, the
// abilities face up again, who starts the next round.
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
		out = append(out, "Before the end of the round: "+a)
	}
	out = append(out, "The Action cards go to the discard; penalty cards stay")
	if len(r.Wounds) == 0 {
		out = append(out, "No Heavy Wound to resolve")
	}
	out = append(out, r.Wounds...)
	out = append(out, r.Timer)
	for _, e := range r.Events {
		out = append(out, "The First Player reads "+e)
	}
	if r.Menace != "" {
		out = append(out, r.Menace)
	}
	if len(r.Refreshed) > 0 {
		out = append(out, "Face up again: "+strings.Join(r.Refreshed, ", "))
	}
	if r.Next != "" {
		out = append(out, r.Next)
	}
	return out
}

type before struct {
	timer, round, activations int
	lp                        map[string]int
	faceDown                  []string
}

// endTurn ends the turn (the check for the end of the round, the Consumed
// cubes' activation, the end of the round itself) and keeps what the end
// of a round did for the results card.
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
	var src fyne.CanvasObject
	if p.EndTurnBtn != nil {
		src = p.EndTurnBtn
	}
	if !p.doFrom(src, endTurnCommand()) {
		return
	}
	after := p.state()
	asc := after.Scenario
	if asc == nil || (asc.Timer == b.timer && after.Phase == et.PhasePlaying) {
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

// endTurnCommand is End turn's: the end-of-round check, the cubes'
// activation and the end of the round follow from it.
func endTurnCommand() tracker.Command { return et.EndTurn{} }

// Results is the last end of round shown, or nil.
func (p *PlayScreen) Results() *roundResult { return p.results }

func (p *PlayScreen) resultsCard(s *et.State) fyne.CanvasObject {
	r := p.results
	box := container.NewVBox()
	for _, l := range r.Lines() {
		lab := wrap("• " + l)
		if strings.Contains(l, "reads ") || strings.HasPrefix(l, "Reveal a Menace") {
			lab.TextStyle.Bold = true
			lab.Importance = widget.HighImportance
		}
		box.Add(lab)
	}
	for _, key := range r.Events {
		k := key
		first := s.Scenario.FirstPlayer
		box.Add(p.act(boolWord(paragraphRead(s, k), "Read ✓ "+k, "Mark "+k+" as read"), func() tracker.Command {
			return et.ReadParagraph{Key: k, Kind: et.TimerToken, By: fmt.Sprintf("First Player (%d)", first)}
		}))
	}
	box.Add(btn("Hide", func() { p.results = nil; p.Refresh() }))
	return card(fmt.Sprintf("End of round %d", r.Round), "", box)
}
