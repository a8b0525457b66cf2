package reich

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
)

// Settings are the campaign's house-rule settings (spec §14.1): the enemy
// AI's readings of the AMBIGUOUS rules (automa/reich Settings, each with the
// spec's default), the tracker's own AMBIGUOUS readings, and the Not of this
// Earth! option (§11). They are shown per campaign and changed only through
// SetSetting, so the log says who changed what.
type Settings struct {
	ai.Settings
	// NotOfThisEarth: the campaign plays the expansion's missions (§11).
	NotOfThisEarth bool `json:"notOfThisEarth"`
	// DiscardNonPermanentWounds: a wound card that is not permanent is
	// discarded at once (§6.4 AMBIGUOUS; default true).
	DiscardNonPermanentWounds bool `json:"discardNonPermanentWounds"`
	// MixHPKinds: the 2 HPs spent after a failed test may be of different
	// suitable kinds (§6.5 AMBIGUOUS; default true).
	MixHPKinds bool `json:"mixHpKinds"`
	// StartingSkillCounts: a starting skill that is one of the 20 campaign
	// skills counts toward its type's price (§10.3 AMBIGUOUS; default true).
	StartingSkillCounts bool `json:"startingSkillCounts"`
}

// DefaultSettings are the spec's defaults (§14.1 and the AMBIGUOUS notes).
func DefaultSettings() Settings {
	return Settings{
		Settings:                  ai.DefaultSettings(),
		DiscardNonPermanentWounds: true,
		MixHPKinds:                true,
		StartingSkillCounts:       true,
	}
}

type settingDef struct {
	section string
	kind    string // bool, int, or a list of choices
	choices []string
	get     func(*Settings) string
	set     func(*Settings, string) error
}

func boolSetting(section string, f func(*Settings) *bool) settingDef {
	return settingDef{section: section, kind: "bool",
		get: func(s *Settings) string { return strconv.FormatBool(*f(s)) },
		set: func(s *Settings, v string) error {
			b, err := strconv.ParseBool(strings.TrimSpace(v))
			if err != nil {
				return fmt.Errorf("it is on or off, not %q", v)
			}
			*f(s) = b
			return nil
		}}
}

func intSetting(section string, lo, hi int, f func(*Settings) *int) settingDef {
	return settingDef{section: section, kind: "int",
		get: func(s *Settings) string { return strconv.Itoa(*f(s)) },
		set: func(s *Settings, v string) error {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < lo || n > hi {
				return fmt.Errorf("it is a whole number from %d to %d, not %q", lo, hi, v)
			}
			*f(s) = n
			return nil
		}}
}

func choiceSetting(section string, choices []string, f func(*Settings) *string) settingDef {
	return settingDef{section: section, kind: "choice", choices: choices,
		get: func(s *Settings) string { return *f(s) },
		set: func(s *Settings, v string) error {
			for _, c := range choices {
				if strings.EqualFold(strings.TrimSpace(v), c) {
					*f(s) = c
					return nil
				}
			}
			return fmt.Errorf("it is one of a few readings, not %q", v)
		}}
}

func optIntSetting(section string, f func(*Settings) **int) settingDef {
	return settingDef{section: section, kind: "int",
		get: func(s *Settings) string {
			if p := *f(s); p != nil {
				return strconv.Itoa(*p)
			}
			return ""
		},
		set: func(s *Settings, v string) error {
			v = strings.TrimSpace(v)
			if v == "" {
				*f(s) = nil
				return nil
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 10 {
				return fmt.Errorf("it is a whole number from 0 to 10 (or empty until entered), not %q", v)
			}
			*f(s) = &n
			return nil
		}}
}

var settingDefs = map[string]settingDef{
	"spawnLevelSource":           choiceSetting("§2.2", []string{"iconColour", "trackerColour"}, func(s *Settings) *string { return &s.SpawnLevelSource }),
	"searchNoiseDice":            intSetting("§5.2", 0, 10, func(s *Settings) *int { return &s.SearchNoiseDice }),
	"alarmOnLastSpace":           boolSetting("§5.5", func(s *Settings) *bool { return &s.AlarmOnLastSpace }),
	"failOnLastSpace":            boolSetting("§5.5", func(s *Settings) *bool { return &s.FailOnLastSpace }),
	"postAlarmSubstitution":      choiceSetting("§5.6", []string{"silentAsWeapon", "suspiciousAsAlert", "none"}, func(s *Settings) *string { return &s.PostAlarmSubstitution }),
	"detectBonus":                intSetting("§6.3", 0, 10, func(s *Settings) *int { return &s.DetectBonus }),
	"rangedTargetNearestOverall": boolSetting("§7.2", func(s *Settings) *bool { return &s.RangedTargetNearestOverall }),
	"moveTargetIncludesDowned":   boolSetting("§7.2", func(s *Settings) *bool { return &s.MoveTargetIncludesDowned }),
	"patrolPlaceSide":            choiceSetting("§7.4.4", []string{"origin", "heroSide"}, func(s *Settings) *string { return &s.PatrolPlaceSide }),
	"capIsLifetime":              boolSetting("§7.4.6", func(s *Settings) *bool { return &s.CapIsLifetime }),
	"guardCountPerUnit":          boolSetting("§7.5.3", func(s *Settings) *bool { return &s.GuardCountPerUnit }),
	"ruthlessAlsoPhase3":         boolSetting("§7.5.4", func(s *Settings) *bool { return &s.RuthlessAlsoPhase3 }),
	"heroHpCarry":                choiceSetting("§10.2", []string{"toHQ", "lost"}, func(s *Settings) *string { return &s.HeroHpCarry }),
	"unarmed.attackDice":         optIntSetting("§6.2", func(s *Settings) **int { return &s.UnarmedAttackDice }),
	"unarmed.noise":              optIntSetting("§6.2", func(s *Settings) **int { return &s.UnarmedNoise }),
	"notOfThisEarth":             boolSetting("§11", func(s *Settings) *bool { return &s.NotOfThisEarth }),
	"whiteNamesCountForPhase1":   boolSetting("§5.3", func(s *Settings) *bool { return &s.WhiteNamesCountForPhase1 }),
	"chainFireHitsDowned":        boolSetting("§7.5.5", func(s *Settings) *bool { return &s.ChainFireHitsDowned }),
	"aurasStack":                 boolSetting("§7.5.6", func(s *Settings) *bool { return &s.AurasStack }),
	"armouredIgnoresExplosions":  boolSetting("§7.6.4", func(s *Settings) *bool { return &s.ArmouredIgnoresExplosions }),
	"patrolTokenPerIcon":         boolSetting("§7.4.4", func(s *Settings) *bool { return &s.PatrolTokenPerIcon }),
	"bomberAlsoAttacks":          boolSetting("§7.5.5", func(s *Settings) *bool { return &s.BomberAlsoAttacks }),
	"clearedBeforeSpawnCheck":    boolSetting("§5.2", func(s *Settings) *bool { return &s.ClearedBeforeSpawnCheck }),
	"escapeThroughClosedDoors":   boolSetting("§5.7", func(s *Settings) *bool { return &s.EscapeThroughClosedDoors }),
	"discardNonPermanentWounds":  boolSetting("§6.4", func(s *Settings) *bool { return &s.DiscardNonPermanentWounds }),
	"mixHpKinds":                 boolSetting("§6.5", func(s *Settings) *bool { return &s.MixHPKinds }),
	"startingSkillCounts":        boolSetting("§10.3", func(s *Settings) *bool { return &s.StartingSkillCounts }),
	"sightWaitsForPhase4":        boolSetting("§7.3", func(s *Settings) *bool { return &s.SightWaitsForPhase4 }),
}

// SettingKeys lists the setting keys in order, for the settings screen.
func SettingKeys() []string {
	keys := make([]string, 0, len(settingDefs))
	for k := range settingDefs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// SettingInfo describes one setting for the settings screen: its spec
// section, its kind ("bool", "int" or "choice"), the choices, and the
// value now and by default.
type SettingInfo struct {
	Key, Section, Kind string
	// Words are the house rule in the players' words (settingwords.go).
	Words          RuleWords
	Choices        []string
	Value, Default string
}

// Describe lists every setting with its current and default value.
func (s Settings) Describe() []SettingInfo {
	def := DefaultSettings()
	var out []SettingInfo
	for _, k := range SettingKeys() {
		d := settingDefs[k]
		out = append(out, SettingInfo{Key: k, Section: d.section, Kind: d.kind, Words: settingWords[k], Choices: d.choices, Value: d.get(&s), Default: d.get(&def)})
	}
	return out
}

// Get returns a setting's value as text.
func (s Settings) Get(key string) (string, bool) {
	d, ok := settingDefs[key]
	if !ok {
		return "", false
	}
	return d.get(&s), true
}

// SetSetting changes one house-rule setting (spec §14.1). Key is one of
// SettingKeys; Value is written as the settings screen shows it.
type SetSetting struct {
	Key, Value string
}

func (c SetSetting) decide(t *tx, _ *tracker.Dice) (string, error) {
	d, ok := settingDefs[c.Key]
	if !ok {
		return "", tracker.Refuse("reichbusters §14.1", "this Tablekeeper knows no house rule called %s (the Settings screen lists those it has)", strings.ToLower(titleWords(c.Key)))
	}
	if c.Key == "notOfThisEarth" && t.s.Mission != nil && !t.s.Mission.Ended {
		return "", tracker.Refuse("reichbusters §11", "Not of this Earth! can be switched only between missions")
	}
	s := t.s.Settings
	before := d.get(&s)
	title := settingWords[c.Key].Title
	if err := d.set(&s, c.Value); err != nil {
		if d.kind == "choice" {
			// Each reading in words, as the Settings screen offers them.
			var rs []string
			for _, ch := range d.choices {
				r := settingWords[c.Key].Short[ch]
				if r == "" {
					r = titleWords(ch)
				}
				rs = append(rs, r)
			}
			return "", tracker.Refuse("reichbusters §14.1", "%s: it is one of these: %s", title, strings.Join(rs, "; "))
		}
		return "", tracker.Refuse("reichbusters §14.1", "%s: %v", title, err)
	}
	if err := s.Settings.Validate(); err != nil {
		return "", tracker.Refuse("reichbusters §14.1", "%v", err)
	}
	after := d.get(&s)
	if after == before {
		return "", tracker.Refuse("reichbusters §14.1", "%s: this campaign already plays it so", title)
	}
	t.do(Op{Op: opSettings, Settings: &s})
	// The line is in the Settings screen's words (§14.1: the log says who
	// changed what); the key and section stay out of it.
	t.say("%s", settingLine(c.Key, d.kind, before, after))
	return "setting", nil
}

func show(v string) string {
	if v == "" {
		return "not entered"
	}
	return v
}
