package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// button makes a button that is a comfortable touch target.
func button(label string, tapped func()) *widget.Button {
	return widget.NewButton(label, tapped)
}

func iconButton(label string, icon fyne.Resource, tapped func()) *widget.Button {
	return widget.NewButtonWithIcon(label, icon, tapped)
}

func heading(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameHeadingText
	return l
}

// lastPlayed says when a campaign was last played, in the device's time.
func lastPlayed(c tracker.Campaign) string {
	if c.LastPlayed.IsZero() {
		return "not played yet"
	}
	return "last played " + c.LastPlayed.Local().Format("Mon 2 Jan 2006, 15:04")
}

// started says when a campaign began. With where it stands (the round,
// the mission) and when it was last played, it is what a card says of a
// campaign: players count sessions, rounds and missions, never the app's
// events.
func started(c tracker.Campaign) string {
	return "started " + c.Created.Local().Format("2 Jan 2006")
}

// whereItStands is where a campaign stands ("Mission 2 · Round 3"), or
// that it has not started.
func whereItStands(c tracker.Campaign) string {
	if c.Where == "" {
		return "not started"
	}
	return c.Where
}

// plural says a count with its noun: "1 campaign", "5 campaigns".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// onHome says whether Home is on show.
func (u *App) onHome() bool { return u.homePage != nil && u.Window.Content() == u.homePage }

// showHome shows the campaigns, most recently played first.
func (u *App) showHome() {
	u.Window.SetTitle("Tablekeeper")
	top := widgets.NewFlow(heading("Campaigns"),
		iconButton("New campaign", theme.ContentAddIcon(), u.showNewCampaign))
	if len(u.practiceGames()) > 0 {
		top.Add(iconButton("Try a practice game", theme.MediaPlayIcon(), u.showPractice))
	}
	top.Add(iconButton("Data", theme.StorageIcon(), u.showData))
	top.Add(iconButton("Settings", theme.SettingsIcon(), u.showSettings))
	list := container.NewVBox()
	camps, err := u.DB.List()
	if err != nil {
		list.Add(wrapped("The campaigns cannot be listed: " + err.Error()))
	}
	if err == nil && len(camps) == 0 {
		hint := "No campaigns yet. Start one with “New campaign”."
		if len(u.practiceGames()) > 0 {
			hint = "No campaigns yet. Start one with “New campaign”, or see how a game plays with “Try a practice game”: made-up content, ready to play."
		}
		list.Add(widgets.Paragraph(hint))
	}
	for _, c := range camps {
		list.Add(u.campaignCard(c))
	}
	u.setPage(top, list)
	u.homePage = u.Window.Content()
	// Home is the first screen: Back leaves it to the device (Android
	// then closes the app, with no campaign open).
	u.Window.Canvas().SetOnTypedKey(nil)
}

func (u *App) campaignCard(c tracker.Campaign) fyne.CanvasObject {
	sub := fmt.Sprintf("%s · %s", c.Game.Title(), whereItStands(c))
	info := widgets.Paragraph(fmt.Sprintf("%s · %s", lastPlayed(c), started(c)))
	id := c.ID
	del := widgets.NewHoldButton("Delete", func() { u.deleteCampaign(id) })
	del.Importance = widget.DangerImportance
	del.Icon = theme.DeleteIcon()
	del.OnHint = func(s string) {
		u.notice(s)
		widgets.ShowFeedback(u.Window.Canvas(), del, s, false)
	}
	open := iconButton("Open", theme.MediaPlayIcon(), func() { u.openCampaign(id) })
	open.Importance = widget.HighImportance
	actions := widgets.NewFlow(open,
		iconButton("Rename", theme.DocumentCreateIcon(), func() { u.askRename(c) }),
		iconButton("Duplicate", theme.ContentCopyIcon(), func() { u.askDuplicate(c) }),
		del)
	name := heading(c.Name)
	name.SizeName = theme.SizeNameSubHeadingText
	name.Wrapping = fyne.TextWrapWord
	var head fyne.CanvasObject = name
	if c.Practice {
		mark := widget.NewLabelWithStyle("Practice", fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
		mark.Importance = widget.HighImportance
		head = container.NewBorder(nil, nil, nil, mark, name)
		sub += " · made-up practice content"
	}
	return widget.NewCard("", "", container.NewVBox(head, widgets.Paragraph(sub), info, actions))
}

// nameItem is a campaign name's field, checked as the store checks it.
func nameItem(label, text string) (*widget.FormItem, *widgets.TextEntry) {
	e := widgets.NewTextEntry()
	e.SetText(text)
	e.Validator = func(s string) error { _, err := tracker.CheckName(s); return err }
	return widget.NewFormItem(label, e), e
}

// askRename asks for a new name.
func (u *App) askRename(c tracker.Campaign) {
	item, e := nameItem("Name", c.Name)
	widgets.ShowForm("Rename “"+c.Name+"”", "Rename", "Cancel", []*widget.FormItem{item}, func() error {
		u.renameCampaign(c.ID, e.Text)
		return nil
	}, u.Window)
}

func (u *App) renameCampaign(id, name string) {
	if err := u.DB.Rename(id, name); err != nil {
		u.showHome()
		u.problem("Not renamed: " + err.Error())
		return
	}
	u.showHome()
	u.notice("Renamed to “" + strings.TrimSpace(name) + "”.")
}

func (u *App) askDuplicate(c tracker.Campaign) {
	item, e := nameItem("Name of the copy", c.Name+" (copy)")
	widgets.ShowForm("Duplicate “"+c.Name+"”", "Duplicate", "Cancel", []*widget.FormItem{item}, func() error {
		u.duplicateCampaign(c.ID, e.Text)
		return nil
	}, u.Window)
}

func (u *App) duplicateCampaign(id, name string) {
	c, err := u.DB.Duplicate(id, name)
	u.showHome()
	if err != nil {
		u.problem("Not duplicated: " + err.Error())
		return
	}
	u.notice("Made “" + c.Name + "”, a copy with the whole log.")
}

// deleteCampaign deletes after the hold: storage exports the campaign to
// the backup folder first, and the notice says where.
func (u *App) deleteCampaign(id string) {
	c, _ := u.DB.Campaign(id)
	path, err := u.DB.Delete(id)
	u.showHome()
	if err != nil {
		u.problem("Not deleted: " + err.Error())
		return
	}
	u.notice(fmt.Sprintf("Deleted “%s”. A full export was kept at %s: import it (Data screen) to bring it back.", c.Name, path))
}

// showNewCampaign shows the form for a new campaign: the game, the name,
// the seed and the game's own setup fields, which change with the game.
// Create checks every field at once and shows each problem under its
// field; the buttons stay at the bottom of the screen, always visible.
func (u *App) showNewCampaign() { u.showNewCampaignFor("") }

// showNewCampaignFor is the new-campaign form with game g chosen (none
// when g is not a game of this build).
func (u *App) showNewCampaignFor(g tracker.GameID) {
	u.Window.SetTitle("Tablekeeper — new campaign")
	name := widgets.NewTextEntry()
	name.SetPlaceHolder("e.g. Thursday group")
	name.Validator = func(s string) error { _, err := tracker.CheckName(s); return err }
	titles := make([]string, len(tracker.KnownGames))
	byTitle := map[string]tracker.GameID{}
	for i, g := range tracker.KnownGames {
		titles[i] = g.Title()
		byTitle[g.Title()] = g
	}
	setupBox := container.NewVBox()
	var setup shell.Setup
	var setupForm *widgets.FormBox
	game := widget.NewRadioGroup(titles, func(t string) {
		setupBox.Objects = nil
		setup, setupForm = shell.Setup{}, nil
		g, ok := byTitle[t]
		if !ok {
			setupBox.Refresh()
			return
		}
		setup = u.screensFor(g).Setup(shell.SetupEnv{Window: u.Window, Library: u.library()})
		if len(setup.Items) > 0 {
			setupForm = widgets.NewFormBox(setup.Items...)
			setupBox.Add(widgets.NewCard(g.Title(), "", setupForm.Object()))
		} else {
			setupBox.Add(widgets.Paragraph(g.Title() + " needs nothing more to start."))
		}
		setupBox.Refresh()
	})
	game.Required = true
	if _, ok := byTitle[g.Title()]; ok {
		game.SetSelected(g.Title())
	}
	// The seed is for the few who want the same dice and draws again (a
	// replay, a shared puzzle): out of the way until asked for, a number
	// as players type it, and letters refused in words under the field.
	seed := widgets.NewTextEntry()
	seed.SetPlaceHolder("blank: a random one")
	seed.Validator = func(s string) error { _, err := tracker.ParseSeed(s); return err }
	seedItem := widget.NewFormItem("Seed of the dice", seed)
	seedItem.HintText = "A whole number: the same seed gives the same dice and draws. Leave it blank for a random one."
	seedForm := widgets.NewFormBox(seedItem)
	seedBox := seedForm.Object()
	seedBox.Hide()
	var more *widget.Button
	more = button("Advanced: the seed of the dice…", func() {
		more.Hide()
		seedBox.Show()
	})
	form := widgets.NewFormBox(widget.NewFormItem("Game", game), widget.NewFormItem("Name", name))
	form.Check = func() widgets.Problems {
		p := widgets.Problems{}
		if _, ok := byTitle[game.Selected]; !ok {
			p.Add("Game", "Choose the game first.")
		}
		if _, err := tracker.CheckName(name.Text); err != nil {
			p.Add("Name", err.Error())
		}
		return p
	}
	var create *widget.Button
	create = iconButton("Create and open", theme.ConfirmIcon(), func() {
		// The game's fields first: each form brings its first problem
		// into view, and the one higher up comes last, so it wins.
		ok := true
		if setupForm != nil {
			ok = setupForm.Validate()
		}
		if !seedForm.Validate() {
			ok = false
			more.Hide()
			seedBox.Show()
			seedForm.Validate() // now shown, its problem comes into view
		}
		ok = form.Validate() && ok
		if !ok {
			u.problem("Some fields need a look: what is wrong is written under each.")
			return
		}
		sd, _ := tracker.ParseSeed(seed.Text)
		u.createCampaign(byTitle[game.Selected], name.Text, sd, setup, func(err error) {
			if p, ok := err.(widgets.Problems); ok && setupForm != nil {
				setupForm.ShowProblems(p)
				u.problem("Some fields need a look: what is wrong is written under each.")
				return
			}
			u.problem(err.Error())
			widgets.ShowFeedback(u.Window.Canvas(), create, err.Error(), true)
		})
	})
	create.Importance = widget.HighImportance
	top := container.NewHBox(iconButton("Back", theme.NavigateBackIcon(), u.showHome), heading("New campaign"))
	u.lastNotice = ""
	u.setPage(top, container.NewVBox(form.Object(), container.NewHBox(more), seedBox, setupBox), create, button("Cancel", u.showHome))
}

// createCampaign makes the campaign, runs the game's setup commands as its
// first events and opens it. A mistake in the form makes nothing; refused
// says what (a widgets.Problems from the game's setup names its fields).
func (u *App) createCampaign(g tracker.GameID, name string, seed uint64, setup shell.Setup, refused func(error)) {
	if _, err := tracker.CheckName(name); err != nil {
		refused(errors.New(capitalize(err.Error()) + "."))
		return
	}
	var cmds []tracker.Command
	if setup.Commands != nil {
		var err error
		if cmds, err = setup.Commands(); err != nil {
			if _, ok := err.(widgets.Problems); ok {
				refused(err)
				return
			}
			refused(errors.New("Setup: " + shell.Words(err)))
			return
		}
	}
	c, err := tracker.NewCampaign(g, name, seed, u.now())
	if err == nil {
		err = u.DB.Create(c)
	}
	if err != nil {
		refused(errors.New("Not created: " + err.Error()))
		return
	}
	u.startCampaign(c, cmds, shell.TabPlay)
}

// startCampaign runs a new campaign's first commands and opens it on a
// tab. A refused step leaves the campaign open, with what was refused, to
// be set by hand: nothing the players typed is lost.
func (u *App) startCampaign(c tracker.Campaign, cmds []tracker.Command, tab shell.Tab) {
	if len(cmds) > 0 {
		s, err := u.DB.OpenSession(c.ID)
		if err != nil {
			u.showHome()
			u.problem("Created, but it cannot be opened: " + err.Error())
			return
		}
		for i, cmd := range cmds {
			if _, err := s.Do(cmd); err != nil {
				u.openCampaign(c.ID)
				if u.camp != nil {
					u.camp.message(fmt.Sprintf("Setup step %d was refused: %s. The campaign is open; set it by hand.", i+1, shell.Words(err)), true)
				}
				return
			}
		}
		// The set-up is the campaign's making, not a move of the game:
		// Undo stops at it (a set-up is changed on its own screen).
		if _, err := s.Do(tracker.SetUp{}); err != nil {
			u.openCampaign(c.ID)
			if u.camp != nil {
				u.camp.message("The set-up is done, but Undo can take it back: "+shell.Words(err), true)
			}
			return
		}
	}
	u.openCampaign(c.ID)
	if u.camp != nil {
		u.camp.selectTab(tab.String())
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// ago is a short age, for the data screen.
func ago(t, now time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d.Hours()))
	}
	return fmt.Sprintf("%d days ago", int(d.Hours()/24))
}
