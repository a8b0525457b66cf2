package eternaut

import (
	"fmt"
	"regexp"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa"
	ae "tablekeeper/automa/eternaut"
	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// EnemyScreen is the enemy side (Rulebook p.19, p.24; spec §5.7, §5.8):
// the alien modules left to right with their aliens on the map, the
// activation order the rules give with its explanation, where the 4
// Consumed cubes are, and every activation of the scenario so far. On a
// landscape tablet the modules and cubes sit beside the order and its
// "Why"; in portrait the tab is one page, the order and its Why first.
type EnemyScreen struct {
	kit
	root        *fyne.Container
	left, right *fyne.Container
	scroll      *container.Scroll // the whole tab between scenarios
	panes       *panesLayout
	// ResolveBtn records the activation; OrderLine is the order in words.
	ResolveBtn  *widget.Button
	OrderLine   *widget.Label
	OverrideBtn *widget.Button
	// Module is the module a Menace card names (1 = leftmost), for Resolve.
	Module *widget.Select
	// Trace shows the activation order's reasoning ("Why").
	Trace *widgets.TracePanel
	// Check is the end-of-turn check's reasoning as it would go now.
	Check *widgets.TracePanel
	// Preview is the trace of an activation from the chosen module now.
	Preview automa.Trace
	// Done shows, under the Resolve button, what the last Resolve
	// recorded and what the players do now; resolved is the event it
	// belongs to and records how many activations there were before it.
	Done              *fyne.Container
	resolved, records uint64
}

// NewEnemyScreen builds the Enemy tab.
func NewEnemyScreen(ctx *shell.Context) *EnemyScreen {
	e := &EnemyScreen{kit: newKit(ctx), scroll: container.NewVScroll(nil), root: container.NewStack()}
	// The explanations show whole, in the pane that scrolls them.
	e.Trace = widgets.NewTracePanel(automa.Trace{})
	e.Trace.Whole = true
	e.Check = widgets.NewTracePanel(automa.Trace{})
	e.Check.Whole = true
	e.Module = widget.NewSelect(nil, func(string) { e.Refresh() })
	e.ResolveBtn = primary(iconBtn("Resolve: the aliens activate", theme.MediaPlayIcon(), func() { e.Resolve() }))
	e.Done = container.NewVBox()
	e.left, e.right = container.NewVBox(), container.NewVBox()
	// The order and its Why first: in portrait, at the top of the page.
	e.panes = newPanesLayout(e.right, e.left)
	ctx.OnChange(func(tracker.Event) { e.Refresh() })
	e.Refresh()
	return e
}

// Object is the tab's content.
func (e *EnemyScreen) Object() fyne.CanvasObject { return e.root }

func (e *EnemyScreen) module() int {
	return max(0, e.Module.SelectedIndex())
}

// Resolve runs the alien activation from the chosen module, as a Menace
// card orders (the R shortcut); the cube trigger runs by itself at the end
// of a turn.
func (e *EnemyScreen) Resolve() bool {
	s := e.state()
	if s.Phase != et.PhasePlaying || s.Scenario == nil || len(s.Scenario.Aliens) == 0 {
		// The button is not on screen between scenarios: the message line.
		var src fyne.CanvasObject
		if s.Phase == et.PhasePlaying && s.Scenario != nil {
			src = e.ResolveBtn
		}
		e.refuse(src, "There is no alien module on the table to activate")
		return true
	}
	before := uint64(len(s.Scenario.Activations))
	if e.doHere(e.ResolveBtn, activationCommand(e.module()+1)) {
		e.resolved, e.records = e.ctx.Session.LastSeq(), before
		e.Refresh()
		e.showDone()
	}
	return true
}

// showDone scrolls the order's pane (in portrait the page) so the Resolve
// button and what it recorded under it are in view.
func (e *EnemyScreen) showDone() {
	d := fyne.CurrentApp().Driver()
	if d.CanvasForObject(e.ResolveBtn) == nil {
		return
	}
	sc := e.panes.firstScroll()
	y := d.AbsolutePositionForObject(e.ResolveBtn).Y - d.AbsolutePositionForObject(sc).Y + sc.Offset.Y
	if y < sc.Offset.Y || y+e.ResolveBtn.Size().Height > sc.Offset.Y+sc.Size().Height {
		sc.ScrollToOffset(fyne.NewPos(0, max(0, y-theme.Padding())))
	}
}

// doneBox is what the last Resolve recorded, under its button, while it is
// the campaign's last event: the activation, the cubes dealt again, and
// the cards the players draw now. The screen moves on with it.
func (e *EnemyScreen) doneBox(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	if e.resolved == 0 || e.resolved != e.ctx.Session.LastSeq() || int(e.records) > len(sc.Activations) {
		e.Done.Objects = nil
		return e.Done
	}
	head := bold(fmt.Sprintf("✓ Recorded in round %d", sc.Round()))
	head.Importance = widget.SuccessImportance
	objs := []fyne.CanvasObject{head}
	for _, r := range s.Reminders {
		l := bold("Now: " + sentence(r))
		l.Importance = widget.HighImportance
		objs = append(objs, l)
	}
	for _, a := range sc.Activations[e.records:] {
		objs = append(objs, wrap(sentence(a.What)))
	}
	objs = append(objs, note("It is in the Log and under “Enemy decisions this scenario”; Undo takes it back. Resolve again only for another Menace card that activates the aliens."))
	e.Done.Objects = []fyne.CanvasObject{widget.NewCard("", "", container.NewVBox(objs...))}
	return e.Done
}

func (e *EnemyScreen) show(o fyne.CanvasObject) {
	if len(e.root.Objects) == 1 && e.root.Objects[0] == o {
		return
	}
	e.root.Objects = []fyne.CanvasObject{o}
	e.root.Refresh()
}

// Refresh redraws the tab.
func (e *EnemyScreen) Refresh() {
	s := e.state()
	sc := s.Scenario
	if s.Phase != et.PhasePlaying || sc == nil {
		box := container.NewVBox(heading("No scenario is being played"),
			wrap("The enemy side is played here during a scenario: the Consumed cubes from Scenario B (once Rule card R-02 is revealed), the aliens and their activation order from Scenario C."),
			note("To see the aliens' activation order now, go Home and tap “Try a practice game”: it starts with Scenario C set up and two Cascarudos on the map."))
		e.scroll.Content = container.NewPadded(box)
		e.scroll.Refresh()
		e.show(e.scroll)
		return
	}
	e.right.Objects = []fyne.CanvasObject{e.orderCard(s), e.historyCard(s)}
	e.left.Objects = []fyne.CanvasObject{e.modulesCard(s), e.cubesCard(s)}
	e.right.Refresh()
	e.left.Refresh()
	e.show(e.panes.obj)
}

// orderCard is the decision: the activation order the rules give now, the
// button that records it, and why.
func (e *EnemyScreen) orderCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	box := container.NewVBox()
	if len(sc.Aliens) == 0 {
		e.OrderLine = heading("No alien module in this scenario")
		box.Add(e.OrderLine)
		why := "The aliens come in Scenario C."
		if et.Letter(sc.Key) == "B" {
			why = "In Scenario B the Survivors act instead: their cubes are below."
		}
		box.Add(because(e.ResolveBtn, e.ResolveBtn, why))
		return card("The aliens' activation order", "", box)
	}
	names := make([]string, len(sc.Aliens))
	for i, m := range sc.Aliens {
		names[i] = fmt.Sprintf("%s (module %d)", m.Race, i+1)
	}
	cur := e.Module.SelectedIndex()
	e.Module.Options = names
	if cur < 0 || cur >= len(names) {
		cur = 0
	}
	e.Module.Selected = names[cur]
	e.Module.Refresh()
	order, tr, err := activationOrder(sc, cur)
	if err != nil {
		e.OrderLine = wrap(words(err))
		box.Add(e.OrderLine)
		return card("The aliens' activation order", "", box)
	}
	e.Preview = tr
	e.Trace.SetTrace(tr)
	e.OrderLine = heading(joinOr(order, "Nobody: no alien is on the map"))
	if len(order) > 0 {
		e.OrderLine.SetText(strings.Join(order, " → "))
	}
	box.Add(e.OrderLine)
	// Resolve is for a Menace card the players revealed (Rulebook p.24):
	// the app does not draw it, so the screen says when to tap.
	when := "When the Menace card revealed at the end of a round says the aliens activate, tap Resolve."
	if len(sc.Aliens) > 1 {
		when += " The order starts at the deck the card names:"
	}
	box.Add(note(when))
	if len(sc.Aliens) > 1 {
		box.Add(e.Module)
	}
	why := ""
	if len(order) == 0 {
		why = noAliensWhy
	}
	e.ResolveBtn.SetText("Resolve: the aliens activate")
	box.Add(because(e.ResolveBtn, e.ResolveBtn, why))
	box.Add(e.doneBox(s))
	box.Add(bold("Why"))
	box.Add(e.Trace)
	box.Add(note("Each alien module with aliens on the map draws the top card of its deck and resolves its Action (top) section, in this order; then the Consumed cubes are dealt again. A Menace card starts the order at the deck it names; all 4 cubes on the Alien board at the end of a turn start it by themselves, from the left."))
	return card("The aliens' activation order", "", box)
}

// noAliensWhy is why the aliens cannot activate: none is on the map.
const noAliensWhy = "Set how many aliens are on the map first."

// activationOrder is the aliens' activation order the rules give now from
// module (0 the leftmost), each "race (module n)", with its reasons.
func activationOrder(sc *et.Scenario, module int) ([]string, automa.Trace, error) {
	a, tr, err := ae.ActivationOrder(sc.Aliens, module)
	if err != nil {
		return nil, tr, err
	}
	var order []string
	for _, i := range a.Draw {
		order = append(order, fmt.Sprintf("%s (module %d)", sc.Aliens[i].Race, i+1))
	}
	return order, tr, nil
}

func (e *EnemyScreen) modulesCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	box := container.NewVBox()
	if len(sc.Aliens) == 0 {
		box.Add(note("No alien module in this scenario."))
		return card("Alien modules", "", box)
	}
	for i, m := range sc.Aliens {
		idx := i + 1
		race := m.Race
		var st *spin
		st = newSpin(0, 30, m.OnMap, func(v int) string { return fmt.Sprintf("%d on the map", v) }, func(to int) bool {
			return e.doFrom(st, et.SetAliensOnMap{Module: idx, OnMap: to})
		})
		box.Add(bold(fmt.Sprintf("%d. %s", idx, race)))
		box.Add(st)
	}
	return card("Alien modules", "Left to right on the Alien board: how many of each race are on the map", box)
}

func (e *EnemyScreen) cubesCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	box := container.NewVBox()
	if !sc.CubesActive {
		why := "not in play in this scenario"
		switch et.Letter(sc.Key) {
		case "B":
			why = "in play once Rule card R-02 is revealed (Figures & cards)"
		case "F":
			why = "in play once the light-blue Menace cards are gone"
		}
		box.Add(note("The Consumed cubes are " + why + "."))
		return card("Consumed cubes", "", box)
	}
	box.Add(heading(fmt.Sprintf("On %s: %d of %d", cubeTarget(sc), sc.CubesOnTarget, et.CubesForActivation)))
	box.Add(pips(sc.CubesOnTarget, et.CubesForActivation, colCube))
	for _, c := range living(e.state()) {
		id := c.ID
		b := e.act("A card it did not see: move 1", func() tracker.Command { return et.MoveCube{From: id} })
		row := container.NewVBox(bold(fmt.Sprintf("%s: %s", c.Named(), plural(c.Cubes, "cube", "cubes"))), pips(c.Cubes, et.CubesForActivation, colCube))
		if c.Cubes > 0 {
			row.Add(b)
		}
		box.Add(row)
	}
	box.Add(note("A cube moves by itself when a card is recorded on a board that holds one (Rulebook p.24)."))
	box.Add(flow(e.act("Deal again (even split)", func() tracker.Command { return et.DealCubes{} }),
		btn("Set by hand…", e.setCubesForm), btn("Move between boards…", e.moveCubesForm)))
	// The end-of-turn check as it would go now.
	var survivors []string
	for _, f := range sc.Figures {
		if f.Kind == "enemy" && !f.Defeated {
			survivors = append(survivors, f.ID)
		}
	}
	inB := et.Letter(sc.Key) == "B"
	alertOnDeck := inB && sc.Alert == et.AlertOnDeck
	if alertOnDeck {
		box.Add(wrap("The Alert counter is still on the Menace deck: when the cubes set the Survivors off, no Menace card is drawn and no Survivor moves; the cubes are dealt again (Rulebook p.22)."))
	}
	_, tr, err := ae.EndOfTurnAlert(sc.CubesOnTarget, inB, alertOnDeck, survivors, sc.Aliens, s.Settings.RedealAfterSurvivors)
	if err == nil {
		e.Check.SetTrace(tr)
		box.Add(bold("If the turn ended now"))
		box.Add(e.Check)
	}
	return card("Consumed cubes", "", box)
}

func (e *EnemyScreen) setCubesForm() {
	s := e.state()
	spins := map[string]*spin{}
	var items []*widget.FormItem
	var ids []string
	for _, c := range living(s) {
		sp := number(0, et.CubesForActivation, c.Cubes)
		spins[c.ID] = sp
		ids = append(ids, c.ID)
		items = append(items, widget.NewFormItem(c.Named(), sp))
	}
	target := number(0, et.CubesForActivation, s.Scenario.CubesOnTarget)
	items = append(items, widget.NewFormItem("On "+cubeTarget(s.Scenario), target))
	items[0].HintText = "The 4 cubes are all somewhere: on the boards or on the target."
	e.cmdForm("Where the 4 cubes are", "Set", items, func() (tracker.Command, error) {
		cmd := et.SetCubes{Boards: map[string]int{}, OnTarget: target.Value}
		total := target.Value
		for _, id := range ids {
			cmd.Boards[id] = spins[id].Value
			total += spins[id].Value
		}
		if total != et.CubesForActivation {
			return nil, widgets.Problems{"": fmt.Sprintf("These make %d cubes; there are always %d.", total, et.CubesForActivation)}
		}
		return cmd, nil
	})
}

func (e *EnemyScreen) moveCubesForm() {
	opts := options(living(e.state()))
	from, to := widget.NewSelect(opts, nil), widget.NewSelect(opts, nil)
	n := number(1, et.CubesForActivation, 1)
	first := widget.NewFormItem("From", from)
	first.HintText = "Extra cubes can sit on any board; a fallen Character's cubes go to another board (Rulebook p.24)."
	e.cmdForm("Move cubes between boards", "Move", []*widget.FormItem{
		first, widget.NewFormItem("To", to), widget.NewFormItem("Cubes", n),
	}, func() (tracker.Command, error) {
		switch {
		case from.Selected == "":
			return nil, need("From", "choose the board the cubes leave")
		case to.Selected == "":
			return nil, need("To", "choose the board the cubes go to")
		}
		return et.MoveCubes{From: idOf(e.state(), from.Selected), To: idOf(e.state(), to.Selected), N: n.Value}, nil
	})
}

func (e *EnemyScreen) historyCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	box := container.NewVBox()
	if len(sc.Activations) == 0 {
		box.Add(note("Nothing yet."))
	}
	for i := len(sc.Activations) - 1; i >= 0; i-- {
		title, why := activationWords(sc.Activations[i])
		box.Add(bold(title))
		for _, l := range why {
			box.Add(note(l))
		}
	}
	if len(sc.Activations) > 0 {
		e.OverrideBtn = btn("We did it differently…", e.overrideForm)
		box.Add(e.OverrideBtn)
	}
	return card("Enemy decisions this scenario", "Newest first, each with its reasons", box)
}

// activationCommand is Resolve's: the aliens activate from module (1 the
// leftmost), as a Menace card orders.
func activationCommand(module int) tracker.Command { return et.MenaceActivation{Module: module} }

// activationWords are a recorded activation as the Enemy tab lists it:
// its round and what it did, and its reasons.
func activationWords(a et.ActivationRecord) (string, []string) {
	return fmt.Sprintf("Round %d: %s", a.Round, a.What), traceWords(a.Trace)
}

// traceStep is one line of a recorded trace: "1. [rule] text → result".
var traceStep = regexp.MustCompile(`^(\d+)\. \[([^\]]*)\] (.*)$`)

// traceWords is a recorded trace in the players' words: each step cites
// the rulebook page its rule names, never the spec's section.
func traceWords(trace string) []string {
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(trace), "\n") {
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		m := traceStep.FindStringSubmatch(line)
		if m == nil {
			out = append(out, line)
			continue
		}
		step := "Step " + m[1]
		if c := widgets.Citation(m[2]); c != "" {
			step += " (" + c + ")"
		}
		out = append(out, step+": "+m[3])
	}
	return out
}

func (e *EnemyScreen) overrideForm() {
	instead := textEntry("what the group did instead", "")
	why := textEntry("why", "")
	e.cmdForm("We did it differently", "Record", []*widget.FormItem{
		widget.NewFormItem("Instead", instead), widget.NewFormItem("Because", why),
	}, func() (tracker.Command, error) {
		if strings.TrimSpace(instead.Text) == "" {
			return nil, need("Instead", "say what the group did")
		}
		return et.OverrideActivation{Instead: instead.Text, Reason: why.Text}, nil
	})
}
