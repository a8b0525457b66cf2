package alone

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"tablekeeper/automa"
	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// aloneCodes are what Alone's screens must not show beyond the frame's
// list: the engine's ids for Creatures, Sectors and cards, its policy's
// shorthand, and the program words once seen on the Hero sheet.
var aloneCodes = []struct {
	re  *regexp.Regexp
	why string
}{
	{regexp.MustCompile(`\b(spore|parasite|cultist|hybrid|worm|boss)-\d+\b`), "a Creature's id"},
	{regexp.MustCompile(`\b[12][A-Z]\d{1,2}\b`), "a Sector's id"},
	{regexp.MustCompile(`\b(fury|speed|terror|traps)/`), "a card's id"},
	{regexp.MustCompile(`\bP[1-5] |path\*|E\[dmg\]|\bMSD\b`), "the policy's shorthand"},
	{regexp.MustCompile(`\(cap\)|\bmin\(|\bceil\(|\bBT\b`), "a program's abbreviation"},
	{regexp.MustCompile(`·\[|\|`), "a formula as the program writes it"},
	{regexp.MustCompile(`\b\w+  \w+`), "two spaces between words"},
}

// aloneWords is uitest.PlayersWords and Alone's own codes.
func aloneWords(text string) []string {
	out := uitest.PlayersWords(text)
	for _, line := range strings.Split(text, "\n") {
		for _, c := range aloneCodes {
			for _, m := range c.re.FindAllString(line, -1) {
				out = append(out, fmt.Sprintf("%s: %q in %q", c.why, m, line))
			}
		}
	}
	return out
}

// issue 23 items 2 and 5: the Evil side's Why, as the screens show it (at
// the end of a solo game, and as the assist mode's suggestion), is in the
// players' words whatever it weighed: a Creature that only Unblocks a Door,
// the cards in hand weighed face up, a Spawn, a Strike. Creatures and
// Sectors are named as the screens name them, never by the engine's ids.
func TestEvilWhyInPlayersWords(t *testing.T) {
	ctx, _ := game(t, "solo", nil)
	s := state(ctx)
	// The Hero in the junction beside the Pump Hall, its Door Blocked, a
	// Cultist inside.
	m := s.Map.Clone()
	m.Hero = "1C2"
	m.Sector("1C2").Revealed = true
	for _, side := range [][2]string{{"1B2", "E"}, {"1C2", "W"}} {
		sec := m.Sector(side[0])
		l := sec.Exits[alone.Dir(side[1])]
		l.Blocked = true
		sec.Exits[alone.Dir(side[1])] = l
	}
	m.Creatures = []alone.Creature{{ID: "cultist-1", Type: alone.Cultist, Sector: "1B2"}}
	cfg := s.Sheet.Config
	cfg.Tokens = map[alone.CreatureType]int{}
	for _, ty := range alone.CreatureTypes {
		cfg.Tokens[ty] = 0
	}
	cfg.Tokens[alone.Cultist] = 1
	base := alone.Situation{Map: m, Hero: alone.HeroState{Life: 8, SC: 8}, Turn: 8, Hand: -1, Config: cfg, Settings: s.Settings}
	withCards := base
	withCards.Cards, withCards.Triggers = s.Content.Reactions, []alone.Trigger{alone.TriggerLocate, alone.TriggerLife}
	spawn := base
	spawn.Config = s.Sheet.Config
	spawn.Map = s.Map
	for name, sit := range map[string]alone.Situation{"an Unblock": base, "the cards in hand": withCards, "a Spawn": spawn} {
		dec, tr, err := alone.EndOfTurn(sit, &alone.Seeded{Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if name == "an Unblock" && (len(dec.Plays) != 1 || dec.Plays[0].Move == nil || dec.Plays[0].Move.UnblockedOnly == "") {
			t.Fatalf("the Cultist does not Unblock the Door: %+v", dec.Plays)
		}
		if name == "the cards in hand" && (len(dec.Plays) == 0 || dec.Plays[0].Card == nil) {
			t.Fatalf("no card is played face up: %+v", dec.Plays)
		}
		shown := widgets.NewTracePanel(traceWords(tr, sit.Map)).Shown()
		for _, bad := range aloneWords(strings.Join(shown, "\n")) {
			t.Errorf("%s: %s", name, bad)
		}
		// What the assist mode says of the play.
		for _, p := range dec.Plays {
			for _, bad := range aloneWords(playWords(sit.Map, p)) {
				t.Errorf("%s, the suggestion: %s", name, bad)
			}
		}
		if testing.Verbose() {
			t.Logf("%s:\n%s", name, strings.Join(shown, "\n"))
		}
	}
	_ = automa.Trace{}
}

// issue 23 items 5 and 6: what a refusal says on Alone's screens is in the
// players' words (the rule's reason, never its section, an id or Go's
// words), for every kind of refusal a solo game at its first Turn meets.
func TestRefusalsInPlayersWords(t *testing.T) {
	ctx, _ := game(t, "solo", nil)
	cmds := []tracker.Command{
		ta.EvilTurn{},
		ta.EndTurn{},
		ta.EndRound{},
		ta.PlayReaction{ReactionPlay: ta.ReactionPlay{Player: 0}},
		ta.MoveHero{Dir: alone.North, Roll: ta.VirtualDice},
		ta.DealDamage{Kind: "fire", N: 1},
		ta.RecoverHealth{Kind: alone.LifeDamage, N: 0},
		ta.Correct{Field: "mood", Value: 1, Why: "x"},
		ta.Teleport{Creature: "worm-9", Sector: "1A1"},
		ta.SetDoor{Sector: "1A1", Dir: alone.North, Blocked: true},
		ta.SetDanger{Sector: "1A1", On: true},
		ta.FightCreature{Target: "spore-4", Roll: ta.VirtualDice},
		ta.EvilTurn{Overriding: true},
	}
	for _, c := range cmds {
		_, err := ctx.Session.Do(c)
		if err == nil {
			continue // allowed now: nothing to say
		}
		said := refusal(err)
		if strings.TrimSpace(said) == "" {
			t.Errorf("%T: an empty refusal", c)
		}
		for _, bad := range aloneWords(said) {
			t.Errorf("%T: %s", c, bad)
		}
	}
}
