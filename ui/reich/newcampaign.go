package reich

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	practice "tablekeeper/assets/reich"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// The game's part of the new-campaign form, and the practice game.

// Practice is the practice game Home's "Try a practice game" starts: the
// practice content set loaded and its mission set up, at the start of
// round 1 on the Play tab.
func (Screens) Practice() shell.Practice {
	return shell.Practice{
		Name: "Made-up practice content, not the printed cards: four rooms, the Practice Garrison, two heroes",
		Commands: func() ([]tracker.Command, error) {
			return rb.PracticeCommands(practice.Practice)
		},
		Tab: shell.TabPlay,
	}
}

// Content choices of the new-campaign form besides the device's sets.
const (
	contentLater    = "Our own, entered later"
	contentPractice = "Practice content"
)

// Setup is the game's part of the new-campaign form: where the campaign's
// content comes from (a set kept on this device, the practice content, or
// entered later), what a mission will need and whether the choice has it,
// Not of this Earth!, and the campaign's difficulty.
func (Screens) Setup(env shell.SetupEnv) shell.Setup {
	sets := map[string][]byte{}
	var names []string
	var damaged []string
	entries, err := env.Library.List(rb.Game)
	for _, e := range entries {
		if e.Damaged {
			damaged = append(damaged, e.Name)
			continue
		}
		data, lerr := env.Library.Load(rb.Game, e.Name)
		if lerr != nil {
			damaged = append(damaged, e.Name)
			continue
		}
		sets[e.Name] = data
		names = append(names, e.Name)
	}
	note := widget.NewCheck("Not of this Earth! missions", nil)
	needs := container.NewVBox()
	choices := append(append([]string{}, names...), contentPractice, contentLater)
	var source *choiceField
	refresh := func() {
		needs.Objects = nil
		var lib *rb.Library
		switch v := source.Value(); v {
		case contentPractice:
			lib, _ = rb.ParseContentFile(practice.Practice)
		case contentLater, "":
		default:
			lib, _ = rb.ParseContentFile(sets[v])
		}
		if lib == nil {
			lib = &rb.Library{}
		}
		missing := 0
		for _, n := range rb.Needs(lib, note.Checked) {
			if n.Met() {
				needs.Add(wrapped(fmt.Sprintf("✓ %s (%d)", capital(n.What), n.Have)))
			} else {
				missing++
				needs.Add(wrapped("✗ " + capital(n.What)))
			}
		}
		if source.Value() == contentPractice {
			l := wrapped(practiceWords)
			l.Importance = widget.WarningImportance
			needs.Add(l)
		}
		if missing > 0 {
			needs.Add(wrapped("What is missing is entered on the Content tab of the Campaign, by tapping, once; the Play tab's set-up opens each form too."))
		}
		needs.Refresh()
	}
	def := contentLater
	if len(names) > 0 {
		def = names[0]
	}
	source = newChoiceField(choices, func(s string) string { return s }, def, func(string) { refresh() })
	note.OnChanged = func(bool) { refresh() }
	refresh()
	lines := container.NewVBox(source)
	if len(names) == 0 {
		lines.Add(wrapped("This device keeps no content set yet: one is saved from a campaign's Content tab, or loaded from a file there."))
	}
	if len(damaged) > 0 {
		lines.Add(wrapped("Damaged, left out: " + strings.Join(damaged, ", ") + "."))
	}
	if err != nil {
		lines.Add(wrapped("The device's content sets could not be read: " + err.Error()))
	}
	diff := entry("its name, as printed (or choose it later)", "")
	kept := newStepField(0, rb.MaxHQItems, 0, nil)
	wounds := newStepField(0, 10, 0, nil)
	contentItem := widget.NewFormItem("Content", lines)
	contentItem.HintText = "Cards, maps and heroes, as printed on your components: entered once, kept on this device."
	diffItem := widget.NewFormItem("Difficulty", diff)
	diffItem.HintText = "Chosen once before the first campaign mission; the numbers are on its card."
	return shell.Setup{
		Items: []*widget.FormItem{
			contentItem,
			widget.NewFormItem("Before the first mission", needs),
			widget.NewFormItem("Expansion", widgets.WrapCheck(note)),
			diffItem,
			widget.NewFormItem("Items kept on the HQ card", kept),
			widget.NewFormItem("Permanent wounds removed after a mission", wounds),
		},
		Commands: func() ([]tracker.Command, error) {
			var cmds []tracker.Command
			switch v := source.Value(); v {
			case contentPractice:
				cmds = append(cmds, rb.ImportContent{Data: practice.Practice, Replace: true})
			case contentLater, "":
			default:
				if _, err := rb.ParseContentFile(sets[v]); err != nil {
					return nil, widgets.Problems{"Content": "The set " + v + " cannot be used: " + err.Error()}
				}
				cmds = append(cmds, rb.ImportContent{Data: sets[v], Replace: true})
			}
			if note.Checked {
				cmds = append(cmds, rb.SetSetting{Key: "notOfThisEarth", Value: "true"})
			}
			if name := strings.TrimSpace(diff.Text); name != "" {
				cmds = append(cmds, rb.SetDifficulty{Name: name, ItemsKept: kept.Value, WoundsRemoved: wounds.Value})
			} else if kept.Value+wounds.Value > 0 {
				return nil, widgets.Problems{"Difficulty": "Give its name too, or leave the numbers at 0 to choose it later."}
			}
			return cmds, nil
		},
	}
}

// libraryCard is the Content tab's part for this device's content sets:
// save the campaign's content as a set, or load one into the campaign.
func (c *contentScreen) libraryCard() fyne.CanvasObject {
	save := button("Keep on this device…", nil, func() { c.k.SaveToDevice() })
	load := button("Load from this device…", nil, func() { c.k.LoadFromDevice() })
	return widgets.NewCard("This device's content sets", "Kept beside the campaigns: a new campaign starts from one, and any campaign loads one.",
		widgets.NewFlow(widgets.Touch(save), widgets.Touch(load)))
}

// SaveToDevice keeps the campaign's content as a named set on this device.
func (k *kit) SaveToDevice() *formDialog {
	name := entry("e.g. Our core box", "")
	return k.form("Keep the content on this device", "Keep", []*widget.FormItem{
		widget.NewFormItem("Name of the set", name),
	}, func() error {
		n, err := shell.CheckContentName(name.Text)
		if err != nil {
			return rb.Problems{{Key: "Name of the set", Text: err.Error()}}
		}
		data, err := rb.ExportContentNamed(k.state(), n)
		if err != nil {
			return err
		}
		if err := k.ctx.Library().Save(rb.Game, n, data); err != nil {
			return err
		}
		k.ctx.Message("Content kept on this device as "+n, false)
		return nil
	})
}

// LoadFromDevice offers the device's content sets; picking one loads it
// as a file is (LoadContent: what it adds, changes and lacks first).
func (k *kit) LoadFromDevice() *formDialog {
	entries, err := k.ctx.Library().List(rb.Game)
	var names []string
	box := container.NewVBox()
	for _, e := range entries {
		if e.Damaged {
			box.Add(wrapped(e.Name + ": damaged, cannot be loaded (" + e.Problem + ")"))
			continue
		}
		names = append(names, e.Name)
	}
	var pick *choiceField
	if len(names) > 0 {
		pick = newChoiceField(names, func(s string) string { return s }, names[0], nil)
		box.Objects = append([]fyne.CanvasObject{pick}, box.Objects...)
	} else {
		box.Add(wrapped("This device keeps no content set yet: Keep on this device saves this campaign's."))
	}
	if err != nil {
		box.Add(wrapped("The device's content sets could not be read: " + shell.Words(err)))
	}
	return k.form("Load a content set", "Next", []*widget.FormItem{widget.NewFormItem("Set", box)}, func() error {
		if pick == nil {
			return rb.Problems{{Key: "Set", Text: "there is no set to load"}}
		}
		data, err := k.ctx.Library().Load(rb.Game, pick.Value())
		if err != nil {
			return err
		}
		k.LoadContent(pick.Value(), data)
		return nil
	})
}
