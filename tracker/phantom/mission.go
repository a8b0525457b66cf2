package phantom

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa"
	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

const (
	ruleSetup  = "phantom-epoch §12"
	ruleRound  = "phantom-epoch §11"
	ruleChar   = "phantom-epoch §6"
	ruleConds  = "phantom-epoch §4"
	ruleResult = "phantom-epoch §13"
)

// Embark is one character going on a mission: its entry point, its ten
// mission Action cards (§12.2 step 9) and its items (step 11).
type Embark struct {
	Character  string   `json:"character"`
	EntryPoint string   `json:"entryPoint"`
	Cards      []string `json:"cards"`
	Items      []string `json:"items,omitempty"`
}

// MissionCards is how many Action cards a character takes on a mission.
const MissionCards = 10

// StartMission sets a mission up (§12.2): the map from the content with
// campaign orbs and treasure already taken left off, the party checked
// (V-01, V-03), characters on their entry points, adversaries placed by
// the map's placement icons for the number of characters (§10.2) with
// HP-base colours spread over each type (§10.3), and the adversary decks
// gathered and shuffled (§8.2).
type StartMission struct {
	Mission string `json:"mission"`
	// AdversaryDifficulty: description cards of another rating than the
	// mission's (§10.1); 0 uses the mission's.
	AdversaryDifficulty int `json:"adversaryDifficulty,omitempty"`
	// Training plays the mission's map as a training mission at tier
	// TrainingTier (§14.3).
	Training     bool     `json:"training,omitempty"`
	TrainingTier int      `json:"trainingTier,omitempty"`
	Party        []Embark `json:"party"`
}

func (c StartMission) exec(s *State, x *ctx) (string, error) {
	if s.Mission != nil && s.Mission.Phase != "over" {
		return "", tracker.Refuse(ruleSetup, "%s is still being played", MissionName(s.Mission.ID))
	}
	// The last mission's rewards still to take would be lost (the drawn
	// attachment cards with them). Setups recorded before this check
	// replay as they were.
	if w := s.waitingRewards(); w != "" && !x.apply {
		return "", tracker.Refuse(ruleRewards, "take %s first: they are lost once the next mission starts", w)
	}
	mi, ok := s.Content.Missions[c.Mission]
	if !ok {
		return "", tracker.Refuse(ruleSetup, "mission %q is not entered", c.Mission)
	}
	mark := s.Sheet.Missions[c.Mission]
	replay := mark != nil && mark.Completed != ""
	if !c.Training && (mark == nil || !mark.Available) {
		return "", tracker.Refuse("phantom-epoch §14.3", "%s is not available in this campaign yet", MissionName(c.Mission))
	}
	if c.Training && c.TrainingTier < 1 {
		return "", tracker.Refuse("phantom-epoch V-25", "a training mission's tier is at least 1")
	}
	raw, ok := s.Content.Maps[mi.Map]
	if !ok {
		return "", tracker.Refuse(ruleSetup, "the map %q of %s is not entered", mi.Map, MissionName(mi.ID))
	}
	hm, err := hex.ParseMap(raw)
	if err != nil {
		return "", tracker.Refuse("phantom-epoch V-02", "map %s: %v", mi.Map, err)
	}
	// V-01: 2–4 characters, one per class, unique colours.
	n := len(c.Party)
	if n < 2 || n > 4 {
		return "", tracker.Refuse("phantom-epoch §12.1, V-01", "a mission takes 2 to 4 characters, not %d", n)
	}
	// V-02: an entry point for each character.
	if e := len(hm.EntryPoints()); e < n {
		points := "entry points"
		if e == 1 {
			points = "entry point"
		}
		return "", tracker.Refuse("phantom-epoch V-02", "the map has %d %s for %d characters: each character starts on its own", e, points, n)
	}
	classes, colours, entries := map[string]string{}, map[string]string{}, map[string]string{}
	m := &Mission{ID: mi.ID, Title: mi.Title, Planet: mi.Planet, Difficulty: mi.Difficulty, Training: c.Training, Replay: replay,
		Phase: "setup", AdversaryDifficulty: mi.Difficulty}
	if c.Training {
		m.Difficulty = c.TrainingTier
		m.AdversaryDifficulty = c.TrainingTier
	}
	if c.AdversaryDifficulty != 0 {
		if c.AdversaryDifficulty < 1 {
			return "", tracker.Refuse("phantom-epoch V-25", "adversary difficulty is at least 1")
		}
		m.AdversaryDifficulty = c.AdversaryDifficulty
	}
	for _, e := range c.Party {
		ch, err := s.needChar(e.Character)
		if err != nil {
			return "", err
		}
		if o, dup := classes[ch.Class]; dup {
			return "", tracker.Refuse("phantom-epoch §12.1, V-01", "%s and %s are both %s: one character per class", o, ch.Name, ch.Class)
		}
		classes[ch.Class] = ch.Name
		if o, dup := colours[ch.Colour]; dup {
			return "", tracker.Refuse("phantom-epoch §12.1, V-01", "%s and %s both use the %s HP base", o, ch.Name, ch.Colour)
		}
		colours[ch.Colour] = ch.Name
		sp, ok := hm.Space(e.EntryPoint)
		if !ok || !sp.EntryPoint {
			return "", tracker.Refuse("phantom-epoch V-03", "%s: %q is not an entry point of the map", ch.Name, e.EntryPoint)
		}
		if o, dup := entries[e.EntryPoint]; dup {
			return "", tracker.Refuse("phantom-epoch V-03", "%s and %s cannot both start on %s", o, ch.Name, e.EntryPoint)
		}
		entries[e.EntryPoint] = ch.Name
		if len(e.Cards) != MissionCards {
			return "", tracker.Refuse("phantom-epoch §12.2 step 9", "%s takes exactly %d Action cards, not %d", ch.Name, MissionCards, len(e.Cards))
		}
		seen := map[string]bool{}
		for _, id := range e.Cards {
			if !contains(ch.Cards, id) || seen[id] {
				return "", tracker.Refuse("phantom-epoch §12.2 step 9", "%s does not own Action card %q (or took it twice)", ch.Name, id)
			}
			seen[id] = true
		}
		cb := s.Content.Classes[ch.Class]
		if len(e.Items) > cb.ItemSlots {
			return "", tracker.Refuse("phantom-epoch V-06", "%s has %d item slots, not %d", ch.Name, cb.ItemSlots, len(e.Items))
		}
		for k, it := range e.Items {
			// V-06, §12.2 step 11: each item taken is a card the character
			// owns, and one card fills one slot.
			owned := 0
			for _, o := range ch.Items {
				if o == it {
					owned++
				}
			}
			taken := 1
			for _, o := range e.Items[:k] {
				if o == it {
					taken++
				}
			}
			// Embarks recorded before this check replay as they were.
			if taken > owned && (!x.apply || !contains(ch.Items, it)) {
				return "", tracker.Refuse("phantom-epoch V-06", "%s does not own item %q (or not that many)", ch.Name, it)
			}
		}
		spc := s.Content.Species[ch.Species]
		f := &Figure{Name: ch.Name, Side: "character", Type: ch.Class, Colour: ch.Colour, Position: e.EntryPoint,
			HP: spc.HP, MaxHP: spc.HP, MaxAP: spc.MaxAP, BandageSlots: cb.BandageSlots, Hand: slices.Clone(e.Cards)}
		for _, g := range ch.Equipment {
			if g.Slot != "" {
				eq := s.Content.Equipment[g.ID]
				f.MaxHP += eq.MaxHP
				f.HP += eq.MaxHP
				f.Guard += eq.Guard
			}
		}
		// A-37 off: bandages and item flips carried over from the last mission.
		var flipped []string
		if !s.Settings.ResetAfterMission {
			f.Bandages = min(ch.Bandages, f.BandageSlots)
			flipped = slices.Clone(ch.FlippedItems)
		}
		for _, it := range e.Items {
			used := contains(flipped, it)
			flipped = remove(flipped, it)
			f.Items = append(f.Items, Item{ID: it, Used: used})
		}
		m.Figures = append(m.Figures, f)
		m.Embarked = append(m.Embarked, ch.Name)
	}
	// §12.2 step 3: campaign orbs and treasure already taken are left off.
	l := hm.Layout()
	for i := range l.Spaces {
		sp := &l.Spaces[i]
		if sp.Orb.Kind == hex.CampaignToken && containsInt(s.Sheet.OrbsActivated, sp.Orb.Number) {
			sp.Orb = hex.Orb{}
		}
		if sp.Treasure.Kind == hex.CampaignToken && containsInt(s.Sheet.TreasureRetrieved, sp.Treasure.Number) {
			sp.Treasure = hex.Treasure{}
		}
		// §12.2 step 3: the orbs and treasure left in play start active and
		// present. A setup decided before rules revision 1 replays as it
		// was played: the map file's sides stand.
		if x.before(1) {
			continue
		}
		if sp.Orb.Kind != hex.NoToken {
			sp.Orb.Active = true
		}
		if sp.Treasure.Kind != hex.NoToken {
			sp.Treasure.Present = true
		}
	}
	// §10.2 placement icons, in map order (the mission's order).
	var placed []string
	for _, sp := range l.Spaces {
		for _, ic := range sp.PlacementIcons {
			if b, ok := s.Content.Bosses[ic.Adversary]; ok {
				col := phantom.Colours[len(m.Bosses)%4]
				hp := b.HP[bossColumn(n)]
				m.Figures = append(m.Figures, &Figure{Name: b.Name, Side: "boss", Type: b.Name, Colour: string(col), Position: sp.Label, HP: hp, MaxHP: hp})
				m.Bosses = append(m.Bosses, b.Name)
				placed = append(placed, b.Name+" on "+sp.Label)
				continue
			}
			if ic.Characters != "" {
				lo, _, ok := hex.ParseCharacterCount(ic.Characters)
				if !ok || n < lo {
					continue
				}
			}
			at, ok := s.Content.Adversaries[AdversaryKey(ic.Adversary, m.AdversaryDifficulty)]
			if !ok {
				return "", tracker.Refuse("phantom-epoch §12.2 step 4", "the %s description card for difficulty %d is not entered", ic.Adversary, m.AdversaryDifficulty)
			}
			count := m.countType(at.Name)
			if at.Standees > 0 && count >= at.Standees {
				continue // V-23: all standees in use
			}
			if !contains(m.Types, at.Name) {
				m.Types = append(m.Types, at.Name)
			}
			// §10.3 item 4: a different colour for each adversary of a
			// type, spread evenly past four.
			col := phantom.Colours[count%4]
			name := fmt.Sprintf("%s %d", at.Name, count+1)
			m.Figures = append(m.Figures, &Figure{Name: name, Side: "adversary", Type: at.Name, Colour: string(col), Position: sp.Label, HP: at.HP, MaxHP: at.HP})
			placed = append(placed, name+" on "+sp.Label)
		}
	}
	nm, err := hex.NewMap(l)
	if err != nil {
		return "", tracker.Refuse("phantom-epoch V-02", "map %s: %v", mi.Map, err)
	}
	if m.Map, err = encodeMap(nm); err != nil {
		return "", err
	}
	if err := s.buildDecks(m, x); err != nil {
		return "", err
	}
	s.Mission = m
	s.Sheet.TrainingShopTier = 0
	kind := "Mission"
	if c.Training {
		kind = fmt.Sprintf("Training mission (tier %d)", c.TrainingTier)
	} else if replay {
		kind = "Replay of mission"
	}
	line := fmt.Sprintf("%s %s begins with %s", kind, mi.ID, strings.Join(m.Embarked, ", "))
	if len(placed) > 0 {
		line += "; placed " + strings.Join(placed, ", ")
	}
	return line, nil
}

func bossColumn(chars int) int {
	switch {
	case chars <= 2:
		return 0
	case chars == 3:
		return 1
	}
	return 2
}

func (m *Mission) countType(t string) int {
	n := 0
	for _, f := range m.Figures {
		if f.Side == "adversary" && f.Type == t && !f.Defeated {
			n++
		}
	}
	return n
}

// classDeck names the class deck of a type (A-28: shared across species).
func (s *State) classDeck(at phantom.AdversaryType) string {
	if s.Settings.SharedClassDecks {
		return at.Class
	}
	return at.Species + " " + at.Class
}

// buildDecks gathers and shuffles the decks for every type and boss in the
// mission that has none yet (§8.2 item 1, §12.2 step 6).
func (s *State) buildDecks(m *Mission, x *ctx) error {
	if m.Decks.Species == nil {
		m.Decks.Species = map[string]*phantom.Deck{}
		m.Decks.Class = map[string]*phantom.Deck{}
	}
	for _, t := range m.Types {
		at := s.Content.Adversaries[AdversaryKey(t, m.AdversaryDifficulty)]
		if m.Decks.Species[at.Species] == nil {
			var ids []string
			for _, id := range sortedKeys(s.Content.SpeciesCards) {
				if s.Content.SpeciesCards[id].Species == at.Species {
					ids = append(ids, id)
				}
			}
			if len(ids) == 0 {
				return tracker.Refuse("phantom-epoch §12.2 step 6", "no %s species action cards are entered", at.Species)
			}
			phantom.Shuffle(ids, x)
			m.Decks.Species[at.Species] = &phantom.Deck{Name: at.Species, Draw: ids}
		}
		cd := s.classDeck(at)
		if m.Decks.Class[cd] == nil {
			var ids []string
			for _, id := range sortedKeys(s.Content.ClassCards) {
				if s.Content.ClassCards[id].Class == at.Class {
					ids = append(ids, id)
				}
			}
			if len(ids) == 0 {
				return tracker.Refuse("phantom-epoch §12.2 step 6", "no %s class action cards are entered", at.Class)
			}
			phantom.Shuffle(ids, x)
			m.Decks.Class[cd] = &phantom.Deck{Name: cd, Draw: ids}
		}
	}
	if len(m.Bosses) > 0 && m.Decks.Boss == nil {
		ids := sortedKeys(s.Content.BossCards)
		if len(ids) == 0 {
			return tracker.Refuse("phantom-epoch §12.2 step 6", "no boss action cards are entered")
		}
		phantom.Shuffle(ids, x)
		m.Decks.Boss = &phantom.Deck{Name: "Boss", Draw: ids}
	}
	return nil
}

func (s *State) inMission(phases ...string) (*Mission, error) {
	m := s.Mission
	if m == nil || m.Phase == "over" {
		return nil, tracker.Refuse(ruleRound, "no mission is being played")
	}
	if len(phases) > 0 && !contains(phases, m.Phase) {
		return nil, tracker.Refuse(ruleRound, "not now: the round is at %s", phaseName(m.Phase))
	}
	return m, nil
}

func phaseName(p string) string {
	switch p {
	case "setup":
		return "mission setup"
	case "select":
		return "card selection (step 3)"
	case "draw":
		return "initiative (step 6)"
	case "turns":
		return "the turns (step 7)"
	case "end":
		return "its end"
	}
	return p
}

func (s *State) liveMap() (*hex.Map, error) {
	return hex.ParseMap(s.Mission.Map)
}

func (s *State) saveMap(hm *hex.Map) error {
	raw, err := encodeMap(hm)
	if err == nil {
		s.Mission.Map = raw
	}
	return err
}

// BeginRound starts the next round: the Decision die is rolled once and
// kept for every decision of the round (§11.1 step 1, V-21). Face is the
// face rolled at the table; without it the app rolls the die from the
// entered faces (setting rollDecisionDie).
type BeginRound struct {
	Face *phantom.Face `json:"face,omitempty"`
}

func (c BeginRound) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("setup", "end")
	if err != nil {
		return "", err
	}
	var face phantom.Face
	how := "entered"
	switch {
	case c.Face != nil:
		if face, err = normFace(*c.Face); err != nil {
			return "", tracker.Refuse("phantom-epoch §3.3, V-21", "Decision die: %v", err)
		}
	case s.Settings.RollDecisionDie && len(s.Content.DecisionDie) > 0:
		face, _ = phantom.RollFace(s.Content.DecisionDie, x)
		how = "rolled"
	default:
		return "", tracker.Refuse("phantom-epoch §3.3", "enter the Decision die face rolled at the table (or enter the die's faces so the app can roll it)")
	}
	m.Round++
	m.Face = &face
	m.Phase = "select"
	m.Order, m.Acted, m.Current, m.Pending = nil, nil, "", nil
	for _, f := range m.Figures {
		f.PlacedAfterDraw = false
		f.Initiative = 0
		f.Fumbled = false
		if f.character() {
			f.RestedLastRound = f.Resting
			f.Resting = false
		}
	}
	// In the players' words: who rolled it, not the engine's note.
	by := "rolled at the table"
	if how == "rolled" {
		by = "rolled by the app"
	}
	return fmt.Sprintf("Round %d: Decision die %s, %s", m.Round, face, by), nil
}

// SelectCards is a character's secret card selection (§6.2, V-04): one or
// more cards from the hand whose AP total (each doubled while Frozen) is
// at most the character's max AP. Selecting again replaces the selection.
type SelectCards struct {
	Character string   `json:"character"`
	Cards     []string `json:"cards"`
}

func (c SelectCards) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("select")
	if err != nil {
		return "", err
	}
	f, err := s.activeChar(m, c.Character)
	if err != nil {
		return "", err
	}
	hand := append(slices.Clone(f.Hand), f.Selected...)
	if len(c.Cards) == 0 {
		return "", tracker.Refuse("phantom-epoch §6.2, V-04", "%s selects at least one card, or rests", f.Name)
	}
	total := 0
	for i, id := range c.Cards {
		if !contains(hand, id) || slices.Contains(c.Cards[:i], id) {
			return "", tracker.Refuse("phantom-epoch V-04", "%s has no card %q in hand", f.Name, id)
		}
		total += s.cardAP(f, id)
	}
	if total > f.MaxAP {
		return "", tracker.Refuse("phantom-epoch §6.2, V-04", "%s's cards total %d AP; the limit is %d%s", f.Name, total, f.MaxAP, frozenNote(f))
	}
	f.Hand = hand
	for _, id := range c.Cards {
		f.Hand = remove(f.Hand, id)
	}
	f.Selected = slices.Clone(c.Cards)
	f.Resting = false
	return fmt.Sprintf("%s selected %s", f.Name, plural(len(c.Cards), "card")), nil
}

func frozenNote(f *Figure) string {
	if f.has(phantom.Frozen) {
		return " (Frozen: AP doubled)"
	}
	return ""
}

func (s *State) cardAP(f *Figure, id string) int {
	ap := s.Content.ActionCards[id].AP
	if f.has(phantom.Frozen) {
		ap *= 2
	}
	return ap
}

func (s *State) activeChar(m *Mission, name string) (*Figure, error) {
	f := m.fig(name)
	if f == nil || !f.character() {
		return nil, tracker.Refuse(ruleChar, "%q is not a character on this mission", name)
	}
	if f.Defeated {
		return nil, tracker.Refuse("phantom-epoch §6.6", "%s was defeated and takes no further part", f.Name)
	}
	return f, nil
}

// Rest makes a character rest this round (§6.2, V-05): only with cards in
// the discard pile and not after resting the previous round.
type Rest struct {
	Character string `json:"character"`
}

func (c Rest) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("select")
	if err != nil {
		return "", err
	}
	f, err := s.activeChar(m, c.Character)
	if err != nil {
		return "", err
	}
	if len(f.Discard) == 0 {
		return "", tracker.Refuse("phantom-epoch §6.2, V-05", "%s has no discarded cards: resting is not allowed", f.Name)
	}
	if f.RestedLastRound {
		return "", tracker.Refuse("phantom-epoch §6.2, V-05", "%s rested last round", f.Name)
	}
	f.Hand = append(f.Hand, f.Selected...)
	f.Selected = nil
	f.Resting = true
	return f.Name + " will rest", nil
}

// DrawAdversaryCards is round step 5 (§8.2, §9.2): each adversary type on
// the map draws a species and a class card, each boss a boss card, from
// the mission's seeded decks; or Drawn gives the cards drawn at the table
// (one entry per type, in mission order). Every character must have
// selected cards or chosen to rest first (step 3).
type DrawAdversaryCards struct {
	Drawn []phantom.Drawn `json:"drawn,omitempty"`
}

func (s *State) typesOnMap(m *Mission) []phantom.TypeDraw {
	var out []phantom.TypeDraw
	for _, t := range m.Types {
		if m.countType(t) == 0 {
			continue
		}
		at := s.Content.Adversaries[AdversaryKey(t, m.AdversaryDifficulty)]
		out = append(out, phantom.TypeDraw{Type: t, Species: at.Species, Class: s.classDeck(at)})
	}
	for _, b := range m.Bosses {
		if f := m.fig(b); f != nil && !f.Defeated {
			out = append(out, phantom.TypeDraw{Type: b, Boss: true})
		}
	}
	return out
}

func (c DrawAdversaryCards) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("select")
	if err != nil {
		return "", err
	}
	for _, f := range m.Figures {
		if f.character() && !f.Defeated && !f.Resting && len(f.Selected) == 0 {
			return "", tracker.Refuse("phantom-epoch §11.1 step 3", "%s has not selected cards or chosen to rest", f.Name)
		}
	}
	types := s.typesOnMap(m)
	var drawn []phantom.Drawn
	if c.Drawn == nil {
		var tr automa.Trace
		if drawn, err = m.Decks.DrawRound(types, x, &tr); err != nil {
			return "", tracker.Refuse("phantom-epoch §8.2", "%v", err)
		}
	} else {
		if len(c.Drawn) != len(types) {
			return "", tracker.Refuse("phantom-epoch §8.2", "this round cards are drawn for %s, but the cards drawn at the table were given for %s", plural(len(types), "adversary type"), plural(len(c.Drawn), "type"))
		}
		take := func(d *phantom.Deck, id, what string) error {
			if d == nil || !contains(d.Draw, id) {
				return tracker.Refuse("phantom-epoch §8.2", "%s card %q is not in its draw pile", what, id)
			}
			d.Draw = remove(d.Draw, id)
			return nil
		}
		for i, t := range types {
			d := c.Drawn[i]
			if d.Type != t.Type {
				return "", tracker.Refuse("phantom-epoch §8.2", "entry %d is for %q; the next type to draw is %s", i+1, d.Type, t.Type)
			}
			if t.Boss {
				if err := take(m.Decks.Boss, d.Boss, "boss"); err != nil {
					return "", err
				}
				drawn = append(drawn, phantom.Drawn{Type: t.Type, Boss: d.Boss})
				continue
			}
			if err := take(m.Decks.Species[t.Species], d.Species, t.Species+" species"); err != nil {
				return "", err
			}
			if err := take(m.Decks.Class[t.Class], d.Class, t.Class+" class"); err != nil {
				return "", err
			}
			drawn = append(drawn, phantom.Drawn{Type: t.Type, SpeciesDeck: t.Species, Species: d.Species, ClassDeck: t.Class, Class: d.Class})
		}
		m.Decks.InPlay = append(m.Decks.InPlay, drawn...)
	}
	// Persistent boss cards stay beside the board (§9.5).
	for _, d := range drawn {
		if d.Boss != "" && s.Content.BossCards[d.Boss].Persistent {
			if m.Persistent == nil {
				m.Persistent = map[string][]string{}
			}
			m.Persistent[d.Type] = append(m.Persistent[d.Type], d.Boss)
		}
	}
	m.Phase = "draw"
	var parts []string
	for _, d := range drawn {
		if d.Boss != "" {
			parts = append(parts, fmt.Sprintf("%s: boss card %s", d.Type, d.Boss))
		} else {
			parts = append(parts, fmt.Sprintf("%s: %s + %s", d.Type, d.Species, d.Class))
		}
	}
	return "Adversary cards drawn: " + strings.Join(parts, "; "), nil
}

// DetermineInitiative is round step 6 (§11.1, §11.2): characters' AP
// totals (doubled per Frozen card) plus equipment modifiers, 1 when
// resting (V-26); adversaries' from the drawn cards; ties settled by the
// engine (characters first, in CharacterOrder if given — the players'
// choice, default seating order — then adversaries by class-card colour
// order and the Decision die).
type DetermineInitiative struct {
	CharacterOrder []string `json:"characterOrder,omitempty"`
}

type initiativeResult struct {
	Order []phantom.OrderEntry `json:"order"`
	Trace []string             `json:"trace"`
}

func (c DetermineInitiative) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("draw")
	if err != nil {
		return "", err
	}
	for _, name := range c.CharacterOrder {
		if f := m.fig(name); f == nil || !f.character() {
			return "", tracker.Refuse("phantom-epoch §11.2", "%q is not a character on this mission", name)
		}
	}
	for _, f := range m.Figures {
		if f.character() && !f.Defeated {
			f.Initiative = s.charInitiative(f)
		}
	}
	res, err := keep(x, func() (initiativeResult, error) {
		sit, err := s.situation("initiative", "", c.CharacterOrder, nil)
		if err != nil {
			return initiativeResult{}, err
		}
		order, tr, err := phantom.TurnOrderOf(sit, x)
		if err != nil {
			return initiativeResult{}, tracker.Refuse("phantom-epoch §11.1 step 6", "%v", err)
		}
		return initiativeResult{Order: order, Trace: traceLines(tr)}, nil
	})
	if err != nil {
		return "", err
	}
	m.Order = nil
	var parts []string
	for _, o := range res.Order {
		m.Order = append(m.Order, o.Name)
		if f := m.fig(o.Name); f != nil {
			f.Initiative = o.Initiative
		}
		parts = append(parts, fmt.Sprintf("%s (%d)", o.Name, o.Initiative))
	}
	m.Phase = "turns"
	return "Turn order: " + strings.Join(parts, " → "), nil
}

// charInitiative is §11.1 step 6 for a character.
// CharacterInitiatives are the embarked characters' initiatives this
// round, as the turn order will count them from their cards (§11.1 step
// 6), by name; for a screen to tell whether two tie (the players then
// give their order).
func (s *State) CharacterInitiatives() map[string]int {
	out := map[string]int{}
	if m := s.Mission; m != nil {
		for _, f := range m.Figures {
			if f.character() && !f.Defeated {
				out[f.Name] = s.charInitiative(f)
			}
		}
	}
	return out
}

func (s *State) charInitiative(f *Figure) int {
	if f.Resting {
		return 1 // rest: 1, modifiers ignored (§6.3, V-26)
	}
	n := 0
	for _, id := range f.Selected {
		n += s.cardAP(f, id)
	}
	if ch := s.char(f.Name); ch != nil {
		for _, g := range ch.Equipment {
			if g.Slot != "" {
				n += s.Content.Equipment[g.ID].Initiative
			}
		}
	}
	return max(1, n) // V-26: a positive integer
}

func traceLines(tr automa.Trace) []string {
	return phantom.TraceLines(tr)
}

// next is the figure whose turn comes next.
func (m *Mission) next() string {
	for _, n := range m.Order {
		f := m.fig(n)
		if f == nil || f.Defeated || contains(m.Acted, n) {
			continue
		}
		return n
	}
	return ""
}

// StartTurn begins a character's turn (§6.4 steps 1–2, §6.3): temporary
// cards go to the discard pile; on a rest turn detrimental conditions are
// dropped first and the discard pile returns to the hand; otherwise
// Bleeding and Burning deal their damage; fire and poison under the
// character give Burning and Weakened again (§5.1). Adversaries' turns
// start with ResolveAdversaryTurn.
//
// Which detrimental conditions a rest drops (§4, §6.3 item 2: the
// character may remove any of them) follows the setting
// restRemovesAllDetrimental: on, all of them except those in Keep; off,
// only those in Drop.
type StartTurn struct {
	Character string `json:"character"`
	// Keep lists detrimental conditions a resting character chooses to
	// keep when the setting drops all of them.
	Keep []string `json:"keep,omitempty"`
	// Drop lists the detrimental conditions the players pick to remove
	// when the setting leaves the pick to them.
	Drop []string `json:"drop,omitempty"`
}

func (c StartTurn) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("turns")
	if err != nil {
		return "", err
	}
	if m.Current != "" {
		return "", tracker.Refuse("phantom-epoch §11.1 step 7", "%s's turn is not over", m.Current)
	}
	f, err := s.activeChar(m, c.Character)
	if err != nil {
		return "", err
	}
	if nx := m.next(); nx != f.Name {
		return "", tracker.Refuse("phantom-epoch §11.1 step 7", "it is %s's turn, not %s's", nx, f.Name)
	}
	// §6.3 item 2: the setting says which list the players give; the
	// other would be ignored. Keep given with the setting off was ignored
	// before this check, and replays so.
	switch {
	case len(c.Drop) > 0 && s.Settings.RestRemovesAllDetrimental:
		return "", tracker.Refuse("phantom-epoch §6.3", "the setting \"a rest removes all detrimental conditions\" is on: name those %s keeps, not those it drops", f.Name)
	case len(c.Keep) > 0 && !s.Settings.RestRemovesAllDetrimental && !x.apply:
		return "", tracker.Refuse("phantom-epoch §6.3", "the setting \"a rest removes all detrimental conditions\" is off: name those %s drops, not those it keeps", f.Name)
	}
	for _, cd := range c.Drop {
		cond, err := phantom.ParseCond(cd)
		switch {
		case !f.Resting:
			return "", tracker.Refuse("phantom-epoch §6.3", "%s is not resting: conditions are dropped only at the start of a rest turn", f.Name)
		case err != nil || !cond.Detrimental() || !f.has(cond):
			return "", tracker.Refuse("phantom-epoch §6.3", "%s can drop only a detrimental condition it has, not %q", f.Name, cd)
		}
	}
	m.Current = f.Name
	f.TurnStart = s.Tick
	f.Attacked, f.ConvertedAttack, f.Fumbled, f.ConvertedCard = false, false, false, false
	f.Discard = append(f.Discard, f.Temporary...)
	f.Temporary = nil
	hm, err := s.liveMap()
	if err != nil {
		return "", err
	}
	var parts []string
	sp, _ := hm.Space(f.Position)
	if f.Resting {
		for _, cd := range f.CondList() {
			cond, _ := phantom.ParseCond(cd)
			drop := !contains(c.Keep, cd) // setting on: all but those kept
			if !s.Settings.RestRemovesAllDetrimental {
				drop = slices.ContainsFunc(c.Drop, func(d string) bool { x, _ := phantom.ParseCond(d); return x == cond })
			}
			if cond.Detrimental() && drop {
				delete(f.Conditions, cd)
				parts = append(parts, "dropped "+cd)
			}
		}
		f.Hand = append(f.Hand, f.Discard...)
		f.Discard = nil
		parts = append(parts, "took the discard pile back")
	} else {
		if f.has(phantom.Bleeding) {
			parts = append(parts, s.hurt(m, f, 2, "Bleeding"))
		}
		if f.has(phantom.Burning) && !f.Defeated {
			parts = append(parts, s.hurt(m, f, 3, "Burning"))
			// §5.1: still on fire, Burning stays.
			if !f.Defeated && !(sp != nil && sp.Hazard == hex.Fire) {
				delete(f.Conditions, string(phantom.Burning))
			}
		}
	}
	if !f.Defeated && sp != nil {
		switch {
		case sp.Hazard == hex.Fire && !f.has(phantom.Burning):
			parts = append(parts, s.inflict(f, phantom.Burning, true))
		case sp.Hazard == hex.Poison && !f.has(phantom.Weakened):
			parts = append(parts, s.inflict(f, phantom.Weakened, true))
		}
	}
	line := fmt.Sprintf("%s's turn", f.Name)
	if f.Resting {
		line += " (rest)"
	}
	if len(parts) > 0 {
		line += ": " + strings.Join(parts, "; ")
	}
	return line, nil
}

// PlayCard plays one of the current character's selected cards (§6.4 step
// 3): as printed, converted to a Move (MP = AP), or converted to an Attack
// (one per turn). Frozen forbids conversion to a Move (§4); a Stunned character
// can only DiscardForStun. The card then goes to its pile.
type PlayCard struct {
	Character string `json:"character"`
	Card      string `json:"card"`
	// Convert: "" as printed, "move" or "attack".
	Convert string `json:"convert,omitempty"`
}

func (c PlayCard) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.current(c.Character)
	if err != nil {
		return "", err
	}
	_ = m
	if !contains(f.Selected, c.Card) {
		return "", tracker.Refuse("phantom-epoch §6.4", "%s has not selected %q", f.Name, c.Card)
	}
	if f.has(phantom.Stunned) {
		return "", tracker.Refuse("phantom-epoch §4", "%s is Stunned: discard a selected card to remove it, or do nothing", f.Name)
	}
	switch c.Convert {
	case "", "move", "attack":
	default:
		return "", tracker.Refuse("phantom-epoch §6.4", "a card converts to \"move\" or \"attack\"")
	}
	// §4 Frozen (the rulebook over §6.4/V-14's "no conversions"): a Frozen
	// figure's cards cannot be converted to movement; an Attack stays.
	if c.Convert == "move" && f.has(phantom.Frozen) {
		return "", tracker.Refuse("phantom-epoch §4, V-14", "%s is Frozen: its cards cannot be converted to movement", f.Name)
	}
	// §6.4 step 3, V-13: one card at most converts to an Attack, and not
	// after another (printed) Attack this turn. Conversions recorded before
	// this check replay as they were.
	if c.Convert == "attack" {
		switch {
		case x.apply:
		case f.ConvertedCard:
			return "", tracker.Refuse("phantom-epoch §6.4, V-13", "%s already converted a card to an Attack this turn: only one may be", f.Name)
		case f.Attacked && !f.ConvertedAttack:
			return "", tracker.Refuse("phantom-epoch §6.4, V-13", "%s already attacked this turn: a converted Attack must be the only one", f.Name)
		}
		f.ConvertedCard = true
	}
	f.Selected = remove(f.Selected, c.Card)
	ac := s.Content.ActionCards[c.Card]
	switch {
	case c.Convert == "" && ac.Temporary:
		f.Temporary = append(f.Temporary, c.Card)
	case c.Convert == "" && ac.Persistent:
		f.PersistentCards = append(f.PersistentCards, c.Card)
	default:
		f.Discard = append(f.Discard, c.Card)
	}
	how := ""
	switch c.Convert {
	case "move":
		how = fmt.Sprintf(" as a Move %d", ac.AP)
	case "attack":
		how = " as an Attack"
	}
	return fmt.Sprintf("%s played %s%s", f.Name, c.Card, how), nil
}

func (s *State) current(name string) (*Mission, *Figure, error) {
	m, err := s.inMission("turns")
	if err != nil {
		return nil, nil, err
	}
	f, err := s.activeChar(m, name)
	if err != nil {
		return nil, nil, err
	}
	if m.Current != f.Name {
		return nil, nil, tracker.Refuse("phantom-epoch §11.1 step 7", "it is not %s's turn", f.Name)
	}
	if m.Pending != nil {
		return nil, nil, tracker.Refuse(ruleAdv, "confirm or override %s's reaction first", m.Pending.Adversary)
	}
	return m, f, nil
}

// DiscardForStun discards one selected card without effect to remove
// Stunned (§4, §6.4).
type DiscardForStun struct {
	Character string `json:"character"`
	Card      string `json:"card"`
}

func (c DiscardForStun) exec(s *State, x *ctx) (string, error) {
	_, f, err := s.current(c.Character)
	if err != nil {
		return "", err
	}
	if !f.has(phantom.Stunned) {
		return "", tracker.Refuse("phantom-epoch §4", "%s is not Stunned", f.Name)
	}
	if !contains(f.Selected, c.Card) {
		return "", tracker.Refuse("phantom-epoch §4", "%s has not selected %q", f.Name, c.Card)
	}
	f.Selected = remove(f.Selected, c.Card)
	f.Discard = append(f.Discard, c.Card)
	delete(f.Conditions, string(phantom.Stunned))
	return fmt.Sprintf("%s discarded %s to shake off Stunned", f.Name, c.Card), nil
}

// EndTurn ends the current character's turn (§6.4 steps 4–5): unplayed
// selected cards are discarded; nova cells and treasure on or next to its
// space are taken; Frozen and Invisible gained before this turn began
// expire (§4).
type EndTurn struct {
	Character string `json:"character"`
}

func (c EndTurn) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.current(c.Character)
	if err != nil {
		return "", err
	}
	f.Discard = append(f.Discard, f.Selected...)
	f.Selected = nil
	var parts []string
	hm, err := s.liveMap()
	if err != nil {
		return "", err
	}
	if i, ok := hm.Index(f.Position); ok {
		spaces := append([]int{i}, toInts(hm.Neighbors(i))...)
		for _, j := range spaces {
			sp := hm.SpaceAt(j)
			if sp.NovaCells > 0 {
				f.Nova += sp.NovaCells
				parts = append(parts, fmt.Sprintf("took %d nova cells from %s", sp.NovaCells, sp.Label))
				sp.NovaCells = 0
			}
			if sp.Treasure.Kind != hex.NoToken && sp.Treasure.Present {
				sp.Treasure.Present = false
				m.TreasureTaken = append(m.TreasureTaken, sp.Treasure.Number)
				parts = append(parts, "took the treasure on "+sp.Label)
			}
		}
		if err := s.saveMap(hm); err != nil {
			return "", err
		}
	}
	parts = append(parts, s.expire(f)...)
	m.Acted = append(m.Acted, f.Name)
	m.Current = ""
	line := f.Name + "'s turn ends"
	if len(parts) > 0 {
		line += ": " + strings.Join(parts, "; ")
	}
	return line, nil
}

func toInts(a []int32) []int {
	out := make([]int, len(a))
	for i, v := range a {
		out[i] = int(v)
	}
	return out
}

// expire removes the conditions whose next full turn has ended (§4
// duration model): gained before the turn that just ended started.
func (s *State) expire(f *Figure) []string {
	var gone []string
	for _, cd := range f.CondList() {
		cond, _ := phantom.ParseCond(cd)
		lasts := cond == phantom.Frozen || cond == phantom.Invisible || (cond == phantom.Stunned && !f.character())
		if lasts && f.Conditions[cd] < f.TurnStart {
			delete(f.Conditions, cd)
			gone = append(gone, cd+" wore off")
		}
	}
	return gone
}

// ActivateOrb activates an active orb next to the current character at
// the end of its turn (§5.4); a campaign orb only once per campaign.
type ActivateOrb struct {
	Character string `json:"character"`
	Space     string `json:"space"`
}

func (c ActivateOrb) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.current(c.Character)
	if err != nil {
		return "", err
	}
	hm, err := s.liveMap()
	if err != nil {
		return "", err
	}
	i, ok := hm.Index(c.Space)
	j, ok2 := hm.Index(f.Position)
	if !ok || !ok2 || !hm.Adjacent(i, j) {
		return "", tracker.Refuse("phantom-epoch §5.4", "%s is not next to %q", f.Name, c.Space)
	}
	sp := hm.SpaceAt(i)
	if sp.Orb.Kind == hex.NoToken || !sp.Orb.Active {
		return "", tracker.Refuse("phantom-epoch §5.4", "there is no active orb on %s", c.Space)
	}
	if sp.Orb.Kind == hex.CampaignToken && containsInt(s.Sheet.OrbsActivated, sp.Orb.Number) {
		return "", tracker.Refuse("phantom-epoch V-18", "campaign orb %d was already activated in this campaign", sp.Orb.Number)
	}
	sp.Orb.Active = false
	if sp.Orb.Kind == hex.CampaignToken {
		m.OrbsActivated = append(m.OrbsActivated, sp.Orb.Number)
	}
	if err := s.saveMap(hm); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s activated the orb on %s", f.Name, c.Space), nil
}

// UseItem uses an item a character took on the mission: a once-per-mission
// item is flipped, a single-use item leaves the list (V-28).
type UseItem struct {
	Character string `json:"character"`
	Item      string `json:"item"`
}

func (c UseItem) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission()
	if err != nil {
		return "", err
	}
	f, err := s.activeChar(m, c.Character)
	if err != nil {
		return "", err
	}
	if f.has(phantom.Stunned) || f.has(phantom.KnockedDown) {
		return "", tracker.Refuse("phantom-epoch §4", "%s is Stunned or Knocked Down: no items", f.Name)
	}
	i := slices.IndexFunc(f.Items, func(it Item) bool { return it.ID == c.Item })
	if i < 0 {
		return "", tracker.Refuse("phantom-epoch V-28", "%s has no item %q on this mission", f.Name, c.Item)
	}
	if f.Items[i].Used {
		return "", tracker.Refuse("phantom-epoch V-28", "%s was already used this mission", c.Item)
	}
	if s.Content.Items[c.Item].OncePerMission {
		f.Items[i].Used = true
		return fmt.Sprintf("%s used %s (flipped until the mission ends)", f.Name, c.Item), nil
	}
	f.Items = slices.Delete(f.Items, i, i+1)
	if ch := s.char(f.Name); ch != nil {
		ch.Items = remove(ch.Items, c.Item)
	}
	return fmt.Sprintf("%s used up %s", f.Name, c.Item), nil
}

// EndRound is round steps 8–9: every figure in the turn order has had its
// turn; the adversary cards are discarded, persistent boss cards excepted.
type EndRound struct{}

func (c EndRound) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("turns")
	if err != nil {
		return "", err
	}
	if m.Current != "" || m.Pending != nil {
		return "", tracker.Refuse("phantom-epoch §11.1", "%s's turn is not over", m.Current)
	}
	if n := m.next(); n != "" {
		return "", tracker.Refuse("phantom-epoch §13.2", "%s has not had its turn this round", n)
	}
	persist := map[string]bool{}
	for _, ids := range m.Persistent {
		for _, id := range ids {
			persist[id] = true
		}
	}
	m.Decks.DiscardRound(persist)
	m.Phase = "end"
	return fmt.Sprintf("Round %d ends", m.Round), nil
}

func init() {
	register(StartMission{}, BeginRound{}, SelectCards{}, Rest{}, DrawAdversaryCards{}, DetermineInitiative{},
		StartTurn{}, PlayCard{}, DiscardForStun{}, EndTurn{}, ActivateOrb{}, UseItem{}, EndRound{})
}

// resort puts the figures that have not acted yet back in initiative
// order after something changed an initiative mid-round (§11.1: Frozen
// gained or lost before a figure's turn moves it). Ties keep the order
// already settled at step 6.
func (s *State) resort(m *Mission) {
	if m.Phase != "turns" {
		return
	}
	drawn := map[string]phantom.Drawn{}
	for _, d := range m.Decks.InPlay {
		drawn[d.Type] = d
	}
	var done, rest []string
	for _, n := range m.Order {
		if contains(m.Acted, n) || n == m.Current {
			done = append(done, n)
			continue
		}
		rest = append(rest, n)
	}
	for _, n := range rest {
		f := m.fig(n)
		if f == nil || f.Defeated {
			continue
		}
		frozen := f.has(phantom.Frozen)
		switch f.Side {
		case "character":
			f.Initiative = s.charInitiative(f)
		case "boss":
			bb := s.Content.Bosses[f.Type]
			if d, ok := drawn[f.Type]; ok {
				bc := s.Content.BossCards[d.Boss]
				if v, err := phantom.BossInitiative(&bb, &bc, frozen); err == nil {
					f.Initiative = v
				}
			}
		default:
			if d, ok := drawn[f.Type]; ok {
				sc := s.Content.SpeciesCards[d.Species].Card
				cc := s.Content.ClassCards[d.Class].Card
				if row, ok := cc.Row(phantom.Colour(f.Colour)); ok {
					f.Initiative = phantom.AdversaryInitiative(&sc, row, frozen)
				}
			}
		}
	}
	slices.SortStableFunc(rest, func(a, b string) int {
		return m.fig(a).Initiative - m.fig(b).Initiative
	})
	m.Order = append(done, rest...)
}
