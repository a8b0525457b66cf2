package reich

import (
	"fmt"

	"tablekeeper/automa/reich/content"
)

// Target is what a hero's attack on one enemy unit faces: whether the
// rules let the hero pick it (Bodyguard, Meatshield, Elusive, V-37) and
// the defence value the attack test must reach with its modifiers
// (Reinforce!, Dug In, Psychic Shield; §6.1, §7.5.6).
type Target struct {
	Unit       string   `json:"unit"`
	Targetable bool     `json:"targetable"`
	Why        string   `json:"why,omitempty"`
	Defence    int      `json:"defence"`
	Breakdown  []string `json:"breakdown"`
	// NoHeroismPoints: heroism points cannot be spent on this attack (a vrilmeister, §6.5).
	NoHeroismPoints bool `json:"noHeroismPoints,omitempty"`
}

// heroTarget works out a Target for a unit on the map. ranged says whether
// the hero's attack is ranged; accurate whether it is Accurate.
func (w *world) heroTarget(u *unitW, ranged, accurate bool) Target {
	const rule = "reichbusters §7.5.6 / V-37"
	t := u.t
	tg := Target{Unit: u.ID, Targetable: true, Defence: t.Defence}
	tg.Breakdown = append(tg.Breakdown, fmt.Sprintf("%s defence %d", u.ID, t.Defence))
	others := w.unitsIn(u.area)
	isCommander := t.Tagged("officer") || t.Tagged("vrilmeister") || t.Has(content.KwVrilmeister)
	tg.NoHeroismPoints = t.Tagged("vrilmeister") || t.Has(content.KwVrilmeister)
	for _, y := range others {
		if y == u {
			continue
		}
		switch {
		case isCommander && y.t.Has(content.KwBodyguard) && !accurate:
			tg.Targetable, tg.Why = false, "Bodyguard "+y.ID+" shares its area"
		case ranged && y.t.Has(content.KwMeatshield) && !accurate && !u.t.Has(content.KwMeatshield):
			tg.Targetable, tg.Why = false, "Meatshield "+y.ID+" in its area must be shot first"
		case t.Has(content.KwElusive) && !y.t.Has(content.KwElusive):
			tg.Targetable, tg.Why = false, "Elusive while "+y.ID+" (not Elusive) shares its area"
		}
	}
	// Reinforce!: certain units and every armoured unit on a Reinforce! unit's tile.
	if t.Tagged("sentryFlammer") || t.Tagged("sentryGun") || t.Tagged("sturmAngriff") || t.Tagged("sturmKanonier") ||
		t.Tagged("ubersoldat") || t.Tagged("armoured") || t.Has(content.KwArmoured) {
		n := 0
		for _, y := range w.liveUnits() {
			if y.t.Has(content.KwReinforce) && (y.area == u.area || w.b.SameTile(y.area, u.area)) {
				n++
			}
		}
		if n > 1 && !w.set.AurasStack {
			n = 1
		}
		if n > 0 {
			tg.Defence += n
			tg.Breakdown = append(tg.Breakdown, fmt.Sprintf("+%d Reinforce! (on its tile)", n))
		}
	}
	if t.Has(content.KwDugIn) && (w.b.GuardPoint(u.area) || w.capturedIn(u.area)) {
		tg.Defence++
		tg.Breakdown = append(tg.Breakdown, "+1 Dug In (at a guard point)")
	}
	if ranged && t.Has(content.KwPsychicShield) {
		tg.Defence += 4
		tg.Breakdown = append(tg.Breakdown, "+4 Psychic Shield (ranged attack)")
	}
	s := w.step(rule, "A hero's %s attack on %s.", map[bool]string{true: "ranged", false: "melee"}[ranged], u.ID)
	s.Result = fmt.Sprintf("defence %d", tg.Defence)
	if !tg.Targetable {
		s.Result = "cannot be targeted: " + tg.Why
	}
	return tg
}
