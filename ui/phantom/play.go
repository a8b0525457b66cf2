package phantom

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	ap "tablekeeper/automa/phantom"
	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// conditionNames are the twelve conditions of §4.
var conditionNames = []string{"Barrier", "Invisible", "Resilient", "Vengeful", "Bleeding", "Blinded", "Burning", "Frozen", "Knocked Down", "Stunned", "Vulnerable", "Weakened"}

// A PlayScreen is the mission at the table: the round and its step, the
// Decision die shown all round, the map with every figure, and a card for
// each figure with its HP, conditions and (for characters) cards,
// bandages and nova cells. The Next step button (or Space) does the round's next step.
type PlayScreen struct {
	ctx *shell.Context

	Map    *MapView
	Die    *widgets.DrawResult
	Round  *widget.Label
	Step   *widget.Label
	NextBt *widget.Button
	// Decision is the adversary's decision waiting to be confirmed, as the
	// Play tab shows it (nil when none).
	Decision *widget.Card
	Figures  *fyne.Container
	Space    *widget.Label
	spaceBox *fyne.Container
	faceCol  *widget.Select
	facePri  *widget.Select
	faceSec  *widget.Select
	selected string // space label tapped
	dieRound int
	result   *fyne.Container
	ending   *fyne.Container
	// EventEarly and EventLate are the event decks' runs of card numbers
	// at setup; EventDrawn the card drawn at the table (for tests).
	EventEarly, EventLate [2]*Num
	EventDrawn            *widget.Select
	// MoveBt moves along the path tapped (while one is being tapped).
	MoveBt *widget.Button
	// FailBt and SucceedBt end the mission (held to confirm); SucceedBt
	// is nil until a round ends.
	FailBt, SucceedBt *widgets.HoldButton
	roundBox          *fyne.Container
	faceBox           *fyne.Container
	swatch            *canvas.Rectangle
	// entered shows a face entered from the table (no seed draw).
	entered     *fyne.Container
	enteredFace *canvas.Text
	enteredNote *widget.Label
	scroll      *container.Scroll
	focus       []string // the spaces to show once the map is laid out
	focused     string   // the turn last scrolled to
	// acting keeps the players' choice of acting figure per figure card,
	// while the same figure's turn goes on (§4 Invisible).
	acting map[string]string
	// practice labels a game on the practice content.
	practice *widget.Label
	// DieLine is the Decision die in one line, shown instead of the big
	// die when the side panel is under the map; lineSwatch its colour.
	DieLine    *widget.Label
	lineSwatch *canvas.Rectangle
	dieBox     *fyne.Container // the big die
	dieCompact *fyne.Container // the die in one line
	narrow     bool
	// Key says what the map's placement marks (⚑) mean; hidden when the
	// map has none.
	Key *widget.Label
	// MapBt switches between the map and the controls on a portrait
	// tablet (hidden beside the map); split lays them out, controls is
	// the controls' scroll.
	MapBt    *widget.Button
	split    *mapSplit
	controls *container.Scroll
	// moveBar is the move being tapped out, over the map, in zoomRow's
	// place.
	moveBar, zoomRow *fyne.Container
	// turnCards are the cards a character had selected when its turn
	// began, by round and name: a card played stays in its row, marked
	// played, so the buttons under it do not move up under the finger.
	turnCards map[string][]string
	// Setup sets the next mission up, right here, while none is being
	// played (the group starts where it plays); setupBox holds it.
	Setup    *SetupForm
	setupBox *fyne.Container
	// rolls are the rolls entered at the table for a decision that
	// stopped for one.
	rolls *rollsEntry
	// step is the mission's step last shown (stepKey).
	step string
	// AgainBt works a decision stopped for a roll out again, with the
	// rolls entered (nil when none waits).
	AgainBt *widget.Button
	// tieOrder is the players' order for characters tied on initiative.
	tieOrder []string
	// placeType and placeSpace are the place form's pickers.
	placeType, placeSpace *widget.Select
	// moving is the figure whose move is being tapped out on the map, and
	// path the spaces tapped so far.
	moving string
	path   []string
	// restDrop keeps the players' pick of detrimental conditions a
	// resting character drops when its rest turn starts (§6.3 item 2),
	// by character and round.
	restDrop map[string][]string

	obj fyne.CanvasObject
}

// tableActor is the acting-figure choice for no figure: an event, a
// hazard, a correction by hand (§4 Invisible leaves these allowed).
const tableActor = "the table (event, hazard, by hand)"

// actingBy is the acting figure for changes made on name's card: the
// players' choice while the same turn goes on, else the figure whose turn
// it is, else the table. "" is the table.
func (p *PlayScreen) actingBy(m *tp.Mission, name string) string {
	if by, ok := p.acting[m.Current+"\x00"+name]; ok {
		return by
	}
	return defaultActing(m)
}

// defaultActing is the acting figure before the players choose another:
// the figure whose turn it is, else the table ("").
func defaultActing(m *tp.Mission) string {
	if f := figure(m, m.Current); f != nil && !f.Defeated {
		return m.Current
	}
	return ""
}

// actingSelect picks which figure acts on name (§4 Invisible: no other
// figure's action affects an Invisible one).
func (p *PlayScreen) actingSelect(m *tp.Mission, name string) *widget.Select {
	opts := []string{tableActor}
	for _, f := range m.Figures {
		if !f.Defeated && f.Position != "" {
			opts = append(opts, f.Name)
		}
	}
	sel := widget.NewSelect(opts, nil)
	sel.SetSelected(orDefault(p.actingBy(m, name), tableActor))
	key := m.Current + "\x00" + name
	sel.OnChanged = func(v string) {
		if p.acting == nil {
			p.acting = map[string]string{}
		}
		if v == tableActor {
			v = ""
		}
		p.acting[key] = v
	}
	return sel
}

// NewPlayScreen builds the screen and keeps it up to date.
func NewPlayScreen(ctx *shell.Context) *PlayScreen {
	p := &PlayScreen{ctx: ctx, Map: NewMapView(), Die: widgets.NewDrawResult("Decision die")}
	p.Round = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.Step = widget.NewLabel("")
	p.Step.Wrapping = fyne.TextWrapWord
	p.NextBt = widget.NewButton("Next step", func() { p.Next() })
	p.NextBt.Importance = widget.HighImportance
	p.Figures = container.NewVBox()
	p.Space = widget.NewLabel("Tap a space on the map to change its object, door, hazard or tokens.")
	p.Space.Wrapping = fyne.TextWrapWord
	p.spaceBox = container.NewVBox()
	p.result = container.NewVBox()
	p.ending = container.NewVBox()
	p.roundBox = container.NewVBox()
	cols := make([]string, len(ap.Colours))
	for i, c := range ap.Colours {
		cols[i] = string(c)
	}
	dirs := []string{"N", "E", "S", "W"}
	p.faceCol = widget.NewSelect(cols, nil)
	p.facePri = widget.NewSelect(dirs, nil)
	p.faceSec = widget.NewSelect(dirs, nil)
	p.faceCol.PlaceHolder, p.facePri.PlaceHolder, p.faceSec.PlaceHolder = "colour", "large letter", "small letter"
	p.Map.OnTapSpace = func(_ hex.Coord, label string) {
		if p.moving != "" {
			p.stepTo(label)
			return
		}
		p.selected = label
		p.showSpace()
	}
	zoomIn := widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { p.Map.Zoom(1.25) })
	zoomOut := widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { p.Map.Zoom(0.8) })
	p.scroll = container.NewScroll(p.Map)
	fit := widget.NewButtonWithIcon("Whole map", theme.ViewFullScreenIcon(), func() { p.Map.FitTo(p.scroll.Size()) })
	p.practice = widget.NewLabel(PracticeLabel)
	p.practice.Importance = widget.WarningImportance
	p.practice.Wrapping = fyne.TextWrapWord
	p.practice.Hide()
	// The face rolled at the table: Next step begins the round with it
	// (one button for the round's steps, not a second one beside it).
	faceNote := wrap("Rolled at the table? Choose its face, then Next step. Leave it for the app to roll.")
	faceNote.Importance = widget.LowImportance
	p.faceBox = container.NewVBox(bold("Decision die: the face rolled"), widgets.NewFlow(p.faceCol, p.facePri, p.faceSec), faceNote)
	p.swatch = canvas.NewRectangle(color.Transparent)
	p.swatch.CornerRadius = 8
	p.swatch.SetMinSize(fyne.NewSize(48, 18))
	p.enteredFace = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	p.enteredFace.Alignment = fyne.TextAlignCenter
	p.enteredFace.TextStyle.Bold = true
	p.enteredNote = widgets.Aside(widget.NewLabelWithStyle("face entered as rolled at the table", fyne.TextAlignCenter, fyne.TextStyle{}))
	p.entered = container.NewVBox(
		widget.NewLabelWithStyle("Decision die", fyne.TextAlignCenter, fyne.TextStyle{Bold: true}),
		p.enteredFace,
		p.enteredNote)
	p.entered.Hide()
	die := container.NewVBox(p.Die, p.entered, p.swatch)
	p.dieBox = die
	// The die in one line, in the header, where it shows all round
	// whatever the controls are scrolled to; beside the map (a landscape
	// tablet) it is also shown large, to be read across the table.
	p.DieLine = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.lineSwatch = canvas.NewRectangle(color.Transparent)
	p.lineSwatch.CornerRadius = 6
	p.lineSwatch.SetMinSize(fyne.NewSize(28, 28))
	compact := container.NewBorder(nil, nil, container.NewCenter(p.lineSwatch), nil, wrapped(p.DieLine))
	p.dieCompact = compact
	p.Key = widget.NewLabel("")
	p.Key.Wrapping = fyne.TextWrapWord
	p.Key.Importance = widget.LowImportance
	p.Key.Hide()
	// The header: where the mission stands and the die, and at its right
	// end the map's switch (on a portrait tablet) and Next step, where
	// they stay whatever the words beside them say.
	p.MapBt = widget.NewButtonWithIcon("Map", theme.VisibilityIcon(), p.switchMap)
	p.MapBt.Hide()
	top := container.NewVBox(container.NewBorder(nil, nil, nil,
		container.NewVBox(container.NewHBox(widgets.Touch(p.MapBt), widgets.Touch(p.NextBt))),
		wrapped(p.Round)), compact)
	// Over the controls beside the map (a landscape tablet: the map then
	// has the tab's whole height), over both when the controls are under
	// the map or alone (a portrait one).
	overSide, overBoth := container.NewVBox(top), container.NewVBox()
	overBoth.Hide()
	// The move being tapped out has its buttons over the map it is tapped
	// on, in the zoom buttons' row: the map never moves when they come.
	p.moveBar = container.NewHBox()
	p.moveBar.Hide()
	p.zoomRow = container.NewHBox(widgets.Touch(zoomOut), widgets.Touch(zoomIn), fit)
	mapTools := container.New(reserveLayout{}, p.zoomRow, p.moveBar)
	mapPanel := container.NewBorder(mapTools, nil, nil, nil,
		widgets.AtLeast(fyne.NewSize(mapLeast, 0), afterLayout(p.scroll, func() {
			p.Map.AutoFit(p.scroll.Size())
			if len(p.focus) > 0 {
				p.Map.FocusOn(p.scroll, p.focus...)
			}
		})))
	// The controls a step needs first: what Next does, the decision
	// waiting (its Confirm, or the roll it stopped for), the round's
	// forms; then the die, the figures and the rest.
	p.Setup = newSetupForm(ctx, NewEntry(ctx))
	p.Setup.Ready = func() {
		p.controls.Refresh()
		scrollIntoView(p.controls, p.Setup.StartBt)
	}
	p.setupBox = container.NewVBox(p.Setup.obj)
	p.setupBox.Hide()
	p.controls = container.NewVScroll(container.NewVBox(
		wrapped(p.Step), p.setupBox, p.faceBox, p.roundBox, p.practice, die, p.result, p.Key,
		widget.NewLabelWithStyle("Figures", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		p.Figures,
		widget.NewSeparator(),
		p.Space, p.spaceBox,
		widget.NewSeparator(),
		p.placeForm(),
		widget.NewSeparator(),
		p.ending,
	))
	want := func(width float32) float32 {
		return mapTools.MinSize().Height + theme.Padding() + p.Map.HeightAcross(width)
	}
	wantWidth := func(height float32) float32 {
		return p.Map.WidthDown(height-mapTools.MinSize().Height-theme.Padding()) + theme.ScrollBarSize()
	}
	side := container.NewBorder(overSide, nil, nil, nil, p.controls)
	p.split = newMapSplit(ctx.Window, mapPanel, side, want, wantWidth, func(mode splitMode) {
		p.narrow = mode != splitWide
		over, other := overBoth, overSide
		if p.narrow {
			die.Hide()
		} else {
			die.Show()
			over, other = overSide, overBoth
		}
		placeHeading(top, over, other, p.obj)
		p.showMapBt()
	})
	p.obj = container.NewBorder(overBoth, nil, nil, nil, p.split.Container)
	ctx.OnChange(func(tracker.Event) { p.Refresh() })
	p.Refresh()
	return p
}

// Object is the screen.
func (p *PlayScreen) Object() fyne.CanvasObject { return p.obj }

// switchMap shows the map or the controls on a narrow tab: with room
// for both, it hides or shows the map; without, it shows one or the other.
func (p *PlayScreen) switchMap() {
	switch p.split.Mode() {
	case splitBoth:
		p.split.Want(wantPanel)
	case splitPanel:
		if p.split.RoomForBoth() {
			p.split.Want(wantBoth)
		} else {
			p.split.Want(wantMap)
		}
	case splitMap:
		p.split.Want(wantPanel)
	}
}

// showMapBt says what the map's switch does now (hidden beside the map).
func (p *PlayScreen) showMapBt() {
	switch p.split.Mode() {
	case splitWide:
		p.MapBt.Hide()
		return
	case splitBoth:
		p.MapBt.SetText("Hide map")
		p.MapBt.SetIcon(theme.VisibilityOffIcon())
	case splitPanel:
		if p.split.l.noMap {
			p.MapBt.Hide()
			return
		}
		p.MapBt.SetText("Map")
		p.MapBt.SetIcon(theme.VisibilityIcon())
	case splitMap:
		p.MapBt.SetText("Turn")
		p.MapBt.SetIcon(theme.ListIcon())
	}
	p.MapBt.Show()
	if p.obj != nil {
		p.obj.Refresh() // the switch's words changed its width
	}
}

// NextStep says what Next will do now, and the command it runs (nil when
// the players have to act first).
func NextStep(s *tp.State) (string, tracker.Command) {
	m := s.Mission
	if m == nil {
		return "No mission is being played: set one up below.", nil
	}
	switch m.Phase {
	case "setup", "end":
		if m.Phase == "end" {
			return "The round is over: if the objectives are met, record the result (Mission succeeded, above the figures); otherwise Next step begins the next round and rolls the Decision die (or choose the face rolled at the table, below).", tp.BeginRound{}
		}
		if len(s.Content.DecisionDie) == 0 {
			return "Begin round 1: choose the Decision die's face rolled at the table (below), then Next step.", tp.BeginRound{}
		}
		return "Begin round 1: Next step rolls the Decision die (or choose the face rolled at the table, below).", tp.BeginRound{}
	case "select":
		if eventDue(s) {
			return "Next step draws this round's event card (or enter the card drawn at the table below).", tp.DrawEvent{}
		}
		if allChosen(m) && !charactersTie(s) {
			return "Every character has chosen. Next step draws the adversary cards and works out the turn order.", tp.DrawAdversaryCards{}
		}
		return "Each character selects cards or rests (above). Next step draws the adversary cards.", tp.DrawAdversaryCards{}
	case "draw":
		return "Adversary cards drawn. Next step works out the turn order.", tp.DetermineInitiative{}
	case "turns":
		if p := m.Pending; p != nil && p.Turn.Ask != nil {
			return p.Adversary + "'s decision waits for the order of the conditions: choose it on the Enemy tab.", nil
		}
		if p := m.Pending; p != nil && p.Turn.Stopped != "" {
			return "Next step waits for the roll below.", nil
		}
		if m.Pending != nil && m.Pending.Reaction {
			return m.Pending.Adversary + "'s reaction to " + m.Current + "'s attack is worked out: confirm it below (the Enemy tab says why, and overrides it); then " + m.Current + "'s turn goes on.", nil
		}
		if m.Pending != nil {
			return m.Pending.Adversary + "'s turn is worked out: confirm it below (the Enemy tab says why, and overrides it).", nil
		}
		if m.Current != "" {
			if f := figure(m, m.Current); f != nil && f.Side == "character" {
				return m.Current + " is playing: play cards below; Next step ends the turn.", tp.EndTurn{Character: m.Current}
			}
			return m.Current + " is acting.", nil
		}
		n := nextFigure(m)
		f := figure(m, n)
		switch {
		case f == nil:
			return "Every figure has acted: Next step ends the round.", tp.EndRound{}
		case f.Side == "character" && f.Resting && len(detrimentalHeld(f)) > 0:
			return "Next: " + n + "'s rest turn starts: pick on " + n + "'s card the detrimental conditions to drop.", tp.StartTurn{Character: n}
		case f.Side == "character":
			return "Next: " + n + "'s turn starts.", tp.StartTurn{Character: n}
		default:
			return "Next: " + n + "'s turn — Next step works it out.", tp.ResolveAdversaryTurn{Adversary: n}
		}
	case "over":
		return "Mission over: " + m.Result + ".", nil
	}
	return "", nil
}

// Next does the round's next step; it reports whether there was one. A
// rest turn starts with the players' pick of conditions to drop.
func (p *PlayScreen) Next() bool {
	s := state(p.ctx)
	_, cmd := NextStep(s)
	if cmd == nil {
		return false
	}
	if st, ok := cmd.(tp.StartTurn); ok {
		cmd = p.restStart(s, st.Character)
	}
	if _, ok := cmd.(tp.DrawAdversaryCards); ok && !charactersTie(s) {
		// No characters tie on initiative, so the players have no order
		// to give: the turn order is worked out with the draw, one step
		// for the table (§11.1 steps 4 to 6).
		if _, ok := p.ctx.DoFrom(p.NextBt, cmd); ok {
			p.ctx.DoFrom(p.NextBt, tp.DetermineInitiative{})
		}
		return true
	}
	if _, ok := cmd.(tp.BeginRound); ok {
		// The face rolled at the table, when entered, begins the round;
		// else the app rolls, if it has the die's faces.
		face, why := p.faceEntered(s)
		if why != "" {
			p.ctx.Refuse(p.NextBt, why)
			return true
		}
		cmd = tp.BeginRound{Face: face}
	}
	p.ctx.DoFrom(p.NextBt, cmd)
	return true
}

// stepKey names the mission's step: which mission, round and phase.
func stepKey(m *tp.Mission) string {
	if m == nil {
		return ""
	}
	return fmt.Sprintf("%s\x00%d\x00%s", m.ID, m.Round, m.Phase)
}

// allChosen says whether every character on the map has selected its
// cards or rests this round.
func allChosen(m *tp.Mission) bool {
	for _, f := range m.Figures {
		if f.Side == "character" && !f.Defeated && f.Position != "" && !f.Resting && len(f.Selected) == 0 {
			return false
		}
	}
	return true
}

// charactersTie says whether two characters have the same initiative
// this round: their players then give the order on the Turn order card.
func charactersTie(s *tp.State) bool {
	seen := map[int]bool{}
	for _, n := range s.CharacterInitiatives() {
		if seen[n] {
			return true
		}
		seen[n] = true
	}
	return false
}

// faceEntered is the Decision die's face entered as rolled at the table
// (nil: none, the app rolls), or why the round cannot begin with it.
func (p *PlayScreen) faceEntered(s *tp.State) (*ap.Face, string) {
	picked := 0
	for _, sel := range []*widget.Select{p.faceCol, p.facePri, p.faceSec} {
		if sel.Selected != "" {
			picked++
		}
	}
	switch {
	case picked == 3:
		return &ap.Face{Colour: ap.Colour(p.faceCol.Selected), Primary: ap.Dir(p.facePri.Selected), Secondary: ap.Dir(p.faceSec.Selected)}, ""
	case picked > 0:
		return nil, "Choose the face's colour, its large letter and its small letter (below), or none of them for the app to roll."
	case len(s.Content.DecisionDie) == 0:
		return nil, "Choose the face rolled at the table (below): the app has no Decision die faces to roll (they are entered on the Campaign tab, Content)."
	}
	return nil, ""
}

// beginWithFace begins the round with the face entered (Next does).
func (p *PlayScreen) beginWithFace() { p.Next() }

// Refresh re-reads the campaign.
func (p *PlayScreen) Refresh() {
	s := state(p.ctx)
	m := s.Mission
	l, err := liveLayout(m)
	if err != nil {
		p.Step.SetText("The mission's map cannot be read: " + err.Error())
		return
	}
	p.Map.SetLayout(l)
	if key := placementKey(l); key != "" {
		p.Key.SetText(key)
		p.Key.Show()
	} else {
		p.Key.Hide()
	}
	if s.Content.Practice {
		p.practice.Show()
	} else {
		p.practice.Hide()
	}
	figs := marks(m)
	p.Map.SetMarks(figs)
	if m != nil && m.Pending != nil {
		o := TurnOverlay(m.Pending.Turn, figs)
		p.Map.SetOverlay(o)
		if key := m.Pending.Adversary + "@" + m.Pending.Turn.End; key != p.focused {
			p.focused = key
			// The actor, where it ends and its target show together.
			p.focus = []string{m.Pending.Turn.Start, o.End, o.Target}
			p.Map.FocusOn(p.scroll, p.focus...)
		}
	} else {
		p.focus = nil
		p.Map.Focus()
		o := Overlay{Selected: p.selected}
		if f := figure(m, p.moving); f != nil && len(p.path) > 0 {
			o.Selected, o.Path = "", append([]string{f.Position}, p.path...)
		}
		p.Map.SetOverlay(o)
	}
	text, cmd := NextStep(s)
	if w := p.moveWords(); w != "" {
		text = w
	}
	p.Step.SetText(text)
	if cmd == nil {
		p.NextBt.Disable()
	} else {
		p.NextBt.Enable()
	}
	switch {
	case m == nil:
		p.Round.SetText("Between missions")
	case m.Round == 0:
		// The mission's name is the frame's header's.
		p.Round.SetText(fmt.Sprintf("Setting up · difficulty %d", m.Difficulty))
	default:
		p.Round.SetText(fmt.Sprintf("Round %d · %s", m.Round, phaseWords(m.Phase)))
	}
	p.showDie(m)
	if m != nil && (m.Phase == "setup" || m.Phase == "end") {
		p.faceBox.Show()
	} else {
		p.faceBox.Hide()
		// The next round's face is rolled anew.
		for _, sel := range []*widget.Select{p.faceCol, p.facePri, p.faceSec} {
			if sel.Selected != "" {
				sel.ClearSelected()
			}
		}
	}
	// A new step (a mission begun, a round, a phase) starts with the
	// controls at their top, where the step's own are.
	if key := stepKey(m); key != p.step {
		p.step = key
		p.controls.ScrollToTop()
	}
	if m == nil || m.Phase == "over" {
		p.Setup.refresh(s)
		p.setupBox.Show()
	} else {
		p.setupBox.Hide()
	}
	// No mission, no map: the controls take the tab.
	p.split.NoMap(m == nil)
	p.showFigures(s)
	p.showMoveBar()
	p.showRoundForms(s)
	p.refreshPlaceForm(s)
	p.showSpace()
	p.showResult(s)
}

// roundWords say where the mission stands: its round and the round's
// phase.
func roundWords(m *tp.Mission) string {
	switch {
	case m == nil:
		return "Between missions"
	case m.Round == 0:
		return fmt.Sprintf("%s · setup · difficulty %d", m.ID, m.Difficulty)
	}
	return fmt.Sprintf("%s · Round %d · %s", m.ID, m.Round, phaseWords(m.Phase))
}

// showDie shows the round's Decision die face and the seed draw it came
// from (when the app rolled it).
func (p *PlayScreen) showDie(m *tp.Mission) {
	// No mission, no die to speak of.
	if m == nil {
		p.dieCompact.Hide()
	} else {
		p.dieCompact.Show()
	}
	if m == nil || m.Face == nil {
		p.swatch.FillColor = color.Transparent
		p.swatch.Refresh()
		p.setDieLine("Decision die: not rolled yet this round", color.Transparent)
		p.entered.Hide()
		p.Die.Show()
		p.Die.Clear()
		p.dieRound = 0
		return
	}
	shown := fmt.Sprintf("%s %s/%s", m.Face.Colour, m.Face.Primary, m.Face.Secondary)
	if p.dieRound == m.Round && p.Die.Shown() == shown {
		return
	}
	p.dieRound = m.Round
	p.swatch.FillColor = ColourOf(string(m.Face.Colour))
	p.swatch.Refresh()
	var draw *tracker.Draw
	_ = p.ctx.Session.Events(1, func(e tracker.Event) error {
		if e.Kind == "phantom-epoch.begin-round" && p.ctx.Session.InEffect(e.Seq) {
			draw = nil
			if len(e.Draws) > 0 {
				d := e.Draws[len(e.Draws)-1]
				draw = &d
			}
		}
		return nil
	})
	if draw != nil {
		p.Die.SetDraw(shown, *draw)
		p.setDieLine("Decision die: "+shown+" · "+p.Die.Source(), p.swatch.FillColor)
		p.Die.Show()
		p.entered.Hide()
		return
	}
	// A face rolled at the table and entered: no seed draw to name.
	p.Die.Hide()
	p.setDieLine("Decision die: "+shown+" · rolled at the table", p.swatch.FillColor)
	p.enteredFace.Text = shown
	p.enteredFace.TextSize = theme.TextSize() * 3
	p.enteredFace.Color = theme.Color(theme.ColorNameForeground)
	p.enteredFace.Refresh()
	p.entered.Show()
}

// setDieLine shows the die in one line, with its colour.
func (p *PlayScreen) setDieLine(text string, c color.Color) {
	p.DieLine.SetText(text)
	p.lineSwatch.FillColor = c
	p.lineSwatch.Refresh()
}

func (p *PlayScreen) showFigures(s *tp.State) {
	p.Figures.Objects = nil
	m := s.Mission
	if m == nil {
		p.Figures.Refresh()
		return
	}
	for _, f := range m.Figures {
		p.Figures.Add(p.figureCard(s, m, f))
	}
	p.Figures.Refresh()
}
