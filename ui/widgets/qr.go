package widgets

import (
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
	qrcode "github.com/skip2/go-qrcode"
)

// A QRCode shows a text (an address) as a QR code a phone's camera reads
// across a table: black modules on white with the quiet zone around them,
// whatever the app's theme (cameras read dark on light, and a dark theme's
// inverted code is refused by many), each module a whole number of
// pixels so its edges stay sharp at any size.
type QRCode struct {
	widget.BaseWidget
	text string
	bits [][]bool
	// Side is its least width and height.
	Side float32
	ras  *canvas.Raster
}

// NewQRCode makes a QR code of text at least side wide. The text must
// fit a QR code (an address does); an error says when it does not.
func NewQRCode(text string, side float32) (*QRCode, error) {
	q := &QRCode{Side: side}
	q.ExtendBaseWidget(q)
	if err := q.SetText(text); err != nil {
		return nil, err
	}
	return q, nil
}

// SetText shows another text.
func (q *QRCode) SetText(text string) error {
	// Medium recovers from 15 % damage: a glare on the tablet's glass,
	// a finger on its corner.
	c, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return err
	}
	q.text, q.bits = text, c.Bitmap()
	q.Refresh()
	return nil
}

// Text is what the code holds.
func (q *QRCode) Text() string { return q.text }

// Modules is the code's side in modules, its quiet zone included.
func (q *QRCode) Modules() int { return len(q.bits) }

// Dark says whether the module at column x, row y is black.
func (q *QRCode) Dark(x, y int) bool { return q.bits[y][x] }

// CreateRenderer draws the code as a raster made at the screen's pixels.
func (q *QRCode) CreateRenderer() fyne.WidgetRenderer {
	q.ras = canvas.NewRaster(q.picture)
	q.ras.ScaleMode = canvas.ImageScalePixels
	bg := canvas.NewRectangle(color.White)
	return &qrRenderer{q: q, bg: bg}
}

// picture draws the modules at w×h pixels: the largest whole module size
// that fits, centred on white.
func (q *QRCode) picture(w, h int) image.Image {
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	n := len(q.bits)
	if n == 0 {
		return img
	}
	m := min(w, h) / n
	if m < 1 {
		return img
	}
	x0, y0 := (w-m*n)/2, (h-m*n)/2
	for y, row := range q.bits {
		for x, dark := range row {
			if !dark {
				continue
			}
			for py := y0 + y*m; py < y0+(y+1)*m; py++ {
				off := py*img.Stride + x0 + x*m
				for px := 0; px < m; px++ {
					img.Pix[off+px] = 0
				}
			}
		}
	}
	return img
}

type qrRenderer struct {
	q  *QRCode
	bg *canvas.Rectangle
}

func (r *qrRenderer) Layout(size fyne.Size) {
	side := fyne.Min(size.Width, size.Height)
	pos := fyne.NewPos((size.Width-side)/2, (size.Height-side)/2)
	for _, o := range []fyne.CanvasObject{r.bg, r.q.ras} {
		o.Move(pos)
		o.Resize(fyne.NewSquareSize(side))
	}
}

func (r *qrRenderer) MinSize() fyne.Size { return fyne.NewSquareSize(r.q.Side) }

func (r *qrRenderer) Refresh() { r.q.ras.Refresh() }

func (r *qrRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg, r.q.ras} }

func (r *qrRenderer) Destroy() {}
