package alone

import (
	"fmt"
	"regexp"

	"tablekeeper/automa/alone"
)

// gridID matches the ids the map editor gives: the Level, a column letter
// and a row number ("1B2").
var gridID = regexp.MustCompile(`^([12])([A-Z])([0-9]{1,2})$`)

// SectorLabel is a Sector as the players find it on their Map: its Level
// and square ("Level 1, B2"), and its Room's name.
func SectorLabel(s *alone.Sector) string {
	if s == nil {
		return ""
	}
	l := fmt.Sprintf("Level %d, %s", s.Level, s.ID)
	if m := gridID.FindStringSubmatch(s.ID); m != nil {
		l = fmt.Sprintf("Level %s, %s%s", m[1], m[2], m[3])
	}
	if s.Room != "" {
		l += " (" + s.Room + ")"
	}
	return l
}

// GridPos is where a Sector sits on its Level's grid, when its id is one
// the map editor gave (column, row from 0).
func GridPos(id string) (x, y int, ok bool) {
	m := gridID.FindStringSubmatch(id)
	if m == nil {
		return 0, 0, false
	}
	var row int
	fmt.Sscan(m[3], &row)
	return int(m[2][0] - 'A'), row - 1, row >= 1
}

// GridID is the id of the square at (x, y) on a Level.
func GridID(level, x, y int) string { return fmt.Sprintf("%d%c%d", level, 'A'+x, y+1) }
