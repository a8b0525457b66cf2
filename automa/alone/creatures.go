package alone

import (
	"fmt"
	"strings"
)

// A Hop is one step of a Creature move: the Sector it enters.
type Hop = string

// MoveResult is what a legal Creature move does (spec A7, §4.6, §4.7).
type MoveResult struct {
	Creature string `json:"creature"`
	From     string `json:"from"`
	To       string `json:"to"`
	Path     []Hop  `json:"path,omitempty"`
	// Steps is the movement spent, 1 per Sector entered and 1 per Door
	// Unblocked.
	Steps int `json:"steps"`
	// Unblocked lists the Doors opened on the way, as "A|B" Sector pairs.
	Unblocked []string `json:"unblocked,omitempty"`
	// UnblockedOnly is the Sector beyond a Blocked Door the Creature spent
	// its last step Unblocking without entering it (§4.6 item 3): the Door
	// is the last of Unblocked, and the Creature stays in To.
	UnblockedOnly string `json:"unblockedOnly,omitempty"`
	// RevealedIn is where an Unrevealed Creature was Revealed, if it was.
	RevealedIn string `json:"revealedIn,omitempty"`
	// Scare is the SC the Hero loses: the Creature was Unrevealed and was
	// Revealed straight into the Hero's Sector (§4.7 item 2).
	Scare int `json:"scare,omitempty"`
	// ExitDirections are the directions the Creature left Revealed Sectors
	// by into Unrevealed ones, which must be Communicated (§4.6 item 6).
	ExitDirections []ExitReport `json:"exitDirections,omitempty"`
	// Revealed is whether it is Revealed at the end of the move.
	Revealed bool `json:"revealed"`
	// Noise is the Noise made in the final Sector (§4.6 item 5).
	Noise Noise `json:"noise"`
}

// ExitReport is a Creature seen leaving the Labyrinth.
type ExitReport struct {
	Sector    string `json:"sector"`
	Direction Dir    `json:"direction"`
}

// linkBetween finds the exit from a to b.
func (m *Map) linkBetween(a, b string) (Dir, Link, bool) {
	s := m.Sector(a)
	if s == nil {
		return "", Link{}, false
	}
	for _, d := range allDirs {
		if l, ok := s.Exits[d]; ok && l.To == b {
			return d, l, true
		}
	}
	return "", Link{}, false
}

// CheckMove is spec A7: whether Creature id may move along path (the
// Sectors it enters, in order; empty for a 0-step move) with range R, and
// what the move does. A Blocked Door costs 1 extra step to Unblock (V17); a
// step into the other Level needs room there (§4.3). The Map is not changed;
// ApplyMove makes the change.
func (m *Map) CheckMove(id string, path []Hop, rng int, nightmare bool, cfg Config) (MoveResult, error) {
	c := m.Creature(id)
	if c == nil {
		return MoveResult{}, fmt.Errorf("there is no Creature %q on the Map", id)
	}
	r := MoveResult{Creature: id, From: c.Sector, To: c.Sector, Path: append([]Hop(nil), path...)}
	if rng < 0 {
		return r, fmt.Errorf("a move range cannot be negative (%d)", rng)
	}
	st, err := c.StatsOf(nightmare)
	if err != nil {
		return r, err
	}
	revealed := c.Revealed
	everRevealed := c.Revealed
	pos := c.Sector
	for i, nxt := range path {
		d, l, ok := m.linkBetween(pos, nxt)
		if !ok {
			return r, fmt.Errorf("step %d: %q is not next to %q", i+1, nxt, pos)
		}
		if l.Blocked {
			r.Steps++
			r.Unblocked = append(r.Unblocked, doorName(pos, nxt))
		}
		r.Steps++
		if r.Steps > rng {
			return r, fmt.Errorf("step %d into %q needs %d movement, more than the range of %d (a Blocked Door costs 1 more to Unblock)", i+1, nxt, r.Steps, rng)
		}
		from, to := m.Sector(pos), m.Sector(nxt)
		// The Creature itself still counts on its own Level, so a step
		// back home never trips the limit.
		if to.Level != from.Level && to.Level != m.Sector(c.Sector).Level && m.CreaturesOnLevel(to.Level) >= cfg.levelLimit() {
			return r, fmt.Errorf("step %d: Level %d already has %d Creatures, so no Creature can move into it", i+1, to.Level, cfg.levelLimit())
		}
		switch {
		case revealed && from.Revealed && !to.Revealed:
			// Leaving the Labyrinth: the direction is Communicated and
			// the miniature removed (§4.6 item 6).
			r.ExitDirections = append(r.ExitDirections, ExitReport{Sector: from.ID, Direction: d})
			revealed = false
		case !revealed && to.Revealed:
			revealed = true
			if r.RevealedIn == "" {
				r.RevealedIn = to.ID
			}
			// A scare needs the Creature Revealed straight into the
			// Hero's Sector, never Revealed elsewhere first (§4.7).
			if to.ID == m.Hero && !everRevealed {
				r.Scare = st.Scare
			}
			everRevealed = true
		}
		pos = nxt
	}
	r.To, r.Revealed = pos, revealed
	n, err := m.NoiseFrom(pos)
	if err != nil {
		return r, err
	}
	r.Noise = n
	return r, nil
}

// CheckMoveUnblock is CheckMove with a last step spent only on Unblocking
// the Blocked Door from the move's end toward Sector unblock, without
// entering it: "To move through a Blocked Door, you must Unblock it first by
// spending a movement step" (Evil Compendium), so a Creature with a step
// left may Unblock a Door and stop (§4.6 item 3, A7). The Noise is made
// where it stops (§4.6 item 5). An empty unblock is CheckMove.
func (m *Map) CheckMoveUnblock(id string, path []Hop, unblock string, rng int, nightmare bool, cfg Config) (MoveResult, error) {
	r, err := m.CheckMove(id, path, rng, nightmare, cfg)
	if err != nil || unblock == "" {
		return r, err
	}
	_, l, ok := m.linkBetween(r.To, unblock)
	switch {
	case !ok:
		return r, fmt.Errorf("%q is not next to %q, where the move ends", unblock, r.To)
	case !l.Blocked:
		return r, fmt.Errorf("the Door between %q and %q is not Blocked: there is nothing to Unblock", r.To, unblock)
	}
	r.Steps++
	if r.Steps > rng {
		return r, fmt.Errorf("Unblocking the Door to %q needs %d movement, more than the range of %d", unblock, r.Steps, rng)
	}
	r.Unblocked = append(r.Unblocked, doorName(r.To, unblock))
	r.UnblockedOnly = unblock
	return r, nil
}

// LegalUnblocks lists the moves within range that end by Unblocking a
// Blocked Door without going through it (CheckMoveUnblock), one per Door,
// by the cheapest way to it, for the move wizard (§7.5).
func (m *Map) LegalUnblocks(id string, rng int, nightmare bool, cfg Config) ([]MoveResult, error) {
	moves, err := m.LegalMoves(id, rng-1, nightmare, cfg)
	if err != nil || rng < 1 {
		return nil, err
	}
	var out []MoveResult
	seen := map[string]bool{}
	for _, mv := range moves {
		for _, d := range allDirs {
			l, ok := m.Sector(mv.To).Exits[d]
			if !ok || !l.Blocked || seen[doorName(mv.To, l.To)] {
				continue
			}
			if r, err := m.CheckMoveUnblock(id, mv.Path, l.To, rng, nightmare, cfg); err == nil {
				seen[doorName(mv.To, l.To)] = true
				out = append(out, r)
			}
		}
	}
	return out, nil
}

func doorName(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + "|" + b
}

// ApplyMove changes the Map as a checked move does: Doors Unblocked on both
// sides, the Creature moved, Revealed or not, and marked as moved this Turn.
func (m *Map) ApplyMove(r MoveResult) {
	for _, door := range r.Unblocked {
		ab := strings.SplitN(door, "|", 2)
		if len(ab) != 2 {
			continue
		}
		m.setBlocked(ab[0], ab[1], false)
	}
	if c := m.Creature(r.Creature); c != nil {
		c.Sector, c.Revealed, c.Moved = r.To, r.Revealed, true
	}
}

func (m *Map) setBlocked(a, b string, blocked bool) {
	if d, l, ok := m.linkBetween(a, b); ok {
		l.Blocked = blocked
		m.Sector(a).Exits[d] = l
	}
	if d, l, ok := m.linkBetween(b, a); ok {
		l.Blocked = blocked
		m.Sector(b).Exits[d] = l
	}
}

// SpawnCheck is spec §4.5 and V16 for one type and Sector: the distance from
// the Hero at least the MSD (minus a card's modifier, never below 0), room on
// the Level, and a token left. Distance is A1 over Rules adjacency, or over
// Locate adjacency with spawnDistanceIgnoresBlockedDoors (AMB-4).
type SpawnCheck struct {
	Type     CreatureType `json:"type"`
	Sector   string       `json:"sector"`
	Distance int          `json:"distance"`
	MSD      int          `json:"msd"`
	// Revealed: a Creature Spawned into a Revealed Sector is Revealed at
	// once (§4.5 item 5, AMBIGUOUS).
	Revealed bool  `json:"revealed"`
	Noise    Noise `json:"noise"`
}

// CheckSpawn tests one Spawn; msdMod is a card's modifier (e.g. −1).
func (m *Map) CheckSpawn(t CreatureType, sector string, msdMod int, nightmare bool, cfg Config, set Settings) (SpawnCheck, error) {
	sc := SpawnCheck{Type: t, Sector: sector}
	if !t.regular() {
		return sc, fmt.Errorf("%q cannot be Spawned by the Spawn rule; Spawn a spore, parasite, cultist, hybrid or worm", t)
	}
	s := m.Sector(sector)
	if s == nil {
		return sc, fmt.Errorf("there is no Sector %q on the Map", sector)
	}
	if m.HeroSector() == nil {
		return sc, fmt.Errorf("the Hero's Sector %q is not on the Map", m.Hero)
	}
	st, _ := TypeStats(t, nightmare)
	sc.MSD = max(0, st.MSD+msdMod)
	mode := Rules
	if set.SpawnDistanceIgnoresBlockedDoors {
		mode = Locate
	}
	sc.Distance = m.Distance(m.Hero, sector, mode)
	if sc.Distance < sc.MSD {
		return sc, fmt.Errorf("%q is %d Sectors from the Hero; a %s must Spawn at least %d away", sector, sc.Distance, t, sc.MSD)
	}
	if n := m.CreaturesOnLevel(s.Level); n >= cfg.levelLimit() {
		return sc, fmt.Errorf("Level %d already has %d Creatures; no Creature can be Spawned there", s.Level, n)
	}
	if m.TokensLeft(t, cfg) <= 0 {
		return sc, fmt.Errorf("every %s token is already on the Map", t)
	}
	sc.Revealed = s.Revealed
	sc.Noise, _ = m.NoiseFrom(sector)
	return sc, nil
}

// TokensLeft is the tokens of a type not on the Map.
func (m *Map) TokensLeft(t CreatureType, cfg Config) int {
	n := cfg.tokens(t)
	for i := range m.Creatures {
		if m.Creatures[i].Type == t {
			n--
		}
	}
	return n
}

// ApplySpawn puts a new Creature on the Map as a checked Spawn says.
func (m *Map) ApplySpawn(id string, sc SpawnCheck) {
	m.Creatures = append(m.Creatures, Creature{ID: id, Type: sc.Type, Sector: sc.Sector, Revealed: sc.Revealed})
}

// Scare is one scare event (§4.7): a Creature met Unrevealed.
type Scare struct {
	Creature string `json:"creature"`
	SC       int    `json:"sc"`
}

// HeroEntryScares is spec §4.7 item 1: the Hero's Move into Sector dest, if
// it is Unrevealed, Reveals its Creatures and each scares separately, the
// losses adding up (AMB-8). Cultists in regular mode scare 0 and are left out.
func (m *Map) HeroEntryScares(dest string, nightmare bool) []Scare {
	s := m.Sector(dest)
	if s == nil || s.Revealed {
		return nil
	}
	var out []Scare
	for _, c := range m.CreaturesIn(dest) {
		if c.Revealed {
			continue
		}
		if v := c.mustStats(nightmare).Scare; v > 0 {
			out = append(out, Scare{Creature: c.ID, SC: v})
		}
	}
	return out
}

// CourageReduce is the Courage Ability on one scare: the Evil side rolls 1
// die; on a miss the SC loss drops by 1 (§3.5). A SPECIAL is a hit when the
// Hero's Sector holds Danger, since it is an Evil roll.
func CourageReduce(scare int, face Face, heroDanger bool) int {
	if !IsHit(face, heroDanger) && scare > 0 {
		return scare - 1
	}
	return scare
}

// Face is one die result (spec §0 icon names).
type Face string

// The three faces.
const (
	Hit     Face = "HIT"
	Special Face = "SPECIAL"
	Blank   Face = "BLANK"
)

// Valid says whether f is a die face (V30).
func (f Face) Valid() bool { return f == Hit || f == Special || f == Blank }

// IsHit says whether a face hits: HIT always, SPECIAL when specialHits
// (Evil dice: the Hero's Sector holds Danger; Hero dice: it is Lighted,
// §4.8, §5.0), BLANK never.
func IsHit(f Face, specialHits bool) bool {
	return f == Hit || (f == Special && specialHits)
}

// CountHits counts the hits in a roll, rejecting faces that are not die
// faces (V30).
func CountHits(faces []Face, specialHits bool) (int, error) {
	n := 0
	for i, f := range faces {
		if !f.Valid() {
			return 0, fmt.Errorf("die %d shows %q; a face is HIT, SPECIAL or BLANK", i+1, f)
		}
		if IsHit(f, specialHits) {
			n++
		}
	}
	return n, nil
}

// AttackDice is the dice a Creature rolls (§4.8 item 2): its table value for
// the Hero's Sector being Lighted or Dark, plus card modifiers, never below 0
// (V30).
func AttackDice(st Stats, lighted bool, modifier int) int {
	return max(0, st.Attack(lighted)+modifier)
}

// AoODice is spec §4.9: one die per Creature in the Sector being left, minus
// 1 if it is Lighted, never below 0. No Creature stats or cards apply.
func AoODice(creatures int, lighted bool) int {
	if lighted {
		creatures--
	}
	return max(0, creatures)
}

// AoO is the Attack of Opportunity for the Hero leaving their Sector now, if
// it holds Creatures (§4.9): one attack, SPECIAL hitting if the Sector holds
// Danger (AMB-7).
type AoO struct {
	Sector      string `json:"sector"`
	Creatures   int    `json:"creatures"`
	Dice        int    `json:"dice"`
	SpecialHits bool   `json:"specialHits"`
	// HeroRerolls is whether Dexterity and Items may reroll it (AMB-7).
	HeroRerolls bool `json:"heroRerolls"`
}

// AttackOfOpportunity returns the AoO the Hero grants by leaving their
// Sector, and false when no Creature is there.
func (m *Map) AttackOfOpportunity(set Settings) (AoO, bool) {
	h := m.HeroSector()
	if h == nil {
		return AoO{}, false
	}
	n := len(m.CreaturesIn(h.ID))
	if n == 0 {
		return AoO{}, false
	}
	return AoO{Sector: h.ID, Creatures: n, Dice: AoODice(n, h.Lighted), SpecialHits: h.Danger, HeroRerolls: set.AoOAllowsHeroRerolls}, true
}

// Attack is one Creature's end-of-Turn attack (§4.8).
type Attack struct {
	Creature    string       `json:"creature"`
	Type        CreatureType `json:"type"`
	Dice        int          `json:"dice"`
	SpecialHits bool         `json:"specialHits"`
	// Expected is the expected Life damage, dice × P(hit).
	Expected float64 `json:"expected"`
}

// EndOfTurnAttacks lists the attack of every Creature in the Hero's Sector
// (§4.8), in Map order; mods are card modifiers to dice by Creature id.
func (m *Map) EndOfTurnAttacks(nightmare bool, mods map[string]int, cfg Config) []Attack {
	h := m.HeroSector()
	if h == nil {
		return nil
	}
	var out []Attack
	for _, c := range m.CreaturesIn(h.ID) {
		dice := AttackDice(c.mustStats(nightmare), h.Lighted, mods[c.ID])
		out = append(out, Attack{Creature: c.ID, Type: c.Type, Dice: dice, SpecialHits: h.Danger,
			Expected: float64(dice) * cfg.Dice.pHit(h.Danger)})
	}
	return out
}

// pHit is P(HIT) + (specialHits ? P(SPECIAL) : 0) from the weights (§7.4).
func (w DiceWeights) pHit(specialHits bool) float64 {
	total := w.Hit + w.Special + w.Blank
	if total <= 0 {
		return 0
	}
	hits := w.Hit
	if specialHits {
		hits += w.Special
	}
	return float64(hits) / float64(total)
}

// LightsOff is spec §4.10: at the end of the Turn every Lighted Sector other
// than the Hero's that a Creature moved into this Turn goes Dark. A 0-step
// move counts as moving into its own Sector (AMB-10).
func (m *Map) LightsOff() []string {
	var out []string
	for i := range m.Creatures {
		c := &m.Creatures[i]
		if !c.Moved || c.Sector == m.Hero {
			continue
		}
		if s := m.Sector(c.Sector); s != nil && s.Lighted && !contains(out, s.ID) {
			out = append(out, s.ID)
		}
	}
	return out
}

// CheckLightsOff is V29 for a Sector the Evil side switches off by the
// Creature rule.
func (m *Map) CheckLightsOff(sector string) error {
	if sector == m.Hero {
		return fmt.Errorf("the Lights in the Hero's Sector %q cannot be switched off by a Creature", sector)
	}
	if !contains(m.LightsOff(), sector) {
		return fmt.Errorf("no Creature moved into the Lighted Sector %q this Turn, so its Lights stay on", sector)
	}
	return nil
}

// WoundOutcome is what one attack does to a Creature (spec A8).
type WoundOutcome string

// The outcomes of A8.
const (
	NoEffect WoundOutcome = "noEffect"
	Wounded  WoundOutcome = "wounded"
	Killed   WoundOutcome = "killed"
)

// ResolveWound is spec A8: the whole damage d of one attack against the
// thresholds. Unwounded: X+Y kills, X wounds (the surplus is lost), less is
// lost. Wounded: Y kills, less is lost.
func ResolveWound(st Stats, wounded bool, d int) WoundOutcome {
	if !wounded {
		switch {
		case d >= st.Wound+st.Kill:
			return Killed
		case d >= st.Wound:
			return Wounded
		}
		return NoEffect
	}
	if d >= st.Kill {
		return Killed
	}
	return NoEffect
}

// FightCheck is V19: a Fight targets a Creature in the Hero's Sector unless
// an Item lets it reach further.
func (m *Map) FightCheck(target string, itemAllowsRange bool) error {
	c := m.Creature(target)
	if c == nil {
		return fmt.Errorf("there is no Creature %q on the Map (it may already be Killed)", target)
	}
	if c.Sector != m.Hero && !itemAllowsRange {
		return fmt.Errorf("creature %q is in %q, not in the Hero's Sector %q; a Fight needs an Item to reach it", target, c.Sector, m.Hero)
	}
	return nil
}
