package eternaut

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// A charCard is one Character's board on the table as it looks: life and
// ammo on steppers, the card slots with the Action and penalty cards (a
// tap on an empty slot plays the turn's card there), the items, and the
// rest of what the rules let a Character do behind "More…", where what
// takes a Character out of play sits apart.
type charCard struct {
	Life, Ammo *spin
	PlayHere   *widget.Button
	MoreBtn    *widget.Button
	Slots      []*boardSlot
	// Buttons are the actions of the More dialog once opened (More), and
	// the fallen Character's "read" and "reinforce".
	Buttons map[string]*widget.Button
	obj     fyne.CanvasObject

	p  *PlayScreen
	id string
}

func (p *PlayScreen) charCard(s *et.State, c *et.Character) *charCard {
	sc := s.Scenario
	letter := et.Letter(sc.Key)
	cc := &charCard{Buttons: map[string]*widget.Button{}, p: p, id: c.ID}
	title := c.Carded()
	sub := c.Board
	if c.Masked {
		sub += " · Masked Figure"
	}
	if c.Gone() {
		return p.deadCard(s, c, title, sub)
	}
	if c.Unavailable {
		sub += " · out of play for now"
	}
	if c.Operating != "" {
		sub += " · operating the " + c.Operating
	}
	body := container.NewVBox()
	id := c.ID
	// Life and ammo (from B): the numbers a player reads across the table.
	if letter != "A" {
		cc.Life = newSpin(0, et.CharMaxLP, c.LP, func(v int) string { return fmt.Sprintf("Life %d", v) }, func(to int) bool {
			if cmd := lifeCommand(id, p.state().Char(id).LP, to); cmd != nil {
				return p.doFrom(cc.Life, cmd)
			}
			return true
		})
		cc.Ammo = newSpin(0, et.AmmoCapPerCharacter, c.Ammo, func(v int) string { return fmt.Sprintf("Ammo %d", v) }, func(to int) bool {
			if cmd := ammoCommand(id, p.state().Char(id).Ammo, to); cmd != nil {
				return p.doFrom(cc.Ammo, cmd)
			}
			return true
		})
		body.Add(widgets.NewAdaptive(
			container.NewVBox(cc.Life, pips(c.LP, et.CharMaxLP, colLife)),
			container.NewVBox(cc.Ammo, pips(c.Ammo, et.AmmoCapPerCharacter, colCube))))
	} else {
		body.Add(note("Life and ammo are not tracked in Scenario A."))
	}
	// The board: Action cards and penalty cards, against the threshold.
	lbl, slots := boardSlots(c, func(sl *boardSlot) { p.playCard(sl, id) }, func(*boardSlot) { cc.More() })
	body.Add(lbl)
	for _, o := range slots.Objects {
		cc.Slots = append(cc.Slots, o.(*boardSlot))
	}
	body.Add(slots)
	cc.PlayHere = primary(btn("Play card here", nil))
	cc.PlayHere.OnTapped = func() { p.playCard(cc.PlayHere, id) }
	why := ""
	if sc.CardPlayed {
		why = playedWhy
	}
	body.Add(because(cc.PlayHere, cc.PlayHere, why))
	for _, l := range charLines(sc, c) {
		body.Add(wrap(l))
	}
	cc.MoreBtn = iconBtn("More…", theme.MoreHorizontalIcon(), func() { cc.More() })
	body.Add(cc.MoreBtn)
	cc.obj = card(title, sub, body)
	return cc
}

// lifeCommand is the Life stepper's, from from to to: damage or a heal
// (nil: no change).
func lifeCommand(id string, from, to int) tracker.Command {
	switch {
	case to < from:
		return et.Damage{Char: id, N: from - to}
	case to > from:
		return et.Heal{Char: id, N: to - from}
	}
	return nil
}

// ammoCommand is the Ammo stepper's, from from to to (nil: no change).
func ammoCommand(id string, from, to int) tracker.Command {
	switch {
	case to < from:
		return et.LoseAmmo{Char: id, N: from - to}
	case to > from:
		return et.GainAmmo{Char: id, N: to - from}
	}
	return nil
}

// boardSlots are a Character's board as the Play tab draws it: the count
// against the round's threshold, and the card slots in a row (Action
// cards, penalty cards, empty slots); a tap on an Action or empty slot
// plays, on a penalty card opens more (nil: the slots do nothing).
func boardSlots(c *et.Character, play, more func(*boardSlot)) (*widget.Label, *fyne.Container) {
	count := c.BoardCount()
	lbl := bold(fmt.Sprintf("Board: %d of %d cards (%d Action, %d penalty)", count, et.EndRoundThreshold, c.ActionCards, c.Penalties.Count()))
	if count >= et.EndRoundThreshold {
		lbl.Importance = widget.WarningImportance
	}
	slots := flow()
	add := func(label string, fill color.Color, tapped func(*boardSlot)) {
		slots.Add(newBoardSlot(label, fill, tapped))
	}
	for range c.ActionCards {
		add("Action", colAction, play)
	}
	for range c.Penalties.Fatigue {
		add("Fatigue", colFatigue, more)
	}
	if c.Penalties.HeavyWound {
		add("Heavy Wound", colWound, more)
	}
	if c.Penalties.Madness {
		add("Madness", colMad, more)
	}
	for i := count; i < et.EndRoundThreshold; i++ {
		add("Empty", colEmpty, play)
	}
	return lbl, slots
}

// charLines are the rest of a Character's card in words: the Consumed
// cubes on its board, its items and bag, skill counters and Personal
// Ability.
func charLines(sc *et.Scenario, c *et.Character) []string {
	var out []string
	if sc.CubesActive {
		out = append(out, fmt.Sprintf("Consumed cubes on this board: %d", c.Cubes))
	}
	out = append(out, fmt.Sprintf("Items %d of %d: %s", len(c.Items), c.Capacity(), joinOr(c.Items, "none")))
	if c.Bag != "" {
		out = append(out, fmt.Sprintf("Bag %s holds %s (not counted)", c.Bag, joinOr(c.BagItems, "nothing")))
	}
	if len(c.Skills) > 0 {
		out = append(out, "Skill counters: "+skillText(c.Skills))
	}
	if c.PA != nil {
		out = append(out, fmt.Sprintf("Personal Ability %s: %s", c.PA.ID, abilityFace(c.PA.Permanent, c.PA.FaceDown)))
	}
	return out
}

func abilityFace(permanent, faceDown bool) string {
	switch {
	case permanent:
		return "permanent"
	case faceDown:
		return "face down until the end of the round"
	}
	return "face up"
}

// A boardSlot is one card slot of a Character's board, a finger's size: an
// Action card, a penalty card or an empty slot.
type boardSlot struct {
	widget.BaseWidget
	Label  string
	fill   color.Color
	tapped func(*boardSlot)
}

func newBoardSlot(label string, fill color.Color, tapped func(*boardSlot)) *boardSlot {
	s := &boardSlot{Label: label, fill: fill, tapped: tapped}
	s.ExtendBaseWidget(s)
	return s
}

// Tapped plays the turn's card on an empty or Action slot, and opens the
// Character's actions on a penalty card.
func (s *boardSlot) Tapped(*fyne.PointEvent) {
	if s.tapped != nil {
		s.tapped(s)
	}
}

func (s *boardSlot) MinSize() fyne.Size {
	s.ExtendBaseWidget(s)
	w := fyne.MeasureText(s.Label, theme.CaptionTextSize(), fyne.TextStyle{Bold: true}).Width + 2*theme.InnerPadding()
	return fyne.NewSize(max(w, widgets.MinTouch*1.3), widgets.MinTouch*1.3)
}

func (s *boardSlot) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(s.fill)
	bg.CornerRadius = 6
	bg.StrokeColor = theme.Color(theme.ColorNameForeground)
	bg.StrokeWidth = 1
	fg := color.Color(color.Black)
	if s.fill == colEmpty {
		fg = theme.Color(theme.ColorNameForeground)
		bg.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	}
	t := canvas.NewText(s.Label, fg)
	t.TextStyle.Bold = true
	t.TextSize = theme.CaptionTextSize()
	t.Alignment = fyne.TextAlignCenter
	return widget.NewSimpleRenderer(container.NewStack(bg, container.NewCenter(t)))
}

// deadCard is a fallen Character: the skull, the 600 paragraph to read,
// and in F the reinforcement that may take the board.
func (p *PlayScreen) deadCard(s *et.State, c *et.Character, title, sub string) *charCard {
	cc := &charCard{Buttons: map[string]*widget.Button{}, p: p, id: c.ID}
	skull := canvas.NewText("☠", theme.Color(theme.ColorNameForeground))
	skull.TextSize = theme.TextSize() * 4
	skull.Alignment = fyne.TextAlignCenter
	body := container.NewVBox(skull)
	if c.Status == et.Dead {
		key := et.DeathParagraph(c.ID)
		read := paragraphRead(s, key)
		l := bold("Read paragraph " + key)
		l.Importance = widget.DangerImportance
		body.Add(l)
		name := c.Name
		b := p.act(boolWord(read, "Read ✓", "Mark "+key+" as read"), func() tracker.Command {
			return et.ReadParagraph{Key: key, Kind: et.Death, By: name}
		})
		if read {
			b.Disable()
		}
		cc.Buttons["read"] = b
		body.Add(b)
		body.Add(note("Its items became a Drop pile where it fell; its ammo went back to the reserve (Rulebook p.20)."))
	} else {
		body.Add(bold("Left the group"))
	}
	if et.Letter(s.Scenario.Key) == "F" && c.Board != "" && !c.Masked {
		id := c.ID
		b := btn("Reinforcement on this board…", func() { p.reinforceForm(id) })
		cc.Buttons["reinforce"] = b
		body.Add(b)
	}
	cc.obj = card(title, sub, body)
	return cc
}

func paragraphRead(s *et.State, key string) bool {
	for _, r := range s.Paragraphs {
		if r.Key == key {
			return true
		}
	}
	return false
}

// livingOptions are the living Characters in play as choices.
func (p *PlayScreen) livingOptions(except string) []string {
	var out []*et.Character
	for _, c := range living(p.state()) {
		if c.ID != except {
			out = append(out, c)
		}
	}
	return options(out)
}

func skillText(sk []et.SkillCounter) string {
	var parts []string
	for _, k := range sk {
		if k.Skill != "" {
			parts = append(parts, k.ID+" ("+k.Skill+")")
		} else {
			parts = append(parts, k.ID)
		}
	}
	return strings.Join(parts, ", ")
}

func penaltyText(p et.Penalties) string {
	var parts []string
	if p.Fatigue > 0 {
		parts = append(parts, fmt.Sprintf("Fatigue ×%d", p.Fatigue))
	}
	if p.HeavyWound {
		parts = append(parts, "Heavy Wound")
	}
	if p.Madness {
		parts = append(parts, "Madness")
	}
	return strings.Join(parts, ", ")
}
