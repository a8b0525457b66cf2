package phantom

import (
	"testing"

	"tablekeeper/automa/phantom"
)

func bossContent() []any {
	move := phantom.Card{AP: 2, Actions: []phantom.Action{{Kind: phantom.ActMove, Value: 2}}}
	board := phantom.BossBoard{Name: "Big One", HP: [3]int{20, 24, 30}, Attack: [3]int{2, 3, 3}, Guard: [3]int{1, 1, 1}, Range: [3]int{1, 1, 1},
		Inherent: move, Actions: [3]phantom.Card{
			{AP: 3, Actions: []phantom.Action{{Kind: phantom.ActAttack}}},
			{AP: 5, Actions: []phantom.Action{{Kind: phantom.ActLeap, Value: 2}}},
			{AP: 7, Actions: []phantom.Action{{Kind: phantom.ActHeal, Value: 2, PerCharacter: true, SelfOnly: true}}},
		}}
	return []any{
		SaveContent{Kind: KindBoss, Data: raw(board)},
		SaveContent{Kind: KindBossCard, ID: "K1", Data: raw(phantom.BossCard{Actions: []int{1}})},
		SaveContent{Kind: KindBossCard, ID: "K2", Data: raw(phantom.BossCard{Actions: []int{3}})},
	}
}

func TestBoss(t *testing.T) {
	s := withContent(t)
	do(t, s, bossContent()...)
	do(t, s, startCmd())
	refused(t, s, PlaceAdversary{Type: "Nobody", Boss: true, Space: "A-3"}, "§10.3")
	do(t, s, PlaceAdversary{Type: "Big One", Boss: true, Space: "A-3"})
	refused(t, s, PlaceAdversary{Type: "Big One", Boss: true, Space: "A-4"}, "§10.3")
	m := st(s).Mission
	boss := m.fig("Big One")
	if boss == nil || boss.HP != 20 || m.Decks.Boss == nil || len(m.Decks.Boss.Draw) != 2 {
		t.Fatalf("boss placed with the 2-character HP column and the boss deck: %+v %+v", boss, m.Decks.Boss)
	}
	do(t, s, BeginRound{Face: &phantom.Face{Colour: "red", Primary: "N", Secondary: "E"}},
		SelectCards{Character: "Ana", Cards: []string{"W1"}}, SelectCards{Character: "Bo", Cards: []string{"H3"}},
		DrawAdversaryCards{}, DetermineInitiative{})
	m = st(s).Mission
	card := ""
	for _, d := range m.Decks.InPlay {
		if d.Type == "Big One" {
			card = d.Boss
		}
	}
	want := map[string]int{"K1": 2 + 3, "K2": 2 + 7}[card] // §9.2: inherent AP + called-for actions
	if m.fig("Big One").Initiative != want {
		t.Fatalf("boss card %s: initiative %d, want %d", card, m.fig("Big One").Initiative, want)
	}
	for m.next() != "" {
		n := m.next()
		if m.fig(n).character() {
			do(t, s, StartTurn{Character: n}, EndTurn{Character: n})
		} else {
			do(t, s, ResolveAdversaryTurn{Adversary: n}, ConfirmAdversaryTurn{})
		}
		m = st(s).Mission
	}
	do(t, s, EndRound{})
	if len(st(s).Mission.Decks.Boss.Discard) != 1 {
		t.Fatal("the boss card is discarded at round step 8")
	}
	at := st(s).Mission.fig("Big One").Position
	do(t, s, Damage{Figure: "Big One", N: 99})
	hm, _ := st(s).liveMap()
	if sp, _ := hm.Space(at); sp.NovaCells != 1+2 {
		t.Fatalf("boss drop = difficulty 1 + 2 characters, got %d (§9.4)", sp.NovaCells)
	}
}
