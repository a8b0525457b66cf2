package ui

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
)

// practiceLife is the test game with a practice game: life set to 3, a
// die rolled, opened on the Enemy tab.
type practiceLife struct {
	lifeScreens
	fail bool
}

func (p practiceLife) Practice() shell.Practice {
	return shell.Practice{
		Name: "Made-up practice content: Ana at 3 life, the die rolled once.",
		Commands: func() ([]tracker.Command, error) {
			if p.fail {
				return nil, errors.New("the practice map is missing")
			}
			return []tracker.Command{setLife{To: 3}, rollDie{}}, nil
		},
		Tab: shell.TabEnemy,
	}
}

func newPracticeUI(t *testing.T, fail bool) *App {
	t.Helper()
	u := New(test.NewTempApp(t), Options{
		DBPath:   filepath.Join(t.TempDir(), "tablekeeper.db"),
		Registry: tracker.Registry{testGame: lifeRules{}},
		Screens:  shell.Registry{testGame: practiceLife{lifeScreens: lifeScreens{acts: &[]string{}}, fail: fail}},
	})
	t.Cleanup(func() { u.Shutdown() })
	return u
}

// TestPracticeGameInTwoTaps: from an empty file, "Try a practice game"
// then the game's name makes a campaign marked practice, with the game's
// practice commands as its first events, open on the game's tab; a second
// one gets a numbered name; Home shows the mark; undo and export work.
func TestPracticeGameInTwoTaps(t *testing.T) {
	u := newPracticeUI(t, false)
	mustSee(t, u, "Try a practice game")
	taps := 0
	tap := func(label string) { taps++; test.Tap(findButton(t, u, label)) }
	tap("Try a practice game")
	mustSee(t, u, "Made-up practice content: Ana at 3 life")
	tap(testGame.Title())
	if u.camp == nil || taps != 2 {
		t.Fatalf("not opened after %d taps:\n%s", taps, screenText(u))
	}
	c := u.camp.s.Campaign()
	if !c.Practice || c.Name != "Practice — "+testGame.Title() {
		t.Fatalf("campaign %+v", c)
	}
	if life(u.camp) != 3 || len(u.camp.s.State().(*lifeState).Rolls) != 1 || u.camp.currentTab() != shell.TabEnemy {
		t.Fatalf("life %d, tab %v", life(u.camp), u.camp.currentTab())
	}
	if !strings.HasPrefix(u.camp.chrome.Title.Sub(), "Practice · ") {
		t.Fatalf("the header does not say practice: %q", u.camp.chrome.Title.Sub())
	}
	// The name above says the game already: the short line does not
	// repeat it (the newcomer's Reichbusters title line was cut).
	if u.camp.s.Where() != "" && strings.Contains(u.camp.chrome.Title.Sub(), testGame.Title()) {
		t.Fatalf("the header's second line repeats the game: %q", u.camp.chrome.Title.Sub())
	}
	// It behaves like any campaign, but its practice content is its
	// set-up, beyond undo (issue 22: 20 undos left an empty campaign):
	// Undo takes back what the players did after it.
	if !u.camp.chrome.Undo.Disabled() {
		t.Fatal("Undo offered over the practice content")
	}
	u.camp.ctx.Do(rollDie{})
	test.Tap(u.camp.chrome.Undo)
	test.Tap(u.camp.chrome.Undo)
	if len(u.camp.s.State().(*lifeState).Rolls) != 1 || life(u.camp) != 3 {
		t.Fatal("undo took back the practice content, or not the roll after it")
	}
	test.Tap(findButton(t, u, "Home"))
	mustSee(t, u, "Practice")
	mustSee(t, u, "made-up practice content")
	// A second one takes the next free name.
	u.startPractice(testGame)
	if got := u.camp.s.Campaign().Name; got != "Practice — "+testGame.Title()+" 2" {
		t.Fatalf("second name %q", got)
	}
	// The mark survives export and import.
	x, err := u.DB.Export(c.ID)
	if err != nil || !x.Campaign.Practice {
		t.Fatalf("export: %v %+v", err, x)
	}
}

func TestPracticeGameThatCannotBeSetUpMakesNothing(t *testing.T) {
	u := newPracticeUI(t, true)
	u.startPractice(testGame)
	if !strings.Contains(u.Notice(), "cannot be set up: the practice map is missing") {
		t.Fatalf("notice %q", u.Notice())
	}
	if l, _ := u.DB.List(); len(l) != 0 {
		t.Fatalf("%d campaigns made", len(l))
	}
}

func TestNoPracticeButtonWithoutAPracticeGame(t *testing.T) {
	u, _ := newUI(t)
	if s := screenText(u); strings.Contains(s, "Try a practice game") {
		t.Fatal("a practice button with no game to practise")
	}
}

// TestNoteButtonAddsAnUndoableNote: the header's Note asks for a note; an
// empty one is refused under its field with the dialog open; a note is
// recorded, in the Log's Notes, and undone by Undo.
func TestNoteButtonAddsAnUndoableNote(t *testing.T) {
	u, cs, _ := openTest(t)
	cs.selectTab("log")
	cs.log.filter.SetSelected(filterNotes)
	mustSee(t, u, "No notes yet: tap “Note” at the top")
	test.Tap(cs.chrome.Note)
	f := topForm(t, u)
	test.Tap(f.Submit)
	if p := f.FieldProblems()["Note"]; p != "Write something first." || !f.Showing() {
		t.Fatalf("empty note: %q", p)
	}
	test.Type(topEntries(u)[0], "Found the cellar key")
	test.Tap(f.Submit)
	if f.Showing() {
		t.Fatal("the dialog stayed open")
	}
	if notes, _ := cs.s.Notes(10, 0); len(notes) != 1 || notes[0].Text != "Found the cellar key" {
		t.Fatalf("notes %+v", notes)
	}
	if rows := cs.log.Rows(); len(rows) != 1 || !strings.Contains(rows[0], "Note: Found the cellar key") {
		t.Fatalf("log rows %v", rows)
	}
	test.Tap(cs.chrome.Undo)
	if notes, _ := cs.s.Notes(10, 0); len(notes) != 0 {
		t.Fatal("undo kept the note")
	}
}
