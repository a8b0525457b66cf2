package alone

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// attackForm is the Creatures' attacks at the end of the Turn (§4.8): with
// a Map the app knows who attacks and rolls, or the players tap in each
// attack's dice; without one, they tap in each attack's hits.
type attackForm struct {
	t       *TurnPanel
	obj     fyne.CanvasObject
	box     *fyne.Container
	pads    map[string]*dicePad
	rerolls map[string]*faceChips
	comp    *widget.Check
	// Without a Map: the attacks as rolled at the table.
	hand    []*handAttack
	handBox *fyne.Container
	add     *widget.Button
}

// handAttack is one attack entered by hand: the Creature's kind and its
// hits.
type handAttack struct {
	kind *chips
	hits *numStepper
	obj  fyne.CanvasObject
}

func newAttackForm(t *TurnPanel) *attackForm {
	f := &attackForm{t: t, box: container.NewVBox(), pads: map[string]*dicePad{}, rerolls: map[string]*faceChips{}, handBox: container.NewVBox()}
	f.comp = widget.NewCheck("The Evil side sends each attack to the Companion", nil)
	f.add = widget.NewButtonWithIcon("A Creature attacks", theme.ContentAddIcon(), func() { f.addHand(); f.t.refresh() })
	f.obj = container.NewVBox(f.box, f.handBox, f.add, widgets.WrapCheck(f.comp))
	return f
}

func (f *attackForm) addHand() {
	h := &handAttack{kind: newChips(titles(creatureNames()), nil), hits: newNumStepper(0, 12, 1, nil)}
	h.kind.SetSelected(title(creatureNames()[0]))
	h.hits.Format = func(n int) string { return plural(n, "hit", "hits") }
	h.hits.sync()
	rm := widget.NewButtonWithIcon("Remove", theme.DeleteIcon(), func() {
		for i, x := range f.hand {
			if x == h {
				f.hand = append(f.hand[:i], f.hand[i+1:]...)
				break
			}
		}
		f.t.refresh()
	})
	h.obj = widget.NewCard("", "", container.NewVBox(h.kind.obj, h.hits, container.NewHBox(rm)))
	f.hand = append(f.hand, h)
}

func (f *attackForm) refresh(s *ta.State) {
	if s.Companion != nil && s.Mode != ta.Solo {
		f.comp.Show()
	} else {
		f.comp.Hide()
	}
	if s.Map == nil {
		var objs []fyne.CanvasObject
		for _, h := range f.hand {
			objs = append(objs, h.obj)
		}
		if len(objs) == 0 {
			objs = append(objs, wrap("Creatures in the Hero's Sector attack now: add each attack with its hits."))
		}
		setBox(f.handBox, objs...)
		f.handBox.Show()
		f.add.Show()
		setBox(f.box)
		return
	}
	f.handBox.Hide()
	f.add.Hide()
	h := s.Map.HeroSector()
	cs := s.Map.CreaturesIn(s.Map.Hero)
	if len(cs) == 0 {
		setBox(f.box, wrap("No Creature is in the Hero's Sector: nothing attacks."))
		return
	}
	var objs []fyne.CanvasObject
	seen := map[string]bool{}
	for _, c := range cs {
		seen[c.ID] = true
		st, err := c.StatsOf(s.Nightmare)
		if err != nil {
			continue
		}
		n := alone.AttackDice(st, h.Lighted, s.T.AttackMods[c.ID])
		what := fmt.Sprintf("The %s attacks with %s", creatureWord(c), plural(n, "die", "dice"))
		if !f.t.ourDice() {
			objs = append(objs, wrap(what+": the app rolls."))
			continue
		}
		p, ok := f.pads[c.ID]
		if !ok {
			p = newDicePad("")
			f.pads[c.ID] = p
			f.rerolls[c.ID] = newFaceChips()
		}
		p.title.SetText(what)
		objs = append(objs, p.obj, wrap("Dexterity's reroll of a Hit"), f.rerolls[c.ID].obj)
	}
	for id := range f.pads {
		if !seen[id] {
			delete(f.pads, id)
			delete(f.rerolls, id)
		}
	}
	setBox(f.box, objs...)
}

// read is the attacks as entered.
func (f *attackForm) read(s *ta.State) ([]ta.AttackRoll, error) {
	comp := f.comp.Checked && f.comp.Visible()
	var out []ta.AttackRoll
	if s.Map == nil {
		for _, h := range f.hand {
			out = append(out, ta.AttackRoll{Creature: strings.ToLower(h.kind.Selected), Hits: h.hits.Value, ToCompanion: comp})
		}
		return out, nil
	}
	for _, c := range s.Map.CreaturesIn(s.Map.Hero) {
		a := ta.AttackRoll{Creature: c.ID, ToCompanion: comp}
		if p, ok := f.pads[c.ID]; ok && f.t.ourDice() {
			st, _ := c.StatsOf(s.Nightmare)
			n := alone.AttackDice(st, s.Map.HeroSector().Lighted, s.T.AttackMods[c.ID])
			if err := p.check(n, fmt.Sprintf("The %s's attack", c.Type)); err != nil {
				return nil, err
			}
			a.Faces = p.faces()
			a.Reroll = f.rerolls[c.ID].face()
		}
		if a.Faces != nil || comp {
			out = append(out, a)
		}
	}
	return out, nil
}

func (f *attackForm) clear() {
	f.hand = nil
	for id, p := range f.pads {
		p.clear()
		f.rerolls[id].clear()
	}
	f.comp.SetChecked(false)
}

// roundForm is the End of the Round (T2): the Danger tokens set aside and
// where they go, the Evil hands refilled, the effects of the Round's end.
type roundForm struct {
	t   *TurnPanel
	obj fyne.CanvasObject

	info      *widget.Label
	where     *toggles
	whereRow  fyne.CanvasObject
	remove    *toggles
	removeRow fyne.CanvasObject
	whereIDs  map[string]string
	ownHands  *widget.Check
	hands     *fyne.Container
	handSteps [][2][2]*numStepper // player, discard/draw, deck
	effect    *widget.Check
	effKind   *chips
	effN      *numStepper
	effFrom   *widgets.TextEntry
	effBox    fyne.CanvasObject
	btn       *widget.Button
	why       *widget.Label
}

func newRoundForm(t *TurnPanel) *roundForm {
	f := &roundForm{t: t, whereIDs: map[string]string{}}
	f.info = wrap("")
	f.where = newToggles(nil)
	f.remove = newToggles(nil)
	f.whereRow = container.NewVBox(bold("Where the Danger tokens go (none chosen: the app proposes)"), f.where.obj)
	f.removeRow = container.NewVBox(bold("Danger tokens taken off a full Level to make room"), f.remove.obj)
	f.hands = container.NewVBox()
	f.ownHands = widget.NewCheck("We discard and draw ourselves (else the app refills each hand evenly)", func(bool) { f.t.refresh() })
	f.effKind = newChips([]string{"Life", "Self Control"}, nil)
	f.effKind.SetSelected("Self Control")
	f.effN = newNumStepper(1, 12, 1, nil)
	f.effN.Format = func(n int) string { return plural(n, "point", "points") }
	f.effN.sync()
	f.effFrom = entry("what deals it (a Mission card, a card)")
	f.effBox = container.NewVBox(f.effKind.obj, f.effN, f.effFrom)
	f.effBox.Hide()
	f.effect = widget.NewCheck("A card or Mission deals damage at the Round's end", func(on bool) {
		if on {
			f.effBox.Show()
		} else {
			f.effBox.Hide()
		}
	})
	f.btn = primary("End of the Round", f.endRound)
	f.why = why()
	f.obj = container.NewVBox(f.info, f.whereRow, f.removeRow, widgets.WrapCheck(f.ownHands), f.hands,
		widgets.WrapCheck(f.effect), f.effBox, f.btn, f.why)
	return f
}

func (f *roundForm) refresh(s *ta.State, st string) {
	enable(f.btn, st == "endRound")
	f.why.SetText(whyNot(s, st, "endRound"))
	info := fmt.Sprintf("%s will be set aside.", plural(s.DangerToPlace(), "Danger token", "Danger tokens"))
	if s.Nightmare {
		info += " Nightmare Mode: the Hero will lose 2 Self Control."
	}
	f.info.SetText(info)
	if s.Map != nil && s.Mode == ta.Assist {
		f.whereIDs = map[string]string{}
		var opts, held []string
		for _, id := range ta.LegalDangerSectors(s) {
			l := sectorWords(s.Map.Sector(id))
			opts = append(opts, l)
			f.whereIDs[l] = id
		}
		for _, sec := range s.Map.Sectors {
			if sec.Danger {
				l := ta.SectorLabel(&sec)
				held = append(held, l)
				f.whereIDs[l] = sec.ID
			}
		}
		if !slices.Equal(opts, f.where.options) {
			f.where.setOptions(opts)
		}
		if !slices.Equal(held, f.remove.options) {
			f.remove.setOptions(held)
		}
		f.whereRow.Show()
		if len(held) > 0 {
			f.removeRow.Show()
		} else {
			f.removeRow.Hide()
		}
	} else {
		f.whereRow.Hide()
		f.removeRow.Hide()
	}
	if s.Mode == ta.Solo {
		f.ownHands.Hide()
		f.hands.Hide()
		return
	}
	f.ownHands.Show()
	if !f.ownHands.Checked {
		f.hands.Hide()
		return
	}
	f.hands.Show()
	if len(f.handSteps) != len(s.Evil.Players) {
		f.handSteps = make([][2][2]*numStepper, len(s.Evil.Players))
		var objs []fyne.CanvasObject
		for p, name := range s.Evil.Players {
			objs = append(objs, bold(name))
			for what, word := range []string{"discards", "draws"} {
				for d := 0; d < 2; d++ {
					n := newNumStepper(0, 10, 0, nil)
					f.handSteps[p][what][d] = n
					objs = append(objs, labelled(fmt.Sprintf("%s from %s", title(word), title(s.Evil.Decks[d].Name)), n))
				}
			}
		}
		setBox(f.hands, objs...)
	}
}

func (f *roundForm) endRound() {
	s := f.t.k.state()
	c := ta.EndRound{}
	for _, o := range f.where.selected() {
		c.Danger = append(c.Danger, f.whereIDs[o])
	}
	for _, o := range f.remove.selected() {
		c.DangerRemove = append(c.DangerRemove, f.whereIDs[o])
	}
	if f.ownHands.Checked && f.ownHands.Visible() && len(f.handSteps) == len(s.Evil.Players) {
		for _, p := range f.handSteps {
			c.Discards = append(c.Discards, [2]int{p[0][0].Value, p[0][1].Value})
			c.Draws = append(c.Draws, [2]int{p[1][0].Value, p[1][1].Value})
		}
	}
	if f.effect.Checked {
		k := alone.SCDamage
		if f.effKind.Selected == "Life" {
			k = alone.LifeDamage
		}
		c.Effects = []ta.DealDamage{{Kind: k, N: f.effN.Value, Source: strings.TrimSpace(f.effFrom.Text)}}
	}
	if f.t.k.do(c) {
		f.where.chosen, f.remove.chosen = map[string]bool{}, map[string]bool{}
		f.where.sync()
		f.remove.sync()
		f.effect.SetChecked(false)
		f.effFrom.SetText("")
		f.ownHands.SetChecked(false)
		f.handSteps = nil
	}
}

// noiseForm notes what the Evil players Communicated (assist and
// bookkeeping modes; in solo mode the app tells it).
type noiseForm struct {
	t     *TurnPanel
	obj   fyne.CanvasObject
	from  *chips
	words *widgets.TextEntry
}

var noiseFrom = []string{"North", "East", "South", "West", "the Stairs", "the other Level", "here"}

func newNoiseForm(t *TurnPanel) *noiseForm {
	f := &noiseForm{t: t}
	f.from = newChips(noiseFrom, nil)
	f.words = entry("or what was said, in words")
	f.obj = container.NewVBox(bold("A Noise from"), f.from.obj, f.words, button("Note it", f.note))
	return f
}

func (f *noiseForm) refresh(s *ta.State) {
	if s.Mode == ta.Solo {
		f.obj.Hide()
	} else {
		f.obj.Show()
	}
}

func (f *noiseForm) note() {
	say := strings.TrimSpace(f.words.Text)
	if say == "" && f.from.Selected != "" {
		switch f.from.Selected {
		case "here":
			say = "a Noise here, in the Hero's Sector"
		case "the other Level":
			say = "a Noise on the other Level"
		case "the Stairs":
			say = "a Noise from the Stairs"
		default:
			say = "a Noise from the " + strings.ToLower(f.from.Selected)
		}
	}
	if f.t.k.do(ta.NoteNoise{Say: say}) {
		f.words.SetText("")
		f.from.SetSelected("")
	}
}
