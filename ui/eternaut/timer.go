package eternaut

import (
	"fmt"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// timerCard is the Timer track as the board draws it: the clock, then the
// spaces up to the track's end, the token on its space and the Event
// counters on theirs (Rulebook p.8, p.21; spec §5.4, §5.5).
func (p *PlayScreen) timerCard(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	t := timerTrack(s)
	t.OnTapSpace = p.moveTimerForm
	p.Track = t
	spaces := make([]int, 0, len(sc.Events))
	for sp := range sc.Events {
		spaces = append(spaces, sp)
	}
	slices.Sort(spaces)
	box := container.NewVBox(t)
	for _, sp := range spaces {
		for _, ev := range sc.Events[sp] {
			id, space := ev, sp
			b := iconBtn("Take off", theme.ContentClearIcon(), nil)
			b.OnTapped = func() { p.doFrom(b, et.RemoveEvent{ID: id, Space: space}) }
			box.Add(container.NewBorder(nil, nil, nil, b, wrap(fmt.Sprintf("Event %s on space %d: read %s when the Timer lands there", ev, sp, et.TimerParagraph(ev)))))
		}
	}
	box.Add(flow(btn("Place an Event counter…", p.placeEventForm),
		iconBtn("Correct by hand…", theme.DocumentCreateIcon(), p.correctScenarioForm)))
	box.Add(note("Tap a space to move the Timer by hand. It moves one space toward the clock at each end of round; on the clock the scenario ends."))
	return card("", "", box)
}

// timerTrack is the Timer track: the clock, the spaces the scenario can
// use (up to its start, or a counter or a hand move beyond it, and two
// spare for moving the token up by hand), the token on its space and the
// Event counters on theirs.
func timerTrack(s *et.State) *widgets.Track {
	sc := s.Scenario
	n := max(sc.TimerStart, sc.Timer)
	for sp := range sc.Events {
		n = max(n, sp)
	}
	n = min(s.Settings.TimerMax, n+2)
	labels := make([]string, n+1)
	labels[0] = "⏰"
	for i := 1; i <= n; i++ {
		labels[i] = strconv.Itoa(i)
	}
	t := widgets.NewTrack(timerWords(sc), labels, sc.Timer)
	t.MarkerName = "Timer"
	// The counters of a space sit in one stack, top to bottom, as on the
	// board (the order they are read in).
	counters := map[int][]widgets.Counter{}
	for space, evs := range sc.Events {
		for _, ev := range evs {
			counters[space] = append(counters[space], widgets.Counter{Label: ev, Color: colEvent})
		}
	}
	t.SetCounters(counters)
	return t
}

// timerWords say how long the scenario has left.
func timerWords(sc *et.Scenario) string {
	return fmt.Sprintf("Timer: %s left, round %d of at most %d", plural(sc.Timer, "round", "rounds"), sc.Round(), sc.TimerStart)
}

// eventIDs are the Event counters' IDs (001–010, Rulebook p.21).
func eventIDs() []string {
	out := make([]string, et.MaxEventCounterID)
	for i := range out {
		out[i] = fmt.Sprintf("%03d", i+1)
	}
	return out
}

func (p *PlayScreen) placeEventForm() {
	s := p.state()
	id := widget.NewSelect(eventIDs(), nil)
	space := number(1, s.Settings.TimerMax, max(1, s.Scenario.Timer-1))
	spaceItem := widget.NewFormItem("On Timer space", space)
	spaceItem.HintText = "Counters on one space are read top to bottom; the last placed goes on top of the stack's list."
	p.cmdForm("Place an Event counter", "Place", []*widget.FormItem{widget.NewFormItem("Event counter", id), spaceItem},
		func() (tracker.Command, error) {
			if id.Selected == "" {
				return nil, need("Event counter", "choose the counter's number")
			}
			return et.PlaceEvent{ID: id.Selected, Space: space.Value}, nil
		})
}

// moveTimerForm moves the Timer by hand, as a paragraph or card orders.
// Onto the clock it ends the scenario: a game-ending move, held to
// confirm.
func (p *PlayScreen) moveTimerForm(space int) {
	s := p.state()
	if space == 0 {
		p.holdForm("Move the Timer onto the clock?", "On the clock the scenario ends at once; then the end-of-scenario steps begin. Undo takes it back.",
			"Hold: the Timer goes on the clock", et.SetTimer{Value: 0, ConfirmEnd: true})
		return
	}
	trigger := widget.NewCheck("Read the Event counters on that space too", nil)
	item := widget.NewFormItem("Event counters", widgets.WrapCheck(trigger))
	item.HintText = "The rulebook reads them only when the end of a round moves the Timer there; tick it only if the paragraph or card says so."
	items := []*widget.FormItem{item}
	if len(s.Scenario.Events[space]) == 0 {
		items = []*widget.FormItem{widget.NewFormItem("", note(fmt.Sprintf("From space %d to space %d; no Event counter is on it.", s.Scenario.Timer, space)))}
	}
	p.cmdForm(fmt.Sprintf("Move the Timer to %d by hand", space), "Move", items, func() (tracker.Command, error) {
		return et.SetTimer{Value: space, TriggerEvents: trigger.Checked}, nil
	})
}
