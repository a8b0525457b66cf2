package eternaut

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
)

// The item forms (Rulebook p.12, p.21): gaining, dropping, discarding,
// the Bag, crafting, trading, and the Drop piles on the map. An item is
// named by the ID printed at its card's top left; everything else is
// picked from what the Character holds.

const newItem = "the new item"

func (p *PlayScreen) gainItemForm(id string) {
	item := textEntry("the ID at the card's top left, e.g. 011", "")
	c := p.state().Char(id)
	drop := widget.NewCheckGroup(append(slices.Clone(c.Items), newItem), nil)
	dropItem := widget.NewFormItem("Drop if over capacity", drop)
	dropItem.HintText = fmt.Sprintf("%s carries up to %d items; what is dropped makes a Drop pile.", c.Name, c.Capacity())
	where := textEntry("where the Drop pile goes, e.g. the kitchen", "")
	p.cmdForm(fmt.Sprintf("An item for %s (%d of %d held)", c.Name, len(c.Items), c.Capacity()), "Gain", []*widget.FormItem{
		widget.NewFormItem("Item", item), dropItem, widget.NewFormItem("Where", where),
	}, func() (tracker.Command, error) {
		it := strings.TrimSpace(item.Text)
		if it == "" {
			return nil, need("Item", "type the item's ID")
		}
		var d []string
		for _, x := range drop.Selected {
			if x == newItem {
				x = it
			}
			d = append(d, x)
		}
		return et.GainItem{Char: id, Item: it, Drop: d, Where: where.Text}, nil
	})
}

func pileOptions(s *et.State) []string {
	out := []string{"a new pile"}
	for _, d := range s.Scenario.DropPiles {
		out = append(out, "pile "+d.Letter)
	}
	return out
}

func pileOf(opt string) string {
	if l, ok := strings.CutPrefix(opt, "pile "); ok {
		return l
	}
	return ""
}

func (p *PlayScreen) dropForm(id string) {
	s := p.state()
	c := s.Char(id)
	items := widget.NewCheckGroup(slices.Clone(c.Items), nil)
	pile := widget.NewSelect(pileOptions(s), nil)
	pile.SetSelectedIndex(0)
	where := textEntry("where, e.g. the kitchen", "")
	p.cmdForm("Drop items of "+c.Name, "Drop", []*widget.FormItem{
		widget.NewFormItem("Items", items), widget.NewFormItem("Onto", pile), widget.NewFormItem("Where", where),
	}, func() (tracker.Command, error) {
		if len(items.Selected) == 0 {
			return nil, need("Items", "tick the items that are dropped")
		}
		return et.DropItems{Char: id, Items: items.Selected, Where: where.Text, Pile: pileOf(pile.Selected)}, nil
	})
}

func (p *PlayScreen) discardForm(id string) {
	c := p.state().Char(id)
	item := widget.NewSelect(slices.Clone(c.Items), nil)
	p.cmdForm("Discard an item of "+c.Name, "Discard", []*widget.FormItem{widget.NewFormItem("Item", item)},
		func() (tracker.Command, error) {
			if item.Selected == "" {
				return nil, need("Item", "choose the item")
			}
			return et.DiscardItem{Char: id, Item: item.Selected}, nil
		})
}

func (p *PlayScreen) craftForm(id string) {
	c := p.state().Char(id)
	a := widget.NewSelect(slices.Clone(c.Items), nil)
	b := widget.NewSelect(slices.Clone(c.Items), nil)
	first := widget.NewFormItem("Item 1", a)
	first.HintText = "The paragraph to read is the two items' IDs, the lower first."
	p.cmdForm("Craft two items", "Craft", []*widget.FormItem{first, widget.NewFormItem("Item 2", b)},
		func() (tracker.Command, error) {
			switch {
			case a.Selected == "":
				return nil, need("Item 1", "choose the first item")
			case b.Selected == "":
				return nil, need("Item 2", "choose the second item")
			}
			return et.Craft{Char: id, A: a.Selected, B: b.Selected}, nil
		})
}

func (p *PlayScreen) bagForm(id string) {
	c := p.state().Char(id)
	bag := widget.NewSelect(slices.Clone(c.Items), nil)
	bag.SetSelected(c.Bag)
	store := widget.NewCheckGroup(slices.Clone(c.Items), nil)
	take := widget.NewCheckGroup(slices.Clone(c.BagItems), nil)
	first := widget.NewFormItem("Bag in use", bag)
	first.HintText = "Items in the Bag cannot be used and do not count toward the items carried (Rulebook p.21)."
	p.form("Bag of "+c.Name, "Apply", []*widget.FormItem{
		first, widget.NewFormItem("Put in the Bag", store), widget.NewFormItem("Take out", take),
	}, func() error {
		if bag.Selected != "" && bag.Selected != p.state().Char(id).Bag {
			if err := p.try(et.SetBag{Char: id, Bag: bag.Selected}); err != nil {
				return err
			}
		}
		if len(store.Selected) > 0 {
			if err := p.try(et.BagStore{Char: id, Items: store.Selected}); err != nil {
				return err
			}
		}
		if len(take.Selected) > 0 {
			if err := p.try(et.BagTake{Char: id, Items: take.Selected}); err != nil {
				return err
			}
		}
		return nil
	})
}

func (p *PlayScreen) tradeForm(id string) {
	s := p.state()
	c := s.Char(id)
	to := widget.NewSelect(p.livingOptions(id), nil)
	give := widget.NewCheckGroup(slices.Clone(c.Items), nil)
	take := widget.NewCheckGroup(nil, nil)
	given := number(0, c.Ammo, 0)
	received := number(0, 0, 0)
	to.OnChanged = func(v string) {
		o := p.state().Char(idOf(p.state(), v))
		if o == nil {
			return
		}
		take.Options = slices.Clone(o.Items)
		take.Selected = nil
		take.Refresh()
		received.SetLimits(0, o.Ammo)
	}
	where := textEntry("where any drop goes, e.g. the hall", "")
	first := widget.NewFormItem("With", to)
	first.HintText = "Within the range on the card; giving without taking back is allowed (Rulebook p.12)."
	p.cmdForm("Trade by "+c.Name, "Trade", []*widget.FormItem{
		first, widget.NewFormItem("Give", give), widget.NewFormItem("Take", take),
		widget.NewFormItem("Ammo given", given), widget.NewFormItem("Ammo received", received), widget.NewFormItem("Where", where),
	}, func() (tracker.Command, error) {
		if to.Selected == "" {
			return nil, need("With", "choose who trades with %s", c.Name)
		}
		return et.Trade{From: id, To: idOf(p.state(), to.Selected), Give: give.Selected, Take: take.Selected, Ammo: given.Value - received.Value, Where: where.Text}, nil
	})
}

func (p *PlayScreen) dropCard(s *et.State) fyne.CanvasObject {
	box := container.NewVBox()
	for _, d := range s.Scenario.DropPiles {
		l := d.Letter
		box.Add(container.NewBorder(nil, nil, nil, btn("Pick up…", func() { p.pickUpForm(l) }),
			wrap(fmt.Sprintf("Drop pile %s (%s): %s", d.Letter, orDash(d.Where), strings.Join(d.Items, ", ")))))
	}
	return card("Drop piles", "Back to the Item deck at the end of the scenario", box)
}

func (p *PlayScreen) pickUpForm(letter string) {
	s := p.state()
	var items []string
	for _, d := range s.Scenario.DropPiles {
		if d.Letter == letter {
			items = slices.Clone(d.Items)
		}
	}
	who := widget.NewSelect(p.livingOptions(""), nil)
	take := widget.NewCheckGroup(items, nil)
	drop := widget.NewCheckGroup(nil, nil)
	who.OnChanged = func(v string) {
		if c := p.state().Char(idOf(p.state(), v)); c != nil {
			drop.Options = slices.Clone(c.Items)
			drop.Selected = nil
			drop.Refresh()
		}
	}
	dropItem := widget.NewFormItem("Drop if over capacity", drop)
	// The Character stands on this pile's space, so what it drops joins
	// this pile (a new one on the same space if it was emptied).
	dropItem.HintText = "They join Drop pile " + letter + ", on the same space."
	p.cmdForm("Pick up from Drop pile "+letter, "Pick up", []*widget.FormItem{
		widget.NewFormItem("Who", who), widget.NewFormItem("Items", take), dropItem,
	}, func() (tracker.Command, error) {
		if who.Selected == "" {
			return nil, need("Who", "choose who picks up")
		}
		return et.PickUp{Char: idOf(p.state(), who.Selected), Pile: letter, Items: take.Selected, Drop: drop.Selected}, nil
	})
}
