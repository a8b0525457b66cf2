package reich

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	"tablekeeper/storage"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// testContent is made-up content in the content file's shape: a corridor
// R1 (A1–A3) with rooms off it, doors between them.
func testContent(t testing.TB) []byte {
	t.Helper()
	gr, two := 2, 2
	lib := rb.Library{
		Factions: []content.Faction{{ID: "F1", Name: "Made-up faction", Units: []content.UnitType{
			{Code: "GR", Name: "Grunt", LootColour: "grey", Max: 6, MeleeAttack: 3, RangedAttack: &gr, Range: 3, Support: 1, Defence: 3},
			{Code: "DG", Name: "Hound", LootColour: "black", Max: 4, MeleeAttack: 4, Support: 2, Defence: two},
		}}},
		SpawnCards: []content.SpawnCard{
			{ID: "S1", Levels: map[content.Level][]content.SpawnItem{content.Green: {{UnitCode: "GR", Count: 2}}, content.Orange: {{UnitCode: "DG", Count: 1}}, content.Red: {{UnitCode: "GR", Count: 3}}}},
			{ID: "S2", Levels: map[content.Level][]content.SpawnItem{content.Green: {{UnitCode: "GR", Count: 2}}, content.Orange: {{UnitCode: "GR", Count: 2}}, content.Red: {}}},
		},
		NoiseCards: []content.NoiseCard{
			{ID: "N1", Deck: content.DeckPreAlarm, Threshold: 3, Top: []content.Effect{{Kind: content.EffAdvanceTracker, N: 1}}, Bottom: []content.Effect{{Kind: content.EffTriggerAlarm}}},
			{ID: "Q1", Deck: content.DeckPostAlarm, Threshold: 3, Top: []content.Effect{{Kind: content.EffSpawnBarracks, Letter: "A", Icons: []content.Level{content.Green}}}, Bottom: []content.Effect{}},
		},
		Maps: []content.Map{{MissionID: "M1",
			Areas: []content.Area{{ID: "A1", Room: "R1", Corridor: true}, {ID: "A2", Room: "R1", Corridor: true}, {ID: "A3", Room: "R1", Corridor: true},
				{ID: "B1", Room: "R2"}, {ID: "B2", Room: "R2"}, {ID: "C1", Room: "R3"}},
			Edges:       []content.Edge{{A: "A1", B: "A2"}, {A: "A2", B: "A3"}, {A: "A3", B: "B1", Door: "D1"}, {A: "B1", B: "B2"}, {A: "B2", B: "C1", Door: "D2"}},
			Doors:       []content.Door{{ID: "D1", State: content.Closed, NoiseDice: 1}, {ID: "D2", State: content.Locked}},
			SightLines:  [][]string{{"A1", "A2", "A3", "B1", "B2", "C1"}},
			SpawnTokens: []content.SpawnToken{{ID: "T1", Area: "B2", Icons: []content.Level{content.Green}}, {ID: "T2", Area: "C1"}},
			Barracks:    []content.Barracks{{Letter: "A", Target: "C1"}},
			Entrances:   []string{"A1"}, Exits: []string{"A1"}}},
		Missions: []rb.MissionInfo{{ID: "M1", PreAlarm: 4, PostAlarm: 3, VictoryChart: []rb.ChartRow{{Text: "Out with the papers", Success: true}, {Text: "Otherwise", Success: false}}}},
		Heroes: []rb.HeroCard{
			{ID: "H1", Name: "Ana", Defence: 3, Weapons: [2]rb.Weapon{{Name: "Rifle", Range: 3}, {Name: "Knife"}}, StartingSkill: "Sneaky"},
			{ID: "H2", Name: "Bo", Defence: 2, Weapons: [2]rb.Weapon{{Name: "Pistol", Range: 2}, {Name: "Fists"}}},
		},
	}
	data, err := rb.ExportContent(&rb.State{Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// newCtx opens a fresh Reichbusters campaign in a bbolt file and a test
// window, as the frame would.
func newCtx(t *testing.T) (*shell.Context, fyne.Window) {
	t.Helper()
	return newCtxSeed(t, 7)
}

// newCtxSeed is newCtx with the campaign's seed given.
func newCtxSeed(t *testing.T, seed uint64) (*shell.Context, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	db, err := storage.Open(filepath.Join(t.TempDir(), "tk.db"), tracker.Registry{rb.Game: rb.Rules})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c, err := tracker.NewCampaign(rb.Game, "Test", seed, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Create(c); err != nil {
		t.Fatal(err)
	}
	s, err := tracker.Open(db, rb.Rules, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1280, 800))
	ctx := shell.NewContext(s, w, shell.Hooks{
		Message:  func(text string, isError bool) { lastMessage = text; shown(text) },
		Feedback: func(src fyne.CanvasObject, text string, isError bool) { lastFeedback = text; shown(text) },
	})
	return ctx, w
}

// lastMessage and lastFeedback are what the frame was last asked to show
// in its message line and next to a tapped control.
var lastMessage, lastFeedback string

func st(ctx *shell.Context) *rb.State { return ctx.Session.State().(*rb.State) }

func must(t *testing.T, ctx *shell.Context, cmd tracker.Command) {
	t.Helper()
	if _, err := ctx.Session.Do(cmd); err != nil {
		t.Fatalf("%T: %v", cmd, err)
	}
}

// setEntry fills a field as a player would: types into an entry, steps
// a number, taps the picks named (words separated by spaces).
func setEntry(t *testing.T, f *formDialog, label, text string) {
	t.Helper()
	switch w := f.Field(label).(type) {
	case *widgets.TextEntry:
		w.SetText(text)
	case *stepField:
		n, err := atoi(label, text)
		if err != nil {
			t.Fatalf("form %q, %q: %v", f.Title, label, err)
		}
		w.Set(n)
	case *numberField:
		n, err := atoi(label, text)
		if err != nil {
			t.Fatalf("form %q, %q: %v", f.Title, label, err)
		}
		w.Set(n)
	case *picksField:
		w.Chosen = nil
		for _, x := range splitList(text) {
			w.Tap(x)
		}
	default:
		t.Fatalf("form %q has no entry %q", f.Title, label)
	}
}

// pick chooses an option (its value, or the words shown).
func pick(t *testing.T, f *formDialog, label, option string) {
	t.Helper()
	switch w := f.Field(label).(type) {
	case *widget.Select:
		w.SetSelected(option)
	case *choiceField:
		for i, v := range w.values {
			if v == option || w.labels[i] == option {
				w.Pick(v)
				return
			}
		}
		t.Fatalf("form %q, %q: no option %q in %v", f.Title, label, option, w.labels)
	case *optionSelect:
		for i, v := range w.values {
			if v == option || w.Options[i] == option {
				w.Pick(v)
				return
			}
		}
		t.Fatalf("form %q, %q: no option %q in %v", f.Title, label, option, w.Options)
	default:
		t.Fatalf("form %q has no choice %q", f.Title, label)
	}
}

func submitOK(t *testing.T, f *formDialog) {
	t.Helper()
	if err := f.Submit(); err != nil {
		t.Fatalf("%s: %v", f.Title, err)
	}
}

func submitRefused(t *testing.T, f *formDialog, want string) {
	t.Helper()
	if err := f.Submit(); err == nil {
		t.Fatalf("%s was accepted; want a refusal mentioning %q", f.Title, want)
	}
	got := f.Message()
	for _, p := range f.box.FieldProblems() {
		got += "\n" + p
	}
	if !strings.Contains(got, want) {
		t.Fatalf("%s: refusal %q does not mention %q", f.Title, got, want)
	}
}

// heroTurn is startRaid with the turn order H1 H2 set: H1's turn.
func heroTurn(t *testing.T, ctx *shell.Context) *playScreen {
	t.Helper()
	p := startRaid(t, ctx)
	p.Order = []string{"H1", "H2"}
	p.Next()
	return p
}

// lastDiary is the diary line of the session's last event.
func lastDiary(t *testing.T, ctx *shell.Context) string {
	t.Helper()
	var d string
	if err := ctx.Session.Events(ctx.Session.LastSeq(), func(e tracker.Event) error { d = ctx.Session.Describe(e); return nil }); err != nil {
		t.Fatal(err)
	}
	return d
}

// startRaid imports the test content and sets up a raid through the form.
func startRaid(t *testing.T, ctx *shell.Context) *playScreen {
	t.Helper()
	must(t, ctx, rb.ImportContent{Data: testContent(t)})
	Screens{}.Play(ctx)
	Screens{}.Enemy(ctx)
	Screens{}.Campaign(ctx)
	p := gameOf(ctx).play
	f := p.startForm(startChoices{Mission: "M1", Faction: "F1", Heroes: []string{"H1", "H2"}, TeamHP: [3]int{0, 0, 1}, Supply: [3]int{1, 1, 2}})
	submitOK(t, f)
	return p
}

func TestRoundWithSpawns(t *testing.T) {
	ctx, _ := newCtx(t)
	p := startRaid(t, ctx)
	g := gameOf(ctx)
	e := g.enemy
	m := st(ctx).Mission
	if m == nil || m.Round != 1 || p.track.Marker != 0 || len(p.track.Spaces) != 7 {
		t.Fatalf("mission %+v, track marker %d spaces %d", m, p.track.Marker, len(p.track.Spaces))
	}
	if !strings.Contains(p.left.Text, "4 rounds until the alarm") {
		t.Fatalf("rounds left: %q", p.left.Text)
	}
	// Next: the order as typed.
	p.Order = []string{"H2", "H1"}
	if !(Screens{}).Act(ctx, shell.TabPlay, shell.Next) {
		t.Fatal("Next was not handled")
	}
	if m := st(ctx).Mission; m.Step != rb.StepHeroTurn || m.Current != "H2" {
		t.Fatalf("after Next: step %s, current %s (%s)", m.Step, m.Current, p.k.Message())
	}
	// Bo sees token T1 (face up, green): the spawn card's green row is placed.
	f := e.TokenForm()
	pick(t, f, "Token", "T1")
	submitOK(t, f)
	m = st(ctx).Mission
	if len(m.Units) == 0 {
		t.Fatal("no units spawned from token T1")
	}
	lit := e.Map.Lit()
	if len(lit) != len(m.Units) {
		t.Fatalf("lit %v, units %+v", lit, m.Units)
	}
	if txt := e.Map.AreaText("B2"); !strings.Contains(txt, "new") || !strings.Contains(txt, "GR") {
		t.Fatalf("B2 shows %q", txt)
	}
	if !strings.Contains(e.summary.Text, "Placed in B2") {
		t.Fatalf("summary %q", e.summary.Text)
	}
	if len(e.Trace.Lines()) == 0 || !strings.Contains(strings.Join(e.Trace.Lines(), "\n"), "§7.4") {
		t.Fatalf("trace %v", e.Trace.Lines())
	}
	if rt, want := e.Map.RoomText("R2"), awarenessWords(st(ctx).Mission.Level("R2")); !strings.Contains(rt, want) {
		t.Fatalf("room R2 after the spawn: %q", rt)
	}
	// A face-down token: the players are asked for its icons.
	f = e.TokenForm()
	pick(t, f, "Token", "T2")
	if err := f.Submit(); err == nil {
		t.Fatal("a face-down token spawned without its icons")
	}
	q := e.k.Asked
	if q == nil || !strings.Contains(q.Question, "T2") {
		t.Fatalf("no question asked: %+v", q)
	}
	if err := q.AnswerIcons([]content.Level{content.Orange}); err != nil {
		t.Fatalf("answered icons: %v", err)
	}
	if st(ctx).Mission.TokenByID("T2") != nil {
		t.Fatal("token T2 is still on the map after spawning")
	}
	// End Bo's turn, then the enemy turn by the Resolve shortcut.
	p.Next()
	if m := st(ctx).Mission; m.Step != rb.StepEnemyTurn {
		t.Fatalf("after ending the turn: %s (%s)", m.Step, p.k.Message())
	}
	if !e.ResolveButton.Visible() || e.ResolveButton.Disabled() {
		t.Fatal("Resolve is not offered in the enemy turn")
	}
	Screens{}.Act(ctx, shell.TabEnemy, shell.Resolve)
	m = st(ctx).Mission
	if m.Step == rb.StepEnemyTurn && !m.EnemyDone {
		t.Fatalf("the enemy turn was not played: %s", e.k.Message())
	}
	if !strings.HasPrefix(e.title.Text, "The enemy's turn after") || len(e.Trace.Lines()) == 0 {
		t.Fatalf("the enemy turn's trace is not shown: %q", e.title.Text)
	}
	// Defence tests for any attacks, then on to the end of the round.
	for i := 0; i < 10 && len(st(ctx).Mission.Pending) > 0; i++ {
		d := p.DefendForm(0)
		setEntry(t, d, "Defence total", "9")
		submitOK(t, d)
	}
	for i := 0; i < 6 && st(ctx).Mission.Step != rb.StepEndOfRound; i++ {
		m := st(ctx).Mission
		if m.Step == rb.StepEnemyTurn {
			e.Resolve()
			for len(st(ctx).Mission.Pending) > 0 {
				d := p.DefendForm(0)
				setEntry(t, d, "Defence total", "9")
				submitOK(t, d)
			}
			continue
		}
		p.Next()
		if p.k.Message() != "" && strings.HasPrefix(p.k.Message(), "Not") {
			t.Fatalf("Next refused: %s", p.k.Message())
		}
	}
	if st(ctx).Mission.Step != rb.StepEndOfRound {
		t.Fatalf("round did not reach its end: %s", st(ctx).Mission.Step)
	}
	p.Next()
	m = st(ctx).Mission
	if m.Round != 2 || m.Tracker.Pos != 2 || p.track.Marker != 1 {
		t.Fatalf("after the end of round: round %d, tracker %+v, marker %d", m.Round, m.Tracker, p.track.Marker)
	}
	// Undo in the Log takes the screens back: the lit units follow.
	if _, ok := ctx.Run(ctx.Session.Undo); !ok {
		t.Fatal("undo refused")
	}
	if st(ctx).Mission.Round != 1 {
		t.Fatal("undo did not go back to round 1")
	}
	// An override without a reason is refused, with one it is recorded.
	o := e.OverrideForm()
	row := o.Field("Place units").(*listField).AddRow()
	find(row.Object, func(x fyne.CanvasObject) bool { _, ok := x.(*optionSelect); return ok }).(*optionSelect).Pick("DG")
	sels := []*optionSelect{}
	find(row.Object, func(x fyne.CanvasObject) bool {
		if s, ok := x.(*optionSelect); ok {
			sels = append(sels, s)
		}
		return false
	})
	sels[1].Pick("A3")
	submitRefused(t, o, "Say why")
	setEntry(t, o, "Reason", "the hound was already there")
	submitOK(t, o)
	if !strings.Contains(e.Map.AreaText("A3"), "DG") {
		t.Fatalf("A3 shows %q", e.Map.AreaText("A3"))
	}
	// Every value on a dashboard can be corrected by hand, with a reason.
	cf := p.CorrectForm("H1")
	pick(t, cf, "Weapon 1 token", rb.StatusJammed)
	setEntry(t, cf, "Items", "Grenade, Orb")
	setEntry(t, cf, "Attack points", "1")
	submitRefused(t, cf, "say why")
	setEntry(t, cf, "Reason", "the table says so")
	submitOK(t, cf)
	if h := st(ctx).Mission.HeroByID("H1"); h.Weapons[0].Status != rb.StatusJammed || len(h.Items) != 2 || len(h.HP) != 1 {
		t.Fatalf("corrected dashboard %+v", h)
	}
}

func TestSkillPurchase(t *testing.T) {
	ctx, _ := newCtx(t)
	must(t, ctx, rb.ImportContent{Data: testContent(t)})
	Screens{}.Play(ctx)
	Screens{}.Campaign(ctx)
	g := gameOf(ctx)
	c := g.campaign
	d := c.DifficultyForm()
	setEntry(t, d, "Name", "Normal")
	setEntry(t, d, "Items kept", "7")
	submitRefused(t, d, "6")
	setEntry(t, d, "Items kept", "3")
	submitOK(t, d)
	f := g.play.startForm(startChoices{Mission: "M1", Faction: "F1", Mode: rb.ModeCampaign, Heroes: []string{"H1"}})
	submitOK(t, f)
	em := g.play.EndMissionForm()
	setEntry(t, em, "Reason", "out with the papers")
	submitOK(t, em)
	r := c.ResultForm()
	pick(t, r, "First row that applies", "1. Out with the papers")
	submitOK(t, r)
	cl := c.CloseForm()
	submitOK(t, cl)
	if st(ctx).Campaign.Debrief == nil {
		t.Fatal("no after-mission step after closing the mission")
	}
	must(t, ctx, rb.SetHQ{HP: []string{rb.HPAttack, rb.HPWild, rb.HPWild}, Reason: "test"})

	b := c.BuyForm()
	pick(t, b, "Hero", "H1")
	pick(t, b, "Skill", "Recon")
	// Sneaky is a noise skill Ana starts with: Recon costs 2, wild only.
	if !strings.Contains(c.SkillPrice.Text, "costs 2") || !strings.Contains(c.SkillPrice.Text, "wild") {
		t.Fatalf("price shown: %q", c.SkillPrice.Text)
	}
	pay := b.Field("Pay with").(*hpField)
	pay.Set("hq", rb.HPAttack, 1)
	pay.Set("hq", rb.HPWild, 1)
	submitRefused(t, b, "attack")
	pay.Set("hq", rb.HPAttack, 0)
	submitRefused(t, b, "2")
	pick(t, b, "Skill", "Vril Implants")
	if !strings.Contains(c.SkillPrice.Text, "cannot buy") {
		t.Fatalf("vril price shown: %q", c.SkillPrice.Text)
	}
	submitRefused(t, b, "ril")
	pick(t, b, "Skill", "Recon")
	pay.Set("hq", rb.HPWild, 2)
	submitOK(t, b)
	h := st(ctx).Campaign.Heroes[0]
	if len(h.Skills) != 2 || h.Skills[1].ID != "Recon" {
		t.Fatalf("skills after buying: %+v", h.Skills)
	}
	if hp := st(ctx).Campaign.HQHP; len(hp) != 1 || hp[0] != rb.HPAttack {
		t.Fatalf("HQ points after paying: %v", hp)
	}
	// The same skill again is refused.
	b = c.BuyForm()
	pick(t, b, "Hero", "H1")
	pick(t, b, "Skill", "Recon")
	b.Field("Pay with").(*hpField).Set("hq", rb.HPAttack, 1)
	submitRefused(t, b, "Recon")
	c.Refresh()
	if !strings.Contains(heroRecord(h), "Recon") {
		t.Fatalf("record %q", heroRecord(h))
	}
}

func TestHouseRulesVisibleAndChangeable(t *testing.T) {
	ctx, _ := newCtx(t)
	Screens{}.Campaign(ctx)
	c := gameOf(ctx).campaign
	if n := len(c.rules.Objects); n < len(rb.SettingKeys()) {
		t.Fatalf("%d rows for %d settings", n, len(rb.SettingKeys()))
	}
	if !c.SetRule("notOfThisEarth", "true") || !st(ctx).Settings.NotOfThisEarth {
		t.Fatal("Not of this Earth! could not be switched on")
	}
	if c.SetRule("searchNoiseDice", "eleven") {
		t.Fatal("a bad setting value was accepted")
	}
	if !strings.Contains(c.k.Message(), "whole number") {
		t.Fatalf("refusal %q", c.k.Message())
	}
}

func TestSetupCommands(t *testing.T) {
	test.NewTempApp(t)
	s := Screens{}.Setup(shell.SetupEnv{})
	field := func(label string) fyne.CanvasObject {
		for _, it := range s.Items {
			if it.Text == label {
				return it.Widget
			}
		}
		t.Fatalf("no field %q", label)
		return nil
	}
	field("Expansion").(*widgets.CheckRow).Check.SetChecked(true)
	field("Items kept on the HQ card").(*stepField).Set(3)
	if _, err := s.Commands(); err == nil || !strings.Contains(err.Error(), "Give its name too") {
		t.Fatalf("a difficulty without a name: %v", err)
	}
	field("Difficulty").(*widgets.TextEntry).SetText("Normal")
	field("Permanent wounds removed after a mission").(*stepField).Set(1)
	cmds, err := s.Commands()
	if err != nil || len(cmds) != 2 {
		t.Fatalf("commands %v, %v", cmds, err)
	}
	if d, ok := cmds[1].(rb.SetDifficulty); !ok || d.ItemsKept != 3 || d.WoundsRemoved != 1 {
		t.Fatalf("difficulty %+v", cmds[1])
	}
	// The practice content: loaded whole, and the form says it has all a
	// mission needs (the expansion's deck aside).
	field("Expansion").(*widgets.CheckRow).Check.SetChecked(false)
	field("Content").(*fyne.Container).Objects[0].(*choiceField).Pick(contentPractice)
	if got := uitest.Text(field("Before the first mission")); strings.Contains(got, "✗") || !strings.Contains(got, "Practice content — not the printed cards") {
		t.Fatalf("with the practice content:\n%s", got)
	}
	cmds, _ = s.Commands()
	if imp, ok := cmds[0].(rb.ImportContent); !ok || !imp.Replace {
		t.Fatalf("commands %+v", cmds)
	}
}

func TestAssistedModeQuestionsInPlainWords(t *testing.T) {
	ctx, _ := newCtx(t)
	p := startRaid(t, ctx)
	// The map without sight lines: the players answer what the map cannot tell.
	mp := st(ctx).Library.Maps[0]
	mp.SightLines = nil
	must(t, ctx, rb.EndMission{Reason: "restart in assisted mode"})
	must(t, ctx, rb.DeclareResult{Row: 2})
	must(t, ctx, rb.CloseMission{})
	must(t, ctx, rb.PutMap{Map: mp})
	f := p.startForm(startChoices{Mission: "M1", Faction: "F1", Heroes: []string{"H1"}})
	submitOK(t, f)
	// One hero: her turn begins with the set-up.
	if m := st(ctx).Mission; m.Step != rb.StepHeroTurn || m.Current != "H1" {
		t.Fatalf("a one-hero set-up is at %s, %s", m.Step, m.Current)
	}
	// A Grunt down the corridor: whether it saw Ana in A1 only the printed
	// map shows (what walls and closed doors settle is not asked).
	must(t, ctx, rb.Override{Reason: "test", Place: []rb.UnitPlacement{{Code: "GR", Area: "A3"}}})
	mv := p.MoveForm("H1")
	setEntry(t, mv, "Path", "A2")
	if err := mv.Submit(); err == nil {
		t.Fatal("the move went through without asking about sight")
	}
	asked := 0
	for q := p.k.Asked; q != nil; q = p.k.Asked {
		if q.Field != "answers.los" || q.losFrom == "" || q.losTo == "" || q.losSide == "" {
			t.Fatalf("question not understood: %+v", q)
		}
		if !strings.HasPrefix(q.Question, "can ") || strings.Contains(q.Question, "enemys") || strings.Contains(q.Question, "heros") {
			t.Fatalf("question %q", q.Question)
		}
		asked++
		if asked > 100 {
			t.Fatal("the questions never end")
		}
		_ = q.AnswerLOS(false, 0)
	}
	if asked == 0 {
		t.Fatal("no question was asked")
	}
	if h := st(ctx).Mission.HeroByID("H1"); h.Area != "A2" {
		t.Fatalf("after answering %d questions Ana is in %s (%s)", asked, h.Area, p.k.Message())
	}
	if q := (&question{Field: "resolve.card"}); q.AnswerLOS(true, 1) == nil {
		t.Fatal("a question about a card took a sight answer")
	}
	if notAnswerable("resolve.card") == notAnswerable("x") {
		t.Fatal("the noise-card question has no advice of its own")
	}
}

func TestAlarmThenDealtOrder(t *testing.T) {
	ctx, _ := newCtx(t)
	p := startRaid(t, ctx)
	p.Next() // the order as set up: H1 H2
	p.moveMarkerForm(-1)
	mf := p.k.Last
	setEntry(t, mf, "By", "4")
	submitRefused(t, mf, "say why")
	setEntry(t, mf, "Reason", "a card moved it")
	submitOK(t, mf)
	m := st(ctx).Mission
	if !m.Tracker.AlarmPending || m.Step != rb.StepEndOfRound {
		t.Fatalf("after the marker passed the last space: %+v, step %s", m.Tracker, m.Step)
	}
	if !strings.Contains(p.left.Text, "alarm is triggered") {
		t.Fatalf("tracker line %q", p.left.Text)
	}
	p.Next() // the end of round: the alarm sounds
	for q := p.k.Asked; q != nil; q = p.k.Asked {
		if q.AnswerIcons([]content.Level{content.Green}) != nil {
			break
		}
	}
	m = st(ctx).Mission
	if m.Phase != rb.PhasePostAlarm || m.Step != rb.StepChooseOrder {
		t.Fatalf("after the alarm: phase %s step %s (%s)", m.Phase, m.Step, p.k.Message())
	}
	if !strings.Contains(p.NextButton.Text, "Deal") || !strings.Contains(p.left.Text, "Alarm sounded") {
		t.Fatalf("Next reads %q, tracker %q", p.NextButton.Text, p.left.Text)
	}
	if p.track.Marker != m.Tracker.Pre {
		t.Fatalf("marker on space %d, want the first post-alarm space %d", p.track.Marker, m.Tracker.Pre)
	}
	for len(st(ctx).Mission.Pending) > 0 {
		d := p.DefendForm(0)
		setEntry(t, d, "Defence total", "9")
		submitOK(t, d)
	}
	p.Next()
	if m := st(ctx).Mission; !m.Dealt || m.Step != rb.StepHeroTurn {
		t.Fatalf("after dealing: dealt %v step %s (%s)", m.Dealt, m.Step, p.k.Message())
	}
	// Awareness is not tracked after the alarm: the map says so.
	Screens{}.Enemy(ctx)
	if rt := gameOf(ctx).enemy.Map.RoomText("R2"); strings.Contains(rt, "at ease") {
		t.Fatalf("room after the alarm: %q", rt)
	}
}

func TestNotOfThisEarthMission(t *testing.T) {
	ctx, _ := newCtx(t)
	must(t, ctx, rb.ImportContent{Data: testContent(t)})
	must(t, ctx, rb.PutNoiseCard{Card: content.NoiseCard{ID: "AW1", Deck: content.DeckAlienWorld, Threshold: 2,
		Top: []content.Effect{{Kind: content.EffSpawnFromDarkness, Icons: []content.Level{content.Green}}}, Bottom: []content.Effect{}}})
	Screens{}.Campaign(ctx)
	p := gameOf(ctx)
	Screens{}.Play(ctx)
	f := p.play.startForm(startChoices{Mission: "M1", Faction: "F1", Heroes: []string{"H1"}})
	if !p.campaign.SetRule("notOfThisEarth", "true") {
		t.Fatalf("Not of this Earth! refused: %s", p.campaign.k.Message())
	}
	submitRefused(t, f, "the mission is a Not of this Earth! raid")
	f = p.play.startForm(startChoices{Mission: "M1", Faction: "F1", Heroes: []string{"H1"}})
	if got := uitest.Text(f.Field("Played as")); !strings.Contains(got, "Not of this Earth! raid") || strings.Contains(got, "\nraid\n") {
		t.Fatalf("modes offered:\n%s", got)
	}
	if got := uitest.Text(f.Field("Mission")); !strings.Contains(got, "no tracker lengths yet") {
		t.Fatalf("the form does not say the mission lacks its alien world tracker:\n%s", got)
	}
	submitRefused(t, f, "alien world tracker's length")
	must(t, ctx, rb.PutMissionInfo{Info: rb.MissionInfo{ID: "M1", AlienWorld: 5}})
	f = p.play.startForm(startChoices{Mission: "M1", Faction: "F1", Heroes: []string{"H1"}})
	submitOK(t, f)
	if p.play.track.Title != "Alien world tracker" || len(p.play.track.Spaces) != 5 || !strings.Contains(p.play.left.Text, "5 rounds left") {
		t.Fatalf("track %q, %d spaces, %q", p.play.track.Title, len(p.play.track.Spaces), p.play.left.Text)
	}
	if p.campaign.SetRule("notOfThisEarth", "false") {
		t.Fatal("Not of this Earth! switched off in the middle of a mission")
	}
	// The end of the mission from the Play tab.
	if _, ok := ctx.Do(rb.EndMission{Reason: "test"}); !ok {
		t.Fatal("the mission could not end")
	}
	if !strings.Contains(p.play.NextButton.Text, "over") || !p.play.NextButton.Disabled() {
		t.Fatalf("Next after the end: %q", p.play.NextButton.Text)
	}
}

// TestClosedCampaignLetsGoOfItsScreens: the frame closes a campaign's
// Context when it leaves it; the screens kept for shortcuts go with it.
func TestClosedCampaignLetsGoOfItsScreens(t *testing.T) {
	ctx, _ := newCtx(t)
	Screens{}.Play(ctx)
	if _, ok := games.Load(ctx); !ok {
		t.Fatal("the open campaign's screens are not kept")
	}
	ctx.Close()
	if _, ok := games.Load(ctx); ok {
		t.Fatal("a closed campaign's screens are still kept")
	}
}

// TestReadyEquipmentOffersWeaponsAndPortalOnly: §5.2, V-10 — ready equipment
// takes a token off a weapon (or an adjacent portal), never off an item, so
// the form offers no item.
func TestReadyEquipmentOffersWeaponsAndPortalOnly(t *testing.T) {
	ctx, _ := newCtx(t)
	p := heroTurn(t, ctx)
	cf := p.CorrectForm("H1")
	pick(t, cf, "Weapon 1 token", rb.StatusJammed)
	setEntry(t, cf, "Reason", "the Rifle jammed")
	submitOK(t, cf)
	f := p.ReadyForm("H1")
	what, ok := f.Field("What").(*choiceField)
	if !ok {
		t.Fatal("the ready form has no What choice")
	}
	if !slices.Equal(what.labels, []string{"weapon: Rifle", "weapon: Knife"}) {
		t.Fatalf("offers %v, want the two weapons (no portal is open)", what.labels)
	}
	what.Pick("1")
	submitRefused(t, f, "no jammed or drained token")
	what.Pick("0")
	submitOK(t, f)
	if h := st(ctx).Mission.HeroByID("H1"); h.Weapons[0].Status != rb.StatusNone {
		t.Fatalf("the Rifle is still %s", h.Weapons[0].Status)
	}
}

// TestSearchFormAsksForFaceDownItems: V-13 — the map keeps no item tokens,
// so the search form asks how many face-down items lie in the area; none
// refuses the search, and an item already face up needs none.
func TestSearchFormAsksForFaceDownItems(t *testing.T) {
	ctx, _ := newCtx(t)
	p := heroTurn(t, ctx)
	f := p.SearchForm("H1")
	setEntry(t, f, "Item found", "Grenade")
	submitRefused(t, f, "no face-down item")
	setEntry(t, f, "Face-down items here", "2")
	submitOK(t, f)
	f = p.SearchForm("H1")
	setEntry(t, f, "Item found", "Helmet")
	f.Field("Already face up").(*widget.Check).SetChecked(true)
	submitOK(t, f)
	if n := len(st(ctx).Mission.HeroByID("H1").Items); n < 2 {
		t.Fatalf("%d items after two searches", n)
	}
}

// TestHealFormNamesTheItem: V-46 — the heal form offers the item that heals;
// Bandages asked to heal 3 heal 2, and the diary says why.
func TestHealFormNamesTheItem(t *testing.T) {
	ctx, _ := newCtx(t)
	p := heroTurn(t, ctx)
	for range 3 {
		must(t, ctx, rb.WoundHero{Hero: "H2", Mode: "auto", Card: "W"})
	}
	f := p.HealForm("H2", 1)
	it, ok := f.Field("Item").(*choiceField)
	if !ok || !slices.Contains(it.values, "Bandages") || !slices.Contains(it.values, "Medic's Bag") || !slices.Contains(it.values, "Pain Killers") {
		t.Fatalf("the heal form does not offer the healing items")
	}
	pick(t, f, "Item", "Bandages")
	setEntry(t, f, "Wounds healed", "3")
	submitOK(t, f)
	if n := len(st(ctx).Mission.HeroByID("H2").Wounds); n != 1 {
		t.Fatalf("%d wound cards left; Bandages heal at most 2 of 3", n)
	}
	d := lastDiary(t, ctx)
	if !strings.Contains(d, "limited to 2") || !strings.Contains(d, "Bandages") {
		t.Fatalf("diary %q", d)
	}
}

// TestHealFormHealsTheArea: V-46 — one use of Bandages heals the heroes
// sharing the user's area, 2 in all: the form names the user and the other
// heroes healed, and a hero elsewhere is refused in the players' words.
func TestHealFormHealsTheArea(t *testing.T) {
	ctx, _ := newCtx(t)
	p := heroTurn(t, ctx)
	for _, id := range []string{"H1", "H1", "H2", "H2"} {
		must(t, ctx, rb.WoundHero{Hero: id, Mode: "auto", Card: "W"})
	}
	f := p.HealForm("H1", 2)
	pick(t, f, "Item", "Bandages")
	pick(t, f, "Used by", "H1")
	if f.Field("Also healed: Cy") != nil {
		t.Fatal("the form offers a hero who is not in the mission")
	}
	setEntry(t, f, "Also healed: Bo", "2")
	submitOK(t, f)
	m := st(ctx).Mission
	if a, b := len(m.HeroByID("H1").Wounds), len(m.HeroByID("H2").Wounds); a != 0 || b != 2 {
		t.Fatalf("wound cards Ana %d, Bo %d; Bandages heal 2 in all, Ana's first", a, b)
	}
	d := lastDiary(t, ctx)
	if !strings.Contains(d, "limited to 2") || !strings.Contains(d, "in all") {
		t.Fatalf("diary %q", d)
	}

	// Bo moved on: the Bandages Ana uses don't reach him.
	h := *st(ctx).Mission.HeroByID("H2")
	h.Area = "A2"
	must(t, ctx, rb.CorrectHero{Hero: h, Reason: "test: Bo is in A2"})
	must(t, ctx, rb.WoundHero{Hero: "H1", Mode: "auto", Card: "W"})
	f = p.HealForm("H1", 1)
	pick(t, f, "Item", "Bandages")
	pick(t, f, "Used by", "H1")
	setEntry(t, f, "Also healed: Bo", "1")
	submitRefused(t, f, "same area")
	if n := len(st(ctx).Mission.HeroByID("H2").Wounds); n != 2 {
		t.Fatalf("Bo has %d wound cards after a refused heal", n)
	}
	setEntry(t, f, "Also healed: Bo", "0")
	submitOK(t, f)
	if n := len(st(ctx).Mission.HeroByID("H1").Wounds); n != 0 {
		t.Fatalf("Ana has %d wound cards", n)
	}
}

// The awareness house rule (issue 15 item 9) reads in the players' words
// on the house rules page, and tapping its check sets it through the log.
func TestSightingHouseRuleTapped(t *testing.T) {
	ctx, _ := newCtx(t)
	Screens{}.Campaign(ctx)
	c := gameOf(ctx).campaign
	var row fyne.CanvasObject
	for _, o := range c.rules.Objects {
		if strings.Contains(uitest.Text(o), "spots a hero during the enemy's turn") {
			row = o
		}
	}
	if row == nil {
		t.Fatal("no house rule row in the players' words for sightings in the enemy turn")
	}
	if txt := uitest.Text(row); strings.Contains(txt, "§") || strings.Contains(txt, "sightWaitsForPhase4") {
		t.Fatalf("the row shows codes: %q", txt)
	}
	on := findButton(row, "On")
	if on == nil {
		t.Fatal("the house rule has no On to tap")
	}
	test.Tap(on)
	if !st(ctx).Settings.SightWaitsForPhase4 {
		t.Fatalf("tapping On did not set the house rule: %q", c.k.Message())
	}
}

// findCheck is the first check under o.
func findCheck(o fyne.CanvasObject) *widget.Check {
	switch x := o.(type) {
	case *widget.Check:
		return x
	case *fyne.Container:
		for _, c := range x.Objects {
			if ch := findCheck(c); ch != nil {
				return ch
			}
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			if ch := findCheck(c); ch != nil {
				return ch
			}
		}
	}
	return nil
}
