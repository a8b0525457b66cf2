package ui

import (
	"fmt"
	"io"
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	fstorage "fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/storage"
	"tablekeeper/tracker"
	"tablekeeper/ui/place"
	"tablekeeper/ui/widgets"
)

// showData shows where the campaigns are kept, the backups with what each
// holds, and export and import of a campaign.
func (u *App) showData() {
	u.closeCampaign(true)
	u.Window.SetTitle("Tablekeeper — data")
	pl := u.places()
	where := widget.NewForm(
		widget.NewFormItem("Campaign file", pathLabel(pl.File)),
		widget.NewFormItem("Backups", pathLabel(pl.Backups)),
		widget.NewFormItem("Deleted campaigns", pathLabel(pl.Deleted)),
		widget.NewFormItem("Content sets", pathLabel(pl.Content)),
	)
	var whereNote fyne.CanvasObject = layout.NewSpacer()
	if pl.Private {
		whereNote = widgets.Paragraph("This is Tablekeeper's own storage on this device: other apps cannot see it, and it goes if the app is uninstalled. To keep a campaign elsewhere or give it to another device, Export it below.")
	}
	byName := map[string]string{}
	pick := widget.NewSelect(nil, nil)
	pick.PlaceHolder = "Choose a campaign"
	// listCampaigns fills the picker, again after an import.
	listCampaigns := func() {
		camps, _ := u.DB.List()
		names := make([]string, len(camps))
		clear(byName)
		for i, c := range camps {
			names[i] = fmt.Sprintf("%s (%s)", c.Name, c.Game.Title())
			byName[names[i]] = c.ID
		}
		pick.SetOptions(names)
	}
	listCampaigns()
	u.imp.restores = nil
	export := iconButton("Export…", theme.DocumentSaveIcon(), func() {
		id, ok := byName[pick.Selected]
		if !ok {
			u.problem("Choose the campaign to export first.")
			return
		}
		u.askExport(id)
	})
	imp := iconButton("Import a campaign…", theme.FolderOpenIcon(), u.askImport)
	u.imp.button, u.imp.listCampaigns = imp, listCampaigns
	backupNow := iconButton("Back up now", theme.StorageIcon(), u.backUpNow)
	moves := container.NewVBox(
		container.NewBorder(nil, nil, nil, export, pick),
		container.NewHBox(imp),
		u.backupBox(backupNow),
	)
	backups := container.NewVBox()
	list, err := u.DB.Backups()
	if err != nil {
		backups.Add(wrapped("The backups cannot be listed: " + err.Error()))
	}
	if err == nil && len(list) == 0 {
		backups.Add(wrapped("No backups yet: one is written when a session ends, every 200 actions, and with “Back up now”."))
	}
	backups.Add(u.backupPolicy(list))
	cards := make([]*backupCard, len(list))
	for i, b := range list {
		cards[i] = u.newBackupCard(b)
		backups.Add(cards[i].card)
	}
	u.readBackups(cards)
	top := container.NewHBox(iconButton("Back", theme.NavigateBackIcon(), u.showHome), heading("Data"), layout.NewSpacer())
	body := container.NewVBox(
		widget.NewCard("Where the campaigns are kept", "", container.NewVBox(where, whereNote)),
		widget.NewCard("Export and import", "", container.NewVBox(wrapped("A campaign as one file, with its seed and every event."), moves)),
		widget.NewCard("Backups", "", container.NewVBox(wrapped("Newest first; each was verified by replaying every campaign."), backups)),
		u.deletedCard(),
	)
	u.setPage(top, body)
	u.imp.page = u.Window.Content()
	u.imp.show()
	u.showBackupProgress()
}

// backupPolicy says, in words, how much room the backups take, when the
// next is written, and which are kept.
func (u *App) backupPolicy(list []storage.Backup) fyne.CanvasObject {
	var total int64
	for _, b := range list {
		total += b.Size
	}
	var lines []string
	if len(list) > 0 {
		n := fmt.Sprintf("%d backups", len(list))
		if len(list) == 1 {
			n = "1 backup"
		}
		lines = append(lines, fmt.Sprintf("%s, %s together.", n, storage.Size(total)))
	}
	if every := u.DB.BackupEvery; every > 0 {
		left := int64(every) - int64(u.DB.ActionsSinceBackup())
		lines = append(lines, fmt.Sprintf("The next is written after %d more actions, and when a session ends.", max(left, 1)))
	}
	box := container.NewVBox()
	for _, l := range append([]string{strings.Join(lines, " ")}, u.DB.Keep.Words()) {
		w := widget.NewLabel(l)
		w.Wrapping = fyne.TextWrapWord
		box.Add(w)
	}
	// Before the size bound leaves only the newest backups, it says so.
	if st, err := os.Stat(u.DB.Path()); err == nil {
		if warn := u.DB.Keep.Warning(list, st.Size()); warn != "" {
			w := widget.NewLabel(warn)
			w.Wrapping = fyne.TextWrapWord
			w.Importance = widget.WarningImportance
			box.Add(w)
		}
	}
	return box
}

// wrapped is running text that wraps between words.
func wrapped(s string) *widget.Label { return widgets.Paragraph(s) }

// pathLabel is a file's path, broken anywhere to fit (it has no spaces).
func pathLabel(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapBreak
	return l
}

// holds says what a backup holds, in one line.
func holds(camps []tracker.Campaign, err error) string {
	if err != nil {
		return "cannot be read: " + err.Error()
	}
	if len(camps) == 0 {
		return "no campaigns"
	}
	names := make([]string, len(camps))
	for i, c := range camps {
		names[i] = c.Name
	}
	return fmt.Sprintf("%s: %s", plural(len(camps), "campaign", "campaigns"), strings.Join(names, ", "))
}

// A backupCard is one backup on the Data screen: when, how large, and
// what it holds, which is read beside the window (reading a large backup
// takes seconds), its Restore button enabled once it is known whole.
type backupCard struct {
	b       storage.Backup
	card    fyne.CanvasObject
	info    *widget.Label
	restore *widget.Button
}

func (u *App) newBackupCard(b storage.Backup) *backupCard {
	c := &backupCard{b: b}
	c.info = wrapped(fmt.Sprintf("%s · %d KB · reading what it holds…", ago(b.Time, u.now()), (b.Size+1023)/1024))
	c.restore = iconButton("Restore…", theme.HistoryIcon(), func() { u.previewRestore(b) })
	c.restore.Disable()
	c.card = widget.NewCard(b.Time.Local().Format("Mon 2 Jan 2006, 15:04:05"), "", container.NewBorder(nil, nil, nil, c.restore, c.info))
	return c
}

// readBackups reads what each backup holds, newest first, beside the
// window, and shows it on its card.
func (u *App) readBackups(cards []*backupCard) {
	reg := u.DB.Registry()
	now := u.now()
	for _, c := range cards {
		c := c
		var camps []tracker.Campaign
		var err error
		u.besideWindow(func() { camps, err = storage.Campaigns(c.b.Path, reg) }, func() {
			c.info.SetText(fmt.Sprintf("%s · %d KB · %s", ago(c.b.Time, now), (c.b.Size+1023)/1024, holds(camps, err)))
			if err == nil {
				c.restore.Enable()
				u.imp.restores = append(u.imp.restores, c.restore)
				u.imp.show()
			}
		})
	}
}

// previewRestore shows what a backup holds before it replaces the file.
func (u *App) previewRestore(b storage.Backup) {
	camps, err := storage.Campaigns(b.Path, u.DB.Registry())
	if err != nil {
		u.problem("That backup cannot be read: " + err.Error())
		return
	}
	lines := []string{"Restoring puts this backup in place of the whole campaign file. The current file is kept beside it, so nothing is lost.", "", "It holds:"}
	for _, c := range camps {
		lines = append(lines, fmt.Sprintf("• %s — %s · %s · %s", c.Name, c.Game.Title(), whereItStands(c), lastPlayed(c)))
	}
	if len(camps) == 0 {
		lines = append(lines, "• no campaigns")
	}
	widgets.ShowConfirm("Restore the backup of "+b.Time.Local().Format("2 Jan 15:04")+"?", widgets.Paragraph(strings.Join(lines, "\n")),
		"Restore", "Cancel", func(ok bool) {
			if ok {
				u.restore(b.Path)
			}
		}, u.Window)
}

// restore closes any open session and puts the backup in place.
func (u *App) restore(path string) {
	// The file it replaces is kept beside it: the session needs no backup,
	// and one under way is called off (the restore would wait for it).
	u.closeCampaign(false)
	if r := u.bk.run; r != nil {
		r.cancel()
	}
	err := u.DB.Restore(path)
	u.showData()
	if err != nil {
		u.problem("Not restored: " + err.Error())
		return
	}
	u.notice("Restored the backup " + path + ". The file it replaced was kept beside the campaign file.")
}

// exportTo writes a campaign's export file.
func (u *App) exportTo(id string, w io.Writer) error {
	_, _, err := u.DB.WriteExport(w, id)
	return err
}

func (u *App) askExport(id string) {
	c, err := u.DB.Campaign(id)
	if err != nil {
		u.problem(err.Error())
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			u.problem("Not exported: " + err.Error())
			return
		}
		if w == nil {
			return
		}
		err = u.exportTo(id, w)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			u.problem("Not exported: " + err.Error())
			return
		}
		u.notice(fmt.Sprintf("Exported “%s” to %s.", c.Name, widgets.FileWords(w.URI())))
	}, u.Window)
	d.SetFileName(safeFileName(c.Name) + ".tablekeeper.json")
	if !u.mobile() {
		// On a phone or tablet the system's picker chooses where (a
		// folder, a cloud drive, another app): the app's own folder is
		// not one the players can reach.
		if l, err := fstorage.ListerForURI(fstorage.NewFileURI(u.DB.BackupDirPath())); err == nil {
			d.SetLocation(l)
		}
	}
	u.showFileDialog(d)
}

// showFileDialog shows one of Fyne's file dialogs (the device's own way to
// choose a file, which widgets.Dialog cannot replace) the size of the
// window, so its buttons stay on screen: it would otherwise open at its
// own size, larger than a portrait tablet at a large text size.
func (u *App) showFileDialog(d *dialog.FileDialog) {
	c := u.Window.Canvas().Size()
	d.Resize(fyne.NewSize(c.Width-2*theme.Padding(), c.Height-2*theme.Padding()))
	d.Show()
}

// places are where the campaign file, its backups and the content sets
// live on this device.
func (u *App) places() place.Places {
	return place.Beside(u.DB.Path(), u.DB.BackupDirPath(), u.mobile())
}

func safeFileName(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
			return '_'
		}
		return r
	}, s)
}
