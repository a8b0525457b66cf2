package reich

import (
	"fmt"

	"tablekeeper/automa/reich/content"
)

// Hit is what strikes an enemy unit (§7.6): a successful hero attack, a
// grenade, an explosion.
type Hit struct {
	// Wounds the hit deals before keywords (1 unless an effect says more).
	Wounds         int  `json:"wounds,omitempty"`
	ArmourPiercing bool `json:"armourPiercing,omitempty"`
	Ranged         bool `json:"ranged,omitempty"`
	Grenade        bool `json:"grenade,omitempty"`
	// Explosion: a Bomber or Unstable blast; TrackingBomber: set by a tracking bomber.
	Explosion      bool `json:"explosion,omitempty"`
	TrackingBomber bool `json:"trackingBomber,omitempty"`
}

// HitResult is what a hit does to one unit.
type HitResult struct {
	Unit    Unit   // the unit afterwards (wound tokens, card side)
	Wounds  int    // wounds that landed
	Killed  bool   // removed from the map (back to the pool)
	Explode bool   // a Bomber wounded by a ranged attack blows up
	Why     string // in words, for the trace
}

// ApplyHit works out a hit on one enemy unit (§7.6.1–7.6.3): Armoured and
// Armour Piercing, Ablative Shield, X Wounds, multi-state cards and Bomber.
func ApplyHit(t *content.UnitType, u Unit, h Hit, set Settings) HitResult {
	r := HitResult{Unit: u}
	n := h.Wounds
	if n < 1 {
		n = 1
	}
	armoured := t.Has(content.KwArmoured) || t.Tagged("armoured")
	switch {
	case t.Has(content.KwAblativeShield) && (h.Grenade || h.TrackingBomber):
		r.Why = "Ablative Shield: grenades and tracking bombers do not affect it"
		return r
	case armoured && !h.ArmourPiercing && !(h.Explosion && !set.ArmouredIgnoresExplosions):
		r.Why = "Armoured: only an armour-piercing attack can wound it"
		return r
	case h.ArmourPiercing && !armoured:
		n *= 2
		r.Why = "Armour Piercing against a non-armoured unit: 2 wounds each; "
	}
	r.Wounds = n
	if len(t.States) > 0 {
		// §7.6.3: a side with the flip icon flips (grey → red) or passes to
		// the next unit card; a side without it dies.
		for i := 0; i < n; i++ {
			side := t.States[r.Unit.StateIndex]
			if !side.HasFlipIcon || r.Unit.StateIndex+1 >= len(t.States) {
				r.Killed = true
				r.Why += fmt.Sprintf("wounded on a %s side with no flip icon: killed", side.Colour)
				break
			}
			r.Unit.StateIndex++
			r.Why += fmt.Sprintf("%s side with the flip icon → side %d (%s); ", side.Colour, r.Unit.StateIndex+1, t.States[r.Unit.StateIndex].Colour)
		}
	} else {
		r.Unit.Wounds += n
		if r.Unit.Wounds >= t.WoundsToKill() {
			r.Killed = true
			r.Why += fmt.Sprintf("%d of %d wounds: killed", r.Unit.Wounds, t.WoundsToKill())
		} else {
			r.Why += fmt.Sprintf("%d of %d wounds: it survives", r.Unit.Wounds, t.WoundsToKill())
		}
	}
	if t.Has(content.KwBomber) && h.Ranged && !h.Explosion {
		r.Explode = true
		r.Why += "; a Bomber wounded by a ranged attack explodes"
	}
	return r
}

// hit applies a hit to a unit on the map with everything that follows:
// removal, Bomber and Unstable blasts, CLEANUP.
func (w *world) hit(u *unitW, h Hit, why string) {
	if u.gone {
		return
	}
	r := ApplyHit(u.t, u.Unit, h, w.set)
	w.step("reichbusters §7.6", "%s hits %s: %s.", why, u.ID, r.Why)
	if r.Wounds == 0 {
		return
	}
	if r.Explode {
		w.explode(u, "Bomber")
		return
	}
	if r.Unit.StateIndex != u.StateIndex && !r.Killed {
		w.change(Change{Kind: ChUnitFlipped, Unit: u.ID, N: r.Unit.StateIndex})
	}
	u.Unit.Wounds, u.StateIndex = r.Unit.Wounds, r.Unit.StateIndex
	if !r.Killed {
		if len(u.t.States) == 0 {
			w.change(Change{Kind: ChUnitWounded, Unit: u.ID, N: u.Unit.Wounds})
		}
		return
	}
	w.kill(u)
}

// kill removes a unit (it goes back to the pool, §7.6.1); an Unstable unit
// blasts its area as it goes.
func (w *world) kill(u *unitW) {
	u.gone = true
	w.change(Change{Kind: ChUnitKilled, Unit: u.ID, Area: u.Area})
	if u.t.Has(content.KwUnstable) {
		w.step("reichbusters §7.6.4 Unstable", "%s is Unstable: as it is removed, every enemy unit in area %s takes 1 wound and every hero there 1 permanent wound.", u.ID, u.Area)
		w.blast(u, "Unstable")
	}
	w.cleanup(w.b.Room(u.area))
	w.afterChange()
}

// explode is a Bomber blowing up (§7.6.4): it is destroyed, and its area
// takes the blast.
func (w *world) explode(u *unitW, why string) {
	u.gone = true
	w.step("reichbusters §7.6.4 Bomber", "%s explodes in area %s: 1 wound to every unit there, 1 permanent wound to every hero there; it is destroyed.", u.ID, u.Area)
	w.change(Change{Kind: ChUnitKilled, Unit: u.ID, Area: u.Area})
	w.blast(u, why)
	w.cleanup(w.b.Room(u.area))
	w.afterChange()
}

func (w *world) blast(u *unitW, why string) {
	for _, h := range w.heroesIn(u.area) {
		w.change(Change{Kind: ChHeroWounded, Hero: h.ID, N: 1, Text: why + " blast: draw a wound card, apply both halves and keep it"})
	}
	for _, y := range w.unitsIn(u.area) {
		w.hit(y, Hit{Wounds: 1, Explosion: true, TrackingBomber: u.t.Tagged("trackingBomber")}, why+" blast from "+u.ID)
	}
	s := w.step("reichbusters §7.7", "The blast causes a BOOM by an enemy unit.")
	w.change(Change{Kind: ChBoom, Cause: "enemy", Area: u.Area})
	s.TieBreak = "AMBIGUOUS (lost icon; default BOOM caused by an enemy)"
	w.boom("enemy", "", true)
}
