package reich

import (
	"strconv"
	"strings"

	"tablekeeper/automa/reich/board"
	"tablekeeper/automa/reich/content"
)

// Read-only helpers for the screens.

// HeroByID returns the hero's dashboard, or nil.
func (m *Mission) HeroByID(id string) *Hero { return m.hero(id) }

// UnitByID returns the enemy unit, or nil.
func (m *Mission) UnitByID(id string) *Unit { return m.unit(id) }

// TokenByID returns the spawn token, or nil.
func (m *Mission) TokenByID(id string) *Token { return m.token(id) }

// RoomOf names an area's room.
func (m *Mission) RoomOf(area string) string { return m.room(area) }

// Level is a room's awareness now (alert for every room after the alarm).
func (m *Mission) Level(room string) content.Awareness { return m.level(room) }

// Rooms lists the map's rooms.
func (m *Mission) Rooms() []string { return m.rooms() }

// HeroesInPlay lists the heroes still on the map.
func (m *Mission) HeroesInPlay() []string { return m.heroesInPlay() }

// DoorState is a door's state now.
func (m *Mission) DoorState(id string) content.DoorState {
	if s, ok := m.Doors[id]; ok {
		return s
	}
	if d := m.Map.Door(id); d != nil {
		return d.State
	}
	return ""
}

// Board is the mission map's geometry (adjacency, PathCost, line of sight).
func (m *Mission) Board() (*board.Board, error) { return m.board() }

// RoundsLeft is how many end-of-round advances the mission's current track
// still takes before the alarm (pre-alarm) or the end (post-alarm, alien
// world), 0 with no mission. §5.5: with settings.alarmOnLastSpace
// (failOnLastSpace) landing on the last space already ends the track, one
// round sooner; the settings are read as the advance reads them.
func (s *State) RoundsLeft() int {
	if s.Mission == nil {
		return 0
	}
	return s.Mission.Tracker.roundsLeft(s.Settings.AlarmOnLastSpace, s.Settings.FailOnLastSpace)
}

func (tr Tracker) roundsLeft(alarmOnLast, failOnLast bool) int {
	n, early := 0, false
	switch tr.Section {
	case "pre":
		n, early = tr.Pre-tr.Pos+1, alarmOnLast
	case "post":
		n, early = tr.Post-tr.Pos+1, failOnLast
	case "alien":
		n, early = tr.Alien-tr.Pos+1, failOnLast
	}
	if early && n > 1 {
		n-- // on the last space already, this round's advance still ends it
	}
	return max(0, n)
}

// SkillPrice is what a campaign skill costs a hero now (Algorithm P,
// §10.3), and the HP kinds that may pay; ok is false for a skill that
// cannot be bought with heroism points.
func SkillPrice(s *State, heroID, skill string) (price int, kinds []string, ok bool) {
	h := s.Campaign.hero(heroID)
	typ, known := CampaignSkills[canonicalSkill(skill)]
	if h == nil || !known || typ == SkillVril {
		return 0, nil, false
	}
	price = 1
	for _, sk := range h.Skills {
		st := sk.Type
		if st == "" {
			st = skillType(sk.ID)
		}
		if st == typ && (s.Settings.StartingSkillCounts || !sk.Starting) {
			price++
		}
	}
	for _, k := range []string{HPAttack, HPDefence, HPWild} {
		if hpPays(k, typ) {
			kinds = append(kinds, k)
		}
	}
	return price, kinds, true
}

// Prompt says in words what the table does next, for the mission screen's
// headline.
func (s *State) Prompt() string {
	m := s.Mission
	if m == nil {
		switch {
		case s.Campaign.Debrief != nil:
			return "After the mission: buy skills, then finish the after-mission step"
		case len(s.Library.Maps) == 0 || len(s.Library.Factions) == 0:
			return "Enter the content: a faction card, spawn cards, noise cards and a mission map"
		}
		return "Set up the next mission"
	}
	if m.Ended {
		if m.Result == "" {
			return "The mission is over: read the Victory or Defeat? chart"
		}
		return "Close the mission"
	}
	if len(m.Pending) > 0 {
		p := m.Pending[0]
		names := make([]string, len(p.Defenders))
		for i, id := range p.Defenders {
			names[i] = id
			if h := m.hero(id); h != nil {
				names[i] = h.Name
			}
		}
		line := "Defence test: " + strings.Join(names, ", ") + " against " + p.Code + " (" + strconv.Itoa(p.Total) + ")"
		if m.Paused != nil {
			line += "; then the enemy turn goes on"
		}
		return line
	}
	if m.Paused != nil {
		if m.Paused.Progress.Free {
			return "The alarm's free enemy turn goes on"
		}
		return "The enemy turn goes on"
	}
	switch m.Step {
	case StepChooseOrder:
		switch {
		case m.postAlarm() && !m.Dealt:
			return "Deal the turn order tokens"
		case m.Dealt:
			return "Opportunist may swap turn order tokens, or start the round"
		}
		return "Choose the heroes' order for this round"
	case StepHeroTurn:
		h := m.hero(m.Current)
		switch {
		case h.Captured:
			return h.Name + " is captured: end the turn"
		case h.Turn.Recovering:
			return h.Name + " must Recover"
		}
		return h.Name + "'s turn"
	case StepEnemyTurn:
		return "Enemy turn"
	case StepEndOfRound:
		if m.Tracker.AlarmPending {
			return "End of round, then the alarm sounds"
		}
		return "End of round"
	}
	return ""
}
