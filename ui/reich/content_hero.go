package reich

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// The character card form (spec §2.5, §4.1 step 2): the hero's name, the
// defence dice, the two weapon tokens the card names with their ranges,
// and the skill token. Entered once; a mission's set-up then picks heroes.

// HeroForm adds (id "") or changes a character card.
func (k *kit) HeroForm(id string, then func(id string)) *formDialog {
	var h rb.HeroCard
	editing := false
	if x := k.state().Library.HeroCardByID(id); id != "" && x != nil {
		h, editing = *x, true
	}
	if !editing {
		h.Defence = 2
	}
	name := entry("as printed on the card", h.Name)
	defence := newStepField(0, 10, h.Defence, nil)
	w1 := entry("the first weapon token's name", h.Weapons[0].Name)
	r1 := newStepField(0, 10, h.Weapons[0].Range, nil)
	r1.Blank = "melee"
	r1.sync()
	w2 := entry("the second weapon token's name", h.Weapons[1].Name)
	r2 := newStepField(0, 10, h.Weapons[1].Range, nil)
	r2.Blank = "melee"
	r2.sync()
	skill := entry("the skill token on the card (if any)", h.StartingSkill)
	preview := container.NewStack()
	read := func() rb.HeroCard {
		out := h
		out.Name, out.Defence, out.StartingSkill = strings.TrimSpace(name.Text), defence.Value, strings.TrimSpace(skill.Text)
		out.Weapons[0] = rb.Weapon{Name: strings.TrimSpace(w1.Text), Range: r1.Value}
		out.Weapons[1] = rb.Weapon{Name: strings.TrimSpace(w2.Text), Range: r2.Value}
		return out
	}
	refresh := func() {
		preview.Objects = []fyne.CanvasObject{heroPreview(read())}
		preview.Refresh()
	}
	for _, e := range []*widgets.TextEntry{name, w1, w2, skill} {
		e.OnChanged = func(string) { refresh() }
	}
	for _, s := range []*stepField{defence, r1, r2} {
		s.OnChanged = func(int) { refresh() }
	}
	refresh()
	items := []*widget.FormItem{
		widget.NewFormItem("Name", name), widget.NewFormItem("Defence dice", defence),
		widget.NewFormItem("Weapon 1", w1), widget.NewFormItem("Weapon 1 range", r1),
		widget.NewFormItem("Weapon 2", w2), widget.NewFormItem("Weapon 2 range", r2),
		widget.NewFormItem("Skill", skill),
	}
	title := "Character card"
	if editing {
		title = "Change " + h.Name + "'s card"
	}
	fd := k.formWith(title, "Save", items, preview, func() error {
		card := read()
		lib := k.state().Library
		if !editing {
			card.ID = uniqueID(slug(card.Name), func(id string) bool {
				return slices.ContainsFunc(lib.Heroes, func(x rb.HeroCard) bool { return x.ID == id })
			})
		}
		if ps := rb.HeroCardProblems(card); len(ps) > 0 {
			return ps
		}
		if _, err := k.run(rb.PutHeroCard{Card: card}); err != nil {
			return err
		}
		if then != nil {
			then(card.ID)
		}
		return nil
	})
	for key, label := range map[string]string{"id": "Name", "name": "Name", "defence": "Defence dice", "weapon.1": "Weapon 1", "weapon.2": "Weapon 2"} {
		fd.keys[key] = label
	}
	return fd
}
