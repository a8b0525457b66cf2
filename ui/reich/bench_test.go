package reich

import (
	"fmt"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
)

// largeMission is a mission on a 40-area map (8 rooms of 5 areas in a
// ring of doors) with 30 enemy units on it.
func largeMission(b *testing.B) *shell.Context {
	test.NewTempApp(b)
	mem := tracker.NewMemStore()
	c, _ := tracker.NewCampaign(rb.Game, "Big", 1, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err := mem.Create(c); err != nil {
		b.Fatal(err)
	}
	s, err := tracker.Open(mem, rb.Rules, c.ID)
	if err != nil {
		b.Fatal(err)
	}
	do := func(cmd tracker.Command) {
		if _, err := s.Do(cmd); err != nil {
			b.Fatalf("%T: %v", cmd, err)
		}
	}
	m := content.Map{MissionID: "BIG", Entrances: []string{"R0A0"}}
	for r := 0; r < 8; r++ {
		for a := 0; a < 5; a++ {
			id := fmt.Sprintf("R%dA%d", r, a)
			m.Areas = append(m.Areas, content.Area{ID: id, Room: fmt.Sprintf("R%d", r)})
			if a > 0 {
				m.Edges = append(m.Edges, content.Edge{A: fmt.Sprintf("R%dA%d", r, a-1), B: id})
			}
		}
		door := fmt.Sprintf("D%d", r)
		m.Doors = append(m.Doors, content.Door{ID: door, State: content.Closed})
		m.Edges = append(m.Edges, content.Edge{A: fmt.Sprintf("R%dA4", r), B: fmt.Sprintf("R%dA0", (r+1)%8), Door: door})
	}
	do(rb.PutFaction{Faction: content.Faction{ID: "F", Name: "Many", Units: []content.UnitType{{Code: "GR", Name: "Grunt", LootColour: "grey", Max: 40, MeleeAttack: 3, Defence: 3}}}})
	do(rb.PutSpawnCard{Card: content.SpawnCard{ID: "S", Levels: map[content.Level][]content.SpawnItem{content.Green: {{UnitCode: "GR", Count: 1}}, content.Orange: {}, content.Red: {}}}})
	do(rb.PutMap{Map: m})
	do(rb.StartMission{Mission: "BIG", Mode: rb.ModeRaid, Faction: "F", PreAlarm: 8, PostAlarm: 6,
		Heroes: []rb.HeroSetup{{ID: "H1", Area: "R0A0", Weapons: [2]rb.Weapon{{Name: "Rifle", Range: 3}, {Name: "Knife"}}}}})
	var place []rb.UnitPlacement
	for i := 0; i < 30; i++ {
		place = append(place, rb.UnitPlacement{Code: "GR", Area: fmt.Sprintf("R%dA%d", 1+i%7, i%5)})
	}
	do(rb.Override{Reason: "benchmark", Place: place})
	return shell.NewContext(s, test.NewTempWindow(b, nil), shell.Hooks{})
}

// BenchmarkRedraw is what a tablet does after every event of a large
// mission: every screen re-reads the campaign and the map is laid out anew.
func BenchmarkRedraw(b *testing.B) {
	ctx := largeMission(b)
	Screens{}.Play(ctx)
	Screens{}.Enemy(ctx)
	Screens{}.Campaign(ctx)
	g := gameOf(ctx)
	r := g.enemy.Map.CreateRenderer().(*mapRenderer)
	b.ResetTimer()
	for range b.N {
		g.changed(tracker.Event{})
		r.build(fyne.NewSize(1280, 800))
	}
}
