package phantom

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	"tablekeeper/ui/widgets"
)

// What a tap on the map does.
const (
	ToolSelect         = "Select a space"
	ToolSpaces         = "Add or remove spaces"
	ToolWalls          = "Walls (tap an edge)"
	ToolEntry          = "Entry point"
	ToolDifficult      = "Difficult terrain"
	ToolFire           = "Fire"
	ToolPoison         = "Poison"
	ToolTrap           = "Trap"
	ToolDestructible   = "Destructible object"
	ToolIndestructible = "Indestructible object"
	ToolLava           = "Lava gap"
	ToolWater          = "Water gap"
	ToolDoor           = "Closed door"
	ToolAdversary      = "Adversary placed here"
	ToolClear          = "Clear a space"
)

// Tools are the editor's tools, in the order the panel shows them.
var Tools = []string{ToolSelect, ToolSpaces, ToolWalls, ToolEntry, ToolDifficult, ToolFire, ToolPoison, ToolTrap,
	ToolDestructible, ToolIndestructible, ToolLava, ToolWater, ToolDoor, ToolAdversary, ToolClear}

// placeCounts are a placement icon's character counts (§10.2).
var placeCounts = []string{"any number of characters", "2 characters", "3 characters", "4 characters", "3 or 4 characters", "2 or 3 characters"}

func countOf(words string) string {
	switch words {
	case "2 characters":
		return "2"
	case "3 characters":
		return "3"
	case "4 characters":
		return "4"
	case "3 or 4 characters":
		return "3-4"
	case "2 or 3 characters":
		return "2-3"
	}
	return ""
}

func countWords(c string) string {
	for _, w := range placeCounts {
		if countOf(w) == c {
			return w
		}
	}
	return c + " characters"
}

// SetTool chooses what a tap on the map does.
func (e *Editor) SetTool(t string) {
	e.Tool = t
	e.View.EdgeMode = t == ToolWalls
	if e.ToolPicker.Selected != t {
		e.ToolPicker.SetSelected(t)
	}
	if t == ToolAdversary {
		e.placeBox.Show()
		e.Status.SetText("Name the adversary or boss its icon places (above the map), then tap the spaces the icon is printed on.")
	} else {
		e.placeBox.Hide()
	}
}

// paint puts the tool's feature on a space, or takes it off if it is
// there. An object, a closed door and a gap exclude each other (V-02), so
// painting one clears the others.
func (e *Editor) paint(sp *hex.Space) {
	clearBlockers := func() {
		sp.Object, sp.ObjectState, sp.Door = "", "", ""
		if sp.Terrain == hex.Gap {
			sp.Terrain, sp.GapKind = "", ""
		}
	}
	hazard := func(h hex.Hazard) {
		if sp.Hazard == h {
			sp.Hazard, sp.HazardSource = "", ""
			return
		}
		sp.Hazard, sp.HazardSource = h, ""
	}
	switch e.Tool {
	case ToolEntry:
		sp.EntryPoint = !sp.EntryPoint
	case ToolDifficult:
		if sp.Terrain == hex.Difficult {
			sp.Terrain = ""
		} else {
			sp.Terrain, sp.GapKind = hex.Difficult, ""
		}
	case ToolFire:
		hazard(hex.Fire)
	case ToolPoison:
		hazard(hex.Poison)
	case ToolTrap:
		hazard(hex.Trap)
	case ToolDestructible, ToolIndestructible:
		kind := hex.Destructible
		if e.Tool == ToolIndestructible {
			kind = hex.Indestructible
		}
		if sp.Object == kind {
			sp.Object, sp.ObjectState = "", ""
			return
		}
		clearBlockers()
		sp.Object = kind
	case ToolLava, ToolWater:
		kind := hex.Lava
		if e.Tool == ToolWater {
			kind = hex.Water
		}
		if sp.Terrain == hex.Gap && sp.GapKind == kind {
			sp.Terrain, sp.GapKind = "", ""
			return
		}
		clearBlockers()
		sp.Terrain, sp.GapKind = hex.Gap, kind
	case ToolDoor:
		if sp.Door == hex.ClosedDoor {
			sp.Door = ""
			return
		}
		clearBlockers()
		sp.Door = hex.ClosedDoor
	case ToolAdversary:
		who := strings.TrimSpace(e.PlaceAdversary.Text)
		if who == "" {
			e.Status.SetText("Name (or choose) the adversary the icon places, above the map.")
			return
		}
		icon := hex.PlacementIcon{Adversary: who, Characters: countOf(e.PlaceCount.Selected)}
		if k := slices.Index(sp.PlacementIcons, icon); k >= 0 {
			sp.PlacementIcons = slices.Delete(sp.PlacementIcons, k, k+1)
			return
		}
		sp.PlacementIcons = append(sp.PlacementIcons, icon)
	case ToolClear:
		*sp = hex.Space{Label: sp.Label, Coord: sp.Coord}
	}
}

func (e *Editor) build() {
	e.loading = true
	defer func() { e.loading = false }()
	e.Status = widget.NewLabel("")
	e.Status.Wrapping = fyne.TextWrapWord
	e.Selected = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	e.Selected.Wrapping = fyne.TextWrapWord

	// The map's own fields.
	e.ID = newNameEntry("", "the map's name, e.g. its mission's", nil)
	e.Title = newNameEntry("", "its title (optional)", nil)
	e.Difficulty = NewNum(1, 9, 1, func(int) { e.refresh() })
	e.Planet = newPicker([]string{noPlanet, "Berkav", "Thespara", "Orbos"}, noPlanet, "", func(string) { e.refresh() })
	e.Orientation = newPicker([]string{pointyTop, flatTop}, pointyTop, "", func(string) { e.refresh() })

	// A block of spaces at once.
	e.Cols = NewNum(1, 20, 5, nil)
	e.Rows = NewNum(1, 20, 4, nil)
	e.BlockButton = widget.NewButtonWithIcon("Lay out this block", theme.GridIcon(), func() {
		if len(e.layout.Spaces) > 0 {
			confirm(e.win, "Start again", fmt.Sprintf("Replace the %s drawn with a block of %d × %d?", plural(len(e.layout.Spaces), "space"), e.Cols.Value, e.Rows.Value), "Replace them", func() {
				e.Block(e.Cols.Value, e.Rows.Value)
			})
			return
		}
		e.Block(e.Cols.Value, e.Rows.Value)
	})

	// The tools: what a tap on the map does.
	e.ToolPicker = newPicker(Tools, ToolSelect, "", func(t string) { e.SetTool(t) })
	e.PlaceAdversary = newSuggestEntry("", "which adversary or boss (as its card names it)", nil, nil)
	e.PlaceCount = newPicker(placeCounts, placeCounts[0], "", nil)
	e.placeBox = container.NewVBox(widgets.NewFlow(e.PlaceAdversary, e.PlaceCount))
	e.placeBox.Hide()

	// The selected space's details.
	e.Label = newNameEntry("", "as the map prints it", func(s string) {
		e.edit(func(sp *hex.Space) { sp.Label = s })
	})
	sel := func(opts []string, set func(sp *hex.Space, v string)) *widget.Select {
		return newPicker(opts, "", "", func(v string) { e.edit(func(sp *hex.Space) { set(sp, v) }) })
	}
	e.Terrain = sel([]string{"normal", "difficult", "gap"}, func(sp *hex.Space, v string) {
		sp.Terrain = hex.Terrain(noneEmpty(v, "normal"))
		if sp.Terrain == hex.Gap && sp.GapKind == "" {
			sp.GapKind = hex.Lava
		}
		if sp.Terrain != hex.Gap {
			sp.GapKind = ""
		}
	})
	e.GapKind = sel([]string{"lava", "water", "other"}, func(sp *hex.Space, v string) {
		if sp.Terrain == hex.Gap {
			sp.GapKind = hex.GapKind(v)
		}
	})
	e.Hazard = sel([]string{"none", "fire", "poison", "trap"}, func(sp *hex.Space, v string) { sp.Hazard = hex.Hazard(noneEmpty(v, "none")) })
	e.HazardSource = sel([]string{"printed", "token"}, func(sp *hex.Space, v string) { sp.HazardSource = hex.HazardSource(noneEmpty(v, "printed")) })
	e.ObjectKind = sel([]string{"none", "destructible", "indestructible"}, func(sp *hex.Space, v string) {
		sp.Object = hex.Object(noneEmpty(v, "none"))
		if sp.Object != hex.Destructible {
			sp.ObjectState = ""
		}
	})
	e.ObjectState = sel([]string{"intact", "damaged", "destroyed"}, func(sp *hex.Space, v string) { sp.ObjectState = hex.ObjectState(noneEmpty(v, "intact")) })
	e.Door = sel([]string{"none", "closed", "open"}, func(sp *hex.Space, v string) { sp.Door = hex.Door(noneEmpty(v, "none")) })
	e.Entry = widget.NewCheck("Entry point (a character may start here)", func(b bool) { e.edit(func(sp *hex.Space) { sp.EntryPoint = b }) })
	e.Orb = sel([]string{"none", "campaign", "mission"}, func(sp *hex.Space, v string) {
		was := sp.Orb.Kind
		sp.Orb.Kind = hex.TokenKind(noneEmpty(v, "none"))
		if was == "" && sp.Orb.Kind != "" {
			sp.Orb.Active = true
		}
		if sp.Orb.Kind == "" {
			sp.Orb = hex.Orb{}
		}
	})
	e.OrbNumber = NewNum(0, 99, 0, func(n int) { e.edit(func(sp *hex.Space) { sp.Orb.Number = n }) })
	e.OrbActive = widget.NewCheck("active", func(b bool) { e.edit(func(sp *hex.Space) { sp.Orb.Active = b }) })
	e.Treasure = sel([]string{"none", "campaign", "mission"}, func(sp *hex.Space, v string) {
		was := sp.Treasure.Kind
		sp.Treasure.Kind = hex.TokenKind(noneEmpty(v, "none"))
		if was == "" && sp.Treasure.Kind != "" {
			sp.Treasure.Present = true
		}
		if sp.Treasure.Kind == "" {
			sp.Treasure = hex.Treasure{}
		}
	})
	e.TreasureNumber = NewNum(0, 99, 0, func(n int) { e.edit(func(sp *hex.Space) { sp.Treasure.Number = n }) })
	e.TreasurePresent = widget.NewCheck("on the map", func(b bool) { e.edit(func(sp *hex.Space) { sp.Treasure.Present = b }) })
	e.Nova = NewNum(0, 20, 0, func(n int) { e.edit(func(sp *hex.Space) { sp.NovaCells = n }) })
	e.IconAdversary = newPicker(nil, "", "which adversary or boss", nil)
	e.IconCount = newPicker(placeCounts, placeCounts[0], "", nil)
	addIcon := widget.NewButtonWithIcon("Add this placement icon", theme.ContentAddIcon(), func() {
		name := e.IconAdversary.Selected
		if name == "" {
			e.Status.SetText("Choose the adversary or boss the icon places.")
			return
		}
		e.edit(func(sp *hex.Space) {
			sp.PlacementIcons = append(sp.PlacementIcons, hex.PlacementIcon{Adversary: name, Characters: countOf(e.IconCount.Selected)})
		})
	})
	e.Icons = container.NewVBox()
	e.RemoveButton = widget.NewButtonWithIcon("Remove this space", theme.DeleteIcon(), e.RemoveSelected)
	e.RemoveButton.Importance = widget.DangerImportance

	field := func(name string, obj fyne.CanvasObject) fyne.CanvasObject {
		return container.NewVBox(widget.NewLabelWithStyle(name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), obj)
	}
	e.palette = container.NewVBox(
		field("Label", e.Label),
		field("Terrain", container.NewGridWithColumns(2, e.Terrain, e.GapKind)),
		field("Hazard", container.NewGridWithColumns(2, e.Hazard, e.HazardSource)),
		field("Object", container.NewGridWithColumns(2, e.ObjectKind, e.ObjectState)),
		field("Door", e.Door),
		touchCheck(e.Entry),
		field("Orb", container.NewVBox(e.Orb, container.NewHBox(widget.NewLabel("number"), e.OrbNumber, e.OrbActive))),
		field("Treasure", container.NewVBox(e.Treasure, container.NewHBox(widget.NewLabel("number"), e.TreasureNumber, e.TreasurePresent))),
		field("Nova cells", container.NewHBox(e.Nova)),
		field("Adversaries placed here", container.NewVBox(e.Icons, e.IconAdversary, e.IconCount, addIcon)),
		e.RemoveButton,
	)

	e.SaveButton = widget.NewButtonWithIcon("Save to the campaign", theme.DocumentSaveIcon(), e.SaveToCampaign)
	e.SaveButton.Importance = widget.HighImportance
	e.ImportButton = widget.NewButtonWithIcon("Open a map file…", theme.FolderOpenIcon(), e.importFile)
	e.ExportBt = widget.NewButtonWithIcon("Save as a map file…", theme.DocumentSaveIcon(), e.exportFile)
	newBt := widget.NewButtonWithIcon("New map", theme.ContentAddIcon(), func() { e.Load("", hex.Layout{}) })
	openBt := widget.NewButtonWithIcon("Open a saved map…", theme.FolderOpenIcon(), e.openSaved)
	zoomIn := widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { e.View.Zoom(1.25) })
	zoomOut := widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { e.View.Zoom(0.8) })
	var mapScroll *container.Scroll
	fit := widget.NewButtonWithIcon("Whole map", theme.ViewFullScreenIcon(), func() { e.View.FitTo(mapScroll.Size()) })

	// A new map starts with its block of spaces: first in the panel, in
	// view as the editor opens.
	side := container.NewVScroll(container.NewVBox(
		field("The map's name", e.ID),
		bold("A block of spaces"),
		container.NewHBox(e.Cols, widget.NewLabel("across ×"), e.Rows, widget.NewLabel("down")),
		e.BlockButton,
		widget.NewSeparator(),
		bold("Map"),
		field("Title", e.Title),
		widgets.NewFlow(field("Planet", e.Planet), field("Difficulty", e.Difficulty)),
		field("Hexes", e.Orientation),
		widgets.NewFlow(newBt, openBt, e.ImportButton, e.ExportBt),
		e.SaveButton,
		widget.NewSeparator(),
		e.Selected,
		e.palette,
	))
	tapTo := widget.NewLabelWithStyle("A tap on the map:", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	// The placement tool's fields keep their room when hidden: choosing
	// a tool never moves the map under the finger (issue 22 item 4).
	top := container.NewVBox(container.NewBorder(nil, nil, tapTo, nil, e.ToolPicker),
		container.NewHBox(widgets.Touch(zoomOut), widgets.Touch(zoomIn), fit), reserve(e.placeBox))
	mapScroll = container.NewScroll(e.View)
	mapArea := container.NewBorder(top, linesHigh(2, container.NewVScroll(e.Status)), nil, nil,
		afterLayout(mapScroll, func() { e.View.AutoFit(mapScroll.Size()) }))
	e.obj = adaptive(mapArea, side)
	e.SetTool(ToolSelect)
}

// showSelection loads the selected space's details into the panel, and
// the adversaries entered into the placement pickers.
func (e *Editor) showSelection() {
	if e.Adversaries != nil {
		opts := e.Adversaries()
		e.PlaceAdversary.SetOptions(opts)
		e.IconAdversary.Options = opts
		e.IconAdversary.Refresh()
	}
	sp := e.selected()
	if sp == nil {
		e.Selected.SetText("No space selected: choose Select a space and tap one on the map.")
		e.palette.Hide()
		return
	}
	e.palette.Show()
	e.loading = true
	defer func() { e.loading = false }()
	e.Selected.SetText(fmt.Sprintf("Space %s", sp.Label))
	if e.Label.Text != sp.Label {
		e.Label.SetText(sp.Label)
	}
	e.Terrain.SetSelected(orDefault(string(sp.Terrain), "normal"))
	e.GapKind.SetSelected(string(sp.GapKind))
	e.Hazard.SetSelected(orDefault(string(sp.Hazard), "none"))
	e.HazardSource.SetSelected(orDefault(string(sp.HazardSource), "printed"))
	e.ObjectKind.SetSelected(orDefault(string(sp.Object), "none"))
	e.ObjectState.SetSelected(orDefault(string(sp.ObjectState), "intact"))
	e.Door.SetSelected(orDefault(string(sp.Door), "none"))
	e.Entry.SetChecked(sp.EntryPoint)
	e.Orb.SetSelected(orDefault(string(sp.Orb.Kind), "none"))
	e.OrbNumber.SetValue(sp.Orb.Number)
	e.OrbActive.SetChecked(sp.Orb.Active)
	e.Treasure.SetSelected(orDefault(string(sp.Treasure.Kind), "none"))
	e.TreasureNumber.SetValue(sp.Treasure.Number)
	e.TreasurePresent.SetChecked(sp.Treasure.Present)
	e.Nova.SetValue(sp.NovaCells)
	e.Icons.Objects = nil
	for k, p := range sp.PlacementIcons {
		k := k
		txt := p.Adversary
		if p.Characters != "" {
			txt += ", with " + countWords(p.Characters)
		}
		e.Icons.Add(container.NewBorder(nil, nil, nil, widgets.Touch(widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			if s := e.selected(); s != nil && k < len(s.PlacementIcons) {
				s.PlacementIcons = append(s.PlacementIcons[:k:k], s.PlacementIcons[k+1:]...)
				e.refresh()
			}
		})), wrap(txt)))
	}
	e.Icons.Refresh()
}
