package alone

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/assets/content"
	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// practice is the app's practice set, read as any file is.
func practice(t testing.TB) *Content {
	t.Helper()
	c, err := ParseContent(content.AlonePractice)
	if err != nil {
		t.Fatalf("the practice set does not pass the checks user content passes: %v", err)
	}
	return c
}

// TestPracticeContentIsCheckedLikeUserContent: the shipped set is a content
// file like any other, made up and marked so, and holds what a solo game
// needs: a Map of two Levels with its two sets of Stairs and named Rooms,
// Missions whose Rooms are on it, Items for every Difficulty, and a
// Reaction card in each deck.
func TestPracticeContentIsCheckedLikeUserContent(t *testing.T) {
	c := practice(t)
	if !c.Practice || c.Sheet == nil || len(c.Maps) != 1 {
		t.Fatalf("practice %v, sheet %v, %d maps", c.Practice, c.Sheet != nil, len(c.Maps))
	}
	l := &c.Maps[0]
	if got := l.Rooms(); len(got) < 3 {
		t.Fatalf("named Rooms %v", got)
	}
	for _, m := range c.Missions {
		for _, g := range m.Goals {
			if len(l.SectorsOfRoom(g)) == 0 {
				t.Errorf("Mission %q sends the Hero to %q, which is not on the Map", m.Name, g)
			}
		}
	}
	decks := map[string]bool{}
	for _, r := range c.Reactions {
		decks[r.Deck] = true
	}
	if len(decks) != 4 {
		t.Fatalf("decks with cards: %v", decks)
	}
	if len(c.MissionsOf(StartingMission)) != 2 || len(c.MissionsOf(FinalMission)) != 1 {
		t.Fatal("the practice set needs 2 Starting Missions and a Final one")
	}
	bullets := false
	for _, it := range c.Items {
		bullets = bullets || it.Bullets
	}
	if !bullets {
		t.Fatal("Easy needs a Bullets card first")
	}
	// Nothing of the seeds' own texts: the names are ours.
	b, _ := c.Encode()
	for _, word := range []string{"Laboratory", "Infirmary", "Control Room", "Engineer"} {
		if bytes.Contains(b, []byte(word)) {
			t.Errorf("the practice set uses %q, a name from the books", word)
		}
	}
}

// TestContentFileRoundTripsAndRefusesDamage: a set written and read back is
// the same; a file that is not one, from a newer app, too big or damaged is
// refused with one clear problem and nothing else.
func TestContentFileRoundTripsAndRefusesDamage(t *testing.T) {
	c := practice(t)
	b, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseContent(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := back.Encode()
	if !bytes.Equal(b, b2) {
		t.Fatal("the set changed on its way through a file")
	}
	for name, tc := range map[string]struct {
		in   []byte
		want string
	}{
		"not json":      {[]byte("hello"), "not an Alone content file"},
		"another game":  {[]byte(`{"format":"tablekeeper.phantom.content","version":1}`), "for another game"},
		"newer":         {[]byte(`{"format":"tablekeeper.alone.content","version":9}`), "newer version"},
		"cut short":     {b[:len(b)/2], "not an Alone content file"},
		"wrong kind":    {[]byte(`{"format":"tablekeeper.alone.content","version":1,"maps":"x"}`), "wrong kind"},
		"too big":       {append([]byte(`{"format":"tablekeeper.alone.content","version":1,"name":"`), bytes.Repeat([]byte("a"), MaxContentBytes)...), "at most"},
		"no format key": {[]byte(`{}`), "not an Alone content file"},
	} {
		_, err := ParseContent(tc.in)
		ps, ok := err.(ContentProblems)
		if !ok || len(ps) != 1 || !strings.Contains(ps[0].Problem, tc.want) || ps[0].Kind != KindFile {
			t.Errorf("%s: %v, want one file problem %q", name, err, tc.want)
		}
	}
}

// TestContentProblemsNameTheCardAndTheField: a file with several faults
// lists every one, each with its card and the field of its form.
func TestContentProblemsNameTheCardAndTheField(t *testing.T) {
	c := practice(t)
	c.Items = append(c.Items, ItemCard{Name: "Box of rounds", Action: "jump", Charges: 0})
	c.Missions[0].Kind = "side"
	c.Reactions[0].Trigger = "sneeze"
	c.Reactions = append(c.Reactions, alone.ReactionCard{Deck: "fury", Name: "Bite", Trigger: alone.TriggerFight,
		Effect: []alone.CardOp{{Op: OpDamage, N: 2}}})
	c.Sheet.StartLife = 30
	l := &c.Maps[0]
	for i := range l.Sectors {
		if l.Sectors[i].StairsColour == "blue" {
			l.Sectors[i].StairsColour = "red"
		}
	}
	b, _ := c.Encode()
	_, err := ParseContent(b)
	ps, ok := err.(ContentProblems)
	if !ok {
		t.Fatalf("got %v", err)
	}
	want := []ContentProblem{
		{Kind: KindItem, Card: "Box of rounds", Field: FieldAction},
		{Kind: KindItem, Card: "Box of rounds", Field: FieldCharges},
		{Kind: KindItem, Card: "Box of rounds", Field: FieldName},
		{Kind: KindMission, Card: "Restart the pumps", Field: FieldKind},
		{Kind: KindReaction, Card: "Gnashing Reflex", Field: FieldTrigger},
		{Kind: KindReaction, Card: "Bite", Field: FieldEffect},
		{Kind: KindSheet, Field: FieldStartLife},
		{Kind: KindMap, Card: "Practice station", Field: FieldStairs},
	}
	for _, w := range want {
		found := false
		for _, p := range ps {
			found = found || p.Kind == w.Kind && p.Card == w.Card && p.Field == w.Field
		}
		if !found {
			t.Errorf("no problem for %s %q, %s in:\n%v", w.Kind, w.Card, w.Field, ps)
		}
	}
	for _, p := range ps {
		if strings.ContainsAny(p.Error(), "§{") || strings.Contains(p.Error(), "AMB") {
			t.Errorf("not in the players' words: %s", p.Error())
		}
	}
}

// TestContentInTheCampaign: entering, changing and deleting a card are
// events; undo takes each back; a card that would break the set is refused
// and nothing changes.
func TestContentInTheCampaign(t *testing.T) {
	s, _ := newSession(t, 3)
	do(t, s, UseContent{Content: *practice(t)})
	if st(s).Content == nil || !st(s).Content.Practice {
		t.Fatal("the set is not in the campaign")
	}
	e := do(t, s, PutContent{Item: &ItemCard{Name: "Rope", Passive: true, Charges: 3}})
	if got := s.Describe(e); got != "Content: Item card “Rope” entered" {
		t.Fatalf("line %q", got)
	}
	do(t, s, PutContent{Was: "Rope", Item: &ItemCard{Name: "Long rope", Passive: true, Charges: 2}})
	if st(s).Content.ItemNamed("Rope") != nil || st(s).Content.ItemNamed("Long rope").Charges != 2 {
		t.Fatal("the change did not take")
	}
	n := s.LastSeq()
	for _, bad := range []PutContent{
		{Item: &ItemCard{Name: "Arc torch", Action: Explore, Charges: 1}}, // a second card of that name
		{Item: &ItemCard{Name: "Nothing", Action: Explore}},               // no Charges
		{Was: "Gone", Item: &ItemCard{Name: "Gone", Passive: true, Charges: 1}},
		{},
		{Item: &ItemCard{Name: "Two", Passive: true, Charges: 1}, Character: &CharacterCard{Name: "Two"}},
	} {
		if _, err := s.Do(bad); err == nil {
			t.Errorf("%+v was accepted", bad)
		}
	}
	if s.LastSeq() != n {
		t.Fatal("a refused card was recorded")
	}
	do(t, s, DeleteContent{Kind: KindItem, Name: "long rope"})
	if st(s).Content.ItemNamed("Long rope") != nil {
		t.Fatal("not deleted")
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if st(s).Content.ItemNamed("Long rope") == nil {
		t.Fatal("undo did not bring the card back")
	}
	// A Reaction card keeps its deck: the same name in another deck is
	// another card.
	do(t, s, PutContent{Reaction: &alone.ReactionCard{Deck: "terror", Name: "Gnashing Reflex", Trigger: alone.TriggerSC}})
	do(t, s, PutContent{Was: "Gnashing Reflex", WasDeck: "terror", Reaction: &alone.ReactionCard{Deck: "terror", Name: "Gnashing Reflex", Trigger: alone.TriggerLife}})
	if r := st(s).Content.ReactionNamed("fury", "Gnashing Reflex"); r == nil || r.Trigger != alone.TriggerFight {
		t.Fatal("changing the Terror card changed the Fury one")
	}
	if r := st(s).Content.ReactionNamed("terror", "gnashing reflex"); r == nil || r.Trigger != alone.TriggerLife {
		t.Fatal("the Terror card did not change")
	}
}

// TestPracticeGameStartsFromItsContent: the practice set's setup passes the
// rules, puts the Hero on the Map's start, the Missions' Rooms become the
// Evil side's goals, and the set stays in the campaign.
func TestPracticeGameStartsFromItsContent(t *testing.T) {
	s, _ := newSession(t, 5)
	c := practice(t)
	cmds, ps := c.Commands(practiceChoice(), nil)
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	for _, cmd := range cmds {
		do(t, s, cmd)
	}
	g := st(s)
	if !g.Started || g.Mode != Solo || g.Map == nil || g.Map.Hero != c.Maps[0].Hero || len(g.Goals) != 2 {
		t.Fatalf("started %v mode %s hero %v goals %v", g.Started, g.Mode, g.Map != nil, g.Goals)
	}
	if g.Content == nil || g.Items[0].Name != "Arc Torch" {
		t.Fatalf("items %+v", g.Items)
	}
}

func practiceChoice() SetupChoice {
	return SetupChoice{Mode: Solo, Difficulty: Normal, Character: "Mara Quell", Decks: []string{"fury", "terror"},
		Starting: [2]string{"Restart the pumps", "Save the seed samples"}, Final: "Call the rescue ship",
		Items: []string{"Arc Torch"}, Map: "Practice station"}
}

// TestSetupFromContentNamesWhatIsMissing: each missing or wrong choice is
// named next to its field, in the players' words.
func TestSetupFromContentNamesWhatIsMissing(t *testing.T) {
	c := practice(t)
	ch := practiceChoice()
	ch.Starting[1] = "Call the rescue ship"
	ch.Final = ""
	ch.Difficulty = Easy
	ch.Items = []string{"Arc Torch", "Box of Rounds"}
	ch.Map = "Somewhere"
	_, ps := c.Start(ch)
	for _, f := range []string{FieldStarting2, FieldFinal, FieldItems, FieldMap} {
		if len(ps.For(f)) == 0 {
			t.Errorf("nothing said next to %s: %v", f, ps)
		}
	}
	// A Mission whose Room the Map lacks.
	c.Missions[0].Goals = []string{"Boiler Room"}
	_, ps = c.Start(practiceChoice())
	if got := ps.For(FieldMap); len(got) != 1 || !strings.Contains(got[0], "Boiler Room") {
		t.Fatalf("map problems %v", ps)
	}
}

// TestContentUpdateKeepsWhatTheCampaignUses: a newer file replaces the set;
// the Item in the Inventory, the Missions in play and the Hero it lacks are
// kept and reported, and the game in play does not change.
func TestContentUpdateKeepsWhatTheCampaignUses(t *testing.T) {
	s, _ := newSession(t, 5)
	c := practice(t)
	cmds, _ := c.Commands(practiceChoice(), nil)
	for _, cmd := range cmds {
		do(t, s, cmd)
	}
	before, _ := json.Marshal(st(s).Map)
	newer := c.Clone()
	newer.Name = "Practice set, second printing"
	newer.Items = newer.Items[:1]  // drops the Arc Torch the Hero holds
	newer.Missions = nil           // drops every Mission in play
	newer.Characters = nil         // drops the Hero
	newer.Maps[0].Name = "Renamed" // the Map in play is not touched
	newer.Items[0].Charges = 3     // a changed card
	e := do(t, s, UseContent{Content: *newer})
	line := s.Describe(e)
	for _, want := range []string{"Content updated from “Practice set, second printing”", "Item card “Arc Torch” (in the Hero's Inventory)",
		"Mission card “Restart the pumps” (in play)", "Mission card “Call the rescue ship” (in play)", "Character “Mara Quell” (in play)"} {
		if !strings.Contains(line, want) {
			t.Errorf("%q not in %q", want, line)
		}
	}
	g := st(s)
	if g.Content.ItemNamed("Arc Torch") == nil || g.Content.ItemNamed("Box of Rounds").Charges != 3 || g.Content.MissionNamed("Save the seed samples") == nil {
		t.Fatal("the update dropped what the campaign uses, or did not take")
	}
	if after, _ := json.Marshal(g.Map); !bytes.Equal(before, after) {
		t.Fatal("the update changed the Map in play")
	}
	if _, err := s.Undo(); err != nil || st(s).Content.Name != "Practice set" {
		t.Fatalf("undo: %v %q", err, st(s).Content.Name)
	}
	// A damaged set is refused whole.
	bad := c.Clone()
	bad.Items[0].Charges = 0
	if _, err := s.Do(UseContent{Content: *bad}); err == nil || !strings.Contains(err.Error(), "Charges") {
		t.Fatalf("a damaged update: %v", err)
	}
}

// TestPracticeFirstRoundThroughTheEngine plays the practice game's first
// full Round through the tracker and the Evil engine: 8 Turns, each a Hero
// Action, the app's Evil side reacting, the Turn's end; then the End of the
// Round. The log replays to the same state, and every decision is one the
// engine explained.
func TestPracticeFirstRoundThroughTheEngine(t *testing.T) {
	s, mem := newSession(t, 17)
	c := practice(t)
	cmds, _ := c.Commands(practiceChoice(), nil)
	for _, cmd := range cmds {
		do(t, s, cmd)
	}
	decisions := 0
	for st(s).TurnsUsed < 8 && st(s).Outcome == "" {
		do(t, s, StartTurn{})
		g := st(s)
		// Walk toward the nearest goal, Explore when no way on is seen,
		// Fight what stands in the Sector.
		if cs := g.Map.CreaturesIn(g.Map.Hero); len(cs) > 0 {
			do(t, s, FightCreature{Target: cs[0].ID, Roll: VirtualDice})
		} else if d, ok := stepTowards(g.Map, g.Goals); ok {
			do(t, s, MoveHero{Dir: d, Roll: VirtualDice})
		} else {
			do(t, s, ExploreDir{Dir: alone.East})
		}
		if st(s).Outcome != "" {
			break
		}
		e := do(t, s, EvilTurn{})
		if tr, ok := EvilTrace(e); !ok || len(tr.Steps) == 0 {
			t.Fatalf("turn %d: the Evil decision has no explanation", st(s).TurnsUsed)
		}
		decisions++
		do(t, s, EndTurn{Roll: VirtualDice})
	}
	if st(s).Outcome == "" {
		do(t, s, EndRound{})
		if g := st(s); g.Round != 2 || g.TurnsUsed != 0 {
			t.Fatalf("after the Round: round %d, turns %d", g.Round, g.TurnsUsed)
		}
	}
	if decisions == 0 {
		t.Fatal("the Evil side decided nothing")
	}
	// The log replays to the same game.
	again, err := tracker.Open(mem, Rules{}, s.Campaign().ID)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(st(s))
	b, _ := json.Marshal(again.State())
	if !bytes.Equal(a, b) {
		t.Fatal("the practice game does not replay to the same state")
	}
}

// stepTowards is the first step of a shortest Rules path to the nearest
// goal (the test peeks at the Map).
func stepTowards(m *alone.Map, goals []string) (alone.Dir, bool) {
	best, bestD := alone.Dir(""), 1<<30
	h := m.HeroSector()
	for _, g := range goals {
		dist := m.DistancesFrom(g, alone.Rules)
		for _, d := range []alone.Dir{alone.North, alone.East, alone.South, alone.West, alone.Stairs} {
			l, ok := h.Exits[d]
			if !ok || l.Blocked {
				continue
			}
			if dd, ok := dist[l.To]; ok && dd < dist[m.Hero] && dd < bestD {
				best, bestD = d, dd
			}
		}
	}
	return best, best != ""
}

// FuzzParseContent: no file, however damaged, crashes the reader, and what
// it accepts passes the checks again after a trip through a file.
func FuzzParseContent(f *testing.F) {
	f.Add(content.AlonePractice)
	f.Add([]byte(`{"format":"tablekeeper.alone.content","version":1,"maps":[{"name":"x","hero":"1A1","sectors":[{"id":"1A1","level":1,"exits":{"N":{"to":"1A1"}}}]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := ParseContent(b)
		if err != nil {
			return
		}
		out, err := c.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseContent(out); err != nil {
			t.Fatalf("accepted, written, then refused: %v", err)
		}
	})
}
