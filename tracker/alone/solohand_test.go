package alone

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	"tablekeeper/tracker/trackertest"
)

// soloCards is a content set (made up for the tests) holding every card
// of two 5-card decks, so the app's Evil side, drawing 10, holds them all.
func soloCards() Content {
	c := NewContent("Test cards (made up)")
	add := func(deck, name string, trig alone.Trigger, effect ...alone.CardOp) {
		c.Reactions = append(c.Reactions, alone.ReactionCard{ID: ReactionID(deck, name), Deck: deck, Name: name, Trigger: trig, Effect: effect})
	}
	add("terror", "Whisper in the Dark", alone.TriggerLocate, alone.CardOp{Op: OpDamage, Kind: alone.SCDamage, N: 2})
	add("terror", "Cold Sweat", alone.TriggerSC, alone.CardOp{Op: OpDamage, Kind: alone.SCDamage, N: 1})
	add("terror", "Flicker", alone.TriggerExplore, alone.CardOp{Op: OpOther})
	add("terror", "Shadow Play", alone.TriggerInteract, alone.CardOp{Op: OpOther})
	add("terror", "Hush", alone.TriggerScavenge, alone.CardOp{Op: OpOther})
	add("fury", "Bite Harder", alone.TriggerFight, alone.CardOp{Op: OpAttackDice, N: 1})
	add("fury", "Lunge", alone.TriggerMove, alone.CardOp{Op: OpMove, Range: 2})
	add("fury", "Claw", alone.TriggerLife, alone.CardOp{Op: OpDamage, Kind: alone.LifeDamage, N: 1})
	add("fury", "Snarl", alone.TriggerScavenge, alone.CardOp{Op: OpOther})
	add("fury", "Howl", alone.TriggerInteract, alone.CardOp{Op: OpOther})
	return *c
}

// soloWithCards starts a solo game on m whose Evil side can read the set's
// cards: two decks of 5 cards, all entered.
func soloWithCards(t *testing.T, seed uint64, m *alone.Map, sheet func(*Sheet)) *tracker.Session {
	t.Helper()
	s, _ := newSession(t, seed)
	sh := testSheet()
	sh.DeckSize = 5
	if sheet != nil {
		sheet(&sh)
	}
	do(t, s, SetupSheet{Sheet: sh})
	do(t, s, UseContent{Content: soloCards()})
	c := startCmd(Solo, m)
	c.EvilPlayers = nil
	do(t, s, c)
	return s
}

// Issue 23 item 2: the app's Evil side plays face-up Allowed Reactions as
// well as face-down Standard ones. Evil Compendium p.5, Standard and
// Allowed Reactions: "Allowed Reactions (i.e., playing a Reaction card
// face up), can only be played when they are triggered", and p.4: "The
// Actions the Hero decides to perform will determine the Allowed
// Reactions ... you can also always play a Standard Reaction". The Hero
// Locates; the Evil side holds a Locate card worth 2 Self Control, more
// than any face-down play (a Spawn far away is worth nothing now), so it
// plays that card face up. Before, it only ever played face down.
func TestSoloEvilPlaysAnAllowedReactionFaceUp(t *testing.T) {
	s := soloWithCards(t, 5, testMap(), nil)
	g := st(s)
	if g.Evil.Known == nil || len(g.Evil.Known.Hand[0])+len(g.Evil.Known.Hand[1]) != 10 {
		t.Fatalf("the app's Evil side should hold all 10 cards it can read: %+v", g.Evil.Known)
	}
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	sc := st(s).SC
	e := do(t, s, EvilTurn{})
	g = st(s)
	var o evilEv
	if err := e.Decode(&o); err != nil {
		t.Fatal(err)
	}
	if len(o.Plays) == 0 || !o.Plays[0].Allowed || o.Plays[0].Card != "Whisper in the Dark" || o.Plays[0].Trigger != "locate" {
		t.Fatalf("the Evil side should play “Whisper in the Dark” face up: %+v", o.Plays)
	}
	if g.SC != sc-2 {
		t.Errorf("the card's 2 Self Control damage: SC %d → %d", sc, g.SC)
	}
	if slices.Contains(g.Evil.Known.Hand[1], "terror/whisper in the dark") {
		t.Error("the card played is still in the hand")
	}
	if tc := g.Track[0]; !tc.Allowed || tc.ID != "terror/whisper in the dark" || tc.Card != "Whisper in the Dark" {
		t.Errorf("the Reaction Track holds %+v", tc)
	}
	// The diary tells the Hero the face-up card (they see it on the Track)
	// and its damage; a face-down card's name never.
	line := s.Describe(e)
	if !strings.Contains(line, "Allowed Reaction “Whisper in the Dark”") || !strings.Contains(line, "the card deals 2 Self Control damage") {
		t.Errorf("diary line %q", line)
	}
	for _, bad := range trackertest.NotPlayersWords(line) {
		t.Error(bad)
	}
	// Its Why weighs the cards in hand against the face-down play and says
	// which it chose.
	why := o.Trace.String()
	if !strings.Contains(why, "weigh the Allowed cards in hand") || !strings.Contains(why, "play “Whisper in the Dark” face up") {
		t.Errorf("the Why does not say it weighed and chose the card:\n%s", why)
	}
	var weighed bool
	for _, st := range o.Trace.Steps {
		for _, c := range st.Dropped {
			weighed = weighed || strings.Contains(c.Reason, "did not happen this Turn")
		}
	}
	if !weighed {
		t.Errorf("the Why does not say why the other cards were left:\n%s", why)
	}
	do(t, s, EndTurn{Roll: VirtualDice})

	// The Round ends: the card goes to its deck's discards, and the refill
	// draws again from what is left (the draws recorded, so the replay and
	// the export give the same hand).
	for st(s).TurnsUsed < 8 {
		do(t, s, StartTurn{})
		do(t, s, Declare{Action: Locate})
		do(t, s, Resolve{})
		do(t, s, EvilTurn{})
		do(t, s, EndTurn{Roll: VirtualDice})
	}
	do(t, s, EndRound{})
	g = st(s)
	total := 0
	for d := 0; d < 2; d++ {
		total += len(g.Evil.Known.Hand[d]) + len(g.Evil.Known.Pile[d]) + len(g.Evil.Known.Discard[d])
		if len(g.Evil.Known.Hand[d]) > g.Evil.Hands[0][d] || len(g.Evil.Known.Pile[d]) > g.Evil.Decks[d].Draw || len(g.Evil.Known.Discard[d]) > g.Evil.Decks[d].Discard {
			t.Errorf("deck %d: the cards known are more than the cards there: %+v, hand %v, deck %+v", d, g.Evil.Known, g.Evil.Hands[0], g.Evil.Decks[d])
		}
	}
	if total != 10 {
		t.Errorf("the 10 cards are not all somewhere: %+v", g.Evil.Known)
	}
	want, _ := json.Marshal(g)
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Redo(); err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(st(s)); string(got) != string(want) {
		t.Error("undo and redo of the End of the Round drew other cards")
	}
}

// A face-down card given up is one the app cannot read before one it can,
// and then the one least worth keeping: the cards worth playing face up
// stay in hand.
func TestSoloEvilGivesUpTheCardLeastWorthKeeping(t *testing.T) {
	s := soloWithCards(t, 5, testMap(), func(sh *Sheet) { sh.DeckSize = 8 })
	g := st(s)
	unread := g.Evil.Hands[0][0] + g.Evil.Hands[0][1] - len(g.Evil.Known.Hand[0]) - len(g.Evil.Known.Hand[1])
	if unread == 0 {
		t.Fatalf("with 8-card decks of 5 cards entered some cards in hand are unread: %+v", g.Evil)
	}
	cp := g.clone()
	before := slices.Clone(cp.Evil.Known.Hand[0])
	d := cp.faceDownDeck(0, 0)
	id, err := cp.giveKnown(d, "")
	if err != nil || id != "" || !slices.Equal(cp.Evil.Known.Hand[0], before) && d == 0 {
		t.Fatalf("an unread card goes first: deck %d, gave %q, %v", d, id, err)
	}
	// With only readable cards left, the one least worth keeping goes.
	cp.Evil.Hands[0] = [2]int{len(cp.Evil.Known.Hand[0]), len(cp.Evil.Known.Hand[1])}
	d = cp.faceDownDeck(0, 0)
	id, err = cp.giveKnown(d, "")
	if err != nil || id == "" {
		t.Fatalf("a readable card goes: %q %v", id, err)
	}
	if v := keepValue(cp.knownCard(id)); v != 0 {
		t.Errorf("gave up %q (worth %.2f) while cards worth nothing were in hand", id, v)
	}
}

// A Creature's step spent only Unblocking a Door, when the app plays Evil
// (Evil Compendium p.7, Blocked Doors: "To move through a Blocked Door, you
// must Unblock it first by spending a movement step"). The Hero stands in
// the Laboratory and Blocked its east Door; the Cultist beyond it is 2
// steps away through the Door, 3 round by the north. No Strike (a Cultist
// neither scares nor rolls enough in one Turn) and no token to Spawn: the
// app Unblocks the Door. Before, it played nothing.
func TestSoloEvilUnblocksADoorForItsCreature(t *testing.T) {
	m := withCreatures(alone.Creature{ID: "cultist-1", Type: alone.Cultist, Sector: "1-21"})
	setBlocked(m, "1-11", alone.East, true)
	m.Sector("1-00").Revealed, m.Sector("1-11").Revealed, m.Hero = false, true, "1-11"
	s, _ := newSession(t, 3)
	sh := testSheet()
	for _, ty := range alone.CreatureTypes {
		sh.Tokens[ty] = 0
	}
	sh.Tokens[alone.Cultist] = 1
	do(t, s, SetupSheet{Sheet: sh})
	c := startCmd(Solo, m)
	c.EvilPlayers = nil
	do(t, s, c)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	e := do(t, s, EvilTurn{})
	g := st(s)
	if l := g.Map.Sector("1-11").Exits[alone.East]; l.Blocked {
		t.Fatalf("the Door is still Blocked: %s", DescribeHidden(e))
	}
	if cr := g.Map.Creature("cultist-1"); cr.Sector != "1-21" {
		t.Errorf("the Cultist should stay beyond the Door: %+v", cr)
	}
	// The Hero sees the Blocked token leave their own Sector's Door.
	var heard []string
	for _, h := range g.Heard {
		heard = append(heard, h.Say)
	}
	if !slices.ContainsFunc(heard, func(h string) bool { return strings.Contains(h, "is removed: the Door is Unblocked") }) {
		t.Errorf("heard %q", heard)
	}
	if hidden := DescribeHidden(e); !strings.Contains(hidden, "Unblocks the Door to Level 1, 1-11 (Laboratory) and stays in Level 1, 1-21") {
		t.Errorf("the full record: %q", hidden)
	}
}

// The Evil side's cards triggered by the end-of-Turn attacks' damage, when
// the app plays Evil: "Some Reactions can be played when the Hero is
// taking damage, rather than performing a specific Action" (Evil
// Compendium p.4, Damage Reactions). A Parasite in the Hero's Sector hits
// once at the end of the Turn; the app holds “Claw” (triggered by Life
// damage, 1 Life) and plays it face up once the attack has hit. Before, the
// solo Evil never answered the attacks' damage.
func TestSoloEvilAnswersTheAttacksDamage(t *testing.T) {
	m := withCreatures(alone.Creature{ID: "parasite-1", Type: alone.Parasite, Sector: "1-00"})
	s := soloWithCards(t, 5, m, nil)
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Scavenge})
	do(t, s, ScavengeItems{})
	// At the end of the Turn the Evil side holds back: nothing weighs
	// enough but the attack to come (the Scavenge cards are worth nothing).
	do(t, s, EvilTurn{Overriding: true, Reason: "the table holds back this Turn"})
	life := st(s).Life
	e := do(t, s, EndTurn{Roll: PhysicalDice, Attacks: []AttackRoll{{Creature: "parasite-1", Faces: hand(alone.Hit, alone.Blank)}}})
	g := st(s)
	var o endTurnEv
	if err := e.Decode(&o); err != nil {
		t.Fatal(err)
	}
	if len(o.Answer) != 1 || o.Answer[0].Card != "Claw" || !o.Answer[0].Allowed || o.Answer[0].Trigger != TriggerLife {
		t.Fatalf("the Evil side should answer the hit with “Claw” face up: %+v\n%s\n%s", o.Answer, o.AnswerTrace.String(), DescribeHidden(e))
	}
	if g.Life != life-2 {
		t.Errorf("the hit and the card: Life %d → %d, want %d", life, g.Life, life-2)
	}
	if len(g.Track) != 1 || g.Track[0].ID != "fury/claw" {
		t.Errorf("the card is on the Reaction Track: %+v", g.Track)
	}
	line := s.Describe(e)
	if !strings.Contains(line, "the Evil side answers the damage: Allowed Reaction “Claw”") {
		t.Errorf("diary line %q", line)
	}
	for _, bad := range trackertest.NotPlayersWords(line) {
		t.Error(bad)
	}
	if tr, ok := EvilTrace(e); !ok || !strings.Contains(tr.String(), "the Creatures' attacks dealt Life damage") {
		t.Errorf("the answer's Why is not kept: %v %s", ok, tr.String())
	}
	// The next Turn starts as usual.
	do(t, s, StartTurn{})
}
