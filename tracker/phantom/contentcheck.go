package phantom

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode"

	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// A Problem is one thing wrong with a piece of content: which piece (its
// kind and name), which field (Field is the field's path in the content's
// JSON form, e.g. "hp", "card.rows.1.ap" or "card.actions.0.value", so a
// form can show the problem next to that field), and why, in the players'
// words. Rule is the spec rule, for the log and the tests; it is never
// part of the words.
type Problem struct {
	Kind  ContentKind `json:"kind"`
	ID    string      `json:"id,omitempty"`
	Field string      `json:"field,omitempty"`
	Why   string      `json:"why"`
	Rule  string      `json:"rule,omitempty"`
}

// String names the piece and says what is wrong: `Adversary description
// card "Mire Lurker": HP must be at least 1`.
func (p Problem) String() string {
	name := KindTitle(p.Kind)
	if p.ID != "" {
		name += fmt.Sprintf(" %q", p.ID)
	}
	return name + ": " + p.Why
}

// KindTitle is a kind of content as the players call the component.
func KindTitle(k ContentKind) string {
	switch k {
	case KindAdversary:
		return "Adversary description card"
	case KindSpeciesCard:
		return "Adversary species card"
	case KindClassCard:
		return "Adversary class card"
	case KindBoss:
		return "Boss board"
	case KindBossCard:
		return "Boss action card"
	case KindSpecies:
		return "Character species card"
	case KindClass:
		return "Class board"
	case KindActionCard:
		return "Action card"
	case KindEquipment:
		return "Equipment card"
	case KindAttachment:
		return "Attachment card"
	case KindItem:
		return "Item card"
	case KindMission:
		return "Mission"
	case KindMap:
		return "Map"
	}
	return "Content"
}

// ActionWords names an action kind as cards print it.
func ActionWords(k phantom.ActionKind) string {
	switch k {
	case phantom.ActAttack:
		return "Attack"
	case phantom.ActMove:
		return "Move"
	case phantom.ActLeap:
		return "Leap"
	case phantom.ActRetreat:
		return "Retreat"
	case phantom.ActTeleport:
		return "Teleport"
	case phantom.ActHeal:
		return "Heal"
	case phantom.ActGrantCondition:
		return "Grant a condition"
	case phantom.ActRemoveCondition:
		return "Remove a condition"
	case phantom.ActDamage:
		return "Damage"
	case phantom.ActManual:
		return "Something the players resolve"
	}
	return string(k)
}

// AttachmentTypes are the attachment types of §15.5.
var AttachmentTypes = []string{"starting", "melee", "ranged", "shield", "medical", "dual", "any"}

// EquipmentSlots are the equipment slots of a class board (§15.2).
var EquipmentSlots = []string{"head", "body", "feet"}

// problems collects the problems of one piece of content.
type problems struct {
	kind ContentKind
	id   string
	list []Problem
}

func (ps *problems) add(field, rule, format string, args ...any) {
	ps.list = append(ps.list, Problem{Kind: ps.kind, ID: ps.id, Field: field, Rule: rule, Why: fmt.Sprintf(format, args...)})
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// actions checks a list of actions; where names the list in words
// ("row 2 (light blue)") and field is its path.
func (ps *problems) actions(where, field string, as []phantom.Action) {
	for i, a := range as {
		f := fmt.Sprintf("%s.%d", field, i)
		at := fmt.Sprintf("%saction %d", where, i+1)
		switch a.Kind {
		case phantom.ActAttack, phantom.ActMove, phantom.ActLeap, phantom.ActRetreat, phantom.ActTeleport, phantom.ActHeal,
			phantom.ActGrantCondition, phantom.ActRemoveCondition, phantom.ActDamage, phantom.ActManual:
		default:
			ps.add(f+".kind", "§15.6", "%s: %q is not an action a card prints (Attack, Move, Leap, Retreat, Teleport, Heal, Grant or Remove a condition, Damage, or something the players resolve)", at, a.Kind)
			continue
		}
		at += " (" + ActionWords(a.Kind) + ")"
		if a.Value < 0 && a.Kind != phantom.ActAttack {
			ps.add(f+".value", "§15.6", "%s: the number cannot be below 0", at)
		}
		for _, c := range a.Inflict {
			if _, err := phantom.ParseCond(c); err != nil {
				ps.add(f+".inflict", "§4", "%s: %q is not a condition", at, c)
			}
		}
		if a.Kind == phantom.ActGrantCondition || a.Kind == phantom.ActRemoveCondition {
			detrimental := a.Kind == phantom.ActRemoveCondition && strings.EqualFold(a.Condition, "detrimental")
			if _, err := phantom.ParseCond(a.Condition); err != nil && !detrimental {
				ps.add(f+".condition", "§4", "%s: choose the condition", at)
			}
		}
		if a.Range != nil && *a.Range < 1 {
			ps.add(f+".range", "§7.2", "%s: a range printed on the card is at least 1", at)
		}
		if a.Targets < 0 || a.Pierce < 0 || a.Multiplier < 0 {
			ps.add(f, "§15.6", "%s: Target, Pierce and damage × cannot be below 0", at)
		}
		if a.Kind == phantom.ActManual && strings.TrimSpace(a.Text) == "" {
			ps.add(f+".text", "§15.6", "%s: write what the card says, for the players to resolve", at)
		}
	}
}

// card checks an action card's AP, actions and round effects.
func (ps *problems) card(where, field string, c phantom.Card) {
	if c.AP < 0 {
		ps.add(join(field, "ap"), "§15.6", "%sAP cannot be below 0", where)
	}
	ps.actions(where, join(field, "actions"), c.Actions)
	for i, e := range c.RoundEffects {
		ps.actions(fmt.Sprintf("%sround effect %d, after it is attacked: ", where, i+1), fmt.Sprintf("%s.%d.afterAttacked", join(field, "roundEffects"), i), e.AfterAttacked)
		if strings.TrimSpace(e.Text) == "" && e.Attack == 0 && e.Guard == 0 && len(e.AfterAttacked) == 0 {
			ps.add(fmt.Sprintf("%s.%d", join(field, "roundEffects"), i), "§8.12", "%sround effect %d says nothing: write it or remove it", where, i+1)
		}
	}
}

func (ps *problems) crit(field string, c phantom.CritAbility) {
	for _, x := range c.Inflict {
		if _, err := phantom.ParseCond(x); err != nil {
			ps.add(field+".inflict", "§3.1", "critical ability: %q is not a condition", x)
		}
	}
	if c.Damage < 0 {
		ps.add(field+".damage", "§3.1", "critical ability: damage cannot be below 0")
	}
}

// decodeProblem says in words why a piece of content could not be read.
func decodeProblem(err error) string {
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return "it has a field this app does not know: " + strings.Trim(f, `"`)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Sprintf("%s holds the wrong kind of value (%s where %s is expected)", te.Field, te.Value, te.Type.String())
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return "it is not written right (the file is damaged or was edited by hand)"
	}
	return "it cannot be read: " + strings.TrimPrefix(msg, "json: ")
}

// CheckContent checks one piece of content as the forms and content files
// give it, and finds every problem at once. It returns the key the piece
// is kept under and the piece as kept; problems is empty when it is good.
// A piece that cannot be read at all has a nil value.
func CheckContent(kind ContentKind, id string, data json.RawMessage) (key string, v any, found []Problem) {
	key, v, found = checkContent(kind, id, data)
	ps := &problems{kind: kind, id: key}
	// Every name, ID and text by the rules of campaign names (issue 24
	// item 6): a name holding a line break or a right-to-left override,
	// an ID of 100,000 characters or an empty one are refused.
	if id != "" {
		ps.textID("id", id)
	}
	if key != "" && key != id {
		ps.textID("name", key)
	}
	for _, p := range tracker.ContentTexts(data) {
		ps.add(p.Field, "§15", "%s %s: %s", fieldWords(p.Field), p.Value, p.Why)
	}
	return key, v, append(found, ps.list...)
}

// textID checks the name or number a piece is kept under: one line, at
// most tracker.MaxIDLen characters, no space at either end.
func (ps *problems) textID(field, id string) {
	if _, err := tracker.CheckID(id); err != nil && strings.TrimSpace(id) != "" {
		ps.add(field, "§15", "%s: %v", fieldWords(field), err)
	} else if strings.TrimSpace(id) != id {
		ps.add(field, "§15", "%s: it starts or ends with a space, so it would look the same as another without", fieldWords(field))
	}
}

// fieldWords names a field of a piece for the players: its last word.
func fieldWords(field string) string {
	parts := strings.Split(field, ".")
	for i := len(parts) - 1; i >= 0; i-- {
		if _, err := strconv.Atoi(parts[i]); err != nil && parts[i] != "" {
			if parts[i] == "id" {
				return "the name or number"
			}
			return "the " + spaced(parts[i])
		}
	}
	return "the piece"
}

// spaced writes a field's name as words: "rewardItems" is "reward items".
func spaced(name string) string {
	var b strings.Builder
	for i, r := range name {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func checkContent(kind ContentKind, id string, data json.RawMessage) (key string, v any, found []Problem) {
	ps := &problems{kind: kind, id: id}
	strict := func(v any) bool {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			field, why := unreadable(data, reflect.TypeOf(v).Elem(), "it", "this kind of content")
			if why == "" {
				why = decodeProblem(err)
			}
			ps.add(field, "§15", "%s", why)
			return false
		}
		return true
	}
	switch kind {
	case KindAdversary:
		var a phantom.AdversaryType
		if !strict(&a) {
			return "", nil, ps.list
		}
		a.SpeciesCard, a.ClassCard = nil, nil
		ps.id = a.Name
		if a.Difficulty >= 1 && strings.TrimSpace(a.Name) != "" {
			ps.id = AdversaryKey(a.Name, a.Difficulty)
		}
		if strings.TrimSpace(a.Name) == "" {
			ps.add("name", "§15.6", "write the adversary's name as the card prints it")
		}
		if a.Species == "" {
			ps.add("species", "§15.6", "give its species: it names the species deck its cards come from")
		}
		if a.Class == "" {
			ps.add("class", "§15.6", "give its class: it names the class deck its cards come from")
		}
		if a.Difficulty < 1 {
			ps.add("difficulty", "V-25", "the difficulty rating is at least 1 star")
		}
		if a.HP < 1 {
			ps.add("hp", "§15.6", "HP must be at least 1")
		}
		if a.Range < 1 {
			ps.add("range", "§15.6", "range must be at least 1")
		}
		if a.Standees < 0 {
			ps.add("standees", "V-23", "the number of standees cannot be below 0")
		}
		ps.crit("crit", a.Crit)
		return AdversaryKey(a.Name, a.Difficulty), a, ps.list
	case KindSpeciesCard:
		var sc SpeciesCard
		if !strict(&sc) {
			return "", nil, ps.list
		}
		if strings.TrimSpace(id) == "" {
			ps.add("id", "§15.6", "give the card a name or number, to tell it from the others of its deck")
		}
		if sc.Species == "" {
			ps.add("species", "§15.6", "name the species deck it belongs to")
		}
		ps.card("", "card", sc.Card)
		return id, sc, ps.list
	case KindClassCard:
		var cc ClassCard
		if !strict(&cc) {
			return "", nil, ps.list
		}
		if strings.TrimSpace(id) == "" {
			ps.add("id", "§15.6", "give the card a name or number, to tell it from the others of its deck")
		}
		if cc.Class == "" {
			ps.add("class", "§15.6", "name the class deck it belongs to")
		}
		if len(cc.Card.Rows) != 4 {
			ps.add("card.rows", "§15.6", "a class card has 4 colour rows, not %d", len(cc.Card.Rows))
		}
		seen := map[phantom.Colour]bool{}
		for i, r := range cc.Card.Rows {
			f := fmt.Sprintf("card.rows.%d", i)
			col, err := phantom.ParseColour(string(r.Colour))
			if err != nil {
				ps.add(f+".colour", "V-21", "row %d: choose its colour (dark blue, light blue, red or yellow)", i+1)
			} else {
				if seen[col] {
					ps.add(f+".colour", "§15.6", "row %d: %s is already on another row: each colour is on one row", i+1, col)
				}
				seen[col] = true
				cc.Card.Rows[i].Colour = col
			}
			ps.card(fmt.Sprintf("row %d: ", i+1), f, r.Card)
			// §8.3: rows are printed in ascending AP order.
			if i > 0 && r.AP < cc.Card.Rows[i-1].AP {
				ps.add(f+".ap", "§8.3", "row %d: rows are printed from the lowest AP to the highest, but this row's AP %d is below row %d's %d", i+1, r.AP, i, cc.Card.Rows[i-1].AP)
			}
		}
		return id, cc, ps.list
	case KindBoss:
		var b phantom.BossBoard
		if !strict(&b) {
			return "", nil, ps.list
		}
		b.Card, b.Persistent = nil, nil
		ps.id = b.Name
		if b.Name == "" {
			ps.add("name", "§15.7", "write the boss's name as the board prints it")
		}
		for i := 0; i < 3; i++ {
			if b.HP[i] < 1 {
				ps.add(fmt.Sprintf("hp.%d", i), "A-29", "HP for %d characters must be at least 1", i+2)
			}
			if b.Range[i] < 1 {
				ps.add(fmt.Sprintf("range.%d", i), "A-29", "range for %d characters must be at least 1", i+2)
			}
		}
		ps.card("inherent action: ", "inherent", b.Inherent)
		for i, a := range b.Actions {
			ps.card(fmt.Sprintf("action #%d: ", i+1), fmt.Sprintf("actions.%d", i), a)
		}
		ps.crit("crit", b.Crit)
		return b.Name, b, ps.list
	case KindBossCard:
		var bc phantom.BossCard
		if !strict(&bc) {
			return "", nil, ps.list
		}
		if strings.TrimSpace(id) == "" {
			ps.add("id", "§15.7", "give the card a name or number, to tell it from the others of the deck")
		}
		if len(bc.Actions) == 0 && bc.Other == "" {
			ps.add("actions", "§15.7", "choose the boss actions it calls (#1 to #3), or write its other effect")
		}
		for _, n := range bc.Actions {
			if n < 1 || n > 3 {
				ps.add("actions", "§15.7", "boss action #%d does not exist: a boss board has actions #1 to #3", n)
			}
		}
		bc.Name = id
		return id, bc, ps.list
	case KindSpecies:
		var sp Species
		if !strict(&sp) {
			return "", nil, ps.list
		}
		ps.id = sp.Name
		if sp.Name == "" {
			ps.add("name", "§15.1", "write the species' name")
		}
		if sp.HP < 1 {
			ps.add("hp", "§15.1", "HP must be at least 1")
		}
		if sp.MaxAP < 1 {
			ps.add("maxAp", "§15.1", "max AP must be at least 1")
		}
		return sp.Name, sp, ps.list
	case KindClass:
		var cb ClassBoard
		if !strict(&cb) {
			return "", nil, ps.list
		}
		ps.id = cb.Name
		if cb.Name == "" {
			ps.add("name", "§15.2", "write the class's name")
		}
		if cb.BaseRange < 1 {
			ps.add("baseRange", "§15.2", "the base range is at least 1")
		}
		if cb.ItemSlots < 0 {
			ps.add("itemSlots", "§15.2", "item slots cannot be below 0")
		}
		if cb.BandageSlots < 0 {
			ps.add("bandageSlots", "§15.2", "bandage slots cannot be below 0")
		}
		for i, slot := range cb.AttachmentSlots {
			for _, t := range slot {
				if !contains(AttachmentTypes, t) {
					ps.add(fmt.Sprintf("attachmentSlots.%d", i), "§15.5", "attachment slot %d: %q is not an attachment type", i+1, t)
				}
			}
		}
		return cb.Name, cb, ps.list
	case KindActionCard:
		var ac ActionCard
		if !strict(&ac) {
			return "", nil, ps.list
		}
		ps.id = ac.ID
		if ac.ID == "" {
			ps.add("id", "§15.3", "write the card's name")
		}
		if ac.Class == "" {
			ps.add("class", "§15.3", "choose the class whose deck it belongs to")
		}
		if ac.AP < 0 {
			ps.add("ap", "§15.3", "AP cannot be below 0")
		}
		if ac.SPCost < 0 {
			ps.add("spCost", "§15.3", "the SP cost cannot be below 0")
		}
		return ac.ID, ac, ps.list
	case KindEquipment:
		var e Equipment
		if !strict(&e) {
			return "", nil, ps.list
		}
		ps.id = e.ID
		if e.ID == "" {
			ps.add("id", "§15.4", "write the equipment's name")
		}
		if e.Tier < 1 || e.Tier > 3 {
			ps.add("tier", "V-25", "tier %d is not 1, 2 or 3", e.Tier)
		}
		if !contains(Planets, e.Planet) {
			ps.add("planet", "§15.4", "choose its planet (Berkav, Thespara or Orbos)")
		}
		if !contains(EquipmentSlots, e.Slot) {
			ps.add("slot", "§15.4", "choose its slot (head, body or feet)")
		}
		if e.Cost < 0 {
			ps.add("cost", "V-15", "the cost cannot be below 0")
		}
		if e.NovaSlots < 0 {
			ps.add("novaSlots", "V-07", "nova slots cannot be below 0")
		}
		return e.ID, e, ps.list
	case KindAttachment:
		var a Attachment
		if !strict(&a) {
			return "", nil, ps.list
		}
		ps.id = a.ID
		if a.ID == "" {
			ps.add("id", "§15.5", "write the attachment's name")
		}
		if a.Tier < 0 || a.Tier > 4 {
			ps.add("tier", "V-25", "tier %d is not X (a starting attachment) or 1 to 4", a.Tier)
		}
		if !contains(AttachmentTypes, a.Type) {
			ps.add("type", "§15.5", "choose its type (starting, melee, ranged, shield, medical, dual or any)")
		}
		if a.NovaSlots < 0 {
			ps.add("novaSlots", "V-07", "nova slots cannot be below 0")
		}
		return a.ID, a, ps.list
	case KindItem:
		var it ItemCard
		if !strict(&it) {
			return "", nil, ps.list
		}
		ps.id = it.ID
		if it.ID == "" {
			ps.add("id", "§15.8", "write the item's name")
		}
		return it.ID, it, ps.list
	case KindMission:
		var mi MissionInfo
		if !strict(&mi) {
			return "", nil, ps.list
		}
		ps.id = mi.ID
		if mi.ID == "" {
			ps.add("id", "§15.9", "write the mission's name as the mission book prints it (e.g. its planet and number)")
		}
		if mi.Difficulty < 1 {
			ps.add("difficulty", "V-25", "the difficulty is at least 1")
		}
		if mi.Planet != "" && !contains(Planets, mi.Planet) {
			ps.add("planet", "§15.9", "%q is not Berkav, Thespara or Orbos", mi.Planet)
		}
		if mi.SP < 0 {
			ps.add("sp", "V-15", "the SP reward cannot be below 0")
		}
		for p := range mi.Fame {
			if !contains(Planets, p) {
				ps.add("fame", "§15.9", "fame for %q: not a planet", p)
			}
		}
		// The structured rewards (rewards.go).
		for i, it := range mi.RewardItems {
			if strings.TrimSpace(it) == "" {
				ps.add(fmt.Sprintf("rewardItems.%d", i), "§15.9", "reward item %d has no name", i+1)
			}
		}
		for i, r := range mi.OneOffRewards {
			if strings.TrimSpace(r) == "" {
				ps.add(fmt.Sprintf("oneOffRewards.%d", i), "§15.9", "one-off reward %d has no name", i+1)
			} else if contains(mi.OneOffRewards[:i], r) {
				ps.add(fmt.Sprintf("oneOffRewards.%d", i), "§15.9", "one-off reward %q is listed twice", r)
			}
		}
		if mi.RewardNovaCells < 0 {
			ps.add("rewardNovaCells", "V-15", "the nova cells rewarded cannot be negative")
		}
		if mi.RewardVanishedTechnology < 0 {
			ps.add("rewardVanishedTechnology", "V-15", "the vanished technology rewarded cannot be negative")
		}
		return mi.ID, mi, ps.list
	case KindMap:
		if strings.TrimSpace(id) == "" {
			ps.add("id", "§15.9", "give the map a name")
		}
		m, err := hex.ParseMap(data)
		if err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				if line = strings.TrimSpace(line); line != "" {
					ps.add("spaces", "V-02", "%s", line)
				}
			}
			return id, nil, ps.list
		}
		raw, err := encodeMap(m)
		if err != nil {
			ps.add("", "V-02", "%v", err)
			return id, nil, ps.list
		}
		return id, raw, ps.list
	}
	ps.add("", "§15", "%q is not a kind of content", kind)
	return "", nil, ps.list
}

// problemsError joins problems into one refusal: every problem on its own
// line, the rules they cite together.
func problemsError(ps []Problem) error {
	if len(ps) == 0 {
		return nil
	}
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return errors.New(strings.Join(lines, "\n"))
}

// problemRules are the rules problems cite, for a refusal's rule.
func problemRules(ps []Problem) string {
	seen := map[string]bool{"§15": true}
	var out []string
	for _, p := range ps {
		if p.Rule != "" && !seen[p.Rule] {
			seen[p.Rule] = true
			out = append(out, p.Rule)
		}
	}
	return strings.Join(out, ", ")
}

// validate checks one piece of content; it returns the id it is kept under.
func (c *Content) validate(kind ContentKind, id string, data json.RawMessage) (string, any, error) {
	key, v, ps := CheckContent(kind, id, data)
	if len(ps) > 0 {
		return "", nil, problemsError(ps)
	}
	return key, v, nil
}
