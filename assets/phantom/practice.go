// Package phantom holds Phantom Epoch's data files that are ours to ship:
// the practice content set, made up for this app (its names, numbers and
// texts are invented; none is a printed card), in the game's own content
// file format, so it is read and checked exactly like a group's own file.
// It imports nothing of Fyne, so the tracker and its tests can read it.
package phantom

import _ "embed"

// Practice is the practice content set: a small map of 30 spaces (walls,
// a hazard, objects, difficult terrain, entry points), two adversary types
// with their species and class cards, two character species and classes
// with their cards, gear and items, the dice faces and one mission.
//
//go:embed practice.json
var Practice []byte
