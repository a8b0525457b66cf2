//go:build ignore

// icon_gen draws the app's icon, icon.png, at 1024×1024 (what iOS's App
// Store asks for; Fyne, Android and Windows scale it down), and the same
// at 256×256, window-icon.png, for the window (assets.WindowIcon): a tablet with
// ruled lines and a red die on a dark ground. The shapes are given on the
// 512-unit grid the first icon was drawn on, so this draws that icon
// again, sharp at any size. Run from assets/: go generate (or
// go run icon_gen.go).
package main

import (
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
)

const (
	grid = 512 // the units the shapes are given in
	ss   = 4   // samples per pixel along each axis, for smooth edges
)

var (
	ground = color.NRGBA{0x1D, 0x2B, 0x36, 0xFF}
	tablet = color.NRGBA{0xE8, 0xB0, 0x4A, 0xFF}
	die    = color.NRGBA{0xC8, 0x55, 0x3D, 0xFF}
)

// A shape says whether a point (in grid units) is inside it.
type shape func(x, y float64) bool

func rect(x0, y0, x1, y1 float64) shape {
	return func(x, y float64) bool { return x >= x0 && x < x1 && y >= y0 && y < y1 }
}

func roundRect(x0, y0, x1, y1, r float64) shape {
	return func(x, y float64) bool {
		if x < x0 || x >= x1 || y < y0 || y >= y1 {
			return false
		}
		cx := math.Max(x0+r, math.Min(x, x1-r))
		cy := math.Max(y0+r, math.Min(y, y1-r))
		return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
	}
}

func circle(cx, cy, r float64) shape {
	return func(x, y float64) bool { return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r }
}

// layers are painted in order, each over what is below it.
var layers = []struct {
	s shape
	c color.NRGBA
}{
	{roundRect(96, 120, 417, 393, 29), tablet},
	{rect(136, 170, 377, 191), ground}, // the ruled lines
	{rect(136, 230, 377, 251), ground},
	{rect(136, 290, 301, 311), ground},
	{circle(380.5, 330.5, 38.5), die},
}

func main() {
	write("icon.png", 1024)
	write("window-icon.png", 256)
}

// write draws the icon side pixels square into the file name.
func write(name string, side int) {
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	unit := float64(grid) / float64(side)
	for py := 0; py < side; py++ {
		for px := 0; px < side; px++ {
			var r, g, b float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/ss) * unit
					y := (float64(py) + (float64(sy)+0.5)/ss) * unit
					c := ground
					for _, l := range layers {
						if l.s(x, y) {
							c = l.c
						}
					}
					r, g, b = r+float64(c.R), g+float64(c.G), b+float64(c.B)
				}
			}
			n := float64(ss * ss)
			img.SetNRGBA(px, py, color.NRGBA{uint8(r/n + 0.5), uint8(g/n + 0.5), uint8(b/n + 0.5), 0xFF})
		}
	}
	f, err := os.Create(name)
	if err != nil {
		log.Fatal(err)
	}
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(f, img); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}
