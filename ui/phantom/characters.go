package phantom

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

func (c *CampaignScreen) showCharacters(s *tp.State) {
	box := c.chars
	box.Objects = nil
	defer box.Refresh()
	if c.NewCharacter == nil {
		c.NewCharacter = newCharacterForm(c.ctx, c.Entry, nil)
	}
	c.NewCharacter.refresh()
	box.Add(widgets.NewCard("New character", "", c.NewCharacter.Object()))
	if t := c.trainingCard(s); t != nil {
		box.Add(t)
	}
	for _, n := range sortedKeys(s.Characters) {
		box.Add(c.characterSheet(s, n))
	}
}

// characterSheet is one character's sheet with what it can buy: Action
// cards of its class with SP, equipment from the last planet's shop; and
// what it can sell, dismantle or give back.
func (c *CampaignScreen) characterSheet(s *tp.State, name string) fyne.CanvasObject {
	ch := s.Characters[name]
	gear := func(g []tp.Gear) string {
		var out []string
		for _, x := range g {
			t := x.ID
			if x.Slot != "" {
				t += " [" + x.Slot + "]"
			}
			if x.Charges > 0 {
				t += fmt.Sprintf(" ×%d", x.Charges)
			}
			out = append(out, t)
		}
		return strings.Join(out, ", ")
	}
	info := wrap(fmt.Sprintf("%s %s · colour %s · SP %d · nova cells %d\nCards: %s\nBought: %s\nEquipment: %s\nAttachments: %s\nItems: %s\nCompleted: %s",
		ch.Species, ch.Class, ch.Colour, ch.SP, ch.Nova, strings.Join(ch.Cards, ", "), strings.Join(ch.Bought, ", "),
		gear(ch.Equipment), gear(ch.Attachments), strings.Join(ch.Items, ", "), strings.Join(ch.Completed, ", ")))
	var buyable []string
	for _, id := range sortedKeys(s.Content.ActionCards) {
		ac := s.Content.ActionCards[id]
		if ac.Class == ch.Class && ac.SPCost > 0 && !containsStr(ch.Cards, id) {
			buyable = append(buyable, fmt.Sprintf("%s (%d SP)", id, ac.SPCost))
		}
	}
	buy := widget.NewSelect(buyable, nil)
	buy.PlaceHolder = "Action card to buy with SP"
	var buyBt *widget.Button
	buyBt = widget.NewButton("Buy card", func() {
		if buy.Selected == "" {
			c.ctx.Refuse(buyBt, "Choose the card to buy.")
			return
		}
		id := buy.Selected[:strings.LastIndex(buy.Selected, " (")]
		c.ctx.DoFrom(buyBt, tp.BuyActionCard{Character: name, Card: id})
	})
	shop := widget.NewSelect(sortedKeys(s.Content.Equipment), nil)
	shop.PlaceHolder = "equipment"
	var owned []string
	for _, g := range ch.Equipment {
		owned = append(owned, g.ID)
	}
	sell := widget.NewSelect(owned, nil)
	sell.PlaceHolder = "equipment to sell"
	var atts []string
	for _, g := range ch.Attachments {
		atts = append(atts, g.ID)
	}
	dis := widget.NewSelect(atts, nil)
	dis.PlaceHolder = "attachment to dismantle"
	ret := widget.NewSelect(ch.Bought, nil)
	ret.PlaceHolder = "bought card to give back (training)"
	// Equip, charge and trade: equipment ids are prefixed "equipment: ",
	// attachments "attachment: ".
	var gearOpts []string
	for _, g := range ch.Equipment {
		gearOpts = append(gearOpts, "equipment: "+g.ID)
	}
	for _, g := range ch.Attachments {
		gearOpts = append(gearOpts, "attachment: "+g.ID)
	}
	cb := s.Content.Classes[ch.Class]
	slotOpts := func(sel string) []string {
		if strings.HasPrefix(sel, "equipment: ") {
			id := strings.TrimPrefix(sel, "equipment: ")
			if e, ok := s.Content.Equipment[id]; ok {
				return []string{e.Slot}
			}
			return tp.EquipmentSlots
		}
		var out []string
		for i, types := range cb.AttachmentSlots {
			out = append(out, fmt.Sprintf("slot %d (%s)", i+1, strings.Join(types, ", ")))
		}
		return out
	}
	slot := newPicker(nil, "", "which slot", nil)
	gearSel := newPicker(gearOpts, "", "equipment or attachment", func(v string) {
		slot.Options = slotOpts(v)
		slot.ClearSelected()
		if len(slot.Options) == 1 {
			slot.SetSelected(slot.Options[0])
		}
		slot.Refresh()
	})
	slotValue := func() string {
		v := slot.Selected
		if n, ok := strings.CutPrefix(v, "slot "); ok {
			return strings.Fields(n)[0]
		}
		return v
	}
	var others []string
	for _, n := range sortedKeys(s.Characters) {
		if n != name {
			others = append(others, n)
		}
	}
	to := newPicker(others, "", "give to", nil)
	tradeNova := NewNum(0, max(ch.Nova, 0), 0, nil)
	gearOf := func() (eq, att string) {
		if v, ok := strings.CutPrefix(gearSel.Selected, "equipment: "); ok {
			return v, ""
		}
		v, _ := strings.CutPrefix(gearSel.Selected, "attachment: ")
		return "", v
	}
	charge := func(n int) func() tracker.Command {
		return func() tracker.Command {
			eq, att := gearOf()
			return tp.Charge{Character: name, Equipment: eq, Attachment: att, N: n}
		}
	}
	gearBox := container.NewVBox(gearSel,
		container.NewBorder(nil, nil, nil, widgets.NewFlow(
			cmdButton(c.ctx, "Equip", func() tracker.Command {
				eq, att := gearOf()
				return tp.Equip{Character: name, Equipment: eq, Attachment: att, Slot: slotValue()}
			}),
			cmdButton(c.ctx, "Unequip", func() tracker.Command {
				eq, att := gearOf()
				return tp.Equip{Character: name, Equipment: eq, Attachment: att}
			})), slot),
		widgets.NewFlow(cmdButton(c.ctx, "Charge it (1 nova cell)", charge(1)), cmdButton(c.ctx, "Take a charge off", charge(-1))),
		bold("Trade"),
		widgets.NewFlow(to, container.NewHBox(widget.NewLabel("nova cells"), tradeNova),
			cmdButton(c.ctx, "Give", func() tracker.Command {
				eq, att := gearOf()
				return tp.Trade{From: name, To: to.Selected, Nova: tradeNova.Value, Equipment: eq, Attachment: att}
			})),
	)
	sp := NewNum(0, 99, ch.SP, nil)
	nova := NewNum(0, 999, ch.Nova, nil)
	body := container.NewVBox(info,
		container.NewBorder(nil, nil, nil, buyBt, buy),
		container.NewBorder(nil, nil, nil, cmdButton(c.ctx, "Buy", func() tracker.Command { return tp.BuyEquipment{Character: name, Equipment: shop.Selected} }), shop),
		container.NewBorder(nil, nil, nil, cmdButton(c.ctx, "Sell", func() tracker.Command { return tp.SellEquipment{Character: name, Equipment: sell.Selected} }), sell),
		container.NewBorder(nil, nil, nil, cmdButton(c.ctx, "Dismantle", func() tracker.Command { return tp.DismantleAttachment{Character: name, Attachment: dis.Selected} }), dis),
		container.NewBorder(nil, nil, nil, cmdButton(c.ctx, "Give back", func() tracker.Command { return tp.ReturnActionCard{Character: name, Card: ret.Selected} }), ret),
		widgets.NewCard("", "Equip, charge and trade: at mission setup, on a rest turn or between missions (Rulebook p.9, p.15).", gearBox),
		c.correctEquipment(s, name),
		bold("Correct by hand"),
		widgets.NewFlow(statBox("SP", sp), statBox("Nova cells", nova), cmdButton(c.ctx, "Set", func() tracker.Command {
			cmd := tp.CorrectCharacter{Character: name, Reason: "corrected by hand"}
			if n := sp.Value; n != ch.SP {
				cmd.SP = &n
			}
			if n := nova.Value; n != ch.Nova {
				cmd.Nova = &n
			}
			return cmd
		})),
	)
	return widgets.NewCard(name, "", body)
}

// correctEquipment adds or takes away a character's equipment card by
// hand, without the shop, saying why (Rulebook p.15).
func (c *CampaignScreen) correctEquipment(s *tp.State, name string) fyne.CanvasObject {
	var owned []string
	for _, g := range s.Characters[name].Equipment {
		owned = append(owned, g.ID)
	}
	add := newPicker(sortedKeys(s.Content.Equipment), "", "equipment it has", nil)
	drop := newPicker(owned, "", "equipment it does not have", nil)
	why := newNameEntry("", "why the equipment is corrected", nil)
	var addBt, dropBt *widget.Button
	addBt = widget.NewButton("Add", func() {
		if add.Selected == "" {
			c.ctx.Refuse(addBt, "Choose the equipment to add.")
			return
		}
		c.ctx.DoFrom(addBt, tp.CorrectEquipment{Character: name, Add: []string{add.Selected}, Reason: strings.TrimSpace(why.Text)})
	})
	dropBt = widget.NewButton("Take away", func() {
		if drop.Selected == "" {
			c.ctx.Refuse(dropBt, "Choose the equipment to take away.")
			return
		}
		c.ctx.DoFrom(dropBt, tp.CorrectEquipment{Character: name, Remove: []string{drop.Selected}, Reason: strings.TrimSpace(why.Text)})
	})
	return widgets.NewCard("", "Correct the equipment by hand, without a shop visit.", container.NewVBox(
		container.NewBorder(nil, nil, nil, addBt, add),
		container.NewBorder(nil, nil, nil, dropBt, drop),
		why))
}

func containsStr(l []string, x string) bool {
	for _, y := range l {
		if y == x {
			return true
		}
	}
	return false
}
