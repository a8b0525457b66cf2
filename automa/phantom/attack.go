package phantom

// Attack arithmetic of spec §7.3 steps 3, 5, 6 and 7 (RB p.20–22): the
// numbers only. Which target, which line and the Accuracy rolls are decided
// by the turn (turn.go); this part is shared by every attack.

// Strike is one attack's numbers.
type Strike struct {
	Roll DieFace
	// Attack is everything added to the die: the attacker's Attack attribute,
	// the action's modifier, round effects; Weakened is applied by
	// AttackValue, not here.
	Attack   int
	Weakened bool
	Pierce   int
	// Multiplier applies to damage after Guard ("damage x2"); 0 means 1.
	Multiplier int
}

// Defence is the target's side.
type Defence struct {
	// Guard is the sum of the target's Guard sources except Vulnerable.
	Guard      int
	Vulnerable bool
	Barrier    bool
	// Object marks a destructible object (Guard 0, conditions ignored);
	// Indestructible marks an indestructible object reached by a Block.
	Object         bool
	Indestructible bool
}

// Hit is what an attack did.
type Hit struct {
	Value   int  `json:"attackValue"`
	Guard   int  `json:"guard"`
	Damage  int  `json:"damage"`
	Success bool `json:"success"`
	Crit    bool `json:"crit,omitempty"`
	Fumble  bool `json:"fumble,omitempty"`
	// BarrierUsed: the target's Barrier took the damage instead.
	BarrierUsed bool `json:"barrierUsed,omitempty"`
	// ObjectStep: the destructible object lost one state.
	ObjectStep bool `json:"objectStep,omitempty"`
}

// AttackValue is step 3: die value (crit 3, fumble 0) plus modifiers, with
// Weakened −2.
func AttackValue(s Strike) int {
	v := s.Roll.Value
	switch s.Roll.Kind {
	case Critical:
		v = 3
	case Fumble:
		v = 0
	}
	v += s.Attack
	if s.Weakened {
		v -= 2
	}
	return v
}

// GuardAfterPierce is step 5: Pierce lowers only a positive Guard and never
// below 0; a Critical Strike pierces all positive Guard; a negative Guard is
// left as it is (RB p.20 table).
func GuardAfterPierce(guard, pierce int, crit bool) int {
	if guard <= 0 {
		return guard
	}
	if crit {
		return 0
	}
	return max(0, guard-pierce)
}

// ResolveStrike runs steps 3, 5, 6 and 7 for a strike that reached its
// target (the Fumble and Accuracy checks come before it).
func ResolveStrike(s Strike, d Defence) Hit {
	h := Hit{Crit: s.Roll.Kind == Critical, Fumble: s.Roll.Kind == Fumble}
	if h.Fumble {
		return h
	}
	h.Value = AttackValue(s)
	g := d.Guard
	if d.Vulnerable {
		g -= 2
	}
	if d.Object || d.Indestructible {
		g = 0 // objects have no Guard
	}
	h.Guard = GuardAfterPierce(g, s.Pierce, h.Crit)
	h.Damage = max(0, h.Value-h.Guard)
	if s.Multiplier > 1 {
		h.Damage *= s.Multiplier
	}
	h.Success = h.Value > h.Guard
	switch {
	case d.Indestructible:
		// A Block on an indestructible object ends the attack harmlessly
		// no damage and a failed attack.
		h.Damage, h.Success = 0, false
	case d.Object:
		h.ObjectStep = h.Damage >= 1
	case d.Barrier && h.Damage >= 1:
		h.BarrierUsed = true
		h.Damage = 0
	}
	return h
}
