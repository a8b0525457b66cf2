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
	// Share opens the sharing panel; while the table is shared it is the
	// mark that says so, on every tab (SetSharing).
	Share *widget.Button

	PlayClock, TurnClock   *widgets.ClockFace
	PlayToggle, TurnToggle *widget.Button
	TurnReset              *widget.Button

	Tabs    *container.AppTabs
	Message *widgets.MessageLine
	// body holds the tabs, or a panel shown in their place (ShowPanel).
	body  *fyne.Container
	panel fyne.CanvasObject
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
	c.Share = widget.NewButtonWithIcon("Share", theme.MailForwardIcon(), nil)

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
	// Share sits with the clocks: their row has room to spare at every
	// size, and the buttons' row has none in a portrait window.
	clocks := container.NewHBox(c.PlayClock, c.PlayToggle, c.TurnClock, c.TurnToggle, c.TurnReset, c.Share)
	header := newHeader(c.Home, c.Title, buttons, clocks)
	c.body = container.NewStack(c.Tabs)
	c.Root = widgets.NewFeedbackLayer(container.NewBorder(
		container.NewPadded(header), container.NewPadded(c.Message), nil, nil, c.body))
	return c
}

// ShowPanel shows p in the tabs' place, under the same header and above
// the same message line (the sharing panel); HidePanel brings the tabs
// back as they were.
func (c *Chrome) ShowPanel(p fyne.CanvasObject) {
	c.panel = p
	c.Tabs.Hide()
	c.body.Objects = []fyne.CanvasObject{c.Tabs, p}
	c.body.Refresh()
}

// HidePanel shows the tabs again.
func (c *Chrome) HidePanel() {
	c.panel = nil
	c.body.Objects = []fyne.CanvasObject{c.Tabs}
	c.Tabs.Show()
	c.body.Refresh()
}

// Panel is the panel shown in the tabs' place, nil while the tabs show.
func (c *Chrome) Panel() fyne.CanvasObject { return c.panel }

// SetSharing makes the Share button the mark of a shared table
// ("Sharing", in the theme's strongest colour), or plain "Share" again.
// The mark says no more (a count of devices would widen it, and at
// 1280×800 push the clocks to a row of their own): the panel lists them.
func (c *Chrome) SetSharing(on bool) {
	text, imp := "Share", widget.MediumImportance
	if on {
		text, imp = "Sharing", widget.HighImportance
	}
	if c.Share.Text != text || c.Share.Importance != imp {
		c.Share.Importance = imp
		c.Share.SetText(text)
	}
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

// header lays out Home, the title, the buttons and the clocks in as few
// rows as fit with the title at least titleRoom wide: all on one row; else
// the clocks on a row of their own under the others; else (a narrow
// screen at a large text size) the title alone on the first row, full
// width, then Home and the buttons, with the clocks beside them if they fit
// or under them. The title takes what room is left on its row.
type headerLayout struct {
	home, title, buttons, clocks fyne.CanvasObject
	width                        float32
	mode                         int
	box                          *fyne.Container
}

// Header arrangements.
const (
	oneRow          = iota // Home, title, buttons, clocks
	clocksUnder            // Home, title, buttons / clocks
	titleAbove             // title / Home, buttons, clocks
	titleAboveClock        // title / Home, buttons / clocks
)

// titleRoom is the least width the title gets beside the buttons.
const titleRoom = 220

func newHeader(home, title, buttons, clocks fyne.CanvasObject) *fyne.Container {
	h := &headerLayout{home: home, title: title, buttons: buttons, clocks: clocks, mode: -1}
	h.box = container.New(h, home, title, buttons, clocks)
	return h.box
}

// modeFor picks the arrangement for a width: the title beside the
// buttons when it fits there whole (at least titleRoom wide), else on a
// row of its own above them, so the campaign's name is not cut short
// while a row of the screen holds it.
func (h *headerLayout) modeFor(width float32) int {
	p := theme.Padding()
	hw, bw, cw := h.home.MinSize().Width, h.buttons.MinSize().Width, h.clocks.MinSize().Width
	room := float32(titleRoom)
	if t, ok := h.title.(interface{ Wants() float32 }); ok {
		room = fyne.Max(room, t.Wants())
	}
	switch {
	case hw+room+bw+cw+3*p <= width:
		return oneRow
	case hw+room+bw+2*p <= width:
		return clocksUnder
	case hw+bw+cw+2*p <= width:
		return titleAbove
	}
	return titleAboveClock
}

func rowHeight(objs ...fyne.CanvasObject) float32 {
	var m float32
	for _, o := range objs {
		m = fyne.Max(m, o.MinSize().Height)
	}
	return m
}

// place puts o at x, y with its least width, centred in a row of height
// row.
func place(o fyne.CanvasObject, x, y, row float32) {
	m := o.MinSize()
	o.Move(fyne.NewPos(x, y+(row-m.Height)/2))
	o.Resize(m)
}

func (h *headerLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	h.width = size.Width
	p := theme.Padding()
	mode := h.modeFor(size.Width)
	changed := mode != h.mode
	h.mode = mode
	hw, bw, cw := h.home.MinSize().Width, h.buttons.MinSize().Width, h.clocks.MinSize().Width
	y := float32(0)
	if mode == titleAbove || mode == titleAboveClock {
		th := h.title.MinSize().Height
		h.title.Move(fyne.NewPos(0, 0))
		h.title.Resize(fyne.NewSize(size.Width, th))
		y = th + p
	}
	switch mode {
	case oneRow, clocksUnder:
		row := rowHeight(h.home, h.title, h.buttons)
		right := size.Width
		if mode == oneRow {
			row = fyne.Max(row, h.clocks.MinSize().Height)
			right -= cw
			place(h.clocks, right, 0, row)
			right -= p
		}
		place(h.home, 0, 0, row)
		place(h.buttons, right-bw, 0, row)
		h.title.Move(fyne.NewPos(hw+p, 0))
		h.title.Resize(fyne.NewSize(fyne.Max(right-bw-p-(hw+p), 0), row))
		if mode == clocksUnder {
			place(h.clocks, 0, row+p, h.clocks.MinSize().Height)
		}
	case titleAbove:
		row := rowHeight(h.home, h.buttons, h.clocks)
		place(h.home, 0, y, row)
		place(h.buttons, hw+p, y, row)
		place(h.clocks, size.Width-cw, y, row)
	case titleAboveClock:
		row := rowHeight(h.home, h.buttons)
		place(h.home, 0, y, row)
		place(h.buttons, size.Width-bw, y, row)
		place(h.clocks, 0, y+row+p, h.clocks.MinSize().Height)
	}
	if changed {
		box := h.box
		fyne.Do(func() { box.Refresh() })
	}
}

func (h *headerLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	p := theme.Padding()
	hw, bw, cw := h.home.MinSize().Width, h.buttons.MinSize().Width, h.clocks.MinSize().Width
	w := fyne.Max(hw+bw+p, cw)
	mode := titleAboveClock
	if h.width > 0 {
		mode = h.modeFor(h.width)
	}
	th := h.title.MinSize().Height + p
	switch mode {
	case oneRow:
		return fyne.NewSize(w, rowHeight(h.home, h.title, h.buttons, h.clocks))
	case clocksUnder:
		return fyne.NewSize(w, rowHeight(h.home, h.title, h.buttons)+p+h.clocks.MinSize().Height)
	case titleAbove:
		return fyne.NewSize(w, th+rowHeight(h.home, h.buttons, h.clocks))
	}
	return fyne.NewSize(w, th+rowHeight(h.home, h.buttons)+p+h.clocks.MinSize().Height)
}
