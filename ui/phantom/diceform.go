package phantom

import (
	"fmt"
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ap "tablekeeper/automa/phantom"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// DiceFaces is how many faces each die has (§18: 8-sided).
const DiceFaces = 8

// attackFaceOptions are what an attack die's face can show.
var attackFaceOptions = []string{"0", "1", "2", "3", "4", "5", "crit", "fumble"}

// DiceForm enters the dice's faces, which the rulebook does not list
// (§3): each of the Decision die's eight faces (its colour, its large
// letter and its small letter) and each face of the Basic, Blitz and
// Accuracy dice, all picked, never typed.
type DiceForm struct {
	editorBase
	Colour, Primary, Secondary [DiceFaces]*widget.Select
	// Faces of the attack and Accuracy dice by die: "basic", "blitz",
	// "accuracy".
	Faces map[string]*[DiceFaces]*widget.Select
	// Entered says whether each die is entered ("decision" too).
	Entered map[string]*widget.Check
	form    fyne.CanvasObject
}

func newDiceForm(s *tp.State) *DiceForm {
	f := &DiceForm{Faces: map[string]*[DiceFaces]*widget.Select{}, Entered: map[string]*widget.Check{}}
	f.init(f.card)
	ch := f.changed
	cols := make([]string, len(ap.Colours))
	for i, c := range ap.Colours {
		cols[i] = string(c)
	}
	dirs := []string{"N", "E", "S", "W"}
	dd := s.Content.DecisionDie
	dec := container.NewVBox()
	for i := range DiceFaces {
		var fc ap.Face
		if i < len(dd) {
			fc = dd[i]
		}
		tick := func(string) { f.Entered["decision"].SetChecked(true); ch() }
		f.Colour[i] = newPicker(cols, string(fc.Colour), "colour", tick)
		f.Primary[i] = newPicker(dirs, string(fc.Primary), "large", tick)
		f.Secondary[i] = newPicker(dirs, string(fc.Secondary), "small", tick)
		dec.Add(f.row(fmt.Sprintf("decisionDie.%d", i), "", container.NewBorder(nil, nil, widget.NewLabel(fmt.Sprintf("Face %d", i+1)), nil,
			widgets.NewFlow(fitOptions(f.Colour[i]), fitOptions(f.Primary[i]), fitOptions(f.Secondary[i])))))
	}
	f.Entered["decision"] = widget.NewCheck("The Decision die's faces are entered", func(bool) { ch() })
	f.Entered["decision"].SetChecked(len(dd) > 0)
	parts := []fyne.CanvasObject{
		widget.NewLabelWithStyle("Decision die", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		f.Entered["decision"], wrap("Each face: its colour, its large letter, its small letter."), dec,
	}
	for _, d := range []struct{ key, name string }{{"basic", "Basic attack die"}, {"blitz", "Blitz attack die"}, {"accuracy", "Accuracy die"}} {
		opts := attackFaceOptions
		if d.key == "accuracy" {
			opts = []string{"miss", "block", "success"}
		}
		have := s.Content.AttackDice[d.key]
		var sels [DiceFaces]*widget.Select
		grid := container.New(layout.NewGridWrapLayout(fyne.NewSize(140, widgets.MinTouch)))
		for i := range DiceFaces {
			cur := ""
			if i < len(have) {
				cur = have[i]
			}
			key := d.key
			sels[i] = newPicker(opts, cur, fmt.Sprintf("face %d", i+1), func(string) { f.Entered[key].SetChecked(true); ch() })
			grid.Add(sels[i])
		}
		f.Faces[d.key] = &sels
		f.Entered[d.key] = widget.NewCheck("The "+d.name+"'s faces are entered", func(bool) { ch() })
		f.Entered[d.key].SetChecked(len(have) > 0)
		parts = append(parts, widget.NewSeparator(), widget.NewLabelWithStyle(d.name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
			f.Entered[d.key], f.row(d.key, "", grid))
	}
	note := widget.NewLabel("Left unticked, a die is rolled at the table and its result entered when the app asks for it.")
	note.Wrapping = fyne.TextWrapWord
	note.Importance = widget.LowImportance
	f.form = container.NewVBox(append([]fyne.CanvasObject{note}, parts...)...)
	return f
}

// Command is the SetDice the form holds: the dice ticked as entered.
func (f *DiceForm) Command() tp.SetDice {
	var c tp.SetDice
	if f.Entered["decision"].Checked {
		c.DecisionDie = []ap.Face{}
		for i := range DiceFaces {
			c.DecisionDie = append(c.DecisionDie, ap.Face{Colour: ap.Colour(f.Colour[i].Selected), Primary: ap.Dir(f.Primary[i].Selected), Secondary: ap.Dir(f.Secondary[i].Selected)})
		}
	}
	list := func(key string) []string {
		if !f.Entered[key].Checked {
			return nil
		}
		out := []string{}
		for _, s := range f.Faces[key] {
			out = append(out, s.Selected)
		}
		return out
	}
	c.Basic, c.Blitz, c.Accuracy = list("basic"), list("blitz"), list("accuracy")
	return c
}

func (f *DiceForm) card() fyne.CanvasObject {
	if f.Entered == nil || f.Entered["accuracy"] == nil {
		return container.NewVBox()
	}
	c := f.Command()
	tiles := container.New(layout.NewGridWrapLayout(fyne.NewSize(64, 56)))
	for _, fc := range c.DecisionDie {
		r := canvas.NewRectangle(ColourOf(string(fc.Colour)))
		r.CornerRadius = 8
		fg := theme.Color(theme.ColorNameForeground)
		if fc.Colour != "" {
			fg = contrastOn(string(fc.Colour))
		}
		big := canvas.NewText(orDefault(string(fc.Primary), "?"), fg)
		big.TextStyle.Bold = true
		big.TextSize = theme.TextSize() * 1.6
		small := canvas.NewText(orDefault(string(fc.Secondary), "?"), fg)
		tiles.Add(container.NewStack(r, container.NewCenter(container.NewHBox(big, small))))
	}
	lines := []string{}
	for _, d := range []struct {
		name  string
		faces []string
	}{{"Basic", c.Basic}, {"Blitz", c.Blitz}, {"Accuracy", c.Accuracy}} {
		if d.faces != nil {
			lines = append(lines, d.name+": "+joinFaces(d.faces))
		} else {
			lines = append(lines, d.name+": rolled at the table")
		}
	}
	if c.DecisionDie == nil {
		return previewCard("Dice", "", textLines(append([]string{"Decision die: rolled at the table"}, lines...)...))
	}
	return previewCard("Dice", "", tiles, textLines(lines...))
}

func joinFaces(fs []string) string {
	out := ""
	for i, f := range fs {
		if i > 0 {
			out += " · "
		}
		out += orDefault(f, "?")
	}
	return out
}

// contrastOn is the text colour readable on an HP base colour: black on
// yellow and light blue, white on the dark ones.
func contrastOn(col string) color.Color {
	if c, err := ap.ParseColour(col); err == nil && (c == ap.Yellow || c == ap.LightBlue) {
		return color.Black
	}
	return color.White
}

func (f *DiceForm) Form() fyne.CanvasObject { return f.form }
func (f *DiceForm) Pieces() []piece         { return nil }

// OpenDice shows the dice form; Save records the faces (one change, undone
// by Undo like any other).
func (en *Entry) OpenDice() {
	f := newDiceForm(state(en.ctx))
	body := previewAndForm(0.36, container.NewVBox(widget.NewLabelWithStyle("The dice as entered", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), f.Preview()), container.NewVBox(f.General(), f.Form()))
	dlg := newDialog(en.ctx.Window, "The dice's faces", fillWindow(en.ctx.Window, body), "Cancel", nil)
	dlg.OnClosed(func() { en.Dice, en.DiceSave = nil, nil })
	var save *widget.Button
	save = addAction(dlg, "Save", theme.DocumentSaveIcon(), func() {
		c := f.Command()
		ps := c.Problems()
		if c.DecisionDie != nil {
			for i, fc := range c.DecisionDie {
				if fc.Colour == "" || fc.Primary == "" || fc.Secondary == "" {
					ps = append(ps, tp.Problem{Kind: tp.KindDice, Field: "decisionDie." + strconv.Itoa(i), Why: "choose the face's colour, its large letter and its small letter"})
				}
			}
		}
		for _, k := range []string{"basic", "blitz", "accuracy"} {
			for i, s := range f.Faces[k] {
				if f.Entered[k].Checked && s.Selected == "" {
					ps = append(ps, tp.Problem{Kind: tp.KindDice, Field: k, Why: fmt.Sprintf("face %d is not chosen", i+1)})
				}
			}
		}
		showProblems(f.Rows(), f.General(), ps)
		if len(ps) > 0 {
			return
		}
		if _, ok := en.ctx.DoFrom(save, c); ok {
			dlg.Hide()
		}
	})
	en.Dice, en.DiceSave = f, save
	dlg.Show()
}
