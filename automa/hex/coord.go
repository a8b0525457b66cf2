package hex

import "fmt"

// Coord is an axial coordinate (q, r) of a hex position (spec §2.1 item 2).
// In a map file it is written as the two fields "q" and "r" of a space.
type Coord struct {
	Q int `json:"q"`
	R int `json:"r"`
}

func (c Coord) String() string { return fmt.Sprintf("(%d,%d)", c.Q, c.R) }

// Dir is one of the six neighbour directions, numbered as the shared edge
// index of spec §2.1 item 2: edge i of a space is shared with its neighbour
// in direction i.
type Dir int

// The six directions of a pointy-top map (§2.1 item 2).
const (
	NE Dir = iota // (+1, −1)
	E             // (+1,  0)
	SE            // ( 0, +1)
	SW            // (−1, +1)
	W             // (−1,  0)
	NW            // ( 0, −1)
)

// Dirs lists the six directions in edge-index order.
var Dirs = [6]Dir{NE, E, SE, SW, W, NW}

var dirOffset = [6]Coord{{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}}

var pointyDirNames = [6]string{"NE", "E", "SE", "SW", "W", "NW"}

// On a flat-top map the same axial offsets point the other way round the
// compass: (+1, −1) is north-east, (0, −1) north, and so on.
var flatDirNames = [6]string{"NE", "SE", "S", "SW", "NW", "N"}

// Offset is the axial step to the neighbour in direction d.
func (d Dir) Offset() Coord { return dirOffset[d] }

// Opposite is the direction pointing back.
func (d Dir) Opposite() Dir { return (d + 3) % 6 }

// Valid reports whether d is one of the six directions.
func (d Dir) Valid() bool { return d >= 0 && d < 6 }

// String names d as on a pointy-top map (NE, E, SE, SW, W, NW).
func (d Dir) String() string {
	if !d.Valid() {
		return fmt.Sprintf("Dir(%d)", int(d))
	}
	return pointyDirNames[d]
}

// Neighbor is the hex position next to c in direction d.
func (c Coord) Neighbor(d Dir) Coord {
	o := dirOffset[d]
	return Coord{c.Q + o.Q, c.R + o.R}
}

// Distance is the number of steps between two hex positions on an open grid,
// ignoring walls and missing spaces. It is a lower bound of Range.
func (c Coord) Distance(o Coord) int {
	dq, dr := c.Q-o.Q, c.R-o.R
	ds := -dq - dr
	return (abs(dq) + abs(dr) + abs(ds)) / 2
}

// Vertex is a positional vertex index of a pointy-top hex (§2.1 item 3).
// Edge i joins vertex i and vertex (i+1) mod 6.
type Vertex int

// The six vertices, clockwise from the top.
const (
	Top        Vertex = iota // T
	UpperRight               // UR
	LowerRight               // LR
	Bottom                   // B
	LowerLeft                // LL
	UpperLeft                // UL
)

var vertexNames = [6]string{"T", "UR", "LR", "B", "LL", "UL"}

// String gives the vertex's short name as the spec writes it (T, UR, …).
func (v Vertex) String() string {
	if v < 0 || v > 5 {
		return fmt.Sprintf("Vertex(%d)", int(v))
	}
	return vertexNames[v]
}

// Point is a position in the exact integer frame of §2.1 item 4: X grows
// eastward, Y southward. The frame is the true geometry scaled by √3/2 in X
// and 1/2 in Y, which keeps lines straight, intersections where they are and
// the order of points along a line.
type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

var vertexOffset = [6]Point{{0, -2}, {1, -1}, {1, 1}, {0, 2}, {-1, 1}, {-1, -1}}

// Centre is the centre of c in the integer frame: (2q + r, 3r).
func (c Coord) Centre() Point { return Point{2*c.Q + c.R, 3 * c.R} }

// Corner is vertex v of c in the integer frame.
func (c Coord) Corner(v Vertex) Point {
	o := vertexOffset[v]
	return Point{2*c.Q + c.R + o.X, 3*c.R + o.Y}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
