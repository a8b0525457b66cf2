package phantom

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ap "tablekeeper/automa/phantom"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// A CharacterForm creates a character (§14.2): a name, a class among those
// unlocked, a species and an HP base colour. What is not entered yet is
// said there, with the form to enter it, which comes back with the new
// class board or species card chosen.
type CharacterForm struct {
	ctx     *shell.Context
	en      *Entry
	Name    *widgets.TextEntry
	Class   *widget.Select
	Species *widget.Select
	Colour  *widget.Select
	Create  *widget.Button
	// Missing says what the class or species still needs; EnterClass and
	// EnterSpecies open the forms.
	Missing                  *widget.Label
	EnterClass, EnterSpecies *widget.Button
	obj                      fyne.CanvasObject
	onCreated                func(name string)
	// offered are the forms opened by themselves once (a class's board,
	// the species card), not again after the players closed them.
	offered map[string]bool
}

func newCharacterForm(ctx *shell.Context, en *Entry, onCreated func(name string)) *CharacterForm {
	f := &CharacterForm{ctx: ctx, en: en, onCreated: onCreated}
	s := state(ctx)
	f.Name = newNameEntry("", "the character's name", nil)
	f.Class = newPicker(s.Sheet.UnlockedClasses, "", "class", func(string) { f.check(); f.goOn() })
	f.Species = newPicker(sortedKeys(s.Content.Species), "", "species", func(string) { f.check() })
	if len(f.Species.Options) == 1 {
		f.Species.SetSelected(f.Species.Options[0])
	}
	cols := make([]string, len(ap.Colours))
	for i, col := range ap.Colours {
		cols[i] = string(col)
	}
	f.Colour = newPicker(cols, freeColour(s), "HP base colour", nil)
	f.Missing = wrap("")
	f.Missing.Importance = widget.WarningImportance
	f.EnterClass = widget.NewButtonWithIcon("Enter its class board…", theme.ContentAddIcon(), func() {
		en.OpenNew(tp.KindClass, map[string]any{"name": f.Class.Selected}, func(key string) {
			f.Class.Options = state(ctx).Sheet.UnlockedClasses
			f.Class.SetSelected(key)
			f.check()
			f.goOn()
		})
	})
	f.EnterSpecies = widget.NewButtonWithIcon("Enter a species card…", theme.ContentAddIcon(), func() {
		en.OpenNew(tp.KindSpecies, nil, func(key string) {
			f.Species.Options = sortedKeys(state(ctx).Content.Species)
			f.Species.SetSelected(key)
			f.check()
		})
	})
	f.Create = widget.NewButtonWithIcon("Create", theme.ContentAddIcon(), f.create)
	f.Create.Importance = widget.HighImportance
	f.obj = container.NewVBox(f.Name, widgets.NewFlow(fitOptions(f.Class), fitOptions(f.Species), fitOptions(f.Colour)), f.Missing, widgets.NewFlow(f.EnterClass, f.EnterSpecies), f.Create)
	f.check()
	return f
}

// goOn opens by itself, once, the form of what the character still
// needs: its class's board when that class is chosen and the board not
// entered, then a species card when none is entered. The buttons under
// the form offer them again.
func (f *CharacterForm) goOn() {
	if f.offered == nil {
		f.offered = map[string]bool{}
	}
	s := state(f.ctx)
	if c := f.Class.Selected; c != "" && !f.offered["class "+c] {
		if _, ok := s.Content.Classes[c]; !ok {
			f.offered["class "+c] = true
			f.EnterClass.OnTapped()
			return
		}
	}
	if f.Class.Selected != "" && len(s.Content.Species) == 0 && !f.offered["species"] {
		f.offered["species"] = true
		f.EnterSpecies.OnTapped()
	}
}

// freeColour is the first HP base colour no character uses yet.
func freeColour(s *tp.State) string {
	used := map[string]bool{}
	for _, ch := range s.Characters {
		used[ch.Colour] = true
	}
	for _, c := range ap.Colours {
		if !used[string(c)] {
			return string(c)
		}
	}
	return ""
}

// check says what is missing for the class and species chosen, and
// offers to enter it.
func (f *CharacterForm) check() {
	if f.EnterClass == nil || f.Missing == nil {
		return // still being built
	}
	s := state(f.ctx)
	var missing []string
	f.EnterClass.Hide()
	f.EnterSpecies.Hide()
	if c := f.Class.Selected; c != "" {
		if _, ok := s.Content.Classes[c]; !ok {
			missing = append(missing, fmt.Sprintf("The %s class board is not entered yet.", c))
			f.EnterClass.Show()
		}
	}
	if len(s.Content.Species) == 0 {
		missing = append(missing, "No species card is entered yet.")
	}
	if len(f.Species.Options) == 0 || f.Species.Selected == "" {
		f.EnterSpecies.Show()
	}
	f.Missing.SetText(strings.Join(missing, " "))
	if len(missing) == 0 {
		f.Missing.Hide()
	} else {
		f.Missing.Show()
	}
}

// refresh takes in classes and species entered since, keeping what is
// chosen.
func (f *CharacterForm) refresh() {
	s := state(f.ctx)
	f.Class.Options = s.Sheet.UnlockedClasses
	f.Class.Refresh()
	f.Species.Options = sortedKeys(s.Content.Species)
	if f.Species.Selected == "" && len(f.Species.Options) == 1 {
		f.Species.SetSelected(f.Species.Options[0])
	}
	f.Species.Refresh()
	if f.Colour.Selected == "" {
		f.Colour.SetSelected(freeColour(s))
	}
	f.check()
}

// Object is the form.
func (f *CharacterForm) Object() fyne.CanvasObject { return f.obj }

func (f *CharacterForm) create() {
	name := strings.TrimSpace(f.Name.Text)
	if _, ok := f.ctx.DoFrom(f.Create, tp.CreateCharacter{Name: name, Class: f.Class.Selected, Species: f.Species.Selected, Colour: f.Colour.Selected}); ok {
		f.Name.SetText("")
		f.Colour.SetSelected(freeColour(state(f.ctx)))
		if f.onCreated != nil {
			f.onCreated(name)
		}
	}
}

// openCharacterDialog creates a character in a dialog (from a form that
// needs one: the mission setup).
func (en *Entry) openCharacterDialog(onCreated func(name string)) {
	var d *widgets.Dialog
	f := newCharacterForm(en.ctx, en, func(name string) {
		d.Hide()
		if onCreated != nil {
			onCreated(name)
		}
	})
	en.Character = f
	d = newDialog(en.ctx.Window, "New character", f.Object(), "Close", nil)
	d.OnClosed(func() { en.Character = nil })
	d.Show()
}
