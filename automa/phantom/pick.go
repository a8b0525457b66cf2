package phantom

import (
	"fmt"

	"tablekeeper/automa"
)

// Pickable is one option put to the Decision die: a figure, a space, an
// object or a line of sight. Colour is the figure's base colour ("" for
// spaces, objects and lines). The reference position is kept in the exact
// integer frame of spec §2.1 item 4 (X = 2q + r, Y = 3r) as a fraction
// (X/Den, Y/Den) so that a line's centroid of blockers (§8.5) needs no
// floating point. Q and R are the axial coordinates used by the last-resort
// rule (lowest r, then q).
type Pickable struct {
	Name   string
	Colour Colour
	X, Y   int
	Den    int
	Q, R   int
}

// At makes a Pickable positioned on the centre of axial space (q, r).
func At(name string, c Colour, q, r int) Pickable {
	return Pickable{Name: name, Colour: c, X: 2*q + r, Y: 3 * r, Den: 1, Q: q, R: r}
}

// Centroid makes a Pickable at the centroid of the given axial spaces.
func Centroid(name string, qs, rs []int) Pickable {
	p := Pickable{Name: name, Den: len(qs)}
	if p.Den == 0 {
		p.Den = 1
		return p
	}
	for i := range qs {
		p.X += 2*qs[i] + rs[i]
		p.Y += 3 * rs[i]
	}
	p.Q, p.R = qs[0], rs[0]
	for i := range qs {
		if rs[i] < p.R || (rs[i] == p.R && qs[i] < p.Q) {
			p.Q, p.R = qs[i], rs[i]
		}
	}
	return p
}

// further reports whether a is strictly further than b in direction d, and
// whether they are level.
func further(a, b Pickable, d Dir) (bool, bool) {
	// Cross-multiply the fractions (Den > 0).
	ax, bx := a.X*b.Den, b.X*a.Den
	ay, by := a.Y*b.Den, b.Y*a.Den
	switch d {
	case North: // smaller Y
		return ay < by, ay == by
	case South:
		return ay > by, ay == by
	case East: // larger X
		return ax > bx, ax == bx
	default: // West
		return ax < bx, ax == bx
	}
}

// DecisionPick chooses one of cands with the round's Decision die face, by
// the procedure of spec §3.3 (RB p.36–37): colour, then the primary
// direction, then the secondary direction; a tie that survives all three
// (same position, or parallel directions) goes to the lowest (r, q) and the
// trace says so, since the rulebook leaves it to the players. It
// returns the index of the chosen candidate and records one step.
func DecisionPick(cands []Pickable, face Face, tr *automa.Trace, what string) int {
	st := tr.Add("phantom-epoch §3.3 (RB p.36-37)", "Decision die picks %s among %d tied options", what, len(cands))
	st.Die = "Decision die: " + face.String()
	if len(cands) == 0 {
		st.Result = "nothing to pick"
		return -1
	}
	alive := make([]int, len(cands))
	for i := range cands {
		alive[i] = i
	}
	drop := func(keep func(int) bool, why string) {
		var next []int
		for _, i := range alive {
			if keep(i) {
				next = append(next, i)
			} else {
				st.Dropped = append(st.Dropped, automa.Candidate{Name: cands[i].Name, Facts: pickFacts(cands[i]), Reason: why})
			}
		}
		alive = next
	}
	// 1. colour
	if len(alive) > 1 {
		match := false
		for _, i := range alive {
			if cands[i].Colour != "" && cands[i].Colour == face.Colour {
				match = true
			}
		}
		if match {
			drop(func(i int) bool { return cands[i].Colour == face.Colour }, "colour is not "+string(face.Colour))
			st.TieBreak = "colour"
		}
	}
	// 2–3. primary then secondary direction
	for _, d := range []struct {
		dir  Dir
		name string
	}{{face.Primary, "primary direction"}, {face.Secondary, "secondary direction"}} {
		if len(alive) <= 1 {
			break
		}
		best := alive[0]
		for _, i := range alive[1:] {
			if f, _ := further(cands[i], cands[best], d.dir); f {
				best = i
			}
		}
		before := len(alive)
		drop(func(i int) bool { _, level := further(cands[i], cands[best], d.dir); return level },
			fmt.Sprintf("not furthest %s (%s)", dirWord(d.dir), d.name))
		if len(alive) < before {
			st.TieBreak = d.name + " " + string(d.dir)
		}
	}
	// 4. unresolved: lowest (r, q), flagged.
	if len(alive) > 1 {
		best := alive[0]
		for _, i := range alive[1:] {
			if cands[i].R < cands[best].R || (cands[i].R == cands[best].R && cands[i].Q < cands[best].Q) {
				best = i
			}
		}
		// the players may choose; the lowest (r, q) is taken.
		drop(func(i int) bool { return i == best }, "still tied after the die; the one nearest the map's top, then its left, kept")
		st.TieBreak = "the die leaves a tie: the players may choose; the app took the one nearest the map's top, then its left"
	}
	c := cands[alive[0]]
	st.Kept = []automa.Candidate{{Name: c.Name, Facts: pickFacts(c)}}
	st.Result = c.Name
	return alive[0]
}

func pickFacts(p Pickable) map[string]any {
	m := map[string]any{}
	if p.Colour != "" {
		m["colour"] = string(p.Colour)
	}
	if p.Den == 1 {
		m["x"], m["y"] = p.X, p.Y
	} else {
		m["x"], m["y"] = fmt.Sprintf("%d/%d", p.X, p.Den), fmt.Sprintf("%d/%d", p.Y, p.Den)
	}
	return m
}

func dirWord(d Dir) string {
	switch d {
	case North:
		return "north"
	case South:
		return "south"
	case East:
		return "east"
	}
	return "west"
}
