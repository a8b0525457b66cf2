package reich

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// Pictures of the cards as entered, laid out like the printed ones: the
// entry forms show them live, and the Content tab lists them. The colours
// are the cards' (a spawn card's green, orange and red rows, a loot
// colour); the words are the players'.

// cardBox is a card whose title wraps (a widget.Card's title is one line,
// too wide for long names at the largest text).
func cardBox(title, sub string, body fyne.CanvasObject) fyne.CanvasObject {
	box := container.NewVBox(heading(title))
	if sub != "" {
		l := wrapped(sub)
		widgets.Aside(l)
		box.Add(l)
	}
	box.Add(body)
	return widget.NewCard("", "", box)
}

// swatch is a small disc of a colour, beside the words it marks (round,
// so it never reads as a tick box).
func swatch(c color.Color) fyne.CanvasObject {
	d := canvas.NewCircle(c)
	d.StrokeColor = theme.Color(theme.ColorNameForeground)
	d.StrokeWidth = 1
	return container.NewCenter(widgets.AtLeast(fyne.NewSquareSize(18), d))
}

// band is a row of a card: a colour swatch and its words, wrapped.
func band(c color.Color, text string) fyne.CanvasObject {
	return container.NewBorder(nil, nil, swatch(c), nil, wrapped(text))
}

func lootColour(c string) color.Color {
	switch c {
	case "grey":
		return color.NRGBA{R: 0x9e, G: 0x9e, B: 0x9e, A: 0xff}
	case "red":
		return color.NRGBA{R: 0xc6, G: 0x28, B: 0x28, A: 0xff}
	case "black":
		return color.NRGBA{R: 0x21, G: 0x21, B: 0x21, A: 0xff}
	case "blue":
		return color.NRGBA{R: 0x15, G: 0x65, B: 0xc0, A: 0xff}
	}
	return theme.Color(theme.ColorNameDisabled)
}

// unitName names a unit code from the faction cards given.
func unitName(code string, facs ...content.Faction) string {
	for i := range facs {
		if u := facs[i].Unit(code); u != nil && u.Name != "" {
			return u.Name
		}
	}
	return code
}

// unitText is a faction card line in words, as the card prints it.
func unitText(u content.UnitType, f *content.Faction) string {
	parts := []string{fmt.Sprintf("# %d", u.Max), fmt.Sprintf("melee %d", u.MeleeAttack)}
	if u.RangedAttack != nil {
		parts = append(parts, fmt.Sprintf("ranged %d (range %d)", *u.RangedAttack, u.Range))
	}
	parts = append(parts, fmt.Sprintf("support %d", u.Support), fmt.Sprintf("defence %d", u.Defence))
	if w := u.WoundsToKill(); w > 1 {
		parts = append(parts, fmt.Sprintf("%d wounds", w))
	}
	var kws []string
	for _, k := range u.Keywords {
		if k.ID == content.KwXWounds {
			continue
		}
		kws = append(kws, rb.KeywordText(k, func(code string) string {
			if f != nil {
				return unitName(code, *f)
			}
			return code
		}))
	}
	s := strings.Join(parts, " · ")
	if len(kws) > 0 {
		s += " · " + strings.Join(kws, ", ")
	}
	if len(u.Tags) > 0 {
		var ts []string
		for _, t := range u.Tags {
			ts = append(ts, rb.TagWords(t))
		}
		s += " · " + strings.Join(ts, ", ")
	}
	return s
}

// unitRow is one line of a faction card: its code and name (a white name
// drawn white on black, as printed), its loot colour and its numbers.
func unitRow(n int, u content.UnitType, f *content.Faction) fyne.CanvasObject {
	name := u.Name
	if name == "" {
		name = "(no name yet)"
	}
	head := fmt.Sprintf("%d. %s %s", n, u.Code, name)
	if u.NameIsWhite {
		head += " — name in white: it never moves or attacks"
	}
	title := widget.NewLabelWithStyle(head, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapWord
	return container.NewVBox(container.NewBorder(nil, nil, swatch(lootColour(u.LootColour)), nil, title),
		wrapped(u.LootColour+" loot · "+unitText(u, f)))
}

// factionPreview pictures a faction card: its name and its lines in
// activation order.
func factionPreview(f content.Faction) fyne.CanvasObject {
	rows := container.NewVBox()
	if len(f.Units) == 0 {
		rows.Add(wrapped("No unit lines yet."))
	}
	for i, u := range f.Units {
		rows.Add(unitRow(i+1, u, &f))
	}
	name := f.Name
	if name == "" {
		name = "(no name yet)"
	}
	return cardBox("Faction card: "+name, "Lines in the card's order, which is the order the enemy activates in.", rows)
}

// spawnRowText is a spawn card row in words ("2 × Drill Sentry, 1 × Yard
// Hound"), or "blank".
func spawnRowText(items []content.SpawnItem, facs []content.Faction) string {
	if len(items) == 0 {
		return "blank"
	}
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = fmt.Sprintf("%d × %s", it.Count, unitName(it.UnitCode, facs...))
	}
	return strings.Join(parts, ", ")
}

// spawnPreview pictures a spawn card: its three coloured rows.
func spawnPreview(c content.SpawnCard, facs []content.Faction) fyne.CanvasObject {
	rows := container.NewVBox()
	for _, l := range levels {
		rows.Add(band(levelColour(l), capital(string(l))+": "+spawnRowText(c.Levels[l], facs)))
	}
	return cardBox("Spawn card "+show(c.ID), "", rows)
}

// effectText is a noise card effect in words.
func effectText(e content.Effect) string {
	s := rb.EffectWords(e.Kind)
	switch e.Kind {
	case content.EffSpawnPatrol:
		aw := "?"
		if e.Awareness != nil {
			aw = rb.AwarenessWords(*e.Awareness)
		}
		s += fmt.Sprintf(": %s, %s", iconsText(e.Icons), aw)
	case content.EffSpawnBarracks:
		s += fmt.Sprintf(" at barracks %s: %s", show(e.Letter), iconsText(e.Icons))
	case content.EffSpawnFromDarkness:
		s += ": " + iconsText(e.Icons)
	case content.EffRaiseAwareness:
		s += fmt.Sprintf(" of %s by %d", rb.TargetWords(e.Target), e.Levels)
	case content.EffAdvanceTracker:
		s += fmt.Sprintf(" %d", e.N)
	case content.EffFreeText:
		s += ": " + e.Text
	}
	return s
}

// iconsText names spawn icons in order ("green, green, orange").
func iconsText(ls []content.Level) string {
	if len(ls) == 0 {
		return "no icons"
	}
	parts := make([]string, len(ls))
	for i, l := range ls {
		parts[i] = string(l)
	}
	return strings.Join(parts, ", ") + " icon" + plural(len(ls))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// noisePreview pictures a noise card: its top effects, the threshold in
// the middle and the bottom effects.
func noisePreview(c content.NoiseCard) fyne.CanvasObject {
	list := func(es []content.Effect) fyne.CanvasObject {
		box := container.NewVBox()
		if len(es) == 0 {
			box.Add(wrapped("nothing"))
		}
		for _, e := range es {
			box.Add(wrapped("• " + effectText(e)))
		}
		return box
	}
	disc := canvas.NewCircle(theme.Color(theme.ColorNameButton))
	disc.StrokeColor = theme.Color(theme.ColorNameForeground)
	disc.StrokeWidth = 2
	num := canvas.NewText(fmt.Sprint(c.Threshold), theme.Color(theme.ColorNameForeground))
	num.TextStyle.Bold = true
	num.TextSize = theme.TextSize() * 1.6
	num.Alignment = fyne.TextAlignCenter
	mid := container.NewBorder(nil, nil,
		container.NewCenter(widgets.AtLeast(fyne.NewSquareSize(52), container.NewStack(disc, container.NewCenter(num)))), nil,
		wrapped("A noise total of this or more adds the bottom effects."))
	return cardBox("Noise card "+show(c.ID), "Deck: "+rb.NoiseDeckWords(c.Deck), container.NewVBox(
		heading("Top: always"), list(c.Top), widget.NewSeparator(), mid, widget.NewSeparator(), heading("Bottom"), list(c.Bottom)))
}

// heroPreview pictures a character card.
func heroPreview(h rb.HeroCard) fyne.CanvasObject {
	weapon := func(w rb.Weapon) string {
		name := w.Name
		if name == "" {
			name = "(no name yet)"
		}
		if w.Range == 0 {
			return name + " · melee"
		}
		return fmt.Sprintf("%s · range %d", name, w.Range)
	}
	box := container.NewVBox(
		wrapped(fmt.Sprintf("Defence: %d dice", h.Defence)),
		wrapped("Weapon 1: "+weapon(h.Weapons[0])),
		wrapped("Weapon 2: "+weapon(h.Weapons[1])),
	)
	if h.StartingSkill != "" {
		box.Add(wrapped("Skill: " + h.StartingSkill))
	}
	name := h.Name
	if name == "" {
		name = "(no name yet)"
	}
	return cardBox("Character card: "+name, "", box)
}

// trackerPreview pictures a mission tracker: the spaces before the alarm
// (in their colours, if given), the alarm, and the spaces after it.
func trackerPreview(mi rb.MissionInfo, note bool) fyne.CanvasObject {
	row := widgets.NewFlow()
	cell := func(text string, c color.Color) fyne.CanvasObject {
		bg := canvas.NewRectangle(c)
		bg.CornerRadius = 4
		bg.StrokeColor = theme.Color(theme.ColorNameForeground)
		bg.StrokeWidth = 1
		t := canvas.NewText(text, theme.Color(theme.ColorNameForeground))
		t.Alignment = fyne.TextAlignCenter
		return widgets.AtLeast(fyne.NewSize(36, 32), container.NewStack(bg, container.NewCenter(t)))
	}
	plain := theme.Color(theme.ColorNameInputBackground)
	colourOf := func(cs []content.Level, i int) color.Color {
		if i < len(cs) {
			return levelColour(cs[i])
		}
		return plain
	}
	if note {
		for i := 1; i <= mi.AlienWorld; i++ {
			row.Add(cell(fmt.Sprint(i), plain))
		}
	} else {
		for i := 1; i <= mi.PreAlarm; i++ {
			row.Add(cell(fmt.Sprint(i), colourOf(mi.PreColours, i-1)))
		}
		row.Add(cell("Alarm", colAlert))
		for i := 1; i <= mi.PostAlarm; i++ {
			row.Add(cell(fmt.Sprint(i), colourOf(mi.PostColours, i-1)))
		}
	}
	box := container.NewVBox(row)
	if len(mi.VictoryChart) > 0 {
		box.Add(heading("Victory or Defeat?"))
		for i, r := range mi.VictoryChart {
			res := "failure"
			if r.Success {
				res = "success"
			}
			box.Add(wrapped(fmt.Sprintf("%d. %s — %s", i+1, show(r.Text), res)))
		}
	}
	if len(mi.HQAdditions) > 0 {
		box.Add(wrapped("Adds to the HQ card: " + strings.Join(mi.HQAdditions, ", ")))
	}
	return cardBox(rb.MissionName(show(mi.ID)), "The mission tracker", box)
}

// show is s, or a dash for nothing.
func show(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
