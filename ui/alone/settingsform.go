package alone

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
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

func newReading(w ta.Reading) *reading {
	r := &reading{title: w.Title, keys: [2]string{"a", "b"}, sentences: w.Sentences}
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
	// The words are tracker/alone's, which the diary writes a change in.
	f := &settingsForm{
		nightmare: newReading(ta.NightmareReading),
		spawn:     newReading(ta.SpawnReading),
		dangerous: newReading(ta.DangerousReading),
		attacks:   newReading(ta.AttacksReading),
		aoo:       newReading(ta.AoOReading),
		win:       newReading(ta.WinReading),
	}
	var levels, sentences []string
	for _, a := range ta.Aggressions {
		levels, sentences = append(levels, string(a.Level)), append(sentences, a.Sentence)
	}
	f.aggression = newSentenceChoice(levels, sentences, nil)
	var objs []fyne.CanvasObject
	for _, r := range f.readings() {
		objs = append(objs, bold(r.title), r.choice.obj)
	}
	objs = append(objs, bold(ta.AggressionTitle), f.aggression.obj)
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
