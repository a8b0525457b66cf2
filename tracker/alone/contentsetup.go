package alone

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// A SetupChoice is how the players set a game up from their content set
// (spec §2.1): every card is named as it is in the set.
type SetupChoice struct {
	Mode        Mode
	Difficulty  Difficulty
	Character   string
	EvilPlayers []string
	Leader      int
	Decks       []string
	Starting    [2]string
	Final       string
	// Items are the starting Item cards drawn, in the order drawn.
	Items []string
	// Map is the Map's name (assist and solo modes).
	Map string
}

// Setup form fields, for problems shown next to them.
const (
	FieldMode       = "Mode"
	FieldDifficulty = "Difficulty"
	FieldCharacter  = "Hero"
	FieldPlayers    = "Evil players"
	FieldDecks      = "Reaction decks"
	FieldStarting1  = "Starting Mission 1"
	FieldStarting2  = "Starting Mission 2"
	FieldFinal      = "Final Mission"
	FieldItems      = "Starting Items"
	FieldMap        = "Map"
)

// StartingItems is how many Item cards the Hero starts with (§2.7).
func StartingItems(d Difficulty) int {
	return map[Difficulty]int{Easy: 2, Normal: 1, NightmareD: 1, Impossible: 0}[d]
}

// Start turns a setup choice into the StartGame command, naming every
// missing or wrong choice next to its field: a card the set lacks, a Room a
// Mission needs that the Map lacks, the Bullets card Easy needs first.
func (c *Content) Start(ch SetupChoice) (StartGame, ContentProblems) {
	var ps ContentProblems
	p := func(field, format string, args ...any) {
		ps = append(ps, ContentProblem{Kind: "Setup", Field: field, Problem: fmt.Sprintf(format, args...)})
	}
	g := StartGame{Difficulty: ch.Difficulty, Mode: ch.Mode, Character: strings.TrimSpace(ch.Character),
		EvilPlayers: ch.EvilPlayers, Leader: ch.Leader, Decks: ch.Decks}
	switch ch.Mode {
	case Bookkeeping, Assist, Solo:
	default:
		p(FieldMode, "choose who plays the Evil side")
	}
	if StartingItems(ch.Difficulty) == 0 && ch.Difficulty != Impossible {
		p(FieldDifficulty, "choose the Difficulty Level")
	}
	if ch.Mode != Solo && (len(ch.EvilPlayers) < 1 || len(ch.EvilPlayers) > 3) {
		p(FieldPlayers, "1 to 3 Evil players, each with a name")
	}
	for _, n := range ch.EvilPlayers {
		if strings.TrimSpace(n) == "" {
			p(FieldPlayers, "give each Evil player a name")
			break
		}
	}
	if len(ch.Decks) != 2 || ch.Decks[0] == ch.Decks[1] || !slices.Contains(Decks, ch.Decks[0]) || !slices.Contains(Decks, ch.Decks[1]) {
		p(FieldDecks, "choose 2 different decks")
	}
	goals := map[string]bool{}
	mission := func(field, name, kind string) Mission {
		m := c.MissionNamed(name)
		switch {
		case strings.TrimSpace(name) == "":
			p(field, "choose a Mission card")
		case m == nil:
			p(field, "“%s” is not among the Mission cards entered", name)
		case m.Kind != kind:
			p(field, "“%s” is not a %s Mission", m.Name, kind)
		default:
			if kind == StartingMission {
				for _, r := range m.Goals {
					goals[r] = true
				}
			}
			return Mission{Name: m.Name, Colour: m.Colour}
		}
		return Mission{Name: name}
	}
	g.Starting[0] = mission(FieldStarting1, ch.Starting[0], StartingMission)
	g.Starting[1] = mission(FieldStarting2, ch.Starting[1], StartingMission)
	if ch.Starting[0] != "" && strings.EqualFold(ch.Starting[0], ch.Starting[1]) {
		p(FieldStarting2, "choose a different card from Starting Mission 1")
	}
	g.Final = mission(FieldFinal, ch.Final, FinalMission)
	want := StartingItems(ch.Difficulty)
	switch {
	case len(ch.Items) != want && want == 0:
		p(FieldItems, "at Impossible the Hero starts with no Item")
	case len(ch.Items) != want:
		p(FieldItems, "at this Difficulty the Hero starts with %s", plural(want, "Item", "Items"))
	}
	for i, name := range ch.Items {
		it := c.ItemNamed(name)
		switch {
		case strings.TrimSpace(name) == "":
			p(FieldItems, "choose Item %d", i+1)
		case it == nil:
			p(FieldItems, "“%s” is not among the Item cards entered", name)
		case i == 0 && ch.Difficulty == Easy && !it.Bullets:
			p(FieldItems, "at Easy the first Item is one of the Bullets cards")
		default:
			g.Items = append(g.Items, it.Item())
		}
	}
	if ch.Mode == Assist || ch.Mode == Solo {
		l := c.MapNamed(ch.Map)
		switch {
		case strings.TrimSpace(ch.Map) == "":
			p(FieldMap, "choose the Map (the app keeps it hidden in solo mode)")
		case l == nil:
			p(FieldMap, "“%s” is not among the Maps entered", ch.Map)
		default:
			if mps := l.Problems(sheetConfig(c)); len(mps) > 0 {
				p(FieldMap, "the Map “%s” is not finished: %s", l.Name, mps[0].Problem)
				break
			}
			g.Map = l.Map()
			for _, r := range sortedKeys(goals) {
				ids := l.SectorsOfRoom(r)
				if len(ids) == 0 {
					p(FieldMap, "the Map has no Room named “%s”, which a Starting Mission sends the Hero to", r)
				}
				g.Goals = append(g.Goals, ids...)
			}
		}
	}
	return g, ps
}

// Commands are a content set's setup as the campaign's first events: the
// Hero sheet (the set's, or the placeholders), the readings of unclear
// rules, the set itself, and the game started from the choice.
func (c *Content) Commands(ch SetupChoice, settings *alone.Settings) ([]tracker.Command, ContentProblems) {
	g, ps := c.Start(ch)
	if len(ps) > 0 {
		return nil, ps
	}
	sh := DefaultSheet()
	if c.Sheet != nil {
		sh = *c.Sheet
	}
	set := DefaultSettings()
	if settings != nil {
		set = *settings
	}
	return []tracker.Command{SetupSheet{Sheet: sh}, ChangeSettings{Settings: set}, UseContent{Content: *c}, g}, nil
}
