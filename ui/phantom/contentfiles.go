package phantom

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// Content sets as files: a group enters its components once and shares
// them as one file (maps included), checked whole before anything changes.

// filesCard holds the content file buttons.
func (c *CampaignScreen) filesCard() fyne.CanvasObject {
	imp := widget.NewButtonWithIcon("Add from a content file…", theme.FolderOpenIcon(), func() { c.openContentFile(false) })
	upd := widget.NewButtonWithIcon("Update from a newer file…", theme.ViewRefreshIcon(), func() { c.openContentFile(true) })
	exp := widget.NewButtonWithIcon("Save as a content file…", theme.DocumentSaveIcon(), c.exportContent)
	c.libraryBt = widget.NewButtonWithIcon("Save on this device…", theme.DocumentSaveIcon(), c.saveToLibrary)
	open := widget.NewButtonWithIcon("Sets on this device…", theme.FolderOpenIcon(), c.openLibrary)
	if c.ctx.Library() == nil {
		c.libraryBt.Disable()
		open.Disable()
	}
	help := wrap("Add puts the file's components beside yours. Update makes this campaign's content the file's: what the campaign uses and the file lacks is kept, and you are told. A set saved on this device can start a new campaign.")
	help.Importance = widget.LowImportance
	return widgets.NewCard("Content files", "", container.NewVBox(widgets.NewFlow(imp, upd, exp, c.libraryBt, open), help))
}

func (c *CampaignScreen) openContentFile(update bool) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		defer r.Close()
		data, err := shell.ReadPicked(r, tp.MaxContentFile)
		if err != nil {
			c.ctx.Message(err.Error(), true)
			return
		}
		c.OfferContent(data, update)
	}, c.ctx.Window)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	d.Show()
}

// OfferContent shows what a content file holds and what adding it (or
// updating from it) would change, and does it once the players agree. A
// file with problems is shown with each problem and changes nothing.
func (c *CampaignScreen) OfferContent(data []byte, update bool) {
	set, err := tp.ReadContentFile(data)
	if err != nil {
		c.ContentOffer = widgets.ShowMessage("This file cannot be used", capitalFirst(err.Error())+".", c.ctx.Window)
		return
	}
	if len(set.Problems) > 0 {
		lines := container.NewVBox(wrap(fmt.Sprintf("Nothing was added: the file has %s. Correct them where the file was made, then try again.", plural(len(set.Problems), "problem"))))
		for _, p := range set.Problems {
			l := wrap("• " + p.String())
			l.Importance = widget.DangerImportance
			lines.Add(l)
		}
		c.ContentOffer = newDialog(c.ctx.Window, "This content file has problems", lines, "Close", nil)
		c.ContentOffer.Show()
		return
	}
	body := container.NewVBox()
	if set.Title != "" {
		body.Add(bold(set.Title))
	}
	body.Add(wrap("It holds " + setSummary(set) + "."))
	verb := "Add to this campaign"
	if update {
		verb = "Update this campaign's content"
		u := tp.PlanUpdate(state(c.ctx), set)
		for _, part := range []struct {
			name string
			list []string
		}{{"New", u.Added}, {"Changed", u.Changed}, {"Removed (nothing uses them)", u.Removed}, {"Kept, as the campaign uses them and the file lacks them", u.Kept}} {
			if len(part.list) > 0 {
				body.Add(bold(part.name))
				body.Add(wrap(strings.Join(part.list, "\n")))
			}
		}
		if u.KeptDice {
			body.Add(wrap("The file has no dice faces: the campaign keeps its own."))
		}
	}
	d := newDialog(c.ctx.Window, "Content file", body, "Cancel", nil)
	var do *widget.Button
	do = addAction(d, verb, theme.ConfirmIcon(), func() {
		if _, ok := c.ctx.DoFrom(do, tp.ImportContent{Data: data, Update: update}); ok {
			d.Hide()
		}
	})
	c.ContentConfirm = do
	c.ContentOffer = d
	d.Show()
}

// setSummary counts a set's pieces in words: "1 mission, 2 maps, …".
func setSummary(set *tp.ContentSet) string {
	var parts []string
	k := &set.Content
	for _, kind := range []tp.ContentKind{tp.KindMission, tp.KindMap, tp.KindAdversary, tp.KindSpeciesCard, tp.KindClassCard, tp.KindBoss, tp.KindBossCard,
		tp.KindSpecies, tp.KindClass, tp.KindActionCard, tp.KindEquipment, tp.KindAttachment, tp.KindItem} {
		if n := len(contentIDs(k, kind)); n > 0 {
			parts = append(parts, plural(n, lowerKind(kind)))
		}
	}
	if len(k.DecisionDie) > 0 || len(k.AttackDice) > 0 {
		parts = append(parts, "the dice's faces")
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// plural writes a count with its noun: "1 map", "3 maps".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func (c *CampaignScreen) exportContent() {
	b, err := tp.ExportContent(state(c.ctx))
	if err != nil {
		c.ctx.Message("the content cannot be written: "+err.Error(), true)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		defer w.Close()
		if _, err := w.Write(b); err != nil {
			c.ctx.Message("the file was not written: "+err.Error(), true)
			return
		}
		c.ctx.Message("Content saved to "+w.URI().Name(), false)
	}, c.ctx.Window)
	d.SetFileName("phantom-epoch-content.json")
	d.Show()
}

// saveToLibrary keeps the campaign's content as a set on this device, for
// a new campaign (or another group's tablet) to start from.
func (c *CampaignScreen) saveToLibrary() {
	lib := c.ctx.Library()
	name := widgets.NewTextEntry()
	name.SetPlaceHolder("a name for the set, e.g. our core box")
	name.SetText(c.ctx.Session.Campaign().Name)
	body := container.NewVBox(widgets.Paragraph("The campaign's content (cards, boards, maps, dice) is saved on this device as one set."), name)
	d := newDialog(c.ctx.Window, "Save the content on this device", body, "Cancel", nil)
	var save *widget.Button
	save = addAction(d, "Save", theme.DocumentSaveIcon(), func() {
		n, err := shell.CheckContentName(name.Text)
		if err != nil {
			d.SetProblem(capitalFirst(shell.Words(err)))
			return
		}
		data, err := tp.ExportContent(state(c.ctx))
		if err == nil {
			err = lib.Save(tracker.PhantomEpoch, n, data)
		}
		if err != nil {
			d.SetProblem(capitalFirst(shell.Words(err)))
			return
		}
		d.Hide()
		c.ctx.Feedback(c.libraryBt, fmt.Sprintf("Saved as %q on this device.", n), false)
	})
	_ = save
	c.LibraryDialog = d
	d.Show()
}

// openLibrary lists this device's content sets: what each holds and lacks,
// to add to the campaign or update it from, or to delete (held).
func (c *CampaignScreen) openLibrary() {
	lib := c.ctx.Library()
	box := container.NewVBox()
	d := newDialog(c.ctx.Window, "Content sets on this device", box, "Close", nil)
	entries, err := lib.List(tracker.PhantomEpoch)
	if err != nil {
		box.Add(widgets.Paragraph("They cannot be read: " + shell.Words(err)))
	}
	if len(entries) == 0 && err == nil {
		box.Add(widgets.Paragraph("No content set is saved on this device yet: Save on this device keeps this campaign's."))
	}
	for _, e := range entries {
		e := e
		rows := container.NewVBox(bold(e.Name))
		var del *widgets.HoldButton
		del = widgets.NewHoldButton("Delete", func() {
			if err := lib.Delete(tracker.PhantomEpoch, e.Name); err != nil {
				c.ctx.Refuse(del, capitalFirst(shell.Words(err)))
				return
			}
			d.Hide()
			c.openLibrary()
		})
		del.OnHint = func(t string) { c.ctx.Feedback(del, t, false) }
		if e.Damaged {
			rows.Add(widgets.Paragraph("Damaged: " + e.Problem))
			rows.Add(del)
			box.Add(widgets.NewCard("", "", rows))
			continue
		}
		data, err := lib.Load(tracker.PhantomEpoch, e.Name)
		var set *tp.ContentSet
		if err == nil {
			set, err = tp.ReadContentFile(data)
		}
		switch {
		case err != nil:
			rows.Add(widgets.Paragraph("It cannot be used: " + shell.Words(err)))
		case len(set.Problems) > 0:
			rows.Add(widgets.Paragraph(fmt.Sprintf("It has %s; open it to see them.", plural(len(set.Problems), "problem"))))
		default:
			rows.Add(widgets.Paragraph(Readiness(set)))
		}
		add := widget.NewButton("Add to this campaign…", func() { d.Hide(); c.OfferContent(data, false) })
		upd := widget.NewButton("Update from it…", func() { d.Hide(); c.OfferContent(data, true) })
		if err != nil {
			add.Disable()
			upd.Disable()
		}
		rows.Add(widgets.NewFlow(add, upd, del))
		box.Add(widgets.NewCard("", "", rows))
	}
	c.LibraryDialog = d
	d.Show()
}
