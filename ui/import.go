package ui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/ui/widgets"
)

// Importing a campaign file from the Data screen. The file is never held
// whole: one larger than any campaign (tracker.MaxExportSize, the limit
// the README documents) is refused before it is read, and the rest is read
// in place by storage.ImportFrom, which checks every event before it
// writes anything. The import runs beside the window, which stays
// answering: a campaign of 100,000 actions takes seconds to check.

// importLimit is tracker.MaxExportSize; tests lower it.
var importLimit int64 = tracker.MaxExportSize

// importing is the Data screen's import under way.
type importing struct {
	// name is the file being imported, "" when none is.
	name string
	// page is the Data screen's content while it is on show; button its
	// Import button, where the answers show; restores its Restore
	// buttons, which wait while an import writes to the file;
	// listCampaigns fills its export picker again.
	page          fyne.CanvasObject
	button        *widget.Button
	restores      []*widget.Button
	listCampaigns func()
	// backs are the deleted campaigns' Bring back buttons on show;
	// answerAt is the one tapped, where the answer of the import it
	// started shows (while it is still on show).
	backs    map[*widget.Button]*bringBackButton
	answerAt *widget.Button
	// waiting is a file kept open while the players are asked whether to
	// import it as a copy; quitting is set as the app shuts down, when an
	// import's answer has no screen to go to.
	waiting  *importSource
	quitting atomic.Bool
	// runs counts the imports under way, for tests to wait on.
	runs sync.WaitGroup
}

// A bringBackButton is a deleted campaign's Bring back button: here once
// its campaign is back on Home (the first 8 of its ID, idPrefix, are a
// listed campaign's), whichever way it came back.
type bringBackButton struct {
	idPrefix string
	here     bool
}

// An importSource is an export file open to be imported: read in place
// where it is a file of this device, else copied beside the campaign file
// first (at most the limit), since an import reads it twice: to check it,
// then to write it.
type importSource struct {
	name  string
	r     io.ReaderAt
	size  int64
	close func()
}

func tooBigToImport(name string, size int64) error {
	return fmt.Errorf("“%s” is %d MB: no campaign file is that large (one of 100,000 actions takes a few tens of MB; at most %d MB can be imported), so it was not read",
		name, (size+1<<20-1)>>20, importLimit>>20)
}

// openImport opens the file the players picked. A stream (a phone's
// document picker gives no file) is copied beside the campaign file by
// db, which removes a copy a kill left when it next opens the file.
func (u *App) openImport(r fyne.URIReadCloser, db *storage.DB) (*importSource, error) {
	name := r.URI().Name()
	if r.URI().Scheme() == "file" {
		if _, err := os.Stat(r.URI().Path()); err == nil {
			r.Close()
			return openImportFile(r.URI().Path(), name)
		}
	}
	defer r.Close()
	cp, err := db.CopyForImport(r, importLimit)
	var big *storage.ErrImportTooLarge
	switch {
	case errors.As(err, &big):
		return nil, tooBigToImport(name, big.Size)
	case err != nil:
		return nil, fmt.Errorf("“%s” %w", name, err)
	}
	return &importSource{name: name, r: cp, size: cp.Size, close: func() { cp.Close() }}, nil
}

// openImportFile opens a file of this device to be imported in place.
func openImportFile(path, name string) (*importSource, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("“%s” cannot be read: %w", name, err)
	}
	st, err := f.Stat()
	switch {
	case err != nil:
		f.Close()
		return nil, fmt.Errorf("“%s” cannot be read: %w", name, err)
	case !st.Mode().IsRegular():
		f.Close()
		return nil, fmt.Errorf("“%s” is not a file", name)
	case st.Size() > importLimit:
		f.Close()
		return nil, tooBigToImport(name, st.Size())
	}
	return &importSource{name: name, r: f, size: st.Size(), close: func() { f.Close() }}, nil
}

func (u *App) askImport() {
	u.imp.answerAt = nil
	u.showFileDialog(dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			u.importSaid("Not imported: "+err.Error(), true)
			return
		}
		if r == nil {
			return
		}
		db := u.DB
		u.runImport(r.URI().Name(), func() (*importSource, error) { return u.openImport(r, db) }, false)
	}, u.Window))
}

// runImport opens and imports a file beside the window. A campaign that is
// already here is never overwritten: the players are asked whether to
// import it as a copy.
func (u *App) runImport(name string, open func() (*importSource, error), asCopy bool) {
	u.imp.name = name
	u.imp.runs.Add(1)
	u.imp.show()
	u.importSaid("Importing “"+name+"”: every event is checked before anything is written…", false)
	db := u.DB
	// The file is read on a goroutine of its own while the window goes on
	// answering; the answer comes back to the window's thread.
	widgets.Go(func() {
		defer u.imp.runs.Done()
		src, err := open()
		var c tracker.Campaign
		if err == nil {
			c, err = db.ImportFrom(src.r, src.size, asCopy)
		}
		widgets.Do(func() { u.imported(src, c, err, asCopy) })
	})
}

// imported says how an import went: next to the button tapped on the Data
// screen, on Home's message line with the list updated, or, elsewhere, on
// the message line only.
func (u *App) imported(src *importSource, c tracker.Campaign, err error, asCopy bool) {
	u.imp.name = ""
	if u.imp.quitting.Load() {
		// The app is shutting down (Shutdown waits for this import
		// before it closes the file): no screen is left to answer on.
		if src != nil {
			src.close()
		}
		return
	}
	u.imp.show()
	var ex *storage.ExistsError
	if !asCopy && errors.As(err, &ex) {
		if !u.onData() {
			// The players went on to something else (a campaign may be
			// on screen): no question pops up over it.
			src.close()
			u.importSaid("Not imported: “"+ex.Name+"” is already here. Import it again from Data to keep a copy beside it.", false)
			return
		}
		u.importSaid("“"+ex.Name+"” is already here.", false)
		u.imp.waiting = src
		widgets.ShowConfirm("Already here",
			widgets.Paragraph(fmt.Sprintf("“%s” is already here, and is never overwritten. Import it as a copy, so both are kept?", ex.Name)),
			"Import as a copy", "Cancel", func(ok bool) {
				u.imp.waiting = nil
				if !ok {
					src.close()
					u.importSaid("Not imported: “"+ex.Name+"” is already here.", false)
					return
				}
				u.runImport(src.name, func() (*importSource, error) { return src, nil }, true)
			}, u.Window)
		return
	}
	if src != nil {
		src.close()
	}
	if err == nil {
		switch {
		case u.onData():
			u.imp.listCampaigns()
			for b, st := range u.imp.backs {
				if st.idPrefix != "" && strings.HasPrefix(c.ID, st.idPrefix) {
					st.here = true
					b.SetText("Back on Home")
				}
			}
			u.imp.show()
		case u.onHome():
			u.showHome()
		}
	}
	switch {
	case err != nil:
		// "Not imported: this campaign file cannot be imported: …" said
		// it twice; the field and what is wrong with it follow once.
		u.importSaid("Not imported: "+strings.TrimPrefix(err.Error(), "this campaign file cannot be imported: "), true)
	case asCopy:
		u.importSaid(fmt.Sprintf("Imported “%s” as a copy.", c.Name), false)
	default:
		u.importSaid(fmt.Sprintf("Imported “%s” (%s, %s).", c.Name, c.Game.Title(), whereItStands(c)), false)
	}
}

// stopImports ends the Data screen's part in imports as the app shuts
// down: an import under way is waited for (its check and batches take
// seconds at most; cut off, it would leave a log no campaign lists until
// the file's next opening), and a file kept open for the "Already here"
// question is closed.
func (u *App) stopImports() {
	u.imp.quitting.Store(true)
	u.imp.runs.Wait()
	if src := u.imp.waiting; src != nil {
		u.imp.waiting = nil
		src.close()
	}
}

// show makes the Data screen's buttons say whether an import is under way.
func (m *importing) show() {
	if m.button == nil {
		return
	}
	busy := m.name != ""
	for _, b := range append([]*widget.Button{m.button}, m.restores...) {
		setEnabled(b, !busy)
	}
	for b, st := range m.backs {
		// Bringing back is an import too: one at a time.
		setEnabled(b, !busy && !st.here)
	}
	if busy {
		m.button.SetText("Importing…")
	} else {
		m.button.SetText("Import a campaign…")
	}
}

// onData says whether the Data screen is on show.
func (u *App) onData() bool { return u.imp.page != nil && u.Window.Content() == u.imp.page }

// importSaid shows an import's answer on the message line and, on the Data
// screen, next to the Import button.
func (u *App) importSaid(msg string, isError bool) {
	u.say(msg, isError)
	if u.onData() {
		at := u.imp.button
		if _, onShow := u.imp.backs[u.imp.answerAt]; onShow {
			at = u.imp.answerAt
		}
		widgets.ShowFeedback(u.Window.Canvas(), at, msg, isError)
	}
}
