package widgets

import (
	"image"
	"strings"
	"testing"

	qrcode "github.com/skip2/go-qrcode"
)

// TestQRCodeDrawsEveryModuleWhole: the picture at any size holds the
// code's modules as whole squares of one size, centred, black on white,
// the quiet zone white, so a camera reads it as the encoder made it.
func TestQRCodeDrawsEveryModuleWhole(t *testing.T) {
	text := "http://192.168.1.20:41947/#join=f_0SlCiKD0Djx-VHnjh0mg"
	q, err := NewQRCode(text, 300)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := qrcode.New(text, qrcode.Medium)
	bits := want.Bitmap()
	if q.Modules() != len(bits) || q.Text() != text {
		t.Fatalf("%d modules, %q", q.Modules(), q.Text())
	}
	for _, side := range []int{300, 347, 555, 1024} {
		img := q.picture(side, side+13).(*image.Gray)
		n := len(bits)
		m := side / n
		x0, y0 := (side-m*n)/2, (side+13-m*n)/2
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				for py := y0 + y*m; py < y0+(y+1)*m; py++ {
					for px := x0 + x*m; px < x0+(x+1)*m; px++ {
						if dark := img.GrayAt(px, py).Y == 0; dark != bits[y][x] {
							t.Fatalf("at %d px: module %d,%d is drawn %v at %d,%d", side, x, y, dark, px, py)
						}
					}
				}
			}
		}
		// Beyond the code, white.
		for _, p := range []image.Point{{0, 0}, {side - 1, side + 12}, {x0 - 1, y0}, {x0 + m*n, y0 + m*n}} {
			if p.X >= 0 && p.Y >= 0 && img.GrayAt(p.X, p.Y).Y != 0xff {
				t.Fatalf("at %d px: %v is not white", side, p)
			}
		}
	}
	// The quiet zone: four modules of white round the code.
	for i := 0; i < len(bits); i++ {
		for j := 0; j < 4; j++ {
			if bits[j][i] || bits[i][j] || bits[len(bits)-1-j][i] || bits[i][len(bits)-1-j] {
				t.Fatal("no quiet zone")
			}
		}
	}
	if _, err := NewQRCode(strings.Repeat("x", 5000), 300); err == nil {
		t.Fatal("a text no QR code holds was taken")
	}
}
