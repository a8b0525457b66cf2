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

// The noise card form (spec §2.3): its number and deck, the effects at its
// top, the threshold printed in its middle and the effects at its bottom.
// Each effect is picked from what noise cards do, with its spawn icons
// tapped in their colours and its numbers on steppers.

// defaultEffect is the effect a new line of a card of the deck starts as.
func defaultEffect(deck string) content.Effect {
	switch deck {
	case content.DeckPostAlarm:
		return content.Effect{Kind: content.EffSpawnBarracks, Letter: "A", Icons: []content.Level{content.Green}}
	case content.DeckAlienWorld:
		return content.Effect{Kind: content.EffSpawnFromDarkness, Icons: []content.Level{content.Green}}
	}
	aw := content.Suspicious
	return content.Effect{Kind: content.EffSpawnPatrol, Icons: []content.Level{content.Green}, Awareness: &aw}
}

// effectEditor is one effect of a noise card being entered: what it does,
// and the fields that kind of effect needs.
func effectEditor(e *content.Effect, changed func(), remove func()) fyne.CanvasObject {
	params := container.NewVBox()
	var build func()
	kindWords := make([]string, len(rb.EffectKinds))
	for i, k := range rb.EffectKinds {
		kindWords[i] = rb.EffectWords(k)
	}
	kind := widget.NewSelect(kindWords, nil)
	kind.SetSelected(rb.EffectWords(e.Kind))
	kind.OnChanged = func(s string) {
		i := slices.Index(kindWords, s)
		if i < 0 || rb.EffectKinds[i] == e.Kind {
			return
		}
		*e = content.Effect{Kind: rb.EffectKinds[i]}
		switch e.Kind {
		case content.EffSpawnPatrol:
			aw := content.Suspicious
			e.Awareness, e.Icons = &aw, []content.Level{content.Green}
		case content.EffSpawnBarracks:
			e.Letter, e.Icons = "A", []content.Level{content.Green}
		case content.EffSpawnFromDarkness:
			e.Icons = []content.Level{content.Green}
		case content.EffRaiseAwareness:
			e.Target, e.Levels = content.TargetNearestAtEaseRoom, 1
		case content.EffAdvanceTracker:
			e.N = 1
		}
		build()
		changed()
	}
	row := func(label string, w fyne.CanvasObject) fyne.CanvasObject {
		l := widget.NewLabel(label)
		return container.NewVBox(l, w)
	}
	build = func() {
		params.Objects = nil
		icons := func() {
			f := newIconsField(e.Icons, "none yet", nil)
			f.OnChanged = func() { e.Icons = slices.Clone(f.Icons); changed() }
			params.Add(row("Spawn icons, in printed order", f))
		}
		switch e.Kind {
		case content.EffSpawnPatrol:
			icons()
			cur := content.Suspicious
			if e.Awareness != nil {
				cur = *e.Awareness
			}
			names := []string{"0", "1", "2"}
			params.Add(row("The patrol comes", newChoiceField(names, func(v string) string {
				return rb.AwarenessWords(content.Awareness(v[0] - '0'))
			}, fmt.Sprint(int(cur)), func(v string) {
				a := content.Awareness(v[0] - '0')
				e.Awareness = &a
				changed()
			})))
		case content.EffSpawnBarracks:
			params.Add(row("At barracks", newChoiceField([]string{"A", "B", "C"}, func(v string) string { return v }, e.Letter, func(v string) {
				e.Letter = v
				changed()
			})))
			icons()
		case content.EffSpawnFromDarkness:
			icons()
		case content.EffRaiseAwareness:
			params.Add(row("Which room", newChoiceField(rb.RaiseTargets, rb.TargetWords, e.Target, func(v string) {
				e.Target = v
				changed()
			})))
			params.Add(row("By levels", newStepField(1, 2, max(1, e.Levels), func(v int) { e.Levels = v; changed() })))
		case content.EffAdvanceTracker:
			params.Add(row("Spaces", newStepField(1, 6, max(1, e.N), func(v int) { e.N = v; changed() })))
		case content.EffFreeText:
			t := entry("what the card says", e.Text)
			t.OnChanged = func(s string) { e.Text = s; changed() }
			params.Add(row("The card says (the players resolve it)", t))
		}
		params.Refresh()
	}
	build()
	rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), remove)
	return widget.NewCard("", "", container.NewVBox(container.NewBorder(nil, nil, nil, widgets.Touch(rm), widgets.Touch(kind)), params))
}

// NoiseCardForm adds (id "") or changes a noise card; deck is the deck a
// new card starts in.
func (k *kit) NoiseCardForm(id, deck string, then func(id string)) *formDialog {
	nc := content.NoiseCard{Deck: deck}
	if nc.Deck == "" {
		nc.Deck = content.DeckPreAlarm
	}
	editing := false
	if x := k.state().Library.NoiseCardByID(id); id != "" && x != nil {
		nc, editing = *x, true
		nc.Top, nc.Bottom = slices.Clone(x.Top), slices.Clone(x.Bottom)
	}
	number := entry("as printed", nc.ID)
	if editing {
		number.Disable()
	}
	preview := container.NewStack()
	top, bottom := container.NewVBox(), container.NewVBox()
	var refresh, rebuild func()
	read := func() content.NoiseCard {
		out := nc
		out.ID = strings.TrimSpace(number.Text)
		out.Top, out.Bottom = slices.Clone(nc.Top), slices.Clone(nc.Bottom)
		if out.Top == nil {
			out.Top = []content.Effect{}
		}
		if out.Bottom == nil {
			out.Bottom = []content.Effect{}
		}
		return out
	}
	refresh = func() {
		card := read()
		if card.ID == "" {
			card.ID = "(number)"
		}
		preview.Objects = []fyne.CanvasObject{noisePreview(card)}
		preview.Refresh()
	}
	half := func(box *fyne.Container, list *[]content.Effect, where string) {
		box.Objects = nil
		for i := range *list {
			i := i
			box.Add(effectEditor(&(*list)[i], refresh, func() {
				*list = slices.Delete(*list, i, i+1)
				rebuild()
			}))
		}
		box.Add(widgets.Touch(button("Add an effect to the "+where, theme.ContentAddIcon(), func() {
			*list = append(*list, defaultEffect(nc.Deck))
			rebuild()
		})))
		box.Refresh()
	}
	rebuild = func() {
		half(top, &nc.Top, "top")
		half(bottom, &nc.Bottom, "bottom")
		refresh()
	}
	deckField := newChoiceField(rb.NoiseDecks, rb.NoiseDeckWords, nc.Deck, func(v string) { nc.Deck = v; refresh() })
	threshold := newStepField(0, 20, nc.Threshold, func(v int) { nc.Threshold = v; refresh() })
	number.OnChanged = func(string) { refresh() }
	rebuild()
	items := []*widget.FormItem{
		widget.NewFormItem("Card number", number),
		widget.NewFormItem("Deck", deckField),
		widget.NewFormItem("Top (always)", top),
		widget.NewFormItem("Threshold", threshold),
		widget.NewFormItem("Bottom (from the threshold)", bottom),
	}
	title := "Noise card"
	if editing {
		title = "Change noise card " + nc.ID
	}
	fd := k.formWith(title, "Save", items, preview, func() error {
		card := read()
		lib := k.state().Library
		if card.ID == "" {
			prefix := map[string]string{content.DeckPreAlarm: "N", content.DeckPostAlarm: "P", content.DeckAlienWorld: "W"}[card.Deck]
			card.ID = nextID(prefix, func(id string) bool { return lib.NoiseCardByID(id) != nil })
		} else if !editing && lib.NoiseCardByID(card.ID) != nil {
			return rb.Problems{{Key: "id", Text: "another noise card has this number"}}
		}
		if ps := rb.NoiseCardProblems(card); len(ps) > 0 {
			return ps
		}
		if _, err := k.run(rb.PutNoiseCard{Card: card}); err != nil {
			return err
		}
		if then != nil {
			then(card.ID)
		}
		return nil
	})
	fd.keys["id"], fd.keys["deck"], fd.keys["threshold"] = "Card number", "Deck", "Threshold"
	for i := range 20 {
		fd.keys[fmt.Sprintf("top.%d", i+1)] = "Top (always)"
		fd.keys[fmt.Sprintf("bottom.%d", i+1)] = "Bottom (from the threshold)"
	}
	return fd
}
