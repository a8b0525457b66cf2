package phantom

import (
	"strings"
	"testing"
	"unicode"

	"fyne.io/fyne/v2/test"

	ap "tablekeeper/automa/phantom"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/uitest"
)

// rowProblem is the problem shown under the form's row for key.
func rowProblem(ed contentEditor, key string) string {
	for _, r := range ed.Rows() {
		if r.key == key {
			return r.Problem()
		}
	}
	return "(no row " + key + ")"
}

// named fills the name fields every form needs.
func named(t *testing.T, ed contentEditor, name string) {
	t.Helper()
	switch f := ed.(type) {
	case *AdversaryForm:
		f.Name.SetText(name)
		f.Species.SetText("Vex")
		f.Class.SetText("Brute")
	case *SpeciesCardForm:
		f.Species.SetText("Vex")
	case *ClassCardForm:
		f.Class.SetText("Brute")
	case *BossForm:
		f.Name.SetText(name)
	case *BossCardForm:
	case *SpeciesForm:
		f.Name.SetText(name)
	case *ClassForm:
		f.Name.SetText(name)
	case *ActionCardForm:
		f.Name.SetText(name)
		f.Class.SetSelected("Warrior")
	case *EquipmentForm:
		f.Name.SetText(name)
	case *AttachmentForm:
		f.Name.SetText(name)
	case *ItemForm:
		f.Name.SetText(name)
	case *MissionForm:
		f.Name.SetText(name)
	default:
		t.Fatalf("no form filled for %T", ed)
	}
}

// TestEveryContentFormSavesWhatItShows: each kind's form, with only its
// names filled in (numbers on their steppers as they start, as most cards
// print them), is content the tracker accepts, saved in one change, and
// the preview shows the name entered.
func TestEveryContentFormSavesWhatItShows(t *testing.T) {
	h := newHarness(t, nil)
	c := NewCampaignScreen(h.ctx)
	h.w.SetContent(c.Object())
	for _, sec := range contentSections {
		before := h.s.LastSeq()
		c.Entry.Open(sec.Kind, "", nil)
		ed := c.Entry.Shown
		if ed == nil {
			t.Fatalf("%s: no form opened", sec.Title)
		}
		// Named as a player would ("Sample action card"), not by the kind's
		// code ("actionCard"), which the players' words checks refuse.
		name := "Sample " + kindWords(sec.Kind)
		named(t, ed, name)
		if txt := uitest.Text(ed.Preview()); sec.Kind != tp.KindSpeciesCard && sec.Kind != tp.KindClassCard && sec.Kind != tp.KindBossCard &&
			!strings.Contains(txt, name) {
			t.Errorf("%s: the preview does not show the name: %q", sec.Title, txt)
		}
		test.Tap(c.Entry.SaveButton)
		if h.s.LastSeq() != before+1 {
			var ps []string
			for _, r := range ed.Rows() {
				if r.Problem() != "" {
					ps = append(ps, r.key+": "+r.Problem())
				}
			}
			t.Fatalf("%s: not saved in one change: %v %v %q", sec.Title, ps, h.errs, ed.General().Text)
		}
		if c.Entry.Shown != nil {
			t.Errorf("%s: the form stays open after saving", sec.Title)
		}
	}
	k := h.state().Content
	if cc := k.ClassCards["Brute 1"]; len(cc.Card.Rows) != 4 || cc.Card.Rows[2].Colour != ap.Red || cc.Card.Rows[3].AP != 4 {
		t.Fatalf("class card rows: %+v", cc.Card.Rows)
	}
	boss, class := "Sample "+kindWords(tp.KindBoss), "Sample "+kindWords(tp.KindClass)
	if b := k.Bosses[boss]; b.HP != [3]int{20, 24, 28} || b.Actions[2].AP != 7 {
		t.Errorf("boss board: %+v", b)
	}
	if cb := k.Classes[class]; len(cb.Starting) != tp.MissionCards || k.ActionCards[class+" card 3"].Class != class {
		t.Errorf("the class board did not bring its ten starting cards: %+v", cb.Starting)
	}
}

// TestContentFormShowsEveryProblemUnderItsField: an empty description card
// shows all its problems at once, each under its field; nothing is saved
// until they are put right, and then in one change.
func TestContentFormShowsEveryProblemUnderItsField(t *testing.T) {
	h := newHarness(t, nil)
	en := NewEntry(h.ctx)
	en.Open(tp.KindAdversary, "", nil)
	f := en.Shown.(*AdversaryForm)
	test.Tap(en.SaveButton)
	for key, want := range map[string]string{"name": "Write the adversary's name", "species": "Give its species", "class": "Give its class"} {
		if got := rowProblem(f, key); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", key, got, want)
		}
	}
	if h.s.LastSeq() != 0 {
		t.Fatal("a card with problems was saved")
	}
	f.Name.SetText("Vex Brute")
	f.Species.SetText("Vex")
	f.Class.SetText("Brute")
	test.Tap(f.HP.Plus)
	test.Tap(f.Difficulty.Plus)
	test.Tap(en.SaveButton)
	at, ok := h.state().Content.Adversaries[tp.AdversaryKey("Vex Brute", 2)]
	if !ok || at.HP != 6 || h.s.LastSeq() != 1 {
		t.Fatalf("not saved: %+v %v", at, h.errs)
	}
}

// TestClassCardEnteredByTapping: a class card's row gets a second action
// picked from the list with its numbers on steppers and a condition
// ticked; editing loads it back; a new name replaces the old card (one
// change, undone by Undo); Delete removes it.
func TestClassCardEnteredByTapping(t *testing.T) {
	h := newHarness(t, nil)
	en := NewEntry(h.ctx)
	en.Open(tp.KindClassCard, "", nil)
	f := en.Shown.(*ClassCardForm)
	f.Class.SetText("Brute")
	row := f.Actions[1]
	test.Tap(row.Add)
	row.Kinds[1].SetSelected("Move")
	test.Tap(row.Num("1.value").Plus) // Move 2 → 3
	test.Tap(row.Num("0.value").Plus) // Attack +1
	if txt := uitest.Text(f.Preview()); !strings.Contains(txt, "Attack +1") || !strings.Contains(txt, "Move 3") {
		t.Fatalf("the preview does not follow the form:\n%s", txt)
	}
	test.Tap(en.SaveButton)
	cc, ok := h.state().Content.ClassCards["Brute 1"]
	if !ok || len(cc.Card.Rows[1].Actions) != 2 || string(raw(cc.Card.Rows[1].Actions[1])) != string(raw(ap.Action{Kind: ap.ActMove, Value: 3})) || cc.Card.Rows[1].Actions[0].Value != 1 {
		t.Fatalf("row 2: %+v %v", cc.Card.Rows[1], h.errs)
	}
	en.Open(tp.KindClassCard, "Brute 1", nil)
	g := en.Shown.(*ClassCardForm)
	if len(g.Actions[1].Actions()) != 2 {
		t.Fatal("editing did not load the card")
	}
	g.ID.SetText("Brute A")
	test.Tap(en.SaveButton)
	k := h.state().Content.ClassCards
	if _, old := k["Brute 1"]; old || len(k) != 1 {
		t.Fatalf("renamed card: %v", sortedKeys(k))
	}
	if _, err := h.s.Undo(); err != nil || len(h.state().Content.ClassCards["Brute 1"].Card.Rows) != 4 {
		t.Fatalf("undo the rename: %v", err)
	}
	en.Open(tp.KindClassCard, "Brute 1", nil)
	test.Tap(en.DeleteButton)
	if len(h.state().Content.ClassCards) != 0 || en.Shown != nil {
		t.Fatalf("not deleted: %v", h.errs)
	}
}

// TestClassBoardBringsItsStartingCards: a class board saved with its ten
// starting cards named on the form is one change; Undo takes the board
// and its cards back.
func TestClassBoardBringsItsStartingCards(t *testing.T) {
	h := newHarness(t, nil)
	en := NewEntry(h.ctx)
	en.Open(tp.KindClass, "", nil)
	f := en.Shown.(*ClassForm)
	f.Name.SetText("Warrior")
	f.Starting[0].Name.SetText("Cleave")
	test.Tap(f.Starting[0].AP.Plus)
	test.Tap(en.SaveButton)
	k := h.state().Content
	if cb := k.Classes["Warrior"]; len(cb.Starting) != 10 || cb.Starting[0] != "Cleave" || k.ActionCards["Cleave"].AP != 3 || k.ActionCards["Warrior card 10"].Class != "Warrior" {
		t.Fatalf("class board: %+v %v", cb, h.errs)
	}
	if h.s.LastSeq() != 1 {
		t.Fatalf("%d changes, want 1", h.s.LastSeq())
	}
	// The diary says what was entered ("Imported 11 pieces of content"
	// after saving one class board, issue 23).
	if m := h.msgs[len(h.msgs)-1]; m != `Entered the class board "Warrior" and 10 action cards` {
		t.Errorf("the class board's line: %q", m)
	}
	if _, err := h.s.Undo(); err != nil || len(h.state().Content.ActionCards) != 0 {
		t.Fatalf("undo: %v, %d cards left", err, len(h.state().Content.ActionCards))
	}
}

// TestDiceFacesPickedNotTyped: the Decision die's faces and the attack
// dice are picked face by face; a face half chosen is shown as a problem.
func TestDiceFacesPickedNotTyped(t *testing.T) {
	h := newHarness(t, nil)
	en := NewEntry(h.ctx)
	en.OpenDice()
	f := en.Dice
	f.Colour[0].SetSelected("red")
	test.Tap(en.DiceSave)
	if h.s.LastSeq() != 0 || !strings.Contains(rowProblem(f, "decisionDie.0"), "large letter") {
		t.Fatalf("a half-chosen face was saved: %q", rowProblem(f, "decisionDie.0"))
	}
	cols := []string{"dark blue", "light blue", "red", "yellow"}
	for i := range DiceFaces {
		f.Colour[i].SetSelected(cols[i%4])
		f.Primary[i].SetSelected("N")
		f.Secondary[i].SetSelected("E")
	}
	for i, s := range f.Faces["basic"] {
		s.SetSelected(attackFaceOptions[i])
	}
	test.Tap(en.DiceSave)
	k := h.state().Content
	if len(k.DecisionDie) != 8 || k.DecisionDie[2].Colour != ap.Red || len(k.AttackDice["basic"]) != 8 || k.AttackDice["blitz"] != nil {
		t.Fatalf("dice: %+v %+v %v", k.DecisionDie, k.AttackDice, h.errs)
	}
}

// kindWords is a content kind's code in words: "actionCard" is "action card".
func kindWords(k tp.ContentKind) string {
	var b strings.Builder
	for _, r := range string(k) {
		if unicode.IsUpper(r) {
			b.WriteByte(' ')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
