package reich

import (
	"fmt"
	"sort"
	"strings"

	"tablekeeper/automa"
	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// enemyTurn runs one enemy turn (§5.3). A free turn (the alarm's, §5.6
// step 6) has only phases 2 and 3. With pauseForDefence it stops after an
// attack and reports false; a paused turn given in the state (resumeAt)
// carries on from where it stopped.
func (w *world) enemyTurn(free bool) bool {
	w.during = EnemyTurn
	w.freeTurn = free
	if p := w.resumeAt; p != nil {
		// Carry on a turn paused for the defence tests (§7.5.5): the
		// heroes in the state are as those tests left them.
		w.resumeAt = nil
		w.ruthless, w.shotInPhase2 = map[*unitW]bool{}, map[*unitW]bool{}
		for _, u := range w.unitsByID(p.Ruthless) {
			w.ruthless[u] = true
		}
		for _, u := range w.unitsByID(p.Shot) {
			w.shotInPhase2[u] = true
		}
		if p.Seen != nil {
			w.seen = map[[2]string]bool{}
			for _, k := range p.Seen {
				w.seen[k] = true
			}
		}
		w.step("reichbusters §7.5.5", "The enemy turn goes on after the defence tests: phase %d, %s, %d unit(s) of that type still to attack.",
			p.Phase, w.c.Faction.Units[p.Type].Code, len(p.Units))
		rest := w.unitsByID(p.Units)
		if p.Phase == 2 {
			if w.phase2(p.Type, rest) || w.phase3(0, false, nil) {
				return false
			}
		} else if w.phase3(p.Type, true, rest) {
			return false
		}
	} else {
		for _, rs := range w.rooms {
			rs.RaisedBySight = false
			rs.RaisedThisEnemyTurn = false
		}
		if w.tracked() && !w.set.SightWaitsForPhase4 {
			w.seen = w.sightPairs()
		}
		if !free {
			w.phase1()
		}
		if w.phase2(-1, nil) || w.phase3(0, false, nil) {
			return false
		}
	}
	if !free {
		w.phase4()
	}
	if w.err != nil {
		return true
	}
	for a := range w.suppressed {
		if w.suppressed[a] {
			w.suppressed[a] = false
			w.step("reichbusters §5.3", "End of the enemy turn: the suppressed token in area %s is removed.", w.b.ID(a))
			w.change(Change{Kind: ChSuppressedRemoved, Area: w.b.ID(a)})
		}
	}
	w.biscuits = make([]bool, w.b.Len())
	return true
}

// pause stops the enemy turn for the defence tests of the attack just
// made, keeping the units of type ti still to attack (§7.5.5).
func (w *world) pause(phase, ti int, rest []*unitW) {
	p := &EnemyTurnProgress{Free: w.freeTurn, Phase: phase, Type: ti, Units: []string{}}
	for _, u := range rest {
		p.Units = append(p.Units, u.ID)
	}
	for _, u := range w.liveUnits() {
		if w.ruthless[u] {
			p.Ruthless = append(p.Ruthless, u.ID)
		}
		if w.shotInPhase2[u] {
			p.Shot = append(p.Shot, u.ID)
		}
	}
	if w.seen != nil && w.sightAtOnce() {
		for k := range w.seen {
			p.Seen = append(p.Seen, k)
		}
		sort.Slice(p.Seen, func(i, j int) bool {
			if p.Seen[i][0] != p.Seen[j][0] {
				return p.Seen[i][0] < p.Seen[j][0]
			}
			return p.Seen[i][1] < p.Seen[j][1]
		})
	}
	w.paused = p
	w.out.AwaitingDefence = true
	w.step("reichbusters §7.5.5", "The enemy turn waits for the defence tests of that attack; the units after it see how they went.").
		Result = fmt.Sprintf("paused in phase %d with %d unit(s) of %s still to attack", phase, len(rest), w.c.Faction.Units[ti].Code)
}

// alert reports whether a unit is alert: its room is alert before the
// alarm (and in the alien world); every unit is alert after it (§0.4).
func (w *world) alert(u *unitW) bool {
	return !w.tracked() || w.rooms[w.b.Room(u.area)].Awareness == content.Alert
}

// phase1 is "Raise the alarm!" (§5.3): before the alarm, any alert enemy
// unit moves the round marker on 1.
func (w *world) phase1() {
	const rule = "reichbusters §5.3 phase 1"
	if !w.tracked() {
		w.step(rule, "After the alarm enemy units skip phase 1.")
		return
	}
	for _, u := range w.liveUnits() {
		if !w.alert(u) {
			continue
		}
		if u.t.NameIsWhite && !w.set.WhiteNamesCountForPhase1 {
			continue
		}
		w.step(rule, "Enemy unit %s is alert: the round marker moves on 1.", u.ID)
		w.advance(1, "phase 1")
		return
	}
	w.step(rule, "No enemy unit is alert: the round marker stays.")
}

// activation lists the units of one type that activate this phase, fixed
// when the type's activation starts (§7.5.1–7.5.2).
func (w *world) activation(t *content.UnitType, phase int) []*unitW {
	rule := fmt.Sprintf("reichbusters §7.5.1 phase %d", phase)
	if t.NameIsWhite {
		// Said only when such a unit is on the map: a step about a unit
		// the players cannot see on the table only confuses them.
		for _, u := range w.liveUnits() {
			if u.Code == t.Code {
				w.step(rule, "%s (%s) has a white name: it does not activate in phase %d.", t.Code, t.Name, phase)
				break
			}
		}
		return nil
	}
	var out []*unitW
	s := (*automa.Step)(nil)
	for _, u := range w.liveUnits() {
		if u.Code != t.Code {
			continue
		}
		if s == nil {
			// The phase in the words: phases 2 and 3 weigh the same units,
			// and the players must tell the two steps apart.
			what := "move"
			if phase == 3 {
				what = "attack"
			}
			s = w.step(rule, "Phase %d, the alert units %s: units of type %s (%s), in the order they were placed.", phase, what, t.Code, t.Name)
		}
		switch {
		case !w.alert(u):
			s.Dropped = append(s.Dropped, candidate(u.ID, nil, "not alert (room "+w.b.Room(u.area)+" is "+w.rooms[w.b.Room(u.area)].Awareness.String()+")"))
		case w.suppressed[u.area]:
			s.Dropped = append(s.Dropped, candidate(u.ID, nil, "in a suppressed area"))
		default:
			out = append(out, u)
			s.Kept = append(s.Kept, candidate(u.ID, map[string]any{"area": u.Area}, ""))
		}
	}
	if s != nil && len(out) == 0 {
		s.Result = "none of them is alert here: none acts"
	}
	return out
}

func mover(t *content.UnitType) board.Mover {
	return board.Mover{NoHands: t.Has(content.KwNoHands), Unstoppable: t.Has(content.KwUnstoppable)}
}

// phase2 is "Action stations!" (§5.3): alert units move, type by type in
// faction-card order; Ruthless units that see a hero in range shoot instead.
// from < 0 starts the phase; otherwise it carries on a pause in type from,
// whose shooters still to shoot are rest. It reports whether it paused.
func (w *world) phase2(from int, rest []*unitW) bool {
	if from < 0 {
		// Ruthless is judged as phase 2 begins (§7.5.4).
		w.ruthless = map[*unitW]bool{}
		for _, u := range w.liveUnits() {
			if u.t.Has(content.KwRuthless) && u.t.RangedAttack != nil && !w.inMelee(u.area) && len(w.legalRanged(u)) > 0 {
				w.ruthless[u] = true
			}
		}
		w.shotInPhase2 = map[*unitW]bool{}
		from = 0
	} else {
		var shots []plannedAttack
		var shooters []*unitW
		for _, u := range rest {
			shooters = append(shooters, u)
			if mode, h := w.targetFor(u); h != nil && mode == "ranged" {
				shots = append(shots, plannedAttack{u: u, mode: mode, target: h})
			}
		}
		if w.resolveAttacks(from, shots, 2, shooters) {
			return true
		}
		from++
	}
	for i := from; i < len(w.c.Faction.Units); i++ {
		if w.err != nil {
			return false
		}
		t := &w.c.Faction.Units[i]
		units := w.activation(t, 2)
		guards := map[int]int{}
		if !w.set.GuardCountPerUnit {
			for _, u := range units {
				if _, ok := guards[u.area]; !ok {
					guards[u.area] = w.guardsIn(u.area)
				}
			}
		}
		var shots []plannedAttack
		var shooters []*unitW
		for _, u := range units {
			if w.err != nil {
				return false
			}
			if u.gone {
				continue
			}
			if w.suppressed[u.area] {
				w.step("reichbusters §7.5.3 M", "%s is in a suppressed area: its activation ends.", u.ID)
				continue
			}
			if w.ruthless[u] {
				if mode, h := w.targetFor(u); h != nil && mode == "ranged" {
					w.step("reichbusters §7.5.4 Ruthless", "%s saw a hero in range as phase 2 began: it shoots at %s instead of moving.", u.ID, h.ID)
					shots = append(shots, plannedAttack{u: u, mode: mode, target: h})
					shooters = append(shooters, u)
					w.shotInPhase2[u] = true
					continue
				}
				w.step("reichbusters §7.5.4 Ruthless", "%s no longer has a hero to shoot at: it moves instead.", u.ID)
			}
			w.move(u, guards)
		}
		if w.resolveAttacks(i, shots, 2, shooters) {
			return true
		}
	}
	return false
}

// guardsIn counts the units with Guard in an area: those with the
// keyword, or every unit where a captured hero is (§7.5.3, §12.1).
func (w *world) guardsIn(area int) int {
	captive := w.capturedIn(area)
	n := 0
	for _, u := range w.unitsIn(area) {
		if captive || u.t.Has(content.KwGuard) {
			n++
		}
	}
	return n
}

func (w *world) capturedIn(area int) bool {
	for _, h := range w.heroesIn(area) {
		if h.Captured {
			return true
		}
	}
	return false
}

// seesHero reports whether the unit sees any hero on the map.
func (w *world) seesHero(u *unitW) bool {
	for _, h := range w.onMap() {
		if ok, _ := w.sees(u.area, w.heroArea(h), "enemy"); ok {
			return true
		}
	}
	return false
}

// inRangeOfStanding reports whether a ranged unit sees a standing hero within range.
func (w *world) inRangeOfStanding(u *unitW) bool {
	for _, h := range w.onMap() {
		if !standing(h) {
			continue
		}
		if ok, r := w.seesWithin(u.area, w.heroArea(h), "enemy", u.t.Range); ok && r <= u.t.Range {
			return true
		}
	}
	return false
}

// nearestForMove picks the hero a unit moves toward (§7.2): the nearest
// hero on the map by PathCost (downed and captured heroes too by default),
// ties to the hero whose turn came latest.
func (w *world) nearestForMove(u *unitW, dist []int) (*Hero, *automa.Step) {
	s := w.step("reichbusters §7.2", "%s looks for the nearest hero to move toward.", u.ID)
	best := board.Unreachable
	var tied []*Hero
	for _, h := range w.onMap() {
		d := dist[w.heroArea(h)]
		facts := map[string]any{"area": h.Area, "distance": d}
		if !w.set.MoveTargetIncludesDowned && !standing(h) {
			s.Dropped = append(s.Dropped, candidate(h.ID, facts, "downed or captured (house rule moveTargetIncludesDowned off)"))
			continue
		}
		if d == board.Unreachable {
			s.Dropped = append(s.Dropped, candidate(h.ID, facts, "no path"))
			continue
		}
		s.Kept = append(s.Kept, candidate(h.ID, facts, ""))
		switch {
		case best == board.Unreachable || d < best:
			best, tied = d, []*Hero{h}
		case d == best:
			tied = append(tied, h)
		}
	}
	if len(tied) == 0 {
		s.Result = "no hero it can reach"
		return nil, s
	}
	h, tb := w.latestHero(tied)
	s.TieBreak = tb
	s.Result = fmt.Sprintf("hero %s (distance %d)", h.ID, best)
	return h, s
}

// move is Algorithm M (§7.5.3) for one unit.
func (w *world) move(u *unitW, groupGuards map[int]int) {
	const rule = "reichbusters §7.5.3 M"
	t := u.t
	if t.Has(content.KwFixed) {
		w.step(rule, "%s is Fixed: it never moves.", u.ID)
		return
	}
	mv := mover(t)
	if t.Has(content.KwCoward) && len(w.heroesIn(u.area)) > 0 {
		w.cowardFlee(u, mv)
		return
	}
	if captive := w.capturedIn(u.area); (t.Has(content.KwGuard) || captive) && (w.b.GuardPoint(u.area) || captive) {
		g, how := w.guardsIn(u.area), "counted as it activates"
		if n, ok := groupGuards[u.area]; ok {
			g, how = n, "counted once for the group (house rule guardCountPerUnit off)"
		}
		s := w.step(rule, "%s has Guard at a guard point or with a captured hero: %d Guard units in area %s (%s).", u.ID, g, u.Area, how)
		if g < 5 {
			s.Result = "fewer than 5: it stays"
			return
		}
		s.Result = "5 or more: it moves on"
	}
	if hs := w.heroesIn(u.area); len(hs) > 0 {
		w.step(rule, "%s shares area %s with hero %s: a unit in melee does not move.", u.ID, u.Area, hs[0].ID)
		return
	}
	if t.Ranged() && w.inRangeOfStanding(u) {
		w.step(rule, "%s is a ranged unit and already sees a standing hero within range %d: it stays.", u.ID, t.Range)
		return
	}
	steps, why := 1, "1 area"
	if t.Has(content.KwFast) {
		steps, why = 2, "2 areas (Fast)"
	}
	scuttleBonus := false
	if t.Has(content.KwScuttle) && steps == 1 {
		if w.seesHero(u) {
			steps, why = 2, "2 areas (Scuttle: it sees a hero before moving)"
		} else {
			scuttleBonus = true
		}
	}
	w.step(rule, "%s moves up to %s.", u.ID, why)
	for steps > 0 && w.err == nil && !u.gone {
		distU := w.b.Distances(u.area, mv, w.doors)
		target, _ := w.nearestForMove(u, distU)
		if target == nil {
			return
		}
		ta := w.heroArea(target)
		distT := w.b.Distances(ta, mv, w.doors)
		var best *board.Neighbour
		var options []automa.Candidate
		for _, n := range w.b.Neighbours(u.area) {
			n := n
			c := w.b.StepCost(n.Door, mv, w.doors)
			if c == board.Unreachable || distT[n.Area] == board.Unreachable || c+distT[n.Area] != distT[u.area] {
				continue
			}
			options = append(options, candidate(w.b.ID(n.Area), map[string]any{"door": n.Door >= 0}, ""))
			if best == nil || (best.Door >= 0 && n.Door < 0) || ((best.Door >= 0) == (n.Door >= 0) && naturalLess(w.b.ID(n.Area), w.b.ID(best.Area))) {
				best = &n
			}
		}
		if best == nil {
			return
		}
		s := w.step(rule, "%s takes the first step of a shortest path toward hero %s.", u.ID, target.ID)
		s.Kept = options
		if len(options) > 1 {
			s.TieBreak = "CHOICE (default: a step with no door, then the lowest area id)"
		}
		// Coward (§7.5.3 g): it never steps into an area with a hero, but
		// unlocking or opening the door on the way is not such a step; an
		// Unstoppable one opens the door only as it goes through, so it stops.
		shut := best.Door >= 0 && w.doors[best.Door].Shut()
		if t.Has(content.KwCoward) && len(w.heroesIn(best.Area)) > 0 && (!shut || t.Has(content.KwUnstoppable)) {
			s.Result = "Coward: it will not step into an area with a hero, so it stops"
			return
		}
		if shut {
			d := best.Door
			id := w.b.DoorID(d)
			from := w.doors[d]
			switch {
			case t.Has(content.KwUnstoppable):
				w.doors[d] = content.Open
				w.change(Change{Kind: ChDoorOpened, Door: id, From: string(from)})
				s.Result = fmt.Sprintf("Unstoppable: it opens %s door %s as it goes through", from, id)
			case from == content.Locked:
				w.doors[d] = content.Closed
				w.change(Change{Kind: ChDoorUnlocked, Door: id})
				s.Result = "door " + id + " is locked: it unlocks it instead of moving (no noise test)"
				steps--
				w.afterChange()
				w.runQueue()
				continue
			default:
				w.doors[d] = content.Open
				w.change(Change{Kind: ChDoorOpened, Door: id, From: string(from)})
				s.Result = "door " + id + " is closed: it opens it instead of moving (no noise test)"
				steps--
				w.afterChange()
				w.runQueue()
				continue
			}
		}
		w.stepUnit(u, best.Area, s)
		steps--
		if w.suppressed[u.area] {
			w.step(rule, "%s entered a suppressed area: its activation ends.", u.ID)
			return
		}
		if !t.Ranged() && len(w.heroesIn(u.area)) > 0 {
			w.step(rule, "%s reached a hero's area: it stops.", u.ID)
			return
		}
		if t.Ranged() && w.inRangeOfStanding(u) {
			w.step(rule, "%s now sees a standing hero within range: it stops.", u.ID)
			return
		}
		if steps == 0 && scuttleBonus && w.seesHero(u) {
			scuttleBonus = false
			steps = 1
			w.step("reichbusters §7.5.4 Scuttle", "%s sees a hero after moving: Scuttle makes it Fast, 1 more area.", u.ID)
		}
	}
}

// stepUnit moves a unit one area and applies what entering does: rooms
// merge awareness, Pounce knocks heroes down, spawns may trigger.
func (w *world) stepUnit(u *unitW, to int, s *automa.Step) {
	from := u.area
	u.area, u.Area = to, w.b.ID(to)
	w.change(Change{Kind: ChUnitMoved, Unit: u.ID, From: w.b.ID(from), To: u.Area})
	if s != nil {
		s.Result = fmt.Sprintf("moves %s → %s", w.b.ID(from), u.Area)
	}
	w.enemiesEnter(w.b.Room(to), "enemy unit "+u.ID+" came in")
	if oldRoom, newRoom := w.b.Room(from), w.b.Room(to); oldRoom != newRoom && w.tracked() {
		w.merge(newRoom, w.rooms[oldRoom].Awareness, "enemy unit "+u.ID+" came in from room "+oldRoom)
		w.cleanup(oldRoom)
	}
	if u.t.Has(content.KwPounce) {
		for _, h := range w.heroesIn(to) {
			if !h.KnockedDown && !h.Downed {
				h.KnockedDown = true
				w.step("reichbusters §12.7 Pounce", "%s pounces into area %s: hero %s is knocked down.", u.ID, u.Area, h.ID)
				w.change(Change{Kind: ChHeroKnockedDown, Hero: h.ID})
			}
		}
	}
	w.afterChange()
	w.runQueue()
}

// cowardFlee is Coward with a hero in its area (§7.5.3 step 3): it steps
// to an adjacent area with no hero, as far as it can get from the heroes.
func (w *world) cowardFlee(u *unitW, mv board.Mover) {
	const rule = "reichbusters §7.5.3 M Coward"
	s := w.step(rule, "%s is a Coward sharing its area with a hero: it steps away if it can (Coward beats Guard).", u.ID)
	best, bestCost, ties := -1, -1, 0
	for _, n := range w.b.Neighbours(u.area) {
		if !w.b.Adjacent(u.area, n.Area, w.doors) {
			continue
		}
		id := w.b.ID(n.Area)
		if len(w.heroesIn(n.Area)) > 0 {
			s.Dropped = append(s.Dropped, candidate(id, nil, "a hero is there"))
			continue
		}
		dist := w.b.Distances(n.Area, mv, w.doors)
		near := -1
		for _, h := range w.onMap() {
			if d := dist[w.heroArea(h)]; d != board.Unreachable && (near < 0 || d < near) {
				near = d
			}
		}
		if near < 0 {
			near = 1 << 20
		}
		s.Kept = append(s.Kept, candidate(id, map[string]any{"nearestHero": near}, ""))
		switch {
		case near > bestCost:
			best, bestCost, ties = n.Area, near, 1
		case near == bestCost:
			ties++
			if naturalLess(id, w.b.ID(best)) {
				best = n.Area
			}
		}
	}
	if best < 0 {
		s.Result = "nowhere to go: it stays"
		return
	}
	if ties > 1 {
		s.TieBreak = "CHOICE (default: lowest area id)"
	}
	w.stepUnit(u, best, s)
}

// plannedAttack is one unit's chosen attack before combining.
type plannedAttack struct {
	u      *unitW
	mode   string
	target *Hero
}

// legalRanged lists the standing heroes a unit may shoot: in its sight and
// within its range (§7.2).
func (w *world) legalRanged(u *unitW) []*Hero {
	var out []*Hero
	for _, h := range w.onMap() {
		if !standing(h) {
			continue
		}
		if ok, r := w.seesWithin(u.area, w.heroArea(h), "enemy", u.t.Range); ok && r <= u.t.Range {
			out = append(out, h)
		}
	}
	return out
}

// inMelee reports whether a unit in the area is in melee for its attack:
// a hero who is not captured is there. A captured hero counts as a guard
// point and the units with it can still attack (seed, Downed and captured;
// the seed wins over §7.5.5's "no hero of any state"), so it does not stop
// them shooting.
func (w *world) inMelee(area int) bool {
	for _, h := range w.heroesIn(area) {
		if !h.Captured {
			return true
		}
	}
	return false
}

// targetFor is the target choice of §7.5.5 / §7.2: melee on a standing
// hero in its area; otherwise, for a unit with a ranged attack and no hero
// of any state in its area, the nearest hero it can legally shoot.
func (w *world) targetFor(u *unitW) (string, *Hero) {
	const rule = "reichbusters §7.2 / §7.5.5"
	var here []*Hero
	for _, h := range w.heroesIn(u.area) {
		if standing(h) {
			here = append(here, h)
		}
	}
	if len(here) > 0 {
		h, tb := w.latestHero(here)
		s := w.step(rule, "%s attacks in melee: standing heroes share its area %s.", u.ID, u.Area)
		for _, x := range here {
			s.Kept = append(s.Kept, candidate(x.ID, map[string]any{"distance": 0}, ""))
		}
		s.TieBreak, s.Result = tb, "target "+h.ID
		return "melee", h
	}
	if u.t.RangedAttack == nil {
		w.step(rule, "%s has no ranged attack and no standing hero in its area: it does not attack.", u.ID)
		return "", nil
	}
	if w.inMelee(u.area) {
		w.step(rule, "%s shares its area with a downed hero: in melee it cannot shoot, and it does not attack.", u.ID)
		return "", nil
	}
	dist := w.b.Distances(u.area, mover(u.t), w.doors)
	s := w.step(rule, "%s looks for the nearest hero it can shoot (range %d).", u.ID, u.t.Range)
	best := -1
	var tied []*Hero
	legal := w.legalRanged(u)
	isLegal := map[*Hero]bool{}
	for _, h := range legal {
		isLegal[h] = true
	}
	for _, h := range w.onMap() {
		d := dist[w.heroArea(h)]
		if d == board.Unreachable {
			d = 1 << 20
		}
		facts := map[string]any{"area": h.Area, "distance": d}
		switch {
		case !standing(h):
			s.Dropped = append(s.Dropped, candidate(h.ID, facts, "downed or captured"))
			continue
		case !isLegal[h] && !w.set.RangedTargetNearestOverall:
			s.Dropped = append(s.Dropped, candidate(h.ID, facts, "out of sight or range"))
			continue
		}
		s.Kept = append(s.Kept, candidate(h.ID, facts, ""))
		switch {
		case best < 0 || d < best:
			best, tied = d, []*Hero{h}
		case d == best:
			tied = append(tied, h)
		}
	}
	if len(tied) == 0 {
		s.Result = "no hero to shoot: it does not attack"
		return "", nil
	}
	h, tb := w.latestHero(tied)
	s.TieBreak = tb
	if !isLegal[h] {
		s.Result = "the nearest hero, " + h.ID + ", is out of its sight or range: it does not attack (house rule rangedTargetNearestOverall)"
		return "", nil
	}
	s.Result = "target " + h.ID
	return "ranged", h
}

// phase3 is "Kill the intruders!" (§5.3, Algorithm A §7.5.5). It starts
// at type from; when resumed, rest are the units of that type still to
// attack after a pause. It reports whether it paused.
func (w *world) phase3(from int, resumed bool, rest []*unitW) bool {
	for i := from; i < len(w.c.Faction.Units); i++ {
		if w.err != nil {
			return false
		}
		t := &w.c.Faction.Units[i]
		units := rest
		if i != from || !resumed {
			units = w.activation(t, 3)
		}
		var plans []plannedAttack
		var attackers []*unitW
		for _, u := range units {
			if u.gone {
				continue
			}
			if w.biscuits[u.area] && (t.Tagged("dog") || t.Tagged("experiment6XX") || t.Tagged("generalWolff")) {
				w.step("reichbusters §7.5.6 Dog Biscuits", "%s is in an area where a hero used Dog Biscuits: it does not attack this turn.", u.ID)
				continue
			}
			if w.shotInPhase2[u] && !w.set.RuthlessAlsoPhase3 {
				w.step("reichbusters §7.5.4 Ruthless", "%s already shot in phase 2 (house rule ruthlessAlsoPhase3 off).", u.ID)
				continue
			}
			attackers = append(attackers, u)
			if mode, h := w.targetFor(u); h != nil {
				plans = append(plans, plannedAttack{u: u, mode: mode, target: h})
			}
		}
		if w.resolveAttacks(i, plans, 3, attackers) {
			return true
		}
	}
	return false
}

// resolveAttacks combines the planned attacks of type ti by target and
// mode and works out each total (§7.5.5–7.5.6). With pauseForDefence it
// stops after the first attack (or blast) that reaches a hero: the units
// of the type that have not attacked yet (of all, those that activate)
// choose their targets again when the turn goes on. It reports whether it
// paused.
func (w *world) resolveAttacks(ti int, plans []plannedAttack, phase int, all []*unitW) bool {
	t := &w.c.Faction.Units[ti]
	type key struct {
		hero *Hero
		mode string
	}
	groups := map[key][]*unitW{}
	var order []key
	for _, p := range plans {
		k := key{p.target, p.mode}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], p.u)
	}
	// Groups go in the targets' turn order this round (a CHOICE the spec defaults).
	pos := func(h *Hero) int {
		for i, id := range w.acted {
			if id == h.ID {
				return i
			}
		}
		for i, x := range w.heroes {
			if x == h {
				return len(w.acted) + i
			}
		}
		return 1 << 20
	}
	sort.SliceStable(order, func(i, j int) bool { return pos(order[i].hero) < pos(order[j].hero) })
	done := map[*unitW]bool{}
	for _, k := range order {
		if w.err != nil {
			return false
		}
		before, changes := len(w.out.Attacks), len(w.out.Changes)
		units := groups[k]
		for _, u := range units {
			done[u] = true
		}
		var bombers []*unitW
		if k.mode == "melee" && t.Has(content.KwBomber) {
			bombers = units
			if !w.set.BomberAlsoAttacks {
				units = nil
			}
		}
		if len(units) > 0 {
			at := len(w.out.Trace.Steps) // combine's first step is the attack's
			a := w.combine(t, units, k.mode, k.hero, phase)
			a.Step = at
			w.out.Attacks = append(w.out.Attacks, a)
		}
		for _, b := range bombers {
			if !b.gone {
				why := "AMBIGUOUS (default: the explosion replaces its attack)"
				if w.set.BomberAlsoAttacks {
					why = "AMBIGUOUS (house rule bomberAlsoAttacks: it attacks, then explodes)"
				}
				w.step("reichbusters §7.6.4 Bomber", "%s makes a melee attack on %s and explodes.", b.ID, k.hero.ID).TieBreak = why
				w.explode(b, "Bomber")
			}
		}
		if !w.pauseForDefence || w.err != nil {
			continue
		}
		hurt := len(w.out.Attacks) > before
		for _, c := range w.out.Changes[changes:] {
			hurt = hurt || c.Kind == ChHeroWounded
		}
		if !hurt {
			continue
		}
		var rest []*unitW
		for _, u := range all {
			if !done[u] && !u.gone {
				rest = append(rest, u)
			}
		}
		w.pause(phase, ti, rest)
		return true
	}
	return false
}

// unitBonus is a unit's aura bonus to attack and support (§7.5.6).
func (w *world) unitBonus(x *unitW, notes *[]string) int {
	bonus := 0
	live := w.liveUnits()
	count := func(ok func(y *unitW) bool) int {
		n := 0
		for _, y := range live {
			if ok(y) {
				n++
			}
		}
		if n > 1 && !w.set.AurasStack {
			n = 1
		}
		return n
	}
	if x.t.Has(content.KwBodyguard) {
		if n := count(func(y *unitW) bool {
			return y != x && (y.t.Tagged("officer") || y.t.Tagged("vrilmeister") || y.t.Has(content.KwVrilmeister)) && w.b.SameTile(x.area, y.area)
		}); n > 0 {
			bonus++
			*notes = append(*notes, x.ID+" +1 Bodyguard (an officer or vrilmeister on its tile)")
		}
	}
	if x.t.Tagged("zombie") || x.t.Tagged("experiment") || x.t.Tagged("experiment6XX") {
		if n := count(func(y *unitW) bool { return y.t.Has(content.KwEnhance) && y.area == x.area }); n > 0 {
			bonus += n
			*notes = append(*notes, fmt.Sprintf("%s +%d Enhance! (in its area)", x.ID, n))
		}
	}
	if x.t.Tagged("alien") {
		if n := count(func(y *unitW) bool { return y.t.Has(content.KwXenobiologist) && w.b.SameTile(x.area, y.area) }); n > 0 {
			bonus += n
			*notes = append(*notes, fmt.Sprintf("%s +%d Xenobiologist (on its tile)", x.ID, n))
		}
	}
	return bonus
}

// combine makes one combined attack: the main attacker's attack value
// plus each other attacker's support, plus auras. The main attacker is the
// players' choice; the default picks the one giving the lowest total.
func (w *world) combine(t *content.UnitType, units []*unitW, mode string, target *Hero, phase int) Attack {
	const rule = "reichbusters §7.5.5 A"
	atk := func(x *unitW) int {
		if mode == "ranged" && x.t.RangedAttack != nil {
			return *x.t.RangedAttack
		}
		return x.t.MeleeAttack
	}
	var scratch []string
	bonus := map[*unitW]int{}
	for _, x := range units {
		bonus[x] = w.unitBonus(x, &scratch)
	}
	total := func(main *unitW) int {
		sum := atk(main) + bonus[main]
		for _, y := range units {
			if y != main {
				sum += y.t.Support + bonus[y]
			}
		}
		return sum
	}
	how := map[string]string{"melee": "in melee", "ranged": "with a ranged attack"}[mode]
	var s *automa.Step
	if len(units) == 1 {
		s = w.step(rule, "%s attacks hero %s %s.", units[0].ID, target.ID, how)
	} else {
		s = w.step(rule, "%d %s units attack hero %s %s: the attacks combine into one.", len(units), t.Code, target.ID, how)
	}
	main := units[0]
	for _, x := range units {
		s.Kept = append(s.Kept, candidate(x.ID, map[string]any{"totalAsMain": total(x)}, ""))
		if total(x) < total(main) {
			main = x
		}
	}
	if len(units) > 1 {
		s.TieBreak = "CHOICE of main attacker (default: the one giving the lowest total)"
	}
	a := Attack{Phase: phase, Code: t.Code, Mode: mode, Target: target.ID, Main: main.ID, Total: total(main)}
	a.Breakdown = append(a.Breakdown, fmt.Sprintf("%s %s attack %d", main.ID, mode, atk(main)))
	for _, y := range units {
		if y != main {
			a.Supporters = append(a.Supporters, y.ID)
			a.Breakdown = append(a.Breakdown, fmt.Sprintf("%s support %d", y.ID, y.t.Support))
		}
	}
	var notes []string
	for _, x := range units {
		w.unitBonus(x, &notes)
	}
	a.Breakdown = append(a.Breakdown, notes...)
	// Encourage: attacks by No Hands units get the support of another unit
	// with Encourage in the attacker's area, once per combined attack.
	if t.Has(content.KwNoHands) {
		var enc []*unitW
		for _, y := range w.unitsIn(main.area) {
			if y != main && y.t.Has(content.KwEncourage) {
				enc = append(enc, y)
			}
		}
		sort.SliceStable(enc, func(i, j int) bool { return enc[i].t.Support > enc[j].t.Support })
		if !w.set.AurasStack && len(enc) > 1 {
			enc = enc[:1]
		}
		for _, y := range enc {
			a.Total += y.t.Support
			a.Breakdown = append(a.Breakdown, fmt.Sprintf("%s +%d Encourage", y.ID, y.t.Support))
		}
	}
	a.Defenders = []string{target.ID}
	if mode == "ranged" && (t.Has(content.KwChainFire) || t.Has(content.KwPsychicBlast)) {
		a.Defenders = nil
		for _, h := range w.heroesIn(w.heroArea(target)) {
			if standing(h) || w.set.ChainFireHitsDowned {
				a.Defenders = append(a.Defenders, h.ID)
			}
		}
		a.Breakdown = append(a.Breakdown, "hits every hero in the target area; each defends separately")
	}
	if mode == "ranged" && t.Has(content.KwVrilAcid) {
		a.NoItems = true
	}
	if t.Has(content.KwCrush) && mode == "melee" {
		a.OnWound = append(a.OnWound, "knocked down (Crush)")
	}
	if t.Has(content.KwRepulse) {
		a.OnWound = append(a.OnWound, "knocked back (Repulse)")
	}
	if t.Has(content.KwSmash) && mode == "melee" {
		a.OnWound = append(a.OnWound, "knocked back, then knocked down (Smash!)")
	}
	s.Result = fmt.Sprintf("main attacker %s, total %d: %s", main.ID, a.Total, strings.Join(a.Breakdown, "; "))
	return a
}
