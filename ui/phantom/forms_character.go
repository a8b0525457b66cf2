package phantom

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// The characters' components: species cards, class boards with their
// starting Action cards, Action cards, equipment, attachments and items
// (§15.1–§15.5, §15.8).

// SpeciesForm is a character species card.
type SpeciesForm struct {
	editorBase
	v         tp.Species
	Name      *widgets.TextEntry
	HP, MaxAP *Num
	form      fyne.CanvasObject
}

func newSpeciesForm(data json.RawMessage) *SpeciesForm {
	f := &SpeciesForm{v: tp.Species{HP: 10, MaxAP: 6}}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	f.Name = newNameEntry(v.Name, "the species' name", func(x string) { v.Name = strings.TrimSpace(x); ch() })
	f.HP = NewNum(1, 40, v.HP, func(x int) { v.HP = x; ch() })
	f.MaxAP = NewNum(1, 12, v.MaxAP, func(x int) { v.MaxAP = x; ch() })
	text := newTextEntry(v.Text, "its special attribute, as printed", func(x string) { v.Text = strings.TrimSpace(x); ch() })
	f.form = container.NewVBox(
		f.row("name", "Name", f.Name),
		widgets.NewFlow(f.row("hp", "", statBox("HP", f.HP)), f.row("maxAp", "", statBox("Max AP", f.MaxAP))),
		f.row("text", "Special attribute", text),
	)
	return f
}

func (f *SpeciesForm) card() fyne.CanvasObject {
	return previewCard(f.v.Name, "", statBoxes("HP", strconv.Itoa(f.v.HP), "Max AP", strconv.Itoa(f.v.MaxAP)), textLines(f.v.Text))
}
func (f *SpeciesForm) Form() fyne.CanvasObject { return f.form }
func (f *SpeciesForm) Pieces() []piece         { return []piece{pieceOf(tp.KindSpecies, "", f.v)} }

// StartingCard is one of a class board's ten starting Action cards, as
// the class board form lists them.
type StartingCard struct {
	Name *widgets.TextEntry
	AP   *Num
	was  string
}

// ClassForm is a character class board, with its ten starting Action
// cards (name and AP each), its attachment slots, and the attachments and
// items a new character of the class starts with.
type ClassForm struct {
	editorBase
	s        *tp.State
	en       *Entry
	v        tp.ClassBoard
	Name     *widgets.SuggestEntry
	Range    *Num
	Items    *Num
	Bandages *Num
	Starting []*StartingCard
	Slots    *fyne.Container
	slotSets [][]string
	Attach   *widget.CheckGroup
	ItemList *widget.CheckGroup
	form     fyne.CanvasObject
}

// defaultCardName is a starting card's name until the players name it:
// the class and the card's number.
func defaultCardName(class string, n int) string {
	return fmt.Sprintf("%s card %d", orDefault(strings.TrimSpace(class), "Class"), n)
}

func newClassForm(s *tp.State, data json.RawMessage, en *Entry) *ClassForm {
	f := &ClassForm{s: s, en: en, v: tp.ClassBoard{BaseRange: 1, ItemSlots: 2, BandageSlots: 2, AttachmentSlots: [][]string{{"melee"}}}}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	var suggestions []string
	for _, c := range s.Sheet.UnlockedClasses {
		if _, ok := s.Content.Classes[c]; !ok {
			suggestions = append(suggestions, c)
		}
	}
	prevName := v.Name
	f.Name = newSuggestEntry(v.Name, "the class's name", suggestions, nil)
	f.Name.OnChanged = func(x string) {
		x = strings.TrimSpace(x)
		for i, sc := range f.Starting {
			if sc.Name.Text == defaultCardName(prevName, i+1) {
				sc.Name.SetText(defaultCardName(x, i+1))
			}
		}
		prevName, v.Name = x, x
		ch()
	}
	f.Range = NewNum(1, 12, v.BaseRange, func(x int) { v.BaseRange = x; ch() })
	f.Items = NewNum(0, 6, v.ItemSlots, func(x int) { v.ItemSlots = x; ch() })
	f.Bandages = NewNum(0, 9, v.BandageSlots, func(x int) { v.BandageSlots = x; ch() })
	weapon := newNameEntry(v.Weapon, "the weapon printed on the board", func(x string) { v.Weapon = strings.TrimSpace(x); ch() })
	crit := newTextEntry(v.Crit, "the critical ability, as printed", func(x string) { v.Crit = strings.TrimSpace(x); ch() })

	// The ten starting cards: those the board lists, with their AP.
	cards := container.NewVBox()
	for i := range tp.MissionCards {
		name, apv := defaultCardName(v.Name, i+1), 2
		was := ""
		if i < len(v.Starting) {
			name, was = v.Starting[i], v.Starting[i]
			if ac, ok := s.Content.ActionCards[name]; ok {
				apv = ac.AP
			}
		}
		sc := &StartingCard{Name: newNameEntry(name, "the card's name", func(string) { ch() }), AP: NewNum(0, 9, apv, func(int) { ch() }), was: was}
		f.Starting = append(f.Starting, sc)
		r := newFieldRow(fmt.Sprintf("starting.%d", i), "", container.NewBorder(nil, nil, widget.NewLabel(fmt.Sprintf("%d.", i+1)), container.NewHBox(widget.NewLabel("AP"), sc.AP), sc.Name))
		f.rows = append(f.rows, r)
		cards.Add(r.Object())
	}

	// Attachment slots, each with the types it takes.
	f.slotSets = slices.Clone(v.AttachmentSlots)
	f.Slots = container.NewVBox()
	f.showSlots()
	addSlot := widget.NewButtonWithIcon("Add an attachment slot", theme.ContentAddIcon(), func() {
		f.slotSets = append(f.slotSets, []string{"any"})
		f.showSlots()
		ch()
	})

	// What a new character starts with.
	f.Attach = widget.NewCheckGroup(sortedKeys(s.Content.Attachments), nil)
	f.Attach.SetSelected(v.StartingAttachments)
	f.Attach.OnChanged = func([]string) { ch() }
	f.ItemList = widget.NewCheckGroup(sortedKeys(s.Content.Items), nil)
	f.ItemList.SetSelected(v.StartingItems)
	f.ItemList.OnChanged = func([]string) { ch() }
	newAtt := widget.NewButtonWithIcon("Enter a new attachment…", theme.ContentAddIcon(), func() {
		en.Open(tp.KindAttachment, "", func(key string) {
			f.Attach.Options = sortedKeys(state(en.ctx).Content.Attachments)
			f.Attach.SetSelected(append(f.Attach.Selected, key))
		})
	})
	newItem := widget.NewButtonWithIcon("Enter a new item…", theme.ContentAddIcon(), func() {
		en.Open(tp.KindItem, "", func(key string) {
			f.ItemList.Options = sortedKeys(state(en.ctx).Content.Items)
			f.ItemList.SetSelected(append(f.ItemList.Selected, key))
		})
	})
	f.form = container.NewVBox(
		f.row("name", "Class", f.Name),
		widgets.NewFlow(f.row("baseRange", "", statBox("Base range", f.Range)), f.row("itemSlots", "", statBox("Item slots", f.Items)),
			f.row("bandageSlots", "", statBox("Bandage slots", f.Bandages))),
		f.row("weapon", "Weapon", weapon),
		f.row("crit", "Critical ability", crit),
		f.row("starting", "The ten starting Action cards (name them as printed; AP from each card)", cards),
		f.row("attachmentSlots", "Attachment slots", container.NewVBox(f.Slots, addSlot)),
		f.row("startingAttachments", "Starting attachments", container.NewVBox(f.Attach, newAtt)),
		f.row("startingItems", "Starting items", container.NewVBox(f.ItemList, newItem)),
	)
	return f
}

// slotTypes are the types an attachment slot can take.
var slotTypes = []string{"melee", "ranged", "shield", "medical", "dual", "any"}

func (f *ClassForm) showSlots() {
	f.Slots.Objects = nil
	for i := range f.slotSets {
		i := i
		g := newChecksFlow(slotTypes, f.slotSets[i], func(ts []string) { f.slotSets[i] = ts; f.changed() })
		del := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			f.slotSets = append(f.slotSets[:i:i], f.slotSets[i+1:]...)
			f.showSlots()
			f.changed()
		})
		f.Slots.Add(container.NewBorder(nil, nil, widget.NewLabel(fmt.Sprintf("Slot %d", i+1)), widgets.Touch(del), g.Object()))
	}
	f.Slots.Refresh()
}

func (f *ClassForm) read() tp.ClassBoard {
	v := f.v
	v.AttachmentSlots = slices.Clone(f.slotSets)
	v.Starting = nil
	for _, sc := range f.Starting {
		v.Starting = append(v.Starting, strings.TrimSpace(sc.Name.Text))
	}
	if f.Attach != nil {
		v.StartingAttachments = slices.Clone(f.Attach.Selected)
		v.StartingItems = slices.Clone(f.ItemList.Selected)
	}
	return v
}

func (f *ClassForm) card() fyne.CanvasObject {
	v := f.read()
	var slots []string
	for i, sl := range v.AttachmentSlots {
		slots = append(slots, fmt.Sprintf("slot %d: %s", i+1, strings.Join(sl, "/")))
	}
	var cards []string
	for i, sc := range f.Starting {
		cards = append(cards, fmt.Sprintf("%d. %s (AP %d)", i+1, sc.Name.Text, sc.AP.Value))
	}
	return previewCard(v.Name, "",
		statBoxes("Base range", strconv.Itoa(v.BaseRange), "Items", strconv.Itoa(v.ItemSlots), "Bandages", strconv.Itoa(v.BandageSlots)),
		textLines("Weapon: "+orDefault(v.Weapon, "—"), "Critical: "+orDefault(v.Crit, "—"), "Attachments: "+orDefault(strings.Join(slots, "; "), "none")),
		textLines(cards...),
		textLines("Starts with: "+orDefault(strings.Join(append(v.StartingAttachments, v.StartingItems...), ", "), "nothing more")))
}

func (f *ClassForm) Form() fyne.CanvasObject { return f.form }

// Pieces are the board and its ten starting cards (a card already entered
// keeps what else it says; its AP is the one in the form).
func (f *ClassForm) Pieces() []piece {
	v := f.read()
	out := []piece{pieceOf(tp.KindClass, "", v)}
	for i, sc := range f.Starting {
		id := strings.TrimSpace(sc.Name.Text)
		ac, ok := f.s.Content.ActionCards[id]
		if !ok && sc.was != "" {
			ac = f.s.Content.ActionCards[sc.was]
		}
		ac.ID, ac.Class, ac.AP, ac.SPCost = id, v.Name, sc.AP.Value, 0
		p := pieceOf(tp.KindActionCard, "", ac)
		p.prefix = fmt.Sprintf("starting.%d", i)
		out = append(out, p)
	}
	return out
}

// characterClasses are the classes a character can be: entered boards and
// the classes unlocked in the campaign.
func characterClasses(s *tp.State) []string {
	set := map[string]bool{}
	for c := range s.Content.Classes {
		set[c] = true
	}
	for _, c := range s.Sheet.UnlockedClasses {
		set[c] = true
	}
	return setList(set)
}

// ActionCardForm is a character Action card.
type ActionCardForm struct {
	editorBase
	v       tp.ActionCard
	Name    *widgets.TextEntry
	Class   *widget.Select
	AP, SP  *Num
	Temp    *widget.Check
	Persist *widget.Check
	form    fyne.CanvasObject
}

func newActionCardForm(s *tp.State, data json.RawMessage) *ActionCardForm {
	f := &ActionCardForm{v: tp.ActionCard{AP: 2}}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	f.Name = newNameEntry(v.ID, "the card's name", func(x string) { v.ID = strings.TrimSpace(x); ch() })
	f.Class = newPicker(characterClasses(s), v.Class, "the class's deck", func(x string) { v.Class = x; ch() })
	f.AP = NewNum(0, 9, v.AP, func(x int) { v.AP = x; ch() })
	f.SP = NewNum(0, 9, v.SPCost, func(x int) { v.SPCost = x; ch() })
	f.Temp = widget.NewCheck("temporary", func(b bool) { v.Temporary = b; ch() })
	f.Temp.SetChecked(v.Temporary)
	f.Persist = widget.NewCheck("persistent", func(b bool) { v.Persistent = b; ch() })
	f.Persist.SetChecked(v.Persistent)
	text := newTextEntry(v.Text, "what the card says (for your reference)", func(x string) { v.Text = strings.TrimSpace(x); ch() })
	f.form = container.NewVBox(
		f.row("id", "Name", f.Name),
		f.row("class", "Class", f.Class),
		widgets.NewFlow(f.row("ap", "", statBox("AP", f.AP)), f.row("spCost", "", statBox("SP cost (0: a starting card)", f.SP))),
		container.NewHBox(f.Temp, f.Persist),
		f.row("text", "Text", text),
	)
	return f
}

func (f *ActionCardForm) card() fyne.CanvasObject {
	v := f.v
	var marks []string
	if v.SPCost > 0 {
		marks = append(marks, fmt.Sprintf("bought for %d SP", v.SPCost))
	} else {
		marks = append(marks, "starting card")
	}
	if v.Temporary {
		marks = append(marks, "temporary")
	}
	if v.Persistent {
		marks = append(marks, "persistent")
	}
	return previewCard(v.ID, fmt.Sprintf("AP %d", v.AP), textLines(orDefault(v.Class, "?")+" · "+strings.Join(marks, " · "), v.Text))
}
func (f *ActionCardForm) Form() fyne.CanvasObject { return f.form }
func (f *ActionCardForm) Pieces() []piece         { return []piece{pieceOf(tp.KindActionCard, "", f.v)} }

// EquipmentForm is an equipment card.
type EquipmentForm struct {
	editorBase
	v                                 tp.Equipment
	Name                              *widgets.TextEntry
	Planet, Slot                      *widget.Select
	Tier, Cost, Nova, Init, Move, Grd *Num
	MaxHP                             *Num
	form                              fyne.CanvasObject
}

func newEquipmentForm(data json.RawMessage) *EquipmentForm {
	f := &EquipmentForm{v: tp.Equipment{Tier: 1, Planet: tp.Planets[0], Slot: "head", Cost: 3}}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	f.Name = newNameEntry(v.ID, "the equipment's name", func(x string) { v.ID = strings.TrimSpace(x); ch() })
	f.Planet = newPicker(tp.Planets, v.Planet, "planet", func(x string) { v.Planet = x; ch() })
	f.Slot = newPicker(tp.EquipmentSlots, v.Slot, "slot", func(x string) { v.Slot = x; ch() })
	f.Tier = NewNum(1, 3, v.Tier, func(x int) { v.Tier = x; ch() })
	f.Cost = NewNum(0, 40, v.Cost, func(x int) { v.Cost = x; ch() })
	f.Nova = NewNum(0, 6, v.NovaSlots, func(x int) { v.NovaSlots = x; ch() })
	f.Init = NewNum(-9, 9, v.Initiative, func(x int) { v.Initiative = x; ch() })
	f.Init.Format = Signed
	f.Move = NewNum(-9, 9, v.Move, func(x int) { v.Move = x; ch() })
	f.Move.Format = Signed
	f.Grd = NewNum(0, 9, v.Guard, func(x int) { v.Guard = x; ch() })
	f.MaxHP = NewNum(0, 20, v.MaxHP, func(x int) { v.MaxHP = x; ch() })
	text := newTextEntry(v.Text, "what the card says", func(x string) { v.Text = strings.TrimSpace(x); ch() })
	f.form = container.NewVBox(
		f.row("id", "Name", f.Name),
		widgets.NewFlow(f.row("tier", "", statBox("Tier", f.Tier)), f.row("cost", "", statBox("Cost (nova cells)", f.Cost)), f.row("novaSlots", "", statBox("Nova slots", f.Nova))),
		widgets.NewFlow(f.row("planet", "Planet", f.Planet), f.row("slot", "Slot", f.Slot)),
		widget.NewLabel("What it changes while worn:"),
		widgets.NewFlow(f.row("initiative", "", statBox("Initiative", f.Init)), f.row("move", "", statBox("Move", f.Move)),
			f.row("guard", "", statBox("Guard", f.Grd)), f.row("maxHp", "", statBox("Max HP", f.MaxHP))),
		f.row("text", "Text", text),
	)
	return f
}

func (f *EquipmentForm) card() fyne.CanvasObject {
	v := f.v
	var mods []string
	for _, m := range []struct {
		n string
		v int
	}{{"Initiative", v.Initiative}, {"Move", v.Move}, {"Guard", v.Guard}, {"Max HP", v.MaxHP}} {
		if m.v != 0 {
			mods = append(mods, m.n+" "+Signed(m.v))
		}
	}
	return previewCard(v.ID, fmt.Sprintf("Tier %d", v.Tier),
		statBoxes("Cost", strconv.Itoa(v.Cost), "Nova slots", strconv.Itoa(v.NovaSlots)),
		textLines(fmt.Sprintf("%s · %s", orDefault(v.Planet, "?"), orDefault(v.Slot, "?")), strings.Join(mods, " · "), v.Text))
}
func (f *EquipmentForm) Form() fyne.CanvasObject { return f.form }
func (f *EquipmentForm) Pieces() []piece         { return []piece{pieceOf(tp.KindEquipment, "", f.v)} }

// tierText writes an attachment tier: X for a starting one.
func tierText(n int) string {
	if n == 0 {
		return "X"
	}
	return strconv.Itoa(n)
}

// AttachmentForm is an attachment card.
type AttachmentForm struct {
	editorBase
	v          tp.Attachment
	Name       *widgets.TextEntry
	Type       *widget.Select
	Tier, Nova *Num
	form       fyne.CanvasObject
}

func newAttachmentForm(data json.RawMessage) *AttachmentForm {
	f := &AttachmentForm{v: tp.Attachment{Tier: 1, Type: "melee"}}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	f.Name = newNameEntry(v.ID, "the attachment's name", func(x string) { v.ID = strings.TrimSpace(x); ch() })
	f.Type = newPicker(tp.AttachmentTypes, v.Type, "type", func(x string) { v.Type = x; ch() })
	f.Tier = NewNum(0, 4, v.Tier, func(x int) { v.Tier = x; ch() })
	f.Tier.Format = tierText
	f.Nova = NewNum(0, 6, v.NovaSlots, func(x int) { v.NovaSlots = x; ch() })
	broken := widget.NewCheck("Broken Attachment", func(b bool) { v.Broken = b; ch() })
	broken.SetChecked(v.Broken)
	text := newTextEntry(v.Text, "what the card says", func(x string) { v.Text = strings.TrimSpace(x); ch() })
	f.form = container.NewVBox(
		f.row("id", "Name", f.Name),
		widgets.NewFlow(f.row("tier", "", statBox("Tier (X: starting)", f.Tier)), f.row("novaSlots", "", statBox("Nova slots", f.Nova))),
		f.row("type", "Type", f.Type),
		f.row("broken", "", broken),
		f.row("text", "Text", text),
	)
	return f
}

func (f *AttachmentForm) card() fyne.CanvasObject {
	v := f.v
	line := v.Type
	if v.Broken {
		line += " · Broken"
	}
	return previewCard(v.ID, "Tier "+tierText(v.Tier), statBoxes("Nova slots", strconv.Itoa(v.NovaSlots)), textLines(line, v.Text))
}
func (f *AttachmentForm) Form() fyne.CanvasObject { return f.form }
func (f *AttachmentForm) Pieces() []piece         { return []piece{pieceOf(tp.KindAttachment, "", f.v)} }

// ItemForm is an item card.
type ItemForm struct {
	editorBase
	v    tp.ItemCard
	Name *widgets.TextEntry
	Once *widget.Check
	form fyne.CanvasObject
}

func newItemForm(data json.RawMessage) *ItemForm {
	f := &ItemForm{}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	f.Name = newNameEntry(v.ID, "the item's name", func(x string) { v.ID = strings.TrimSpace(x); ch() })
	f.Once = widget.NewCheck("once per mission (flipped after use; otherwise it is used up)", func(b bool) { v.OncePerMission = b; ch() })
	f.Once.SetChecked(v.OncePerMission)
	text := newTextEntry(v.Text, "what the card says", func(x string) { v.Text = strings.TrimSpace(x); ch() })
	f.form = container.NewVBox(
		f.row("id", "Name", f.Name),
		f.row("oncePerMission", "", touchCheck(f.Once)),
		f.row("text", "Text", text),
	)
	return f
}

func (f *ItemForm) card() fyne.CanvasObject {
	use := "single use"
	if f.v.OncePerMission {
		use = "once per mission"
	}
	return previewCard(f.v.ID, "Item", textLines(use, f.v.Text))
}
func (f *ItemForm) Form() fyne.CanvasObject { return f.form }
func (f *ItemForm) Pieces() []piece         { return []piece{pieceOf(tp.KindItem, "", f.v)} }
