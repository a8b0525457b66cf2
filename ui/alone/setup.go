package alone

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/assets/content"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// The content sets the setup offers before any other.
const (
	setPractice = "The practice set (made up)"
	setNew      = "A new set we enter now"
)

var modeKeys = []string{string(ta.Solo), string(ta.Assist), string(ta.Bookkeeping)}

var modeSentences = []string{
	"Solo: the app plays the Evil side and keeps the Map hidden; you play the Hero.",
	"Evil players with the app's help: they play the Evil side; the app keeps the hidden Map on their side of the screen, checks their moves and suggests plays.",
	"Evil players on paper: they keep the Map behind their screen; the app keeps the Hero sheet, the Turns and the Reaction Track.",
}

var difficultyKeys = []string{string(ta.Easy), string(ta.Normal), string(ta.NightmareD), string(ta.Impossible)}

var difficultySentences = []string{
	"Easy: the Hero starts with a Bullets card and one more Item; when the Final Mission unlocks, 1 Round back, then 3 Life and 3 Self Control.",
	"Normal: the Hero starts with 1 Item; when the Final Mission unlocks, 1 Round back, then 3 Life or 3 Self Control.",
	"Nightmare: the Hero starts with 1 Item; when the Final Mission unlocks, 3 Life or 3 Self Control.",
	"Impossible: the Hero starts with no Item and gets no reward.",
}

// setupForm is the game's part of the new-campaign form: which content set
// to play from (the practice set, one this device keeps, or one entered
// right here), what the game will need from it and whether it is there,
// then the game's own choices, each a card picked from the set — with a
// way to enter a missing card on the spot, which comes back chosen.
type setupForm struct {
	w    fyne.Window
	lib  *shell.Library
	sink *draftSink
	fs   *fieldSet
	obj  fyne.CanvasObject

	set   *widget.Select
	needs *widget.Label
	// device are the sets this device keeps, by the name offered; damaged
	// says which cannot be read and why.
	device  map[string]string
	damaged []string

	mode       *sentenceChoice
	difficulty *sentenceChoice
	hero       *picker
	players    *chips
	names      [3]*widgets.TextEntry
	leader     *chips
	evilBox    *fyne.Container
	decks      *toggles
	start1     *picker
	start2     *picker
	final      *picker
	items      [2]*picker
	itemRows   [2]fyne.CanvasObject
	noItems    *widget.Label
	mapP       *picker
	mapRow     fyne.CanvasObject
	settings   *settingsForm
}

func newSetupForm(w fyne.Window, lib *shell.Library) *setupForm {
	f := &setupForm{w: w, lib: lib, fs: newFieldSet(), device: map[string]string{}}
	f.sink = newDraftSink(w, nil)
	f.sink.lib = lib
	f.sink.changed = func(*ta.Content) { f.refresh() }
	opts := []string{setPractice}
	if entries, err := lib.List(tracker.Alone); err == nil {
		for _, e := range entries {
			if e.Damaged {
				f.damaged = append(f.damaged, fmt.Sprintf("“%s” is damaged (%s)", e.Name, e.Problem))
				continue
			}
			o := "Kept on this device: " + e.Name
			f.device[o] = e.Name
			opts = append(opts, o)
		}
	}
	opts = append(opts, setNew)
	f.set = widget.NewSelect(opts, func(s string) { f.chooseSet(s) })
	f.needs = wrap("")
	edit := widget.NewButtonWithIcon("Enter or change the cards and Maps", theme.DocumentCreateIcon(), f.openContent)

	f.mode = newSentenceChoice(modeKeys, modeSentences, func(string) { f.refresh() })
	f.mode.SetSelected(string(ta.Solo))
	f.difficulty = newSentenceChoice(difficultyKeys, difficultySentences, func(string) { f.refresh() })
	f.difficulty.SetSelected(string(ta.Normal))
	f.hero = newPicker("No Character entered yet: you may leave it, or enter the Hero's card.", "Enter a Character",
		func(chosen func(string)) { editCharacter(f.sink, nil, chosen) })
	f.players = newChips([]string{"1", "2", "3"}, func(string) { f.refresh() })
	f.players.SetSelected("1")
	for i := range f.names {
		f.names[i] = entry(fmt.Sprintf("Evil player %d's name", i+1))
		f.names[i].OnChanged = func(string) { f.refreshLeader() }
	}
	f.leader = newChips(nil, nil)
	f.decks = newToggles(func() {})
	f.decks.setOptions(titles(ta.Decks))
	f.decks.chosen["Fury"], f.decks.chosen["Terror"] = true, true
	f.decks.sync()
	mission := func(kind, what string) *picker {
		return newPicker("No "+what+" entered yet.", "Enter a "+what, func(chosen func(string)) { editMission(f.sink, nil, kind, chosen) })
	}
	f.start1 = mission(ta.StartingMission, "Starting Mission card")
	f.start2 = mission(ta.StartingMission, "Starting Mission card")
	f.final = mission(ta.FinalMission, "Final Mission card")
	for i := range f.items {
		f.items[i] = newPicker("No Item card entered yet.", "Enter an Item card", func(chosen func(string)) { editItem(f.sink, nil, chosen) })
	}
	f.noItems = wrap("At Impossible the Hero starts with no Item.")
	f.mapP = newPicker("No Map drawn yet: the app needs it to keep the hidden Map.", "Draw a Map", func(chosen func(string)) { editMap(f.sink, nil, chosen) })
	f.settings = newSettingsForm()

	f.evilBox = container.NewVBox(
		f.fs.row(ta.FieldPlayers, container.NewVBox(f.players.obj, f.names[0], f.names[1], f.names[2]), "from the Leader's left around the table"),
		f.fs.row("Evil Leader", f.leader.obj, "who starts with the Leader token"))
	f.itemRows[0] = container.NewVBox(f.items[0].obj)
	f.itemRows[1] = container.NewVBox(f.items[1].obj)
	f.mapRow = f.fs.row(ta.FieldMap, f.mapP.obj, "")
	f.obj = container.NewVBox(
		f.fs.row("Content set", container.NewVBox(f.set, hint("what your group entered once from its cards and Maps, or the practice set"), f.needs, edit), ""),
		f.fs.row(ta.FieldMode, f.mode.obj, ""),
		f.fs.row(ta.FieldDifficulty, f.difficulty.obj, ""),
		f.fs.row(ta.FieldCharacter, f.hero.obj, ""),
		f.evilBox,
		f.fs.row(ta.FieldDecks, f.decks.obj, "the 2 Reaction decks in play"),
		f.fs.row(ta.FieldStarting1, f.start1.obj, ""),
		f.fs.row(ta.FieldStarting2, f.start2.obj, ""),
		f.fs.row(ta.FieldFinal, f.final.obj, "locked until a Starting Mission is completed"),
		f.fs.row(ta.FieldItems, container.NewVBox(f.noItems, f.itemRows[0], f.itemRows[1]), "the Item cards the Hero drew"),
		f.mapRow,
		bold("Readings of unclear rules"),
		wrap("Where the books can be read two ways, the first reading is chosen; change it here or later on the Campaign tab."),
		f.settings.obj,
		f.fs.general,
	)
	f.set.SetSelected(setPractice)
	return f
}

// chooseSet starts the draft from a set: the practice set, a set of the
// device's, or an empty one.
func (f *setupForm) chooseSet(name string) {
	var c *ta.Content
	var b []byte
	var err error
	switch {
	case name == setPractice:
		b = content.AlonePractice
	case f.device[name] != "":
		b, err = f.lib.Load(tracker.Alone, f.device[name])
	}
	if b != nil && err == nil {
		c, err = ta.ParseContent(b)
	}
	f.fs.show(nil)
	if err != nil {
		f.fs.show(ta.ContentProblems{{Field: "Content set", Problem: "this set cannot be used: " + shell.Words(err)}})
		c = nil
	}
	if c == nil {
		c = ta.NewContent("Our components")
	}
	f.sink = newDraftSink(f.w, c)
	f.sink.lib = f.lib
	f.sink.changed = func(*ta.Content) { f.refresh() }
	f.refresh()
	// A set with exactly what the game needs chooses it at once.
	f.autoPick()
}

// autoPick chooses, where nothing is chosen yet, the only card that fits.
func (f *setupForm) autoPick() {
	c := f.sink.current()
	one := func(p *picker, opts []string) {
		if p.Selected() == "" && len(opts) >= 1 {
			p.SetSelected(opts[0])
		}
	}
	starts := missionNames(c, ta.StartingMission)
	if len(starts) >= 2 && f.start1.Selected() == "" && f.start2.Selected() == "" {
		f.start1.SetSelected(starts[0])
		f.start2.SetSelected(starts[1])
	}
	one(f.final, missionNames(c, ta.FinalMission))
	one(f.mapP, mapNames(c))
	one(f.hero, characterNames(c))
	if f.items[0].Selected() == "" {
		opts := f.itemOptions(0)
		if ta.Difficulty(f.difficulty.Selected) != ta.Easy {
			// A non-Bullets card first, as a random draw most often gives.
			for _, o := range opts {
				if it := c.ItemNamed(o); it != nil && !it.Bullets {
					f.items[0].SetSelected(o)
					break
				}
			}
		}
		one(f.items[0], opts)
	}
}

func missionNames(c *ta.Content, kind string) []string {
	var out []string
	for _, m := range c.MissionsOf(kind) {
		out = append(out, m.Name)
	}
	return out
}

func mapNames(c *ta.Content) []string {
	var out []string
	for _, m := range c.Maps {
		out = append(out, m.Name)
	}
	return out
}

func characterNames(c *ta.Content) []string {
	var out []string
	for _, m := range c.Characters {
		out = append(out, m.Name)
	}
	return out
}

// itemOptions are the Item cards for the i-th starting Item: at Easy the
// first is one of the Bullets cards.
func (f *setupForm) itemOptions(i int) []string {
	var out []string
	for _, it := range f.sink.current().Items {
		if i == 0 && ta.Difficulty(f.difficulty.Selected) == ta.Easy && !it.Bullets {
			continue
		}
		out = append(out, it.Name)
	}
	return out
}

// openContent opens the set's components to enter or change them.
func (f *setupForm) openContent() {
	v := newContentView(f.sink)
	v.onChange = f.refresh
	openPanel(f.w, "The content set", v.obj)
}

// refresh follows the set and the choices: the pickers' options, what is
// asked for the mode and the Difficulty, and what the game still needs.
func (f *setupForm) refresh() {
	c := f.sink.current()
	f.hero.SetOptions(characterNames(c))
	starts := missionNames(c, ta.StartingMission)
	f.start1.SetOptions(starts)
	f.start2.SetOptions(starts)
	f.final.SetOptions(missionNames(c, ta.FinalMission))
	f.mapP.SetOptions(mapNames(c))
	n := ta.StartingItems(ta.Difficulty(f.difficulty.Selected))
	for i := range f.items {
		f.items[i].SetOptions(f.itemOptions(i))
		if i < n {
			f.itemRows[i].Show()
		} else {
			f.itemRows[i].Hide()
		}
	}
	if ta.Difficulty(f.difficulty.Selected) == ta.Easy {
		f.items[0].none.SetText("No Bullets card entered yet: at Easy the first Item is one of them.")
	} else {
		f.items[0].none.SetText(f.items[0].missing)
	}
	if n == 0 {
		f.noItems.Show()
	} else {
		f.noItems.Hide()
	}
	solo := ta.Mode(f.mode.Selected) == ta.Solo
	if solo {
		f.evilBox.Hide()
	} else {
		f.evilBox.Show()
	}
	if ta.Mode(f.mode.Selected) == ta.Bookkeeping {
		f.mapRow.Hide()
	} else {
		f.mapRow.Show()
	}
	k := 1
	fmt.Sscan(f.players.Selected, &k)
	for i, e := range f.names {
		if i < k {
			e.Show()
		} else {
			e.Hide()
		}
	}
	f.refreshLeader()
	f.needs.SetText(f.needsText(c))
}

func (f *setupForm) refreshLeader() {
	var opts []string
	for _, p := range f.playerNames() {
		opts = append(opts, nonEmpty(p, "?"))
	}
	sel := f.leader.Selected
	f.leader.setOptions(opts)
	if slices.Contains(opts, sel) {
		f.leader.SetSelected(sel)
	} else if len(opts) > 0 {
		f.leader.SetSelected(opts[0])
	}
}

func (f *setupForm) playerNames() []string {
	k := 1
	fmt.Sscan(f.players.Selected, &k)
	var out []string
	for i := 0; i < k && i < 3; i++ {
		out = append(out, strings.TrimSpace(f.names[i].Text))
	}
	return out
}

// needsText says what the game needs before play and whether the set has
// it.
func (f *setupForm) needsText(c *ta.Content) string {
	mark := func(ok bool) string {
		if ok {
			return "✓ "
		}
		return "✗ "
	}
	var lines []string
	if c.Practice {
		lines = append(lines, "This set is "+PracticeLabel+".")
	}
	lines = append(lines, "What the game needs:")
	if c.Sheet != nil {
		lines = append(lines, "✓ the Hero sheet's values")
	} else {
		lines = append(lines, "• the Hero sheet's values: the placeholders are used until you enter your sheet's")
	}
	if ta.Mode(f.mode.Selected) != ta.Bookkeeping {
		lines = append(lines, mark(len(c.Maps) > 0)+"a Map of both Levels ("+plural(len(c.Maps), "Map", "Maps")+" in the set)")
	}
	s, fin := len(c.MissionsOf(ta.StartingMission)), len(c.MissionsOf(ta.FinalMission))
	lines = append(lines, mark(s >= 2)+fmt.Sprintf("2 Starting Mission cards (%d in the set)", s))
	lines = append(lines, mark(fin >= 1)+fmt.Sprintf("a Final Mission card (%d in the set)", fin))
	if n := ta.StartingItems(ta.Difficulty(f.difficulty.Selected)); n > 0 {
		lines = append(lines, mark(len(c.Items) >= n)+fmt.Sprintf("%s for the starting Items (%d in the set)", plural(n, "Item card", "Item cards"), len(c.Items)))
	}
	lines = append(lines, "• optional: the Hero's Character, Reaction cards")
	n := len(f.device)
	switch {
	case f.lib == nil:
	case n == 0:
		lines = append(lines, "On this device: no content set kept yet; one you enter here is kept for next time.")
	default:
		lines = append(lines, fmt.Sprintf("On this device: %s kept (in the list above).", plural(n, "content set", "content sets")))
	}
	for _, d := range f.damaged {
		lines = append(lines, "On this device: "+d+".")
	}
	return strings.Join(lines, "\n")
}

// choice reads the game's choices.
func (f *setupForm) choice() ta.SetupChoice {
	ch := ta.SetupChoice{Mode: ta.Mode(f.mode.Selected), Difficulty: ta.Difficulty(f.difficulty.Selected),
		Character: nonEmpty(f.hero.Selected(), "the Hero"), Starting: [2]string{f.start1.Selected(), f.start2.Selected()},
		Final: f.final.Selected(), Map: f.mapP.Selected()}
	for _, d := range ta.Decks {
		if f.decks.chosen[title(d)] {
			ch.Decks = append(ch.Decks, d)
		}
	}
	for i := 0; i < ta.StartingItems(ch.Difficulty) && i < len(f.items); i++ {
		ch.Items = append(ch.Items, f.items[i].Selected())
	}
	if ch.Mode != ta.Solo {
		ch.EvilPlayers = f.playerNames()
		for i, n := range ch.EvilPlayers {
			if nonEmpty(n, "?") == f.leader.Selected {
				ch.Leader = i
				break
			}
		}
	}
	return ch
}

// commands turns the form into the campaign's first events: every problem
// is shown next to its field at once, and none makes anything.
func (f *setupForm) commands() ([]tracker.Command, error) {
	set, err := f.settings.read()
	if err != nil {
		return nil, err
	}
	c := f.sink.current()
	cmds, ps := c.Commands(f.choice(), &set)
	if len(ps) == 0 {
		ps = checkOnScratch(cmds)
	}
	f.fs.show(ps)
	if len(ps) == 0 {
		f.keep(c)
	}
	if len(ps) > 0 {
		return nil, widgets.Problems{"": fmt.Sprintf("%s to fix in Alone's part of the form, each marked in red under its field.", plural(len(ps), "thing", "things"))}
	}
	return cmds, nil
}

// checkOnScratch runs the commands on a scratch game, so a refusal by the
// rules shows in the form before anything is made.
func checkOnScratch(cmds []tracker.Command) ta.ContentProblems {
	r := ta.Rules{}
	var s tracker.State = r.NewState(tracker.Campaign{})
	for _, c := range cmds {
		ch, err := r.Decide(s, c, nil)
		if err != nil {
			return ta.ContentProblems{{Problem: refusal(err)}}
		}
		b, _ := json.Marshal(ch.Payload)
		if s, err = r.Apply(s, tracker.Event{Kind: ch.Kind, Payload: b}); err != nil {
			return ta.ContentProblems{{Problem: err.Error()}}
		}
	}
	return nil
}

// formItems is the form for the frame's new-campaign form.
func (f *setupForm) formItems() []*widget.FormItem {
	return []*widget.FormItem{widget.NewFormItem("", f.obj)}
}

// keep saves a set entered or changed in the form on the device, so the
// group's work is there for the next campaign.
func (f *setupForm) keep(c *ta.Content) {
	if f.lib == nil || !f.sink.dirty || c.Practice {
		return
	}
	name, err := shell.CheckContentName(nonEmpty(c.Name, "Our components"))
	if err != nil {
		return
	}
	if b, err := c.Encode(); err == nil {
		_ = f.lib.Save(tracker.Alone, name, b)
	}
}
