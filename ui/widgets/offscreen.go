package widgets

import (
	"bytes"
	"image"
	"image/draw"
	"io"
	"log"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// Offscreen draws the widget build makes as a picture of size pixels (1
// dp a pixel, smaller where it would not fit otherwise), with
// Fyne's software renderer, in the app's dark or light theme at Normal
// text, whatever theme the app's window shows: the board a phone or a TV
// at the table is shown is drawn by the very widget the app's screens
// draw, not by a second drawing.
//
// It needs no window and no display: where no Fyne app is current (a
// headless host, a command-line tool) it makes Fyne's test app current
// first, as the software renderer needs an app for its fonts. In the app
// it must run on the app's goroutine (fyne.Do), as every widget does.
//
// The widget is made by build while the picture's theme is current (a
// widget takes colours as it is made) and laid out at the picture's size;
// what it then draws past the picture's edges is drawn smaller, not cut.
// build must make a new widget each time: nothing of it is kept.
func Offscreen(build func() fyne.CanvasObject, size image.Point, dark bool) image.Image {
	if build == nil || size.X <= 0 || size.Y <= 0 {
		return nil
	}
	ensureApp()
	variant := "light"
	if dark {
		variant = "dark"
	}
	th := NewTableTheme(variant, 1)
	px := fyne.NewSize(float32(size.X), float32(size.Y))
	// Every theme lookup made while the picture is built and painted
	// must answer with th, not with the app's theme: the screens' own
	// widgets read theme.Color and theme.TextSize (not a theme given to
	// them), and setting the app's theme would repaint, and flash, every
	// window. Fyne answers lookups with an override's theme while it lays
	// out a ThemeOverride's content, so the picture is built (build runs
	// there: a widget takes colours as it is made) and painted there, in
	// the layout of an empty container. (An override put around the
	// widget itself would be too late for the colours it took when made,
	// and Fyne keeps the theme of every plain shape under an override for
	// good: a leak for each picture.)
	var img image.Image
	hook := container.New(&paintOnLayout{size: px, paint: func() {
		if obj := build(); obj != nil {
			img = paint(obj, px)
		}
	}})
	over := container.NewThemeOverride(hook, th)
	over.Resize(px)
	return img
}

// paint draws obj at px pixels on a software canvas, its background the
// theme's (called while the picture's theme is the current one). What
// is drawn past the picture's edge once laid out is drawn again smaller,
// down to leastScale, rather than cut: a widget's least size is no
// measure of that (columns of cards ask for the height of one column).
func paint(obj fyne.CanvasObject, px fyne.Size) image.Image {
	c := software.NewTransparentCanvas()
	c.SetPadded(false)
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	scale := float32(1)
	size := px
	c.Resize(size)
	c.SetContent(container.New(&fillLayout{}, bg, obj))
	for range 4 {
		settle(c, size)
		ext := extent(obj, fyne.Position{})
		if ext.Width <= size.Width+1 && ext.Height <= size.Height+1 {
			break
		}
		next := max(leastScale, scale*min(size.Width/ext.Width, size.Height/ext.Height))
		if next >= scale {
			break
		}
		scale = next
		c.SetScale(scale)
		size = fyne.NewSize(px.Width/scale, px.Height/scale)
	}
	img := c.Capture()
	// At a scale the picture may round a pixel off its size: exactly px.
	want := image.Rect(0, 0, int(px.Width), int(px.Height))
	if img.Bounds() == want {
		return img
	}
	out := image.NewNRGBA(want)
	draw.Draw(out, want, image.NewUniform(theme.Color(theme.ColorNameBackground)), image.Point{}, draw.Src)
	draw.Draw(out, want, img, img.Bounds().Min, draw.Over)
	return out
}

// settle lays the canvas out at size (SetContent grew it to its content's
// least size). A text that wraps knows its height only once laid out at
// its width, and a layout asks for that height only when laid out again:
// a window lays out again and again, the picture twice more.
func settle(c test.WindowlessCanvas, size fyne.Size) {
	c.Resize(size)
	for range 2 {
		c.Resize(size.SubtractWidthHeight(1, 1))
		c.Resize(size)
	}
}

// extent is how far what o draws reaches, laid out as it is, from o's
// parent's origin at at.
func extent(o fyne.CanvasObject, at fyne.Position) fyne.Size {
	if o == nil || !o.Visible() {
		return fyne.Size{}
	}
	at = at.Add(o.Position())
	var kids []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		kids = x.Objects
	case fyne.Widget:
		kids = test.WidgetRenderer(x).Objects()
	default:
		return fyne.NewSize(at.X+o.Size().Width, at.Y+o.Size().Height)
	}
	var out fyne.Size
	for _, k := range kids {
		out = out.Max(extent(k, at))
	}
	return out
}

// leastScale is the smallest a picture draws what needs more room than
// it has: text stays readable on a phone held close.
const leastScale = 0.5

// paintOnLayout calls paint once, the first time it is laid out at size.
type paintOnLayout struct {
	size  fyne.Size
	paint func()
	done  bool
}

func (l *paintOnLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	if l.done || size != l.size {
		return
	}
	l.done = true
	l.paint()
}

func (l *paintOnLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

// fillLayout gives every object the whole size and asks for none, so the
// picture keeps its size whatever its content's least size.
type fillLayout struct{}

func (fillLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}

func (fillLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

var appOnce sync.Once

// ensureApp makes Fyne's test app current where no app is (a headless
// host): the software renderer reads its fonts and sizes through it.
// Fyne logs a complaint when asked for an app it has none of: asking is
// how to find out, so that one complaint is left out of the log (any
// other line logged meanwhile is written on).
func ensureApp() {
	appOnce.Do(func() {
		out := log.Writer()
		var buf bytes.Buffer
		log.SetOutput(&buf)
		current := fyne.CurrentApp()
		log.SetOutput(out)
		if current == nil {
			test.NewApp()
		}
		skip := false
		for _, l := range strings.SplitAfter(buf.String(), "\n") {
			switch {
			case strings.Contains(l, "Attempt to access current Fyne app"):
				skip = true
				continue
			case skip && strings.Contains(l, "At: "):
				skip = false
				continue
			}
			_, _ = io.WriteString(out, l)
		}
	})
}
