package phantom

import (
	"fmt"
	"strings"

	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// hurt deals n damage to a figure (§7.3 step 6, V-08): Barrier takes the
// hit instead; HP clamps at 0 and 0 defeats the figure at once.
func (s *State) hurt(m *Mission, f *Figure, n int, source string) string {
	if n <= 0 {
		return fmt.Sprintf("%s takes no damage from %s", f.Name, source)
	}
	if f.has(phantom.Barrier) {
		delete(f.Conditions, string(phantom.Barrier))
		return fmt.Sprintf("%s's Barrier absorbs %d damage from %s", f.Name, n, source)
	}
	from := f.HP
	f.HP = max(0, f.HP-n)
	line := fmt.Sprintf("%s takes %d damage from %s, %d → %d", f.Name, n, source, from, f.HP)
	if f.HP == 0 {
		line += "; " + s.defeat(m, f, true)
	}
	return line
}

// defeat takes a figure out (§6.6 for characters, §8.14 and §9.4 for
// adversaries). drop places the adversary's nova cells (the engine already
// placed them for defeats in its turns).
func (s *State) defeat(m *Mission, f *Figure, drop bool) string {
	at := f.Position
	f.Position = ""
	f.Conditions = nil
	f.Defeated = true
	if f.character() {
		// §6.6: evacuated with full HP, every card back in hand; it keeps
		// its nova cells and still counts as embarked.
		f.HP = f.MaxHP
		f.Hand = append(append(append(append(f.Hand, f.Selected...), f.Discard...), f.Temporary...), f.PersistentCards...)
		f.Selected, f.Discard, f.Temporary, f.PersistentCards = nil, nil, nil, nil
		line := f.Name + " is defeated and evacuated"
		// §6.6, §11.1 step 7: defeated during its own turn, it takes no
		// further part, so its turn is over and the next figure's comes.
		if m.Current == f.Name {
			m.Acted = append(m.Acted, f.Name)
			m.Current = ""
		}
		alive := 0
		for _, g := range m.Figures {
			if g.character() && !g.Defeated {
				alive++
			}
		}
		if alive == 0 {
			line += "; every character is defeated: the mission fails"
		}
		return line
	}
	line := f.Name + " is defeated"
	nova := s.novaDrop(m, f)
	if drop && nova > 0 && at != "" {
		if hm, err := s.liveMap(); err == nil {
			if sp, ok := hm.Space(at); ok {
				sp.NovaCells += nova
				_ = s.saveMap(hm)
				line += fmt.Sprintf(", dropping %s on %s", plural(nova, "nova cell"), at)
			}
		}
	}
	// §8.2 item 5: the last of its type discards the type's cards.
	if f.Side == "boss" || m.countType(f.Type) == 0 {
		persist := map[string]bool{}
		if f.Side != "boss" {
			for _, ids := range m.Persistent {
				for _, id := range ids {
					persist[id] = true
				}
			}
		} else {
			delete(m.Persistent, f.Name)
		}
		m.Decks.DiscardType(f.Type, persist)
	}
	return line
}

// novaDrop is the nova cells an adversary leaves where it is defeated:
// its description card's difficulty rating (§8.14), a boss the mission's
// difficulty plus the characters embarked (§9.4), none if an event placed
// it.
func (s *State) novaDrop(m *Mission, f *Figure) int {
	switch {
	case f.character() || f.PlacedByEvent:
		return 0
	case f.Side == "boss":
		return m.Difficulty + len(m.Embarked)
	}
	return s.Content.Adversaries[AdversaryKey(f.Type, m.AdversaryDifficulty)].Difficulty
}

// inflict gives a figure a condition by §4: at most once (a refresh
// restarts the timer, A-11), Resilient absorbs a new detrimental one,
// Burning and Frozen cancel each other, immunities hold.
func (s *State) inflict(f *Figure, c phantom.Cond, _ bool) string {
	if f.Conditions == nil {
		f.Conditions = map[string]uint64{}
	}
	key := string(c)
	if contains(f.Immune, key) {
		return fmt.Sprintf("%s is immune to %s", f.Name, c)
	}
	if f.has(c) {
		if c.Detrimental() && !s.Settings.ResilientSparedByRefresh && f.has(phantom.Resilient) {
			delete(f.Conditions, string(phantom.Resilient))
			return fmt.Sprintf("%s's Resilient absorbed %s", f.Name, c)
		}
		if s.Settings.RefreshRestartsTimer {
			f.Conditions[key] = s.Tick
		}
		return fmt.Sprintf("%s's %s refreshed", f.Name, c)
	}
	if c.Detrimental() && f.has(phantom.Resilient) {
		delete(f.Conditions, string(phantom.Resilient))
		return fmt.Sprintf("%s's Resilient absorbed %s", f.Name, c)
	}
	if c == phantom.Frozen && f.has(phantom.Burning) {
		delete(f.Conditions, string(phantom.Burning))
		return fmt.Sprintf("Frozen removed %s's Burning instead", f.Name)
	}
	if c == phantom.Burning && f.has(phantom.Frozen) {
		delete(f.Conditions, string(phantom.Frozen))
		return fmt.Sprintf("Burning removed %s's Frozen instead", f.Name)
	}
	f.Conditions[key] = s.Tick
	return fmt.Sprintf("%s gained %s", f.Name, c)
}

func (s *State) needFig(name string) (*Mission, *Figure, error) {
	m, err := s.inMission()
	if err != nil {
		return nil, nil, err
	}
	f := m.fig(name)
	if f == nil {
		return nil, nil, tracker.Refuse(ruleChar, "there is no figure named %q on this mission", name)
	}
	if f.Defeated {
		return nil, nil, tracker.Refuse(ruleChar, "%s was defeated", f.Name)
	}
	return m, f, nil
}

// actingOn checks that the figure named by (if any) may affect f (§4
// Invisible: no action of any figure but itself affects an Invisible
// figure). An empty by is the table — an event, a hazard, a correction —
// which is no figure's action.
func (s *State) actingOn(m *Mission, by string, f *Figure, what string) error {
	if by == "" {
		return nil
	}
	a := m.fig(by)
	if a == nil {
		return tracker.Refuse(ruleChar, "there is no figure named %q on this mission", by)
	}
	// §6.6: a defeated figure takes no further part, so it does not act.
	if a.Defeated {
		return tracker.Refuse("phantom-epoch §6.6", "%s is defeated: it takes no part, so its %s affects no one", a.Name, what)
	}
	if a != f && f.has(phantom.Invisible) {
		return tracker.Refuse("phantom-epoch §4", "%s is Invisible: %s's %s cannot affect it; only %s itself can", f.Name, a.Name, what, f.Name)
	}
	return nil
}

// Damage deals damage to a figure (an attack's result, a card, an event):
// Barrier absorbs it, HP clamps at 0, 0 defeats (V-08). By names the
// figure whose action deals it, "" for the table (§4 Invisible).
type Damage struct {
	Figure string `json:"figure"`
	N      int    `json:"n"`
	Source string `json:"source,omitempty"`
	By     string `json:"by,omitempty"`
}

func (c Damage) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.needFig(c.Figure)
	if err != nil {
		return "", err
	}
	if err := s.actingOn(m, c.By, f, "damage"); err != nil {
		return "", err
	}
	if c.N < 1 {
		return "", tracker.Refuse("phantom-epoch §7.3", "damage is at least 1")
	}
	src := c.Source
	if src == "" {
		src = "an attack"
	}
	return s.hurt(m, f, c.N, src), nil
}

// Heal restores HP up to the maximum (§6.7). A Heal action on a character
// needs a free bandage slot (V-09) and gives a bandage when it restores at
// least 1 HP; a Heal on a character at full HP does nothing. HealAction
// false is HP from anything else: no bandage, no limit. By names the
// figure that heals, "" for the table (§4 Invisible).
type Heal struct {
	Figure     string `json:"figure"`
	N          int    `json:"n"`
	HealAction bool   `json:"healAction,omitempty"`
	By         string `json:"by,omitempty"`
}

func (c Heal) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.needFig(c.Figure)
	if err != nil {
		return "", err
	}
	if err := s.actingOn(m, c.By, f, "heal"); err != nil {
		return "", err
	}
	if c.N < 1 {
		return "", tracker.Refuse("phantom-epoch §6.7", "a heal restores at least 1 HP")
	}
	if c.HealAction && f.character() && f.Bandages >= f.BandageSlots {
		return "", tracker.Refuse("phantom-epoch §6.7, V-09", "%s has no free bandage slot: a Heal action cannot affect it", f.Name)
	}
	if f.HP >= f.MaxHP {
		return fmt.Sprintf("%s is at full HP: the heal has no effect", f.Name), nil
	}
	from := f.HP
	f.HP = min(f.MaxHP, f.HP+c.N)
	line := fmt.Sprintf("%s healed %d → %d", f.Name, from, f.HP)
	if c.HealAction && f.character() {
		f.Bandages++
		line += fmt.Sprintf(", bandage %d of %d", f.Bandages, f.BandageSlots)
	}
	return line, nil
}

// Inflict gives a figure a condition (§4, V-27). By names the figure
// whose action gives it, "" for the table (§4 Invisible).
type Inflict struct {
	Figure    string `json:"figure"`
	Condition string `json:"condition"`
	By        string `json:"by,omitempty"`
}

func (c Inflict) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.needFig(c.Figure)
	if err != nil {
		return "", err
	}
	if err := s.actingOn(m, c.By, f, "action"); err != nil {
		return "", err
	}
	cond, err := phantom.ParseCond(c.Condition)
	if err != nil {
		return "", tracker.Refuse(ruleConds, "%v", err)
	}
	line := s.inflict(f, cond, false)
	s.resort(s.Mission)
	return line, nil
}

// RemoveCondition takes a condition off a figure: Barrier or Resilient
// used, Vengeful spent, Knocked Down by spending 1 MP, a card's removal,
// Invisible lost by attacking.
type RemoveCondition struct {
	Figure    string `json:"figure"`
	Condition string `json:"condition"`
}

func (c RemoveCondition) exec(s *State, x *ctx) (string, error) {
	_, f, err := s.needFig(c.Figure)
	if err != nil {
		return "", err
	}
	cond, err := phantom.ParseCond(c.Condition)
	if err != nil {
		return "", tracker.Refuse(ruleConds, "%v", err)
	}
	if !f.has(cond) {
		return "", tracker.Refuse(ruleConds, "%s does not have %s", f.Name, cond)
	}
	delete(f.Conditions, string(cond))
	s.resort(s.Mission)
	return fmt.Sprintf("%s lost %s", f.Name, cond), nil
}

// MoveFigure moves a character along a path (§2.4, §2.8, §6.5; V-10,
// V-11, V-12): Path lists the spaces entered in order. A Move goes step by
// step to adjacent spaces, through allies but not adversaries (unless one
// side is Invisible), never onto gaps, objects or orbs, opening closed
// doors it enters; every space entered triggers its hazard. A Leap passes
// over everything but walls and only its last space triggers. A Teleport
// goes to an empty space of the same region. The move ends on an empty or
// hazard space. MP, when given, bounds the cost (difficult terrain 2 MP for
// a Move, 1 for a Leap).
type MoveFigure struct {
	Figure string   `json:"figure"`
	Path   []string `json:"path"`
	// Kind: "move" (default), "leap" or "teleport".
	Kind string `json:"kind,omitempty"`
	MP   int    `json:"mp,omitempty"`
}

func (c MoveFigure) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.needFig(c.Figure)
	if err != nil {
		return "", err
	}
	if len(c.Path) == 0 {
		return "", tracker.Refuse("phantom-epoch V-10", "the path has no spaces")
	}
	hm, err := s.liveMap()
	if err != nil {
		return "", err
	}
	start, ok := hm.Index(f.Position)
	if !ok {
		return "", tracker.Refuse("phantom-epoch V-10", "%s is not on the map", f.Name)
	}
	idx := []int{start}
	for _, l := range c.Path {
		i, ok := hm.Index(l)
		if !ok {
			return "", tracker.Refuse("phantom-epoch V-10", "%q is not a space on the map", l)
		}
		idx = append(idx, i)
	}
	occ := map[int]*Figure{}
	for _, g := range m.Figures {
		if g != f && !g.Defeated && g.Position != "" {
			if i, ok := hm.Index(g.Position); ok {
				occ[i] = g
			}
		}
	}
	end := idx[len(idx)-1]
	kind := c.Kind
	if kind == "" {
		kind = "move"
	}
	if f.character() && f.has(phantom.Stunned) {
		return "", tracker.Refuse("phantom-epoch §4", "%s is Stunned: no actions until it discards a selected card", f.Name)
	}
	// §6.3 item 6: a rest turn plays no Action card, so no movement.
	// Moves recorded before this check replay as they were.
	if f.character() && f.Resting && m.Current == f.Name && !x.apply {
		return "", tracker.Refuse("phantom-epoch §6.3", "%s is resting this turn: no Action card is played, so it does not move", f.Name)
	}
	var parts []string
	mp := c.MP
	// §4: Knocked Down allows no action but a Move or Leap, so no Teleport.
	// A teleport recorded before this check replays as it was: it does
	// not stand the figure up.
	if f.has(phantom.KnockedDown) && kind == "teleport" && !x.apply {
		return "", tracker.Refuse("phantom-epoch §4", "%s is Knocked Down: only a Move or Leap (spending 1 MP to stand up) until it stands", f.Name)
	}
	// §4, §6.4: Knocked Down, the first MP of a Move or Leap stands up.
	if f.has(phantom.KnockedDown) && kind != "teleport" {
		if mp == 1 {
			return "", tracker.Refuse("phantom-epoch §4", "%s is Knocked Down: the first MP only stands it up", f.Name)
		}
		if mp > 1 {
			mp--
		}
		delete(f.Conditions, string(phantom.KnockedDown))
		parts = append(parts, "stood up (1 MP)")
	}
	rule := "phantom-epoch V-10"
	switch kind {
	case "move", "leap":
		r := hex.MoveRules{Leap: kind == "leap", OpenDoors: f.character(), Limit: mp}
		if kind == "leap" {
			rule = "phantom-epoch V-11"
		} else {
			r.Blocked = make([]bool, hm.Len())
			for i, g := range occ {
				enemy := g.character() != f.character()
				if enemy && !g.has(phantom.Invisible) && !f.has(phantom.Invisible) {
					r.Blocked[i] = true
				}
			}
		}
		if _, err := hm.CheckMove(idx, r); err != nil {
			return "", tracker.Refuse(rule, "%s: %v", f.Name, err)
		}
	case "teleport":
		rule = "phantom-epoch V-12"
		if len(idx) != 2 || !hm.SameRegion(start, end) {
			return "", tracker.Refuse(rule, "a Teleport goes to one space of the same region (not beyond a closed door)")
		}
	default:
		return "", tracker.Refuse(rule, "a movement is a move, a leap or a teleport")
	}
	sp := hm.SpaceAt(end)
	if end != start && (occ[end] != nil || !sp.Standable(kind != "teleport")) {
		return "", tracker.Refuse(rule, "%s cannot end on %s: it is not an empty space", f.Name, sp.Label)
	}
	// Doors the character passed open (§2.3 item 3).
	for _, i := range idx[1:] {
		if hm.SpaceAt(i).IsClosedDoor() {
			hm.SetDoor(i, hex.OpenDoor)
			parts = append(parts, "opened the door on "+hm.Label(i))
		}
	}
	entered := idx[1:]
	if kind != "move" {
		entered = idx[len(idx)-1:]
	}
	f.Position = sp.Label
	for _, i := range entered {
		if f.Defeated {
			break
		}
		parts = append(parts, s.enter(m, hm, f, i)...)
	}
	if err := s.saveMap(hm); err != nil {
		return "", err
	}
	line := fmt.Sprintf("%s %s to %s", f.Name, map[string]string{"move": "moved", "leap": "leapt", "teleport": "teleported"}[kind], sp.Label)
	if len(parts) > 0 {
		line += ": " + strings.Join(parts, "; ")
	}
	return line, nil
}

// enter applies a hazard on entering a space (§5.1): fire 3 damage and
// Burning, poison 3 damage and Weakened, trap 5 damage (a trap token is
// then removed).
func (s *State) enter(m *Mission, hm *hex.Map, f *Figure, i int) []string {
	sp := hm.SpaceAt(i)
	var out []string
	switch sp.Hazard {
	case hex.Fire:
		out = append(out, s.hurt(m, f, 3, "fire on "+sp.Label))
		if !f.Defeated {
			out = append(out, s.inflict(f, phantom.Burning, true))
		}
	case hex.Poison:
		out = append(out, s.hurt(m, f, 3, "poison on "+sp.Label))
		if !f.Defeated {
			out = append(out, s.inflict(f, phantom.Weakened, true))
		}
	case hex.Trap:
		out = append(out, s.hurt(m, f, 5, "the trap on "+sp.Label))
		if sp.HazardSource == hex.HazardToken {
			sp.Hazard, sp.HazardSource = hex.NoHazard, hex.Printed
			out = append(out, "trap token removed")
		}
	}
	return out
}

// DamageObject damages a destructible object: any damage lowers its state
// one step, intact → damaged → destroyed (§5.2); a destroyed object is
// difficult terrain.
type DamageObject struct {
	Space string `json:"space"`
}

func (c DamageObject) exec(s *State, x *ctx) (string, error) {
	if _, err := s.inMission(); err != nil {
		return "", err
	}
	hm, err := s.liveMap()
	if err != nil {
		return "", err
	}
	sp, ok := hm.Space(c.Space)
	if !ok {
		return "", tracker.Refuse("phantom-epoch §5.2", "%q is not a space on the map", c.Space)
	}
	if !sp.StandingDestructible() {
		return "", tracker.Refuse("phantom-epoch §5.2–5.3", "there is no destructible object standing on %s", c.Space)
	}
	from := string(sp.ObjectState)
	if sp.ObjectState == hex.Intact {
		sp.ObjectState = hex.Damaged
	} else {
		sp.ObjectState = hex.Destroyed
	}
	if from == "" {
		from = "intact"
	}
	if err := s.saveMap(hm); err != nil {
		return "", err
	}
	return fmt.Sprintf("The object on %s: %s → %s", c.Space, from, sp.ObjectState), nil
}

// PlaceAdversary puts a new adversary or boss on the map during the
// mission (§10.3): the engine picks the space if the named one is taken
// and the HP-base colour; placed after this round's draw it has no turn
// this round. Characters is the icon's lowest character count (§10.2);
// ByEvent marks an Event card or mission event (no nova drop).
type PlaceAdversary struct {
	Type       string `json:"type"`
	Boss       bool   `json:"boss,omitempty"`
	Space      string `json:"space"`
	Characters int    `json:"characters,omitempty"`
	ByEvent    bool   `json:"byEvent,omitempty"`
}

type placeResult struct {
	Placed phantom.Placed `json:"placed"`
	Trace  []string       `json:"trace"`
}

func (c PlaceAdversary) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission()
	if err != nil {
		return "", err
	}
	if c.Boss {
		if _, ok := s.Content.Bosses[c.Type]; !ok {
			return "", tracker.Refuse("phantom-epoch §10.3", "boss %q is not entered", c.Type)
		}
		if m.fig(c.Type) != nil {
			return "", tracker.Refuse("phantom-epoch §10.3", "%s is already on this mission", c.Type)
		}
	} else if _, ok := s.Content.Adversaries[AdversaryKey(c.Type, m.AdversaryDifficulty)]; !ok {
		return "", tracker.Refuse("phantom-epoch §10.1", "the %s description card for difficulty %d is not entered", c.Type, m.AdversaryDifficulty)
	}
	afterDraw := m.Phase == "draw" || m.Phase == "turns"
	res, err := keep(x, func() (placeResult, error) {
		// The situation lists the type or board the engine places.
		if c.Boss && !contains(m.Bosses, c.Type) {
			m.Bosses = append(m.Bosses, c.Type)
		}
		if !c.Boss && !contains(m.Types, c.Type) {
			m.Types = append(m.Types, c.Type)
		}
		pl := phantom.Placement{Type: c.Type, Boss: c.Boss, Space: c.Space, Characters: c.Characters,
			ByEvent: c.ByEvent, AfterDraw: afterDraw, Name: s.newName(m, c.Type, c.Boss)}
		sit, err := s.situation("place", "", nil, func(x *phantom.Situation) { x.Placement = &pl })
		if err != nil {
			return placeResult{}, err
		}
		p, tr, err := phantom.Place(sit, pl, x)
		if err != nil {
			return placeResult{}, tracker.Refuse("phantom-epoch §10.3", "%v", err)
		}
		return placeResult{Placed: p, Trace: traceLines(tr)}, nil
	})
	if err != nil {
		return "", err
	}
	p := res.Placed
	if c.Boss {
		m.Bosses = remove(m.Bosses, c.Type)
	}
	if !p.Placed {
		return fmt.Sprintf("%s is not placed: %s", c.Type, p.WhyNot), nil
	}
	side := "adversary"
	if c.Boss {
		side = "boss"
		m.Bosses = append(m.Bosses, c.Type)
	} else if !contains(m.Types, c.Type) {
		m.Types = append(m.Types, c.Type)
	}
	f := &Figure{Name: p.Name, Side: side, Type: c.Type, Colour: string(p.Colour), Position: p.Space, HP: p.HP, MaxHP: p.HP,
		PlacedAfterDraw: afterDraw, PlacedByEvent: c.ByEvent}
	m.Figures = append(m.Figures, f)
	if err := s.buildDecks(m, x); err != nil {
		return "", err
	}
	if err := s.applyStates(m, p.Figures, nil, nil); err != nil {
		return "", err
	}
	line := fmt.Sprintf("%s placed on %s (%s)", p.Name, p.Space, p.Colour)
	if p.NoTurn {
		line += ", no turn this round"
	}
	if len(p.Effects) > 0 {
		line += ": " + strings.Join(p.Effects, "; ")
	}
	return line, nil
}

func (s *State) newName(m *Mission, typ string, boss bool) string {
	if boss {
		return typ
	}
	for n := 1; ; n++ {
		name := fmt.Sprintf("%s %d", typ, n)
		if m.fig(name) == nil {
			return name
		}
	}
}

func init() {
	register(Damage{}, Heal{}, Inflict{}, RemoveCondition{}, MoveFigure{}, DamageObject{}, CorrectSpace{}, CorrectFigure{}, PlaceAdversary{})
}
