package phantom

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// SetupForm sets up a mission (§12): the mission, the party (2–4, one
// per class, distinct colours and entry points), each character's ten
// Action cards and items, and the adversaries' difficulty. It starts
// filled in as most groups play (the first characters of distinct classes
// and colours on the map's first entry points with their first ten
// cards), and says what the mission still needs that is not entered, with
// a button to enter each, coming back here when it is.
type SetupForm struct {
	ctx        *shell.Context
	en         *Entry
	Mission    *widget.Select
	Difficulty *Num
	Training   *widget.Check
	Tier       *Num
	Needs      *fyne.Container
	Party      *fyne.Container
	Rows       map[string]*PartyRow
	StartBt    *widget.Button
	// Why says why Start cannot work yet, beside it.
	Why *widget.Label
	// mission is the mission the rows were laid out for.
	mission string
	// Ready, if set, is told when the forms opened one after another
	// (goOn) have entered all the mission needs: the screen shows Start.
	Ready func()
	obj   fyne.CanvasObject
}

// PartyRow is one character's line of the setup form.
type PartyRow struct {
	Embark *widget.Check
	Entry  *widget.Select
	// Cards are the ten Action cards taken (the first ten owned unless
	// chosen), Choose opens the choice; Items are the items taken.
	Cards  []string
	Choose *widget.Button
	Items  *ChecksFlow
	cards  *widget.Label
	// embark is the check laid out with its words (made once: a check's
	// words move into the row that wraps them).
	embark fyne.CanvasObject
}

func newSetupForm(ctx *shell.Context, en *Entry) *SetupForm {
	f := &SetupForm{ctx: ctx, en: en, Rows: map[string]*PartyRow{}}
	f.Mission = newPicker(nil, "", "which mission", func(string) { f.refresh(state(ctx)) })
	f.Difficulty = NewNum(1, 9, 1, func(int) { f.refresh(state(ctx)) })
	f.Difficulty.Format = func(n int) string { return fmt.Sprintf("%d %s", n, stars(n)) }
	f.Training = widget.NewCheck("play it as a training mission", func(bool) { f.refresh(state(ctx)) })
	f.Tier = NewNum(1, 4, 1, func(int) { f.refresh(state(ctx)) })
	f.Needs = container.NewVBox()
	f.Party = container.NewVBox()
	f.StartBt = widget.NewButtonWithIcon("Start the mission", theme.MediaPlayIcon(), f.start)
	f.StartBt.Importance = widget.HighImportance
	f.Why = wrap("")
	f.Why.Importance = widget.WarningImportance
	tier := container.NewHBox(widget.NewLabel("tier"), f.Tier)
	f.obj = widgets.NewCard("Set up a mission", "", container.NewVBox(
		wrap("Choose the mission and who embarks; the adversaries are placed by the map's icons."),
		f.Mission, f.Needs,
		container.NewHBox(widget.NewLabel("Adversaries' difficulty"), f.Difficulty),
		touchCheck(f.Training), tier,
		f.Party, f.StartBt, f.Why))
	return f
}

// missionMap reads a mission's map, if it is entered and can be read.
func missionMap(s *tp.State, id string) (*hex.Map, bool) {
	mi, ok := s.Content.Missions[id]
	if !ok {
		return nil, false
	}
	raw, ok := s.Content.Maps[mi.Map]
	if !ok {
		return nil, false
	}
	m, err := hex.ParseMap(raw)
	return m, err == nil
}

// A need is something a mission needs that is not entered: what it is in
// words, and the form that enters it.
type need struct {
	Text   string
	Kind   tp.ContentKind
	Preset map[string]any
}

// missionNeeds lists what the mission needs before it can be set up at
// this difficulty: its own page, its map, the description cards of the
// adversaries its map places and their decks, the boss cards.
func missionNeeds(s *tp.State, id string, difficulty int) []need {
	var out []need
	mi, ok := s.Content.Missions[id]
	if !ok {
		return []need{{Text: capitalFirst(tp.MissionName(id)) + " is not entered yet.", Kind: tp.KindMission, Preset: map[string]any{"id": id}}}
	}
	m, ok := missionMap(s, id)
	if !ok {
		return []need{{Text: fmt.Sprintf("Its map %q is not drawn yet.", mi.Map), Kind: tp.KindMap, Preset: map[string]any{"id": mi.Map}}}
	}
	seen := map[string]bool{}
	species, classes := map[string]bool{}, map[string]bool{}
	bosses := false
	for _, sp := range m.Layout().Spaces {
		for _, ic := range sp.PlacementIcons {
			name := ic.Adversary
			if _, boss := s.Content.Bosses[name]; boss {
				bosses = true
				continue
			}
			if seen[name] {
				continue
			}
			seen[name] = true
			at, ok := s.Content.Adversaries[tp.AdversaryKey(name, difficulty)]
			if !ok {
				preset := map[string]any{"name": name, "difficulty": difficulty}
				// An adversary is named by its species and class
				// ("Grallok Berserker"): the form starts with them filled
				// in, to be corrected if the card says otherwise.
				if w := strings.Fields(name); len(w) > 1 {
					preset["species"], preset["class"] = strings.Join(w[:len(w)-1], " "), w[len(w)-1]
				}
				out = append(out, need{Text: fmt.Sprintf("The %s description card (%s) is not entered yet.", name, stars(difficulty)), Kind: tp.KindAdversary,
					Preset: preset})
				continue
			}
			species[at.Species], classes[at.Class] = true, true
		}
	}
	for _, sp := range setList(species) {
		if !slices.ContainsFunc(sortedKeys(s.Content.SpeciesCards), func(k string) bool { return s.Content.SpeciesCards[k].Species == sp }) {
			out = append(out, need{Text: fmt.Sprintf("No %s species card is entered yet.", sp), Kind: tp.KindSpeciesCard, Preset: map[string]any{"species": sp}})
		}
	}
	for _, cl := range setList(classes) {
		if !slices.ContainsFunc(sortedKeys(s.Content.ClassCards), func(k string) bool { return s.Content.ClassCards[k].Class == cl }) {
			out = append(out, need{Text: fmt.Sprintf("No %s class card is entered yet.", cl), Kind: tp.KindClassCard, Preset: map[string]any{"class": cl}})
		}
	}
	if bosses && len(s.Content.BossCards) == 0 {
		out = append(out, need{Text: "No boss action card is entered yet.", Kind: tp.KindBossCard})
	}
	return out
}

// availableMissions are the missions that can be set up: available on the
// campaign sheet (or entered, for a training mission).
func availableMissions(s *tp.State, training bool) []string {
	set := map[string]bool{}
	for id, mk := range s.Sheet.Missions {
		if mk != nil && mk.Available {
			set[id] = true
		}
	}
	if training {
		for id := range s.Content.Missions {
			set[id] = true
		}
	}
	return setList(set)
}

func (f *SetupForm) refresh(s *tp.State) {
	f.Mission.Options = availableMissions(s, f.Training.Checked)
	if f.Mission.Selected != "" && !slices.Contains(f.Mission.Options, f.Mission.Selected) {
		f.Mission.ClearSelected()
	}
	if f.Mission.Selected == "" {
		// The one available mission entered (a practice, a first game).
		var entered []string
		for _, id := range f.Mission.Options {
			if _, ok := s.Content.Missions[id]; ok {
				entered = append(entered, id)
			}
		}
		if len(entered) == 1 {
			f.Mission.Selected = entered[0]
		}
	}
	f.Mission.Refresh()
	id := f.Mission.Selected
	if mi, ok := s.Content.Missions[id]; ok && id != f.mission {
		f.Difficulty.SetValue(mi.Difficulty)
	}
	f.showNeeds(s)
	f.showParty(s)
	f.mission = id
	f.showWhy(s)
}

// showNeeds lists what is missing, each with its form.
func (f *SetupForm) showNeeds(s *tp.State) {
	f.Needs.Objects = nil
	defer f.Needs.Refresh()
	if len(s.Content.Missions) == 0 {
		entered := func(key string) {
			if mk := state(f.ctx).Sheet.Missions[key]; mk == nil || !mk.Available {
				f.ctx.Do(tp.MarkMission{Mission: key, Available: true})
			}
			f.Mission.SetSelected(key)
			f.goOn()
		}
		if len(s.Content.Maps) == 0 {
			// A first mission starts with its map, drawn as the mission
			// book draws it; its page follows with the map's name and
			// the map filled in.
			l := wrap("No mission is entered yet: draw the map of the mission you will play, as its mission book draws it; its page comes next.")
			l.Importance = widget.WarningImportance
			f.Needs.Add(l)
			draw := widget.NewButtonWithIcon("Draw the mission's map…", theme.ContentAddIcon(), func() {
				f.en.OpenNew(tp.KindMap, nil, func(id string) {
					f.en.OpenNew(tp.KindMission, map[string]any{"id": id, "map": id}, entered)
				})
			})
			draw.Importance = widget.HighImportance
			f.Needs.Add(widgets.NewFlow(draw, widget.NewButtonWithIcon("Enter a mission…", theme.ContentAddIcon(), func() { f.en.Open(tp.KindMission, "", entered) })))
			return
		}
		l := wrap("No mission is entered yet: enter the mission you will play from its pages in the mission book.")
		l.Importance = widget.WarningImportance
		f.Needs.Add(l)
		f.Needs.Add(widget.NewButtonWithIcon("Enter a mission…", theme.ContentAddIcon(), func() { f.en.Open(tp.KindMission, "", entered) }))
		return
	}
	if f.Mission.Selected == "" {
		return
	}
	for _, n := range missionNeeds(s, f.Mission.Selected, f.difficulty()) {
		n := n
		l := wrap(n.Text)
		l.Importance = widget.WarningImportance
		bt := widget.NewButtonWithIcon("Enter it…", theme.ContentAddIcon(), func() {
			f.en.OpenNew(n.Kind, n.Preset, func(string) { f.refresh(state(f.ctx)); f.goOn() })
		})
		f.Needs.Add(container.NewBorder(nil, nil, nil, bt, l))
	}
}

// goOn opens, once one thing the mission needed is entered, the form of
// the next: what the mission still needs, then a character while the
// party has fewer than two. A group entering its first mission goes from
// form to form without coming back here to tap each; any form can be
// closed, and the lines above offer it again.
func (f *SetupForm) goOn() {
	s := state(f.ctx)
	if id := f.Mission.Selected; id != "" {
		if ns := missionNeeds(s, id, f.difficulty()); len(ns) > 0 {
			n := ns[0]
			f.en.OpenNew(n.Kind, n.Preset, func(string) { f.refresh(state(f.ctx)); f.goOn() })
			return
		}
	}
	if len(s.Characters) < 2 {
		f.en.openCharacterDialog(func(string) { f.refresh(state(f.ctx)); f.goOn() })
		return
	}
	if f.Ready != nil {
		f.Ready()
	}
}

// showParty lays out a row per character; a new mission's rows start
// filled in.
func (f *SetupForm) showParty(s *tp.State) {
	f.Party.Objects = nil
	defer f.Party.Refresh()
	var entries []string
	if m, ok := missionMap(s, f.Mission.Selected); ok {
		for _, sp := range m.Layout().Spaces {
			if sp.EntryPoint {
				entries = append(entries, sp.Label)
			}
		}
	}
	// A new mission lays every row out again; otherwise only a new
	// character's row is filled in, around the others.
	newMission := f.Mission.Selected != f.mission
	classes, colours, taken := map[string]bool{}, map[string]bool{}, map[string]bool{}
	embarked := 0
	if !newMission {
		for name, r := range f.Rows {
			if ch := s.Characters[name]; ch != nil && r.Embark.Checked {
				classes[ch.Class], colours[ch.Colour], taken[r.Entry.Selected] = true, true, true
				embarked++
			}
		}
	}
	for _, name := range sortedKeys(s.Characters) {
		ch := s.Characters[name]
		row := f.Rows[name]
		fresh := newMission
		if row == nil {
			row = &PartyRow{Embark: widget.NewCheck(fmt.Sprintf("%s (%s, %s)", name, ch.Class, ch.Colour), nil), Entry: newPicker(nil, "", "entry point", nil),
				Cards: firstN(ch.Cards, tp.MissionCards), cards: wrap("")}
			name := name
			row.Choose = widget.NewButtonWithIcon("Choose the ten cards…", theme.DocumentCreateIcon(), func() { f.chooseCards(name) })
			row.Items = newChecksFlow(ch.Items, nil, nil)
			row.embark = touchCheck(row.Embark)
			f.Rows[name] = row
			fresh = true
		}
		row.Entry.Options = entries
		if fresh {
			// The first characters of distinct classes and colours, up to
			// four, on the entry points in the map's order.
			take := embarked < 4 && !classes[ch.Class] && !colours[ch.Colour]
			row.Embark.SetChecked(take)
			row.Entry.ClearSelected()
			if take {
				classes[ch.Class], colours[ch.Colour] = true, true
				embarked++
				for _, e := range entries {
					if !taken[e] {
						row.Entry.SetSelected(e)
						taken[e] = true
						break
					}
				}
			}
		}
		row.Entry.Refresh()
		row.Embark.OnChanged = func(bool) { f.showWhy(state(f.ctx)) }
		row.cards.SetText("Cards: " + strings.Join(row.Cards, ", "))
		if len(ch.Cards) <= tp.MissionCards {
			row.Choose.Hide()
		} else {
			row.Choose.Show()
		}
		parts := []fyne.CanvasObject{row.embark, container.NewBorder(nil, nil, widget.NewLabel("Starts on"), nil, row.Entry), row.cards, row.Choose}
		if len(ch.Items) > 0 {
			parts = append(parts, widget.NewLabel("Items taken:"), row.Items.Object())
		}
		f.Party.Add(widgets.NewCard("", "", container.NewVBox(parts...)))
	}
	if len(s.Characters) < 2 {
		what := "No characters yet"
		if len(s.Characters) == 1 {
			what = "Only one character so far"
		}
		l := wrap(what + ": a mission takes 2 to 4, each of another class.")
		l.Importance = widget.WarningImportance
		f.Party.Add(l)
		f.Party.Add(widget.NewButtonWithIcon("Create a character…", theme.ContentAddIcon(), func() {
			f.en.openCharacterDialog(func(string) { f.refresh(state(f.ctx)); f.goOn() })
		}))
	}
}

// showWhy disables Start, saying why beside it, while it cannot work.
func (f *SetupForm) showWhy(s *tp.State) {
	why := ""
	embarked := 0
	for _, r := range f.Rows {
		if r.Embark.Checked {
			embarked++
		}
	}
	switch {
	case s.Mission != nil && s.Mission.Phase != "over":
		why = capitalFirst(tp.MissionName(s.Mission.ID)) + " is being played: record its result first (Play tab)."
	case f.Mission.Selected == "":
		why = "Choose the mission first."
	case len(missionNeeds(s, f.Mission.Selected, f.difficulty())) > 0:
		why = "Enter what the mission needs first (above)."
	case embarked < 2:
		why = "Tick 2 to 4 characters who embark."
	}
	f.Why.SetText(why)
	if why == "" {
		f.Why.Hide()
		f.StartBt.Enable()
	} else {
		f.Why.Show()
		f.StartBt.Disable()
	}
}

// difficulty is the adversaries' difficulty chosen: the training tier for
// a training mission.
func (f *SetupForm) difficulty() int {
	if f.Training.Checked {
		return f.Tier.Value
	}
	return f.Difficulty.Value
}

func firstN(l []string, n int) []string {
	if len(l) > n {
		return l[:n]
	}
	return l
}

// chooseCards picks a character's ten cards for the mission.
func (f *SetupForm) chooseCards(name string) {
	ch := state(f.ctx).Characters[name]
	row := f.Rows[name]
	if ch == nil || row == nil {
		return
	}
	checks := newChecksFlow(ch.Cards, row.Cards, nil)
	count := widget.NewLabel("")
	checks.OnChanged = func(sel []string) { count.SetText(fmt.Sprintf("%d of %d chosen", len(sel), tp.MissionCards)) }
	checks.OnChanged(checks.Selected())
	d := newDialog(f.ctx.Window, name+": the ten cards taken", container.NewVBox(checks.Object(), count), "Cancel", nil)
	addAction(d, "Take these", theme.ConfirmIcon(), func() {
		if n := len(checks.Selected()); n != tp.MissionCards {
			count.SetText(fmt.Sprintf("%d chosen: take exactly %d", n, tp.MissionCards))
			count.Importance = widget.DangerImportance
			count.Refresh()
			return
		}
		row.Cards = checks.Selected()
		d.Hide()
		f.refresh(state(f.ctx))
	})
	d.Show()
}

// Command is the StartMission the form describes.
func (f *SetupForm) Command() tp.StartMission {
	s := state(f.ctx)
	c := tp.StartMission{Mission: f.Mission.Selected, Training: f.Training.Checked}
	if mi, ok := s.Content.Missions[c.Mission]; ok && f.Difficulty.Value != mi.Difficulty {
		c.AdversaryDifficulty = f.Difficulty.Value
	}
	if c.Training {
		c.TrainingTier = f.Tier.Value
		c.AdversaryDifficulty = 0
	}
	for _, name := range sortedKeys(f.Rows) {
		r := f.Rows[name]
		if !r.Embark.Checked {
			continue
		}
		c.Party = append(c.Party, tp.Embark{Character: name, EntryPoint: r.Entry.Selected, Cards: slices.Clone(r.Cards), Items: r.Items.Selected()})
	}
	return c
}

func (f *SetupForm) start() { f.ctx.DoFrom(f.StartBt, f.Command()) }
