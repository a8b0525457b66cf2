package phantom

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// An Editor draws a mission map by tapping: lay out a block of spaces at
// once or add them one by one, then pick a tool and tap the spaces to
// paint what the mission book's map shows (difficult terrain, hazards,
// objects, gaps, doors, entry points, where adversaries are placed), tap
// edges for walls, and tap a space to set its label and tokens. Every
// change is checked with automa/hex's NewMap and what is wrong is said in
// words under the map; only a valid map can be saved to the campaign or
// exported. The map is drawn as the Play tab draws it.
type Editor struct {
	// Save stores a valid map as campaign content under an id; it returns
	// whether the campaign accepted it (the tracker's own checks run too).
	Save func(id string, data []byte) bool
	// Saved lists the maps already entered, to open one for editing.
	Saved func() map[string]json.RawMessage
	// Adversaries lists the adversary types and bosses entered, for the
	// placement tool.
	Adversaries func() []string
	// OnSaved is called with the map's id after each save.
	OnSaved func(id string)

	win    fyne.Window
	View   *MapView
	layout hex.Layout
	walls  map[edgeKey]bool
	sel    *hex.Coord
	r0, c0 int
	// Err is the map's problem now, nil when it is valid.
	Err error
	// Tool is what a tap on the map does (one of Tools).
	Tool string

	loading bool
	obj     fyne.CanvasObject

	// The panel (exported for tests).
	ID, Title                                        *widgets.TextEntry
	Difficulty                                       *Num
	Planet, Orientation                              *widget.Select
	Cols, Rows                                       *Num
	BlockButton                                      *widget.Button
	ToolPicker                                       *widget.Select
	PlaceAdversary                                   *widgets.SuggestEntry
	PlaceCount                                       *widget.Select
	Label                                            *widgets.TextEntry
	OrbNumber, TreasureNumber, Nova                  *Num
	Terrain, GapKind, Hazard, HazardSource           *widget.Select
	ObjectKind, ObjectState, Door, Orb, Treasure     *widget.Select
	Entry, OrbActive, TreasurePresent                *widget.Check
	IconAdversary, IconCount                         *widget.Select
	Icons                                            *fyne.Container
	Status, Selected                                 *widget.Label
	SaveButton, RemoveButton, ImportButton, ExportBt *widget.Button
	palette, placeBox                                *fyne.Container
}

// NewEditor makes an editor with an empty map.
func NewEditor(win fyne.Window) *Editor {
	e := &Editor{win: win, View: NewMapView(), walls: map[edgeKey]bool{}, Tool: ToolSelect}
	e.View.Scale = 30
	e.View.OnTapSpace = func(c hex.Coord, _ string) { e.Tap(c) }
	e.View.OnTapEdge = func(c hex.Coord, d hex.Dir) { e.ToggleWall(c, d) }
	e.build()
	e.refresh()
	return e
}

// Object is the editor's screen.
func (e *Editor) Object() fyne.CanvasObject { return e.obj }

// orientation words.
const (
	pointyTop = "pointed top (rows run across)"
	flatTop   = "flat top (columns run down)"
)

// Layout is the map as drawn now (it may be invalid: see Err).
func (e *Editor) Layout() hex.Layout {
	l := e.layout
	l.Spaces = append([]hex.Space(nil), e.layout.Spaces...)
	l.Walls = e.wallRefs()
	l.MissionID = strings.TrimSpace(e.ID.Text)
	l.Title = strings.TrimSpace(e.Title.Text)
	l.Planet = noneEmpty(e.Planet.Selected, noPlanet)
	l.Difficulty = e.Difficulty.Value
	if e.Orientation.Selected == flatTop {
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
	e.Difficulty.SetValue(max(1, l.Difficulty))
	e.Planet.SetSelected(orDefault(l.Planet, noPlanet))
	if l.Orientation == hex.Flat {
		e.Orientation.SetSelected(flatTop)
	} else {
		e.Orientation.SetSelected(pointyTop)
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

// Tap does what the tool says on the position c: select (adding a space
// on an empty position), add or remove a space, or paint a feature on the
// space (adding it first if there is none there).
func (e *Editor) Tap(c hex.Coord) {
	i := e.index(c)
	add := func() int {
		if len(e.layout.Spaces) == 0 {
			e.r0, e.c0 = c.R, col(c, c.R)
		}
		e.layout.Spaces = append(e.layout.Spaces, hex.Space{Label: e.SuggestLabel(c), Coord: c})
		return len(e.layout.Spaces) - 1
	}
	switch e.Tool {
	case ToolSelect, "":
		if i < 0 {
			add()
		}
		cc := c
		e.sel = &cc
	case ToolSpaces:
		if i < 0 {
			add()
		} else {
			e.layout.Spaces = append(e.layout.Spaces[:i:i], e.layout.Spaces[i+1:]...)
			if e.sel != nil && *e.sel == c {
				e.sel = nil
			}
		}
	case ToolWalls:
		return // walls are tapped on edges (ToggleWall)
	default:
		if i < 0 {
			i = add()
		}
		e.paint(&e.layout.Spaces[i])
	}
	e.refresh()
}

// Block lays out a block of cols × rows spaces as a mission map prints
// them (rows A, B, … of columns 1, 2, …), replacing the map drawn.
func (e *Editor) Block(cols, rows int) {
	e.layout.Spaces = nil
	e.walls = map[edgeKey]bool{}
	e.sel = nil
	e.r0, e.c0 = 0, 0
	for r := range rows {
		for c := range cols {
			e.layout.Spaces = append(e.layout.Spaces, hex.Space{Label: fmt.Sprintf("%s-%d", hex.RowName(r), c+1), Coord: hex.Coord{Q: c - r/2, R: r}})
		}
	}
	e.refresh()
	e.View.Refresh()
	// A new block has no entry point, and every mission needs its
	// characters': the next taps mark them.
	e.SetTool(ToolEntry)
	e.Status.SetText("Tap the spaces the characters may start on (entry points), then choose another tool.")
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
	flat := e.Orientation != nil && e.Orientation.Selected == flatTop
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
		e.Status.SetText("Lay out a block of spaces, or tap a grey position to add one.")
		e.Status.Importance = widget.MediumImportance
	case err != nil:
		e.Status.SetText("This map cannot be used yet:\n" + err.Error())
		e.Status.Importance = widget.DangerImportance
	default:
		e.Status.SetText(fmt.Sprintf("The map can be used: %s, %s, %s.", plural(len(l.Spaces), "space"), plural(len(l.Walls), "wall"), plural(countEntries(l), "entry point")))
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

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
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

// SaveToCampaign saves the map as campaign content, if it is valid.
func (e *Editor) SaveToCampaign() {
	id := strings.TrimSpace(e.ID.Text)
	if id == "" {
		e.Status.SetText("Give the map a name (e.g. its mission's) before saving it.")
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
		e.Status.SetText(fmt.Sprintf("Saved map %q to the campaign (%s).", id, plural(m.Len(), "space")))
		e.Status.Importance = widget.SuccessImportance
		e.Status.Refresh()
		if e.OnSaved != nil {
			e.OnSaved(id)
		}
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
		widgets.ShowMessage("No maps yet", "No map has been saved to this campaign yet: draw one, then Save to the campaign.", e.win)
		return
	}
	pick := newPicker(ids, "", "which map", nil)
	d := newDialog(e.win, "Open a saved map", pick, "Cancel", nil)
	addAction(d, "Open", theme.FolderOpenIcon(), func() {
		if pick.Selected == "" {
			d.SetProblem("Choose the map to open.")
			return
		}
		if err := e.LoadData(pick.Selected, maps[pick.Selected]); err != nil {
			d.SetProblem(capitalFirst(err.Error()))
			return
		}
		d.Hide()
	})
	d.Show()
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
		data, err := shell.ReadPicked(r, tp.MaxContentFile)
		if err == nil {
			err = e.LoadData("", data)
		}
		if err != nil {
			widgets.ShowMessage("The map cannot be used", capitalFirst(err.Error()), e.win)
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
		widgets.ShowMessage("The map cannot be used", capitalFirst(err.Error()), e.win)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		defer w.Close()
		if _, err := w.Write(data); err != nil {
			widgets.ShowMessage("The map cannot be used", capitalFirst(err.Error()), e.win)
		}
	}, e.win)
	name := strings.TrimSpace(e.ID.Text)
	if name == "" {
		name = "map"
	}
	d.SetFileName(name + ".json")
	d.Show()
}
