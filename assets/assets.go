// Package assets holds the files embedded in the app: its icon, and data
// files the games ship that are ours to ship (never card or storybook text).
package assets

import (
	_ "embed"

	"fyne.io/fyne/v2"
)

// icon.png is drawn by icon_gen.go at 1024×1024, the size iOS's App
// Store asks for (FyneApp.toml's Icon; Fyne scales it down elsewhere).
//
//go:generate go run icon_gen.go
//go:embed icon.png
var iconPNG []byte

// Icon is the app's icon: a tablet with ruled lines and a red die.
var Icon = fyne.NewStaticResource("icon.png", iconPNG)

// window-icon.png is the icon again at 256×256 (icon_gen.go draws both),
// for the window: a window's icon is never shown larger, and the window
// decodes it and hands it to the display before it first shows, which at
// 1024×1024 meant 4 MB of pixels decoded and as much again sent to an X
// server on every start.
//
//go:embed window-icon.png
var windowIconPNG []byte

// WindowIcon is Icon at the size a window shows it.
var WindowIcon = fyne.NewStaticResource("window-icon.png", windowIconPNG)
