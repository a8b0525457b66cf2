// Package reich plays the enemy side of Reichbusters: Projekt Vril
// (reichbusters spec §7): spawning with every trigger and the spawn queue,
// the awareness of each room, patrols and barracks, which units activate
// and in what order, how they move and whom they attack, BANG and BOOM.
// Every function is pure: a Situation in, an Outcome out, with the
// changes as plain data and a trace that names each rule applied.
package reich

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"tablekeeper/automa"
	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// Request kinds.
const (
	KindNoiseCard      = "noiseCard"
	KindBang           = "bang"
	KindBoom           = "boom"
	KindSightCheck     = "sightCheck"
	KindTokenSpawn     = "tokenSpawn"
	KindRoomFeature    = "roomFeature"
	KindRaiseAwareness = "raiseAwareness"
	KindLowerAwareness = "lowerAwareness"
	KindDisguiseKit    = "disguiseKit"
	KindAlarm          = "alarm"
	KindEnemyTurn      = "enemyTurn"
	KindPatrol         = "patrol"
	KindBarracks       = "barracks"
	KindDarkness       = "darkness"
	KindWoundUnit      = "woundUnit"
	KindHeroTarget     = "heroTarget"
)

// Resolve reads a situation file and answers it with the decision and its
// trace as indented JSON. It is what `tablekeeper resolve reichbusters
// FILE` runs. Settings left out of the file take the spec's defaults.
func Resolve(situation []byte) ([]byte, error) {
	s, err := ParseSituation(situation)
	if err != nil {
		return nil, err
	}
	out, err := Decide(s, SeededRand(s.Seed))
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(out, "", "  ")
}

// ParseSituation reads a situation file, with the default settings under
// whatever the file sets, and checks it.
func ParseSituation(data []byte) (*Situation, error) {
	s := &Situation{Settings: DefaultSettings()}
	if err := content.Decode(data, s, "situation"); err != nil {
		return nil, err
	}
	if err := s.checkLimits(); err != nil {
		return nil, fmt.Errorf("situation: %w", err)
	}
	if _, err := s.validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// validate checks every part of the situation and builds its board.
func (s *Situation) validate() (*board.Board, error) {
	if err := s.Settings.Validate(); err != nil {
		return nil, err
	}
	if err := s.Content.Validate(); err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	b, err := board.New(&s.Map)
	if err != nil {
		return nil, err
	}
	if err := s.check(b); err != nil {
		return nil, err
	}
	if err := s.checkRequest(b); err != nil {
		return nil, err
	}
	return b, nil
}

func (s *Situation) checkRequest(b *board.Board) error {
	r := &s.Resolve
	st := &s.State
	heroOK := func(id string) bool {
		for _, h := range st.Heroes {
			if h.ID == id {
				return true
			}
		}
		return false
	}
	if r.Hero != "" && !heroOK(r.Hero) {
		return fmt.Errorf("resolve: hero %q is not among the heroes", r.Hero)
	}
	icons := func() error {
		if len(r.Icons) == 0 {
			return fmt.Errorf("resolve: %s needs at least one spawn icon", r.Kind)
		}
		for _, l := range r.Icons {
			if !l.Valid() {
				return fmt.Errorf("resolve: level %q is not green, orange or red (V-23)", l)
			}
		}
		return nil
	}
	if r.Card != "" {
		c := s.Content.NoiseCard(r.Card)
		if c == nil {
			return fmt.Errorf("resolve: noise card %q is not in the content's noise cards", r.Card)
		}
		want := map[string]string{PreAlarm: content.DeckPreAlarm, PostAlarm: content.DeckPostAlarm, AlienWorld: content.DeckAlienWorld}[st.Phase]
		if c.Deck != want {
			return fmt.Errorf("resolve: noise card %s belongs to the %s noise deck, but the %s noise deck is in use now", r.Card, deckWords(c.Deck), deckWords(want))
		}
	}
	switch r.Kind {
	case KindNoiseCard:
		if r.Total < 1 {
			return fmt.Errorf("resolve: a noise total of %d is a failed noise test (success needs 1 or more, V-15): no card is drawn", r.Total)
		}
		if r.Card == "" && s.Answers.NoiseCard == "" && st.NoiseDeck == nil {
			return fmt.Errorf("resolve: name the noise card drawn (resolve.card) or give state.noiseDeck")
		}
	case KindBang:
	case KindBoom:
		if r.Cause != "hero" && r.Cause != "enemy" {
			return fmt.Errorf("resolve: a BOOM's cause must be hero or enemy, got %q", r.Cause)
		}
	case KindSightCheck:
		id := r.Hero
		if id == "" {
			id = st.CurrentHero
		}
		if id == "" {
			return fmt.Errorf("resolve: sightCheck needs the hero (resolve.hero or state.currentHero)")
		}
		for _, h := range st.Heroes {
			if h.ID == id && h.Escaped {
				return fmt.Errorf("resolve: hero %s has escaped and sees nothing on the map", id)
			}
		}
		if r.From != "" {
			if _, ok := b.Index(r.From); !ok {
				return fmt.Errorf("resolve: from: area %q is not on the map", r.From)
			}
		}
		if r.Door != "" {
			if _, ok := b.DoorIndex(r.Door); !ok {
				return fmt.Errorf("resolve: door %q is not on the map", r.Door)
			}
		}
	case KindTokenSpawn:
		found := false
		for _, t := range st.SpawnTokens {
			found = found || t.ID == r.Token
		}
		if st.SpawnTokens == nil {
			for _, t := range s.Map.SpawnTokens {
				found = found || t.ID == r.Token
			}
		}
		if !found {
			return fmt.Errorf("resolve: spawn token %q is not on the map", r.Token)
		}
	case KindRoomFeature:
		found := false
		for _, f := range s.Map.Features {
			found = found || f.ID == r.Feature
		}
		if !found {
			return fmt.Errorf("resolve: room feature %q is not on the map", r.Feature)
		}
		for _, id := range st.RevealedFeatures {
			if id == r.Feature {
				return fmt.Errorf("resolve: room feature %s is already face up", r.Feature)
			}
		}
	case KindRaiseAwareness:
		if len(b.RoomAreas(r.Room)) == 0 {
			return fmt.Errorf("resolve: room %q is not on the map", r.Room)
		}
		if r.Levels < 1 || r.Levels > 2 {
			return fmt.Errorf("resolve: raiseAwareness by %d levels; give 1 or 2", r.Levels)
		}
		if st.Phase == PostAlarm {
			return fmt.Errorf("resolve: awareness cannot change after the alarm (V-45)")
		}
	case KindLowerAwareness:
		if st.Phase == PostAlarm {
			return fmt.Errorf("resolve: awareness cannot change after the alarm (V-45)")
		}
	case KindDisguiseKit:
		if len(b.RoomAreas(r.Room)) == 0 {
			return fmt.Errorf("resolve: room %q is not on the map", r.Room)
		}
		if st.Phase == PostAlarm {
			return fmt.Errorf("resolve: awareness cannot change after the alarm (V-45)")
		}
	case KindAlarm:
		if st.Phase != PreAlarm {
			return fmt.Errorf("resolve: the alarm can sound only before the alarm (phase is %s)", st.Phase)
		}
	case KindEnemyTurn:
	case KindPatrol:
		if st.Phase == PostAlarm {
			return fmt.Errorf("resolve: patrols come only before the alarm; after it units spawn at barracks")
		}
		if r.Awareness == nil {
			return fmt.Errorf("resolve: a patrol needs the awareness the card gives it")
		}
		return icons()
	case KindBarracks:
		if r.Letter != "A" && r.Letter != "B" && r.Letter != "C" {
			return fmt.Errorf("resolve: barracks letter %q is not A, B or C", r.Letter)
		}
		return icons()
	case KindDarkness:
		if st.Phase != AlienWorld {
			return fmt.Errorf("resolve: units spawn from the darkness only in the alien world")
		}
		return icons()
	case KindWoundUnit, KindHeroTarget:
		found := false
		for _, u := range st.Units {
			found = found || u.ID == r.Unit
		}
		if !found {
			return fmt.Errorf("resolve: unit %q is not on the map", r.Unit)
		}
		if r.Hit != nil && r.Hit.Wounds < 0 {
			return fmt.Errorf("resolve: a hit cannot deal %d wounds", r.Hit.Wounds)
		}
	case "":
		return fmt.Errorf("resolve: say what to resolve (resolve.kind)")
	default:
		return fmt.Errorf("resolve: kind %q is not one of noiseCard, bang, boom, sightCheck, tokenSpawn, roomFeature, raiseAwareness, lowerAwareness, disguiseKit, alarm, enemyTurn, patrol, barracks, darkness, woundUnit, heroTarget", r.Kind)
	}
	return nil
}

// Decide answers a situation. rng supplies the chance the situation does
// not give (reshuffling an empty deck); it may be nil when none is needed.
// A *NeedInput error means the players have to answer something first.
func Decide(s *Situation, rng automa.Rand) (*Outcome, error) {
	b, err := s.validate()
	if err != nil {
		return nil, err
	}
	w := newWorld(s, b, rng)
	r := &s.Resolve
	w.out.Resolved = r.Kind
	w.staleCleared()
	if w.sightAtOnce() && w.during != EnemyTurn && r.Kind != KindSightCheck {
		// The sight lines before anything changes, to tell which begin now.
		w.seen = w.sightPairs()
	}
	switch r.Kind {
	case KindNoiseCard:
		if c := w.drawNoiseCard(r.Card, false); c != nil {
			bottom := r.Total >= c.Threshold
			why := fmt.Sprintf("noise total %d, threshold %d", r.Total, c.Threshold)
			w.resolveNoiseCard(c, true, bottom, why)
		}
	case KindBang:
		w.bang(r.Card)
	case KindBoom:
		w.boom(r.Cause, r.Card, false)
	case KindSightCheck:
		w.sightCheck(r)
	case KindTokenSpawn:
		w.enqueueToken(r.Token, "asked for")
		w.runQueue()
	case KindRoomFeature:
		if len(r.Icons) > 0 {
			icons := map[string][]content.Level{r.Feature: r.Icons}
			for k, v := range w.ans.FeatureIcons {
				if k != r.Feature {
					icons[k] = v
				}
			}
			w.ans.FeatureIcons = icons
		}
		w.revealFeature(r.Feature, w.hero)
		w.runQueue()
	case KindRaiseAwareness:
		w.raise(r.Room, r.Levels, "asked for")
		w.runQueue()
		w.cleanup(r.Room)
	case KindLowerAwareness:
		w.lowerNearest()
	case KindDisguiseKit:
		w.disguiseKit(r.Room)
	case KindAlarm:
		w.alarm()
	case KindEnemyTurn:
		w.seen = nil
		free := w.resumeAt != nil && w.resumeAt.Free
		if w.enemyTurn(free) && free && w.err == nil {
			w.alarmEnd() // a paused alarm turn is over: the sequence goes on (§5.6 step 7)
		}
	case KindPatrol:
		w.queue = append(w.queue, spawnReq{kind: reqPatrol, icons: r.Icons, aw: r.Awareness, hero: w.hero})
		w.runQueue()
	case KindBarracks:
		w.queue = append(w.queue, spawnReq{kind: reqBarracks, icons: r.Icons, letter: r.Letter, hero: w.hero})
		w.runQueue()
	case KindDarkness:
		w.queue = append(w.queue, spawnReq{kind: reqDarkness, icons: r.Icons, aw: r.Awareness, hero: w.hero})
		w.runQueue()
	case KindHeroTarget:
		for _, u := range w.units {
			if u.ID == r.Unit {
				tg := w.heroTarget(u, r.Ranged, r.Accurate)
				w.out.Target = &tg
			}
		}
	case KindWoundUnit:
		h := Hit{Wounds: 1}
		if r.Hit != nil {
			h = *r.Hit
		}
		for _, u := range w.units {
			if u.ID == r.Unit {
				w.hit(u, h, "the hero's attack")
			}
		}
		w.runQueue()
	}
	w.checkNamedUsed()
	if w.err != nil {
		return nil, w.err
	}
	w.out.After = w.export()
	w.out.Sightings = w.heldSights()
	if w.out.Changes == nil {
		w.out.Changes = []Change{}
	}
	return &w.out, nil
}

// sightCheck re-checks sight after a hero moved (From) or opened a door
// (Door): spawn tokens and room features the heroes now see (T3, T5),
// enemy units that begin to see a hero (SIGHT), and the cleared token.
// Without From or Door (and not just ending the turn) every enemy→hero
// sight line counts as new: use it after a change the engine did not see,
// such as an obscuring token ending.
func (w *world) sightCheck(r *Request) {
	h := w.heroByID(w.hero)
	// The sight lines as they were before the change, to tell which begin
	// now. What only the table could tell is asked later, and only for a
	// unit that sees a hero now in a room a sighting can raise
	// (sightsNow): before then it cannot matter.
	if r.From != "" {
		w.beforeChange = func() func() {
			was := h.Area
			h.Area = r.From
			w.gen++ // the blockers moved with the hero
			return func() { h.Area = was; w.gen++ }
		}
	} else if r.Door != "" {
		d, _ := w.b.DoorIndex(r.Door)
		w.beforeChange = func() func() {
			was := w.doors[d]
			w.doors[d] = content.Closed
			return func() { w.doors[d] = was }
		}
	}
	switch {
	case w.beforeChange != nil:
		back := w.beforeChange()
		w.seen, w.seenUnknown = w.knownPairs()
		back()
	case r.EndOfTurn:
		// Nothing moved: no unit begins to see a hero; only the cleared
		// token is in question (and tokens or features a hero sees).
		w.seen = w.allPairs()
	default:
		w.seen = map[[2]string]bool{}
	}
	// §5.2 cleared token: by default spawn triggers are checked first and
	// the token goes down only if the room still holds no enemy units
	// (AMBIGUOUS; house rule clearedBeforeSpawnCheck swaps the order).
	room := w.b.Room(w.heroArea(h))
	movedIn := r.From != "" && w.b.Room(w.b.MustIndex(r.From)) != room
	placeCleared := func(order string) {
		if w.phase == AlienWorld || !(movedIn || r.EndOfTurn) || w.rooms[room].Cleared || w.unitsInRoom(room) > 0 {
			return
		}
		w.rooms[room].Cleared = true
		s := w.step("reichbusters §5.2", "Hero %s is in room %s with no enemy units: a cleared token is placed.", h.ID, room)
		w.change(Change{Kind: ChClearedPlaced, Room: room})
		s.TieBreak = "AMBIGUOUS (" + order + ")"
	}
	if w.set.ClearedBeforeSpawnCheck {
		placeCleared("house rule: the cleared token before the spawn check")
	}
	w.afterChange()
	w.runQueue()
	if w.err != nil {
		return
	}
	placeCleared("default: spawn triggers are checked first")
}

// SeededRand is an automa.Rand drawn from a seed, for the resolve verb.
func SeededRand(seed uint64) automa.Rand {
	return seeded{rand.New(rand.NewPCG(seed, 0x5eed))}
}

type seeded struct{ r *rand.Rand }

func (s seeded) Intn(n int) int { return s.r.IntN(n) }
