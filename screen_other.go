//go:build android || ios || mobile || wasm || js || test_web_driver

package main

import "fyne.io/fyne/v2"

// screenArea: a phone's or tablet's app is the whole screen; there is no
// window to shape.
func screenArea() (fyne.Size, bool) { return fyne.Size{}, false }
