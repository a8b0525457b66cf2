package reich

import (
	"regexp"
	"sort"
	"strings"
)

// The enemy rules (automa/reich) explain themselves with the codes the
// spec and the content file use: unit codes and ids ("DS", "DS-1"), hero
// ids ("mara"), the spawn queue's request kinds ("TOKEN_SPAWN"), Go's
// lists ("[green]"), awareness names ("atEase"), algorithm names ("(T3)")
// and the spec's tie-break labels ("NOT IN SOURCE"). The traces keep them
// for the resolve verb; a Namer turns a line into what the players read,
// with the names they entered on their cards.

// Namer words a line of the enemy's explanation in the players' words.
type Namer struct {
	// units maps a unit code to its name on the faction card.
	units map[string]string
	// heroes maps a hero id to the hero's name.
	heroes map[string]string
	codes  *regexp.Regexp // the unit codes, longest first
	ids    *regexp.Regexp // the hero ids
}

// Namer is the Namer for the campaign as it stands: the mission's faction
// card (or every faction card between missions) and its heroes.
func (s *State) Namer() Namer {
	n := Namer{units: map[string]string{}, heroes: map[string]string{}}
	if s == nil {
		return n
	}
	facs := s.Library.Factions
	if m := s.Mission; m != nil {
		if f := s.Library.FactionByID(m.Faction); f != nil {
			for _, u := range f.Units {
				n.units[u.Code] = u.Name
			}
		}
	}
	for _, f := range facs {
		for _, u := range f.Units {
			if _, ok := n.units[u.Code]; !ok {
				n.units[u.Code] = u.Name
			}
		}
	}
	for _, h := range s.Library.Heroes {
		n.heroes[h.ID] = h.Name
	}
	if m := s.Mission; m != nil {
		for _, h := range m.Heroes {
			n.heroes[h.ID] = h.Name
		}
	}
	var codes, ids []string
	for c, name := range n.units {
		// A one-letter code ("A") is also a barracks' letter, and a code
		// inside its own name would be named twice: both stay as they are.
		if len(c) < 2 || name == "" || wordIn(c, name) {
			delete(n.units, c)
			continue
		}
		codes = append(codes, regexp.QuoteMeta(c))
	}
	for id, name := range n.heroes {
		if len(id) < 2 || name == "" || wordIn(id, name) {
			delete(n.heroes, id)
			continue
		}
		ids = append(ids, regexp.QuoteMeta(id))
	}
	byLen := func(xs []string) {
		sort.Slice(xs, func(i, j int) bool {
			if len(xs[i]) != len(xs[j]) {
				return len(xs[i]) > len(xs[j])
			}
			return xs[i] < xs[j]
		})
	}
	byLen(codes)
	byLen(ids)
	if len(codes) > 0 {
		n.codes = regexp.MustCompile(`\b(?:` + strings.Join(codes, "|") + `)(?:-\d+)?\b`)
	}
	if len(ids) > 0 {
		n.ids = regexp.MustCompile(`\b(` + strings.Join(ids, "|") + `)\b`)
	}
	return n
}

var (
	// requests are the spawn queue's request kinds (automa/reich spawn.go).
	requestWords = strings.NewReplacer(
		"TOKEN_SPAWN ", "spawn token ",
		"FEATURE_SPAWN", "the room feature's spawn",
		"ON_ALERT: spawn queued for tokens", "the room is alert: its spawn tokens spawn:",
		"ON_ALERT", "the room is alert",
		"NOISE_RAISE", "noise",
		"PHASE4", "phase 4",
		"at atEase", "at ease",
		"atEase", "at ease",
		" a orange", " an orange",
		" a alert", " an alert",
	)
	// algorithm is an algorithm's name in brackets after a step ("(T3)").
	algorithm = regexp.MustCompile(`\s*\((?:T[1-4]|S[1-7]|SIGHT|MERGE|M|A)\)`)
	// goList is a list as Go prints it: "[green orange]", "[]".
	goList = regexp.MustCompile(`\[([a-z][a-z ]*)?\]`)
	// tieBreak is the spec's label for a reading the rulebook leaves open.
	tieBreak = regexp.MustCompile(`^(AMBIGUOUS|NOT IN SOURCE|CHOICE)\b(?: of)?\s*([^()]*?)\s*(?:\((?:default:\s*)?(.*)\))?$`)
	// count is "2×DS": a count of a unit type.
	count = regexp.MustCompile(`\b(\d+)×([^\s(),;:]+)(?: \([^()]*\))?`)
	// awarenessLine is a room's awareness change in the diary.
	awarenessLine = regexp.MustCompile(`^(.+): (at ease|suspicious|alert) → (at ease|suspicious|alert)$`)
)

// Line is s in the players' words: PlayersLine, then the codes named.
func (n Namer) Line(s string) string {
	s = PlayersLine(s)
	if m := tieBreak.FindStringSubmatch(s); m != nil {
		what, def := m[2], m[3]
		var out string
		switch m[1] {
		case "AMBIGUOUS":
			out = "the rulebook can be read more than one way"
		case "CHOICE":
			out = "the players may choose"
			if what != "" {
				out += " the " + what
			}
			what = ""
		default:
			out = "the rulebook does not say"
		}
		if what != "" {
			out += " (" + what + ")"
		}
		if def != "" {
			out += "; this app takes " + def
		}
		return n.Line(out)
	}
	s = requestWords.Replace(s)
	s = algorithm.ReplaceAllString(s, "")
	s = goList.ReplaceAllStringFunc(s, func(l string) string {
		in := strings.Fields(strings.Trim(l, "[]"))
		if len(in) == 0 {
			return "none"
		}
		return strings.Join(in, ", ")
	})
	if n.codes != nil {
		s = count.ReplaceAllStringFunc(s, func(c string) string {
			m := count.FindStringSubmatch(c)
			name, ok := n.units[m[2]]
			if !ok {
				return c
			}
			if m[1] == "1" {
				return "1 " + name
			}
			return name + " ×" + m[1]
		})
		// "DS (Drill Sentry)" and "DS DS-1": the name once.
		for code, name := range n.units {
			s = strings.ReplaceAll(s, code+" ("+name+")", name)
			s = regexp.MustCompile(`\b`+regexp.QuoteMeta(code)+` (`+regexp.QuoteMeta(code)+`-\d+)\b`).ReplaceAllString(s, "$1")
		}
		s = n.codes.ReplaceAllStringFunc(s, func(c string) string {
			code, num, _ := strings.Cut(c, "-")
			if num != "" {
				return n.units[code] + " " + num
			}
			return n.units[code]
		})
	}
	if n.ids != nil {
		s = n.ids.ReplaceAllStringFunc(s, func(id string) string { return n.heroes[id] })
		for _, name := range n.heroes {
			s = strings.ReplaceAll(s, "hero "+name, name)
		}
	}
	if m := awarenessLine.FindStringSubmatch(s); m != nil {
		s = m[1] + " is now " + m[3] + " (it was " + m[2] + ")"
	}
	return s
}

// wordIn reports whether w is a word of s.
func wordIn(w, s string) bool {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(w) + `\b`).MatchString(s)
}
