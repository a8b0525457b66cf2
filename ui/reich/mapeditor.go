package reich

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	"tablekeeper/ui/widgets"
)

// The map editor: a mission's map drawn by tapping squares of a grid, as
// it lies on the table. Rooms are drawn corner to corner, areas added or
// widened square by square, the sides between areas tapped for walls and
// doors, and each area's marks (entrance, exit, guard point, barracks,
// room feature, spawn tokens) set beside the drawing. What the enemy
// rules need follows from the drawing: which areas are joined, and the
// straight lines of sight.

// Map editor tools.
const (
	toolRooms = "Rooms"
	toolAreas = "Areas"
	toolWiden = "Widen"
	toolSides = "Walls & doors"
	toolToken = "Tokens"
	toolErase = "Erase"
)

var mapTools = []string{toolRooms, toolAreas, toolWiden, toolSides, toolToken, toolErase}

func toolHint(tool, room string) string {
	switch tool {
	case toolRooms:
		return "Tap two opposite corners: a new room fills the squares between, one area a square. Tap an area to see it."
	case toolAreas:
		return "Tap an empty square: a new area in " + room + ". Tap an area to see it."
	case toolWiden:
		return "Tap a square beside the chosen area to make it bigger, or one of its squares to take it off."
	case toolSides:
		return "Tap near the side between two areas: inside a room, open or a wall; between rooms, a wall, then a closed, a locked and an open door."
	case toolToken:
		return "Tap an area to put a face-down spawn token there; give its icons beside the map if they show."
	case toolErase:
		return "Tap a square to take it off the map."
	}
	return ""
}

// mapEditor is the editor open on a map.
type mapEditor struct {
	k     *kit
	Model *mapModel
	Grid  *mapGrid
	Tool  *choiceField
	hint  *widget.Label
	// Note says what the last tap did, or what is wrong with it.
	Note    *widget.Label
	summary *widget.Label
	details *fyne.Container
	dlg     *widgets.Dialog
	done    func(content.Map)
	// body is the editor's content, for the fit tests.
	body      fyne.CanvasObject
	mapScroll *container.Scroll
	layout    *mapSplit
}

// MapEditor opens the editor on m; done gets the drawn map when the
// players tap Done (nothing is saved until the mission is).
func (k *kit) MapEditor(m content.Map, done func(content.Map)) *mapEditor {
	e := &mapEditor{k: k, Model: newMapModel(m), done: done}
	e.Grid = newMapGrid(nil)
	e.Grid.Margin = 2
	e.Grid.OnTap = e.tap
	e.hint = wrapped("")
	e.hint.Importance = widget.LowImportance
	e.Note = wrapped("")
	e.summary = wrapped("")
	e.details = container.NewVBox()
	e.Tool = newChoiceField(mapTools, func(s string) string { return s }, toolRooms, func(string) { e.refresh() })
	if len(m.Areas) > 0 {
		e.Tool.Pick(toolAreas)
	}
	e.Tool.SetSteady()
	// What the last tap did, then what it chose (an area's marks and
	// tokens, a door), then the tool's hint and the map's summary: what a
	// tap asks for next shows first.
	panel := container.NewVScroll(container.NewVBox(e.Note, e.details, widget.NewSeparator(), e.hint, e.summary))
	e.mapScroll = container.NewScroll(e.Grid)
	// The tools on top, steady; the map and the panel below them, by the
	// space there is (mapSplit). The squares' side is set once, from the
	// room the map has: about 8 squares across, never less than a finger's
	// width or than the words in them need, never more than two fingers'.
	e.layout = &mapSplit{Wide: 0.6, Tall: 0.55, Laid: func(m fyne.Size) {
		if e.Grid.Side == 0 && m.Width >= 200 && m.Height >= 200 {
			fit := float32(math.Floor(float64(min(m.Width/8.5, m.Height/6))))
			e.Grid.Side = max(widgets.MinTouch, readableSide(), min(fit, 2*widgets.MinTouch))
			e.Grid.Refresh()
		}
	}}
	// The drawing takes most of the window: the dialog is as big as its
	// content asks, and a scrolling map asks for little by itself.
	win := k.window().Canvas().Size()
	room := fyne.NewSize(max(300, win.Width*0.9), max(300, win.Height*0.9-3*widgets.MinTouch))
	e.body = widgets.AtLeast(room, container.NewBorder(e.Tool, nil, nil, nil, container.New(e.layout, e.mapScroll, panel)))
	e.refresh()
	e.dlg = widgets.NewDialog("Draw the map", e.body, k.window())
	e.dlg.SetDismiss("Cancel", nil)
	ok := e.dlg.AddButton("Done", theme.ConfirmIcon(), func() { e.Done() })
	ok.Importance = widget.HighImportance
	e.dlg.Show()
	k.LastMap = e
	return e
}

func (e *mapEditor) close() { e.dlg.Hide() }

// Done hands the drawn map back and closes the editor.
func (e *mapEditor) Done() {
	m := e.Model.Map()
	e.close()
	if e.done != nil {
		e.done(m)
	}
}

// say shows what a tap did (or why it did nothing).
func (e *mapEditor) say(text string, err error) {
	e.Note.Importance = widget.MediumImportance
	switch {
	case err != nil:
		e.Note.SetText(capital(err.Error()))
		e.Note.Importance = widget.DangerImportance
	default:
		e.Note.SetText(text)
	}
	if e.Note.Text == "" {
		e.Note.Hide()
	} else {
		e.Note.Show()
	}
	e.Note.Refresh()
}

func (e *mapEditor) tap(c content.Cell, s content.Side, middle bool) {
	mm := e.Model
	var err error
	text := ""
	switch e.Tool.Value() {
	case toolRooms:
		var made bool
		made, err = mm.Corner(c)
		switch {
		case made:
			text = "A new room: " + mm.Room + "."
		case mm.Corner1() != nil:
			text = "Now tap the opposite corner (the same square for a one-area room)."
		}
	case toolAreas:
		err = mm.NewArea(c)
	case toolWiden:
		err = mm.Widen(c)
	case toolSides:
		if middle && mm.owner(c) != "" {
			mm.Select(mm.owner(c))
			break
		}
		text, err = mm.Side(c, s)
		if err == nil {
			text = "That side is now " + text + "."
		}
	case toolToken:
		if id := mm.owner(c); id != "" {
			mm.Select(id)
			text = "Spawn token " + mm.AddToken(id) + " in " + id + ", face down."
		}
	case toolErase:
		err = mm.Erase(c)
	}
	e.say(text, err)
	e.refresh()
}

func (e *mapEditor) refresh() {
	mm := e.Model
	m := mm.Map()
	e.Grid.Map = &m
	// The drawing only ever gains squares (at the right and the bottom):
	// what is drawn stays where it is.
	_, _, cols, rows := e.Grid.span()
	e.Grid.Cols, e.Grid.Rows = cols, rows
	e.Grid.Selected, e.Grid.Door, e.Grid.Corner = mm.Selected, mm.Door, mm.Corner1()
	e.Grid.Refresh()
	room := mm.Room
	if room == "" {
		room = "a new room"
	}
	e.hint.SetText(toolHint(e.Tool.Value(), room))
	e.summary.SetText(mapSummary(m) + mapStill(m, e.k.barracksLetters()))
	e.details.Objects = nil
	switch {
	case mm.Door != "":
		e.details.Add(e.doorDetails(mm.Door))
	case mm.Selected != "" && mm.area(mm.Selected) != nil:
		e.details.Add(e.areaDetails(mm.Selected))
	default:
		e.details.Add(wrapped("Tap an area to set its room, marks and spawn tokens."))
	}
	e.details.Refresh()
}

// barracksLetters are the barracks the noise cards after the alarm name.
func (k *kit) barracksLetters() []string {
	var out []string
	for _, n := range k.state().Library.NoiseCards {
		for _, ef := range append(slices.Clone(n.Top), n.Bottom...) {
			if ef.Kind == content.EffSpawnBarracks && !slices.Contains(out, ef.Letter) {
				out = append(out, ef.Letter)
			}
		}
	}
	slices.Sort(out)
	return out
}

// mapSummary counts what the map holds, in words.
func mapSummary(m content.Map) string {
	rooms := map[string]bool{}
	for _, a := range m.Areas {
		rooms[a.Room] = true
	}
	s := fmt.Sprintf("%d area%s in %d room%s · %d door%s · %d spawn token%s", len(m.Areas), plural(len(m.Areas)),
		len(rooms), plural(len(rooms)), len(m.Doors), plural(len(m.Doors)), len(m.SpawnTokens), plural(len(m.SpawnTokens)))
	if len(m.Entrances) > 0 {
		s += " · entrance " + strings.Join(m.Entrances, ", ")
	}
	var bs []string
	for _, b := range m.Barracks {
		bs = append(bs, b.Letter+" → "+b.Target)
	}
	if len(bs) > 0 {
		s += " · barracks " + strings.Join(bs, ", ")
	}
	return s
}

// mapStill says what a mission's map still lacks for the rules: an
// entrance, the barracks the noise cards name, any spawn token.
func mapStill(m content.Map, letters []string) string {
	var need []string
	if len(m.Areas) == 0 {
		return "\nStill to draw: the areas (choose Rooms and tap two corners)."
	}
	if len(m.Entrances) == 0 {
		need = append(need, "an entrance (the heroes start there)")
	}
	for _, l := range letters {
		if !slices.ContainsFunc(m.Barracks, func(b content.Barracks) bool { return b.Letter == l }) {
			need = append(need, "barracks "+l+" (a noise card after the alarm spawns there)")
		}
	}
	if len(m.SpawnTokens) == 0 {
		need = append(need, "the spawn tokens set out at the start")
	}
	if len(need) == 0 {
		return ""
	}
	return "\nStill to mark: " + strings.Join(need, "; ") + "."
}

// areaDetails are what an area holds and how it is named, what is set
// most often first (the marks and spawn tokens from the printed map), so
// they show without scrolling; its name and room after.
func (e *mapEditor) areaDetails(id string) fyne.CanvasObject {
	mm := e.Model
	a := mm.area(id)
	box := container.NewVBox(heading(fmt.Sprintf("Area %s, in %s", a.ID, a.Room)))
	for _, mk := range []struct{ key, words string }{{"entrance", "Entrance (heroes start here)"}, {"exit", "Exit"}, {"guard", "Guard point"}} {
		mk := mk
		ch := widget.NewCheck(mk.words, func(on bool) { mm.Mark(id, mk.key, on); e.refresh() })
		ch.Checked = mm.Marked(id, mk.key)
		box.Add(widgets.WrapCheck(ch))
	}
	for _, t := range mm.TokensIn(id) {
		t := t
		icons := newIconsField(t.Icons, "face down", nil)
		icons.OnChanged = func() { mm.SetTokenIcons(t.ID, icons.Icons); e.refresh() }
		rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { mm.RemoveToken(t.ID); e.refresh() })
		box.Add(widget.NewCard("", "", container.NewBorder(widget.NewLabel("Spawn token "+t.ID), nil, nil, widgets.Touch(rm), icons)))
	}
	box.Add(widgets.Touch(button("Add a spawn token here", theme.ContentAddIcon(), func() { mm.AddToken(id); e.refresh() })))
	barracks := newChoiceField([]string{"", "A", "B", "C"}, func(v string) string {
		if v == "" {
			return "none"
		}
		return v
	}, mm.BarracksAt(id), func(v string) { mm.SetBarracks(id, v); e.refresh() })
	box.Add(widget.NewLabel("Barracks arrow pointing here"))
	box.Add(barracks)
	feat := mm.FeatureIn(id)
	ftype := entry("its type, as on the map (optional)", "")
	if feat != nil {
		ftype.SetText(feat.Type)
	}
	fcheck := widget.NewCheck("A room feature card is dealt here", func(on bool) { mm.SetFeature(id, ftype.Text, on); e.refresh() })
	fcheck.Checked = feat != nil
	ftype.OnSubmitted = func(string) {
		if fcheck.Checked {
			mm.SetFeature(id, ftype.Text, true)
			e.refresh()
		}
	}
	box.Add(widgets.WrapCheck(fcheck))
	if feat != nil {
		box.Add(ftype)
	}
	box.Add(heading("Name and room"))
	name := entry("the area's name", a.ID)
	rename := button("Rename", nil, func() {
		e.say("", mm.Rename(id, name.Text))
		e.refresh()
	})
	box.Add(container.NewBorder(nil, nil, widget.NewLabel("Name"), widgets.Touch(rename), name))
	rooms := mm.Rooms()
	room := widget.NewSelect(rooms, nil)
	room.SetSelected(a.Room)
	room.OnChanged = func(r string) {
		if r != a.Room {
			mm.MoveToRoom(id, r)
			e.refresh()
		}
	}
	newRoom := button("New room", theme.ContentAddIcon(), func() {
		mm.MoveToRoom(id, mm.NewRoom())
		e.refresh()
	})
	box.Add(container.NewBorder(nil, nil, widget.NewLabel("Room"), widgets.Touch(newRoom), widgets.Touch(room)))
	roomName := entry("the room's name", a.Room)
	renameRoom := button("Rename the room", nil, func() {
		e.say("", mm.RenameRoom(a.Room, roomName.Text))
		e.refresh()
	})
	box.Add(container.NewBorder(nil, nil, nil, widgets.Touch(renameRoom), roomName))
	corr := widget.NewCheck("The room is a corridor", func(on bool) { mm.SetCorridor(a.Room, on); e.refresh() })
	corr.Checked = a.Corridor
	box.Add(widgets.WrapCheck(corr))
	return box
}

func (e *mapEditor) doorDetails(id string) fyne.CanvasObject {
	mm := e.Model
	d := mm.m.Door(id)
	var between []string
	for _, ed := range mm.m.Edges {
		if ed.Door == id {
			between = []string{ed.A, ed.B}
		}
	}
	box := container.NewVBox(heading(fmt.Sprintf("Door %s, between %s", id, strings.Join(between, " and "))))
	states := []string{string(content.Closed), string(content.Locked), string(content.Open)}
	box.Add(widget.NewLabel("At the start it is"))
	box.Add(newChoiceField(states, func(s string) string { return s }, string(d.State), func(v string) {
		d.State = content.DoorState(v)
		e.refresh()
	}))
	exit := widget.NewCheck("It is an exit", func(on bool) { d.Exit = on })
	exit.Checked = d.Exit
	box.Add(widgets.WrapCheck(exit))
	box.Add(widget.NewLabel("Noise dice to open it"))
	box.Add(newStepField(0, 6, d.NoiseDice, func(v int) { d.NoiseDice = v }))
	box.Add(widgets.Touch(button("Take the door off (a wall again)", theme.DeleteIcon(), func() {
		if len(between) == 2 {
			mm.removeEdge(content.PairKey(between[0], between[1]))
		}
		mm.Door = ""
		e.refresh()
	})))
	return box
}
