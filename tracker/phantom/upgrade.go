package phantom

import (
	"fmt"
	"strings"

	"tablekeeper/tracker"
)

// DefineUpgrade enters one upgrade of the upgrade board once its section
// is peeled: its boxes and vanished technology cost.
type DefineUpgrade struct {
	Name  string   `json:"name"`
	Boxes []string `json:"boxes,omitempty"`
	Cost  int      `json:"cost"`
}

func (c DefineUpgrade) exec(s *State, x *ctx) (string, error) {
	if strings.TrimSpace(c.Name) == "" || c.Cost < 0 {
		return "", tracker.Refuse(ruleSheet, "an upgrade needs a name and a cost that is not negative")
	}
	if u := s.Sheet.Upgrades[c.Name]; u != nil && (u.Paid || u.Performed) {
		return "", tracker.Refuse(ruleSheet, "upgrade %s is already paid for", c.Name)
	}
	s.Sheet.Upgrades[c.Name] = &Upgrade{Boxes: c.Boxes, Cost: c.Cost, Ticked: map[string]bool{}}
	return fmt.Sprintf("Upgrade board: %s entered (cost %d vanished technology)", c.Name, c.Cost), nil
}

// TickUpgrade ticks a box of an upgrade (a schematic, equipment or
// simulation found), or pays its cost (Pay) from the team's vanished
// technology (V-15). When every box is ticked and the cost paid, the
// upgrade is performed.
type TickUpgrade struct {
	Name string `json:"name"`
	Box  string `json:"box,omitempty"`
	Pay  bool   `json:"pay,omitempty"`
}

func (c TickUpgrade) exec(s *State, x *ctx) (string, error) {
	u := s.Sheet.Upgrades[c.Name]
	if u == nil {
		return "", tracker.Refuse(ruleSheet, "there is no upgrade %q on the board", c.Name)
	}
	if u.Performed {
		return "", tracker.Refuse(ruleSheet, "upgrade %s is already performed", c.Name)
	}
	var line string
	switch {
	case c.Pay:
		if u.Paid {
			return "", tracker.Refuse(ruleSheet, "upgrade %s is already paid", c.Name)
		}
		if s.Sheet.VanishedTech < u.Cost {
			return "", tracker.Refuse("phantom-epoch §14.3, V-15", "upgrade %s costs %d vanished technology; the team has %d", c.Name, u.Cost, s.Sheet.VanishedTech)
		}
		from := s.Sheet.VanishedTech
		s.Sheet.VanishedTech -= u.Cost
		u.Paid = true
		line = fmt.Sprintf("Paid %d vanished technology for upgrade %s, %d → %d", u.Cost, c.Name, from, s.Sheet.VanishedTech)
	case contains(u.Boxes, c.Box):
		if u.Ticked == nil {
			u.Ticked = map[string]bool{}
		}
		if u.Ticked[c.Box] {
			return "", tracker.Refuse(ruleSheet, "%s is already ticked", c.Box)
		}
		u.Ticked[c.Box] = true
		line = fmt.Sprintf("Upgrade %s: ticked %s", c.Name, c.Box)
	default:
		return "", tracker.Refuse(ruleSheet, "upgrade %s has no box %q", c.Name, c.Box)
	}
	done := u.Paid
	for _, b := range u.Boxes {
		done = done && u.Ticked[b]
	}
	if done {
		u.Performed = true
		line += "; upgrade performed"
	}
	return line, nil
}

func init() {
	register(DefineUpgrade{}, TickUpgrade{})
}
