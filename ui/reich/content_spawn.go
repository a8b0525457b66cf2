package reich

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// The spawn card form (spec §2.2): the card's number and its green,
// orange and red rows, each a list of "how many × which unit" picked from
// the faction cards' lines. With no faction card yet, the form says so and
// opens the faction card form right there.

// unitChoices are every unit line of the campaign's faction cards, as
// codes, with the words the pickers show.
func (k *kit) unitChoices() (codes []string, words func(string) string) {
	facs := k.state().Library.Factions
	seen := map[string]bool{}
	for _, f := range facs {
		for _, u := range f.Units {
			if !seen[u.Code] {
				seen[u.Code] = true
				codes = append(codes, u.Code)
			}
		}
	}
	return codes, func(code string) string { return unitName(code, facs...) + " (" + code + ")" }
}

// nextID is the first of prefix1, prefix2… that taken says is free.
func nextID(prefix string, taken func(string) bool) string {
	for n := 1; ; n++ {
		if id := fmt.Sprintf("%s%d", prefix, n); !taken(id) {
			return id
		}
	}
}

// SpawnCardForm adds (id "") or changes a spawn card.
func (k *kit) SpawnCardForm(id string, then func(id string)) *formDialog {
	sc := content.SpawnCard{Levels: map[content.Level][]content.SpawnItem{}}
	editing := false
	for _, x := range k.state().Library.SpawnCards {
		if id != "" && x.ID == id {
			sc, editing = x, true
		}
	}
	rows := map[content.Level][]content.SpawnItem{}
	for _, l := range levels {
		rows[l] = slices.Clone(sc.Levels[l])
	}
	number := entry("as printed, e.g. RB041", sc.ID)
	if editing {
		number.Disable()
	}
	preview := container.NewStack()
	boxes := map[content.Level]*fyne.Container{}
	var fd *formDialog
	var refresh func()
	read := func() content.SpawnCard {
		out := content.SpawnCard{ID: strings.TrimSpace(number.Text), Levels: map[content.Level][]content.SpawnItem{}}
		for _, l := range levels {
			out.Levels[l] = slices.Clone(rows[l])
			if out.Levels[l] == nil {
				out.Levels[l] = []content.SpawnItem{}
			}
		}
		return out
	}
	refresh = func() {
		codes, words := k.unitChoices()
		card := read()
		if card.ID == "" {
			card.ID = "(number)"
		}
		preview.Objects = []fyne.CanvasObject{spawnPreview(card, k.state().Library.Factions)}
		preview.Refresh()
		for _, l := range levels {
			l := l
			box := boxes[l]
			box.Objects = nil
			for j, it := range rows[l] {
				j := j
				var opts []string
				for _, c := range codes {
					opts = append(opts, words(c))
				}
				pick := widget.NewSelect(opts, nil)
				pick.PlaceHolder = "which unit"
				if it.UnitCode != "" {
					pick.SetSelected(words(it.UnitCode))
				}
				pick.OnChanged = func(s string) {
					for _, c := range codes {
						if words(c) == s && rows[l][j].UnitCode != c {
							rows[l][j].UnitCode = c
							refresh()
						}
					}
				}
				count := newStepField(1, 12, max(1, it.Count), func(v int) { rows[l][j].Count = v; refresh() })
				rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
					rows[l] = slices.Delete(rows[l], j, j+1)
					refresh()
				})
				box.Add(container.NewBorder(nil, nil, count, widgets.Touch(rm), widgets.Touch(pick)))
			}
			if len(codes) == 0 {
				box.Add(wrapped("The units come from a faction card, and none is entered yet."))
				box.Add(widgets.Touch(button("Enter a faction card…", theme.ContentAddIcon(), func() {
					k.FactionForm("", func(string) { refresh() })
				})))
			} else {
				add := button("Add a unit to the "+string(l)+" row", theme.ContentAddIcon(), func() {
					first := ""
					if len(codes) == 1 {
						first = codes[0]
					}
					rows[l] = append(rows[l], content.SpawnItem{UnitCode: first, Count: 1})
					refresh()
				})
				box.Add(widgets.Touch(add))
			}
			box.Refresh()
		}
	}
	items := []*widget.FormItem{widget.NewFormItem("Card number", number)}
	for _, l := range levels {
		boxes[l] = container.NewVBox()
		items = append(items, widget.NewFormItem(capital(string(l))+" row", container.NewBorder(nil, nil, swatch(levelColour(l)), nil, boxes[l])))
	}
	number.OnChanged = func(string) { refresh() }
	refresh()
	title := "Spawn card"
	if editing {
		title = "Change spawn card " + sc.ID
	}
	fd = k.formWith(title, "Save", items, preview, func() error {
		card := read()
		lib := k.state().Library
		if card.ID == "" {
			card.ID = nextID("S", func(id string) bool { return lib.SpawnCardByID(id) != nil })
		} else if !editing && lib.SpawnCardByID(card.ID) != nil {
			return rb.Problems{{Key: "id", Text: "another spawn card has this number"}}
		}
		if ps := rb.SpawnCardProblems(card, lib.Factions); len(ps) > 0 {
			return ps
		}
		if _, err := k.run(rb.PutSpawnCard{Card: card}); err != nil {
			return err
		}
		if then != nil {
			then(card.ID)
		}
		return nil
	})
	fd.keys["id"] = "Card number"
	for _, l := range levels {
		fd.keys[string(l)] = capital(string(l)) + " row"
	}
	return fd
}
