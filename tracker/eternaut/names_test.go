package eternaut

import (
	"regexp"

	"strings"
	"tablekeeper/tracker"
	"testing"
)

// A Character card's number is the card's, not the person's: the Log and
// the messages say the names the players entered ("1 each to Eduardo,
// Simon, Sofia and Ana"), never "901 1, 902 1" (newcomer report item 5).
func TestCharactersInTheLogAreTheirNames(t *testing.T) {
	s := reach(t, "C")
	var all []string
	if err := s.Events(0, func(e tracker.Event) error { all = append(all, said(s, e)); return nil }); err != nil {
		t.Fatal(err)
	}
	setup := all[len(all)-1]
	for _, want := range []string{"The 4 Consumed cubes dealt: 1 each to Eduardo, Simon, Sofia and Ana", "in play: Eduardo, Simon, Sofia, Ana"} {
		if !strings.Contains(setup, want) {
			t.Errorf("scenario C's setup says %q; want %q", setup, want)
		}
	}
	do(t, s, SetAliensOnMap{Module: 1, OnMap: 2})
	menace := said(s, do(t, s, MenaceActivation{Module: 1}))
	for _, want := range []string{"Menace card activation from Cascarudo, the only alien deck: Cascarudo draws its top Alien card", "1 each to Eduardo, Simon, Sofia and Ana"} {
		if !strings.Contains(menace, want) {
			t.Errorf("the Menace activation says %q; want %q", menace, want)
		}
	}
	all = append(all, menace)
	code := regexp.MustCompile(`\b9\d\d\b`)
	for _, d := range all {
		if code.MatchString(strings.ReplaceAll(d, "card 9", "card#")) {
			t.Errorf("a Character card's number where a name belongs: %q", d)
		}
	}
	for _, a := range st(s).Scenario.Activations {
		if code.MatchString(a.What) {
			t.Errorf("an enemy decision names a card number: %q", a.What)
		}
	}
}

func TestCubesWords(t *testing.T) {
	for _, c := range []struct {
		names []string
		split []int
		want  string
	}{
		{[]string{"Marta", "Bruno", "Lucía", "Iris"}, []int{1, 1, 1, 1}, "1 each to Marta, Bruno, Lucía and Iris"},
		{[]string{"Marta", "Bruno"}, []int{2, 2}, "2 each to Marta and Bruno"},
		{[]string{"Marta", "Bruno", "Lucía"}, []int{2, 1, 1}, "2 to Marta, 1 to Bruno, 1 to Lucía"},
		{[]string{"Marta"}, []int{4}, "4 to Marta"},
	} {
		if got := CubesWords(c.names, c.split); got != c.want {
			t.Errorf("CubesWords(%v, %v) = %q; want %q", c.names, c.split, got, c.want)
		}
	}
}
