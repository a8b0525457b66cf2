package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/ui/uitest"
)

func TestDataScreenBackupsRestoreExportImport(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	test.Tap(findButton(t, u, "Data"))
	mustSee(t, u, u.DB.Path())
	mustSee(t, u, "No backups yet")

	test.Tap(findButton(t, u, "Back up now"))
	if !strings.HasPrefix(u.Notice(), "Backup written and verified") {
		t.Fatalf("notice %q", u.Notice())
	}
	mustSee(t, u, "1 campaign: Alpha")

	// After the backup, a second campaign; restoring the backup brings the
	// file back to one, after a preview of what it holds.
	if _, err := u.DB.NewCampaign(testGame, "Beta", 8); err != nil {
		t.Fatal(err)
	}
	list, _ := u.DB.Backups()
	time.Sleep(2 * time.Millisecond) // backups are named to the millisecond
	u.previewRestore(list[0])
	mustSee(t, u, "• Alpha — Phantom Epoch · not started · not played yet")
	test.Tap(findButton(t, u, "Restore"))
	if camps, _ := u.DB.List(); len(camps) != 1 || camps[0].Name != "Alpha" {
		t.Fatalf("after restore: %+v", camps)
	}
	if !strings.HasPrefix(u.Notice(), "Restored the backup") {
		t.Fatalf("notice %q", u.Notice())
	}

	// Export, then import: refused as it is here, imported as a copy.
	var buf bytes.Buffer
	if err := u.exportTo(c.ID, &buf); err != nil {
		t.Fatal(err)
	}
	u.importData(buf.Bytes())
	mustSee(t, u, "“Alpha” is already here, and is never overwritten")
	test.Tap(findButton(t, u, "Import as a copy"))
	uitest.Schedule.Settle()
	if camps, _ := u.DB.List(); len(camps) != 2 {
		t.Fatalf("after import as a copy: %d campaigns", len(camps))
	}
	if !strings.Contains(u.Notice(), "as a copy") {
		t.Fatalf("notice %q", u.Notice())
	}
	u.importData([]byte("{not an export"))
	if !strings.HasPrefix(u.Notice(), "Not imported: ") {
		t.Fatalf("notice %q", u.Notice())
	}
	// A fresh file takes the export without asking.
	u2, _ := newUI(t)
	u2.importData(buf.Bytes())
	if !strings.HasPrefix(u2.Notice(), "Imported “Alpha”") {
		t.Fatalf("notice %q", u2.Notice())
	}
	if safeFileName(`a/b:c`) != "a_b_c" {
		t.Fatal(safeFileName(`a/b:c`))
	}
}

func TestDamagedFileOffersTheNewestGoodBackup(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tablekeeper.db")
	reg := tracker.Registry{testGame: lifeRules{}}
	db, err := storage.Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	db.NewCampaign(testGame, "Alpha", 7)
	if _, err := db.Backup(); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := os.WriteFile(path, bytes.Repeat([]byte{0xAB}, 8192), 0o600); err != nil {
		t.Fatal(err)
	}
	u := New(test.NewTempApp(t), Options{DBPath: path, Registry: reg})
	defer u.Shutdown()
	mustSee(t, u, "The campaign file cannot be opened")
	mustSee(t, u, "is damaged")
	test.Tap(findButton(t, u, "Restore that backup"))
	if u.DB == nil {
		t.Fatalf("not opened after restore:\n%s", screenText(u))
	}
	mustSee(t, u, "Alpha")
	if !strings.HasPrefix(u.Notice(), "Restored") {
		t.Fatalf("notice %q", u.Notice())
	}
}

func TestLockedFileIsExplainedInTheWindow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tablekeeper.db")
	held, err := storage.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	u := New(test.NewTempApp(t), Options{DBPath: path})
	defer u.Shutdown()
	mustSee(t, u, "is open in another Tablekeeper")
	held.Close()
	test.Tap(findButton(t, u, "Try again"))
	if u.DB == nil {
		t.Fatal("not opened after the other one closed")
	}
	mustSee(t, u, "No campaigns yet")
}

func TestSettingsAreTheDevicesNotTheCampaigns(t *testing.T) {
	u, _ := newUI(t)
	c, _ := u.DB.NewCampaign(testGame, "Alpha", 7)
	test.Tap(findButton(t, u, "Settings"))
	radios := find[*radioT](u)
	radios[0].SetSelected("Light")
	radios[1].SetSelected("Large")
	s := u.Settings()
	if s.Theme != "light" || s.TextScale != 1.25 {
		t.Fatalf("settings %+v", s)
	}
	th := u.Fyne.Settings().Theme()
	if got := th.Size(theme.SizeNameText); got != 20 {
		t.Fatalf("text size %v", got)
	}
	if th.Color(theme.ColorNameBackground, theme.VariantDark) != theme.DefaultTheme().Color(theme.ColorNameBackground, theme.VariantLight) {
		t.Fatal("the light theme is not light")
	}
	if got, _ := u.DB.Campaign(c.ID); got.Events != 0 {
		t.Fatal("a setting touched a campaign")
	}
	// A new start reads them back from the preferences.
	if loadSettings(u.Fyne.Preferences()) != s {
		t.Fatal("not kept")
	}
	u.Fyne.Preferences().SetFloat(prefTextScale, 40)
	u.Fyne.Preferences().SetString(prefTheme, "purple")
	if got := loadSettings(u.Fyne.Preferences()); got.TextScale != 1 || got.Theme != "" {
		t.Fatalf("bad preferences read as %+v", got)
	}
}

// fileWithBackup writes a file holding "Alpha" with n notes and one backup,
// and closes it.
func fileWithBackup(t *testing.T, n int) (path string, reg tracker.Registry) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "tablekeeper.db")
	reg = tracker.Registry{testGame: lifeRules{}}
	db, err := storage.Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := db.NewCampaign(testGame, "Alpha", 7)
	s, _ := db.OpenSession(c.ID)
	for i := 0; i < n; i++ {
		if _, err := s.Do(tracker.AddNote{Text: "note"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Backup(); err != nil {
		t.Fatal(err)
	}
	db.Close()
	return path, reg
}

// An emptied file beside its backups is not taken for a first start: the
// window says so and offers the newest backup.
func TestEmptyFileBesideBackupsIsNotStartedAfresh(t *testing.T) {
	path, reg := fileWithBackup(t, 2)
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	u := New(test.NewTempApp(t), Options{DBPath: path, Registry: reg})
	defer u.Shutdown()
	mustSee(t, u, "The campaign file cannot be opened")
	mustSee(t, u, "will not start a new, empty file")
	if st, _ := os.Stat(path); st.Size() != 0 {
		t.Fatal("the refused file was written to")
	}
	test.Tap(findButton(t, u, "Restore that backup"))
	if u.DB == nil {
		t.Fatalf("not opened after restore:\n%s", screenText(u))
	}
	mustSee(t, u, "Alpha")
}

// One damaged header: the window offers the backup and keeping the file as
// it reads.
func TestOneDamagedHeaderCanBeKeptAsItReads(t *testing.T) {
	path, reg := fileWithBackup(t, 2)
	data, _ := os.ReadFile(path)
	data[16+20] ^= 0x40 // inside meta page 0
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	u := New(test.NewTempApp(t), Options{DBPath: path, Registry: reg})
	defer u.Shutdown()
	mustSee(t, u, "copies of its table of contents is damaged")
	findButton(t, u, "Restore that backup")
	test.Tap(findButton(t, u, "Keep the file as it reads"))
	if u.DB == nil {
		t.Fatalf("not opened:\n%s", screenText(u))
	}
	mustSee(t, u, "Alpha")
	if !strings.Contains(u.Notice(), "kept beside it") {
		t.Fatalf("notice %q", u.Notice())
	}
}

// A damaged snapshot opens the file and says so on the first screen.
func TestDamagedSnapshotIsToldOnHome(t *testing.T) {
	path, reg := fileWithBackup(t, tracker.SnapshotEvery+5)
	data, _ := os.ReadFile(path)
	i := bytes.LastIndex(data, []byte(`"stateVersion"`))
	data[i+20] ^= 0x08
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	u := New(test.NewTempApp(t), Options{DBPath: path, Registry: reg})
	defer u.Shutdown()
	if u.DB == nil {
		t.Fatalf("refused: %v", u.openErr)
	}
	mustSee(t, u, "Alpha")
	if n := u.Notice(); !strings.Contains(n, "nothing is lost") || !strings.Contains(n, "Alpha") {
		t.Fatalf("notice %q", n)
	}
}

// The Data screen says what the backups take and which are kept.
func TestDataScreenSaysTheBackupPolicy(t *testing.T) {
	u, _ := newUI(t)
	u.DB.NewCampaign(testGame, "Alpha", 7)
	test.Tap(findButton(t, u, "Data"))
	mustSee(t, u, "then the newest of each of the last 26 weeks that have one")
	mustSee(t, u, "The newest 3 are always kept, however old, and even when they alone take more than that")
	mustSee(t, u, "The next is written after 200 more actions")
	test.Tap(findButton(t, u, "Back up now"))
	mustSee(t, u, "1 backup, ")
	mustSee(t, u, "KB together")
}
