package phantom

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
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
// bandages and nova cells. Next (Space) does the round's next step.
type PlayScreen struct {
	ctx *shell.Context

	Map      *MapView
	Die      *widgets.DrawResult
	Round    *widget.Label
	Step     *widget.Label
	NextBt   *widget.Button
	Figures  *fyne.Container
	Space    *widget.Label
	spaceBox *fyne.Container
	faceCol  *widget.Select
	facePri  *widget.Select
	faceSec  *widget.Select
	selected string // space label tapped
	dieRound int
	result   *fyne.Container
	roundBox *fyne.Container
	faceBox  *fyne.Container
	swatch   *canvas.Rectangle
	// entered shows a face entered from the table (no seed draw).
	entered     *fyne.Container
	enteredFace *canvas.Text
	scroll      *container.Scroll
	focus       string // a space to scroll to once the map is laid out
	focused     string // the turn last scrolled to
	// acting keeps the players' choice of acting figure per figure card,
	// while the same figure's turn goes on (§4 Invisible).
	acting map[string]string
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
	p.NextBt = widget.NewButton("Next step (Space)", func() { p.Next() })
	p.NextBt.Importance = widget.HighImportance
	p.Figures = container.NewVBox()
	p.Space = widget.NewLabel("Tap a space on the map to change its object, door, hazard or tokens.")
	p.Space.Wrapping = fyne.TextWrapWord
	p.spaceBox = container.NewVBox()
	p.result = container.NewVBox()
	p.roundBox = container.NewVBox()
	cols := make([]string, len(ap.Colours))
	for i, c := range ap.Colours {
		cols[i] = string(c)
	}
	dirs := []string{"N", "E", "S", "W"}
	p.faceCol = widget.NewSelect(cols, nil)
	p.facePri = widget.NewSelect(dirs, nil)
	p.faceSec = widget.NewSelect(dirs, nil)
	faceBt := widget.NewButton("Begin the round with this face", p.beginWithFace)
	p.Map.OnTapSpace = func(_ hex.Coord, label string) {
		p.selected = label
		p.showSpace()
	}
	zoomIn := widget.NewButton("Zoom +", func() { p.Map.Zoom(1.25) })
	zoomOut := widget.NewButton("Zoom −", func() { p.Map.Zoom(0.8) })
	p.scroll = container.NewScroll(p.Map)
	fit := widget.NewButton("Whole map", func() { p.Map.FitTo(p.scroll.Size()) })
	// The round and step above the buttons: side by side they were wider
	// than a portrait tablet at a large text size.
	top := container.NewVBox(container.NewVBox(p.Round, p.Step),
		container.NewHBox(zoomOut, zoomIn, fit, widgets.Touch(p.NextBt)))
	faceForm := widget.NewForm(widget.NewFormItem("Face rolled", container.NewGridWithColumns(3, p.faceCol, p.facePri, p.faceSec)))
	p.faceBox = container.NewVBox(faceForm, faceBt)
	p.swatch = canvas.NewRectangle(color.Transparent)
	p.swatch.CornerRadius = 8
	p.swatch.SetMinSize(fyne.NewSize(48, 18))
	p.enteredFace = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	p.enteredFace.Alignment = fyne.TextAlignCenter
	p.enteredFace.TextStyle.Bold = true
	p.entered = container.NewVBox(
		widget.NewLabelWithStyle("Decision die", fyne.TextAlignCenter, fyne.TextStyle{Bold: true}),
		p.enteredFace,
		widget.NewLabelWithStyle("face entered as rolled at the table", fyne.TextAlignCenter, fyne.TextStyle{Italic: true}))
	p.entered.Hide()
	die := container.NewVBox(p.Die, p.entered, p.swatch)
	side := container.NewVScroll(container.NewVBox(
		die, p.faceBox, p.roundBox, p.result,
		widget.NewLabelWithStyle("Figures", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		p.Figures,
		widget.NewSeparator(),
		p.Space, p.spaceBox,
		widget.NewSeparator(),
		p.placeForm(),
	))
	p.obj = container.NewBorder(top, nil, nil, nil, newAdaptive(0.6, p.scroll, side, func() {
		if p.focus != "" {
			p.Map.FocusOn(p.scroll, p.focus)
		}
	}))
	ctx.OnChange(func(tracker.Event) { p.Refresh() })
	p.Refresh()
	return p
}

// Object is the screen.
func (p *PlayScreen) Object() fyne.CanvasObject { return p.obj }

// NextStep says what Next will do now, and the command it runs (nil when
// the players have to act first).
func NextStep(s *tp.State) (string, tracker.Command) {
	m := s.Mission
	if m == nil {
		return "No mission: start one on the Campaign tab (Missions).", nil
	}
	switch m.Phase {
	case "setup", "end":
		if m.Phase == "end" {
			return "The round is over: if the objectives are met, record the result (Mission succeeded, above the figures); otherwise Next begins the next round and rolls the Decision die.", tp.BeginRound{}
		}
		return "Begin round 1: Next rolls the Decision die (or enter the face rolled at the table).", tp.BeginRound{}
	case "select":
		if eventDue(s) {
			return "Next draws this round's event card (or enter the card drawn at the table below).", tp.DrawEvent{}
		}
		return "Each character selects cards or rests (cards under each character). Next draws the adversary cards.", tp.DrawAdversaryCards{}
	case "draw":
		return "Adversary cards drawn. Next works out the turn order.", tp.DetermineInitiative{}
	case "turns":
		if m.Pending != nil && m.Pending.Reaction {
			return m.Pending.Adversary + "'s reaction to " + m.Current + "'s attack is worked out: confirm or override it on the Enemy tab; then " + m.Current + "'s turn goes on.", nil
		}
		if m.Pending != nil {
			return m.Pending.Adversary + "'s turn is worked out: confirm or override it on the Enemy tab.", nil
		}
		if m.Current != "" {
			if f := figure(m, m.Current); f != nil && f.Side == "character" {
				return m.Current + " is playing: play cards below; Next ends the turn.", tp.EndTurn{Character: m.Current}
			}
			return m.Current + " is acting.", nil
		}
		n := nextFigure(m)
		f := figure(m, n)
		switch {
		case f == nil:
			return "Every figure has acted: Next ends the round.", tp.EndRound{}
		case f.Side == "character" && f.Resting && len(detrimentalHeld(f)) > 0:
			return "Next: " + n + "'s rest turn starts: pick on " + n + "'s card the detrimental conditions to drop.", tp.StartTurn{Character: n}
		case f.Side == "character":
			return "Next: " + n + "'s turn starts.", tp.StartTurn{Character: n}
		default:
			return "Next: " + n + "'s turn — Next (or R) resolves it.", tp.ResolveAdversaryTurn{Adversary: n}
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
	p.ctx.Do(cmd)
	return true
}

// detrimentalHeld are f's detrimental conditions (§4).
func detrimentalHeld(f *tp.Figure) []string {
	var out []string
	for _, c := range f.CondList() {
		if cond, err := ap.ParseCond(c); err == nil && cond.Detrimental() {
			out = append(out, c)
		}
	}
	return out
}

func restKey(m *tp.Mission, name string) string { return fmt.Sprintf("%d\x00%s", m.Round, name) }

// restDropped is the pick of conditions name drops at the start of its
// rest turn: the players' choice, else every one when the setting drops
// them all and none when the players pick (§6.3 item 2).
func (p *PlayScreen) restDropped(s *tp.State, f *tp.Figure) []string {
	held := detrimentalHeld(f)
	pick, ok := p.restDrop[restKey(s.Mission, f.Name)]
	if !ok {
		if s.Settings.RestRemovesAllDetrimental {
			return held
		}
		return nil
	}
	return slices.DeleteFunc(slices.Clone(pick), func(c string) bool { return !slices.Contains(held, c) })
}

// restStart is the StartTurn for name: on a rest turn with the pick of
// detrimental conditions to drop, as Keep (the setting drops all) or Drop
// (the players pick).
func (p *PlayScreen) restStart(s *tp.State, name string) tp.StartTurn {
	c := tp.StartTurn{Character: name}
	f := figure(s.Mission, name)
	if f == nil || !f.Resting {
		return c
	}
	drop := p.restDropped(s, f)
	if !s.Settings.RestRemovesAllDetrimental {
		c.Drop = drop
		return c
	}
	for _, h := range detrimentalHeld(f) {
		if !slices.Contains(drop, h) {
			c.Keep = append(c.Keep, h)
		}
	}
	return c
}

// restPick offers, on a resting character's card before its rest turn,
// the detrimental conditions to drop at its start (§4, §6.3 item 2).
func (p *PlayScreen) restPick(s *tp.State, m *tp.Mission, f *tp.Figure) fyne.CanvasObject {
	held := detrimentalHeld(f)
	if !f.Resting || m.Phase != "turns" || m.Current == f.Name || slices.Contains(m.Acted, f.Name) || len(held) == 0 {
		return nil
	}
	key := restKey(m, f.Name)
	g := widget.NewCheckGroup(held, nil)
	g.Horizontal = true
	g.SetSelected(p.restDropped(s, f))
	g.OnChanged = func(v []string) {
		if p.restDrop == nil {
			p.restDrop = map[string][]string{}
		}
		p.restDrop[key] = slices.Clone(v)
	}
	return container.NewVBox(wrap("At the start of the rest turn, drop (§6.3):"), g)
}

func (p *PlayScreen) beginWithFace() {
	if p.faceCol.Selected == "" || p.facePri.Selected == "" || p.faceSec.Selected == "" {
		p.ctx.Message("choose the face's colour, its large (primary) letter and its small (secondary) letter", true)
		return
	}
	f := ap.Face{Colour: ap.Colour(p.faceCol.Selected), Primary: ap.Dir(p.facePri.Selected), Secondary: ap.Dir(p.faceSec.Selected)}
	p.ctx.Do(tp.BeginRound{Face: &f})
}

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
	figs := marks(m)
	p.Map.SetMarks(figs)
	if m != nil && m.Pending != nil {
		o := TurnOverlay(m.Pending.Turn, figs)
		p.Map.SetOverlay(o)
		if key := m.Pending.Adversary + "@" + m.Pending.Turn.End; key != p.focused {
			p.focused = key
			p.focus = orDefault(o.End, m.Pending.Turn.Start)
			p.Map.FocusOn(p.scroll, p.focus)
		}
	} else {
		p.Map.SetOverlay(Overlay{Selected: p.selected})
	}
	text, cmd := NextStep(s)
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
		p.Round.SetText(fmt.Sprintf("%s · setup · difficulty %d", m.ID, m.Difficulty))
	default:
		p.Round.SetText(fmt.Sprintf("%s · Round %d · %s", m.ID, m.Round, phaseWords(m.Phase)))
	}
	p.showDie(m)
	if m != nil && (m.Phase == "setup" || m.Phase == "end") {
		p.faceBox.Show()
	} else {
		p.faceBox.Hide()
	}
	p.showFigures(s)
	p.showRoundForms(s)
	p.showSpace()
	p.showResult(s)
}

// showDie shows the round's Decision die face and the seed draw it came
// from (when the app rolled it).
func (p *PlayScreen) showDie(m *tp.Mission) {
	if m == nil || m.Face == nil {
		p.swatch.FillColor = color.Transparent
		p.swatch.Refresh()
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
		p.Die.Show()
		p.entered.Hide()
		return
	}
	// A face rolled at the table and entered: no seed draw to name.
	p.Die.Hide()
	p.enteredFace.Text = shown
	p.enteredFace.TextSize = theme.TextSize() * 3
	p.enteredFace.Color = theme.Color(theme.ColorNameForeground)
	p.enteredFace.Refresh()
	p.entered.Show()
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

// figureCard is one figure: HP as a stepper with its bar, conditions as
// buttons (tap to remove) and a picker to add one; a character's cards,
// bandages and nova cells, and its turn's buttons.
func (p *PlayScreen) figureCard(s *tp.State, m *tp.Mission, f *tp.Figure) fyne.CanvasObject {
	name := f.Name
	title := fmt.Sprintf("%s · %s · %s", f.Name, f.Colour, f.Side)
	if f.Type != "" && f.Side != "boss" {
		title = fmt.Sprintf("%s · %s %s · %s", f.Name, f.Colour, f.Type, f.Side)
	}
	if f.Defeated {
		return widgets.NewCard(f.Name, "", wrap(strings.TrimPrefix(title, f.Name+" · ")+" · defeated, off the map"))
	}
	box := container.NewVBox()
	// §4 Invisible: damage, heals and conditions given here name the
	// figure whose action gives them.
	by := func() string { return p.actingBy(state(p.ctx).Mission, name) }
	box.Add(container.NewBorder(nil, nil, widget.NewLabel("Acting:"), nil, p.actingSelect(m, name)))
	hp := widgets.NewStepper("HP", 0, f.MaxHP, f.HP, func(to int) bool {
		var cmd tracker.Command
		if to < f.HP {
			cmd = tp.Damage{Figure: name, N: f.HP - to, Source: "by hand", By: by()}
		} else {
			cmd = tp.Heal{Figure: name, N: to - f.HP, By: by()}
		}
		_, ok := p.ctx.Do(cmd)
		return ok
	})
	box.Add(hp)
	conds := container.NewHBox()
	for _, c := range f.CondList() {
		c := c
		conds.Add(widget.NewButton(c+" ✕", func() { p.ctx.Do(tp.RemoveCondition{Figure: name, Condition: c}) }))
	}
	add := widget.NewSelect(conditionNames, func(c string) {
		if c != "" {
			p.ctx.Do(tp.Inflict{Figure: name, Condition: c, By: by()})
		}
	})
	add.PlaceHolder = "add condition"
	box.Add(container.NewBorder(nil, nil, nil, add, container.NewHScroll(conds)))
	if len(f.Conditions) > 0 {
		var lines []string
		for _, c := range f.CondList() {
			lines = append(lines, c+": "+CondDuration(c, f, m.Current == f.Name))
		}
		d := wrap(strings.Join(lines, "\n"))
		d.Importance = widget.LowImportance
		box.Add(d)
	}
	if f.Side == "character" {
		info := fmt.Sprintf("Bandages %d/%d · nova cells %d · max AP %d · initiative %d", f.Bandages, f.BandageSlots, f.Nova, f.MaxAP, f.Initiative)
		if f.Resting {
			info += " · resting"
		}
		box.Add(widget.NewLabel(info))
		box.Add(p.cardsBox(s, m, f))
		if pick := p.restPick(s, m, f); pick != nil {
			box.Add(pick)
		}
		healN := widget.NewEntry()
		healN.SetPlaceHolder("HP")
		box.Add(container.NewBorder(nil, nil, nil, widget.NewButton("Heal action (bandage)", func() {
			n, err := strconv.Atoi(strings.TrimSpace(healN.Text))
			if err != nil || n < 1 {
				p.ctx.Message("type how many HP the Heal action restores", true)
				return
			}
			p.ctx.Do(tp.Heal{Figure: name, N: n, HealAction: true, By: by()})
		}), healN))
	}
	if f.Side == "character" && len(f.Items) > 0 {
		items := container.NewHBox(widget.NewLabel("Items:"))
		for _, it := range f.Items {
			id := it.ID
			b := widget.NewButton("Use "+id, func() { p.ctx.Do(tp.UseItem{Character: name, Item: id}) })
			if it.Used {
				b.SetText(id + " (used)")
				b.Disable()
			}
			items.Add(b)
		}
		box.Add(container.NewHScroll(items))
	}
	if act := p.turnActions(s, m, f); act != nil {
		box.Add(act)
	}
	if m.Current == name && f.Side == "character" {
		box.Add(widget.NewButton("End "+name+"'s turn", func() { p.ctx.Do(tp.EndTurn{Character: name}) }))
	}
	if f.Side != "character" && m.Round == 0 {
		// Mission setup: the players give each adversary its HP base
		// (Rulebook p.10); the app proposed one.
		col := widget.NewSelect(colourNames, func(c string) {
			if c != "" && c != f.Colour {
				p.ctx.Do(tp.SetColours{Colours: map[string]string{name: c}})
			}
		})
		col.Selected = f.Colour
		box.Add(container.NewBorder(nil, nil, widget.NewLabel("HP base:"), nil, col))
	}
	box.Add(widget.NewButton("Correct by hand…", func() { p.correctFigure(f) }))
	sub := "at " + f.Position
	if f.Position == "" {
		sub = "off the map"
	}
	switch f.Side {
	case "adversary":
		if at, ok := s.Content.Adversaries[tp.AdversaryKey(f.Type, m.AdversaryDifficulty)]; ok {
			sub += fmt.Sprintf(" · Attack %d · Guard %d · Range %d · ★%d", at.Attack, at.Guard+f.Guard, at.Range, at.Difficulty)
		}
	case "boss":
		if b, ok := s.Content.Bosses[f.Type]; ok {
			col := min(max(len(m.Embarked)-2, 0), 2) // columns for 2, 3, 4 characters
			sub += fmt.Sprintf(" · Attack %d · Guard %d · Range %d", b.Attack[col], b.Guard[col]+f.Guard, b.Range[col])
		}
	}
	// Card titles do not wrap: the name is the title, the rest a line
	// that wraps on a narrow panel.
	about := wrap(strings.TrimPrefix(title, f.Name+" · ") + " · " + sub)
	box.Objects = append([]fyne.CanvasObject{about}, box.Objects...)
	return widgets.NewCard(f.Name, "", box)
}

// CondDuration says in words what a held condition does and when it goes
// (§4): detrimental ones last until a character rests and for good on an
// adversary; Frozen, Invisible and an adversary's Stunned end with the
// figure's next complete turn after they were gained.
func CondDuration(c string, f *tp.Figure, acting bool) string {
	char := f.Side == "character"
	untilRest := "until it rests"
	if !char {
		untilRest = "for good (adversaries never rest)"
	}
	fullTurn := func() string {
		gained := f.Conditions[c]
		if acting && f.TurnStart > gained {
			return "ends at the end of this turn"
		}
		return "ends at the end of its next full turn"
	}
	switch c {
	case "Barrier":
		return "the next damage is prevented, then it goes"
	case "Invisible":
		return "nothing but itself can affect it; no line of sight ends on it; " + fullTurn() + ", or when it attacks"
	case "Resilient":
		return "cancels the next new detrimental condition"
	case "Vengeful":
		return "strikes back at the next melee attacker (Attack −1)"
	case "Bleeding":
		return "2 damage at the start of each of its non-rest turns, " + untilRest
	case "Blinded":
		return "Accuracy roll before each attack, " + untilRest
	case "Burning":
		return "3 damage at the start of its next turn, then it goes"
	case "Frozen":
		if char {
			return "card AP doubled, no converting a card to movement; " + fullTurn() + " (or a rest)"
		}
		return "card AP doubled, no converting a card to movement; " + fullTurn()
	case "Knocked Down":
		return "only Move or Leap until it spends 1 MP to stand"
	case "Stunned":
		if char {
			return "no actions until it rests or discards a selected card"
		}
		return "no actions; " + fullTurn()
	case "Vulnerable":
		return "Guard −2, " + untilRest
	case "Weakened":
		return "Attack −2, " + untilRest
	}
	return ""
}

// chooseCards is one player's secret card selection (§6.2, V-04) or rest
// (V-05), in a dialog.
func (p *PlayScreen) chooseCards(s *tp.State, f *tp.Figure) {
	name := f.Name
	var picks []string
	checks := container.NewGridWithColumns(2)
	total := widget.NewLabel("")
	sum := func() {
		n := 0
		for _, id := range picks {
			ap := s.Content.ActionCards[id].AP
			if _, frozen := f.Conditions["Frozen"]; frozen {
				ap *= 2
			}
			n += ap
		}
		total.SetText(fmt.Sprintf("%d of %d AP", n, f.MaxAP))
	}
	for _, id := range append(append([]string(nil), f.Selected...), f.Hand...) {
		id := id
		label := id
		if c, ok := s.Content.ActionCards[id]; ok {
			label = fmt.Sprintf("%s (%d AP)", id, c.AP)
		}
		ch := widget.NewCheck(label, func(b bool) {
			picks = slices.DeleteFunc(picks, func(x string) bool { return x == id })
			if b {
				picks = append(picks, id)
			}
			sum()
		})
		if slices.Contains(f.Selected, id) {
			ch.SetChecked(true)
		}
		checks.Add(ch)
	}
	sum()
	var d dialog.Dialog
	rest := widget.NewButton("Rest this round instead", func() {
		if _, ok := p.ctx.Do(tp.Rest{Character: name}); ok {
			d.Hide()
		}
	})
	body := container.NewVBox(checks, total, rest)
	d = dialog.NewCustomConfirm(name+": select cards", "Select", "Cancel", container.NewVScroll(body), func(ok bool) {
		if ok {
			p.ctx.Do(tp.SelectCards{Character: name, Cards: picks})
		}
	}, p.ctx.Window)
	d.Resize(fyne.NewSize(560, 520))
	d.Show()
}

// correctFigure sets a figure's space, conditions, bandages and nova cells
// by hand: the table is the source of truth.
func (p *PlayScreen) correctFigure(f *tp.Figure) {
	pos, bandages, nova, conds, why := widget.NewEntry(), widget.NewEntry(), widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	pos.SetText(f.Position)
	bandages.SetText(strconv.Itoa(f.Bandages))
	nova.SetText(strconv.Itoa(f.Nova))
	conds.SetText(strings.Join(f.CondList(), ", "))
	why.SetPlaceHolder("why (for the log)")
	items := []*widget.FormItem{widget.NewFormItem("Space", pos), widget.NewFormItem("Conditions", conds)}
	if f.Side == "character" {
		items = append(items, widget.NewFormItem("Bandages", bandages), widget.NewFormItem("Nova cells", nova))
	}
	col := widget.NewSelect(colourNames, nil)
	col.Selected = f.Colour
	if f.Side != "character" {
		items = append(items, widget.NewFormItem("HP base", col))
	}
	items = append(items, widget.NewFormItem("Reason", why))
	name := f.Name
	dialog.ShowForm("Correct "+name+" by hand", "Record", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		reason := orDefault(strings.TrimSpace(why.Text), "corrected by hand")
		if f.Side != "character" && col.Selected != f.Colour {
			if _, ok := p.ctx.Do(tp.SetColours{Colours: map[string]string{name: col.Selected}, Reason: reason}); !ok {
				return
			}
		}
		cmd := tp.CorrectFigure{Figure: name, Reason: reason}
		if v := strings.TrimSpace(pos.Text); v != f.Position {
			cmd.Position = &v
		}
		cs := splitConds(conds.Text)
		if strings.Join(cs, ",") != strings.Join(f.CondList(), ",") {
			cmd.SetConditions, cmd.Conditions = true, cs
		}
		if n, err := strconv.Atoi(strings.TrimSpace(bandages.Text)); err == nil && n != f.Bandages {
			cmd.Bandages = &n
		}
		if n, err := strconv.Atoi(strings.TrimSpace(nova.Text)); err == nil && n != f.Nova {
			cmd.Nova = &n
		}
		if cmd.Position == nil && !cmd.SetConditions && cmd.Bandages == nil && cmd.Nova == nil && col.Selected != f.Colour {
			return // only the colour changed
		}
		p.ctx.Do(cmd)
	}, p.ctx.Window)
}

// colourNames are the HP bases' colours.
var colourNames = []string{"dark blue", "light blue", "red", "yellow"}

// cardsBox: during card selection the hand as checks with Select and Rest;
// during the character's turn its selected cards to play (as printed or
// converted).
func (p *PlayScreen) cardsBox(s *tp.State, m *tp.Mission, f *tp.Figure) fyne.CanvasObject {
	name := f.Name
	box := container.NewVBox()
	apOf := func(id string) string {
		if c, ok := s.Content.ActionCards[id]; ok {
			return fmt.Sprintf("%s (%d AP)", id, c.AP)
		}
		return id
	}
	switch {
	case m.Phase == "select":
		// §6.2: selections stay secret until they are revealed, so the
		// hand opens in a dialog for its player only.
		status := "has not chosen yet"
		switch {
		case f.Resting:
			status = "rests this round"
		case len(f.Selected) > 0:
			status = fmt.Sprintf("has selected %d card(s)", len(f.Selected))
		}
		box.Add(container.NewBorder(nil, nil, nil,
			widget.NewButton("Choose cards (secret)…", func() { p.chooseCards(s, f) }),
			widget.NewLabel(name+" "+status)))
	case m.Current == name:
		for _, id := range f.Selected {
			id := id
			row := container.NewGridWithColumns(4, widget.NewLabel(apOf(id)),
				widget.NewButton("Play", func() { p.ctx.Do(tp.PlayCard{Character: name, Card: id}) }),
				widget.NewButton("As Move", func() { p.ctx.Do(tp.PlayCard{Character: name, Card: id, Convert: "move"}) }),
				widget.NewButton("As Attack", func() { p.ctx.Do(tp.PlayCard{Character: name, Card: id, Convert: "attack"}) }))
			box.Add(row)
			if f.Conditions != nil {
				if _, stunned := f.Conditions["Stunned"]; stunned {
					box.Add(widget.NewButton("Discard "+id+" to shake off Stunned", func() { p.ctx.Do(tp.DiscardForStun{Character: name, Card: id}) }))
				}
			}
		}
		mv := widget.NewEntry()
		mv.SetPlaceHolder("path: labels, e.g. C-3 C-4")
		box.Add(container.NewBorder(nil, nil, nil, widget.NewButton("Move", func() {
			p.ctx.Do(tp.MoveFigure{Figure: name, Path: splitList(mv.Text)})
		}), mv))
	default:
		box.Add(widget.NewLabel(fmt.Sprintf("Hand %d · selected %d · discard %d", len(f.Hand), len(f.Selected), len(f.Discard))))
	}
	return box
}

// showSpace is the tapped space's panel: its object, door, hazard and
// tokens, each correctable by hand.
func (p *PlayScreen) showSpace() {
	p.spaceBox.Objects = nil
	defer p.spaceBox.Refresh()
	m := state(p.ctx).Mission
	if m == nil || p.selected == "" {
		return
	}
	l, _ := liveLayout(m)
	var sp *hex.Space
	for i := range l.Spaces {
		if l.Spaces[i].Label == p.selected {
			sp = &l.Spaces[i]
		}
	}
	if sp == nil {
		p.Space.SetText("No space there.")
		return
	}
	label := sp.Label
	note := spaceNote(sp)
	if note == "" {
		note = "nothing on it"
	}
	p.Space.SetText(fmt.Sprintf("Space %s: %s", label, note))
	if sp.Object == hex.Destructible && sp.ObjectState != hex.Destroyed {
		p.spaceBox.Add(widget.NewButton("Damage the object (one step)", func() { p.ctx.Do(tp.DamageObject{Space: label}) }))
	}
	if sp.Door != hex.NoDoor {
		other := "open"
		if sp.Door == hex.OpenDoor {
			other = "closed"
		}
		p.spaceBox.Add(widget.NewButton("Door: make it "+other, func() {
			p.ctx.Do(tp.CorrectSpace{Space: label, Door: &other, Reason: "door changed at the table"})
		}))
	}
	if sp.HasOrb() {
		act := !sp.Orb.Active
		p.spaceBox.Add(widget.NewButton(fmt.Sprintf("Orb: set active = %v", act), func() {
			p.ctx.Do(tp.CorrectSpace{Space: label, OrbActive: &act, Reason: "orb flipped at the table"})
		}))
		if cur := m.Current; cur != "" {
			p.spaceBox.Add(widget.NewButton(cur+" activates the orb", func() { p.ctx.Do(tp.ActivateOrb{Character: cur, Space: label}) }))
		}
	}
	if sp.Treasure.Kind != hex.NoToken {
		present := !sp.Treasure.Present
		what := "Treasure: put back on the map"
		if sp.Treasure.Present {
			what = "Treasure: taken"
		}
		p.spaceBox.Add(widget.NewButton(what, func() {
			p.ctx.Do(tp.CorrectSpace{Space: label, TreasurePresent: &present, Reason: "treasure at the table"})
		}))
	}
	if sp.Object == hex.Destructible {
		st := widget.NewSelect([]string{"intact", "damaged", "destroyed"}, nil)
		st.SetSelected(orDefault(string(sp.ObjectState), "intact"))
		p.spaceBox.Add(container.NewBorder(nil, nil, widget.NewLabel("Object"), widget.NewButton("Set", func() {
			v := st.Selected
			p.ctx.Do(tp.CorrectSpace{Space: label, ObjectState: &v, Reason: "object corrected by hand"})
		}), st))
	}
	nova := widget.NewEntry()
	nova.SetText(strconv.Itoa(sp.NovaCells))
	p.spaceBox.Add(container.NewBorder(nil, nil, widget.NewLabel("Nova cells"), widget.NewButton("Set", func() {
		n, err := strconv.Atoi(strings.TrimSpace(nova.Text))
		if err != nil {
			p.ctx.Message("nova cells are a whole number", true)
			return
		}
		p.ctx.Do(tp.CorrectSpace{Space: label, NovaCells: &n, Reason: "corrected by hand"})
	}), nova))
	hz := widget.NewSelect([]string{"none", "fire", "poison", "trap"}, nil)
	hz.SetSelected(orDefault(string(sp.Hazard), "none"))
	p.spaceBox.Add(container.NewBorder(nil, nil, widget.NewLabel("Hazard token"), widget.NewButton("Set", func() {
		h := noneEmpty(hz.Selected, "none")
		p.ctx.Do(tp.CorrectSpace{Space: label, Hazard: &h, HazardToken: h != "", Reason: "hazard token"})
	}), hz))
}

// showRoundForms: while cards are selected, the adversary cards as drawn
// at the table (instead of the app's seeded decks); once drawn, the
// characters' order for initiative ties (§11.2 item 1).
func (p *PlayScreen) showRoundForms(s *tp.State) {
	p.roundBox.Objects = nil
	defer p.roundBox.Refresh()
	m := s.Mission
	if m == nil {
		return
	}
	if ev := p.eventCard(s); ev != nil {
		p.roundBox.Add(ev)
	}
	switch m.Phase {
	case "select":
		var rows []func() (ap.Drawn, bool)
		form := container.NewVBox()
		for _, t := range m.Types {
			alive := false
			for _, f := range m.Figures {
				alive = alive || (f.Type == t && f.Side == "adversary" && !f.Defeated)
			}
			if !alive {
				continue
			}
			at := s.Content.Adversaries[tp.AdversaryKey(t, m.AdversaryDifficulty)]
			var spOpts, clOpts []string
			for _, id := range sortedKeys(s.Content.SpeciesCards) {
				if s.Content.SpeciesCards[id].Species == at.Species {
					spOpts = append(spOpts, id)
				}
			}
			for _, id := range sortedKeys(s.Content.ClassCards) {
				if s.Content.ClassCards[id].Class == at.Class {
					clOpts = append(clOpts, id)
				}
			}
			sp, cl := widget.NewSelect(spOpts, nil), widget.NewSelect(clOpts, nil)
			sp.PlaceHolder, cl.PlaceHolder = "species card", "class card"
			t := t
			form.Add(container.NewBorder(nil, nil, widget.NewLabel(t), nil, container.NewGridWithColumns(2, sp, cl)))
			rows = append(rows, func() (ap.Drawn, bool) {
				return ap.Drawn{Type: t, Species: sp.Selected, Class: cl.Selected}, sp.Selected != "" && cl.Selected != ""
			})
		}
		for _, b := range m.Bosses {
			if f := figure(m, b); f == nil || f.Defeated {
				continue
			}
			bc := widget.NewSelect(sortedKeys(s.Content.BossCards), nil)
			bc.PlaceHolder = "boss card"
			b := b
			form.Add(container.NewBorder(nil, nil, widget.NewLabel(b), nil, bc))
			rows = append(rows, func() (ap.Drawn, bool) { return ap.Drawn{Type: b, Boss: bc.Selected}, bc.Selected != "" })
		}
		if len(rows) == 0 {
			return
		}
		form.Add(widget.NewButton("Use the cards drawn at the table", func() {
			var drawn []ap.Drawn
			for _, r := range rows {
				d, ok := r()
				if !ok {
					p.ctx.Message("choose the card drawn for "+d.Type, true)
					return
				}
				drawn = append(drawn, d)
			}
			p.ctx.Do(tp.DrawAdversaryCards{Drawn: drawn})
		}))
		p.roundBox.Add(widgets.NewCard("Adversary cards drawn at the table", "or Next: the app draws from its seeded decks (§8.2)", form))
	case "draw":
		order := widget.NewEntry()
		var names []string
		for _, n := range m.Embarked {
			if f := figure(m, n); f != nil && !f.Defeated {
				names = append(names, n)
			}
		}
		order.SetText(strings.Join(names, ", "))
		p.roundBox.Add(widgets.NewCard("Turn order", "characters tied on initiative go in this order (§11.2)", container.NewVBox(order,
			widget.NewButton("Work out the turn order", func() { p.ctx.Do(tp.DetermineInitiative{CharacterOrder: splitConds(order.Text)}) }))))
	case "turns":
		if m.Pending != nil && m.Pending.Turn.Stopped == "" {
			what := "'s turn"
			if m.Pending.Reaction {
				what = "'s reaction"
			}
			p.roundBox.Add(container.NewGridWithColumns(2,
				widget.NewButton("Confirm "+m.Pending.Adversary+what, func() { p.ctx.Do(tp.ConfirmAdversaryTurn{}) }),
				widget.NewLabel("(reasoning and override: Enemy tab)")))
		}
		if len(m.Order) > 0 {
			var parts []string
			for _, n := range m.Order {
				mark := ""
				if containsStr(m.Acted, n) {
					mark = " ✓"
				}
				if n == m.Current {
					mark = " ◀"
				}
				f := figure(m, n)
				ini := 0
				if f != nil {
					ini = f.Initiative
				}
				if f != nil && f.Side != "character" {
					parts = append(parts, fmt.Sprintf("%s%s", n, mark))
				} else {
					parts = append(parts, fmt.Sprintf("%s (%d)%s", n, ini, mark))
				}
			}
			l := wrap("Turn order: " + strings.Join(parts, " → "))
			p.roundBox.Add(l)
		}
	}
}

// placeForm places a new adversary or boss mid-mission (§10.3).
func (p *PlayScreen) placeForm() fyne.CanvasObject {
	typ := widget.NewEntry()
	typ.SetPlaceHolder("adversary type or boss")
	sp := widget.NewEntry()
	sp.SetPlaceHolder("space label")
	boss := widget.NewCheck("boss", nil)
	ev := widget.NewCheck("placed by an event (no nova drop)", nil)
	bt := widget.NewButton("Place", func() {
		p.ctx.Do(tp.PlaceAdversary{Type: strings.TrimSpace(typ.Text), Space: strings.TrimSpace(sp.Text), Boss: boss.Checked, ByEvent: ev.Checked})
	})
	return widgets.NewCard("Place an adversary", "§10.3: on the nearest empty space if taken", container.NewVBox(typ, sp, container.NewHBox(boss, ev), bt))
}

// showResult: the mission result buttons, and the attachment picks after
// a success.
func (p *PlayScreen) showResult(s *tp.State) {
	p.result.Objects = nil
	defer p.result.Refresh()
	m := s.Mission
	if m == nil {
		return
	}
	if m.Phase != "over" {
		fail := widget.NewButton("Mission failed", func() { p.confirmResult(false) })
		if m.Phase == "end" {
			// §13.2: a mission succeeds when the round of its last
			// objective ends.
			p.result.Add(container.NewGridWithColumns(2,
				widget.NewButton("Mission succeeded", func() { p.confirmResult(true) }), fail))
		} else {
			p.result.Add(fail)
		}
		return
	}
	p.result.Add(widget.NewLabelWithStyle("Result: "+m.Result, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	if len(m.RewardChoices) > 0 {
		for _, who := range m.Embarked {
			who := who
			if m.Picks[who] != "" {
				p.result.Add(widget.NewLabel(fmt.Sprintf("%s took %s", who, m.Picks[who])))
				continue
			}
			pick := widget.NewSelect(m.RewardChoices, func(a string) { p.ctx.Do(tp.PickAttachment{Character: who, Attachment: a}) })
			pick.PlaceHolder = who + " picks an attachment"
			p.result.Add(pick)
		}
	}
	if m.RewardsDue != nil {
		p.result.Add(p.shareRewards(m))
	}
}

// shareRewards shares a first success's items and nova cells between the
// characters who took part, as the players choose (Rulebook p.14).
func (p *PlayScreen) shareRewards(m *tp.Mission) fyne.CanvasObject {
	due := m.RewardsDue
	box := container.NewVBox()
	takers := map[string]*widget.Select{}
	for _, it := range due.Items {
		sel := widget.NewSelect(m.Embarked, nil)
		sel.PlaceHolder = "who takes " + it
		takers[it] = sel
		box.Add(sel)
	}
	shares := map[string]*widget.Entry{}
	if due.Nova > 0 {
		box.Add(wrap(fmt.Sprintf("%d nova cells, split as you agree:", due.Nova)))
		for _, who := range m.Embarked {
			e := widget.NewEntry()
			e.SetPlaceHolder("nova cells for " + who)
			shares[who] = e
			box.Add(e)
		}
	}
	box.Add(widgets.Touch(widget.NewButton("Share the rewards", func() {
		cmd := tp.ShareRewards{Items: map[string]string{}, Nova: map[string]int{}}
		for it, sel := range takers {
			cmd.Items[it] = sel.Selected
		}
		for who, e := range shares {
			if t := strings.TrimSpace(e.Text); t != "" {
				n, err := strconv.Atoi(t)
				if err != nil {
					p.ctx.Message(fmt.Sprintf("%s's nova cells are a whole number, not %q", who, t), true)
					return
				}
				cmd.Nova[who] = n
			}
		}
		p.ctx.Do(cmd)
	})))
	return widgets.NewCard("Rewards to share", "Rulebook p.14: received once in the campaign", box)
}

func (p *PlayScreen) confirmResult(success bool) {
	what := "failed"
	if success {
		what = "succeeded"
	}
	dialog.ShowConfirm("Mission result", "Record that the mission "+what+"?", func(ok bool) {
		if ok {
			p.ctx.Do(tp.MissionResult{Success: success})
		}
	}, p.ctx.Window)
}
