package hex

import (
	"strings"
	"testing"
)

func TestCheckMove(t *testing.T) {
	m := board(t, 0, 3, 0, 1, []string{"1,0 difficult", "2,0 indestructible", "0,1 gap", "1,1 closed", "3,0 fire"}, "2,1|3,1")
	p := func(labels ...string) []int {
		var out []int
		for _, l := range labels {
			out = append(out, idx(t, m, l))
		}
		return out
	}
	cases := []struct {
		path  []int
		rules MoveRules
		mp    int
		err   string
	}{
		{p("0,0"), MoveRules{}, 0, ""},
		{p("0,0", "1,0"), MoveRules{}, 2, ""},
		{p("0,0", "1,0"), MoveRules{Leap: true}, 1, ""},
		{p("0,0", "1,0"), MoveRules{Limit: 1}, 2, "needs 2 MP but only 1"},
		{p("0,0", "2,0"), MoveRules{}, 0, `step 1: "2,0" is not next to "0,0"`},
		{p("0,0", "1,0", "2,0"), MoveRules{}, 0, `cannot Move into "2,0": an object is there`},
		{p("0,0", "1,0", "2,0", "3,0"), MoveRules{Leap: true}, 3, ""},
		{p("0,0", "0,1"), MoveRules{}, 0, `cannot Move into "0,1": it is a gap`},
		{p("1,0", "1,1"), MoveRules{}, 0, `it is a closed door`},
		{p("1,0", "1,1", "2,1"), MoveRules{OpenDoors: true}, 2, ""},
		{p("2,1", "3,1"), MoveRules{Leap: true}, 0, `a wall stands between "2,1" and "3,1"`},
		{p("3,1", "3,0"), MoveRules{AvoidHazards: true}, 0, `hazards are avoided`},
		{[]int{}, MoveRules{}, 0, "no spaces"},
		{[]int{0, 99}, MoveRules{}, 0, "not on the map"},
	}
	for _, c := range cases {
		mp, err := m.CheckMove(c.path, c.rules)
		if c.err == "" {
			if err != nil || mp != c.mp {
				t.Errorf("%v %+v: %d MP, %v; want %d MP", m.Labels(c.path), c.rules, mp, err, c.mp)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%v %+v: error %v, want %q", c.path, c.rules, err, c.err)
		}
	}
}

func TestNearestAndBeside(t *testing.T) {
	m := board(t, 0, 3, 0, 1, []string{"1,0 closed", "2,0 fire"}, "0,0|0,1")
	from := idx(t, m, "3,1")
	empty := func(i int) bool { return m.SpaceAt(i).Empty() && i != from }
	got, r := m.Nearest(from, empty)
	if r != 1 || strings.Join(m.Labels(got), " ") != "3,0 2,1" {
		t.Fatalf("nearest empty: %v at %d", m.Labels(got), r)
	}
	if got, r := m.Nearest(from, func(int) bool { return false }); got != nil || r != Unreachable {
		t.Fatal("nearest of nothing")
	}
	door := idx(t, m, "1,0")
	var beside []string
	for _, s := range m.Beside(door) {
		beside = append(beside, m.Label(int(s)))
	}
	if strings.Join(beside, " ") != "2,0 1,1 0,1 0,0" {
		t.Fatalf("beside the door: %v", beside)
	}
	if len(m.Neighbors(door)) != 0 {
		t.Fatal("a closed door has neighbours")
	}
}
