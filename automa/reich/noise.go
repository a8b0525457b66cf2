package reich

import (
	"fmt"
	"sort"

	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// deckFor is the noise deck the current phase draws from.
func (w *world) deckFor() string {
	switch w.phase {
	case PostAlarm:
		return content.DeckPostAlarm
	case AlienWorld:
		return content.DeckAlienWorld
	}
	return content.DeckPreAlarm
}

// drawNoiseCard returns the card given by the players, or the top of the
// noise deck (reshuffled from its discard when it runs out).
func (w *world) drawNoiseCard(id string, soft bool) *content.NoiseCard {
	if d := w.noiseDeck; d != nil && d.Physical {
		// The players draw the noise deck: the card is named, and must be
		// one the deck can give (§1 item 5).
		if id == "" {
			id = w.ans.NoiseCard
		}
		if id == "" {
			if !soft {
				w.fail(&NeedInput{Question: "which noise card did you draw from the noise deck?", Field: "answers.noiseCard", Options: drawable(d)})
			}
			return nil
		}
		if err := w.takeNamed(d, id, "noise"); err != nil {
			w.fail(err)
			return nil
		}
	} else if id == "" && w.ans.NoiseCard != "" {
		w.fail(fmt.Errorf("the app draws the noise deck: a noise card is named only when the players draw the deck"))
		return nil
	} else if id == "" {
		d := w.noiseDeck
		if d != nil && len(d.DrawPile) == 0 && len(d.Discard) > 0 && w.rng != nil {
			d.DrawPile, d.Discard = d.Discard, nil
			for i := len(d.DrawPile) - 1; i > 0; i-- {
				j := w.rng.Intn(i + 1)
				d.DrawPile[i], d.DrawPile[j] = d.DrawPile[j], d.DrawPile[i]
			}
			w.change(Change{Kind: ChDeckShuffled, Text: "noise"})
		}
		if d == nil || len(d.DrawPile) == 0 {
			if !soft {
				w.fail(&NeedInput{Question: "which noise card was drawn?", Field: "resolve.card"})
			}
			return nil
		}
		id = d.DrawPile[0]
		d.DrawPile = d.DrawPile[1:]
	} else if d := w.noiseDeck; d != nil {
		// A card named by the players (a situation file's request) is
		// drawn: if the app's pile holds it, it leaves the pile (it goes to
		// the discard once resolved).
		for i, x := range d.DrawPile {
			if x == id {
				d.DrawPile = append(append([]string(nil), d.DrawPile[:i]...), d.DrawPile[i+1:]...)
				break
			}
		}
	}
	c := w.c.NoiseCard(id)
	if c == nil {
		w.fail(fmt.Errorf("resolve: noise card %q is not in the content's noise cards", id))
		return nil
	}
	if c.Deck != w.deckFor() {
		w.fail(fmt.Errorf("resolve: noise card %s belongs to the %s noise deck, but the %s noise deck is in use now", id, deckWords(c.Deck), deckWords(w.deckFor())))
		return nil
	}
	w.change(Change{Kind: ChNoiseCardDrawn, Card: id})
	return c
}

// resolveNoiseCard applies a noise card's effects in printed order (§6.3,
// T1): each effect's spawns are resolved to the end before the next.
func (w *world) resolveNoiseCard(c *content.NoiseCard, top, bottom bool, why string) {
	const rule = "reichbusters §6.3 / §7.4.1 T1"
	s := w.step(rule, "Noise card %s (%s).", c.ID, why)
	s.Die = "noise card " + c.ID
	var effects []content.Effect
	switch {
	case top && bottom:
		effects = append(append(effects, c.Top...), c.Bottom...)
		s.Result = "top and bottom effects apply"
	case top:
		effects = c.Top
		s.Result = "top effect applies"
	default:
		effects = c.Bottom
		s.Result = "bottom effect applies"
	}
	for _, e := range effects {
		if w.err != nil {
			return
		}
		w.applyEffect(c.ID, e)
		w.runQueue()
	}
	if w.noiseDeck != nil {
		w.noiseDeck.Discard = append(w.noiseDeck.Discard, c.ID)
	}
	w.change(Change{Kind: ChNoiseCardDiscard, Card: c.ID})
}

func (w *world) applyEffect(card string, e content.Effect) {
	switch e.Kind {
	case content.EffSpawnPatrol:
		aw := *e.Awareness
		w.queue = append(w.queue, spawnReq{kind: reqPatrol, icons: e.Icons, aw: &aw, hero: w.hero, source: card})
		w.step("reichbusters §7.4.1 T1", "Noise card %s: a patrol (%s) at %s.", card, iconsText(e.Icons), aw).Result = "PATROL queued"
	case content.EffSpawnBarracks:
		w.queue = append(w.queue, spawnReq{kind: reqBarracks, icons: e.Icons, letter: e.Letter, hero: w.hero, source: card})
		w.step("reichbusters §7.4.1 T1", "Noise card %s: barracks %s spawns (%s).", card, e.Letter, iconsText(e.Icons)).Result = "BARRACKS queued"
	case content.EffSpawnFromDarkness:
		w.queue = append(w.queue, spawnReq{kind: reqDarkness, icons: e.Icons, aw: e.Awareness, hero: w.hero, source: card})
		w.step("reichbusters §7.4.1 T1", "Noise card %s: units spawn from the darkness (%s).", card, iconsText(e.Icons)).Result = "DARKNESS queued"
	case content.EffRaiseAwareness:
		w.noiseRaise(e.Target, e.Levels)
	case content.EffAdvanceTracker:
		w.advance(e.N, "noise card "+card)
	case content.EffTriggerAlarm:
		w.triggerAlarm("noise card " + card)
	case content.EffFreeText:
		w.step("reichbusters §2.3", "Noise card %s: an effect the players resolve by hand.", card)
		w.change(Change{Kind: ChForPlayers, Card: card, Text: e.Text})
	}
}

// noiseRaise is NOISE_RAISE (§7.3): the card names a room relative to the
// triggering hero and raises it.
func (w *world) noiseRaise(target string, levels int) {
	const rule = "reichbusters §7.3 NOISE_RAISE"
	if !w.tracked() {
		w.step(rule, "Awareness is not tracked after the alarm: no effect.")
		return
	}
	h := w.triggeringHero(rule)
	if h == nil {
		return
	}
	ha := w.heroArea(h)
	if target == content.TargetThisRoom {
		room := w.b.Room(ha)
		w.raise(room, levels, fmt.Sprintf("noise card: +%d in hero %s's room", levels, h.ID))
		w.cleanup(room)
		return
	}
	dist := w.b.Distances(ha, board.Mover{}, w.doors)
	s := w.step(rule, "The noise card raises the nearest %s room to hero %s by %d.", map[string]string{content.TargetNearestAtEaseRoom: "at-ease"}[target], h.ID, levels)
	near := nearestRooms{d: -1}
	for _, room := range w.b.Rooms() {
		d := w.roomDistance(dist, room)
		facts := map[string]any{"distance": d, "awareness": w.rooms[room].Awareness.String()}
		occupied := len(w.tokensInRoom(room)) > 0 || w.unitsInRoom(room) > 0
		switch {
		case d < 0:
			s.Dropped = append(s.Dropped, candidate(room, facts, "no path"))
			continue
		case !occupied:
			// V-42 for at-ease rooms; for any room, an empty room would lose
			// its token at once (CLEANUP), so only occupied rooms count.
			s.Dropped = append(s.Dropped, candidate(room, facts, "no spawn token or enemy unit in it"))
			continue
		case target == content.TargetNearestAtEaseRoom && w.rooms[room].Awareness != content.AtEase:
			s.Dropped = append(s.Dropped, candidate(room, facts, "not at ease"))
			continue
		}
		s.Kept = append(s.Kept, candidate(room, facts, ""))
		near.offer(room, d)
	}
	best, tied := near.best, near.tied
	if best == "" {
		s.Result = "no room qualifies: no effect"
		s.TieBreak = "NOT IN SOURCE (default: no effect)"
		return
	}
	if len(tied) > 1 {
		best, s.TieBreak = w.choose("noiseRoom", tied, best, "lowest room id")
	}
	s.Result = "room " + best
	w.raise(best, levels, "noise card")
}

// trackLength is the length of the track in use (0 if not given).
func (w *world) trackLength() int {
	t := w.tracker
	switch w.phase {
	case PostAlarm:
		return t.PostAlarmRounds
	case AlienWorld:
		return t.AlienRounds
	}
	return t.PreAlarmRounds
}

// advance moves the round marker on n spaces (§5.5): past the end of the
// pre-alarm track the alarm triggers; past the end of the last track the
// mission fails. The position is never stored out of range (V-26).
func (w *world) advance(n int, why string) {
	const rule = "reichbusters §5.5"
	if w.tracker == nil {
		w.step(rule, "%s: the round marker moves on %d (its position was not given, so the tracker checks for the alarm).", why, n)
		w.change(Change{Kind: ChTracker, N: n, Text: why})
		return
	}
	t := w.tracker
	if t.Ended {
		return
	}
	if w.phase == PreAlarm && t.AlarmPending {
		w.step(rule, "%s: the alarm has already been triggered, so pre-alarm advances are ignored (V-26).", why)
		return
	}
	from, to := t.Pos, t.Pos+n
	length := w.trackLength()
	s := w.step(rule, "%s: the round marker moves on %d, from space %d.", why, n, from)
	end := length > 0 && (to > length || (to == length && ((w.phase == PreAlarm && w.set.AlarmOnLastSpace) || (w.phase != PreAlarm && w.set.FailOnLastSpace))))
	if length > 0 && to > length {
		to = length
	}
	t.Pos = to
	w.change(Change{Kind: ChTracker, N: n, From: fmt.Sprint(from), To: fmt.Sprint(to), Text: why})
	s.Result = fmt.Sprintf("space %d", to)
	if !end {
		return
	}
	if w.phase == PreAlarm {
		s.Result += "; the end of the pre-alarm track is reached: the alarm is triggered"
		w.triggerAlarm(why)
		return
	}
	t.Ended = true
	w.out.MissionFailed = true
	w.change(Change{Kind: ChMissionFailed, Text: why})
	s.Result += "; the track has run out: the mission fails"
}

// triggerAlarm sets the alarm off early (§5.6): the current action or
// enemy turn finishes, then the round goes straight to its end.
func (w *world) triggerAlarm(why string) {
	if w.phase != PreAlarm {
		w.step("reichbusters §5.6", "%s would trigger the alarm, but there is no alarm now (%s).", why, w.phase)
		return
	}
	if w.tracker != nil {
		if w.tracker.AlarmPending {
			return
		}
		w.tracker.AlarmPending = true
	}
	if w.out.AlarmTriggered {
		return
	}
	w.out.AlarmTriggered = true
	w.step("reichbusters §5.6", "%s triggers the alarm: finish the current action or enemy turn, then go to the end of the round; the alarm sounds after it.", why)
	w.change(Change{Kind: ChAlarmTriggered, Text: why})
}

// bang and boom are §7.7: before the alarm they move the round marker on;
// after it (and always in the alien world) they draw a noise card.
func (w *world) bang(card string) {
	if w.phase == PreAlarm {
		w.advance(1, "BANG")
		return
	}
	if c := w.drawNoiseCard(card, false); c != nil {
		w.resolveNoiseCard(c, false, true, "BANG: bottom effect only")
	}
}

func (w *world) boom(cause, card string, soft bool) {
	if w.phase == PreAlarm {
		w.advance(2, "BOOM")
		return
	}
	c := w.drawNoiseCard(card, soft)
	if c == nil {
		if soft && w.err == nil {
			w.change(Change{Kind: ChForPlayers, Cause: cause, Text: "BOOM: draw a noise card and resolve its bottom effect only (caused by an enemy)"})
		}
		return
	}
	if cause == "enemy" {
		w.resolveNoiseCard(c, false, true, "BOOM caused by an enemy: bottom effect only")
		return
	}
	w.resolveNoiseCard(c, true, true, "BOOM: top and bottom effects")
}

// alarm is the ALARM SEQUENCE (§5.6) from step 1 to step 7.
func (w *world) alarm() {
	const rule = "reichbusters §5.6"
	if w.phase != PreAlarm {
		w.fail(fmt.Errorf("resolve: the alarm sounds only before it has sounded (phase is %s)", w.phase))
		return
	}
	w.step(rule, "The alarm sounds: the round marker goes onto the alarm space.")
	w.during = EndOfRound
	// Awareness stops being tracked; every unit and every spawn is alert.
	w.phase = PostAlarm
	h := w.triggeringHero(rule)
	var dist []int
	if h != nil {
		dist = w.b.Distances(w.heroArea(h), board.Mover{}, w.doors)
	}
	toks := append([]*Token(nil), w.liveTokens()...)
	cost := func(t *Token) int {
		if dist == nil {
			return 0
		}
		d := dist[w.b.MustIndex(t.Area)]
		if d == board.Unreachable {
			return 1 << 20
		}
		return d
	}
	sort.SliceStable(toks, func(i, j int) bool {
		if cost(toks[i]) != cost(toks[j]) {
			return cost(toks[i]) < cost(toks[j])
		}
		return naturalLess(toks[i].ID, toks[j].ID)
	})
	s := w.step(rule+" step 2", "Every spawn token still on the map spawns, alert.")
	s.TieBreak = "CHOICE of order (default: nearest to the most recent hero first, then token id)"
	for _, t := range toks {
		s.Kept = append(s.Kept, candidate(t.ID, map[string]any{"area": t.Area, "distance": cost(t)}, ""))
		w.enqueueToken(t.ID, "the alarm (T2)")
	}
	w.runQueue()
	if w.err != nil {
		return
	}
	for _, room := range w.b.Rooms() {
		rs := w.rooms[room]
		if rs.Awareness != content.AtEase {
			w.change(Change{Kind: ChAwarenessRemoved, Room: room, From: rs.Awareness.String()})
		}
		rs.Awareness, rs.RaisedBySight, rs.RaisedThisEnemyTurn = content.AtEase, false, false
	}
	w.step(rule+" step 3", "Every awareness token is removed; from now on every enemy unit is alert.")
	w.step(rule+" step 4", "The pre-alarm noise deck is replaced by the post-alarm deck.")
	w.change(Change{Kind: ChNoiseDeckSwapped})
	w.step(rule+" step 5", "Every ongoing action-card effect ends.").TieBreak = "AMBIGUOUS (default: every effect lasting beyond its action)"
	w.change(Change{Kind: ChEffectsEnded})
	w.step(rule+" step 6", "The enemy takes a free turn (phases 2 and 3).").TieBreak = "latest hero this round: CHOICE (default: the last hero to have had a turn)"
	if !w.enemyTurn(true) || w.err != nil {
		return // paused for the defence tests: enemyTurn finishes the alarm
	}
	w.alarmEnd()
}

// alarmEnd is the ALARM SEQUENCE's step 7, after the free enemy turn.
func (w *world) alarmEnd() {
	const rule = "reichbusters §5.6"
	if w.tracker != nil {
		w.tracker.Pos, w.tracker.AlarmPending = 1, false
		w.change(Change{Kind: ChTracker, From: "alarm", To: "1", Text: "post-alarm track"})
	}
	w.step(rule+" step 7", "The round marker goes onto the first post-alarm space; the first post-alarm round follows.")
}

// DetectBonus is what enemy units with Detect add to a noise test total
// made in their area (§6.3; AMBIGUOUS amount, settings.detectBonus each).
func DetectBonus(f *content.Faction, units []Unit, area string, set Settings) int {
	n := 0
	for _, u := range units {
		if t := f.Unit(u.Code); t != nil && u.Area == area && !u.Escorted && t.Has(content.KwDetect) {
			n += set.DetectBonus
		}
	}
	return n
}
