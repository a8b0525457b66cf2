package phantom

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

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
	buyBt := widget.NewButton("Buy card", func() {
		if buy.Selected == "" {
			c.ctx.Message("choose the card to buy", true)
			return
		}
		id := buy.Selected[:strings.LastIndex(buy.Selected, " (")]
		c.ctx.Do(tp.BuyActionCard{Character: name, Card: id})
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
	gearSel := widget.NewSelect(gearOpts, nil)
	gearSel.PlaceHolder = "equipment or attachment"
	slot := widget.NewEntry()
	slot.SetPlaceHolder("slot: head, body, feet, or 1, 2… (empty: unequip)")
	charges := widget.NewEntry()
	charges.SetPlaceHolder("charges to add (negative: remove)")
	var others []string
	for _, n := range sortedKeys(s.Characters) {
		if n != name {
			others = append(others, n)
		}
	}
	to := widget.NewSelect(others, nil)
	to.PlaceHolder = "give to"
	tradeNova := widget.NewEntry()
	tradeNova.SetPlaceHolder("nova cells to give")
	gearOf := func() (eq, att string) {
		if v, ok := strings.CutPrefix(gearSel.Selected, "equipment: "); ok {
			return v, ""
		}
		v, _ := strings.CutPrefix(gearSel.Selected, "attachment: ")
		return "", v
	}
	gearBox := container.NewVBox(gearSel,
		container.NewBorder(nil, nil, nil, widget.NewButton("Equip / unequip", func() {
			eq, att := gearOf()
			c.ctx.Do(tp.Equip{Character: name, Equipment: eq, Attachment: att, Slot: strings.TrimSpace(slot.Text)})
		}), slot),
		container.NewBorder(nil, nil, nil, widget.NewButton("Charge", func() {
			eq, att := gearOf()
			n, err := strconv.Atoi(strings.TrimSpace(charges.Text))
			if err != nil {
				c.ctx.Message("charges are a whole number", true)
				return
			}
			c.ctx.Do(tp.Charge{Character: name, Equipment: eq, Attachment: att, N: n})
		}), charges),
		container.NewBorder(nil, nil, nil, widget.NewButton("Trade", func() {
			eq, att := gearOf()
			n, _ := strconv.Atoi(strings.TrimSpace(tradeNova.Text))
			c.ctx.Do(tp.Trade{From: name, To: to.Selected, Nova: n, Equipment: eq, Attachment: att})
		}), container.NewGridWithColumns(2, to, tradeNova)),
	)
	sp := widget.NewEntry()
	sp.SetPlaceHolder("SP")
	nova := widget.NewEntry()
	nova.SetPlaceHolder("nova cells")
	body := container.NewVBox(info,
		container.NewBorder(nil, nil, nil, buyBt, buy),
		container.NewBorder(nil, nil, nil, widget.NewButton("Buy", func() { c.ctx.Do(tp.BuyEquipment{Character: name, Equipment: shop.Selected}) }), shop),
		container.NewBorder(nil, nil, nil, widget.NewButton("Sell", func() { c.ctx.Do(tp.SellEquipment{Character: name, Equipment: sell.Selected}) }), sell),
		container.NewBorder(nil, nil, nil, widget.NewButton("Dismantle", func() { c.ctx.Do(tp.DismantleAttachment{Character: name, Attachment: dis.Selected}) }), dis),
		container.NewBorder(nil, nil, nil, widget.NewButton("Give back", func() { c.ctx.Do(tp.ReturnActionCard{Character: name, Card: ret.Selected}) }), ret),
		widgets.NewCard("", "Equip, charge, trade (§14.3, V-06, V-07)", gearBox),
		container.NewBorder(nil, nil, widget.NewLabel("Correct by hand"), widget.NewButton("Set", func() {
			cmd := tp.CorrectCharacter{Character: name, Reason: "corrected by hand"}
			if n, err := strconv.Atoi(strings.TrimSpace(sp.Text)); err == nil {
				cmd.SP = &n
			}
			if n, err := strconv.Atoi(strings.TrimSpace(nova.Text)); err == nil {
				cmd.Nova = &n
			}
			c.ctx.Do(cmd)
		}), container.NewGridWithColumns(2, sp, nova)),
	)
	return widgets.NewCard(name, "", body)
}

func containsStr(l []string, x string) bool {
	for _, y := range l {
		if y == x {
			return true
		}
	}
	return false
}
