// Package content holds the practice content sets the app ships: made up
// for Tablekeeper (names, numbers and texts invented, never the printed
// cards), in each game's own content-file format, so a new player can try a
// game at once. The app reads them through the same parser and validation
// as a set the players enter or import. The package has no Fyne in it, so
// the trackers' tests can read the sets too.
package content

import _ "embed"

// AlonePractice is Alone's practice set: a two-Level Map with Stairs and
// named Rooms, three Mission cards, Item cards, two Characters and eight
// Reaction cards, all made up.
//
//go:embed alone-practice.json
var AlonePractice []byte
