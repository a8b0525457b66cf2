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

// practiceGames are the games of this build that offer a practice game,
// in the order the app shows games.
func (u *App) practiceGames() []tracker.GameID {
	var out []tracker.GameID
	for _, g := range tracker.KnownGames {
		if _, ok := u.screensFor(g).(shell.Practicer); ok {
			out = append(out, g)
		}
	}
	return out
}

// showPractice lists the games that offer a practice game: one tap on a
// game starts it.
func (u *App) showPractice() {
	list := container.NewVBox(widgets.Paragraph("A practice game starts with made-up content (not the printed cards), the mission already set up, so you can see how the app plays the enemy before you enter your own components. It is a campaign like any other: undo, the Log and export work, and you can delete it when you are done."))
	var d *widgets.Dialog
	// The games in two columns on a landscape screen, so every one shows
	// without scrolling; one column in portrait, the dialog's full width.
	var rows []fyne.CanvasObject
	for _, g := range u.practiceGames() {
		g := g
		p := u.screensFor(g).(shell.Practicer).Practice()
		b := widget.NewButtonWithIcon(g.Title(), theme.MediaPlayIcon(), func() {
			d.Hide()
			u.startPractice(g)
		})
		b.Importance = widget.HighImportance
		b.Alignment = widget.ButtonAlignLeading
		row := container.NewVBox(b)
		if p.Name != "" {
			row.Add(widgets.Paragraph(p.Name))
		}
		rows = append(rows, row)
	}
	half := (len(rows) + 1) / 2
	list.Add(widgets.NewAdaptiveAt(700, container.NewVBox(rows[:half]...), container.NewVBox(rows[half:]...)))
	d = widgets.NewDialog("Try a practice game", list, u.Window)
	d.Wide = true
	d.SetDismiss("Cancel", nil)
	d.Show()
}

// startPractice makes a practice campaign of g, named "Practice — <game>"
// (numbered when that name is taken), runs the game's practice commands as
// its first events and opens it where the game says.
func (u *App) startPractice(g tracker.GameID) {
	pr, ok := u.screensFor(g).(shell.Practicer)
	if !ok {
		u.problem(g.Title() + " has no practice game in this version.")
		return
	}
	p := pr.Practice()
	var cmds []tracker.Command
	if p.Commands != nil {
		var err error
		if cmds, err = p.Commands(); err != nil {
			u.showHome()
			u.problem("The practice game of " + g.Title() + " cannot be set up: " + shell.Words(err))
			return
		}
	}
	c, err := tracker.NewCampaign(g, u.practiceName(g), 0, u.now())
	if err == nil {
		c.Practice = true
		err = u.DB.Create(c)
	}
	if err != nil {
		u.showHome()
		u.problem("The practice game was not made: " + err.Error())
		return
	}
	u.startCampaign(c, cmds, p.Tab)
}

// practiceName is the first free name of "Practice — <game>", "Practice —
// <game> 2", …
func (u *App) practiceName(g tracker.GameID) string {
	taken := map[string]bool{}
	if list, err := u.DB.List(); err == nil {
		for _, c := range list {
			taken[c.Name] = true
		}
	}
	base := "Practice — " + g.Title()
	name := base
	for n := 2; taken[name]; n++ {
		name = fmt.Sprintf("%s %d", base, n)
	}
	return name
}
