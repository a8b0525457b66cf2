package alone

import (
	"fmt"

	"tablekeeper/automa"
)

// TeleportCheck is a Teleport (§4.5 item 6): only by a card, ignoring the
// Spawn rules and MSD and making no Noise, but within the Level and token
// limits (AMBIGUOUS). An Unrevealed Creature Teleported into the Hero's
// Sector scares (AMB-9); one Teleported into another Revealed Sector is
// Revealed without a scare.
type TeleportCheck struct {
	Creature string `json:"creature"`
	To       string `json:"to"`
	Revealed bool   `json:"revealed"`
	Scare    int    `json:"scare,omitempty"`
}

// CheckTeleport tests a card's Teleport of an existing Creature.
func (m *Map) CheckTeleport(id, to string, nightmare bool, cfg Config) (TeleportCheck, error) {
	tc := TeleportCheck{Creature: id, To: to}
	c := m.Creature(id)
	if c == nil {
		return tc, fmt.Errorf("there is no Creature %q on the Map", id)
	}
	dest, from := m.Sector(to), m.Sector(c.Sector)
	if dest == nil {
		return tc, fmt.Errorf("there is no Sector %q on the Map", to)
	}
	if dest.Level != from.Level && m.CreaturesOnLevel(dest.Level) >= cfg.levelLimit() {
		return tc, fmt.Errorf("Level %d already has %d Creatures; no Creature can be Teleported into it", dest.Level, cfg.levelLimit())
	}
	tc.Revealed = dest.Revealed
	if !c.Revealed && to == m.Hero {
		tc.Scare = c.mustStats(nightmare).Scare
	}
	return tc, nil
}

// CheckBlockDoor is V18 for the Hero Blocking a Door in direction d after a
// movement step: never before the first step, at most 1 per step, only a
// Door of the Hero's current Sector that is not Blocked already.
func (m *Map) CheckBlockDoor(d Dir, stepsTaken int, blockedThisStep bool) error {
	switch {
	case stepsTaken < 1:
		return fmt.Errorf("a Door can be Blocked only after a movement step, never before the first")
	case blockedThisStep:
		return fmt.Errorf("only 1 Door can be Blocked after each movement step")
	}
	h := m.HeroSector()
	if h == nil {
		return fmt.Errorf("the Hero's Sector %q is not on the Map", m.Hero)
	}
	l, ok := h.Exits[d]
	switch {
	case !ok || !l.Door:
		return fmt.Errorf("there is no Door %s of the Hero's Sector %q to Block", d, h.ID)
	case l.Blocked:
		return fmt.Errorf("the Door %s of %q is already Blocked", d, h.ID)
	}
	return nil
}

// CheckUnblock is §5.1 item 8: a whole Move Action Unblocks a Blocked Door
// of the Hero's Sector, without moving.
func (m *Map) CheckUnblock(d Dir) error {
	h := m.HeroSector()
	if h == nil {
		return fmt.Errorf("the Hero's Sector %q is not on the Map", m.Hero)
	}
	if l, ok := h.Exits[d]; !ok || !l.Blocked {
		return fmt.Errorf("there is no Blocked Door %s of the Hero's Sector %q", d, h.ID)
	}
	return nil
}

// CheckScavengeRoom is V22: the 3-card Scavenge needs a Room not yet marked.
func (m *Map) CheckScavengeRoom(scavenged []string) error {
	h := m.HeroSector()
	switch {
	case h == nil:
		return fmt.Errorf("the Hero's Sector %q is not on the Map", m.Hero)
	case !h.IsRoom():
		return fmt.Errorf("%q is not a Room: the 3-card Scavenge is only for Rooms", h.ID)
	case contains(scavenged, h.ID):
		return fmt.Errorf("the Room %q was already Scavenged for 3 cards this game", h.ID)
	}
	return nil
}

// TurnEnd is T1 step 6 after the Evil side's end-of-Turn Reactions (AMB-11:
// Reactions, then attacks, then Lights off): the Creature attacks in the
// order the Evil side picks, the Sectors going Dark, and the Creatures whose
// moved-this-Turn flag resets.
type TurnEnd struct {
	Attacks   []Attack `json:"attacks"`
	Combined  bool     `json:"combined"`
	LightsOff []string `json:"lightsOff,omitempty"`
	Reset     []string `json:"reset,omitempty"`
}

// EndOfTurnSteps computes T1 step 6 b–d on the Map after the Reactions.
func EndOfTurnSteps(m *Map, nightmare bool, mods map[string]int, cfg Config, set Settings, r automa.Rand) (TurnEnd, automa.Trace) {
	var te TurnEnd
	at, tr := AttackOrder(m.EndOfTurnAttacks(nightmare, mods, cfg), set, r)
	te.Attacks, te.Combined = at, set.CombineCreatureAttacks
	te.LightsOff = m.LightsOff()
	st := tr.Add("alone §4.10 Lights off (Switching off the Lights EC p.9)", "Lighted Sectors other than the Hero's that a Creature moved into this Turn go Dark")
	st.Result = fmt.Sprintf("%d Sector(s) go Dark", len(te.LightsOff))
	for i := range m.Creatures {
		if m.Creatures[i].Moved {
			te.Reset = append(te.Reset, m.Creatures[i].ID)
		}
	}
	return te, tr
}
