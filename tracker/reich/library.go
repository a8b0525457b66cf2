package reich

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablekeeper/automa"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
)

// Content the players supply (spec §2), entered once per campaign and
// reusable: faction cards, spawn cards, noise cards, mission maps and the
// mission details. Every entry is checked with automa/reich/content's
// validation before it is stored.

// PutFaction adds a faction card, or replaces the one with the same id.
type PutFaction struct{ Faction content.Faction }

// RemoveFaction takes a faction card out of the campaign's content.
type RemoveFaction struct{ ID string }

// PutSpawnCard adds a spawn card, or replaces the one with the same id.
type PutSpawnCard struct{ Card content.SpawnCard }

// RemoveSpawnCard takes a spawn card out.
type RemoveSpawnCard struct{ ID string }

// PutNoiseCard adds a noise card, or replaces the one with the same id.
type PutNoiseCard struct{ Card content.NoiseCard }

// RemoveNoiseCard takes a noise card out.
type RemoveNoiseCard struct{ ID string }

// PutMap adds a mission map (keyed by its mission id), or replaces it.
type PutMap struct{ Map content.Map }

// RemoveMap takes a mission map out.
type RemoveMap struct{ MissionID string }

// PutMissionInfo adds a mission's tracker lengths, chart and HQ items, or
// replaces them.
type PutMissionInfo struct{ Info MissionInfo }

// RemoveMissionInfo takes a mission's details out.
type RemoveMissionInfo struct{ ID string }

// ImportContent replaces or merges content from a content file made by
// ExportContent. The whole file is checked before anything changes; with
// Replace false, entries with an id already present are replaced and the
// others kept, and with Prune too (an update from a newer file) the
// entries the file lacks go, except what the campaign uses. Nothing the
// campaign uses is ever removed: such an import is refused, naming it.
type ImportContent struct {
	Data    []byte
	Replace bool
	Prune   bool `json:",omitempty"`
}

// ContentFile is the content file format: a campaign's content, shareable
// with another group.
type ContentFile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Name is the content set's name, as the device's library lists it.
	Name string `json:"name,omitempty"`
	// Practice marks content made up for this app to try it, never the
	// printed cards; the screens say so wherever it shows.
	Practice bool    `json:"practice,omitempty"`
	Content  Library `json:"content"`
}

// The content file's format name and version.
const (
	ContentFormat  = "tablekeeper-reichbusters-content"
	ContentVersion = 1
)

// ExportContent writes the campaign's content as a content file.
func ExportContent(s *State) ([]byte, error) {
	return ExportContentNamed(s, "")
}

// ExportContentNamed writes the campaign's content as a content file named
// name (the content set's name in a device's library).
func ExportContentNamed(s *State, name string) ([]byte, error) {
	if s == nil {
		return nil, fmt.Errorf("no campaign to export content from")
	}
	lib := s.Library
	practice := lib.Practice
	lib.Practice = false // the file says it once, for the whole set
	return json.MarshalIndent(ContentFile{Format: ContentFormat, Version: ContentVersion, Name: name, Practice: practice, Content: lib}, "", "  ")
}

// ParseContentFile reads and checks a whole content file. A practice
// file's library is marked Practice.
func ParseContentFile(data []byte) (*Library, error) {
	f, err := ReadContentFile(data)
	if err != nil {
		return nil, err
	}
	return &f.Content, nil
}

// MaxContentFile bounds a content file, checked before any of it is read:
// a whole game's cards and maps are far smaller (before, a 20 MB file was
// taken, and 16 MB refused only after 5–7 s and 400 MB of allocation).
const MaxContentFile = 8 << 20

// ReadContentFile reads and checks a whole content file, with its name.
// Every name, ID and text in it keeps the rules of campaign names, and
// two IDs that read the same are one ID twice.
func ReadContentFile(data []byte) (*ContentFile, error) {
	if len(data) > MaxContentFile {
		return nil, fmt.Errorf("content file: it is %d MB, larger than any content file (at most %d MB): it was not read", (len(data)+1<<20-1)>>20, MaxContentFile>>20)
	}
	if err := tracker.TextsError("content file", tracker.ContentTexts(data)); err != nil {
		return nil, err
	}
	var f ContentFile
	if err := content.Decode(data, &f, "content file"); err != nil {
		return nil, err
	}
	if err := tracker.CheckLine(f.Name); err != nil || len([]rune(f.Name)) > tracker.MaxIDLen {
		if err == nil {
			err = fmt.Errorf("it is %d characters long; at most %d fit", len([]rune(f.Name)), tracker.MaxIDLen)
		}
		return nil, fmt.Errorf("content file: its name: %w", err)
	}
	if f.Format != ContentFormat {
		return nil, fmt.Errorf("content file: this is not a Reichbusters content file (its format field says %q)", f.Format)
	}
	switch {
	case f.Version > ContentVersion:
		return nil, fmt.Errorf("content file: it was made by a newer Tablekeeper (content file version %d; this one reads up to version %d): update Tablekeeper to read it", f.Version, ContentVersion)
	case f.Version < 1:
		return nil, fmt.Errorf("content file: version: %d is no content file version (they start at 1)", f.Version)
	}
	if err := f.Content.Validate(); err != nil {
		return nil, fmt.Errorf("content file: %w", err)
	}
	f.Content.Practice = f.Practice
	return &f, nil
}

// Validate checks every entry of the library, and that ids are unique:
// first in the players' words, every problem at once (Problems), then by
// the enemy rules' own checks, the last gate.
func (l *Library) Validate() error {
	if ps := l.Problems(); len(ps) > 0 {
		return ps
	}
	if err := l.checkIDs(); err != nil {
		return err
	}
	ids := map[string]bool{}
	for i := range l.Factions {
		f := &l.Factions[i]
		if strings.TrimSpace(f.ID) == "" {
			return fmt.Errorf("faction card %d has no id", i+1)
		}
		if ids[tracker.IDKey(f.ID)] {
			return fmt.Errorf("faction card id %q is used twice (IDs that read the same are one)", f.ID)
		}
		ids[tracker.IDKey(f.ID)] = true
		if err := f.Validate(); err != nil {
			return fmt.Errorf("faction %s: %w", f.ID, err)
		}
	}
	clear(ids)
	for i := range l.SpawnCards {
		c := &l.SpawnCards[i]
		if err := c.Validate(); err != nil {
			return fmt.Errorf("spawn card %d: %w", i+1, err)
		}
		if ids[tracker.IDKey(c.ID)] {
			return fmt.Errorf("spawn card id %q is used twice (IDs that read the same are one)", c.ID)
		}
		ids[tracker.IDKey(c.ID)] = true
	}
	clear(ids)
	for i := range l.NoiseCards {
		c := &l.NoiseCards[i]
		if err := c.Validate(); err != nil {
			return fmt.Errorf("noise card %d: %w", i+1, err)
		}
		if ids[tracker.IDKey(c.ID)] {
			return fmt.Errorf("noise card id %q is used twice (IDs that read the same are one)", c.ID)
		}
		ids[tracker.IDKey(c.ID)] = true
	}
	clear(ids)
	for i := range l.Maps {
		m := &l.Maps[i]
		if strings.TrimSpace(m.MissionID) == "" {
			return fmt.Errorf("map %d has no mission id", i+1)
		}
		if ids[tracker.IDKey(m.MissionID)] {
			return fmt.Errorf("two maps are for mission %q (IDs that read the same are one)", m.MissionID)
		}
		ids[tracker.IDKey(m.MissionID)] = true
		if err := m.Validate(); err != nil {
			return fmt.Errorf("mission %s: %w", m.MissionID, err)
		}
	}
	clear(ids)
	for i := range l.Missions {
		mi := &l.Missions[i]
		if err := mi.Validate(); err != nil {
			return err
		}
		if ids[tracker.IDKey(mi.ID)] {
			return fmt.Errorf("mission details for %q are given twice (IDs that read the same are one)", mi.ID)
		}
		ids[tracker.IDKey(mi.ID)] = true
	}
	return nil
}

// Validate checks a mission's details.
func (mi *MissionInfo) Validate() error {
	if strings.TrimSpace(mi.ID) == "" {
		return fmt.Errorf("mission details have no mission id")
	}
	if mi.PreAlarm < 0 || mi.PostAlarm < 0 || mi.AlienWorld < 0 {
		return fmt.Errorf("mission %s: tracker lengths must be 0 or more", mi.ID)
	}
	for i, l := range append(slices.Clone(mi.PreColours), mi.PostColours...) {
		if !l.Valid() {
			return fmt.Errorf("mission %s: tracker colour %d: %q is not green, orange or red", mi.ID, i+1, l)
		}
	}
	if len(mi.PreColours) > 0 && len(mi.PreColours) != mi.PreAlarm {
		return fmt.Errorf("mission %s: %d pre-alarm space colours for %d spaces", mi.ID, len(mi.PreColours), mi.PreAlarm)
	}
	if len(mi.PostColours) > 0 && len(mi.PostColours) != mi.PostAlarm {
		return fmt.Errorf("mission %s: %d post-alarm space colours for %d spaces", mi.ID, len(mi.PostColours), mi.PostAlarm)
	}
	for i, r := range mi.VictoryChart {
		if strings.TrimSpace(r.Text) == "" {
			return fmt.Errorf("mission %s: Victory or Defeat? row %d is empty", mi.ID, i+1)
		}
	}
	return nil
}

// lookAlike is an element whose key reads as v's but is spelled
// otherwise ("PRACTICE-RELAY" for "practice-relay "): putting v would
// make two of one piece.
func lookAlike[T any](list []T, v T, key func(T) string) (string, bool) {
	k := tracker.IDKey(key(v))
	for i := range list {
		if other := key(list[i]); other != key(v) && tracker.IDKey(other) == k {
			return other, true
		}
	}
	return "", false
}

// checkPut refuses to put v, of the kind named what, when its texts break
// the rules of campaign names or its key reads as another's.
func checkPut[T any](what string, list []T, v T, key func(T) string) error {
	if id := key(v); strings.TrimSpace(id) != id {
		return fmt.Errorf("%s %q: its ID starts or ends with a space, so it would look the same as another without", what, id)
	}
	if _, err := tracker.CheckID(key(v)); err != nil && key(v) != "" {
		return fmt.Errorf("%s: its ID %w", what, err)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := tracker.TextsError(what+" "+strconv.Quote(key(v)), tracker.ContentTexts(data)); err != nil {
		return err
	}
	if other, ok := lookAlike(list, v, key); ok {
		return fmt.Errorf("%s %q reads the same as %q already here: spell it so to change that one, or give it another ID", what, key(v), other)
	}
	return nil
}

// put replaces the element with the same key, or appends.
func put[T any](list []T, v T, key func(T) string) ([]T, bool) {
	for i := range list {
		if key(list[i]) == key(v) {
			out := slices.Clone(list)
			out[i] = v
			return out, true
		}
	}
	return append(slices.Clone(list), v), false
}

func remove[T any](list []T, id string, key func(T) string) ([]T, bool) {
	i := slices.IndexFunc(list, func(v T) bool { return key(v) == id })
	if i < 0 {
		return list, false
	}
	return slices.Delete(slices.Clone(list), i, i+1), true
}

func (t *tx) library(l Library) { t.do(Op{Op: opLibrary, Library: &l}) }

func (c PutFaction) decide(t *tx, _ *tracker.Dice) (string, error) {
	f := c.Faction
	if ps := FactionProblems(f); len(ps) > 0 {
		return "", tracker.Refuse("reichbusters §2.1", "%v", ps)
	}
	if err := f.Validate(); err != nil {
		return "", tracker.Refuse("reichbusters §2.1", "%v", err)
	}
	if m := t.s.Mission; m != nil && !m.Ended && m.Faction == f.ID {
		for _, u := range m.Units {
			if f.Unit(u.Code) == nil {
				return "", tracker.Refuse("reichbusters §2.1", "unit %s on the map is a %s, which the changed faction card no longer lists", u.ID, u.Code)
			}
		}
	}
	l := t.s.Library
	if err := checkPut("faction card", l.Factions, f, func(f content.Faction) string { return f.ID }); err != nil {
		return "", tracker.Refuse("reichbusters §2.1", "%v", err)
	}
	var replaced bool
	l.Factions, replaced = put(l.Factions, f, func(f content.Faction) string { return f.ID })
	t.library(l)
	t.say("%s faction card %s (%s, %d unit types)", verb(replaced), f.ID, f.Name, len(f.Units))
	return "content.faction", nil
}

func verb(replaced bool) string {
	if replaced {
		return "Changed"
	}
	return "Added"
}

func (c RemoveFaction) decide(t *tx, _ *tracker.Dice) (string, error) {
	l := t.s.Library
	var ok bool
	if l.Factions, ok = remove(l.Factions, c.ID, func(f content.Faction) string { return f.ID }); !ok {
		return "", tracker.Refuse("reichbusters §2.1", "there is no faction card %q", c.ID)
	}
	if m := t.s.Mission; m != nil && !m.Ended && m.Faction == c.ID {
		return "", tracker.Refuse("reichbusters §2.1", "faction card %s is in use by the mission in play", c.ID)
	}
	t.library(l)
	t.say("Removed faction card %s", c.ID)
	return "content.faction", nil
}

func (c PutSpawnCard) decide(t *tx, _ *tracker.Dice) (string, error) {
	if ps := SpawnCardProblems(c.Card, t.s.Library.Factions); len(ps) > 0 {
		return "", tracker.Refuse("reichbusters §2.2", "%v", ps)
	}
	if err := c.Card.Validate(); err != nil {
		return "", tracker.Refuse("reichbusters §2.2", "spawn card: %v", err)
	}
	l := t.s.Library
	if err := checkPut("spawn card", l.SpawnCards, c.Card, func(c content.SpawnCard) string { return c.ID }); err != nil {
		return "", tracker.Refuse("reichbusters §2.2", "%v", err)
	}
	var replaced bool
	l.SpawnCards, replaced = put(l.SpawnCards, c.Card, func(c content.SpawnCard) string { return c.ID })
	t.library(l)
	t.say("%s spawn card %s", verb(replaced), c.Card.ID)
	return "content.spawnCard", nil
}

func (c RemoveSpawnCard) decide(t *tx, _ *tracker.Dice) (string, error) {
	l := t.s.Library
	var ok bool
	if l.SpawnCards, ok = remove(l.SpawnCards, c.ID, func(c content.SpawnCard) string { return c.ID }); !ok {
		return "", tracker.Refuse("reichbusters §2.2", "there is no spawn card %q", c.ID)
	}
	if m := t.s.Mission; m != nil && !m.Ended && inDeck(m.SpawnDeck, c.ID) {
		return "", tracker.Refuse("reichbusters §2.2", "spawn card %s is in the mission's spawn deck", c.ID)
	}
	t.library(l)
	t.say("Removed spawn card %s", c.ID)
	return "content.spawnCard", nil
}

func inDeck(d Deck, id string) bool {
	return slices.Contains(d.Draw, id) || slices.Contains(d.Discard, id)
}

func (c PutNoiseCard) decide(t *tx, _ *tracker.Dice) (string, error) {
	if ps := NoiseCardProblems(c.Card); len(ps) > 0 {
		return "", tracker.Refuse("reichbusters §2.3", "%v", ps)
	}
	if err := c.Card.Validate(); err != nil {
		return "", tracker.Refuse("reichbusters §2.3", "noise card: %v", err)
	}
	l := t.s.Library
	if err := checkPut("noise card", l.NoiseCards, c.Card, func(c content.NoiseCard) string { return c.ID }); err != nil {
		return "", tracker.Refuse("reichbusters §2.3", "%v", err)
	}
	var replaced bool
	l.NoiseCards, replaced = put(l.NoiseCards, c.Card, func(c content.NoiseCard) string { return c.ID })
	t.library(l)
	t.say("%s noise card %s (%s)", verb(replaced), c.Card.ID, NoiseDeckWords(c.Card.Deck))
	return "content.noiseCard", nil
}

func (c RemoveNoiseCard) decide(t *tx, _ *tracker.Dice) (string, error) {
	l := t.s.Library
	var ok bool
	if l.NoiseCards, ok = remove(l.NoiseCards, c.ID, func(c content.NoiseCard) string { return c.ID }); !ok {
		return "", tracker.Refuse("reichbusters §2.3", "there is no noise card %q", c.ID)
	}
	if m := t.s.Mission; m != nil && !m.Ended && (inDeck(m.NoiseDeck, c.ID) || inDeck(m.PostNoise, c.ID)) {
		return "", tracker.Refuse("reichbusters §2.3", "noise card %s is in the mission's noise deck", c.ID)
	}
	t.library(l)
	t.say("Removed noise card %s", c.ID)
	return "content.noiseCard", nil
}

func (c PutMap) decide(t *tx, _ *tracker.Dice) (string, error) {
	if ps := MapProblems(c.Map); len(ps) > 0 {
		return "", tracker.Refuse("reichbusters §3.2", "%v", ps)
	}
	if err := c.Map.Validate(); err != nil {
		return "", tracker.Refuse("reichbusters §3.2", "%v", err)
	}
	l := t.s.Library
	if err := checkPut("the map of mission", l.Maps, c.Map, func(m content.Map) string { return m.MissionID }); err != nil {
		return "", tracker.Refuse("reichbusters §3.2", "%v", err)
	}
	var replaced bool
	l.Maps, replaced = put(l.Maps, c.Map, func(m content.Map) string { return m.MissionID })
	t.library(l)
	t.say("%s the map of %s (%s, %s)", verb(replaced), MissionName(c.Map.MissionID), automa.Plural(len(c.Map.Areas), "area"), automa.Plural(len(c.Map.Doors), "door"))
	return "content.map", nil
}

func (c RemoveMap) decide(t *tx, _ *tracker.Dice) (string, error) {
	l := t.s.Library
	var ok bool
	if l.Maps, ok = remove(l.Maps, c.MissionID, func(m content.Map) string { return m.MissionID }); !ok {
		return "", tracker.Refuse("reichbusters §3.2", "there is no map for mission %q", c.MissionID)
	}
	t.library(l)
	t.say("Removed the map of mission %s", c.MissionID)
	return "content.map", nil
}

func (c PutMissionInfo) decide(t *tx, _ *tracker.Dice) (string, error) {
	if ps := MissionProblems(c.Info); len(ps) > 0 {
		return "", tracker.Refuse("reichbusters §2.4", "%v", ps)
	}
	if err := c.Info.Validate(); err != nil {
		return "", tracker.Refuse("reichbusters §2.4", "%v", err)
	}
	l := t.s.Library
	if err := checkPut("mission", l.Missions, c.Info, func(m MissionInfo) string { return m.ID }); err != nil {
		return "", tracker.Refuse("reichbusters §2.4", "%v", err)
	}
	var replaced bool
	l.Missions, replaced = put(l.Missions, c.Info, func(m MissionInfo) string { return m.ID })
	t.library(l)
	t.say("%s the details of %s (tracker %d/%d)", verb(replaced), MissionName(c.Info.ID), c.Info.PreAlarm, c.Info.PostAlarm)
	return "content.mission", nil
}

func (c RemoveMissionInfo) decide(t *tx, _ *tracker.Dice) (string, error) {
	l := t.s.Library
	var ok bool
	if l.Missions, ok = remove(l.Missions, c.ID, func(m MissionInfo) string { return m.ID }); !ok {
		return "", tracker.Refuse("reichbusters §2.4", "there are no details for mission %q", c.ID)
	}
	t.library(l)
	t.say("Removed the details of mission %s", c.ID)
	return "content.mission", nil
}

func (c ImportContent) decide(t *tx, _ *tracker.Dice) (string, error) {
	in, err := ParseContentFile(c.Data)
	if err != nil {
		return "", tracker.Refuse("reichbusters §2", "%v", err)
	}
	l := *in
	if !c.Replace {
		l = t.s.Library.merged(in)
		l.Practice = t.s.Library.Practice || in.Practice
		if c.Prune {
			l = t.s.pruned(l, in)
		}
		if err := l.Validate(); err != nil {
			return "", tracker.Refuse("reichbusters §2", "after merging: %v", err)
		}
	}
	// Nothing the campaign uses goes: the mission in play's cards, map and
	// heroes, the heroes on the campaign's record.
	var gone []string
	for _, e := range t.s.Library.entries() {
		if t.s.uses(e.kind, e.id) && !l.has(e.kind, e.id) {
			gone = append(gone, e.words)
		}
	}
	if len(gone) > 0 {
		return "", tracker.Refuse("reichbusters §2", "the import would remove what this campaign uses: %s", strings.Join(gone, ", "))
	}
	t.library(l)
	how := "Merged"
	switch {
	case c.Replace:
		how = "Replaced the content with"
	case c.Prune:
		how = "Updated the content from"
	}
	t.say("%s a content file: %s", how, in.countWords())
	return "content.import", nil
}

// countWords says what a library holds, as "1 faction card, 2 spawn cards
// and 1 map": what it has none of is left out.
func (l *Library) countWords() string {
	var parts []string
	for _, c := range []struct {
		n    int
		noun string
	}{{len(l.Factions), "faction card"}, {len(l.SpawnCards), "spawn card"}, {len(l.NoiseCards), "noise card"},
		{len(l.Maps), "map"}, {len(l.Missions), "mission's details"}, {len(l.Heroes), "character card"}} {
		if c.n > 0 {
			if c.noun == "mission's details" {
				if c.n == 1 {
					parts = append(parts, "the details of 1 mission")
				} else {
					parts = append(parts, fmt.Sprintf("the details of %d missions", c.n))
				}
				continue
			}
			parts = append(parts, automa.Plural(c.n, c.noun))
		}
	}
	switch len(parts) {
	case 0:
		return "no cards, maps or missions"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// has reports whether the library holds the entry.
func (l *Library) has(kind, id string) bool {
	switch kind {
	case "faction":
		return l.faction(id) != nil
	case "spawn":
		return l.spawnCard(id) != nil
	case "noise":
		return l.noiseCard(id) != nil
	case "map":
		return l.mapOf(id) != nil
	case "mission":
		return l.missionInfo(id) != nil
	case "hero":
		return l.heroCard(id) != nil
	}
	return false
}

// PutMission adds a mission, or replaces the one with the same id: its
// details and its map in one step, as the mission form saves them.
type PutMission struct {
	Info MissionInfo
	Map  content.Map
}

// RemoveMission takes a mission's details and map out.
type RemoveMission struct{ ID string }

func (c PutMission) decide(t *tx, _ *tracker.Dice) (string, error) {
	c.Map.MissionID = c.Info.ID
	ps := MissionProblems(c.Info)
	if len(c.Map.Areas) > 0 || strings.TrimSpace(c.Info.ID) == "" {
		ps = append(ps, MapProblems(c.Map)...)
	}
	if len(ps) > 0 {
		return "", tracker.Refuse("reichbusters §2.4", "%v", ps)
	}
	if err := c.Info.Validate(); err != nil {
		return "", tracker.Refuse("reichbusters §2.4", "%v", err)
	}
	l := t.s.Library
	if err := checkPut("mission", l.Missions, c.Info, func(m MissionInfo) string { return m.ID }); err != nil {
		return "", tracker.Refuse("reichbusters §2.4", "%v", err)
	}
	if len(c.Map.Areas) > 0 {
		if err := checkPut("the map of mission", l.Maps, c.Map, func(m content.Map) string { return m.MissionID }); err != nil {
			return "", tracker.Refuse("reichbusters §3.2", "%v", err)
		}
	}
	var replaced bool
	l.Missions, replaced = put(l.Missions, c.Info, func(m MissionInfo) string { return m.ID })
	if len(c.Map.Areas) > 0 {
		if err := c.Map.Validate(); err != nil {
			return "", tracker.Refuse("reichbusters §3.2", "%v", err)
		}
		l.Maps, _ = put(l.Maps, c.Map, func(m content.Map) string { return m.MissionID })
	}
	t.library(l)
	t.say("%s %s (tracker %d/%d, %s, %s)", verb(replaced), MissionName(c.Info.ID), c.Info.PreAlarm, c.Info.PostAlarm, automa.Plural(len(c.Map.Areas), "area"), automa.Plural(len(c.Map.Doors), "door"))
	return "content.mission", nil
}

func (c RemoveMission) decide(t *tx, _ *tracker.Dice) (string, error) {
	l := t.s.Library
	var a, b bool
	l.Missions, a = remove(l.Missions, c.ID, func(m MissionInfo) string { return m.ID })
	l.Maps, b = remove(l.Maps, c.ID, func(m content.Map) string { return m.MissionID })
	if !a && !b {
		return "", tracker.Refuse("reichbusters §2.4", "there is no mission %q", c.ID)
	}
	if m := t.s.Mission; m != nil && !m.Ended && m.ID == c.ID {
		return "", tracker.Refuse("reichbusters §2.4", "mission %s is in play", c.ID)
	}
	t.library(l)
	t.say("Removed mission %s", c.ID)
	return "content.mission", nil
}

// checkIDs checks every ID of the library by the rules of campaign names
// (one line, no space at either end, at most tracker.MaxIDLen characters),
// and that no two of one kind read the same (heroes too: the others are
// checked as Validate goes).
func (l *Library) checkIDs() error {
	heroes := map[string]string{}
	for _, e := range l.entries() {
		if e.id == "" {
			continue // the kind's own check names a missing ID
		}
		if strings.TrimSpace(e.id) != e.id {
			return fmt.Errorf("%s: its ID %q starts or ends with a space, so it would look the same as another without", e.words, e.id)
		}
		if _, err := tracker.CheckID(e.id); err != nil {
			return fmt.Errorf("%s: its ID %w", e.kind, err)
		}
		if e.kind == "hero" {
			k := tracker.IDKey(e.id)
			if other, dup := heroes[k]; dup {
				return fmt.Errorf("character cards %q and %q have IDs that read the same: they would be one", other, e.id)
			}
			heroes[k] = e.id
		}
	}
	return nil
}
