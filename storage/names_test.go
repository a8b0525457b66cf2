package storage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/tracker"
)

// Windows's (and macOS's) file names, checked on Linux: the same file
// named in other letter cases has the same backups and kept-aside files,
// and its stale copies are cleaned; a folder with "[" in its name works;
// a deleted campaign's export is named as Windows allows.

// asWindows makes names compare as on Windows for the test.
func asWindows(t *testing.T) {
	old := foldNames
	foldNames = true
	t.Cleanup(func() { foldNames = old })
}

func TestNamesInAnyCaseAreOneFileOnWindows(t *testing.T) {
	asWindows(t)
	path, _, backup := soundFile(t, 2)
	if err := RestoreFile(path, backup, time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	// The disk here tells cases apart, so the other spelling is a link to
	// the same file, as Windows would find it.
	upper := filepath.Join(filepath.Dir(path), "TableKeeper.DB")
	if err := os.Link(path, upper); err != nil {
		t.Skip("no hard links here:", err)
	}
	list, err := BackupsOf(upper)
	if err != nil || len(list) != 1 || list[0].Path != backup {
		t.Fatalf("TableKeeper.DB's backups: %v, %v; want %s", list, err, backup)
	}
	if aside := keptAside(upper); len(aside) != 1 {
		t.Fatalf("TableKeeper.DB's kept-aside files: %v", aside)
	}
	stale := path + ".restoring-123"
	_ = os.WriteFile(stale, []byte("half a copy"), 0o600)
	db, err := Open(upper, reg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := os.Stat(stale); err == nil {
		t.Fatal("a restore's half-made copy under the other spelling was left")
	}
	if got, _ := db.Backups(); len(got) != 1 {
		t.Fatalf("the open file's backups: %v", got)
	}
}

// On Linux the spellings are different files, each with its own backups.
func TestNamesInOtherCasesAreOtherFilesOnLinux(t *testing.T) {
	if foldNames {
		t.Skip("this disk folds names")
	}
	path, _, _ := soundFile(t, 1)
	if list, _ := BackupsOf(filepath.Join(filepath.Dir(path), "TABLEKEEPER.db")); len(list) != 0 {
		t.Fatalf("another file's backups were taken for TABLEKEEPER.db's: %v", list)
	}
}

// A folder named with pattern characters ("Games [2024]") still finds the
// files beside the campaign file.
func TestPatternCharactersInTheFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "Games [2024] *?")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "tablekeeper.db")
	db, err := Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	db.NewCampaign(tracker.Alone, "Kept", 1)
	b, err := db.Backup()
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := RestoreFile(path, b.Path, time.Now()); err != nil {
		t.Fatal(err)
	}
	if aside := keptAside(path); len(aside) != 1 {
		t.Fatalf("kept-aside files in %q: %v", dir, aside)
	}
}

func TestDeletedCampaignsExportIsAWindowsName(t *testing.T) {
	db, _ := openTemp(t)
	c, err := db.NewCampaign(tracker.Alone, `Who? "Me" <3 | *a:b\c/d. `, 1)
	if err != nil {
		t.Skip("the name is refused before it gets here:", err)
	}
	path, err := db.Delete(c.ID)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(path)
	if strings.ContainsAny(name, `\/:*?"<>|`) {
		t.Fatalf("%q has characters Windows refuses", name)
	}
	data, err := os.ReadFile(path)
	if err != nil || len(data) == 0 {
		t.Fatalf("the export %s: %v", path, err)
	}
	if got := diskName("The end. "); got != "The end" {
		t.Fatalf("diskName keeps a trailing dot or space: %q", got)
	}
}

// A restore over a file another program holds open: Windows refuses to
// rename over it. The file stays as it was, nothing is left beside it (no
// half-made copy, no second name of the file that was never replaced), and
// the refusal says what to do.
func TestRestoreOverAFileHeldOpenElsewhere(t *testing.T) {
	path, _, backup := soundFile(t, 2)
	before := fileHash(t, path)
	old, oldRules := renameFile, windowsFiles
	renameFile = func(string, string) error {
		return &os.LinkError{Op: "rename", Err: os.ErrPermission}
	}
	windowsFiles = true
	t.Cleanup(func() { renameFile, windowsFiles = old, oldRules })
	err := RestoreFile(path, backup, time.Now())
	if err == nil || !strings.Contains(err.Error(), "was not changed") || !strings.Contains(err.Error(), "another program has it open") {
		t.Fatalf("restore over a held file: %v", err)
	}
	if fileHash(t, path) != before {
		t.Fatal("the file changed")
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if e.Name() != filepath.Base(path) && e.Name() != "backups" {
			t.Errorf("%s left beside the file", e.Name())
		}
	}
}
