package phantom

import (
	"fmt"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/hex"
	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
)

// showSpace is the tapped space's panel: its object, door, hazard and
// tokens, each correctable by hand.
func (p *PlayScreen) showSpace() {
	p.spaceBox.Objects = nil
	defer p.spaceBox.Refresh()
	m := state(p.ctx).Mission
	if m == nil || p.selected == "" {
		return
	}
	l, _ := liveLayout(m)
	var sp *hex.Space
	for i := range l.Spaces {
		if l.Spaces[i].Label == p.selected {
			sp = &l.Spaces[i]
		}
	}
	if sp == nil {
		p.Space.SetText("No space there.")
		return
	}
	label := sp.Label
	note := spaceNote(sp)
	if note == "" {
		note = "nothing on it"
	}
	p.Space.SetText(fmt.Sprintf("Space %s: %s", label, note))
	if sp.Object == hex.Destructible && sp.ObjectState != hex.Destroyed {
		p.spaceBox.Add(cmdButton(p.ctx, "Damage the object (one step)", func() tracker.Command { return tp.DamageObject{Space: label} }))
	}
	if sp.Door != hex.NoDoor {
		other := "open"
		if sp.Door == hex.OpenDoor {
			other = "closed"
		}
		p.spaceBox.Add(cmdButton(p.ctx, "Door: make it "+other, func() tracker.Command {
			return tp.CorrectSpace{Space: label, Door: &other, Reason: "door changed at the table"}
		}))
	}
	if sp.HasOrb() {
		act := !sp.Orb.Active
		p.spaceBox.Add(cmdButton(p.ctx, fmt.Sprintf("Orb: set active = %v", act), func() tracker.Command {
			return tp.CorrectSpace{Space: label, OrbActive: &act, Reason: "orb flipped at the table"}
		}))
		if cur := m.Current; cur != "" {
			p.spaceBox.Add(cmdButton(p.ctx, cur+" activates the orb", func() tracker.Command { return tp.ActivateOrb{Character: cur, Space: label} }))
		}
	}
	if sp.Treasure.Kind != hex.NoToken {
		present := !sp.Treasure.Present
		what := "Treasure: put back on the map"
		if sp.Treasure.Present {
			what = "Treasure: taken"
		}
		p.spaceBox.Add(cmdButton(p.ctx, what, func() tracker.Command {
			return tp.CorrectSpace{Space: label, TreasurePresent: &present, Reason: "treasure at the table"}
		}))
	}
	if sp.Object == hex.Destructible {
		st := widget.NewSelect([]string{"intact", "damaged", "destroyed"}, nil)
		st.SetSelected(orDefault(string(sp.ObjectState), "intact"))
		p.spaceBox.Add(container.NewBorder(nil, nil, widget.NewLabel("Object"), cmdButton(p.ctx, "Set", func() tracker.Command {
			v := st.Selected
			return tp.CorrectSpace{Space: label, ObjectState: &v, Reason: "object corrected by hand"}
		}), st))
	}
	nova := NewNum(0, 99, sp.NovaCells, nil)
	p.spaceBox.Add(container.NewBorder(nil, nil, widget.NewLabel("Nova cells"), cmdButton(p.ctx, "Set", func() tracker.Command {
		n := nova.Value
		return tp.CorrectSpace{Space: label, NovaCells: &n, Reason: "corrected by hand"}
	}), container.NewHBox(nova)))
	hz := widget.NewSelect([]string{"none", "fire", "poison", "trap"}, nil)
	hz.SetSelected(orDefault(string(sp.Hazard), "none"))
	p.spaceBox.Add(container.NewBorder(nil, nil, widget.NewLabel("Hazard token"), cmdButton(p.ctx, "Set", func() tracker.Command {
		h := noneEmpty(hz.Selected, "none")
		return tp.CorrectSpace{Space: label, Hazard: &h, HazardToken: h != "", Reason: "hazard token"}
	}), hz))
}
