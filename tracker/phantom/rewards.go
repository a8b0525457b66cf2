package phantom

import (
	"fmt"
	"strings"

	"tablekeeper/tracker"
)

// A mission's rewards beyond SP, fame and unlocks (RB p.14, Success step
// 4b: "All other rewards may only be received once during a campaign,
// even if the mission is replayed multiple times. Players may choose how
// to split the rewards between their characters"). Entered structured,
// the app enforces "once per campaign" for them as for fame: items and
// nova cells wait after the success for the players to share them
// (ShareRewards), vanished technology goes to the team, and a named
// one-off reward (a schematic, a story card, a box to open) is marked on
// the campaign sheet once, whichever mission gives it.

// ruleRewards cites the rule in the players' words (spec §13.2 item 4,
// V-18).
const ruleRewards = "Rulebook p.14"

// hasRewards: the mission gives structured rewards beyond SP, fame and
// unlocks.
func (mi MissionInfo) hasRewards() bool {
	return len(mi.RewardItems)+len(mi.OneOffRewards) > 0 || mi.RewardNovaCells > 0 || mi.RewardVanishedTechnology > 0
}

// Due are a successful mission's items and nova cells waiting for the
// players to share them between their characters.
type Due struct {
	Items []string `json:"items,omitempty"`
	Nova  int      `json:"nova,omitempty"`
}

// receiveRewards gives a successful mission's structured rewards, the first
// time only (the caller checks RewardsClaimed): vanished technology at
// once, named rewards marked on the sheet unless some mission gave them
// already, items and nova cells left to share.
func (s *State) receiveRewards(m *Mission, mi MissionInfo) []string {
	var parts []string
	due := Due{Items: append([]string(nil), mi.RewardItems...), Nova: mi.RewardNovaCells}
	if n := mi.RewardVanishedTechnology; n > 0 {
		from := s.Sheet.VanishedTech
		s.Sheet.VanishedTech += n
		parts = append(parts, fmt.Sprintf("vanished technology %d → %d", from, s.Sheet.VanishedTech))
	}
	for _, r := range mi.OneOffRewards {
		if contains(s.Sheet.NamedRewards, r) {
			parts = append(parts, r+" was already received in this campaign")
			continue
		}
		s.Sheet.NamedRewards = append(s.Sheet.NamedRewards, r)
		parts = append(parts, "received "+r)
	}
	if len(due.Items) > 0 || due.Nova > 0 {
		m.RewardsDue = &due
		var what []string
		for _, it := range due.Items {
			what = append(what, "item "+it)
		}
		if due.Nova > 0 {
			what = append(what, fmt.Sprintf("%d nova cells", due.Nova))
		}
		parts = append(parts, "to share: "+strings.Join(what, ", "))
	}
	return parts
}

// ShareRewards hands out a successful mission's items and nova cells
// between the characters who took part, as the players choose (RB p.14
// step 4b): each item to one character (Items: item → character), the
// nova cells split so they add up (Nova: character → cells).
type ShareRewards struct {
	Items map[string]string `json:"items,omitempty"`
	Nova  map[string]int    `json:"nova,omitempty"`
}

func (c ShareRewards) exec(s *State, x *ctx) (string, error) {
	m := s.Mission
	if m == nil || m.Phase != "over" || m.RewardsDue == nil {
		return "", tracker.Refuse(ruleRewards, "there are no mission rewards to share")
	}
	due := m.RewardsDue
	for _, it := range due.Items {
		if c.Items[it] == "" {
			return "", tracker.Refuse(ruleRewards, "say which character takes %s", it)
		}
	}
	for _, it := range sortedKeys(c.Items) {
		if !contains(due.Items, it) {
			return "", tracker.Refuse(ruleRewards, "%q is not among the items to share (%s)", it, strings.Join(due.Items, ", "))
		}
		if who := c.Items[it]; !contains(m.Embarked, who) {
			return "", tracker.Refuse(ruleRewards, "%s did not take part in the mission: the rewards go to its characters", who)
		}
	}
	total := 0
	for who, n := range c.Nova {
		if !contains(m.Embarked, who) {
			return "", tracker.Refuse(ruleRewards, "%s did not take part in the mission: the rewards go to its characters", who)
		}
		if n < 0 {
			return "", tracker.Refuse(ruleRewards, "%s cannot take a negative number of nova cells", who)
		}
		total += n
	}
	if total != due.Nova {
		return "", tracker.Refuse(ruleRewards, "the mission gives %d nova cells; the shares add up to %d", due.Nova, total)
	}
	var parts []string
	for _, it := range due.Items {
		who := c.Items[it]
		s.char(who).Items = append(s.char(who).Items, it)
		parts = append(parts, it+" to "+who)
	}
	if due.Nova > 0 {
		var shares []string
		for _, who := range sortedKeys(c.Nova) {
			if c.Nova[who] > 0 {
				s.char(who).Nova += c.Nova[who]
				shares = append(shares, fmt.Sprintf("%s %d", who, c.Nova[who]))
			}
		}
		parts = append(parts, fmt.Sprintf("%d nova cells: %s", due.Nova, strings.Join(shares, ", ")))
	}
	m.RewardsDue = nil
	return "Mission rewards shared: " + strings.Join(parts, "; "), nil
}

// waitingRewards says what of the last mission's rewards is still to be
// taken (attachment picks, rewards to share), "" if nothing: they are lost
// if the next mission starts first.
func (s *State) waitingRewards() string {
	m := s.Mission
	if m == nil || m.Phase != "over" {
		return ""
	}
	var what []string
	if len(m.RewardChoices) > 0 {
		var left []string
		for _, n := range m.Embarked {
			if _, ok := m.Picks[n]; !ok {
				left = append(left, n)
			}
		}
		what = append(what, "the attachment picks of "+strings.Join(left, ", "))
	}
	if m.RewardsDue != nil {
		what = append(what, "the rewards to share")
	}
	if len(what) == 0 {
		return ""
	}
	return m.ID + "'s " + strings.Join(what, " and ")
}

func init() {
	register(ShareRewards{})
}
