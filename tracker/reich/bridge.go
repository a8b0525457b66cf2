package reich

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablekeeper/automa"
	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// The enemy's decisions come from automa/reich: the mission is turned into
// a situation, the request is resolved with the campaign's seeded dice,
// and the outcome's table-after is folded back into ops on the mission.

// situation builds the automa's view of the mission.
func (s *State) situation(req ai.Request, ans ai.Answers) (*ai.Situation, error) {
	m := s.Mission
	fac := s.Library.faction(m.Faction)
	if fac == nil {
		return nil, fmt.Errorf("faction card %s is no longer in the campaign's content", m.Faction)
	}
	cont := content.Content{Faction: *fac}
	for _, id := range append(slices.Clone(m.SpawnDeck.Draw), m.SpawnDeck.Discard...) {
		if sc := s.Library.spawnCard(id); sc != nil {
			cont.SpawnCards = append(cont.SpawnCards, *sc)
		}
	}
	for _, d := range []Deck{m.NoiseDeck, m.PostNoise} {
		for _, id := range append(slices.Clone(d.Draw), d.Discard...) {
			if nc := s.Library.noiseCard(id); nc != nil && cont.NoiseCard(id) == nil {
				cont.NoiseCards = append(cont.NoiseCards, *nc)
			}
		}
	}
	if req.Card != "" && cont.NoiseCard(req.Card) == nil {
		if nc := s.Library.noiseCard(req.Card); nc != nil {
			cont.NoiseCards = append(cont.NoiseCards, *nc)
		}
	}
	phase := ai.PreAlarm
	switch m.Phase {
	case PhasePostAlarm:
		phase = ai.PostAlarm
	case PhaseAlienWorld:
		phase = ai.AlienWorld
	}
	during := ai.HeroTurn
	switch m.Step {
	case StepEnemyTurn:
		during = ai.EnemyTurn
	case StepEndOfRound, StepChooseOrder:
		during = ai.EndOfRound
	}
	st := ai.State{Phase: phase, During: during, CurrentHero: m.Current, HeroesActed: m.acted(),
		Doors: ai.DoorStates{}, Rooms: map[string]*ai.RoomState{}, PlacedEver: map[string]int{},
		Units: []ai.Unit{}, Heroes: []ai.Hero{}, SpawnTokens: []ai.Token{}}
	if st.CurrentHero == "" {
		st.CurrentHero = m.LastHero
	}
	tr := &ai.Tracker{Pos: m.Tracker.Pos, AlarmPending: m.Tracker.AlarmPending, Colour: m.Tracker.colour()}
	switch m.Tracker.Section {
	case "pre":
		tr.PreAlarmRounds = m.Tracker.Pre
	case "post":
		tr.PostAlarmRounds = m.Tracker.Post
	case "alien":
		tr.AlienRounds = m.Tracker.Alien
	}
	st.Tracker = tr
	for id, ds := range m.Doors {
		st.Doors[id] = ds
	}
	for _, r := range m.rooms() {
		rs := &ai.RoomState{Cleared: m.Cleared[r], RaisedBySight: m.SightRaised[r]}
		if !m.postAlarm() {
			rs.Awareness = m.Awareness[r]
		}
		if rs.Cleared || rs.RaisedBySight || rs.Awareness != content.AtEase {
			st.Rooms[r] = rs
		}
	}
	for _, u := range m.Units {
		st.Units = append(st.Units, ai.Unit{ID: u.ID, Code: u.Code, Area: u.Area, Wounds: u.Wounds, StateIndex: u.Side, Escorted: u.EscortedBy != ""})
	}
	for _, h := range m.Heroes {
		st.Heroes = append(st.Heroes, ai.Hero{ID: h.ID, Area: h.Area, Downed: h.Downed(), Captured: h.Captured, KnockedDown: h.KnockedDown, Escaped: h.Escaped})
	}
	for _, tk := range m.Tokens {
		origin := "map"
		if tk.Patrol {
			origin = "patrol"
		}
		st.SpawnTokens = append(st.SpawnTokens, ai.Token{ID: tk.ID, Area: tk.Area, Icons: slices.Clone(tk.Icons), Origin: origin, Cleared: tk.Cleared})
	}
	for id := range m.Features {
		st.RevealedFeatures = append(st.RevealedFeatures, id)
	}
	slices.Sort(st.RevealedFeatures)
	for a := range m.Obscured {
		st.Obscured = append(st.Obscured, a)
	}
	for a := range m.Suppressed {
		st.Suppressed = append(st.Suppressed, a)
	}
	for a := range m.Biscuits {
		st.DogBiscuits = append(st.DogBiscuits, a)
	}
	slices.Sort(st.DogBiscuits)
	slices.Sort(st.Obscured)
	slices.Sort(st.Suppressed)
	for code, n := range m.Placed {
		st.PlacedEver[code] = n
	}
	st.SpawnDeck = &ai.Deck{DrawPile: nonNil(m.SpawnDeck.Draw), Discard: nonNil(m.SpawnDeck.Discard), Physical: m.SpawnDeck.ByPlayers}
	st.NoiseDeck = &ai.Deck{DrawPile: nonNil(m.NoiseDeck.Draw), Discard: nonNil(m.NoiseDeck.Discard), Physical: m.NoiseDeck.ByPlayers}
	if m.Paused != nil {
		p := m.Paused.Progress.Clone()
		st.EnemyTurn = &p
	}
	// The lines of sight answered earlier come first: each is used while
	// it holds, and the answers given now only where none does.
	ans.LOS = append(slices.Clone(m.Sightings), ans.LOS...)
	return &ai.Situation{Content: cont, Map: m.Map, State: st, Resolve: req, Answers: ans, Settings: s.Settings.Settings}, nil
}

// maxSightings bounds the lines of sight a mission remembers: the latest
// ones, far more than a table answers between two changes of the map.
const maxSightings = 64

// keepSightings remembers the players' lines of sight that still hold
// after a decision (Outcome.Sightings), so none is asked again while
// nothing between its two areas changes.
func (t *tx) keepSightings(held []ai.LOSAnswer) {
	if len(held) > maxSightings {
		held = held[len(held)-maxSightings:]
	}
	m := t.m()
	if len(held) == 0 && len(m.Sightings) == 0 {
		return
	}
	if sameSightings(held, m.Sightings) {
		return
	}
	t.do(Op{Op: opSightings, Sightings: slices.Clone(held)})
}

func sameSightings(a, b []ai.LOSAnswer) bool {
	return slices.EqualFunc(a, b, func(x, y ai.LOSAnswer) bool {
		if x.From != y.From || x.To != y.To || x.Side != y.Side || x.See != y.See || x.Range != y.Range || (x.Basis == nil) != (y.Basis == nil) {
			return false
		}
		return x.Basis == nil || (slices.Equal(x.Basis.Shut, y.Basis.Shut) && slices.Equal(x.Basis.Blockers, y.Basis.Blockers) && slices.Equal(x.Basis.Obscured, y.Basis.Obscured))
	})
}

func nonNil(ids []string) []string {
	if ids == nil {
		return []string{}
	}
	return slices.Clone(ids)
}

// acted lists the heroes who have had (or are having) their turn this
// round, in turn order: the targeting tie-break (§7.2).
func (m *Mission) acted() []string {
	var out []string
	for _, id := range m.TurnOrder {
		if h := m.hero(id); h != nil && (h.HadTurn || id == m.Current && m.Step == StepHeroTurn) {
			out = append(out, id)
		}
	}
	return out
}

// colour is the current tracker space's colour, for spawnLevelSource =
// trackerColour (§2.2); empty when the mission gives none.
func (tr Tracker) colour() content.Level {
	list := tr.PreColours
	if tr.Section == "post" {
		list = tr.PostColours
	}
	if tr.Pos >= 1 && tr.Pos <= len(list) {
		return list[tr.Pos-1]
	}
	return ""
}

// resolve asks the enemy rules and folds the outcome into the working
// mission. The players' answers (a face-down token's icons, a line of sight
// the map cannot tell) come with the command.
func (t *tx) resolve(req ai.Request, ans ai.Answers, d *tracker.Dice) (*ai.Outcome, error) {
	sit, err := t.s.situation(req, ans)
	if err != nil {
		return nil, err
	}
	out, err := ai.Decide(sit, d)
	if err != nil {
		var need *ai.NeedInput
		if errors.As(err, &need) {
			return nil, &NeedAnswer{Question: need.Question, Field: need.Field, Options: need.Options, Sight: need.Sight}
		}
		return nil, tracker.Refuse("reichbusters §7", "%v", err)
	}
	t.keepTrace(out.Trace)
	t.sync(out)
	t.keepSightings(out.Sightings)
	return out, nil
}

// NeedAnswer is returned by Do when the enemy rules need something only
// the players can tell (spec §8.2): a face-down token's icons, a line of
// sight in assisted mode, a pick among tied options. Nothing was recorded;
// send the same command again with the answer in its Answers (Field says
// where: "answers.los", "answers.tokenIcons", "answers.choices", ...).
type NeedAnswer struct {
	Question string
	Field    string
	// Options are the answers that fit, when the rules know them (the
	// cards a deck the players draw can still give).
	Options []string
	// Sight is the line of sight asked about (Field "answers.los").
	Sight *ai.SightQuestion
}

func (e *NeedAnswer) Error() string {
	return "the players need to answer first: " + e.Question
}

// query asks the enemy rules a question that changes nothing (a hero's
// target); its trace is kept with the event.
func (t *tx) query(req ai.Request, ans ai.Answers) (*ai.Outcome, error) {
	sit, err := t.s.situation(req, ans)
	if err != nil {
		return nil, err
	}
	out, err := ai.Decide(sit, nil)
	if err != nil {
		var need *ai.NeedInput
		if errors.As(err, &need) {
			return nil, &NeedAnswer{Question: need.Question, Field: need.Field, Options: need.Options, Sight: need.Sight}
		}
		return nil, tracker.Refuse("reichbusters §7", "%v", err)
	}
	t.keepTrace(out.Trace)
	t.keepSightings(out.Sightings)
	return out, nil
}

// sync folds the automa's table-after into ops on the working mission.
func (t *tx) sync(out *ai.Outcome) {
	m := t.m()
	after := out.After
	// Units.
	have := map[string]ai.Unit{}
	for _, u := range after.Units {
		have[u.ID] = u
	}
	for _, u := range slices.Clone(m.Units) {
		nu, ok := have[u.ID]
		if !ok {
			t.do(Op{Op: opUnitRemove, Unit: u.ID})
			continue
		}
		if nu.Area != u.Area {
			t.do(Op{Op: opUnitMove, Unit: u.ID, Area: nu.Area})
		}
		if nu.Wounds != u.Wounds {
			t.do(Op{Op: opUnitWounds, Unit: u.ID, N: nu.Wounds})
		}
		if nu.StateIndex != u.Side {
			t.do(Op{Op: opUnitSide, Unit: u.ID, N: nu.StateIndex})
		}
	}
	for _, u := range after.Units {
		if m.unit(u.ID) == nil {
			t.do(Op{Op: opUnitPlace, Unit: u.ID, Code: u.Code, Area: u.Area})
			if u.Wounds != 0 {
				t.do(Op{Op: opUnitWounds, Unit: u.ID, N: u.Wounds})
			}
		}
	}
	// Spawn tokens.
	tok := map[string]ai.Token{}
	for _, k := range after.SpawnTokens {
		tok[k.ID] = k
	}
	for _, k := range slices.Clone(m.Tokens) {
		nk, ok := tok[k.ID]
		if !ok {
			t.do(Op{Op: opTokenRemove, Token: k.ID})
			continue
		}
		if !slices.Equal(nk.Icons, k.Icons) {
			t.do(Op{Op: opTokenIcons, Token: k.ID, Icons: nk.Icons})
		}
		if nk.Cleared != k.Cleared {
			t.do(Op{Op: opTokenFlip, Token: k.ID, Flag: nk.Cleared})
		}
	}
	for _, k := range after.SpawnTokens {
		if m.token(k.ID) == nil {
			t.do(Op{Op: opTokenAdd, Token: k.ID, Area: k.Area, Icons: k.Icons, Flag: k.Origin == "patrol"})
			if k.Cleared {
				t.do(Op{Op: opTokenFlip, Token: k.ID, Flag: true})
			}
		}
	}
	// Rooms: awareness, cleared tokens, sightings this hero turn.
	for _, r := range m.rooms() {
		var rs ai.RoomState
		if p := after.Rooms[r]; p != nil {
			rs = *p
		}
		if m.Awareness[r] != rs.Awareness {
			t.do(Op{Op: opAware, Room: r, Level: rs.Awareness})
		}
		if m.Cleared[r] != rs.Cleared {
			t.do(Op{Op: opCleared, Room: r, Flag: rs.Cleared})
		}
		if m.SightRaised[r] != rs.RaisedBySight {
			t.do(Op{Op: opSightRaised, Room: r, Flag: rs.RaisedBySight})
		}
	}
	// Doors.
	for id, ds := range after.Doors {
		if cur, ok := m.Doors[id]; !ok || cur != ds {
			t.do(Op{Op: opDoor, Door: id, State: ds})
		}
	}
	// Room features, suppressed areas.
	for _, f := range after.RevealedFeatures {
		if !m.Features[f] {
			t.do(Op{Op: opFeature, Code: f, Flag: true})
		}
	}
	for a := range m.Suppressed {
		if !slices.Contains(after.Suppressed, a) {
			t.do(Op{Op: opSuppressed, Area: a, Flag: false})
		}
	}
	// Decks.
	if d := after.SpawnDeck; d != nil && (!slices.Equal(d.DrawPile, m.SpawnDeck.Draw) || !slices.Equal(d.Discard, m.SpawnDeck.Discard)) {
		t.deck("spawn", func(x *Deck) { x.Draw, x.Discard = slices.Clone(d.DrawPile), slices.Clone(d.Discard) })
	}
	if d := after.NoiseDeck; d != nil && (!slices.Equal(d.DrawPile, m.NoiseDeck.Draw) || !slices.Equal(d.Discard, m.NoiseDeck.Discard)) {
		t.deck("noise", func(x *Deck) { x.Draw, x.Discard = slices.Clone(d.DrawPile), slices.Clone(d.Discard) })
	}
	// Heroes hurt or knocked down by the enemy's effects (bombers, grenades).
	for _, c := range out.Changes {
		switch c.Kind {
		case ai.ChHeroWounded:
			n := max(c.N, 1)
			t.hero(c.Hero, func(h *Hero) {
				for range n {
					h.Wounds = append(h.Wounds, Wound{})
				}
			})
		case ai.ChHeroKnockedDown:
			t.hero(c.Hero, func(h *Hero) { h.KnockedDown = true })
		}
	}
	// The tracker.
	if tr := after.Tracker; tr != nil && (tr.Pos != m.Tracker.Pos || tr.AlarmPending != m.Tracker.AlarmPending) {
		pos := tr.Pos
		if m.Paused != nil && m.Paused.Progress.Free && m.Tracker.Section == "pre" {
			// During the alarm's free turn the marker is on the alarm
			// space; step 7 puts it on post-alarm space 1 whatever
			// moves it now (§5.5, §5.6).
			pos = m.Tracker.Pos
		}
		t.tracker(func(x *Tracker) { x.Pos, x.AlarmPending = pos, tr.AlarmPending })
	}
	if out.AlarmTriggered && !m.Tracker.AlarmPending {
		t.tracker(func(x *Tracker) { x.AlarmPending = true })
	}
	if t.enemy == nil {
		t.enemy = &EnemySummary{}
	}
	// This outcome's trace is the last of the event's (keepTrace).
	offset := len(t.trace) - len(out.Trace.Steps)
	for _, c := range out.Changes {
		t.shows(cardRank(c.Kind), offset+c.Step)
	}
	for _, a := range out.Attacks {
		t.shows(rankAttack, offset+a.Step)
	}
	for _, c := range out.Changes {
		t.say("%s", changeLine(c))
		switch c.Kind {
		case ai.ChUnitPlaced:
			t.enemy.Placed = append(t.enemy.Placed, UnitAt{Unit: c.Unit, Code: c.Code, Area: c.Area})
		case ai.ChUnitMoved:
			t.enemy.Moved = append(t.enemy.Moved, UnitMove{Unit: c.Unit, From: c.From, To: c.To})
		case ai.ChUnitKilled:
			t.enemy.Removed = append(t.enemy.Removed, UnitAt{Unit: c.Unit, Area: c.Area})
		case ai.ChTokenPlaced:
			t.enemy.Tokens = append(t.enemy.Tokens, c.Token)
		}
	}
	for _, a := range out.Attacks {
		t.enemy.Attacks = append(t.enemy.Attacks, PendingAttack{Code: a.Code, Mode: a.Mode, Total: a.Total, Defenders: slices.Clone(a.Defenders), Breakdown: a.Breakdown})
	}
	for _, a := range out.Attacks {
		t.say("%s attacks %s (%s): total %d", a.Code, a.Target, a.Mode, a.Total)
	}
	if out.MissionFailed || (after.Tracker != nil && after.Tracker.Ended) {
		t.do(Op{Op: opEnd, End: &MissionEnd{Ended: true, Result: "the mission tracker ran out", Failed: "time ran out"}})
		t.say("Time has run out: the mission is lost (§5.5)")
	}
}

// The order in which a decision's card shows what it did (summaryText on
// the screens): units placed, moved, removed, spawn tokens placed,
// attacks, then the rest of the diary's lines. A deck's bookkeeping is no
// change on the board.
const (
	rankPlaced = iota
	rankMoved
	rankRemoved
	rankTokens
	rankAttack
	rankOther
	rankNone
)

func cardRank(kind string) int {
	switch kind {
	case ai.ChUnitPlaced:
		return rankPlaced
	case ai.ChUnitMoved:
		return rankMoved
	case ai.ChUnitKilled:
		return rankRemoved
	case ai.ChTokenPlaced:
		return rankTokens
	case ai.ChSpawnCardDrawn, ai.ChSpawnCardDiscard, ai.ChNoiseCardDrawn, ai.ChNoiseCardDiscard, ai.ChDeckShuffled:
		return rankNone
	}
	return rankOther
}

// shows notes the trace line that made a change the card shows, keeping
// the one the card shows first.
func (t *tx) shows(rank, line int) {
	if rank == rankNone || line < 0 || line >= len(t.trace) {
		return
	}
	if t.shown < 0 || rank < t.shownRank {
		t.shown, t.shownRank = line, rank
	}
}

// changeLine words one automa change for the diary, every kind in the
// players' words: what happened, never a code name or a marker that
// "moves" from a space to the same space (issue 15 item 11).
func changeLine(c ai.Change) string {
	switch c.Kind {
	case ai.ChUnitPlaced:
		return fmt.Sprintf("%s %s placed in %s", c.Code, c.Unit, c.Area)
	case ai.ChShortfall:
		if c.Text != "" {
			return fmt.Sprintf("%d %s not placed in %s (it is unique and was placed once already)", c.N, c.Code, c.Area)
		}
		return fmt.Sprintf("%d %s not placed in %s (no miniature left)", c.N, c.Code, c.Area)
	case ai.ChUnitMoved:
		return fmt.Sprintf("%s moved %s → %s", c.Unit, c.From, c.To)
	case ai.ChUnitKilled:
		return fmt.Sprintf("%s killed in %s", c.Unit, c.Area)
	case ai.ChUnitWounded:
		return fmt.Sprintf("%s has %d wound tokens", c.Unit, c.N)
	case ai.ChUnitFlipped:
		return fmt.Sprintf("%s turns to its next unit card (side %d)", c.Unit, c.N+1)
	case ai.ChDoorOpened:
		return fmt.Sprintf("door %s opened", c.Door)
	case ai.ChDoorUnlocked:
		return fmt.Sprintf("door %s unlocked", c.Door)
	case ai.ChAwareness:
		return fmt.Sprintf("%s: %s → %s", RoomName(c.Room), c.From, c.To)
	case ai.ChAwarenessRemoved:
		return fmt.Sprintf("the %s awareness token of %s is removed", strings.ReplaceAll(c.From, "atEase", "at ease"), RoomName(c.Room))
	case ai.ChTokenPlaced:
		return fmt.Sprintf("spawn token %s placed in %s", c.Token, c.Area)
	case ai.ChTokenRemoved:
		return fmt.Sprintf("spawn token %s removed from %s", c.Token, c.Area)
	case ai.ChTokenFlipped:
		return fmt.Sprintf("spawn token %s in %s turns to its %s side", c.Token, c.Area, c.To)
	case ai.ChTokenRevealed:
		return fmt.Sprintf("spawn token %s is turned over: %s", c.Token, iconWords(c.Icons))
	case ai.ChFeatureRevealed:
		return fmt.Sprintf("room feature %s is turned face up: %s", c.Feature, iconWords(c.Icons))
	case ai.ChFeatureDiscarded:
		return fmt.Sprintf("room feature %s is discarded", c.Feature)
	case ai.ChSpawnCardDrawn:
		return fmt.Sprintf("spawn card %s drawn (%s)", c.Card, c.Level)
	case ai.ChSpawnCardDiscard:
		return fmt.Sprintf("spawn card %s discarded", c.Card)
	case ai.ChNoiseCardDrawn:
		return fmt.Sprintf("noise card %s drawn", c.Card)
	case ai.ChNoiseCardDiscard:
		return fmt.Sprintf("noise card %s discarded", c.Card)
	case ai.ChDeckShuffled:
		return fmt.Sprintf("the %s deck's discard pile is shuffled into a new draw pile", c.Text)
	case ai.ChNoiseDeckSwapped:
		return "the post-alarm noise deck replaces the pre-alarm one"
	case ai.ChTracker:
		return trackerLine(c)
	case ai.ChAlarmTriggered:
		return fmt.Sprintf("the alarm is triggered (%s): the round goes straight to its end, and the alarm sounds after it", c.Text)
	case ai.ChMissionFailed:
		return fmt.Sprintf("the mission tracker has run out (%s): the mission fails", c.Text)
	case ai.ChEffectsEnded:
		return "every ongoing action card effect ends"
	case ai.ChSuppressedRemoved:
		return fmt.Sprintf("the suppressed token in %s is removed", c.Area)
	case ai.ChHeroWounded:
		return fmt.Sprintf("%s takes %s", c.Hero, automa.Plural(max(c.N, 1), "permanent wound"))
	case ai.ChHeroKnockedDown:
		return fmt.Sprintf("%s is knocked down", c.Hero)
	case ai.ChBoom:
		return fmt.Sprintf("BOOM: an explosion in %s", c.Area)
	case ai.ChClearedPlaced:
		return fmt.Sprintf("a cleared token goes in %s: no enemies remain there", c.Room)
	case ai.ChClearedRemoved:
		return fmt.Sprintf("enemies are in %s again: its cleared token is removed", c.Room)
	case ai.ChForPlayers:
		return "for the players: " + c.Text
	}
	parts := []string{"the enemy rules changed the table:"}
	for _, f := range []string{c.Unit, c.Hero, c.Area, c.Door, c.Room, c.Token, c.Feature, c.Card, c.Text} {
		if f != "" {
			parts = append(parts, f)
		}
	}
	return strings.Join(parts, " ")
}

// trackerLine words a round marker move: the spaces it went between, or,
// when it ran past the end of its track, that it did (the change after it
// says what that sets off), never "6 → 6".
func trackerLine(c ai.Change) string {
	why := ""
	if c.Text != "" {
		why = " (" + c.Text + ")"
	}
	from, err1 := strconv.Atoi(c.From)
	to, err2 := strconv.Atoi(c.To)
	switch {
	case c.From == "alarm":
		return fmt.Sprintf("the round marker goes onto post-alarm space %s", c.To)
	case err1 != nil || err2 != nil:
		return fmt.Sprintf("the round marker moves on %d%s", c.N, why)
	case from+c.N > to:
		return fmt.Sprintf("the round marker moves on %d%s from space %d, past the last space of its track", c.N, why, from)
	}
	return fmt.Sprintf("the round marker moves on %d%s: space %d → %d", c.N, why, from, to)
}

// iconWords names spawn icons ("spawn icons green, red"; "no spawn icons").
func iconWords(icons []content.Level) string {
	if len(icons) == 0 {
		return "no spawn icons"
	}
	p := make([]string, len(icons))
	for i, l := range icons {
		p[i] = string(l)
	}
	return "spawn icons " + strings.Join(p, ", ")
}

// clearedCheck keeps V-25 after hand corrections: a cleared token never
// shares a room with enemy units; when units are put into a cleared room,
// the token goes. (The enemy engine does this itself for its own moves and
// spawns, and reports it as a clearedRemoved change.)
func (t *tx) clearedCheck() {
	m := t.m()
	for _, r := range m.rooms() {
		if m.Cleared[r] && len(m.unitsInRoom(r)) > 0 {
			t.do(Op{Op: opCleared, Room: r, Flag: false})
			t.say("enemies are in %s again: its cleared token is removed (V-25)", r)
		}
	}
}
