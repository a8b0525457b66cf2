package reich

import (
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa"
	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// enemyScreen is the enemy's side: the map with every unit and token and
// each room's awareness, the last enemy decision's trace and what it did
// (new units lit up on the map), the triggers the players report, and the
// override with its reason.
type enemyScreen struct {
	k    *kit
	root fyne.CanvasObject

	// Map is the map picture; Trace the last decision's explanation.
	Map     *MapView
	Trace   *widgets.TracePanel
	summary *widget.Label
	title   *widget.Label
	// ResolveButton plays the enemy turn (the Resolve shortcut).
	ResolveButton *widget.Button

	shown *tracker.Event
	pay   rb.Payload
}

func newEnemyScreen(k *kit) *enemyScreen {
	e := &enemyScreen{k: k, Map: NewMapView(), Trace: widgets.NewTracePanel(automa.Trace{})}
	e.summary = wrapped("")
	e.title = heading("Last enemy decision")
	e.ResolveButton = widget.NewButtonWithIcon("Resolve the enemy turn", theme.MediaPlayIcon(), func() { e.Resolve() })
	e.ResolveButton.Importance = widget.HighImportance
	var bs []fyne.CanvasObject
	add := func(label string, f func()) { bs = append(bs, widgets.Touch(button(label, nil, f))) }
	add("A token is seen…", func() { e.TokenForm() })
	add("Room feature seen…", func() { e.FeatureForm() })
	add("Raise awareness…", func() { e.RaiseForm() })
	add("Spawn from a card…", func() { e.SpawnForm() })
	add("Override…", func() { e.OverrideForm() })
	legend := wrapped("Rooms: green at ease · orange suspicious · red alert. Doors: green open · orange closed · red locked. ♦ hero · ▲ enemy unit · ● spawn token (? face down) · yellow: placed by the last resolution.")
	legend.Importance = widget.LowImportance
	controls := container.NewVBox(widgets.AtLeast(fyne.NewSize(200, widgets.MinTouch*1.3), e.ResolveButton),
		widgets.NewFlow(bs...), k.msg)
	side := container.NewVBox(e.title, e.summary, e.Trace)
	mapBox := container.NewBorder(nil, legend, nil, nil, e.Map)
	e.root = container.NewVScroll(container.NewVBox(controls, widgets.NewAdaptive(mapBox, side)))
	e.Refresh()
	return e
}

// Refresh re-reads the mission and the last enemy decision in effect.
func (e *enemyScreen) Refresh() {
	e.shown, e.pay = gameOf(e.k.ctx).decision()
	m := e.k.mission()
	e.Map.SetMission(m, litBy(e.pay))
	e.ResolveButton.SetText("Resolve the enemy turn")
	if m != nil && m.Paused != nil {
		e.ResolveButton.SetText("Continue the enemy turn")
	}
	switch {
	case m == nil || m.Ended:
		e.ResolveButton.Disable()
	case m.Paused != nil && len(m.Pending) == 0:
		e.ResolveButton.Enable()
	case m.Paused == nil && m.Step == rb.StepEnemyTurn && !m.EnemyDone:
		e.ResolveButton.Enable()
	default:
		e.ResolveButton.Disable()
	}
	e.showPayload()
}

func (e *enemyScreen) showPayload() {
	if e.shown == nil {
		e.title.SetText("No enemy decision yet")
		e.summary.SetText("When the enemy acts, what it did and why shows here.")
		e.Trace.SetTrace(automa.Trace{})
		return
	}
	e.title.SetText(fmt.Sprintf("Event %d: %s", e.shown.Seq, e.pay.Summary))
	e.summary.SetText(SummaryText(e.pay))
	e.Trace.SetTrace(traceOf(e.pay))
}

// traceOf is a decision's trace for the trace panel.
func traceOf(p rb.Payload) automa.Trace {
	var tr automa.Trace
	for _, l := range p.Trace {
		tr.Steps = append(tr.Steps, automa.Step{Rule: l.Rule, Text: l.Text, TieBreak: l.TieBreak, Result: l.Result})
	}
	return tr
}

// SummaryText words what an enemy decision did to the board.
func SummaryText(p rb.Payload) string {
	var out []string
	if en := p.Enemy; en != nil {
		byArea := map[string][]string{}
		for _, u := range en.Placed {
			byArea[u.Area] = append(byArea[u.Area], u.Code+" "+u.Unit)
		}
		areas := make([]string, 0, len(byArea))
		for a := range byArea {
			areas = append(areas, a)
		}
		sort.Strings(areas)
		for _, a := range areas {
			out = append(out, fmt.Sprintf("Placed in %s: %s", a, strings.Join(byArea[a], ", ")))
		}
		for _, mv := range en.Moved {
			out = append(out, fmt.Sprintf("%s moved %s → %s", mv.Unit, mv.From, mv.To))
		}
		for _, r := range en.Removed {
			out = append(out, fmt.Sprintf("%s removed from %s", r.Unit, r.Area))
		}
		if len(en.Tokens) > 0 {
			out = append(out, "Spawn tokens placed: "+strings.Join(en.Tokens, ", "))
		}
		for _, a := range en.Attacks {
			out = append(out, fmt.Sprintf("%s attacks (%s) with total %d — defence tests on the Play tab", a.Code, a.Mode, a.Total))
		}
	}
	if len(out) == 0 && len(p.Lines) > 0 {
		out = p.Lines
	}
	if len(out) == 0 {
		return "Nothing changed on the board."
	}
	return strings.Join(out, "\n")
}

// Resolve plays the enemy turn (the Resolve shortcut).
func (e *enemyScreen) Resolve() {
	m := e.k.mission()
	switch {
	case m == nil:
		e.k.say(fmt.Errorf("no mission is in play"))
	case m.Paused != nil && len(m.Pending) > 0:
		e.k.say(fmt.Errorf("the heroes make their defence tests first (Play tab); then the enemy turn goes on"))
	case m.Paused != nil:
		e.k.doAsk(func(a ai.Answers) tracker.Command { return rb.EnemyTurn{Answers: a} })
	case m.Step != rb.StepEnemyTurn || m.EnemyDone:
		e.k.say(fmt.Errorf("the enemy acts after a hero's turn; now it is %s", stepWords(m)))
	case len(m.Pending) > 0:
		e.k.say(fmt.Errorf("the heroes make their defence tests first (Play tab)"))
	default:
		e.k.doAsk(func(a ai.Answers) tracker.Command { return rb.EnemyTurn{Answers: a} })
	}
}

func (e *enemyScreen) tokens() []string {
	var out []string
	if m := e.k.mission(); m != nil {
		for _, t := range m.Tokens {
			if !t.Cleared {
				out = append(out, t.ID)
			}
		}
	}
	return out
}

// TokenForm spawns a token a hero saw (T3): its icons if face down.
func (e *enemyScreen) TokenForm() *formDialog {
	return e.k.cmdForm("A spawn token is seen (§7.4.3)", "Spawn", []fld{
		choice("Token", e.tokens(), ""), text("Icons", "face down: the icons shown when turned, e.g. green orange", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		lv, err := parseLevels(v.S("Icons"))
		if err != nil {
			return nil, err
		}
		tok := v.S("Token")
		return func(a ai.Answers) tracker.Command { return rb.TriggerToken{Token: tok, Icons: lv, Answers: a} }, nil
	})
}

// FeatureForm reveals a room feature a hero saw.
func (e *enemyScreen) FeatureForm() *formDialog {
	var feats []string
	if m := e.k.mission(); m != nil {
		for _, f := range m.Map.Features {
			if !m.Features[f.ID] {
				feats = append(feats, f.ID)
			}
		}
	}
	return e.k.cmdForm("A room feature is seen (§7.4.7)", "Reveal", []fld{
		choice("Feature", feats, ""), text("Icons", "the spawn icons on its card (blank: none)", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		lv, err := parseLevels(v.S("Icons"))
		if err != nil {
			return nil, err
		}
		f := v.S("Feature")
		return func(a ai.Answers) tracker.Command { return rb.RevealFeature{Feature: f, Icons: lv, Answers: a} }, nil
	})
}

// RaiseForm raises a room's awareness as a card says.
func (e *enemyScreen) RaiseForm() *formDialog {
	var rooms []string
	if m := e.k.mission(); m != nil {
		rooms = m.Rooms()
	}
	return e.k.cmdForm("Raise a room's awareness (§7.3)", "Raise", []fld{
		choice("Room", rooms, ""), choice("Levels", []string{"1", "2"}, "1"),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		n, _ := v.I("Levels")
		room := v.S("Room")
		return func(a ai.Answers) tracker.Command { return rb.RaiseAwareness{Room: room, Levels: n, Answers: a} }, nil
	})
}

// SpawnForm resolves a spawn a card calls for.
func (e *enemyScreen) SpawnForm() *formDialog {
	return e.k.cmdForm("Spawn from a card (§7.4.4–§7.4.5, §11.4)", "Spawn", []fld{
		choice("Kind", []string{"patrol", "barracks", "darkness"}, "patrol"),
		text("Icons", "e.g. green orange", ""),
		choice("Patrol awareness", []string{"atEase", "suspicious", "alert"}, "suspicious"),
		choice("Barracks", []string{"A", "B", "C"}, "A"),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		lv, err := parseLevels(v.S("Icons"))
		if err != nil {
			return nil, err
		}
		c := rb.SpawnEffect{Kind: v.S("Kind"), Icons: lv}
		switch c.Kind {
		case "patrol":
			aw, err := parseAwareness(v.S("Patrol awareness"))
			if err != nil {
				return nil, err
			}
			c.Awareness = &aw
		case "barracks":
			c.Letter = v.S("Barracks")
		}
		return func(a ai.Answers) tracker.Command { c.Answers = a; return c }, nil
	})
}

// OverrideForm replaces the last decision (or sets the table by hand),
// with the reason.
func (e *enemyScreen) OverrideForm() *formDialog {
	of := 0
	if e.shown != nil {
		of = int(e.shown.Seq)
	}
	return e.k.cmdForm("Override the enemy (the table decides)", "Override", []fld{
		num("Of event", "the decision overridden (0: a correction)", of),
		text("Remove units", "unit ids, e.g. m3 m4", ""),
		text("Place units", "CODE@AREA, e.g. GR@B2 DG@C1", ""),
		text("Move units", "UNIT@AREA, e.g. m3@A2", ""),
		text("Awareness", "ROOM=LEVEL, e.g. R2=alert R3=atEase", ""),
		text("Doors", "DOOR=STATE, e.g. D1=open", ""),
		text("Remove tokens", "token ids", ""),
		text("Add tokens", "AREA or AREA:icons, e.g. B2:green", ""),
		text("Cleared rooms", "ROOM=on or ROOM=off", ""),
		text("Reason", "why the table differs", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		n, err := v.I("Of event")
		if err != nil {
			return nil, err
		}
		c := rb.Override{Of: uint64(max(n, 0)), Reason: v.S("Reason"), Remove: v.L("Remove units"), RemoveTokens: v.L("Remove tokens")}
		for _, w := range v.L("Place units") {
			code, ar, ok := strings.Cut(w, "@")
			if !ok {
				return nil, fmt.Errorf("place units: write %q as CODE@AREA", w)
			}
			c.Place = append(c.Place, rb.UnitPlacement{Code: code, Area: ar})
		}
		if c.Move, err = pairs(v.L("Move units"), "@", "move units", "UNIT@AREA"); err != nil {
			return nil, err
		}
		aw, err := pairs(v.L("Awareness"), "=", "awareness", "ROOM=LEVEL")
		if err != nil {
			return nil, err
		}
		for r, l := range aw {
			lv, err := parseAwareness(l)
			if err != nil {
				return nil, fmt.Errorf("awareness of %s: %w", r, err)
			}
			if c.Awareness == nil {
				c.Awareness = map[string]content.Awareness{}
			}
			c.Awareness[r] = lv
		}
		ds, err := pairs(v.L("Doors"), "=", "doors", "DOOR=STATE")
		if err != nil {
			return nil, err
		}
		for d, st := range ds {
			if c.Doors == nil {
				c.Doors = map[string]content.DoorState{}
			}
			c.Doors[d] = content.DoorState(strings.ToLower(st))
		}
		for _, w := range v.L("Add tokens") {
			ar, icons, _ := strings.Cut(w, ":")
			lv, err := parseLevels(strings.ReplaceAll(icons, "+", " "))
			if err != nil {
				return nil, fmt.Errorf("add tokens %q: %w", w, err)
			}
			c.AddTokens = append(c.AddTokens, rb.Token{Area: ar, Icons: lv})
		}
		cl, err := pairs(v.L("Cleared rooms"), "=", "cleared rooms", "ROOM=on")
		if err != nil {
			return nil, err
		}
		for r, s := range cl {
			if c.Cleared == nil {
				c.Cleared = map[string]bool{}
			}
			c.Cleared[r] = s == "on" || s == "true" || s == "yes"
		}
		return plain(c), nil
	})
}

// pairs reads KEY<sep>VALUE words into a map.
func pairs(ws []string, sep, field, form string) (map[string]string, error) {
	if len(ws) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, w := range ws {
		k, v, ok := strings.Cut(w, sep)
		if !ok || k == "" || v == "" {
			return nil, fmt.Errorf("%s: write %q as %s", field, w, form)
		}
		out[k] = v
	}
	return out, nil
}
