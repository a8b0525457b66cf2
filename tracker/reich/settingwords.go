package reich

// The house rules in the players' words: each setting is a rule the
// rules summary leaves open (or a number it does not print), with what it
// is about and, for a choice between readings, each reading in a
// sentence. The Settings screen shows these words and the diary writes a
// change in them; the settings' keys and spec sections stay in the code.

// RuleWords are one setting's words: its title, and a sentence per value
// ("true" and "false" for one that is on or off; each choice; "" for a
// number, saying what it counts), and a short name per choice.
type RuleWords struct {
	Title    string
	Readings map[string]string
	Short    map[string]string
}

var settingWords = map[string]RuleWords{
	"notOfThisEarth": {"Not of this Earth! missions", map[string]string{
		"true":  "This campaign plays the Not of this Earth! missions.",
		"false": "This campaign does not play the Not of this Earth! missions."}, nil},
	"spawnLevelSource": {"Which row of a spawn card is used", map[string]string{
		"iconColour":    "The colour of the spawn icon picks the row.",
		"trackerColour": "The colour of the mission tracker's space picks the row (each mission then needs its spaces' colours)."},
		map[string]string{"iconColour": "the icon's colour", "trackerColour": "the tracker's colour"}},
	"searchNoiseDice": {"Noise dice of a search", map[string]string{"": "How many noise dice a search rolls."}, nil},
	"alarmOnLastSpace": {"When the alarm sounds", map[string]string{
		"false": "When the round marker would move past the last space before the alarm.",
		"true":  "As the round marker lands on the last space before the alarm."}, nil},
	"failOnLastSpace": {"When time runs out", map[string]string{
		"false": "The mission fails when the round marker would move past the last space after the alarm.",
		"true":  "The mission fails as the round marker lands on that last space."}, nil},
	"postAlarmSubstitution": {"After the alarm, the icon that counts as another", map[string]string{
		"silentAsWeapon":    "An action marked silent makes a noise test with its weapon's noise dice.",
		"suspiciousAsAlert": "The suspicious awareness icon counts as alert.",
		"none":              "No icon counts as another."},
		map[string]string{"silentAsWeapon": "silent as weapon noise", "suspiciousAsAlert": "suspicious as alert", "none": "none"}},
	"detectBonus": {"What a Detect unit adds", map[string]string{"": "What each Detect unit adds to a noise total in its area."}, nil},
	"rangedTargetNearestOverall": {"Whom a ranged unit shoots", map[string]string{
		"false": "The nearest hero it can shoot: in its sight and range.",
		"true":  "Only the nearest hero of all: if that hero is out of its sight or range, it does not shoot."}, nil},
	"moveTargetIncludesDowned": {"Whom the enemy moves towards", map[string]string{
		"true":  "The nearest hero, downed and captured heroes too (so it gathers round a downed hero).",
		"false": "The nearest hero still standing."}, nil},
	"patrolPlaceSide": {"Where a patrol comes in", map[string]string{
		"origin":   "On the far side of the door it opens: the side it comes from.",
		"heroSide": "On the heroes' side of the door."},
		map[string]string{"origin": "the far side", "heroSide": "the heroes' side"}},
	"capIsLifetime": {"The miniature limit (#)", map[string]string{
		"false": "It counts the miniatures on the map at once: a killed unit can spawn again.",
		"true":  "It counts every miniature placed during the mission."}, nil},
	"guardCountPerUnit": {"Guard units counting guards", map[string]string{
		"true":  "Each Guard unit counts the guards in its area as it activates.",
		"false": "The guards in an area are counted once for the whole group."}, nil},
	"ruthlessAlsoPhase3": {"Ruthless units", map[string]string{
		"true":  "A Ruthless unit that shot while moving attacks again when the enemy attacks.",
		"false": "A Ruthless unit that shot while moving does not attack again that turn."}, nil},
	"heroHpCarry": {"Heroism points left on dashboards after a campaign mission", map[string]string{
		"toHQ": "They go onto the HQ card.",
		"lost": "They are lost."},
		map[string]string{"toHQ": "to the HQ card", "lost": "lost"}},
	"unarmed.attackDice": {"Attack dice of an unarmed attack", map[string]string{"": "Not printed in the rules summary: take it from your rulebook."}, nil},
	"unarmed.noise":      {"Noise dice of an unarmed attack", map[string]string{"": "Not printed in the rules summary: take it from your rulebook."}, nil},
	"whiteNamesCountForPhase1": {"White-named units and the round marker", map[string]string{
		"true":  "An alert unit with a white name still moves the round marker on at the start of an enemy turn.",
		"false": "Only units that move and attack move the round marker on."}, nil},
	"chainFireHitsDowned": {"Chain Fire and Psychic Blast", map[string]string{
		"true":  "They also hit downed and captured heroes in the area.",
		"false": "They hit only the heroes still standing."}, nil},
	"aurasStack": {"Two copies of one aura", map[string]string{
		"true":  "They add up (two Enhance! units give twice the bonus).",
		"false": "Only one counts."}, nil},
	"armouredIgnoresExplosions": {"Explosions against Armoured units", map[string]string{
		"true":  "An explosion (Bomber, Unstable) cannot wound an Armoured unit: it does not pierce armour.",
		"false": "An explosion wounds an Armoured unit like any other."}, nil},
	"patrolTokenPerIcon": {"A patrol left as tokens", map[string]string{
		"true":  "One spawn token for each icon of the card.",
		"false": "One spawn token carrying every icon."}, nil},
	"bomberAlsoAttacks": {"Bombers", map[string]string{
		"true":  "A Bomber makes its attack, then explodes.",
		"false": "The explosion takes the place of its attack."}, nil},
	"clearedBeforeSpawnCheck": {"The cleared token and spawn tokens in sight", map[string]string{
		"true":  "The cleared token goes down before spawn tokens in sight are checked.",
		"false": "Spawn tokens in sight are checked first; the cleared token goes down only if the room is still empty."}, nil},
	"escapeThroughClosedDoors": {"Escaping at the end of the game", map[string]string{
		"true":  "A hero's way to an exit may pass closed and locked doors.",
		"false": "It may pass open doors only."}, nil},
	"sightWaitsForPhase4": {"When an enemy spots a hero during the enemy's turn", map[string]string{
		"false": "Its room's awareness goes up at once (once per room each turn).",
		"true":  "Its room's awareness goes up only at the end of that turn (\"Check awareness!\")."}, nil},
	"discardNonPermanentWounds": {"Wound cards that are not permanent", map[string]string{
		"true":  "They are discarded at once.",
		"false": "The hero keeps them (they are not permanent wounds)."}, nil},
	"mixHpKinds": {"Two heroism points for a failed test", map[string]string{
		"true":  "They may be of different kinds, each suitable for the test.",
		"false": "They must be of one kind."}, nil},
	"startingSkillCounts": {"A starting skill and skill prices", map[string]string{
		"true":  "A starting skill that is one of the 20 campaign skills counts towards its type's price.",
		"false": "Starting skills never count towards prices."}, nil},
}

// settingLine is the diary line of a setting changed from before to after
// (values as Settings.Get writes them): its title and the reading now
// played, or for a number, the number before and after.
func settingLine(key, kind, before, after string) string {
	w := settingWords[key]
	title := w.Title
	if title == "" {
		title = "A house rule"
	}
	if r := w.Readings[after]; r != "" && kind != "int" {
		return "House rule changed: " + title + " — " + r
	}
	return "House rule changed: " + title + ": " + show(before) + " → " + show(after)
}
