package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/uitest"
	"tablekeeper/ui/widgets"
)

// frameScreen is one screen or dialog of the frame, shown by show.
type frameScreen struct {
	name string
	show func(u *App)
}

// frameScreens are every screen and dialog of the frame (not the games'
// own), each shown from Home with a campaign "Alpha" and a backup.
func frameScreens(id func(u *App) string) []frameScreen {
	open := func(tab string) func(u *App) {
		return func(u *App) {
			if u.camp == nil {
				u.openCampaign(id(u))
			}
			u.camp.selectTab(tab)
		}
	}
	inCamp := func(fn func(cs *campaignScreen)) func(u *App) {
		return func(u *App) {
			if u.camp == nil {
				u.openCampaign(id(u))
			}
			fn(u.camp)
		}
	}
	home := func(fn func(u *App)) func(u *App) {
		return func(u *App) {
			if u.camp != nil {
				u.closeCampaign(true)
			}
			fn(u)
		}
	}
	camp := func(u *App) tracker.Campaign { c, _ := u.DB.Campaign(id(u)); return c }
	return []frameScreen{
		{"home", home(func(u *App) { u.showHome() })},
		{"new campaign", home(func(u *App) { u.showNewCampaign() })},
		{"new campaign with the game's setup and every problem", home(func(u *App) {
			u.showNewCampaign()
			find[*radioT](u)[0].SetSelected(testGame.Title())
			test.Type(find[*widgets.CheckedEntry](u)[0], "99")
			test.Tap(findButtonOf(u, "Create and open"))
		})},
		{"data", home(func(u *App) { u.showData() })},
		{"settings", home(func(u *App) { u.showSettings() })},
		{"rename dialog", home(func(u *App) { u.showHome(); u.askRename(camp(u)) })},
		{"duplicate dialog", home(func(u *App) { u.showHome(); u.askDuplicate(camp(u)) })},
		{"restore dialog", home(func(u *App) {
			u.showData()
			list, _ := u.DB.Backups()
			u.previewRestore(list[0])
		})},
		{"import as a copy dialog", home(func(u *App) {
			var buf bytes.Buffer
			u.exportTo(id(u), &buf)
			u.importData(buf.Bytes())
		})},
		{"play", open("play")},
		{"campaign", open("campaign")},
		{"enemy", open("enemy")},
		{"log", open("log")},
		{"log notes, none yet", inCamp(func(cs *campaignScreen) { cs.selectTab("log"); cs.log.filter.SetSelected(filterNotes) })},
		{"note dialog", inCamp(func(cs *campaignScreen) { cs.askNote() })},
		{"turn clock dialog", inCamp(func(cs *campaignScreen) { cs.askTurnLimit() })},
		{"play clock dialog", inCamp(func(cs *campaignScreen) { cs.aboutPlayClock() })},
		{"back to here dialog", inCamp(func(cs *campaignScreen) {
			cs.ctx.Do(setLife{To: 5})
			cs.ctx.Do(setLife{To: 4})
			cs.log.askBackTo(1) // the oldest event
		})},
		{"locked", inCamp(func(cs *campaignScreen) { cs.setLocked(true) })},
		{"a long refusal", inCamp(func(cs *campaignScreen) {
			cs.setLocked(false)
			cs.message(strings.Repeat("a refusal long enough to need many lines ", 8), true)
		})},
	}
}

func findButtonOf(u *App, label string) fyne.Tappable {
	for _, b := range find[*buttonT](u) {
		if strings.HasPrefix(b.Text, label) {
			return b
		}
	}
	return nil
}

// closeDialogs closes every dialog left open.
func closeDialogs(u *App) {
	for d := widgets.TopDialog(u.Window.Canvas()); d != nil; d = widgets.TopDialog(u.Window.Canvas()) {
		d.Hide()
	}
	for _, o := range u.Window.Canvas().Overlays().List() {
		u.Window.Canvas().Overlays().Remove(o)
	}
}

// TestEveryFrameScreenFitsTheTablet: every screen and dialog of the frame
// lays out inside 1280×800 and 800×1280 at every text size, in both
// dimensions (a desktop window grows to its content's least size, so that
// is what must fit), and every tappable thing is at least 48 dp at Normal
// text.
func TestEveryFrameScreenFitsTheTablet(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "A campaign with a name long enough to need cutting short on a tablet", 7)
	u.DB.Backup()
	id := func(*App) string { return c.ID }
	for _, size := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
		for _, ts := range uitest.TextScales {
			u.setSettings(shell.Settings{Theme: "dark", TextScale: ts})
			for _, s := range frameScreens(id) {
				closeDialogs(u)
				s.show(u)
				u.Window.Resize(size)
				u.Window.Content().Refresh()
				room := size.SubtractWidthHeight(2*4, 2*4) // the window's padding
				for _, bad := range uitest.TooBig(u.Window.Content(), room) {
					t.Errorf("%s at %v, text %.2f: %s", s.name, size, ts, bad)
				}
				for _, bad := range uitest.DialogTooBig(u.Window) {
					t.Errorf("%s at %v, text %.2f: %s", s.name, size, ts, bad)
				}
				if ts == 1 {
					for _, bad := range uitest.WindowSmallTargets(u.Window) {
						t.Errorf("%s at %v: a small target: %s", s.name, size, bad)
					}
				}
			}
			closeDialogs(u)
			if u.camp != nil {
				u.closeCampaign(true)
			}
		}
	}
}

// TestFrameSpeaksThePlayersWords walks every screen and dialog of the
// frame and fails on what a player must never read (§, spec, codes, JSON,
// "(s)", identifiers, "1 campaigns").
func TestFrameSpeaksThePlayersWords(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	u.DB.Backup()
	id := func(*App) string { return c.ID }
	for _, s := range frameScreens(id) {
		closeDialogs(u)
		s.show(u)
		text := uitest.WindowText(u.Window)
		// The test game's own refusal names its rule on purpose: the frame
		// must show it in the players' words.
		if u.camp != nil {
			u.camp.ctx.Do(setLife{To: 0})
			u.camp.ctx.Do(setLife{To: 3})
			t1, _ := u.camp.chrome.Message.Text()
			text += t1 + "\n"
		}
		for _, bad := range uitest.PlayersWords(text) {
			t.Errorf("%s: %s", s.name, bad)
		}
	}
	closeDialogs(u)
	// Counts are real plurals.
	if got := holds([]tracker.Campaign{{Name: "A"}}, nil); got != "1 campaign: A" {
		t.Fatalf("%q", got)
	}
	if got := holds([]tracker.Campaign{{Name: "A"}, {Name: "B"}}, nil); got != "2 campaigns: A, B" {
		t.Fatalf("%q", got)
	}
}

// TestDamagedFileScreenFits: the screen of a file that cannot be opened
// fits both sizes at Normal and Largest text.
func TestDamagedFileScreenFits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tablekeeper.db")
	reg := tracker.Registry{testGame: lifeRules{}}
	db, err := storage.Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	db.NewCampaign(testGame, "Alpha", 7)
	db.Backup()
	db.Close()
	os.WriteFile(path, bytes.Repeat([]byte{0xAB}, 8192), 0o600)
	u := New(test.NewTempApp(t), Options{DBPath: path, Registry: reg})
	defer u.Shutdown()
	for _, size := range []fyne.Size{uitest.Landscape, uitest.Portrait} {
		for _, ts := range []float32{1, 1.85} {
			u.setSettings(shell.Settings{Theme: "light", TextScale: ts})
			u.showOpenError()
			u.Window.Resize(size)
			for _, bad := range uitest.TooBig(u.Window.Content(), size.SubtractWidthHeight(8, 8)) {
				t.Errorf("%v %.2f: %s", size, ts, bad)
			}
			if ts == 1 {
				for _, bad := range uitest.WindowSmallTargets(u.Window) {
					t.Errorf("%v: %s", size, bad)
				}
			}
			for _, bad := range uitest.PlayersWords(uitest.WindowText(u.Window)) {
				t.Error(bad)
			}
		}
	}
}

// TestFileDialogsFitTheWindow: Fyne's own file dialogs (export, import)
// open the size of the window, their buttons on screen, at the largest
// text in portrait.
func TestFileDialogsFitTheWindow(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	u.setSettings(shell.Settings{Theme: "dark", TextScale: 1.85})
	u.Window.Resize(uitest.Portrait)
	for name, open := range map[string]func(){"export": func() { u.askExport(c.ID) }, "import": u.askImport} {
		closeDialogs(u)
		u.showData()
		open()
		if u.Window.Canvas().Overlays().Top() == nil {
			t.Fatalf("%s: no dialog", name)
		}
		for _, bad := range uitest.DialogTooBig(u.Window) {
			t.Errorf("%s: %s", name, bad)
		}
	}
	closeDialogs(u)
}
