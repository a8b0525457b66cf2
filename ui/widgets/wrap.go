package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// Fyne's Check and Card subtitle draw their text on one line, so a long one
// widens the whole screen at a large text size. These put the same words in
// a label that wraps.

// A CheckRow is a Check whose words wrap; tapping the words toggles it too.
type CheckRow struct {
	widget.BaseWidget
	Check *widget.Check
	Text  string
	label *tapLabel
}

// WrapCheck moves c's text into a wrapping label beside the box.
// Wrap a check once and keep the row: its words are out of it after.
func WrapCheck(c *widget.Check) *CheckRow {
	r := &CheckRow{Check: c, Text: c.Text}
	r.label = &tapLabel{onTap: func() {
		if !c.Disabled() {
			c.SetChecked(!c.Checked)
		}
	}}
	r.label.ExtendBaseWidget(r.label)
	r.label.Text, r.label.Wrapping = c.Text, fyne.TextWrapWord
	c.Text = ""
	c.Refresh()
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer puts the box on the left of the words.
func (r *CheckRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, r.Check, nil, r.label))
}

type tapLabel struct {
	widget.Label
	onTap func()
}

func (l *tapLabel) Tapped(*fyne.PointEvent) { l.onTap() }

// NewCard is widget.NewCard with the subtitle in a wrapping label set
// apart (Aside) at the top of the content.
func NewCard(title, subtitle string, content fyne.CanvasObject) *widget.Card {
	if subtitle == "" {
		return widget.NewCard(title, "", content)
	}
	sub := Aside(widget.NewLabel(subtitle))
	sub.Wrapping = fyne.TextWrapWord
	if content == nil {
		return widget.NewCard(title, "", sub)
	}
	return widget.NewCard(title, "", container.NewVBox(sub, content))
}
