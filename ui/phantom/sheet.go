package phantom

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// showSheet is the campaign sheet (§14.1): fame and vanished technology on
// steppers, the upgrade board, expeditions with what each character gained
// or lost, the classes unlocked and the attachment reward decks.
func (c *CampaignScreen) showSheet(s *tp.State) {
	box := c.sheet
	box.Objects = nil
	defer box.Refresh()
	var fame []string
	for _, p := range tp.Planets {
		fame = append(fame, fmt.Sprintf("%s %d (shop tier %d)", p, s.Sheet.Fame[p], tp.FameTier(s.Sheet.Fame[p])))
	}
	drawn := "no"
	if s.Sheet.ExpeditionDrawn {
		drawn = "yes"
	}
	box.Add(bold("Campaign sheet"))
	box.Add(wrap(fmt.Sprintf("Fame: %s\nVanished technology: %d\nLast planet: %s · a planetary expedition drawn since: %s\nUnlocked classes: %s",
		strings.Join(fame, " · "), s.Sheet.VanishedTech, orDefault(s.Sheet.LastPlanet, "none"), drawn, strings.Join(s.Sheet.UnlockedClasses, ", "))))

	// Fame and vanished technology, changed by what the table says.
	fameNums := map[string]*Num{}
	changes := widgets.NewFlow()
	for _, p := range tp.Planets {
		n := NewNum(-20, 20, 0, nil)
		n.Format = Signed
		fameNums[p] = n
		changes.Add(statBox("Fame on "+p, n))
	}
	vt := NewNum(-50, 50, 0, nil)
	vt.Format = Signed
	changes.Add(statBox("Vanished technology", vt))
	box.Add(widgets.NewCard("Fame and vanished technology", "", container.NewVBox(
		wrap("Step the changes the table made, then Apply; neither goes below 0 (Rulebook p.16)."),
		changes,
		cmdButton(c.ctx, "Apply", func() tracker.Command {
			cmd := tp.AdjustCampaign{Reason: "entered at the table", VanishedTech: vt.Value}
			for p, n := range fameNums {
				if n.Value != 0 {
					if cmd.Fame == nil {
						cmd.Fame = map[string]int{}
					}
					cmd.Fame[p] = n.Value
				}
			}
			return cmd
		}))))

	// Upgrade board.
	up := container.NewVBox()
	for _, n := range sortedKeys(s.Sheet.Upgrades) {
		u := s.Sheet.Upgrades[n]
		n := n
		state := ""
		if u.Performed {
			state = " — performed"
		}
		row := widgets.NewFlow(widget.NewLabel(fmt.Sprintf("%s (cost %d)%s", n, u.Cost, state)))
		for _, b := range u.Boxes {
			b := b
			ch := widget.NewCheck(b, nil)
			ch.SetChecked(u.Ticked[b])
			ch.OnChanged = func(bool) { c.ctx.DoFrom(ch, tp.TickUpgrade{Name: n, Box: b}) }
			row.Add(ch)
		}
		if !u.Paid {
			row.Add(cmdButton(c.ctx, "Pay", func() tracker.Command { return tp.TickUpgrade{Name: n, Pay: true} }))
		}
		up.Add(row)
	}
	uname := newNameEntry("", "the upgrade's name", nil)
	uboxes := newTextEntry("", "its boxes, one a line, as the board prints them", nil)
	ucost := NewNum(0, 99, 0, nil)
	up.Add(uname)
	up.Add(uboxes)
	up.Add(widgets.NewFlow(statBox("Cost (vanished technology)", ucost), cmdButton(c.ctx, "Enter the upgrade", func() tracker.Command {
		var boxes []string
		for _, l := range strings.Split(uboxes.Text, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				boxes = append(boxes, l)
			}
		}
		return tp.DefineUpgrade{Name: strings.TrimSpace(uname.Text), Boxes: boxes, Cost: ucost.Value}
	})))
	box.Add(widgets.NewCard("Upgrade board", "", up))

	// Expedition: what the card did, character by character.
	card := newNameEntry("", "the card's number", nil)
	story := widget.NewCheck("a Story card", nil)
	discard := widget.NewCheck("discard it afterwards", nil)
	present := s.Sheet.LastParty
	if len(present) == 0 {
		present = sortedKeys(s.Characters)
	}
	novaNums, spNums := map[string]*Num{}, map[string]*Num{}
	who := container.NewVBox()
	for _, n := range present {
		nv := NewNum(-99, 99, 0, nil)
		nv.Format = Signed
		sp := NewNum(-9, 9, 0, nil)
		sp.Format = Signed
		novaNums[n], spNums[n] = nv, sp
		who.Add(widgets.NewFlow(bold(n), statBox("Nova cells", nv), statBox("SP", sp)))
	}
	expFame := map[string]*Num{}
	expFameRow := widgets.NewFlow()
	for _, p := range tp.Planets {
		n := NewNum(-9, 9, 0, nil)
		n.Format = Signed
		expFame[p] = n
		expFameRow.Add(statBox("Fame on "+p, n))
	}
	expVT := NewNum(-50, 50, 0, nil)
	expVT.Format = Signed
	expFameRow.Add(statBox("Vanished technology", expVT))
	opts := newExpeditionOptions(s)
	c.expedition = opts
	var record *widget.Button
	record = widget.NewButton("Record the expedition", func() {
		cmd := tp.Expedition{Card: strings.TrimSpace(card.Text), Story: story.Checked, Discard: discard.Checked, VanishedTech: expVT.Value}
		if err := opts.fill(&cmd); err != nil {
			c.ctx.Refuse(record, capitalFirst(err.Error())+".")
			return
		}
		for n := range novaNums {
			if v := novaNums[n].Value; v != 0 {
				if cmd.Nova == nil {
					cmd.Nova = map[string]int{}
				}
				cmd.Nova[n] = v
			}
			if v := spNums[n].Value; v != 0 {
				if cmd.SP == nil {
					cmd.SP = map[string]int{}
				}
				cmd.SP[n] = v
			}
		}
		for p, n := range expFame {
			if n.Value != 0 {
				if cmd.Fame == nil {
					cmd.Fame = map[string]int{}
				}
				cmd.Fame[p] = n.Value
			}
		}
		c.ctx.DoFrom(record, cmd)
	})
	box.Add(widgets.NewCard("Expedition", "", container.NewVBox(
		wrap("At most one planetary expedition between missions; a Story card only when a mission names it (Rulebook p.17)."),
		card, widgets.NewFlow(story, discard), opts.obj,
		wrap("What the result did, character by character (gains and losses):"), who, expFameRow, record)))

	// Classes and attachment reward decks.
	cls := newNameEntry("", "the advanced class to unlock", nil)
	tier := newPicker([]string{"1", "2", "3", "4"}, "1", "", nil)
	deckBox := container.NewVBox()
	var deck *ChecksFlow
	showDeck := func(t string) {
		n, _ := strconv.Atoi(t)
		var ids []string
		for _, id := range sortedKeys(s.Content.Attachments) {
			if s.Content.Attachments[id].Tier == n {
				ids = append(ids, id)
			}
		}
		deck = newChecksFlow(ids, s.Sheet.AttachmentDecks[n], nil)
		deckBox.Objects = []fyne.CanvasObject{deck.Object()}
		if len(ids) == 0 {
			deckBox.Objects = []fyne.CanvasObject{wrap(fmt.Sprintf("No tier %d attachment card is entered yet (Content tab).", n))}
		}
		deckBox.Refresh()
	}
	tier.OnChanged = showDeck
	showDeck("1")
	var decks []string
	for t := 1; t <= 4; t++ {
		decks = append(decks, fmt.Sprintf("tier %d: %s", t, plural(len(s.Sheet.AttachmentDecks[t]), "card")))
	}
	box.Add(widgets.NewCard("Boxes and decks", "", container.NewVBox(
		container.NewBorder(nil, nil, nil, cmdButton(c.ctx, "Unlock", func() tracker.Command { return tp.UnlockClass{Class: strings.TrimSpace(cls.Text)} }), cls),
		wrap("Attachment reward decks: "+strings.Join(decks, " · ")),
		container.NewHBox(widget.NewLabel("Tier"), tier), deckBox,
		cmdButton(c.ctx, "Set the tier's deck", func() tracker.Command {
			t, _ := strconv.Atoi(tier.Selected)
			return tp.SetAttachmentDeck{Tier: t, Cards: deck.Selected()}
		}))))
	if len(s.Sheet.Expeditions) > 0 {
		box.Add(wrap("Expeditions resolved: " + strings.Join(s.Sheet.Expeditions, ", ")))
	}
}
