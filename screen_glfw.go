//go:build !android && !ios && !mobile && !wasm && !js && !test_web_driver

package main

import (
	"math"
	"os"
	"strconv"

	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// screenArea is the room on the primary monitor a window may take (less
// the desktop's panels), in Fyne's units, so the first window fits the
// screen it opens on in that screen's shape (an 800×1280 screen opened a
// 1280×800 window, its right third off the screen). Fyne does not tell
// the app; the GLFW library its desktop driver runs on does. It is called
// on the main thread after the window is made (GLFW is then initialised)
// and reports false when it cannot tell.
func screenArea() (area fyne.Size, ok bool) {
	defer func() {
		if recover() != nil { // a GLFW error: no monitor to ask
			area, ok = fyne.Size{}, false
		}
	}()
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return fyne.Size{}, false
	}
	mode := m.GetVideoMode()
	if mode == nil || mode.Width <= 0 || mode.Height <= 0 {
		return fyne.Size{}, false
	}
	w, h := mode.Width, mode.Height
	if _, _, ww, wh := m.GetWorkarea(); ww > 0 && wh > 0 {
		w, h = ww, wh
	}
	mm, _ := m.GetPhysicalSize()
	scale := fyneScale(mm, mode.Width)
	return fyne.NewSize(float32(w)/scale, float32(h)/scale), true
}

// fyneScale is the scale Fyne's desktop driver draws at on a monitor of
// widthMM millimetres and widthPx pixels: its pixels per unit, from the
// screen's density (120 dpi is 1) times the user's FYNE_SCALE or setting,
// to a tenth, as the driver computes it.
func fyneScale(widthMM, widthPx int) float32 {
	detected := float32(1)
	if widthMM > 0 {
		dpi := float32(widthPx) / (float32(widthMM) / 25.4)
		if dpi > 1000 || dpi < 10 {
			dpi = 120
		}
		detected = max(dpi/120, 1)
	}
	user := float32(1)
	if env := os.Getenv("FYNE_SCALE"); env != "" && env != "auto" {
		if s, err := strconv.ParseFloat(env, 32); err == nil && s > 0 {
			user = float32(s)
		}
	} else if a := fyne.CurrentApp(); env != "auto" && a != nil && a.Settings().Scale() > 0 {
		user = a.Settings().Scale()
	}
	return float32(math.Round(float64(detected*user*10)) / 10)
}
