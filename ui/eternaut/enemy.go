package eternaut

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa"
	ae "tablekeeper/automa/eternaut"
	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// EnemyScreen is the enemy side (§5.7, §5.8): where the 4 Consumed cubes
// are, the alien modules left to right with their aliens on the map, the
// activation order the rules give with its trace, and every activation of
// the scenario so far.
type EnemyScreen struct {
	kit
	scroll *container.Scroll
	// Module is the module a Menace card names (1 = leftmost), for Resolve.
	Module *widget.Select
	// Trace shows the activation order's reasoning.
	Trace *widgets.TracePanel
	// Preview is the trace of an activation from the chosen module now.
	Preview automa.Trace
}

// NewEnemyScreen builds the Enemy tab.
func NewEnemyScreen(ctx *shell.Context) *EnemyScreen {
	e := &EnemyScreen{kit: newKit(ctx), scroll: container.NewVScroll(nil)}
	e.Trace = widgets.NewTracePanel(automa.Trace{})
	e.Module = widget.NewSelect(nil, func(string) { e.Refresh() })
	ctx.OnChange(func(tracker.Event) { e.Refresh() })
	e.Refresh()
	return e
}

// Object is the tab's content.
func (e *EnemyScreen) Object() fyne.CanvasObject {
	return container.NewBorder(e.msg, nil, nil, nil, e.scroll)
}

func (e *EnemyScreen) module() int {
	return max(0, e.Module.SelectedIndex())
}

// Resolve runs the alien activation from the chosen module, as a Menace
// card orders (the R shortcut); the cube trigger runs by itself at the end
// of a turn.
func (e *EnemyScreen) Resolve() bool {
	s := e.state()
	if s.Phase != et.PhasePlaying || s.Scenario == nil || len(s.Scenario.Aliens) == 0 {
		e.say(errf("there is no alien module on the table to activate"))
		return true
	}
	e.do(et.MenaceActivation{Module: e.module() + 1})
	return true
}

// Refresh redraws the tab.
func (e *EnemyScreen) Refresh() {
	s := e.state()
	sc := s.Scenario
	box := container.NewVBox()
	if s.Phase != et.PhasePlaying || sc == nil {
		box.Add(heading("No scenario is being played"))
		box.Add(note("The Consumed cubes and the aliens come in with the scenarios (B after Rule card R-02, C to F)."))
		e.scroll.Content = container.NewPadded(box)
		e.scroll.Refresh()
		return
	}
	box.Add(e.cubesCard(s))
	box.Add(e.modulesCard(s))
	box.Add(e.historyCard(s))
	e.scroll.Content = container.NewPadded(box)
	e.scroll.Refresh()
}

func (e *EnemyScreen) cubesCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	box := container.NewVBox()
	if !sc.CubesActive {
		why := "not in play in this scenario"
		switch et.Letter(sc.Key) {
		case "B":
			why = "they come in when Rule card R-02 is revealed (Figures & cards tab)"
		case "F":
			why = "they start once the light-blue Menace cards are gone"
		}
		box.Add(note("The Consumed cubes are " + why + "."))
		return card("Consumed cubes (§5.7)", "", box)
	}
	target := "the Alien board"
	if et.Letter(sc.Key) == "B" {
		target = "the Survivors' Rule card"
	}
	box.Add(heading(fmt.Sprintf("On %s: %d of %d", target, sc.CubesOnTarget, et.CubesForActivation)))
	box.Add(pips(sc.CubesOnTarget, et.CubesForActivation, colCube))
	for _, c := range living(e.state()) {
		id := c.ID
		row := container.NewBorder(nil, nil, widget.NewLabel(fmt.Sprintf("%s %s", c.ID, c.Name)),
			btn("Card placed: move 1", func() { e.do(et.MoveCube{From: id}) }), pips(c.Cubes, et.CubesForActivation, colCube))
		box.Add(row)
	}
	box.Add(note("A cube moves by itself when the app records a card on a board that holds one; use “Card placed” for one it did not see (§5.7 C2)."))
	box.Add(flow(btn("Deal again (even split)", func() { e.do(et.DealCubes{}) }), btn("Set by hand…", e.setCubesForm),
		btn("Move between boards…", e.moveCubesForm)))
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
		box.Add(wrap("The Alert counter is still on the Menace deck: when the cubes set the Survivors off, no Menace card is drawn and no Survivor moves; the cubes are dealt again (§2.2, §5.7 C3)."))
	}
	_, tr, err := ae.EndOfTurnAlert(sc.CubesOnTarget, inB, alertOnDeck, survivors, sc.Aliens, s.Settings.RedealAfterSurvivors)
	if err == nil {
		box.Add(bold("The end-of-turn check if the turn ended now"))
		box.Add(widgets.NewTracePanel(tr))
	}
	return card("Consumed cubes (§5.7)", "", box)
}

func (e *EnemyScreen) setCubesForm() {
	s := e.state()
	entries := map[string]*widgets.CheckedEntry{}
	var items []*widget.FormItem
	for _, c := range living(s) {
		en := numEntry(0, 4, strconv.Itoa(c.Cubes))
		entries[c.ID] = en
		items = append(items, widget.NewFormItem(c.ID+" "+c.Name, en))
	}
	target := numEntry(0, 4, strconv.Itoa(s.Scenario.CubesOnTarget))
	items = append(items, widget.NewFormItem("On the target", target))
	e.cmdForm("Where the 4 cubes are", "Set", items, func() (tracker.Command, error) {
		cmd := et.SetCubes{Boards: map[string]int{}}
		for id, en := range entries {
			n, err := en.Int()
			if err != nil {
				return nil, errf("%s: %v", id, err)
			}
			cmd.Boards[id] = n
		}
		n, err := target.Int()
		if err != nil {
			return nil, err
		}
		cmd.OnTarget = n
		return cmd, nil
	})
}

func (e *EnemyScreen) moveCubesForm() {
	opts := options(living(e.state()))
	from, to := widget.NewSelect(opts, nil), widget.NewSelect(opts, nil)
	n := numEntry(1, 4, "1")
	e.cmdForm("Move cubes between boards (§5.7 C1, C5)", "Move", []*widget.FormItem{
		widget.NewFormItem("From", from), widget.NewFormItem("To", to), widget.NewFormItem("Cubes", n),
	}, func() (tracker.Command, error) {
		v, err := n.Int()
		if err != nil {
			return nil, err
		}
		return et.MoveCubes{From: idOf(from.Selected), To: idOf(to.Selected), N: v}, nil
	})
}

func (e *EnemyScreen) modulesCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	box := container.NewVBox()
	if len(sc.Aliens) == 0 {
		box.Add(note("No alien module in this scenario."))
		return card("Alien modules (§5.8)", "", box)
	}
	var names []string
	for i, m := range sc.Aliens {
		idx := i + 1
		names = append(names, fmt.Sprintf("%d %s", idx, m.Race))
		st := widgets.NewStepper(fmt.Sprintf("%d. %s on the map", idx, m.Race), 0, 99, m.OnMap, func(to int) bool {
			return e.do(et.SetAliensOnMap{Module: idx, OnMap: to})
		})
		box.Add(st)
	}
	cur := e.Module.SelectedIndex()
	e.Module.Options = names
	if cur < 0 || cur >= len(names) {
		cur = 0
	}
	e.Module.Selected = names[cur]
	e.Module.Refresh()
	box.Add(container.NewBorder(nil, nil, widget.NewLabel("A Menace card names"), nil, e.Module))
	a, tr, err := ae.ActivationOrder(sc.Aliens, cur)
	if err != nil {
		box.Add(wrap(refusal(err)))
	} else {
		e.Preview = tr
		e.Trace.SetTrace(tr)
		var order []string
		for _, i := range a.Draw {
			order = append(order, sc.Aliens[i].Race)
		}
		box.Add(heading("Activation order: " + joinOr(order, "nobody (no alien on the map)")))
		box.Add(e.Trace)
	}
	box.Add(primary(btn("Resolve: activate the aliens (R)", func() { e.Resolve() })))
	return card("Alien modules (§5.8)", "left to right on the Alien board", box)
}

func (e *EnemyScreen) historyCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	box := container.NewVBox()
	if len(sc.Activations) == 0 {
		box.Add(note("Nothing yet."))
	}
	for i := len(sc.Activations) - 1; i >= 0; i-- {
		a := sc.Activations[i]
		box.Add(bold(fmt.Sprintf("Round %d: %s", a.Round, a.What)))
		if t := strings.TrimSpace(a.Trace); t != "" {
			box.Add(note(t))
		}
	}
	if len(sc.Activations) > 0 {
		box.Add(btn("We did it differently…", e.overrideForm))
	}
	return card("Enemy decisions this scenario", "newest first, each with its reasons", box)
}

func (e *EnemyScreen) overrideForm() {
	instead := textEntry("what the group did instead", "")
	why := textEntry("why", "")
	e.cmdForm("Override the last decision", "Record", []*widget.FormItem{
		widget.NewFormItem("Instead", instead), widget.NewFormItem("Because", why),
	}, func() (tracker.Command, error) {
		return et.OverrideActivation{Instead: instead.Text, Reason: why.Text}, nil
	})
}
