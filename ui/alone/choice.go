package alone

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/widgets"
)

// sentenceChoice is a choice between readings or options each told in a
// sentence: a row per option, its words wrapping, the chosen one marked.
// A radio group would draw each sentence on one line, wider than a
// portrait tablet.
type sentenceChoice struct {
	obj       *fyne.Container
	keys      []string
	marks     []*widget.Button
	Selected  string
	OnChanged func(string)
}

// newSentenceChoice makes a choice; keys are the options' names (for the
// program), sentences what the players read.
func newSentenceChoice(keys, sentences []string, changed func(string)) *sentenceChoice {
	c := &sentenceChoice{obj: container.NewVBox(), keys: keys, OnChanged: changed}
	for i := range keys {
		k := keys[i]
		b := widget.NewButtonWithIcon("", theme.RadioButtonIcon(), func() { c.choose(k) })
		b.Importance = widget.LowImportance
		c.marks = append(c.marks, b)
		l := &tapWords{}
		l.ExtendBaseWidget(l)
		l.Text, l.Wrapping, l.onTap = sentences[i], fyne.TextWrapWord, func() { c.choose(k) }
		c.obj.Add(container.NewBorder(nil, nil, widgets.Touch(b), nil, l))
	}
	return c
}

func (c *sentenceChoice) choose(k string) {
	c.SetSelected(k)
	if c.OnChanged != nil {
		c.OnChanged(k)
	}
}

// SetSelected marks an option without telling OnChanged.
func (c *sentenceChoice) SetSelected(k string) {
	c.Selected = k
	for i, b := range c.marks {
		if c.keys[i] == k {
			b.SetIcon(theme.RadioButtonCheckedIcon())
		} else {
			b.SetIcon(theme.RadioButtonIcon())
		}
	}
}

// tapWords is a wrapping label that chooses its row when tapped.
type tapWords struct {
	widget.Label
	onTap func()
}

func (l *tapWords) Tapped(*fyne.PointEvent) { l.onTap() }
