package phantom

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// An adversary's HP-base colour decides which row of its class card it
// plays and shares (RB p.47), so the app must know the colour each
// standee really stands in. At setup the players give each adversary of a
// type a different colour, spreading them evenly past four (RB p.10); the
// app proposes one (dark blue, light blue, red, yellow in turn) and the
// players choose per figure; afterwards a wrong colour is corrected.

// ruleColours cites the rule in the players' words (spec §10.3 item 4,
// §12.2 step 7, V-23).
const ruleColours = "Rulebook p.10, p.40"

// SetColours gives adversaries and bosses their HP-base colours: chosen at
// mission setup (before round 1), or corrected later (Reason says why). A
// colour another adversary of the type holds is swapped with it, unless
// that one is given a colour too. The result follows the rulebook: while
// four or fewer of a type are on the map each has its own colour (RB
// p.40), and at setup more than four are spread evenly (RB p.10); a boss
// may use any colour.
type SetColours struct {
	Colours map[string]string `json:"colours"`
	Reason  string            `json:"reason,omitempty"`
}

func (c SetColours) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission()
	if err != nil {
		return "", err
	}
	setup := m.Round == 0
	if !setup && strings.TrimSpace(c.Reason) == "" {
		return "", tracker.Refuse(ruleColours, "the mission has begun: say why the colour is corrected")
	}
	if len(c.Colours) == 0 {
		return "", tracker.Refuse(ruleColours, "name the figures and their colours")
	}
	next := map[*Figure]string{}
	for _, name := range slices.Sorted(maps.Keys(c.Colours)) {
		f := m.fig(name)
		switch {
		case f == nil || f.Defeated || f.Position == "":
			return "", tracker.Refuse(ruleColours, "there is no adversary %q on the map", name)
		case f.character():
			return "", tracker.Refuse(ruleColours, "%s is a character: its colour is on its character sheet", name)
		}
		col, err := phantom.ParseColour(c.Colours[name])
		if err != nil {
			return "", tracker.Refuse(ruleColours, "%s: %v", name, err)
		}
		next[f] = string(col)
	}
	// A colour taken from another adversary of the type: they swap.
	var swaps []string
	for f, col := range sortedFigs(next) {
		if f.Side == "boss" {
			continue
		}
		for _, g := range m.Figures {
			if g == f || g.Type != f.Type || g.Side != "adversary" || g.Defeated || g.Position == "" {
				continue
			}
			if _, named := next[g]; !named && g.Colour == col && m.countType(f.Type) <= 4 {
				next[g] = f.Colour
				swaps = append(swaps, g.Name)
			}
		}
	}
	if err := m.checkColours(next, setup); err != nil {
		return "", err
	}
	var parts []string
	for f, col := range sortedFigs(next) {
		if f.Colour != col {
			parts = append(parts, fmt.Sprintf("%s %s → %s", f.Name, f.Colour, col))
			f.Colour = col
		}
	}
	if len(parts) == 0 {
		return "", tracker.Refuse(ruleColours, "they already use those colours")
	}
	// The colour is the class card row it plays (§8.3): a figure yet to
	// act this round takes its initiative from the new row.
	s.resort(m)
	line := "HP-base colours chosen: " + strings.Join(parts, ", ")
	if !setup {
		line = "Corrected by hand: HP-base colours " + strings.Join(parts, ", ") + " (" + strings.TrimSpace(c.Reason) + ")"
	}
	if len(swaps) > 0 {
		line += fmt.Sprintf("; %s swapped", strings.Join(swaps, ", "))
	}
	return line, nil
}

// checkColours: with the colours given, while four or fewer adversaries
// of a type are on the map each has its own colour (RB p.40); at setup more
// than four are spread as evenly as they go (RB p.10: six are 2, 2, 1, 1).
func (m *Mission) checkColours(next map[*Figure]string, setup bool) error {
	byType := map[string]map[string][]string{}
	for _, f := range m.Figures {
		if f.Side != "adversary" || f.Defeated || f.Position == "" {
			continue
		}
		col := f.Colour
		if c, ok := next[f]; ok {
			col = c
		}
		if byType[f.Type] == nil {
			byType[f.Type] = map[string][]string{}
		}
		byType[f.Type][col] = append(byType[f.Type][col], f.Name)
	}
	for _, typ := range slices.Sorted(maps.Keys(byType)) {
		cols := byType[typ]
		n := 0
		for _, names := range cols {
			n += len(names)
		}
		for _, col := range slices.Sorted(maps.Keys(cols)) {
			if names := cols[col]; n <= 4 && len(names) > 1 {
				return tracker.Refuse(ruleColours, "%s would share the %s base: with %d %s on the map each has its own colour", strings.Join(names, " and "), col, n, typ)
			}
		}
		if setup && n > 4 {
			for _, col := range phantom.Colours {
				if k := len(cols[string(col)]); k < n/4 || k > (n+3)/4 {
					return tracker.Refuse(ruleColours, "%d %s are spread as evenly as they go over the four colours (six: 2, 2, 1, 1); %s would have %d", n, typ, col, k)
				}
			}
		}
	}
	return nil
}

// sortedFigs iterates a figure map in name order.
func sortedFigs(m map[*Figure]string) func(yield func(*Figure, string) bool) {
	return func(yield func(*Figure, string) bool) {
		fs := slices.SortedFunc(maps.Keys(m), func(a, b *Figure) int { return strings.Compare(a.Name, b.Name) })
		for _, f := range fs {
			if !yield(f, m[f]) {
				return
			}
		}
	}
}

func init() {
	register(SetColours{})
}
