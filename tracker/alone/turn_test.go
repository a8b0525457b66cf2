package alone

import (
	"strings"
	"testing"

	"tablekeeper/automa/alone"
)

func TestTurnsAndBulletTime(t *testing.T) {
	s := bookkeeping(t)
	refused(t, s, Declare{Action: Move}, "T1")
	refused(t, s, SpendAdrenaline{BulletTime: true}, "V4")
	refused(t, s, EndTurn{}, "T1")
	do(t, s, StartTurn{BulletTime: true})
	refused(t, s, StartTurn{}, "T1")
	refused(t, s, SpendAdrenaline{BulletTime: true}, "V5") // twice in one Turn
	refused(t, s, EndTurn{}, "V8")                         // no Action yet
	do(t, s, Declare{Action: Move})
	refused(t, s, Declare{Action: Fight}, "T1") // the first is not resolved
	refused(t, s, SpendAdrenaline{Recover: alone.LifeDamage}, "V4")
	do(t, s, Resolve{})
	do(t, s, Declare{Action: Move}) // the same type twice is allowed (§2.5)
	do(t, s, Resolve{})
	refused(t, s, Declare{Action: Explore}, "V8") // a 3rd without an Item
	do(t, s, EndTurn{})
	if g := st(s); g.Adrenaline != 2 || g.TurnsUsed != 1 || g.T.Started {
		t.Fatalf("after a Bullet Time Turn: pool %d, turns %d", g.Adrenaline, g.TurnsUsed)
	}

	// Without Bullet Time, 1 Action; V5: Bullet Time after an Action.
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Scavenge})
	refused(t, s, SpendAdrenaline{BulletTime: true}, "V5")
	do(t, s, Resolve{})
	refused(t, s, Declare{Action: Move}, "V8")
	refused(t, s, Declare{Action: Move, Extra: true}, "V8") // no Item granted one
	do(t, s, EndTurn{})

	// An Item granting an extra Action (the Jet Pack) allows a 2nd, and
	// both unlock their Reactions.
	do(t, s, AddItems{Items: []Item{{Name: "Jet Pack", Action: Move, Charges: 2}}})
	jet := st(s).Items[len(st(s).Items)-1].ID
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Move, Item: jet, GrantsExtra: 1})
	do(t, s, Resolve{})
	do(t, s, Declare{Action: Fight, Extra: true})
	do(t, s, Resolve{})
	if tr := st(s).T.Triggers; len(tr) != 2 {
		t.Fatalf("triggers %v, want move and fight", tr)
	}
	do(t, s, EndTurn{})

	// Both spends in one Turn: 1 each, never 2 for one purpose (§2.5 item 5).
	do(t, s, Correct{Field: "life", Value: 5})
	do(t, s, StartTurn{BulletTime: true, Recover: alone.LifeDamage})
	if g := st(s); g.Adrenaline != 0 || g.Life != 6 {
		t.Fatalf("pool %d life %d", g.Adrenaline, g.Life)
	}
	do(t, s, Declare{Action: Move})
	do(t, s, Resolve{})
	do(t, s, EndTurn{})
	do(t, s, StartTurn{})
	refused(t, s, SpendAdrenaline{BulletTime: true}, "V4") // the pool is empty
	do(t, s, Declare{Action: Move})
	do(t, s, Resolve{})
	do(t, s, EndTurn{})
	// V7: 9th Turn, End of Round before Turn 8 is done.
	refused(t, s, EndRound{}, "V7")
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	refused(t, s, StartTurn{}, "V7")
	do(t, s, EndRound{})
	if g := st(s); g.Round != 2 || g.TurnsUsed != 0 {
		t.Fatalf("round %d turns %d", g.Round, g.TurnsUsed)
	}
}

// T2 step 4 and §3.4: the refill sets the pool (V6, AMB-17); HC example
// Life 3 and SC 8 give 5 with 1 left over; Cold Blood adds 1 from the next
// refill on.
func TestAdrenalineRefill(t *testing.T) {
	s := bookkeeping(t)
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	do(t, s, Correct{Field: "life", Value: 3})
	do(t, s, Correct{Field: "sc", Value: 8})
	do(t, s, Correct{Field: "adrenaline", Value: 1})
	e := do(t, s, EndRound{})
	if st(s).Adrenaline != 5 || !strings.Contains(s.Describe(e), "Adrenaline 1 → 5") {
		t.Fatalf("pool %d, line %q", st(s).Adrenaline, s.Describe(e))
	}
	// A pool above the new maximum is set down (AMB-17).
	do(t, s, Correct{Field: "life", Value: 12})
	do(t, s, Correct{Field: "sc", Value: 12})
	do(t, s, Correct{Field: "adrenaline", Value: 6})
	playRound(t, s)
	if st(s).Adrenaline != 3 {
		t.Fatalf("pool %d, want the track's 3 at 12", st(s).Adrenaline)
	}
	do(t, s, GainXP{Kill: alone.Parasite, Revealed: true})
	do(t, s, GainXP{Kill: alone.Parasite, Revealed: true})
	if !st(s).Unlocked(ColdBlood) || st(s).Adrenaline != 3 {
		t.Fatal("Cold Blood unlocks without an extra token at once")
	}
	playRound(t, s)
	if st(s).Adrenaline != 4 {
		t.Fatalf("pool %d, want 3 + 1 for Cold Blood", st(s).Adrenaline)
	}
}

// §2.3, §2.4, AMB-1, AMB-2: the marker moves left each Round, the final
// space triggers Nightmare after step 7, so the first 2 SC are lost a
// Round later; the loss overflows and can defeat.
func TestRoundTrackAndNightmare(t *testing.T) {
	for _, onTrigger := range []bool{false, true} {
		s := bookkeeping(t)
		set := alone.DefaultSettings()
		set.NightmareLossOnTriggerRound = onTrigger
		do(t, s, ChangeSettings{Settings: set})
		do(t, s, Correct{Field: "roundMarker", Value: 2})
		playRound(t, s)
		if g := st(s); g.RoundMarker != 1 || g.Nightmare || g.HealingCap() != 4 {
			t.Fatalf("marker %d nightmare %v cap %d", g.RoundMarker, g.Nightmare, g.HealingCap())
		}
		playRound(t, s)
		g := st(s)
		wantSC := 12
		if onTrigger {
			wantSC = 10
		}
		if g.RoundMarker != 0 || !g.Nightmare || g.SC != wantSC {
			t.Fatalf("onTrigger=%v: marker %d nightmare %v SC %d, want 0, true, %d", onTrigger, g.RoundMarker, g.Nightmare, g.SC, wantSC)
		}
		playRound(t, s)
		if g := st(s); g.RoundMarker != 0 || g.SC != wantSC-2 {
			t.Fatalf("Nightmare Round end: marker %d (clamped at 0) SC %d, want %d", g.RoundMarker, g.SC, wantSC-2)
		}
	}
	// The loss is SC damage: it overflows into Life and can defeat.
	s := bookkeeping(t)
	do(t, s, Correct{Field: "roundMarker", Value: 0})
	do(t, s, Correct{Field: "sc", Value: 1})
	do(t, s, Correct{Field: "life", Value: 1})
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	e := do(t, s, EndRound{})
	if g := st(s); g.Outcome != Defeated || !strings.Contains(s.Describe(e), "defeated") {
		t.Fatalf("outcome %q, line %q", g.Outcome, s.Describe(e))
	}
}

// §4.2 with V13 and V14, the Danger count (§4.11 item 3) and the refill.
func TestReactionTrack(t *testing.T) {
	s := bookkeeping(t)
	do(t, s, StartTurn{})
	refused(t, s, PlayReaction{ReactionPlay{Player: 0}}, "V13") // before an Action
	do(t, s, Declare{Action: Move})
	refused(t, s, PlayReaction{ReactionPlay{Player: 0}}, "V13") // a Standard during the Action
	do(t, s, PlayReaction{ReactionPlay{Player: 0, Allowed: true, Trigger: "move", Instant: true, Card: "Quick"}})
	do(t, s, Resolve{})
	refused(t, s, PlayReaction{ReactionPlay{Player: 1, Deck: 1, Allowed: true, Trigger: "fight"}}, "V13")
	do(t, s, PlayReaction{ReactionPlay{Player: 1, Deck: 1}})
	refused(t, s, PlayReaction{ReactionPlay{Player: 1, Deck: 1}}, "V13") // a 3rd
	g := st(s)
	if g.trackUsed() != 3 || g.Evil.Hands[0][0] != 5 || g.Evil.Hands[1][1] != 5 {
		t.Fatalf("track %d, hands %v", g.trackUsed(), g.Evil.Hands)
	}
	do(t, s, EndTurn{})
	// Fill the track: 10 spaces; combos take 2.
	for st(s).ReactionSpacesFree() > 1 {
		do(t, s, StartTurn{})
		do(t, s, Declare{Action: Locate})
		do(t, s, Resolve{})
		do(t, s, PlayReaction{ReactionPlay{Player: 0}})
		if st(s).ReactionSpacesFree() == 1 {
			refused(t, s, PlayReaction{ReactionPlay{Player: 1, Deck: 1}}, "V14") // a combo with 1 free
		} else {
			do(t, s, PlayReaction{ReactionPlay{Player: 1, Deck: 1}})
		}
		do(t, s, EndTurn{})
	}
	do(t, s, StartTurn{})
	do(t, s, Declare{Action: Locate})
	do(t, s, Resolve{})
	do(t, s, PlayReaction{ReactionPlay{Player: 0}})
	refused(t, s, PlayReaction{ReactionPlay{Player: 1, Deck: 1}}, "V14")
	do(t, s, EndTurn{})
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	e := do(t, s, EndRound{})
	g = st(s)
	if !strings.Contains(s.Describe(e), "1 Danger token set aside") {
		t.Errorf("a full track leaves only the symbol off its end: %q", s.Describe(e))
	}
	if g.Evil.Hands[0] != [2]int{6, 0} || g.Evil.Hands[1] != [2]int{0, 6} || g.Track != nil {
		t.Errorf("after the refill: hands %v track %v", g.Evil.Hands, g.Track)
	}
	if g.Evil.Decks[0].Discard != 4 || g.Evil.Decks[1].Discard != 3 {
		t.Errorf("discards %+v: each card goes to its own deck's pile", g.Evil.Decks)
	}
	if g.Evil.Leader != 1 {
		t.Error("the Leader token passes left")
	}
	// Refill by hand: a player may not draw from a deck they may not use.
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	refused(t, s, EndRound{Draws: [][2]int{{0, 0}, {0, 0}}, Discards: [][2]int{{1, 0}, {0, 0}}}, "V15")
	refused(t, s, EndRound{Draws: [][2]int{{0, 1}, {0, 0}}, Discards: [][2]int{{1, 0}, {0, 0}}}, "V15")
	do(t, s, EndRound{Draws: [][2]int{{1, 0}, {0, 0}}, Discards: [][2]int{{1, 0}, {0, 0}}})
	// Danger symbols: with nothing played, 3 on the track plus 1.
	for st(s).TurnsUsed < 8 {
		playTurn(t, s)
	}
	if e := do(t, s, EndRound{}); !strings.Contains(s.Describe(e), "4 Danger tokens set aside") {
		t.Errorf("line %q", s.Describe(e))
	}
}

func TestDeckRunsOutAndIsReshuffled(t *testing.T) {
	s, _ := newSession(t, 5)
	sh := testSheet()
	sh.DeckSize = 12
	do(t, s, SetupSheet{Sheet: sh})
	c := startCmd(Bookkeeping, nil)
	c.EvilPlayers = []string{"Solo Evil"}
	do(t, s, c)
	for r := 0; r < 3; r++ {
		for st(s).TurnsUsed < 8 {
			do(t, s, StartTurn{})
			do(t, s, Declare{Action: Locate})
			do(t, s, Resolve{})
			if st(s).ReactionSpacesFree() > 0 {
				do(t, s, PlayReaction{ReactionPlay{Player: 0}})
			}
			do(t, s, EndTurn{})
		}
		do(t, s, EndRound{})
		g := st(s)
		total := g.Evil.Hands[0][0] + g.Evil.Hands[0][1]
		cards := total + g.Evil.Decks[0].Draw + g.Evil.Decks[0].Discard + g.Evil.Decks[1].Draw + g.Evil.Decks[1].Discard
		if total != 10 || cards != 24 {
			t.Fatalf("round %d: hand %d, cards %d of 24", r+1, total, cards)
		}
	}
}
