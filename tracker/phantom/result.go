package phantom

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// MissionResult ends the mission (§13): Success after the round in which
// the last objective was fulfilled ended (every figure had its turn), or
// failure at any time. On success: characters restored, the mission marked
// on each participant's sheet, SP once per character per mission, other
// rewards (fame, unlocks, and the structured ones of rewards.go: items and
// nova cells to share, vanished technology, named one-off rewards) once
// per campaign (V-18), the campaign sheet's
// boxes, attachment rewards drawn for every tier up to the difficulty
// (§13.2 item 6; picks with PickAttachment). On failure only campaign orbs
// and treasure taken and (setting failureKeepsNova) collected nova cells
// are kept.
type MissionResult struct {
	Success bool `json:"success"`
	// OtherRewards records which non-SP rewards the players took, for the
	// diary (they split them as they like).
	OtherRewards string `json:"otherRewards,omitempty"`
}

type rewardDraw struct {
	Cards []string `json:"cards"`
}

func (c MissionResult) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission()
	if err != nil {
		return "", err
	}
	if c.Success && m.Phase != "end" {
		return "", tracker.Refuse("phantom-epoch §13.2", "a mission succeeds when its round ends: finish the round first")
	}
	mi := s.Content.Missions[m.ID]
	var parts []string
	// Campaign orbs and treasure: kept whatever the result (§13.1).
	for _, n := range m.OrbsActivated {
		if n > 0 && !containsInt(s.Sheet.OrbsActivated, n) {
			s.Sheet.OrbsActivated = append(s.Sheet.OrbsActivated, n)
		}
	}
	for _, n := range m.TreasureTaken {
		if n > 0 && !containsInt(s.Sheet.TreasureRetrieved, n) {
			s.Sheet.TreasureRetrieved = append(s.Sheet.TreasureRetrieved, n)
		}
	}
	for _, name := range m.Embarked {
		f := m.fig(name)
		ch := s.char(name)
		if f == nil || ch == nil {
			continue
		}
		if c.Success || s.Settings.FailureKeepsNova {
			ch.Nova += f.Nova
		}
		if c.Success {
			if !m.Training && !contains(ch.Completed, m.ID) {
				ch.Completed = append(ch.Completed, m.ID)
			}
			// §13.2 item 4a: a mission's SP once per character.
			if !m.Training && mi.SP > 0 && !contains(ch.SPReceived, m.ID) {
				ch.SPReceived = append(ch.SPReceived, m.ID)
				from := ch.SP
				ch.SP += mi.SP
				parts = append(parts, fmt.Sprintf("%s SP %d → %d", name, from, ch.SP))
			}
		}
		// Post-mission reset (§13.2 item 2, A-37); with the setting off the
		// bandages and item flips stay for the next mission.
		ch.Bandages, ch.FlippedItems = 0, nil
		if s.Settings.ResetAfterMission {
			for i := range f.Items {
				f.Items[i].Used = false
			}
		} else {
			ch.Bandages = f.Bandages
			for _, it := range f.Items {
				if it.Used {
					ch.FlippedItems = append(ch.FlippedItems, it.ID)
				}
			}
		}
	}
	if c.Success && !m.Training {
		if !contains(s.Sheet.RewardsClaimed, m.ID) {
			s.Sheet.RewardsClaimed = append(s.Sheet.RewardsClaimed, m.ID)
			for _, p := range sortedKeys(mi.Fame) {
				from := s.Sheet.Fame[p]
				s.Sheet.Fame[p] = max(0, from+mi.Fame[p])
				parts = append(parts, fmt.Sprintf("fame on %s %d → %d", p, from, s.Sheet.Fame[p]))
			}
			for _, u := range mi.Unlocks {
				mk := s.Sheet.Missions[u]
				if mk == nil {
					mk = &MissionMark{}
					s.Sheet.Missions[u] = mk
				}
				mk.Available = true
				parts = append(parts, u+" available")
			}
			parts = append(parts, s.receiveRewards(m, mi)...)
		} else if mi.hasRewards() {
			parts = append(parts, "its other rewards were already received in this campaign")
		}
		all := true
		for _, n := range mi.Orbs {
			all = all && containsInt(s.Sheet.OrbsActivated, n)
		}
		for _, n := range mi.Treasure {
			all = all && containsInt(s.Sheet.TreasureRetrieved, n)
		}
		mk := s.Sheet.Missions[m.ID]
		if mk == nil {
			mk = &MissionMark{Available: true}
			s.Sheet.Missions[m.ID] = mk
		}
		if all {
			mk.Completed = "✓"
		} else {
			mk.Completed = "X"
		}
		if m.ID == "Awakening" {
			s.Sheet.TutorialDone = true
		}
	}
	if c.Success && m.Training {
		s.Sheet.TrainingRefunds = slices.Clone(m.Embarked)
	}
	if c.Success {
		// §13.2 item 6: 4 cards from each tier's deck up to the difficulty.
		draw, err := keep(x, func() (rewardDraw, error) {
			var out []string
			for t := 1; t <= min(m.Difficulty, 4); t++ {
				deck := s.Sheet.AttachmentDecks[t]
				out = append(out, deck[:min(4, len(deck))]...)
			}
			return rewardDraw{Cards: out}, nil
		})
		if err != nil {
			return "", err
		}
		for _, id := range draw.Cards {
			t := s.Content.Attachments[id].Tier
			s.Sheet.AttachmentDecks[t] = remove(s.Sheet.AttachmentDecks[t], id)
		}
		m.RewardChoices = draw.Cards
		m.Picks = nil
		if len(draw.Cards) > 0 {
			parts = append(parts, fmt.Sprintf("attachment rewards drawn: %s", strings.Join(draw.Cards, ", ")))
		}
	}
	// §13.2 items 1–2: the map is cleared, characters restored.
	for _, f := range m.Figures {
		if f.character() {
			f.HP, f.Conditions = f.MaxHP, nil
			if s.Settings.ResetAfterMission {
				f.Bandages = 0
				f.Hand = append(append(f.Hand, f.Temporary...), f.PersistentCards...)
				f.Temporary, f.PersistentCards = nil, nil
			}
		}
		f.Position = ""
	}
	s.Sheet.LastPlanet = m.Planet
	s.Sheet.LastParty = slices.Clone(m.Embarked)
	s.Sheet.ExpeditionDrawn = false
	m.Phase, m.Current, m.Pending = "over", "", nil
	m.Result = "failure"
	if c.Success {
		m.Result = "success"
	}
	if len(m.RewardChoices) == 0 {
		s.finishRewards(m, x)
	}
	line := fmt.Sprintf("%s: %s", upperFirst(MissionName(m.ID)), m.Result)
	if len(parts) > 0 {
		line += "; " + strings.Join(parts, "; ")
	}
	if c.OtherRewards != "" {
		line += "; rewards: " + c.OtherRewards
	}
	return line, nil
}

// PickAttachment is one participating character's pick among the drawn
// attachment rewards: exactly one each (V-19). When every participant has
// picked, the other cards are shuffled back into their decks.
type PickAttachment struct {
	Character  string `json:"character"`
	Attachment string `json:"attachment"`
}

func (c PickAttachment) exec(s *State, x *ctx) (string, error) {
	m := s.Mission
	if m == nil || m.Phase != "over" || len(m.RewardChoices) == 0 {
		return "", tracker.Refuse("phantom-epoch §13.2 item 6", "there are no attachment rewards to pick")
	}
	if !contains(m.Embarked, c.Character) {
		return "", tracker.Refuse("phantom-epoch V-19", "%s did not take part in the mission", c.Character)
	}
	if p, ok := m.Picks[c.Character]; ok {
		return "", tracker.Refuse("phantom-epoch V-19", "%s already picked %s", c.Character, p)
	}
	taken := false
	for _, p := range m.Picks {
		taken = taken || p == c.Attachment
	}
	if !contains(m.RewardChoices, c.Attachment) || taken {
		return "", tracker.Refuse("phantom-epoch V-19", "%q is not among the cards left to pick", c.Attachment)
	}
	if m.Picks == nil {
		m.Picks = map[string]string{}
	}
	m.Picks[c.Character] = c.Attachment
	ch := s.char(c.Character)
	ch.Attachments = append(ch.Attachments, Gear{ID: c.Attachment})
	line := fmt.Sprintf("%s picked attachment %s", c.Character, c.Attachment)
	if len(m.Picks) == len(m.Embarked) {
		s.finishRewards(m, x)
		line += "; the other cards are shuffled back"
	}
	return line, nil
}

// finishRewards returns unpicked reward cards to their decks, shuffled.
func (s *State) finishRewards(m *Mission, x *ctx) {
	picked := map[string]bool{}
	for _, p := range m.Picks {
		picked[p] = true
	}
	touched := map[int]bool{}
	for _, id := range m.RewardChoices {
		if !picked[id] {
			t := s.Content.Attachments[id].Tier
			s.Sheet.AttachmentDecks[t] = append(s.Sheet.AttachmentDecks[t], id)
			touched[t] = true
		}
	}
	for t := 1; t <= 4; t++ {
		if touched[t] {
			phantom.Shuffle(s.Sheet.AttachmentDecks[t], x)
		}
	}
	m.RewardChoices = nil
}

func init() {
	register(MissionResult{}, PickAttachment{})
}
