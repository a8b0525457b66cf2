package phantom

import (
	"encoding/json"
	"fmt"

	"tablekeeper/automa"
)

// AdversaryTurn plays the named adversary's turn (s.Adversary) on a copy of
// the situation: primary target, cards, movement, attacks, heals, with every
// step in the trace. r rolls what the situation asks the app to roll (the
// Decision die, attack and Accuracy dice); nil uses the situation's seeds.
// A roll that is neither entered nor rollable stops the turn there, and
// Turn.Stopped says which roll to make.
func AdversaryTurn(s *Situation, r automa.Rand) (Turn, automa.Trace, error) {
	var tr automa.Trace
	w, err := s.world(r, &tr)
	if err != nil {
		return Turn{}, tr, err
	}
	// Its searches' working memory goes back for the next decision.
	defer w.release()
	a := w.fig(s.Adversary)
	if a == nil {
		return Turn{}, tr, fmt.Errorf("adversary: no figure is named %q", s.Adversary)
	}
	dice := s.dice(r)
	t, err := w.adversaryTurn(a, dice, &tr)
	t.Made, t.Ask = dice.result(w.choices), w.ask
	return t, tr, err
}

// TargetChoice is a primary-target decision on its own.
type TargetChoice struct {
	Adversary     string `json:"adversary"`
	PrimaryTarget string `json:"primaryTarget"`
	// Kind is "enemy", "object" or "none".
	Kind  string `json:"kind"`
	Space string `json:"space,omitempty"`
}

// PrimaryTarget decides the named adversary's primary target (§8.6) where
// it stands, counting a Leap of leap steps (0: none).
func PrimaryTarget(s *Situation, name string, leap int, r automa.Rand) (TargetChoice, automa.Trace, error) {
	var tr automa.Trace
	w, err := s.world(r, &tr)
	if err != nil {
		return TargetChoice{}, tr, err
	}
	// Its searches' working memory goes back for the next decision.
	defer w.release()
	a := w.fig(name)
	if a == nil || !a.adversary() || !a.onMap() {
		return TargetChoice{}, tr, fmt.Errorf("adversary: %q is not an adversary on the map", name)
	}
	t := w.primaryTarget(a, leap, w.reach(a, w.turnActions(a)), nil, &tr)
	c := TargetChoice{Adversary: name, PrimaryTarget: w.tname(t), Kind: "none"}
	switch {
	case t.f != nil:
		c.Kind, c.Space = "enemy", w.label(t.f.Pos)
	case t.obj >= 0:
		c.Kind, c.Space = "object", w.label(t.obj)
	}
	return c, tr, nil
}

// OrderEntry is one figure's place in the round's turn order.
type OrderEntry struct {
	Name       string `json:"name"`
	Initiative int    `json:"initiative"`
}

// TurnOrderOf works out the round's initiative (§8.3, §9.2, §11.1 step 6)
// and order with its tie-breaks (§11.2). Characters give their initiative;
// adversaries take theirs from the drawn cards; adversaries placed after
// the draw have no turn.
func TurnOrderOf(s *Situation, r automa.Rand) ([]OrderEntry, automa.Trace, error) {
	var tr automa.Trace
	w, err := s.world(r, &tr)
	if err != nil {
		return nil, tr, err
	}
	var ts []Turner
	for _, f := range w.figs {
		if !f.onMap() {
			continue
		}
		t := Turner{Name: f.Name, Character: !f.adversary(), Type: f.Type, Colour: f.Colour, Seat: f.Seat,
			Q: w.b.sp[f.Pos].Q, R: w.b.sp[f.Pos].R}
		frozen := f.Conds.Has(Frozen)
		if f.adversary() && f.PlacedAfterDraw {
			// Regular adversaries and bosses alike (RB p.26, p.30).
			tr.Add("phantom-epoch §8.3, §9.4 (RB p.26, p.30)", "%s was placed after the draw: no initiative, no turn this round", f.Name)
			continue
		}
		switch f.Side {
		case SideCharacter:
			if f.Initiative < 1 {
				return nil, tr, fmt.Errorf("%s: no initiative entered (a resting character has 1)", f.Name)
			}
			t.Initiative = f.Initiative
		case SideBoss:
			b := w.bosses[f.Type]
			n, err := BossInitiative(b, b.Card, frozen)
			if err != nil {
				return nil, tr, err
			}
			t.Initiative = n
			t.Type = "boss " + f.Name // a boss is a type of its own
		default:
			ty := w.types[f.Type]
			row, ok := ty.ClassCard.Row(f.Colour)
			if ty.SpeciesCard == nil || !ok {
				return nil, tr, fmt.Errorf("%s: the %s cards for this round (species card and %s class row) are not entered", f.Name, f.Type, f.Colour)
			}
			t.Initiative = AdversaryInitiative(ty.SpeciesCard, row, frozen)
			for i, rr := range ty.ClassCard.Rows {
				if rr.Colour == f.Colour {
					t.RowOrder = i
				}
			}
		}
		st := tr.Add("phantom-epoch §11.1 step 6 (RB p.12)", "%s: initiative %d", f.Name, t.Initiative)
		if frozen && f.adversary() {
			st.Text += " (Frozen: AP doubled)"
		}
		ts = append(ts, t)
	}
	for i := range ts {
		p := w.pickSpace(w.fig(ts[i].Name).Pos)
		ts[i].Q, ts[i].R, ts[i].At = p.Q, p.R, &p
	}
	order := TurnOrder(ts, w.face, &tr)
	out := make([]OrderEntry, len(order))
	for i, t := range order {
		out[i] = OrderEntry{Name: t.Name, Initiative: t.Initiative}
	}
	return out, tr, nil
}

// Place puts a new adversary on the map (§10.2–10.3).
func Place(s *Situation, p Placement, r automa.Rand) (Placed, automa.Trace, error) {
	var tr automa.Trace
	w, err := s.world(r, &tr)
	if err != nil {
		return Placed{}, tr, err
	}
	// Its searches' working memory goes back for the next decision.
	defer w.release()
	res, err := w.place(p, &tr)
	return res, tr, err
}

// Output is what Resolve prints.
type Output struct {
	Decide      string        `json:"decide"`
	DecisionDie Face          `json:"decisionDie"`
	Turn        *Turn         `json:"turn,omitempty"`
	Target      *TargetChoice `json:"target,omitempty"`
	Order       []OrderEntry  `json:"order,omitempty"`
	Placement   *Placed       `json:"placement,omitempty"`
	Trace       automa.Trace  `json:"trace"`
	Explanation []string      `json:"explanation"`
}

// Resolve reads a situation file and returns the decision and its trace as
// indented JSON: the headless `tablekeeper resolve phantom-epoch FILE`.
func Resolve(situation []byte) ([]byte, error) {
	s, err := ParseSituation(situation)
	if err != nil {
		return nil, err
	}
	out := Output{Decide: s.Decide}
	if out.Decide == "" {
		out.Decide = "turn"
	}
	var tr automa.Trace
	switch out.Decide {
	case "turn":
		t, trc, err := AdversaryTurn(s, nil)
		if err != nil {
			return nil, err
		}
		out.Turn, tr = &t, trc
	case "target":
		c, trc, err := PrimaryTarget(s, s.Adversary, s.Leap, nil)
		if err != nil {
			return nil, err
		}
		out.Target, tr = &c, trc
	case "initiative":
		o, trc, err := TurnOrderOf(s, nil)
		if err != nil {
			return nil, err
		}
		out.Order, tr = o, trc
	case "react":
		t, trc, err := Reaction(s, s.Adversary, s.Attacker, s.Melee, nil)
		if err != nil {
			return nil, err
		}
		out.Turn, tr = &t, trc
	case "place":
		p, trc, err := Place(s, *s.Placement, nil)
		if err != nil {
			return nil, err
		}
		out.Placement, tr = &p, trc
	}
	s.mu.Lock()
	out.DecisionDie = s.used
	s.mu.Unlock()
	out.Trace = tr
	out.Explanation = TraceLines(tr)
	return json.MarshalIndent(out, "", "  ")
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}
