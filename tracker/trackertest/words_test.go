package trackertest

import (
	"strings"
	"testing"
)

// ruleCases are, for each shared rule, words it is for (seen on screen or
// in a refusal, issue 23) and good English it lets through.
var ruleCases = []struct {
	why  string
	bad  []string
	good []string
}{
	{"a program's true or false", []string{
		"Campaign sheet: Orlan 1 available true, completed false",
		"locked: true",
	}, []string{"It is true to the rules", "True sight", "Ana is not downed", "must be “true” or “false”, not a number"}},
	{"an empty quoted text", []string{
		`Campaign sheet: Orlan 1 available, completed ""`,
		"the name “” is taken",
		"name ''",
	}, []string{`the name “Ana” is taken`, "Bram's and Ana's turns", "“Delete” needs a hold"}},
	{"Go's own words", []string{
		"json: cannot unmarshal number -1 into Go struct field undoPayload.targets of type uint64",
		"json: error calling MarshalJSON for type json.RawMessage: invalid character '{' after top-level value",
		"cannot unmarshal array into Go value of type phantom.contentFile",
		`json: unknown field "meps"`,
		"invalid character 'x' looking for beginning of value",
	}, []string{"The file cannot be read: line 3 is cut short", "an unknown field “meps”", "Type of the enemy: Grunt", "A full export was kept at /tmp/backups/deleted/Beta.json: import it", "the alert units move: units of type Grunt, in the order they were placed"}},
	{"a type of Go", []string{
		"should be uint64", "targets of kind []uint64", "a map[string]int", "an int", "float64 value", "interface{}",
	}, []string{"an integer of 0 or more", "mapping the rooms", "the interface of the Enemy tab", "international"}},
	{"a name in the program's code", []string{
		"cannot read json.RawMessage", "a time.Time value", "tracker.Campaign",
	}, []string{"Rulebook p.50", "e.g. Thursday", "Room 1. Then the Grunt", "practice.json"}},
	{"an identifier in camelCase", []string{"phantom.contentFile", "House rule sightInEnemyTurn"}, []string{"iPad and iOS", "McAllister"}},
	{`a program's tag such as "(auto)"`, []string{
		"takes a permanent wound (auto)", "(TODO)", "Owner (n/a)", "Target (null)",
	}, []string{"takes a permanent wound (the rules decide it)", "Normal (the default size)", "Ana (Rulebook p.27)", "(rolled 1)", "Target: (none)"}},
	{"a raw number of ten digits or more", []string{
		"Seed 18446744073709551615", "draw 4294967296",
	}, []string{"Seed 123456789", "backups/tablekeeper-20261126-104923.127.db", "1,000,000 events checked", "2026-11-29"}},
	{"a count of 1 with a plural noun", []string{
		"2 areas need 1 modifiers", "Replaced the content: 1 faction cards", "1 maps", "1 heroes", "(1 wounds)", "at 1 minutes", "1 campaigns",
	}, []string{"1 modifier", "2 modifiers", "Round 1", "heroes", "Round 1 heroes act", "Room 1 doors", "1 of 3 cards", "0.1 cards", "11 cards", "1 hero card", "+1 attacks"}},
	{"a count of more than 1 with a singular noun", []string{
		"2 area", "2 area need 1 modifier", "3 hero.", "12 enemy left", "1,000 unit", "(2 wound)",
	}, []string{"2 areas", "2 enemy units", "2 hit points", "3 turn order", "Round 2 area", "Ana (2)", "2 damage", "2 wounds", "10 wounds"}},
	{"a word said twice", []string{"Mission Mission 1", "the room Room 2's door", "Ana Ana"}, []string{"Mission 1", "Room 2's door", "— —", "a a", "with 2 dice: HIT HIT, 2 hits", "BLANK SPECIAL SPECIAL"}},
	{"an identifier in snake_case", []string{"kind reich_spawn"}, []string{"a spawn of the Reich"}},
	{"a brace (JSON or a format string)", []string{`{"map": 1}`}, []string{"(map 1)"}},
	{"a spec section sign", []string{"Damage is at least 1 (\u00a77.3)"}, []string{"Damage is at least 1 (Rulebook p.27)"}},
	{`the word "spec"`, []string{"The spec's reading"}, []string{"special rules", "spectre"}},
	{"an AMB code", []string{"AMB-5: at resolution"}, []string{"Ambush"}},
}

// Each shared rule catches the words it is for and lets good English
// through.
func TestEachWordRuleCatchesItsWordsAndPassesEnglish(t *testing.T) {
	for _, c := range ruleCases {
		t.Run(c.why, func(t *testing.T) {
			var rule *WordRule
			for i := range SharedWordRules {
				if SharedWordRules[i].Why == c.why {
					rule = &SharedWordRules[i]
				}
			}
			if rule == nil {
				t.Fatalf("no shared rule %q", c.why)
			}
			for _, bad := range c.bad {
				if len(rule.Find(bad)) == 0 {
					t.Errorf("%q passes", bad)
				}
			}
			for _, good := range c.good {
				if got := Findings(SharedWordRules, good); len(got) > 0 {
					t.Errorf("good English %q is refused: %s", good, strings.Join(got, "; "))
				}
			}
		})
	}
}

// Every shared rule has its case.
func TestEveryWordRuleHasItsTest(t *testing.T) {
	tested := map[string]bool{}
	for _, c := range ruleCases {
		tested[c.why] = true
	}
	for _, r := range SharedWordRules {
		if !tested[r.Why] {
			t.Errorf("the rule %q has no case in ruleCases", r.Why)
		}
	}
}

func TestNotPlayersWordsInADiaryLine(t *testing.T) {
	for _, bad := range []string{"Settings: house.rule changed", "A-12 applies", "%!d(string=x)", "2 hero(s)"} {
		if len(NotPlayersWords(bad)) == 0 {
			t.Errorf("%q passes", bad)
		}
	}
	for _, good := range []string{"Round 2: Ana took 3 damage, 7 → 4", "Note: the cellar door was open", "Mission 1 · Round 3"} {
		if got := NotPlayersWords(good); len(got) > 0 {
			t.Errorf("%q: %v", good, got)
		}
	}
}
