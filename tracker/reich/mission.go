package reich

import (
	"slices"
	"strings"

	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// HeroSetup is one hero brought into a mission (spec §4.1, §8.1).
type HeroSetup struct {
	ID, Name, Player string
	// Area is the entrance the hero starts on (CHOICE).
	Area    string
	Defence int
	// Weapons are the two weapon tokens on the character card (V-09).
	Weapons [2]Weapon
	// StartingSkill is the skill token on the character card; in a
	// campaign a returning hero keeps the skills on record instead.
	StartingSkill string
	// Items handed out from the team card or the HQ card (V-08: at most 4).
	Items []Item
}

// StartMission sets a mission up (spec §4): the map, faction card and decks
// from the campaign's content, the heroes with their starting hands, the
// tracker and the shared heroism points.
type StartMission struct {
	Mission string // a map's mission id
	Mode    string // raid, campaign, noteRaid, noteCampaign
	Faction string
	Heroes  []HeroSetup
	// Variant12: 1–2 players with 1 hero each (§5.4, §11.2).
	Variant12 bool
	// Tracker lengths; 0 takes the mission details' values.
	PreAlarm, PostAlarm, AlienWorld int
	// SpawnDeck, NoiseDeck (pre-alarm or alien world) and PostNoiseDeck
	// list the card ids shuffled into each deck; empty takes every card of
	// the content (minus the campaign removals, V-33).
	SpawnDeck, NoiseDeck, PostNoiseDeck []string
	// HPShared are the heroism points on the team card (raid); a campaign
	// mission uses the HQ card's instead.
	HPShared []string
	// HPSupply is the face-down heroism point supply; empty takes the
	// campaign's record.
	HPSupply []string
	// PlayersDraw names the decks the players draw at the table from the
	// start ("spawn", "noise", "postNoise", "hp"); the app draws the rest
	// (DrawBy changes it later).
	PlayersDraw []string
}

func (c StartMission) decide(t *tx, d *tracker.Dice) (string, error) {
	s := t.s
	if s.Mission != nil {
		if !s.Mission.Ended {
			return "", tracker.Refuse("reichbusters §4", "mission %s is still in play", s.Mission.ID)
		}
		return "", tracker.Refuse("reichbusters §10.2", "mission %s has ended; close it (the after-mission step) before the next one", s.Mission.ID)
	}
	switch c.Mode {
	case ModeRaid, ModeCampaign:
		if s.Settings.NotOfThisEarth {
			return "", tracker.Refuse("reichbusters §11", "this campaign plays Not of this Earth!: the mission is a %s or a %s", ModeWords(ModeNoteRaid), ModeWords(ModeNoteCampaign))
		}
	case ModeNoteRaid, ModeNoteCampaign:
		if !s.Settings.NotOfThisEarth {
			return "", tracker.Refuse("reichbusters §11", "switch the Not of this Earth! setting on to play its missions")
		}
	default:
		return "", tracker.Refuse("reichbusters §2.4", "a mission is played as a %s, a %s, a %s or a %s", ModeWords(ModeRaid), ModeWords(ModeCampaign), ModeWords(ModeNoteRaid), ModeWords(ModeNoteCampaign))
	}
	campaign := c.Mode == ModeCampaign || c.Mode == ModeNoteCampaign
	note := c.Mode == ModeNoteRaid || c.Mode == ModeNoteCampaign
	if campaign && s.Campaign.Debrief != nil {
		return "", tracker.Refuse("reichbusters §10.2", "finish the after-mission step of %s first", s.Campaign.Debrief.Mission)
	}
	if campaign && s.Campaign.Difficulty == nil {
		return "", tracker.Refuse("reichbusters §4.3", "choose the campaign's difficulty before the first mission")
	}
	mp := s.Library.mapOf(c.Mission)
	if mp == nil {
		return "", tracker.Refuse("reichbusters §2.4", "there is no map for mission %q in the campaign's content", c.Mission)
	}
	fac := s.Library.faction(c.Faction)
	if fac == nil {
		return "", tracker.Refuse("reichbusters §2.1", "there is no faction card %q in the campaign's content", c.Faction)
	}
	info := s.Library.missionInfo(c.Mission)
	if info == nil {
		info = &MissionInfo{ID: c.Mission}
	}
	pre, post, alien := pick(c.PreAlarm, info.PreAlarm), pick(c.PostAlarm, info.PostAlarm), pick(c.AlienWorld, info.AlienWorld)
	if note {
		if c.Variant12 {
			alien = 8 // §11.2: the 8-round side whatever the mission
		}
		if alien < 1 {
			return "", tracker.Refuse("reichbusters §11.1", "give the alien world tracker's length")
		}
	} else if pre < 1 || post < 1 {
		return "", tracker.Refuse("reichbusters §2.4", "give the pre-alarm and post-alarm tracker lengths (from the objective card)")
	}
	if s.Settings.SpawnLevelSource == "trackerColour" && !note && (len(info.PreColours) != pre || len(info.PostColours) != post) {
		return "", tracker.Refuse("reichbusters §2.2", "spawn levels come from the tracker's colours: enter a colour for every tracker space of mission %s", c.Mission)
	}
	// V-01: 1–4 heroes, each once.
	if len(c.Heroes) < 1 || len(c.Heroes) > 4 {
		return "", tracker.Refuse("reichbusters V-01", "a mission has 1 to 4 heroes, not %d", len(c.Heroes))
	}
	if c.Variant12 && len(c.Heroes) > 2 {
		return "", tracker.Refuse("reichbusters V-41", "the 1–2 player variant is for 1 or 2 heroes, one per player")
	}
	if c.Variant12 && len(c.Heroes) == 2 && c.Heroes[0].Player != "" && strings.EqualFold(strings.TrimSpace(c.Heroes[0].Player), strings.TrimSpace(c.Heroes[1].Player)) {
		// V-41: each of the 1–2 players controls 1 hero.
		return "", tracker.Refuse("reichbusters V-41", "the 1–2 player variant is for players with 1 hero each; %s runs both heroes", c.Heroes[0].Player)
	}
	b, err := board.New(mp)
	if err != nil {
		return "", tracker.Refuse("reichbusters §3.2", "%v", err)
	}
	ids := map[string]bool{}
	hqItems := slices.Clone(s.Campaign.HQItems)
	if campaign {
		for _, name := range info.HQAdditions {
			hqItems = append(hqItems, Item{Name: name})
		}
	}
	var heroes []Hero
	for i, hs := range c.Heroes {
		if strings.TrimSpace(hs.ID) == "" {
			return "", tracker.Refuse("reichbusters V-01", "hero %d has no id", i+1)
		}
		if ids[hs.ID] {
			return "", tracker.Refuse("reichbusters V-01", "hero %s is in the mission twice", hs.ID)
		}
		ids[hs.ID] = true
		name := strings.TrimSpace(hs.Name)
		if name == "" {
			name = hs.ID
		}
		if _, ok := b.Index(hs.Area); !ok {
			return "", tracker.Refuse("reichbusters §4.1", "%s starts in area %q, which is not on the map", name, hs.Area)
		}
		if len(mp.Entrances) > 0 && !slices.Contains(mp.Entrances, hs.Area) {
			return "", tracker.Refuse("reichbusters §4.1", "%s must start on an entrance (%s), not in %s", name, strings.Join(mp.Entrances, ", "), hs.Area)
		}
		if hs.Defence < 0 {
			return "", tracker.Refuse("reichbusters §9", "%s's defence must be 0 or more", name)
		}
		for w := range hs.Weapons {
			if strings.TrimSpace(hs.Weapons[w].Name) == "" {
				return "", tracker.Refuse("reichbusters V-09", "%s needs exactly 2 weapons; weapon %d has no name", name, w+1)
			}
			if hs.Weapons[w].Range < 0 {
				return "", tracker.Refuse("reichbusters V-09", "%s's %s has a negative range", name, hs.Weapons[w].Name)
			}
		}
		if len(hs.Items) > MaxItems {
			return "", tracker.Refuse("reichbusters V-08", "%s can carry at most %d items, not %d", name, MaxItems, len(hs.Items))
		}
		h := Hero{ID: hs.ID, Name: name, Player: hs.Player, Area: hs.Area, Defence: hs.Defence, Weapons: hs.Weapons,
			Items: slices.Clone(hs.Items), Hand: 4, Draw: DeckSize - 4} // §4.1 step 3, V-02
		for w := range h.Weapons {
			h.Weapons[w].Status = StatusNone
		}
		if hs.StartingSkill != "" {
			h.Skills = []Skill{{ID: canonicalSkill(hs.StartingSkill), Type: skillType(hs.StartingSkill), Active: true, Starting: true}}
		}
		if campaign {
			if rec := s.Campaign.hero(hs.ID); rec != nil {
				h.Name = rec.Name
				h.Skills = slices.Clone(rec.Skills)
				h.Wounds = slices.Clone(rec.Wounds)
				for w := range rec.Weapons {
					if w < 2 {
						h.Weapons[w].Vril = rec.Weapons[w].Vril
					}
				}
				h.HP = slices.Clone(rec.HP)
			}
			// HQ items are handed out to the heroes (§4.3 step 4).
			for _, it := range hs.Items {
				j := slices.IndexFunc(hqItems, func(x Item) bool { return strings.EqualFold(x.Name, it.Name) })
				if j < 0 {
					return "", tracker.Refuse("reichbusters §4.3", "%s is given %s, which is not on the HQ card", name, it.Name)
				}
				hqItems = slices.Delete(hqItems, j, j+1)
			}
		}
		heroes = append(heroes, h)
	}
	// Decks (§4.1 step 7, §4.3 step 5, §11.1, V-33).
	spawnIDs := c.SpawnDeck
	if len(spawnIDs) == 0 {
		for _, sc := range s.Library.SpawnCards {
			if !(campaign && slices.Contains(content.CampaignRemovedSpawn, sc.ID)) {
				spawnIDs = append(spawnIDs, sc.ID)
			}
		}
	}
	noiseDeckName := content.DeckPreAlarm
	if note {
		noiseDeckName = content.DeckAlienWorld
	}
	pickNoise := func(ids []string, deck string) ([]string, error) {
		if len(ids) > 0 {
			for _, id := range ids {
				nc := s.Library.noiseCard(id)
				if nc == nil {
					return nil, tracker.Refuse("reichbusters §2.3", "noise card %s is not in the campaign's content", id)
				}
				if nc.Deck != deck {
					return nil, tracker.Refuse("reichbusters §2.3", "noise card %s is a card of the noise deck %s, not of the one %s", id, NoiseDeckWords(nc.Deck), NoiseDeckWords(deck))
				}
			}
			return ids, nil
		}
		var out []string
		for _, nc := range s.Library.NoiseCards {
			if nc.Deck == deck && !(campaign && note && slices.Contains(content.NotECampaignRemovedNoise, nc.ID)) {
				out = append(out, nc.ID)
			}
		}
		return out, nil
	}
	noiseIDs, err := pickNoise(c.NoiseDeck, noiseDeckName)
	if err != nil {
		return "", err
	}
	var postIDs []string
	if !note {
		if postIDs, err = pickNoise(c.PostNoiseDeck, content.DeckPostAlarm); err != nil {
			return "", err
		}
	}
	if campaign {
		if err := content.CheckCampaignDecks(spawnIDs, nil, noiseIDs, note); err != nil {
			return "", tracker.Refuse("reichbusters V-33", "%v", err)
		}
	}
	cards := &content.Content{Faction: *fac}
	for _, id := range spawnIDs {
		sc := s.Library.spawnCard(id)
		if sc == nil {
			return "", tracker.Refuse("reichbusters §2.2", "spawn card %s is not in the campaign's content", id)
		}
		cards.SpawnCards = append(cards.SpawnCards, *sc)
	}
	if err := cards.Validate(); err != nil {
		return "", tracker.Refuse("reichbusters V-23", "%v", err)
	}
	if len(spawnIDs) == 0 {
		return "", tracker.Refuse("reichbusters §4.1", "the spawn deck is empty: enter the spawn cards first")
	}
	// HPs (§4.2 step 4, §4.3 step 4).
	shared := slices.Clone(c.HPShared)
	if campaign {
		if len(c.HPShared) > 0 {
			return "", tracker.Refuse("reichbusters §4.3", "a campaign mission uses the HQ card's heroism points")
		}
		shared = slices.Clone(s.Campaign.HQHP)
	}
	supply := slices.Clone(c.HPSupply)
	if len(supply) == 0 {
		supply = slices.Clone(s.Campaign.HPSupply)
	}
	for i, k := range append(slices.Clone(shared), supply...) {
		if !validHP(k) {
			return "", tracker.Refuse("reichbusters §6.5", "heroism point %d: %q is not attack, defence or wild", i+1, k)
		}
	}
	m := &Mission{ID: c.Mission, Mode: c.Mode, Faction: c.Faction, Map: *mp, Round: 1, Step: StepChooseOrder,
		Variant12: c.Variant12, Heroes: heroes, HPShared: shared, HPSupply: supply, NextID: 1,
		SpawnDeck: Deck{Draw: shuffled(d, spawnIDs)}, NoiseDeck: Deck{Draw: shuffled(d, noiseIDs)}, PostNoise: Deck{Draw: shuffled(d, postIDs)}}
	for i, name := range c.PlayersDraw {
		switch {
		case !slices.Contains(DeckNames, name):
			return "", tracker.Refuse("reichbusters §1", "deck %d: there is no deck %q; the players may draw the spawn deck, the noise deck, the post-alarm noise deck and the heroism point supply", i+1, name)
		case name == "postNoise" && note:
			return "", tracker.Refuse("reichbusters §1", "an alien world mission has no post-alarm noise deck")
		case slices.Contains(c.PlayersDraw[:i], name):
			return "", tracker.Refuse("reichbusters §1", "the %s is named twice", DeckWords(name))
		}
		switch name {
		case "hp":
			m.HPByPlayers = true
		case "turnOrder":
			m.TurnOrderByPlayers = true
		default:
			if d, err := m.deck(name); err == nil {
				d.ByPlayers = true
			}
		}
	}
	if note {
		m.Phase = PhaseAlienWorld
		m.Tracker = Tracker{Section: "alien", Pos: 1, Alien: alien}
	} else {
		m.Phase = PhasePreAlarm
		m.Tracker = Tracker{Section: "pre", Pos: 1, Pre: pre, Post: post, PreColours: info.PreColours, PostColours: info.PostColours}
	}
	for _, dr := range mp.Doors {
		if m.Doors == nil {
			m.Doors = map[string]content.DoorState{}
		}
		m.Doors[dr.ID] = dr.State
	}
	for _, tk := range mp.SpawnTokens {
		m.Tokens = append(m.Tokens, Token{ID: tk.ID, Area: tk.Area, Icons: slices.Clone(tk.Icons)})
	}
	t.do(Op{Op: opMission, Mission: m})
	if campaign {
		rest := hqItems
		t.campaign(func(r *CampaignRecord) {
			r.Started = true
			r.HQItems = rest // unassigned HQ items stay on the HQ card
		})
	}
	names := make([]string, len(heroes))
	for i, h := range heroes {
		names[i] = h.Name
	}
	t.say("%s (%s) set up against %s with %s; tracker %s", MissionName(c.Mission), ModeWords(c.Mode), fac.Name, strings.Join(names, ", "), m.Tracker.String())
	for _, name := range c.PlayersDraw {
		t.say("the players draw the %s at the table", DeckWords(name))
	}
	return "mission.start", nil
}

func pick(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}

// shuffled is a seeded shuffle of the card ids (first card on top).
func shuffled(d *tracker.Dice, ids []string) []string {
	if len(ids) == 0 {
		return nil
	}
	p := d.Shuffle(len(ids))
	out := make([]string, len(ids))
	for i, j := range p {
		out[i] = ids[j]
	}
	return out
}

// heroesInPlay are the heroes still on the map, in setup order.
func (m *Mission) heroesInPlay() []string {
	var out []string
	for _, h := range m.Heroes {
		if !h.Escaped {
			out = append(out, h.ID)
		}
	}
	return out
}

func (m *Mission) board() (*board.Board, error) { return board.New(&m.Map) }

// doorStates lists the doors' states now, in the map's order.
func (m *Mission) doorStates() []content.DoorState {
	out := make([]content.DoorState, len(m.Map.Doors))
	for i, d := range m.Map.Doors {
		out[i] = d.State
		if st, ok := m.Doors[d.ID]; ok {
			out[i] = st
		}
	}
	return out
}

// inPlay checks a mission is in play and not over.
func (s *State) inPlay(rule string) (*Mission, error) {
	m := s.Mission
	if m == nil {
		return nil, tracker.Refuse(rule, "no mission is in play")
	}
	if m.Ended {
		return nil, tracker.Refuse(rule, "mission %s has ended", m.ID)
	}
	return m, nil
}

// fmtList joins ids for a diary line.
func fmtList(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}
