package alone

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// reactionForm records a human Evil player's Reaction card (§4.2), by
// taps: who plays it from which deck, face down or face up (the card picked
// from the set, or its trigger tapped), and in assist mode its Spawn (a
// Creature and a legal Sector) or move (a Creature and where it goes).
type reactionForm struct {
	k   *kit
	obj fyne.CanvasObject

	player, deck, face *chips
	cardPick           *picker
	trigger            *chips
	instant, combo     *widget.Check
	danger             *widget.Check
	faceUp             fyne.CanvasObject
	effect             *chips
	spawnType          *chips
	msd                *numStepper
	spawnAt            *sectorPick
	creature           *creaturePick
	rng                *numStepper
	moveTo             *widget.Select
	movePaths          map[string]ta.MoveSpec
	dice               *chips
	courage            *faceChips
	noise              *chips
	mapOnly            *fyne.Container
	spawnBox, moveBox  fyne.CanvasObject
	scareComp          *widget.Check
}

const (
	faceDown = "Face down (Standard)"
	faceUpW  = "Face up (Allowed)"
)

func newReactionForm(k *kit) *reactionForm {
	f := &reactionForm{k: k, movePaths: map[string]ta.MoveSpec{}}
	f.player, f.deck = newChips(nil, nil), newChips(nil, func(string) { f.refreshCards() })
	f.face = newChips([]string{faceDown, faceUpW}, func(string) { f.sync() })
	f.face.SetSelected(faceDown)
	f.cardPick = newPicker("No Reaction card of this deck entered yet: tap its trigger below, or enter the card.", "Enter a Reaction card",
		func(chosen func(string)) {
			editReaction(campaignSink{k}, nil, strings.ToLower(f.deck.Selected), func(n string) { f.refreshCards(); chosen(n) })
		})
	f.cardPick.OnChanged = func(string) { f.fromCard() }
	var trig []string
	for _, t := range triggerOrder {
		trig = append(trig, triggerNames[t])
	}
	f.trigger = newChips(trig, nil)
	f.instant = widget.NewCheck("Instant: played during the Action", nil)
	f.combo = widget.NewCheck("2 face-down cards together moving 1 Creature (a combo)", nil)
	f.danger = widget.NewCheck("Dangerous: a Danger token is in the Hero's Sector (the table's call)", nil)
	f.faceUp = container.NewVBox(bold("The card"), f.cardPick.obj, bold("Its trigger"), f.trigger.obj, widgets.WrapCheck(f.instant))
	f.effect = newChips([]string{"Spawn", "Move", "Only the card's text"}, func(string) { f.sync() })
	f.effect.SetSelected("Spawn")
	f.spawnType = newChips(titles(creatureNames()), func(string) { f.showLegal() })
	f.msd = newNumStepper(-3, 0, 0, func(int) { f.showLegal() })
	f.msd.Format = func(n int) string {
		if n == 0 {
			return "no change"
		}
		return fmt.Sprintf("%d Sector nearer", -n)
	}
	f.msd.sync()
	f.spawnAt = newSectorPick()
	f.creature = newCreaturePick()
	f.creature.sel.OnChanged = func(string) { f.showLegal() }
	f.rng = newNumStepper(1, 6, 1, func(int) { f.showLegal() })
	f.rng.Format = func(n int) string { return "up to " + plural(n, "Sector", "Sectors") }
	f.rng.sync()
	f.moveTo = widget.NewSelect(nil, nil)
	f.moveTo.PlaceHolder = "(where it goes)"
	f.noise = newChips([]string{"The app chooses", "North", "East", "South", "West", "Stairs"}, nil)
	f.noise.SetSelected("The app chooses")
	f.scareComp = widget.NewCheck("A scare goes to the Companion (the Evil side's choice)", nil)
	f.dice = newChips([]string{diceApp, diceOur}, nil)
	f.dice.SetSelected(diceApp)
	f.courage = newFaceChips()
	f.spawnBox = container.NewVBox(f.spawnType.obj, labelled("The card's distance change", f.msd), labelled("In", f.spawnAt.sel))
	f.moveBox = container.NewVBox(f.creature.sel, labelled("Range", f.rng), labelled("Goes", f.moveTo))
	f.mapOnly = container.NewVBox(bold("What it does"), f.effect.obj, f.spawnBox, f.moveBox,
		bold("The Noise is said from (when two ways are true)"), f.noise.obj, widgets.WrapCheck(f.scareComp),
		bold("A scare's Courage die"), f.dice.obj, wrap("as rolled at the table:"), f.courage.obj)
	f.obj = container.NewVBox(
		bold("Evil player"), f.player.obj, bold("Deck"), f.deck.obj, f.face.obj, f.faceUp,
		widgets.WrapCheck(f.combo), widgets.WrapCheck(f.danger), f.mapOnly,
		primary("Play the Reaction", f.play))
	f.sync()
	return f
}

func (f *reactionForm) sync() {
	if f.face.Selected == faceUpW {
		f.faceUp.Show()
	} else {
		f.faceUp.Hide()
	}
	f.spawnBox.Hide()
	f.moveBox.Hide()
	switch f.effect.Selected {
	case "Spawn":
		f.spawnBox.Show()
	case "Move":
		f.moveBox.Show()
	}
}

func (f *reactionForm) refresh(s *ta.State) {
	if len(f.player.options) != len(s.Evil.Players) {
		f.player.setOptions(s.Evil.Players)
	}
	if f.player.Selected == "" && len(s.Evil.Players) > 0 {
		f.player.SetSelected(s.Evil.Players[s.Evil.Leader])
	}
	decks := []string{title(s.Evil.Decks[0].Name), title(s.Evil.Decks[1].Name)}
	if len(f.deck.options) != 2 || f.deck.options[0] != decks[0] {
		f.deck.setOptions(decks)
		f.deck.SetSelected(decks[0])
	}
	f.refreshCards()
	if s.Map == nil {
		f.mapOnly.Hide()
		f.danger.Show()
		return
	}
	f.mapOnly.Show()
	f.danger.Hide()
	f.creature.set(s.Map, false)
	if s.Companion != nil {
		f.scareComp.Show()
	} else {
		f.scareComp.Hide()
	}
	f.showLegal()
}

// refreshCards offers the set's cards of the chosen deck.
func (f *reactionForm) refreshCards() {
	var opts []string
	if c := f.k.state().Content; c != nil {
		for _, r := range c.Reactions {
			if strings.EqualFold(r.Deck, f.deck.Selected) {
				opts = append(opts, r.Name)
			}
		}
	}
	f.cardPick.SetOptions(opts)
}

// fromCard takes the trigger and timing from the card picked.
func (f *reactionForm) fromCard() {
	r := reactionByName(f.k.state().Content, strings.ToLower(f.deck.Selected), f.cardPick.Selected())
	if r == nil {
		return
	}
	f.trigger.SetSelected(triggerNames[r.Trigger])
	f.instant.SetChecked(r.Instant)
}

// showLegal offers the legal Spawn Sectors of the chosen kind and the legal
// moves of the chosen Creature (A7, §4.5): the wizard of §7.5.
func (f *reactionForm) showLegal() {
	s := f.k.state()
	if s.Map == nil {
		return
	}
	if t := strings.ToLower(f.spawnType.Selected); t != "" {
		var ids []string
		dist := map[string]int{}
		for _, o := range ta.LegalSpawns(s, []alone.CreatureType{alone.CreatureType(t)}, f.msd.Value) {
			ids = append(ids, o.Sector)
			dist[o.Sector] = o.Distance
		}
		f.spawnAt.set(s.Map, ids, func(id string) string {
			return fmt.Sprintf("%s, %d away", ta.SectorLabel(s.Map.Sector(id)), dist[id])
		})
	}
	f.movePaths = map[string]ta.MoveSpec{}
	var opts []string
	if id := f.creature.id(); id != "" {
		if ms, err := ta.LegalMoves(s, id, f.rng.Value); err == nil {
			for _, m := range ms {
				var steps []string
				for _, h := range m.Path {
					steps = append(steps, ta.SectorLabel(s.Map.Sector(h)))
				}
				w := "stays where it is (Noise there)"
				if len(steps) > 0 {
					w = "→ " + strings.Join(steps, " → ")
				}
				if len(m.Unblocked) > 0 && m.UnblockedOnly == "" {
					w += " (Unblocking a Door)"
				}
				if m.UnblockedOnly != "" {
					// A step spent only on Unblocking a Door (issue 15).
					w += ", then Unblocks the Door to " + ta.SectorLabel(s.Map.Sector(m.UnblockedOnly)) + " and stays"
				}
				f.movePaths[w] = ta.MoveSpec{Creature: id, Path: m.Path, Unblock: m.UnblockedOnly}
				opts = append(opts, w)
			}
		}
	}
	keep := f.moveTo.Selected
	f.moveTo.Options = opts
	if _, ok := f.movePaths[keep]; !ok {
		f.moveTo.ClearSelected()
	}
	f.moveTo.Refresh()
}

// tapSector takes a Sector tapped on the Map into the form.
func (f *reactionForm) tapSector(id string) {
	f.spawnAt.choose(id)
	for w, mv := range f.movePaths {
		if p := mv.Path; len(p) > 0 && p[len(p)-1] == id {
			f.moveTo.SetSelected(w)
			return
		}
	}
}

func (f *reactionForm) play() {
	s := f.k.state()
	p := ta.ReactionPlay{Allowed: f.face.Selected == faceUpW, Dangerous: f.danger.Checked && f.danger.Visible(), Player: -1}
	for i, n := range s.Evil.Players {
		if n == f.player.Selected {
			p.Player = i
		}
	}
	if p.Player < 0 {
		f.k.refuse(fmt.Errorf("choose the Evil player who plays the card"))
		return
	}
	if strings.EqualFold(f.deck.Selected, s.Evil.Decks[1].Name) {
		p.Deck = 1
	}
	if p.Allowed {
		p.Card, p.Instant = f.cardPick.Selected(), f.instant.Checked
		for t, n := range triggerNames {
			if n == f.trigger.Selected {
				p.Trigger = string(t)
			}
		}
	}
	if f.combo.Checked {
		p.Cards = 2
	}
	if s.Map != nil {
		switch f.effect.Selected {
		case "Spawn":
			p.Spawn = &ta.SpawnSpec{Type: alone.CreatureType(strings.ToLower(f.spawnType.Selected)), Sector: f.spawnAt.id(), MSDMod: f.msd.Value}
		case "Move":
			mv, ok := f.movePaths[f.moveTo.Selected]
			if !ok && f.creature.id() != "" {
				f.k.refuse(fmt.Errorf("choose where the Creature goes"))
				return
			}
			mv.Creature, mv.Range = f.creature.id(), f.rng.Value
			p.Move = &mv
			p.Roll = rollBy(f.dice.Selected == diceOur)
			if f.dice.Selected == diceOur {
				p.CourageFace = f.courage.face()
			}
		}
		if n := f.noise.Selected; n != "The app chooses" {
			for d, w := range compassWords {
				if w == n {
					p.Noise = d
				}
			}
		}
		p.ScareToCompanion = f.scareComp.Checked && f.scareComp.Visible()
	}
	if f.k.do(ta.PlayReaction{ReactionPlay: p}) {
		f.combo.SetChecked(false)
		f.instant.SetChecked(false)
		f.moveTo.ClearSelected()
		f.cardPick.sel.ClearSelected()
		f.courage.clear()
	}
}
