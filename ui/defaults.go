package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// defaultScreens stand in for a game whose screens are not in this build:
// its campaigns open, keep notes and clocks, and have the Log.
type defaultScreens struct{ game tracker.GameID }

func (d defaultScreens) notYet(what string) fyne.CanvasObject {
	l := widget.NewLabel(fmt.Sprintf("The %s screens of %s are not in this version yet. Notes, the clocks and the Log work.", what, d.game.Title()))
	l.Wrapping = fyne.TextWrapWord
	widgets.Aside(l)
	return l
}

// Play shows the notes, with a way to add one.
func (d defaultScreens) Play(ctx *shell.Context) fyne.CanvasObject {
	return container.NewBorder(d.notYet("play"), nil, nil, nil, notesPanel(ctx))
}

// Campaign shows the notes too: they are the campaign's diary.
func (d defaultScreens) Campaign(ctx *shell.Context) fyne.CanvasObject {
	return container.NewBorder(d.notYet("campaign"), nil, nil, nil, notesPanel(ctx))
}

// Enemy says the automation is not here yet.
func (d defaultScreens) Enemy(*shell.Context) fyne.CanvasObject {
	return container.NewPadded(d.notYet("enemy"))
}

func (defaultScreens) Setup(shell.SetupEnv) shell.Setup { return shell.Setup{} }

func (defaultScreens) Act(*shell.Context, shell.Tab, shell.Action) bool { return false }

// notesShown and notesWithin bound the notes the panel lists: the newest
// 500, among the newest 20,000 actions (the Log lists them all).
const notesShown, notesWithin = 500, 20_000

// notesPanel lists the campaign's notes, newest first, with an entry to
// write one. The list only draws the notes on screen, so a campaign of
// thousands of notes opens as fast as a new one.
func notesPanel(ctx *shell.Context) fyne.CanvasObject {
	entry := widgets.NewMultiLineTextEntry()
	entry.SetPlaceHolder("Write a note for the campaign")
	entry.Wrapping = fyne.TextWrapWord
	entry.SetMinRowsVisible(2)
	var notes []tracker.Note
	empty := widget.NewLabel("No notes yet.")
	list := widget.NewList(
		func() int { return len(notes) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(notes) {
				n := notes[id]
				o.(*widget.Label).SetText(n.Time.Local().Format("Mon 2 Jan 15:04") + " — " + n.Text)
			}
		})
	show := func() {
		// The newest notes, read from the log (the state keeps none):
		// the reading is bounded, however long the log; the Log lists
		// them all.
		notes, _ = ctx.Session.Notes(notesShown, notesWithin)
		if len(notes) == 0 {
			empty.Show()
		} else {
			empty.Hide()
		}
		list.Refresh()
	}
	add := widget.NewButtonWithIcon("Add note", theme.ContentAddIcon(), func() {
		if _, ok := ctx.Do(tracker.AddNote{Text: entry.Text}); ok {
			entry.SetText("")
		}
	})
	ctx.OnChange(func(tracker.Event) { show() })
	show()
	return container.NewBorder(container.NewVBox(container.NewBorder(nil, nil, nil, add, entry), empty), nil, nil, nil, list)
}
