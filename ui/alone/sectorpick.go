package alone

import (
	"slices"

	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	ta "tablekeeper/tracker/alone"
)

// sectorPick is a Sector chosen by its name on the Map ("Level 1, B2
// (Pump Hall)"), from a list or by tapping the Map.
type sectorPick struct {
	sel *widget.Select
	ids map[string]string
}

func newSectorPick() *sectorPick {
	p := &sectorPick{sel: widget.NewSelect(nil, nil), ids: map[string]string{}}
	p.sel.PlaceHolder = "(choose a Sector)"
	return p
}

// set offers Sectors; words names each (its label by default).
func (p *sectorPick) set(m *alone.Map, ids []string, words func(id string) string) {
	p.ids = map[string]string{}
	var opts []string
	for _, id := range ids {
		w := ""
		if words != nil {
			w = words(id)
		}
		if w == "" {
			w = ta.SectorLabel(m.Sector(id))
		}
		if w == "" {
			continue
		}
		p.ids[w] = id
		opts = append(opts, w)
	}
	keep := p.sel.Selected
	p.sel.Options = opts
	if !slices.Contains(opts, keep) {
		p.sel.ClearSelected()
	}
	p.sel.Refresh()
}

// id is the chosen Sector's id, or "".
func (p *sectorPick) id() string { return p.ids[p.sel.Selected] }

// choose selects a Sector by id, when it is offered.
func (p *sectorPick) choose(id string) {
	for w, x := range p.ids {
		if x == id {
			p.sel.SetSelected(w)
			return
		}
	}
}

// creaturePick is a Creature chosen by what the players see on it.
type creaturePick struct {
	sel *widget.Select
	ids map[string]string
}

func newCreaturePick() *creaturePick {
	p := &creaturePick{sel: widget.NewSelect(nil, nil), ids: map[string]string{}}
	p.sel.PlaceHolder = "(choose a Creature)"
	return p
}

// creatureWord is a Creature as the screens and the diary name it: its
// kind (a Boss's name) and token (ta.CreatureLabel, "Spore Sp1"), with the
// Map's star when Wounded.
func creatureWord(c *alone.Creature) string {
	w := ta.CreatureLabel(c)
	if c.Wounded {
		w += "*"
	}
	return w
}

// creatureWords is a Creature as the players name it: its kind, its
// token, its Sector.
func creatureWords(m *alone.Map, c *alone.Creature) string {
	w := creatureWord(c)
	if s := m.Sector(c.Sector); s != nil {
		w += " in " + ta.SectorLabel(s)
	}
	return w
}

// set offers the Map's Creatures; hide leaves out where they stand (the
// solo Hero's override names them without learning the hidden Map).
func (p *creaturePick) set(m *alone.Map, hide bool) {
	p.ids = map[string]string{}
	var opts []string
	if m != nil {
		for i := range m.Creatures {
			c := &m.Creatures[i]
			w := creatureWords(m, c)
			if hide {
				w = creatureWord(c)
			}
			p.ids[w] = c.ID
			opts = append(opts, w)
		}
	}
	keep := p.sel.Selected
	p.sel.Options = opts
	if !slices.Contains(opts, keep) {
		p.sel.ClearSelected()
	}
	p.sel.Refresh()
}

func (p *creaturePick) id() string { return p.ids[p.sel.Selected] }

func (p *creaturePick) choose(id string) {
	for w, x := range p.ids {
		if x == id {
			p.sel.SetSelected(w)
			return
		}
	}
}
