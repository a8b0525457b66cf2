package alone

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"tablekeeper/automa"
)

// Mode is who plays Evil (spec §7.2, DESIGN PROPOSAL).
type Mode string

// The modes the automa serves. Bookkeeping mode (M0) asks no decisions.
const (
	// Solo (M2): the app plays Evil and keeps the hidden Map; the Hero is
	// told only what the Labyrinth would show.
	Solo Mode = "solo"
	// Assist (M1): human Evil players get a ranked list of suggestions.
	Assist Mode = "assist"
)

// HeroState is what the Evil policy reads of the Hero's sheet.
type HeroState struct {
	Life      int  `json:"life"`
	SC        int  `json:"sc"`
	Nightmare bool `json:"nightmare"`
	// Companion is the Companion's Charges, 0 without one.
	Companion int `json:"companion,omitempty"`
}

// Situation is everything an Evil decision reads: the hidden Map, the Hero,
// the Turn, the Reaction Track, the simulated hand, the Sectors with open
// Mission goals, and the configuration and settings.
type Situation struct {
	Map   *Map          `json:"map"`
	Hero  HeroState     `json:"hero"`
	Turn  int           `json:"turn"`
	Track ReactionTrack `json:"reactionTrack"`
	// Hand is the Reaction cards the Evil side holds in total; a card is
	// needed for each Reaction. Negative means "not tracked" (a full hand).
	Hand int `json:"hand"`
	// Goals are the Sectors that still hold an open Mission goal for the
	// Hero; path* runs to the nearest of them (§7.4).
	Goals []string `json:"goals,omitempty"`
	// Cards is the Evil hand's cards when a Reaction card database is
	// loaded (the Allowed-card mode of §7.4); Triggers is what happened
	// this Turn (the Actions performed, and "life" / "sc" damage taken);
	// ActionStart is the Hero's Sector when the Action began (AMB-5).
	Cards       []ReactionCard `json:"cards,omitempty"`
	Triggers    []Trigger      `json:"triggers,omitempty"`
	ActionStart string         `json:"actionStart,omitempty"`
	Config      Config         `json:"-"`
	Settings    Settings       `json:"-"`

	suggest []string
}

// note keeps the best few options of a priority for the assist mode's
// ranked suggestions.
func (s *Situation) note(prio string, ch choice, cs []cand) {
	for n, i := range ch.order {
		if n == 3 {
			break
		}
		s.suggest = append(s.suggest, fmt.Sprintf("%s: %s (%s)", prio, cs[i].name, factsString(cs[i].facts)))
	}
}

// factsString lists facts as "key value" pairs in key order.
func factsString(f map[string]any) string {
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %v", k, f[k])
	}
	return strings.Join(parts, ", ")
}

func (s *Situation) handHas(n int) bool { return s.Hand < 0 || s.Hand >= n }

// ObjectivePath is path* (§7.4): a shortest Rules path from the Hero's
// Sector to the nearest Sector with an open goal, the Hero's Sector first.
// Nil when there is no goal or none can be reached. Ties between goals go to
// the lower Sector id, and between paths to the first exit in N, E, S, W,
// Stairs order, so path* is the same on every run.
func (m *Map) ObjectivePath(goals []string) []string {
	if len(goals) == 0 || m.HeroSector() == nil {
		return nil
	}
	dist := map[string]int{m.Hero: 0}
	parent := map[string]string{}
	queue := []string{m.Hero}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, d := range allDirs {
			l, ok := m.Sector(cur).Exits[d]
			if !ok || l.Blocked || m.Sector(l.To) == nil {
				continue
			}
			if _, seen := dist[l.To]; !seen {
				dist[l.To], parent[l.To] = dist[cur]+1, cur
				queue = append(queue, l.To)
			}
		}
	}
	best, bestD := "", Unreachable
	sorted := append([]string(nil), goals...)
	sort.Strings(sorted)
	for _, g := range sorted {
		if d, ok := dist[g]; ok && d < bestD {
			best, bestD = g, d
		}
	}
	if best == "" {
		return nil
	}
	path := []string{best}
	for cur := best; cur != m.Hero; {
		cur = parent[cur]
		path = append([]string{cur}, path...)
	}
	return path
}

// expectedDamage is E[dmg](c) (§7.4): its attack dice in the Hero's Sector
// times the chance a die hits there.
func (s *Situation) expectedDamage(st Stats) float64 {
	h := s.Map.HeroSector()
	return float64(AttackDice(st, h.Lighted, 0)) * s.Config.Dice.pHit(h.Danger)
}

// Play is one Standard Reaction the Evil side plays (or two, as a combo
// moving one Creature).
type Play struct {
	// Priority names the policy rule that chose it (P1..P4).
	Priority string `json:"priority"`
	// Cards is 1, or 2 for a 2-card combo moving one Creature.
	Cards int    `json:"cards"`
	Kind  string `json:"kind"` // "move" or "spawn"
	// Move is the checked move; Spawn the checked Spawn and the new
	// Creature's id.
	Move    *MoveResult `json:"move,omitempty"`
	Spawn   *SpawnCheck `json:"spawn,omitempty"`
	SpawnID string      `json:"spawnId,omitempty"`
	// Said is the Noise as Communicated: one direction, "other Level",
	// "here" or nothing.
	Said Message `json:"said"`
	// Value is a Strike's or an Allowed card's estimated value (§7.4).
	Value float64 `json:"value,omitempty"`
	// Card is the Allowed card played face up, when it is one.
	Card *ReactionCard `json:"card,omitempty"`
}

// Message is one thing the Evil side must Communicate to the Hero.
type Message struct {
	Kind string `json:"kind"` // noise, exit, revealed, scare, wounded, locate, door, card
	Say  string `json:"say"`
	// Direction is set for a Noise or exit direction.
	Direction Dir    `json:"direction,omitempty"`
	Sector    string `json:"sector,omitempty"`
	Creature  string `json:"creature,omitempty"`
	SC        int    `json:"sc,omitempty"`
}

// EndOfTurnDecision is the Evil side's end-of-Turn Standard Reactions
// (§7.4 "End-of-Turn decision") and what follows from them.
type EndOfTurnDecision struct {
	Plays []Play `json:"plays"`
	// Track is the Reaction Track after the plays.
	Track ReactionTrack `json:"reactionTrack"`
	// Suggestions ranks the best options of each priority weighed, in
	// policy order, for the Evil players in assist mode (§7.2 M1).
	Suggestions []string `json:"suggestions,omitempty"`
	// Communicate is what the Hero must be told, in order. (Resolve puts
	// it at the top of its output, so it is not repeated here.)
	Communicate []Message `json:"-"`
	// Map is the Map after the plays.
	Map *Map `json:"-"`
}

// Rule names, so the trace and tests agree.
const (
	ruleP1      = "alone §7.4 P1 Strike (design proposal)"
	ruleP2      = "alone §7.4 P2 Spawn (design proposal; Spawning EC p.6)"
	ruleP3      = "alone §7.4 P3 Lights out (design proposal; Switching off the Lights EC p.9)"
	ruleP4      = "alone §7.4 P4 Advance (design proposal; Moving Creatures EC p.6)"
	ruleP5      = "alone §7.4 P5 play nothing (design proposal)"
	rulePacing  = "alone §7.4 pacing budget (design proposal)"
	ruleTrack   = "alone §4.2 Reaction limit and Track spaces (EC p.4)"
	ruleNoise   = "alone §6 A6 and §7.4 noise ties (Communicating a Noise EC p.7)"
	ruleCombo   = "alone §7.4 combo must be or complete a Strike (design proposal)"
	rulePathObj = "alone §7.4 path* (design proposal)"
)

// EndOfTurn is the §7.4 End-of-Turn decision: evaluate P1 Strike, P2 Spawn,
// P3 Lights out, P4 Advance in order and play the first that qualifies; after
// a 1-card play evaluate again for a combo, which must be a Strike. Noise is
// Communicated by the A6 rule with the §7.4 tie policy.
func EndOfTurn(sit Situation, r automa.Rand) (EndOfTurnDecision, automa.Trace, error) {
	var tr automa.Trace
	var dec EndOfTurnDecision
	if err := sit.check(); err != nil {
		return dec, tr, err
	}
	m := sit.Map.Clone()
	sit.Map = m
	sit.Cards = append([]ReactionCard(nil), sit.Cards...)
	path := m.ObjectivePath(sit.Goals)
	st := tr.Add(rulePathObj, "path*: the shortest path from the Hero's Sector %s to the nearest open Mission goal", m.Hero)
	if path == nil {
		st.Result = "no open goal can be reached; path* is empty"
	} else {
		st.Result = strings.Join(path, " → ")
	}
	// A card already played this Turn (an Instant) makes the next one a
	// combo, which must be a Strike.
	for round := min(sit.Track.PlayedThisTurn, 1); round < 2; round++ {
		if err := sit.Track.CheckPlay(true, sit.Config); err != nil || !sit.handHas(1) {
			why := "no card left in the Evil hand"
			if err != nil {
				why = err.Error()
			}
			tr.Add(ruleTrack, "no further Reaction this Turn").Result = why
			break
		}
		var play *Play
		if round == 0 {
			play = sit.strike(path, &tr, r)
			if play == nil {
				play = sit.paced(path, &tr, r)
			}
		} else {
			tr.Add(ruleCombo, "one card was played; a second card this Turn must be a Strike").Result = "looking for a Strike"
			play = sit.strike(path, &tr, r)
		}
		if card := sit.allowed(play, round > 0, &tr, r); card != nil {
			play = card
		}
		if play == nil {
			if round == 0 {
				tr.Add(ruleP5, "no priority qualified").Result = "no Reaction this Turn"
			} else {
				tr.Add(ruleCombo, "no Strike for a combo").Result = "no second Reaction"
			}
			break
		}
		sit.apply(play)
		if play.Kind != "card" || play.Move != nil {
			sit.sayNoise(play, path, &tr, r)
		}
		for i := 0; i < play.Cards; i++ {
			sit.Track = sit.Track.Play()
		}
		if sit.Hand > 0 {
			sit.Hand -= play.Cards
		}
		dec.Plays = append(dec.Plays, *play)
		dec.Communicate = append(dec.Communicate, sit.tell(*play)...)
		if sit.Track.PlayedThisTurn >= MaxReactionsPerTurn {
			break
		}
	}
	dec.Suggestions = sit.suggest
	dec.Track, dec.Map = sit.Track, m
	return dec, tr, nil
}

func (s *Situation) check() error {
	if s.Map == nil {
		return fmt.Errorf("the situation has no map")
	}
	if err := s.Map.Validate(s.Config); err != nil {
		return err
	}
	if err := CheckTurn(s.Turn); err != nil {
		return err
	}
	if s.Track.Used < 0 || s.Track.Used > s.Config.ReactionSpaces {
		return fmt.Errorf("reactionTrack.used is %d; the track has %d spaces", s.Track.Used, s.Config.ReactionSpaces)
	}
	if s.Track.PlayedThisTurn < 0 || s.Track.PlayedThisTurn > MaxReactionsPerTurn {
		return fmt.Errorf("reactionTrack.playedThisTurn is %d; at most %d Reactions a Turn", s.Track.PlayedThisTurn, MaxReactionsPerTurn)
	}
	for _, g := range s.Goals {
		if s.Map.Sector(g) == nil {
			return fmt.Errorf("goal %q is not a Sector of this Map", g)
		}
	}
	for i := range s.Cards {
		if err := s.Cards[i].Validate(); err != nil {
			return fmt.Errorf("cards: %w", err)
		}
	}
	for _, t := range s.Triggers {
		if !t.Valid() {
			return fmt.Errorf("triggers: %q is not one of move, explore, fight, locate, scavenge, interact, life, sc", t)
		}
	}
	if s.ActionStart != "" && s.Map.Sector(s.ActionStart) == nil {
		return fmt.Errorf("actionStart %q is not a Sector of this Map", s.ActionStart)
	}
	return nil
}

func (p Play) describe() string {
	switch p.Kind {
	case "card":
		return fmt.Sprintf("%s: play %s face up (value %.2f)", p.Priority, p.Card.title(), p.Value)
	case "spawn":
		return fmt.Sprintf("%s: Spawn a %s in %s (%d card)", p.Priority, p.Spawn.Type, p.Spawn.Sector, p.Cards)
	default:
		steps := "stays in " + p.Move.From + " (0 steps)"
		if len(p.Move.Path) > 0 {
			steps = p.Move.From + " → " + strings.Join(p.Move.Path, " → ")
		}
		if p.Move.UnblockedOnly != "" {
			way := ""
			if len(p.Move.Path) > 0 {
				way = " moves " + p.Move.From + " → " + strings.Join(p.Move.Path, " → ") + ", then"
			}
			return fmt.Sprintf("%s: %s%s Unblocks the Door from %s to %s and stays in %s (%d card%s)", p.Priority, p.Move.Creature, way,
				p.Move.To, p.Move.UnblockedOnly, p.Move.To, p.Cards, plural(p.Cards))
		}
		return fmt.Sprintf("%s: move %s %s (%d card%s)", p.Priority, p.Move.Creature, steps, p.Cards, plural(p.Cards))
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// strikePath is one way a Creature reaches the Hero.
type strikePath struct {
	hops []string
	cost int
	res  MoveResult
}

// strikePaths lists the ways Creature c can reach the Hero's Sector with at
// most 2 movement (A7 costs, Level limit), the cheapest first.
func (s *Situation) strikePaths(c *Creature) []strikePath {
	m := s.Map
	var out []strikePath
	try := func(hops []string) {
		res, err := m.CheckMove(c.ID, hops, 2, s.Hero.Nightmare, s.Config)
		if err == nil && res.To == m.Hero {
			out = append(out, strikePath{hops: hops, cost: res.Steps, res: res})
		}
	}
	src := m.Sector(c.Sector)
	for _, d1 := range allDirs {
		l1, ok := src.Exits[d1]
		if !ok {
			continue
		}
		if l1.To == m.Hero {
			try([]string{l1.To})
			continue
		}
		mid := m.Sector(l1.To)
		if l1.Blocked || mid == nil {
			continue
		}
		for _, d2 := range allDirs {
			if l2, ok := mid.Exits[d2]; ok && l2.To == m.Hero && !l2.Blocked {
				try([]string{l1.To, l2.To})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].cost < out[j].cost })
	return out
}

// strike is P1: a Creature that reaches the Hero this Turn with one card
// (cost ≤ 1) or, with no card played yet, a 2-card combo (cost 2).
func (s *Situation) strike(path []string, tr *automa.Trace, r automa.Rand) *Play {
	m := s.Map
	free := s.Track.Free(s.Config)
	first := s.Track.PlayedThisTurn == 0
	var cs []cand
	var drops []automa.Candidate
	idRank := creatureIDRank(m)
	for i := range m.Creatures {
		c := &m.Creatures[i]
		if c.Sector == m.Hero {
			drops = append(drops, dropped(c.ID, "already in the Hero's Sector: it attacks at the end of the Turn without a card"))
			continue
		}
		ps := s.strikePaths(c)
		if len(ps) == 0 {
			drops = append(drops, dropped(c.ID, "cannot reach the Hero's Sector with 2 movement or less"))
			continue
		}
		k := ps[0].cost
		cards := 1
		switch {
		case k <= 1 && first && free >= 1:
		case k <= 1 && !first && free >= 2:
		case k == 2 && first && free >= 3 && s.handHas(2):
			cards = 2
		case k <= 1:
			drops = append(drops, dropped(c.ID, fmt.Sprintf("1 step away, but the Track has %d free space(s), too few for this card", free)))
			continue
		default:
			drops = append(drops, dropped(c.ID, fmt.Sprintf("needs %d movement: a 2-card combo needs no card played yet this Turn and 3 free spaces (%d free)", k, free)))
			continue
		}
		// Among the cheapest ways in, take the one that scares, then the
		// first in exit order.
		best := ps[0]
		for _, p := range ps[1:] {
			if p.cost == k && p.res.Scare > best.res.Scare {
				best = p
			}
		}
		st := c.mustStats(s.Hero.Nightmare)
		e := s.expectedDamage(st)
		scare := float64(best.res.Scare)
		value := e + scare
		facts := map[string]any{"cost": k, "cards": cards, "E[dmg]": round2(e), "scare": best.res.Scare, "value": round2(value), "path": strings.Join(best.hops, " → ")}
		if value < s.Settings.strikeThreshold() {
			drops = append(drops, automa.Candidate{Name: c.ID, Facts: facts, Reason: fmt.Sprintf("value %.2f is below the Strike threshold %.2f", value, s.Settings.strikeThreshold())})
			continue
		}
		res := best.res
		cs = append(cs, cand{name: c.ID, facts: facts,
			keys: []float64{value, -float64(k), b2f(!c.Revealed), -float64(idRank[c.ID])},
			val:  &Play{Priority: "P1 Strike", Cards: cards, Kind: "move", Move: &res, Value: round2(value)}})
	}
	step := tr.Add(ruleP1, "a Creature that can reach the Hero this Turn, worth E[dmg] + scare ≥ %.2f", s.Settings.strikeThreshold())
	listDropped(step, drops)
	if len(cs) == 0 {
		step.Result = "no Strike"
		return nil
	}
	ch := choose(cs, []string{"higher value", "lower cost", "Unrevealed first", "the Creature first by its name and number"}, r)
	ch.record(step, cs)
	s.note("P1 Strike", ch, cs)
	play := cs[ch.best].val.(*Play)
	step.Result = play.describe()
	return play
}

// paced runs P2..P4, which must fit the pacing budget and may not cover a
// Danger symbol (§7.4).
func (s *Situation) paced(path []string, tr *automa.Trace, r automa.Rand) *Play {
	cost := s.Track.NextCost()
	budget := pacingBudget(s.Config, s.Turn, s.Settings)
	nd := s.Track.FreeNoDanger(s.Config)
	covers := s.Track.CoversDanger(s.Config) || s.Track.Free(s.Config) < cost
	// The budget is ceil(NDtotal × Turn / 8 × the aggression's scale).
	scale := ""
	if sc := s.Settings.pacingScale(); sc != 1 {
		scale = fmt.Sprintf(", times %.2f for the Evil side's aggression", sc)
	}
	step := tr.Add(rulePacing, "Turn %d of 8: by now the cards may cover up to %d space%s of the Reaction Track (its %d without a Danger symbol shared out over the 8 Turns, rounded up%s); a play that is not a Strike may not cover a Danger symbol",
		s.Turn, budget, plural(budget), s.Config.NoDangerTotal(), scale)
	step.Kept = []automa.Candidate{{Name: "the Reaction Track", Facts: map[string]any{"spent": s.Track.Used, "cost": cost, "budget": budget, "freeWithoutDanger": nd}}}
	if s.Track.Used+cost > budget || covers {
		step.Result = "pacing does not allow a Spawn, Lights out or Advance now"
		return nil
	}
	step.Result = "pacing allows one more card"
	for _, f := range []func([]string, *automa.Trace, automa.Rand) *Play{s.spawn, s.lightsOut, s.advance} {
		if p := f(path, tr, r); p != nil {
			return p
		}
	}
	return nil
}

// spawn is P2.
func (s *Situation) spawn(path []string, tr *automa.Trace, r automa.Rand) *Play {
	m := s.Map
	h := m.HeroSector()
	lim := s.Config.levelLimit()
	step := tr.Add(ruleP2, "Spawn on the Hero's Level if it has fewer than %d Creatures, else the other Level", lim)
	level := h.Level
	if m.CreaturesOnLevel(level) >= lim {
		level = 3 - h.Level
		if m.CreaturesOnLevel(level) >= lim {
			step.Result = "both Levels are full"
			return nil
		}
	}
	var types []CreatureType
	for _, t := range CreatureTypes {
		if m.TokensLeft(t, s.Config) > 0 {
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		step.Result = "no Creature token is left"
		return nil
	}
	wSC, wLife := 1.5, 1.0
	if s.Hero.SC > s.Hero.Life {
		wSC, wLife = 1.0, 1.5
	}
	mode := Rules
	if s.Settings.SpawnDistanceIgnoresBlockedDoors {
		mode = Locate
	}
	dist := m.DistancesFrom(m.Hero, mode)
	onPath := setOf(path)
	los := setOf(m.LineOfSight(m.Hero))
	var cs []cand
	var drops []automa.Candidate
	for i := range m.Sectors {
		sec := &m.Sectors[i]
		if sec.Level != level {
			continue
		}
		if sec.Revealed || los[sec.ID] {
			continue // Revealed Sectors are on the Labyrinth; the policy spawns only out of sight
		}
		d, ok := dist[sec.ID]
		if !ok {
			// No path: the MSD check passes (§4.5 item 3); score the
			// distance as the Map's size, farther than any real path.
			d = len(m.Sectors)
		}
		for ti, t := range types {
			sc, err := m.CheckSpawn(t, sec.ID, 0, s.Hero.Nightmare, s.Config, s.Settings)
			if err != nil {
				if len(drops) < 4*maxListed {
					drops = append(drops, dropped(string(t)+" in "+sec.ID, err.Error()))
				}
				continue
			}
			if t == Worm && onPath[sec.ID] && sec.Lighted {
				drops = append(drops, dropped(string(t)+" in "+sec.ID, "a Worm is not Spawned into a Lighted Sector on path*"))
				continue
			}
			st, _ := TypeStats(t, s.Hero.Nightmare)
			score := 3*b2f(onPath[sec.ID]) + 2*b2f(!sec.Lighted) - 2*math.Abs(float64(d-st.MSD)) +
				wSC*float64(st.Scare) + wLife*float64(AttackDice(st, sec.Lighted, 0))
			spawn := sc
			cs = append(cs, cand{name: string(t) + " in " + sec.ID,
				facts: map[string]any{"score": round2(score), "distance": d, "msd": st.MSD, "onPath": onPath[sec.ID], "lighted": sec.Lighted, "scare": st.Scare},
				keys:  []float64{score, -float64(i), -float64(ti)},
				val:   &Play{Priority: "P2 Spawn", Cards: 1, Kind: "spawn", Spawn: &spawn}})
		}
	}
	step.Text += fmt.Sprintf(": Level %d; each place scores 3 on path*, 2 in the Dark, less 2 for each Sector it is from the Creature's MSD, and %.1f for each point of scare and %.1f for each attack die", level, wSC, wLife)
	listDropped(step, drops)
	if len(cs) == 0 {
		step.Result = "no legal Unrevealed Sector out of sight"
		return nil
	}
	sortBySectorID(cs, m)
	ch := choose(cs, []string{"higher score", "the Sector first by its Level and square", "the kinds in the order Spore, Parasite, Cultist, Hybrid, Worm"}, r)
	ch.record(step, cs)
	s.note("P2 Spawn", ch, cs)
	p := cs[ch.best].val.(*Play)
	p.SpawnID = m.newCreatureID(p.Spawn.Type)
	step.Result = p.describe()
	return p
}

// sortBySectorID rewrites the "lower Sector id" key from Map order to the
// ids' sort order, so the tie-break is by id as the spec says.
func sortBySectorID(cs []cand, m *Map) {
	ids := m.SectorIDs()
	sort.Strings(ids)
	rank := make(map[string]int, len(ids))
	for i, id := range ids {
		rank[id] = i
	}
	for i := range cs {
		p := cs[i].val.(*Play)
		cs[i].keys[1] = -float64(rank[p.Spawn.Sector])
	}
}

// creatureIDRank orders the Creatures by id, for the "lower id" tie-break.
func creatureIDRank(m *Map) map[string]int {
	ids := make([]string, len(m.Creatures))
	for i := range m.Creatures {
		ids[i] = m.Creatures[i].ID
	}
	sort.Strings(ids)
	rank := make(map[string]int, len(ids))
	for i, id := range ids {
		rank[id] = i
	}
	return rank
}

// newCreatureID names a new token "<type>-<n>" with the lowest unused n.
func (m *Map) newCreatureID(t CreatureType) string {
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s-%d", t, n)
		if m.Creature(id) == nil {
			return id
		}
	}
}

// lightsOut is P3.
func (s *Situation) lightsOut(path []string, tr *automa.Trace, r automa.Rand) *Play {
	m := s.Map
	dist := m.DistancesFrom(m.Hero, Rules)
	onPath := setOf(path)
	already := setOf(m.LightsOff())
	step := tr.Add(ruleP3, "a Creature moves at most 1 step into a Lighted Sector other than the Hero's, within 3 of the Hero or on path*")
	var cs []cand
	for i := range m.Creatures {
		c := &m.Creatures[i]
		targets := [][]string{{}}
		for _, d := range allDirs {
			if l, ok := m.Sector(c.Sector).Exits[d]; ok {
				targets = append(targets, []string{l.To})
			}
		}
		for _, hops := range targets {
			dest := c.Sector
			if len(hops) == 1 {
				dest = hops[0]
			}
			sec := m.Sector(dest)
			if !sec.Lighted || dest == m.Hero || already[dest] {
				continue
			}
			d, ok := dist[dest]
			if !ok {
				d = Unreachable
			}
			if d > 3 && !onPath[dest] {
				continue
			}
			res, err := m.CheckMove(c.ID, hops, 1, s.Hero.Nightmare, s.Config)
			if err != nil {
				continue
			}
			cs = append(cs, cand{name: fmt.Sprintf("%s into %s", c.ID, dest),
				facts: map[string]any{"distance": d, "steps": len(hops), "onPath": onPath[dest]},
				keys:  []float64{-float64(d)},
				val:   &Play{Priority: "P3 Lights out", Cards: 1, Kind: "move", Move: &res}})
		}
	}
	if len(cs) == 0 {
		step.Result = "no Lighted Sector to darken"
		return nil
	}
	ch := choose(cs, []string{"nearer the Hero"}, r)
	ch.record(step, cs)
	s.note("P3 Lights out", ch, cs)
	p := cs[ch.best].val.(*Play)
	step.Result = p.describe()
	return p
}

// advance is P4: the Creature nearest the Hero (2 or more movement away)
// spends 1 step toward the Hero along a cheapest way. Nearness is movement
// (A7), not Sectors: a Blocked Door costs the step that Unblocks it, so a
// Creature whose cheapest way runs through a Blocked Door beside it may
// spend its step only Unblocking that Door and stay where it is ("To move
// through a Blocked Door, you must Unblock it first by spending a
// movement step", Evil Compendium p.7, Blocked Doors; a Standard Reaction
// moves a Creature "up to 1 Sector", p.5). The spec's P4 measures Sectors
// over the Rules adjacency, where a Creature shut behind a Blocked Door
// never advances: the seed allows the Unblock, so it is weighed.
func (s *Situation) advance(path []string, tr *automa.Trace, r automa.Rand) *Play {
	m := s.Map
	toHero := m.MovementCosts(m.Hero)
	onPath := setOf(path)
	step := tr.Add(ruleP4, "the Creature nearest the Hero (2 or more steps of movement away, a Blocked Door counting the step that Unblocks it) spends 1 step toward the Hero")
	var cs []cand
	var drops []automa.Candidate
	for i := range m.Creatures {
		c := &m.Creatures[i]
		dc, ok := toHero[c.Sector]
		if !ok || dc < 2 {
			why := "cannot reach the Hero"
			if ok {
				why = "closer than 2"
			}
			drops = append(drops, dropped(c.ID, why))
			continue
		}
		here := m.Sector(c.Sector)
		for _, d := range allDirs {
			l, ok := here.Exits[d]
			if !ok {
				continue
			}
			var res MoveResult
			var err error
			var name string
			dest := m.Sector(l.To)
			switch {
			case !l.Blocked && toHero[l.To] == dc-1:
				name = fmt.Sprintf("%s to %s", c.ID, l.To)
				res, err = m.CheckMove(c.ID, []string{l.To}, 1, s.Hero.Nightmare, s.Config)
			case l.Blocked && toHero[l.To] == dc-2:
				// The step Unblocks the Door; the Creature stays.
				name = fmt.Sprintf("%s Unblocks the Door to %s", c.ID, l.To)
				res, err = m.CheckMoveUnblock(c.ID, nil, l.To, 1, s.Hero.Nightmare, s.Config)
				dest = here
			default:
				continue
			}
			if err != nil {
				drops = append(drops, dropped(name, err.Error()))
				continue
			}
			unblock := res.UnblockedOnly != ""
			cs = append(cs, cand{name: name,
				facts: map[string]any{"distance": dc, "staysUnrevealed": !res.Revealed, "dark": !dest.Lighted, "onPath": onPath[dest.ID], "unblocks": unblock},
				keys:  []float64{-float64(dc), b2f(!res.Revealed), b2f(!dest.Lighted), b2f(onPath[dest.ID]), b2f(!unblock)},
				val:   &Play{Priority: "P4 Advance", Cards: 1, Kind: "move", Move: &res}})
		}
	}
	listDropped(step, drops)
	if len(cs) == 0 {
		step.Result = "no Creature can advance"
		return nil
	}
	ch := choose(cs, []string{"nearer the Hero", "stays Unrevealed", "into a Dark Sector", "onto path*", "a step before an Unblock"}, r)
	ch.record(step, cs)
	s.note("P4 Advance", ch, cs)
	p := cs[ch.best].val.(*Play)
	step.Result = p.describe()
	return p
}

// apply makes a chosen play on the Situation's working Map.
func (s *Situation) apply(p *Play) {
	switch p.Kind {
	case "spawn":
		if p.SpawnID == "" {
			p.SpawnID = s.Map.newCreatureID(p.Spawn.Type)
		}
		s.Map.ApplySpawn(p.SpawnID, *p.Spawn)
		if c := s.Map.Creature(p.SpawnID); c != nil {
			c.Moved = false
		}
	case "move":
		s.Map.ApplyMove(*p.Move)
	case "card":
		if p.Move != nil {
			s.Map.ApplyMove(*p.Move)
		}
		for i, c := range s.Cards {
			if c.ID == p.Card.ID {
				s.Cards = append(append([]ReactionCard(nil), s.Cards[:i]...), s.Cards[i+1:]...)
				break
			}
		}
	}
}

// sayNoise decides which true Noise answer to give for a play (A6) and
// records it.
func (s *Situation) sayNoise(p *Play, path []string, tr *automa.Trace, r automa.Rand) {
	var noise Noise
	if p.Kind == "spawn" {
		noise = p.Spawn.Noise
	} else {
		noise = p.Move.Noise
	}
	p.Said = ChooseNoise(s.Map, noise, path, tr, r)
}

// ChooseNoise states one true Noise answer (A6): "other Level", "here",
// nothing when not heard (AMB-14), or one of the shortest-path directions,
// picking one not on path* when it can to mislead within the rules (§7.4),
// then by the seeded Rand.
func ChooseNoise(m *Map, n Noise, path []string, tr *automa.Trace, r automa.Rand) Message {
	step := tr.Add(ruleNoise, "Noise made in %s", n.Source)
	msg := Message{Kind: "noise", Sector: n.Source}
	switch n.Kind {
	case NoiseOtherLevel:
		msg.Say = "You hear a noise from the other Level."
	case NoiseHere:
		msg.Say = "The noise is in your Sector."
	case NoiseNotHeard:
		msg.Kind, msg.Say = "silence", ""
		step.Result = "Blocked Doors cut every path: nothing is heard (AMB-14)"
		return msg
	default:
		var pathDir Dir
		if len(path) > 1 {
			pathDir, _, _ = m.linkBetween(path[0], path[1])
		}
		var cs []cand
		for _, d := range n.Directions {
			cs = append(cs, cand{name: d.Name(), keys: []float64{b2f(d != pathDir)},
				facts: map[string]any{"onPath": d == pathDir}, val: d})
		}
		ch := choose(cs, []string{"not the first step of path*"}, r)
		ch.record(step, cs)
		msg.Direction = cs[ch.best].val.(Dir)
		msg.Say = fmt.Sprintf("You hear a noise from %s.", msg.Direction.Name())
		if len(cs) > 1 && ch.tieBreak == "" {
			step.TieBreak = "not the first step of path*"
		}
	}
	msg.Sector = ""
	step.Result = msg.Say
	return msg
}

// tell lists what a play makes the Evil side Communicate: the Noise, the
// exit directions, a Creature Revealed (with its Wounded status, §4.6 item
// 7) and a scare.
func (s *Situation) tell(p Play) []Message {
	var out []Message
	if p.Kind == "card" {
		out = append(out, Message{Kind: "card", Say: fmt.Sprintf("The Evil side plays %s face up.", p.Card.title())})
	}
	if p.Move != nil {
		for _, e := range p.Move.ExitDirections {
			out = append(out, Message{Kind: "exit", Sector: e.Sector, Direction: e.Direction,
				Say: fmt.Sprintf("The Creature in %s leaves by %s.", e.Sector, e.Direction.Name())})
		}
		if p.Move.RevealedIn != "" && p.Move.Revealed {
			c := s.Map.Creature(p.Move.Creature)
			out = append(out, revealedMsg(c, p.Move.To))
		}
		for _, door := range p.Move.Unblocked {
			// The Hero sees a Blocked token leave a Revealed Sector's
			// Door (§4.12).
			a, b, _ := strings.Cut(door, "|")
			if sa, sb := s.Map.Sector(a), s.Map.Sector(b); (sa != nil && sa.Revealed) || (sb != nil && sb.Revealed) {
				out = append(out, Message{Kind: "door", Say: fmt.Sprintf("The Blocked token between %s and %s is removed: the Door is Unblocked.", a, b)})
			}
		}
		if p.Move.Scare > 0 {
			out = append(out, Message{Kind: "scare", Creature: p.Move.Creature, SC: p.Move.Scare,
				Say: fmt.Sprintf("A Creature appears in your Sector: lose %d Self Control.", p.Move.Scare)})
		}
	}
	if p.Kind == "spawn" && p.Spawn.Revealed {
		out = append(out, revealedMsg(s.Map.Creature(p.SpawnID), p.Spawn.Sector))
	}
	if p.Said.Kind != "silence" && p.Said.Kind != "" {
		out = append(out, p.Said)
	}
	return out
}

func revealedMsg(c *Creature, sector string) Message {
	if c == nil {
		return Message{Kind: "revealed", Sector: sector}
	}
	w := "not Wounded"
	if c.Wounded {
		w = "Wounded"
	}
	return Message{Kind: "revealed", Sector: sector, Creature: c.ID,
		Say: fmt.Sprintf("A %s is Revealed in %s (%s).", c.Type, sector, w)}
}

func setOf(ids []string) map[string]bool {
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }
