package eternaut

import (
	"testing"

	"fyne.io/fyne/v2"

	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// A scene is a campaign in one of the states the screens draw
// differently; the fit, touch and words tests go through all of them.
type scene struct {
	name  string
	build func(tb *table)
}

// liveC is Scenario C in its fullest state: aliens on the map and an
// activation recorded, Event counters, penalty cards, items and a Bag, a
// Drop pile, a fallen Character, an NPC, Objectives and Special Quests, a
// Mad Character, and an end of round behind it.
func liveC(tb *table) {
	tb.inC()
	tb.do(et.SetAliensOnMap{Module: 1, OnMap: 2}, et.MenaceActivation{Module: 1},
		et.PlaceEvent{ID: "001", Space: 7}, et.PlaceEvent{ID: "002", Space: 7}, et.PlaceEvent{ID: "003", Space: 5},
		et.AddPenalty{Char: "903", Kind: et.HeavyWound}, et.AddPenalty{Char: "902", Kind: et.Fatigue},
		et.GainItem{Char: "901", Item: "011"}, et.GainItem{Char: "901", Item: "012"}, et.GainItem{Char: "902", Item: "020"},
		et.DropItems{Char: "902", Items: []string{"020"}, Where: "the kitchen"},
		et.RevealFigure{ID: "805", Name: "Favalli", Kind: "npc", MaxLP: 6}, et.RevealFigure{ID: "711", Kind: "enemy", MaxLP: 3},
		et.RevealObjective{ID: "C-OBJ1"}, et.GainSpecialQuest{ID: "C-15"}, et.MarkPlot{N: 2}, et.MarkPlot{Cross: true, N: 1},
		et.CorrectCharacter{Char: "903", Field: "madness", Value: 1},
		et.ReadParagraph{Key: "999-001", By: "Eduardo", Note: "the snow falls"},
	)
	for range 4 {
		tb.do(et.PlayCard{Char: "901"}, et.EndTurn{})
	}
	tb.do(et.Kill{Char: "905", Cause: "a Cascarudo"})
}

// liveD is Scenario D in play with both its alien modules on the map
// (Cascarudo and Mindveil Fog), an activation from the second recorded, the
// Consumed cubes three of four on the Alien board: the aliens' order and
// its Why have several candidates to weigh, and the end-of-turn check its
// own Why.
func liveD(tb *table) {
	tb.toC()
	tb.do(et.StartScenario{Key: "C", Characters: []string{"901", "902", "903", "905"}}, et.MarkPlot{N: 5})
	tb.finish("END-D-1", et.Unlock{})
	tb.do(et.StartScenario{Key: "D", TimerStart: 9, Characters: []string{"901", "902", "903", "905"}},
		et.SetAliensOnMap{Module: 1, OnMap: 2}, et.SetAliensOnMap{Module: 2, OnMap: 3}, et.MenaceActivation{Module: 2},
		et.PlaceEvent{ID: "001", Space: 7}, et.AddPenalty{Char: "903", Kind: et.HeavyWound},
		et.GainItem{Char: "901", Item: "011"}, et.RevealFigure{ID: "711", Kind: "enemy", MaxLP: 3})
	for range 3 {
		tb.do(et.PlayCard{Char: "901"}, et.EndTurn{})
	}
}

// toF plays the campaign to Scenario F2 set up, with the Tank and the
// Mysterious Device on the table.
func toF(tb *table) {
	tb.toC()
	tb.do(et.StartScenario{Key: "C", Characters: []string{"901", "902", "903", "905"}}, et.MarkPlot{N: 5})
	tb.finish("END-D-1", et.Unlock{})
	tb.do(et.StartScenario{Key: "D", TimerStart: 9, Characters: []string{"901", "902", "903", "905"}}, et.MarkPlot{N: 4})
	tb.finish("END-E1-1", et.Unlock{})
	tb.do(et.StartScenario{Key: "E1", TimerStart: 8, Characters: []string{"901", "902", "905", "912"}}, et.MarkPlot{N: 6})
	tb.finish("END-F2-1", et.Unlock{})
	tb.do(et.StartScenario{Key: "F2", TimerStart: 8, Characters: []string{"901", "902", "905", "912"}},
		et.TankSetup{Fuel: 4, MaxFuel: 6, Ammo: 2, MaxAmmo: 3}, et.TankOperate{Char: "901"}, et.DeviceSetup{MaxLP: 5})
}

var scenes = []scene{
	{"a campaign without its roster", func(tb *table) {}},
	{"the setup of A", func(tb *table) { tb.do(et.NewCampaign{Players: 5, Roster: rosterEntries()}) }},
	{"Scenario A", func(tb *table) {
		tb.do(et.NewCampaign{Players: 2, Roster: rosterEntries()}, et.StartScenario{Key: "A", TimerStart: 6},
			et.PlaceSnowflakes{N: 3}, et.AddPenalty{Char: "901", Kind: et.Fatigue})
	}},
	{"Scenario B1", func(tb *table) {
		tb.toB1()
		tb.do(et.StartScenario{Key: "B1", TimerStart: 7}, et.RevealR02{}, et.RevealFigure{ID: "701", Kind: "enemy", MaxLP: 3})
	}},
	{"the setup of C", func(tb *table) { tb.toC() }},
	{"Scenario C", liveC},
	{"the Epilogue step", func(tb *table) {
		liveC(tb)
		tb.do(et.EndScenario{}, et.ConfirmObjectives{}, et.ReturnItems{})
	}},
	{"the shop", func(tb *table) {
		liveC(tb)
		tb.do(et.EndScenario{}, et.ConfirmObjectives{}, et.ReturnItems{}, et.RecordEpilogue{Code: "END-D-1"}, et.RecordSpecialQuests{}, et.Unlock{})
	}},
	{"Scenario F2", toF},
	{"the end of the campaign", func(tb *table) {
		toF(tb)
		tb.do(et.EndScenario{}, et.ConfirmObjectives{}, et.RecordEpilogue{Code: "END"})
	}},
	{"a won campaign", func(tb *table) {
		toF(tb)
		tb.do(et.EndScenario{}, et.ConfirmObjectives{}, et.RecordEpilogue{Code: "END"}, et.FinishCampaign{Owned: []string{}})
	}},
	{"a lost campaign", func(tb *table) {
		tb.inC()
		for _, id := range []string{"901", "902", "903", "905"} {
			tb.do(et.Kill{Char: id})
		}
	}},
}

// tabs are the game's three tabs for a campaign.
var tabs = []struct {
	name string
	make func(tb *table) fyne.CanvasObject
}{
	{"Play", func(tb *table) fyne.CanvasObject { return Screens{}.Play(tb.ctx) }},
	{"Campaign", func(tb *table) fyne.CanvasObject { return Screens{}.Campaign(tb.ctx) }},
	{"Enemy", func(tb *table) fyne.CanvasObject { return Screens{}.Enemy(tb.ctx) }},
}

// opener opens one dialog of the screens.
type opener struct {
	name string
	open func()
}

// dialogs are every dialog the screens open, in Scenario C in its fullest
// state (liveC) with its screens p, e and d.
func dialogs(t *testing.T, tb *table, p *PlayScreen, e *EnemyScreen, d *DiaryScreen) []opener {
	more := func(id, button string) func() {
		return func() {
			p.Cards[id].More()
			tap(t, p.Cards[id].Buttons[button])
		}
	}
	return []opener{
		{"a Character's More", func() { p.Cards["901"].More() }},
		{"damage", more("901", "damage")},
		{"remove a penalty", more("902", "remove")},
		{"random card", func() { p.madPickForm("902") }},
		{"gain an item", more("901", "gain")},
		{"drop", more("901", "drop")},
		{"discard", more("901", "discard")},
		{"craft", more("901", "craft")},
		{"bag", more("901", "bag")},
		{"trade", more("901", "trade")},
		{"correct a Character", more("901", "correct")},
		{"dies", more("901", "kill")},
		{"leaves", more("901", "leave")},
		{"a Personal Ability", more("901", "ability")},
		{"attack helper", more("901", "attack")},
		{"reinforcement", func() { p.reinforceForm("905") }},
		{"move the Timer", func() { p.moveTimerForm(3) }},
		{"move the Timer onto the clock", func() { p.moveTimerForm(0) }},
		{"place an Event counter", p.placeEventForm},
		{"exchange", p.exchangeForm},
		{"pick up", func() { p.pickUpForm("A") }},
		{"correct the scenario", p.correctScenarioForm},
		{"damage a figure", func() { p.figureDamageForm("805") }},
		{"reveal a figure", p.revealForm},
		{"a Special Quest's outcome", p.questOutcomeForm},
		{"the Tank", p.tankSetupForm},
		{"the Tank's Fuel and Ammo", func() {
			s := *tb.st()
			sc := *s.Scenario
			sc.Tank = &et.Tank{Fuel: 2, MaxFuel: 3, Ammo: 1, MaxAmmo: 2}
			s.Scenario = &sc
			tap(t, findButton(t, p.tankCard(&s), "Correct Fuel and Ammo…"))
		}},
		{"the Tank destroyed", func() {
			p.holdForm("The Tank is destroyed", "Its cards are discarded and its operator dies (Rulebook p.37). Undo takes it back.",
				"Hold: the Tank is destroyed", et.TankDestroyed{})
		}},
		{"play on a Mad Character", func() { p.playCard(nil, "903") }},
		{"set the cubes", e.setCubesForm},
		{"move cubes", e.moveCubesForm},
		{"we did it differently", e.overrideForm},
		{"a diary number", func() { tap(t, d.Fields["C/score"]) }},
		{"a diary box", func() { tap(t, d.Fields["C/901/played"]) }},
		{"a diary text", func() { tap(t, d.Fields["C/notes"]) }},
		{"the Storybook box", func() { d.variantForm("B", 1) }},
		{"purchases", func() { d.purchasesForm("A") }},
		{"a Special Quest", func() { d.questForm(0, "quest1") }},
		{"the Action deck", d.deckForm},
		{"the campaign score", func() { tap(t, d.Fields["/campaignScore"]) }},
	}
}

// closeDialogs closes every dialog open over the table's window.
func (tb *table) closeDialogs() {
	for d := widgets.TopDialog(tb.win.Canvas()); d != nil; d = widgets.TopDialog(tb.win.Canvas()) {
		d.Hide()
	}
}
