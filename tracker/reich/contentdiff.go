package reich

import (
	"encoding/json"
	"slices"

	"tablekeeper/automa/reich/content"
)

// ContentDiff compares a campaign's content with a content file's, for a
// group updating its campaign from a newer file: what the file adds and
// changes, and what the campaign has that the file lacks. Nothing the
// campaign uses is ever dropped: InUse lists what stays whatever the
// update does.
type ContentDiff struct {
	Added, Changed, Lacking, InUse []string
	// Same counts the entries alike in both.
	Same int
}

// entry is one card or map of a library, keyed by kind and id.
type entry struct {
	kind, id, words string
	data            []byte
}

func (l *Library) entries() []entry {
	var out []entry
	add := func(kind, id, words string, v any) {
		b, _ := json.Marshal(v)
		out = append(out, entry{kind, id, words, b})
	}
	for _, f := range l.Factions {
		add("faction", f.ID, "faction card "+named(f.ID, f.Name), f)
	}
	for _, c := range l.SpawnCards {
		add("spawn", c.ID, "spawn card "+c.ID, c)
	}
	for _, c := range l.NoiseCards {
		add("noise", c.ID, "noise card "+c.ID+" ("+NoiseDeckWords(c.Deck)+")", c)
	}
	for _, m := range l.Maps {
		add("map", m.MissionID, "the map of mission "+m.MissionID, m)
	}
	for _, m := range l.Missions {
		add("mission", m.ID, "the details of mission "+m.ID, m)
	}
	for _, h := range l.Heroes {
		add("hero", h.ID, "the character card of "+named(h.ID, h.Name), h)
	}
	return out
}

func named(id, name string) string {
	if name == "" || name == id {
		return id
	}
	return name
}

// uses reports whether the campaign needs the entry: the mission in play's
// faction card, the cards in its decks, its map and details, and the
// character cards of heroes on the mission or on the campaign's record.
func (s *State) uses(kind, id string) bool {
	if m := s.Mission; m != nil && !m.Ended {
		switch kind {
		case "faction":
			if m.Faction == id {
				return true
			}
		case "spawn":
			if inDeck(m.SpawnDeck, id) {
				return true
			}
		case "noise":
			if inDeck(m.NoiseDeck, id) || inDeck(m.PostNoise, id) {
				return true
			}
		case "map", "mission":
			if m.ID == id {
				return true
			}
		case "hero":
			if m.HeroByID(id) != nil {
				return true
			}
		}
	}
	return kind == "hero" && s.Campaign.hero(id) != nil
}

// DiffContent compares the campaign's content with in.
func DiffContent(s *State, in *Library) ContentDiff {
	var d ContentDiff
	have := map[[2]string]entry{}
	for _, e := range s.Library.entries() {
		have[[2]string{e.kind, e.id}] = e
	}
	got := map[[2]string]bool{}
	for _, e := range in.entries() {
		k := [2]string{e.kind, e.id}
		got[k] = true
		old, ok := have[k]
		switch {
		case !ok:
			d.Added = append(d.Added, e.words)
		case string(old.data) != string(e.data):
			d.Changed = append(d.Changed, e.words)
		default:
			d.Same++
		}
	}
	for _, e := range s.Library.entries() {
		if got[[2]string{e.kind, e.id}] {
			continue
		}
		d.Lacking = append(d.Lacking, e.words)
		if s.uses(e.kind, e.id) {
			d.InUse = append(d.InUse, e.words)
		}
	}
	return d
}

// merged is l with in's entries added or put in place of the same ids'.
func (l Library) merged(in *Library) Library {
	for _, f := range in.Factions {
		l.Factions, _ = put(l.Factions, f, func(f content.Faction) string { return f.ID })
	}
	for _, x := range in.SpawnCards {
		l.SpawnCards, _ = put(l.SpawnCards, x, func(c content.SpawnCard) string { return c.ID })
	}
	for _, x := range in.NoiseCards {
		l.NoiseCards, _ = put(l.NoiseCards, x, func(c content.NoiseCard) string { return c.ID })
	}
	for _, x := range in.Maps {
		l.Maps, _ = put(l.Maps, x, func(m content.Map) string { return m.MissionID })
	}
	for _, x := range in.Missions {
		l.Missions, _ = put(l.Missions, x, func(m MissionInfo) string { return m.ID })
	}
	for _, x := range in.Heroes {
		l.Heroes, _ = put(l.Heroes, x, func(h HeroCard) string { return h.ID })
	}
	return l
}

// pruned drops from l what in lacks, except what the campaign uses.
func (s *State) pruned(l Library, in *Library) Library {
	keep := func(kind, id string, inFile bool) bool { return inFile || s.uses(kind, id) }
	l.Factions = slices.DeleteFunc(slices.Clone(l.Factions), func(f content.Faction) bool {
		return !keep("faction", f.ID, in.faction(f.ID) != nil)
	})
	l.SpawnCards = slices.DeleteFunc(slices.Clone(l.SpawnCards), func(c content.SpawnCard) bool {
		return !keep("spawn", c.ID, in.spawnCard(c.ID) != nil)
	})
	l.NoiseCards = slices.DeleteFunc(slices.Clone(l.NoiseCards), func(c content.NoiseCard) bool {
		return !keep("noise", c.ID, in.noiseCard(c.ID) != nil)
	})
	l.Maps = slices.DeleteFunc(slices.Clone(l.Maps), func(m content.Map) bool {
		return !keep("map", m.MissionID, in.mapOf(m.MissionID) != nil)
	})
	l.Missions = slices.DeleteFunc(slices.Clone(l.Missions), func(m MissionInfo) bool {
		return !keep("mission", m.ID, in.missionInfo(m.ID) != nil)
	})
	l.Heroes = slices.DeleteFunc(slices.Clone(l.Heroes), func(h HeroCard) bool {
		return !keep("hero", h.ID, in.heroCard(h.ID) != nil)
	})
	return l
}
