package reich

import (
	"fmt"
	"sort"
	"strconv"

	"tablekeeper/automa"
	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// NeedInput is returned when a rule needs something only the players can
// give: a face-down token's icons, a revealed room feature, a line of
// sight the map cannot tell, the next card of an empty deck. Field says
// where in a situation the answer goes.
type NeedInput struct {
	Question string
	Field    string
	// Options are the answers that fit, when the rules know them (the
	// cards a physical deck can still give).
	Options []string
	// Sight is the line of sight asked about (Field "answers.los").
	Sight *SightQuestion
}

func (e *NeedInput) Error() string {
	return fmt.Sprintf("the players need to answer: %s (add it under %s)", e.Question, e.Field)
}

// world is the table while one request is being resolved: the situation's
// state in working form, plus the changes and trace produced so far.
type world struct {
	b   *board.Board
	c   *content.Content
	set Settings
	ans Answers
	rng automa.Rand

	phase, during string
	hero          string // the triggering / most recent hero
	acted         []string
	actedGiven    []string // heroesActed as given, written back unchanged
	tracker       *Tracker

	doors      []content.DoorState
	rooms      map[string]*RoomState
	units      []*unitW
	heroes     []*Hero
	tokens     []*Token
	revealed   map[string]bool
	obscured   []bool
	suppressed []bool
	biscuits   []bool
	placedEver map[string]int
	spawnDeck  *Deck
	noiseDeck  *Deck
	// spawnNamed counts the answers' spawn cards used so far.
	spawnNamed int

	queue       []spawnReq
	queuedToken map[string]bool
	// seen are the enemy→hero sight lines before the change being looked
	// at (unit, hero); seenUnknown those only the table could tell, which
	// beforeChange (when set) can still ask about: it puts the table back
	// as it was, and the function it returns undoes that.
	seen         map[[2]string]bool
	seenUnknown  map[[2]string]bool
	beforeChange func() func()
	serial       map[string]int
	shotInPhase2 map[*unitW]bool
	ruthless     map[*unitW]bool

	// pauseForDefence: stop the enemy turn after each attack (§7.5.5);
	// resumeAt is the paused turn given in the state, consumed when the
	// enemy turn carries on; paused is where it stopped this time.
	pauseForDefence bool
	freeTurn        bool
	resumeAt        *EnemyTurnProgress
	paused          *EnemyTurnProgress

	// gen counts changes; the sight blockers are cached per generation.
	gen                     int
	heroBlocks, enemyBlocks []bool
	blocksGen               int

	// The players' answers on lines of sight: kept ones (with the basis
	// they hold on) and those given with this request (sightmemory.go).
	sightKept  []LOSAnswer
	sightFresh []freshSight

	out Outcome
	err error
}

// unitW is a unit on the map with its type and area index.
type unitW struct {
	Unit
	t    *content.UnitType
	area int
	gone bool
}

func (w *world) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

func (w *world) step(rule, format string, args ...any) *automa.Step {
	return w.out.Trace.Add(rule, format, args...)
}

// change records a change to the table, made by the latest step of the
// trace (write the step that explains a change before the change).
func (w *world) change(c Change) {
	c.Step = len(w.out.Trace.Steps) - 1
	w.out.Changes = append(w.out.Changes, c)
	w.gen++
}

// blockers returns the areas that block one side's sight now: enemy
// units block heroes; standing heroes block enemies (§3.2).
func (w *world) blockers(side string) []bool {
	if w.heroBlocks == nil || w.blocksGen != w.gen {
		w.heroBlocks = make([]bool, w.b.Len())
		w.enemyBlocks = make([]bool, w.b.Len())
		for _, u := range w.units {
			if !u.gone && !u.Escorted {
				w.heroBlocks[u.area] = true
			}
		}
		for _, h := range w.onMap() {
			if !h.Downed && !h.Captured && !h.KnockedDown {
				w.enemyBlocks[w.heroArea(h)] = true
			}
		}
		w.blocksGen = w.gen
	}
	if side == "hero" {
		return w.heroBlocks
	}
	return w.enemyBlocks
}

// tracked reports whether awareness is tracked: before the alarm, and in
// the alien world, which follows the pre-alarm rules (§7.3, §11.1).
func (w *world) tracked() bool { return w.phase == PreAlarm || w.phase == AlienWorld }

func newWorld(s *Situation, b *board.Board, rng automa.Rand) *world {
	st := &s.State
	w := &world{b: b, c: &s.Content, set: s.Settings, ans: s.Answers, rng: rng,
		phase: st.Phase, during: st.During, hero: st.CurrentHero, acted: append([]string(nil), st.HeroesActed...), actedGiven: st.HeroesActed,
		rooms: map[string]*RoomState{}, revealed: map[string]bool{}, placedEver: map[string]int{},
		queuedToken: map[string]bool{}, serial: map[string]int{}}
	if w.during == "" {
		w.during = HeroTurn
	}
	// §0.4: in a hero turn, and in the enemy turn after it, the current
	// hero is the most recent one, whether or not heroesActed lists it.
	if c := st.CurrentHero; c != "" && (w.during == HeroTurn || w.during == EnemyTurn) {
		listed := false
		for _, id := range w.acted {
			listed = listed || id == c
		}
		if !listed {
			w.acted = append(w.acted, c)
		}
	}
	if s.Resolve.Hero != "" {
		w.hero = s.Resolve.Hero
	}
	if st.Tracker != nil {
		t := *st.Tracker
		w.tracker = &t
	}
	w.doors = make([]content.DoorState, b.DoorCount())
	for i, d := range s.Map.Doors {
		w.doors[i] = d.State
		if ds, ok := st.Doors[d.ID]; ok {
			w.doors[i] = ds
		}
	}
	for _, r := range b.Rooms() {
		rs := &RoomState{}
		if given := st.Rooms[r]; given != nil {
			*rs = *given
		}
		w.rooms[r] = rs
	}
	for _, u := range st.Units {
		w.units = append(w.units, &unitW{Unit: u, t: s.Content.Faction.Unit(u.Code), area: b.MustIndex(u.Area)})
	}
	for i := range st.Heroes {
		h := st.Heroes[i]
		w.heroes = append(w.heroes, &h)
	}
	tokens := st.SpawnTokens
	if tokens == nil {
		for _, t := range s.Map.SpawnTokens {
			tokens = append(tokens, Token{ID: t.ID, Area: t.Area, Icons: t.Icons, Origin: "map"})
		}
	}
	for i := range tokens {
		t := tokens[i]
		t.Icons = append([]content.Level(nil), t.Icons...)
		w.tokens = append(w.tokens, &t)
	}
	for _, f := range st.RevealedFeatures {
		w.revealed[f] = true
	}
	mark := func(ids []string) []bool {
		out := make([]bool, b.Len())
		for _, id := range ids {
			out[b.MustIndex(id)] = true
		}
		return out
	}
	w.obscured, w.suppressed, w.biscuits = mark(st.Obscured), mark(st.Suppressed), mark(st.DogBiscuits)
	for k, v := range st.PlacedEver {
		w.placedEver[k] = v
	}
	for _, u := range w.units {
		if w.placedEver[u.Code] < w.onBoard(u.Code) {
			w.placedEver[u.Code] = w.onBoard(u.Code)
		}
	}
	if st.SpawnDeck != nil {
		w.spawnDeck = &Deck{DrawPile: append([]string(nil), st.SpawnDeck.DrawPile...), Discard: append([]string(nil), st.SpawnDeck.Discard...), Physical: st.SpawnDeck.Physical}
	}
	if st.NoiseDeck != nil {
		w.noiseDeck = &Deck{DrawPile: append([]string(nil), st.NoiseDeck.DrawPile...), Discard: append([]string(nil), st.NoiseDeck.Discard...), Physical: st.NoiseDeck.Physical}
	}
	if p := st.EnemyTurn; p != nil {
		c := p.Clone()
		w.resumeAt = &c
	}
	w.pauseForDefence = s.Resolve.PauseForDefence
	w.loadSights()
	return w
}

// unitsByID looks up the units named, in the order named, leaving out any
// no longer on the map.
func (w *world) unitsByID(ids []string) []*unitW {
	var out []*unitW
	for _, id := range ids {
		for _, u := range w.units {
			if u.ID == id && !u.gone && !u.Escorted {
				out = append(out, u)
			}
		}
	}
	return out
}

// export writes the working state back as a State, for the next question.
func (w *world) export() State {
	st := State{Phase: w.phase, During: w.during, CurrentHero: w.hero, HeroesActed: w.actedGiven,
		Doors: DoorStates{}, Rooms: map[string]*RoomState{}, Units: []Unit{}, Heroes: []Hero{}, SpawnTokens: []Token{},
		PlacedEver: map[string]int{}, SpawnDeck: w.spawnDeck, NoiseDeck: w.noiseDeck}
	if w.tracker != nil {
		t := *w.tracker
		st.Tracker = &t
	}
	for i, d := range w.doors {
		st.Doors[w.b.DoorID(i)] = d
	}
	for _, r := range w.b.Rooms() {
		if rs := w.rooms[r]; *rs != (RoomState{}) {
			c := *rs
			st.Rooms[r] = &c
		}
	}
	for _, u := range w.units {
		if !u.gone {
			st.Units = append(st.Units, u.Unit)
		}
	}
	for _, h := range w.heroes {
		st.Heroes = append(st.Heroes, *h)
	}
	for _, t := range w.tokens {
		st.SpawnTokens = append(st.SpawnTokens, *t)
	}
	for _, f := range w.b.Map.Features {
		if w.revealed[f.ID] {
			st.RevealedFeatures = append(st.RevealedFeatures, f.ID)
		}
	}
	for i := 0; i < w.b.Len(); i++ {
		if w.obscured[i] {
			st.Obscured = append(st.Obscured, w.b.ID(i))
		}
		if w.suppressed[i] {
			st.Suppressed = append(st.Suppressed, w.b.ID(i))
		}
		if w.biscuits[i] {
			st.DogBiscuits = append(st.DogBiscuits, w.b.ID(i))
		}
	}
	for k, v := range w.placedEver {
		if v > 0 {
			st.PlacedEver[k] = v
		}
	}
	switch {
	case w.paused != nil:
		st.EnemyTurn = w.paused
	case w.resumeAt != nil:
		st.EnemyTurn = w.resumeAt // not carried on by this request: still paused
	}
	return st
}

// --- look-ups -------------------------------------------------------------

// liveUnits lists the enemy units on the map, escorted ones left out
// (they count as neither heroes nor enemies).
func (w *world) liveUnits() []*unitW {
	out := make([]*unitW, 0, len(w.units))
	for _, u := range w.units {
		if !u.gone && !u.Escorted {
			out = append(out, u)
		}
	}
	return out
}

func (w *world) onBoard(code string) int {
	n := 0
	for _, u := range w.units {
		if !u.gone && u.Code == code {
			n++
		}
	}
	return n
}

func (w *world) unitsIn(area int) []*unitW {
	var out []*unitW
	for _, u := range w.units {
		if !u.gone && !u.Escorted && u.area == area {
			out = append(out, u)
		}
	}
	return out
}

func (w *world) unitsInRoom(room string) int {
	n := 0
	for _, u := range w.units {
		if !u.gone && !u.Escorted && w.b.Room(u.area) == room {
			n++
		}
	}
	return n
}

// onMap lists the heroes still on the map (not escaped).
func (w *world) onMap() []*Hero {
	var out []*Hero
	for _, h := range w.heroes {
		if !h.Escaped {
			out = append(out, h)
		}
	}
	return out
}

func (w *world) heroByID(id string) *Hero {
	for _, h := range w.heroes {
		if h.ID == id {
			return h
		}
	}
	return nil
}

func (w *world) heroArea(h *Hero) int { return w.b.MustIndex(h.Area) }

func (w *world) heroesIn(area int) []*Hero {
	var out []*Hero
	for _, h := range w.onMap() {
		if w.heroArea(h) == area {
			out = append(out, h)
		}
	}
	return out
}

// standing is a hero that can be attacked: not downed, not captured.
func standing(h *Hero) bool { return !h.Downed && !h.Captured }

func (w *world) liveTokens() []*Token {
	var out []*Token
	for _, t := range w.tokens {
		if !t.Cleared {
			out = append(out, t)
		}
	}
	return out
}

func (w *world) tokensInRoom(room string) []*Token {
	var out []*Token
	for _, t := range w.liveTokens() {
		if w.b.Room(w.b.MustIndex(t.Area)) == room {
			out = append(out, t)
		}
	}
	return out
}

func (w *world) token(id string) *Token {
	for _, t := range w.tokens {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// triggeringHero is H of §7.4.4: the hero whose turn it is, else the most
// recent hero, else (a CHOICE) the first hero listed.
func (w *world) triggeringHero(rule string) *Hero {
	if h := w.heroByID(w.hero); h != nil && !h.Escaped {
		return h
	}
	for i := len(w.acted) - 1; i >= 0; i-- {
		if h := w.heroByID(w.acted[i]); h != nil && !h.Escaped {
			return h
		}
	}
	hs := w.onMap()
	if len(hs) == 0 {
		return nil
	}
	s := w.step(rule, "No hero's turn is current or past this round, so the players choose the triggering hero.")
	var ids []string
	for _, h := range hs {
		ids = append(ids, h.ID)
	}
	id, tb := w.choose("hero", ids, hs[0].ID, "the first hero listed")
	s.TieBreak, s.Result = tb, id
	return w.heroByID(id)
}

// --- line of sight ----------------------------------------------------------

// anyHeroSees reports whether a hero on the map sees the area.
func (w *world) anyHeroSees(area int) (bool, string) {
	for _, h := range w.onMap() {
		if h.Captured {
			continue
		}
		if ok, _ := w.sees(w.heroArea(h), area, "hero"); ok {
			return true, h.ID
		}
	}
	return false, ""
}

// sightPairs lists which enemy units see which heroes now. Only a unit
// whose room a sighting can still raise needs the table's answer; for the
// others what is known stands, and a pair only the table could tell counts
// as seen already, so it raises nothing.
func (w *world) sightPairs() map[[2]string]bool {
	out := map[[2]string]bool{}
	for _, u := range w.liveUnits() {
		matters := w.sightMatters(w.b.Room(u.area))
		for _, h := range w.onMap() {
			ok := false
			if matters {
				ok, _ = w.sees(u.area, w.heroArea(h), "enemy")
			} else {
				see, _, known := w.seesKnown(u.area, w.heroArea(h), "enemy")
				ok = see || !known
			}
			if ok {
				out[[2]string{u.ID, h.ID}] = true
			}
		}
	}
	return out
}

// --- tie-breaks -------------------------------------------------------------

// latestHero picks, among tied heroes, the one whose turn came latest this
// round (§7.2); if none has had a turn, the players choose (default: the
// first listed). It says which tie-breaker settled it.
func (w *world) latestHero(tied []*Hero) (*Hero, string) {
	if len(tied) == 1 {
		return tied[0], ""
	}
	for i := len(w.acted) - 1; i >= 0; i-- {
		for _, h := range tied {
			if h.ID == w.acted[i] {
				return h, "the tied hero whose turn came latest this round (" + h.ID + ")"
			}
		}
	}
	var ids []string
	for _, h := range tied {
		ids = append(ids, h.ID)
	}
	id, tb := w.choose("hero", ids, tied[0].ID, "the first listed, "+tied[0].ID)
	return w.heroByID(id), "no tied hero has had a turn this round: " + tb
}

// naturalLess orders ids so that "A2" comes before "A10".
func naturalLess(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		if isDigit(ca) && isDigit(cb) {
			si := i
			for i < len(a) && isDigit(a[i]) {
				i++
			}
			sj := j
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			na, _ := strconv.Atoi(a[si:i])
			nb, _ := strconv.Atoi(b[sj:j])
			if na != nb {
				return na < nb
			}
			continue
		}
		if ca != cb {
			return ca < cb
		}
		i++
		j++
	}
	return len(a)-i < len(b)-j
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func sortNatural(ids []string) {
	sort.SliceStable(ids, func(i, j int) bool { return naturalLess(ids[i], ids[j]) })
}

// newID makes a fresh id with the prefix that no unit or token uses yet.
func (w *world) newID(prefix string) string {
	used := map[string]bool{}
	for _, u := range w.units {
		used[u.ID] = true
	}
	for _, t := range w.tokens {
		used[t.ID] = true
	}
	for {
		w.serial[prefix]++
		id := fmt.Sprintf("%s-%d", prefix, w.serial[prefix])
		if !used[id] {
			return id
		}
	}
}

// choose settles a tie the rules leave to the players (CHOICE): their pick
// from answers.choices if they gave one, else the spec's default. It
// returns the option and the tie-break text for the trace.
func (w *world) choose(key string, tied []string, def, defWhy string) (string, string) {
	pick, ok := w.ans.Choices[key]
	if !ok {
		return def, "CHOICE (default: " + defWhy + ")"
	}
	for _, t := range tied {
		if t == pick {
			return pick, "CHOICE: the players picked " + pick
		}
	}
	w.fail(fmt.Errorf("answers.choices.%s: %q is not one of the tied options %v", key, pick, tied))
	return def, ""
}
