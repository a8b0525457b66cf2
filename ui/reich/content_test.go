package reich

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	practice "tablekeeper/assets/reich"
	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/uitest"
)

// contentKit is a fresh campaign's Campaign tab and its kit.
func contentKit(t *testing.T) (*kit, *contentScreen, *player) {
	ctx, _ := newCtx(t)
	Screens{}.Campaign(ctx)
	c := gameOf(ctx).campaign.Content
	return c.k, c, &player{t: t}
}

// The faction card is entered by tapping: its name typed, each unit line
// in a form of steppers and pickers, problems shown under their fields,
// the card shown as printed while it is entered; saving is one undoable
// step.
func TestFactionCardByTapping(t *testing.T) {
	k, _, p := contentKit(t)
	saved := ""
	fd := k.FactionForm("", func(id string) { saved = id })
	if err := p.Submit(fd); err == nil {
		t.Fatal("an empty faction card was saved")
	}
	if !strings.Contains(fd.Problem("Name"), "Give the faction's name") || !strings.Contains(fd.Problem("Unit lines"), "Add the card's unit lines") {
		t.Fatalf("problems under the fields: name %q, lines %q", fd.Problem("Name"), fd.Problem("Unit lines"))
	}
	p.Type(fd.Entry("Name"), "Night Watch")
	p.Tap(fd.body, "Add a unit line")
	u := k.Last
	p.Type(u.Entry("Code"), "NW")
	p.Type(u.Entry("Name"), "Night Watchman")
	p.Number(u.Field("Miniatures (#)").(*numberField), 4)
	p.Number(u.Field("Melee attack").(*numberField), 2)
	p.Number(u.Field("Range").(*numberField), 2)
	p.Number(u.Field("Defence").(*numberField), 3)
	if err := p.Submit(u); err == nil || !strings.Contains(u.Problem("Range"), "A range needs a ranged attack") {
		t.Fatalf("a range without a ranged attack: %v, under Range %q", err, u.Problem("Range"))
	}
	p.Number(u.Field("Ranged attack").(*numberField), 2)
	p.Number(u.Field("Wounds to kill").(*numberField), 2)
	p.Pick(u.Field("Keywords").(*chipsField).Add, "Fast")
	p.Pick(u.Field("Kinds").(*chipsField).Add, "Officer")
	if got := uitest.Text(u.Preview); !strings.Contains(got, "# 4 · melee 2 · ranged 2 (range 2) · support 0 · defence 3 · 2 wounds · Fast · Officer") {
		t.Fatalf("the line's preview:\n%s", got)
	}
	if err := p.Submit(u); err != nil {
		t.Fatalf("the line: %v (%s)", err, u.Message())
	}
	if got := uitest.Text(fd.Preview); !strings.Contains(got, "Faction card: Night Watch") || !strings.Contains(got, "1. NW Night Watchman") {
		t.Fatalf("the card's preview:\n%s", got)
	}
	if err := p.Submit(fd); err != nil {
		t.Fatalf("the card: %v (%s)", err, fd.Message())
	}
	f := k.state().Library.FactionByID(saved)
	if f == nil || f.Name != "Night Watch" || len(f.Units) != 1 {
		t.Fatalf("saved %q: %+v", saved, f)
	}
	un := f.Units[0]
	if un.Max != 4 || *un.RangedAttack != 2 || un.WoundsToKill() != 2 || !un.Has(content.KwFast) || !un.Tagged("officer") {
		t.Fatalf("the line as saved: %+v", un)
	}
	t.Logf("a faction card with one line: %d interactions", p.N)
	// Changing it opens the form filled in; undo takes the change back.
	ch := k.FactionForm(saved, nil)
	if ch.Entry("Name").Text != "Night Watch" || ch.Entry("Card number") != nil {
		t.Fatal("the change form is not filled in (or shows the id made from the name as a card number)")
	}
	ch.Entry("Name").SetText("Day Watch")
	if err := ch.Submit(); err != nil {
		t.Fatal(err)
	}
	if _, ok := k.ctx.Run(k.ctx.Session.Undo); !ok || k.state().Library.FactionByID(saved).Name != "Night Watch" {
		t.Fatal("undo did not take the change back")
	}
}

// A spawn card form with no faction card says so and opens the faction
// card form right there; back in the spawn card, its rows are picked from
// the new card's units.
func TestSpawnCardWithoutAFactionIsNoDeadEnd(t *testing.T) {
	k, _, p := contentKit(t)
	sc := k.SpawnCardForm("", nil)
	if got := uitest.Text(sc.Field("Green row")); !strings.Contains(got, "none is entered yet") {
		t.Fatalf("the green row does not say what is missing:\n%s", got)
	}
	p.Tap(sc.Field("Green row"), "Enter a faction card")
	fd := k.Last
	p.Type(fd.Entry("Name"), "Watch")
	p.Tap(fd.body, "Add a unit line")
	u := k.Last
	p.Type(u.Entry("Code"), "WM")
	p.Type(u.Entry("Name"), "Watchman")
	if err := p.Submit(u); err != nil {
		t.Fatal(err)
	}
	if err := p.Submit(fd); err != nil {
		t.Fatal(err)
	}
	// Back in the spawn card: each row adds the only unit at once.
	for _, row := range []string{"Green row", "Orange row", "Red row"} {
		p.Tap(sc.Field(row), "Add a unit to the")
	}
	p.Step(find(sc.Field("Red row"), func(o fyne.CanvasObject) bool { _, ok := o.(*stepField); return ok }).(*stepField), 3)
	if err := p.Submit(sc); err != nil {
		t.Fatalf("%v (%s)", err, sc.Message())
	}
	cards := k.state().Library.SpawnCards
	if len(cards) != 1 || cards[0].Levels[content.Red][0].Count != 3 || cards[0].Levels[content.Green][0].UnitCode != "WM" {
		t.Fatalf("spawn cards %+v", cards)
	}
	if got := uitest.Text(k.SpawnCardForm(cards[0].ID, nil).Preview); !strings.Contains(got, "Red: 3 × Watchman") {
		t.Fatalf("the card's preview:\n%s", got)
	}
}

// A noise card's effects are picked: a barracks spawn on a card before the
// alarm is shown as a problem under its half of the card.
func TestNoiseCardEffects(t *testing.T) {
	k, _, p := contentKit(t)
	nc := k.NoiseCardForm("", content.DeckPreAlarm, nil)
	p.Type(nc.Entry("Card number"), "NX1")
	p.Tap(nc.Field("Top (always)"), "Add an effect to the top")
	p.Step(nc.Field("Threshold").(*stepField), 4)
	p.Tap(nc.Field("Bottom (from the threshold)"), "Add an effect to the bottom")
	bottom := nc.Field("Bottom (from the threshold)")
	kind := find(bottom, func(o fyne.CanvasObject) bool { _, ok := o.(*widget.Select); return ok }).(*widget.Select)
	p.Pick(kind, rb.EffectWords(content.EffSpawnBarracks))
	if err := p.Submit(nc); err == nil || !strings.Contains(nc.Problem("Bottom (from the threshold)"), "Barracks spawn from noise cards after the alarm") {
		t.Fatalf("%v: under the bottom %q", err, nc.Problem("Bottom (from the threshold)"))
	}
	p.Pick(kind, rb.EffectWords(content.EffTriggerAlarm))
	if got := uitest.Text(nc.Preview); !strings.Contains(got, "Patrol spawns: green icon, suspicious") || !strings.Contains(got, "The alarm is set off") {
		t.Fatalf("the card's preview:\n%s", got)
	}
	if err := p.Submit(nc); err != nil {
		t.Fatalf("%v (%s)", err, nc.Message())
	}
	n := k.state().Library.NoiseCardByID("NX1")
	if n == nil || n.Threshold != 4 || n.Top[0].Kind != content.EffSpawnPatrol || n.Bottom[0].Kind != content.EffTriggerAlarm {
		t.Fatalf("noise card %+v", n)
	}
}

// A mission: its tracker picked, its map drawn in the editor (rooms corner
// to corner, a door tapped on a side, an entrance and a token marked),
// saved in one step with the lines of sight the drawing gives.
func TestMissionAndItsMap(t *testing.T) {
	k, _, p := contentKit(t)
	mf := k.MissionForm("", nil)
	p.Type(mf.Entry("Name"), "Hall")
	p.Number(mf.Field("Spaces before the alarm").(*numberField), 5)
	p.Number(mf.Field("Spaces after the alarm").(*numberField), 3)
	p.Tap(mf.Field("Map"), "Draw the map")
	ed := k.LastMap
	// A corridor of three areas, and a room of two beside it.
	p.Cell(ed.Grid, 0, 0)
	p.Cell(ed.Grid, 2, 0)
	p.Cell(ed.Grid, 3, 0)
	p.Cell(ed.Grid, 4, 0)
	m := ed.Model.Map()
	if len(m.Areas) != 5 || len(ed.Model.Rooms()) != 2 {
		t.Fatalf("drawn %d areas in rooms %v", len(m.Areas), ed.Model.Rooms())
	}
	p.Choose(ed.Tool, toolSides)
	p.Side(ed.Grid, 2, 0, content.East)
	if !strings.Contains(ed.Note.Text, "door D1, closed") {
		t.Fatalf("the side tap says %q", ed.Note.Text)
	}
	p.Choose(ed.Tool, toolAreas)
	p.Cell(ed.Grid, 0, 0)
	p.Check(checkWith(t, ed.details, "Entrance"), true)
	p.Choose(ed.Tool, toolToken)
	p.Cell(ed.Grid, 4, 0)
	p.TapObject(find(ed.details, func(o fyne.CanvasObject) bool { b, ok := o.(*widget.Button); return ok && b.Text == "Green" }).(*widget.Button))
	ed.Done()
	p.N++
	if got := uitest.Text(mf.Field("Map")); !strings.Contains(got, "5 areas in 2 rooms · 1 door · 1 spawn token · entrance A1") {
		t.Fatalf("the mission form's map:\n%s", got)
	}
	if err := p.Submit(mf); err != nil {
		t.Fatalf("%v (%s)", err, mf.Message())
	}
	t.Logf("a mission with a 5-area map: %d interactions", p.N)
	l := k.state().Library
	mp, mi := l.MapOf("Hall"), l.MissionOf("Hall")
	if mp == nil || mi == nil || mi.PreAlarm != 5 || mi.PostAlarm != 3 {
		t.Fatalf("saved map %v, details %+v", mp != nil, mi)
	}
	if _, err := board.New(mp); err != nil {
		t.Fatalf("the enemy's board refuses the map: %v", err)
	}
	if len(mp.SightLines) != 1 || strings.Join(mp.SightLines[0], " ") != "A1 A2 A3 A4 A5" {
		t.Fatalf("sight lines %v", mp.SightLines)
	}
	if mp.SpawnTokens[0].Area != "A5" || mp.SpawnTokens[0].Icons[0] != content.Green || mp.Doors[0].State != content.Closed {
		t.Fatalf("token %+v, door %+v", mp.SpawnTokens, mp.Doors)
	}
	// Changing it opens the editor on the same drawing.
	k.MissionForm("Hall", nil)
	p.Tap(k.Last.Field("Map"), "Change the map")
	if len(k.LastMap.Model.Map().Areas) != 5 {
		t.Fatal("the editor does not open on the saved map")
	}
}

// A character card, and the content file: exported, loaded into another
// campaign (what it adds is said first), and a bad file refused with every
// problem named, nothing changed.
func TestHeroCardAndContentFiles(t *testing.T) {
	k, c, p := contentKit(t)
	hf := k.HeroForm("", nil)
	p.Type(hf.Entry("Name"), "Ada")
	p.Type(hf.Entry("Weapon 1"), "Rifle")
	p.Step(hf.Field("Weapon 1 range").(*stepField), 3)
	if err := p.Submit(hf); err == nil || !strings.Contains(hf.Problem("Weapon 2"), "Give the weapon's name") {
		t.Fatalf("%v: under weapon 2 %q", err, hf.Problem("Weapon 2"))
	}
	p.Type(hf.Entry("Weapon 2"), "Knife")
	if err := p.Submit(hf); err != nil {
		t.Fatal(err)
	}
	must(t, k.ctx, rb.ImportContent{Data: testContent(t)})
	var buf bytes.Buffer
	if err := c.Export(&buf); err != nil {
		t.Fatal(err)
	}
	k2, _, _ := contentKit(t)
	lf := k2.LoadContent("shared.json", buf.Bytes())
	if got := uitest.Text(lf.body); !strings.Contains(got, "New: faction card Made-up faction") || !strings.Contains(got, "the character card of Ada") {
		t.Fatalf("the load form does not say what the file adds:\n%s", got)
	}
	if err := lf.Submit(); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(k.state().Library)
	b, _ := json.Marshal(k2.state().Library)
	if string(a) != string(b) {
		t.Fatalf("loaded content differs:\n%s\n%s", a, b)
	}
	var f map[string]any
	_ = json.Unmarshal(buf.Bytes(), &f)
	f["content"].(map[string]any)["factions"].([]any)[0].(map[string]any)["units"].([]any)[0].(map[string]any)["max"] = -1
	f["content"].(map[string]any)["heroes"].([]any)[0].(map[string]any)["weapons"].([]any)[0].(map[string]any)["name"] = ""
	bad, _ := json.Marshal(f)
	k3, _, _ := contentKit(t)
	if k3.LoadContent("bad.json", bad) != nil {
		t.Fatal("a bad file was offered for loading")
	}
	for _, want := range []string{"faction card Made-up faction, line 1 (Grunt), miniatures (#): must be 0 or more", "character card Ada, weapon 1: give the weapon's name"} {
		if !strings.Contains(k3.Refused, want) {
			t.Errorf("the refusal does not say %q:\n%s", want, k3.Refused)
		}
	}
	if len(k3.state().Library.Factions) != 0 {
		t.Fatal("a refused file changed the content")
	}
}

// The Content tab says what a mission still needs, each with a button to
// enter it, and marks practice content as such.
func TestContentTabSaysWhatIsMissing(t *testing.T) {
	k, c, p := contentKit(t)
	got := uitest.Text(c.root)
	for _, want := range []string{"✗ A mission: its map and its tracker: none yet", "✗ A faction card: none yet", "✗ Heroes' character cards: none yet", "[Enter…]"} {
		if !strings.Contains(got, want) {
			t.Errorf("the Content tab does not say %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Practice content") {
		t.Error("practice label on a campaign without practice content")
	}
	p.Tap(c.needs, "Enter…")
	if k.Last == nil || k.Last.Title != "Mission" {
		t.Fatalf("the first Enter… opened %v", k.Last)
	}
	must(t, k.ctx, rb.ImportContent{Data: testContent(t)})
	c.Refresh()
	got = uitest.Text(c.root)
	if !strings.Contains(got, "✓ Everything a mission needs is entered") || !strings.Contains(got, "a faction card (1)") || !strings.Contains(got, "Made-up faction — 2 unit lines: Grunt, Hound") {
		t.Fatalf("after loading content:\n%s", got)
	}
}

// Changing a faction card whose id the app made (from its name, as the
// practice content's are) shows no "Card number" holding that id: a player
// sees a card's number or nothing. A number a player typed still shows.
func TestFactionCardNumberIsANumberOrNothing(t *testing.T) {
	k, _, _ := contentKit(t)
	imp, err := rb.PracticeCommands(practice.Practice)
	if err != nil {
		t.Fatal(err)
	}
	must(t, k.ctx, imp[0]) // the practice content
	var ids []string
	for _, f := range k.state().Library.Factions {
		ids = append(ids, f.ID)
	}
	// One the form made from its name, then renamed; one with a number
	// typed.
	units := k.state().Library.Factions[0].Units
	must(t, k.ctx, rb.PutFaction{Faction: content.Faction{ID: "night-watch-2", Name: "Day Watch", Units: units}})
	must(t, k.ctx, rb.PutFaction{Faction: content.Faction{ID: "NW7", Name: "Night Watch Seven", Units: units}})
	ids = append(ids, "night-watch-2")
	for _, id := range ids {
		fd := k.FactionForm(id, nil)
		if e := fd.Entry("Card number"); e != nil {
			t.Errorf("faction %q: a Card number field holding %q", id, e.Text)
		}
		if got := uitest.AllText(fd.dlg.Content()); strings.Contains(got, id) {
			t.Errorf("faction %q: the form shows its id:\n%s", id, got)
		}
		fd.dlg.Hide()
	}
	fd := k.FactionForm("NW7", nil)
	if e := fd.Entry("Card number"); e == nil || e.Text != "NW7" || !e.Disabled() {
		t.Errorf("a typed card number is not shown: %+v", e)
	}
	fd.dlg.Hide()
}
