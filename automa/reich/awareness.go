package reich

import (
	"fmt"
	"strings"

	"tablekeeper/automa"
	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// setLevel changes a room's awareness and applies ON_ALERT (§7.3): a room
// that becomes alert queues a spawn for every spawn token in it.
func (w *world) setLevel(room string, to content.Awareness, why string) {
	rs := w.rooms[room]
	from := rs.Awareness
	if from == to {
		return
	}
	rs.Awareness = to
	s := w.step("reichbusters §7.3", "Room %s: awareness %s → %s (%s).", room, from, to, why)
	w.change(Change{Kind: ChAwareness, Room: room, From: from.String(), To: to.String()})
	if to == content.Alert && from < content.Alert {
		var names []string
		for _, t := range w.tokensInRoom(room) {
			names = append(names, t.ID)
			w.enqueueToken(t.ID, "room "+room+" became alert")
		}
		if len(names) > 0 {
			s.Result = fmt.Sprintf("ON_ALERT: spawn queued for tokens %s", strings.Join(names, ", "))
		}
	}
}

// merge is MERGE(R, L): units or tokens of level L join room R, which
// takes the higher of the two levels; never capped per turn (§7.3).
func (w *world) merge(room string, l content.Awareness, why string) {
	if !w.tracked() {
		return
	}
	if l > w.rooms[room].Awareness {
		w.setLevel(room, l, "MERGE: "+why)
	}
}

// raise adds n levels to a room, up to alert (NOISE_RAISE and others).
func (w *world) raise(room string, n int, why string) {
	if !w.tracked() {
		return
	}
	to := w.rooms[room].Awareness + content.Awareness(n)
	if to > content.Alert {
		to = content.Alert
	}
	w.setLevel(room, to, why)
}

// cleanup is CLEANUP(R): a room with an awareness token but no spawn
// tokens and no enemy units loses the token (§7.3, V-24).
func (w *world) cleanup(room string) {
	if !w.tracked() {
		return
	}
	rs := w.rooms[room]
	if rs.Awareness > content.AtEase && len(w.tokensInRoom(room)) == 0 && w.unitsInRoom(room) == 0 {
		w.setLevel(room, content.AtEase, "CLEANUP: no spawn tokens and no enemy units left in it")
	}
}

// enemiesEnter takes a room's cleared token away when enemy units come
// into it (V-25, §5.2): the token says no enemies remain there, so once
// they do it goes, and patrols may come from that room again (§7.4.4).
// Barracks spawns, which cleared tokens do not stop, land here too.
func (w *world) enemiesEnter(room, why string) {
	rs := w.rooms[room]
	if !rs.Cleared {
		return
	}
	rs.Cleared = false
	w.step("reichbusters §5.2 / V-25", "Room %s had a cleared token, but enemy units are in it now (%s): the token is removed.", room, why).Result = "room " + room + " is no longer cleared"
	w.change(Change{Kind: ChClearedRemoved, Room: room})
}

// staleCleared brings in line a table that still shows a cleared token in
// a room holding enemy units (V-25), so no rule reads a stale token.
func (w *world) staleCleared() {
	for _, room := range w.b.Rooms() {
		if w.unitsInRoom(room) > 0 {
			w.enemiesEnter(room, "they were there when this was asked")
		}
	}
}

// sightAtOnce reports whether a sighting raises its room straight away
// (§7.3). The seed: "The first time an enemy unit sees a hero, regardless
// of the circumstances, immediately raise the awareness 1 level", so in a
// hero turn, in the end of round phase and in an enemy turn alike. The
// spec (§7.3 AMBIGUOUS) left enemy-turn sightings to phase 4; the seed
// wins, and that reading stays as house rule sightWaitsForPhase4.
func (w *world) sightAtOnce() bool {
	if !w.tracked() {
		return false
	}
	return w.during == HeroTurn || w.during == EndOfRound || (w.during == EnemyTurn && !w.set.SightWaitsForPhase4)
}

// sight is SIGHT(R) (§7.3): an enemy unit in R that begins to see a hero
// raises R by 1, once per room per turn (a hero turn, or an enemy turn,
// where phase 4 then leaves R alone: once per room per turn in total).
func (w *world) sight(room string, unit, hero string) {
	rs := w.rooms[room]
	s := w.step("reichbusters §7.3 SIGHT", "Enemy unit %s in room %s begins to see hero %s.", unit, room, hero)
	if rs.RaisedBySight {
		s.Result = "no raise: this room was already raised by a sighting this hero turn"
		return
	}
	rs.RaisedBySight = true
	to := rs.Awareness + 1
	if to > content.Alert {
		s.Result = "already alert"
		return
	}
	w.setLevel(room, to, "SIGHT")
}

// afterChange re-checks everything that reacts at once to the table
// changing (a door opening, a unit placed or moved, a hero moving): heroes
// gaining sight of spawn tokens (T3) and room features (T5), enemy units
// beginning to see heroes (SIGHT), and in the alien world tokens re-arming.
func (w *world) afterChange() {
	if w.err != nil {
		return
	}
	// T3: a hero sees a spawn token → spawn it (§7.4.1).
	for _, t := range w.liveTokens() {
		if w.queuedToken[t.ID] {
			continue
		}
		if ok, who := w.anyHeroSees(w.b.MustIndex(t.Area)); ok {
			w.enqueueToken(t.ID, "hero "+who+" sees it (T3)")
		}
	}
	// T5: a hero sees a face-down room feature → it is revealed.
	for _, f := range w.b.Map.Features {
		if w.revealed[f.ID] {
			continue
		}
		if ok, who := w.anyHeroSees(w.b.MustIndex(f.Area)); ok {
			w.revealFeature(f.ID, who)
		}
	}
	// SIGHT: new enemy→hero sight lines, at once outside enemy turns (and,
	// as a house rule, within them).
	if w.sightAtOnce() {
		now, moot := w.sightsNow()
		if w.seen != nil {
			raised := map[string]bool{}
			for _, u := range w.liveUnits() {
				for _, h := range w.onMap() {
					k := [2]string{u.ID, h.ID}
					room := w.b.Room(u.area)
					if now[k] && !moot[k] && !w.seen[k] && !raised[room] {
						raised[room] = true
						w.sight(room, u.ID, h.ID)
					}
				}
			}
		}
		w.seen = now
	}
	if w.phase == AlienWorld {
		w.rearm()
	}
}

// sightsNow is sightPairs after a change, asking the table only where the
// answer can change what happens. A pair in a room a sighting cannot raise
// keeps what is known (unknown counts as seen). In a room it can raise, a
// pair seen before already, or any pair once a sighting already known
// raises the room, is moot: it counts as seen, and raises nothing. Only
// then is the table asked, whether the unit sees the hero now, and if it
// does, whether it did before the change (when the snapshot left that
// unknown).
func (w *world) sightsNow() (now, moot map[[2]string]bool) {
	now, moot = map[[2]string]bool{}, map[[2]string]bool{}
	type pair struct {
		u *unitW
		h *Hero
	}
	var ask []pair
	rises := map[string]bool{} // rooms a known new sighting raises
	for _, u := range w.liveUnits() {
		room := w.b.Room(u.area)
		matters := w.sightMatters(room)
		for _, h := range w.onMap() {
			k := [2]string{u.ID, h.ID}
			see, _, known := w.seesKnown(u.area, w.heroArea(h), "enemy")
			switch {
			case !known && matters && !(w.seen != nil && w.seen[k]):
				ask = append(ask, pair{u, h})
			case !known:
				now[k] = true
			default:
				now[k] = see
				if see && matters && w.seen != nil && !w.seen[k] && !w.seenUnknown[k] {
					rises[room] = true
				}
			}
			if known && see && matters && w.seenUnknown[k] {
				ask = append(ask, pair{u, h})
			}
		}
	}
	for _, p := range ask {
		k, room := [2]string{p.u.ID, p.h.ID}, w.b.Room(p.u.area)
		if rises[room] {
			now[k], moot[k] = true, true
			continue
		}
		see, _ := w.sees(p.u.area, w.heroArea(p.h), "enemy")
		now[k] = see
		if !see || w.seen == nil {
			continue
		}
		if w.seenUnknown[k] && w.beforeChange != nil {
			back := w.beforeChange()
			before, _ := w.sees(p.u.area, w.heroArea(p.h), "enemy")
			back()
			w.seen[k] = before
			delete(w.seenUnknown, k)
		}
		if !w.seen[k] && !w.seenUnknown[k] {
			rises[room] = true
		}
	}
	w.seenUnknown, w.beforeChange = nil, nil
	return now, moot
}

// knownPairs is sightPairs as far as it is known without asking: the
// pairs known, and those only the table could tell.
func (w *world) knownPairs() (known, unknown map[[2]string]bool) {
	known, unknown = map[[2]string]bool{}, map[[2]string]bool{}
	for _, u := range w.liveUnits() {
		for _, h := range w.onMap() {
			k := [2]string{u.ID, h.ID}
			see, _, ok := w.seesKnown(u.area, w.heroArea(h), "enemy")
			if !ok {
				unknown[k] = true
				continue
			}
			known[k] = see
		}
	}
	return known, unknown
}

// allPairs counts every enemy→hero pair as seen.
func (w *world) allPairs() map[[2]string]bool {
	out := map[[2]string]bool{}
	for _, u := range w.liveUnits() {
		for _, h := range w.onMap() {
			out[[2]string{u.ID, h.ID}] = true
		}
	}
	return out
}

// rearm flips cleared tokens back to spawn side when no hero sees them and
// no enemy is in their area, and makes the area suspicious (§11.3).
func (w *world) rearm() {
	for _, t := range w.tokens {
		if !t.Cleared {
			continue
		}
		a := w.b.MustIndex(t.Area)
		if ok, _ := w.anyHeroSees(a); ok || len(w.unitsIn(a)) > 0 {
			continue
		}
		t.Cleared = false
		w.step("reichbusters §11.3", "No hero sees cleared token %s and no enemy is in area %s: it re-arms.", t.ID, t.Area)
		w.change(Change{Kind: ChTokenFlipped, Token: t.ID, Area: t.Area, To: "spawn"})
		w.merge(w.b.Room(a), content.Suspicious, "a re-armed token makes its area suspicious")
	}
}

// revealFeature turns a face-down room feature up (T5) and queues its
// spawn if the card shows spawn icons; its other effects are the players'.
func (w *world) revealFeature(id, who string) {
	icons, ok := w.ans.FeatureIcons[id]
	if !ok {
		w.fail(&NeedInput{Question: fmt.Sprintf("hero %s sees room feature %s: which spawn icons does its card show (an empty list if none)?", who, id),
			Field: "answers.featureIcons." + id})
		return
	}
	w.revealed[id] = true
	s := w.step("reichbusters §7.4.1 T5", "Hero %s sees room feature %s: it is turned face up.", who, id)
	w.change(Change{Kind: ChFeatureRevealed, Feature: id, Icons: icons})
	if len(icons) == 0 {
		s.Result = "no spawn icons; the players resolve its other effects"
		return
	}
	s.Result = fmt.Sprintf("it shows %s: FEATURE_SPAWN queued", iconsText(icons))
	w.queue = append(w.queue, spawnReq{kind: reqFeature, feature: id, icons: icons})
}

// phase4 is "Check awareness!" (§5.3): each room where an enemy unit sees
// a hero goes up by 1, at most once per enemy turn.
func (w *world) phase4() {
	if !w.tracked() {
		w.step("reichbusters §5.3 phase 4", "After the alarm awareness is not tracked: phase 4 is skipped.")
		return
	}
	for _, room := range w.b.Rooms() {
		if w.err != nil {
			return
		}
		rs := w.rooms[room]
		// A room that cannot go up (alert, or raised already this turn)
		// needs no question put to the table: only what is known is told.
		canRise := rs.Awareness < content.Alert && !rs.RaisedThisEnemyTurn && !rs.RaisedBySight
		var who [2]string
		found, unknown := false, false
		for _, u := range w.liveUnits() {
			if w.b.Room(u.area) != room || found {
				continue
			}
			for _, h := range w.onMap() {
				ok, known := false, true
				if canRise {
					ok, _ = w.sees(u.area, w.heroArea(h), "enemy")
				} else {
					ok, _, known = w.seesKnown(u.area, w.heroArea(h), "enemy")
				}
				unknown = unknown || !known
				if ok {
					who, found = [2]string{u.ID, h.ID}, true
					break
				}
			}
		}
		if !found {
			if unknown {
				w.step("reichbusters §5.3 phase 4", "Room %s cannot go up this turn (%s): whether its units see a hero changes nothing, so the table is not asked.", room, noRiseWhy(rs))
			}
			continue
		}
		s := w.step("reichbusters §5.3 phase 4", "In room %s enemy unit %s sees hero %s.", room, who[0], who[1])
		if rs.RaisedThisEnemyTurn {
			s.Result = "no raise: already raised this enemy turn"
			continue
		}
		if rs.RaisedBySight {
			// The flag is cleared as the enemy turn starts, so it is this
			// turn's sighting: once per room per turn in total (§7.3).
			s.Result = "no raise: a sighting already raised this room this enemy turn"
			continue
		}
		rs.RaisedThisEnemyTurn = true
		if rs.Awareness == content.Alert {
			s.Result = "already alert"
			continue
		}
		w.setLevel(room, rs.Awareness+1, "phase 4")
		w.runQueue()
	}
}

// noRiseWhy says why a room's awareness cannot go up in phase 4.
func noRiseWhy(rs *RoomState) string {
	if rs.Awareness == content.Alert {
		return "it is alert already"
	}
	return "it was raised already this enemy turn"
}

// candidate is a small helper for trace candidates.
func candidate(name string, facts map[string]any, reason string) automa.Candidate {
	return automa.Candidate{Name: name, Facts: facts, Reason: reason}
}

// lowerNearest is LOWER (§7.3, Auf Deutsch): the nearest room to the hero
// whose awareness is at least suspicious drops one level (AMBIGUOUS: the
// spec's default reads "nearest room" as the nearest one with a token).
func (w *world) lowerNearest() {
	const rule = "reichbusters §7.3 LOWER"
	h := w.triggeringHero(rule)
	if h == nil {
		return
	}
	dist := w.b.Distances(w.heroArea(h), board.Mover{}, w.doors)
	s := w.step(rule, "Auf Deutsch: the nearest room to hero %s with an awareness token drops one level.", h.ID)
	s.TieBreak = "AMBIGUOUS (default: the nearest room whose level is 1 or more)"
	near := nearestRooms{d: -1}
	for _, room := range w.b.Rooms() {
		if w.rooms[room].Awareness == content.AtEase {
			continue
		}
		d := w.roomDistance(dist, room)
		if d < 0 {
			continue
		}
		s.Kept = append(s.Kept, candidate(room, map[string]any{"distance": d, "awareness": w.rooms[room].Awareness.String()}, ""))
		near.offer(room, d)
	}
	best, tied := near.best, near.tied
	if best == "" {
		s.Result = "no room has an awareness token: no effect"
		return
	}
	if len(tied) > 1 {
		// §7.2: equidistant "nearest" rooms are the players' choice.
		var tb string
		best, tb = w.choose("lowerRoom", tied, best, "lowest room id")
		s.TieBreak += "; " + tb
	}
	s.Result = "room " + best
	w.setLevel(best, w.rooms[best].Awareness-1, "Auf Deutsch")
}

// disguiseKit is CANCEL (§7.3): the hero undoes an awareness increase it
// caused in a room that no other hero can see.
func (w *world) disguiseKit(room string) {
	const rule = "reichbusters §7.3 CANCEL"
	h := w.heroByID(w.hero)
	for _, o := range w.onMap() {
		if h != nil && o.ID == h.ID || o.Captured {
			continue
		}
		for _, a := range w.b.RoomAreas(room) {
			if ok, _ := w.sees(w.heroArea(o), a, "hero"); ok {
				w.step(rule, "Hero %s can see room %s, so the Disguise Kit cannot undo the increase.", o.ID, room).Result = "no effect; the kit is kept"
				return
			}
		}
	}
	if w.rooms[room].Awareness == content.AtEase {
		w.step(rule, "Room %s is at ease: there is no increase to undo.", room).Result = "no effect"
		return
	}
	w.step(rule, "No other hero sees room %s: the Disguise Kit undoes the increase and is discarded.", room)
	w.setLevel(room, w.rooms[room].Awareness-1, "Disguise Kit")
}

// roomDistance is the fewest steps (dist, from board.Distances) to any
// area of room; -1 when none can be reached.
func (w *world) roomDistance(dist []int, room string) int {
	d := -1
	for _, a := range w.b.RoomAreas(room) {
		if dist[a] != board.Unreachable && (d < 0 || dist[a] < d) {
			d = dist[a]
		}
	}
	return d
}

// nearestRooms keeps the nearest of the rooms offered: tied are all those
// at the least distance d (-1 before any), best the lowest id among them,
// the default when the tie is the players' choice (§7.2).
type nearestRooms struct {
	best string
	d    int
	tied []string
}

func (n *nearestRooms) offer(room string, d int) {
	switch {
	case n.d < 0 || d < n.d:
		n.best, n.d, n.tied = room, d, []string{room}
	case d == n.d:
		n.tied = append(n.tied, room)
		if naturalLess(room, n.best) {
			n.best = room
		}
	}
}
