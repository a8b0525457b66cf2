package widgets

import (
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/widget"
)

// DefaultHold is how long a HoldButton must be held.
const DefaultHold = 1200 * time.Millisecond

// A HoldButton acts only when pressed and held for Hold: a stray tap while
// the tablet is passed around does nothing but say to hold it. It guards
// deleting a campaign and unlocking the table.
type HoldButton struct {
	widget.Button
	Hold   time.Duration
	OnHeld func()
	// OnHint is told, on a plain tap, that the button must be held.
	OnHint func(string)

	mu    sync.Mutex
	timer Timer
	label string
	// held is set when a hold acted, so the tap that ends it stays quiet.
	held bool
}

// NewHoldButton makes a HoldButton with a label and what it does.
func NewHoldButton(label string, onHeld func()) *HoldButton {
	b := &HoldButton{Hold: DefaultHold, OnHeld: onHeld, label: label}
	b.Text = label
	b.ExtendBaseWidget(b)
	return b
}

// MinSize is at least MinTouch on each side.
func (b *HoldButton) MinSize() fyne.Size {
	return b.Button.MinSize().Max(fyne.NewSquareSize(MinTouch))
}

// Tapped only explains: the action needs a hold.
func (b *HoldButton) Tapped(*fyne.PointEvent) {
	b.mu.Lock()
	held := b.held
	b.held = false
	b.mu.Unlock()
	if !held && b.OnHint != nil {
		b.OnHint("Hold “" + b.label + "” for a moment to confirm")
	}
}

// MouseDown starts the hold.
func (b *HoldButton) MouseDown(*desktop.MouseEvent) { b.press() }

// MouseUp ends the hold early.
func (b *HoldButton) MouseUp(*desktop.MouseEvent) { b.release() }

// TouchDown starts the hold.
func (b *HoldButton) TouchDown(*mobile.TouchEvent) { b.press() }

// TouchUp ends the hold early.
func (b *HoldButton) TouchUp(*mobile.TouchEvent) { b.release() }

// TouchCancel ends the hold early.
func (b *HoldButton) TouchCancel(*mobile.TouchEvent) { b.release() }

func (b *HoldButton) press() {
	if b.Disabled() {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.timer != nil {
		b.timer.Stop()
	}
	b.held = false
	b.SetText("Keep holding…")
	// The timer's function runs on the window's thread (see Schedule): it
	// acts on the screen, which only that thread may touch.
	var t Timer
	t = After(b.Hold, func() {
		b.mu.Lock()
		current := b.timer == t
		if current {
			b.timer = nil
		}
		b.held = current
		b.mu.Unlock()
		if !current {
			return
		}
		b.SetText(b.label)
		if b.OnHeld != nil {
			b.OnHeld()
		}
	})
	b.timer = t
}

func (b *HoldButton) release() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.timer != nil {
		b.timer.Stop()
		b.timer = nil
		b.SetText(b.label)
	}
}

var (
	_ desktop.Mouseable = (*HoldButton)(nil)
	_ mobile.Touchable  = (*HoldButton)(nil)
)
