// Package assets holds the files embedded in the app: its icon, and data
// files the games ship that are ours to ship (never card or storybook text).
package assets

import (
	_ "embed"

	"fyne.io/fyne/v2"
)

// icon.png is the app's icon (a tablet with ruled lines and a red die),
// drawn by icon_gen.go at 1024×1024, the size iOS's App Store asks for:
// FyneApp.toml names it for packaging, which scales it down elsewhere.
// The program itself does not carry it.
//
//go:generate go run icon_gen.go

// window-icon.png is the icon again at 256×256 (icon_gen.go draws both),
// for the window: a window's icon is never shown larger, and the window
// decodes it and hands it to the display before it first shows, which at
// 1024×1024 meant 4 MB of pixels decoded and as much again sent to an X
// server on every start.
//
//go:embed window-icon.png
var windowIconPNG []byte

// WindowIcon is the app's icon at the size a window shows it.
var WindowIcon = fyne.NewStaticResource("window-icon.png", windowIconPNG)
