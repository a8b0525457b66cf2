package phantom

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

func (c *CampaignScreen) showSheet(s *tp.State) {
	box := c.sheet
	box.Objects = nil
	defer box.Refresh()
	var fame []string
	for _, p := range tp.Planets {
		tier := 1
		switch {
		case s.Sheet.Fame[p] >= 10:
			tier = 3
		case s.Sheet.Fame[p] >= 5:
			tier = 2
		}
		fame = append(fame, fmt.Sprintf("%s %d (shop tier %d)", p, s.Sheet.Fame[p], tier))
	}
	box.Add(bold("Campaign sheet"))
	box.Add(wrap(fmt.Sprintf("Fame: %s\nVanished technology: %d\nLast planet: %s · expedition drawn since: %v\nUnlocked classes: %s",
		strings.Join(fame, " · "), s.Sheet.VanishedTech, orDefault(s.Sheet.LastPlanet, "none"), s.Sheet.ExpeditionDrawn, strings.Join(s.Sheet.UnlockedClasses, ", "))))
	planet := widget.NewSelect(tp.Planets, nil)
	planet.PlaceHolder = "planet"
	delta := widget.NewEntry()
	delta.SetPlaceHolder("fame change, e.g. 2 or -1")
	vt := widget.NewEntry()
	vt.SetPlaceHolder("vanished technology change")
	box.Add(widgets.NewCard("Fame and vanished technology", "§14.1: never below 0", container.NewVBox(
		container.NewGridWithColumns(3, planet, delta, vt),
		widget.NewButton("Apply", func() {
			cmd := tp.AdjustCampaign{Reason: "entered at the table"}
			if n, err := strconv.Atoi(strings.TrimSpace(delta.Text)); err == nil && planet.Selected != "" {
				cmd.Fame = map[string]int{planet.Selected: n}
			}
			cmd.VanishedTech, _ = strconv.Atoi(strings.TrimSpace(vt.Text))
			c.ctx.Do(cmd)
		}))))
	// Upgrade board.
	up := container.NewVBox()
	for _, n := range sortedKeys(s.Sheet.Upgrades) {
		u := s.Sheet.Upgrades[n]
		n := n
		row := container.NewHBox(widget.NewLabel(fmt.Sprintf("%s (cost %d)%s", n, u.Cost, map[bool]string{true: " — performed", false: ""}[u.Performed])))
		for _, b := range u.Boxes {
			b := b
			ch := widget.NewCheck(b, nil)
			ch.SetChecked(u.Ticked[b])
			ch.OnChanged = func(bool) { c.ctx.Do(tp.TickUpgrade{Name: n, Box: b}) }
			row.Add(ch)
		}
		if !u.Paid {
			row.Add(widget.NewButton("Pay", func() { c.ctx.Do(tp.TickUpgrade{Name: n, Pay: true}) }))
		}
		up.Add(container.NewHScroll(row))
	}
	uname, uboxes, ucost := widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	uname.SetPlaceHolder("upgrade name")
	uboxes.SetPlaceHolder("boxes (comma separated)")
	ucost.SetPlaceHolder("cost")
	up.Add(container.NewGridWithColumns(2, uname, uboxes, ucost, widget.NewButton("Enter upgrade", func() {
		n, _ := strconv.Atoi(strings.TrimSpace(ucost.Text))
		c.ctx.Do(tp.DefineUpgrade{Name: strings.TrimSpace(uname.Text), Boxes: splitConds(uboxes.Text), Cost: n})
	})))
	box.Add(widgets.NewCard("Upgrade board", "§14.1", up))
	// Expedition.
	card := widget.NewEntry()
	card.SetPlaceHolder("card number")
	story := widget.NewCheck("Story card", nil)
	discard := widget.NewCheck("discard it afterwards", nil)
	gains := widget.NewEntry()
	gains.SetPlaceHolder("nova cells per character: Ana 3, Bo -2")
	spGains := widget.NewEntry()
	spGains.SetPlaceHolder("SP per character: Ana 1")
	expVT := widget.NewEntry()
	expVT.SetPlaceHolder("vanished technology (+/-)")
	expFame := widget.NewEntry()
	expFame.SetPlaceHolder("fame: Berkav 1, Orbos -1")
	perName := func(text string) (map[string]int, error) {
		out := map[string]int{}
		for _, part := range strings.Split(text, ",") {
			f := strings.Fields(part)
			if len(f) == 0 {
				continue
			}
			n, err := strconv.Atoi(f[len(f)-1])
			if len(f) < 2 || err != nil {
				return nil, fmt.Errorf("%q: write a name and a number, like \"Ana 3\"", strings.TrimSpace(part))
			}
			out[strings.Join(f[:len(f)-1], " ")] = n
		}
		return out, nil
	}
	box.Add(widgets.NewCard("Expedition", "§14.3, V-20: what the card did, as the players read it", container.NewVBox(card, container.NewHBox(story, discard),
		gains, spGains, container.NewGridWithColumns(2, expVT, expFame),
		widget.NewButton("Record expedition", func() {
			cmd := tp.Expedition{Card: strings.TrimSpace(card.Text), Story: story.Checked, Discard: discard.Checked}
			var err error
			if cmd.Nova, err = perName(gains.Text); err == nil {
				if cmd.SP, err = perName(spGains.Text); err == nil {
					cmd.Fame, err = perName(expFame.Text)
				}
			}
			if err != nil {
				c.ctx.Message(err.Error(), true)
				return
			}
			if t := strings.TrimSpace(expVT.Text); t != "" {
				if cmd.VanishedTech, err = strconv.Atoi(t); err != nil {
					c.ctx.Message("vanished technology is a whole number", true)
					return
				}
			}
			c.ctx.Do(cmd)
		}))))
	// Classes and attachment reward decks.
	cls := widget.NewEntry()
	cls.SetPlaceHolder("advanced class to unlock")
	tier := widget.NewSelect([]string{"1", "2", "3", "4"}, nil)
	tier.PlaceHolder = "tier"
	deck := widget.NewEntry()
	deck.SetPlaceHolder("attachment cards of the tier's deck (comma separated)")
	var decks []string
	for t := 1; t <= 4; t++ {
		decks = append(decks, fmt.Sprintf("tier %d: %d cards", t, len(s.Sheet.AttachmentDecks[t])))
	}
	box.Add(widgets.NewCard("Boxes and decks", "§14.1", container.NewVBox(
		container.NewBorder(nil, nil, nil, widget.NewButton("Unlock", func() { c.ctx.Do(tp.UnlockClass{Class: strings.TrimSpace(cls.Text)}) }), cls),
		wrap("Attachment reward decks: "+strings.Join(decks, " · ")),
		container.NewBorder(nil, nil, tier, widget.NewButton("Set deck", func() {
			t, _ := strconv.Atoi(tier.Selected)
			c.ctx.Do(tp.SetAttachmentDeck{Tier: t, Cards: splitConds(deck.Text)})
		}), deck))))
	if len(s.Sheet.Expeditions) > 0 {
		box.Add(wrap("Expeditions resolved: " + strings.Join(s.Sheet.Expeditions, ", ")))
	}
}
