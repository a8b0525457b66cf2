package phantom

import (
	"os"
	"testing"
)

func TestShowTrace(t *testing.T) {
	if os.Getenv("SHOW") == "" {
		t.Skip()
	}
	cells := map[string]string{}
	for r := range 5 {
		cells[label(3, r)] = "O"
	}
	sc := newScene(t, grid(8, 5, cells), face(Red, South, East))
	sc.typ("Slink Berserker", 1, moveCard(3), allRows(Card{AP: 3, Actions: []Action{{Kind: ActLeap, Value: 3}}})...)
	sc.adv("Berserker", "Slink Berserker", DarkBlue, ax(2, 1))
	sc.char("Slink", Yellow, ax(4, 2))
	_, tr := sc.turn("Berserker")
	t.Log(tr.String())
}
