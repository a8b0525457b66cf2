package phantom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
)

func checkColour(c string) error {
	_, err := phantom.ParseColour(c)
	return err
}

func checkActions(where string, as []phantom.Action) error {
	for i, a := range as {
		switch a.Kind {
		case phantom.ActAttack, phantom.ActMove, phantom.ActLeap, phantom.ActRetreat, phantom.ActTeleport, phantom.ActHeal,
			phantom.ActGrantCondition, phantom.ActRemoveCondition, phantom.ActDamage, phantom.ActManual:
		default:
			return fmt.Errorf("%s action %d: %q is not an action kind (attack, move, leap, retreat, teleport, heal, grantCondition, removeCondition, damage, manual)", where, i+1, a.Kind)
		}
		if a.Value < 0 && a.Kind != phantom.ActAttack {
			return fmt.Errorf("%s action %d: %s cannot have a negative value", where, i+1, a.Kind)
		}
		for _, c := range a.Inflict {
			if _, err := phantom.ParseCond(c); err != nil {
				return fmt.Errorf("%s action %d: %v", where, i+1, err)
			}
		}
	}
	return nil
}

func checkCard(where string, c phantom.Card) error {
	if c.AP < 0 {
		return fmt.Errorf("%s: AP cannot be negative", where)
	}
	return checkActions(where, c.Actions)
}

// validate checks one piece of content; it returns the id it is kept under.
func (c *Content) validate(kind ContentKind, id string, data json.RawMessage) (string, any, error) {
	strict := func(v any) error {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			return fmt.Errorf("%s %q: %v", kind, id, err)
		}
		return nil
	}
	switch kind {
	case KindAdversary:
		var a phantom.AdversaryType
		if err := strict(&a); err != nil {
			return "", nil, err
		}
		a.SpeciesCard, a.ClassCard = nil, nil
		switch {
		case strings.TrimSpace(a.Name) == "":
			return "", nil, fmt.Errorf("a description card needs the adversary's name")
		case a.Species == "" || a.Class == "":
			return "", nil, fmt.Errorf("description card %q: give its species and class (they name its action decks)", a.Name)
		case a.Difficulty < 1:
			return "", nil, fmt.Errorf("description card %q: the difficulty rating is at least 1 (V-25)", a.Name)
		case a.HP < 1:
			return "", nil, fmt.Errorf("description card %q: HP must be at least 1", a.Name)
		case a.Range < 1:
			return "", nil, fmt.Errorf("description card %q: range must be at least 1", a.Name)
		case a.Standees < 0:
			return "", nil, fmt.Errorf("description card %q: the standee count cannot be negative", a.Name)
		}
		for _, x := range a.Crit.Inflict {
			if _, err := phantom.ParseCond(x); err != nil {
				return "", nil, fmt.Errorf("description card %q: critical ability: %v", a.Name, err)
			}
		}
		return AdversaryKey(a.Name, a.Difficulty), a, nil
	case KindSpeciesCard:
		var sc SpeciesCard
		if err := strict(&sc); err != nil {
			return "", nil, err
		}
		if sc.Species == "" {
			return "", nil, fmt.Errorf("species card %q: name the species deck it belongs to", id)
		}
		return id, sc, checkCard("species card "+id, sc.Card)
	case KindClassCard:
		var cc ClassCard
		if err := strict(&cc); err != nil {
			return "", nil, err
		}
		if cc.Class == "" {
			return "", nil, fmt.Errorf("class card %q: name the class deck it belongs to", id)
		}
		if len(cc.Card.Rows) != 4 {
			return "", nil, fmt.Errorf("class card %q: a class card has 4 colour rows, not %d", id, len(cc.Card.Rows))
		}
		seen := map[phantom.Colour]bool{}
		for i, r := range cc.Card.Rows {
			col, err := phantom.ParseColour(string(r.Colour))
			if err != nil {
				return "", nil, fmt.Errorf("class card %q row %d: %v", id, i+1, err)
			}
			if seen[col] {
				return "", nil, fmt.Errorf("class card %q: colour %s is on two rows", id, col)
			}
			seen[col] = true
			cc.Card.Rows[i].Colour = col
			if err := checkCard(fmt.Sprintf("class card %s row %d", id, i+1), r.Card); err != nil {
				return "", nil, err
			}
			// §8.3: rows are printed in ascending AP order.
			if i > 0 && r.AP < cc.Card.Rows[i-1].AP {
				return "", nil, fmt.Errorf("class card %q: rows are printed in ascending AP order, but row %d has AP %d after %d (§8.3)", id, i+1, r.AP, cc.Card.Rows[i-1].AP)
			}
		}
		return id, cc, nil
	case KindBoss:
		var b phantom.BossBoard
		if err := strict(&b); err != nil {
			return "", nil, err
		}
		b.Card, b.Persistent = nil, nil
		if b.Name == "" {
			return "", nil, fmt.Errorf("a boss board needs the boss's name")
		}
		for i := 0; i < 3; i++ {
			if b.HP[i] < 1 || b.Range[i] < 1 {
				return "", nil, fmt.Errorf("boss %q: HP and range for %d characters must be at least 1 (A-29)", b.Name, i+2)
			}
		}
		if err := checkCard("boss "+b.Name+" inherent action", b.Inherent); err != nil {
			return "", nil, err
		}
		for i, a := range b.Actions {
			if err := checkCard(fmt.Sprintf("boss %s action #%d", b.Name, i+1), a); err != nil {
				return "", nil, err
			}
		}
		return b.Name, b, nil
	case KindBossCard:
		var bc phantom.BossCard
		if err := strict(&bc); err != nil {
			return "", nil, err
		}
		if len(bc.Actions) == 0 && bc.Other == "" {
			return "", nil, fmt.Errorf("boss card %q: give its action numbers (1–3) or its other effect", id)
		}
		for _, n := range bc.Actions {
			if n < 1 || n > 3 {
				return "", nil, fmt.Errorf("boss card %q: action #%d does not exist (1–3)", id, n)
			}
		}
		bc.Name = id
		return id, bc, nil
	case KindSpecies:
		var sp Species
		if err := strict(&sp); err != nil {
			return "", nil, err
		}
		if sp.Name == "" || sp.HP < 1 || sp.MaxAP < 1 {
			return "", nil, fmt.Errorf("species card %q: give its name, HP and max AP (at least 1)", sp.Name)
		}
		return sp.Name, sp, nil
	case KindClass:
		var cb ClassBoard
		if err := strict(&cb); err != nil {
			return "", nil, err
		}
		if cb.Name == "" || cb.BaseRange < 1 {
			return "", nil, fmt.Errorf("class board %q: give its name and base range (at least 1)", cb.Name)
		}
		if cb.ItemSlots < 0 || cb.BandageSlots < 0 {
			return "", nil, fmt.Errorf("class board %q: slots cannot be negative", cb.Name)
		}
		return cb.Name, cb, nil
	case KindActionCard:
		var ac ActionCard
		if err := strict(&ac); err != nil {
			return "", nil, err
		}
		if ac.ID == "" || ac.Class == "" || ac.AP < 0 || ac.SPCost < 0 {
			return "", nil, fmt.Errorf("action card %q: give its id, class, AP and SP cost (not negative)", ac.ID)
		}
		return ac.ID, ac, nil
	case KindEquipment:
		var e Equipment
		if err := strict(&e); err != nil {
			return "", nil, err
		}
		switch {
		case e.ID == "":
			return "", nil, fmt.Errorf("equipment needs a name")
		case e.Tier < 1 || e.Tier > 3:
			return "", nil, fmt.Errorf("equipment %q: tier %d is not 1–3 (V-25)", e.ID, e.Tier)
		case !contains(Planets, e.Planet):
			return "", nil, fmt.Errorf("equipment %q: planet %q is not Berkav, Thespara or Orbos", e.ID, e.Planet)
		case e.Slot != "head" && e.Slot != "body" && e.Slot != "feet":
			return "", nil, fmt.Errorf("equipment %q: slot %q is not head, body or feet", e.ID, e.Slot)
		case e.Cost < 0 || e.NovaSlots < 0:
			return "", nil, fmt.Errorf("equipment %q: cost and nova slots cannot be negative", e.ID)
		}
		return e.ID, e, nil
	case KindAttachment:
		var a Attachment
		if err := strict(&a); err != nil {
			return "", nil, err
		}
		switch {
		case a.ID == "":
			return "", nil, fmt.Errorf("an attachment needs a name")
		case a.Tier < 0 || a.Tier > 4:
			return "", nil, fmt.Errorf("attachment %q: tier %d is not X (0) or 1–4 (V-25)", a.ID, a.Tier)
		case !contains([]string{"starting", "melee", "ranged", "shield", "medical", "dual", "any"}, a.Type):
			return "", nil, fmt.Errorf("attachment %q: type %q is not starting, melee, ranged, shield, medical, dual or any", a.ID, a.Type)
		case a.NovaSlots < 0:
			return "", nil, fmt.Errorf("attachment %q: nova slots cannot be negative", a.ID)
		}
		return a.ID, a, nil
	case KindItem:
		var it ItemCard
		if err := strict(&it); err != nil {
			return "", nil, err
		}
		if it.ID == "" {
			return "", nil, fmt.Errorf("an item needs a name")
		}
		return it.ID, it, nil
	case KindMission:
		var mi MissionInfo
		if err := strict(&mi); err != nil {
			return "", nil, err
		}
		switch {
		case mi.ID == "":
			return "", nil, fmt.Errorf("a mission needs its id (e.g. Berkav-1)")
		case mi.Difficulty < 1:
			return "", nil, fmt.Errorf("mission %q: difficulty is at least 1 (V-25)", mi.ID)
		case mi.Planet != "" && !contains(Planets, mi.Planet):
			return "", nil, fmt.Errorf("mission %q: planet %q is not Berkav, Thespara or Orbos", mi.ID, mi.Planet)
		case mi.SP < 0:
			return "", nil, fmt.Errorf("mission %q: SP reward cannot be negative", mi.ID)
		}
		for p := range mi.Fame {
			if !contains(Planets, p) {
				return "", nil, fmt.Errorf("mission %q: fame for %q: not a planet", mi.ID, p)
			}
		}
		return mi.ID, mi, nil
	case KindMap:
		if strings.TrimSpace(id) == "" {
			return "", nil, fmt.Errorf("a map needs an id")
		}
		m, err := hex.ParseMap(data)
		if err != nil {
			return "", nil, fmt.Errorf("map %q: %v", id, err)
		}
		raw, err := encodeMap(m)
		return id, raw, err
	}
	return "", nil, fmt.Errorf("%q is not a kind of content", kind)
}
