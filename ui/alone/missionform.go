package alone

import (
	"slices"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// toggles is a row of options any number of which are chosen, each tapped
// on or off.
type toggles struct {
	obj       *fyne.Container
	options   []string
	chosen    map[string]bool
	buttons   map[string]*widget.Button
	OnChanged func()
}

func newToggles(changed func()) *toggles {
	return &toggles{obj: widgets.NewFlow(), chosen: map[string]bool{}, buttons: map[string]*widget.Button{}, OnChanged: changed}
}

func (t *toggles) setOptions(opts []string) {
	t.options = opts
	t.buttons = map[string]*widget.Button{}
	var objs []fyne.CanvasObject
	for _, o := range opts {
		o := o
		b := widget.NewButton(o, func() {
			t.chosen[o] = !t.chosen[o]
			t.sync()
			if t.OnChanged != nil {
				t.OnChanged()
			}
		})
		t.buttons[o] = b
		objs = append(objs, widgets.Touch(b))
	}
	t.obj.Objects = objs
	t.sync()
	t.obj.Refresh()
}

func (t *toggles) sync() {
	for o, b := range t.buttons {
		if t.chosen[o] {
			b.Importance = widget.HighImportance
			b.Icon = theme.ConfirmIcon()
		} else {
			b.Importance = widget.MediumImportance
			b.Icon = nil
		}
		b.Refresh()
	}
}

// selected lists the chosen options in their order.
func (t *toggles) selected() []string {
	var out []string
	for _, o := range t.options {
		if t.chosen[o] {
			out = append(out, o)
		}
	}
	return out
}

// missionColours are the Mission colours a player taps.
var missionColours = []string{"red", "blue", "green", "yellow", "purple", "orange"}

// missionForm is a Mission card: Starting or Final, its colour, the Rooms
// it sends the Hero to and how many Interactions there, what it rewards
// that the app keeps, and its Boss's stats when it brings one.
type missionForm struct {
	fs      *fieldSet
	preview *cardView
	obj     fyne.CanvasObject

	name     *widgets.TextEntry
	kind     *chips
	colour   *chips
	colorRow fyne.CanvasObject
	rooms    *toggles
	noRooms  *widget.Label
	newRoom  *widgets.TextEntry
	inter    *numStepper
	rounds   *numStepper
	comp     *widget.Check
	lift     *widget.Check
	text     *widgets.TextEntry

	boss                  *widget.Check
	bossBox               *fyne.Container
	bossName              *widgets.TextEntry
	bossNormal, bossNight *statSteppers
	nightOwn              *widget.Check
}

// statSteppers are a Creature's six numbers as the stats table prints them.
type statSteppers struct {
	wound, kill, dark, lit, scare, msd *numStepper
	obj                                fyne.CanvasObject
}

func newStatSteppers(s alone.Stats, changed func()) *statSteppers {
	c := func(int) { changed() }
	x := &statSteppers{
		wound: newNumStepper(1, 20, s.Wound, c), kill: newNumStepper(1, 20, s.Kill, c),
		dark: newNumStepper(0, 12, s.AttackDark, c), lit: newNumStepper(0, 12, s.AttackLighted, c),
		scare: newNumStepper(0, 12, s.Scare, c), msd: newNumStepper(0, 30, s.MSD, c),
	}
	row := func(label string, n *numStepper) fyne.CanvasObject {
		return container.NewBorder(nil, nil, widgets.AtLeast(fyne.NewSize(170, widgets.MinTouch), wrap(label)), nil, n)
	}
	x.obj = container.NewVBox(
		row("Damage to Wound", x.wound), row("Then to Kill", x.kill),
		row("Attack dice in the Dark", x.dark), row("Attack dice in Light", x.lit),
		row("Scare (Self Control)", x.scare), row("Spawns at least", x.msd))
	return x
}

func (x *statSteppers) read() alone.Stats {
	return alone.Stats{Wound: x.wound.Value, Kill: x.kill.Value, AttackDark: x.dark.Value, AttackLighted: x.lit.Value, Scare: x.scare.Value, MSD: x.msd.Value}
}

func (x *statSteppers) set(s alone.Stats) {
	x.wound.SetValue(s.Wound)
	x.kill.SetValue(s.Kill)
	x.dark.SetValue(s.AttackDark)
	x.lit.SetValue(s.AttackLighted)
	x.scare.SetValue(s.Scare)
	x.msd.SetValue(s.MSD)
}

// setRooms are the Room names drawn on the set's Maps.
func setRooms(set *ta.Content) []string {
	var out []string
	if set == nil {
		return nil
	}
	for i := range set.Maps {
		for _, r := range set.Maps[i].Rooms() {
			if !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	sort.Strings(out)
	return out
}

func newMissionForm(set *ta.Content) *missionForm {
	f := &missionForm{fs: newFieldSet(), preview: newCardView()}
	up := func() { f.update() }
	f.name = entry("as printed on the card")
	f.name.OnChanged = func(string) { up() }
	f.kind = newChips([]string{"Starting Mission", "Final Mission"}, func(string) { up() })
	f.kind.SetSelected("Starting Mission")
	f.colour = newChips(titles(missionColours), func(string) { up() })
	f.rooms = newToggles(up)
	f.rooms.setOptions(setRooms(set))
	f.noRooms = wrap("No Room is named on a Map yet: write the Room's name below, and draw it on the Map later.")
	f.noRooms.Importance = widget.WarningImportance
	if len(f.rooms.options) > 0 {
		f.noRooms.Hide()
	}
	f.newRoom = entry("another Room's name")
	addRoom := widget.NewButtonWithIcon("Add the Room", theme.ContentAddIcon(), func() {
		r := strings.TrimSpace(f.newRoom.Text)
		if r == "" {
			return
		}
		if !slices.Contains(f.rooms.options, r) {
			f.rooms.setOptions(append(f.rooms.options, r))
		}
		f.rooms.chosen[r] = true
		f.rooms.sync()
		f.newRoom.SetText("")
		f.noRooms.Hide()
		up()
	})
	f.inter = newNumStepper(0, 20, 1, func(int) { up() })
	f.inter.Format = func(n int) string {
		if n == 0 {
			return "none"
		}
		return plural(n, "time", "times")
	}
	f.rounds = newNumStepper(0, 10, 0, func(int) { up() })
	f.comp = widget.NewCheck("A Companion joins the Hero", func(bool) { up() })
	f.lift = widget.NewCheck("No more limit of 4 Creatures per Level", func(bool) { up() })
	f.text = widgets.NewMultiLineTextEntry()
	f.text.SetPlaceHolder("what else it says, in your words (optional)")
	f.text.Wrapping = fyne.TextWrapWord
	f.text.OnChanged = func(string) { up() }

	f.bossName = entry("the Boss's name")
	f.bossName.OnChanged = func(string) { up() }
	f.bossNormal = newStatSteppers(alone.Stats{Wound: 3, Kill: 3, AttackDark: 3, AttackLighted: 2, Scare: 2, MSD: 3}, up)
	f.bossNight = newStatSteppers(alone.Stats{Wound: 3, Kill: 3, AttackDark: 4, AttackLighted: 3, Scare: 3, MSD: 2}, up)
	f.nightOwn = widget.NewCheck("The card gives other numbers in Nightmare Mode", func(bool) { up() })
	nightBox := container.NewVBox(bold("In Nightmare Mode"), f.bossNight.obj)
	f.nightOwn.OnChanged = func(on bool) {
		if on {
			nightBox.Show()
		} else {
			nightBox.Hide()
		}
		up()
	}
	nightBox.Hide()
	f.bossBox = container.NewVBox(f.bossName, f.bossNormal.obj, widgets.WrapCheck(f.nightOwn), nightBox)
	f.bossBox.Hide()
	f.boss = widget.NewCheck("The card brings a Boss", func(on bool) {
		if on {
			f.bossBox.Show()
		} else {
			f.bossBox.Hide()
		}
		up()
	})
	f.colorRow = f.fs.row(ta.FieldColour, f.colour.obj, "Starting Missions come in colours; the game uses one of each of two")
	f.obj = cardForm(f.preview.obj, container.NewVBox(f.fs.general,
		f.fs.row(ta.FieldName, f.name, ""),
		f.fs.row(ta.FieldKind, f.kind.obj, "completing either Starting Mission unlocks the Final one"),
		f.colorRow,
		f.fs.row(ta.FieldGoals, container.NewVBox(f.noRooms, f.rooms.obj, container.NewBorder(nil, nil, nil, addRoom, f.newRoom)),
			"the Evil side expects the Hero to head there"),
		f.fs.row(ta.FieldInteractions, f.inter, "Interact Actions the card asks in those Rooms"),
		f.fs.row(ta.FieldRounds, f.rounds, "a reward that moves the Round marker right"),
		widgets.WrapCheck(f.comp), widgets.WrapCheck(f.lift),
		f.fs.row(ta.FieldBoss, container.NewVBox(widgets.WrapCheck(f.boss), f.bossBox), ""),
		f.fs.row(ta.FieldText, f.text, ""),
	))
	f.update()
	return f
}

func titles(v []string) []string {
	out := make([]string, len(v))
	for i, s := range v {
		out[i] = title(s)
	}
	return out
}

func (f *missionForm) set(m ta.MissionCard) {
	f.name.SetText(m.Name)
	f.kind.SetSelected(missionKindName(m.Kind))
	f.colour.SetSelected(title(m.Colour))
	for _, g := range m.Goals {
		if !slices.Contains(f.rooms.options, g) {
			f.rooms.setOptions(append(f.rooms.options, g))
		}
		f.rooms.chosen[g] = true
	}
	if len(f.rooms.options) > 0 {
		f.noRooms.Hide()
	}
	f.rooms.sync()
	f.inter.SetValue(m.Interactions)
	f.rounds.SetValue(m.Rounds)
	f.comp.SetChecked(m.Companion)
	f.lift.SetChecked(m.LiftLimit)
	f.text.SetText(m.Text)
	if m.Boss != nil {
		f.boss.SetChecked(true)
		f.bossName.SetText(m.Boss.Name)
		f.bossNormal.set(m.Boss.Normal)
		if m.Boss.Nightmare != nil {
			f.nightOwn.SetChecked(true)
			f.bossNight.set(*m.Boss.Nightmare)
		}
	}
	f.update()
}

func (f *missionForm) read() ta.MissionCard {
	m := ta.MissionCard{Name: strings.TrimSpace(f.name.Text), Goals: f.rooms.selected(), Interactions: f.inter.Value,
		Rounds: f.rounds.Value, Companion: f.comp.Checked, LiftLimit: f.lift.Checked, Text: strings.TrimSpace(f.text.Text)}
	switch f.kind.Selected {
	case "Starting Mission":
		m.Kind = ta.StartingMission
		m.Colour = strings.ToLower(f.colour.Selected)
	case "Final Mission":
		m.Kind = ta.FinalMission
	}
	if f.boss.Checked {
		b := &alone.BossStats{Name: strings.TrimSpace(f.bossName.Text), Normal: f.bossNormal.read()}
		if f.nightOwn.Checked {
			n := f.bossNight.read()
			b.Nightmare = &n
		}
		m.Boss = b
	}
	return m
}

func (f *missionForm) update() {
	if f.kind.Selected == "Final Mission" {
		f.colorRow.Hide()
	} else {
		f.colorRow.Show()
	}
	showMission(f.preview, f.read())
	f.fs.refit()
}

// editMission opens the Mission card form: a new card when was is nil;
// kind preselects Starting or Final for a new one.
func editMission(sink contentSink, was *ta.MissionCard, kind string, done func(string)) {
	f := newMissionForm(sink.current())
	head := "Enter a Mission card"
	if was != nil {
		f.set(*was)
		head = "Change the Mission card"
	} else if kind != "" {
		f.kind.SetSelected(missionKindName(kind))
		f.update()
	}
	opened(f)
	f.fs.dialog = openDialog(sink.window(), head, f.obj, "Save the card", func() bool {
		m := f.read()
		if f.fs.show(m.Problems()) {
			return false
		}
		p := ta.PutContent{Mission: &m}
		if was != nil {
			p.Was = was.Name
		}
		if err := sink.put(p); err != nil {
			f.fs.say(refusal(err))
			return false
		}
		if done != nil {
			done(m.Name)
		}
		return true
	})
}
