package phantom

// Card contents are printed on the physical cards, not in the rulebook: the
// players enter them (spec §15.6, §15.7). These structs carry them; nothing
// here ships card text.

// ActionKind is what an action on a card does (§15.6).
type ActionKind string

// Action kinds.
const (
	ActAttack          ActionKind = "attack"
	ActMove            ActionKind = "move"
	ActLeap            ActionKind = "leap"
	ActRetreat         ActionKind = "retreat"
	ActTeleport        ActionKind = "teleport"
	ActHeal            ActionKind = "heal"
	ActGrantCondition  ActionKind = "grantCondition"
	ActRemoveCondition ActionKind = "removeCondition"
	ActDamage          ActionKind = "damage"
	ActManual          ActionKind = "manual"
)

// Action is one line of an action card or boss board.
type Action struct {
	Kind ActionKind `json:"kind"`
	// Value: Attack modifier ("Attack +1" → 1), MP of Move/Leap/Retreat,
	// HP of Heal, damage of Damage.
	Value int `json:"value,omitempty"`
	// PerCharacter multiplies Value by the characters that embarked
	// ("Heal 2 per character", §9.2).
	PerCharacter bool `json:"perCharacter,omitempty"`
	// Range is an explicit range ("Range 5"), which no modifier changes;
	// RangeMod is a modifier to the base range ("Range +2") (§7.2).
	Range    *int `json:"range,omitempty"`
	RangeMod int  `json:"rangeModifier,omitempty"`
	// Targets is N of "Target N" (0 or 1: a single target).
	Targets int `json:"targets,omitempty"`
	Pierce  int `json:"pierce,omitempty"`
	// Inflict: conditions an attack or damage action gives on success.
	Inflict []string `json:"inflict,omitempty"`
	// Die is the attack die ("basic" unless the card says "blitz").
	Die string `json:"die,omitempty"`
	// Multiplier is a "damage xN" effect.
	Multiplier int `json:"multiplier,omitempty"`
	// Condition is the condition a GrantCondition/RemoveCondition action
	// gives or takes away.
	Condition string `json:"condition,omitempty"`
	// TargetsAllies marks heals and beneficial conditions aimed at the
	// adversary's side; CanTargetSelf says the adversary may pick itself;
	// SelfOnly restricts the action to the adversary itself.
	TargetsAllies bool `json:"targetsAllies,omitempty"`
	CanTargetSelf bool `json:"canTargetSelf,omitempty"`
	SelfOnly      bool `json:"self,omitempty"`
	// Area for a Damage action: "" (the primary target), "adjacentFigures"
	// or "adjacentEnemies".
	Area string `json:"area,omitempty"`
	// Text is what the card says, shown to players for Manual actions.
	Text string `json:"text,omitempty"`
}

// RoundEffect is an effect marked with the round icon (§8.12). Attack and
// Guard are the modifiers the app applies while it is active; anything
// else is shown as Text for the players.
type RoundEffect struct {
	Text   string `json:"text,omitempty"`
	Attack int    `json:"attack,omitempty"`
	Guard  int    `json:"guard,omitempty"`
	// AfterAttacked are actions the adversary performs after it has been
	// attacked (e.g. a Retreat), outside its own turn (see Reaction).
	AfterAttacked []Action `json:"afterAttacked,omitempty"`
}

// Card is an adversary species action card, one row of a class card, or a
// boss action: its AP, its actions in printed order, and its round effects.
type Card struct {
	Name         string        `json:"name,omitempty"`
	AP           int           `json:"ap"`
	Actions      []Action      `json:"actions,omitempty"`
	RoundEffects []RoundEffect `json:"roundEffects,omitempty"`
}

// ClassRow is one colour's row of a class action card.
type ClassRow struct {
	Colour Colour `json:"colour"`
	Card
}

// ClassCard is an adversary class action card: four rows in printed order
// (ascending AP, §8.3).
type ClassCard struct {
	Name string     `json:"name,omitempty"`
	Rows []ClassRow `json:"rows"`
}

// Row returns the row of colour c.
func (cc *ClassCard) Row(c Colour) (*Card, bool) {
	if cc == nil {
		return nil, false
	}
	for i := range cc.Rows {
		if cc.Rows[i].Colour == c {
			return &cc.Rows[i].Card, true
		}
	}
	return nil, false
}

// hasMovement: a Move, Leap or Teleport on the card forbids converting it
// (§8.9, RB p.28).
func (c *Card) hasMovement() bool {
	for _, a := range c.Actions {
		if a.Kind == ActMove || a.Kind == ActLeap || a.Kind == ActTeleport {
			return true
		}
	}
	return false
}

func (c *Card) hasMoveOrLeap() bool {
	for _, a := range c.Actions {
		if a.Kind == ActMove || a.Kind == ActLeap {
			return true
		}
	}
	return false
}

// AdversaryType is a regular adversary type's description card (§15.6).
type AdversaryType struct {
	Name       string `json:"name"`
	Species    string `json:"species"`
	Class      string `json:"class"`
	Difficulty int    `json:"difficulty"`
	HP         int    `json:"hp"`
	Attack     int    `json:"attack"`
	Guard      int    `json:"guard"`
	Range      int    `json:"range"`
	// Crit is the critical ability: conditions it inflicts on the target
	// are applied; the text is shown.
	Crit     CritAbility `json:"crit,omitempty"`
	Standees int         `json:"standees,omitempty"`
	// The cards drawn for this type this round (§8.2); nil before the draw.
	SpeciesCard *Card      `json:"speciesCard,omitempty"`
	ClassCard   *ClassCard `json:"classCard,omitempty"`
}

// CritAbility is a critical ability printed on a description card or boss
// board (always triggered for adversaries, §3.1).
type CritAbility struct {
	Text    string   `json:"text,omitempty"`
	Inflict []string `json:"inflict,omitempty"`
	Damage  int      `json:"damage,omitempty"`
}

// BossBoard is a boss adversary description board (§15.7, §9). The three
// values of each attribute are for 2, 3 and 4 characters embarked.
type BossBoard struct {
	Name     string      `json:"name"`
	HP       [3]int      `json:"hp"`
	Attack   [3]int      `json:"attack"`
	Guard    [3]int      `json:"guard"`
	Range    [3]int      `json:"range"`
	Inherent Card        `json:"inherent"`
	Actions  [3]Card     `json:"actions"`
	Crit     CritAbility `json:"crit,omitempty"`
	// Card is this round's boss action card; Persistent are persistent
	// boss cards in play (§9.5).
	Card       *BossCard  `json:"card,omitempty"`
	Persistent []BossCard `json:"persistent,omitempty"`
}

// BossCard is a boss adversary action card: either action numbers (1–3)
// or an "other" effect.
type BossCard struct {
	Name       string `json:"name,omitempty"`
	Actions    []int  `json:"actions,omitempty"`
	Other      string `json:"other,omitempty"`
	Persistent bool   `json:"persistent,omitempty"`
}

// column picks the attribute column for the number of characters that
// embarked (2, 3 or 4; A-29).
func column(chars int) int {
	switch {
	case chars <= 2:
		return 0
	case chars == 3:
		return 1
	}
	return 2
}
