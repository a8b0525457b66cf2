package phantom

import (
	"maps"
	"slices"

	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// An adversary's turn (or reaction) is worked out on the state as it was,
// then waits for the players to confirm it. Meanwhile the table goes on:
// an effect inflicts Frozen on the adversary (RB p.50: during its own turn
// it has no immediate effect, stays, and affects its whole next turn), a
// Vengeful character strikes back, someone is healed, a figure is moved by
// hand. Those events were accepted, so the confirmation never drops them:
// it carries the decision's changes — what the engine changed from Before
// to the turn's figures — onto the figures as they stand now.

// notePending keeps, with a decision just worked out, the figures, objects
// and nova cells as it found them and the tick it was made at (rules
// revision 2 on; a decision replayed from an older log keeps none, and is
// confirmed as it was then).
func (s *State) notePending(m *Mission, x *ctx) error {
	if x.before(2) {
		return nil
	}
	p := m.Pending
	p.Tick = s.Tick
	p.Before = nil
	for _, f := range m.Figures {
		if !f.Defeated && f.Position != "" {
			p.Before = append(p.Before, phantom.FigureState{Name: f.Name, Position: f.Position, HP: f.HP, Conditions: f.CondList()})
		}
	}
	hm, err := s.liveMap()
	if err != nil {
		return err
	}
	p.BeforeObjects, p.BeforeNova = map[string]string{}, map[string]int{}
	l := hm.Layout()
	for _, sp := range l.Spaces {
		if sp.Object == hex.Destructible {
			p.BeforeObjects[sp.Label] = objectState(sp.ObjectState)
		}
		if sp.NovaCells > 0 {
			p.BeforeNova[sp.Label] = sp.NovaCells
		}
		if sp.Hazard == hex.Trap && sp.HazardSource == hex.HazardToken {
			p.BeforeTraps = append(p.BeforeTraps, sp.Label)
		}
	}
	return nil
}

func objectState(o hex.ObjectState) string {
	if o == "" {
		return "intact"
	}
	return string(o)
}

// objectStep is how far down an object's state is: intact 0, damaged 1,
// destroyed 2 (§5.2).
func objectStep(s string) int {
	switch s {
	case "damaged":
		return 1
	case "destroyed":
		return 2
	}
	return 0
}

var objectStates = []string{"intact", "damaged", "destroyed"}

// carried is a decision carried onto the table as it stands: the figures,
// objects and nova cells to apply, and whether anything was recorded
// while it waited.
type carried struct {
	figs    []phantom.FigureState
	objects map[string]string
	nova    map[string]int
	since   bool
}

// carry works out what confirming p does now. It refuses when what was
// recorded meanwhile makes the decision's outcome impossible to carry —
// the acting adversary defeated (the rest of its turn may not have
// happened), a figure the decision defeats healed out of reach, a space
// the decision ends on taken — and says to override it instead.
func (s *State) carry(m *Mission, p *Pending) (carried, error) {
	c := carried{since: s.Tick > p.Tick+1}
	if f := m.fig(p.Adversary); f != nil && f.Defeated && !defeatedBy(p, p.Adversary) {
		return c, tracker.Refuse(ruleAdv, "%s was defeated while its turn waited: the rest of its turn may not have happened — use Override to say what it did", p.Adversary)
	}
	drops := map[string]int{}
	for _, fs := range p.Turn.Figures {
		f := m.fig(fs.Name)
		if f == nil || f.Defeated {
			continue
		}
		b, ok := before(p, fs.Name)
		if !ok {
			continue
		}
		next := p.merge(f, b, fs)
		if next.HP > 0 && defeatedBy(p, fs.Name) {
			return c, tracker.Refuse(ruleAdv, "%s was healed while the turn waited, so the turn no longer defeats it: use Override to say what happened", f.Name)
		}
		if next.HP == 0 && !defeatedBy(p, fs.Name) && !f.character() && f.Position != "" {
			// Defeated by the decision and what was recorded meanwhile
			// together: it drops its nova cells where it stands (§8.14).
			drops[f.Position] += s.novaDrop(m, f)
		}
		c.figs = append(c.figs, next)
	}
	// Two figures on one space: a space the turn ends on was taken.
	at := map[string]string{}
	for _, g := range m.Figures {
		if !g.Defeated && g.Position != "" {
			at[g.Name] = g.Position
		}
	}
	for _, fs := range c.figs {
		if fs.HP > 0 {
			at[fs.Name] = fs.Position
		} else {
			delete(at, fs.Name)
		}
	}
	taken := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(at)) {
		if o, ok := taken[at[name]]; ok {
			return c, tracker.Refuse(ruleAdv, "%s and %s would both stand on %s: a space the turn ends on was taken while it waited — use Override to say where they are", o, name, at[name])
		}
		taken[at[name]] = name
	}
	hm, err := s.liveMap()
	if err != nil {
		return c, err
	}
	if len(p.Turn.Objects) > 0 {
		c.objects = map[string]string{}
		for label, after := range p.Turn.Objects {
			sp, ok := hm.Space(label)
			if !ok {
				continue
			}
			down := max(0, objectStep(after)-objectStep(p.BeforeObjects[label]))
			c.objects[label] = objectStates[min(2, objectStep(objectState(sp.ObjectState))+down)]
		}
	}
	if len(p.Turn.Nova) > 0 || len(drops) > 0 {
		c.nova = map[string]int{}
		for label, after := range p.Turn.Nova {
			if sp, ok := hm.Space(label); ok {
				c.nova[label] = max(0, sp.NovaCells+after-p.BeforeNova[label])
			}
		}
		for label, n := range drops {
			if _, ok := c.nova[label]; !ok {
				if sp, ok := hm.Space(label); ok {
					c.nova[label] = sp.NovaCells
				}
			}
			c.nova[label] += n
		}
	}
	return c, nil
}

func before(p *Pending, name string) (phantom.FigureState, bool) {
	for _, b := range p.Before {
		if b.Name == name {
			return b, true
		}
	}
	return phantom.FigureState{}, false
}

// defeatedBy: the decision itself defeats the figure.
func defeatedBy(p *Pending, name string) bool {
	for _, fs := range p.Turn.Figures {
		if fs.Name == name {
			return fs.HP <= 0 || fs.Position == ""
		}
	}
	return false
}

// merge is one figure after the decision, carried onto it as it stands:
// HP changed by what the decision changed; a space the decision moved it
// to, unless it was moved by hand since; conditions the decision gave or
// took given or taken, unless recorded again since (RB p.50: Frozen gained
// during its own turn stays), and the others as they stand now.
func (p *Pending) merge(f *Figure, b, fs phantom.FigureState) phantom.FigureState {
	out := phantom.FigureState{Name: f.Name, Position: f.Position}
	out.HP = min(max(f.HP+fs.HP-b.HP, 0), f.MaxHP)
	if fs.Position != "" && fs.Position != b.Position && f.Position == b.Position {
		out.Position = fs.Position
	}
	was, now := set(b.Conditions), set(fs.Conditions)
	since := func(c string) bool { t, ok := f.Conditions[c]; return ok && t > p.Tick }
	for _, c := range f.CondList() {
		if was[c] && !now[c] && !since(c) {
			continue // the decision took it
		}
		out.Conditions = append(out.Conditions, c)
	}
	for _, c := range fs.Conditions {
		gave := !was[c] || contains(fs.Gained, c) || contains(fs.Refreshed, c)
		if !gave {
			continue // held all along, untouched by the decision
		}
		if !contains(out.Conditions, c) {
			out.Conditions = append(out.Conditions, c)
		}
		if since(c) {
			continue // recorded again since: its timer stands
		}
		switch {
		case contains(fs.Gained, c):
			out.Gained = append(out.Gained, c)
		case contains(fs.Refreshed, c):
			out.Refreshed = append(out.Refreshed, c)
		}
	}
	slices.Sort(out.Conditions)
	return out
}

func set(list []string) map[string]bool {
	m := map[string]bool{}
	for _, x := range list {
		m[x] = true
	}
	return m
}

// Proposed is what the waiting decision makes of each figure still on the
// map, carried onto what was recorded since it was worked out (the
// override form starts from it).
func (m *Mission) Proposed() []phantom.FigureState {
	p := m.Pending
	if p == nil {
		return nil
	}
	var out []phantom.FigureState
	for _, fs := range p.Turn.Figures {
		f := m.fig(fs.Name)
		if f == nil || f.Defeated {
			continue
		}
		if b, ok := before(p, fs.Name); ok {
			fs = p.merge(f, b, fs)
		}
		out = append(out, phantom.FigureState{Name: fs.Name, Position: fs.Position, HP: fs.HP, Conditions: fs.Conditions})
	}
	return out
}
