package alone

import (
	"fmt"
	"sort"

	"tablekeeper/automa"
)

const (
	ruleAttackOrder = "alone §4.8 and §7.4 attack order (Creatures attacking EC p.10)"
	ruleCompanion   = "alone §3.7 and §7.4 Companion redirect (Hero Companions EC p.15)"
	ruleDanger      = "alone §4.11 and §7.4 Danger placement (End of the Round EC p.17)"
	ruleTile        = "alone §4.12 tile shortage (Not enough tiles EC p.12)"
	ruleHand        = "alone §4.1 hand refill (Refilling hands EC p.16)"
	ruleRoll        = "alone §7.3 Evil-side roll (Dice are public EC p.10)"
)

// AttackOrder is the order the end-of-Turn attacks are resolved in (§4.8
// item 5, AMB-6): the Evil side chooses, and the policy takes the higher
// E[dmg] first to draw out Dexterity on the bigger threat (§7.4); exact ties
// by the seeded Rand. With combineCreatureAttacks the attacks form a single
// damage event and the order only says which dice are rolled first.
func AttackOrder(attacks []Attack, set Settings, r automa.Rand) ([]Attack, automa.Trace) {
	var tr automa.Trace
	st := tr.Add(ruleAttackOrder, "%d Creature(s) in the Hero's Sector attack; higher expected damage first", len(attacks))
	rest := append([]Attack(nil), attacks...)
	var out []Attack
	for len(rest) > 0 {
		cs := make([]cand, len(rest))
		for i, a := range rest {
			cs[i] = cand{name: a.Creature, keys: []float64{a.Expected},
				facts: map[string]any{"dice": a.Dice, "E[dmg]": round2(a.Expected)}}
		}
		ch := choose(cs, []string{"higher expected damage"}, r)
		if ch.die != "" {
			st.TieBreak, st.Die = ch.tieBreak, joinDie(st.Die, ch.die)
		}
		out = append(out, rest[ch.best])
		rest = append(rest[:ch.best], rest[ch.best+1:]...)
	}
	for _, a := range out {
		st.Kept = append(st.Kept, automa.Candidate{Name: a.Creature, Facts: map[string]any{"dice": a.Dice, "E[dmg]": round2(a.Expected), "specialHits": a.SpecialHits}})
	}
	if set.CombineCreatureAttacks {
		st.Result = "one combined damage event (combineCreatureAttacks)"
	} else {
		st.Result = fmt.Sprintf("%d separate damage events in this order", len(out))
	}
	return out, tr
}

func joinDie(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// CompanionRedirect is §7.4: send a damage event of n points to the
// Companion only when n is at least its Charges and it has at most 2, so a
// weak Companion is removed cheaply; otherwise the Hero takes it. The whole
// event goes one way (§3.7).
func CompanionRedirect(n, charges int) (bool, automa.Trace) {
	var tr automa.Trace
	st := tr.Add(ruleCompanion, "a damage event of %d; the Companion has %d Charges", n, charges)
	redirect := charges > 0 && n >= charges && charges <= 2
	st.Kept = []automa.Candidate{{Name: "hero"}, {Name: "companion"}}
	if redirect {
		st.Kept[0], st.Kept[1] = st.Kept[1], st.Kept[0]
		st.Result = fmt.Sprintf("all %d to the Companion, which is discarded", n)
	} else {
		switch {
		case charges <= 0:
			st.Kept[0].Reason = "there is no Companion"
		case charges > 2:
			st.Kept[0].Reason = "the Companion has more than 2 Charges"
		default:
			st.Kept[0].Reason = "the damage would not remove the Companion"
		}
		st.Result = "the Hero takes it"
	}
	return redirect, tr
}

// LegalDangerSectors is §4.11 item 4: Sectors where a Danger token may be
// placed now, not counting the Level cap: not the Hero's, not in LoS, none
// there already.
func (m *Map) LegalDangerSectors() []string {
	los := setOf(m.LineOfSight(m.Hero))
	var out []string
	for i := range m.Sectors {
		s := &m.Sectors[i]
		if s.ID != m.Hero && !los[s.ID] && !s.Danger {
			out = append(out, s.ID)
		}
	}
	return out
}

// CheckDangerPlacement is V28 for one token.
func (m *Map) CheckDangerPlacement(sector string) error {
	s := m.Sector(sector)
	switch {
	case s == nil:
		return fmt.Errorf("there is no Sector %q on the Map", sector)
	case sector == m.Hero:
		return fmt.Errorf("a Danger token cannot go in the Hero's Sector")
	case m.InLineOfSight(m.Hero, sector):
		return fmt.Errorf("%q is in the Hero's Line of Sight; no Danger token there", sector)
	case s.Danger:
		return fmt.Errorf("%q already holds a Danger token", sector)
	case m.DangerOnLevel(s.Level) >= MaxDangerPerLevel:
		return fmt.Errorf("Level %d already has %d Danger tokens", s.Level, MaxDangerPerLevel)
	}
	return nil
}

// DangerPlacement is the End-of-Round Danger decision (T2 step 6).
type DangerPlacement struct {
	Place  []string `json:"place"`
	Remove []string `json:"remove,omitempty"`
	// Returned is tokens that had no legal Sector and go back to the pool
	// (AMB-16).
	Returned int  `json:"returned,omitempty"`
	Map      *Map `json:"-"`
}

// PlaceDanger places n Danger tokens by the §7.4 policy: each goes to the
// legal Sector scoring 4·[on path*] + 2·[2 ≤ distance ≤ 4] + 1·[Dark], exact
// ties by the seeded Rand. When the best Sector's Level already has 8, the
// token there farthest from the Hero is moved first (§4.11 item 4).
func PlaceDanger(m *Map, n int, goals []string, r automa.Rand) (DangerPlacement, automa.Trace, error) {
	var tr automa.Trace
	var out DangerPlacement
	if n < 0 {
		return out, tr, fmt.Errorf("cannot place %d Danger tokens", n)
	}
	if m.HeroSector() == nil {
		return out, tr, fmt.Errorf("the Hero's Sector %q is not on the Map", m.Hero)
	}
	m = m.Clone()
	path := setOf(m.ObjectivePath(goals))
	dist := m.DistancesFrom(m.Hero, Rules)
	for k := 0; k < n; k++ {
		st := tr.Add(ruleDanger, "Danger token %d of %d: score = 4·[on path*] + 2·[2 ≤ distance ≤ 4] + 1·[Dark]", k+1, n)
		var cs []cand
		for _, id := range m.LegalDangerSectors() {
			s := m.Sector(id)
			d, ok := dist[id]
			near := ok && d >= 2 && d <= 4
			score := 4*b2f(path[id]) + 2*b2f(near) + b2f(!s.Lighted)
			facts := map[string]any{"score": score, "onPath": path[id], "lighted": s.Lighted}
			if ok {
				facts["distance"] = d
			}
			cs = append(cs, cand{name: id, keys: []float64{score}, facts: facts, val: id})
		}
		if len(cs) == 0 {
			out.Returned = n - k
			st.Result = fmt.Sprintf("no legal Sector; %d token(s) go back to the pool (AMB-16)", n-k)
			break
		}
		ch := choose(cs, []string{"higher score"}, r)
		ch.record(st, cs)
		id := cs[ch.best].val.(string)
		lv := m.Sector(id).Level
		if m.DangerOnLevel(lv) >= MaxDangerPerLevel {
			far := m.farthestDanger(lv, dist, out.Place, r)
			m.Sector(far).Danger = false
			out.Remove = append(out.Remove, far)
			st.Dropped = append(st.Dropped, automa.Candidate{Name: far, Reason: fmt.Sprintf("Level %d has %d tokens: the one farthest from the Hero is moved", lv, MaxDangerPerLevel)})
		}
		m.Sector(id).Danger = true
		out.Place = append(out.Place, id)
		st.Result = "place in " + id
	}
	out.Map = m
	return out, tr, nil
}

// farthestDanger is the token to move off a full Level: the farthest from
// the Hero, never one placed in this same End of the Round (taking it back
// would place nothing), unless no other is left.
func (m *Map) farthestDanger(level int, dist map[string]int, placed []string, r automa.Rand) string {
	var cs []cand
	for pass := 0; pass < 2 && len(cs) == 0; pass++ {
		for i := range m.Sectors {
			s := &m.Sectors[i]
			if s.Level != level || !s.Danger || (pass == 0 && contains(placed, s.ID)) {
				continue
			}
			d, ok := dist[s.ID]
			if !ok {
				d = Unreachable
			}
			cs = append(cs, cand{name: s.ID, keys: []float64{float64(d)}, val: s.ID})
		}
	}
	return cs[choose(cs, nil, r).best].val.(string)
}

// TileToReuse is §4.12: with no tile of a shape left in the pool, take the
// Labyrinth tile of that shape farthest from the Hero; the Evil side breaks
// a tie, here by the seeded Rand.
func TileToReuse(m *Map, shape string, r automa.Rand) (string, automa.Trace, error) {
	var tr automa.Trace
	ids, d := m.TileReuseCandidates(shape)
	st := tr.Add(ruleTile, "no %s tile in the pool: reuse the one farthest from the Hero", shape)
	if len(ids) == 0 {
		st.Result = "no such tile on the Labyrinth"
		return "", tr, fmt.Errorf("no %s tile is on the Labyrinth to reuse", shape)
	}
	cs := make([]cand, len(ids))
	for i, id := range ids {
		cs[i] = cand{name: id, keys: []float64{0}, facts: map[string]any{"distance": d}, val: id}
	}
	ch := choose(cs, nil, r)
	ch.record(st, cs)
	st.Result = ids[ch.best]
	return ids[ch.best], tr, nil
}

// EvilHands is the Evil side's cards before the refill (§4.1).
type EvilHands struct {
	// Players is 1..3, sitting in order; with 3 the middle one (index 1)
	// may draw from both decks.
	Players int `json:"players"`
	// Hands is the cards each player holds.
	Hands []int `json:"hands"`
	// Decks is the two decks in use; Deck[i] is the one in front of player
	// i (2 players: own deck; 3 players: player 0 the first, player 2 the
	// second).
	Decks [2]string `json:"decks"`
	// Left is the cards left in each deck (before reshuffles); negative
	// means unknown.
	Left [2]int `json:"left"`
}

// Draw is one player's refill.
type Draw struct {
	Player  int    `json:"player"`
	Discard int    `json:"discard,omitempty"`
	From    [2]int `json:"from"` // cards drawn from Decks[0] and Decks[1]
}

// Refill is the Leader's hand refill split (§4.1, T2 step 5) for the
// simulated hand (§7.4): no voluntary discards, since the policy plays only
// Standard Reactions and any card serves; each player draws up to the hand
// size from the decks they may use, or discards down to it. A player free to
// use both decks draws from the one with more cards left, an exact tie going
// to the seeded Rand.
func Refill(h EvilHands, r automa.Rand) ([]Draw, automa.Trace, error) {
	var tr automa.Trace
	size, err := HandSize(h.Players)
	if err != nil {
		return nil, tr, err
	}
	if len(h.Hands) != h.Players {
		return nil, tr, fmt.Errorf("hands lists %d players, but there are %d Evil players", len(h.Hands), h.Players)
	}
	if h.Decks[0] == "" || h.Decks[1] == "" || h.Decks[0] == h.Decks[1] {
		return nil, tr, fmt.Errorf("exactly 2 different Reaction decks are in use (V15)")
	}
	left := h.Left
	var out []Draw
	for p := 0; p < h.Players; p++ {
		st := tr.Add(ruleHand, "player %d holds %d of %d cards", p+1, h.Hands[p], size)
		if h.Hands[p] < 0 {
			return nil, tr, fmt.Errorf("player %d holds %d cards", p+1, h.Hands[p])
		}
		d := Draw{Player: p + 1}
		if h.Hands[p] > size {
			d.Discard = h.Hands[p] - size
			st.Result = fmt.Sprintf("discard %d down to %d", d.Discard, size)
			out = append(out, d)
			continue
		}
		allowed := []int{0, 1}
		switch {
		case h.Players == 2:
			allowed = []int{p}
		case h.Players == 3 && p == 0:
			allowed = []int{0}
		case h.Players == 3 && p == 2:
			allowed = []int{1}
		}
		for need := size - h.Hands[p]; need > 0; need-- {
			deck := allowed[0]
			if len(allowed) == 2 {
				cs := []cand{{name: h.Decks[0], keys: []float64{float64(left[0])}, val: 0}, {name: h.Decks[1], keys: []float64{float64(left[1])}, val: 1}}
				ch := choose(cs, []string{"more cards left"}, r)
				deck = cs[ch.best].val.(int)
				if ch.die != "" {
					st.Die = joinDie(st.Die, ch.die)
					st.TieBreak = ch.tieBreak
				}
			}
			d.From[deck]++
			if left[deck] > 0 {
				left[deck]--
			}
		}
		st.Result = fmt.Sprintf("draw %d from %s and %d from %s", d.From[0], h.Decks[0], d.From[1], h.Decks[1])
		out = append(out, d)
	}
	return out, tr, nil
}

// RollDice rolls n virtual dice with the configured face weights, for the
// Evil-side rolls that have no choice in them (§7.3: Courage, Dexterity,
// AoO and attacks). Physical dice are entered with CountHits instead.
func RollDice(n int, w DiceWeights, r automa.Rand) []Face {
	total := w.Hit + w.Special + w.Blank
	faces := make([]Face, 0, max(n, 0))
	for i := 0; i < n && total > 0; i++ {
		v := r.Intn(total)
		switch {
		case v < w.Hit:
			faces = append(faces, Hit)
		case v < w.Hit+w.Special:
			faces = append(faces, Special)
		default:
			faces = append(faces, Blank)
		}
	}
	return faces
}

// Roll is an Evil-side roll with its hits counted.
type Roll struct {
	Faces       []Face `json:"faces"`
	SpecialHits bool   `json:"specialHits"`
	Hits        int    `json:"hits"`
}

// EvilRoll rolls n dice for the Evil side; SPECIAL hits when the Hero's
// Sector holds a Danger token (§4.8 item 3).
func EvilRoll(n int, heroDanger bool, cfg Config, r automa.Rand) (Roll, automa.Trace) {
	var tr automa.Trace
	faces := RollDice(n, cfg.Dice, r)
	hits, _ := CountHits(faces, heroDanger)
	st := tr.Add(ruleRoll, "roll %d dice in the open; SPECIAL counts as a hit: %v", n, heroDanger)
	st.Die = fmt.Sprint(faces)
	st.Result = fmt.Sprintf("%d hit(s)", hits)
	return Roll{Faces: faces, SpecialHits: heroDanger, Hits: hits}, tr
}

// Dangerous is §4.2 item 7 with AMB-5: a Reaction is Dangerous when the
// Hero's Sector holds a Danger token when the card resolves, or, with the
// atActionStart reading, the Sector the Action began in.
func (m *Map) Dangerous(actionStart string, set Settings) bool {
	id := m.Hero
	if set.DangerousCheck == AtActionStart && actionStart != "" {
		id = actionStart
	}
	s := m.Sector(id)
	return s != nil && s.Danger
}

// SpawnOption is one legal Spawn for the assist wizard.
type SpawnOption struct {
	Type     CreatureType `json:"type"`
	Sector   string       `json:"sector"`
	Distance int          `json:"distance"`
	Revealed bool         `json:"revealed"`
	Noise    Noise        `json:"noise"`
}

// LegalSpawns lists every legal Spawn of the types given (all regular types
// when none), for the Standard Reaction wizard (§7.5).
func (m *Map) LegalSpawns(types []CreatureType, msdMod int, nightmare bool, cfg Config, set Settings) []SpawnOption {
	if len(types) == 0 {
		types = CreatureTypes
	}
	var out []SpawnOption
	for _, t := range types {
		for i := range m.Sectors {
			sc, err := m.CheckSpawn(t, m.Sectors[i].ID, msdMod, nightmare, cfg, set)
			if err == nil {
				out = append(out, SpawnOption{Type: t, Sector: sc.Sector, Distance: sc.Distance, Revealed: sc.Revealed, Noise: sc.Noise})
			}
		}
	}
	return out
}

// LegalMoves lists every legal move of a Creature within a range, one per
// destination by its cheapest way there (A7 costs: 1 a Sector, 1 more per
// Blocked Door; no step into a full Level), for the wizard (§7.5).
func (m *Map) LegalMoves(id string, rng int, nightmare bool, cfg Config) ([]MoveResult, error) {
	cost, hops, err := m.movePaths(id, rng, cfg)
	if err != nil {
		return nil, err
	}
	out := make([]MoveResult, 0, len(cost))
	for dest := range cost {
		if r, err := m.CheckMove(id, hops(dest), rng, nightmare, cfg); err == nil {
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Steps != out[j].Steps {
			return out[i].Steps < out[j].Steps
		}
		return out[i].To < out[j].To
	})
	return out, nil
}

// LegalMoveTo is the legal move of a Creature to one Sector within a range,
// as LegalMoves lists it; ok is false when that Sector is not among them.
// It checks the one path, not every destination: weighing a card's move
// toward the Hero for each Creature (§7.4) cost, through LegalMoves, a
// Noise search per Sector of the Map per Creature per card.
func (m *Map) LegalMoveTo(id, dest string, rng int, nightmare bool, cfg Config) (MoveResult, bool, error) {
	cost, hops, err := m.movePaths(id, rng, cfg)
	if err != nil {
		return MoveResult{}, false, err
	}
	if _, ok := cost[dest]; !ok {
		return MoveResult{}, false, nil
	}
	r, err := m.CheckMove(id, hops(dest), rng, nightmare, cfg)
	return r, err == nil, nil
}

// movePaths is the cheapest way to every Sector a Creature can reach within
// a range: its cost, and the hops there.
func (m *Map) movePaths(id string, rng int, cfg Config) (map[string]int, func(dest string) []string, error) {
	c := m.Creature(id)
	if c == nil {
		return nil, nil, fmt.Errorf("there is no Creature %q on the Map", id)
	}
	if rng < 0 {
		return nil, nil, fmt.Errorf("a move range cannot be negative (%d)", rng)
	}
	home := m.Sector(c.Sector).Level
	cost := map[string]int{c.Sector: 0}
	parent := map[string]string{}
	// Costs are 1 or 2, so a few relaxation passes over a queue settle them.
	queue := []string{c.Sector}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, d := range allDirs {
			l, ok := m.Sector(cur).Exits[d]
			if !ok {
				continue
			}
			nxt := m.Sector(l.To)
			if nxt == nil {
				continue
			}
			if nxt.Level != m.Sector(cur).Level && nxt.Level != home && m.CreaturesOnLevel(nxt.Level) >= cfg.levelLimit() {
				continue
			}
			step := 1
			if l.Blocked {
				step = 2
			}
			nc := cost[cur] + step
			if old, seen := cost[l.To]; nc <= rng && (!seen || nc < old) {
				cost[l.To], parent[l.To] = nc, cur
				queue = append(queue, l.To)
			}
		}
	}
	hops := func(dest string) []string {
		var out []string
		for cur := dest; cur != c.Sector; cur = parent[cur] {
			out = append([]string{cur}, out...)
		}
		return out
	}
	return cost, hops, nil
}
