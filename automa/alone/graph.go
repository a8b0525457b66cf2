package alone

import (
	"fmt"
	"sort"
)

// AdjMode picks the adjacency for shortest paths (spec §6 "Adjacency").
type AdjMode int

const (
	// Rules adjacency excludes Blocked links: Noise, Spawn distance and
	// movement use it.
	Rules AdjMode = iota
	// Locate adjacency passes Blocked Doors (spec §5.4).
	Locate
)

// Unreachable is the distance when no path exists (∞ in the spec). It
// compares greater than any real distance, so an MSD check passes.
const Unreachable = 1 << 30

// passable says whether a link may be used under the mode.
func passable(l Link, mode AdjMode) bool { return mode == Locate || !l.Blocked }

// DistancesFrom runs a breadth-first search from a Sector over adj(mode),
// every edge costing 1 (spec A1). Sectors out of reach are absent.
func (m *Map) DistancesFrom(from string, mode AdjMode) map[string]int {
	dist := map[string]int{}
	if m.Sector(from) == nil {
		return dist
	}
	dist[from] = 0
	queue := []string{from}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		s := m.Sector(cur)
		for _, d := range allDirs {
			l, ok := s.Exits[d]
			if !ok || !passable(l, mode) || m.Sector(l.To) == nil {
				continue
			}
			if _, seen := dist[l.To]; !seen {
				dist[l.To] = dist[cur] + 1
				queue = append(queue, l.To)
			}
		}
	}
	return dist
}

// MovementCosts is, for every Sector, the movement a Creature there spends
// to reach Sector to (spec A7): 1 for each Sector entered and 1 more for
// each Blocked Door it must Unblock on the way ("To move through a Blocked
// Door, you must Unblock it first by spending a movement step", Evil
// Compendium, Blocked Doors). Links go both ways with the same cost, so the
// search runs from to. Sectors with no way at all are absent; the Level
// limit is left to the move's own check.
func (m *Map) MovementCosts(to string) map[string]int {
	cost := map[string]int{}
	if m.Sector(to) == nil {
		return cost
	}
	// Costs are 1 or 2 a link: a bucket queue by cost keeps it linear.
	buckets := [][]string{{to}}
	cost[to] = 0
	for c := 0; c < len(buckets); c++ {
		for i := 0; i < len(buckets[c]); i++ {
			cur := buckets[c][i]
			if cost[cur] != c {
				continue // reached cheaper after it was queued
			}
			for _, d := range allDirs {
				l, ok := m.Sector(cur).Exits[d]
				if !ok || m.Sector(l.To) == nil {
					continue
				}
				nc := c + 1
				if l.Blocked {
					nc++
				}
				if old, seen := cost[l.To]; seen && old <= nc {
					continue
				}
				cost[l.To] = nc
				for len(buckets) <= nc {
					buckets = append(buckets, nil)
				}
				buckets[nc] = append(buckets[nc], l.To)
			}
		}
	}
	return cost
}

// Distance is spec A1: the number of Sectors from one to the other over
// adj(mode), or Unreachable.
func (m *Map) Distance(from, to string, mode AdjMode) int {
	if d, ok := m.DistancesFrom(from, mode)[to]; ok {
		return d
	}
	return Unreachable
}

// LineOfSight is spec A2: the Hero's Sector, then for each of N, E, S, W the
// Revealed Sectors in a straight line, stopping at a wall, a Blocked Door
// (AMB-15), a Door not in the Hero's Sector, or an Unrevealed Sector. Stairs
// never carry sight.
func (m *Map) LineOfSight(h string) []string {
	if m.Sector(h) == nil {
		return nil
	}
	los := []string{h}
	for _, d := range Compass {
		cur := h
		for steps := 0; steps < len(m.Sectors); steps++ {
			l, ok := m.exit(cur, d)
			if !ok || l.Blocked || (l.Door && cur != h) {
				break
			}
			nxt := m.Sector(l.To)
			if nxt == nil || !nxt.Revealed {
				break
			}
			los = append(los, nxt.ID)
			cur = nxt.ID
		}
	}
	return dedupe(los)
}

// InLineOfSight says whether Sector s is in the LoS from h.
func (m *Map) InLineOfSight(h, s string) bool {
	return contains(m.LineOfSight(h), s)
}

// RevealLighted is spec A3: the Unrevealed Lighted Sectors that enter the
// Hero's LoS, in the order they are Revealed. A revealed Sector lets the
// line go on, so a chain of Lighted Sectors is revealed in one pass. The Map
// is not changed.
func (m *Map) RevealLighted(h string) []string {
	if m.Sector(h) == nil {
		return nil
	}
	var out []string
	for _, d := range Compass {
		cur := h
		for steps := 0; steps < len(m.Sectors); steps++ {
			l, ok := m.exit(cur, d)
			if !ok || l.Blocked || (l.Door && cur != h) {
				break
			}
			nxt := m.Sector(l.To)
			if nxt == nil {
				break
			}
			if !nxt.Revealed && !contains(out, nxt.ID) {
				if !nxt.Lighted {
					break
				}
				out = append(out, nxt.ID)
			}
			cur = nxt.ID
		}
	}
	return out
}

// ExploreResult is what an Explore Action Reveals (spec A4, §5.2).
type ExploreResult struct {
	// Explored is every Sector the Explore covered, Revealed before or not.
	Explored []string `json:"explored"`
	// Revealed is the ones that were Unrevealed and now are.
	Revealed []string `json:"revealed"`
	// DangerRemovable is where the Hero may remove 1 Danger token: the
	// Hero's Sector or an explored one, if it holds a token.
	DangerRemovable []string `json:"dangerRemovable,omitempty"`
}

// Explore is spec A4 from the Hero's Sector in direction d: up to 2 Sectors
// in a straight line, stopped by a wall, a Blocked Door or a Door not in the
// Hero's Sector; through the Stairs only the far end.
func (m *Map) Explore(d Dir) (ExploreResult, error) {
	var r ExploreResult
	h := m.Hero
	if !d.Valid() {
		return r, fmt.Errorf("explore direction %q is not N, E, S, W or STAIRS", d)
	}
	if m.Sector(h) == nil {
		return r, fmt.Errorf("the Hero's Sector %q is not on the Map", h)
	}
	add := func(id string) {
		r.Explored = append(r.Explored, id)
		if !m.Sector(id).Revealed {
			r.Revealed = append(r.Revealed, id)
		}
	}
	if d == Stairs {
		l, ok := m.exit(h, Stairs)
		if !ok {
			return r, fmt.Errorf("the Hero's Sector %q has no Stairs to explore through", h)
		}
		add(l.To)
	} else {
		cur := h
		for count := 0; count < 2; count++ {
			l, ok := m.exit(cur, d)
			if !ok || l.Blocked || (l.Door && cur != h) {
				break
			}
			add(l.To)
			cur = l.To
		}
	}
	for _, id := range append([]string{h}, r.Explored...) {
		if m.Sector(id).Danger && !contains(r.DangerRemovable, id) {
			r.DangerRemovable = append(r.DangerRemovable, id)
		}
	}
	return r, nil
}

// CheckExploreDanger is spec V21: an Explore removes at most 1 Danger token,
// from the Hero's Sector or one the Explore covered.
func CheckExploreDanger(r ExploreResult, remove []string) error {
	if len(remove) > 1 {
		return fmt.Errorf("an Explore removes at most 1 Danger token, not %d", len(remove))
	}
	if len(remove) == 1 && !contains(r.DangerRemovable, remove[0]) {
		return fmt.Errorf("no Danger token in %q can be removed: it must be in the Hero's Sector or a Sector this Explore covered", remove[0])
	}
	return nil
}

// LightResult is what an LCU repair changes (spec A5, §5.6).
type LightResult struct {
	// Lighted is every Sector the repair lights, the LCU's own first.
	Lighted []string `json:"lighted"`
	// Revealed is the Unrevealed Lighted Sectors now in LoS (A3).
	Revealed []string `json:"revealed,omitempty"`
}

// RepairLCU is spec A5 with the Hero in the LCU Sector: light it and up to 2
// Sectors in a straight line in direction d. Doors do not stop the light; a
// Blocked Door does (AMB-15). Then A3 runs on the lit Map.
func (m *Map) RepairLCU(d Dir) (LightResult, error) {
	var r LightResult
	h := m.HeroSector()
	if h == nil {
		return r, fmt.Errorf("the Hero's Sector %q is not on the Map", m.Hero)
	}
	if !h.LCU {
		return r, fmt.Errorf("there is no LCU in the Hero's Sector %q to repair", h.ID)
	}
	if d == Stairs {
		return r, fmt.Errorf("Lights cannot be switched on through the Stairs; pick N, E, S or W")
	}
	if !d.Valid() {
		return r, fmt.Errorf("light direction %q is not N, E, S or W", d)
	}
	if _, ok := h.Exits[d]; !ok {
		return r, fmt.Errorf("the LCU Sector %q has no way to %s to light", h.ID, d.Name())
	}
	r.Lighted = append(r.Lighted, h.ID)
	cur := h.ID
	for count := 0; count < 2; count++ {
		l, ok := m.exit(cur, d)
		if !ok || l.Blocked {
			break
		}
		r.Lighted = append(r.Lighted, l.To)
		cur = l.To
	}
	lit := m.Clone()
	for _, id := range r.Lighted {
		lit.Sector(id).Lighted = true
	}
	r.Revealed = lit.RevealLighted(h.ID)
	return r, nil
}

// NoiseKind says how a Noise reaches the Hero (spec A6).
type NoiseKind string

// The kinds of Noise answer.
const (
	NoiseOtherLevel NoiseKind = "otherLevel"
	NoiseHere       NoiseKind = "here"
	NoiseDirection  NoiseKind = "direction"
	NoiseNotHeard   NoiseKind = "notHeard"
)

// Noise is the truthful answers to a Noise (spec A6): the kind, and for a
// direction every first step of a shortest path, from which the Evil side
// states one.
type Noise struct {
	Source     string    `json:"source"`
	Kind       NoiseKind `json:"kind"`
	Directions []Dir     `json:"directions,omitempty"`
	Distance   int       `json:"distance,omitempty"`
}

// NoiseFrom is spec A6 for a Noise made in Sector s: "other Level", "here",
// the first-step directions of all shortest Rules paths from the Hero, or
// not heard when Blocked Doors cut every path (AMB-14).
func (m *Map) NoiseFrom(s string) (Noise, error) {
	n := Noise{Source: s}
	src, h := m.Sector(s), m.HeroSector()
	if src == nil {
		return n, fmt.Errorf("the Noise comes from %q, which is not a Sector of this Map", s)
	}
	if h == nil {
		return n, fmt.Errorf("the Hero's Sector %q is not on the Map", m.Hero)
	}
	switch {
	case src.Level != h.Level:
		n.Kind = NoiseOtherLevel
		return n, nil
	case src.ID == h.ID:
		n.Kind = NoiseHere
		return n, nil
	}
	toSrc := m.DistancesFrom(s, Rules)
	total, ok := toSrc[h.ID]
	if !ok {
		n.Kind = NoiseNotHeard
		return n, nil
	}
	n.Kind, n.Distance = NoiseDirection, total
	for _, d := range allDirs {
		l, ok := h.Exits[d]
		if !ok || l.Blocked {
			continue
		}
		if dd, ok := toSrc[l.To]; ok && dd == total-1 {
			n.Directions = append(n.Directions, d)
		}
	}
	return n, nil
}

// LocateTarget is one of the two things a Locate asks about (spec §5.4).
// Set exactly one field.
type LocateTarget struct {
	Sector   string       `json:"sector,omitempty"`   // a Sector by id
	Room     string       `json:"room,omitempty"`     // a Room by name
	Shape    string       `json:"shape,omitempty"`    // a kind of Sector
	Element  string       `json:"element,omitempty"`  // door, stairs, lcu, danger, light, or a token name
	Creature CreatureType `json:"creature,omitempty"` // a kind of Creature
}

func (t LocateTarget) String() string {
	switch {
	case t.Sector != "":
		return "Sector " + t.Sector
	case t.Room != "":
		return "the " + t.Room
	case t.Shape != "":
		return "the nearest " + t.Shape
	case t.Element != "":
		return "the nearest " + t.Element
	case t.Creature != "":
		return "the nearest " + string(t.Creature)
	}
	return "nothing"
}

// LocateAnswer is what the Evil side Communicates for one target.
type LocateAnswer struct {
	Target   LocateTarget `json:"target"`
	None     bool         `json:"none,omitempty"`
	Distance int          `json:"distance"`
	// SameLevel says whether the target is on the Hero's Level.
	SameLevel bool   `json:"sameLevel"`
	Say       string `json:"say"`
}

// Locate answers one Locate target (spec §5.4): the shortest distance over
// adj(Locate), Blocked Doors passable, 0 in the Hero's own Sector (AMBIGUOUS),
// "none" when nothing of the kind is on the Map (AMBIGUOUS).
func (m *Map) Locate(t LocateTarget) (LocateAnswer, error) {
	a := LocateAnswer{Target: t}
	set := 0
	for _, f := range []string{t.Sector, t.Room, t.Shape, t.Element, string(t.Creature)} {
		if f != "" {
			set++
		}
	}
	if set != 1 {
		return a, fmt.Errorf("a Locate target names exactly one thing (a sector, room, shape, element or creature), this one names %d", set)
	}
	h := m.HeroSector()
	if h == nil {
		return a, fmt.Errorf("the Hero's Sector %q is not on the Map", m.Hero)
	}
	match := func(s *Sector) bool {
		switch {
		case t.Sector != "":
			return s.ID == t.Sector
		case t.Room != "":
			return s.Room == t.Room
		case t.Shape != "":
			return s.Shape == t.Shape
		case t.Creature != "":
			for _, c := range m.CreaturesIn(s.ID) {
				if c.Type == t.Creature {
					return true
				}
			}
			return false
		}
		switch t.Element {
		case "door":
			for _, l := range s.Exits {
				if l.Door {
					return true
				}
			}
			return false
		case "stairs":
			return s.StairsColour != ""
		case "lcu":
			return s.LCU
		case "danger":
			return s.Danger
		case "light":
			return s.Lighted
		}
		return contains(s.Tokens, t.Element)
	}
	if t.Sector != "" && m.Sector(t.Sector) == nil {
		return a, fmt.Errorf("Locate asks for Sector %q, which is not on the Map", t.Sector)
	}
	dist := m.DistancesFrom(h.ID, Locate)
	best, bestID := Unreachable, ""
	for i := range m.Sectors {
		s := &m.Sectors[i]
		if !match(s) {
			continue
		}
		if d, ok := dist[s.ID]; ok && d < best {
			best, bestID = d, s.ID
		}
	}
	if bestID == "" {
		a.None, a.Distance = true, -1
		a.Say = fmt.Sprintf("%s: none", t)
		return a, nil
	}
	a.Distance = best
	a.SameLevel = m.Sector(bestID).Level == h.Level
	lv := "the other Level"
	if a.SameLevel {
		lv = "the same Level"
	}
	a.Say = fmt.Sprintf("%s is %d Sectors away, on %s", t, best, lv)
	return a, nil
}

// LocateBoth answers a Locate Action, which names exactly 2 targets (V20).
func (m *Map) LocateBoth(targets []LocateTarget) ([]LocateAnswer, error) {
	if len(targets) != 2 {
		return nil, fmt.Errorf("a Locate names exactly 2 targets, not %d", len(targets))
	}
	out := make([]LocateAnswer, 0, 2)
	for i, t := range targets {
		a, err := m.Locate(t)
		if err != nil {
			return nil, fmt.Errorf("target %d: %w", i+1, err)
		}
		out = append(out, a)
	}
	return out, nil
}

// LabyrinthCleanup is T2 step 2: the Revealed Sectors whose tiles are
// removed at the end of the Round. Kept are the Hero's Sector, the Sectors
// adjacent to it under adj(Rules), and the Lighted Sectors in LoS.
func (m *Map) LabyrinthCleanup() (keep, remove []string) {
	h := m.HeroSector()
	if h == nil {
		return nil, nil
	}
	kept := map[string]bool{h.ID: true}
	for _, d := range allDirs {
		if l, ok := h.Exits[d]; ok && !l.Blocked {
			kept[l.To] = true
		}
	}
	for _, id := range m.LineOfSight(h.ID) {
		if m.Sector(id).Lighted {
			kept[id] = true
		}
	}
	for i := range m.Sectors {
		s := &m.Sectors[i]
		if !s.Revealed {
			continue
		}
		if kept[s.ID] {
			keep = append(keep, s.ID)
		} else {
			remove = append(remove, s.ID)
		}
	}
	return keep, remove
}

// LevelChangeRemovals is spec §4.12 "Changing Level": when the Hero takes the
// Stairs out of Sector from, every Revealed Sector of that Level except the
// Stairs Sector leaves the Labyrinth.
func (m *Map) LevelChangeRemovals(from string) []string {
	s := m.Sector(from)
	if s == nil {
		return nil
	}
	var out []string
	for i := range m.Sectors {
		t := &m.Sectors[i]
		if t.Level == s.Level && t.Revealed && t.ID != from {
			out = append(out, t.ID)
		}
	}
	return out
}

// TileReuseCandidates is spec §4.12 "Tile shortage": the Revealed Sectors of
// a shape farthest from the Hero's Sector (several when tied; the Evil side
// chooses among them). The distance is physical, so Blocked Doors do not
// count. The Hero's Sector itself is never taken.
func (m *Map) TileReuseCandidates(shape string) (ids []string, dist int) {
	h := m.HeroSector()
	if h == nil {
		return nil, 0
	}
	d := m.DistancesFrom(h.ID, Locate)
	dist = -1
	for i := range m.Sectors {
		s := &m.Sectors[i]
		if !s.Revealed || s.Shape != shape || s.ID == h.ID {
			continue
		}
		v, ok := d[s.ID]
		if !ok {
			v = Unreachable
		}
		switch {
		case v > dist:
			ids, dist = []string{s.ID}, v
		case v == dist:
			ids = append(ids, s.ID)
		}
	}
	sort.Strings(ids)
	return ids, dist
}

func dedupe(in []string) []string {
	seen := make(map[string]bool, len(in))
	out := in[:0]
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
