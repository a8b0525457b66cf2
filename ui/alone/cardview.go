package alone

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
)

// cardView is the live preview of a card as it is entered: a card-shaped
// box with its colour band, its name, the symbol in its corner and its
// rows, the way the printed card sets them out.
type cardView struct {
	obj   fyne.CanvasObject
	band  *canvas.Rectangle
	name  *widget.Label
	badge *widget.Label
	rows  *fyne.Container
	foot  *widget.Label
}

func newCardView() *cardView {
	v := &cardView{band: canvas.NewRectangle(colDark), rows: container.NewVBox()}
	v.band.CornerRadius = 6
	v.name = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.name.Wrapping = fyne.TextWrapWord
	v.badge = widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
	v.foot = wrap("")
	v.foot.Importance = widget.LowImportance
	bg := canvas.NewRectangle(color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0x30})
	bg.CornerRadius = 10
	bg.StrokeColor, bg.StrokeWidth = colLink, 2
	head := container.NewStack(v.band, container.NewBorder(nil, nil, nil, v.badge, v.name))
	v.obj = container.NewStack(bg, container.NewPadded(container.NewVBox(head, v.rows, v.foot)))
	return v
}

// set shows a card: its name (or what it still needs), the symbol in its
// corner, its colour, its rows and a line at its foot.
func (v *cardView) set(name, badge string, col color.Color, rows []string, foot string) {
	v.name.SetText(nonEmpty(name, "(no name yet)"))
	v.badge.SetText(badge)
	// The card's colour as a tint under its name, so the name reads in
	// both themes (dark words on a light tint, light words on a dark one).
	r, g, b, _ := col.RGBA()
	v.band.FillColor = color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 0x66}
	v.band.StrokeColor, v.band.StrokeWidth = col, 3
	v.band.Refresh()
	var objs []fyne.CanvasObject
	for _, r := range rows {
		objs = append(objs, wrap(r))
	}
	setBox(v.rows, objs...)
	v.foot.SetText(foot)
	if foot == "" {
		v.foot.Hide()
	} else {
		v.foot.Show()
	}
}

// Text is what the preview shows, for tests.
func (v *cardView) Text() string {
	var b strings.Builder
	b.WriteString(v.name.Text + " | " + v.badge.Text + "\n")
	for _, o := range v.rows.Objects {
		b.WriteString(o.(*widget.Label).Text + "\n")
	}
	b.WriteString(v.foot.Text)
	return b.String()
}

// Colours of the printed components.
var (
	deckColours = map[string]color.Color{
		"fury":   color.NRGBA{R: 0xb8, G: 0x25, B: 0x25, A: 0xff},
		"speed":  color.NRGBA{R: 0x25, G: 0x5e, B: 0xc8, A: 0xff},
		"terror": color.NRGBA{R: 0x2a, G: 0x8c, B: 0x45, A: 0xff},
		"traps":  color.NRGBA{R: 0x7a, G: 0x34, B: 0xa8, A: 0xff},
	}
	colItem      = color.NRGBA{R: 0x4a, G: 0x6a, B: 0x80, A: 0xff}
	colCharacter = color.NRGBA{R: 0x5a, G: 0x4a, B: 0x3a, A: 0xff}
	colFinal     = color.NRGBA{R: 0x30, G: 0x30, B: 0x30, A: 0xff}
)

// namedColour is a colour by its name, grey when it is not one we draw.
func namedColour(name string) color.Color { return stairsColour(name) }

// deckName is a deck as the box names it.
func deckName(d string) string { return title(d) }

// triggerNames are the trigger symbols in words.
var triggerNames = map[alone.Trigger]string{
	alone.TriggerMove: "Move", alone.TriggerExplore: "Explore", alone.TriggerFight: "Fight",
	alone.TriggerLocate: "Locate", alone.TriggerScavenge: "Scavenge", alone.TriggerInteract: "Interact",
	alone.TriggerLife: "Life damage", alone.TriggerSC: "Self Control damage",
}

// afterWords is what lets a card be played face up, after "face up
// after": "a Move", "an Explore", "Life damage".
func afterWords(t alone.Trigger) string {
	switch t {
	case alone.TriggerLife, alone.TriggerSC:
		return triggerNames[t]
	case alone.TriggerExplore, alone.TriggerInteract:
		return "an " + triggerNames[t]
	}
	if n, ok := triggerNames[t]; ok {
		return "a " + n
	}
	return string(t)
}

var triggerOrder = []alone.Trigger{alone.TriggerMove, alone.TriggerExplore, alone.TriggerFight, alone.TriggerLocate,
	alone.TriggerScavenge, alone.TriggerInteract, alone.TriggerLife, alone.TriggerSC}

// opWords is one effect of a Reaction card in words.
func opWords(o alone.CardOp) string {
	switch o.Op {
	case ta.OpDamage:
		if o.Kind == alone.SCDamage {
			return fmt.Sprintf("The Hero loses %d Self Control", o.N)
		}
		return fmt.Sprintf("The Hero loses %d Life", o.N)
	case ta.OpAttackDice:
		return fmt.Sprintf("A Creature attacking this Turn rolls %s more", plural(o.N, "die", "dice"))
	case ta.OpMove:
		return fmt.Sprintf("Move a Creature up to %s", plural(o.Range, "Sector", "Sectors"))
	case ta.OpSpawn:
		return "Spawn a Creature"
	case ta.OpOther:
		return "Something the app does not count (see the card)"
	}
	return "(choose what it does)"
}

// reactionRows are a Reaction card's rows: when it may be played, its
// effect, and its Dangerous half.
func reactionRows(r alone.ReactionCard) []string {
	rows := []string{}
	if t, ok := triggerNames[r.Trigger]; ok {
		rows = append(rows, "Face up after: "+t)
	}
	if r.Instant {
		rows = append(rows, "Instant: "+nonEmpty(r.Timing, "during the Action"))
	} else {
		rows = append(rows, "Played at the end of the Turn")
	}
	for _, o := range r.Effect {
		rows = append(rows, "• "+opWords(o))
	}
	if len(r.Dangerous) > 0 {
		rows = append(rows, "Dangerous:")
		for _, o := range r.Dangerous {
			rows = append(rows, "• "+opWords(o))
		}
	}
	return rows
}

func showReaction(v *cardView, r alone.ReactionCard) {
	col, ok := deckColours[r.Deck]
	if !ok {
		col = colDark
	}
	badge := triggerNames[r.Trigger]
	if r.Instant {
		badge = "⚡ " + badge
	}
	v.set(r.Name, badge, col, reactionRows(r), deckName(nonEmpty(r.Deck, "no deck yet"))+" deck")
}

// itemRows are an Item card's rows.
func itemRows(c ta.ItemCard) []string {
	kind := "Passive"
	if !c.Passive {
		kind = title(nonEmpty(string(c.Action), "?")) + " Action"
	}
	rows := []string{kind, plural(c.Charges, "Charge", "Charges")}
	if c.Matrix != "" {
		rows = append(rows, "Matrix: "+c.Matrix)
	}
	if c.Needs != "" {
		rows = append(rows, "Upgraded with a Charge from a "+c.Needs+" Item")
	}
	if c.Bullets {
		rows = append(rows, "One of the Bullets cards")
	}
	if c.Text != "" {
		rows = append(rows, c.Text)
	}
	if c.Upgraded != "" {
		rows = append(rows, "Upgraded: "+c.Upgraded)
	}
	return rows
}

func showItem(v *cardView, c ta.ItemCard) {
	badge := "Passive"
	if !c.Passive {
		badge = title(string(c.Action))
	}
	v.set(c.Name, badge, colItem, itemRows(c), "Item card")
}

// missionRows are a Mission card's rows.
func missionRows(m ta.MissionCard) []string {
	var rows []string
	if len(m.Goals) > 0 {
		rows = append(rows, "Go to: "+names(m.Goals))
	}
	if m.Interactions > 0 {
		rows = append(rows, "Interact "+map[bool]string{true: "once", false: fmt.Sprintf("%d times", m.Interactions)}[m.Interactions == 1])
	}
	var rw []string
	if m.Rounds > 0 {
		rw = append(rw, "gain "+plural(m.Rounds, "Round", "Rounds"))
	}
	if m.Companion {
		rw = append(rw, "a Companion joins")
	}
	if m.LiftLimit {
		rw = append(rw, "no limit of Creatures per Level")
	}
	if len(rw) > 0 {
		rows = append(rows, "Reward: "+names(rw))
	}
	if b := m.Boss; b != nil {
		rows = append(rows, fmt.Sprintf("Boss %s: life %d/%d · attack %d dark, %d lit · scare %d · spawns %d away",
			nonEmpty(b.Name, ""), b.Normal.Wound, b.Normal.Kill, b.Normal.AttackDark, b.Normal.AttackLighted, b.Normal.Scare, b.Normal.MSD))
	}
	if m.Text != "" {
		rows = append(rows, m.Text)
	}
	return rows
}

func missionKindName(k string) string {
	switch k {
	case ta.StartingMission:
		return "Starting Mission"
	case ta.FinalMission:
		return "Final Mission"
	}
	return "Mission"
}

func showMission(v *cardView, m ta.MissionCard) {
	col := color.Color(colFinal)
	if m.Kind == ta.StartingMission {
		col = namedColour(m.Colour)
	}
	v.set(m.Name, title(m.Colour), col, missionRows(m), missionKindName(m.Kind))
}

func characterRows(c ta.CharacterCard) []string {
	var rows []string
	if c.Hero != "" {
		rows = append(rows, "As the Hero: "+c.Hero)
	}
	if c.Companion != "" {
		rows = append(rows, "As a Companion: "+c.Companion)
	}
	if c.Sacrifice != "" {
		rows = append(rows, "Sacrifice: "+c.Sacrifice)
	}
	return rows
}

func showCharacter(v *cardView, c ta.CharacterCard) {
	v.set(c.Name, "", colCharacter, characterRows(c), "Character")
}
