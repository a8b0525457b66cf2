package reich

import (
	"fmt"
	"slices"
	"strings"

	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// TriggerToken spawns a spawn token by hand (spec §7.4.3), e.g. when the
// players see a hero gain sight of it in assisted mode. Icons give a
// face-down token's icons.
type TriggerToken struct {
	Token   string
	Icons   []content.Level
	Answers ai.Answers
}

func (c TriggerToken) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §7.4.3")
	if err != nil {
		return "", err
	}
	tk := m.token(c.Token)
	if tk == nil || tk.Cleared {
		return "", tracker.Refuse("reichbusters §7.4.3", "spawn token %q is not on the map", c.Token)
	}
	ans := c.Answers
	if len(c.Icons) > 0 {
		for _, l := range c.Icons {
			if !l.Valid() {
				return "", tracker.Refuse("reichbusters V-23", "spawn icon %q is not green, orange or red", l)
			}
		}
		if ans.TokenIcons == nil {
			ans.TokenIcons = map[string][]content.Level{}
		}
		ans.TokenIcons[c.Token] = c.Icons
	}
	t.say("Spawn token %s in %s triggered", c.Token, tk.Area)
	if _, err := t.resolve(ai.Request{Kind: ai.KindTokenSpawn, Token: c.Token, Hero: m.Current}, ans, d); err != nil {
		return "", err
	}
	t.afterMidTurn()
	return "enemy.spawn", nil
}

// RevealFeature turns a room feature face up when a hero sees it (spec
// §7.4.7, T5): Icons are the spawn icons printed on the card (none: empty).
type RevealFeature struct {
	Feature string
	Icons   []content.Level
	Answers ai.Answers
}

func (c RevealFeature) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §7.4.7")
	if err != nil {
		return "", err
	}
	if m.Features[c.Feature] {
		return "", tracker.Refuse("reichbusters §7.4.7", "room feature %s is already face up", c.Feature)
	}
	ans := c.Answers
	if ans.FeatureIcons == nil {
		ans.FeatureIcons = map[string][]content.Level{}
	}
	ans.FeatureIcons[c.Feature] = slices.Clone(c.Icons)
	t.say("Room feature %s revealed", c.Feature)
	if _, err := t.resolve(ai.Request{Kind: ai.KindRoomFeature, Feature: c.Feature, Icons: c.Icons, Hero: m.Current}, ans, d); err != nil {
		return "", err
	}
	t.afterMidTurn()
	return "enemy.feature", nil
}

// RaiseAwareness raises a room's awareness as a card effect says (spec
// §7.3 NOISE_RAISE); reaching alert triggers the room's spawn tokens.
type RaiseAwareness struct {
	Room    string
	Levels  int
	Answers ai.Answers
}

func (c RaiseAwareness) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §7.3")
	if err != nil {
		return "", err
	}
	if m.postAlarm() {
		return "", tracker.Refuse("reichbusters V-45", "awareness is not tracked after the alarm")
	}
	if !slices.Contains(m.rooms(), c.Room) {
		return "", tracker.Refuse("reichbusters §7.3", "there is no room %q on the map", c.Room)
	}
	if c.Levels < 1 || c.Levels > 2 {
		return "", tracker.Refuse("reichbusters V-24", "awareness rises by 1 or 2 levels")
	}
	t.say("Awareness of %s raised by %d", c.Room, c.Levels)
	if _, err := t.resolve(ai.Request{Kind: ai.KindRaiseAwareness, Room: c.Room, Levels: c.Levels, Hero: m.Current}, c.Answers, d); err != nil {
		return "", err
	}
	t.afterMidTurn()
	return "enemy.awareness", nil
}

// SpawnEffect resolves a spawn a card or effect calls for by hand (spec
// §7.4.4–§7.4.5, §11.4): Kind "patrol" (with Awareness), "barracks" (with
// Letter) or "darkness".
type SpawnEffect struct {
	Kind      string
	Icons     []content.Level
	Awareness *content.Awareness
	Letter    string
	Answers   ai.Answers
}

func (c SpawnEffect) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §7.4")
	if err != nil {
		return "", err
	}
	var kind string
	switch c.Kind {
	case "patrol":
		kind = ai.KindPatrol
	case "barracks":
		kind = ai.KindBarracks
	case "darkness":
		kind = ai.KindDarkness
	default:
		return "", tracker.Refuse("reichbusters §7.4", "a spawn comes as a patrol, at a barracks or from the darkness, not %q", c.Kind)
	}
	t.say("Spawn (%s) resolved", c.Kind)
	if _, err := t.resolve(ai.Request{Kind: kind, Icons: c.Icons, Awareness: c.Awareness, Letter: c.Letter, Hero: m.Current}, c.Answers, d); err != nil {
		return "", err
	}
	t.afterMidTurn()
	return "enemy.spawn", nil
}

// Corrections and overrides: the table is the source of truth. Each needs
// a reason, which the diary shows.

// UnitPlacement names a unit type and an area.
type UnitPlacement struct{ Code, Area string }

// Override replaces an enemy decision with what the players did instead
// (spec §1.3: every automated decision is a proposal). Of is the event
// overridden (its sequence number; 0 if none in particular). Remove takes
// units off the map, Place puts new ones (refused over the "#" limit or a
// Unique's single placement, V-21, V-22), Move moves units (unit → area),
// Awareness sets rooms' levels (V-24), Doors set door states (V-14).
type Override struct {
	Of        uint64
	Reason    string
	Remove    []string
	Place     []UnitPlacement
	Move      map[string]string
	Awareness map[string]content.Awareness
	Doors     map[string]content.DoorState
	// RemoveTokens takes spawn tokens off the map; AddTokens puts spawn
	// tokens down (icons may be empty while face down).
	RemoveTokens []string
	AddTokens    []Token
	// Cleared puts (true) or takes away (false) rooms' cleared tokens (V-25).
	Cleared map[string]bool
}

func (c Override) decide(t *tx, _ *tracker.Dice) (string, error) {
	_, err := t.s.inPlay("reichbusters §1")
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(c.Reason) == "" {
		return "", tracker.Refuse("reichbusters §1", "say why the decision is overridden")
	}
	if len(c.Remove)+len(c.Place)+len(c.Move)+len(c.Awareness)+len(c.Doors)+len(c.RemoveTokens)+len(c.AddTokens)+len(c.Cleared) == 0 {
		return "", tracker.Refuse("reichbusters §1", "the override changes nothing")
	}
	t.reason = c.Reason
	if c.Of > 0 {
		t.say("Override of event %d", c.Of)
	} else {
		t.say("Corrected by hand")
	}
	if err := t.correct(c); err != nil {
		return "", err
	}
	return "enemy.override", nil
}

func (t *tx) correct(c Override) error {
	m := t.m()
	fac := t.s.Library.faction(m.Faction)
	b, err := m.board()
	if err != nil {
		return err
	}
	for _, id := range c.Remove {
		u := m.unit(id)
		if u == nil {
			return tracker.Refuse("reichbusters §3.3", "there is no unit %q on the map", id)
		}
		room := m.room(u.Area)
		t.do(Op{Op: opUnitRemove, Unit: id})
		t.say("%s removed from %s", id, u.Area)
		t.cleanup(room)
	}
	for _, p := range c.Place {
		if err := ai.CheckPlacement(fac, p.Code, m.onBoard(p.Code), m.Placed[p.Code], t.s.Settings.Settings); err != nil {
			return tracker.Refuse("reichbusters §13", "%v", err)
		}
		ut := fac.Unit(p.Code)
		if _, ok := b.Index(p.Area); !ok {
			return tracker.Refuse("reichbusters §3.2", "area %q is not on the map", p.Area)
		}
		id := t.freshID("m")
		t.do(Op{Op: opUnitPlace, Unit: id, Code: p.Code, Area: p.Area})
		t.say("%s %s placed in %s", ut.Name, id, p.Area)
	}
	keys := make([]string, 0, len(c.Move))
	for k := range c.Move {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, id := range keys {
		to := c.Move[id]
		u := m.unit(id)
		if u == nil {
			return tracker.Refuse("reichbusters §3.3", "there is no unit %q on the map", id)
		}
		if _, ok := b.Index(to); !ok {
			return tracker.Refuse("reichbusters §3.2", "area %q is not on the map", to)
		}
		from := u.Area
		t.do(Op{Op: opUnitMove, Unit: id, Area: to})
		t.say("%s moved %s → %s", id, from, to)
		t.cleanup(m.room(from))
	}
	rooms := make([]string, 0, len(c.Awareness))
	for r := range c.Awareness {
		rooms = append(rooms, r)
	}
	slices.Sort(rooms)
	for _, r := range rooms {
		l := c.Awareness[r]
		if !slices.Contains(m.rooms(), r) {
			return tracker.Refuse("reichbusters §7.3", "there is no room %q on the map", r)
		}
		phase := ai.PreAlarm
		if m.postAlarm() {
			phase = ai.PostAlarm
		}
		occupied := len(m.unitsInRoom(r)) > 0 || m.tokensInRoom(r) > 0
		got, err := ai.CheckAwarenessEdit(phase, l, occupied)
		if err != nil {
			return tracker.Refuse("reichbusters V-24", "room %s: %v", r, err)
		}
		if got != l {
			return tracker.Refuse("reichbusters V-24", "room %s holds no spawn tokens and no enemy units, so its awareness is at ease", r)
		}
		t.do(Op{Op: opAware, Room: r, Level: l})
		t.say("room %s is %s", r, l)
	}
	doors := make([]string, 0, len(c.Doors))
	for dr := range c.Doors {
		doors = append(doors, dr)
	}
	slices.Sort(doors)
	for _, id := range doors {
		to := c.Doors[id]
		di, ok := b.DoorIndex(id)
		if !ok {
			return tracker.Refuse("reichbusters §3.2", "there is no door %q", id)
		}
		from := m.doorStates()[di]
		if err := ai.CheckDoorChange(from, to); err != nil {
			return tracker.Refuse("reichbusters V-14", "door %s: %v", id, err)
		}
		t.do(Op{Op: opDoor, Door: id, State: to})
		t.say("door %s: %s → %s", id, from, to)
	}
	for _, id := range c.RemoveTokens {
		tk := m.token(id)
		if tk == nil {
			return tracker.Refuse("reichbusters §3.2", "there is no spawn token %q on the map", id)
		}
		room := m.room(tk.Area)
		t.do(Op{Op: opTokenRemove, Token: id})
		t.say("spawn token %s removed from %s", id, tk.Area)
		t.cleanup(room)
	}
	for _, tk := range c.AddTokens {
		if _, ok := b.Index(tk.Area); !ok {
			return tracker.Refuse("reichbusters §3.2", "area %q is not on the map", tk.Area)
		}
		for _, l := range tk.Icons {
			if !l.Valid() {
				return tracker.Refuse("reichbusters V-23", "spawn icon %q is not green, orange or red", l)
			}
		}
		id := tk.ID
		if id == "" || m.token(id) != nil || m.unit(id) != nil {
			id = t.freshID("t")
		}
		t.do(Op{Op: opTokenAdd, Token: id, Area: tk.Area, Icons: tk.Icons, Flag: tk.Patrol})
		t.say("spawn token %s placed in %s", id, tk.Area)
	}
	cleared := make([]string, 0, len(c.Cleared))
	for r := range c.Cleared {
		cleared = append(cleared, r)
	}
	slices.Sort(cleared)
	for _, r := range cleared {
		on := c.Cleared[r]
		if !slices.Contains(m.rooms(), r) {
			return tracker.Refuse("reichbusters §3.2", "there is no room %q on the map", r)
		}
		if on {
			phase := ai.PreAlarm
			if m.note() {
				phase = ai.AlienWorld
			}
			if err := ai.CheckClearedToken(phase, m.Cleared[r], len(m.unitsInRoom(r))); err != nil {
				return tracker.Refuse("reichbusters V-25", "room %s: %v", r, err)
			}
		} else if !m.Cleared[r] {
			return tracker.Refuse("reichbusters V-25", "room %s has no cleared token", r)
		}
		t.do(Op{Op: opCleared, Room: r, Flag: on})
		t.say("room %s cleared token: %v", r, on)
	}
	t.clearedCheck()
	return nil
}

// cleanup is CLEANUP(R) (§7.3, V-24): a room with no spawn tokens and no
// enemy units loses its awareness token.
func (t *tx) cleanup(room string) {
	m := t.m()
	if m.Awareness[room] != content.AtEase && len(m.unitsInRoom(room)) == 0 && m.tokensInRoom(room) == 0 {
		t.do(Op{Op: opAware, Room: room, Level: content.AtEase})
		t.say("room %s is empty: its awareness token is removed", room)
	}
}

func (t *tx) freshID(prefix string) string {
	m := t.m()
	for n := m.NextID; ; n++ {
		id := fmt.Sprintf("%s%d", prefix, n)
		if m.unit(id) == nil && m.token(id) == nil {
			return id
		}
	}
}

// AreaState marks an area obscured (a smoke grenade) or suppressed (a
// stun) (spec §3.2, §12.1), or clears it.
type AreaState struct {
	Area       string
	Obscured   bool
	Suppressed bool
	On         bool
}

func (c AreaState) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §3.2")
	if err != nil {
		return "", err
	}
	if m.Map.Area(c.Area) == nil {
		return "", tracker.Refuse("reichbusters §3.2", "area %q is not on the map", c.Area)
	}
	if c.Obscured == c.Suppressed {
		return "", tracker.Refuse("reichbusters §3.2", "say whether the area is obscured or suppressed")
	}
	op, what := opObscured, "obscured"
	if c.Suppressed {
		op, what = opSuppressed, "suppressed"
	}
	t.do(Op{Op: op, Area: c.Area, Flag: c.On})
	if c.On {
		t.say("%s is %s", c.Area, what)
	} else {
		t.say("%s is no longer %s", c.Area, what)
	}
	return "area.state", nil
}

// Escape takes a hero off the map through an exit (spec §5.7, V-35: only
// with an objective token). The game ends at once: every other hero who is
// not captured escapes if a path to an exit avoids every area holding an
// enemy unit (automa/reich's board.CanEscape: closed doors pass by the
// spec's AMBIGUOUS default, settings.escapeThroughClosedDoors), and is
// captured otherwise.
type Escape struct{ Hero string }

func (c Escape) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, h, err := t.upright(c.Hero, "reichbusters §5.7") // §12.1: leaving is moving on
	if err != nil {
		return "", err
	}
	exitAreas := slices.Clone(m.Map.Exits)
	if p := m.Portal; p != nil {
		if p.Area == h.Area && p.Tokens > 0 {
			return "", tracker.Refuse("reichbusters §11.3", "the portal still carries %s: nobody leaves through it yet", plural(p.Tokens, "token"))
		}
		if p.Tokens == 0 {
			exitAreas = append(exitAreas, p.Area)
		}
	}
	if !slices.Contains(exitAreas, h.Area) {
		return "", tracker.Refuse("reichbusters §5.7", "%s is not at an exit (%s)", h.Name, fmtList(exitAreas))
	}
	if h.Objectives < 1 && !slices.ContainsFunc(h.Items, func(it Item) bool { return it.Kind == ItemObjective }) {
		return "", tracker.Refuse("reichbusters V-35", "%s cannot leave the map without an objective token", h.Name)
	}
	t.hero(h.ID, func(x *Hero) { x.Escaped = true })
	t.say("%s leaves the map: the game ends (§5.7)", h.Name)
	b, err := m.board()
	if err != nil {
		return "", err
	}
	enemy := make([]bool, b.Len())
	for _, u := range m.Units {
		if i, ok := b.Index(u.Area); ok && u.EscortedBy == "" {
			enemy[i] = true
		}
	}
	var exits []int
	for _, a := range exitAreas {
		if i, ok := b.Index(a); ok {
			exits = append(exits, i)
		}
	}
	for _, o := range m.Heroes {
		if o.ID == h.ID || o.Escaped || o.Captured {
			continue
		}
		start, _ := b.Index(o.Area)
		var doors []content.DoorState // nil: every door passes (§5.7 AMBIGUOUS default)
		if !t.s.Settings.EscapeThroughClosedDoors {
			doors = m.doorStates()
		}
		found := b.CanEscape(start, exits, enemy, doors)
		if found {
			t.hero(o.ID, func(x *Hero) { x.Escaped = true })
			t.say("%s finds a way out and escapes too", o.Name)
		} else {
			t.hero(o.ID, func(x *Hero) { x.Captured = true })
			t.say("%s's way out is blocked by enemies: captured", o.Name)
		}
	}
	t.do(Op{Op: opEnd, End: &MissionEnd{Ended: true}})
	return "mission.escape", nil
}

// EndMission ends the mission by hand: all heroes captured, or as the
// players decide (spec §5.7).
type EndMission struct{ Reason string }

func (c EndMission) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §5.7")
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(c.Reason) == "" {
		return "", tracker.Refuse("reichbusters §5.7", "say why the mission ends")
	}
	t.reason = c.Reason
	t.do(Op{Op: opEnd, End: &MissionEnd{Ended: true}})
	t.say("%s ends", MissionName(m.ID))
	return "mission.end", nil
}

// DeclareResult reads the Victory or Defeat? chart (spec §5.7): Row is the
// first row from the top that applies (1-based), when the mission's chart
// was entered; otherwise Text and Success say the result.
type DeclareResult struct {
	Row     int
	Text    string
	Success bool
}

func (c DeclareResult) decide(t *tx, _ *tracker.Dice) (string, error) {
	m := t.s.Mission
	if m == nil || !m.Ended {
		return "", tracker.Refuse("reichbusters §5.7", "the result is read once the mission has ended")
	}
	text, ok := c.Text, c.Success
	row := 0
	if info := t.s.Library.missionInfo(m.ID); info != nil && len(info.VictoryChart) > 0 {
		if c.Row < 1 || c.Row > len(info.VictoryChart) {
			return "", tracker.Refuse("reichbusters §5.7", "the chart has rows 1 to %d", len(info.VictoryChart))
		}
		r := info.VictoryChart[c.Row-1]
		text, ok = r.Text, r.Success
		row = c.Row // §10.1: the outcome keeps the row picked
	} else if strings.TrimSpace(text) == "" {
		return "", tracker.Refuse("reichbusters §5.7", "write the result (the chart of mission %s was not entered)", m.ID)
	}
	failed := m.Failed
	t.do(Op{Op: opEnd, End: &MissionEnd{Ended: true, Result: text, Success: ok, Failed: failed, Row: row}})
	t.say("%s result: %s (%s)", MissionName(m.ID), text, resultWord(ok))
	return "mission.result", nil
}

// LowerAwareness is Auf Deutsch (spec §7.3 LOWER): the nearest room with
// an awareness token drops a level, as the automa picks it.
type LowerAwareness struct {
	Hero    string
	Answers ai.Answers
}

func (c LowerAwareness) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §7.3")
	if err != nil {
		return "", err
	}
	if m.postAlarm() {
		return "", tracker.Refuse("reichbusters V-45", "awareness is not tracked after the alarm")
	}
	if m.hero(c.Hero) == nil {
		return "", tracker.Refuse("reichbusters §7.3", "there is no hero %q in this mission", c.Hero)
	}
	t.say("%s uses Auf Deutsch", t.name(c.Hero))
	if _, err := t.resolve(ai.Request{Kind: ai.KindLowerAwareness, Hero: c.Hero}, c.Answers, d); err != nil {
		return "", err
	}
	return "enemy.awareness", nil
}

// DisguiseKit undoes an awareness increase the hero caused in Room when no
// other hero sees it (spec §7.3 CANCEL); the automa checks the sight.
type DisguiseKit struct {
	Hero, Room string
	Answers    ai.Answers
}

func (c DisguiseKit) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §7.3")
	if err != nil {
		return "", err
	}
	if m.postAlarm() {
		return "", tracker.Refuse("reichbusters V-45", "awareness is not tracked after the alarm")
	}
	h := m.hero(c.Hero)
	if h == nil {
		return "", tracker.Refuse("reichbusters §7.3", "there is no hero %q in this mission", c.Hero)
	}
	if !slices.ContainsFunc(h.Items, func(it Item) bool { return strings.EqualFold(it.Name, "Disguise Kit") }) {
		return "", tracker.Refuse("reichbusters §12.3", "%s carries no Disguise Kit", h.Name)
	}
	t.say("%s uses the Disguise Kit on %s", h.Name, c.Room)
	before := m.Awareness[c.Room]
	if _, err := t.resolve(ai.Request{Kind: ai.KindDisguiseKit, Hero: c.Hero, Room: c.Room}, c.Answers, d); err != nil {
		return "", err
	}
	if t.m().Awareness[c.Room] != before {
		t.hero(h.ID, func(x *Hero) {
			i := slices.IndexFunc(x.Items, func(it Item) bool { return strings.EqualFold(it.Name, "Disguise Kit") })
			x.Items = slices.Delete(x.Items, i, i+1)
		})
		t.say("the Disguise Kit is discarded")
	}
	return "enemy.awareness", nil
}

// EscortUnit is the basic action to escort a unit with the Escort keyword
// in the hero's area (spec §12.1): the escort token goes in an item slot
// (Drop names a slot to drop for a fifth), and the unit moves with the hero.
type EscortUnit struct {
	Hero, Unit string
	Drop       int
}

func (c EscortUnit) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, h, err := t.upright(c.Hero, "reichbusters §12.1")
	if err != nil {
		return "", err
	}
	u := m.unit(c.Unit)
	fac := t.s.Library.faction(m.Faction)
	if u == nil || fac.Unit(u.Code) == nil || !fac.Unit(u.Code).Has(content.KwEscort) {
		return "", tracker.Refuse("reichbusters §12.1", "%q is not a unit with the Escort keyword", c.Unit)
	}
	if u.Area != h.Area {
		return "", tracker.Refuse("reichbusters §12.1", "%s is not in %s's area", c.Unit, h.Name)
	}
	if u.EscortedBy == h.ID {
		return "", tracker.Refuse("reichbusters §12.1", "%s already escorts %s", h.Name, c.Unit)
	}
	if err := t.basic(h, "other"); err != nil {
		return "", err
	}
	items, dropped, err := gain(h, Item{Name: "Escort token", Kind: ItemEscort}, c.Drop)
	if err != nil {
		return "", err
	}
	if u.EscortedBy != "" {
		prev := u.EscortedBy
		t.hero(prev, func(x *Hero) {
			if i := slices.IndexFunc(x.Items, func(it Item) bool { return it.Kind == ItemEscort }); i >= 0 {
				x.Items = slices.Delete(x.Items, i, i+1)
			}
		})
	}
	t.hero(h.ID, func(x *Hero) { x.Items = items })
	if dropped != nil {
		t.say("%s drops %s to make room", h.Name, dropped.Name)
		t.itemLeft(h.ID, dropped, true)
	}
	t.do(Op{Op: opUnitEscort, Unit: c.Unit, Code: h.ID})
	t.say("%s escorts %s", h.Name, c.Unit)
	return "hero.escort", nil
}
