package place

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// On a desktop the file is in the configuration folder, whatever the
// app's own storage root says (the mobile case is in ui/mobile_test.go,
// built with -tags mobile).
func TestDesktopKeepsTheFileInTheConfigurationFolder(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the folder's variable is Linux's")
	}
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	want := filepath.Join(dir, "tablekeeper", FileName)
	if got, err := Desktop(); err != nil || got != want {
		t.Fatalf("Desktop() = %q, %v; want %q", got, err, want)
	}
	a := test.NewTempApp(t)
	if Mobile(a) {
		t.Skip("built with -tags mobile")
	}
	if got, err := For(a); err != nil || got != want {
		t.Fatalf("For(desktop app) = %q, %v; want %q", got, err, want)
	}
}

// A desktop with no configuration folder is told to name the file; the
// working folder is never guessed.
func TestNoConfigurationFolderIsSaidNotGuessed(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the folder's variables are Linux's")
	}
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "")
	got, err := Desktop()
	if err == nil || !strings.Contains(err.Error(), "--db") {
		t.Fatalf("Desktop() = %q, %v", got, err)
	}
}

func TestEverythingLivesBesideTheFile(t *testing.T) {
	file := filepath.Join("root", "tablekeeper.db")
	p := Beside(file, filepath.Join("root", "backups"), true)
	if p.Deleted != filepath.Join("root", "backups", "deleted") || p.Content != filepath.Join("root", "content") || !p.Private {
		t.Fatalf("%+v", p)
	}
}
