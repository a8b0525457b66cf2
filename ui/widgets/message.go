package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// A MessageLine is a screen's line for what just happened or was refused.
// It keeps one line's height whether it shows a message or none, so a
// message coming or going never moves a button the players are about to
// tap. A message too long for the line ends in "…"; tapping the line
// shows it whole.
type MessageLine struct {
	widget.BaseWidget
	label   *widget.Label
	win     fyne.Window
	text    string
	isError bool
}

// NewMessageLine makes an empty message line; w is the window its whole
// message opens in.
func NewMessageLine(w fyne.Window) *MessageLine {
	m := &MessageLine{win: w}
	m.label = widget.NewLabel("")
	m.label.Truncation = fyne.TextTruncateEllipsis
	m.ExtendBaseWidget(m)
	return m
}

// Set shows text ("" clears the line); isError marks a refusal.
func (m *MessageLine) Set(text string, isError bool) {
	Tell(text)
	m.text, m.isError = text, isError
	m.label.Importance = widget.MediumImportance
	if isError {
		m.label.Importance = widget.DangerImportance
	}
	m.label.SetText(text)
}

// Text is the whole message showing, and whether it is a refusal.
func (m *MessageLine) Text() (string, bool) { return m.text, m.isError }

// Tapped shows the whole message.
func (m *MessageLine) Tapped(*fyne.PointEvent) {
	if m.text != "" && m.win != nil {
		title := "What happened"
		if m.isError {
			title = "Refused"
		}
		ShowMessage(title, m.text, m.win)
	}
}

// MinSize is one line, whatever the message: never wider than a few
// letters, never taller or shorter than one line.
func (m *MessageLine) MinSize() fyne.Size {
	m.ExtendBaseWidget(m)
	line := m.label.MinSize()
	if m.label.Text == "" {
		// An empty label measures no text; ask for the height of one.
		l := widget.NewLabel("Ag")
		line = l.MinSize()
	}
	return fyne.NewSize(MinTouch, fyne.Max(line.Height, MinTouch))
}

// CreateRenderer shows the label.
func (m *MessageLine) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(m.label)
}
