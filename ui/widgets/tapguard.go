package widgets

import (
	"reflect"
	"runtime"
	"sync"
	"time"
	"weak"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// DefaultTapHold is how long a control that takes the place of one just
// tapped ignores taps in the app: longer than the gap between the two taps
// of a double tap (about 100–300 ms), shorter than a player takes to read
// what appeared and decide to tap it.
const DefaultTapHold = 450 * time.Millisecond

// TapHold is how long the tap guard holds (0: off). The app turns it on
// (ui.Run); tests that tap faster than any finger leave it off, and
// uitest.TapTwice turns it on for its two taps.
var TapHold time.Duration

// The tap guard: a finger that taps twice (a double tap, a bounce, an
// impatient second tap) must not take two steps, nor act on something the
// first tap put under it. Double-tapping "End Mara Voss's turn" also
// played the enemy turn, because the next step's button appeared where
// the first had been.
//
// Every tap a guarded control takes is recorded: what it was and where it
// stood. For TapHold after it, a tap on a control that overlaps that place
// is ignored, unless it is the same control and one made for quick
// repeated taps (a stepper's − and +: three quick taps add three; see
// Repeatable). So a step button takes one step however it is double
// tapped, and a button that appears, moves or changes its words under the
// finger ignores taps for a moment, in every game, without the game doing
// anything: GuardCanvas wraps the action of every plain button on the
// screen (the frame runs it again after each guarded tap, each change of
// the campaign, each tab, dialog and screen). A game's own tappable widget
// calls AllowTap (or AllowRepeatTap) first thing in its Tapped. Buttons
// that change the game irreversibly keep their hold (HoldButton), which no
// double tap can trigger.
var taps = struct {
	sync.Mutex
	last tapRecord
	now  func() time.Time
}{now: time.Now}

type tapRecord struct {
	obj    fyne.CanvasObject
	words  string
	repeat bool
	area   Rect
	at     time.Time
}

// SetTapClock replaces the tap guard's clock, for tests; nil puts the
// wall clock back.
func SetTapClock(now func() time.Time) {
	taps.Lock()
	defer taps.Unlock()
	if now == nil {
		now = time.Now
	}
	taps.now = now
}

// ForgetTaps forgets the last tap, so the next one is taken whatever it
// lands on (tests, and a new screen built by the app itself).
func ForgetTaps() {
	taps.Lock()
	taps.last = tapRecord{}
	taps.Unlock()
}

// tapWords is what a control says, for telling a control that changed its
// words (a step button that became the next step's) from one tapped again.
func tapWords(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Button:
		w := x.Text
		if x.Icon != nil {
			w += "\x00" + x.Icon.Name()
		}
		return w
	case interface{ TapWords() string }:
		return x.TapWords()
	}
	return ""
}

// AllowTap says whether a tap on o is to be taken, and records it if so.
// A game's own tappable widget calls it first thing in Tapped:
//
//	func (s *space) Tapped(*fyne.PointEvent) {
//		if !widgets.AllowTap(s) {
//			return
//		}
//		…
//	}
func AllowTap(o fyne.CanvasObject) bool { return allowTap(o, false) }

// AllowRepeatTap is AllowTap for a control made to be tapped quickly
// again and again (a counter's − and +): the same control takes every tap,
// as long as its words stay the same. A widget can implement
// TapWords() string to say what it shows.
func AllowRepeatTap(o fyne.CanvasObject) bool { return allowTap(o, true) }

func allowTap(o fyne.CanvasObject, repeat bool) bool {
	var c fyne.Canvas
	var area Rect
	if pos, ok := CanvasPosition(o); ok {
		c = fyne.CurrentApp().Driver().CanvasForObject(o)
		area = Rect{pos, o.Size()}
	}
	words := tapWords(o)
	taps.Lock()
	now := taps.now()
	last := taps.last
	again := last.obj == o && last.repeat && repeat && last.words == words
	if TapHold > 0 && last.obj != nil && now.Sub(last.at) < TapHold && !area.Empty() &&
		!area.Intersect(last.area).Empty() && !again {
		taps.Unlock()
		return false
	}
	taps.last = tapRecord{obj: o, words: words, repeat: repeat, area: area, at: now}
	taps.Unlock()
	// A tap elsewhere answers the last answer: its bubble goes.
	if c != nil {
		DismissFeedback(c)
	}
	return true
}

// GuardCanvas puts the tap guard on every plain button canvas c shows
// (its content and its pop-ups) that does not have it yet. It is cheap:
// the frame runs it after anything that may have put new buttons on the
// screen. With TapHold off it does nothing.
func GuardCanvas(c fyne.Canvas) {
	if TapHold <= 0 || c == nil {
		return
	}
	WalkCanvas(c, func(v Visit) bool {
		if b, ok := v.Object.(*widget.Button); ok {
			guardButton(b)
		}
		return true
	})
}

// GuardObject is GuardCanvas for the canvas showing o (if any).
func GuardObject(o fyne.CanvasObject) {
	if TapHold <= 0 || o == nil || fyne.CurrentApp() == nil {
		return
	}
	GuardCanvas(fyne.CurrentApp().Driver().CanvasForObject(o))
}

// Repeatable marks b as a control made for quick repeated taps (a
// counter's − or +): tapped again at once it takes the tap, where any
// other button would ignore it (see AllowRepeatTap). Count.Display and
// Stepper mark their buttons.
func Repeatable(b *widget.Button) {
	if b == nil {
		return
	}
	k := weak.Make(b)
	if _, ok := repeatable.LoadOrStore(k, struct{}{}); !ok {
		// The mark goes with the button: screens make new ones on every
		// refresh.
		runtime.AddCleanup(b, func(k weak.Pointer[widget.Button]) { repeatable.Delete(k) }, k)
	}
}

// repeatable holds the buttons marked Repeatable, weakly.
var repeatable sync.Map // weak.Pointer[widget.Button] → struct{}

func isRepeatable(b *widget.Button) bool {
	_, ok := repeatable.Load(weak.Make(b))
	return ok
}

// guardButton wraps b's action in the tap guard, once.
func guardButton(b *widget.Button) {
	if b.OnTapped == nil || isGuarded(b.OnTapped) {
		return
	}
	b.OnTapped = guarded(b, b.OnTapped)
}

// guarded is b's action behind the tap guard; after it runs, what it put
// on the screen is guarded too, before the finger's next tap. It is never
// inlined, so every action it makes shares one code pointer, which
// isGuarded compares (Go cannot compare funcs).
//
//go:noinline
func guarded(b *widget.Button, action func()) func() {
	return func() {
		if !allowTap(b, isRepeatable(b)) {
			return
		}
		action()
		if a := fyne.CurrentApp(); a != nil {
			// The action may have changed the window's content: b is
			// then on no canvas; guard every window's.
			for _, w := range a.Driver().AllWindows() {
				GuardCanvas(w.Canvas())
			}
		}
	}
}

var guardedCode uintptr

func init() { guardedCode = reflect.ValueOf(guarded(nil, nil)).Pointer() }

func isGuarded(fn func()) bool { return reflect.ValueOf(fn).Pointer() == guardedCode }
