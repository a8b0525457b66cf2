package phantom

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

// expeditionOptions enters an expedition card's two options with what
// each costs, and the choice made (Rulebook p.17): on a team choice only
// an option the characters present can pay for is offered, the others
// listed with the reason; on an individual choice each character present
// picks its own among those it can pay for.
type expeditionOptions struct {
	s       *tp.State
	names   [2]*widgets.TextEntry
	nova    [2]*Num
	vt      [2]*Num
	team    *widget.Check
	chosen  *widget.Select
	each    map[string]*widget.Select
	eachBox *fyne.Container
	why     *widget.Label
	obj     fyne.CanvasObject
}

func newExpeditionOptions(s *tp.State) *expeditionOptions {
	o := &expeditionOptions{s: s, each: map[string]*widget.Select{}}
	rows := container.NewVBox(wrap("The card's options and what each costs"))
	for i := range 2 {
		o.names[i] = widgets.NewTextEntry()
		o.names[i].SetPlaceHolder(fmt.Sprintf("option %d, e.g. %c", i+1, 'A'+i))
		o.names[i].OnChanged = func(string) { o.offer() }
		o.nova[i] = NewNum(0, 99, 0, func(int) { o.offer() })
		o.vt[i] = NewNum(0, 99, 0, func(int) { o.offer() })
		rows.Add(container.NewVBox(o.names[i], widgets.NewFlow(statBox("Nova cells", o.nova[i]), statBox("Vanished technology", o.vt[i]))))
	}
	o.team = widget.NewCheck("a team choice: one option for everyone", nil)
	o.team.SetChecked(true)
	o.team.OnChanged = func(bool) { o.offer() }
	o.chosen = widget.NewSelect(nil, nil)
	o.chosen.PlaceHolder = "the option the team chose"
	o.eachBox = container.NewVBox()
	for _, who := range s.Sheet.LastParty {
		sel := widget.NewSelect(nil, nil)
		sel.PlaceHolder = who + " chose"
		o.each[who] = sel
		o.eachBox.Add(sel)
	}
	o.why = wrap("")
	o.why.Importance = widget.WarningImportance
	o.obj = container.NewVBox(rows, touchCheck(o.team), o.chosen, o.eachBox, o.why)
	o.offer()
	return o
}

// options are the options entered, with an error for a cost that is not
// a whole number.
func (o *expeditionOptions) options() ([]tp.ExpeditionOption, error) {
	var out []tp.ExpeditionOption
	for i := range 2 {
		name := strings.TrimSpace(o.names[i].Text)
		if name == "" {
			continue
		}
		out = append(out, tp.ExpeditionOption{Name: name, Nova: o.nova[i].Value, VanishedTech: o.vt[i].Value})
	}
	return out, nil
}

// offer lists the options that can be chosen, and why the others cannot.
func (o *expeditionOptions) offer() {
	opts, err := o.options()
	var why []string
	if err != nil {
		why = append(why, err.Error())
	}
	team := o.team.Checked
	var can []string
	for _, opt := range opts {
		if r := o.s.ExpeditionCantPay(opt, ""); r != "" {
			if team {
				why = append(why, r+": it cannot be chosen (Rulebook p.17)")
			}
			continue
		}
		can = append(can, opt.Name)
	}
	o.chosen.Options = can
	if !slices.Contains(can, o.chosen.Selected) {
		o.chosen.ClearSelected()
	}
	o.chosen.Refresh()
	for _, who := range o.s.Sheet.LastParty {
		sel := o.each[who]
		var mine []string
		for _, opt := range opts {
			if r := o.s.ExpeditionCantPay(opt, who); r != "" {
				if !team {
					why = append(why, r+" (Rulebook p.17)")
				}
				continue
			}
			mine = append(mine, opt.Name)
		}
		sel.Options = mine
		if !slices.Contains(mine, sel.Selected) {
			sel.ClearSelected()
		}
		sel.Refresh()
	}
	if team || len(opts) == 0 {
		o.eachBox.Hide()
	} else {
		o.eachBox.Show()
	}
	if !team || len(opts) == 0 {
		o.chosen.Hide()
	} else {
		o.chosen.Show()
	}
	o.why.SetText(strings.Join(why, "\n"))
	if len(why) == 0 {
		o.why.Hide()
	} else {
		o.why.Show()
	}
}

// fill puts the options and the choice into the expedition command.
func (o *expeditionOptions) fill(c *tp.Expedition) error {
	opts, err := o.options()
	if err != nil || len(opts) == 0 {
		return err
	}
	c.Options, c.Team = opts, o.team.Checked
	if c.Team {
		if c.Chosen = o.chosen.Selected; c.Chosen == "" {
			return fmt.Errorf("choose the option the team took")
		}
		return nil
	}
	c.Choices = map[string]string{}
	for _, who := range o.s.Sheet.LastParty {
		if c.Choices[who] = o.each[who].Selected; c.Choices[who] == "" {
			return fmt.Errorf("choose %s's option", who)
		}
	}
	return nil
}
