package phantom

import (
	"fmt"
	"strings"

	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// CorrectSpace sets a space's changing state by hand (the table is the
// source of truth): an object's state, a door, a hazard token, nova cells,
// an orb's side, treasure. Nil fields are left alone.
type CorrectSpace struct {
	Space           string  `json:"space"`
	ObjectState     *string `json:"objectState,omitempty"`
	Door            *string `json:"door,omitempty"`
	Hazard          *string `json:"hazard,omitempty"`
	HazardToken     bool    `json:"hazardToken,omitempty"`
	NovaCells       *int    `json:"novaCells,omitempty"`
	OrbActive       *bool   `json:"orbActive,omitempty"`
	TreasurePresent *bool   `json:"treasurePresent,omitempty"`
	Reason          string  `json:"reason,omitempty"`
}

func (c CorrectSpace) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission()
	if err != nil {
		return "", err
	}
	hm, err := s.liveMap()
	if err != nil {
		return "", err
	}
	i, ok := hm.Index(c.Space)
	if !ok {
		return "", tracker.Refuse("phantom-epoch §2.2", "%q is not a space on the map", c.Space)
	}
	l := hm.Layout()
	sp := &l.Spaces[i]
	var parts []string
	if c.ObjectState != nil {
		sp.ObjectState = hex.ObjectState(strings.TrimPrefix(*c.ObjectState, "intact"))
		parts = append(parts, "object "+*c.ObjectState)
	}
	if c.Door != nil {
		sp.Door = hex.Door(strings.TrimPrefix(*c.Door, "none"))
		parts = append(parts, "door "+*c.Door)
		if sp.Door == hex.ClosedDoor {
			for _, g := range m.Figures {
				if g.Position == c.Space && !g.Defeated {
					return "", tracker.Refuse("phantom-epoch §2.3 item 4", "%s stands on %s: move it to the closest empty space first", g.Name, c.Space)
				}
			}
		}
	}
	if c.Hazard != nil {
		sp.Hazard = hex.Hazard(strings.TrimPrefix(*c.Hazard, "none"))
		sp.HazardSource = hex.Printed
		if c.HazardToken {
			sp.HazardSource = hex.HazardToken
		}
		parts = append(parts, "hazard "+*c.Hazard)
	}
	if c.NovaCells != nil {
		if *c.NovaCells < 0 {
			return "", tracker.Refuse("phantom-epoch V-15", "nova cells cannot be negative")
		}
		sp.NovaCells = *c.NovaCells
		parts = append(parts, plural(*c.NovaCells, "nova cell"))
	}
	if c.OrbActive != nil {
		if sp.Orb.Kind == hex.NoToken {
			return "", tracker.Refuse("phantom-epoch §5.4", "there is no orb on %s", c.Space)
		}
		sp.Orb.Active = *c.OrbActive
		if *c.OrbActive {
			parts = append(parts, "orb active")
		} else {
			parts = append(parts, "orb spent")
		}
	}
	if c.TreasurePresent != nil {
		if sp.Treasure.Kind == hex.NoToken {
			return "", tracker.Refuse("phantom-epoch §5.4", "there is no treasure on %s", c.Space)
		}
		sp.Treasure.Present = *c.TreasurePresent
		if *c.TreasurePresent {
			parts = append(parts, "treasure on the space")
		} else {
			parts = append(parts, "treasure taken")
		}
	}
	if len(parts) == 0 {
		return "", tracker.Refuse("phantom-epoch §2.2", "nothing to correct")
	}
	nm, err := hex.NewMap(l)
	if err != nil {
		return "", tracker.Refuse("phantom-epoch V-02", "%s: %v", c.Space, err)
	}
	if err := s.saveMap(nm); err != nil {
		return "", err
	}
	line := fmt.Sprintf("Corrected by hand: %s %s", c.Space, strings.Join(parts, ", "))
	if c.Reason != "" {
		line += " (" + c.Reason + ")"
	}
	return line, nil
}

// CorrectFigure sets a figure's HP, space or conditions by hand. HP clamps
// to [0, max] and 0 defeats (V-08); a condition is held at most once
// (V-27).
type CorrectFigure struct {
	Figure   string  `json:"figure"`
	HP       *int    `json:"hp,omitempty"`
	Position *string `json:"position,omitempty"`
	// SetConditions replaces the conditions with Conditions.
	SetConditions bool     `json:"setConditions,omitempty"`
	Conditions    []string `json:"conditions,omitempty"`
	Bandages      *int     `json:"bandages,omitempty"`
	Nova          *int     `json:"nova,omitempty"`
	// Guard is the figure's Guard beyond its description card (cards,
	// equipment).
	Guard  *int   `json:"guard,omitempty"`
	Reason string `json:"reason,omitempty"`
}

func (c CorrectFigure) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.needFig(c.Figure)
	if err != nil {
		return "", err
	}
	var parts []string
	if c.Position != nil {
		hm, err := s.liveMap()
		if err != nil {
			return "", err
		}
		sp, ok := hm.Space(*c.Position)
		if !ok {
			return "", tracker.Refuse("phantom-epoch §2.2", "%q is not a space on the map", *c.Position)
		}
		if !sp.Standable(true) {
			return "", tracker.Refuse("phantom-epoch §2.4", "nothing can stand on %s", sp.Label)
		}
		for _, g := range m.Figures {
			if g != f && g.Position == sp.Label && !g.Defeated {
				return "", tracker.Refuse("phantom-epoch §2.4", "%s already stands on %s", g.Name, sp.Label)
			}
		}
		parts = append(parts, fmt.Sprintf("space %s → %s", f.Position, sp.Label))
		f.Position = sp.Label
	}
	if c.SetConditions {
		seen := map[string]bool{}
		next := map[string]uint64{}
		for _, cs := range c.Conditions {
			cond, err := phantom.ParseCond(cs)
			if err != nil {
				return "", tracker.Refuse(ruleConds, "%v", err)
			}
			if seen[string(cond)] {
				return "", tracker.Refuse("phantom-epoch V-27", "a figure holds %s at most once", cond)
			}
			seen[string(cond)] = true
			if t, ok := f.Conditions[string(cond)]; ok {
				next[string(cond)] = t
			} else {
				next[string(cond)] = s.Tick
			}
		}
		f.Conditions = next
		if cs := f.CondList(); len(cs) > 0 {
			parts = append(parts, "conditions now "+strings.Join(cs, ", "))
		} else {
			parts = append(parts, "no conditions now")
		}
	}
	if c.Bandages != nil {
		if *c.Bandages < 0 || *c.Bandages > f.BandageSlots {
			return "", tracker.Refuse("phantom-epoch §6.7", "bandages go from 0 to %d", f.BandageSlots)
		}
		parts = append(parts, fmt.Sprintf("bandages %d → %d", f.Bandages, *c.Bandages))
		f.Bandages = *c.Bandages
	}
	if c.Nova != nil {
		if *c.Nova < 0 {
			return "", tracker.Refuse("phantom-epoch V-15", "nova cells cannot be negative")
		}
		parts = append(parts, fmt.Sprintf("nova %d → %d", f.Nova, *c.Nova))
		f.Nova = *c.Nova
	}
	if c.Guard != nil {
		parts = append(parts, fmt.Sprintf("Guard %d → %d", f.Guard, *c.Guard))
		f.Guard = *c.Guard
	}
	if c.HP != nil {
		hp := min(max(*c.HP, 0), f.MaxHP) // V-08: clamp
		parts = append(parts, fmt.Sprintf("HP %d → %d", f.HP, hp))
		f.HP = hp
		if hp == 0 {
			parts = append(parts, s.defeat(m, f, true))
		}
	}
	if len(parts) == 0 {
		return "", tracker.Refuse(ruleChar, "nothing to correct")
	}
	s.resort(m)
	line := fmt.Sprintf("Corrected by hand: %s: %s", f.Name, strings.Join(parts, ", "))
	if c.Reason != "" {
		line += " (" + c.Reason + ")"
	}
	return line, nil
}
