package alone

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

func init() {
	register(
		func() op { return &sheetEv{} },
		func() op { return &settingsEv{} },
		func() op { return &startEv{} },
		func() op { return &damageEv{} },
		func() op { return &recoverEv{} },
		func() op { return &roundsEv{} },
		func() op { return &correctEv{} },
		func() op { return &missionEv{} },
		func() op { return &rewardEv{} },
		func() op { return &xpEv{} },
		func() op { return &abilityForEv{} },
		func() op { return &itemAddEv{} },
		func() op { return &itemUseEv{} },
		func() op { return &upgradeEv{} },
		func() op { return &itemDiscardEv{} },
		func() op { return &companionEv{} },
		func() op { return &noiseNoteEv{} },
		func() op { return &liftLimitEv{} },
	)
}

// ---- Setup ----

// SetupSheet keeps the values of the physical Hero sheet (spec §9). It is
// asked once, before the game starts; DefaultSheet pre-fills it.
type SetupSheet struct {
	Sheet Sheet `json:"sheet"`
}

type sheetEv struct {
	SetupSheet
	Warnings []string `json:"warnings,omitempty"`
}

func (c SetupSheet) plan(*State, *tracker.Dice) (op, error) { return &sheetEv{SetupSheet: c}, nil }
func (*sheetEv) kind() string                               { return "sheet" }

func (o *sheetEv) run(s *State) error {
	if s.Started {
		return refuse("§9", "the Hero sheet values are set once, before the game starts; correct a value by hand instead")
	}
	sh := o.Sheet
	w, err := sh.Config.Validate()
	if err != nil {
		return refuse("§8 V32", "%v", err)
	}
	o.Warnings = w
	switch {
	case sh.StartLife < 1 || sh.StartLife > sh.HealthMax:
		return refuse("§9", "the starting Life is %d; it must be between 1 and the track's top, %d", sh.StartLife, sh.HealthMax)
	case sh.StartSC < 1 || sh.StartSC > sh.HealthMax:
		return refuse("§9", "the starting Self Control is %d; it must be between 1 and the track's top, %d", sh.StartSC, sh.HealthMax)
	case sh.StartMarker < 0 || sh.StartMarker >= len(sh.HealingCap):
		return refuse("§9", "the Round marker starts on space %d, but the Round track has spaces 0 to %d", sh.StartMarker, len(sh.HealingCap)-1)
	case sh.StartMarker == 0:
		return refuse("§2.3", "the Round marker cannot start on the final space (that is Nightmare Mode)")
	case sh.DeckSize < 1:
		return refuse("§9", "each Reaction deck needs at least 1 card, not %d", sh.DeckSize)
	}
	for t, a := range sh.AbilityFor {
		if !t.Valid() || t == alone.Boss {
			return refuse("§3.5", "%q is not a Creature type that trains an Ability", t)
		}
		if !a.valid() {
			return refuse("§3.5", "%q is not an Ability; the Abilities are courage, coldBlood, acuteSight, precision, dexterity", a)
		}
	}
	if a, ok := sh.AbilityFor[alone.Parasite]; ok && a != ColdBlood {
		return refuse("§3.5", "a Parasite kill trains Cold Blood (the Hero Compendium's Boss example), not %s", a)
	}
	if sh.AbilityFor == nil {
		sh.AbilityFor = map[alone.CreatureType]Ability{}
	}
	sh.AbilityFor[alone.Parasite] = ColdBlood
	s.Sheet = &sh
	return nil
}

func (o *sheetEv) line() string {
	l := fmt.Sprintf("Hero sheet set: health tracks to %d, start Life %d and SC %d, Round marker on space %d of %d",
		o.Sheet.HealthMax, o.Sheet.StartLife, o.Sheet.StartSC, o.Sheet.StartMarker, len(o.Sheet.HealingCap)-1)
	if len(o.Warnings) > 0 {
		l += " (check: " + strings.Join(o.Warnings, "; ") + ")"
	}
	return l
}

// ChangeSettings sets the readings of the spec's AMBIGUOUS rules and the
// Evil opponent's aggression (§10). It may be changed at any time.
type ChangeSettings struct {
	Settings alone.Settings `json:"settings"`
}

type settingsEv struct {
	ChangeSettings
	Before alone.Settings `json:"before"`
}

func (c ChangeSettings) plan(*State, *tracker.Dice) (op, error) {
	return &settingsEv{ChangeSettings: c}, nil
}
func (*settingsEv) kind() string { return "settings" }
func (o *settingsEv) run(s *State) error {
	if err := o.Settings.Validate(); err != nil {
		return refuse("§10", "%v", err)
	}
	o.Before, s.Settings = s.Settings, o.Settings
	return nil
}

// line writes each change as the Settings screen words it (settingwords.go).
func (o *settingsEv) line() string { return settingsLine(o.Before, o.Settings) }

// The Reaction decks (§2.1 item 2).
var deckNames = []string{"fury", "speed", "terror", "traps"}

// StartGame sets the table up (spec §2.1): Difficulty, Hero, mode, the Evil
// players and their decks, the Missions drawn, the starting Items, and in
// assist or solo mode the hidden Map.
type StartGame struct {
	Difficulty Difficulty `json:"difficulty"`
	Character  string     `json:"character"`
	Mode       Mode       `json:"mode"`
	// EvilPlayers are the Evil players' names (1 to 3), from the Leader's
	// left around the table; Leader is the index of the starting Leader.
	EvilPlayers []string `json:"evilPlayers"`
	Leader      int      `json:"leader"`
	// Decks are the 2 Reaction decks in use: fury, speed, terror, traps.
	// With 2 Evil players player i holds deck i; with 3 the outer players
	// hold decks 0 and 2's deck 1 and the middle one both.
	Decks []string `json:"decks"`
	// Hands optionally splits each player's first hand between the two
	// decks; by default a player draws evenly from the decks they may use.
	Hands    [][2]int   `json:"hands,omitempty"`
	Starting [2]Mission `json:"starting"`
	Final    Mission    `json:"final"`
	Items    []Item     `json:"items,omitempty"`
	Map      *alone.Map `json:"map,omitempty"`
	// Goals are the Map Sectors holding the Missions' goals (assist and
	// solo modes), for the Evil policy.
	Goals []string `json:"goals,omitempty"`
}

type startEv struct {
	StartGame
	rev
	cardDraws
}

func (c StartGame) plan(_ *State, d *tracker.Dice) (op, error) {
	return &startEv{StartGame: c, cardDraws: decidingDraws(d)}, nil
}
func (*startEv) kind() string { return "start" }

func (o *startEv) run(s *State) error {
	if s.Started {
		return refuse("§2.1", "the game has already started")
	}
	if s.Sheet == nil {
		return refuse("§9", "confirm the Hero sheet's values first (the defaults are offered)")
	}
	sh := s.Sheet
	switch o.Difficulty {
	case Easy, Normal, NightmareD, Impossible:
	default:
		return refuse("§2.7", "difficulty %q is not easy, normal, nightmare or impossible", o.Difficulty)
	}
	switch o.Mode {
	case Bookkeeping:
		if o.Map != nil {
			return refuse("§7.2", "bookkeeping mode keeps no Map; choose assist or solo mode to enter one")
		}
	case Assist, Solo:
		if o.Map == nil {
			return refuse("§7.2", "%s mode needs the hidden Map of both Levels", o.Mode)
		}
	default:
		return refuse("§7.2", "mode %q is not bookkeeping, assist or solo", o.Mode)
	}
	n := len(o.EvilPlayers)
	if o.Mode == Solo && n == 0 {
		o.EvilPlayers, n = []string{"Evil (the app)"}, 1
	}
	if n < 1 || n > 3 {
		return refuse("§8 V15", "there are %d Evil players; the game has 1 to 3", n)
	}
	if o.Leader < 0 || o.Leader >= n {
		return refuse("§2.1", "the starting Evil Leader must be one of the %d Evil players", n)
	}
	if len(o.Decks) != 2 {
		return refuse("§8 V15", "exactly 2 Reaction decks are in use, not %d", len(o.Decks))
	}
	for _, d := range o.Decks {
		if !slices.Contains(deckNames, d) {
			return refuse("§2.1", "%q is not a Reaction deck; the decks are fury, speed, terror and traps", d)
		}
	}
	if o.Decks[0] == o.Decks[1] {
		return refuse("§8 V15", "the 2 decks in use must be different, not %s twice", o.Decks[0])
	}
	for i, m := range o.Starting {
		if strings.TrimSpace(m.Name) == "" {
			return refuse("§2.6", "Starting Mission %d needs a name", i+1)
		}
	}
	if strings.TrimSpace(o.Final.Name) == "" {
		return refuse("§2.6", "the Final Mission needs a name")
	}
	want := map[Difficulty]int{Easy: 2, Normal: 1, NightmareD: 1, Impossible: 0}[o.Difficulty]
	if len(o.Items) != want {
		return refuse("§2.7", "at %s difficulty the Hero starts with %s, not %d", o.Difficulty, plural(want, "Item", "Items"), len(o.Items))
	}
	if o.Difficulty == Easy && !o.Items[0].Bullets {
		return refuse("§2.7", "at easy difficulty the first starting Item is one of the Bullets cards")
	}
	for i := range o.Items {
		if err := checkItem(o.Items[i]); err != nil {
			return err
		}
	}
	if o.Map != nil {
		m := o.Map.Clone()
		if err := m.Validate(sh.Config); err != nil {
			return refuse("§8 V31", "the Map cannot be used: %v", err)
		}
		for _, sec := range m.Sectors {
			if sec.Lighted {
				return refuse("§2.1", "the Map starts completely Dark, but Sector %q has a Light token", sec.ID)
			}
		}
		s.Map = m
		for _, g := range o.Goals {
			if m.Sector(g) == nil {
				return refuse("§2.6", "Mission goal Sector %q is not on the Map", g)
			}
		}
		s.Goals = o.Goals
	}
	s.Evil = Evil{Players: o.EvilPlayers, Leader: o.Leader}
	for i, d := range o.Decks {
		s.Evil.Decks[i] = Deck{Name: d, Draw: sh.DeckSize}
	}
	size, _ := alone.HandSize(n)
	hands := o.Hands
	if hands == nil {
		hands = defaultHands(n, size)
	}
	if len(hands) != n {
		return refuse("§2.1", "give a first hand for each of the %d Evil players, not %d", n, len(hands))
	}
	s.Evil.Hands = make([][2]int, n)
	if o.Mode == Solo && !o.before(2) {
		// The app plays Evil and can read the cards the set holds.
		s.Evil.Known = newSoloHand(s.Content, s.Evil.Decks)
	}
	for p, h := range hands {
		if err := s.deal(p, h, size, &o.cardDraws); err != nil {
			return err
		}
	}
	s.Started, s.Mode, s.Difficulty, s.Character = true, o.Mode, o.Difficulty, o.Character
	s.Life, s.SC, s.RoundMarker = sh.StartLife, sh.StartSC, sh.StartMarker
	s.Adrenaline, s.Round = StartAdrenaline, 1
	s.Missions = Missions{Starting: o.Starting, Final: o.Final}
	s.Missions.Starting[0].Status, s.Missions.Starting[1].Status = Active, Active
	s.Missions.Final.Status = Locked
	s.XP = map[Ability]int{}
	for _, it := range o.Items {
		s.addItem(it)
	}
	return nil
}

// deal gives Evil player p the cards h (per deck) from the decks, checking
// V15: only decks the player may use, and the hand exactly at its size. In
// solo mode draws says which readable cards the draws took.
func (s *State) deal(p int, h [2]int, size int, draws *cardDraws) error {
	n := len(s.Evil.Players)
	for d := 0; d < 2; d++ {
		if h[d] < 0 {
			return refuse("§4.1", "%s cannot draw %d cards", s.Evil.Players[p], h[d])
		}
		if h[d] > 0 && !MayDraw(n, p, d) {
			return refuse("§8 V15", "%s may not draw from the %s deck", s.Evil.Players[p], s.Evil.Decks[d].Name)
		}
	}
	have := s.Evil.Hands[p][0] + s.Evil.Hands[p][1]
	if have+h[0]+h[1] != size {
		return refuse("§8 V15", "%s would hold %d cards; the hand size with %d Evil players is %d", s.Evil.Players[p], have+h[0]+h[1], n, size)
	}
	for d := 0; d < 2; d++ {
		dk := &s.Evil.Decks[d]
		for k := 0; k < h[d]; k++ {
			if dk.Draw == 0 {
				// An empty deck is made again from its own discards (§4.1).
				dk.Draw, dk.Discard = dk.Discard, 0
				s.reshuffleKnown(d)
			}
			if dk.Draw == 0 {
				return refuse("§4.1", "the %s deck and its discard pile are empty", dk.Name)
			}
			if err := s.drawKnown(d, dk.Draw, draws); err != nil {
				return err
			}
			dk.Draw--
			s.Evil.Hands[p][d]++
		}
	}
	return nil
}

// defaultHands is each player drawing up to size, evenly from the decks
// they may use.
func defaultHands(n, size int) [][2]int {
	out := make([][2]int, n)
	for p := range out {
		switch {
		case MayDraw(n, p, 0) && MayDraw(n, p, 1):
			out[p] = [2]int{size - size/2, size / 2}
		case MayDraw(n, p, 0):
			out[p] = [2]int{size, 0}
		default:
			out[p] = [2]int{0, size}
		}
	}
	return out
}

func (o *startEv) line() string {
	m := ""
	if o.Map != nil && o.Mode != Solo {
		m = fmt.Sprintf(", Map of %d Sectors", len(o.Map.Sectors))
	}
	return fmt.Sprintf("Game started: %s difficulty, %s mode, Hero %s, %s against them, decks %s%s",
		o.Difficulty, o.Mode, nonEmpty(o.Character, "unnamed"), plural(len(o.EvilPlayers), "Evil player", "Evil players"), strings.Join(o.Decks, " and "), m)
}

func nonEmpty(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// ---- Damage and recovery ----

// DealDamage is damage to the Hero (spec A9): point by point, overflowing to
// the other track, defeat when both reach 0. ToCompanion sends the whole
// event to the Companion instead (§3.7; never split).
type DealDamage struct {
	Kind        alone.DamageKind `json:"kind"`
	N           int              `json:"n"`
	ToCompanion bool             `json:"toCompanion,omitempty"`
	// Source says what dealt it ("Terror card", "Mission").
	Source string `json:"source,omitempty"`
	// CompanionShare is a correction: of the N points, the Companion took
	// this many and the Hero the rest. The rules never split one damage
	// event (§3.7, V26), so a share needs Why (a card that allows it, a
	// mistake the table corrects).
	CompanionShare int    `json:"companionShare,omitempty"`
	Why            string `json:"why,omitempty"`
}

type damageEv struct {
	DealDamage
	Res alone.DamageResult `json:"res"`
	// CompRes is the Companion's share, when the damage was split.
	CompRes *alone.DamageResult `json:"compRes,omitempty"`
}

func (c DealDamage) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	if c.N < 1 {
		return nil, refuse("§3.2", "damage is at least 1 point, not %d", c.N)
	}
	return &damageEv{DealDamage: c}, nil
}
func (*damageEv) kind() string { return "damage" }
func (o *damageEv) run(s *State) error {
	o.CompRes = nil
	if o.CompanionShare != 0 {
		switch {
		case strings.TrimSpace(o.Why) == "":
			return refuse("§8 V26", "one damage event goes all to the Hero or all to the Companion: a share is a correction, say why")
		case o.ToCompanion:
			return refuse("§8 V26", "the damage goes all to the Companion or is shared, not both")
		case s.Companion == nil:
			return refuse("§3.7", "there is no Companion to take a share of the damage")
		case o.CompanionShare < 0 || o.CompanionShare > o.N:
			return refuse("§8 V26", "the Companion's share is 0 to %d of the %d points, not %d", o.N, o.N, o.CompanionShare)
		}
		c, err := s.damage(o.Kind, o.CompanionShare, true)
		if err != nil {
			return err
		}
		o.CompRes = &c
		if o.CompanionShare == o.N {
			o.Res = alone.DamageResult{Kind: o.Kind, Before: alone.Tracks{Life: s.Life, SC: s.SC}, After: alone.Tracks{Life: s.Life, SC: s.SC}}
			return nil
		}
	}
	r, err := s.damage(o.Kind, o.N-o.CompanionShare, o.ToCompanion)
	o.Res = r
	return err
}
func (o *damageEv) line() string {
	if o.CompRes == nil {
		return damageLine(nonEmpty(o.Source, "Damage"), o.Res, o.N)
	}
	l := fmt.Sprintf("%s: %d %s damage shared by correction (%s): %s", nonEmpty(o.Source, "Damage"), o.N, kindName(o.Kind), o.Why, damageText(*o.CompRes, o.CompanionShare))
	if rest := o.N - o.CompanionShare; rest > 0 {
		l += "; to the Hero " + damageText(o.Res, rest)
	}
	return l
}

// noShare refuses a Companion's share in damage entered with another
// command: a share is a correction entered by itself (DealDamage).
func noShare(ds []DealDamage) error {
	for _, d := range ds {
		if d.CompanionShare != 0 {
			return refuse("§8 V26", "a Companion's share of damage is a correction entered by itself, with its reason")
		}
	}
	return nil
}

// damage applies one damage event (A9) and records its trigger.
func (s *State) damage(kind alone.DamageKind, n int, redirect bool) (alone.DamageResult, error) {
	comp := 0
	if s.Companion != nil {
		comp = s.Companion.Charges
	}
	if redirect && s.Companion == nil {
		return alone.DamageResult{}, refuse("§3.7", "there is no Companion to take the damage")
	}
	if !kind.Valid() {
		return alone.DamageResult{}, refuse("§3.2", "damage is Life (life) or Self Control (sc), not %q", kind)
	}
	r, err := alone.ApplyDamage(alone.Tracks{Life: s.Life, SC: s.SC}, kind, n, redirect, comp)
	if err != nil {
		return r, refuse("§6 A9", "%v", err)
	}
	if r.Redirected {
		s.Companion.Charges = r.CompanionAfter
		if r.CompanionDiscarded {
			s.Companion = nil
		}
		return r, nil
	}
	s.Life, s.SC = r.After.Life, r.After.SC
	if s.T.Started && n > 0 {
		// The trigger follows the damage's original kind (§3.2 item 2).
		s.T.addTrigger(string(kind))
	}
	if r.Defeated && s.Outcome == "" {
		s.Outcome = Defeated
	}
	return r, nil
}

func kindName(k alone.DamageKind) string {
	if k == alone.SCDamage {
		return "Self Control"
	}
	return "Life"
}

func damageLine(src string, r alone.DamageResult, n int) string {
	return src + ": " + damageText(r, n)
}

// damageText is one damage event in words, with the tracks before and after.
func damageText(r alone.DamageResult, n int) string {
	if r.Redirected {
		l := fmt.Sprintf("%d %s damage to the Companion instead, Charges %d → %d", n, kindName(r.Kind), r.CompanionBefore, r.CompanionAfter)
		if r.CompanionDiscarded {
			l += "; the Companion is discarded"
		}
		return l
	}
	l := fmt.Sprintf("%d %s damage, Life %d → %d, SC %d → %d", n, kindName(r.Kind), r.Before.Life, r.After.Life, r.Before.SC, r.After.SC)
	if r.Overflow > 0 {
		l += fmt.Sprintf(" (%d overflowed)", r.Overflow)
	}
	if r.Defeated {
		l += "; the Hero is defeated"
	}
	return l
}

// RecoverHealth is recovery from a card, ability or reward (spec A10): up to
// the Healing Cap, never lowering a track above it (V2, clamp).
type RecoverHealth struct {
	Kind   alone.DamageKind `json:"kind"`
	N      int              `json:"n"`
	Source string           `json:"source,omitempty"`
}

type recoverEv struct {
	RecoverHealth
	From int `json:"from"`
	To   int `json:"to"`
	Cap  int `json:"cap"`
}

func (c RecoverHealth) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	if c.N < 1 {
		return nil, refuse("§3.3", "recovery is at least 1 point, not %d", c.N)
	}
	return &recoverEv{RecoverHealth: c}, nil
}
func (*recoverEv) kind() string { return "recover" }
func (o *recoverEv) run(s *State) error {
	var err error
	o.From, o.To, o.Cap, err = s.recover(o.Kind, o.N)
	return err
}
func (o *recoverEv) line() string {
	return recoverLine(nonEmpty(o.Source, "Recovery"), o.Kind, o.N, o.From, o.To, o.Cap)
}

func recoverLine(src string, k alone.DamageKind, n, from, to, cap int) string {
	l := fmt.Sprintf("%s: recover %d %s, %d → %d", src, n, kindName(k), from, to)
	if to-from < n {
		l += fmt.Sprintf(" (Healing Cap %d)", cap)
	}
	return l
}

// recover is A10 on one track.
func (s *State) recover(kind alone.DamageKind, n int) (from, to, cap int, err error) {
	cap = s.HealingCap()
	p := &s.Life
	switch kind {
	case alone.LifeDamage:
	case alone.SCDamage:
		p = &s.SC
	default:
		return 0, 0, cap, refuse("§3.3", "recover Life (life) or Self Control (sc), not %q", kind)
	}
	from = *p
	*p = min(alone.Recover(*p, n, cap), s.Sheet.HealthMax)
	return from, *p, cap, nil
}

// GainRounds moves the Round marker right (§2.3 item 3), clamped at the
// rightmost space (AMB-3). Nightmare Mode stays on (§2.4).
type GainRounds struct {
	N      int    `json:"n"`
	Source string `json:"source,omitempty"`
}

type roundsEv struct {
	GainRounds
	From int `json:"from"`
	To   int `json:"to"`
}

func (c GainRounds) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	if c.N < 1 {
		return nil, refuse("§2.3", "gain at least 1 Round, not %d", c.N)
	}
	return &roundsEv{GainRounds: c}, nil
}
func (*roundsEv) kind() string { return "rounds" }
func (o *roundsEv) run(s *State) error {
	o.From = s.RoundMarker
	s.RoundMarker = s.Sheet.RoundMarkerGain(s.RoundMarker, o.N)
	o.To = s.RoundMarker
	return nil
}
func (o *roundsEv) line() string {
	l := fmt.Sprintf("%s: gained %s, Round marker %d → %d", nonEmpty(o.Source, "Reward"), plural(o.N, "Round", "Rounds"), o.From, o.To)
	if o.To-o.From < o.N {
		l += " (the rest is lost at the end of the track)"
	}
	return l
}

// Correct sets a value by hand: the table is the source of truth. Field is
// one of life, sc, roundMarker, adrenaline, round, turnsUsed, companion,
// xp.<ability>, or nightmare (1 on, 0 off). Nightmare Mode never ends by the
// rules (V10), so switching it off needs Why.
type Correct struct {
	Field string `json:"field"`
	Value int    `json:"value"`
	Why   string `json:"why,omitempty"`
}

type correctEv struct {
	Correct
	From int `json:"from"`
	To   int `json:"to"`
	// Nightmare: the correction put the marker on the final space.
	Nightmare bool `json:"nightmare,omitempty"`
}

func (c Correct) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &correctEv{Correct: c}, nil
}
func (*correctEv) kind() string { return "correct" }
func (o *correctEv) run(s *State) error {
	v := o.Value
	// clamp keeps a value within its track (V1, V6, V9, V26, V27 clamp).
	clamp := func(lo, hi int) error {
		v = min(max(v, lo), hi)
		return nil
	}
	rng := func(lo, hi int, what string) error {
		if v < lo || v > hi {
			return refuse("§8 V7", "%s must be between %d and %d, not %d", what, lo, hi, v)
		}
		return nil
	}
	var p *int
	var err error
	switch {
	case o.Field == "nightmare":
		if v != 0 && v != 1 {
			return refuse("§2.4", "Nightmare Mode is on (1) or off (0), not %d", v)
		}
		if (v == 1) == s.Nightmare {
			return refuse("§2.4", "Nightmare Mode is already %s", map[bool]string{true: "on", false: "off"}[s.Nightmare])
		}
		if v == 0 && strings.TrimSpace(o.Why) == "" {
			return refuse("§8 V10", "Nightmare Mode never ends once triggered: say why the table switches it off")
		}
		nm := b2i(s.Nightmare)
		p = &nm
		defer func() { s.Nightmare = nm == 1 }()
	case o.Field == "life":
		p, err = &s.Life, clamp(0, s.Sheet.HealthMax)
	case o.Field == "sc":
		p, err = &s.SC, clamp(0, s.Sheet.HealthMax)
	case o.Field == "roundMarker":
		p, err = &s.RoundMarker, clamp(0, len(s.Sheet.HealingCap)-1)
	case o.Field == "adrenaline":
		p, err = &s.Adrenaline, clamp(0, 1<<20)
	case o.Field == "round":
		p, err = &s.Round, rng(1, 1<<20, "the Round number")
	case o.Field == "turnsUsed":
		if s.T.Started {
			return refuse("§2.2", "finish the Turn in play before correcting the Turn tokens")
		}
		p, err = &s.TurnsUsed, rng(0, alone.TurnsPerRound, "the Turn tokens used")
	case o.Field == "companion":
		if s.Companion == nil {
			return refuse("§3.7", "there is no Companion to correct")
		}
		p, err = &s.Companion.Charges, clamp(0, CompanionCharges)
	case strings.HasPrefix(o.Field, "xp."):
		a := Ability(strings.TrimPrefix(o.Field, "xp."))
		if !a.valid() {
			return refuse("§3.5", "%q is not an Ability", a)
		}
		if s.XP == nil {
			s.XP = map[Ability]int{}
		}
		x := s.XP[a]
		p, err = &x, clamp(0, MaxXP)
		defer func() { s.XP[a] = x }()
	default:
		return refuse("§8", "%q is not a value the sheet corrects: correct Life, Self Control, the Round marker, Adrenaline, the Round, the Turns played, the Companion's Charges, Nightmare Mode or an Ability's experience", o.Field)
	}
	if err != nil {
		return err
	}
	o.From, *p, o.To = *p, v, v
	if o.Field == "companion" && v == 0 {
		// A Companion without Charges is discarded (§3.7).
		s.Companion = nil
	}
	if o.Field == "nightmare" {
		return nil
	}
	if o.Field == "roundMarker" && v == 0 && !s.Nightmare {
		// Any move onto the final space triggers Nightmare (§2.4).
		s.Nightmare, o.Nightmare = true, true
	}
	if (o.Field == "life" || o.Field == "sc") && s.Life == 0 && s.SC == 0 {
		s.Outcome = Defeated
	}
	return nil
}

// correctedNames are the corrected fields as the Hero sheet names them.
var correctedNames = map[string]string{
	"life": "Life", "sc": "Self Control", "roundMarker": "the Round marker", "adrenaline": "Adrenaline",
	"round": "the Round", "turnsUsed": "Turns used", "companion": "the Companion's Charges",
}

// correctedName is a corrected field in the sheet's words.
func correctedName(field string) string {
	if n, ok := correctedNames[field]; ok {
		return n
	}
	if a, ok := strings.CutPrefix(field, "xp."); ok {
		return "experience in " + a
	}
	return field
}

func (o *correctEv) line() string {
	l := fmt.Sprintf("Corrected by hand: %s %d → %d", correctedName(o.Field), o.From, o.To)
	if o.Field == "nightmare" {
		l = "Corrected by hand: Nightmare Mode " + map[int]string{0: "off", 1: "on"}[o.From] + " → " + map[int]string{0: "off", 1: "on"}[o.To]
	}
	if o.To != o.Value {
		l += fmt.Sprintf(" (%d is off the track)", o.Value)
	}
	if o.Why != "" {
		l += " (" + o.Why + ")"
	}
	if o.Nightmare {
		l += "; Nightmare Mode is triggered"
	}
	return l
}

// ---- Missions ----

// CompleteMission marks a Mission done: Which is 1 or 2 for the Starting
// Missions, 3 for the Final one. Completing a Starting Mission triggers the
// Final Mission (§2.6); completing the Final Mission wins at once (§2.8).
// Damage lists damage the same resolution step deals, for the AMB-20 order.
type CompleteMission struct {
	Which  int          `json:"which"`
	Damage []DealDamage `json:"damage,omitempty"`
}

type missionEv struct {
	CompleteMission
	Name      string               `json:"name"`
	Triggered bool                 `json:"triggered,omitempty"`
	Res       []alone.DamageResult `json:"res,omitempty"`
	Outcome   string               `json:"outcome,omitempty"`
}

func (c CompleteMission) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	if err := noShare(c.Damage); err != nil {
		return nil, err
	}
	return &missionEv{CompleteMission: c}, nil
}
func (*missionEv) kind() string { return "mission" }
func (o *missionEv) run(s *State) error {
	ms := &s.Missions
	switch o.Which {
	case 1, 2:
		m := &ms.Starting[o.Which-1]
		if m.Status == Completed {
			return refuse("§2.6", "Starting Mission %q is already completed", m.Name)
		}
		m.Status, o.Name = Completed, m.Name
		if ms.Final.Status == Locked {
			ms.Final.Status, o.Triggered = Active, true
		}
	case 3:
		if ms.Final.Status == Locked {
			return refuse("§8 V12", "the Final Mission %q is locked: complete a Starting Mission first", ms.Final.Name)
		}
		ms.Final.Status, o.Name = Completed, ms.Final.Name
	default:
		return refuse("§2.6", "Mission %d does not exist: 1 and 2 are the Starting Missions, 3 the Final one", o.Which)
	}
	for _, d := range o.Damage {
		if d.N < 1 {
			return refuse("§3.2", "damage is at least 1 point, not %d", d.N)
		}
		r, err := s.damage(d.Kind, d.N, d.ToCompanion)
		if err != nil {
			return err
		}
		o.Res = append(o.Res, r)
	}
	if o.Which == 3 {
		// A win and a defeat in one step: the setting says which counts
		// (AMB-20, default the win).
		if s.Outcome != Defeated || s.Settings.WinCheckFirst {
			s.Outcome = Won
		}
	}
	o.Outcome = s.Outcome
	return nil
}
func (o *missionEv) line() string {
	l := fmt.Sprintf("Mission completed: %s", o.Name)
	if o.Triggered {
		l += "; the Final Mission is triggered"
	}
	for i, r := range o.Res {
		l += "; " + damageLine("Mission", r, o.Damage[i].N)
	}
	switch o.Outcome {
	case Won:
		l += " — the Hero wins"
	case Defeated:
		l += " — the Hero is defeated"
	}
	return l
}

// TakeMidGameReward takes the Difficulty's rewards for triggering the Final
// Mission (§2.7): once per game, after a Starting Mission. Choice is life
// or sc where the Hero picks one track.
type TakeMidGameReward struct {
	Choice alone.DamageKind `json:"choice,omitempty"`
}

type rewardEv struct {
	TakeMidGameReward
	Before       alone.Tracks `json:"before"`
	After        alone.Tracks `json:"after"`
	MarkerBefore int          `json:"markerBefore"`
	MarkerAfter  int          `json:"markerAfter"`
	Difficulty   Difficulty   `json:"difficulty"`
}

func (c TakeMidGameReward) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &rewardEv{TakeMidGameReward: c}, nil
}
func (*rewardEv) kind() string { return "reward" }
func (o *rewardEv) run(s *State) error {
	if s.Missions.RewardTaken {
		return refuse("§8 V12", "the mid-game rewards are taken once per game, and they were")
	}
	if s.Missions.Final.Status == Locked {
		return refuse("§8 V12", "the mid-game rewards come when a Starting Mission triggers the Final Mission")
	}
	choice := o.Choice
	if s.Difficulty == Easy || s.Difficulty == Impossible {
		choice = ""
	} else if choice != alone.LifeDamage && choice != alone.SCDamage {
		return refuse("§2.7", "at %s difficulty the Hero recovers 3 Life or 3 Self Control: choose life or sc", s.Difficulty)
	}
	o.Difficulty = s.Difficulty
	o.Before, o.MarkerBefore = alone.Tracks{Life: s.Life, SC: s.SC}, s.RoundMarker
	t, marker, err := alone.MidGameRewards(string(s.Difficulty), o.Before, s.RoundMarker, choice, s.Sheet.Config)
	if err != nil {
		return refuse("§2.7", "%v", err)
	}
	s.Life, s.SC, s.RoundMarker = min(t.Life, s.Sheet.HealthMax), min(t.SC, s.Sheet.HealthMax), marker
	o.After, o.MarkerAfter = alone.Tracks{Life: s.Life, SC: s.SC}, marker
	s.Missions.RewardTaken = true
	return nil
}
func (o *rewardEv) line() string {
	return fmt.Sprintf("Mid-game rewards (%s): Round marker %d → %d, Life %d → %d, SC %d → %d",
		o.Difficulty, o.MarkerBefore, o.MarkerAfter, o.Before.Life, o.After.Life, o.Before.SC, o.After.SC)
}

// LiftCreatureLimit records a Mission reward that lifts the 4 Creatures per
// Level limit (§4.3).
type LiftCreatureLimit struct {
	Source string `json:"source,omitempty"`
}

type liftLimitEv struct{ LiftCreatureLimit }

func (c LiftCreatureLimit) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &liftLimitEv{c}, nil
}
func (*liftLimitEv) kind() string { return "liftLimit" }
func (o *liftLimitEv) run(s *State) error {
	s.LevelLimitLifted = true
	return nil
}
func (o *liftLimitEv) line() string {
	return nonEmpty(o.Source, "A Mission") + " lifts the limit of 4 Creatures per Level"
}

// ---- Experience ----

// GainXP gives experience (§3.5). Set exactly one way: Kill with the type
// of a Killed Creature and whether it was Revealed; Boss with the 2
// different Abilities chosen for a Boss kill; or Ability for a card's gift.
type GainXP struct {
	Kill     alone.CreatureType `json:"kill,omitempty"`
	Revealed bool               `json:"revealed,omitempty"`
	Boss     []Ability          `json:"boss,omitempty"`
	Ability  Ability            `json:"ability,omitempty"`
	Source   string             `json:"source,omitempty"`
}

type xpEv struct {
	GainXP
	Gained []Ability `json:"gained,omitempty"`
	// Unlocked are the Abilities this gain unlocked.
	Unlocked []Ability `json:"unlocked,omitempty"`
	Why      string    `json:"why,omitempty"`
}

func (c GainXP) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &xpEv{GainXP: c}, nil
}
func (*xpEv) kind() string { return "xp" }
func (o *xpEv) run(s *State) error {
	set := 0
	if o.Kill != "" {
		set++
	}
	if o.Boss != nil {
		set++
	}
	if o.Ability != "" {
		set++
	}
	if set != 1 {
		return refuse("§3.5", "say one thing the experience comes from: a kill, a Boss kill, or an Ability named by a card")
	}
	o.Gained, o.Unlocked, o.Why = nil, nil, ""
	switch {
	case o.Kill != "":
		g, why, err := s.killXP(o.Kill, o.Revealed)
		if err != nil {
			return err
		}
		o.Gained, o.Why = g, why
	case o.Boss != nil:
		if err := s.checkBossXP(o.Boss); err != nil {
			return err
		}
		o.Gained = o.Boss
	default:
		if !o.Ability.valid() {
			return refuse("§3.5", "%q is not an Ability", o.Ability)
		}
		if s.XP[o.Ability] >= MaxXP {
			o.Why = "already unlocked; the experience is lost"
		} else {
			o.Gained = []Ability{o.Ability}
		}
	}
	o.Unlocked = s.addXP(o.Gained)
	return nil
}

// killXP is §3.5 items 1–4 for a kill: the type's Ability, nothing for an
// Unrevealed kill (V27) or an Ability already at 2 (clamp).
func (s *State) killXP(t alone.CreatureType, revealed bool) ([]Ability, string, error) {
	if !t.Valid() {
		return nil, "", refuse("§3.5", "%q is not a Creature type", t)
	}
	if t == alone.Boss {
		return nil, "", refuse("§3.5", "a Boss kill gives 1 experience in each of 2 Abilities of the Hero's choice: name them")
	}
	if !revealed {
		return nil, "", refuse("§8 V27", "an Unrevealed Creature's death gives no experience")
	}
	a, ok := s.Sheet.AbilityFor[t]
	if !ok {
		return nil, "", refuse("§3.5", "which Ability does a %s kill train? It is printed on the Hero sheet: set it once, then record the kill", t)
	}
	if s.XP[a] >= MaxXP {
		return nil, fmt.Sprintf("%s is already unlocked: no more experience", a), nil
	}
	return []Ability{a}, "", nil
}

// checkBossXP is §3.5 item 5 and V27: 2 different Abilities, none already
// at 2; when fewer than 2 are below 2 the Hero names those and the rest is
// lost (AMB-13).
func (s *State) checkBossXP(ab []Ability) error {
	below := 0
	for _, a := range Abilities {
		if s.XP[a] < MaxXP {
			below++
		}
	}
	if len(ab) != min(2, below) {
		return refuse("§3.5", "a Boss kill gives experience in %s; %d were named", plural(min(2, below), "Ability", "different Abilities"), len(ab))
	}
	for i, a := range ab {
		if !a.valid() {
			return refuse("§3.5", "%q is not an Ability", a)
		}
		if s.XP[a] >= MaxXP {
			return refuse("§8 V27", "%s is already unlocked and cannot take a Boss's experience", a)
		}
		if i == 1 && ab[0] == a {
			return refuse("§8 V27", "a Boss's experience goes to 2 different Abilities, not %s twice", a)
		}
	}
	return nil
}

func (s *State) addXP(ab []Ability) (unlocked []Ability) {
	if s.XP == nil {
		s.XP = map[Ability]int{}
	}
	for _, a := range ab {
		if s.XP[a] < MaxXP {
			s.XP[a]++
			if s.XP[a] == MaxXP {
				unlocked = append(unlocked, a)
			}
		}
	}
	return unlocked
}

func (o *xpEv) line() string {
	src := o.Source
	switch {
	case src != "":
	case o.Kill != "":
		src = "Killed a " + string(o.Kill)
	case o.Boss != nil:
		src = "Killed a Boss"
	default:
		src = "Card"
	}
	return src + xpText(o.Gained, o.Unlocked, o.Why)
}

func xpText(gained, unlocked []Ability, why string) string {
	l := ""
	if len(gained) > 0 {
		g := make([]string, len(gained))
		for i, a := range gained {
			g[i] = string(a)
		}
		l += ": experience in " + strings.Join(g, " and ")
	}
	for _, a := range unlocked {
		l += fmt.Sprintf("; %s unlocked", a)
	}
	if why != "" {
		l += " (" + why + ")"
	}
	return l
}

// SetAbilityFor records which Ability a Creature type trains, read off the
// Hero sheet when first needed (§3.5).
type SetAbilityFor struct {
	Type    alone.CreatureType `json:"type"`
	Ability Ability            `json:"ability"`
}

type abilityForEv struct{ SetAbilityFor }

func (c SetAbilityFor) plan(s *State, _ *tracker.Dice) (op, error) {
	if s.Sheet == nil {
		return nil, refuse("§9", "confirm the Hero sheet's values first")
	}
	return &abilityForEv{c}, nil
}
func (*abilityForEv) kind() string { return "abilityFor" }
func (o *abilityForEv) run(s *State) error {
	if !o.Type.Valid() || o.Type == alone.Boss {
		return refuse("§3.5", "%q is not a Creature type that trains an Ability", o.Type)
	}
	if !o.Ability.valid() {
		return refuse("§3.5", "%q is not an Ability", o.Ability)
	}
	if o.Type == alone.Parasite && o.Ability != ColdBlood {
		return refuse("§3.5", "a Parasite kill trains Cold Blood")
	}
	if a, ok := s.Sheet.AbilityFor[o.Type]; ok && a != o.Ability {
		return refuse("§3.5", "a %s kill already trains %s; it is asked once", o.Type, a)
	}
	for t, a := range s.Sheet.AbilityFor {
		if a == o.Ability && t != o.Type {
			return refuse("§3.5", "%s is already trained by %s kills; each Ability has one Creature type", a, t)
		}
	}
	s.Sheet.AbilityFor[o.Type] = o.Ability
	return nil
}
func (o *abilityForEv) line() string {
	return fmt.Sprintf("Hero sheet: a %s kill trains %s", o.Type, o.Ability)
}

// ---- Items ----

func checkItem(it Item) error {
	if strings.TrimSpace(it.Name) == "" {
		return refuse("§3.6", "an Item needs a name")
	}
	if it.Charges < 1 {
		return refuse("§3.6", "Item %q needs at least 1 Charge, not %d", it.Name, it.Charges)
	}
	if !it.Passive && !it.Action.valid() {
		return refuse("§3.6", "Item %q is an Action Item: name its Action (move, explore, fight, locate, scavenge, interact)", it.Name)
	}
	return nil
}

func (s *State) addItem(it Item) Item {
	s.NextItem++
	it.ID = fmt.Sprintf("i%d", s.NextItem)
	s.Items = append(s.Items, it)
	return it
}

// AddItems puts Item cards into the Inventory: a Scavenge draw outside an
// Action, a card or a Mission reward. The card's text is the player's.
type AddItems struct {
	Items  []Item `json:"items"`
	Source string `json:"source,omitempty"`
}

type itemAddEv struct {
	AddItems
	IDs []string `json:"ids,omitempty"`
}

func (c AddItems) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	if len(c.Items) == 0 {
		return nil, refuse("§3.6", "name at least 1 Item")
	}
	return &itemAddEv{AddItems: c}, nil
}
func (*itemAddEv) kind() string { return "items" }
func (o *itemAddEv) run(s *State) error {
	o.IDs = nil
	for _, it := range o.Items {
		if err := checkItem(it); err != nil {
			return err
		}
		o.IDs = append(o.IDs, s.addItem(it).ID)
	}
	return nil
}
func (o *itemAddEv) line() string {
	return fmt.Sprintf("%s: %s into the Inventory", nonEmpty(o.Source, "Items"), itemNames(o.Items))
}

func itemNames(it []Item) string {
	n := make([]string, len(it))
	for i, x := range it {
		n[i] = x.Name
	}
	return strings.Join(n, ", ")
}

// UseItem spends Charges from an Item outside an Action declaration: a
// Passive Item's trigger, or a card that says so. 1 Charge per activation
// unless the card allows more (V24); an Item left at 0 is discarded.
type UseItem struct {
	ID             string `json:"id"`
	Charges        int    `json:"charges"`
	CardAllowsMore bool   `json:"cardAllowsMore,omitempty"`
}

type itemUseEv struct {
	UseItem
	Name      string `json:"name"`
	From      int    `json:"from"`
	Discarded bool   `json:"discarded,omitempty"`
}

func (c UseItem) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &itemUseEv{UseItem: c}, nil
}
func (*itemUseEv) kind() string { return "itemUse" }
func (o *itemUseEv) run(s *State) error {
	var err error
	o.Name, o.From, o.Discarded, err = s.spendItem(o.ID, max(o.Charges, 1), o.CardAllowsMore)
	return err
}
func (o *itemUseEv) line() string { return itemUseLine(o.Name, o.From, max(o.Charges, 1), o.Discarded) }

func itemUseLine(name string, from, n int, discarded bool) string {
	l := fmt.Sprintf("Used %s: Charges %d → %d", name, from, from-n)
	if discarded {
		l += "; discarded"
	}
	return l
}

// spendItem is V24.
func (s *State) spendItem(id string, n int, allowsMore bool) (name string, from int, discarded bool, err error) {
	i, it := s.item(id)
	if it == nil {
		return "", 0, false, refuse("§3.6", "there is no Item %q in the Inventory", id)
	}
	if it.Charges < 1 {
		return it.Name, 0, false, refuse("§8 V24", "%s has no Charges left", it.Name)
	}
	if n > 1 && !allowsMore {
		return it.Name, it.Charges, false, refuse("§8 V24", "an Item spends 1 Charge per activation unless its card says otherwise")
	}
	if n > it.Charges {
		return it.Name, it.Charges, false, refuse("§8 V24", "%s has %s, not %d", it.Name, plural(it.Charges, "Charge", "Charges"), n)
	}
	name, from = it.Name, it.Charges
	it.Charges -= n
	if it.Charges == 0 {
		s.Items = slices.Delete(s.Items, i, i+1)
		discarded = true
	}
	return name, from, discarded, nil
}

// UpgradeItem moves 1 Charge to Target from Donor, another Item of the
// Matrix the Target needs (§3.6, V25). Effect names what allows it outside
// a Scavenge (a Companion ability); IgnoreMatrix is for effects that say so.
type UpgradeItem struct {
	Target       string `json:"target"`
	Donor        string `json:"donor,omitempty"`
	FromPool     bool   `json:"fromPool,omitempty"`
	IgnoreMatrix bool   `json:"ignoreMatrix,omitempty"`
	Effect       string `json:"effect"`
}

type upgradeEv struct {
	UpgradeItem
	Res upgradeRes `json:"res"`
}

type upgradeRes struct {
	Target         string `json:"target"`
	Donor          string `json:"donor,omitempty"`
	DonorDiscarded bool   `json:"donorDiscarded,omitempty"`
}

func (c UpgradeItem) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	if strings.TrimSpace(c.Effect) == "" {
		return nil, refuse("§3.6", "Items are upgraded during a Scavenge, or by an effect that says so: name the effect")
	}
	return &upgradeEv{UpgradeItem: c}, nil
}
func (*upgradeEv) kind() string { return "upgrade" }
func (o *upgradeEv) run(s *State) error {
	r, err := s.upgrade(o.UpgradeItem)
	o.Res = r
	return err
}
func (o *upgradeEv) line() string { return o.Effect + ": " + o.Res.text() }

func (r upgradeRes) text() string {
	l := "upgraded " + r.Target
	if r.Donor != "" {
		l += " with a Charge from " + r.Donor
		if r.DonorDiscarded {
			l += ", which is discarded"
		}
	} else {
		l += " with a Charge from the general pool"
	}
	return l
}

// upgrade is V25; a donor left at 0 Charges is discarded (AMB-19).
func (s *State) upgrade(u UpgradeItem) (upgradeRes, error) {
	var r upgradeRes
	_, t := s.item(u.Target)
	if t == nil {
		return r, refuse("§3.6", "there is no Item %q to upgrade", u.Target)
	}
	r.Target = t.Name
	if u.FromPool {
		t.Charges++
		t.Upgraded = true
		return r, nil
	}
	if u.Donor == u.Target {
		return r, refuse("§8 V25", "%s cannot give a Charge to itself", t.Name)
	}
	di, d := s.item(u.Donor)
	if d == nil {
		return r, refuse("§3.6", "there is no Item %q to take a Charge from", u.Donor)
	}
	if !u.IgnoreMatrix && d.Matrix != t.Needs {
		return r, refuse("§8 V25", "%s needs a %s Matrix Charge, and %s is %s", t.Name, nonEmpty(t.Needs, "(unnamed)"), d.Name, nonEmpty(d.Matrix, "of no Matrix"))
	}
	if d.Charges < 1 {
		return r, refuse("§8 V25", "%s has no Charge to give", d.Name)
	}
	r.Donor = d.Name
	d.Charges--
	t.Charges++
	t.Upgraded = true
	if d.Charges == 0 {
		s.Items = slices.Delete(s.Items, di, di+1)
		r.DonorDiscarded = true
	}
	return r, nil
}

// DiscardItem removes an Item from the Inventory.
type DiscardItem struct {
	ID string `json:"id"`
}

type itemDiscardEv struct {
	DiscardItem
	Name string `json:"name"`
}

func (c DiscardItem) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &itemDiscardEv{DiscardItem: c}, nil
}
func (*itemDiscardEv) kind() string { return "itemDiscard" }
func (o *itemDiscardEv) run(s *State) error {
	i, it := s.item(o.ID)
	if it == nil {
		return refuse("§3.6", "there is no Item %q in the Inventory", o.ID)
	}
	o.Name = it.Name
	s.Items = slices.Delete(s.Items, i, i+1)
	return nil
}
func (o *itemDiscardEv) line() string { return "Discarded " + o.Name }

// ---- Companion ----

// CompanionCmd gains, uses or sacrifices the Companion (§3.7). Do is
// "gain" (with Character), "use" (1 Charge for its ability) or "sacrifice"
// (once per game, at the start of a Turn).
type CompanionCmd struct {
	Do        string `json:"do"`
	Character string `json:"character,omitempty"`
}

type companionEv struct {
	CompanionCmd
	Name      string `json:"name"`
	From      int    `json:"from"`
	To        int    `json:"to"`
	Discarded bool   `json:"discarded,omitempty"`
}

func (c CompanionCmd) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	return &companionEv{CompanionCmd: c}, nil
}
func (*companionEv) kind() string { return "companion" }
func (o *companionEv) run(s *State) error {
	switch o.Do {
	case "gain":
		if strings.TrimSpace(o.Character) == "" {
			return refuse("§3.7", "name the Character who joins as Companion")
		}
		if s.Companion != nil {
			return refuse("§3.7", "%s is already the Companion", s.Companion.Character)
		}
		s.Companion = &Companion{Character: o.Character, Charges: CompanionCharges}
		o.Name, o.To = o.Character, CompanionCharges
		return nil
	case "use", "sacrifice":
	default:
		return refuse("§3.7", "a Companion is gained, used or sacrificed, not %q", o.Do)
	}
	if s.Companion == nil {
		return refuse("§3.7", "there is no Companion in play")
	}
	o.Name, o.From = s.Companion.Character, s.Companion.Charges
	if o.Do == "use" {
		s.Companion.Charges--
		o.To = s.Companion.Charges
		if o.To == 0 {
			s.Companion, o.Discarded = nil, true
		}
		return nil
	}
	if s.Sacrificed {
		return refuse("§8 V26", "a Sacrifice happens once per game, and it happened")
	}
	if s.T.declared() > 0 || (!s.T.Started && s.TurnsUsed >= alone.TurnsPerRound) {
		return refuse("§8 V26", "a Sacrifice is made at the start of a Turn, before any Action")
	}
	s.Companion, s.Sacrificed, o.Discarded = nil, true, true
	return nil
}
func (o *companionEv) line() string {
	switch o.Do {
	case "gain":
		return fmt.Sprintf("%s joins as Companion with %d Charges", o.Name, o.To)
	case "use":
		l := fmt.Sprintf("Companion %s's ability: Charges %d → %d", o.Name, o.From, o.To)
		if o.Discarded {
			l += "; discarded"
		}
		return l
	}
	return fmt.Sprintf("Companion %s is sacrificed for its one-time effect", o.Name)
}

// NoteNoise writes what the Evil players Communicated, in bookkeeping and
// assist modes (the app's Radar, §3.1 noiseLog).
type NoteNoise struct {
	Say string `json:"say"`
}

type noiseNoteEv struct{ NoteNoise }

func (c NoteNoise) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := playing(s); err != nil {
		return nil, err
	}
	if strings.TrimSpace(c.Say) == "" {
		return nil, refuse("§3.1", "write what was heard")
	}
	return &noiseNoteEv{c}, nil
}
func (*noiseNoteEv) kind() string         { return "heard" }
func (o *noiseNoteEv) run(s *State) error { s.hear(o.Say); return nil }
func (o *noiseNoteEv) line() string       { return "Heard: " + o.Say }
