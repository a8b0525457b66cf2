package reich

import (
	"fmt"

	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// These checks are the §13 rules about the enemy side's state that the
// tracker applies to hand edits; the engine keeps them on its own.

// CheckDoorChange is V-14: doors only ever open further. A hero goes
// locked → closed (no keys), closed → open, or locked → open (keys); a
// patrol may open a locked door. Nothing goes back to closed or locked.
func CheckDoorChange(from, to content.DoorState) error {
	if !from.Valid() || !to.Valid() {
		return fmt.Errorf("a door is locked, closed or open (got %q → %q)", from, to)
	}
	switch {
	case from == to:
		return fmt.Errorf("the door is already %s", to)
	case from == content.Open:
		return fmt.Errorf("an open door can never be closed again (V-14)")
	case to == content.Locked:
		return fmt.Errorf("a door can never be locked again (V-14)")
	}
	return nil
}

// CheckPlacement is V-21 and V-22 for a miniature placed by hand: over the
// "#" limit, or a second Unique unit, is refused (automated spawns clamp).
func CheckPlacement(f *content.Faction, code string, onBoard, placedEver int, set Settings) error {
	t := f.Unit(code)
	if t == nil {
		return fmt.Errorf("unit code %q is not on the faction card (V-23)", code)
	}
	if t.Unique() && placedEver > 0 {
		return fmt.Errorf("%s is Unique and has already been placed this game (V-22)", t.Name)
	}
	used := onBoard
	if set.CapIsLifetime {
		used = placedEver
	}
	if used+1 > t.Max {
		return fmt.Errorf("all %d %s miniatures are in use: the faction card's # limit is reached (V-21)", t.Max, t.Name)
	}
	return nil
}

// CheckAwarenessEdit is V-24 and V-45 for a room's awareness set by hand:
// 0–2, never after the alarm, and a room with no spawn tokens and no enemy
// units is clamped to at ease. It returns the level to store.
func CheckAwarenessEdit(phase string, level content.Awareness, occupied bool) (content.Awareness, error) {
	if phase == PostAlarm {
		return 0, fmt.Errorf("awareness is not tracked after the alarm (V-45)")
	}
	if !level.Valid() {
		return 0, fmt.Errorf("awareness must be 0 (at ease), 1 (suspicious) or 2 (alert), got %d (V-24)", int(level))
	}
	if !occupied {
		return content.AtEase, nil
	}
	return level, nil
}

// CheckClearedToken is V-25: in the core game at most one cleared token per
// room, never in a room holding enemy units; the alien world places none.
func CheckClearedToken(phase string, alreadyCleared bool, enemyUnits int) error {
	switch {
	case phase == AlienWorld:
		return fmt.Errorf("in the alien world no cleared tokens are placed; spawn tokens flip instead (V-25)")
	case alreadyCleared:
		return fmt.Errorf("the room already has its cleared token (V-25)")
	case enemyUnits > 0:
		return fmt.Errorf("a cleared token cannot go in a room holding enemy units (V-25)")
	}
	return nil
}

// CheckPatrolDoor is V-43: a door a patrol may come through is closed
// (locked or not), not an exit, has a side whose room is not cleared and
// holds no hero, and does not have a hero on both sides.
func (s *Situation) CheckPatrolDoor(doorID string) error {
	b, err := board.New(&s.Map)
	if err != nil {
		return err
	}
	d, ok := b.DoorIndex(doorID)
	if !ok {
		return fmt.Errorf("door %q is not on the map", doorID)
	}
	w := newWorld(s, b, nil)
	w.staleCleared()
	if !w.doors[d].Shut() {
		return fmt.Errorf("door %s is open; patrols come through closed doors (V-43)", doorID)
	}
	if s.Map.Doors[d].Exit {
		return fmt.Errorf("door %s is an exit; patrols never use exits (V-43)", doorID)
	}
	sides := b.DoorSides(d)
	hero := [2]bool{len(w.heroesIn(sides[0])) > 0, len(w.heroesIn(sides[1])) > 0}
	if hero[0] && hero[1] {
		return fmt.Errorf("door %s has a hero on both sides (V-43)", doorID)
	}
	for i, a := range sides {
		if !hero[i] && !w.rooms[b.Room(a)].Cleared {
			return nil
		}
	}
	return fmt.Errorf("door %s has no side a patrol can come from: a cleared room or a hero on each side (V-43)", doorID)
}

// CheckNoiseTarget is V-42: a noise card aimed at the nearest at-ease room
// may only pick a room holding a spawn token or an enemy unit.
func (s *Situation) CheckNoiseTarget(room string) error {
	b, err := board.New(&s.Map)
	if err != nil {
		return err
	}
	if len(b.RoomAreas(room)) == 0 {
		return fmt.Errorf("room %q is not on the map", room)
	}
	w := newWorld(s, b, nil)
	if w.rooms[room].Awareness != content.AtEase {
		return fmt.Errorf("room %s is not at ease", room)
	}
	if len(w.tokensInRoom(room)) == 0 && w.unitsInRoom(room) == 0 {
		return fmt.Errorf("room %s holds no spawn token and no enemy unit, so a noise card cannot pick it (V-42)", room)
	}
	return nil
}

// CanEscape is the end-of-game check for one hero (§5.7): once a hero has
// left the map, can this one reach an exit with unlimited movement without
// entering an area that holds an enemy unit? Closed doors are passable
// unless the house rule escapeThroughClosedDoors is off.
func (s *Situation) CanEscape(heroID string) (bool, error) {
	b, err := board.New(&s.Map)
	if err != nil {
		return false, err
	}
	w := newWorld(s, b, nil)
	h := w.heroByID(heroID)
	if h == nil || h.Escaped {
		return false, fmt.Errorf("hero %q is not on the map", heroID)
	}
	if _, ok := b.Index(h.Area); !ok {
		return false, fmt.Errorf("hero %s: area %q is not on the map", heroID, h.Area)
	}
	var exits []int
	for _, e := range s.Map.Exits {
		exits = append(exits, b.MustIndex(e))
	}
	enemy := make([]bool, b.Len())
	for _, u := range w.liveUnits() {
		enemy[u.area] = true
	}
	var doors []content.DoorState
	if !s.Settings.EscapeThroughClosedDoors {
		doors = w.doors
	}
	return b.CanEscape(w.heroArea(h), exits, enemy, doors), nil
}
