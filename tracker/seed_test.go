package tracker

import (
	"strings"
	"testing"

	"tablekeeper/tracker/trackertest"
)

// TestParseSeedSaysWhatIsWrongInWords: a seed as a player types it; a
// refusal never shows the largest number a seed holds (issue 23: the form
// showed 18446744073709551615).
func TestParseSeedSaysWhatIsWrongInWords(t *testing.T) {
	for in, want := range map[string]uint64{"": 0, "  ": 0, "1": 1, " 20261122 ": 20261122, "9999999999999999999": 9999999999999999999, "18446744073709551615": 1<<64 - 1} {
		if got, err := ParseSeed(in); err != nil || got != want {
			t.Errorf("ParseSeed(%q) = %d, %v", in, got, err)
		}
	}
	for in, want := range map[string]string{
		"abc":                   "a seed is a whole number, written in digits only: the letter “a” is not a digit; leave it blank for a random one",
		"12x":                   "the letter “x” is not a digit",
		"-3":                    "the minus sign is not a digit",
		"1.5":                   "“.” is not a digit",
		"12 34":                 "a space is not a digit",
		"0":                     "a seed is a whole number from 1 up: 0 is not one",
		"18446744073709551616":  "a seed has at most 19 digits, and this one has 20",
		"123456789012345678901": "a seed has at most 19 digits, and this one has 21",
		"١٢٣":                   "“١” is not a digit", // Arabic-Indic digits are no digits of a seed
	} {
		_, err := ParseSeed(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSeed(%q): %v, want %q", in, err, want)
			continue
		}
		for _, f := range trackertest.Findings(trackertest.SharedWordRules, err.Error()) {
			t.Errorf("ParseSeed(%q): %s", in, f)
		}
	}
}
