package alone

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
)

// Who rolls: the app's dice, or the players' own, whose faces they tap in.
const (
	diceApp = "The app rolls"
	diceOur = "We roll our dice"
)

// dicePad is dice rolled at the table, entered by tapping how many show
// each face: Hit, Special (a hit in Light for the Hero, with a Danger token
// for the Evil side) and Blank.
type dicePad struct {
	obj              fyne.CanvasObject
	title            *widget.Label
	hit, spec, blank *numStepper
}

func newDicePad(title string) *dicePad {
	p := &dicePad{title: bold(title)}
	p.hit, p.spec, p.blank = newNumStepper(0, 12, 0, nil), newNumStepper(0, 12, 0, nil), newNumStepper(0, 12, 0, nil)
	p.obj = container.NewVBox(p.title, labelled("Hit", p.hit), labelled("Special", p.spec), labelled("Blank", p.blank))
	return p
}

// faces are the dice as entered.
func (p *dicePad) faces() []alone.Face {
	var out []alone.Face
	for i := 0; i < p.hit.Value; i++ {
		out = append(out, alone.Hit)
	}
	for i := 0; i < p.spec.Value; i++ {
		out = append(out, alone.Special)
	}
	for i := 0; i < p.blank.Value; i++ {
		out = append(out, alone.Blank)
	}
	return out
}

// count is how many dice were entered.
func (p *dicePad) count() int { return p.hit.Value + p.spec.Value + p.blank.Value }

func (p *dicePad) clear() {
	p.hit.SetValue(0)
	p.spec.SetValue(0)
	p.blank.SetValue(0)
}

// check says what is wrong when want dice were to be rolled.
func (p *dicePad) check(want int, what string) error {
	if p.count() != want {
		return fmt.Errorf("%s rolls %s: enter the faces of %s", what, plural(want, "die", "dice"), plural(want, "die", "dice"))
	}
	return nil
}

// faceChips is one die's face tapped in (a reroll, a Courage die), or
// none.
type faceChips struct{ *chips }

const noDie = "None"

func newFaceChips() *faceChips {
	c := newChips([]string{noDie, "Hit", "Special", "Blank"}, nil)
	c.SetSelected(noDie)
	return &faceChips{c}
}

// face is the face chosen, "" for none.
func (f *faceChips) face() alone.Face {
	switch f.Selected {
	case "Hit":
		return alone.Hit
	case "Special":
		return alone.Special
	case "Blank":
		return alone.Blank
	}
	return ""
}

func (f *faceChips) clear() { f.SetSelected(noDie) }

// rollBy is who rolls, as the commands say it.
func rollBy(ours bool) ta.DiceSource {
	if ours {
		return ta.PhysicalDice
	}
	return ta.VirtualDice
}
