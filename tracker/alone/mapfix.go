package alone

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

func init() {
	register(
		func() op { return &placeEv{} },
		func() op { return &tokenEv{} },
		func() op { return &mapFixEv{} },
	)
}

// PlaceCreature puts a Creature on the Map by a Mission card's effect: a
// Boss with the card's stats, or a regular type. It is not a Spawn (no MSD,
// no Noise), but the Level and token limits hold (§4.3; Bosses count,
// AMB-21).
type PlaceCreature struct {
	Type   alone.CreatureType `json:"type"`
	Sector string             `json:"sector"`
	Boss   *alone.BossStats   `json:"boss,omitempty"`
	Source string             `json:"source,omitempty"`
}

type placeEv struct {
	PlaceCreature
	ID       string `json:"id"`
	Revealed bool   `json:"revealed,omitempty"`
}

func (c PlaceCreature) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	return &placeEv{PlaceCreature: c}, nil
}
func (*placeEv) kind() string { return "place" }
func (o *placeEv) run(s *State) error {
	m := s.Map
	sec := m.Sector(o.Sector)
	switch {
	case !o.Type.Valid():
		return refuse("§4.3", "%q is not a Creature type", o.Type)
	case sec == nil:
		return refuse("§4.3", "there is no Sector %q on the Map", o.Sector)
	case (o.Type == alone.Boss) != (o.Boss != nil):
		return refuse("§4.4", "a Boss, and only a Boss, takes its stats from the Mission card")
	case m.CreaturesOnLevel(sec.Level) >= s.config().LevelLimit:
		return refuse("§8 V16", "Level %d already has %d Creatures", sec.Level, s.config().LevelLimit)
	case m.TokensLeft(o.Type, s.config()) <= 0:
		return refuse("§8 V16", "every %s token is already on the Map", o.Type)
	}
	o.ID = newCreatureID(m, o.Type)
	c := alone.Creature{ID: o.ID, Type: o.Type, Sector: o.Sector, Revealed: sec.Revealed, Boss: o.Boss}
	m.Creatures = append(m.Creatures, c)
	if err := m.Validate(s.config()); err != nil {
		return refuse("§4.4", "%v", err)
	}
	o.Revealed = sec.Revealed
	if sec.Revealed {
		s.hear(fmt.Sprintf("A %s appears in %s", KindWord(o.Type), s.heardSector(o.Sector)))
	}
	return nil
}
func (o *placeEv) line() string {
	if !o.Revealed {
		return nonEmpty(o.Source, "A Mission") + " places a Creature on the Map"
	}
	return o.secret()
}
func (o *placeEv) secret() string {
	// The Creature by its id, which the diary names as the screens do
	// (names.go); a Boss by its card's name, which this event has.
	name := o.ID
	if o.Boss != nil && o.Boss.Name != "" {
		name = o.Boss.Name + " " + CreatureTag(o.ID, o.Type)
	}
	return fmt.Sprintf("%s places the %s in %s", nonEmpty(o.Source, "A Mission"), name, o.Sector)
}

// SetToken puts or takes a Condition or Mission token in a Sector (§4.12).
type SetToken struct {
	Sector string `json:"sector"`
	Token  string `json:"token"`
	On     bool   `json:"on"`
}

type tokenEv struct {
	SetToken
	Public bool `json:"public,omitempty"`
}

func (c SetToken) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	if strings.TrimSpace(c.Token) == "" {
		return nil, refuse("§4.12", "name the token")
	}
	return &tokenEv{SetToken: c}, nil
}
func (*tokenEv) kind() string { return "token" }
func (o *tokenEv) run(s *State) error {
	sec := s.Map.Sector(o.Sector)
	if sec == nil {
		return refuse("§4.12", "there is no Sector %q on the Map", o.Sector)
	}
	i := slices.Index(sec.Tokens, o.Token)
	switch {
	case o.On:
		sec.Tokens = append(sec.Tokens, o.Token)
	case i < 0:
		return refuse("§4.12", "there is no %s token in %s", o.Token, o.Sector)
	default:
		sec.Tokens = slices.Delete(sec.Tokens, i, i+1)
	}
	o.Public = s.Mode != Solo || sec.Revealed
	return nil
}
func (o *tokenEv) line() string {
	if !o.Public {
		return "A token changes on the Map"
	}
	return o.secret()
}
func (o *tokenEv) secret() string {
	if o.On {
		return fmt.Sprintf("A %s token is placed in %s", o.Token, o.Sector)
	}
	return fmt.Sprintf("The %s token is taken from %s", o.Token, o.Sector)
}

// CorrectMap replaces the hidden Map by hand when it and the table
// disagree (the table is the source of truth). The new Map must pass the
// Map rules (V31).
type CorrectMap struct {
	Map *alone.Map `json:"map"`
	Why string     `json:"why,omitempty"`
}

type mapFixEv struct{ CorrectMap }

func (c CorrectMap) plan(s *State, _ *tracker.Dice) (op, error) {
	if err := needMap(s); err != nil {
		return nil, err
	}
	if c.Map == nil {
		return nil, refuse("§7.2", "give the corrected Map")
	}
	return &mapFixEv{c}, nil
}
func (*mapFixEv) kind() string { return "mapFix" }
func (o *mapFixEv) run(s *State) error {
	m := o.Map.Clone()
	if err := m.Validate(s.config()); err != nil {
		return refuse("§8 V31", "the corrected Map cannot be used: %v", err)
	}
	s.Map = m
	return nil
}
func (o *mapFixEv) line() string {
	l := "Corrected by hand: the Map"
	if o.Why != "" {
		l += " (" + o.Why + ")"
	}
	return l
}
