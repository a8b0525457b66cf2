package shell

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/widgets"
)

// Chrome is the campaign frame's layout around a game's tabs: one header
// row (Home, the campaign's name and where it stands, Note, Undo, Redo,
// Lock) with the clocks beside it, or under it when the row is too narrow
// for both; the tabs; and a message line of fixed height at the bottom.
// It lives here, beside the contract, so the space it leaves a game's tab
// is measured from the frame itself (uitest.TabArea).
//
// Chrome only builds and lays out; the app frame (package ui) gives the
// buttons their actions and keeps the texts current.
type Chrome struct {
	Title                        *widgets.TitleLines
	Home, Note, Undo, Redo, Lock *widget.Button
	Unlock                       *widgets.HoldButton

	PlayClock, TurnClock   *widgets.ClockFace
	PlayToggle, TurnToggle *widget.Button
	TurnReset              *widget.Button

	Tabs    *container.AppTabs
	Message *widgets.MessageLine
	// Root is the whole screen, in a FeedbackLayer so answers to taps
	// show next to what was tapped.
	Root *widgets.FeedbackLayer
}

// NewChrome builds the frame around four tabs' contents (Play, Campaign,
// Enemy, Log). The game's three tabs scroll sideways rather than widen
// the window if they are wider than it; their height is the tab's, so
// their own lists scroll.
func NewChrome(w fyne.Window, name string, play, campaign, enemy, log fyne.CanvasObject) *Chrome {
	c := &Chrome{}
	c.Title = widgets.NewTitleLines(name, "")
	c.Home = widget.NewButtonWithIcon("Home", theme.HomeIcon(), nil)
	c.Note = widget.NewButtonWithIcon("Note", theme.DocumentCreateIcon(), nil)
	c.Undo = widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), nil)
	c.Redo = widget.NewButtonWithIcon("Redo", theme.ContentRedoIcon(), nil)
	c.Lock = widget.NewButtonWithIcon("Lock", theme.VisibilityOffIcon(), nil)
	c.Unlock = widgets.NewHoldButton("Hold to unlock", nil)
	c.Unlock.Icon = theme.VisibilityIcon()
	c.Unlock.Importance = widget.WarningImportance
	c.Unlock.Hide()

	c.PlayClock = widgets.NewClockFace("Play", nil)
	c.PlayToggle = widget.NewButtonWithIcon("", theme.MediaPauseIcon(), nil)
	c.TurnClock = widgets.NewClockFace("Turn", nil)
	c.TurnToggle = widget.NewButtonWithIcon("", theme.MediaPlayIcon(), nil)
	c.TurnReset = widget.NewButtonWithIcon("", theme.MediaReplayIcon(), nil)

	c.Tabs = container.NewAppTabs(
		container.NewTabItemWithIcon("Play", theme.MediaPlayIcon(), container.NewHScroll(play)),
		container.NewTabItemWithIcon("Campaign", theme.DocumentIcon(), container.NewHScroll(campaign)),
		container.NewTabItemWithIcon("Enemy", theme.ComputerIcon(), container.NewHScroll(enemy)),
		container.NewTabItemWithIcon("Log", theme.ListIcon(), log),
	)
	c.Message = widgets.NewMessageLine(w)

	buttons := container.NewHBox(c.Note, c.Undo, c.Redo, c.Lock, c.Unlock)
	clocks := container.NewHBox(c.PlayClock, c.PlayToggle, c.TurnClock, c.TurnToggle, c.TurnReset)
	header := newHeader(c.Home, c.Title, buttons, clocks)
	c.Root = widgets.NewFeedbackLayer(container.NewBorder(
		container.NewPadded(header), container.NewPadded(c.Message), nil, nil, c.Tabs))
	return c
}

// SetPlaying shows whether each clock runs: its toggle pauses it if so,
// starts it if not.
func (c *Chrome) SetPlaying(play, turn bool) {
	setToggle(c.PlayToggle, play)
	setToggle(c.TurnToggle, turn)
}

func setToggle(b *widget.Button, running bool) {
	icon := theme.MediaPlayIcon()
	if running {
		icon = theme.MediaPauseIcon()
	}
	if b.Icon != icon {
		b.SetIcon(icon)
	}
}

// header lays out Home, the title, the buttons and the clocks on one row
// when they fit with the title at least titleRoom wide, else the clocks
// on a row of their own under the others. The title takes what is left.
type headerLayout struct {
	home, title, buttons, clocks fyne.CanvasObject
	width                        float32
	twoRows                      bool
	box                          *fyne.Container
}

// titleRoom is the least width the title gets before the clocks move to
// their own row.
const titleRoom = 220

func newHeader(home, title, buttons, clocks fyne.CanvasObject) *fyne.Container {
	h := &headerLayout{home: home, title: title, buttons: buttons, clocks: clocks}
	h.box = container.New(h, home, title, buttons, clocks)
	return h.box
}

func (h *headerLayout) fitsOneRow(width float32) bool {
	p := theme.Padding()
	return h.home.MinSize().Width+titleRoom+h.buttons.MinSize().Width+h.clocks.MinSize().Width+3*p <= width
}

func (h *headerLayout) rowHeight(objs ...fyne.CanvasObject) float32 {
	var m float32
	for _, o := range objs {
		m = fyne.Max(m, o.MinSize().Height)
	}
	return m
}

func (h *headerLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	h.width = size.Width
	p := theme.Padding()
	two := !h.fitsOneRow(size.Width)
	changed := two != h.twoRows
	h.twoRows = two
	row := h.rowHeight(h.home, h.title, h.buttons)
	right := size.Width
	if !two {
		row = fyne.Max(row, h.clocks.MinSize().Height)
		cw := h.clocks.MinSize().Width
		right -= cw
		h.clocks.Move(fyne.NewPos(right, (row-h.clocks.MinSize().Height)/2))
		h.clocks.Resize(h.clocks.MinSize())
		right -= p
	}
	hw := h.home.MinSize().Width
	h.home.Move(fyne.NewPos(0, 0))
	h.home.Resize(fyne.NewSize(hw, row))
	bw := h.buttons.MinSize().Width
	h.buttons.Move(fyne.NewPos(right-bw, 0))
	h.buttons.Resize(fyne.NewSize(bw, row))
	tx := hw + p
	h.title.Move(fyne.NewPos(tx, 0))
	h.title.Resize(fyne.NewSize(fyne.Max(right-bw-p-tx, 0), row))
	if two {
		h.clocks.Move(fyne.NewPos(0, row+p))
		h.clocks.Resize(h.clocks.MinSize())
	}
	if changed {
		box := h.box
		fyne.Do(func() { box.Refresh() })
	}
}

func (h *headerLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	p := theme.Padding()
	row := h.rowHeight(h.home, h.title, h.buttons)
	first := h.home.MinSize().Width + h.title.MinSize().Width + h.buttons.MinSize().Width + 2*p
	w := fyne.Max(first, h.clocks.MinSize().Width)
	if h.width > 0 && h.fitsOneRow(h.width) {
		return fyne.NewSize(w, fyne.Max(row, h.clocks.MinSize().Height))
	}
	return fyne.NewSize(w, row+p+h.clocks.MinSize().Height)
}
