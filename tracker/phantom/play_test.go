package phantom

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// playRound plays one round through commands: characters select, cards
// are drawn, initiative set, and every turn played. Adversary turns are
// resolved and confirmed, except the one override names (overridden), and
// the first adversary turn of undoRound is resolved, undone, and resolved
// again.
func playRound(t *testing.T, s *tracker.Session, sel map[string][]string, override string, undoFirst bool, pre ...any) {
	t.Helper()
	do(t, s, BeginRound{})
	do(t, s, pre...)
	m := st(s).Mission
	for _, f := range m.Figures {
		if f.character() && !f.Defeated {
			cards := sel[f.Name]
			if cards == nil {
				do(t, s, Rest{Character: f.Name})
				continue
			}
			do(t, s, SelectCards{Character: f.Name, Cards: cards})
		}
	}
	do(t, s, DrawAdversaryCards{}, DetermineInitiative{})
	undone := false
	for {
		m := st(s).Mission
		n := m.next()
		if n == "" {
			break
		}
		f := m.fig(n)
		if f.character() {
			do(t, s, StartTurn{Character: n})
			f = st(s).Mission.fig(n)
			if f.Defeated {
				continue
			}
			for _, c := range f.Selected {
				do(t, s, PlayCard{Character: n, Card: c})
			}
			do(t, s, EndTurn{Character: n})
			continue
		}
		e, err := s.Do(ResolveAdversaryTurn{Adversary: n})
		if err != nil {
			t.Fatal(err)
		}
		if undoFirst && !undone {
			before := jsonOf(t, st(s).Mission.Pending)
			if _, err := s.Undo(); err != nil {
				t.Fatal(err)
			}
			if st(s).Mission.Pending != nil || st(s).Mission.Current != "" {
				t.Fatal("undo must take the resolution back")
			}
			if _, err := s.Redo(); err != nil {
				t.Fatal(err)
			}
			if jsonOf(t, st(s).Mission.Pending) != before {
				t.Fatal("redo must give the same resolution (no re-rolling)")
			}
			undone = true
		}
		p := st(s).Mission.Pending
		if p == nil || len(p.Trace) == 0 || !strings.Contains(s.Describe(e), n) {
			t.Fatalf("resolution not recorded: %+v / %q", p, s.Describe(e))
		}
		if p.Turn.Stopped != "" {
			t.Fatalf("turn stopped: %s", p.Turn.Stopped)
		}
		if n == override {
			refused(t, s, OverrideAdversaryTurn{}, "§1")
			do(t, s, OverrideAdversaryTurn{Reason: "the players saw it attack Bo instead", Figures: []FigureChange{
				{Name: "Bo", HP: st(s).Mission.fig("Bo").HP - 1, Conditions: st(s).Mission.fig("Bo").CondList()}}})
			continue
		}
		do(t, s, ConfirmAdversaryTurn{})
	}
	do(t, s, EndRound{})
}

func TestWholeMissionReplaysFromExport(t *testing.T) {
	s, mem := newSession(t)
	do(t, s, contentCommands()...)
	do(t, s, startCmd())
	playRound(t, s, map[string][]string{"Ana": {"W1", "W2"}, "Bo": {"H3"}}, "", true)
	playRound(t, s, map[string][]string{"Ana": {"W4"}, "Bo": {"H1", "H2"}}, "Grallok Berserker 2", false)
	playRound(t, s, map[string][]string{"Ana": nil, "Bo": nil}, "", false)
	m := st(s).Mission
	if m.Round != 3 || len(m.Decks.InPlay) != 0 {
		t.Fatalf("round %d, in play %v", m.Round, m.Decks.InPlay)
	}
	// The override and the confirmations are in the diary.
	var lines []string
	_ = s.Events(1, func(e tracker.Event) error { lines = append(lines, s.Describe(e)); return nil })
	diary := strings.Join(lines, "\n")
	for _, want := range []string{"Overridden: Grallok Berserker 2", "Confirmed: Grallok Berserker 1", "Round 3: Decision die", "Turn order:"} {
		if !strings.Contains(diary, want) {
			t.Fatalf("diary lacks %q:\n%s", want, diary)
		}
	}
	// A confirmed turn says the adversary's move once (its summary), and
	// conditions in words, not as a program's list.
	for _, l := range lines {
		if !strings.HasPrefix(l, "Confirmed: ") {
			continue
		}
		for _, mv := range regexp.MustCompile(`[A-Z]-?\d+ → [A-Z]-?\d+`).FindAllString(l, -1) {
			if strings.Count(l, mv) > 1 {
				t.Fatalf("the move %q is said twice: %s", mv, l)
			}
		}
		if strings.Contains(l, "[") {
			t.Fatalf("a program's list in %q", l)
		}
	}
	// Ana and Bo won; the result and an SP purchase.
	do(t, s, MissionResult{Success: true})
	sh := st(s).Sheet
	if st(s).Characters["Ana"].SP != 2 || sh.Fame["Berkav"] != 2 || !sh.Missions["Berkav-2"].Available || sh.Missions["Berkav-1"].Completed != "X" {
		t.Fatalf("rewards: Ana SP %d, sheet %+v", st(s).Characters["Ana"].SP, sh)
	}
	choices := st(s).Mission.RewardChoices
	if len(choices) != 4 {
		t.Fatalf("difficulty 1 draws 4 tier-1 cards, got %v", choices)
	}
	do(t, s, PickAttachment{Character: "Ana", Attachment: choices[0]})
	refused(t, s, PickAttachment{Character: "Ana", Attachment: choices[1]}, "V-19")
	refused(t, s, PickAttachment{Character: "Bo", Attachment: choices[0]}, "V-19")
	do(t, s, PickAttachment{Character: "Bo", Attachment: choices[2]})
	if n := len(st(s).Sheet.AttachmentDecks[1]); n != 3 {
		t.Fatalf("unpicked cards go back: tier-1 deck has %d", n)
	}
	do(t, s, BuyActionCard{Character: "Ana", Card: "W11"})
	if st(s).Characters["Ana"].SP != 0 {
		t.Fatal("W11 costs 2 SP")
	}
	if got := s.Where(); got != "Berkav-1 · success" {
		t.Fatalf("where %q", got)
	}

	x, err := tracker.ExportCampaign(mem, s.Campaign().ID, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	data, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := tracker.ParseExport(data, tracker.Registry{tracker.PhantomEpoch: Rules{}})
	if err != nil {
		t.Fatal(err)
	}
	mem2 := tracker.NewMemStore()
	if err := mem2.Create(back.Campaign); err != nil {
		t.Fatal(err)
	}
	for _, e := range back.Events {
		if err := mem2.Append(back.Campaign.ID, e); err != nil {
			t.Fatal(err)
		}
	}
	s2, err := tracker.Open(mem2, Rules{}, back.Campaign.ID)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := jsonOf(t, s.State()), jsonOf(t, s2.State()); a != b {
		t.Fatalf("replayed state differs:\n%s\n%s", a, b)
	}
}

func TestConfirmAndOverrideNeedAResolution(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(), BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W2", "W5"}}, SelectCards{Character: "Bo", Cards: []string{"H2", "H5"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	refused(t, s, ConfirmAdversaryTurn{}, "§8.4")
	refused(t, s, OverrideAdversaryTurn{Reason: "x"}, "§8.4")
	m := st(s).Mission
	first := m.next()
	if m.fig(first).character() {
		t.Skipf("a character goes first (%s)", first)
	}
	var other string
	for _, n := range m.Order {
		if n != first && !m.fig(n).character() {
			other = n
		}
	}
	refused(t, s, ResolveAdversaryTurn{Adversary: other}, "§11.1")
	refused(t, s, ResolveAdversaryTurn{Adversary: first, Attack: []string{"seven"}}, "V-22")
	do(t, s, ResolveAdversaryTurn{Adversary: first, Attack: []string{"crit"}})
	refused(t, s, StartTurn{Character: "Ana"}, "§11.1")
	refused(t, s, EndRound{}, "§11")
	refused(t, s, OverrideAdversaryTurn{Reason: "moved", Figures: []FigureChange{{Name: first, Position: "B-3", HP: 3}}}, "§2.4")
	do(t, s, OverrideAdversaryTurn{Reason: "it stayed put", Figures: []FigureChange{{Name: first, HP: 3}}})
	if f := st(s).Mission.fig(first); f.HP != 3 || !contains(st(s).Mission.Acted, first) {
		t.Fatalf("override not applied: %+v", f)
	}
}

func TestEnteredRollsDriveTheEngine(t *testing.T) {
	set := DefaultSettings()
	set.RollAttackDice = false
	s := withContent(t)
	do(t, s, ChangeSettings{Settings: set}, startCmd(),
		MoveFigure{Figure: "Ana", Path: []string{"C-1", "B-1"}}, // next to Berserker 1 on A-2
		BeginRound{Face: &phantom.Face{Colour: "dark blue", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W2", "W5"}}, SelectCards{Character: "Bo", Cards: []string{"H2", "H5"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	m := st(s).Mission
	first := m.next()
	if first != "Grallok Berserker 1" {
		t.Skipf("first is %s", first)
	}
	do(t, s, ResolveAdversaryTurn{Adversary: first})
	p := st(s).Mission.Pending
	if p.Turn.Stopped == "" {
		t.Fatalf("without rolls the attack must wait for the table: %+v", p.Turn)
	}
	refused(t, s, ConfirmAdversaryTurn{}, "§8.4")
	do(t, s, ResolveAdversaryTurn{Adversary: first, Attack: []string{"2"}})
	do(t, s, ConfirmAdversaryTurn{})
	// Berserker attack 1 + die 2 + row modifier, against Guard 0.
	if hp := st(s).Mission.fig("Ana").HP; hp >= 10 {
		t.Fatalf("Ana took no damage: %d", hp)
	}
}

func TestAdversaryDefeatedInItsTurnDropsNova(t *testing.T) {
	s := withContent(t)
	do(t, s, startCmd(),
		CorrectFigure{Figure: "Grallok Berserker 1", HP: intp(1), SetConditions: true, Conditions: []string{"Bleeding"}},
		CorrectSpace{Space: "A-2", NovaCells: intp(2)},
		BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	for {
		n := st(s).Mission.next()
		if n == "Grallok Berserker 1" {
			break
		}
		if st(s).Mission.fig(n).character() {
			do(t, s, StartTurn{Character: n}, EndTurn{Character: n})
		} else {
			do(t, s, ResolveAdversaryTurn{Adversary: n}, OverrideAdversaryTurn{Reason: "held still"})
		}
	}
	do(t, s, ResolveAdversaryTurn{Adversary: "Grallok Berserker 1"})
	e, err := s.Do(ConfirmAdversaryTurn{})
	if err != nil {
		t.Fatal(err)
	}
	m := st(s).Mission
	hm, _ := st(s).liveMap()
	sp, _ := hm.Space("A-2")
	if !m.fig("Grallok Berserker 1").Defeated || sp.NovaCells != 3 {
		t.Fatalf("Bleeding defeats it at the start of its turn; 2 + 1 nova on A-2, got %d (%q)", sp.NovaCells, s.Describe(e))
	}
	if !strings.Contains(s.Describe(e), "defeated") {
		t.Fatalf("diary %q", s.Describe(e))
	}
}
