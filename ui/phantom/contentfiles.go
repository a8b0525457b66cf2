package phantom

import (
	"fmt"
	"io"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// Content sets as files: a group enters its components once and shares
// them as one file (maps included), checked whole before anything changes.

// filesCard holds the content file buttons.
func (c *CampaignScreen) filesCard() fyne.CanvasObject {
	imp := widget.NewButtonWithIcon("Add from a content file…", theme.FolderOpenIcon(), func() { c.openContentFile(false) })
	upd := widget.NewButtonWithIcon("Update from a newer file…", theme.ViewRefreshIcon(), func() { c.openContentFile(true) })
	exp := widget.NewButtonWithIcon("Save as a content file…", theme.DocumentSaveIcon(), c.exportContent)
	help := wrap("Add puts the file's components beside yours. Update makes this campaign's content the file's: what the campaign uses and the file lacks is kept, and you are told.")
	help.Importance = widget.LowImportance
	return widgets.NewCard("Content files", "", container.NewVBox(widgets.NewFlow(imp, upd, exp), help))
}

func (c *CampaignScreen) openContentFile(update bool) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		defer r.Close()
		data, err := io.ReadAll(io.LimitReader(r, 32<<20))
		if err != nil {
			c.ctx.Message("the file cannot be read: "+err.Error(), true)
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
