package alone

import (
	"encoding/json"
	"regexp"
	"strings"

	"tablekeeper/automa"
	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// The diary names the Map's Sectors and Creatures as the screens do: a
// Sector by its Level, square and Room ("Level 1, B2 (Pump Hall)",
// SectorLabel), a Creature by its kind and token ("Spore Sp1", a Boss by
// its Mission card's name: CreatureLabel), never by the ids the rules
// keep ("1B2", "spore-1").
//
// A diary line is made from its event alone (tracker.Rules.Describe), so
// each event records, beside its payload, the names the ids it mentions
// had when it was decided ("names": id → name). Describe puts those names
// in place of the ids. An event recorded before the names were (or a name
// the event lacks) is named from its id: a Creature's kind and token, a
// drawn Map's Level and square; only the Room's name is missing then.

// CreatureTag is a Creature's token as the Map shows it: its kind's first
// two letters and its number ("Sp1" for spore-1); other ids as they are.
func CreatureTag(id string, t alone.CreatureType) string {
	if p := strings.LastIndex(id, "-"); p >= 0 && len(t) > 1 {
		return strings.ToUpper(string(t)[:1]) + string(t)[1:2] + id[p+1:]
	}
	return id
}

// CreatureLabel is a Creature as the screens name it: its kind (a Boss:
// the name on its Mission card) and its token ("Spore Sp1").
func CreatureLabel(c *alone.Creature) string {
	if c == nil {
		return ""
	}
	name := KindWord(c.Type)
	if c.Boss != nil && strings.TrimSpace(c.Boss.Name) != "" {
		name = c.Boss.Name
	}
	return name + " " + CreatureTag(c.ID, c.Type)
}

// KindWord is a Creature kind as printed ("Spore").
func KindWord(t alone.CreatureType) string {
	if t == "" {
		return ""
	}
	return strings.ToUpper(string(t[:1])) + string(t[1:])
}

// heroSectorLabel is a Sector as the Hero may be told of it: with its
// Room's name only once it is Revealed (on the Hero's Labyrinth).
func heroSectorLabel(s *alone.Sector) string {
	if s == nil || s.Revealed {
		return SectorLabel(s)
	}
	h := *s
	h.Room = ""
	return SectorLabel(&h)
}

// heardSector is a Sector as the Evil side Communicates it to the Hero:
// its Level and square, and its Room's name once the Hero has seen it.
func (s *State) heardSector(id string) string {
	if s.Map != nil {
		if sec := s.Map.Sector(id); sec != nil {
			return heroSectorLabel(sec)
		}
	}
	return nameOfID(id)
}

// creatureID matches the ids the rules give Creatures ("spore-1").
var creatureID = regexp.MustCompile(`^(spore|parasite|cultist|hybrid|worm|boss)-([0-9]+)$`)

// nameOfID is what an id is called when the event did not record its
// name: a Creature's kind and token, a drawn Map's Level and square, or
// the id itself (a Sector of a Map entered with its own names).
func nameOfID(id string) string {
	if m := creatureID.FindStringSubmatch(id); m != nil {
		t := alone.CreatureType(m[1])
		return KindWord(t) + " " + CreatureTag(id, t)
	}
	if gridID.MatchString(id) {
		return SectorLabel(&alone.Sector{ID: id})
	}
	return id
}

// idsInText finds the ids a diary line may hold: a Creature's, or a drawn
// Map's Sector's.
var idsInText = regexp.MustCompile(`\b(?:(?:spore|parasite|cultist|hybrid|worm|boss)-[0-9]+|[12][A-Z][0-9]{1,2})\b`)

// named matches a Sector already named as the screens name it ("Level 1,
// 1-20 (Control Room)": what the Evil side Communicated is), which holds
// the id of a Sector of a Map entered with its own names: it is left as
// it is.
const named = `Level [0-9]+, [^\s,;()]+(?: \([^()]*\))?`

var namedOrID = regexp.MustCompile(named + "|" + idsInText.String())

// namedLine puts the players' names in place of the ids in a diary line:
// the names the event recorded, else the names the ids give.
func namedLine(line string, names map[string]string) string {
	alts := []string{named}
	for id := range names {
		if idsInText.FindString(id) != id {
			// A Map entered with its own Sector names: those ids too,
			// whole.
			alts = append(alts, `(?:^|\b)`+regexp.QuoteMeta(id)+`(?:\b|$)`)
		}
	}
	re := namedOrID
	if len(alts) > 1 {
		re = regexp.MustCompile(strings.Join(append(alts, idsInText.String()), "|"))
	}
	line = re.ReplaceAllStringFunc(line, func(id string) string {
		if n, ok := names[id]; ok {
			return n
		}
		if strings.HasPrefix(id, "Level ") {
			return id // named already
		}
		return nameOfID(id)
	})
	// "the" before a Boss whose name has its own ("The Warden").
	return doubleThe.ReplaceAllString(line, "${1}he")
}

var doubleThe = regexp.MustCompile(`\b([Tt])he The\b`)

// namesOf are the players' names of the Sectors and Creatures that the
// record of o mentions, as the Map before and after o knows them (a
// Creature Spawned is only in the one after, one killed only in the one
// before). Ops that carry a whole Map or content set name nothing.
func namesOf(o op, before, after *State) map[string]string {
	if noNames[o.kind()] || (before.Map == nil && after.Map == nil) {
		return nil
	}
	b, err := json.Marshal(o)
	if err != nil {
		return nil
	}
	var v any
	if json.Unmarshal(b, &v) != nil {
		return nil
	}
	names := map[string]string{}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		case string:
			if _, done := names[x]; done || x == "" {
				return
			}
			for _, m := range []*alone.Map{after.Map, before.Map} {
				if m == nil {
					continue
				}
				if c := m.Creature(x); c != nil {
					names[x] = CreatureLabel(c)
					return
				}
				if s := m.Sector(x); s != nil {
					names[x] = SectorLabel(s)
					return
				}
			}
		}
	}
	walk(v)
	if len(names) == 0 {
		return nil
	}
	return names
}

// noNames are the ops that carry a whole Map or content set, whose diary
// lines name no Sector or Creature.
var noNames = map[string]bool{"start": true, "mapFix": true, "content": true, "contentPut": true, "contentDelete": true, "sheet": true, "settings": true}

// withNames is an op's payload with the names of the ids it mentions
// beside its own fields ("names"); Apply reads the op's fields and ignores
// it.
type withNames struct {
	op    op
	names map[string]string
}

func (w withNames) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(w.op)
	if err != nil || len(w.names) == 0 {
		return b, err
	}
	n, err := json.Marshal(w.names)
	if err != nil {
		return nil, err
	}
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return b, nil
	}
	out := append([]byte{}, b[:len(b)-1]...)
	if len(b) > 2 {
		out = append(out, ',')
	}
	out = append(out, `"names":`...)
	out = append(out, n...)
	return append(out, '}'), nil
}

// recordedNames are the names an event recorded (nil before they were).
func recordedNames(e tracker.Event) map[string]string {
	var n struct {
		Names map[string]string `json:"names"`
	}
	if e.Decode(&n) != nil {
		return nil
	}
	return n.Names
}

// NamedTrace is an Evil decision's explanation with the players' names in
// place of the ids the engine writes ("worm-1 to 1B2" reads "Worm Wo1 to
// Level 1, B2 (Pump Hall)"): the Map's names for what it holds, else the
// names the ids give. The engine's own trace (in the log and `resolve`)
// keeps its ids.
func NamedTrace(tr automa.Trace, m *alone.Map) automa.Trace {
	names := mapNames(m)
	line := func(s string) string {
		if s == "" {
			return s
		}
		return namedLine(s, names)
	}
	cands := func(cs []automa.Candidate) []automa.Candidate {
		out := make([]automa.Candidate, len(cs))
		for i, c := range cs {
			c.Name, c.Reason = line(c.Name), line(c.Reason)
			if len(c.Facts) > 0 {
				f := make(map[string]any, len(c.Facts))
				for k, v := range c.Facts {
					if s, ok := v.(string); ok {
						v = line(s)
					}
					f[k] = v
				}
				c.Facts = f
			}
			out[i] = c
		}
		return out
	}
	out := automa.Trace{Steps: make([]automa.Step, len(tr.Steps))}
	for i, s := range tr.Steps {
		s.Text, s.Result, s.TieBreak = line(s.Text), line(s.Result), line(s.TieBreak)
		s.Kept, s.Dropped = cands(s.Kept), cands(s.Dropped)
		out.Steps[i] = s
	}
	return out
}

// mapNames are the players' names of a Map's Creatures and Sectors, by id.
func mapNames(m *alone.Map) map[string]string {
	names := map[string]string{}
	if m != nil {
		for i := range m.Creatures {
			names[m.Creatures[i].ID] = CreatureLabel(&m.Creatures[i])
		}
		for i := range m.Sectors {
			names[m.Sectors[i].ID] = SectorLabel(&m.Sectors[i])
		}
	}
	return names
}
