package phantom

import "fmt"

// Side says which side of the table a figure is on.
type Side string

// Sides.
const (
	SideCharacter Side = "character"
	SideAdversary Side = "adversary"
	SideBoss      Side = "boss"
)

// fig is one figure during a decision.
type fig struct {
	Name   string
	Side   Side
	Type   string // adversary type name or boss board name
	Colour Colour
	Pos    int // space index, -1 once off the map
	HP     int
	MaxHP  int
	Conds  Conds
	// Guard and Attack for characters are entered (equipment, cards);
	// adversaries take theirs from the description card or boss board.
	Guard           int
	PlacedAfterDraw bool
	PlacedByEvent   bool
	Seat            int
	Initiative      int
	// Immune lists conditions the figure cannot gain (e.g. a persistent
	// boss card's immunity tokens, RB p.58).
	Immune map[Cond]bool
	// received: the conditions given to the figure during this decision,
	// true when last received while already held (a refresh, A-11).
	received map[Cond]bool
}

func (f *fig) onMap() bool { return f.Pos >= 0 }

func (f *fig) adversary() bool { return f.Side != SideCharacter }

// world is everything one decision looks at. It is a private copy: a turn
// plays itself out on it, and the result reports what changed.
type world struct {
	b          *board
	figs       []*fig
	face       Face
	chars      int // characters that embarked (defeated included)
	difficulty int
	types      map[string]*AdversaryType
	bosses     map[string]*BossBoard
	// override names the mission's or a card's primary target (§8.13).
	override string
	// foes lists pairs of adversary names or types that are enemies of each
	// other by mission, event or card (§2.4 enemies).
	foes [][2]string
	opts Options
	// occ[s] is the figure on space s, or nil.
	occ []*fig
	// orig is the spaces as the situation gave them.
	orig []space
	// choices are the orders players chose for several conditions at
	// once; ask the question a decision stopped for (order.go).
	choices *choices
	ask     *OrderQuestion
	// referenceSearch plays decisions with the engine's former searches:
	// TargetCost by one reverse search per goal set instead of one forward
	// sweep for all, and every search over the whole map instead of
	// stopping once what it was asked is settled. Only the property test
	// sets it, to play the same situations both ways.
	referenceSearch bool
	// lastLeap is the last Leap search (leapFrom): its start and answer.
	lastLeap struct {
		from    int
		d, prev []int
	}
	// sc is the searches' working memory (scratch.go), nil until the
	// first search.
	sc *scratch
}

// Options are the readings the spec leaves open (§17) that players may
// switch.
type Options struct {
	// CountAdjacentBlockers: §8.5 step 1 counts blockers next to the
	// attacker although they cause no Accuracy roll (A-21, default true).
	CountAdjacentBlockers *bool `json:"countAdjacentBlockers,omitempty"`
	// TargetWithBaseRange is a house rule: the first criterion of the
	// primary target (an enemy already in range and line of sight) counts
	// the Description card's range only. By the rulebook (p.27, Closest
	// Target: "within range of the adversary or its action") the range of
	// its actions aimed at the target counts too.
	TargetWithBaseRange bool `json:"targetWithBaseRange,omitempty"`
}

func (o Options) countAdjacent() bool {
	return o.CountAdjacentBlockers == nil || *o.CountAdjacentBlockers
}

// rebuildOcc lists again who stands where, after a movement. The list is
// cleared and refilled in place: a turn rebuilds it after each movement.
func (w *world) rebuildOcc() {
	if len(w.occ) == len(w.b.sp) {
		clear(w.occ)
	} else {
		w.occ = make([]*fig, len(w.b.sp))
	}
	for _, f := range w.figs {
		if f.onMap() {
			w.occ[f.Pos] = f
		}
	}
}

func (w *world) fig(name string) *fig {
	for _, f := range w.figs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// enemies: characters and adversaries are enemies; mission rules may make
// some adversaries enemies of each other (§2.4, RB p.26).
func (w *world) enemies(a, b *fig) bool {
	if a == b {
		return false
	}
	if a.adversary() != b.adversary() {
		return true
	}
	if !a.adversary() {
		return false
	}
	for _, p := range w.foes {
		if (p[0] == a.Name || p[0] == a.Type) && (p[1] == b.Name || p[1] == b.Type) ||
			(p[1] == a.Name || p[1] == a.Type) && (p[0] == b.Name || p[0] == b.Type) {
			return true
		}
	}
	return false
}

// baseRange is the range printed on the description card or boss board
// (§8.6: targeting and movement ignore card modifiers, A-17).
func (w *world) baseRange(a *fig) int {
	if a.Side == SideBoss {
		if b := w.bosses[a.Type]; b != nil {
			return b.Range[column(w.chars)]
		}
		return 1
	}
	if t := w.types[a.Type]; t != nil {
		return t.Range
	}
	return 1
}

// reach is the range the first criterion of the primary target counts
// (RB p.27, Closest Target: an enemy "already within range of the
// adversary or its action"): the base range, or the longest range of the
// actions still to come that aim at the target, if longer. Movement never
// counts it (RB p.28 footnote: "for movement purposes" the Description
// card's range). The house rule TargetWithBaseRange counts the base range
// only.
//
// The seed wins over spec A-17 and §8.6 ("R = the base range … targeting
// uses the same value"): the rulebook names the action's range for a
// target already in range, and limits the base range to movement.
func (w *world) reach(a *fig, ahead []*Action) int {
	r := w.baseRange(a)
	if w.opts.TargetWithBaseRange {
		return r
	}
	for _, x := range ahead {
		if aimsAtTarget(x) {
			r = max(r, w.actionRange(a, x))
		}
	}
	return r
}

// turnActions are the actions of a's cards this round (none when they are
// not drawn): what the primary target is chosen for at the start of its
// turn.
func (w *world) turnActions(a *fig) []*Action {
	cards, _, err := w.turnCards(a)
	if err != nil {
		return nil
	}
	var out []*Action
	for _, c := range cards {
		for i := range c.Actions {
			out = append(out, &c.Actions[i])
		}
	}
	return out
}

func (w *world) attackAttr(a *fig) int {
	if a.Side == SideBoss {
		return w.bosses[a.Type].Attack[column(w.chars)]
	}
	if t := w.types[a.Type]; t != nil {
		return t.Attack
	}
	return 0
}

func (w *world) guardOf(f *fig) int {
	switch f.Side {
	case SideBoss:
		return w.bosses[f.Type].Guard[column(w.chars)] + f.Guard
	case SideAdversary:
		g := f.Guard
		if t := w.types[f.Type]; t != nil {
			g += t.Guard
		}
		for _, e := range w.roundEffects(f) {
			g += e.Guard
		}
		return g
	}
	return f.Guard
}

// roundEffects are the round effects active for an adversary (§8.12): those
// of its type's species card and of its colour's class row, unless it is
// Knocked Down or Stunned, or was placed after the draw.
func (w *world) roundEffects(f *fig) []RoundEffect {
	if f.Side != SideAdversary || f.PlacedAfterDraw || f.Conds.Has(KnockedDown) || f.Conds.Has(Stunned) {
		return nil
	}
	t := w.types[f.Type]
	if t == nil {
		return nil
	}
	var out []RoundEffect
	if t.SpeciesCard != nil {
		out = append(out, t.SpeciesCard.RoundEffects...)
	}
	if row, ok := t.ClassCard.Row(f.Colour); ok {
		out = append(out, row.RoundEffects...)
	}
	return out
}

func (w *world) label(s int) string {
	if s < 0 {
		return "off the map"
	}
	return w.b.sp[s].Label
}

// pickFig makes a figure a Decision die option.
func (w *world) pickFig(f *fig) Pickable {
	p := w.pickSpace(f.Pos)
	p.Name, p.Colour = f.Name, f.Colour
	return p
}

func (w *world) pickSpace(s int) Pickable {
	sp := w.b.sp[s]
	p := At(sp.Label, "", sp.Q, sp.R)
	if w.b.pt != nil {
		p.X, p.Y = w.b.pt[s][0], w.b.pt[s][1]
	}
	return p
}

// damage takes HP from a figure (a Barrier takes any damage instead) and
// removes it at 0; it returns what happened in words.
func (w *world) damage(f *fig, n int, why string) string {
	if n <= 0 {
		return fmt.Sprintf("%s: %s deals no damage", f.Name, why)
	}
	if f.Conds.Has(Barrier) {
		delete(f.Conds, Barrier)
		return fmt.Sprintf("%s: Barrier absorbs %d damage from %s", f.Name, n, why)
	}
	before := f.HP
	f.HP = max(0, f.HP-n)
	msg := fmt.Sprintf("%s takes %d damage from %s (HP %d → %d)", f.Name, n, why, before, f.HP)
	if f.HP == 0 {
		msg += "; " + w.defeat(f)
	}
	return msg
}

// defeat removes a figure (§6.6, §8.14) and places an adversary's nova
// cells: its difficulty rating, a boss mission difficulty + characters
// embarked, nothing for event adversaries.
func (w *world) defeat(f *fig) string {
	pos := f.Pos
	if w.occ[pos] == f {
		w.occ[pos] = nil
	}
	f.Pos = -1
	f.Conds = Conds{}
	msg := f.Name + " is defeated"
	if !f.adversary() {
		return msg + " and evacuated"
	}
	drop := 0
	switch {
	case f.PlacedByEvent:
		msg += "; placed by an event, it drops no nova cells"
	case f.Side == SideBoss:
		drop = w.difficulty + w.chars
	default:
		if t := w.types[f.Type]; t != nil {
			drop = t.Difficulty
		}
	}
	if drop > 0 {
		w.b.edit(pos).Nova += drop
		msg += fmt.Sprintf("; %d nova cells placed on %s", drop, w.label(pos))
	}
	last := true
	for _, o := range w.figs {
		if o.onMap() && o.Type == f.Type && o.Side == f.Side {
			last = false
		}
	}
	if last && f.Side == SideAdversary {
		msg += "; it was the last " + f.Type + ": discard its type's action cards"
	}
	return msg
}

// enter applies what entering space s does to f (§5.1): fire, poison,
// trap. It reports the effect in words ("" for none).
func (w *world) enter(f *fig, s int) string {
	sp := &w.b.sp[s]
	switch sp.Hazard {
	case HazFire:
		m := w.damage(f, 3, "fire on "+sp.Label)
		if f.onMap() {
			m += "; " + w.inflict(f, Burning, true)
		}
		return m
	case HazPoison:
		m := w.damage(f, 3, "poison on "+sp.Label)
		if f.onMap() {
			m += "; " + w.inflict(f, Weakened, true)
		}
		return m
	case HazTrap:
		m := w.damage(f, 5, "trap on "+sp.Label)
		if sp.HazardToken {
			sp = w.b.edit(s)
			sp.Hazard, sp.HazardToken = "", false
			m += "; the trap token is removed"
		}
		return m
	}
	return ""
}

// changes lists destructible objects whose state changed and nova cells
// placed since the world was built.
func (w *world) changes() (map[string]string, map[string]int) {
	var objs map[string]string
	var nova map[string]int
	if !w.b.ownSp {
		// The board still shares the situation's spaces (board.edit
		// copies them at the first change): nothing changed, and most
		// turns change nothing.
		return objs, nova
	}
	for i := range w.b.sp {
		if i >= len(w.orig) {
			break
		}
		// Read in place: a space is too big to copy twice per space.
		s, o := &w.b.sp[i], &w.orig[i]
		if s.ObjState != o.ObjState {
			if objs == nil {
				objs = map[string]string{}
			}
			objs[s.Label] = s.ObjState
		}
		if s.Nova != o.Nova {
			if nova == nil {
				nova = map[string]int{}
			}
			nova[s.Label] = s.Nova
		}
	}
	return objs, nova
}

// centroid makes a Decision die option at the centre of several spaces
// (a line of sight's blockers, §8.5 step 4).
func (w *world) centroid(name string, spaces []int) Pickable {
	var qs, rs []int
	for _, s := range spaces {
		qs = append(qs, w.b.sp[s].Q)
		rs = append(rs, w.b.sp[s].R)
	}
	p := Centroid(name, qs, rs)
	if w.b.pt != nil && len(spaces) > 0 {
		p.X, p.Y = 0, 0
		for _, s := range spaces {
			p.X += w.b.pt[s][0]
			p.Y += w.b.pt[s][1]
		}
	}
	return p
}

// inflict gives f a condition unless it is immune to it (§4).
func (w *world) inflict(f *fig, c Cond, duringOwnTurn bool) string {
	if f.Immune[c] {
		return fmt.Sprintf("immune to %s", c)
	}
	held := f.Conds.Has(c)
	out := f.Conds.Inflict(c, duringOwnTurn)
	if f.Conds.Has(c) {
		if f.received == nil {
			f.received = map[Cond]bool{}
		}
		f.received[c] = held
	}
	return out
}
