package reich

import (
	"fmt"
	"slices"

	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// A line of sight the players answered holds for as long as nothing
// between the two areas changed (issue 23: "remember an answer for as long
// as nothing between the two areas changed (a door opened, a unit moved
// into the way)"). The engine cannot see the printed map, so it keeps, with
// the answer, what could block sight when it was given (SightBasis), and
// tells from the map's connections what could lie between:
//
//   - "it sees, r areas away": the line is a chain of r edges, so only the
//     areas and doors within r steps of both ends can be on it. It holds
//     while none of those became a blocker (an enemy unit for a hero, a
//     standing hero for an enemy), obscured or shut.
//   - "it cannot see": any line would run through the areas joined to the
//     viewer by open edges. It holds while nothing there stopped blocking:
//     no door there opened, no blocker left, no smoke cleared. More
//     blockers cannot make a line where there was none.
//
// Doors never close (V-14), so a "sees" answer only ends by a unit or a
// hero moving in, or smoke.

// SightBasis is what could block a line of sight when the players answered
// it: the doors shut then, the areas whose units blocked that viewer's
// sight (the two ends left out: they never block) and the areas obscured.
type SightBasis struct {
	Shut     []string `json:"shut,omitempty"`
	Blockers []string `json:"blockers,omitempty"`
	Obscured []string `json:"obscured,omitempty"`
}

// SightQuestion is a line of sight put to the players: can a Side viewer
// ("hero" or "enemy") in area From see area To?
type SightQuestion struct {
	From string `json:"from"`
	To   string `json:"to"`
	Side string `json:"side"`
}

// Words put the question to the players in their words.
func (q SightQuestion) Words() string {
	who := "a hero"
	if q.Side == "enemy" {
		who = "an enemy unit"
	}
	return fmt.Sprintf("can %s in area %s see area %s?", who, q.From, q.To)
}

// freshSight is an answer given with this request: it is taken, and its
// basis noted, the first time each side asks for it.
type freshSight struct {
	LOSAnswer
	taken map[string]bool
}

// loadSights splits the answers: those with a basis were given earlier and
// hold while it does; the rest are new.
func (w *world) loadSights() {
	for _, a := range w.ans.LOS {
		if a.Basis != nil {
			w.sightKept = append(w.sightKept, a)
			continue
		}
		w.sightFresh = append(w.sightFresh, freshSight{LOSAnswer: a, taken: map[string]bool{}})
	}
}

func samePair(a LOSAnswer, f, t string) bool {
	return (a.From == f && a.To == t) || (a.From == t && a.To == f)
}

// answer finds the players' word on whether from sees to for one side: the
// latest answer still holding, else a new one, whose basis is noted now
// (the moment the question was asked).
func (w *world) answer(from, to int, side string) (LOSAnswer, bool) {
	f, t := w.b.ID(from), w.b.ID(to)
	for i := len(w.sightKept) - 1; i >= 0; i-- {
		a := w.sightKept[i]
		if samePair(a, f, t) && a.Side == side && w.holds(a, side) {
			return a, true
		}
	}
	// An answer for this side before one for both.
	for _, exact := range []bool{true, false} {
		for i := range w.sightFresh {
			a := &w.sightFresh[i]
			if !samePair(a.LOSAnswer, f, t) || a.taken[side] || (a.Side == side) != exact || (a.Side != "" && a.Side != side) {
				continue
			}
			a.taken[side] = true
			k := a.LOSAnswer
			k.Side, k.Basis = side, w.basis(from, to, side)
			w.sightKept = append(w.sightKept, k)
			return k, true
		}
	}
	return LOSAnswer{}, false
}

// sightNow is what blocks one side's sight at this moment.
func (w *world) sightNow(side string) board.Sight {
	return board.Sight{Doors: w.doors, Obscured: w.obscured, Blocks: w.blockers(side)}
}

// basis notes what could block the line from one area to the other now.
func (w *world) basis(from, to int, side string) *SightBasis {
	return Basis(w.b, w.sightNow(side), from, to)
}

// Basis notes what could block a line of sight from area from to area to
// with the map as s shows it: the answer given now holds while it does
// (SightHolds).
func Basis(b *board.Board, s board.Sight, from, to int) *SightBasis {
	out := &SightBasis{}
	for d, st := range s.Doors {
		if st.Shut() {
			out.Shut = append(out.Shut, b.DoorID(d))
		}
	}
	for a := 0; a < b.Len(); a++ {
		if s.Blocks != nil && s.Blocks[a] && a != from && a != to {
			out.Blockers = append(out.Blockers, b.ID(a))
		}
		if s.Obscured != nil && s.Obscured[a] {
			out.Obscured = append(out.Obscured, b.ID(a))
		}
	}
	return out
}

// holds reports whether an answer with a basis still stands.
func (w *world) holds(a LOSAnswer, side string) bool {
	from, ok1 := w.b.Index(a.From)
	to, ok2 := w.b.Index(a.To)
	if !ok1 || !ok2 || a.Basis == nil {
		return false
	}
	return SightHolds(w.b, a, w.sightNow(side), from, to)
}

// SightHolds reports whether the players' answer a on the line of sight
// between areas from and to still stands with the map as s shows it now:
// nothing between the two that could change it has changed since its
// basis was noted (see the comment at the top of this file).
func SightHolds(b *board.Board, a LOSAnswer, s board.Sight, from, to int) bool {
	if a.Basis == nil {
		return false
	}
	shut, blockers, obscured := idSet(a.Basis.Shut), idSet(a.Basis.Blockers), idSet(a.Basis.Obscured)
	blocks := func(x int) bool { return s.Blocks != nil && s.Blocks[x] }
	dark := func(x int) bool { return s.Obscured != nil && s.Obscured[x] }
	if !a.See {
		// Anything within reach that blocked then and does not now?
		reach := b.Reach(from, s.Doors)
		for d := 0; d < b.DoorCount(); d++ {
			sd := b.DoorSides(d)
			if shut[b.DoorID(d)] && !s.Doors[d].Shut() && (reach[sd[0]] || reach[sd[1]]) {
				return false
			}
		}
		for x := 0; x < b.Len(); x++ {
			id := b.ID(x)
			if !reach[x] && x != to {
				continue
			}
			if (blockers[id] && !blocks(x) && x != from && x != to) || (obscured[id] && !dark(x)) {
				return false
			}
		}
		return true
	}
	// Anything on a possible line that blocks now and did not then?
	if (dark(from) && !obscured[b.ID(from)]) || (dark(to) && !obscured[b.ID(to)]) {
		return false
	}
	areas, doors := b.Between(from, to, a.Range)
	for x, on := range areas {
		id := b.ID(x)
		if on && ((blocks(x) && !blockers[id]) || (dark(x) && !obscured[id])) {
			return false
		}
	}
	for d, on := range doors {
		if on && s.Doors[d].Shut() && !shut[b.DoorID(d)] {
			return false
		}
	}
	return true
}

func idSet(ids []string) map[string]bool {
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// heldSights are the answers to remember after this request: each still
// holding at its end, the latest for each pair of areas and side.
func (w *world) heldSights() []LOSAnswer {
	var out []LOSAnswer
	for i := len(w.sightKept) - 1; i >= 0; i-- {
		a := w.sightKept[i]
		dup := slices.ContainsFunc(out, func(o LOSAnswer) bool { return o.Side == a.Side && samePair(o, a.From, a.To) })
		if !dup && w.holds(a, a.Side) {
			out = append(out, a)
		}
	}
	slices.Reverse(out)
	return out
}

// seesKnown is sight as far as it is known without asking: an answer that
// holds, or what the map settles. known is false when only the players
// could tell.
func (w *world) seesKnown(from, to int, side string) (see bool, rng int, known bool) {
	if a, ok := w.answer(from, to, side); ok {
		return a.See, a.Range, true
	}
	if w.phase == AlienWorld {
		see := w.b.LOSAlien(from, to, board.Sight{Doors: w.doors, Obscured: w.obscured})
		if see && from != to {
			return true, 1, true
		}
		return see, 0, true
	}
	return w.b.LOS(from, to, w.sightNow(side))
}

// sees answers LOS for one viewer side ("hero" or "enemy") with the range
// in areas. Heroes' sight is blocked by enemy units between; enemies'
// sight by heroes standing between (downed, captured and knocked-down
// heroes do not block) (§3.2). Alien world: own and adjacent areas
// (§11.3). What neither an answer nor the map settles is asked.
func (w *world) sees(from, to int, side string) (bool, int) {
	see, rng, known := w.seesKnown(from, to, side)
	if !known {
		q := SightQuestion{From: w.b.ID(from), To: w.b.ID(to), Side: side}
		w.fail(&NeedInput{Question: q.Words(), Field: "answers.los", Sight: &q})
		return false, 0
	}
	return see, rng
}

// seesWithin is sees for a viewer that only cares about sight within
// reach areas (a ranged unit and its range): a pair no line of that length
// can join is not asked about, since no answer would change what the unit
// does. It reports the sight and its range, false beyond reach.
func (w *world) seesWithin(from, to int, side string, reach int) (bool, int) {
	if _, _, known := w.seesKnown(from, to, side); !known && w.phase != AlienWorld {
		if m := w.b.MinRange(from, to, w.sightNow(side)); m == board.Unreachable || m > reach {
			return false, 0
		}
	}
	see, rng := w.sees(from, to, side)
	if rng > reach {
		return false, rng
	}
	return see, rng
}

// sightMatters reports whether an enemy unit in the room beginning to see
// a hero can change anything: awareness is tracked, the room is not yet
// alert and no sighting raised it this turn (§7.3). Otherwise the table is
// not asked about its units' sight.
func (w *world) sightMatters(room string) bool {
	rs := w.rooms[room]
	return w.tracked() && rs.Awareness < content.Alert && !rs.RaisedBySight
}
