package phantom

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"tablekeeper/automa"
	"tablekeeper/automa/hex"
)

// Test maps are drawn as rows of cells in "odd-r" layout: odd rows sit half
// a space to the east, so the picture looks like the printed hex grid.
// Column c of row r is axial (c - (r - r&1)/2, r) and is labelled with its
// column letter and row number, e.g. "C4" (column C, row 4). Cells:
//
//	.  normal        _  no space (outside the map: an implicit wall)
//	d  difficult     g  gap
//	F  fire          P  poison     T  trap (printed)    t  trap token
//	O  destructible  D  damaged    X  destroyed         I  indestructible
//	C  closed door   U  open door  o  orb
func label(c, r int) string {
	col := ""
	for n := c; ; n = n/26 - 1 {
		col = string(rune('A'+n%26)) + col
		if n < 26 {
			break
		}
	}
	return fmt.Sprintf("%s%d", col, r+1)
}

type mapSpec struct {
	rows  []string
	walls [][2]string
}

func (ms mapSpec) layout(t testing.TB) hex.Layout {
	var l hex.Layout
	for r, row := range ms.rows {
		for c, cell := range strings.Fields(row) {
			if cell == "_" {
				continue
			}
			s := hex.Space{Label: label(c, r), Coord: hex.Coord{Q: c - (r-(r&1))/2, R: r}}
			switch cell {
			case ".":
			case "d":
				s.Terrain = hex.Difficult
			case "g":
				s.Terrain = hex.Gap
			case "F":
				s.Hazard = hex.Fire
			case "P":
				s.Hazard = hex.Poison
			case "T":
				s.Hazard = hex.Trap
			case "t":
				s.Hazard, s.HazardSource = hex.Trap, hex.HazardToken
			case "O":
				s.Object = hex.Destructible
			case "D":
				s.Object, s.ObjectState = hex.Destructible, hex.Damaged
			case "X":
				s.Object, s.ObjectState = hex.Destructible, hex.Destroyed
			case "I":
				s.Object = hex.Indestructible
			case "C":
				s.Door = hex.ClosedDoor
			case "U":
				s.Door = hex.OpenDoor
			case "o":
				s.Orb = hex.Orb{Kind: hex.MissionToken, Active: true}
			default:
				t.Fatalf("test map: unknown cell %q at row %d col %d", cell, r, c)
			}
			l.Spaces = append(l.Spaces, s)
		}
	}
	for _, w := range ms.walls {
		l.Walls = append(l.Walls, hex.WallRef{A: w[0], B: w[1]})
	}
	return l
}

func (ms mapSpec) json(t testing.TB) json.RawMessage {
	m, err := hex.NewMap(ms.layout(t))
	if err != nil {
		t.Fatalf("test map: %v", err)
	}
	b, err := hex.EncodeMap(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// scene is a test situation built in Go.
type scene struct {
	t     testing.TB
	s     *Situation
	types map[string]*AdversaryType
}

func newScene(t testing.TB, ms mapSpec, f Face) *scene {
	return &scene{t: t, s: &Situation{Map: ms.json(t), DecisionDie: DieInput{Face: f}}, types: map[string]*AdversaryType{}}
}

// typ adds an adversary type with a base range and cards.
func (sc *scene) typ(name string, rng int, species Card, rows ...ClassRow) *AdversaryType {
	sc.s.Types = append(sc.s.Types, AdversaryType{Name: name, Range: rng, HP: 10, Attack: 1, Guard: 0, Difficulty: 2,
		SpeciesCard: &species, ClassCard: &ClassCard{Rows: rows}})
	return &sc.s.Types[len(sc.s.Types)-1]
}

func (sc *scene) char(name string, c Colour, pos string) *FigureInput {
	sc.s.Figures = append(sc.s.Figures, FigureInput{Name: name, Side: "character", Colour: string(c), Position: pos, HP: 10, MaxHP: 10})
	return &sc.s.Figures[len(sc.s.Figures)-1]
}

func (sc *scene) adv(name, typ string, c Colour, pos string) *FigureInput {
	sc.s.Figures = append(sc.s.Figures, FigureInput{Name: name, Side: "adversary", Type: typ, Colour: string(c), Position: pos, HP: 10})
	return &sc.s.Figures[len(sc.s.Figures)-1]
}

func (sc *scene) check() *Situation {
	sc.t.Helper()
	if err := sc.s.check(); err != nil {
		sc.t.Fatalf("scene: %v", err)
	}
	return sc.s
}

// world builds the scene's world.
func (sc *scene) world() *world {
	sc.t.Helper()
	if sc.s.Adversary == "" {
		sc.s.Decide = "initiative"
	}
	s := sc.check()
	var tr automa.Trace
	w, err := s.world(nil, &tr)
	if err != nil {
		sc.t.Fatal(err)
	}
	return w
}

func (sc *scene) target(adv string, leap int) (string, automa.Trace) {
	sc.t.Helper()
	sc.s.Adversary = adv
	c, tr, err := PrimaryTarget(sc.check(), adv, leap, nil)
	if err != nil {
		sc.t.Fatal(err)
	}
	return c.PrimaryTarget, tr
}

func (sc *scene) turn(adv string) (Turn, automa.Trace) {
	sc.t.Helper()
	sc.s.Adversary = adv
	s := sc.check()
	t, tr, err := AdversaryTurn(s, nil)
	if err != nil {
		sc.t.Fatal(err)
	}
	return t, tr
}

// Cards used across tests.
func moveCard(n int) Card    { return Card{AP: n, Actions: []Action{{Kind: ActMove, Value: n}}} }
func attackCard(ap int) Card { return Card{AP: ap, Actions: []Action{{Kind: ActAttack}}} }
func row(c Colour, card Card) ClassRow {
	return ClassRow{Colour: c, Card: card}
}
func allRows(card Card) []ClassRow {
	return []ClassRow{row(DarkBlue, card), row(LightBlue, card), row(Red, card), row(Yellow, card)}
}

func endOf(t Turn, name string) string {
	for _, f := range t.Figures {
		if f.Name == name {
			return f.Position
		}
	}
	return ""
}

func hpOf(t Turn, name string) int {
	for _, f := range t.Figures {
		if f.Name == name {
			return f.HP
		}
	}
	return -1
}

func oneOf(s string, opts ...string) bool {
	for _, o := range opts {
		if s == o {
			return true
		}
	}
	return false
}

// grid is a cols×rows test map of normal spaces with some cells set by
// label (cells use the same letters as mapSpec rows).
func grid(cols, rows int, cells map[string]string, walls ...[2]string) mapSpec {
	var ms mapSpec
	for r := range rows {
		var row []string
		for c := range cols {
			cell := "."
			if v, ok := cells[label(c, r)]; ok {
				cell = v
			}
			row = append(row, cell)
		}
		ms.rows = append(ms.rows, strings.Join(row, " "))
	}
	ms.walls = walls
	return ms
}

// ax labels axial (q, r) on a grid map.
func ax(q, r int) string { return label(q+(r-(r&1))/2, r) }
