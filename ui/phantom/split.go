package phantom

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// How a map and the controls beside it share a tab (Play, Enemy), by the
// room there is (issue 22): side by side on a landscape tablet; on a
// portrait one the map above the controls when each can have at least a
// third of the screen, else one at a time, the players switching with the
// header's map button. A fixed split squeezed the controls into a strip of
// 130 dp under the map at the largest text, where the place to enter a
// roll could not be found.

// splitMode is how a mapSplit is laid out now.
type splitMode int

const (
	splitWide  splitMode = iota // side by side
	splitBoth                   // the map above the controls
	splitPanel                  // the controls alone (the map hidden)
	splitMap                    // the map alone
)

// wantView is what the players asked to see on a narrow tab.
type wantView int

const (
	// wantBoth: the map and the controls when there is room for both,
	// else the controls.
	wantBoth wantView = iota
	wantPanel
	wantMap
)

// A mapSplit holds a map panel (objs[0]) and its controls (objs[1]).
type mapSplit struct {
	*fyne.Container
	l *mapSplitLayout
}

// newMapSplit lays mapPanel and side out. want is the map panel's height
// to show the whole map across a width (nil: half the height); onMode, if
// set, is told each time the arrangement changes, out of the layout (the
// screen then shows its switch and makes its side panel compact).
//
// screen is the window the split is shown in (nil: none known), whose
// canvas is the screen the third is taken of.
//
// wantWidth (nil: half the width) is the map panel's width to show the
// whole map down a height: side by side, the map takes that much (at
// most half), and the controls the rest.
func newMapSplit(screen fyne.Window, mapPanel, side fyne.CanvasObject, want, wantWidth func(float32) float32, onMode func(splitMode)) *mapSplit {
	l := &mapSplitLayout{want: want, wantWidth: wantWidth, onMode: onMode, screen: screen}
	c := container.New(l, mapPanel, side)
	l.box = c
	return &mapSplit{Container: c, l: l}
}

// Mode is the arrangement the split was last laid out in.
func (s *mapSplit) Mode() splitMode { return s.l.mode }

// View is what the players asked to see.
func (s *mapSplit) View() wantView { return s.l.view }

// Want asks for the map, the controls or both (on a narrow tab).
func (s *mapSplit) Want(v wantView) {
	if s.l.view == v {
		return
	}
	s.l.view = v
	s.Container.Refresh()
}

// NoMap lays the controls out alone while there is no map to show (no
// mission being played), whatever the width.
func (s *mapSplit) NoMap(none bool) {
	if s.l.noMap == none {
		return
	}
	s.l.noMap = none
	s.l.told = false // the screen's switch says whether there is a map
	s.Container.Refresh()
}

// RoomForBoth says whether the map and the controls each get a third of
// the screen at the height last laid out.
func (s *mapSplit) RoomForBoth() bool { return s.l.both }

// mapShare is the most of a stacked tab's height the map panel takes.
const mapShare = 0.8

type mapSplitLayout struct {
	want      func(width float32) float32
	wantWidth func(height float32) float32
	onMode    func(splitMode)
	box       *fyne.Container
	width     float32 // the width last laid out in; 0 before
	mode      splitMode
	view      wantView
	both      bool // room for both, narrow
	noMap     bool // no map to show
	told      bool // onMode was told once
	screen    fyne.Window
}

// fitsWide says whether the map and the controls lie side by side: by
// the width alone (a landscape tablet), never by what the controls hold
// now, or a step whose card is wider would move everything between taps.
func (l *mapSplitLayout) fitsWide(_ []fyne.CanvasObject, width float32) bool {
	return width >= sideBySideFrom
}

// third is a third of the screen's height (the window's canvas, where the
// window is the screen), the least a scroll holding a step's controls
// gets; 0 when no window is known.
func (l *mapSplitLayout) third() float32 {
	if l.screen == nil || l.screen.Canvas() == nil {
		return 0
	}
	return l.screen.Canvas().Size().Height/3 + 1
}

func (l *mapSplitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	pad := theme.Padding()
	m, s := objs[0], objs[1]
	mode := splitWide
	third := l.third()
	switch {
	case l.noMap:
		mode = splitPanel
	case !l.fitsWide(objs, size.Width):
		l.both = size.Height >= 2*third+pad
		switch {
		case l.view == wantPanel:
			mode = splitPanel
		case l.both:
			mode = splitBoth
		case l.view == wantMap:
			mode = splitMap
		default:
			mode = splitPanel
		}
	}
	// Told last: a screen's changes may lay the split out again at
	// once (in tests fyne.Do runs here and now), and this layout must not
	// then size the panels over that one.
	defer l.tell(mode, m, s)
	switch mode {
	case splitWide:
		// As widgets.NewAdaptive: equal shares, or each its least and
		// an equal part of what is left.
		avail := size.Width - pad
		mw := avail / 2
		if l.wantWidth != nil {
			mw = min(mw, max(l.wantWidth(size.Height), m.MinSize().Width))
		}
		// The controls' least width first (a card's row of buttons), the
		// map then taking what is left, down to its own least.
		if b := s.MinSize().Width; b > avail-mw {
			mw = max(avail-b, min(m.MinSize().Width, avail/2))
		}
		m.Move(fyne.NewPos(0, 0))
		m.Resize(fyne.NewSize(mw, size.Height))
		s.Move(fyne.NewPos(mw+pad, 0))
		s.Resize(fyne.NewSize(avail-mw, size.Height))
		return
	case splitPanel:
		s.Move(fyne.NewPos(0, 0))
		s.Resize(size)
		return
	case splitMap:
		m.Move(fyne.NewPos(0, 0))
		m.Resize(size)
		return
	}
	avail := size.Height - pad
	mh := avail / 2
	if l.want != nil {
		mh = min(l.want(size.Width), avail*mapShare)
	}
	mh = min(mh, avail-max(third, s.MinSize().Height))
	mh = max(mh, m.MinSize().Height)
	m.Move(fyne.NewPos(0, 0))
	m.Resize(fyne.NewSize(size.Width, mh))
	s.Move(fyne.NewPos(0, mh+pad))
	s.Resize(fyne.NewSize(size.Width, max(0, avail-mh)))
}

// tell shows and hides the panels for a new arrangement and tells the
// screen, out of the layout.
func (l *mapSplitLayout) tell(mode splitMode, m, s fyne.CanvasObject) {
	if mode == l.mode && l.told {
		return
	}
	l.mode, l.told = mode, true
	fyne.Do(func() {
		show := func(o fyne.CanvasObject, on bool) {
			if on && !o.Visible() {
				o.Show()
			} else if !on && o.Visible() {
				o.Hide()
			}
		}
		show(m, l.mode != splitPanel)
		show(s, l.mode != splitMap)
		if l.onMode != nil {
			l.onMode(l.mode)
		}
		l.box.Refresh()
	})
}

func (l *mapSplitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	a, b := objs[0].MinSize(), objs[1].MinSize()
	w := max(a.Width, b.Width)
	if l.width > w+1 && !l.fitsWide(objs, l.width) && l.mode == splitBoth {
		return fyne.NewSize(w, a.Height+theme.Padding()+b.Height)
	}
	// Side by side, one at a time, or not laid out where the players see
	// it yet.
	return fyne.NewSize(w, max(a.Height, b.Height))
}
