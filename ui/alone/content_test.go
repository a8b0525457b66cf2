package alone

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// dialogButton taps the open dialog's button whose text starts with label.
func dialogButton(t *testing.T, w fyne.Window, label string) {
	t.Helper()
	var found *widget.Button
	walk(w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok && found == nil && strings.HasPrefix(b.Text, label) {
			found = b
		}
		return found == nil
	})
	if found == nil {
		t.Fatalf("no button %q in the dialog:\n%s", label, uitest.WindowText(w))
	}
	test.Tap(found)
}

func dialogOpen(w fyne.Window) bool { return widgets.TopDialog(w.Canvas()) != nil }

// TestItemCardEnteredEditedDeletedAndUndone: the Item form shows every
// problem under its field at once and keeps the dialog open; a card that
// clashes with the set is refused above the buttons; a good card is an
// event; changing and deleting it are events; undo brings it back.
func TestItemCardEnteredEditedDeletedAndUndone(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	k := newKit(ctx)
	sink := campaignSink{k}
	show(w, container.NewStack())
	var saved string
	editItem(sink, nil, func(n string) { saved = n })
	d := widgets.TopDialog(w.Canvas())
	f := itemFormOf(t, d)
	// Nothing entered: the name and the Action are asked for.
	dialogButton(t, w, "Save the card")
	got := f.fs.problems()
	if got[ta.FieldName] == "" || got[ta.FieldAction] == "" || !dialogOpen(w) {
		t.Fatalf("problems shown: %v", got)
	}
	// A name the set holds already is refused by the rules, above the
	// buttons; nothing is recorded.
	n := ctx.Session.LastSeq()
	f.name.SetText("arc torch")
	f.action.SetSelected("Explore")
	f.update()
	dialogButton(t, w, "Save the card")
	if !strings.Contains(d.Problem(), "another Item card has this name") || ctx.Session.LastSeq() != n {
		t.Fatalf("a clashing name: %q", d.Problem())
	}
	// The preview follows what is tapped in.
	f.name.SetText("Signal Lamp")
	test.Tap(f.charges.plus)
	f.kind.SetSelected(itemPassive)
	f.update()
	if p := f.preview.Text(); !strings.Contains(p, "Signal Lamp | Passive") || !strings.Contains(p, "2 Charges") {
		t.Fatalf("preview:\n%s", p)
	}
	dialogButton(t, w, "Save the card")
	if dialogOpen(w) || saved != "Signal Lamp" {
		t.Fatalf("not saved: %q", saved)
	}
	it := state(ctx).Content.ItemNamed("Signal Lamp")
	if it == nil || !it.Passive || it.Charges != 2 {
		t.Fatalf("item %+v", it)
	}
	// Change it from the set's list.
	v := newContentView(sink)
	show(w, v.obj)
	c := *it
	editItem(sink, &c, nil)
	f = itemFormOf(t, widgets.TopDialog(w.Canvas()))
	test.Tap(f.charges.plus)
	dialogButton(t, w, "Save the card")
	if state(ctx).Content.ItemNamed("Signal Lamp").Charges != 3 {
		t.Fatal("the change did not take")
	}
	// Delete it (TestDeleteAsksFirst taps through the question); then
	// undo.
	if err := sink.del(ta.DeleteContent{Kind: ta.KindItem, Name: "Signal Lamp"}); err != nil {
		t.Fatal(err)
	}
	if state(ctx).Content.ItemNamed("Signal Lamp") != nil {
		t.Fatal("not deleted")
	}
	if _, ok := ctx.Run(ctx.Session.Undo); !ok || state(ctx).Content.ItemNamed("Signal Lamp") == nil {
		t.Fatal("undo did not bring the card back")
	}
}

// itemFormOf is the Item form the open dialog shows.
func itemFormOf(t *testing.T, d *widgets.Dialog) *itemForm {
	t.Helper()
	if d == nil || lastForm == nil {
		t.Fatal("no form open")
	}
	return lastForm.(*itemForm)
}

// lastForm is the form the last edit dialog opened.
var lastForm any

func init() { formOpened = func(f any) { lastForm = f } }

// TestDeleteAsksFirst: a Delete in the set's list asks, and only the
// confirmation deletes.
func TestDeleteAsksFirst(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	v := newContentView(campaignSink{newKit(ctx)})
	show(w, container.NewVScroll(v.obj))
	w.Resize(fyne.NewSize(1280, 8000))
	n := len(state(ctx).Content.Items)
	var del *widget.Button
	walk(v.lists, func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok && b.Text == "Delete" {
			del = b // the last Delete is a Reaction card's
		}
		return true
	})
	test.Tap(del)
	if len(state(ctx).Content.Reactions) != 8 {
		t.Fatal("deleted before asking")
	}
	dialogButton(t, w, "Delete")
	if len(state(ctx).Content.Reactions) != 7 || len(state(ctx).Content.Items) != n {
		t.Fatalf("reactions %d", len(state(ctx).Content.Reactions))
	}
}

// TestMissionAndReactionCardsByTapping: a Final Mission with a Boss and
// a Reaction card with two halves go in by taps, previews included.
func TestMissionAndReactionCardsByTapping(t *testing.T) {
	ctx, w := game(t, "assist", nil)
	sink := campaignSink{newKit(ctx)}
	show(w, container.NewStack())
	f := newMissionForm(sink.current())
	f.name.SetText("Power the lift")
	f.kind.SetSelected("Final Mission")
	f.rooms.chosen["Relay Room"] = true
	f.boss.SetChecked(true)
	f.bossName.SetText("Lift Horror")
	test.Tap(f.bossNormal.dark.plus)
	f.update()
	m := f.read()
	if m.Kind != ta.FinalMission || m.Boss == nil || m.Boss.Normal.AttackDark != 4 || len(m.Goals) != 1 || m.Colour != "" {
		t.Fatalf("mission %+v", m)
	}
	if p := f.preview.Text(); !strings.Contains(p, "Boss Lift Horror") || !strings.Contains(p, "Go to: Relay Room") {
		t.Fatalf("preview:\n%s", p)
	}
	if err := sink.put(ta.PutContent{Mission: &m}); err != nil {
		t.Fatal(err)
	}
	r := newReactionCardForm()
	r.deck.SetSelected("Terror")
	r.name.SetText("Hollow Voice")
	r.trigger.SetSelected("Locate")
	r.effect.add(alone.CardOp{Op: ta.OpOther})
	r.effect.rows[0].what.SetSelected(effDamage)
	r.effect.rows[0].track.SetSelected("Self Control")
	test.Tap(r.effect.rows[0].n.plus)
	r.dangerous.add(alone.CardOp{Op: ta.OpOther})
	r.dangerous.rows[0].what.SetSelected(effMove)
	r.update()
	card := r.read()
	if card.Deck != "terror" || card.Trigger != alone.TriggerLocate || card.Effect[0] != (alone.CardOp{Op: ta.OpDamage, Kind: alone.SCDamage, N: 2}) ||
		card.Dangerous[0].Op != ta.OpMove {
		t.Fatalf("card %+v", card)
	}
	if p := r.preview.Text(); !strings.Contains(p, "The Hero loses 2 Self Control") || !strings.Contains(p, "Dangerous:") {
		t.Fatalf("preview:\n%s", p)
	}
	if err := sink.put(ta.PutContent{Reaction: &card}); err != nil {
		t.Fatal(err)
	}
	// The Evil players pick it when they play it face up: its trigger comes
	// with it.
	e := NewEnemyScreen(ctx)
	e.rf.deck.SetSelected("Terror")
	e.rf.refreshCards()
	e.rf.face.SetSelected(faceUpW)
	e.rf.cardPick.SetSelected("Hollow Voice")
	if e.rf.trigger.Selected != "Locate" {
		t.Fatalf("trigger %q", e.rf.trigger.Selected)
	}
}

// TestHeroSheetFormChecksEachValue: the sheet's values are tapped in, a
// Healing Cap that falls toward the start is named under its field, and
// the tracks' lengths follow the top of the health tracks.
func TestHeroSheetFormChecksEachValue(t *testing.T) {
	ctx, w := game(t, "", nil)
	show(w, container.NewStack())
	f := newSheetForm(ta.DefaultSheet())
	test.Tap(f.healthMax.minus)
	if len(f.adrenaline) != 12 || f.startLife.Value != 11 {
		t.Fatalf("adrenaline %d, life %d", len(f.adrenaline), f.startLife.Value)
	}
	f.caps[3].SetValue(2)
	sh := f.read()
	f.fs.show(ta.SheetProblems(sh))
	if got := f.fs.problems()[ta.FieldCaps]; !strings.Contains(got, "space 4's cap (2) is lower than space 3's") {
		t.Fatalf("problems %v", f.fs.problems())
	}
	f.caps[3].SetValue(7)
	f.danger.chosen["1"] = true
	sh = f.read()
	if ps := ta.SheetProblems(sh); len(ps) != 0 || sh.HealthMax != 11 || sh.DangerSpaces[0] != 0 {
		t.Fatalf("%v %+v", ps, sh.DangerSpaces)
	}
	sink := newDraftSink(w, nil)
	if err := sink.put(ta.PutContent{Sheet: &sh}); err != nil {
		t.Fatal(err)
	}
	_ = ctx
}

// TestMapEditorByTapping: squares tapped become Sectors joined to their
// neighbours; a side set to a Door or a wall changes both Sectors; Stairs
// of a colour join the two Levels; taking a Sector away unlinks it; what
// still keeps the Map from play is listed.
func TestMapEditorByTapping(t *testing.T) {
	test.NewTempApp(t)
	e := newMapEditor(nil)
	e.name.SetText("Tiny")
	for x := 0; x < 3; x++ {
		e.tap(ta.GridID(1, x, 0))
	}
	l := e.layout()
	if len(l.Sectors) != 3 || l.Hero != "1A1" {
		t.Fatalf("sectors %d hero %q", len(l.Sectors), l.Hero)
	}
	if got := l.Sectors[0].Exits[alone.East].To; got != "1B1" {
		t.Fatalf("1A1 east leads to %q", got)
	}
	e.sel = "1B1"
	e.setEdge(alone.East, edgeBlocked)
	b, c := e.secs["1B1"].Exits[alone.East], e.secs["1C1"].Exits[alone.West]
	if !b.Door || !b.Blocked || !c.Door || !c.Blocked {
		t.Fatalf("a Blocked Door on one side only: %+v %+v", b, c)
	}
	e.setEdge(alone.West, edgeWall)
	if _, ok := e.secs["1A1"].Exits[alone.East]; ok {
		t.Fatal("the wall left a link")
	}
	mustSee(t, e.obj, "Stairs")
	if !strings.Contains(e.fs.general.Text, "draw Sectors on both Level 1 and Level 2") {
		t.Fatalf("problems: %q", e.fs.general.Text)
	}
	// Level 2 and the Stairs.
	e.levels.SetSelected("Level 2")
	e.level = 2
	e.fill()
	e.sel = "2A1"
	e.setStairs("Red")
	e.sel = "1A1"
	e.setStairs("Red")
	if e.secs["1A1"].Exits[alone.Stairs].To != "2A1" || e.secs["2A1"].Exits[alone.Stairs].To != "1A1" {
		t.Fatal("the red Stairs do not join the Levels")
	}
	e.sel = "2B1"
	e.setStairs("Blue")
	e.sel = "1C1"
	e.setStairs("Blue")
	e.sel = "1B1"
	e.apply(func(s *alone.Sector) { s.Shape, s.Room = alone.ShapeRoom, "Vault" })
	if l := e.layout(); len(l.Problems(alone.DefaultConfig())) > 0 {
		ps := l.Problems(alone.DefaultConfig())
		t.Fatalf("problems: %v", ps)
	}
	if !strings.Contains(e.status.Text, "ready to play") {
		t.Fatalf("status %q", e.status.Text)
	}
	// Take a Stairs Sector away: its partner loses the link, the Map
	// needs its Stairs again.
	e.sel = "2B1"
	e.removeSel()
	if _, ok := e.secs["1C1"].Exits[alone.Stairs]; ok {
		t.Fatal("the Stairs still lead to a Sector taken away")
	}
	if l := e.layout(); len(l.Problems(alone.DefaultConfig()).For(ta.FieldStairs)) == 0 {
		t.Fatal("no Stairs problem")
	}
	// The Map as the Hero first sees it: only the start.
	e.heroEye.SetChecked(true)
	e.levels.SetSelected("Level 1")
	e.level = 1
	e.refresh()
	rev := 0
	for _, tl := range e.view.tiles {
		if tl.Revealed {
			rev++
		}
	}
	if rev != 1 {
		t.Fatalf("%d Sectors shown to the Hero at the start", rev)
	}
}

// TestContentFileImportNamesEveryProblem: a damaged file changes nothing
// and lists each problem with its card and field; a good newer file asks,
// then updates the campaign and says what it kept.
func TestContentFileImportNamesEveryProblem(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	v := newContentView(campaignSink{newKit(ctx)})
	show(w, v.obj)
	n := ctx.Session.LastSeq()
	v.importBytes([]byte(`{"format":"tablekeeper.alone.content","version":1,"name":"Bad","items":[{"name":"","charges":0},{"name":"Rope","action":"jump","charges":2}]}`))
	text := uitest.WindowText(w)
	for _, want := range []string{"Nothing was changed. The file has 4 problems", "Item card “Rope”, Action: choose the Action on its icon, or Passive",
		"Item card “without a name”, Name: write its name as printed", "Item card “without a name”, Charges: 1 to 20 Charges"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q not shown:\n%s", want, text)
		}
	}
	if ctx.Session.LastSeq() != n {
		t.Fatal("a damaged file changed the campaign")
	}
	widgets.TopDialog(w.Canvas()).Hide()
	// A newer file that lacks the Hero's Item.
	set := state(ctx).Content.Clone()
	set.Name = "Our box, second printing"
	set.Items = set.Items[:1]
	b, _ := set.Encode()
	v.importBytes(b)
	dialogButton(t, w, "Use it")
	if !strings.Contains(v.msg.Text, "Kept, because the game uses them and the new file lacks them: Item card “Arc Torch” (in the Hero's Inventory)") {
		t.Fatalf("said %q", v.msg.Text)
	}
	if state(ctx).Content.Name != "Our box, second printing" || state(ctx).Content.ItemNamed("Arc Torch") == nil {
		t.Fatal("not updated, or the used card was dropped")
	}
}

// TestDeviceLibraryKeepsAndOpensSets: a set kept on the device is listed
// at the next setup and opens from the list; a damaged one is named and
// never opened.
func TestDeviceLibraryKeepsAndOpensSets(t *testing.T) {
	ctx, w := game(t, "solo", nil)
	lib := shell.NewLibrary(t.TempDir())
	lctx := shell.NewContext(ctx.Session, w, shell.Hooks{Library: lib})
	v := newContentView(campaignSink{newKit(lctx)})
	show(w, v.obj)
	v.keepOnDevice()
	if l, _ := lib.List(tracker.Alone); len(l) != 1 || l[0].Name != "Practice set" {
		t.Fatalf("kept: %v (%s)", l, v.msg.Text)
	}
	// A second set with its own name, then damage the first on the disk.
	set := state(ctx).Content.Clone()
	set.Name, set.Practice = "Our box", false
	b, _ := set.Encode()
	if err := lib.Save(tracker.Alone, "Our box", b); err != nil {
		t.Fatal(err)
	}
	damage(t, lib, "Practice set")
	f := newSetupForm(w, lib)
	if !containsOpt(f.set.Options, "Kept on this device: Our box") || containsOpt(f.set.Options, "Kept on this device: Practice set") {
		t.Fatalf("options %v", f.set.Options)
	}
	if !strings.Contains(f.needs.Text, "“Practice set” is damaged") {
		t.Fatalf("needs:\n%s", f.needs.Text)
	}
	f.set.SetSelected("Kept on this device: Our box")
	if f.sink.current().Name != "Our box" || f.start1.Selected() == "" {
		t.Fatalf("set %q, start %q", f.sink.current().Name, f.start1.Selected())
	}
	cmds, err := f.commands()
	if err != nil || len(cmds) != 4 {
		t.Fatalf("%v %d", err, len(cmds))
	}
}

func containsOpt(opts []string, o string) bool {
	for _, x := range opts {
		if x == o {
			return true
		}
	}
	return false
}

// damage changes a kept set's bytes on the disk.
func damage(t *testing.T, lib *shell.Library, name string) {
	t.Helper()
	dir := lib.Dir()
	var path string
	_ = filepath.WalkDir(dir, func(p string, _ fs.DirEntry, _ error) error {
		if strings.Contains(filepath.Base(p), name) {
			path = p
		}
		return nil
	})
	if path == "" {
		t.Fatalf("no file for %q under %s", name, dir)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-10] ^= 0x20
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSetupNamesWhatIsMissingAndEntersItThere: with a new set the setup
// says what each choice lacks; its button opens the card's form, and the
// card comes back chosen; Create with something missing shows every
// problem under its field and makes nothing.
func TestSetupNamesWhatIsMissingAndEntersItThere(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(container.NewStack())
	defer w.Close()
	w.Resize(fyne.NewSize(1280, 800))
	f := newSetupForm(w, nil)
	show(w, container.NewVScroll(f.obj))
	f.set.SetSelected(setNew)
	mustSee(t, f.obj, "No Starting Mission card entered yet.")
	mustSee(t, f.obj, "No Map drawn yet")
	mustSee(t, f.obj, "✗ 2 Starting Mission cards (0 in the set)")
	if _, err := f.commands(); err == nil {
		t.Fatal("an empty set started a game")
	}
	got := f.fs.problems()
	for _, field := range []string{ta.FieldStarting1, ta.FieldStarting2, ta.FieldFinal, ta.FieldItems, ta.FieldMap} {
		if got[field] == "" {
			t.Errorf("nothing under %s: %v", field, got)
		}
	}
	// Enter the Final Mission right here: it comes back chosen.
	test.Tap(f.final.add)
	mf := lastForm.(*missionForm)
	if mf.kind.Selected != "Final Mission" {
		t.Fatalf("kind %q", mf.kind.Selected)
	}
	mf.name.SetText("Out")
	dialogButton(t, w, "Save the card")
	if f.final.Selected() != "Out" || dialogOpen(w) {
		t.Fatalf("final %q", f.final.Selected())
	}
	mustSee(t, f.obj, "✓ a Final Mission card (1 in the set)")
}
