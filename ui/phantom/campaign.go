package phantom

import (
	"encoding/json"
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// A CampaignScreen is the campaign between missions and everything the
// group enters once: Missions (setup of the next mission), Characters
// (sheets, SP purchases, shop, attachments), the campaign Sheet (fame,
// vanished technology, upgrade board, expeditions), Content (the cards,
// boards and dice printed on the components), Maps (the map editor) and
// Settings (the spec's ambiguous readings).
type CampaignScreen struct {
	ctx    *shell.Context
	Editor *Editor
	Tabs   *container.AppTabs

	missions, chars, sheet, content, settings *fyne.Container
	// Setup form and the content forms (exported for tests).
	Setup *SetupForm
	Entry *Entry
	// ContentOffer is the content file dialog shown and ContentConfirm
	// its Add or Update button (for tests).
	ContentOffer   *widgets.Dialog
	ContentConfirm *widget.Button
	practiceNote   *widget.Label
	// expedition is the Sheet tab's expedition options.
	expedition *expeditionOptions
	// LibraryDialog is the device's content sets dialog, when shown.
	LibraryDialog *widgets.Dialog
	libraryBt     *widget.Button
	// Readings are the Settings tab's choices.
	Readings ReadingChecks
	// NewCharacter is the Characters tab's form for a new character.
	NewCharacter *CharacterForm
	obj          fyne.CanvasObject
}

// NewCampaignScreen builds the screen and keeps it up to date.
func NewCampaignScreen(ctx *shell.Context) *CampaignScreen {
	c := &CampaignScreen{ctx: ctx, Editor: NewEditor(ctx.Window), Entry: NewEntry(ctx)}
	c.Editor.Save = func(id string, data []byte) bool {
		_, ok := ctx.Do(tp.SaveContent{Kind: tp.KindMap, ID: id, Data: data})
		return ok
	}
	c.Editor.Saved = func() map[string]json.RawMessage { return state(ctx).Content.Maps }
	c.Editor.Adversaries = func() []string { return placeable(state(ctx)) }
	c.missions, c.chars, c.sheet, c.content, c.settings = container.NewVBox(), container.NewVBox(), container.NewVBox(), container.NewVBox(), container.NewVBox()
	c.Setup = newSetupForm(ctx, c.Entry)
	c.Tabs = container.NewAppTabs(
		container.NewTabItem("Missions", container.NewVScroll(container.NewVBox(c.Setup.obj, c.missions))),
		container.NewTabItem("Characters", container.NewVScroll(c.chars)),
		container.NewTabItem("Sheet", container.NewVScroll(c.sheet)),
		container.NewTabItem("Content", container.NewVScroll(container.NewVBox(c.contentForm(), c.content))),
		// On a landscape tablet at the largest text the editor's tools and
		// map need a little more height than the tab has: the whole tab
		// scrolls then, rather than the window growing past the screen.
		container.NewTabItem("Maps", container.NewVScroll(c.Editor.Object())),
		container.NewTabItem("Settings", container.NewVScroll(c.settings)),
		container.NewTabItem("Story", container.NewVScroll(container.NewPadded(ctx.Story()))),
	)
	c.obj = c.Tabs
	ctx.OnChange(func(tracker.Event) { c.Refresh() })
	c.Refresh()
	return c
}

// Object is the screen.
func (c *CampaignScreen) Object() fyne.CanvasObject { return c.obj }

// Refresh re-reads the campaign.
func (c *CampaignScreen) Refresh() {
	s := state(c.ctx)
	c.Setup.refresh(s)
	c.showMissions(s)
	c.showCharacters(s)
	c.showSheet(s)
	c.showContent(s)
	c.showSettings(s)
}

func bold(s string) *widget.Label {
	l := widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Wrapping = fyne.TextWrapWord
	return l
}

func wrap(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

func (c *CampaignScreen) showMissions(s *tp.State) {
	c.missions.Objects = nil
	defer c.missions.Refresh()
	c.missions.Add(bold("Campaign sheet: missions"))
	ids := map[string]bool{}
	for id := range s.Sheet.Missions {
		ids[id] = true
	}
	for id := range s.Content.Missions {
		ids[id] = true
	}
	var list []string
	for id := range ids {
		list = append(list, id)
	}
	sort.Strings(list)
	for _, id := range list {
		mk := s.Sheet.Missions[id]
		st := "locked"
		if mk != nil && mk.Available {
			st = "available"
		}
		if mk != nil && mk.Completed != "" {
			st = "completed " + mk.Completed
		}
		if _, ok := s.Content.Missions[id]; !ok {
			st += " · not entered yet (Content tab)"
		}
		id := id
		c.missions.Add(container.NewBorder(nil, nil, nil, cmdButton(c.ctx, "Mark available", func() tracker.Command {
			done := ""
			if mk := s.Sheet.Missions[id]; mk != nil {
				done = mk.Completed
			}
			return tp.MarkMission{Mission: id, Available: true, Completed: done}
		}), wrap(id+": "+st)))
	}
}

// placeable are the adversary types and bosses entered, by name, for a
// map's placement icons.
func placeable(s *tp.State) []string {
	set := map[string]bool{}
	for _, a := range s.Content.Adversaries {
		set[a.Name] = true
	}
	for b := range s.Content.Bosses {
		set[b] = true
	}
	return setList(set)
}

// openMapDialog draws a new map in a dialog, for a form that needs one (a
// mission's map), and goes back to that form with the map once saved.
func (en *Entry) openMapDialog(name string, onSaved func(id string)) {
	ctx := en.ctx
	ed := NewEditor(ctx.Window)
	ed.ID.SetText(name)
	ed.Save = func(id string, data []byte) bool {
		_, ok := ctx.Do(tp.SaveContent{Kind: tp.KindMap, ID: id, Data: data})
		return ok
	}
	ed.Saved = func() map[string]json.RawMessage { return state(ctx).Content.Maps }
	ed.Adversaries = func() []string { return placeable(state(ctx)) }
	ed.refresh()
	d := newDialog(ctx.Window, "Draw a map", fillWindow(ctx.Window, ed.Object()), "Close", nil)
	d.OnClosed(func() { en.MapDialog = nil })
	// Save among the dialog's buttons, always in view, not down the
	// editor's panel.
	ed.SaveButton.Hide()
	ed.SaveButton = addAction(d, "Save to the campaign", theme.DocumentSaveIcon(), ed.SaveToCampaign)
	ed.OnSaved = func(id string) {
		d.Hide()
		onSaved(id)
	}
	en.MapDialog = ed
	d.Show()
}
