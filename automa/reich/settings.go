package reich

import "fmt"

// Settings are the house-rule settings of spec §14.1 and the AMBIGUOUS
// readings the enemy rules depend on. The zero value is not the default:
// start from DefaultSettings (a situation file's "settings" object is read
// on top of the defaults, so it only needs the keys it changes).
type Settings struct {
	// SpawnLevelSource picks a spawn card's row: "iconColour" (the spawn
	// icon's colour) or "trackerColour" (the mission tracker space) (§2.2).
	SpawnLevelSource string `json:"spawnLevelSource"`
	// SearchNoiseDice is the search action's noise dice (§5.2).
	SearchNoiseDice int `json:"searchNoiseDice"`
	// AlarmOnLastSpace: the alarm sounds on landing on the last pre-alarm
	// space rather than on moving past it (§5.5). FailOnLastSpace likewise
	// for the post-alarm (and alien world) track.
	AlarmOnLastSpace bool `json:"alarmOnLastSpace"`
	FailOnLastSpace  bool `json:"failOnLastSpace"`
	// PostAlarmSubstitution: "silentAsWeapon", "suspiciousAsAlert" or "none" (§5.6).
	PostAlarmSubstitution string `json:"postAlarmSubstitution"`
	// DetectBonus is what each Detect unit adds to a noise total in its area (§6.3).
	DetectBonus int `json:"detectBonus"`
	// RangedTargetNearestOverall: a ranged unit shoots only at the nearest
	// hero overall, and not at all if that hero is out of its sight or range (§7.2).
	RangedTargetNearestOverall bool `json:"rangedTargetNearestOverall"`
	// MoveTargetIncludesDowned: enemies move toward downed and captured heroes too (§7.2).
	MoveTargetIncludesDowned bool `json:"moveTargetIncludesDowned"`
	// PatrolPlaceSide: "origin" (the patrol's side of the door) or "heroSide" (§7.4.4).
	PatrolPlaceSide string `json:"patrolPlaceSide"`
	// CapIsLifetime: the "#" limit counts every miniature ever placed, not
	// those on the map at once (§7.4.6).
	CapIsLifetime bool `json:"capIsLifetime"`
	// GuardCountPerUnit: Guard units count the guards in their area one at
	// a time as each activates, rather than once for the whole group (§7.5.3).
	GuardCountPerUnit bool `json:"guardCountPerUnit"`
	// RuthlessAlsoPhase3: a Ruthless unit that shot in phase 2 attacks again in phase 3 (§7.5.4).
	RuthlessAlsoPhase3 bool `json:"ruthlessAlsoPhase3"`
	// HeroHpCarry: "toHQ" or "lost" for heroism points left on dashboards (§10.2).
	HeroHpCarry string `json:"heroHpCarry"`
	// UnarmedAttackDice and UnarmedNoise are content the source lost (§6.2); nil until entered.
	UnarmedAttackDice *int `json:"unarmedAttackDice,omitempty"`
	UnarmedNoise      *int `json:"unarmedNoise,omitempty"`

	// The AMBIGUOUS readings below have no §14 key; each is the spec's default.

	// WhiteNamesCountForPhase1: a white-named alert unit still moves the
	// round marker in phase 1 (§5.3).
	WhiteNamesCountForPhase1 bool `json:"whiteNamesCountForPhase1"`
	// ChainFireHitsDowned: Chain Fire and Psychic Blast also hit downed and
	// captured heroes in the target area (§7.5.5; default false).
	ChainFireHitsDowned bool `json:"chainFireHitsDowned"`
	// AurasStack: several copies of one aura (two Enhance! units) add up (§7.5.6; default false).
	AurasStack bool `json:"aurasStack"`
	// ArmouredIgnoresExplosions: explosions (Bomber, Unstable) are not
	// armour piercing, so they cannot wound Armoured units (§7.6.1, §7.6.4).
	ArmouredIgnoresExplosions bool `json:"armouredIgnoresExplosions"`
	// PatrolTokenPerIcon: a patrol left as tokens gets one token per icon,
	// not one token carrying every icon (§7.4.4).
	PatrolTokenPerIcon bool `json:"patrolTokenPerIcon"`
	// BomberAlsoAttacks: a Bomber makes its melee attack and then explodes,
	// rather than the explosion replacing the attack (§7.5.5).
	BomberAlsoAttacks bool `json:"bomberAlsoAttacks"`
	// ClearedBeforeSpawnCheck: the cleared token goes down before the
	// spawn triggers are checked, not after (§5.2).
	ClearedBeforeSpawnCheck bool `json:"clearedBeforeSpawnCheck"`
	// EscapeThroughClosedDoors: the end-of-game escape path may pass closed
	// and locked doors (§5.7).
	EscapeThroughClosedDoors bool `json:"escapeThroughClosedDoors"`
	// SightWaitsForPhase4 (house rule): an enemy unit that begins to see a
	// hero during an enemy turn does not raise its room at once; phase 4
	// ("Check awareness!") raises it at the end of the enemy turn. By
	// default the seed's rule holds: "the first time an enemy unit sees a
	// hero, regardless of the circumstances, immediately raise the
	// awareness 1 level" (§7.3; the spec's reading waited for phase 4: the
	// seed wins). It replaces sightInEnemyTurn, whose default was the
	// opposite reading.
	SightWaitsForPhase4 bool `json:"sightWaitsForPhase4"`
}

// DefaultSettings are the spec's readings (§14.1 and every AMBIGUOUS default).
func DefaultSettings() Settings {
	return Settings{
		SpawnLevelSource:          "iconColour",
		SearchNoiseDice:           2,
		PostAlarmSubstitution:     "silentAsWeapon",
		DetectBonus:               1,
		MoveTargetIncludesDowned:  true,
		PatrolPlaceSide:           "origin",
		GuardCountPerUnit:         true,
		RuthlessAlsoPhase3:        true,
		HeroHpCarry:               "toHQ",
		WhiteNamesCountForPhase1:  true,
		ArmouredIgnoresExplosions: true,
		PatrolTokenPerIcon:        true,
		EscapeThroughClosedDoors:  true,
	}
}

// Validate refuses settings values the rules do not know.
func (s *Settings) Validate() error {
	oneOf := func(key, v string, allowed ...string) error {
		for _, a := range allowed {
			if v == a {
				return nil
			}
		}
		return fmt.Errorf("settings: %s %q is not one of %v", key, v, allowed)
	}
	if err := oneOf("spawnLevelSource", s.SpawnLevelSource, "iconColour", "trackerColour"); err != nil {
		return err
	}
	if err := oneOf("postAlarmSubstitution", s.PostAlarmSubstitution, "silentAsWeapon", "suspiciousAsAlert", "none"); err != nil {
		return err
	}
	if err := oneOf("patrolPlaceSide", s.PatrolPlaceSide, "origin", "heroSide"); err != nil {
		return err
	}
	if err := oneOf("heroHpCarry", s.HeroHpCarry, "toHQ", "lost"); err != nil {
		return err
	}
	if s.SearchNoiseDice < 0 {
		return fmt.Errorf("settings: searchNoiseDice must be 0 or more, got %d", s.SearchNoiseDice)
	}
	if s.DetectBonus < 0 {
		return fmt.Errorf("settings: detectBonus must be 0 or more, got %d", s.DetectBonus)
	}
	if s.UnarmedAttackDice != nil && *s.UnarmedAttackDice < 0 {
		return fmt.Errorf("settings: unarmedAttackDice must be 0 or more")
	}
	if s.UnarmedNoise != nil && *s.UnarmedNoise < 0 {
		return fmt.Errorf("settings: unarmedNoise must be 0 or more")
	}
	return nil
}
