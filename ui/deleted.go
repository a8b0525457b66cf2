package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/widgets"
)

// maxDeletedShown bounds the deleted campaigns the Data screen lists.
const maxDeletedShown = 12

// A deletedFile is the export kept when a campaign was deleted, named
// "<name>-<first 8 of its ID>-<time>.json" by storage.
type deletedFile struct {
	path, name, idPrefix string
	when                 time.Time
}

// deletedFiles lists the exports in dir, newest first.
func deletedFiles(dir string) ([]deletedFile, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []deletedFile
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".json") {
			continue
		}
		f := deletedFile{path: filepath.Join(dir, n), name: strings.TrimSuffix(n, ".json")}
		// Read the name and the ID back from the file name; a file named
		// otherwise is still listed, by its whole name.
		if parts := strings.Split(f.name, "-"); len(parts) >= 4 {
			k := len(parts)
			if t, err := time.Parse("20060102-150405", parts[k-2]+"-"+parts[k-1]); err == nil && len(parts[k-3]) == 8 {
				f.name, f.idPrefix, f.when = strings.Join(parts[:k-3], "-"), parts[k-3], t
			}
		}
		if f.when.IsZero() {
			if info, err := e.Info(); err == nil {
				f.when = info.ModTime()
			}
		}
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].when.After(out[j].when) })
	return out, nil
}

// deletedCard lists the campaigns deleted on this device, newest first,
// each with a button that brings it back. A deletion kept a whole export
// in the backups' "deleted" folder; on a phone or tablet that folder is in
// the app's own storage, where the system's file picker cannot reach, so
// Import alone could never bring a campaign back there.
func (u *App) deletedCard() fyne.CanvasObject {
	u.imp.backs = map[*widget.Button]*bringBackButton{}
	box := container.NewVBox()
	files, err := deletedFiles(u.places().Deleted)
	switch {
	case err != nil:
		box.Add(widgets.Paragraph("The deleted campaigns cannot be listed: " + err.Error()))
	case len(files) == 0:
		box.Add(widgets.Paragraph("None. Deleting a campaign keeps a whole copy of it here, so it can be brought back."))
	}
	here := map[string]bool{}
	if camps, err := u.DB.List(); err == nil {
		for _, c := range camps {
			if len(c.ID) >= 8 {
				here[c.ID[:8]] = true
			}
		}
	}
	for i, f := range files {
		if i == maxDeletedShown {
			box.Add(widgets.Paragraph(fmt.Sprintf("%s more, older, in %s.", plural(len(files)-maxDeletedShown, "file", "files"), u.places().Deleted)))
			break
		}
		f := f
		info := widgets.Paragraph(fmt.Sprintf("%s · deleted %s", f.name, f.when.Local().Format("Mon 2 Jan 2006, 15:04")))
		back := iconButton("Bring back", theme.ContentUndoIcon(), nil)
		back.OnTapped = func() { u.bringBack(f, back) }
		u.imp.backs[back] = &bringBackButton{idPrefix: f.idPrefix, here: f.idPrefix != "" && here[f.idPrefix]}
		box.Add(container.NewBorder(nil, nil, nil, back, info))
	}
	u.imp.show()
	return widget.NewCard("Deleted campaigns", "", box)
}

// bringBack imports a deleted campaign's export as Import does: read in
// place, checked whole before anything is written, beside the window; the
// answer shows next to the button that was tapped.
func (u *App) bringBack(f deletedFile, tapped *widget.Button) {
	u.imp.answerAt = tapped
	u.runImport(f.name, func() (*importSource, error) { return openImportFile(f.path, f.name) }, false)
}
