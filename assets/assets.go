// Package assets holds the files embedded in the app: its icon, and data
// files the games ship that are ours to ship (never card or storybook text).
package assets

import (
	_ "embed"

	"fyne.io/fyne/v2"
)

//go:embed icon.png
var iconPNG []byte

// Icon is the app's icon: a tablet with ruled lines and a red die.
var Icon = fyne.NewStaticResource("icon.png", iconPNG)
