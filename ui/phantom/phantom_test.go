package phantom

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	ap "tablekeeper/automa/phantom"
	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// The test content is made up: neutral names and numbers, no card text.

func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// testMapJSON is a w×h parallelogram, rows A… (r), columns 1… (q); entry
// points on the last row, two adversary icons on the first row, a wall,
// a destructible object, fire and a gap.
func testMapJSON(w, h int) string {
	var sp []string
	for r := 0; r < h; r++ {
		for q := 0; q < w; q++ {
			label := fmt.Sprintf("%s-%d", hex.RowName(r), q+1)
			extra := ""
			switch {
			case r == h-1 && q < 4:
				extra = `, "entryPoint": true`
			case r == 0 && (q == 1 || q == w-2):
				extra = `, "placementIcons": [{"adversary": "Vex Brute", "characters": "2-4"}]`
			case r == 1 && q == 2:
				extra = `, "object": "destructible"`
			case r == 2 && q == w-1:
				extra = `, "hazard": "fire"`
			case r == 1 && q == 4:
				extra = `, "terrain": "gap", "gapKind": "water"`
			}
			sp = append(sp, fmt.Sprintf(`{"label": %q, "q": %d, "r": %d%s}`, label, q, r, extra))
		}
	}
	return `{"missionId": "Orbos-1", "planet": "Orbos", "difficulty": 1, "spaces": [` + strings.Join(sp, ",\n") +
		`], "walls": [["B-1", "C-1"], ["B-2", "C-2"]]}`
}

// fixture enters the content and two characters.
func fixture(w, h int) []tracker.Command {
	var cmds []tracker.Command
	put := func(kind tp.ContentKind, id string, v any) {
		cmds = append(cmds, tp.SaveContent{Kind: kind, ID: id, Data: raw(v)})
	}
	put(tp.KindMap, "orbos-1", json.RawMessage(testMapJSON(w, h)))
	put(tp.KindMission, "", tp.MissionInfo{ID: "Orbos-1", Planet: "Orbos", Difficulty: 1, Map: "orbos-1", SP: 2, Fame: map[string]int{"Orbos": 1}})
	put(tp.KindAdversary, "", ap.AdversaryType{Name: "Vex Brute", Species: "Vex", Class: "Brute", Difficulty: 1, HP: 6, Attack: 1, Range: 1, Standees: 4})
	for i := 1; i <= 3; i++ {
		put(tp.KindSpeciesCard, fmt.Sprintf("V%d", i), tp.SpeciesCard{Species: "Vex", Card: ap.Card{AP: 1, Actions: []ap.Action{{Kind: ap.ActMove, Value: 3}}}})
		var rows []ap.ClassRow
		for _, col := range ap.Colours {
			rows = append(rows, ap.ClassRow{Colour: col, Card: ap.Card{AP: 1, Actions: []ap.Action{{Kind: ap.ActAttack}}}})
		}
		put(tp.KindClassCard, fmt.Sprintf("K%d", i), tp.ClassCard{Class: "Brute", Card: ap.ClassCard{Rows: rows}})
	}
	put(tp.KindSpecies, "", tp.Species{Name: "Folk", HP: 10, MaxAP: 6})
	for _, class := range []string{"Warrior", "Healer"} {
		p := class[:1]
		var start []string
		for i := 1; i <= 12; i++ {
			id := fmt.Sprintf("%s%d", p, i)
			ac := tp.ActionCard{ID: id, Class: class, AP: 3}
			if i > 10 {
				ac.SPCost = i - 9 // 2 and 3 SP
			} else {
				start = append(start, id)
			}
			put(tp.KindActionCard, "", ac)
		}
		put(tp.KindClass, "", tp.ClassBoard{Name: class, BaseRange: 2, ItemSlots: 2, BandageSlots: 2, Starting: start})
	}
	var faces []ap.Face
	for _, col := range ap.Colours {
		faces = append(faces, ap.Face{Colour: col, Primary: "N", Secondary: "E"}, ap.Face{Colour: col, Primary: "S", Secondary: "W"})
	}
	cmds = append(cmds, tp.MarkMission{Mission: "Orbos-1", Available: true})
	cmds = append(cmds, tp.SetDice{DecisionDie: faces, Basic: []string{"1", "1", "2", "2", "2", "3", "3", "crit"}},
		tp.CreateCharacter{Name: "Ana", Class: "Warrior", Species: "Folk", Colour: "dark blue"},
		tp.CreateCharacter{Name: "Bo", Class: "Healer", Species: "Folk", Colour: "yellow"},
	)
	return cmds
}

type harness struct {
	t    *testing.T
	s    *tracker.Session
	mem  *tracker.MemStore
	ctx  *shell.Context
	w    fyne.Window
	msgs []string
	errs []string
}

func newHarness(t *testing.T, cmds []tracker.Command) *harness {
	t.Helper()
	test.NewTempApp(t)
	mem := tracker.NewMemStore()
	c, err := tracker.NewCampaign(tracker.PhantomEpoch, "Test", 7, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if err := mem.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(mem, tp.Rules{}, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, s: s, mem: mem, w: test.NewWindow(nil)}
	h.w.Resize(fyne.NewSize(1280, 800))
	h.ctx = shell.NewContext(s, h.w, shell.Hooks{Message: func(text string, isErr bool) {
		if isErr {
			h.errs = append(h.errs, text)
		} else {
			h.msgs = append(h.msgs, text)
		}
	}})
	for _, c := range cmds {
		h.do(c)
	}
	// Every answer and refusal a test makes the screens give is in the
	// players' words.
	t.Cleanup(func() {
		for _, m := range append(append([]string{}, h.msgs...), h.errs...) {
			for _, w := range phantomWords(m) {
				t.Errorf("a message: %s", w)
			}
		}
	})
	return h
}

func (h *harness) do(c tracker.Command) {
	h.t.Helper()
	if _, err := h.s.Do(c); err != nil {
		h.t.Fatalf("%T: %v", c, err)
	}
}

func (h *harness) state() *tp.State { return h.s.State().(*tp.State) }

func (h *harness) lastErr() string {
	if len(h.errs) == 0 {
		return ""
	}
	return h.errs[len(h.errs)-1]
}

func startCmd() tp.StartMission {
	cards := func(p string) []string {
		var out []string
		for i := 1; i <= 10; i++ {
			out = append(out, fmt.Sprintf("%s%d", p, i))
		}
		return out
	}
	return tp.StartMission{Mission: "Orbos-1", Party: []tp.Embark{
		{Character: "Ana", EntryPoint: "D-1", Cards: cards("W")},
		{Character: "Bo", EntryPoint: "D-2", Cards: cards("H")},
	}}
}

// toTurns plays the round up to the turns, with the characters selecting
// two 3-AP cards each (initiative 6), so the adversaries (initiative 2)
// act first.
func (h *harness) toTurns() {
	h.do(tp.BeginRound{})
	h.do(tp.SelectCards{Character: "Ana", Cards: []string{"W1", "W2"}})
	h.do(tp.SelectCards{Character: "Bo", Cards: []string{"H1", "H2"}})
	h.do(tp.DrawAdversaryCards{})
	h.do(tp.DetermineInitiative{})
}

func find[T fyne.CanvasObject](root fyne.CanvasObject, ok func(T) bool) T {
	for _, o := range test.LaidOutObjects(root) {
		if x, is := o.(T); is && ok(x) {
			return x
		}
	}
	var zero T
	return zero
}

func button(root fyne.CanvasObject, text string) *widget.Button {
	return find(root, func(b *widget.Button) bool { return b.Text == text })
}

func TestEditorBuildsASmallMapAndRefusesAnInvalidOne(t *testing.T) {
	h := newHarness(t, nil)
	e := NewEditor(h.w)
	saved := map[string][]byte{}
	e.Save = func(id string, data []byte) bool {
		_, ok := h.ctx.Do(tp.SaveContent{Kind: tp.KindMap, ID: id, Data: data})
		if ok {
			saved[id] = data
		}
		return ok
	}
	h.w.SetContent(e.Object())
	// Three spaces in a row, tapped on the map itself.
	for q := 0; q < 3; q++ {
		pos := e.View.Centre(hex.Coord{Q: q, R: 0})
		test.TapAt(e.View, pos)
	}
	if n := len(e.Layout().Spaces); n != 3 {
		t.Fatalf("3 taps made %d spaces", n)
	}
	if got := e.Layout().Spaces[1].Label; got != "A-2" {
		t.Errorf("second space label %q, want A-2", got)
	}
	// The last tapped is selected: make it an entry point with a
	// destructible object, then difficult terrain instead.
	e.Entry.SetChecked(true)
	e.ObjectKind.SetSelected("destructible")
	if e.Err == nil || !strings.Contains(e.Status.Text, "A-3") {
		t.Fatalf("an entry point on an object must be refused, status %q", e.Status.Text)
	}
	e.ID.SetText("tiny")
	test.Tap(e.SaveButton)
	if len(saved) != 0 || !strings.Contains(e.Status.Text, "Not saved") {
		t.Fatalf("an invalid map was saved; status %q", e.Status.Text)
	}
	e.ObjectKind.SetSelected("none")
	e.Terrain.SetSelected("difficult")
	// A wall between, put up in wall mode.
	e.SetTool(ToolWalls)
	a1, a2 := e.View.Centre(hex.Coord{Q: 0, R: 0}), e.View.Centre(hex.Coord{Q: 1, R: 0})
	test.TapAt(e.View, fyne.NewPos((a1.X*3+a2.X*2)/5, a1.Y))
	if n := len(e.Layout().Walls); n != 1 {
		t.Fatalf("wall mode tap made %d walls", n)
	}
	if e.Err != nil {
		t.Fatalf("the map should be valid: %v", e.Err)
	}
	test.Tap(e.SaveButton)
	if _, ok := saved["tiny"]; !ok {
		t.Fatalf("valid map not saved: %q / %v", e.Status.Text, h.errs)
	}
	m, err := hex.ParseMap(h.state().Content.Maps["tiny"])
	if err != nil || m.Len() != 3 || !m.IsListedWall(0, hex.E) || m.SpaceAt(2).Terrain != hex.Difficult || !m.SpaceAt(2).EntryPoint {
		t.Fatalf("saved map wrong: %v", err)
	}
	// Export and re-open.
	data, err := e.Export()
	if err != nil {
		t.Fatal(err)
	}
	e2 := NewEditor(h.w)
	if err := e2.LoadData("tiny", data); err != nil || len(e2.Layout().Walls) != 1 || e2.Err != nil {
		t.Fatalf("re-open: %v, %+v", err, e2.Layout().Walls)
	}
	if err := e2.LoadData("bad", []byte(`{"spaces": [{"label": "A", "q": 0, "r": 0, "terain": "gap"}]}`)); err == nil || !strings.Contains(err.Error(), "terain") {
		t.Fatalf("a bad file must be refused in words, got %v", err)
	}
}

func TestSetUpAMissionFromTheCampaignTab(t *testing.T) {
	h := newHarness(t, fixture(6, 4))
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	// The one available mission is chosen, and its party filled in: the
	// two characters (distinct classes and colours) on the first entry
	// points with their first ten cards.
	if c.Setup.Mission.Selected != "Orbos-1" || c.Setup.StartBt.Disabled() {
		t.Fatalf("the setup is not filled in: %q, start disabled: %q", c.Setup.Mission.Selected, c.Setup.Why.Text)
	}
	for i, n := range []string{"Ana", "Bo"} {
		if r := c.Setup.Rows[n]; !r.Embark.Checked || r.Entry.Selected != fmt.Sprintf("D-%d", i+1) || len(r.Cards) != 10 {
			t.Fatalf("%s's row: %v %q %v", n, r.Embark.Checked, r.Entry.Selected, r.Cards)
		}
	}
	// Untick one: Start is disabled, saying why beside it.
	c.Setup.Rows["Bo"].Embark.SetChecked(false)
	if !c.Setup.StartBt.Disabled() || !strings.Contains(c.Setup.Why.Text, "2 to 4") {
		t.Fatalf("Start with one character: disabled %v, %q", c.Setup.StartBt.Disabled(), c.Setup.Why.Text)
	}
	c.Setup.Rows["Bo"].Embark.SetChecked(true)
	test.Tap(c.Setup.StartBt)
	m := h.state().Mission
	if m == nil {
		t.Fatalf("mission not started: %v", h.errs)
	}
	if len(m.Figures) != 4 {
		t.Fatalf("2 characters and 2 adversaries expected, got %d figures", len(m.Figures))
	}
	p := NewPlayScreen(h.ctx)
	if !strings.Contains(p.Step.Text, "Decision die") {
		t.Errorf("step: %q", p.Step.Text)
	}
	if !p.Next() {
		t.Fatal("Next should begin the round")
	}
	if got := p.Die.Shown(); got == "—" || p.Die.Source() != "rolled by the app" {
		t.Errorf("die shown %q from %q", got, p.Die.Source())
	}
	if len(p.Map.Marks()) != 4 {
		t.Errorf("%d figures drawn", len(p.Map.Marks()))
	}
	// Ana's player selects in secret: the hand opens in a dialog.
	h.w.SetContent(p.Object())
	choose := find(p.roundBox, func(b *widget.Button) bool { return b.Text == "Choose cards (secret)…" })
	test.Tap(choose)
	dlg := h.w.Canvas().Overlays().Top()
	for _, id := range []string{"W1 (3 AP)", "W2 (3 AP)", "W3 (3 AP)"} {
		test.Tap(find(dlg, func(c *widget.Check) bool { return c.Text == id }))
	}
	test.Tap(button(dlg, "Select"))
	if !strings.Contains(h.lastErr(), "9 AP") && !strings.Contains(h.lastErr(), "limit is 6") {
		t.Fatalf("9 AP over a limit of 6 must be refused in words, got %q", h.lastErr())
	}
	test.Tap(find(p.roundBox, func(b *widget.Button) bool { return b.Text == "Choose cards (secret)…" }))
	dlg = h.w.Canvas().Overlays().Top()
	test.Tap(find(dlg, func(c *widget.Check) bool { return c.Text == "W1 (3 AP)" }))
	test.Tap(button(dlg, "Select"))
	if f := figure(h.state().Mission, "Ana"); len(f.Selected) != 1 {
		t.Fatalf("selection not made: %+v %v", f.Selected, h.errs)
	}
}

func TestResolveConfirmUndoAndOverrideAnAdversaryTurn(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	h.toTurns()
	e := NewEnemyScreen(h.ctx)
	h.w.SetContent(e.Object())
	m := h.state().Mission
	next := nextFigure(m)
	if f := figure(m, next); f == nil || f.Side == "character" {
		t.Fatalf("an adversary should act first, next is %q", next)
	}
	if e.ResolveButton.Disabled() {
		t.Fatalf("resolve disabled: %q", e.Who.Text)
	}
	test.Tap(e.ResolveButton)
	m = h.state().Mission
	if m.Pending == nil {
		t.Fatalf("no turn worked out: %v", h.errs)
	}
	o := e.Map.Overlay()
	if o.Target == "" || o.End == "" || len(o.Path) < 2 {
		t.Errorf("the overlay should ring the target and draw the path: %+v", o)
	}
	if len(e.Trace.Lines()) < 4 || !strings.Contains(strings.Join(e.Trace.Lines(), "\n"), "§8.6") {
		t.Errorf("trace panel: %v", e.Trace.Lines())
	}
	if e.ConfirmButton.Disabled() {
		t.Fatal("confirm disabled")
	}
	pos := figure(m, next).Position
	test.Tap(e.ConfirmButton)
	m = h.state().Mission
	if m.Pending != nil || figure(m, next).Position == pos {
		t.Fatalf("confirm did not move %s from %s", next, pos)
	}
	// The confirmed turn and the turn order stay viewable with their reasoning.
	if len(e.Past.Options) < 2 {
		t.Fatalf("earlier decisions: %v", e.Past.Options)
	}
	for _, k := range e.Past.Options {
		if strings.Contains(k, "worked out") {
			e.Past.SetSelected(k)
			break
		}
	}
	if len(e.Trace.Lines()) < 4 || e.Map.Overlay().Target == "" {
		t.Fatalf("an earlier turn's reasoning and drawing: %v %+v", e.Trace.Lines(), e.Map.Overlay())
	}
	// Undo brings the proposal back; override it.
	h.ctx.Run(h.s.Undo)
	m = h.state().Mission
	if m.Pending == nil || figure(m, next).Position != pos {
		t.Fatalf("undo should bring back the worked-out turn")
	}
	e.Refresh()
	form := NewOverrideForm(m)
	cmd, err := form.Command()
	if err != nil {
		t.Fatal(err)
	}
	h.ctx.Do(cmd)
	if !strings.Contains(h.lastErr(), "why") {
		t.Fatalf("an override without a reason must be refused, got %q", h.lastErr())
	}
	form.Reason.SetText("the card was misread")
	for _, r := range form.Rows {
		if r.Name == next {
			r.Space.SetSelected(pos)
			r.HP.SetValue(3)
		}
	}
	cmd, _ = form.Command()
	if _, ok := h.ctx.Do(cmd); !ok {
		t.Fatalf("override refused: %v", h.errs)
	}
	f := figure(h.state().Mission, next)
	if f.HP != 3 || f.Position != pos || h.state().Mission.Pending != nil {
		t.Fatalf("override not applied: %+v", f)
	}
}

// playRound plays every remaining turn of the round through the screens'
// Next, confirming adversaries' turns, and ends the round.
func (h *harness) playRound(p *PlayScreen, e *EnemyScreen) {
	for i := 0; i < 40; i++ {
		m := h.state().Mission
		if m.Phase == "end" {
			return
		}
		if m.Pending != nil {
			e.Confirm()
			continue
		}
		if !p.Next() {
			h.t.Fatalf("Next did nothing: %q, %v", p.Step.Text, h.errs)
		}
	}
	h.t.Fatalf("the round did not end: %v", h.errs)
}

func TestMissionResultAndSPPurchase(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	h.toTurns()
	p, e := NewPlayScreen(h.ctx), NewEnemyScreen(h.ctx)
	h.playRound(p, e)
	h.w.SetContent(p.Object())
	// A tap alone records nothing: the result needs a hold.
	test.Tap(p.SucceedBt)
	if h.state().Mission.Phase == "over" || !strings.Contains(strings.Join(h.msgs, " "), "Hold") {
		t.Fatalf("a tap ended the mission, or did not say to hold: %v", h.msgs)
	}
	hold(t, p.SucceedBt, func() bool { return h.state().Mission.Phase == "over" })
	s := h.state()
	if s.Mission.Phase != "over" || s.Characters["Ana"].SP != 2 {
		t.Fatalf("result not recorded: phase %q SP %d, %v", s.Mission.Phase, s.Characters["Ana"].SP, h.errs)
	}
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	sheet := c.chars
	buy := find(sheet, func(s *widget.Select) bool {
		return s.PlaceHolder == "Action card to buy with SP" && len(s.Options) > 0 && strings.HasPrefix(s.Options[0], "W")
	})
	if buy == nil {
		t.Fatal("no card to buy listed")
	}
	buy.SetSelected("W12 (3 SP)")
	var buyBt *widget.Button
	for _, o := range test.LaidOutObjects(sheet) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Buy card" {
			buyBt = b
			break // Ana's sheet comes first
		}
	}
	test.Tap(buyBt)
	if !strings.Contains(h.lastErr(), "costs 3 SP") {
		t.Fatalf("a purchase beyond the SP must be explained, got %q", h.lastErr())
	}
	buy = find(c.chars, func(s *widget.Select) bool {
		return s.PlaceHolder == "Action card to buy with SP" && len(s.Options) > 0 && strings.HasPrefix(s.Options[0], "W")
	})
	buy.SetSelected("W11 (2 SP)")
	for _, o := range test.LaidOutObjects(c.chars) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Buy card" {
			test.Tap(b)
			break
		}
	}
	if ana := h.state().Characters["Ana"]; ana.SP != 0 || !containsStr(ana.Bought, "W11") {
		t.Fatalf("purchase not made: %+v, %v", ana, h.errs)
	}
}

func TestTraceLinesBackToSteps(t *testing.T) {
	var tr = TraceOf([]string{
		"1. [phantom-epoch §8.6 (RB p.27)] criterion 1 (tie-break: Decision die) (die: red N/E) → Ana",
		"2. [phantom-epoch §8.5 (RB p.27)] line chosen → A-1 top → B-2 bottom",
	})
	if len(tr.Steps) != 2 || tr.Steps[0].Result != "Ana" || tr.Steps[0].Die != "red N/E" || tr.Steps[0].TieBreak != "Decision die" {
		t.Fatalf("%+v", tr.Steps)
	}
	if tr.Steps[1].Result != "A-1 top → B-2 bottom" {
		t.Fatalf("%+v", tr.Steps[1])
	}
}

func TestTurnOverlayFromTheEngine(t *testing.T) {
	turn := ap.Turn{Adversary: "X", Start: "A-1", End: "A-3", PrimaryTarget: "Ana",
		Events: []ap.Event{
			{Movement: &ap.Movement{Kind: "move", From: "A-1", To: "A-3", Path: []string{"A-2", "A-3"}}},
			{Attack: &ap.AttackReport{Target: "Ana", Range: 2, LoS: &ap.LoSReport{From: "A-3 upper-left", To: "C-3 bottom", Blockers: []string{"Bo"}}}},
		}}
	o := TurnOverlay(turn, []Mark{{Name: "Ana", Space: "C-3"}, {Name: "Bo", Space: "B-3"}})
	if o.Target != "C-3" || o.End != "A-3" || strings.Join(o.Path, " ") != "A-1 A-2 A-3" || !o.HasLoS ||
		o.LoSFrom != "A-3" || o.LoSFromV != 5 || o.LoSTo != "C-3" || o.LoSToV != 3 || len(o.LoSBlockers) != 1 {
		t.Fatalf("%+v", o)
	}
}

func TestMapViewFindsSpacesAndEdges(t *testing.T) {
	v := NewMapView()
	l, err := hex.ParseMap([]byte(testMapJSON(20, 20)))
	if err != nil {
		t.Fatal(err)
	}
	v.SetLayout(l.Layout())
	for _, c := range []hex.Coord{{Q: 0, R: 0}, {Q: 7, R: 3}, {Q: 19, R: 19}} {
		got, _, _ := v.At(v.Centre(c))
		if got != c {
			t.Errorf("centre of %v read back as %v", c, got)
		}
		for d := range 6 {
			cen := v.Centre(c)
			nb := v.Centre(c.Neighbor(hex.Dir(d)))
			p := fyne.NewPos(cen.X+(nb.X-cen.X)*0.4, cen.Y+(nb.Y-cen.Y)*0.4)
			got, side, dist := v.At(p)
			if got != c || side != hex.Dir(d) || dist > v.Scale*0.2 {
				t.Errorf("near side %v of %v: got %v side %v dist %v", hex.Dir(d), c, got, side, dist)
			}
		}
	}
	if !v.HasWall(hex.Coord{Q: 0, R: 2}, hex.NW) || v.HasWall(hex.Coord{Q: 3, R: 3}, hex.E) || !v.HasWall(hex.Coord{Q: 0, R: 0}, hex.W) {
		t.Error("walls: listed and boundary edges are walls, others not")
	}
	ms := v.MinSize()
	if ms.Width < 20*v.Scale*1.7 || ms.Height < 20*v.Scale*1.4 {
		t.Errorf("a 20×20 map at scale %v should be large, got %v", v.Scale, ms)
	}
}

func TestKeysNextAndResolve(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	g := &Screens{}
	g.Play(h.ctx)
	g.Enemy(h.ctx)
	if !g.Act(h.ctx, shell.TabPlay, shell.Next) || h.state().Mission.Round != 1 {
		t.Fatalf("Next should begin round 1: %v", h.errs)
	}
	if g.Act(h.ctx, shell.TabEnemy, shell.Resolve) {
		t.Fatal("Resolve before the turns should do nothing")
	}
	h.do(tp.SelectCards{Character: "Ana", Cards: []string{"W1", "W2"}})
	h.do(tp.SelectCards{Character: "Bo", Cards: []string{"H1", "H2"}})
	h.ctx.Changed(tracker.Event{})
	g.Act(h.ctx, shell.TabPlay, shell.Next) // draw
	g.Act(h.ctx, shell.TabPlay, shell.Next) // initiative
	if h.state().Mission.Phase != "turns" {
		t.Fatalf("phase %q: %v", h.state().Mission.Phase, h.errs)
	}
	if !g.Act(h.ctx, shell.TabEnemy, shell.Resolve) || h.state().Mission.Pending == nil {
		t.Fatalf("R should resolve the adversary's turn: %v", h.errs)
	}
}

func TestSettingsAreTheSpecsReadingsAndChange(t *testing.T) {
	h := newHarness(t, nil)
	c := NewCampaignScreen(h.ctx)
	for _, info := range tp.SettingsInfo() {
		if _, ok := c.Readings[info.Key]; !ok {
			t.Errorf("setting %s is not on the Settings tab", info.Key)
		}
	}
	r := c.Readings["countAdjacentBlockers"]
	if !r[0].Checked || r[1].Checked {
		t.Fatal("the line of sight reading should be shown, on by default")
	}
	r[1].SetChecked(true)
	if h.state().Settings.CountAdjacentBlockers {
		t.Fatalf("the other reading was not chosen: %v", h.errs)
	}
	if !h.state().Settings.RefreshRestartsTimer {
		t.Fatal("other settings must stay as they were")
	}
	r = c.Readings["countAdjacentBlockers"]
	if r[0].Checked || !r[1].Checked {
		t.Fatal("the choice shown is not the campaign's")
	}
}

// A flat-top map is drawn turned so its (0, −1) neighbour is straight
// north, and taps still find the right space and side.
func TestFlatTopMapsAreDrawnAsPrinted(t *testing.T) {
	l, err := hex.ParseMap([]byte(strings.Replace(testMapJSON(6, 5), `"difficulty": 1,`, `"difficulty": 1, "orientation": "flat",`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	v := NewMapView()
	v.SetLayout(l.Layout())
	c := hex.Coord{Q: 2, R: 2}
	a, n := v.Centre(c), v.Centre(hex.Coord{Q: 2, R: 1})
	if d := a.X - n.X; d > 0.5 || d < -0.5 || n.Y >= a.Y {
		t.Fatalf("(2,1) should be straight above (2,2): %v %v", n, a)
	}
	for d := range 6 {
		nb := v.Centre(c.Neighbor(hex.Dir(d)))
		p := fyne.NewPos(a.X+(nb.X-a.X)*0.4, a.Y+(nb.Y-a.Y)*0.4)
		got, side, _ := v.At(p)
		if got != c || side != hex.Dir(d) {
			t.Errorf("side %v: got %v %v", hex.Dir(d), got, side)
		}
	}
	if got, _, _ := v.At(a); got != c {
		t.Errorf("centre read back as %v", got)
	}
}

func TestADecisionDieFaceEnteredFromTheTable(t *testing.T) {
	h := newHarness(t, append(fixture(6, 4), startCmd()))
	p := NewPlayScreen(h.ctx)
	p.faceCol.SetSelected("red")
	p.facePri.SetSelected("S")
	p.faceSec.SetSelected("W")
	p.beginWithFace()
	m := h.state().Mission
	if m.Face == nil || m.Face.Colour != "red" || m.Face.Primary != "S" {
		t.Fatalf("face not entered: %+v %v", m.Face, h.errs)
	}
	if p.Die.Visible() || !p.entered.Visible() || p.enteredFace.Text != "red S/W" {
		t.Fatalf("an entered face is shown as entered, not as a seed draw: %q", p.enteredFace.Text)
	}
}

// hold presses b until done reports the hold acted.
func hold(t *testing.T, b *widgets.HoldButton, done func() bool) {
	t.Helper()
	uitest.Hold(b)
	if !done() {
		t.Fatal("holding did nothing")
	}
}
