package ui

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// plainEntry is a call that makes one of Fyne's own text entries.
var plainEntry = regexp.MustCompile(`widget\.(NewEntry|NewMultiLineEntry|NewPasswordEntry|NewSelectEntry|NewEntryWithData|NewMultiLineEntryWithData)\(|&widget\.(Entry|SelectEntry)\{`)

// No screen of the app makes a plain widget.Entry: every text field lets
// the device's Back through (widgets.TextEntry, SuggestEntry,
// CheckedEntry). The walk of every game's screens (touchfirst_test.go)
// checks what is shown; this checks the code, dialogs a walk does not
// reach included.
func TestNoScreenMakesAPlainEntry(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		if strings.HasPrefix(path, "widgets"+string(filepath.Separator)) {
			return nil // the widgets build theirs on widget.Entry
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := plainEntry.FindString(line); m != "" {
				t.Errorf("%s:%d makes a plain entry (%s): use widgets.NewTextEntry, NewMultiLineTextEntry or NewSuggestEntry", path, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
