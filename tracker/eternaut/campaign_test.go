package eternaut

import (
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// TestWholeCampaign plays A → B1 → C → D → E1 → F2 through commands, with
// purchases, deaths and branching, then exports, imports into a fresh store
// and gets the same diary.
func TestWholeCampaign(t *testing.T) {
	s, mem := newGame(t)
	do(t, s, NewCampaign{Players: 2, Roster: roster()})

	// ---- Scenario A ----
	do(t, s, StartScenario{Key: "A", TimerStart: 6})
	if got := s.Where(); got != "Scenario A · Round 1" {
		t.Fatalf("Where = %q", got)
	}
	do(t, s, ReadParagraph{Key: "999-001", Kind: Start})
	do(t, s, SetSnowParagraph{Key: "120-901"})
	do(t, s, GainItem{Char: "901", Item: "045"}, GainItem{Char: "902", Item: "011"}, GainItem{Char: "902", Item: "012"})
	do(t, s, Craft{Char: "902", A: "012", B: "011"})
	if r := st(s).Reminders; len(r) == 0 || !strings.Contains(r[0], "011-012") {
		t.Fatalf("craft reminder %v", r)
	}
	do(t, s, ReadParagraph{Key: "011-012", Kind: CraftItems, By: "Simon"})
	do(t, s, AddPenalty{Char: "903", Kind: Fatigue})
	do(t, s, MarkPlot{N: 3}, MarkPlot{Cross: true, N: 1})
	playTurn(t, s, "901")
	playTurn(t, s, "902")
	finish(t, s, "END-B1-1", Unlock{},
		Buy{Kind: "SAC", Name: "Desperate Move", Remove: "Rummage"},
		Buy{Kind: "SAC", Name: "Second Wind", Remove: "Moving On"})
	a := st(s).Section("A")
	if a.Score != 2 || a.BasePP != 10 || a.RemainingPP != 6 {
		t.Fatalf("A: score %d base %d remaining %d", a.Score, a.BasePP, a.RemainingPP)
	}
	if r := a.Row("901"); !slices.Equal(r.Items, []string{"046"}) {
		t.Fatalf("axe swap: %v", r.Items)
	}
	if st(s).Next != "B1" || st(s).Section("B").Variant != 1 {
		t.Fatalf("branch after A: %q variant %d", st(s).Next, st(s).Section("B").Variant)
	}

	// ---- Scenario B1 ----
	refuse(t, s, StartScenario{Key: "B2", TimerStart: 7}, "V22")
	do(t, s, StartScenario{Key: "B1", TimerStart: 7})
	if c := ch(s, "903"); c.Penalties.Fatigue != 1 || c.LP != 10 {
		t.Fatalf("carried Fatigue %+v", c)
	}
	if c := ch(s, "901"); !slices.Equal(c.Items, []string{"046"}) {
		t.Fatalf("B starts with A's items: %v", c.Items)
	}
	do(t, s, RevealR02{}, SetAlert{State: AlertGreen})
	do(t, s, GainAmmo{Char: "901", N: 4}, GainAmmo{Char: "902", N: 3}, RangedAttack{Char: "902"})
	do(t, s, GainItem{Char: "904", Item: "030"})
	do(t, s, Damage{Char: "904", N: 10, Source: "Survivor attack"})
	if c := ch(s, "904"); c.Status != Dead {
		t.Fatal("904 should be dead")
	}
	do(t, s, GainSpecialQuest{ID: "B1-16"}, MarkPlot{N: 2})
	do(t, s, RevealFigure{ID: "805", Kind: "npc", MaxLP: 4})
	finish(t, s, "END-C-1", Unlock{NPC905: true},
		Buy{Kind: "SK", ID: "SK-01", Char: "901", Skill: "Science"})
	b := st(s).Section("B")
	if !b.Row("904").Skull || b.Row("901").LP != 10 || b.Ammo != 6 {
		t.Fatalf("B rows %+v ammo %d", b.Rows, b.Ammo)
	}
	if b.AvailablePP != 13-2+6 || b.RemainingPP != 14 {
		t.Fatalf("B PP: available %d remaining %d", b.AvailablePP, b.RemainingPP)
	}
	if ch(s, "905").Status != Alive || ch(s, "906").Status != OutOfCampaign {
		t.Fatal("905/906 unlocks")
	}

	// ---- Scenario C ----
	refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903"}}, "choose 4")
	refuse(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "904"}}, "dead")
	do(t, s, StartScenario{Key: "C", Characters: []string{"901", "902", "903", "905"},
		Items: map[string][]string{"901": {"046"}}, Ammo: map[string]int{"901": 5}})
	sc := st(s).Scenario
	if sc.Timer != 8 || !slices.Equal(sc.TruckItems, []string{"030", "011", "012"}) && len(sc.TruckItems) != 2 || sc.TruckAmmo != 1 {
		t.Fatalf("C setup: timer %d truck %v ammo %d", sc.Timer, sc.TruckItems, sc.TruckAmmo)
	}
	do(t, s, SetAliensOnMap{Module: 1, OnMap: 2})
	do(t, s, AddPenalty{Char: "903", Kind: HeavyWound})
	for range 4 {
		playTurn(t, s, "901")
	}
	if st(s).Scenario.Activations == nil {
		t.Fatal("no activation recorded")
	}
	do(t, s, MarkPlot{N: 5})
	finish(t, s, "END-D-1", Unlock{},
		Buy{Kind: "PA", ID: "PA-901", Char: "901"})

	// ---- Scenario D ----
	do(t, s, StartScenario{Key: "D", TimerStart: 9, Characters: []string{"901", "907", "902", "905"}})
	if r := st(s).Section("C").Row("908"); ch(s, "908").Status != Alive || r == nil || r.Played || r.LP != 10 || st(s).Section("D").Row("908") != nil {
		// 908 joined the group at D setup and is written in section C with
		// 10 life (RB setup D step 15); not played, so not in D yet.
		t.Fatalf("masked figures: %+v", ch(s, "908"))
	}
	if r := st(s).Section("D").Row("907"); r == nil || !r.Played {
		t.Fatal("907 chosen: written in D with the Played box")
	}
	do(t, s, AddPenalty{Char: "907", Kind: Madness})
	do(t, s, Kill{Char: "907", Cause: "paragraph"})
	if !ch(s, "907").ReturnsNext {
		t.Fatal("907 should come back")
	}
	do(t, s, MarkPlot{N: 4}, MarkPlot{Cross: true, N: 1})
	finish(t, s, "END-E1-2", Unlock{}, Buy{Kind: "GA", ID: "GA-01"})
	if st(s).Next != "E1" || ch(s, "912").PA.ID != "PA-912-A" || ch(s, "911").Status != OutOfCampaign {
		t.Fatal("D → E1 unlocks")
	}

	// ---- Scenario E1 ----
	refuse(t, s, StartScenario{Key: "E1", TimerStart: 8, Characters: []string{"901", "902", "903", "905"}}, "912")
	do(t, s, StartScenario{Key: "E1", TimerStart: 8, Characters: []string{"912", "901", "902", "905"}})
	if st(s).Scenario.Side != "back" || ch(s, "907").Status != Alive {
		t.Fatal("E1 side / 907 back")
	}
	do(t, s, MarkPlot{N: 6})
	finish(t, s, "END-F2-1", Unlock{}, Buy{Kind: "GA", ID: "GA-03"})
	if ch(s, "912").PA.ID != "PA-912-B" || st(s).Next != "F2" {
		t.Fatal("E end")
	}

	// ---- Scenario F2 ----
	do(t, s, StartScenario{Key: "F2", TimerStart: 10, Characters: []string{"912", "901", "902", "905"}})
	do(t, s, TankSetup{Fuel: 3, MaxFuel: 3, Ammo: 2, MaxAmmo: 2}, TankOperate{Char: "905"}, TankAct{Action: "fire"})
	do(t, s, TankDestroyed{})
	if ch(s, "905").Status != Dead {
		t.Fatal("the Tank's operator dies")
	}
	do(t, s, Reinforce{Dead: "905", New: "903"})
	do(t, s, MarkPlot{N: 7})
	finish(t, s, "END", Unlock{})
	do(t, s, FinishCampaign{Owned: []string{"B1-16", "C-17"}})
	fin := st(s)
	if fin.Phase != PhaseFinished {
		t.Fatalf("phase %s", fin.Phase)
	}
	want := 2 + 2 + 5 + 3 + 6 + 7
	if fin.CampaignScore != want || fin.Band != Band(want) {
		t.Fatalf("campaign score %d (%s), want %d", fin.CampaignScore, fin.Band, want)
	}
	// #2: B1-16 owned, 911 not in the group → #B; #3: 902 alive, 905 dead → no rule.
	if fin.Quests[1] != "#B" || fin.Quests[2] != "" || fin.Quests[5] != "#B" || fin.Quests[3] != "#A" {
		t.Fatalf("quests %v", fin.Quests)
	}

	diary := DiaryMarkdown(fin)
	for _, part := range []string{"## Scenario F", "☠", "END-F2-1", "Final Campaign Score", "Desperate Move"} {
		if !strings.Contains(diary, part) {
			t.Errorf("diary lacks %q", part)
		}
	}

	// Export, import into a fresh store, same diary.
	x, err := tracker.ExportCampaign(mem, s.Campaign().ID, time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	data, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := tracker.ParseExport(data, tracker.Registry{tracker.Eternaut: Rules{}})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := tracker.StoreFromExport(back)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := tracker.Open(fresh, Rules{}, back.Campaign.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := DiaryMarkdown(st(s2)); got != diary {
		t.Fatalf("imported diary differs:\n%s\n----\n%s", got, diary)
	}
	// Every event has a diary line.
	_ = s.Events(1, func(e tracker.Event) error {
		if d := s.Describe(e); d == "" || d == e.Kind {
			t.Errorf("event %d (%s) has no diary line", e.Seq, e.Kind)
		}
		return nil
	})
}
