package alone

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// sheetForm is the Hero sheet's values the books do not give (spec §9),
// read off the printed sheet once and tapped in: the health tracks, the
// Round track with the Healing Cap of each space, the Adrenaline track, the
// Reaction Track and its Danger symbols, the decks, the dice and the
// tokens, and which Ability each kill trains. The sheet is drawn as the
// values go in.
type sheetForm struct {
	fs  *fieldSet
	obj fyne.CanvasObject

	tracks  *SheetTracks
	track   *tokenRow
	adrLine *widget.Label

	healthMax, startLife, startSC *numStepper
	spaces                        *numStepper
	caps                          []*numStepper
	capsBox                       *fyne.Container
	marker                        *numStepper
	adrenaline                    []*numStepper
	adrBox                        *fyne.Container
	reaction                      *numStepper
	danger                        *toggles
	deckSize                      *numStepper
	hit, special, blank           *numStepper
	tokens                        map[alone.CreatureType]*numStepper
	trains                        map[alone.CreatureType]*widget.Select
}

const askWhenNeeded = "ask when first needed"

func newSheetForm(sh ta.Sheet) *sheetForm {
	f := &sheetForm{fs: newFieldSet(), tokens: map[alone.CreatureType]*numStepper{}, trains: map[alone.CreatureType]*widget.Select{}}
	up := func(int) { f.update() }
	f.tracks = newSheetTracks()
	f.track = newTokenRow(40)
	f.adrLine = wrap("")
	f.healthMax = newNumStepper(1, 30, sh.HealthMax, func(int) { f.resize(); f.update() })
	f.startLife = newNumStepper(1, 30, sh.StartLife, up)
	f.startSC = newNumStepper(1, 30, sh.StartSC, up)
	f.spaces = newNumStepper(2, 30, len(sh.HealingCap), func(int) { f.resize(); f.update() })
	f.capsBox = widgets.NewFlow()
	f.adrBox = widgets.NewFlow()
	f.marker = newNumStepper(2, 30, sh.StartMarker+1, up)
	f.marker.Format = func(n int) string { return "space " + strconv.Itoa(n) }
	f.reaction = newNumStepper(1, 40, sh.ReactionSpaces, func(int) { f.resizeDanger(); f.update() })
	f.danger = newToggles(func() { f.update() })
	f.deckSize = newNumStepper(1, 200, sh.DeckSize, up)
	f.hit, f.special, f.blank = newNumStepper(0, 12, sh.Dice.Hit, up), newNumStepper(0, 12, sh.Dice.Special, up), newNumStepper(0, 12, sh.Dice.Blank, up)
	var tokenRows []fyne.CanvasObject
	for _, t := range append(append([]alone.CreatureType(nil), alone.CreatureTypes...), alone.Boss) {
		f.tokens[t] = newNumStepper(0, 20, sh.Tokens[t], up)
		tokenRows = append(tokenRows, labelled(title(string(t)), f.tokens[t]))
	}
	var trainRows []fyne.CanvasObject
	for _, t := range alone.CreatureTypes {
		if t == alone.Parasite {
			trainRows = append(trainRows, labelled("Parasite", wrap("Cold Blood (the Hero Compendium says so)")))
			continue
		}
		s := widget.NewSelect(append([]string{askWhenNeeded}, abilityNames()...), nil)
		if a, ok := sh.AbilityFor[t]; ok {
			s.SetSelected(abilityName(a))
		} else {
			s.SetSelected(askWhenNeeded)
		}
		f.trains[t] = s
		trainRows = append(trainRows, labelled(title(string(t)), s))
	}
	// The per-space values.
	for i, c := range sh.HealingCap {
		f.caps = append(f.caps, f.capStepper(i, c))
	}
	for v, n := range sh.AdrenalineTrack {
		f.adrenaline = append(f.adrenaline, f.adrStepper(v, n))
	}
	f.resize()
	f.resizeDanger()
	for _, d := range sh.DangerSpaces {
		f.danger.chosen[strconv.Itoa(d+1)] = true
	}
	f.danger.sync()
	preview := card("The Hero sheet", f.tracks, f.adrLine, bold("Reaction Track"), f.track)
	f.obj = cardForm(preview, container.NewVBox(f.fs.general,
		wrap("Read these off your printed Hero sheet once. The numbers filled in are placeholders, not the sheet's."),
		f.fs.row(ta.FieldHealthMax, f.healthMax, "the highest space of the Life and Self Control tracks"),
		f.fs.row(ta.FieldStartLife, f.startLife, ""),
		f.fs.row(ta.FieldStartSC, f.startSC, ""),
		f.fs.row("Round track spaces", f.spaces, ""),
		f.fs.row(ta.FieldCaps, f.capsBox, "space 1 is the final, Nightmare space; recovery stops at the cap of the marker's space"),
		f.fs.row(ta.FieldMarker, f.marker, ""),
		f.fs.row(ta.FieldAdrenaline, f.adrBox, "the pool refilled at each Round's end, by the lower of Life and Self Control"),
		f.fs.row(ta.FieldSpaces, f.reaction, ""),
		f.fs.row(ta.FieldDanger, f.danger.obj, "tap the spaces that show a Danger symbol (one more is always past the end)"),
		f.fs.row(ta.FieldDeckSize, f.deckSize, ""),
		f.fs.row(ta.FieldDice, container.NewVBox(labelled("Hit", f.hit), labelled("Special", f.special), labelled("Blank", f.blank)), "how many faces of a die show each, for the app's own dice"),
		f.fs.row(ta.FieldTokens, container.NewVBox(tokenRows...), "the tokens of each Creature in the box"),
		f.fs.row(ta.FieldTrains, container.NewVBox(trainRows...), "printed on the Hero sheet beside each Ability"),
	))
	f.update()
	return f
}

// labelled is a control with its name on the left.
func labelled(name string, obj fyne.CanvasObject) fyne.CanvasObject {
	return container.NewBorder(nil, nil, widgets.AtLeast(fyne.NewSize(120, widgets.MinTouch), wrap(name)), nil, obj)
}

func (f *sheetForm) capStepper(i, v int) *numStepper {
	s := newNumStepper(0, 30, v, func(int) { f.update() })
	if f.healthMax != nil {
		s.Max = f.healthMax.Value
	}
	s.Format = func(n int) string { return fmt.Sprintf("space %d: cap %d", i+1, n) }
	s.sync()
	return s
}

func (f *sheetForm) adrStepper(v, n int) *numStepper {
	s := newNumStepper(0, 12, n, func(int) { f.update() })
	s.Format = func(n int) string { return fmt.Sprintf("at %d: %d", v, n) }
	s.sync()
	return s
}

// resize grows or shrinks the per-space rows to the tracks' lengths.
func (f *sheetForm) resize() {
	n := f.spaces.Value
	for len(f.caps) < n {
		last := 0
		if len(f.caps) > 0 {
			last = f.caps[len(f.caps)-1].Value
		}
		f.caps = append(f.caps, f.capStepper(len(f.caps), last))
	}
	f.caps = f.caps[:n]
	objs := make([]fyne.CanvasObject, n)
	for i, s := range f.caps {
		objs[i] = s
	}
	setBox(f.capsBox, objs...)
	f.marker.Max = n
	f.marker.SetValue(f.marker.Value)
	m := f.healthMax.Value
	for len(f.adrenaline) < m+1 {
		last := 3
		if len(f.adrenaline) > 0 {
			last = f.adrenaline[len(f.adrenaline)-1].Value
		}
		f.adrenaline = append(f.adrenaline, f.adrStepper(len(f.adrenaline), last))
	}
	f.adrenaline = f.adrenaline[:m+1]
	objs = make([]fyne.CanvasObject, len(f.adrenaline))
	for i, s := range f.adrenaline {
		objs[i] = s
	}
	setBox(f.adrBox, objs...)
	// Starting values and caps stay within the track's top.
	for _, s := range append([]*numStepper{f.startLife, f.startSC}, f.caps...) {
		s.Max = m
		s.SetValue(s.Value)
	}
}

func (f *sheetForm) resizeDanger() {
	var opts []string
	for i := 1; i <= f.reaction.Value; i++ {
		opts = append(opts, strconv.Itoa(i))
	}
	f.danger.setOptions(opts)
}

func (f *sheetForm) read() ta.Sheet {
	sh := ta.DefaultSheet()
	sh.HealthMax, sh.StartLife, sh.StartSC = f.healthMax.Value, f.startLife.Value, f.startSC.Value
	sh.HealingCap = nil
	for _, s := range f.caps {
		sh.HealingCap = append(sh.HealingCap, s.Value)
	}
	sh.StartMarker = f.marker.Value - 1
	sh.AdrenalineTrack = nil
	for _, s := range f.adrenaline {
		sh.AdrenalineTrack = append(sh.AdrenalineTrack, s.Value)
	}
	sh.ReactionSpaces = f.reaction.Value
	sh.DangerSpaces = nil
	for i, o := range f.danger.options {
		if f.danger.chosen[o] {
			sh.DangerSpaces = append(sh.DangerSpaces, i)
		}
	}
	sh.DeckSize = f.deckSize.Value
	sh.Dice = alone.DiceWeights{Hit: f.hit.Value, Special: f.special.Value, Blank: f.blank.Value}
	sh.Tokens = map[alone.CreatureType]int{}
	for t, s := range f.tokens {
		sh.Tokens[t] = s.Value
	}
	sh.AbilityFor = map[alone.CreatureType]ta.Ability{alone.Parasite: ta.ColdBlood}
	for t, s := range f.trains {
		if s.Selected != "" && s.Selected != askWhenNeeded {
			sh.AbilityFor[t] = abilityFromName(s.Selected)
		}
	}
	return sh
}

func (f *sheetForm) update() {
	sh := f.read()
	t := f.tracks
	t.Max, t.Life, t.SC, t.Caps, t.Nightmare = sh.HealthMax, sh.StartLife, sh.StartSC, sh.HealingCap, false
	t.Marker = max(0, min(sh.StartMarker, len(sh.HealingCap)-1))
	t.Cap = 0
	if c, err := sh.HealingCapAt(t.Marker); err == nil {
		t.Cap = c
	}
	t.Refresh()
	f.track.set(reactionTrack(&ta.State{Sheet: &sh}))
	v := min(sh.StartLife, sh.StartSC)
	if v >= 0 && v < len(sh.AdrenalineTrack) {
		f.adrLine.SetText(fmt.Sprintf("Adrenaline: 3 to start; refilled to %d with the starting Life and Self Control", sh.AdrenalineTrack[v]))
	}
	f.fs.refit()
}

// editSheet opens the Hero sheet's form.
func editSheet(sink contentSink, done func()) {
	sh := ta.DefaultSheet()
	if c := sink.current(); c.Sheet != nil {
		sh = *c.Sheet
	}
	f := newSheetForm(sh)
	opened(f)
	f.fs.dialog = openDialog(sink.window(), "The Hero sheet", f.obj, "Save the values", func() bool {
		s := f.read()
		if f.fs.show(ta.SheetProblems(s)) {
			return false
		}
		if err := sink.put(ta.PutContent{Sheet: &s}); err != nil {
			f.fs.say(refusal(err))
			return false
		}
		if done != nil {
			done()
		}
		return true
	})
}
