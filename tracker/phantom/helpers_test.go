package phantom

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
	"tablekeeper/tracker/trackertest"
)

// The test content is made up: neutral names and numbers, no card text.

// testMap is a 6×4 parallelogram: rows A (r=0) to D (r=3), columns 1–6
// (q=0..5). Entry points on row D; a Berserker icon for any party on A-2
// and A-5, an Archer icon for 3-4 characters on A-4, a destructible object
// on B-3, fire on C-6, nova cells on D-6.
func testMap() string {
	var sp []string
	rows := "ABCD"
	for r := 0; r < 4; r++ {
		for q := 0; q < 6; q++ {
			label := fmt.Sprintf("%c-%d", rows[r], q+1)
			extra := ""
			switch label {
			case "D-1", "D-2", "D-3", "D-4":
				extra = `, "entryPoint": true`
			case "A-2", "A-5":
				extra = `, "placementIcons": [{"adversary": "Grallok Berserker", "characters": "2-4"}]`
			case "A-4":
				extra = `, "placementIcons": [{"adversary": "Grallok Archer", "characters": "3-4"}]`
			case "B-3":
				extra = `, "object": "destructible"`
			case "C-6":
				extra = `, "hazard": "fire"`
			case "D-6":
				extra = `, "novaCells": 2`
			case "B-6":
				extra = `, "orb": {"kind": "campaign", "number": 4}`
			}
			sp = append(sp, fmt.Sprintf(`{"label": %q, "q": %d, "r": %d%s}`, label, q, r, extra))
		}
	}
	return `{"missionId": "Berkav-1", "planet": "Berkav", "difficulty": 1, "spaces": [` + strings.Join(sp, ",\n") + `]}`
}

func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func intp(n int) *int { return &n }

// contentCommands enter the whole test content.
func contentCommands() []any {
	var cmds []any
	put := func(kind ContentKind, id string, v any) {
		cmds = append(cmds, SaveContent{Kind: kind, ID: id, Data: raw(v)})
	}
	put(KindMap, "berkav-1", json.RawMessage(testMap()))
	put(KindMission, "", MissionInfo{ID: "Berkav-1", Planet: "Berkav", Difficulty: 1, Map: "berkav-1", SP: 2,
		Fame: map[string]int{"Berkav": 2}, Unlocks: []string{"Berkav-2"}, Orbs: []int{4}})
	put(KindAdversary, "", phantom.AdversaryType{Name: "Grallok Berserker", Species: "Grallok", Class: "Berserker", Difficulty: 1, HP: 6, Attack: 1, Range: 1, Standees: 4})
	put(KindAdversary, "", phantom.AdversaryType{Name: "Grallok Archer", Species: "Grallok", Class: "Archer", Difficulty: 1, HP: 4, Range: 3})
	for i := 1; i <= 3; i++ {
		put(KindSpeciesCard, fmt.Sprintf("G%d", i), SpeciesCard{Species: "Grallok", Card: phantom.Card{AP: i, Actions: []phantom.Action{{Kind: phantom.ActMove, Value: 2 + i%2}}}})
		rows := []phantom.ClassRow{}
		for k, col := range phantom.Colours {
			rows = append(rows, phantom.ClassRow{Colour: col, Card: phantom.Card{AP: k + 1, Actions: []phantom.Action{{Kind: phantom.ActAttack, Value: k % 2}}}})
		}
		put(KindClassCard, fmt.Sprintf("B%d", i), ClassCard{Class: "Berserker", Card: phantom.ClassCard{Rows: rows}})
		put(KindClassCard, fmt.Sprintf("R%d", i), ClassCard{Class: "Archer", Card: phantom.ClassCard{Rows: rows}})
	}
	put(KindSpecies, "", Species{Name: "Human", HP: 10, MaxAP: 6})
	for _, class := range []string{"Warrior", "Healer", "Ranger"} {
		var starting []string
		p := class[:1]
		for i := 1; i <= 14; i++ {
			id := fmt.Sprintf("%s%d", p, i)
			ac := ActionCard{ID: id, Class: class, AP: 1 + i%3}
			if i > 10 {
				ac.SPCost = i - 9
			} else {
				starting = append(starting, id)
			}
			if i == 3 {
				ac.Temporary = true
			}
			put(KindActionCard, "", ac)
		}
		put(KindClass, "", ClassBoard{Name: class, BaseRange: 1, ItemSlots: 2, BandageSlots: 2, Starting: starting,
			AttachmentSlots: [][]string{{"melee", "ranged"}, {"shield"}}, StartingAttachments: []string{"Kit " + p}})
		put(KindAttachment, "", Attachment{ID: "Kit " + p, Tier: 0, Type: "starting"})
	}
	for t := 1; t <= 2; t++ {
		for i := 1; i <= 5; i++ {
			put(KindAttachment, "", Attachment{ID: fmt.Sprintf("T%d-%d", t, i), Tier: t, Type: "melee", NovaSlots: 2})
		}
	}
	put(KindEquipment, "", Equipment{ID: "Helmet", Tier: 1, Planet: "Berkav", Slot: "head", Cost: 3, NovaSlots: 2, Guard: 1})
	put(KindEquipment, "", Equipment{ID: "Boots", Tier: 2, Planet: "Berkav", Slot: "feet", Cost: 5})
	put(KindEquipment, "", Equipment{ID: "Visor", Tier: 1, Planet: "Orbos", Slot: "head", Cost: 2})
	put(KindItem, "", ItemCard{ID: "Medkit", OncePerMission: true})
	put(KindItem, "", ItemCard{ID: "Flare"})
	faces := []phantom.Face{}
	for i, col := range phantom.Colours {
		faces = append(faces, phantom.Face{Colour: col, Primary: "N", Secondary: "E"}, phantom.Face{Colour: col, Primary: []phantom.Dir{"S", "W", "E", "N"}[i], Secondary: "W"})
	}
	cmds = append(cmds, SetDice{DecisionDie: faces, Basic: []string{"0", "1", "1", "2", "2", "3", "crit", "fumble"},
		Blitz: []string{"0", "0", "1", "3", "4", "5", "crit", "fumble"}, Accuracy: []string{"miss", "block", "success", "success", "success", "success"}})
	cmds = append(cmds,
		SetAttachmentDeck{Tier: 1, Cards: []string{"T1-1", "T1-2", "T1-3", "T1-4", "T1-5"}},
		SetAttachmentDeck{Tier: 2, Cards: []string{"T2-1", "T2-2", "T2-3", "T2-4", "T2-5"}},
		CreateCharacter{Name: "Ana", Class: "Warrior", Species: "Human", Colour: "dark blue"},
		CreateCharacter{Name: "Bo", Class: "Healer", Species: "Human", Colour: "yellow"},
		CreateCharacter{Name: "Cy", Class: "Ranger", Species: "Human", Colour: "red"},
	)
	return cmds
}

func starting(p string) []string {
	var out []string
	for i := 1; i <= 10; i++ {
		out = append(out, fmt.Sprintf("%s%d", p, i))
	}
	return out
}

func startCmd() StartMission {
	return StartMission{Mission: "Berkav-1", Party: []Embark{
		{Character: "Ana", EntryPoint: "D-1", Cards: starting("W")},
		{Character: "Bo", EntryPoint: "D-2", Cards: starting("H")},
	}}
}

const testSeed = 20261122

func newSession(t testing.TB) (*tracker.Session, *tracker.MemStore) {
	t.Helper()
	mem := tracker.NewMemStore()
	c, err := tracker.NewCampaign(tracker.PhantomEpoch, "Test campaign", testSeed, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if err := mem.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(mem, Rules{}, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s, mem
}

func do(t testing.TB, s *tracker.Session, cmds ...any) {
	t.Helper()
	for _, c := range cmds {
		e, err := s.Do(c)
		if err != nil {
			t.Fatalf("%T %+v: %v", c, c, err)
		}
		for _, w := range lineWords(s.Describe(e)) {
			t.Errorf("%T: %s", c, w)
		}
	}
}

// lineWords lists what in a diary line or a refusal a player must never
// read: trackertest.NotPlayersWords (its ambiguity codes only in
// parentheses: "A-2" is a space of the test map), a count of 1 with a
// plural ("1 maps"), a word said twice ("Mission Mission 1"), Go's words.
func lineWords(line string) []string {
	var out []string
	for _, w := range trackertest.NotPlayersWords(line) {
		if strings.HasPrefix(w, "an ambiguity register code") && !ambiguityCode.MatchString(line) {
			continue
		}
		out = append(out, w)
	}
	for _, ix := range onePlural.FindAllStringIndex(line, -1) {
		// "Grallok Berserker 1 conditions", "row 1 actions": the 1 ends
		// a name or numbers a thing, it counts nothing.
		before := strings.Fields(line[:ix[0]])
		if n := len(before); n > 0 {
			w := strings.Trim(before[n-1], "(\"“")
			if w != "" && (unicode.IsUpper([]rune(w)[0]) || numbered[strings.ToLower(w)]) {
				continue
			}
		}
		out = append(out, fmt.Sprintf("a count of 1 with a plural: %q in %q", line[ix[0]:ix[1]], line))
	}
	for _, m := range goList.FindAllString(line, -1) {
		out = append(out, fmt.Sprintf("a list as the program prints it: %q in %q", m, line))
	}
	ws := strings.Fields(line)
	for i := 1; i < len(ws); i++ {
		if len(ws[i]) > 2 && strings.EqualFold(ws[i], ws[i-1]) && strings.IndexFunc(ws[i], func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
			out = append(out, fmt.Sprintf("a word said twice: %q in %q", ws[i], line))
		}
	}
	if m := goWords.FindString(line); m != "" {
		out = append(out, fmt.Sprintf("Go's words: %q in %q", m, line))
	}
	return out
}

var (
	ambiguityCode = regexp.MustCompile(`\(A-\d+\)`)
	goList        = regexp.MustCompile(`\[\]|\[[A-Z][a-z]+(?: [A-Z]?[a-z]+)*(?: [A-Z][a-z]+(?: [A-Z]?[a-z]+)*)*\]`)
	numbered      = map[string]bool{"row": true, "step": true, "card": true, "tier": true, "round": true, "piece": true, "item": true, "action": true, "turn": true, "level": true, "column": true, "face": true, "deck": true, "orb": true, "icon": true}
	onePlural     = regexp.MustCompile(`\b1 (?:[a-z]+ ){0,2}(?:map|card|space|modifier|piece|character|figure|round|turn|mission|problem|action|condition|standee|charge|cell|object|line|group|way|point|face|roll|type|item|attachment|bandage|token|orb|treasure|hazard|wall|decision|icon|step|tier|board|campaign|event)s\b`)
)

func st(s *tracker.Session) *State { return s.State().(*State) }

// withContent is a session with the test content and characters.
func withContent(t testing.TB) *tracker.Session {
	t.Helper()
	s, _ := newSession(t)
	do(t, s, contentCommands()...)
	return s
}

// refused checks that a command is refused by the rule named.
func refused(t testing.TB, s *tracker.Session, cmd any, rule string) {
	t.Helper()
	_, err := s.Do(cmd)
	var re *tracker.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%T %+v: want a refusal (%s), got %v", cmd, cmd, rule, err)
	}
	for _, w := range lineWords(re.Why) {
		t.Errorf("%T refused: %s", cmd, w)
	}
	if !strings.Contains(re.Rule, rule) {
		t.Fatalf("%T: refused by %q (%s), want %q", cmd, re.Rule, re.Why, rule)
	}
}

// refusedWhy is refused, the refusal's words saying why as well.
func refusedWhy(t testing.TB, s *tracker.Session, cmd any, rule, why string) {
	t.Helper()
	_, err := s.Do(cmd)
	var re *tracker.RuleError
	if !errors.As(err, &re) || !strings.Contains(re.Rule, rule) || !strings.Contains(re.Why, why) {
		t.Fatalf("%T %+v: want a refusal by %s saying %q, got %v", cmd, cmd, rule, why, err)
	}
}

// direct runs a command on a state without a session, for table tests.
func direct(s *State, cmd command, seed uint64) (*State, string, error) {
	ch, err := Rules{}.Decide(s, cmd, tracker.NewDice(seed, 0))
	if err != nil {
		return s, "", err
	}
	p, _ := json.Marshal(ch.Payload)
	next := s.clone()
	out, err := Rules{}.Apply(next, tracker.Event{Kind: ch.Kind, Payload: p})
	if err != nil {
		return s, "", err
	}
	return out.(*State), Rules{}.Describe(tracker.Event{Kind: ch.Kind, Payload: p}), nil
}

func jsonOf(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// boFirst starts the test mission and plays round 1 up to Bo's turn, Bo
// going first: Ana selects W1, Bo the cards given, Bo stands on pos,
// the fixes given (more CorrectFigure, ...) are made, then the adversary
// cards and the initiative, and Bo's turn starts.
func boFirst(t testing.TB, s *tracker.Session, cards []string, pos string, fixes ...any) {
	t.Helper()
	cmds := append([]any{startCmd(), BeginRound{}, SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: cards},
		CorrectFigure{Figure: "Bo", Position: &pos}}, fixes...)
	do(t, s, append(cmds, DrawAdversaryCards{}, DetermineInitiative{})...)
	m := st(s).Mission
	m.Order = append([]string{"Bo"}, remove(m.Order, "Bo")...)
	do(t, s, StartTurn{Character: "Bo"})
}

// toTurnOf plays on until it is name's turn: other characters start and
// end theirs, adversaries are held still by an override.
func toTurnOf(t *testing.T, s *tracker.Session, name string) {
	t.Helper()
	for n := st(s).Mission.next(); n != name; n = st(s).Mission.next() {
		switch {
		case n == "":
			t.Fatalf("the round ended before %s's turn", name)
		case st(s).Mission.fig(n).character():
			do(t, s, StartTurn{Character: n}, EndTurn{Character: n})
		default:
			do(t, s, ResolveAdversaryTurn{Adversary: n}, OverrideAdversaryTurn{Reason: "held still for the test"})
		}
	}
}
