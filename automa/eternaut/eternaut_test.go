package eternaut

import (
	"reflect"
	"strings"
	"testing"

	"tablekeeper/automa"
)

func TestDeal(t *testing.T) {
	cases := []struct {
		boards int
		want   []int
	}{
		{4, []int{1, 1, 1, 1}},
		{3, []int{2, 1, 1}},
		{2, []int{2, 2}},
		{1, []int{4}},
	}
	for _, c := range cases {
		names := []string{"red", "blue", "green", "yellow"}[:c.boards]
		got, tr, err := Deal(names)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%d boards: %v, want %v", c.boards, got, c.want)
		}
		if !strings.Contains(tr.String(), "§5.7 C1") {
			t.Errorf("trace does not name the rule: %s", tr)
		}
		sum := 0
		for _, n := range got {
			if n < 1 {
				t.Errorf("a board got no cube: %v", got)
			}
			sum += n
		}
		if sum != 4 {
			t.Errorf("dealt %d cubes", sum)
		}
	}
	if _, _, err := Deal(nil); err == nil {
		t.Error("dealing to no board worked")
	}
	if _, _, err := Deal([]string{"a", "b", "c", "d", "e"}); err == nil {
		t.Error("dealing to 5 boards worked")
	}
}

func TestCubeMoves(t *testing.T) {
	cases := []struct {
		active     bool
		cubes      int
		placed     bool
		want       bool
		resultPart string
	}{
		{true, 1, true, true, "yes"},
		{true, 2, true, true, "yes"},
		{true, 0, true, false, "no cube"},
		{false, 1, true, false, "not in play"},
		{true, 1, false, false, "became damage"},
	}
	for _, c := range cases {
		got, tr := CubeMoves(c.active, c.cubes, c.placed)
		if got != c.want || !strings.Contains(tr.Steps[0].Result, c.resultPart) {
			t.Errorf("CubeMoves(%v,%d,%v) = %v (%s)", c.active, c.cubes, c.placed, got, tr.Steps[0].Result)
		}
	}
}

func TestActivationOrder(t *testing.T) {
	mods := []Module{{"Human Robot", 2}, {"Mano", 0}, {"Mindveil Fog", 1}}
	cases := []struct {
		start    int
		draw     []int
		skipped  []int
		contains string
	}{
		{0, []int{0, 2}, []int{1}, "Human Robot, Mindveil Fog"},
		{1, []int{2, 0}, []int{1}, "Mindveil Fog, Human Robot"},
		{2, []int{2, 0}, []int{1}, "Mindveil Fog, Human Robot"},
	}
	for _, c := range cases {
		a, tr, err := ActivationOrder(mods, c.start)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a.Draw, c.draw) || !reflect.DeepEqual(a.Skipped, c.skipped) {
			t.Errorf("start %d: %+v", c.start, a)
		}
		if !strings.Contains(tr.String(), c.contains) || !strings.Contains(tr.String(), "§5.8") {
			t.Errorf("start %d trace: %s", c.start, tr)
		}
	}
	a, tr, _ := ActivationOrder([]Module{{"Cascarudo", 0}}, 0)
	if len(a.Draw) != 0 || !strings.Contains(tr.String(), "nothing is drawn") {
		t.Errorf("empty map: %+v %s", a, tr)
	}
	for _, bad := range []struct {
		m []Module
		s int
	}{{nil, 0}, {mods, 3}, {mods, -1}, {[]Module{{"X", -1}}, 0}} {
		if _, _, err := ActivationOrder(bad.m, bad.s); err == nil {
			t.Errorf("ActivationOrder(%v, %d) accepted", bad.m, bad.s)
		}
	}
}

func TestEndOfTurn(t *testing.T) {
	tr, _, _ := EndOfTurn(3, false, nil, []Module{{"Cascarudo", 1}}, true)
	if tr.Fire {
		t.Error("3 cubes fired")
	}
	tr, _, _ = EndOfTurn(4, true, []string{"703", "701", "702"}, nil, true)
	if !tr.Fire || !tr.Survivors || !reflect.DeepEqual(tr.SurvivorOrder, []string{"701", "702", "703"}) || !tr.Redeal {
		t.Errorf("B trigger: %+v", tr)
	}
	// RB p.19: with all 4 cubes on the Rule card a Menace card is drawn and
	// every Survivor moves; the "nothing is drawn" exception of spec §5.7 C3
	// is for aliens only, so with no Survivor on the map the card is still
	// drawn and no one moves.
	tr, trB, _ := EndOfTurn(4, true, nil, nil, false)
	if !tr.Fire || !tr.Survivors || len(tr.SurvivorOrder) != 0 || tr.Redeal {
		t.Errorf("B trigger without survivors, no redeal: %+v", tr)
	}
	if !strings.Contains(trB.String(), "no Survivor is on the map to move") {
		t.Errorf("trace: %s", trB)
	}
	tr, trace, _ := EndOfTurn(4, false, nil, []Module{{"Cascarudo", 2}}, true)
	if !tr.Fire || tr.Aliens == nil || !reflect.DeepEqual(tr.Aliens.Draw, []int{0}) || !tr.Redeal {
		t.Errorf("C trigger: %+v", tr)
	}
	if !strings.Contains(trace.String(), "§5.8") {
		t.Errorf("trace: %s", trace)
	}
	tr, _, err := EndOfTurn(4, false, nil, nil, true)
	if err != nil || !tr.Fire || tr.Aliens == nil || len(tr.Aliens.Draw) != 0 || !tr.Redeal {
		t.Errorf("no modules: just re-deal: %+v %v", tr, err)
	}
	if _, _, err := EndOfTurn(4, false, nil, []Module{{"X", -2}}, true); err == nil {
		t.Error("a negative alien count accepted")
	}
}

func TestPickRandom(t *testing.T) {
	f := automa.Fixed{4}
	v, tr, err := PickRandom(5, &f)
	if err != nil || v != 5 || tr.Steps[0].Die == "" {
		t.Errorf("PickRandom = %d %v %v", v, tr, err)
	}
	if _, _, err := PickRandom(0, &f); err == nil {
		t.Error("empty hand accepted")
	}
}
