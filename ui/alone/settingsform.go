package alone

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"tablekeeper/automa/alone"
)

// A reading is one place where the books can be read two ways (spec §10,
// the options it names): each way told in a sentence, the app's default
// first.
type reading struct {
	title     string
	keys      [2]string
	sentences [2]string
	choice    *sentenceChoice
}

// settingsForm is the readings of the rules the books leave unclear, and
// how hard the app's Evil side plays.
type settingsForm struct {
	nightmare, spawn, dangerous, attacks, aoo, win *reading
	aggression                                     *sentenceChoice
	obj                                            fyne.CanvasObject
}

func newReading(title, yes, no string) *reading {
	r := &reading{title: title, keys: [2]string{"a", "b"}, sentences: [2]string{yes, no}}
	r.choice = newSentenceChoice(r.keys[:], r.sentences[:], nil)
	return r
}

// on says whether the second reading is chosen.
func (r *reading) second() bool { return r.choice.Selected == "b" }

func (r *reading) setSecond(b bool) {
	if b {
		r.choice.SetSelected("b")
	} else {
		r.choice.SetSelected("a")
	}
}

func newSettingsForm() *settingsForm {
	f := &settingsForm{
		nightmare: newReading("Nightmare Mode's first loss",
			"The Hero first loses 2 Self Control at the end of the Round after the one in which Nightmare Mode begins.",
			"The Hero loses 2 Self Control already at the end of the Round in which Nightmare Mode begins."),
		spawn: newReading("How far a Creature Spawns from the Hero",
			"A Blocked Door closes the way: the distance is counted around it.",
			"The distance is counted through Blocked Doors as if they were open."),
		dangerous: newReading("When a Reaction card is Dangerous",
			"When a Danger token is in the Hero's Sector as the card is resolved (after a Move, the Sector moved into).",
			"When a Danger token was in the Hero's Sector as the Action that allowed the card began."),
		attacks: newReading("Creatures attacking at the end of a Turn",
			"Each Creature's attack is damage of its own: Dexterity, a Companion and damage cards apply to each one.",
			"All the attacks at the end of a Turn are one damage."),
		aoo: newReading("Rerolls on an Attack of Opportunity",
			"Dexterity and Items cannot reroll an Attack of Opportunity.",
			"Dexterity and Items can reroll an Attack of Opportunity like any attack."),
		win: newReading("A win and a defeat in the same step",
			"When one step completes the Final Mission and empties both tracks, the Hero wins.",
			"When one step completes the Final Mission and empties both tracks, the Evil side wins."),
	}
	f.aggression = newSentenceChoice([]string{string(alone.AggressionLow), string(alone.AggressionNormal), string(alone.AggressionHigh)},
		[]string{"Cautious: the app's Evil side attacks only when it is worth it, and plays fewer cards.",
			"As designed: the app's Evil side plays as this app's policy is written.",
			"Ruthless: it attacks at any chance and plays more cards."}, nil)
	var objs []fyne.CanvasObject
	for _, r := range f.readings() {
		objs = append(objs, bold(r.title), r.choice.obj)
	}
	objs = append(objs, bold("How the app plays the Evil side (solo mode)"), f.aggression.obj)
	f.obj = container.NewVBox(objs...)
	f.set(alone.DefaultSettings())
	return f
}

func (f *settingsForm) readings() []*reading {
	return []*reading{f.nightmare, f.spawn, f.dangerous, f.attacks, f.aoo, f.win}
}

func (f *settingsForm) set(s alone.Settings) {
	f.nightmare.setSecond(s.NightmareLossOnTriggerRound)
	f.spawn.setSecond(s.SpawnDistanceIgnoresBlockedDoors)
	f.dangerous.setSecond(s.DangerousCheck == alone.AtActionStart)
	f.attacks.setSecond(s.CombineCreatureAttacks)
	f.aoo.setSecond(s.AoOAllowsHeroRerolls)
	f.win.setSecond(!s.WinCheckFirst)
	f.aggression.SetSelected(string(s.Aggression))
}

func (f *settingsForm) read() (alone.Settings, error) {
	s := alone.Settings{NightmareLossOnTriggerRound: f.nightmare.second(), SpawnDistanceIgnoresBlockedDoors: f.spawn.second(),
		DangerousCheck: alone.AtResolution, CombineCreatureAttacks: f.attacks.second(), AoOAllowsHeroRerolls: f.aoo.second(),
		WinCheckFirst: !f.win.second(), Aggression: alone.Aggression(f.aggression.Selected)}
	if f.dangerous.second() {
		s.DangerousCheck = alone.AtActionStart
	}
	return s, s.Validate()
}
