package phantom

import (
	"fmt"
	"strings"

	"tablekeeper/automa"
)

const rulePlace = "phantom-epoch §10.3 (RB p.26)"

// Placement asks to place a new adversary or boss (§10.2–10.3).
type Placement struct {
	// Name for the new figure; empty gives "<type> <n>".
	Name string `json:"name,omitempty"`
	// Type is the adversary type, or the boss board's name when Boss.
	Type string `json:"type"`
	Boss bool   `json:"boss,omitempty"`
	// Space is the label the icon or mission text names.
	Space string `json:"space"`
	// Characters is the icon's character count ("3-4" → 3): placed only
	// when at least that many characters embarked (§10.2); 0: always.
	Characters int `json:"characters,omitempty"`
	// ByEvent: placed by an Event card or a mission event (no nova drop).
	ByEvent bool `json:"byEvent,omitempty"`
	// AfterDraw: this round's adversary cards are already drawn.
	AfterDraw bool `json:"afterDraw,omitempty"`
}

// Placed is where and how a new adversary went on the map.
type Placed struct {
	Placed  bool          `json:"placed"`
	Name    string        `json:"name,omitempty"`
	Space   string        `json:"space,omitempty"`
	Colour  Colour        `json:"colour,omitempty"`
	HP      int           `json:"hp,omitempty"`
	NoTurn  bool          `json:"noTurnThisRound,omitempty"`
	Effects []string      `json:"effects,omitempty"`
	WhyNot  string        `json:"whyNot,omitempty"`
	Figures []FigureState `json:"figures,omitempty"`
}

// empty is the rulebook's empty space (RB p.34, §2.4): no figure, no
// blocking object, no closed door, no hazard; a figure also cannot be put
// on a gap or an orb.
func (w *world) empty(s int) bool {
	sp := &w.b.sp[s]
	return w.occ[s] == nil && !w.b.blockingObject(s) && !sp.ClosedDoor && sp.Hazard == "" && !sp.Gap && !sp.Orb
}

// place puts a new adversary on the map by §10.2–10.3.
func (w *world) place(p Placement, tr *automa.Trace) (Placed, error) {
	res := Placed{}
	target, ok := w.b.byLabel[p.Space]
	if !ok {
		return res, fmt.Errorf("placement: %q is not a space on the map", p.Space)
	}
	side := SideAdversary
	hp := 0
	var rowColours []Colour
	standees := 0
	if p.Boss {
		b := w.bosses[p.Type]
		if b == nil {
			return res, fmt.Errorf("placement: no boss board named %q", p.Type)
		}
		side, hp = SideBoss, b.HP[column(w.chars)]
	} else {
		t := w.types[p.Type]
		if t == nil {
			return res, fmt.Errorf("placement: no adversary type named %q", p.Type)
		}
		hp, standees = t.HP, t.Standees
		if t.ClassCard != nil {
			for _, r := range t.ClassCard.Rows {
				rowColours = append(rowColours, r.Colour)
			}
		}
	}
	// §10.2: character count (bosses are always placed).
	if !p.Boss && p.Characters > 0 && w.chars < p.Characters {
		res.WhyNot = fmt.Sprintf("the icon needs at least %d characters; %d embarked", p.Characters, w.chars)
		tr.Add("phantom-epoch §10.2 (RB p.10, p.34)", "%s", res.WhyNot).Result = "not placed"
		return res, nil
	}
	present := 0
	used := map[Colour]int{}
	for _, f := range w.figs {
		if f.onMap() && f.Type == p.Type && f.Side == side {
			present++
			used[f.Colour]++
		}
	}
	if standees > 0 && present >= standees {
		res.WhyNot = fmt.Sprintf("all %d standees of %s are in play", standees, p.Type)
		tr.Add(rulePlace, "%s", res.WhyNot).Result = "not placed"
		return res, nil
	}
	space := target
	if w.occ[target] != nil {
		st := tr.Add(rulePlace, "%s holds %s: the closest empty space instead", p.Space, w.occ[target].Name)
		d := w.b.ranges(target)
		best := inf
		var cands []int
		for s := range w.b.sp {
			if !w.empty(s) || d[s] >= inf {
				continue
			}
			if d[s] < best {
				best, cands = d[s], nil
			}
			if d[s] == best {
				cands = append(cands, s)
			}
		}
		if len(cands) == 0 {
			res.WhyNot = "no empty space to place it on"
			st.Result = "not placed"
			return res, nil
		}
		for _, s := range cands {
			st.Kept = append(st.Kept, automa.Candidate{Name: w.label(s), Facts: map[string]any{"range": best}})
		}
		st.Result = fmt.Sprintf("closest empty spaces at range %d", best)
		space = cands[0]
		if len(cands) > 1 {
			ps := make([]Pickable, len(cands))
			for i, s := range cands {
				ps[i] = w.pickSpace(s)
			}
			space = cands[DecisionPick(ps, w.face, tr, "the placement space")]
		}
	}
	// Colour (§10.3 item 4).
	order := rowColours
	if len(order) == 0 {
		order = Colours
	}
	var colour Colour
	cst := tr.Add(rulePlace+" item 4 (RB p.10, p.26)", "HP-base colour for the new %s (%d already on the map)", p.Type, present)
	if present < 4 {
		for _, c := range order {
			if used[c] == 0 {
				colour = c
				break
			}
		}
		cst.Result = string(colour) + " (a colour not yet used by this type; players may pick another unused one)"
	} else {
		least := inf
		for _, c := range order {
			least = min(least, used[c])
		}
		var tied []string
		for _, c := range order {
			if used[c] == least {
				if colour == "" {
					colour = c
				}
				tied = append(tied, string(c))
			}
		}
		cst.Result = string(colour) + " (used by the fewest of this type)"
		if len(tied) > 1 {
			cst.TieBreak = fmt.Sprintf("tied colours %s: players choose; the first in card order is proposed", strings.Join(tied, ", "))
		}
	}
	name := p.Name
	if name == "" {
		name = fmt.Sprintf("%s %d", p.Type, present+1)
		for n := present + 1; w.fig(name) != nil; n++ {
			name = fmt.Sprintf("%s %d", p.Type, n+1)
		}
	}
	f := &fig{Name: name, Side: side, Type: p.Type, Colour: colour, Pos: space, HP: hp, MaxHP: hp, Conds: Conds{},
		PlacedAfterDraw: p.AfterDraw, PlacedByEvent: p.ByEvent}
	w.figs = append(w.figs, f)
	w.occ[space] = f
	res = Placed{Placed: true, Name: name, Space: w.label(space), Colour: colour, HP: hp, NoTurn: p.AfterDraw}
	// It has entered the space: hazards trigger at once.
	if e := w.enter(f, space); e != "" {
		res.Effects = append(res.Effects, e)
	}
	res.HP = f.HP
	tr.Add(rulePlace, "%s placed on %s", name, w.label(space)).Result = w.label(space)
	if p.AfterDraw {
		tr.Add(rulePlace+" item 5", "cards were already drawn this round: %s gets no turn and ignores them", name)
	}
	res.Figures = w.states()
	return res, nil
}
