package reich

import (
	"fmt"
	"regexp"
	"slices"
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
	// Why says why the buttons that cannot work yet are off.
	Why     *widget.Label
	actions []*widget.Button

	shown *tracker.Event
	pay   rb.Payload
	split *mapSplit
}

func newEnemyScreen(k *kit) *enemyScreen {
	e := &enemyScreen{k: k, Map: NewMapView(), Trace: widgets.NewTracePanel(automa.Trace{})}
	e.summary = wrapped("")
	e.title = heading("Last enemy decision")
	e.ResolveButton = k.tap("Resolve the enemy turn", theme.MediaPlayIcon(), func() { e.Resolve() })
	e.ResolveButton.Importance = widget.HighImportance
	var bs []fyne.CanvasObject
	add := func(label string, f func()) {
		b := k.tap(label, nil, f)
		e.actions = append(e.actions, b)
		bs = append(bs, widgets.Touch(b))
	}
	add("A token is seen…", func() { e.TokenForm() })
	add("Room feature seen…", func() { e.FeatureForm() })
	add("Raise awareness…", func() { e.RaiseForm() })
	add("Spawn from a card…", func() { e.SpawnForm() })
	add("Override…", func() { e.OverrideForm() })
	legend := wrapped("Rooms: green at ease · orange suspicious · red alert. Doors: green open · orange closed · red locked. ♦ hero · ▲ enemy unit · ● spawn token (? face down) · yellow: placed by the last resolution.")
	legend.Importance = widget.LowImportance
	e.Why = wrapped("")
	e.Why.Importance = widget.LowImportance
	controls := container.NewVBox(widgets.AtLeast(fyne.NewSize(200, widgets.MinTouch*1.3), e.ResolveButton), e.Why,
		widgets.NewFlow(bs...))
	// The map beside (landscape) or above (portrait) the buttons and the
	// decision, its share of the tab fixed: it shows the whole map at the
	// size the tab leaves it, never a row and a half under the buttons.
	// The map's key goes with the buttons: under the map it took four
	// lines of the map's height at the largest text.
	side := container.NewVScroll(container.NewVBox(controls, e.title, e.summary, e.Trace, legend))
	e.split = &mapSplit{Wide: 0.58, Tall: 0.5}
	e.root = container.New(e.split, e.Map, side)
	e.Refresh()
	return e
}

// Refresh re-reads the mission and the last enemy decision in effect.
func (e *enemyScreen) Refresh() {
	e.shown, e.pay = gameOf(e.k.ctx).decision()
	m := e.k.mission()
	e.Map.Names = e.k.namer()
	e.Map.SetMission(m, litBy(e.pay))
	e.ResolveButton.SetText("Resolve the enemy turn")
	if m != nil && m.Paused != nil {
		e.ResolveButton.SetText("Continue the enemy turn")
	}
	// A button that cannot work yet is off, and the line under it says why.
	why := ""
	switch {
	case m == nil:
		why = "No mission is in play: set one up on the Play tab."
	case m.Ended:
		why = "The mission is over."
	case m.Paused != nil && len(m.Pending) > 0:
		why = "The heroes' defence tests come first (Play tab); then the enemy turn goes on."
	case m.Paused != nil:
	case m.Step == rb.StepEnemyTurn && len(m.Pending) > 0:
		why = "The heroes' defence tests come first (Play tab)."
	case m.Step == rb.StepEnemyTurn && !m.EnemyDone:
	default:
		why = "The enemy acts after each hero's turn; now it is " + stepWords(m) + "."
	}
	if why == "" {
		e.ResolveButton.Enable()
	} else {
		e.ResolveButton.Disable()
	}
	e.Why.SetText(why)
	for _, b := range e.actions {
		if m == nil || m.Ended {
			b.Disable()
		} else {
			b.Enable()
		}
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
	n := e.k.namer()
	e.title.SetText(n.Line(e.pay.Summary))
	e.summary.SetText(summaryText(e.pay, n))
	e.Trace.SetTrace(traceOf(e.pay, n))
	if en := e.pay.Enemy; en != nil && en.Step > 0 && en.Step <= len(e.pay.Trace) {
		e.Trace.SetDeciding(en.Step - 1) // the step whose change the card shows (issue 23 item 3)
	}
	e.Trace.ShowDeciding()
}

// traceOf is a decision's trace for the trace panel, in the players'
// words (n names units, heroes and cards as they were entered; the rule's
// name keeps its sections: the panel shows only a rulebook page from it).
func traceOf(p rb.Payload, n rb.Namer) automa.Trace {
	var tr automa.Trace
	for _, l := range p.Trace {
		tr.Steps = append(tr.Steps, automa.Step{Rule: l.Rule, Text: capital(n.Line(l.Text)), TieBreak: n.Line(l.TieBreak), Result: n.Line(l.Result)})
	}
	return tr
}

// SummaryText words what an enemy decision did to the board.
func SummaryText(p rb.Payload) string { return summaryText(p, rb.Namer{}) }

// unitWords names a unit ("DS-1") as the players do: its type's name and
// number ("Drill Sentry 1").
func unitWords(n rb.Namer, id string) string { return n.Line(id) }

// shownAbove are the diary lines the summary words from the structured
// record already (units placed, moved, removed, attacks), and the turn's
// flow the Play tab's heading shows ("Ned Farrow's turn").
var shownAbove = regexp.MustCompile(`\bplaced in\b|\bmoved\b.*→|\bremoved from\b|\battacks\b|'s turn$|^spawn card \S+ discarded$|defence test|^spawn token \S+ removed from`)

// summaryText words what an enemy decision did to the board, units named
// as n says; a decision that changed nothing says so.
func summaryText(p rb.Payload, n rb.Namer) string {
	var out []string
	if en := p.Enemy; en != nil {
		byArea := map[string][]string{}
		for _, u := range en.Placed {
			byArea[u.Area] = append(byArea[u.Area], unitWords(n, u.Unit))
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
			out = append(out, fmt.Sprintf("%s moved %s → %s", unitWords(n, mv.Unit), mv.From, mv.To))
		}
		for _, r := range en.Removed {
			out = append(out, fmt.Sprintf("%s removed from %s", unitWords(n, r.Unit), r.Area))
		}
		if len(en.Tokens) > 0 {
			out = append(out, "Spawn tokens placed: "+strings.Join(en.Tokens, ", "))
		}
		for _, a := range en.Attacks {
			mode := "in melee"
			if a.Mode == "ranged" {
				mode = "at range"
			}
			who := strings.Join(mapNames(n, a.Defenders), " and ")
			if who == "" {
				who = "a hero"
			}
			out = append(out, fmt.Sprintf("%s attacks %s %s, total %d: the defence test is the players' to make", n.Line(a.Code), who, mode, a.Total))
		}
	}
	for _, l := range p.Lines {
		if l = n.Line(l); !shownAbove.MatchString(l) {
			out = append(out, capital(l))
		}
	}
	if len(out) == 0 {
		why := ""
		for _, l := range p.Trace {
			if strings.HasPrefix(l.Text, "No enemy unit is alert") {
				why = ": no enemy unit was alert, so none moved or attacked"
			}
		}
		return "Nothing changed on the board" + why + "."
	}
	return strings.Join(out, "\n")
}

func mapNames(n rb.Namer, ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = n.Line(id)
	}
	return out
}

// namer names units, heroes and cards as the players entered them.
func (k *kit) namer() rb.Namer { return k.state().Namer() }

// Resolve plays the enemy turn (the Resolve shortcut).
func (e *enemyScreen) Resolve() {
	build, err := enemyTurn(e.k.mission())
	if err != nil {
		e.k.say(err)
		return
	}
	e.k.doAsk(build)
}

// enemyTurn is the enemy turn Resolve plays now (or carries on), with the
// players' answers to what the enemy rules ask; or why it cannot be
// played now.
func enemyTurn(m *rb.Mission) (func(ai.Answers) tracker.Command, error) {
	switch {
	case m == nil:
		return nil, fmt.Errorf("no mission is in play")
	case m.Paused != nil && len(m.Pending) > 0:
		return nil, fmt.Errorf("the heroes make their defence tests first (Play tab); then the enemy turn goes on")
	case m.Paused != nil:
	case m.Step != rb.StepEnemyTurn || m.EnemyDone:
		return nil, fmt.Errorf("the enemy acts after a hero's turn; now it is %s", stepWords(m))
	case len(m.Pending) > 0:
		return nil, fmt.Errorf("the heroes make their defence tests first (Play tab)")
	}
	return func(a ai.Answers) tracker.Command { return rb.EnemyTurn{Answers: a} }, nil
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

// tokenWords names a spawn token by where it lies and what it shows.
func (e *enemyScreen) tokenWords(id string) string {
	m := e.k.mission()
	for _, t := range m.Tokens {
		if t.ID == id {
			s := fmt.Sprintf("%s in %s", t.ID, t.Area)
			if len(t.Icons) == 0 {
				return s + ", face down"
			}
			return s + ", " + iconsText(t.Icons)
		}
	}
	return id
}

// TokenForm spawns a token a hero saw (T3). A face-up token's icons are
// shown as they lie on it, fixed; a face-down token's are tapped in their
// colours as it shows them when turned over.
func (e *enemyScreen) TokenForm() *formDialog {
	toks := e.tokens()
	first := ""
	if len(toks) > 0 {
		first = toks[0]
	}
	var ic *iconsField
	f := e.k.cmdForm("A spawn token is seen", "Spawn", []fld{
		choiceW("Token", toks, e.tokenWords, first), icons("Icons", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		lv := v.Levels("Icons")
		if ic != nil && ic.Fixed() {
			lv = nil // a face-up token spawns with its own icons
		}
		tok := v.S("Token")
		return func(a ai.Answers) tracker.Command { return rb.TriggerToken{Token: tok, Icons: lv, Answers: a} }, nil
	})
	ic, _ = f.Field("Icons").(*iconsField)
	if ic == nil {
		return f
	}
	sync := func(id string) {
		if m := e.k.mission(); m != nil {
			for _, t := range m.Tokens {
				if t.ID == id && len(t.Icons) > 0 {
					ic.Fix(t.Icons, "The icons on the token, face up.")
					f.fit()
					return
				}
			}
		}
		ic.Free("Face down: tap the icons it shows when turned over.")
		f.fit()
	}
	switch w := f.Field("Token").(type) {
	case *choiceField:
		w.OnChanged = sync
	case *optionSelect:
		w.OnChanged = func(string) { sync(w.Value()) }
	}
	sync(first)
	return f
}

// FeatureForm reveals a room feature a hero saw.
func (e *enemyScreen) FeatureForm() *formDialog {
	var feats []string
	words := map[string]string{}
	if m := e.k.mission(); m != nil {
		for _, f := range m.Map.Features {
			if !m.Features[f.ID] {
				feats = append(feats, f.ID)
				words[f.ID] = f.ID + " in " + f.Area
			}
		}
	}
	first := ""
	if len(feats) > 0 {
		first = feats[0]
	}
	return e.k.cmdForm("A room feature is seen", "Reveal", []fld{
		choiceW("Feature", feats, func(s string) string { return words[s] }, first), icons("Icons", "the spawn icons on its card (none: no spawn)"),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		lv := v.Levels("Icons")
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
	first := ""
	if len(rooms) > 0 {
		first = rooms[0]
	}
	return e.k.cmdForm("Raise a room's awareness", "Raise", []fld{
		choice("Room", rooms, first), numIn("Levels", "", 1, 1, 2),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		n, _ := v.I("Levels")
		room := v.S("Room")
		return func(a ai.Answers) tracker.Command { return rb.RaiseAwareness{Room: room, Levels: n, Answers: a} }, nil
	})
}

var awarenessLevels = []string{"0", "1", "2"}

func awarenessOf(s string) content.Awareness { return content.Awareness(s[0] - '0') }

func awarenessChoiceWords(s string) string { return rb.AwarenessWords(awarenessOf(s)) }

// SpawnForm resolves a spawn a card calls for.
func (e *enemyScreen) SpawnForm() *formDialog {
	kinds := map[string]string{"patrol": "a patrol (before the alarm)", "barracks": "at a barracks (after the alarm)", "darkness": "from the darkness (alien world)"}
	return e.k.cmdForm("Spawn from a card", "Spawn", []fld{
		choiceW("Kind", []string{"patrol", "barracks", "darkness"}, func(s string) string { return kinds[s] }, "patrol"),
		icons("Icons", "the card's spawn icons, in printed order"),
		choiceW("Patrol comes", awarenessLevels, awarenessChoiceWords, "1"),
		choice("Barracks", []string{"A", "B", "C"}, "A"),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		c := rb.SpawnEffect{Kind: v.S("Kind"), Icons: v.Levels("Icons")}
		switch c.Kind {
		case "patrol":
			aw := awarenessOf(v.S("Patrol comes"))
			c.Awareness = &aw
		case "barracks":
			c.Letter = v.S("Barracks")
		}
		return func(a ai.Answers) tracker.Command { c.Answers = a; return c }, nil
	})
}

// OverrideForm replaces the last decision (or sets the table by hand),
// with the reason: every change picked from what is on the map.
func (e *enemyScreen) OverrideForm() *formDialog {
	k := e.k
	m := k.mission()
	if m == nil {
		m = &rb.Mission{}
	}
	of := []string{"0"}
	ofWords := map[string]string{"0": "none: a correction of the table"}
	if e.shown != nil {
		id := fmt.Sprint(e.shown.Seq)
		of = append([]string{id}, of...)
		ofWords[id] = "the last decision: " + e.pay.Summary
	}
	ofField := newChoiceField(of, func(s string) string { return ofWords[s] }, of[0], nil)
	units, uwords := []string{}, func(s string) string { return s }
	if k.mission() != nil {
		p := &playScreen{k: k}
		units, uwords = p.unitsNear("")
	}
	remove := newPicksField(units, uwords, nil, false)
	var codes []string
	fac := k.state().Library.FactionByID(m.Faction)
	if fac != nil {
		for _, u := range fac.Units {
			codes = append(codes, u.Code)
		}
	}
	codeWords := func(c string) string {
		if fac != nil {
			return unitName(c, *fac)
		}
		return c
	}
	areas := areaIDs(m)
	aw := areaWords(m)
	place := newListField("Place units", func() listRow {
		code := newOptionSelect(codes, codeWords, "")
		area := newOptionSelect(areas, aw, "")
		n := newStepField(1, 10, 1, nil)
		return listRow{container.NewVBox(widgets.Touch(code), widgets.Touch(area), n), func() []string {
			return []string{code.Value(), area.Value(), itoa(n.Value)}
		}}
	})
	move := newListField("Move a unit", func() listRow {
		u := newOptionSelect(units, uwords, "")
		to := newOptionSelect(areas, aw, "")
		return listRow{container.NewVBox(widgets.Touch(u), widgets.Touch(to)), func() []string { return []string{u.Value(), to.Value()} }}
	})
	rooms := m.Rooms()
	awareness := newListField("Set a room's awareness", func() listRow {
		r := newOptionSelect(rooms, func(s string) string { return s }, "")
		l := newChoiceField(awarenessLevels, awarenessChoiceWords, "0", nil)
		return listRow{container.NewVBox(widgets.Touch(r), l), func() []string { return []string{r.Value(), l.Value()} }}
	})
	var doorIDs []string
	for _, d := range m.Map.Doors {
		doorIDs = append(doorIDs, d.ID)
	}
	doors := newListField("Set a door", func() listRow {
		d := newOptionSelect(doorIDs, func(s string) string { return s }, "")
		st := newChoiceField([]string{string(content.Locked), string(content.Closed), string(content.Open)}, func(s string) string { return s }, string(content.Open), nil)
		return listRow{container.NewVBox(widgets.Touch(d), st), func() []string { return []string{d.Value(), st.Value()} }}
	})
	removeTokens := newPicksField(e.tokens(), e.tokenWords, nil, false)
	addTokens := newListField("Put a spawn token down", func() listRow {
		area := newOptionSelect(areas, aw, "")
		ic := newIconsField(nil, "face down", nil)
		return listRow{container.NewVBox(widgets.Touch(area), ic), func() []string {
			out := []string{area.Value()}
			for _, l := range ic.Icons {
				out = append(out, string(l))
			}
			return out
		}}
	})
	cleared := newListField("Put or take a cleared token", func() listRow {
		r := newOptionSelect(rooms, func(s string) string { return s }, "")
		on := newChoiceField([]string{"on", "off"}, func(s string) string {
			if s == "on" {
				return "cleared"
			}
			return "not cleared"
		}, "on", nil)
		return listRow{container.NewVBox(widgets.Touch(r), on), func() []string { return []string{r.Value(), on.Value()} }}
	})
	reason := entry("why the table differs", "")
	items := []*widget.FormItem{
		widget.NewFormItem("Overrides", ofField), widget.NewFormItem("Take units off", remove), widget.NewFormItem("Place units", place),
		widget.NewFormItem("Move units", move), widget.NewFormItem("Awareness", awareness), widget.NewFormItem("Doors", doors),
		widget.NewFormItem("Take spawn tokens off", removeTokens), widget.NewFormItem("Put spawn tokens down", addTokens),
		widget.NewFormItem("Cleared tokens", cleared), widget.NewFormItem("Reason", reason),
	}
	return k.form("Override the enemy (the table decides)", "Override", items, func() error {
		n, _ := atoi("", ofField.Value())
		c := rb.Override{Of: uint64(max(n, 0)), Reason: strings.TrimSpace(reason.Text), Remove: slices.Clone(remove.Chosen), RemoveTokens: slices.Clone(removeTokens.Chosen)}
		for _, r := range place.Values() {
			if r[0] == "" || r[1] == "" {
				return rb.Problems{{Key: "Place units", Text: "pick the unit and the area of each placement"}}
			}
			cnt, _ := atoi("", r[2])
			for range cnt {
				c.Place = append(c.Place, rb.UnitPlacement{Code: r[0], Area: r[1]})
			}
		}
		for _, r := range move.Values() {
			if r[0] == "" || r[1] == "" {
				return rb.Problems{{Key: "Move units", Text: "pick the unit and where it goes"}}
			}
			if c.Move == nil {
				c.Move = map[string]string{}
			}
			c.Move[r[0]] = r[1]
		}
		for _, r := range awareness.Values() {
			if r[0] == "" {
				return rb.Problems{{Key: "Awareness", Text: "pick the room"}}
			}
			if c.Awareness == nil {
				c.Awareness = map[string]content.Awareness{}
			}
			c.Awareness[r[0]] = awarenessOf(r[1])
		}
		for _, r := range doors.Values() {
			if r[0] == "" {
				return rb.Problems{{Key: "Doors", Text: "pick the door"}}
			}
			if c.Doors == nil {
				c.Doors = map[string]content.DoorState{}
			}
			c.Doors[r[0]] = content.DoorState(r[1])
		}
		for _, r := range addTokens.Values() {
			if r[0] == "" {
				return rb.Problems{{Key: "Put spawn tokens down", Text: "pick the area"}}
			}
			var lv []content.Level
			for _, l := range r[1:] {
				lv = append(lv, content.Level(l))
			}
			c.AddTokens = append(c.AddTokens, rb.Token{Area: r[0], Icons: lv})
		}
		for _, r := range cleared.Values() {
			if r[0] == "" {
				return rb.Problems{{Key: "Cleared tokens", Text: "pick the room"}}
			}
			if c.Cleared == nil {
				c.Cleared = map[string]bool{}
			}
			c.Cleared[r[0]] = r[1] == "on"
		}
		if c.Reason == "" {
			return rb.Problems{{Key: "Reason", Text: "say why the table differs"}}
		}
		_, err := k.run(c)
		return err
	})
}
