// Package reich holds the Reichbusters: Projekt Vril files the app ships
// that are ours to ship. It is plain Go (no Fyne), so the rules' tests
// read the same bytes the app does.
package reich

import _ "embed"

// Practice is the practice content set, in the game's content file format:
// a small map, a faction card, spawn and noise cards, a mission and two
// heroes, all made up for this app to try it with — not the printed cards.
// It is read through the same parser and checks as any content file.
//
//go:embed practice.json
var Practice []byte
