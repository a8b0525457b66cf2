package eternaut

import (
	"fmt"
	"strings"

	"tablekeeper/tracker"
)

// Paragraph numbers (spec §6).

// The generic placeholders a Storybook uses (§6.3).
const (
	AnyCharacter   = "9XX"
	AnyInteraction = "XXX"
)

// validParagraphID accepts 3 digits or a placeholder (§6.1 step 1, V23).
func validParagraphID(id string) bool {
	return isID(id) || id == AnyCharacter || id == AnyInteraction
}

// sortKey orders IDs: numbers by value; 9XX after every concrete 9xx;
// XXX (any interaction) first.
func sortKey(id string) float64 {
	switch id {
	case AnyCharacter:
		return 999.5
	case AnyInteraction:
		return -1
	}
	n := 0
	fmt.Sscanf(id, "%d", &n)
	return float64(n)
}

func isPrefix(id string) bool { return id == "600" || id == "999" }

// BuildParagraph forms the paragraph number of two IDs: the lower first
// (§6.1), except that the prefixes 600 and 999 always come first. It refuses IDs that are not 3 digits or a placeholder, and two
// equal IDs (V23).
func BuildParagraph(a, b string) (string, error) {
	a, b = strings.ToUpper(strings.TrimSpace(a)), strings.ToUpper(strings.TrimSpace(b))
	for _, id := range []string{a, b} {
		if !validParagraphID(id) {
			return "", tracker.Refuse("eternaut §12 V23", "%q is not an ID: IDs are 3 digits (like 002), or 9XX / XXX", id)
		}
	}
	if a == b {
		return "", tracker.Refuse("eternaut §12 V23", "a paragraph needs two different IDs, not %s twice", a)
	}
	// 600 (death) and 999 (scenario start) are prefixes: always first
	// (§6.2: 600-903, 999-001, 999-028).
	if isPrefix(b) && !isPrefix(a) || sortKey(b) < sortKey(a) && isPrefix(a) == isPrefix(b) {
		a, b = b, a
	}
	return a + "-" + b, nil
}

// Interaction types of §6.2.
const (
	Rummage     = "rummage"     // Character + Utility counter
	MovingOn    = "moving-on"   // Character + Event counter on the map
	TakeAction  = "take-action" // item action ID + target
	CraftItems  = "craft"       // item + item
	Talk        = "talk"        // Character + Character (Coordination)
	Start       = "start"       // 999-001 (and 999-028 in D)
	Death       = "death"       // 600-<ID>
	Hit         = "hit"         // <counter> – HIT
	TimerToken  = "timer"       // <event> – TIMER TOKEN
	SnowContact = "snow"        // the R-01 paragraph (A)
)

// Interactions lists the interaction types with the IDs each one asks for.
var Interactions = []struct{ Kind, First, Second string }{
	{Rummage, "Character", "Utility counter"},
	{MovingOn, "Character", "Event counter"},
	{TakeAction, "item action ID (printed beside the action)", "target"},
	{CraftItems, "item", "item"},
	{Talk, "Character", "Character"},
	{Start, "", ""},
	{Death, "Character", ""},
	{Hit, "explosive counter", ""},
	{TimerToken, "Event counter", ""},
	{SnowContact, "", ""},
}

// TimerParagraph is the key of an Event counter reached by the Timer (§5.5).
func TimerParagraph(event string) string { return event + " – TIMER TOKEN" }

// HitParagraph is the key of an explosive counter hit (§11 F).
func HitParagraph(counter string) string { return counter + " – HIT" }

// Interaction builds the paragraph for an interaction type (§6.2). For
// Start, a is "" (999-001) or "028" (999-028); for Death, Hit and
// TimerToken only a is used.
func Interaction(kind, a, b string) (string, error) {
	one := func(what string) (string, error) {
		if !isID(a) {
			return "", tracker.Refuse("eternaut §12 V23", "%q is not a 3-digit %s ID", a, what)
		}
		return a, nil
	}
	switch kind {
	case Rummage, MovingOn, TakeAction, CraftItems, Talk:
		// §6.4: any 3-digit ID is accepted; that a Take Action pair uses the
		// action's ID (not the item's) is a hint for the screen (IDKind).
		return BuildParagraph(a, b)
	case Start:
		if a == "" {
			return "999-001", nil
		}
		return BuildParagraph("999", a)
	case Death:
		id, err := one("Character")
		if err != nil {
			return "", err
		}
		return DeathParagraph(id), nil
	case Hit:
		id, err := one("counter")
		if err != nil {
			return "", err
		}
		return HitParagraph(id), nil
	case TimerToken:
		id, err := one("Event counter")
		if err != nil {
			return "", err
		}
		return TimerParagraph(id), nil
	}
	return "", tracker.Refuse("eternaut §6.2", "%q is not an interaction type", kind)
}

// CandidateParagraphs lists where to look, in order (§6.3): the exact pair,
// the any-Character form when the actor is a Character, and the target's
// any-interaction entry.
func CandidateParagraphs(actor, target string) ([]string, error) {
	p, err := BuildParagraph(actor, target)
	if err != nil {
		return nil, err
	}
	out := []string{p}
	if isID(actor) && actor[0] == '9' && actor != "999" {
		if g, err := BuildParagraph(AnyCharacter, target); err == nil {
			out = append(out, g)
		}
	}
	return append(out, target+" (ANY INTERACTION)"), nil
}

// IDKind names the component an ID belongs to (§6.4), or "" if the
// rulebook lists no such range: only a soft warning, any 3-digit ID is fine.
func IDKind(id string) string {
	if !isID(id) {
		return ""
	}
	n := int(sortKey(id))
	switch {
	case n >= 1 && n <= 10:
		return "Event counter"
	case n >= 11 && n <= 199:
		return "Item card"
	case n >= 201 && n <= 279:
		return "Utility counter"
	case n >= 400 && n <= 499:
		return "item action"
	case n == 600:
		return "death paragraph"
	case n >= 701 && n <= 704, n >= 711 && n <= 716, n >= 721 && n <= 724, n == 731, n == 741:
		return "Enemy"
	case n >= 751 && n <= 762:
		return "Loot counter"
	case n >= 801 && n <= 813:
		return "NPC"
	case n >= 901 && n <= 913:
		return "Character"
	case n == 999:
		return "scenario start"
	}
	return ""
}

// ReadParagraph records a paragraph read (§6.5): one event per paragraph.
// Key is the paragraph ("232-901", "001 – TIMER TOKEN"); Kind the
// interaction type (optional); By who read or acted; Note free words.
type ReadParagraph struct {
	Key, Kind, By, Note string
}

// SetSnowParagraph stores the paragraph printed on Rule card R-01 (§11 A).
type SetSnowParagraph struct{ Key string }

// TouchSnow: a Character touched snow in A; the R-01 paragraph is due.
type TouchSnow struct{ Char string }

func init() { register(ReadParagraph{}, SetSnowParagraph{}, TouchSnow{}) }

func (ReadParagraph) kind() string { return "paragraph" }
func (c ReadParagraph) run(s *State, x *exec) error {
	key := strings.TrimSpace(c.Key)
	if key == "" {
		return tracker.Refuse("eternaut §6", "which paragraph was read?")
	}
	if len(key) > 60 {
		return tracker.Refuse("eternaut §6", "a paragraph key is at most 60 characters")
	}
	r := ParagraphRead{Key: key, Kind: c.Kind, By: strings.TrimSpace(c.By), Note: strings.TrimSpace(c.Note)}
	if s.Scenario != nil {
		r.Scenario = s.Scenario.Key
		if s.Phase == PhasePlaying {
			r.Round = s.Scenario.Round()
		}
	}
	s.Paragraphs = append(s.Paragraphs, r)
	line := "Read paragraph " + key
	if r.By != "" {
		line += " (" + r.By + ")"
	}
	if r.Note != "" {
		line += ": " + r.Note
	}
	x.say("%s", line)
	return nil
}

// SearchParagraphs returns the paragraphs read whose key, reader, note or
// scenario contains the query (any case), oldest first.
func SearchParagraphs(s *State, query string) []ParagraphRead {
	q := strings.ToLower(strings.TrimSpace(query))
	var out []ParagraphRead
	for _, p := range s.Paragraphs {
		hay := strings.ToLower(strings.Join([]string{p.Key, p.Kind, p.By, p.Note, p.Scenario}, "\x00"))
		if q == "" || strings.Contains(hay, q) {
			out = append(out, p)
		}
	}
	return out
}

func (SetSnowParagraph) kind() string { return "snow.paragraph" }
func (c SetSnowParagraph) run(s *State, x *exec) error {
	k := strings.TrimSpace(c.Key)
	if k == "" || len(k) > 20 {
		return tracker.Refuse("eternaut §11 A", "give the paragraph printed on Rule card R-01")
	}
	s.SnowParagraph = k
	x.say("Snow paragraph (R-01) noted: %s", k)
	return nil
}

func (TouchSnow) kind() string { return "snow.touch" }
func (c TouchSnow) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §11 A")
	if err != nil {
		return err
	}
	if Letter(s.Scenario.Key) != "A" {
		return tracker.Refuse("eternaut §11 A", "snow is a rule of Scenario A")
	}
	if s.SnowParagraph == "" {
		return tracker.Refuse("eternaut §11 A", "note the paragraph printed on Rule card R-01 first (SetSnowParagraph)")
	}
	x.say("%s touched the snow", ch.Name)
	x.ask("Read paragraph %s", s.SnowParagraph)
	return nil
}

// Snowflakes is the number of Snowflake counters in the game (§11 A).
const Snowflakes = 16

// PlaceSnowflakes puts N Snowflake counters on the map (negative: takes
// them off); placing stops when the reserve of 16 is empty.
type PlaceSnowflakes struct{ N int }

func init() { register(PlaceSnowflakes{}) }

func (PlaceSnowflakes) kind() string { return "snow.place" }
func (c PlaceSnowflakes) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §11 A")
	if err != nil {
		return err
	}
	if Letter(sc.Key) != "A" {
		return tracker.Refuse("eternaut §11 A", "snow is a rule of Scenario A")
	}
	if c.N == 0 {
		return tracker.Refuse("eternaut §11 A", "place or remove at least 1 Snowflake counter")
	}
	to := sc.Snowflakes + c.N
	if to < 0 {
		return tracker.Refuse("eternaut §11 A", "only %d Snowflake counters are on the map", sc.Snowflakes)
	}
	if to > Snowflakes {
		x.say("the Snowflake reserve is empty: %d placed, %d not", Snowflakes-sc.Snowflakes, to-Snowflakes)
		to = Snowflakes
	}
	x.say("Snowflake counters on the map: %d → %d", sc.Snowflakes, to)
	sc.Snowflakes = to
	return nil
}
