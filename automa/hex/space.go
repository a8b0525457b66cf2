package hex

// Terrain is what a space's ground is (spec §2.2).
type Terrain string

// Terrains. The zero value is normal ground.
const (
	Normal    Terrain = ""
	Difficult Terrain = "difficult" // yellow border: 2 MP to Move into
	Gap       Terrain = "gap"       // thick dotted border: no Move, Leap over, LoS over
)

// GapKind is what a gap is drawn as; it is for display only.
type GapKind string

// Gap kinds.
const (
	NoGapKind GapKind = ""
	Lava      GapKind = "lava"
	Water     GapKind = "water"
	OtherGap  GapKind = "other"
)

// Hazard is the kind of hazard on a space (§2.2, §5.1). The zero value is
// no hazard.
type Hazard string

// Hazards.
const (
	NoHazard Hazard = ""
	Fire     Hazard = "fire"   // 3 damage and Burning on entering
	Poison   Hazard = "poison" // 3 damage and Weakened on entering
	Trap     Hazard = "trap"   // 5 damage on entering
)

// Damage is the damage a figure takes on entering the hazard (§5.1).
func (h Hazard) Damage() int {
	switch h {
	case Fire, Poison:
		return 3
	case Trap:
		return 5
	}
	return 0
}

// HazardSource says whether a hazard is printed on the map or a token
// (printed traps trigger on every entry; trap tokens leave when triggered).
type HazardSource string

// Hazard sources. The zero value is printed.
const (
	Printed     HazardSource = ""
	HazardToken HazardSource = "token"
)

// Object is the kind of object on a space (§2.2, §5.2–5.3).
type Object string

// Objects. The zero value is no object.
const (
	NoObject       Object = ""
	Destructible   Object = "destructible"   // dark-blue border
	Indestructible Object = "indestructible" // light-blue border
)

// ObjectState is a destructible object's state. The zero value is intact.
type ObjectState string

// Object states (a Damage token marks damaged, a Destroyed token destroyed).
const (
	Intact    ObjectState = ""
	Damaged   ObjectState = "damaged"
	Destroyed ObjectState = "destroyed"
)

// Door is a space's door state. The zero value is no door.
type Door string

// Door states.
const (
	NoDoor     Door = ""
	ClosedDoor Door = "closed" // behaves exactly like wall (§2.3 item 3)
	OpenDoor   Door = "open"   // an Open Door token: an ordinary space
)

// TokenKind says whether an orb or treasure is a numbered campaign one
// (once per campaign, text in the Extras book) or a mission one.
type TokenKind string

// Orb and treasure kinds. The zero value is none.
const (
	NoToken       TokenKind = ""
	CampaignToken TokenKind = "campaign"
	MissionToken  TokenKind = "mission"
)

// Orb is an orb token on a space. An orb space cannot be Moved through or
// stood on, whichever side the orb shows (§2.4, A-07).
type Orb struct {
	Kind   TokenKind `json:"kind"`
	Number int       `json:"number,omitempty"` // campaign orbs only
	Active bool      `json:"active"`
}

// Treasure is a treasure token on a space.
type Treasure struct {
	Kind    TokenKind `json:"kind"`
	Number  int       `json:"number,omitempty"` // campaign treasure only
	Present bool      `json:"present"`
}

// PlacementIcon is an adversary placement icon printed on a space (§10.2):
// which adversary (or boss) and for which character counts, e.g. "4",
// "3-4"; an empty count means always (bosses).
type PlacementIcon struct {
	Adversary  string `json:"adversary"`
	Characters string `json:"characters,omitempty"`
}

// Space is one hexagonal space of a mission map (spec §2.2). When several
// spaces share one coloured border, each is its own space with its own
// fields (RB p.33).
type Space struct {
	Label string `json:"label"`
	Coord
	Terrain        Terrain         `json:"terrain,omitempty"`
	GapKind        GapKind         `json:"gapKind,omitempty"`
	Hazard         Hazard          `json:"hazard,omitempty"`
	HazardSource   HazardSource    `json:"hazardSource,omitempty"`
	Object         Object          `json:"object,omitempty"`
	ObjectState    ObjectState     `json:"objectState,omitempty"`
	Door           Door            `json:"door,omitempty"`
	EntryPoint     bool            `json:"entryPoint,omitempty"`
	Orb            Orb             `json:"orb,omitzero"`
	Treasure       Treasure        `json:"treasure,omitzero"`
	NovaCells      int             `json:"novaCells,omitempty"`
	PlacementIcons []PlacementIcon `json:"placementIcons,omitempty"`
}

// IsClosedDoor reports whether the space is a closed door, which counts as
// wall on all six sides (§2.3 item 3).
func (s *Space) IsClosedDoor() bool { return s.Door == ClosedDoor }

// IsGap reports whether the space is a gap.
func (s *Space) IsGap() bool { return s.Terrain == Gap }

// HasOrb reports whether an orb token (either side) is on the space.
func (s *Space) HasOrb() bool { return s.Orb.Kind != NoToken }

// HasHazard reports whether a hazard is on the space.
func (s *Space) HasHazard() bool { return s.Hazard != NoHazard }

// BlockingObject reports whether an object stops movement here: an
// indestructible one, or a destructible one not yet destroyed (§2.4).
func (s *Space) BlockingObject() bool {
	return s.Object == Indestructible || (s.Object == Destructible && s.ObjectState != Destroyed)
}

// StandingDestructible reports whether a destructible object that can
// still be attacked is here (intact or damaged).
func (s *Space) StandingDestructible() bool {
	return s.Object == Destructible && s.ObjectState != Destroyed
}

// IsDifficult reports whether a Move pays 2 MP to enter: difficult terrain
// or a destroyed object, unless a hazard is there, because a hazard
// replaces the difficult effect while it lies there (§2.4).
func (s *Space) IsDifficult() bool {
	return (s.Terrain == Difficult || (s.Object == Destructible && s.ObjectState == Destroyed)) && s.Hazard == NoHazard
}

// MoveCost is the MP a Move spends to enter the space (§2.8), ignoring
// whether it may be entered at all.
func (s *Space) MoveCost() int {
	if s.IsDifficult() {
		return 2
	}
	return 1
}

// Empty is the rulebook's "empty" without figures (§2.4): no blocking
// object, not a closed door, no hazard. Difficult terrain, destroyed
// objects, open doors and treasure or nova-cell tokens leave a space empty.
// The caller adds "no figure".
func (s *Space) Empty() bool {
	return !s.BlockingObject() && !s.IsClosedDoor() && !s.HasHazard()
}

// Standable is §2.4's standable(s, F, allowHazard) without figures: a Move
// or Leap may end here. The caller adds "no figure" and "or it is the
// mover's own space".
func (s *Space) Standable(allowHazard bool) bool {
	return !s.IsClosedDoor() && !s.IsGap() && !s.BlockingObject() && !s.HasOrb() &&
		(allowHazard || !s.HasHazard())
}
