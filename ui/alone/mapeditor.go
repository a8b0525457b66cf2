package alone

import (
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// The ways two neighbouring Sectors can meet.
const (
	edgeWall    = "Wall"
	edgeOpen    = "Open"
	edgeDoor    = "Door"
	edgeBlocked = "Blocked Door"
)

var edgeKinds = []string{edgeWall, edgeOpen, edgeDoor, edgeBlocked}

// stairsColours are the Stairs colours a player taps ("None" takes them
// away).
var stairsColours = []string{"None", "Red", "Blue", "Green", "Yellow"}

// mapEditor draws a Map of two Levels by tapping on a grid: a tap on an
// empty square adds a Sector joined to its neighbours, a tap on a Sector
// chooses it; the chosen Sector's panel sets its kind and Room name, each
// side (wall, open, Door, Blocked Door), its Stairs, its LCU, a Mission
// token and the Hero's start. The Level is drawn as the Play tab draws it,
// and what still keeps the Map from being played is listed under it.
type mapEditor struct {
	obj fyne.CanvasObject

	name    *widgets.TextEntry
	hero    string
	secs    map[string]*alone.Sector
	level   int
	cols    int
	rows    int
	sel     string
	view    *LevelView
	levels  *chips
	colsS   *numStepper
	rowsS   *numStepper
	heroEye *widget.Check
	status  *widget.Label
	fs      *fieldSet

	// The chosen Sector's panel.
	panel     *fyne.Container
	selTitle  *widget.Label
	kind      *chips
	room      *widgets.TextEntry
	roomRow   fyne.CanvasObject
	edges     map[alone.Dir]*chips
	edgeRows  map[alone.Dir]fyne.CanvasObject
	stairs    *chips
	lcu       *widget.Check
	token     *widget.Check
	heroHere  *widget.Button
	remove    *widget.Button
	syncing   bool
	noneChose *widget.Label
}

func newMapEditor(l *ta.MapLayout) *mapEditor {
	e := &mapEditor{secs: map[string]*alone.Sector{}, level: 1, cols: 5, rows: 4, fs: newFieldSet()}
	e.name = entry("the scenario's or the map's name")
	if l != nil {
		e.name.SetText(l.Name)
		e.hero = l.Hero
		for i := range l.Sectors {
			s := l.Sectors[i]
			s.Exits = map[alone.Dir]alone.Link{}
			for d, x := range l.Sectors[i].Exits {
				s.Exits[d] = x
			}
			s.Tokens = append([]string(nil), l.Sectors[i].Tokens...)
			e.secs[s.ID] = &s
			if x, y, ok := ta.GridPos(s.ID); ok {
				e.cols, e.rows = max(e.cols, x+1), max(e.rows, y+1)
			}
		}
	}
	e.view = newLevelView("Level 1")
	e.view.Empty, e.view.Level = true, 1
	e.view.OnTap = e.tap
	e.levels = newChips([]string{"Level 1", "Level 2"}, func(s string) {
		e.level = map[string]int{"Level 1": 1, "Level 2": 2}[s]
		e.sel = ""
		e.refresh()
	})
	e.levels.SetSelected("Level 1")
	e.colsS = newNumStepper(1, 12, e.cols, func(n int) { e.cols = n; e.refresh() })
	e.colsS.Format = func(n int) string { return plural(n, "column", "columns") }
	e.colsS.sync()
	e.rowsS = newNumStepper(1, 12, e.rows, func(n int) { e.rows = n; e.refresh() })
	e.rowsS.Format = func(n int) string { return plural(n, "row", "rows") }
	e.rowsS.sync()
	fill := widget.NewButtonWithIcon("Fill the Level", theme.ViewFullScreenIcon(), e.fill)
	e.heroEye = widget.NewCheck("Show it as the Hero sees it at the start", func(bool) { e.refresh() })
	e.status = wrap("")
	e.name.OnChanged = func(string) { e.check() }

	// The panel.
	e.selTitle = bold("")
	e.kind = newChips([]string{"Corridor", "Room"}, func(k string) {
		e.apply(func(s *alone.Sector) {
			if k == "Room" {
				s.Shape = alone.ShapeRoom
			} else {
				s.Shape, s.Room = "", ""
			}
		})
	})
	e.room = entry("the Room's name, as printed")
	e.room.OnChanged = func(r string) {
		if e.syncing {
			return
		}
		e.apply(func(s *alone.Sector) { s.Room = strings.TrimSpace(r) })
	}
	e.roomRow = container.NewVBox(bold("Room's name"), e.room)
	e.edges, e.edgeRows = map[alone.Dir]*chips{}, map[alone.Dir]fyne.CanvasObject{}
	var edgeObjs []fyne.CanvasObject
	for _, d := range alone.Compass {
		d := d
		c := newChips(edgeKinds, func(k string) { e.setEdge(d, k) })
		e.edges[d] = c
		row := container.NewVBox(bold(title(strings.TrimPrefix(d.Name(), "the "))+" side"), c.obj)
		e.edgeRows[d] = row
		edgeObjs = append(edgeObjs, row)
	}
	e.stairs = newChips(stairsColours, func(c string) { e.setStairs(c) })
	e.lcu = widget.NewCheck("An LCU (Light Control Unit) is here", func(on bool) {
		if !e.syncing {
			e.apply(func(s *alone.Sector) { s.LCU = on })
		}
	})
	e.token = widget.NewCheck("A Mission token is here", func(on bool) {
		if !e.syncing {
			e.apply(func(s *alone.Sector) {
				s.Tokens = nil
				if on {
					s.Tokens = []string{"Mission token"}
				}
			})
		}
	})
	e.heroHere = widget.NewButtonWithIcon("The Hero starts here", theme.AccountIcon(), func() { e.hero = e.sel; e.refresh() })
	e.remove = widget.NewButtonWithIcon("Take this Sector away", theme.DeleteIcon(), e.removeSel)
	e.noneChose = wrap("Tap an empty square to add a Sector there, or a Sector to set its sides, its Room, its Stairs and its marks.")
	e.panel = container.NewVBox(e.selTitle,
		container.NewVBox(bold("Kind"), e.kind.obj), e.roomRow,
		container.NewVBox(edgeObjs...),
		container.NewVBox(bold("Stairs to the other Level"), e.stairs.obj),
		widgets.WrapCheck(e.lcu), widgets.WrapCheck(e.token),
		widgets.NewFlow(e.heroHere, e.remove))
	left := container.NewVBox(
		e.fs.row(ta.FieldName, e.name, ""),
		e.levels.obj,
		widgets.NewFlow(e.colsS, e.rowsS, fill),
		e.view, widgets.WrapCheck(e.heroEye), e.fs.general, e.status)
	right := container.NewVBox(e.noneChose, e.panel)
	e.obj = widgets.NewAdaptiveAt(900, left, right)
	e.refresh()
	return e
}

// layout is the Map as drawn.
func (e *mapEditor) layout() ta.MapLayout {
	l := ta.MapLayout{Name: strings.TrimSpace(e.name.Text), Hero: e.hero}
	ids := make([]string, 0, len(e.secs))
	for id := range e.secs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		s := *e.secs[id]
		s.Exits = map[alone.Dir]alone.Link{}
		for d, x := range e.secs[id].Exits {
			s.Exits[d] = x
		}
		l.Sectors = append(l.Sectors, s)
	}
	c := ta.Content{Maps: []ta.MapLayout{l}}
	c.Normalize()
	return c.Maps[0]
}

// neighbour is the square next to id through d on its Level.
func (e *mapEditor) neighbour(id string, d alone.Dir) string {
	x, y, ok := ta.GridPos(id)
	if !ok {
		return ""
	}
	dx := compassDelta[d]
	x, y = x+dx[0], y+dx[1]
	if x < 0 || y < 0 || x >= 26 || y >= 99 {
		return ""
	}
	return ta.GridID(e.secs[id].Level, x, y)
}

func (e *mapEditor) tap(id string) {
	if _, ok := e.secs[id]; !ok {
		e.add(id)
	}
	e.sel = id
	e.refresh()
}

// add puts a Sector on an empty square, open to each neighbour.
func (e *mapEditor) add(id string) {
	x, y, ok := ta.GridPos(id)
	if !ok {
		return
	}
	lv := int(id[0] - '0')
	s := &alone.Sector{ID: id, Level: lv, Exits: map[alone.Dir]alone.Link{}}
	e.secs[id] = s
	_ = x
	_ = y
	for _, d := range alone.Compass {
		if n := e.neighbour(id, d); n != "" {
			if o, ok := e.secs[n]; ok {
				s.Exits[d] = alone.Link{To: n}
				o.Exits[d.Opposite()] = alone.Link{To: id}
			}
		}
	}
	if e.hero == "" && lv == 1 {
		e.hero = id
	}
}

// fill adds a Sector on every empty square of the Level shown.
func (e *mapEditor) fill() {
	for y := 0; y < e.rows; y++ {
		for x := 0; x < e.cols; x++ {
			id := ta.GridID(e.level, x, y)
			if _, ok := e.secs[id]; !ok {
				e.add(id)
			}
		}
	}
	e.refresh()
}

func (e *mapEditor) removeSel() {
	id := e.sel
	s, ok := e.secs[id]
	if !ok {
		return
	}
	for d, l := range s.Exits {
		if o, ok := e.secs[l.To]; ok {
			delete(o.Exits, d.Opposite())
			if d == alone.Stairs {
				delete(o.Exits, alone.Stairs)
			}
		}
	}
	delete(e.secs, id)
	if e.hero == id {
		e.hero = ""
	}
	e.sel = ""
	e.refresh()
}

// apply changes the chosen Sector.
func (e *mapEditor) apply(fn func(*alone.Sector)) {
	if e.syncing {
		return
	}
	if s, ok := e.secs[e.sel]; ok {
		fn(s)
		e.refresh()
	}
}

// setEdge sets one side of the chosen Sector, on both Sectors it joins.
func (e *mapEditor) setEdge(d alone.Dir, kind string) {
	if e.syncing {
		return
	}
	s, ok := e.secs[e.sel]
	if !ok {
		return
	}
	n, ok := e.secs[e.neighbour(e.sel, d)]
	if !ok {
		return
	}
	if kind == edgeWall {
		delete(s.Exits, d)
		delete(n.Exits, d.Opposite())
	} else {
		l := alone.Link{To: n.ID, Door: kind == edgeDoor || kind == edgeBlocked, Blocked: kind == edgeBlocked}
		s.Exits[d] = l
		l.To = s.ID
		n.Exits[d.Opposite()] = l
	}
	e.refresh()
}

// setStairs gives the chosen Sector Stairs of a colour; the set's other
// end is the Sector of that colour on the other Level, joined as soon as
// both ends are drawn.
func (e *mapEditor) setStairs(colour string) {
	if e.syncing {
		return
	}
	s, ok := e.secs[e.sel]
	if !ok {
		return
	}
	if l, ok := s.Exits[alone.Stairs]; ok {
		if o, ok := e.secs[l.To]; ok {
			delete(o.Exits, alone.Stairs)
		}
		delete(s.Exits, alone.Stairs)
	}
	s.StairsColour = ""
	if colour != "None" {
		s.StairsColour = strings.ToLower(colour)
	}
	e.joinStairs()
	e.refresh()
}

// joinStairs links each colour's Sectors when there is exactly one on each
// Level.
func (e *mapEditor) joinStairs() {
	by := map[string][]*alone.Sector{}
	for _, s := range e.secs {
		if s.StairsColour != "" {
			by[s.StairsColour] = append(by[s.StairsColour], s)
		} else {
			delete(s.Exits, alone.Stairs)
		}
	}
	for _, ss := range by {
		if len(ss) == 2 && ss[0].Level != ss[1].Level {
			ss[0].Exits[alone.Stairs] = alone.Link{To: ss[1].ID}
			ss[1].Exits[alone.Stairs] = alone.Link{To: ss[0].ID}
		} else {
			for _, s := range ss {
				delete(s.Exits, alone.Stairs)
			}
		}
	}
}

func (e *mapEditor) edgeKind(s *alone.Sector, d alone.Dir) string {
	l, ok := s.Exits[d]
	switch {
	case !ok:
		return edgeWall
	case l.Blocked:
		return edgeBlocked
	case l.Door:
		return edgeDoor
	}
	return edgeOpen
}

func (e *mapEditor) refresh() {
	defer e.fs.refit()
	l := e.layout()
	var ts []tile
	m := l.Map()
	for _, t := range tilesFromMap(m) {
		if t.Level != e.level {
			continue
		}
		if !e.heroEye.Checked {
			t.Revealed, t.InSight = true, false
		}
		ts = append(ts, t)
	}
	e.view.Title = fmt.Sprintf("Level %d", e.level)
	e.view.Level, e.view.GridCols, e.view.GridRows = e.level, e.cols, e.rows
	e.view.Selected = e.sel
	e.view.set(ts)
	e.check()
	s, ok := e.secs[e.sel]
	if !ok {
		e.panel.Hide()
		e.noneChose.Show()
		return
	}
	e.noneChose.Hide()
	e.panel.Show()
	e.syncing = true
	defer func() { e.syncing = false }()
	e.selTitle.SetText(ta.SectorLabel(s))
	if s.Shape == alone.ShapeRoom || s.Room != "" {
		e.kind.SetSelected("Room")
		e.roomRow.Show()
	} else {
		e.kind.SetSelected("Corridor")
		e.roomRow.Hide()
	}
	if e.room.Text != s.Room {
		e.room.SetText(s.Room)
	}
	for _, d := range alone.Compass {
		if _, ok := e.secs[e.neighbour(s.ID, d)]; ok {
			e.edges[d].SetSelected(e.edgeKind(s, d))
			e.edgeRows[d].Show()
		} else {
			e.edgeRows[d].Hide()
		}
	}
	e.stairs.SetSelected(nonEmpty(title(s.StairsColour), "None"))
	e.lcu.SetChecked(s.LCU)
	e.token.SetChecked(len(s.Tokens) > 0)
	if e.hero == s.ID {
		e.heroHere.Disable()
		e.heroHere.SetText("The Hero starts here")
	} else {
		e.heroHere.Enable()
		e.heroHere.SetText("The Hero starts here")
	}
}

// check lists what still keeps the Map from being played.
func (e *mapEditor) check() {
	l := e.layout()
	n1, n2 := 0, 0
	for _, s := range l.Sectors {
		if s.Level == 1 {
			n1++
		} else {
			n2++
		}
	}
	ps := l.Problems(alone.DefaultConfig())
	e.fs.show(ps)
	head := fmt.Sprintf("Level 1: %s · Level 2: %s", plural(n1, "Sector", "Sectors"), plural(n2, "Sector", "Sectors"))
	if hs := l.Map().HeroSector(); hs != nil {
		head += " · the Hero starts in " + ta.SectorLabel(hs)
	}
	if len(ps) == 0 {
		head += " · ready to play"
		e.status.Importance = widget.SuccessImportance
	} else {
		e.status.Importance = widget.MediumImportance
	}
	e.status.SetText(head)
}

// editMap opens the map editor: a new Map when was is nil.
func editMap(sink contentSink, was *ta.MapLayout, done func(string)) {
	e := newMapEditor(was)
	head := "Draw a Map"
	if was != nil {
		head = "Change the Map"
	}
	opened(e)
	e.fs.dialog = openDialog(sink.window(), head, e.obj, "Save the Map", func() bool {
		l := e.layout()
		if e.fs.show(l.Problems(sheetOf(sink))) {
			return false
		}
		p := ta.PutContent{Map: &l}
		if was != nil {
			p.Was = was.Name
		}
		if err := sink.put(p); err != nil {
			e.fs.say(refusal(err))
			return false
		}
		if done != nil {
			done(l.Name)
		}
		return true
	})
}

func sheetOf(sink contentSink) alone.Config {
	if c := sink.current(); c.Sheet != nil {
		return c.Sheet.Config
	}
	return alone.DefaultConfig()
}
