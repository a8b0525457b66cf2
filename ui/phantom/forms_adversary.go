package phantom

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	ap "tablekeeper/automa/phantom"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// The adversaries' components: description cards, species and class action
// cards, boss boards and boss action cards (§15.6, §15.7).

// adversarySpecies and adversaryClasses are the species and classes named
// by entered cards, for the pickers.
func adversarySpecies(s *tp.State) []string {
	set := map[string]bool{}
	for _, a := range s.Content.Adversaries {
		set[a.Species] = true
	}
	for _, c := range s.Content.SpeciesCards {
		set[c.Species] = true
	}
	return setList(set)
}

func adversaryClasses(s *tp.State) []string {
	set := map[string]bool{}
	for _, a := range s.Content.Adversaries {
		set[a.Class] = true
	}
	for _, c := range s.Content.ClassCards {
		set[c.Class] = true
	}
	return setList(set)
}

func setList(set map[string]bool) []string {
	var out []string
	for k := range set {
		if strings.TrimSpace(k) != "" {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// nextID suggests the next card of a deck: "Sludge 4" after "Sludge 3".
func nextID[V any](prefix string, have map[string]V) string {
	prefix = strings.TrimSpace(prefix)
	if prefix == "" {
		prefix = "Card"
	}
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s %d", prefix, n)
		if _, ok := have[id]; !ok {
			return id
		}
	}
}

// critFields enter a critical ability: what it says, the conditions it
// inflicts and any damage it adds.
func critFields(b *editorBase, key string, c *ap.CritAbility, changed func()) fyne.CanvasObject {
	text := newTextEntry(c.Text, "what the critical ability says", func(s string) { c.Text = s; changed() })
	dmg := NewNum(0, 9, c.Damage, func(v int) { c.Damage = v; changed() })
	inflict := conditionsPicker(c.Inflict, true, func(cs []string) { c.Inflict = cs; changed() })
	return container.NewVBox(
		b.row(key+".text", "Critical ability", text),
		b.row(key+".inflict", "It inflicts", inflict),
		b.row(key+".damage", "Extra damage", container.NewHBox(dmg)))
}

// AdversaryForm is an adversary's description card.
type AdversaryForm struct {
	editorBase
	v                                         ap.AdversaryType
	Name                                      *widgets.TextEntry
	Species, Class                            *widgets.SuggestEntry
	Difficulty, HP, Attack, Guard, Range, Std *Num
	form                                      fyne.CanvasObject
}

func newAdversaryForm(s *tp.State, data json.RawMessage) *AdversaryForm {
	f := &AdversaryForm{v: ap.AdversaryType{Difficulty: 1, HP: 5, Attack: 1, Range: 1, Standees: 4}}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	f.Name = newNameEntry(v.Name, "e.g. the species and class the card prints", func(x string) { v.Name = strings.TrimSpace(x); ch() })
	f.Species = newSuggestEntry(v.Species, "species (names its species deck)", adversarySpecies(s), func(x string) { v.Species = strings.TrimSpace(x); ch() })
	f.Class = newSuggestEntry(v.Class, "class (names its class deck)", adversaryClasses(s), func(x string) { v.Class = strings.TrimSpace(x); ch() })
	f.Difficulty = NewNum(1, 6, v.Difficulty, func(x int) { v.Difficulty = x; ch() })
	f.Difficulty.Format = stars
	f.HP = NewNum(1, 60, v.HP, func(x int) { v.HP = x; ch() })
	f.Attack = NewNum(0, 9, v.Attack, func(x int) { v.Attack = x; ch() })
	f.Guard = NewNum(0, 9, v.Guard, func(x int) { v.Guard = x; ch() })
	f.Range = NewNum(1, 12, v.Range, func(x int) { v.Range = x; ch() })
	f.Std = NewNum(0, 12, v.Standees, func(x int) { v.Standees = x; ch() })
	f.form = container.NewVBox(
		f.row("name", "Name", f.Name),
		f.row("difficulty", "Difficulty rating", container.NewHBox(f.Difficulty)),
		widgets.NewFlow(f.row("species", "Species", widgets.AtLeast(fyne.NewSize(220, 0), f.Species)), f.row("class", "Class", widgets.AtLeast(fyne.NewSize(220, 0), f.Class))),
		widgets.NewFlow(f.row("hp", "", statBox("HP", f.HP)), f.row("attack", "", statBox("Attack", f.Attack)),
			f.row("guard", "", statBox("Guard", f.Guard)), f.row("range", "", statBox("Range", f.Range))),
		f.row("standees", "Standees in the box", container.NewHBox(f.Std)),
		critFields(&f.editorBase, "crit", &v.Crit, ch),
	)
	return f
}

func (f *AdversaryForm) card() fyne.CanvasObject {
	v := f.v
	lines := []string{fmt.Sprintf("Species deck: %s · class deck: %s", orDefault(v.Species, "?"), orDefault(v.Class, "?"))}
	if c := critText(v.Crit); c != "" {
		lines = append(lines, "Critical: "+c)
	}
	if v.Standees > 0 {
		lines = append(lines, fmt.Sprintf("%d standees", v.Standees))
	}
	return previewCard(v.Name, stars(v.Difficulty),
		statBoxes("HP", strconv.Itoa(v.HP), "Attack", strconv.Itoa(v.Attack), "Guard", strconv.Itoa(v.Guard), "Range", strconv.Itoa(v.Range)),
		textLines(lines...))
}

func critText(c ap.CritAbility) string {
	var parts []string
	if t := strings.TrimSpace(c.Text); t != "" {
		parts = append(parts, t)
	}
	if len(c.Inflict) > 0 {
		parts = append(parts, "inflicts "+strings.Join(c.Inflict, ", "))
	}
	if c.Damage > 0 {
		parts = append(parts, fmt.Sprintf("%d damage", c.Damage))
	}
	return strings.Join(parts, " · ")
}

func (f *AdversaryForm) Form() fyne.CanvasObject { return f.form }
func (f *AdversaryForm) Pieces() []piece {
	return []piece{pieceOf(tp.KindAdversary, "", f.v)}
}

// SpeciesCardForm is an adversary species action card.
type SpeciesCardForm struct {
	editorBase
	id      string
	v       tp.SpeciesCard
	ID      *widgets.TextEntry
	Species *widgets.SuggestEntry
	AP      *Num
	Actions *ActionsEditor
	Effects *RoundEffectsEditor
	form    fyne.CanvasObject
}

func newSpeciesCardForm(s *tp.State, id string, data json.RawMessage) *SpeciesCardForm {
	f := &SpeciesCardForm{id: id, v: tp.SpeciesCard{Card: ap.Card{AP: 1, Actions: []ap.Action{{Kind: ap.ActMove, Value: 2}}}}}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	} else if sp := adversarySpecies(s); len(sp) == 1 {
		f.v.Species = sp[0]
	}
	suggested := ""
	if f.id == "" {
		f.id = nextID(f.v.Species, s.Content.SpeciesCards)
		suggested = f.id
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	f.ID = newNameEntry(f.id, "to tell it from the deck's other cards", func(x string) { f.id = strings.TrimSpace(x); ch() })
	f.Species = newSuggestEntry(v.Species, "the species deck it belongs to", adversarySpecies(s), func(x string) {
		v.Species = strings.TrimSpace(x)
		if f.id == suggested {
			suggested = nextID(v.Species, s.Content.SpeciesCards)
			f.ID.SetText(suggested)
		}
		ch()
	})
	name := newNameEntry(v.Card.Name, "its title, if it prints one", func(x string) { v.Card.Name = strings.TrimSpace(x); ch() })
	f.AP = NewNum(0, 9, v.Card.AP, func(x int) { v.Card.AP = x; ch() })
	f.Actions = newActionsEditor("card.actions", v.Card.Actions, ch)
	f.Effects = newRoundEffectsEditor("card.roundEffects", v.Card.RoundEffects, ch)
	f.extra = func() []*fieldRow { return append(f.Actions.Rows(), f.Effects.Rows()...) }
	f.form = container.NewVBox(
		f.row("species", "Species deck", f.Species),
		f.row("id", "Card name or number", f.ID),
		f.row("card.name", "Title", name),
		f.row("card.ap", "AP", container.NewHBox(f.AP)),
		f.row("card.actions", "Actions, in printed order", f.Actions.Object()),
		f.row("card.roundEffects", "Round effects ⟳", f.Effects.Object()),
	)
	return f
}

func (f *SpeciesCardForm) read() tp.SpeciesCard {
	v := f.v
	v.Card.Actions = f.Actions.Actions()
	v.Card.RoundEffects = f.Effects.Effects()
	return v
}

func (f *SpeciesCardForm) card() fyne.CanvasObject {
	if f.Actions == nil {
		return previewCard(f.id, "", nil)
	}
	v := f.read()
	return previewCard(orDefault(v.Card.Name, f.id), fmt.Sprintf("AP %d", v.Card.AP),
		textLines("Species: "+orDefault(v.Species, "?")), textLines(actionLines(v.Card)...))
}

func (f *SpeciesCardForm) Form() fyne.CanvasObject { return f.form }
func (f *SpeciesCardForm) Pieces() []piece {
	return []piece{pieceOf(tp.KindSpeciesCard, f.id, f.read())}
}

// ClassCardForm is an adversary class action card: four colour rows in
// printed order, each with its AP, actions and round effects.
type ClassCardForm struct {
	editorBase
	id      string
	v       tp.ClassCard
	ID      *widgets.TextEntry
	Class   *widgets.SuggestEntry
	Colours [4]*widget.Select
	AP      [4]*Num
	Actions [4]*ActionsEditor
	Effects [4]*RoundEffectsEditor
	form    fyne.CanvasObject
}

func newClassCardForm(s *tp.State, id string, data json.RawMessage) *ClassCardForm {
	f := &ClassCardForm{id: id}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	} else if cl := adversaryClasses(s); len(cl) == 1 {
		f.v.Class = cl[0]
	}
	for len(f.v.Card.Rows) < 4 {
		i := len(f.v.Card.Rows)
		f.v.Card.Rows = append(f.v.Card.Rows, ap.ClassRow{Colour: ap.Colours[i], Card: ap.Card{AP: i + 1, Actions: []ap.Action{{Kind: ap.ActAttack}}}})
	}
	f.v.Card.Rows = f.v.Card.Rows[:4]
	suggested := ""
	if f.id == "" {
		f.id = nextID(f.v.Class, s.Content.ClassCards)
		suggested = f.id
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	f.ID = newNameEntry(f.id, "to tell it from the deck's other cards", func(x string) { f.id = strings.TrimSpace(x); ch() })
	f.Class = newSuggestEntry(v.Class, "the class deck it belongs to", adversaryClasses(s), func(x string) {
		v.Class = strings.TrimSpace(x)
		if f.id == suggested {
			suggested = nextID(v.Class, s.Content.ClassCards)
			f.ID.SetText(suggested)
		}
		ch()
	})
	name := newNameEntry(v.Card.Name, "its title, if it prints one", func(x string) { v.Card.Name = strings.TrimSpace(x); ch() })
	cols := make([]string, len(ap.Colours))
	for i, c := range ap.Colours {
		cols[i] = string(c)
	}
	rows := container.NewVBox()
	for i := range 4 {
		r := &v.Card.Rows[i]
		key := fmt.Sprintf("card.rows.%d", i)
		f.Colours[i] = newPicker(cols, string(r.Colour), "colour", func(c string) { r.Colour = ap.Colour(c); ch() })
		f.AP[i] = NewNum(0, 9, r.AP, func(x int) { r.AP = x; ch() })
		f.Actions[i] = newActionsEditor(key+".actions", r.Actions, ch)
		f.Effects[i] = newRoundEffectsEditor(key+".roundEffects", r.RoundEffects, ch)
		stripe := colourSwatch(string(r.Colour))
		head := container.NewBorder(nil, nil, widget.NewLabelWithStyle(fmt.Sprintf("Row %d", i+1), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), nil,
			widgets.NewFlow(f.row(key+".colour", "", fitOptions(f.Colours[i])), f.row(key+".ap", "", container.NewHBox(widget.NewLabel("AP"), f.AP[i]))))
		body := container.NewVBox(head,
			f.row(key+".actions", "Actions", f.Actions[i].Object()),
			f.row(key+".roundEffects", "Round effects ⟳", f.Effects[i].Object()))
		rows.Add(widget.NewCard("", "", container.NewBorder(nil, nil, stripe, nil, body)))
	}
	f.extra = func() []*fieldRow {
		var out []*fieldRow
		for i := range 4 {
			out = append(out, f.Actions[i].Rows()...)
			out = append(out, f.Effects[i].Rows()...)
		}
		return out
	}
	f.form = container.NewVBox(
		f.row("class", "Class deck", f.Class),
		f.row("id", "Card name or number", f.ID),
		f.row("card.name", "Title", name),
		f.row("card.rows", "Colour rows, top to bottom as printed (lowest AP first)", rows),
	)
	return f
}

func (f *ClassCardForm) read() tp.ClassCard {
	v := f.v
	v.Card.Rows = append([]ap.ClassRow(nil), f.v.Card.Rows...)
	for i := range 4 {
		if f.Actions[i] != nil {
			v.Card.Rows[i].Actions = f.Actions[i].Actions()
			v.Card.Rows[i].RoundEffects = f.Effects[i].Effects()
		}
	}
	return v
}

func (f *ClassCardForm) card() fyne.CanvasObject {
	v := f.read()
	body := []fyne.CanvasObject{textLines("Class: " + orDefault(v.Class, "?"))}
	for _, r := range v.Card.Rows {
		body = append(body, colourRow(r.Colour, r.Card))
	}
	return previewCard(orDefault(v.Card.Name, f.id), "", body...)
}

func (f *ClassCardForm) Form() fyne.CanvasObject { return f.form }
func (f *ClassCardForm) Pieces() []piece {
	return []piece{pieceOf(tp.KindClassCard, f.id, f.read())}
}

// BossForm is a boss board: its numbers for 2, 3 and 4 characters, its
// inherent action and its actions #1 to #3.
type BossForm struct {
	editorBase
	v       ap.BossBoard
	Name    *widgets.TextEntry
	Stats   map[string]*Num // "hp.0" … "range.2"
	Actions [4]*ActionsEditor
	form    fyne.CanvasObject
}

func newBossForm(s *tp.State, data json.RawMessage) *BossForm {
	f := &BossForm{v: ap.BossBoard{HP: [3]int{20, 24, 28}, Attack: [3]int{2, 2, 3}, Guard: [3]int{1, 1, 1}, Range: [3]int{1, 1, 1},
		Inherent: ap.Card{AP: 2, Actions: []ap.Action{{Kind: ap.ActMove, Value: 2}}},
		Actions:  [3]ap.Card{{AP: 3, Actions: []ap.Action{{Kind: ap.ActAttack}}}, {AP: 5, Actions: []ap.Action{{Kind: ap.ActAttack}}}, {AP: 7, Actions: []ap.Action{{Kind: ap.ActAttack}}}}},
		Stats: map[string]*Num{}}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	f.Name = newNameEntry(v.Name, "the boss's name", func(x string) { v.Name = strings.TrimSpace(x); ch() })
	grid := container.NewGridWithColumns(4, widget.NewLabel(""), bold("2 characters"), bold("3 characters"), bold("4 characters"))
	for _, st := range []struct {
		name, key string
		vals      *[3]int
		min       int
	}{{"HP", "hp", &v.HP, 1}, {"Attack", "attack", &v.Attack, 0}, {"Guard", "guard", &v.Guard, 0}, {"Range", "range", &v.Range, 1}} {
		grid.Add(bold(st.name))
		for c := range 3 {
			vals, c := st.vals, c
			n := NewNum(st.min, 99, vals[c], func(x int) { vals[c] = x; ch() })
			f.Stats[fmt.Sprintf("%s.%d", st.key, c)] = n
			grid.Add(f.row(fmt.Sprintf("%s.%d", st.key, c), "", n))
		}
	}
	actionBox := func(i int, key, title string, c *ap.Card) fyne.CanvasObject {
		apn := NewNum(0, 12, c.AP, func(x int) { c.AP = x; ch() })
		f.Actions[i] = newActionsEditor(key+".actions", c.Actions, ch)
		parts := []fyne.CanvasObject{bold(title)}
		if i > 0 {
			parts = append(parts, f.row(key+".name", "Name", newNameEntry(c.Name, "its name on the board", func(x string) { c.Name = strings.TrimSpace(x); ch() })))
		}
		parts = append(parts, f.row(key+".ap", "AP", container.NewHBox(apn)), f.row(key+".actions", "Actions", f.Actions[i].Object()))
		return widget.NewCard("", "", container.NewVBox(parts...))
	}
	f.extra = func() []*fieldRow {
		var out []*fieldRow
		for _, a := range f.Actions {
			out = append(out, a.Rows()...)
		}
		return out
	}
	f.form = container.NewVBox(
		f.row("name", "Name", f.Name),
		container.NewHScroll(grid),
		actionBox(0, "inherent", "Inherent action", &v.Inherent),
		actionBox(1, "actions.0", "Action #1", &v.Actions[0]),
		actionBox(2, "actions.1", "Action #2", &v.Actions[1]),
		actionBox(3, "actions.2", "Action #3", &v.Actions[2]),
		critFields(&f.editorBase, "crit", &v.Crit, ch),
	)
	return f
}

func (f *BossForm) read() ap.BossBoard {
	v := f.v
	if f.Actions[0] != nil {
		v.Inherent.Actions = f.Actions[0].Actions()
		for i := range 3 {
			v.Actions[i].Actions = f.Actions[i+1].Actions()
		}
	}
	return v
}

func (f *BossForm) card() fyne.CanvasObject {
	v := f.read()
	cols := func(a [3]int) string { return fmt.Sprintf("%d / %d / %d", a[0], a[1], a[2]) }
	body := []fyne.CanvasObject{
		statBoxes("HP", cols(v.HP), "Attack", cols(v.Attack), "Guard", cols(v.Guard), "Range", cols(v.Range)),
		textLines("(for 2 / 3 / 4 characters)", fmt.Sprintf("Inherent (AP %d): %s", v.Inherent.AP, strings.Join(actionLines(v.Inherent), "; "))),
	}
	for i, c := range v.Actions {
		body = append(body, textLines(fmt.Sprintf("#%d %s (AP %d): %s", i+1, c.Name, c.AP, strings.Join(actionLines(c), "; "))))
	}
	if c := critText(v.Crit); c != "" {
		body = append(body, textLines("Critical: "+c))
	}
	return previewCard(v.Name, "Boss", body...)
}

func (f *BossForm) Form() fyne.CanvasObject { return f.form }
func (f *BossForm) Pieces() []piece         { return []piece{pieceOf(tp.KindBoss, "", f.read())} }

// BossCardForm is a boss action card: the actions it calls, or its other
// effect.
type BossCardForm struct {
	editorBase
	id      string
	v       ap.BossCard
	ID      *widgets.TextEntry
	Actions *ChecksFlow
	form    fyne.CanvasObject
}

func newBossCardForm(s *tp.State, id string, data json.RawMessage) *BossCardForm {
	f := &BossCardForm{id: id, v: ap.BossCard{Actions: []int{1}}}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	}
	if f.id == "" {
		f.id = nextID("Boss card", s.Content.BossCards)
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	f.ID = newNameEntry(f.id, "to tell it from the other boss cards", func(x string) { f.id = strings.TrimSpace(x); ch() })
	var sel []string
	for _, n := range v.Actions {
		sel = append(sel, fmt.Sprintf("#%d", n))
	}
	f.Actions = newChecksFlow([]string{"#1", "#2", "#3"}, sel, nil)
	f.Actions.OnChanged = func(ss []string) {
		v.Actions = nil
		for _, x := range []string{"#1", "#2", "#3"} {
			for _, y := range ss {
				if x == y {
					n, _ := strconv.Atoi(x[1:])
					v.Actions = append(v.Actions, n)
				}
			}
		}
		ch()
	}
	other := newTextEntry(v.Other, "or what else the card says", func(x string) { v.Other = strings.TrimSpace(x); ch() })
	persistent := widget.NewCheck("persistent (stays in play)", func(b bool) { v.Persistent = b; ch() })
	persistent.SetChecked(v.Persistent)
	f.form = container.NewVBox(
		f.row("id", "Card name or number", f.ID),
		f.row("actions", "Boss actions it calls", f.Actions.Object()),
		f.row("other", "Other effect", other),
		f.row("persistent", "", persistent),
	)
	return f
}

func (f *BossCardForm) card() fyne.CanvasObject {
	v := f.v
	var lines []string
	for _, n := range v.Actions {
		lines = append(lines, fmt.Sprintf("Boss action #%d", n))
	}
	if v.Other != "" {
		lines = append(lines, v.Other)
	}
	if v.Persistent {
		lines = append(lines, "Persistent")
	}
	return previewCard(f.id, "Boss", textLines(lines...))
}

func (f *BossCardForm) Form() fyne.CanvasObject { return f.form }
func (f *BossCardForm) Pieces() []piece {
	return []piece{pieceOf(tp.KindBossCard, f.id, f.v)}
}
