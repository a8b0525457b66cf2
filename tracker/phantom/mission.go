package phantom

import (
	"fmt"
	"slices"
	"strings"

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

func init() {
	register(StartMission{}, BeginRound{}, SelectCards{}, Rest{}, DrawAdversaryCards{}, DetermineInitiative{},
		StartTurn{}, PlayCard{}, DiscardForStun{}, EndTurn{}, ActivateOrb{}, UseItem{}, EndRound{})
}
