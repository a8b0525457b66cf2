package content

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Faction is the mission's faction card (spec §2.1). The order of Units is
// the enemy activation order in phases 2 and 3.
type Faction struct {
	ID    string     `json:"factionId"`
	Name  string     `json:"name"`
	Units []UnitType `json:"units"`
}

// Unit returns the unit type with the given code, or nil.
func (f *Faction) Unit(code string) *UnitType {
	for i := range f.Units {
		if f.Units[i].Code == code {
			return &f.Units[i]
		}
	}
	return nil
}

// UnitType is one line of the faction card. The stat layout is not in the
// source (spec §2.1); these fields are what the enemy rules read.
type UnitType struct {
	Code        string `json:"code"`
	Name        string `json:"name"`
	NameIsWhite bool   `json:"nameIsWhite,omitempty"`
	LootColour  string `json:"lootColour"`
	// Max is the "#" column: how many miniatures of this type the mission has.
	Max          int  `json:"max"`
	MeleeAttack  int  `json:"meleeAttack"`
	RangedAttack *int `json:"rangedAttack,omitempty"`
	Range        int  `json:"range,omitempty"`
	Support      int  `json:"support"`
	Defence      int  `json:"defence"`
	// IsRanged decides how the unit moves (§7.5.3); when absent it is
	// "has a ranged attack".
	IsRanged *bool `json:"isRanged,omitempty"`
	// Wounds is how many wounds kill it (1 unless X Wounds says more).
	Wounds   int         `json:"wounds,omitempty"`
	Keywords []Keyword   `json:"keywords,omitempty"`
	Tags     []string    `json:"tags,omitempty"`
	States   []UnitState `json:"states,omitempty"`
}

// UnitState is one side of a multi-state unit's cards (spec §7.6.3).
type UnitState struct {
	Colour      string `json:"colour"`
	HasFlipIcon bool   `json:"hasFlipIcon,omitempty"`
}

// Ranged reports whether the unit moves and fights as a ranged unit.
func (u *UnitType) Ranged() bool {
	if u.IsRanged != nil {
		return *u.IsRanged
	}
	return u.RangedAttack != nil
}

// Has reports whether the unit has the keyword.
func (u *UnitType) Has(k KeywordID) bool {
	for _, kw := range u.Keywords {
		if kw.ID == k {
			return true
		}
	}
	return false
}

// Keyword returns the unit's keyword k, if it has it.
func (u *UnitType) Keyword(k KeywordID) (Keyword, bool) {
	for _, kw := range u.Keywords {
		if kw.ID == k {
			return kw, true
		}
	}
	return Keyword{}, false
}

// Tagged reports whether the unit carries the tag.
func (u *UnitType) Tagged(tag string) bool {
	for _, t := range u.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

// Unique reports whether only one of this unit may ever be placed: the
// Unique keyword, and every vrilmeister (spec §12.1, V-22).
func (u *UnitType) Unique() bool {
	return u.Has(KwUnique) || u.Tagged("vrilmeister") || u.Has(KwVrilmeister)
}

// WoundsToKill is the number of wound tokens that kill the unit (§7.6.2).
func (u *UnitType) WoundsToKill() int {
	if kw, ok := u.Keyword(KwXWounds); ok {
		return kw.N
	}
	if u.Wounds > 0 {
		return u.Wounds
	}
	return 1
}

// Loot colours (spec §2.1).
var lootColours = []string{"grey", "red", "black", "blue"}

// Tags the rules read (spec §2.1).
var knownTags = []string{"officer", "vrilmeister", "dog", "zombie", "experiment", "experiment6XX",
	"armoured", "alien", "sentryFlammer", "sentryGun", "sturmAngriff", "sturmKanonier", "ubersoldat",
	"generalWolff", "trackingBomber"}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Validate checks the faction card: unique codes, the "#" column, stats,
// keywords and tags (spec §2.1, §13 V-21–V-23).
func (f *Faction) Validate() error {
	if len(f.Units) == 0 {
		return fmt.Errorf("faction card: it lists no units")
	}
	codes := map[string]int{}
	for i := range f.Units {
		u := &f.Units[i]
		if strings.TrimSpace(u.Code) == "" {
			return fmt.Errorf("faction card: unit %d has no code", i+1)
		}
		if j, dup := codes[u.Code]; dup {
			return fmt.Errorf("faction card: units %d and %d share the code %q", j+1, i+1, u.Code)
		}
		codes[u.Code] = i
	}
	for i := range f.Units {
		if err := f.Units[i].validate(f); err != nil {
			return fmt.Errorf("faction card: unit %d (%s): %w", i+1, f.Units[i].Code, err)
		}
	}
	return nil
}

func (u *UnitType) validate(f *Faction) error {
	if strings.TrimSpace(u.Name) == "" {
		return fmt.Errorf("it has no name")
	}
	if !contains(lootColours, u.LootColour) {
		return fmt.Errorf("loot colour %q is not one of grey, red, black, blue", u.LootColour)
	}
	if u.Max < 0 {
		return fmt.Errorf("the miniature limit (#) must be 0 or more, got %d", u.Max)
	}
	if u.MeleeAttack < 0 || u.Support < 0 || u.Defence < 0 {
		return fmt.Errorf("attack, support and defence must be 0 or more")
	}
	if u.RangedAttack != nil && *u.RangedAttack < 0 {
		return fmt.Errorf("ranged attack must be 0 or more, got %d", *u.RangedAttack)
	}
	if u.Range < 0 {
		return fmt.Errorf("range must be 0 or more, got %d", u.Range)
	}
	if u.RangedAttack == nil && u.Range > 0 {
		return fmt.Errorf("it has a range of %d but no ranged attack", u.Range)
	}
	if u.Wounds < 0 {
		return fmt.Errorf("wounds must be 1 or more, got %d", u.Wounds)
	}
	seen := map[KeywordID]bool{}
	for _, kw := range u.Keywords {
		if seen[kw.ID] {
			return fmt.Errorf("keyword %s is listed twice", kw.ID)
		}
		seen[kw.ID] = true
		switch kw.ID {
		case KwXWounds:
			if kw.N < 1 {
				return fmt.Errorf("X Wounds needs a number of 1 or more")
			}
			if u.Wounds != 0 && u.Wounds != kw.N {
				return fmt.Errorf("wounds is %d but its X Wounds keyword says %d", u.Wounds, kw.N)
			}
		case KwHandler:
			h := f.Unit(kw.Code)
			if h == nil {
				return fmt.Errorf("Handler names unit code %q, which is not on the faction card", kw.Code)
			}
			if kw.Code == u.Code {
				return fmt.Errorf("Handler cannot name the unit itself")
			}
		}
	}
	for _, t := range u.Tags {
		if !contains(knownTags, t) {
			return fmt.Errorf("tag %q is not one the rules use (%s)", t, strings.Join(knownTags, ", "))
		}
	}
	for j, s := range u.States {
		if s.Colour != "grey" && s.Colour != "red" {
			return fmt.Errorf("unit card side %d: colour must be grey or red, got %q", j+1, s.Colour)
		}
	}
	return nil
}

// KeywordID names an enemy keyword (spec §12.1, §12.7).
type KeywordID string

// The enemy keywords the rules read.
const (
	KwAblativeShield KeywordID = "ablativeShield"
	KwArmoured       KeywordID = "armoured"
	KwBodyguard      KeywordID = "bodyguard"
	KwBomber         KeywordID = "bomber"
	KwChainFire      KeywordID = "chainFire"
	KwCoward         KeywordID = "coward"
	KwCrush          KeywordID = "crush"
	KwDetect         KeywordID = "detect"
	KwDugIn          KeywordID = "dugIn"
	KwElusive        KeywordID = "elusive"
	KwEncourage      KeywordID = "encourage"
	KwEnhance        KeywordID = "enhance"
	KwEscort         KeywordID = "escort"
	KwFast           KeywordID = "fast"
	KwFixed          KeywordID = "fixed"
	KwGuard          KeywordID = "guard"
	KwHandler        KeywordID = "handler"
	KwMeatshield     KeywordID = "meatshield"
	KwNoHands        KeywordID = "noHands"
	KwOverwhelm      KeywordID = "overwhelm"
	KwPounce         KeywordID = "pounce"
	KwPsychicBlast   KeywordID = "psychicBlast"
	KwPsychicShield  KeywordID = "psychicShield"
	KwReinforce      KeywordID = "reinforce"
	KwRelentless     KeywordID = "relentless"
	KwRepulse        KeywordID = "repulse"
	KwRuthless       KeywordID = "ruthless"
	KwScuttle        KeywordID = "scuttle"
	KwSmash          KeywordID = "smash"
	KwUnique         KeywordID = "unique"
	KwUnstable       KeywordID = "unstable"
	KwUnstoppable    KeywordID = "unstoppable"
	KwVrilAcid       KeywordID = "vrilAcid"
	KwVrilmeister    KeywordID = "vrilmeister"
	KwXenobiologist  KeywordID = "xenobiologist"
	KwXWounds        KeywordID = "xWounds"
)

var knownKeywords = map[KeywordID]bool{}

func init() {
	for _, k := range []KeywordID{KwAblativeShield, KwArmoured, KwBodyguard, KwBomber, KwChainFire, KwCoward,
		KwCrush, KwDetect, KwDugIn, KwElusive, KwEncourage, KwEnhance, KwEscort, KwFast, KwFixed, KwGuard,
		KwHandler, KwMeatshield, KwNoHands, KwOverwhelm, KwPounce, KwPsychicBlast, KwPsychicShield,
		KwReinforce, KwRelentless, KwRepulse, KwRuthless, KwScuttle, KwSmash, KwUnique, KwUnstable,
		KwUnstoppable, KwVrilAcid, KwVrilmeister, KwXenobiologist, KwXWounds} {
		knownKeywords[k] = true
	}
}

// KnownKeywords lists the keyword ids in alphabetical order, for entry forms.
func KnownKeywords() []string {
	out := make([]string, 0, len(knownKeywords))
	for k := range knownKeywords {
		out = append(out, string(k))
	}
	sort.Strings(out)
	return out
}

// Keyword is one keyword on a faction card line. In JSON it is a string:
// "fast", "xWounds(3)" or "handler(DG)".
type Keyword struct {
	ID   KeywordID
	N    int    // X Wounds
	Code string // Handler
}

func (k Keyword) String() string {
	switch k.ID {
	case KwXWounds:
		return fmt.Sprintf("%s(%d)", k.ID, k.N)
	case KwHandler:
		return fmt.Sprintf("%s(%s)", k.ID, k.Code)
	}
	return string(k.ID)
}

// MarshalJSON writes the keyword in its string form.
func (k Keyword) MarshalJSON() ([]byte, error) { return json.Marshal(k.String()) }

// UnmarshalJSON reads the string form and checks the keyword is known.
func (k *Keyword) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("a keyword is written as text in double quotes, such as \"Fast\" or \"X Wounds (3)\"")
	}
	kw, err := ParseKeyword(s)
	if err != nil {
		return err
	}
	*k = kw
	return nil
}

// KeywordTitle names a keyword as a faction card prints it: "noHands" →
// "No Hands", "xWounds" → "X Wounds".
func KeywordTitle(id KeywordID) string {
	var b strings.Builder
	for i, r := range string(id) {
		if i == 0 {
			r = unicode.ToUpper(r)
		} else if unicode.IsUpper(r) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ParseKeyword reads "fast", "xWounds(3)" or "handler(DG)", and the same
// as the card prints them ("Fast", "X Wounds (3)", "Handler (DG)").
func ParseKeyword(s string) (Keyword, error) {
	s = strings.TrimSpace(s)
	name, arg := s, ""
	if i := strings.IndexByte(s, '('); i >= 0 {
		if !strings.HasSuffix(s, ")") {
			return Keyword{}, fmt.Errorf("keyword %q: missing closing bracket", s)
		}
		name, arg = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:len(s)-1])
	}
	id := KeywordID(name)
	if !knownKeywords[id] {
		// Forgive the capitals and spaces players see on the card ("No
		// Hands", "X Wounds").
		bare := strings.ReplaceAll(name, " ", "")
		for k := range knownKeywords {
			if strings.EqualFold(string(k), bare) {
				id = k
			}
		}
	}
	if !knownKeywords[id] {
		var known []string
		for _, k := range KnownKeywords() {
			known = append(known, KeywordTitle(KeywordID(k)))
		}
		return Keyword{}, fmt.Errorf("keyword %q is not an enemy keyword the app knows (%s)", name, strings.Join(known, ", "))
	}
	kw := Keyword{ID: id}
	switch id {
	case KwXWounds:
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			return Keyword{}, fmt.Errorf("keyword %q: X Wounds needs a number of 1 or more in brackets, as in X Wounds (3)", s)
		}
		kw.N = n
	case KwHandler:
		if arg == "" {
			return Keyword{}, fmt.Errorf("keyword %q: Handler needs the handled unit's code in brackets, as in Handler (DG)", s)
		}
		kw.Code = arg
	default:
		if arg != "" {
			return Keyword{}, fmt.Errorf("keyword %q takes no value", s)
		}
	}
	return kw, nil
}
