package reich

import (
	"fmt"
	"strings"

	"tablekeeper/automa"
	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// Kinds of spawn request (§7.4.1).
const (
	reqToken    = "TOKEN_SPAWN"
	reqPatrol   = "PATROL"
	reqBarracks = "BARRACKS"
	reqFeature  = "FEATURE_SPAWN"
	reqDarkness = "DARKNESS"
)

// spawnReq is one request in the spawn queue. Each keeps the triggering
// hero it was raised for.
type spawnReq struct {
	kind    string
	token   string
	feature string
	icons   []content.Level
	aw      *content.Awareness
	letter  string
	hero    string
	source  string // the noise card that caused it, if any
}

func (w *world) enqueueToken(id, why string) {
	if w.queuedToken[id] {
		return
	}
	w.queuedToken[id] = true
	w.queue = append(w.queue, spawnReq{kind: reqToken, token: id, hero: w.hero})
	w.step("reichbusters §7.4.1", "Spawn token %s triggers: %s.", id, why).Result = "TOKEN_SPAWN " + id + " joins the back of the spawn queue"
}

// runQueue is Algorithm S0: requests resolve one at a time, first in first
// out, each to the end; whatever they trigger joins the back of the queue.
func (w *world) runQueue() {
	for len(w.queue) > 0 && w.err == nil {
		r := w.queue[0]
		w.queue = w.queue[1:]
		switch r.kind {
		case reqToken:
			w.tokenSpawn(r.token)
		case reqPatrol:
			w.patrol(r.icons, *r.aw)
		case reqBarracks:
			w.barracks(r.letter, r.icons)
		case reqFeature:
			w.featureSpawn(r.feature, r.icons)
		case reqDarkness:
			w.darkness(r.icons, r.aw)
		}
	}
}

// drawSpawnCard takes the top spawn card, reshuffling the discard into a
// new draw pile when the pile runs out (no card is removed, §7.4.2).
func (w *world) drawSpawnCard() *content.SpawnCard {
	d := w.spawnDeck
	if d == nil {
		w.fail(&NeedInput{Question: "which spawn card was drawn?", Field: "state.spawnDeck.drawPile"})
		return nil
	}
	if d.Physical {
		id := w.namedSpawnCard(d)
		if id == "" {
			return nil
		}
		c := w.c.SpawnCard(id)
		if c == nil {
			w.fail(fmt.Errorf("spawn card %s is not in the content's spawn cards", id))
		}
		return c
	}
	if len(w.ans.SpawnCards) > 0 {
		w.fail(fmt.Errorf("the app draws the spawn deck: a spawn card is named only when the players draw the deck"))
		return nil
	}
	if len(d.DrawPile) == 0 {
		if len(d.Discard) == 0 || w.rng == nil {
			w.fail(&NeedInput{Question: "the spawn deck's draw pile is empty: which spawn card comes next?", Field: "state.spawnDeck.drawPile"})
			return nil
		}
		d.DrawPile, d.Discard = d.Discard, nil
		for i := len(d.DrawPile) - 1; i > 0; i-- {
			j := w.rng.Intn(i + 1)
			d.DrawPile[i], d.DrawPile[j] = d.DrawPile[j], d.DrawPile[i]
		}
		w.step("reichbusters §3.1", "The spawn deck ran out: its discard pile is shuffled into a new draw pile.").Die = "seeded shuffle"
		w.change(Change{Kind: ChDeckShuffled, Text: "spawn"})
	}
	id := d.DrawPile[0]
	d.DrawPile = d.DrawPile[1:]
	return w.c.SpawnCard(id)
}

// resolveIcons is Algorithm S1 RESOLVE_ICONS (§7.4.2): one spawn card per
// icon, the row picked by the icon's colour (or the tracker's), then the
// placed units join the room's awareness and may be seen.
func (w *world) resolveIcons(icons []content.Level, area int, aw content.Awareness, why string) {
	room := w.b.Room(area)
	for _, icon := range icons {
		card := w.drawSpawnCard()
		if card == nil {
			return
		}
		level := icon
		levelWhy := "the spawn icon's colour"
		if w.set.SpawnLevelSource == "trackerColour" {
			if w.tracker == nil || w.tracker.Colour == "" {
				w.fail(&NeedInput{Question: "spawn levels follow the tracker: what colour is the round marker's space?", Field: "state.tracker.colour"})
				return
			}
			level, levelWhy = w.tracker.Colour, "the mission tracker space's colour (house rule spawnLevelSource)"
		}
		w.change(Change{Kind: ChSpawnCardDrawn, Card: card.ID, Level: level})
		var row []string
		for _, it := range card.Levels[level] {
			row = append(row, fmt.Sprintf("%d×%s", it.Count, it.UnitCode))
		}
		s := w.step("reichbusters §7.4.2 S1", "%s: spawn card %s drawn for a %s icon; its %s row (%s) is used.", why, card.ID, icon, level, levelWhy)
		s.Die = "spawn card " + card.ID
		s.Result = "place " + strings.Join(row, ", ") + " in area " + w.b.ID(area)
		w.placeUnits(card.Levels[level], area)
		// §7.4.8: the spawn card is discarded once its miniatures are placed.
		w.spawnDeck.Discard = append(w.spawnDeck.Discard, card.ID)
		w.change(Change{Kind: ChSpawnCardDiscard, Card: card.ID})
	}
	w.merge(room, aw, "units placed in area "+w.b.ID(area)+" at "+aw.String())
	w.afterChange()
	w.cleanup(room)
}

// placeUnits is Algorithm S2 PLACE_UNITS (§7.4.6): the "#" limit, Unique,
// Overwhelm and Handler.
func (w *world) placeUnits(entries []content.SpawnItem, area int) {
	for _, e := range entries {
		t := w.c.Faction.Unit(e.UnitCode)
		if t == nil {
			s := w.step("reichbusters §7.4.6 S2", "Unit code %s is not on the faction card.", e.UnitCode)
			s.Result = "nothing placed; the players decide"
			w.change(Change{Kind: ChForPlayers, Code: e.UnitCode, Text: "unit code " + e.UnitCode + " is not on the faction card: place it by hand if the card means another unit"})
			continue
		}
		n := e.Count
		var notes []string
		if t.Has(content.KwOverwhelm) {
			n = 2 * e.Count
			notes = append(notes, fmt.Sprintf("Overwhelm: 2 for each 1 → %d", n))
		}
		if t.Unique() {
			if w.placedEver[t.Code] > 0 {
				n = 0
				notes = append(notes, "Unique: already placed once this game → 0")
			} else if n > 1 {
				n = 1
				notes = append(notes, "Unique: at most 1")
			}
		}
		used, basis := w.onBoard(t.Code), "on the map"
		if w.set.CapIsLifetime {
			used, basis = w.placedEver[t.Code], "placed this mission (house rule capIsLifetime)"
		}
		free := t.Max - used
		if free < 0 {
			free = 0
		}
		k := n
		if k > free {
			k = free
		}
		s := w.step("reichbusters §7.4.6 S2", "%d×%s (%s) asked for.", e.Count, t.Code, t.Name)
		s.Kept = []automa.Candidate{candidate(t.Code, map[string]any{"asked": e.Count, "afterKeywords": n, "limit#": t.Max, basis: used, "free": free}, strings.Join(notes, "; "))}
		s.Result = fmt.Sprintf("%d placed in area %s", k, w.b.ID(area))
		for i := 0; i < k; i++ {
			u := &unitW{Unit: Unit{ID: w.newID(t.Code), Code: t.Code, Area: w.b.ID(area)}, t: t, area: area}
			w.units = append(w.units, u)
			w.placedEver[t.Code]++
			w.change(Change{Kind: ChUnitPlaced, Unit: u.ID, Code: t.Code, Area: u.Area})
		}
		if k > 0 {
			w.enemiesEnter(w.b.Room(area), fmt.Sprintf("%d %s placed in area %s", k, t.Code, w.b.ID(area)))
		}
		if n > k {
			s.Result += fmt.Sprintf("; %d not placed (the # limit of %d is reached; nothing replaces them)", n-k, t.Max)
			w.change(Change{Kind: ChShortfall, Code: t.Code, Area: w.b.ID(area), N: n - k})
		}
		if e.Count > 0 && n == 0 && t.Unique() {
			w.change(Change{Kind: ChShortfall, Code: t.Code, Area: w.b.ID(area), N: e.Count, Text: "Unique: placed once already"})
		}
		if kw, ok := t.Keyword(content.KwHandler); ok {
			for i := 0; i < k; i++ {
				w.step("reichbusters §12.7 Handler", "%s is a %s Handler: 1 %s spawns with it.", t.Code, kw.Code, kw.Code)
				w.placeUnits([]content.SpawnItem{{UnitCode: kw.Code, Count: 1}}, area)
			}
		}
	}
}

// tokenSpawn is Algorithm S3 TOKEN_SPAWN (§7.4.3).
func (w *world) tokenSpawn(id string) {
	t := w.token(id)
	if t == nil || t.Cleared {
		w.step("reichbusters §7.4.3 S3", "Spawn token %s is no longer on the map (an earlier request resolved it).", id).Result = "nothing to do"
		return
	}
	if len(t.Icons) == 0 {
		icons, ok := w.ans.TokenIcons[id]
		if !ok || len(icons) == 0 {
			w.fail(&NeedInput{Question: fmt.Sprintf("spawn token %s in area %s is turned over: which spawn icons does it show?", id, t.Area), Field: "answers.tokenIcons." + id})
			return
		}
		t.Icons = append([]content.Level(nil), icons...)
		w.change(Change{Kind: ChTokenRevealed, Token: id, Icons: t.Icons})
	}
	area := w.b.MustIndex(t.Area)
	room := w.b.Room(area)
	aw := content.Alert
	if w.tracked() {
		aw = w.rooms[room].Awareness
	}
	w.step("reichbusters §7.4.3 S3", "Spawn token %s in area %s spawns (%s); the units join room %s at %s.", id, t.Area, iconsText(t.Icons), room, aw)
	w.resolveIcons(t.Icons, area, aw, "token "+id)
	if w.err != nil {
		return
	}
	// §7.4.8: the token goes; in the alien world it flips to its cleared side (§11.3).
	if w.phase == AlienWorld {
		t.Cleared = true
		w.change(Change{Kind: ChTokenFlipped, Token: id, Area: t.Area, To: "cleared"})
	} else {
		w.removeToken(id)
		w.change(Change{Kind: ChTokenRemoved, Token: id, Area: t.Area})
	}
	delete(w.queuedToken, id)
	w.cleanup(room)
}

func (w *world) removeToken(id string) {
	for i, t := range w.tokens {
		if t.ID == id {
			w.tokens = append(w.tokens[:i], w.tokens[i+1:]...)
			return
		}
	}
}

// patrol is Algorithm S4 PATROL (§7.4.4): a pre-alarm noise card's units
// come in through the nearest closed non-exit door.
func (w *world) patrol(icons []content.Level, aw content.Awareness) {
	const rule = "reichbusters §7.4.4 S4"
	h := w.triggeringHero(rule)
	if h == nil {
		w.step(rule, "No hero is on the map to measure from.").Result = "no patrol"
		return
	}
	ha := w.heroArea(h)
	dist := w.b.Distances(ha, board.Mover{}, w.doors)
	heroAt := make([]bool, w.b.Len())
	for _, x := range w.onMap() {
		heroAt[w.heroArea(x)] = true
	}
	type cand struct {
		door   int
		cost   int
		aw     content.Awareness
		origin int
	}
	var kept []cand
	s := w.step(rule, "A patrol (%s, %s) comes in by the closed non-exit door nearest to hero %s (area %s).", iconsText(icons), aw, h.ID, h.Area)
	for d := 0; d < w.b.DoorCount(); d++ {
		id := w.b.DoorID(d)
		sides := w.b.DoorSides(d)
		reason := ""
		var origins []int
		switch {
		case !w.doors[d].Shut():
			reason = "open"
		case w.b.Map.Doors[d].Exit:
			reason = "an exit door"
		case heroAt[sides[0]] && heroAt[sides[1]]:
			reason = "a hero on both sides"
		default:
			for _, a := range sides {
				if !w.rooms[w.b.Room(a)].Cleared && !heroAt[a] {
					origins = append(origins, a)
				}
			}
			if len(origins) == 0 {
				reason = "no side it can come from (cleared room or a hero there)"
			}
		}
		if reason != "" {
			s.Dropped = append(s.Dropped, candidate(id, nil, reason))
			continue
		}
		// The origin: the side it can come from; if both can, the side
		// farther from H (ties: lower area id). Its room's awareness is
		// what an equidistant tie weighs (§7.4.4 AMBIGUOUS default).
		origin := origins[0]
		if len(origins) == 2 && (dist[origins[1]] > dist[origin] ||
			(dist[origins[1]] == dist[origin] && naturalLess(w.b.ID(origins[1]), w.b.ID(origin)))) {
			origin = origins[1]
		}
		c := cand{door: d, cost: w.b.DoorCost(dist, d), origin: origin, aw: w.rooms[w.b.Room(origin)].Awareness}
		if c.cost == board.Unreachable {
			s.Dropped = append(s.Dropped, candidate(id, nil, "no path from the hero"))
			continue
		}
		kept = append(kept, c)
	}
	var place int
	if len(kept) == 0 {
		b := w.nearestBarracks(dist, "", rule)
		if b == nil {
			s.Result = "no door qualifies and the map has no barracks: the players place the patrol by hand"
			w.change(Change{Kind: ChForPlayers, Icons: icons, Text: "no door qualifies for the patrol and the map has no barracks: place it by hand"})
			return
		}
		s.Result = "no door qualifies: the patrol appears from the nearest barracks, " + b.Letter + " (area " + b.Target + ")"
		place = w.b.MustIndex(b.Target)
	} else {
		best := kept[0].cost
		for _, c := range kept {
			if c.cost < best {
				best = c.cost
			}
		}
		var near []cand
		for _, c := range kept {
			facts := map[string]any{"distance": c.cost, "originAwareness": c.aw.String()}
			if c.cost == best {
				near = append(near, c)
				s.Kept = append(s.Kept, candidate(w.b.DoorID(c.door), facts, "nearest"))
			} else {
				s.Dropped = append(s.Dropped, candidate(w.b.DoorID(c.door), facts, "farther"))
			}
		}
		pick := near[0]
		if len(near) > 1 {
			top := near[0].aw
			for _, c := range near {
				if c.aw > top {
					top = c.aw
				}
			}
			var hi []cand
			for _, c := range near {
				if c.aw == top {
					hi = append(hi, c)
				}
			}
			pick = hi[0]
			var ids []string
			for _, c := range hi {
				ids = append(ids, w.b.DoorID(c.door))
				if naturalLess(w.b.DoorID(c.door), w.b.DoorID(pick.door)) {
					pick = c
				}
			}
			if len(hi) < len(near) {
				s.TieBreak = "equidistant doors: the one whose origin room has the highest awareness"
			}
			if len(hi) > 1 {
				id, tb := w.choose("patrolDoor", ids, w.b.DoorID(pick.door), "lowest door id")
				for _, c := range hi {
					if w.b.DoorID(c.door) == id {
						pick = c
					}
				}
				s.TieBreak = strings.TrimPrefix(s.TieBreak+"; "+tb, "; ")
			}
		}
		d := pick.door
		id := w.b.DoorID(d)
		// The patrol appears on its origin side; house rule heroSide puts
		// it on the other side.
		sides := w.b.DoorSides(d)
		origin := pick.origin
		place = origin
		if w.set.PatrolPlaceSide == "heroSide" {
			if origin == sides[0] {
				place = sides[1]
			} else {
				place = sides[0]
			}
		}
		s.Result = fmt.Sprintf("door %s opens (no noise test); the patrol appears in area %s", id, w.b.ID(place))
		from := w.doors[d]
		w.doors[d] = content.Open
		w.change(Change{Kind: ChDoorOpened, Door: id, From: string(from)})
		w.afterChange()
	}
	if ok, who := w.anyHeroSees(place); ok {
		w.step(rule, "Hero %s sees area %s: the patrol spawns at once.", who, w.b.ID(place))
		w.resolveIcons(icons, place, aw, "patrol")
		return
	}
	groups := [][]content.Level{icons}
	how := "one token carrying every icon (house rule patrolTokenPerIcon off)"
	if w.set.PatrolTokenPerIcon {
		groups, how = nil, "one per icon"
		for _, icon := range icons {
			groups = append(groups, []content.Level{icon})
		}
	}
	w.step(rule, "No hero sees area %s: the patrol is placed as spawn tokens, %s.", w.b.ID(place), how).TieBreak = "AMBIGUOUS (tokens per icon)"
	for _, g := range groups {
		t := &Token{ID: w.newID("patrol"), Area: w.b.ID(place), Icons: append([]content.Level(nil), g...), Origin: "patrol"}
		w.tokens = append(w.tokens, t)
		w.change(Change{Kind: ChTokenPlaced, Token: t.ID, Area: t.Area, Icons: t.Icons})
	}
	w.merge(w.b.Room(place), aw, "patrol tokens placed at "+aw.String())
}

// nearestBarracks finds the barracks with the letter (or, if letter is
// empty or the map has none with it, the nearest one).
func (w *world) nearestBarracks(dist []int, letter, rule string) *content.Barracks {
	var pool []*content.Barracks
	for i := range w.b.Map.Barracks {
		if letter == "" || w.b.Map.Barracks[i].Letter == letter {
			pool = append(pool, &w.b.Map.Barracks[i])
		}
	}
	if letter != "" && len(pool) == 0 {
		w.step(rule, "The map has no barracks %s: the nearest barracks is used instead.", letter).TieBreak = "NOT IN SOURCE (default: the nearest barracks)"
		return w.nearestBarracks(dist, "", rule)
	}
	if len(pool) == 0 {
		return nil
	}
	best := pool[0]
	cost := func(b *content.Barracks) int {
		c := dist[w.b.MustIndex(b.Target)]
		if c == board.Unreachable {
			return 1 << 30
		}
		return c
	}
	s := w.step(rule, "Barracks weighed by distance from the triggering hero.")
	for _, b := range pool {
		s.Kept = append(s.Kept, candidate(b.Letter+"→"+b.Target, map[string]any{"distance": cost(b)}, ""))
		if cost(b) < cost(best) {
			best = b
		}
	}
	var tied []string
	for _, b := range pool {
		// §7.4.5: several barracks with the card's letter are the players'
		// CHOICE (default: the nearest); without a letter only equal ones tie.
		if cost(b) == cost(best) || letter != "" {
			tied = append(tied, b.Target)
		}
	}
	if len(tied) > 1 {
		why := "the first listed on the map"
		if letter != "" {
			why = "the nearest, then the first listed on the map"
		}
		target, tb := w.choose("barracks", tied, best.Target, why)
		for _, b := range pool {
			if b.Target == target && (cost(b) == cost(best) || letter != "") {
				best = b
				break
			}
		}
		s.TieBreak = tb
	}
	s.Result = best.Letter + "→" + best.Target
	return best
}

// barracks is Algorithm S5 BARRACKS (§7.4.5): post-alarm units spawn in the
// area the barracks' arrow points at, always as miniatures, alert.
func (w *world) barracks(letter string, icons []content.Level) {
	const rule = "reichbusters §7.4.5 S5"
	var dist []int
	if h := w.triggeringHero(rule); h != nil {
		dist = w.b.Distances(w.heroArea(h), board.Mover{}, w.doors)
	} else {
		dist = make([]int, w.b.Len())
	}
	b := w.nearestBarracks(dist, letter, rule)
	if b == nil {
		w.step(rule, "The map has no barracks at all.").Result = "the players place the units by hand"
		w.change(Change{Kind: ChForPlayers, Icons: icons, Text: "the map has no barracks: place the spawn by hand"})
		return
	}
	w.step(rule, "Barracks %s: units spawn in area %s (cleared tokens do not stop barracks spawns).", b.Letter, b.Target)
	w.resolveIcons(icons, w.b.MustIndex(b.Target), content.Alert, "barracks "+b.Letter)
}

// featureSpawn is Algorithm S6 FEATURE_SPAWN (§7.4.7): the units go in the
// feature's area at the room's awareness; the feature is then discarded.
func (w *world) featureSpawn(id string, icons []content.Level) {
	var f *content.Feature
	for i := range w.b.Map.Features {
		if w.b.Map.Features[i].ID == id {
			f = &w.b.Map.Features[i]
		}
	}
	area := w.b.MustIndex(f.Area)
	aw := content.Alert
	if w.tracked() {
		aw = w.rooms[w.b.Room(area)].Awareness
	}
	w.step("reichbusters §7.4.7 S6", "Room feature %s spawns (%s) in its own area %s at %s.", id, iconsText(icons), f.Area, aw).TieBreak = "NOT IN SOURCE (default: the feature's area)"
	w.resolveIcons(icons, area, aw, "room feature "+id)
	w.change(Change{Kind: ChFeatureDiscarded, Feature: id})
}

// darkness is Algorithm S7 DARKNESS (§11.4): units come from the darkness
// into the area nearest the triggering hero that borders a dark area.
func (w *world) darkness(icons []content.Level, cardAw *content.Awareness) {
	const rule = "reichbusters §11.4 S7"
	h := w.triggeringHero(rule)
	if h == nil {
		w.step(rule, "No hero is on the map.").Result = "nothing spawns"
		return
	}
	dark := make([]bool, w.b.Len())
	for a := 0; a < w.b.Len(); a++ {
		ok, _ := w.anyHeroSees(a)
		dark[a] = !ok
	}
	dist := w.b.Distances(w.heroArea(h), board.Mover{}, w.doors)
	s := w.step(rule, "Units spawn from the darkness next to the area nearest hero %s that borders a dark area.", h.ID)
	best := -1
	for a := 0; a < w.b.Len(); a++ {
		next := false
		for _, n := range w.b.Neighbours(a) {
			if dark[n.Area] && w.b.Adjacent(a, n.Area, w.doors) {
				next = true
			}
		}
		if !next || dist[a] == board.Unreachable {
			continue
		}
		s.Kept = append(s.Kept, candidate(w.b.ID(a), map[string]any{"distance": dist[a]}, "borders darkness"))
		if best < 0 || dist[a] < dist[best] || (dist[a] == dist[best] && naturalLess(w.b.ID(a), w.b.ID(best))) {
			best = a
		}
	}
	if best < 0 {
		s.Result = "no area borders the darkness: nothing spawns"
		return
	}
	var tied []string
	for _, c := range s.Kept {
		if c.Facts["distance"] == dist[best] {
			tied = append(tied, c.Name)
		}
	}
	if len(tied) > 1 {
		id, tb := w.choose("darknessArea", tied, w.b.ID(best), "lowest area id")
		best, s.TieBreak = w.b.MustIndex(id), tb
	}
	s.Result = "area " + w.b.ID(best)
	aw := w.rooms[w.b.Room(best)].Awareness
	if cardAw != nil {
		aw = *cardAw
	}
	w.resolveIcons(icons, best, aw, "from the darkness")
}

// iconsText names spawn icons as the players see them: "a green spawn
// icon", "green and orange spawn icons", "no spawn icon".
func iconsText(icons []content.Level) string {
	switch len(icons) {
	case 0:
		return "no spawn icon"
	case 1:
		if icons[0] == content.Orange {
			return "an orange spawn icon"
		}
		return "a " + string(icons[0]) + " spawn icon"
	}
	names := make([]string, len(icons))
	for i, l := range icons {
		names[i] = string(l)
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " spawn icons"
}
