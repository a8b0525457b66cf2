package reich

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// The faction card form (spec §2.1): its name, then its unit lines in the
// card's order (the enemy's activation order), each entered in a form of
// its own with steppers for its numbers and pickers for its colour,
// keywords and kinds. The card shows as printed while it is entered.

// slug makes an id from a name, for cards players know by name.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(name)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// FactionForm adds (id "") or changes a faction card. then, if not nil,
// runs with the card's id once it is saved.
func (k *kit) FactionForm(id string, then func(id string)) *formDialog {
	var f content.Faction
	editing := false
	if id != "" {
		for _, x := range k.state().Library.Factions {
			if x.ID == id {
				f, editing = x, true
				f.Units = slices.Clone(x.Units)
			}
		}
	}
	name := entry("as printed on the card", f.Name)
	number := entry("as printed, if it has one", f.ID)
	if editing {
		// The id stays (spawn cards and missions name the card by it);
		// a number the players typed is shown, an id made from the
		// card's name is no number of theirs and is not.
		number.SetText(cardNumber(f.ID))
		number.Disable()
	}
	lines := container.NewVBox()
	preview := container.NewStack()
	var fd *formDialog
	var refresh func()
	refresh = func() {
		cur := f
		cur.Name = strings.TrimSpace(name.Text)
		preview.Objects = []fyne.CanvasObject{factionPreview(cur)}
		preview.Refresh()
		lines.Objects = nil
		if len(f.Units) == 0 {
			lines.Add(wrapped("No unit lines yet: add the card's lines from the top."))
		}
		for i, u := range f.Units {
			i := i
			up := widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() {
				if i > 0 {
					f.Units[i-1], f.Units[i] = f.Units[i], f.Units[i-1]
					refresh()
				}
			})
			if i == 0 {
				up.Disable()
			}
			ed := widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), func() { k.UnitLineForm(&f, i, refresh) })
			rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
				f.Units = slices.Delete(f.Units, i, i+1)
				refresh()
			})
			label := fmt.Sprintf("%d. %s %s", i+1, u.Code, u.Name)
			lines.Add(container.NewBorder(nil, nil, nil,
				container.NewHBox(widgets.Touch(up), widgets.Touch(ed), widgets.Touch(rm)), wrapped(label)))
		}
		lines.Add(widgets.Touch(button("Add a unit line…", theme.ContentAddIcon(), func() { k.UnitLineForm(&f, -1, refresh) })))
		lines.Refresh()
	}
	name.OnChanged = func(string) { refresh() }
	refresh()
	items := []*widget.FormItem{widget.NewFormItem("Name", name)}
	if !editing || number.Text != "" {
		items = append(items, widget.NewFormItem("Card number", number))
	}
	items = append(items, widget.NewFormItem("Unit lines", lines))
	title := "Faction card"
	if editing {
		title = "Change faction card " + f.Name
	}
	fd = k.formWith(title, "Save", items, preview, func() error {
		out := f
		out.Name = strings.TrimSpace(name.Text)
		if !editing {
			out.ID = strings.TrimSpace(number.Text)
		}
		if out.ID == "" {
			out.ID = uniqueID(slug(out.Name), func(id string) bool {
				return slices.ContainsFunc(k.state().Library.Factions, func(x content.Faction) bool { return x.ID == id })
			})
		} else if !editing && slices.ContainsFunc(k.state().Library.Factions, func(x content.Faction) bool { return x.ID == out.ID }) {
			return rb.Problems{{Key: "id", Text: "another faction card has this number"}}
		}
		if ps := rb.FactionProblems(out); len(ps) > 0 {
			return ps
		}
		if _, err := k.run(rb.PutFaction{Faction: out}); err != nil {
			return err
		}
		if then != nil {
			then(out.ID)
		}
		return nil
	})
	fd.keys["id"], fd.keys["name"], fd.keys["units"] = "Card number", "Name", "Unit lines"
	for i := range 40 {
		for _, part := range []string{"code", "name", "loot", "max", "melee", "ranged", "range", "support", "defence", "wounds", "keywords", "tags", "states"} {
			fd.keys[fmt.Sprintf("unit.%d.%s", i+1, part)] = "Unit lines"
		}
	}
	return fd
}

// cardNumber is what a player is shown of a faction card's id: the number
// they typed ("NW7", "12"), or "" for an id the app made from the card's
// name when it was saved without one (slug, uniqueID: "night-watch",
// "practice-garrison", "squad-7-2"): lowercase words joined by dashes,
// which no player reads as a number. A lowercase number typed without a
// dash ("nw7") is still shown.
func cardNumber(id string) string {
	made := id == slug(id) && strings.ContainsFunc(id, unicode.IsLetter) &&
		(strings.Contains(id, "-") || !strings.ContainsFunc(id, unicode.IsDigit))
	if made {
		return ""
	}
	return id
}

// uniqueID is base, or base with a number after it, that taken says is
// free ("card" when base is empty).
func uniqueID(base string, taken func(string) bool) string {
	if base == "" {
		base = "card"
	}
	id := base
	for n := 2; taken(id); n++ {
		id = fmt.Sprintf("%s-%d", base, n)
	}
	return id
}

// unitKeywords are the keywords a unit line offers as chips: X Wounds has
// its own stepper.
func unitKeywords() []string {
	var out []string
	for _, k := range content.KnownKeywords() {
		if content.KeywordID(k) != content.KwXWounds {
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b string) int {
		return strings.Compare(rb.KeywordWords(content.KeywordID(a)), rb.KeywordWords(content.KeywordID(b)))
	})
	return out
}

// UnitLineForm adds (i < 0) or changes line i of the faction card f being
// entered; done runs after, to show the card again.
func (k *kit) UnitLineForm(f *content.Faction, i int, done func()) *formDialog {
	u := content.UnitType{LootColour: "grey", Max: 1}
	if i >= 0 {
		u = f.Units[i]
	}
	n := i + 1
	if i < 0 {
		n = len(f.Units) + 1
	}
	code := entry("as printed on spawn cards, e.g. GR", u.Code)
	name := entry("the unit's name as printed", u.Name)
	white := widget.NewCheck("The name is printed in white (it never moves or attacks)", nil)
	white.SetChecked(u.NameIsWhite)
	preview := container.NewStack()
	cur := func() content.UnitType { return u }
	var refresh func()
	loot := newChoiceField(rb.LootColours, func(c string) string { return c }, u.LootColour, func(string) { refresh() })
	// The card's numbers, each a tap on its value (a stepper took a tap a
	// point: 7 taps for a modest line).
	maxN := newNumberField(0, 12, u.Max, "", func(int) { refresh() })
	melee := newNumberField(0, 9, u.MeleeAttack, "", func(int) { refresh() })
	rngAtk := -1
	if u.RangedAttack != nil {
		rngAtk = *u.RangedAttack
	}
	ranged := newNumberField(-1, 9, rngAtk, "none", func(int) { refresh() })
	rangeN := newNumberField(0, 9, u.Range, "", func(int) { refresh() })
	support := newNumberField(0, 9, u.Support, "", func(int) { refresh() })
	defence := newNumberField(0, 9, u.Defence, "", func(int) { refresh() })
	wounds := newNumberField(1, 9, u.WoundsToKill(), "", func(int) { refresh() })
	var chosen []string
	handler := ""
	for _, kw := range u.Keywords {
		if kw.ID == content.KwXWounds {
			continue
		}
		chosen = append(chosen, string(kw.ID))
		if kw.ID == content.KwHandler {
			handler = kw.Code
		}
	}
	kws := newChipsField(unitKeywords(), func(id string) string { return rb.KeywordWords(content.KeywordID(id)) }, chosen, "Add a keyword…")
	var others []string
	for j, o := range f.Units {
		if j != i && o.Code != "" {
			others = append(others, o.Code)
		}
	}
	kws.extra = func(v string) fyne.CanvasObject {
		if v != string(content.KwHandler) {
			return nil
		}
		words := func(c string) string { return unitName(c, *f) }
		var opts []string
		for _, c := range others {
			opts = append(opts, words(c))
		}
		sel := widget.NewSelect(opts, func(s string) {
			for _, c := range others {
				if words(c) == s {
					handler = c
				}
			}
			refresh()
		})
		sel.PlaceHolder = "which unit it handles"
		if handler != "" {
			sel.SetSelected(words(handler))
		}
		return widgets.Touch(sel)
	}
	kws.rebuild()
	tags := newChipsField(rb.UnitTags, rb.TagWords, u.Tags, "Add a kind…")
	read := func() content.UnitType {
		out := content.UnitType{Code: strings.TrimSpace(code.Text), Name: strings.TrimSpace(name.Text), NameIsWhite: white.Checked,
			LootColour: loot.Value(), Max: maxN.Value, MeleeAttack: melee.Value, Range: rangeN.Value, Support: support.Value,
			Defence: defence.Value, States: u.States, IsRanged: u.IsRanged, Tags: slices.Clone(tags.Chosen)}
		if ranged.Value >= 0 {
			v := ranged.Value
			out.RangedAttack = &v
		}
		for _, id := range kws.Chosen {
			kw := content.Keyword{ID: content.KeywordID(id)}
			if kw.ID == content.KwHandler {
				kw.Code = handler
			}
			out.Keywords = append(out.Keywords, kw)
		}
		if wounds.Value > 1 {
			out.Keywords = append(out.Keywords, content.Keyword{ID: content.KwXWounds, N: wounds.Value})
		}
		return out
	}
	_ = cur
	refresh = func() {
		preview.Objects = []fyne.CanvasObject{cardBox("Line "+fmt.Sprint(n)+" as printed", "", unitRow(n, read(), f))}
		preview.Refresh()
	}
	code.OnChanged = func(string) { refresh() }
	name.OnChanged = func(string) { refresh() }
	white.OnChanged = func(bool) { refresh() }
	kws.OnChanged = refresh
	tags.OnChanged = refresh
	refresh()
	// What every line prints first: its code, name and numbers; the
	// colours, the white name and the keywords after.
	items := []*widget.FormItem{
		widget.NewFormItem("Code", code), widget.NewFormItem("Name", name), widget.NewFormItem("Miniatures (#)", maxN),
		widget.NewFormItem("Melee attack", melee), widget.NewFormItem("Defence", defence), widget.NewFormItem("Support", support),
		widget.NewFormItem("Ranged attack", ranged), widget.NewFormItem("Range", rangeN), widget.NewFormItem("Wounds to kill", wounds),
		widget.NewFormItem("Loot colour", loot), widget.NewFormItem("White name", widgets.WrapCheck(white)),
		widget.NewFormItem("Keywords", kws), widget.NewFormItem("Kinds", tags),
	}
	title := "Add unit line " + fmt.Sprint(n)
	if i >= 0 {
		title = "Change unit line " + fmt.Sprint(n)
	}
	fd := k.formWith(title, "Keep this line", items, preview, func() error {
		line := read()
		units := slices.Clone(f.Units)
		if i >= 0 {
			units[i] = line
		} else {
			units = append(units, line)
		}
		// This line's problems only: the card as a whole (its name, a
		// Handler naming a line still to come) is checked when it is saved.
		var mine rb.Problems
		prefix := fmt.Sprintf("unit.%d.", n)
		for _, p := range rb.FactionProblems(content.Faction{ID: "x", Name: "x", Units: units}) {
			if strings.HasPrefix(p.Key, prefix) && !strings.Contains(p.Text, "which no line of this card has") {
				mine = append(mine, p)
			}
		}
		if len(mine) > 0 {
			return mine
		}
		f.Units = units
		done()
		return nil
	})
	for key, label := range map[string]string{"code": "Code", "name": "Name", "loot": "Loot colour", "max": "Miniatures (#)",
		"melee": "Melee attack", "ranged": "Ranged attack", "range": "Range", "support": "Support", "defence": "Defence",
		"wounds": "Wounds to kill", "keywords": "Keywords", "tags": "Kinds"} {
		fd.keys[fmt.Sprintf("unit.%d.%s", n, key)] = label
	}
	return fd
}
