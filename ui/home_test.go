package ui

import (
	"os"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

func TestHomeNewCampaignWithTheGamesSetup(t *testing.T) {
	u, _ := newUI(t)
	mustSee(t, u, "No campaigns yet")
	test.Tap(findButton(t, u, "New campaign"))

	// Nothing chosen: refused in words.
	test.Tap(findButton(t, u, "Create and open"))
	mustSee(t, u, "Choose the game first.")

	radio := find[*widget.RadioGroup](u)[0]
	radio.SetSelected(testGame.Title())
	mustSee(t, u, "Starting life")
	test.Tap(findButton(t, u, "Create and open"))
	mustSee(t, u, "A campaign needs a name.")

	name := textEntries(u)[0]
	start := find[*widgets.CheckedEntry](u)[0]
	test.Type(name, "Thursday group")
	test.Type(start, "11") // refused by the game's setup: nothing is made
	test.Tap(findButton(t, u, "Create and open"))
	mustSee(t, u, "11 is above 10.") // under its field
	if l, _ := u.DB.List(); len(l) != 0 {
		t.Fatalf("a refused setup made %d campaigns", len(l))
	}
	start.SetText("")
	test.Type(start, "7")
	test.Tap(findButton(t, u, "Create and open"))
	if u.camp == nil {
		t.Fatalf("not opened:\n%s", screenText(u))
	}
	if got := u.camp.s.State().(*lifeState).Life; got != 7 {
		t.Fatalf("setup command not run: life %d", got)
	}
	if u.Window.Title() != "Tablekeeper — Thursday group" {
		t.Fatalf("title %q", u.Window.Title())
	}
	test.Tap(findButton(t, u, "Home"))
	if u.camp != nil {
		t.Fatal("still open")
	}
	mustSee(t, u, "Thursday group")
	mustSee(t, u, "Round 1") // where it stands
	mustSee(t, u, "last played")
}

func TestHomeRenameDuplicateDelete(t *testing.T) {
	u, _ := newUI(t)
	c, err := u.DB.NewCampaign(testGame, "Alpha", 7)
	if err != nil {
		t.Fatal(err)
	}
	u.showHome()

	test.Tap(findButton(t, u, "Rename"))
	e := topEntries(u)[0]
	e.SetText("")
	test.Type(e, "Beta")
	test.Tap(findButton(t, u, "Rename")) // the dialog's button is on top
	if got, _ := u.DB.Campaign(c.ID); got.Name != "Beta" {
		t.Fatalf("name %q", got.Name)
	}
	mustSee(t, u, "Renamed to “Beta”.")

	test.Tap(findButton(t, u, "Duplicate"))
	test.Tap(findButton(t, u, "Duplicate"))
	if l, _ := u.DB.List(); len(l) != 2 {
		t.Fatalf("%d campaigns after duplicate", len(l))
	}
	mustSee(t, u, "Beta (copy)")

	// A tap on Delete only explains; the hold deletes, exporting first.
	del := findHold(t, u, "Delete")
	test.Tap(del)
	if !strings.Contains(u.Notice(), "Hold “Delete”") {
		t.Fatalf("notice %q", u.Notice())
	}
	uitest.Hold(del)
	if l, _ := u.DB.List(); len(l) != 1 {
		t.Fatalf("%d campaigns after delete", len(l))
	}
	n := u.Notice()
	i := strings.Index(n, " was kept at ")
	j := strings.Index(n, ": import it")
	if i < 0 || j < 0 {
		t.Fatalf("notice does not say where: %q", n)
	}
	if _, err := os.Stat(n[i+len(" was kept at ") : j]); err != nil {
		t.Fatalf("export not there: %v", err)
	}
}

func TestRenameRefusesAnEmptyName(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	u.renameCampaign(c.ID, "  ")
	if !strings.Contains(u.Notice(), "Not renamed: a campaign needs a name") {
		t.Fatalf("notice %q", u.Notice())
	}
	u.duplicateCampaign(c.ID, "")
	if !strings.Contains(u.Notice(), "Not duplicated") {
		t.Fatalf("notice %q", u.Notice())
	}
}

func TestOpenDirectlyOnATab(t *testing.T) {
	a := test.NewTempApp(t)
	path := t.TempDir() + "/t.db"
	u := New(a, Options{DBPath: path, Registry: tracker.Registry{testGame: lifeRules{}}})
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	u.Shutdown()

	u = New(test.NewTempApp(t), Options{DBPath: path, Registry: tracker.Registry{testGame: lifeRules{}}, Screens: shell.Registry{}, Open: c.ID[:6], Tab: "log"})
	defer u.Shutdown()
	if u.camp == nil || u.camp.currentTab().String() != "Log" {
		t.Fatalf("not opened on the Log")
	}
	u.Shutdown()
	u = New(test.NewTempApp(t), Options{DBPath: path, Open: "nope"})
	mustSee(t, u, "There is no campaign “nope” to open.")
	u.Shutdown()
	u = New(test.NewTempApp(t), Options{DBPath: path, Tab: "settings"})
	mustSee(t, u, "These settings belong to this device")
}

func TestWindowSize(t *testing.T) {
	if s := windowSize("800x1280", false); s != fyne.NewSize(800, 1280) {
		t.Fatal(s)
	}
	if s := windowSize("junk", false); s != fyne.NewSize(1280, 800) {
		t.Fatal(s)
	}
	if s := windowSize("", true); s != fyne.NewSize(800, 1280) {
		t.Fatal("the portrait setting gives", s)
	}
}

// TestWindowShapeIsADeviceSetting: full screen and portrait are chosen on
// the Settings screen, kept in the device's preferences, and applied at once.
func TestWindowShapeIsADeviceSetting(t *testing.T) {
	t.Setenv("TABLEKEEPER_SIZE", "")
	u, _ := newUI(t)
	test.Tap(findButton(t, u, "Settings"))
	radios := find[*radioT](u)
	if len(radios) != 3 {
		t.Fatalf("%d choices on the settings screen, want theme, text size and window shape", len(radios))
	}
	radios[2].SetSelected("Portrait (800×1280)")
	if !u.Settings().Portrait || u.Window.Canvas().Size().Width > 800 {
		t.Fatalf("portrait: settings %+v, window %v", u.Settings(), u.Window.Canvas().Size())
	}
	var full *widget.Check
	for _, c := range find[*widget.Check](u) {
		if c.Text == "Fill the whole screen" {
			full = c
		}
	}
	if full == nil {
		t.Fatal("no full-screen choice")
	}
	full.SetChecked(true)
	if !u.Settings().FullScreen || !u.Window.FullScreen() {
		t.Fatal("full screen is not applied")
	}
	full.SetChecked(false)
	if u.Window.FullScreen() {
		t.Fatal("full screen stays on")
	}
}

func TestNewCampaignSeed(t *testing.T) {
	u, _ := newUI(t)
	test.Tap(findButton(t, u, "New campaign"))
	find[*widget.RadioGroup](u)[0].SetSelected(testGame.Title())
	// The seed waits behind "Advanced"; a player never sees the largest
	// number a seed holds.
	if entries := textEntries(u); len(entries) != 1 || strings.Contains(screenText(u), "18446744073709551615") {
		t.Fatalf("the seed is on show before it is asked for:\n%s", screenText(u))
	}
	test.Tap(findButton(t, u, "Advanced: the seed of the dice…"))
	entries := textEntries(u)
	name, seed := entries[0], entries[1]
	test.Type(name, "Seeded")
	test.Type(seed, "4x")
	test.Tap(findButton(t, u, "Create and open"))
	mustSee(t, u, "A seed is a whole number, written in digits only: the letter “x” is not a digit; leave it blank for a random one.")
	if l, _ := u.DB.List(); len(l) != 0 {
		t.Fatal("a bad seed made a campaign")
	}
	seed.SetText("")
	test.Type(seed, "123456789012345678901")
	test.Tap(findButton(t, u, "Create and open"))
	mustSee(t, u, "A seed has at most 19 digits, and this one has 21; leave it blank for a random one.")
	if l, _ := u.DB.List(); len(l) != 0 {
		t.Fatal("a seed too large made a campaign")
	}
	seed.SetText("")
	test.Type(seed, "20261122")
	test.Tap(findButton(t, u, "Create and open"))
	if u.camp == nil {
		t.Fatalf("not opened:\n%s", screenText(u))
	}
	if got := u.camp.s.Campaign().Seed; got != 20261122 {
		t.Fatalf("seed %d, want the one typed", got)
	}
}

// TestHomeCardsSayWhatPlayersCount: a campaign's card says where it
// stands, when it was last played and when it started, never a count of
// the app's events ("27 events" on Home, issue 23).
func TestHomeCardsSayWhatPlayersCount(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	s, err := u.DB.OpenSession(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 27 {
		if _, err := s.Do(setLife{To: 1 + i%9}); err != nil {
			t.Fatal(err)
		}
	}
	u.showHome()
	text := uitest.WindowText(u.Window)
	if strings.Contains(text, "event") {
		t.Fatalf("Home counts the app's events:\n%s", text)
	}
	want := "last played " + time.Now().Format("Mon 2 Jan 2006") + ", "
	if !strings.Contains(text, want) || !strings.Contains(text, " · started "+time.Now().Format("2 Jan 2006")) {
		t.Fatalf("Home does not say when Alpha was played and started:\n%s", text)
	}
}
