package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
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

// showHome shows the campaigns, most recently played first.
func (u *App) showHome() {
	u.Window.SetTitle("Tablekeeper")
	top := widgets.NewFlow(heading("Campaigns"),
		iconButton("New campaign", theme.ContentAddIcon(), u.showNewCampaign),
		iconButton("Data", theme.StorageIcon(), u.showData),
		iconButton("Settings", theme.SettingsIcon(), u.showSettings))
	list := container.NewVBox()
	camps, err := u.DB.List()
	if err != nil {
		list.Add(widget.NewLabel("The campaigns cannot be listed: " + err.Error()))
	}
	if err == nil && len(camps) == 0 {
		l := widget.NewLabel("No campaigns yet. Start one with “New campaign”.")
		l.Wrapping = fyne.TextWrapWord
		list.Add(l)
	}
	for _, c := range camps {
		list.Add(u.campaignCard(c))
	}
	u.noticeLabel = newNoticeLabel()
	if u.lastNotice != "" {
		u.noticeLabel.SetText(u.lastNotice)
		u.noticeLabel.Show()
	}
	u.setScreen(container.NewBorder(container.NewPadded(top), container.NewPadded(u.noticeLabel), nil, nil,
		container.NewVScroll(container.NewPadded(list))))
}

func (u *App) campaignCard(c tracker.Campaign) fyne.CanvasObject {
	where := c.Where
	if where == "" {
		where = "not started"
	}
	sub := fmt.Sprintf("%s · %s", c.Game.Title(), where)
	info := widget.NewLabel(fmt.Sprintf("%s · %d events", lastPlayed(c), c.Events))
	info.Wrapping = fyne.TextWrapWord
	id := c.ID
	del := widgets.NewHoldButton("Delete", func() { u.deleteCampaign(id) })
	del.Importance = widget.DangerImportance
	del.Icon = theme.DeleteIcon()
	del.OnHint = u.notice
	open := iconButton("Open", theme.MediaPlayIcon(), func() { u.openCampaign(id) })
	open.Importance = widget.HighImportance
	actions := widgets.NewFlow(open,
		iconButton("Rename", theme.DocumentCreateIcon(), func() { u.askRename(c) }),
		iconButton("Duplicate", theme.ContentCopyIcon(), func() { u.askDuplicate(c) }),
		del)
	name := heading(c.Name)
	name.SizeName = theme.SizeNameSubHeadingText
	name.Truncation = fyne.TextTruncateEllipsis
	where2 := widget.NewLabel(sub)
	where2.Wrapping = fyne.TextWrapWord
	return widget.NewCard("", "", container.NewVBox(name, where2, info, actions))
}

// askRename asks for a new name.
func (u *App) askRename(c tracker.Campaign) {
	e := widget.NewEntry()
	e.SetText(c.Name)
	e.Validator = func(s string) error { _, err := tracker.CheckName(s); return err }
	dialog.ShowForm("Rename “"+c.Name+"”", "Rename", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", e)}, func(ok bool) {
		if ok {
			u.renameCampaign(c.ID, e.Text)
		}
	}, u.Window)
}

func (u *App) renameCampaign(id, name string) {
	if err := u.DB.Rename(id, name); err != nil {
		u.showHome()
		u.notice("Not renamed: " + err.Error())
		return
	}
	u.showHome()
	u.notice("Renamed to “" + name + "”.")
}

func (u *App) askDuplicate(c tracker.Campaign) {
	e := widget.NewEntry()
	e.SetText(c.Name + " (copy)")
	e.Validator = func(s string) error { _, err := tracker.CheckName(s); return err }
	dialog.ShowForm("Duplicate “"+c.Name+"”", "Duplicate", "Cancel", []*widget.FormItem{widget.NewFormItem("Name of the copy", e)}, func(ok bool) {
		if ok {
			u.duplicateCampaign(c.ID, e.Text)
		}
	}, u.Window)
}

func (u *App) duplicateCampaign(id, name string) {
	c, err := u.DB.Duplicate(id, name)
	u.showHome()
	if err != nil {
		u.notice("Not duplicated: " + err.Error())
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
		u.notice("Not deleted: " + err.Error())
		return
	}
	u.notice(fmt.Sprintf("Deleted “%s”. A full export was kept at %s: import it (Data screen) to bring it back.", c.Name, path))
}

// showNewCampaign shows the form for a new campaign: the game, the name,
// and the game's own setup options, which change with the game.
func (u *App) showNewCampaign() {
	u.Window.SetTitle("Tablekeeper — new campaign")
	name := widget.NewEntry()
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
	game := widget.NewRadioGroup(titles, func(t string) {
		setupBox.Objects = nil
		setup = shell.Setup{}
		g, ok := byTitle[t]
		if !ok {
			setupBox.Refresh()
			return
		}
		setup = u.screensFor(g).Setup(u.Window)
		if len(setup.Items) > 0 {
			setupBox.Add(widget.NewForm(setup.Items...))
		} else {
			setupBox.Add(widget.NewLabel(g.Title() + " needs nothing more to start."))
		}
		setupBox.Refresh()
	})
	game.Required = true
	seed := widget.NewEntry()
	seed.SetPlaceHolder("blank: random")
	seed.Validator = func(s string) error { _, err := parseSeed(s); return err }
	msg := newNoticeLabel()
	say := func(s string) { msg.SetText(s); msg.Show() }
	create := iconButton("Create and open", theme.ConfirmIcon(), func() {
		g, ok := byTitle[game.Selected]
		if !ok {
			say("Choose the game first.")
			return
		}
		sd, err := parseSeed(seed.Text)
		if err != nil {
			say(capitalize(err.Error()) + ".")
			return
		}
		u.createCampaign(g, name.Text, sd, setup, say)
	})
	create.Importance = widget.HighImportance
	seedItem := widget.NewFormItem("Seed", seed)
	seedItem.HintText = "same seed, same draws"
	form := widget.NewForm(widget.NewFormItem("Game", game), widget.NewFormItem("Name", name), seedItem)
	top := container.NewHBox(iconButton("Back", theme.NavigateBackIcon(), u.showHome), heading("New campaign"))
	body := container.NewVBox(form, setupBox, msg, container.NewHBox(create, button("Cancel", u.showHome)))
	u.setScreen(container.NewBorder(container.NewPadded(top), nil, nil, nil, container.NewVScroll(container.NewPadded(body))))
}

// createCampaign makes the campaign, runs the game's setup commands as its
// first events and opens it. A mistake in the form makes nothing.
func (u *App) createCampaign(g tracker.GameID, name string, seed uint64, setup shell.Setup, say func(string)) {
	if _, err := tracker.CheckName(name); err != nil {
		say(capitalize(err.Error()) + ".")
		return
	}
	var cmds []tracker.Command
	if setup.Commands != nil {
		var err error
		if cmds, err = setup.Commands(); err != nil {
			say("Setup: " + err.Error())
			return
		}
	}
	c, err := u.DB.NewCampaign(g, name, seed)
	if err != nil {
		say("Not created: " + err.Error())
		return
	}
	if len(cmds) > 0 {
		s, err := u.DB.OpenSession(c.ID)
		if err != nil {
			say("Created, but it cannot be opened: " + err.Error())
			return
		}
		for i, cmd := range cmds {
			if _, err := s.Do(cmd); err != nil {
				u.openCampaign(c.ID)
				if u.camp != nil {
					u.camp.message(fmt.Sprintf("Setup step %d was refused: %v. The campaign is open; set it by hand.", i+1, err), true)
				}
				return
			}
		}
	}
	u.openCampaign(c.ID)
}

// parseSeed reads the optional seed of a new campaign: blank for a random
// one, else a whole number from 1 up.
func parseSeed(s string) (uint64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n == 0 {
		return 0, fmt.Errorf("the seed must be a whole number from 1 to %d, or blank for a random one", uint64(math.MaxUint64))
	}
	return n, nil
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
