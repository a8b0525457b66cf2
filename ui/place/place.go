// Package place decides where Tablekeeper keeps its files on each platform
// Fyne serves. One function, For, answers for the window; Desktop answers
// for the headless verbs, which only run on a desktop. Everything else
// lives beside the campaign file it names: storage keeps the backups in
// "backups" (and deleted campaigns' exports in "backups/deleted"), and the
// content library (shell.LibraryBeside) keeps its sets in "content".
package place

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"

	"tablekeeper/ui/shell"
)

// FileName is the campaign file's name, in whichever folder holds it.
const FileName = "tablekeeper.db"

// Desktop is the campaign file on a desktop: a "tablekeeper" folder in the
// user's configuration folder (~/.config on Linux, %AppData% on Windows,
// ~/Library/Application Support on macOS), as os.UserConfigDir says. A
// desktop without one (no $HOME, no %AppData%) gets an error that says to
// name the file with --db, never a guess such as the working folder.
func Desktop() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil || dir == "" {
		return "", fmt.Errorf("this computer has no configuration folder to keep the campaigns in (%v); name the file with --db PATH", err)
	}
	return filepath.Join(dir, "tablekeeper", FileName), nil
}

// Mobile reports whether a runs on a phone or tablet (or in Fyne's mobile
// simulation, a build with -tags mobile): there the app has no
// configuration folder of its own, only the storage Fyne gives it.
func Mobile(a fyne.App) bool {
	if a == nil || a.Driver() == nil || a.Driver().Device() == nil {
		return false
	}
	return a.Driver().Device().IsMobile()
}

// For is the campaign file for the app a: on a mobile device, in the app's
// own storage (Fyne's Storage().RootURI(), the one folder an Android or iOS
// app may write without asking), and on a desktop, Desktop. The backups and
// the content library follow the file (see the package comment).
func For(a fyne.App) (string, error) {
	if !Mobile(a) {
		return Desktop()
	}
	root := a.Storage().RootURI()
	if root == nil {
		return "", errors.New("this device gave the app no storage to keep the campaigns in")
	}
	if root.Scheme() != "file" {
		// bbolt needs a real file it can map and lock; every mobile
		// platform Fyne serves gives a file: root today.
		return "", fmt.Errorf("this device's app storage (%s) is not a folder the campaign file can live in", root.String())
	}
	return filepath.Join(filepath.FromSlash(root.Path()), FileName), nil
}

// Places are where each kind of file lives, as the Data screen shows them.
type Places struct {
	// File is the campaign file; Backups the folder of its backups;
	// Deleted the folder of the exports of deleted campaigns; Content the
	// folder of the content library's sets.
	File, Backups, Deleted, Content string
	// Private says the folder is the app's own storage on a phone or
	// tablet: other apps (and a file manager) cannot see it, so a
	// campaign leaves the device only through Export.
	Private bool
}

// Beside says where everything lives for the campaign file at path, whose
// backups are in backupDir (storage.DB.BackupDirPath).
func Beside(path, backupDir string, private bool) Places {
	return Places{
		File:    path,
		Backups: backupDir,
		Deleted: filepath.Join(backupDir, "deleted"),
		Content: shell.LibraryBeside(path).Dir(),
		Private: private,
	}
}
