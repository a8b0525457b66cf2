package phantom

import "testing"

func TestRollWordsAsPlayersSayThem(t *testing.T) {
	for in, want := range map[string]string{
		"1 (rolled)":                   "rolled 1",
		"fumble (rolled)":              "rolled a fumble",
		"crit (rolled)":                "rolled a critical",
		"3 (entered)":                  "rolled 3 at the table",
		"Blinded check: miss (rolled)": "Blinded check: rolled a miss",
		"Vex Brute 2: block (entered)": "Vex Brute 2: rolled a block at the table",
		"4":                            "4",
		"":                             "",
	} {
		if got := RollWords(in); got != want {
			t.Errorf("RollWords(%q) = %q, want %q", in, got, want)
		}
	}
}
