package phantom

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa"
	ap "tablekeeper/automa/phantom"
	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// An EnemyScreen plays the adversaries' turns: one tap resolves the next
// adversary's turn through the engine; the map then shows its primary
// target ringed, its path as arrows, its end space and the line of sight
// it used between two vertices; the explanation panel shows every rule it
// applied. The players confirm it (figures move, damage and conditions
// apply) or override it with what happened instead and why.
type EnemyScreen struct {
	ctx *shell.Context

	Map     *MapView
	Trace   *widgets.TracePanel
	Who     *widget.Label
	Summary *widget.Label
	// rolls are the rolls made at the table; RollsHead heads them (and
	// says when the turn stopped for one); AgainButton works a stopped
	// turn out again with them.
	rolls       *rollsEntry
	RollsHead   *widget.Label
	AgainButton *widget.Button
	// Buttons (exported for tests); ConfirmWhy says why Confirm is
	// disabled, when it is.
	ResolveButton, ConfirmButton, OverrideButton *widget.Button
	ConfirmWhy                                   *widget.Label
	// MapBt switches between the map and the panel on a portrait tablet;
	// split lays them out; Details is the panel (the Why at length).
	MapBt   *widget.Button
	split   *mapSplit
	Details *container.Scroll
	// Order offers, when the turn stopped to ask it, one button per order
	// in which a character may take several conditions (Rulebook p.22).
	Order *fyne.Container
	// Override is the mission's or a card's named primary target (§8.13).
	Override *widget.Select
	// Past lists the earlier decisions of the campaign (turn orders,
	// placements, adversary turns) whose reasoning can be shown again.
	Past     *widget.Select
	past     map[string]pastDecision
	showPast string
	// seen caches each event's decision (nil: none); events never change.
	seen map[uint64]*pastDecision

	scroll *container.Scroll
	// legend says what the map's marks mean (and its placement marks).
	legend *widget.Label
	focus  []string // the spaces to show once the map is laid out
	// focused is the turn last scrolled to.
	focused string
	obj     fyne.CanvasObject
}

// NewEnemyScreen builds the screen for a campaign and keeps it up to date.
func NewEnemyScreen(ctx *shell.Context) *EnemyScreen {
	e := &EnemyScreen{ctx: ctx, Map: NewMapView(), Trace: widgets.NewTracePanel(automa.Trace{})}
	// Wrapped, never cut (it names the adversary and what to do); one
	// line until laid out (see wrapped).
	e.Who = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	e.Summary = widget.NewLabel("")
	e.Summary.Wrapping = fyne.TextWrapWord
	e.Order = container.NewVBox()
	e.rolls = newRollsEntry()
	e.ResolveButton = widget.NewButtonWithIcon("Resolve", theme.MediaPlayIcon(), func() { e.Resolve() })
	e.ResolveButton.Importance = widget.HighImportance
	e.ConfirmButton = widget.NewButtonWithIcon("Confirm", theme.ConfirmIcon(), e.Confirm)
	e.ConfirmButton.Importance = widget.SuccessImportance
	e.OverrideButton = widget.NewButtonWithIcon("Override…", theme.DocumentCreateIcon(), e.showOverride)
	e.OverrideButton.Importance = widget.WarningImportance
	// Why Confirm is disabled, when it is, under the buttons.
	e.ConfirmWhy = widget.NewLabel("")
	e.ConfirmWhy.Importance = widget.LowImportance
	e.Past = widget.NewSelect(nil, func(k string) {
		e.showPast = k
		e.Refresh()
	})
	e.Past.PlaceHolder = "choose one"
	e.Override = widget.NewSelect(nil, nil)
	e.Override.PlaceHolder = "none"
	var setOverride *widget.Button
	setOverride = widget.NewButton("Set", func() {
		fig := e.Override.Selected
		if fig == "(none)" {
			fig = ""
		}
		e.ctx.DoFrom(setOverride, tp.SetPrimaryTarget{Figure: fig})
	})
	zoomIn := widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { e.Map.Zoom(1.25) })
	zoomOut := widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { e.Map.Zoom(0.8) })
	e.scroll = container.NewScroll(e.Map)
	fit := widget.NewButtonWithIcon("Whole map", theme.ViewFullScreenIcon(), func() { e.Map.FitTo(e.scroll.Size()) })
	legend := widget.NewLabel(legendText)
	e.legend = legend
	legend.Wrapping = fyne.TextWrapWord
	legend.Importance = widget.LowImportance
	// A decision stopped for a roll: the roll to make, where to enter it
	// and the button that works the turn out again, first in the panel.
	e.RollsHead = bold("Rolls made at the table (none: the app rolls)")
	e.AgainButton = widget.NewButtonWithIcon("Work the turn out with these rolls", theme.MediaPlayIcon(), func() { resolveAgain(e.ctx, e.AgainButton, e.rolls) })
	e.AgainButton.Importance = widget.HighImportance
	e.AgainButton.Hide()
	// The Why gets the panel's whole height to be read in: the panel
	// scrolls as one, the decision in words and the rolls first, the
	// explanation at length, then the rest.
	e.Trace.Whole = true
	e.Details = container.NewVScroll(container.NewVBox(
		wrapped(e.ConfirmWhy),
		e.RollsHead, e.rolls.Object(), e.AgainButton,
		e.Summary,
		widget.NewSeparator(),
		bold("Why"),
		e.Trace,
		legend,
		widget.NewSeparator(),
		bold("Primary target named by the mission or a card"),
		container.NewBorder(nil, nil, nil, setOverride, e.Override),
		widget.NewSeparator(),
		bold("Earlier decisions"),
		e.Past))
	// Whose turn, the buttons and a question to answer stand over the map
	// beside the panel (a landscape tablet), over both when the panel is
	// under the map or alone (a portrait one); why Confirm waits opens
	// the panel.
	e.MapBt = widget.NewButtonWithIcon("Map", theme.VisibilityIcon(), e.switchMap)
	e.MapBt.Hide()
	buttons := container.NewGridWithColumns(3, widgets.Touch(e.ResolveButton), widgets.Touch(e.ConfirmButton), widgets.Touch(e.OverrideButton))
	head := container.NewVBox(besideOrOver(e.Who, widgets.Touch(e.MapBt), buttons), e.Order)
	overSide, overBoth := container.NewVBox(head), container.NewVBox()
	overBoth.Hide()
	mapArea := container.NewBorder(container.NewHBox(widgets.Touch(zoomOut), widgets.Touch(zoomIn), fit), nil, nil, nil,
		widgets.AtLeast(fyne.NewSize(0, mapLeastHeight), afterLayout(e.scroll, func() {
			e.Map.AutoFit(e.scroll.Size())
			if len(e.focus) > 0 {
				e.Map.FocusOn(e.scroll, e.focus...)
			}
		})))
	want := func(width float32) float32 {
		return zoomOut.MinSize().Height + theme.Padding() + e.Map.HeightAcross(width)
	}
	wantWidth := func(height float32) float32 {
		return e.Map.WidthDown(height-zoomOut.MinSize().Height-theme.Padding()) + theme.ScrollBarSize()
	}
	side := container.NewBorder(overSide, nil, nil, nil, e.Details)
	e.split = newMapSplit(ctx.Window, widgets.AtLeast(fyne.NewSize(mapLeast, 0), mapArea), side, want, wantWidth, func(mode splitMode) {
		over, other := overBoth, overSide
		if mode == splitWide {
			over, other = overSide, overBoth
		}
		if len(over.Objects) == 0 {
			other.Objects = nil
			over.Objects = []fyne.CanvasObject{head}
			other.Hide() // no room kept for it
			over.Show()
			other.Refresh()
			over.Refresh()
			if e.obj != nil {
				e.obj.Refresh() // the heading's room moved
			}
		}
		e.showMapBt()
	})
	e.obj = container.NewBorder(overBoth, nil, nil, nil, e.split.Container)
	ctx.OnChange(func(tracker.Event) { e.Refresh() })
	e.Refresh()
	return e
}

// legendText says what the decision's marks on the map mean.
const legendText = "Magenta arrows: path · green ring: end space · red ring: primary target · cyan: line of sight"

// Object is the screen.
func (e *EnemyScreen) Object() fyne.CanvasObject { return e.obj }

// switchMap shows the map or the panel on a narrow tab (as the Play
// tab's).
func (e *EnemyScreen) switchMap() {
	switch e.split.Mode() {
	case splitBoth, splitMap:
		e.split.Want(wantPanel)
	case splitPanel:
		if e.split.RoomForBoth() {
			e.split.Want(wantBoth)
		} else {
			e.split.Want(wantMap)
		}
	}
}

// showMapBt says what the map's switch does now (hidden beside the map).
func (e *EnemyScreen) showMapBt() {
	switch e.split.Mode() {
	case splitWide:
		e.MapBt.Hide()
		return
	case splitBoth:
		e.MapBt.SetText("Hide map")
		e.MapBt.SetIcon(theme.VisibilityOffIcon())
	case splitPanel:
		e.MapBt.SetText("Map")
		e.MapBt.SetIcon(theme.VisibilityIcon())
	case splitMap:
		e.MapBt.SetText("Why")
		e.MapBt.SetIcon(theme.ListIcon())
	}
	e.MapBt.Show()
	if e.obj != nil {
		e.obj.Refresh() // the switch's words changed its width
	}
}

// Refresh re-reads the campaign.
func (e *EnemyScreen) Refresh() {
	s := state(e.ctx)
	m := s.Mission
	l, err := liveLayout(m)
	if err != nil {
		e.Who.SetText("The mission's map cannot be read: " + err.Error())
		return
	}
	e.Map.SetLayout(l)
	if key := placementKey(l); key != "" {
		e.legend.SetText(legendText + "\n" + key)
	} else {
		e.legend.SetText(legendText)
	}
	figs := marks(m)
	e.Map.SetMarks(figs)
	e.ConfirmButton.Disable()
	e.OverrideButton.Disable()
	defer e.showWaits(m)
	e.showOrder(m)
	opts := []string{"(none)"}
	for _, f := range figs {
		opts = append(opts, f.Name)
	}
	e.Override.Options = opts
	if m != nil && m.PrimaryOverride != "" {
		e.Override.Selected = m.PrimaryOverride
	} else {
		e.Override.Selected = ""
	}
	e.Override.Refresh()
	switch {
	case m == nil || m.Phase == "over":
		e.Who.SetText("No mission is being played: start one on the Campaign tab.")
		e.ResolveButton.Disable()
		e.Map.SetOverlay(Overlay{})
		e.Trace.SetTrace(automa.Trace{})
		e.Summary.SetText("")
		return
	case m.Pending != nil:
		p := m.Pending
		who, words := pendingWords(m)
		e.Who.SetText(who)
		o := TurnOverlay(p.Turn, figs)
		e.Map.SetOverlay(o)
		if key := p.Adversary + "@" + p.Turn.End; key != e.focused {
			e.focused = key
			// The actor, where it ends and its target show together.
			e.focus = []string{p.Turn.Start, o.End, o.Target}
			e.Map.FocusOn(e.scroll, e.focus...)
		}
		e.Trace.SetTrace(TraceOf(p.Trace))
		e.Summary.SetText(words)
		e.OverrideButton.Enable()
		switch {
		case p.Turn.Stopped == "":
			e.ConfirmButton.Enable()
			e.ResolveButton.Disable()
		case p.Turn.Ask != nil:
			e.ResolveButton.Disable() // the order buttons answer it
		default:
			e.ResolveButton.Enable()
		}
		return
	}
	e.Map.SetOverlay(Overlay{})
	e.focus = nil
	e.Map.Focus()
	e.Trace.SetTrace(automa.Trace{})
	e.Summary.SetText("")
	e.loadPast()
	if d, ok := e.past[e.showPast]; ok {
		e.Trace.SetTrace(TraceOf(d.Trace))
		e.Summary.SetText(d.Line)
		if d.Turn != nil {
			e.Map.SetOverlay(TurnOverlay(*d.Turn, d.Figures(figs)))
		}
	}
	n := nextFigure(m)
	f := figure(m, n)
	switch {
	case m.Phase != "turns":
		e.Who.SetText(fmt.Sprintf("Round %d · %s: the adversaries act once the turn order is set (Play tab, Next).", m.Round, phaseWords(m.Phase)))
		e.ResolveButton.Disable()
	case m.Current != "":
		e.Who.SetText(fmt.Sprintf("Round %d · %s's turn is being played.", m.Round, m.Current))
		e.ResolveButton.Disable()
	case f == nil:
		e.Who.SetText(fmt.Sprintf("Round %d · every figure has had its turn: end the round on the Play tab.", m.Round))
		e.ResolveButton.Disable()
	case f.Side == "character":
		e.Who.SetText(fmt.Sprintf("Round %d · next: %s (a character) — play it on the Play tab.", m.Round, n))
		e.ResolveButton.Disable()
	default:
		e.Who.SetText(fmt.Sprintf("Round %d · next: %s", m.Round, n))
		e.ResolveButton.Enable()
	}
}

// pendingWords are the adversary's turn waiting to be confirmed, as the
// Enemy screen heads it and sums it up (the question it stopped on
// first).
func pendingWords(m *tp.Mission) (who, summary string) {
	p := m.Pending
	summary = TurnWords(p.Turn)
	if p.Turn.Ask != nil {
		summary = orderQuestion(p.Turn.Ask) + "\n" + summary
	}
	switch {
	case p.Turn.Ask != nil:
		who = fmt.Sprintf("Round %d · %s's turn waits for the order of the conditions", m.Round, p.Adversary)
	case p.Turn.Stopped != "":
		who = fmt.Sprintf("Round %d · %s's turn waits for a roll", m.Round, p.Adversary)
	default:
		who = fmt.Sprintf("Round %d · %s's turn is worked out", m.Round, p.Adversary)
	}
	return who, summary
}

// showWaits says why Confirm is disabled, when it is, and heads the
// rolls: a turn stopped for one says which, with the button that works it
// out again beside the pickers.
func (e *EnemyScreen) showWaits(m *tp.Mission) {
	stopped := m != nil && m.Pending != nil && m.Pending.Turn.Stopped != "" && m.Pending.Turn.Ask == nil
	why := ""
	if e.ConfirmButton.Disabled() && !stopped {
		why = confirmWhy(m, "below", "above")
	}
	if e.ConfirmWhy.Text != why {
		e.ConfirmWhy.SetText(why)
	}
	if why == "" {
		e.ConfirmWhy.Hide()
	} else {
		e.ConfirmWhy.Show()
	}
	if stopped {
		// Why Confirm waits, and what to do, in one place.
		e.RollsHead.SetText(m.Pending.Adversary + " stopped: " + m.Pending.Turn.Stopped + ". Enter the roll made at the table here and work the turn out again; Confirm waits for it.")
		e.RollsHead.Importance = widget.WarningImportance
		e.AgainButton.Show()
	} else {
		e.RollsHead.SetText("Rolls made at the table (none: the app rolls)")
		e.RollsHead.Importance = widget.MediumImportance
		e.AgainButton.Hide()
	}
	e.RollsHead.Refresh()
}

// showOrder offers the orders a character may take several conditions
// in, when the worked-out turn stopped to ask (Rulebook p.22): one button
// each, saying what the character then holds; a tap works the turn out
// again with that order.
func (e *EnemyScreen) showOrder(m *tp.Mission) {
	e.Order.Objects = nil
	defer e.Order.Refresh()
	if m == nil || m.Pending == nil || m.Pending.Turn.Ask == nil {
		return
	}
	p, ask := m.Pending, m.Pending.Turn.Ask
	q := widget.NewLabel(orderQuestion(ask))
	q.Truncation = fyne.TextTruncateEllipsis
	e.Order.Add(q)
	for _, o := range ask.Options {
		order := o.Order
		var b *widget.Button
		b = widget.NewButton(o.Words(ask.Figure), func() {
			var cmd tracker.Command = tp.ResolveAdversaryTurn{Adversary: p.Adversary, Order: order}
			if p.Reaction {
				cmd = tp.ResolveReaction{Adversary: p.Adversary, Attacker: p.Attacker, Melee: p.Melee, Order: order}
			}
			e.ctx.DoFrom(b, cmd)
		})
		e.Order.Add(widgets.Touch(b))
	}
}

// orderQuestion asks the order a character takes several conditions in.
func orderQuestion(ask *ap.OrderQuestion) string {
	return fmt.Sprintf("%s receives %s at once. %s's player chooses the order (Rulebook p.22):", ask.Figure, strings.Join(ask.Conditions, " and "), ask.Figure)
}

// pastDecision is an earlier decision kept in the log: its diary line, its
// reasoning and, for an adversary's turn, the turn.
type pastDecision struct {
	Line  string
	Trace []string
	Turn  *ap.Turn
}

// Figures places the turn's figures where they stood before it, for the
// drawing (the target is ringed where it was).
func (d pastDecision) Figures(now []Mark) []Mark {
	if d.Turn == nil {
		return now
	}
	out := append([]Mark(nil), now...)
	for i := range out {
		if out[i].Name == d.Turn.Adversary {
			out[i].Space = d.Turn.Start
		}
	}
	return out
}

// loadPast reads the decisions of the last few hundred events in effect.
func (e *EnemyScreen) loadPast() {
	e.past = map[string]pastDecision{}
	var keys []string
	last := e.ctx.Session.LastSeq()
	from := uint64(1)
	if last > 400 {
		from = last - 400
	}
	if e.seen == nil {
		e.seen = map[uint64]*pastDecision{}
	}
	_ = e.ctx.Session.Events(from, func(ev tracker.Event) error {
		d, known := e.seen[ev.Seq]
		if !known {
			d = decisionIn(ev)
			e.seen[ev.Seq] = d
		}
		if d == nil || !e.ctx.Session.InEffect(ev.Seq) {
			return nil
		}
		key := fmt.Sprintf("#%d %s", ev.Seq, shorten(d.Line, 60))
		e.past[key] = *d
		keys = append(keys, key)
		return nil
	})
	for i, j := 0, len(keys)-1; i < j; i, j = i+1, j-1 {
		keys[i], keys[j] = keys[j], keys[i]
	}
	e.Past.Options = keys
	if _, ok := e.past[e.showPast]; !ok {
		e.showPast = ""
		e.Past.Selected = ""
	}
	e.Past.Refresh()
}

// decisionIn is the adversaries' decision an event records (a turn
// order, a placement, an adversary's turn), nil when it records none.
func decisionIn(ev tracker.Event) *pastDecision {
	var p struct {
		Line   string `json:"line"`
		Result struct {
			Trace []string `json:"trace"`
			Turn  *ap.Turn `json:"turn"`
		} `json:"result"`
	}
	if ev.Decode(&p) != nil || len(p.Result.Trace) == 0 {
		return nil
	}
	return &pastDecision{Line: p.Line, Trace: p.Result.Trace, Turn: p.Result.Turn}
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Resolve resolves the next adversary's turn (or a stopped one again with
// the rolls entered). It reports whether there was one to resolve.
func (e *EnemyScreen) Resolve() bool {
	m := state(e.ctx).Mission
	if m == nil || m.Phase != "turns" {
		return false
	}
	if m.Pending != nil && m.Pending.Turn.Stopped != "" {
		return resolveAgain(e.ctx, e.ResolveButton, e.rolls)
	}
	attack, accuracy := e.rolls.Taken()
	cmd, ok := resolveCommand(m, attack, accuracy)
	if !ok {
		return false
	}
	if _, ok := e.ctx.DoFrom(e.ResolveButton, cmd); ok {
		e.rolls.Reset()
	}
	return true
}

// resolveCommand is what Resolve sends now, with the rolls made at the
// table (none: the app rolls): the next adversary's turn worked out, or a
// turn or reaction stopped for a roll worked out again. ok is false when
// there is none to resolve (a character's turn, one waiting to be
// confirmed, not the turns of the round).
func resolveCommand(m *tp.Mission, attack, accuracy []string) (tracker.Command, bool) {
	if m == nil || m.Phase != "turns" {
		return nil, false
	}
	name := ""
	switch {
	case m.Pending != nil && m.Pending.Turn.Stopped != "" && m.Pending.Reaction:
		// A reaction stopped for a roll is worked out again as one.
		p := m.Pending
		return tp.ResolveReaction{Adversary: p.Adversary, Attacker: p.Attacker, Melee: p.Melee,
			Attack: attack, Accuracy: accuracy}, true
	case m.Pending != nil && m.Pending.Turn.Stopped != "":
		name = m.Pending.Adversary
	case m.Pending != nil || m.Current != "":
		return nil, false
	default:
		name = nextFigure(m)
		if f := figure(m, name); f == nil || f.Side == "character" {
			return nil, false
		}
	}
	return tp.ResolveAdversaryTurn{Adversary: name, Attack: attack, Accuracy: accuracy}, true
}

// Confirm applies the worked-out turn.
func (e *EnemyScreen) Confirm() { e.ctx.DoFrom(e.ConfirmButton, confirmCommand()) }

// confirmCommand is Confirm's: the worked-out turn applied as it stands.
func confirmCommand() tracker.Command { return tp.ConfirmAdversaryTurn{} }

func splitList(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// OverrideRow is one figure's line in the override form.
type OverrideRow struct {
	Name      string
	Space     *widget.Select
	HP        *Num
	Condition *ChecksFlow
}

// OverrideForm is what the players say happened instead of the proposal.
type OverrideForm struct {
	Reason *widgets.TextEntry
	Rows   []OverrideRow
	Form   fyne.CanvasObject
}

// NewOverrideForm lists the figures the turn touched, filled in with the
// engine's proposal, for the players to correct: spaces picked from the
// map, HP on steppers, conditions ticked.
func NewOverrideForm(m *tp.Mission) *OverrideForm {
	o := &OverrideForm{Reason: widgets.NewMultiLineTextEntry()}
	o.Reason.SetPlaceHolder("why (e.g. the card says otherwise, a rule we read differently)")
	o.Reason.Wrapping = fyne.TextWrapWord
	box := container.NewVBox(bold("Reason"), o.Reason)
	l, _ := liveLayout(m)
	var labels []string
	for _, sp := range l.Spaces {
		labels = append(labels, sp.Label)
	}
	if m != nil && m.Pending != nil {
		for _, fs := range m.Proposed() {
			maxHP := fs.HP
			if f := figure(m, fs.Name); f != nil {
				maxHP = max(maxHP, f.MaxHP)
			}
			r := OverrideRow{Name: fs.Name, Space: newPicker(labels, fs.Position, "its space", nil), HP: NewNum(0, maxHP, fs.HP, nil),
				Condition: newChecksFlow(conditionNames, normConds(fs.Conditions), nil)}
			o.Rows = append(o.Rows, r)
			box.Add(widgets.NewCard(fs.Name, "", container.NewVBox(r.Space, container.NewHBox(widget.NewLabel("HP"), r.HP), r.Condition.Object())))
		}
	}
	o.Form = box
	return o
}

// Command is the override command the form describes.
func (o *OverrideForm) Command() (tp.OverrideAdversaryTurn, error) {
	c := tp.OverrideAdversaryTurn{Reason: strings.TrimSpace(o.Reason.Text)}
	for _, r := range o.Rows {
		c.Figures = append(c.Figures, tp.FigureChange{Name: r.Name, Position: r.Space.Selected, HP: r.HP.Value, Conditions: r.Condition.Selected()})
	}
	return c, nil
}

func splitConds(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func (e *EnemyScreen) showOverride() {
	o := NewOverrideForm(state(e.ctx).Mission)
	d := newDialog(e.ctx.Window, "Override the adversary's turn", o.Form, "Cancel", nil)
	addAction(d, "Record it", theme.ConfirmIcon(), func() {
		cmd, err := o.Command()
		if err == nil {
			err = e.ctx.Try(cmd)
		}
		if err != nil {
			d.SetProblem(capitalFirst(shell.Words(err)))
			return
		}
		d.Hide()
	})
	d.Show()
}

// TurnWords tells a resolved turn event by event.
func TurnWords(t ap.Turn) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Primary target: %s.", t.PrimaryTarget)
	for _, ev := range t.Events {
		b.WriteString("\n• ")
		if ev.Card != "" {
			b.WriteString(ev.Card + ": ")
		}
		b.WriteString(ev.Action)
		if mv := ev.Movement; mv != nil {
			if len(mv.Path) == 0 {
				fmt.Fprintf(&b, " — stays on %s", mv.From)
			} else {
				fmt.Fprintf(&b, " — %s → %s (%s, %d MP)", mv.From, mv.To, strings.Join(mv.Path, " "), mv.Spent)
			}
			for _, x := range mv.Effects {
				b.WriteString("; " + x)
			}
		}
		if a := ev.Attack; a != nil {
			fmt.Fprintf(&b, " — %s at range %d", a.Target, a.Range)
			if a.AimedAt != "" {
				fmt.Fprintf(&b, " (aimed at %s, it blocked the attack)", a.AimedAt)
			}
			if a.LoS != nil {
				fmt.Fprintf(&b, ", line %s → %s", a.LoS.From, a.LoS.To)
			}
			if a.Roll != "" {
				fmt.Fprintf(&b, ", %s", tp.RollWords(a.Roll))
			}
			if len(a.Accuracy) > 0 {
				acc := make([]string, len(a.Accuracy))
				for i, x := range a.Accuracy {
					acc[i] = tp.RollWords(x)
				}
				fmt.Fprintf(&b, ", Accuracy %s", strings.Join(acc, " "))
			}
			if a.Hit != nil {
				fmt.Fprintf(&b, ": %d damage", a.Hit.Damage)
			}
			for _, x := range a.Effects {
				b.WriteString("; " + x)
			}
		}
		if ev.Note != "" {
			b.WriteString(" (" + ev.Note + ")")
		}
	}
	// A question (showOrder) or a roll to make (rollsEntry) stands with
	// its controls, not in the decision's words.
	return b.String()
}

func phaseWords(p string) string {
	switch p {
	case "setup":
		return "setting up"
	case "select":
		return "selecting cards"
	case "draw":
		return "adversary cards drawn"
	case "turns":
		return "turns"
	case "end":
		return "round over"
	case "over":
		return "mission over"
	}
	return p
}
