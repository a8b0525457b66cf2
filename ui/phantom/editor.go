package phantom

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	"tablekeeper/ui/widgets"
)

// An Editor draws a mission map on a hex grid: tap an empty position to
// add a space there (with a suggested label), tap a space to select it and
// set its features in the palette, switch to Walls and tap next to an edge
// to put up or take down a wall. Every change is checked with automa/hex's
// NewMap and what is wrong is said in words under the map; only a valid
// map can be saved to the campaign or exported.
type Editor struct {
	// Save stores a valid map as campaign content under an id; it returns
	// whether the campaign accepted it (the tracker's own checks run too).
	Save func(id string, data []byte) bool
	// Saved lists the maps already entered, to open one for editing.
	Saved func() map[string]json.RawMessage

	win    fyne.Window
	View   *MapView
	layout hex.Layout
	walls  map[edgeKey]bool
	sel    *hex.Coord
	r0, c0 int
	// Err is the map's problem now, nil when it is valid.
	Err error

	loading bool
	obj     fyne.CanvasObject

	// The palette (exported for tests).
	Mode                                             *widget.RadioGroup
	ID, Title, Difficulty                            *widget.Entry
	Planet, Orientation                              *widget.Select
	Label, OrbNumber, TreasureNumber, Nova           *widget.Entry
	Terrain, GapKind, Hazard, HazardSource           *widget.Select
	ObjectKind, ObjectState, Door, Orb, Treasure     *widget.Select
	Entry, OrbActive, TreasurePresent                *widget.Check
	IconAdversary, IconCount                         *widget.Entry
	Icons                                            *fyne.Container
	Status, Selected                                 *widget.Label
	SaveButton, RemoveButton, ImportButton, ExportBt *widget.Button
	palette                                          *fyne.Container
}

// NewEditor makes an editor with an empty map.
func NewEditor(win fyne.Window) *Editor {
	e := &Editor{win: win, View: NewMapView(), walls: map[edgeKey]bool{}}
	e.View.Scale = 30
	e.View.OnTapSpace = func(c hex.Coord, _ string) { e.Tap(c) }
	e.View.OnTapEdge = func(c hex.Coord, d hex.Dir) { e.ToggleWall(c, d) }
	e.build()
	e.refresh()
	return e
}

// Object is the editor's screen.
func (e *Editor) Object() fyne.CanvasObject { return e.obj }

// Layout is the map as drawn now (it may be invalid: see Err).
func (e *Editor) Layout() hex.Layout {
	l := e.layout
	l.Spaces = append([]hex.Space(nil), e.layout.Spaces...)
	l.Walls = e.wallRefs()
	l.MissionID = strings.TrimSpace(e.ID.Text)
	l.Title = strings.TrimSpace(e.Title.Text)
	if e.Planet.Selected == "none" {
		l.Planet = ""
	} else {
		l.Planet = e.Planet.Selected
	}
	l.Difficulty, _ = strconv.Atoi(strings.TrimSpace(e.Difficulty.Text))
	if e.Orientation.Selected == "flat" {
		l.Orientation = hex.Flat
	} else {
		l.Orientation = hex.Pointy
	}
	return l
}

// Load puts a map into the editor.
func (e *Editor) Load(id string, l hex.Layout) {
	e.loading = true
	e.layout = hex.Layout{Spaces: append([]hex.Space(nil), l.Spaces...)}
	e.walls = map[edgeKey]bool{}
	e.sel = nil
	tmp := NewMapView()
	tmp.SetLayout(l)
	for k := range tmp.walls {
		if _, ok := tmp.byCoord[k.c]; ok {
			e.walls[normEdge(k.c, k.d)] = true
		}
	}
	e.ID.SetText(id)
	e.Title.SetText(l.Title)
	if l.Difficulty > 0 {
		e.Difficulty.SetText(strconv.Itoa(l.Difficulty))
	} else {
		e.Difficulty.SetText("")
	}
	p := l.Planet
	if p == "" {
		p = "none"
	}
	e.Planet.SetSelected(p)
	if l.Orientation == hex.Flat {
		e.Orientation.SetSelected("flat")
	} else {
		e.Orientation.SetSelected("pointy")
	}
	e.r0, e.c0 = 0, 0
	for k, s := range l.Spaces {
		if k == 0 || s.R < e.r0 {
			e.r0 = s.R
		}
	}
	for k, s := range l.Spaces {
		if c := col(s.Coord, e.r0); k == 0 || c < e.c0 {
			e.c0 = c
		}
	}
	e.loading = false
	e.refresh()
}

// normEdge spells an edge from the side NE, E or SE of one of its spaces.
func normEdge(c hex.Coord, d hex.Dir) edgeKey {
	if d >= 3 {
		return edgeKey{c.Neighbor(d), d.Opposite()}
	}
	return edgeKey{c, d}
}

func col(c hex.Coord, r0 int) int { return c.Q + floorDiv(c.R-r0, 2) }

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func (e *Editor) index(c hex.Coord) int {
	for i, s := range e.layout.Spaces {
		if s.Coord == c {
			return i
		}
	}
	return -1
}

func (e *Editor) indexOf(label string) int {
	for i, s := range e.layout.Spaces {
		if s.Label == label {
			return i
		}
	}
	return -1
}

// SuggestLabel is the label a new space at c gets: the row's letters and
// the column's number, as many mission books print them ("C-4"); the
// players correct it to what their map shows.
func (e *Editor) SuggestLabel(c hex.Coord) string {
	rr := c.R - e.r0
	cc := col(c, e.r0) - e.c0 + 1
	base := fmt.Sprintf("q%d r%d", c.Q, c.R)
	if rr >= 0 && cc >= 1 {
		base = fmt.Sprintf("%s-%d", hex.RowName(rr), cc)
	}
	l := base
	for n := 2; e.indexOf(l) >= 0; n++ {
		l = fmt.Sprintf("%s'%d", base, n)
	}
	return l
}

// Tap selects the space at c, or adds one there if there is none.
func (e *Editor) Tap(c hex.Coord) {
	if e.index(c) < 0 {
		if len(e.layout.Spaces) == 0 {
			e.r0, e.c0 = c.R, col(c, c.R)
		}
		e.layout.Spaces = append(e.layout.Spaces, hex.Space{Label: e.SuggestLabel(c), Coord: c})
	}
	cc := c
	e.sel = &cc
	e.refresh()
}

// ToggleWall puts up or takes down the wall on side d of position c.
func (e *Editor) ToggleWall(c hex.Coord, d hex.Dir) {
	n := c.Neighbor(d)
	if e.index(c) < 0 || e.index(n) < 0 {
		e.Status.SetText("The edge of the map is always a wall: walls are put between two spaces.")
		return
	}
	k := normEdge(c, d)
	if e.walls[k] {
		delete(e.walls, k)
	} else {
		e.walls[k] = true
	}
	e.refresh()
}

// RemoveSelected takes the selected space off the map.
func (e *Editor) RemoveSelected() {
	if e.sel == nil {
		return
	}
	if i := e.index(*e.sel); i >= 0 {
		e.layout.Spaces = append(e.layout.Spaces[:i:i], e.layout.Spaces[i+1:]...)
	}
	e.sel = nil
	e.refresh()
}

func (e *Editor) wallRefs() []hex.WallRef {
	keys := make([]edgeKey, 0, len(e.walls))
	for k := range e.walls {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.c.R != b.c.R {
			return a.c.R < b.c.R
		}
		if a.c.Q != b.c.Q {
			return a.c.Q < b.c.Q
		}
		return a.d < b.d
	})
	var out []hex.WallRef
	for _, k := range keys {
		i, j := e.index(k.c), e.index(k.c.Neighbor(k.d))
		if i >= 0 && j >= 0 {
			out = append(out, hex.WallRef{A: e.layout.Spaces[i].Label, B: e.layout.Spaces[j].Label})
		}
	}
	return out
}

// ghosts are the empty positions around the map where a tap adds a space:
// the map's rows (pointy-top) or columns (flat-top) and one more all round.
func (e *Editor) ghosts() []hex.Coord {
	flat := e.Orientation != nil && e.Orientation.Selected == "flat"
	// (a, b): the line and the place along it, for either orientation.
	ab := func(c hex.Coord) (int, int) {
		if flat {
			return c.Q, c.R + floorDiv(c.Q, 2)
		}
		return c.R, c.Q + floorDiv(c.R, 2)
	}
	back := func(a, b int) hex.Coord {
		if flat {
			return hex.Coord{Q: a, R: b - floorDiv(a, 2)}
		}
		return hex.Coord{Q: b - floorDiv(a, 2), R: a}
	}
	minA, maxA, minB, maxB := 0, 5, 0, 7
	for k, s := range e.layout.Spaces {
		a, b := ab(s.Coord)
		if k == 0 {
			minA, maxA, minB, maxB = a, a, b, b
			continue
		}
		minA, maxA = min(minA, a), max(maxA, a)
		minB, maxB = min(minB, b), max(maxB, b)
	}
	if len(e.layout.Spaces) > 0 {
		minA, maxA, minB, maxB = minA-1, maxA+1, minB-1, maxB+1
	}
	var out []hex.Coord
	for a := minA; a <= maxA; a++ {
		for b := minB; b <= maxB; b++ {
			if p := back(a, b); e.index(p) < 0 {
				out = append(out, p)
			}
		}
	}
	return out
}

// Check validates the map as drawn with automa/hex.
func (e *Editor) Check() (*hex.Map, error) {
	return hex.NewMap(e.Layout())
}

func (e *Editor) refresh() {
	if e.loading {
		return
	}
	l := e.Layout()
	e.View.SetLayout(l)
	o := Overlay{Ghosts: e.ghosts()}
	if e.sel != nil {
		if i := e.index(*e.sel); i >= 0 {
			o.Selected = e.layout.Spaces[i].Label
		}
	}
	e.View.SetOverlay(o)
	_, err := hex.NewMap(l)
	e.Err = err
	switch {
	case len(l.Spaces) == 0:
		e.Status.SetText("Tap a grey position to add a space.")
		e.Status.Importance = widget.MediumImportance
	case err != nil:
		e.Status.SetText("This map cannot be used yet:\n" + err.Error())
		e.Status.Importance = widget.DangerImportance
	default:
		e.Status.SetText(fmt.Sprintf("The map is valid: %d spaces, %d walls, %d entry points.", len(l.Spaces), len(l.Walls), countEntries(l)))
		e.Status.Importance = widget.SuccessImportance
	}
	e.Status.Refresh()
	e.showSelection()
}

func countEntries(l hex.Layout) int {
	n := 0
	for _, s := range l.Spaces {
		if s.EntryPoint {
			n++
		}
	}
	return n
}

func (e *Editor) selected() *hex.Space {
	if e.sel == nil {
		return nil
	}
	if i := e.index(*e.sel); i >= 0 {
		return &e.layout.Spaces[i]
	}
	return nil
}

// showSelection loads the selected space's features into the palette.
func (e *Editor) showSelection() {
	sp := e.selected()
	if sp == nil {
		e.Selected.SetText("No space selected: tap one on the map.")
		e.palette.Hide()
		return
	}
	e.palette.Show()
	e.loading = true
	defer func() { e.loading = false }()
	e.Selected.SetText(fmt.Sprintf("Space %s at q %d, r %d", sp.Label, sp.Q, sp.R))
	e.Label.SetText(sp.Label)
	e.Terrain.SetSelected(orDefault(string(sp.Terrain), "normal"))
	e.GapKind.SetSelected(orDefault(string(sp.GapKind), "none"))
	e.Hazard.SetSelected(orDefault(string(sp.Hazard), "none"))
	e.HazardSource.SetSelected(orDefault(string(sp.HazardSource), "printed"))
	e.ObjectKind.SetSelected(orDefault(string(sp.Object), "none"))
	e.ObjectState.SetSelected(orDefault(string(sp.ObjectState), "intact"))
	e.Door.SetSelected(orDefault(string(sp.Door), "none"))
	e.Entry.SetChecked(sp.EntryPoint)
	e.Orb.SetSelected(orDefault(string(sp.Orb.Kind), "none"))
	e.OrbNumber.SetText(numText(sp.Orb.Number))
	e.OrbActive.SetChecked(sp.Orb.Active)
	e.Treasure.SetSelected(orDefault(string(sp.Treasure.Kind), "none"))
	e.TreasureNumber.SetText(numText(sp.Treasure.Number))
	e.TreasurePresent.SetChecked(sp.Treasure.Present)
	e.Nova.SetText(numText(sp.NovaCells))
	e.Icons.Objects = nil
	for k, p := range sp.PlacementIcons {
		k := k
		txt := p.Adversary
		if p.Characters != "" {
			txt += " (" + p.Characters + " characters)"
		}
		e.Icons.Add(container.NewBorder(nil, nil, nil, widget.NewButton("Remove", func() {
			if s := e.selected(); s != nil && k < len(s.PlacementIcons) {
				s.PlacementIcons = append(s.PlacementIcons[:k:k], s.PlacementIcons[k+1:]...)
				e.refresh()
			}
		}), widget.NewLabel(txt)))
	}
	e.Icons.Refresh()
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func numText(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func noneEmpty(s string, none ...string) string {
	for _, n := range none {
		if s == n {
			return ""
		}
	}
	return s
}

// edit changes the selected space (from the palette).
func (e *Editor) edit(f func(sp *hex.Space)) {
	if e.loading {
		return
	}
	if sp := e.selected(); sp != nil {
		f(sp)
		e.refresh()
	}
}

func atoiOr0(s string) int {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0
	}
	return n
}

func (e *Editor) build() {
	e.loading = true
	defer func() { e.loading = false }()
	e.Status = widget.NewLabel("")
	e.Status.Wrapping = fyne.TextWrapWord
	e.Selected = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	e.Mode = widget.NewRadioGroup([]string{"Spaces", "Walls"}, func(s string) { e.View.EdgeMode = s == "Walls" })
	e.Mode.Horizontal = true
	e.Mode.SetSelected("Spaces")

	e.ID = widget.NewEntry()
	e.ID.SetPlaceHolder("map id, e.g. Berkav-1")
	e.Title = widget.NewEntry()
	e.Title.SetPlaceHolder("title (optional)")
	e.Difficulty = widget.NewEntry()
	e.Difficulty.SetPlaceHolder("difficulty")
	e.Difficulty.OnChanged = func(string) { e.refresh() }
	e.Planet = widget.NewSelect([]string{"none", "Berkav", "Thespara", "Orbos"}, func(string) { e.refresh() })
	e.Planet.SetSelected("none")
	e.Orientation = widget.NewSelect([]string{"pointy", "flat"}, func(string) { e.refresh() })
	e.Orientation.SetSelected("pointy")

	e.Label = widget.NewEntry()
	e.Label.OnChanged = func(s string) {
		e.edit(func(sp *hex.Space) { sp.Label = strings.TrimSpace(s) })
	}
	sel := func(opts []string, set func(sp *hex.Space, v string)) *widget.Select {
		return widget.NewSelect(opts, func(v string) { e.edit(func(sp *hex.Space) { set(sp, v) }) })
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
	e.GapKind = sel([]string{"none", "lava", "water", "other"}, func(sp *hex.Space, v string) { sp.GapKind = hex.GapKind(noneEmpty(v, "none")) })
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
	e.Entry = widget.NewCheck("Entry point", func(b bool) { e.edit(func(sp *hex.Space) { sp.EntryPoint = b }) })
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
	e.OrbNumber = widget.NewEntry()
	e.OrbNumber.SetPlaceHolder("number")
	e.OrbNumber.OnChanged = func(s string) { e.edit(func(sp *hex.Space) { sp.Orb.Number = atoiOr0(s) }) }
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
	e.TreasureNumber = widget.NewEntry()
	e.TreasureNumber.SetPlaceHolder("number")
	e.TreasureNumber.OnChanged = func(s string) { e.edit(func(sp *hex.Space) { sp.Treasure.Number = atoiOr0(s) }) }
	e.TreasurePresent = widget.NewCheck("on the map", func(b bool) { e.edit(func(sp *hex.Space) { sp.Treasure.Present = b }) })
	e.Nova = widget.NewEntry()
	e.Nova.SetPlaceHolder("0")
	e.Nova.OnChanged = func(s string) { e.edit(func(sp *hex.Space) { sp.NovaCells = atoiOr0(s) }) }
	e.IconAdversary = widget.NewEntry()
	e.IconAdversary.SetPlaceHolder("adversary or boss, e.g. Grallok Archer")
	e.IconCount = widget.NewEntry()
	e.IconCount.SetPlaceHolder("characters, e.g. 3-4 (empty: always)")
	addIcon := widget.NewButton("Add placement icon", func() {
		name := strings.TrimSpace(e.IconAdversary.Text)
		if name == "" {
			e.Status.SetText("A placement icon names the adversary or boss it places.")
			return
		}
		e.edit(func(sp *hex.Space) {
			sp.PlacementIcons = append(sp.PlacementIcons, hex.PlacementIcon{Adversary: name, Characters: strings.TrimSpace(e.IconCount.Text)})
		})
		e.IconAdversary.SetText("")
		e.IconCount.SetText("")
	})
	e.Icons = container.NewVBox()
	e.RemoveButton = widget.NewButton("Remove this space", e.RemoveSelected)
	e.RemoveButton.Importance = widget.DangerImportance

	form := widget.NewForm(
		widget.NewFormItem("Label", e.Label),
		widget.NewFormItem("Terrain", container.NewGridWithColumns(2, e.Terrain, e.GapKind)),
		widget.NewFormItem("Hazard", container.NewGridWithColumns(2, e.Hazard, e.HazardSource)),
		widget.NewFormItem("Object", container.NewGridWithColumns(2, e.ObjectKind, e.ObjectState)),
		widget.NewFormItem("Door", e.Door),
		widget.NewFormItem("", e.Entry),
		widget.NewFormItem("Orb", container.NewGridWithColumns(3, e.Orb, e.OrbNumber, e.OrbActive)),
		widget.NewFormItem("Treasure", container.NewGridWithColumns(3, e.Treasure, e.TreasureNumber, e.TreasurePresent)),
		widget.NewFormItem("Nova cells", e.Nova),
		widget.NewFormItem("Placement", container.NewVBox(e.IconAdversary, e.IconCount, addIcon, e.Icons)),
	)
	e.palette = container.NewVBox(form, e.RemoveButton)

	e.SaveButton = widget.NewButton("Save to campaign", e.SaveToCampaign)
	e.SaveButton.Importance = widget.HighImportance
	e.ImportButton = widget.NewButton("Import file…", e.importFile)
	e.ExportBt = widget.NewButton("Export file…", e.exportFile)
	newBt := widget.NewButton("New map", func() { e.Load("", hex.Layout{}) })
	openBt := widget.NewButton("Open saved…", e.openSaved)
	zoomIn := widget.NewButton("Zoom +", func() { e.View.Zoom(1.25) })
	zoomOut := widget.NewButton("Zoom −", func() { e.View.Zoom(0.8) })
	var mapScroll *container.Scroll
	fit := widget.NewButton("Whole map", func() { e.View.FitTo(mapScroll.Size()) })

	mapForm := widget.NewForm(
		widget.NewFormItem("Map id", e.ID),
		widget.NewFormItem("Title", e.Title),
		widget.NewFormItem("Planet", e.Planet),
		widget.NewFormItem("Difficulty", e.Difficulty),
		widget.NewFormItem("Hexes", e.Orientation),
	)
	side := container.NewVScroll(container.NewVBox(
		widget.NewLabelWithStyle("Map", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		mapForm,
		container.NewGridWithColumns(2, newBt, openBt, e.ImportButton, e.ExportBt),
		e.SaveButton,
		widget.NewSeparator(),
		e.Selected,
		e.palette,
	))
	top := container.NewVBox(container.NewBorder(nil, nil, widget.NewLabel("Tap to edit:"), container.NewHBox(zoomOut, zoomIn, fit)), e.Mode)
	mapScroll = container.NewScroll(e.View)
	mapArea := container.NewBorder(top, widgets.AtLeast(fyne.NewSize(0, 84), container.NewVScroll(e.Status)), nil, nil, mapScroll)
	e.obj = newAdaptive(0.62, mapArea, side, nil)
}

// SaveToCampaign saves the map as campaign content, if it is valid.
func (e *Editor) SaveToCampaign() {
	id := strings.TrimSpace(e.ID.Text)
	if id == "" {
		e.Status.SetText("Give the map an id (e.g. the mission, Berkav-1) before saving it.")
		e.Status.Importance = widget.DangerImportance
		e.Status.Refresh()
		return
	}
	m, err := e.Check()
	if err != nil {
		e.Status.SetText("Not saved — this map cannot be used yet:\n" + err.Error())
		e.Status.Importance = widget.DangerImportance
		e.Status.Refresh()
		return
	}
	data, err := hex.EncodeMap(m)
	if err != nil {
		e.Status.SetText("Not saved: " + err.Error())
		return
	}
	if e.Save != nil && e.Save(id, data) {
		e.Status.SetText(fmt.Sprintf("Saved map %q to the campaign (%d spaces).", id, m.Len()))
		e.Status.Importance = widget.SuccessImportance
		e.Status.Refresh()
	}
}

func (e *Editor) openSaved() {
	if e.Saved == nil {
		return
	}
	maps := e.Saved()
	ids := make([]string, 0, len(maps))
	for id := range maps {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	if len(ids) == 0 {
		dialog.ShowInformation("No maps yet", "No map has been saved to this campaign yet.", e.win)
		return
	}
	pick := widget.NewSelect(ids, nil)
	dialog.ShowCustomConfirm("Open a saved map", "Open", "Cancel", pick, func(ok bool) {
		if ok && pick.Selected != "" {
			if err := e.LoadData(pick.Selected, maps[pick.Selected]); err != nil {
				dialog.ShowError(err, e.win)
			}
		}
	}, e.win)
}

// LoadData opens a map file's bytes in the editor; a file that is not a
// valid map is refused with what is wrong.
func (e *Editor) LoadData(id string, data []byte) error {
	m, err := hex.ParseMap(data)
	if err != nil {
		return fmt.Errorf("this map file cannot be opened:\n%v", err)
	}
	if id == "" {
		id = m.MissionID
	}
	e.Load(id, m.Layout())
	return nil
}

func (e *Editor) importFile() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		defer r.Close()
		data, err := io.ReadAll(r)
		if err == nil {
			err = e.LoadData("", data)
		}
		if err != nil {
			dialog.ShowError(err, e.win)
		}
	}, e.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	d.Show()
}

// Export is the map file of a valid map.
func (e *Editor) Export() ([]byte, error) {
	m, err := e.Check()
	if err != nil {
		return nil, fmt.Errorf("only a valid map can be exported:\n%v", err)
	}
	return hex.EncodeMap(m)
}

func (e *Editor) exportFile() {
	data, err := e.Export()
	if err != nil {
		dialog.ShowError(err, e.win)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		defer w.Close()
		if _, err := w.Write(data); err != nil {
			dialog.ShowError(err, e.win)
		}
	}, e.win)
	name := strings.TrimSpace(e.ID.Text)
	if name == "" {
		name = "map"
	}
	d.SetFileName(name + ".json")
	d.Show()
}
