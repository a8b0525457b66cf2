package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"fyne.io/fyne/v2/theme"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// openTest makes a campaign of the test game and opens it.
func openTest(t *testing.T) (*App, *campaignScreen, *[]string) {
	t.Helper()
	u, acts := newUI(t)
	c, err := u.DB.NewCampaign(testGame, "Alpha", 7)
	if err != nil {
		t.Fatal(err)
	}
	u.openCampaign(c.ID)
	if u.camp == nil {
		t.Fatalf("not opened:\n%s", screenText(u))
	}
	return u, u.camp, acts
}

func life(cs *campaignScreen) int { return cs.s.State().(*lifeState).Life }

func TestCampaignPlayStepperRefusalsAndUndoFromTheLog(t *testing.T) {
	u, cs, _ := openTest(t)
	if !cs.s.Core().Play.Running {
		t.Fatal("the play clock did not start with the session")
	}
	st := find[*widgets.Stepper](u)[0]
	test.Tap(st.Minus)
	test.Tap(st.Minus)
	if life(cs) != 8 || st.Value != 8 {
		t.Fatalf("life %d, stepper %d", life(cs), st.Value)
	}
	if cs.messageText() != "Ana's life 9 → 8" {
		t.Fatalf("message %q", cs.messageText())
	}
	// The stepper's own limit: never reaches the rules.
	st.SetValue(10)
	test.Tap(st.Plus)
	if st.Message() != "Life cannot go above 10" {
		t.Fatalf("stepper %q", st.Message())
	}
	st.SetValue(life(cs))
	// A refusal by the rules is shown in the message bar, in words.
	for life(cs) > 0 {
		test.Tap(st.Minus)
	}
	test.Tap(st.Plus)
	if !strings.Contains(cs.messageText(), "a fallen hero cannot heal") || life(cs) != 0 {
		t.Fatalf("refusal %q, life %d", cs.messageText(), life(cs))
	}

	// The Log lists every event, newest first, with where and when.
	cs.selectTab("log")
	rows := cs.log.Rows()
	if len(rows) != 11 { // clock start + 10 life changes
		t.Fatalf("%d rows:\n%s", len(rows), strings.Join(rows, "\n"))
	}
	if !strings.Contains(rows[0], "Round 1") || !strings.Contains(rows[0], "Ana's life 1 → 0") || !strings.HasPrefix(rows[0], "#11 · ") {
		t.Fatalf("newest row %q", rows[0])
	}
	// Undo from the Log's own button.
	logUndo := findButton(t, u, "Undo")
	test.Tap(logUndo)
	if life(cs) != 1 {
		t.Fatalf("after undo life %d", life(cs))
	}
	rows = cs.log.Rows()
	if !strings.Contains(rows[0], "Undid: Ana's life 1 → 0") || !strings.Contains(rows[1], "↶ undone: Ana's life 1 → 0") {
		t.Fatalf("rows after undo:\n%s", strings.Join(rows[:3], "\n"))
	}
	if st.Value != 1 {
		t.Fatalf("the Play screen did not follow the undo: %d", st.Value)
	}
	test.Tap(findButton(t, u, "Redo"))
	if life(cs) != 0 {
		t.Fatalf("after redo life %d", life(cs))
	}

	// Filter and search.
	cs.log.filter.SetSelected(filterUndo)
	if got := len(cs.log.Rows()); got != 2 {
		t.Fatalf("undo filter: %d rows", got)
	}
	cs.log.filter.SetSelected(filterAll)
	test.Type(cs.log.search, "9 → 8")
	if rows := cs.log.Rows(); len(rows) != 1 || !strings.Contains(rows[0], "Ana's life 9 → 8") {
		t.Fatalf("search: %v", rows)
	}
	cs.log.search.SetText("")

	// Back to an earlier point: one undo of everything after it, confirmed.
	var seq uint64 = 3 // "Ana's life 9 → 8"
	cs.log.askBackTo(seq)
	test.Tap(findButton(t, u, "Go back"))
	if life(cs) != 8 {
		t.Fatalf("after going back, life %d", life(cs))
	}
	if rows := cs.log.Rows(); !strings.Contains(rows[0], "Went back 8 actions") {
		t.Fatalf("newest row %q", rows[0])
	}
	cs.log.filter.SetSelected(filterUndone)
	if got := len(cs.log.Rows()); got != 8 {
		t.Fatalf("%d undone rows", got)
	}
	// Nothing was lost: redo brings them back one by one.
	test.Tap(findButton(t, u, "Redo"))
	if life(cs) != 7 {
		t.Fatalf("after redo, life %d", life(cs))
	}
	if cs.log.canGoBackTo(cs.s.LastSeq()) {
		t.Fatal("a redo event offers a way back")
	}
}

func TestKeysDriveTheGameScreen(t *testing.T) {
	u, cs, acts := openTest(t)
	c := u.Window.Canvas()
	key := func(k fyne.KeyName) { c.OnTypedKey()(&fyne.KeyEvent{Name: k}) }
	key(fyne.KeySpace)
	key(fyne.KeyRight)
	key(fyne.KeyR)
	if got := strings.Join(*acts, ", "); got != "Next on Play, Next on Play, Resolve on Play" {
		t.Fatalf("acts: %s", got)
	}
	if n := len(cs.s.State().(*lifeState).Rolls); n != 3 {
		t.Fatalf("%d rolls", n)
	}
	key(fyne.KeyBackspace)
	if n := len(cs.s.State().(*lifeState).Rolls); n != 2 {
		t.Fatalf("backspace: %d rolls", n)
	}
	c.(desktopShortcuts).TypedShortcut(&fyne.ShortcutUndo{})
	if n := len(cs.s.State().(*lifeState).Rolls); n != 1 {
		t.Fatalf("ctrl+z: %d rolls", n)
	}
	c.(desktopShortcuts).TypedShortcut(&fyne.ShortcutRedo{})
	if n := len(cs.s.State().(*lifeState).Rolls); n != 2 {
		t.Fatalf("ctrl+y: %d rolls", n)
	}
	// The Enemy screen shows the die, that the app rolled it (its seed
	// step kept with it) and the trace.
	cs.selectTab("enemy")
	key(fyne.KeyR)
	d := find[*widgets.DrawResult](u)[0]
	if d.Source() != "rolled by the app" || d.Draw() == nil || d.Draw().Index != 2 {
		t.Fatalf("draw source %q", d.Source())
	}
	// The game does not handle keys on the Log: the frame says so.
	cs.selectTab("log")
	key(fyne.KeySpace)
	if cs.messageText() != "Next does nothing on the Log tab." {
		t.Fatalf("message %q", cs.messageText())
	}
}

type desktopShortcuts interface{ TypedShortcut(fyne.Shortcut) }

func TestTableLock(t *testing.T) {
	u, cs, acts := openTest(t)
	test.Tap(findButton(t, u, "Lock"))
	if !cs.ctx.Locked() {
		t.Fatal("not locked")
	}
	mustSee(t, u, "Table locked")
	st := find[*widgets.Stepper](u)[0]
	test.Tap(st.Minus)
	if life(cs) != 10 || !strings.Contains(cs.messageText(), "the table is locked") {
		t.Fatalf("locked: life %d, message %q", life(cs), cs.messageText())
	}
	cs.u.Window.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeySpace})
	cs.u.Window.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	// (The play clock's start is no action: the depth stays 0.)
	if len(*acts) != 0 || cs.s.Depth() != 0 {
		t.Fatalf("keys went through the lock: %v, depth %d", *acts, cs.s.Depth())
	}
	if !cs.chrome.Home.Disabled() || !cs.chrome.Undo.Disabled() || !cs.chrome.Note.Disabled() {
		t.Fatal("home or undo usable while locked")
	}
	// A tap on unlock only explains; the hold unlocks.
	un := findHold(t, u, "Hold to unlock")
	test.Tap(un)
	if hint, _ := widgets.ShowingFeedback(u.Window.Canvas()); !cs.ctx.Locked() || !strings.Contains(hint, "Hold “Hold to unlock”") {
		t.Fatalf("tap unlocked, or no hint beside the button: %q", hint)
	}
	uitest.Hold(un)
	if cs.ctx.Locked() {
		t.Fatal("the hold did not unlock")
	}
	test.Tap(st.Minus)
	if life(cs) != 9 {
		t.Fatalf("after unlock life %d", life(cs))
	}
}

func TestClocksAreControllable(t *testing.T) {
	u, cs, _ := openTest(t)
	base := time.Now()
	cs.s.SetClock(func() time.Time { return base })
	ch := cs.chrome
	test.Tap(ch.PlayToggle) // pause
	if cs.s.Core().Play.Running || ch.PlayToggle.Icon != theme.MediaPlayIcon() {
		t.Fatal("play clock not paused")
	}
	if text, isErr := widgets.ShowingFeedback(u.Window.Canvas()); text != "Play clock paused" || isErr {
		t.Fatalf("the answer beside the toggle: %q %v", text, isErr)
	}
	test.Tap(ch.PlayToggle)
	if !cs.s.Core().Play.Running {
		t.Fatal("play clock not restarted")
	}
	// The turn countdown: tapping the clock asks for the limit; a refused
	// limit keeps the dialog open with the problem under the field.
	test.Tap(ch.TurnClock)
	e := topEntries(u)[0]
	test.Type(e, "0")
	test.Tap(findButton(t, u, "Set the limit"))
	f := topForm(t, u)
	if p := f.FieldProblems()["Minutes for each turn"]; !strings.Contains(p, "0 is below 1") || cs.s.Core().Turn.Limit != 0 {
		t.Fatalf("refused limit: %q", p)
	}
	e.SetText("")
	test.Type(e, "5")
	test.Tap(findButton(t, u, "Set the limit"))
	if cs.s.Core().Turn.Limit != 5*time.Minute || f.Showing() {
		t.Fatalf("limit %v: %q", cs.s.Core().Turn.Limit, cs.messageText())
	}
	if got := ch.TurnClock.Time(); got != "5:00 left" {
		t.Fatalf("turn clock %q", got)
	}
	test.Tap(ch.TurnToggle)
	if !cs.s.Core().Turn.Running || ch.TurnToggle.Icon != theme.MediaPauseIcon() {
		t.Fatal("turn clock not started")
	}
	test.Tap(ch.TurnReset)
	if got := cs.s.Core().Turn; got.Limit != 5*time.Minute || got.Banked != 0 {
		t.Fatalf("reset: %+v", got)
	}
	if formatDuration(90*time.Minute+5*time.Second) != "1:30:05" {
		t.Fatal(formatDuration(90*time.Minute + 5*time.Second))
	}
	if formatLeft(90*time.Minute+5*time.Second) != "1h30 left" || formatLeft(65*time.Second) != "1:05 left" {
		t.Fatal(formatLeft(90*time.Minute+5*time.Second), formatLeft(65*time.Second))
	}
}

// TestClockSlotsNeverMove: starting, ticking and running out the clocks
// never moves the buttons beside them, nor the message line anything.
func TestClockSlotsNeverMove(t *testing.T) {
	u, cs, _ := openTest(t)
	ch := cs.chrome
	for _, ts := range []float32{1, 1.85} {
		u.setSettings(shell.Settings{Theme: "dark", TextScale: ts})
		u.Window.Content().Refresh()
		pos := func() []fyne.Position {
			d := fyne.CurrentApp().Driver()
			return []fyne.Position{d.AbsolutePositionForObject(ch.TurnToggle), d.AbsolutePositionForObject(ch.TurnReset),
				d.AbsolutePositionForObject(ch.PlayToggle), d.AbsolutePositionForObject(ch.Tabs)}
		}
		before := pos()
		for _, text := range []string{"123:45:06", "12:34 left", "time up", "0:00:00", "1h05 left"} {
			ch.TurnClock.SetTime(text, text == "time up")
			ch.PlayClock.SetTime(text, false)
			cs.message("A refusal long enough to need more than one line of the message line at the bottom of the screen, and then some more words to be sure of it.", true)
			u.Window.Content().Refresh()
			if after := pos(); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Fatalf("text %.2f, %q moved the buttons: %v → %v", ts, text, before, after)
			}
			cs.message("", false)
		}
	}
}

func TestClosingASessionPausesTheClockAndBacksUp(t *testing.T) {
	u, cs, _ := openTest(t)
	id := cs.s.Campaign().ID
	test.Tap(findButton(t, u, "Home"))
	n := u.Notice()
	if !strings.HasPrefix(n, "Session ended: play clock paused at") || !strings.Contains(n, "A backup was written and verified; see Data.") || strings.Contains(n, "/") || strings.Contains(n, ".db") {
		t.Fatalf("notice %q", n)
	}
	list, _ := u.DB.Backups()
	if len(list) != 1 {
		t.Fatalf("%d backups", len(list))
	}
	s, err := u.DB.OpenSession(id)
	if err != nil {
		t.Fatal(err)
	}
	if s.Core().Play.Running {
		t.Fatal("the play clock still runs after the session ended")
	}
	var last tracker.Event
	s.Events(1, func(e tracker.Event) error { last = e; return nil })
	if s.Describe(last) != "Play clock paused" {
		t.Fatalf("last event %q", s.Describe(last))
	}
	// Quitting the app does the same.
	u.openCampaign(id)
	if err := u.Shutdown(); err != nil {
		t.Fatal(err)
	}
}

func TestDefaultScreensKeepNotes(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(tracker.Alone, "Solo", 3)
	u.openCampaign(c.ID)
	mustSee(t, u, "The play screens of Alone are not in this version yet")
	cs := u.camp
	add := findButton(t, u, "Add note")
	test.Tap(add) // empty: refused
	if !strings.Contains(cs.messageText(), "the note is empty") {
		t.Fatalf("message %q", cs.messageText())
	}
	for _, e := range textEntries(u) {
		if e.MultiLine {
			test.Type(e, "Found the cellar key")
			break
		}
	}
	test.Tap(add)
	if notes, _ := cs.s.Notes(10, 0); len(notes) != 1 || notes[0].Text != "Found the cellar key" {
		t.Fatalf("notes %+v", notes)
	}
	if l := find[*widget.List](u); len(l) == 0 || l[0].Length() != 1 {
		t.Fatal("the note is not listed")
	}
	if cs.game.Act(cs.ctx, shell.TabPlay, shell.Next) {
		t.Fatal("default screens claim a key")
	}
}

// TestHeaderKeepsTheTitleReadable: at every size and text size the
// campaign's name gets room to be read (the whole width of its own row on
// a narrow screen at a large text size), and the header leaves most of the
// screen to the game's tabs.
func TestHeaderKeepsTheTitleReadable(t *testing.T) {
	u, cs, _ := openTest(t)
	for _, size := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
		for _, ts := range uitest.TextScales {
			u.setSettings(shell.Settings{Theme: "dark", TextScale: ts})
			u.Window.Resize(size)
			u.Window.Content().Refresh()
			u.Window.Resize(size)
			if w := cs.chrome.Title.Size().Width; w < 220 {
				t.Errorf("%v, text %.2f: the title has %v across", size, ts, w)
			}
			tab := cs.chrome.Tabs.Items[0].Content.Size()
			if tab.Height < 0.55*size.Height {
				t.Errorf("%v, text %.2f: the tabs get %v of %v", size, ts, tab, size)
			}
		}
	}
}

// The Campaign and Enemy tabs are built when first shown: a tap on each
// tab shows the game's own content there, and the frame's own work on a
// change of tab (the tap guard, the answers dismissed) still runs. Two
// handlers of the tabs' selection once overwrote each other and left both
// tabs empty.
func TestATabShownForTheFirstTimeHoldsTheGamesScreen(t *testing.T) {
	u, cs, _ := openTest(t)
	tabs := cs.chrome.Tabs
	tabs.SelectIndex(1)
	mustSee(t, u, "Ana the hero")
	tabs.SelectIndex(2)
	if len(find[*widgets.TracePanel](u)) == 0 {
		t.Fatalf("the Enemy tab shows no trace panel:\n%s", screenText(u))
	}
}
