package widgets

import (
	"reflect"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A Dialog is a modal dialog made for a tablet: its content scrolls when it
// is taller than the window, its buttons are pinned at the bottom where
// they are always visible, and it closes with its Cancel (or Close)
// button, with Escape, and with a phone's or tablet's Back key. Its size
// is what the content asks for, never more than the window: a desktop
// window grows to its content's minimum size, and a dialog never makes it
// grow.
//
// A refusal shown with SetProblem sits just above the buttons, so it is
// seen where the players just tapped; ShowFeedback from a control inside
// the dialog answers inside the dialog.
type Dialog struct {
	win     fyne.Window
	Title   string
	content fyne.CanvasObject

	title   *widget.Label
	problem *widget.Label
	buttons *fyne.Container
	scroll  *container.Scroll
	layer   *FeedbackLayer
	popup   *widget.PopUp

	// Wide makes the dialog as wide as the window allows (within a
	// margin, up to 960 dp), for a chooser whose choices sit side by side
	// on a landscape screen and fill a portrait one; set it before Show.
	Wide bool

	dismiss   *widget.Button
	form      *FormDialog // the form this dialog holds, if any
	onDismiss func()
	onClosed  []func()
	showing   bool
}

// NewDialog makes a dialog showing content under a title, with a "Close"
// button until SetDismiss names another.
func NewDialog(title string, content fyne.CanvasObject, w fyne.Window) *Dialog {
	d := &Dialog{win: w, Title: title, content: content}
	d.title = widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	d.title.Wrapping = fyne.TextWrapWord
	d.title.SizeName = theme.SizeNameSubHeadingText
	d.problem = widget.NewLabel("")
	d.problem.Wrapping = fyne.TextWrapWord
	d.problem.Importance = widget.DangerImportance
	d.problem.Hide()
	d.dismiss = widget.NewButton("Close", d.Dismiss)
	d.buttons = NewFlow(d.dismiss)
	d.scroll = container.NewVScroll(container.NewPadded(content))
	body := container.NewBorder(d.title, container.NewVBox(d.problem, d.buttons), nil, nil, d.scroll)
	d.layer = NewFeedbackLayer(body)
	d.popup = widget.NewModalPopUp(d.layer, w.Canvas())
	return d
}

// SetDismiss names the button that closes the dialog without acting
// ("Cancel", "Close"), and what closing that way does (nil: nothing).
// Escape and Back do the same.
func (d *Dialog) SetDismiss(label string, fn func()) {
	d.dismiss.SetText(label)
	d.onDismiss = fn
}

// AddButton adds an action button after the dismiss button. Tapping it
// runs tapped; the dialog stays open until tapped calls Hide, so an action
// that is refused can say why with SetProblem.
func (d *Dialog) AddButton(label string, icon fyne.Resource, tapped func()) *widget.Button {
	b := widget.NewButtonWithIcon(label, icon, tapped)
	d.buttons.Add(b)
	return b
}

// OnClosed registers fn to run when the dialog closes, whichever way.
func (d *Dialog) OnClosed(fn func()) { d.onClosed = append(d.onClosed, fn) }

// Content is what the dialog shows.
func (d *Dialog) Content() fyne.CanvasObject { return d.content }

// Showing says whether the dialog is open.
func (d *Dialog) Showing() bool { return d.showing }

// Problem is the refusal line's text ("" when none shows).
func (d *Dialog) Problem() string {
	if !d.problem.Visible() {
		return ""
	}
	return d.problem.Text
}

// SetProblem shows a refusal above the buttons; "" clears it.
func (d *Dialog) SetProblem(text string) {
	Tell(text)
	d.problem.SetText(text)
	if text == "" {
		d.problem.Hide()
	} else {
		d.problem.Show()
	}
	d.Fit()
}

// Show opens the dialog over the window.
func (d *Dialog) Show() {
	if d.showing {
		return
	}
	d.showing = true
	c := d.win.Canvas()
	// A field behind the dialog would keep the keys (Escape among them).
	c.Unfocus()
	// What answered a tap on the screen beneath speaks of a screen the
	// dialog now covers.
	DismissFeedback(c)
	pushDialog(c, d)
	d.Fit()
	d.popup.Show()
	d.Fit()
	// Its buttons appear where the players just tapped: they take the
	// tap guard at once.
	GuardCanvas(c)
}

// Hide closes the dialog; the OnClosed functions run.
func (d *Dialog) Hide() {
	if !d.showing {
		return
	}
	d.showing = false
	d.layer.Dismiss()
	d.popup.Hide()
	popDialog(d.win.Canvas(), d)
	for _, fn := range d.onClosed {
		fn()
	}
}

// Dismiss closes the dialog as its dismiss button does: it closes, then its
// function runs.
func (d *Dialog) Dismiss() {
	if !d.showing {
		return
	}
	// Closed first, as the confirm button does: what the function says
	// (a refusal, an answer) then shows next to what is on the screen
	// beneath, not in the closing dialog's layer, where it vanished.
	d.Hide()
	if d.onDismiss != nil {
		d.onDismiss()
	}
}

// Fit sizes the dialog to what its content asks for, within the window:
// call it after the content changed its size.
//
// The height is the body's own least height (title, the paddings the
// border layout puts around the scrolling area, the problem line and the
// buttons) with the scrolling area as tall as its content, plus the pop-up's
// frame (an inner padding: the pop-up gives its content its size less
// that). Wrapped text (the title, a paragraph, a problem line) is measured
// at the width it will be laid out in, so a dialog that fits never scrolls
// and has no spare band under its content.
func (d *Dialog) Fit() {
	pad := theme.Padding()
	inner := theme.InnerPadding() // the pop-up's frame around its content
	win := d.win.Canvas().Size()
	// The body's width: what it asks for, at least 440, within the
	// window (less a margin of half a frame each side).
	w := fyne.Max(d.layer.MinSize().Width, 440)
	if d.Wide {
		w = fyne.Max(w, fyne.Min(960, win.Width*0.92))
	}
	w = fyne.Min(w, win.Width-2*inner-inner)
	if w <= 0 {
		return
	}
	// Lay the wrapped parts out at that width before measuring them:
	// their least height is their lines at the width they have.
	d.title.Resize(fyne.NewSize(w, d.title.MinSize().Height))
	d.problem.Resize(fyne.NewSize(w, d.problem.MinSize().Height))
	contentW := w - 2*pad // container.NewPadded's padding
	d.content.Resize(fyne.NewSize(contentW, d.content.MinSize().Height))
	d.content.Resize(fyne.NewSize(contentW, d.content.MinSize().Height))
	h := d.layer.MinSize().Height - d.scroll.MinSize().Height + d.scroll.Content.MinSize().Height
	size := fyne.NewSize(w+inner, fyne.Min(h+inner, win.Height-2*inner))
	d.popup.Resize(size)
}

// MinSize is the least the dialog needs (title, the scrolling area's
// least, the problem line and the buttons): what must fit a window for
// the buttons to be on screen.
func (d *Dialog) MinSize() fyne.Size { return d.popup.Content.MinSize() }

// The open dialogs of each canvas, so Escape and Back close the top one,
// and feedback finds it.
var open = struct {
	sync.Mutex
	stacks map[fyne.Canvas]*dialogStack
}{stacks: map[fyne.Canvas]*dialogStack{}}

type dialogStack struct {
	list []*Dialog
	// prev is the canvas's key handler before the first dialog opened,
	// given back when the last one closes.
	prev func(*fyne.KeyEvent)
}

func pushDialog(c fyne.Canvas, d *Dialog) {
	open.Lock()
	defer open.Unlock()
	st := open.stacks[c]
	if st == nil {
		st = &dialogStack{prev: c.OnTypedKey()}
		open.stacks[c] = st
		c.SetOnTypedKey(dialogKeys(c))
	}
	st.list = append(st.list, d)
}

func popDialog(c fyne.Canvas, d *Dialog) {
	open.Lock()
	defer open.Unlock()
	st := open.stacks[c]
	if st == nil {
		return
	}
	for i, x := range st.list {
		if x == d {
			st.list = append(st.list[:i], st.list[i+1:]...)
			break
		}
	}
	if len(st.list) > 0 {
		return
	}
	delete(open.stacks, c)
	// Give the keys back, unless the screen changed under the dialog and
	// set a handler of its own.
	if ours(c.OnTypedKey()) {
		c.SetOnTypedKey(st.prev)
	}
}

func topDialog(c fyne.Canvas) *Dialog {
	open.Lock()
	defer open.Unlock()
	if st := open.stacks[c]; st != nil && len(st.list) > 0 {
		return st.list[len(st.list)-1]
	}
	return nil
}

// TopDialog is the Dialog on top of canvas c, nil when none is open.
func TopDialog(c fyne.Canvas) *Dialog { return topDialog(c) }

// TopForm is the FormDialog on top of canvas c, nil when the top dialog
// is not a form (or none is open).
func TopForm(c fyne.Canvas) *FormDialog {
	if d := topDialog(c); d != nil {
		return d.form
	}
	return nil
}

// dialogKeys closes the top dialog on Escape or Back; other keys are
// swallowed while a dialog is open, so a shortcut (Space for the next
// step) never acts on the screen behind it. It is never inlined, so every
// handler it makes shares one code pointer, which ours compares.
//
//go:noinline
func dialogKeys(c fyne.Canvas) func(*fyne.KeyEvent) {
	return func(ev *fyne.KeyEvent) { CloseTopDialog(c, ev) }
}

// ours says whether fn is a handler dialogKeys made (every closure of one
// function literal shares its code).
func ours(fn func(*fyne.KeyEvent)) bool {
	return fn != nil && reflect.ValueOf(fn).Pointer() == reflect.ValueOf(dialogKeys(nil)).Pointer()
}

// CloseTopDialog dismisses the top dialog on canvas c when ev is Escape or
// Back, and reports whether it did. Entries that keep the keys while typing
// (CheckedEntry) pass those two keys here.
func CloseTopDialog(c fyne.Canvas, ev *fyne.KeyEvent) bool {
	if ev.Name != fyne.KeyEscape && ev.Name != mobile.KeyBack {
		return false
	}
	d := topDialog(c)
	if d == nil {
		return false
	}
	d.Dismiss()
	return true
}

// Paragraph is a label of running text that wraps at the width it gets.
func Paragraph(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// ShowMessage shows text in a dialog with a Close button.
func ShowMessage(title, text string, w fyne.Window) *Dialog {
	Tell(title)
	Tell(text)
	d := NewDialog(title, Paragraph(text), w)
	d.Show()
	return d
}

// ShowConfirm asks a question: the confirm button closes the dialog and
// calls onDone(true); Cancel, Escape and Back call onDone(false).
func ShowConfirm(title string, content fyne.CanvasObject, confirm, cancel string, onDone func(bool), w fyne.Window) *Dialog {
	d := NewDialog(title, content, w)
	d.SetDismiss(cancel, func() {
		if onDone != nil {
			onDone(false)
		}
	})
	b := d.AddButton(confirm, theme.ConfirmIcon(), func() {
		d.Hide()
		if onDone != nil {
			onDone(true)
		}
	})
	b.Importance = widget.HighImportance
	d.Show()
	return d
}
