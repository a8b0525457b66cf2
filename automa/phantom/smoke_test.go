package phantom

import "testing"

func TestSmokeTurn(t *testing.T) {
	sc := newScene(t, mapSpec{rows: []string{
		". . . . . .",
		" . . . . . .",
		". . . . . .",
		" . . . . . .",
	}}, face(Red, North, East))
	sc.typ("Grallok Berserker", 1, moveCard(3), allRows(attackCard(2))...)
	sc.char("Ana", Red, "F4")
	sc.adv("Brute", "Grallok Berserker", DarkBlue, "A1")
	sc.s.Rolls.Attack = []string{"2"}
	turn, tr := sc.turn("Brute")
	t.Log(tr.String())
	t.Logf("%+v", turn)
}
