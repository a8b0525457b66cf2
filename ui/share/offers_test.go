package share

import (
	"strings"
	"testing"

	"tablekeeper/tracker"
)

type cmd struct{ What string }

func TestOffersTakeWhatWasOfferedAndSayWhyNot(t *testing.T) {
	seats := []Seat{{ID: "a", Name: "Ana"}, {ID: "b", Name: "Bo"}}
	o := NewOffers("a", seats, "hp-down", "end-turn", "resolve")
	o.Figure("a", "Ana", "a")
	o.Figure("b", "Bo", "b")
	o.Figure("r1", "Raider 1", "")
	down := o.Offer(Action{Name: "hp-down", Figure: "a"}, false, func() tracker.Command { return cmd{"down"} })
	step, ok := o.Control("Resolve", Action{Name: "resolve"}, true, true, func() tracker.Command { return cmd{"resolve"} })
	if down == nil || !ok || !step.Resolve || !step.Hold {
		t.Fatalf("offers %v %+v %v", down, step, ok)
	}
	if in, err := o.Intent(*down); err != nil || in.Command != (cmd{"down"}) || in.Resolve {
		t.Fatalf("the offered action: %+v %v", in, err)
	}
	if in, err := o.Intent(step.Action); err != nil || !in.Resolve {
		t.Fatalf("the enemy's step: %+v %v", in, err)
	}
	if !o.Mine("a") || o.Mine("b") || o.Mine("r1") || o.Mine("zz") {
		t.Error("Mine")
	}
	for _, c := range []struct {
		a    Action
		want string
	}{
		{Action{Name: "hp-down", Figure: "b"}, "only Bo's phone can change Bo"},
		{Action{Name: "hp-down", Figure: "r1"}, "no phone changes Raider 1"},
		{Action{Name: "hp-down", Figure: "zz\x00\u202e"}, "no figure “zz” at this table"},
		{Action{Name: "fly"}, "no action called “fly”"},
		{Action{Name: strings.Repeat("x", 500)}, "“" + strings.Repeat("x", 40) + "…”"},
		{Action{}, "asked for no action"},
		{Action{Name: "end-turn", Figure: "a"}, "not open to this phone now"},
		{Action{Name: "hp-down", Figure: "a", N: 5}, "not open to this phone now"},
	} {
		if _, err := o.Intent(c.a); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.a, err, c.want)
		}
	}
	w := NewOffers("", seats, "hp-down")
	if a := w.Offer(Action{Name: "hp-down", Figure: "a"}, false, func() tracker.Command { return cmd{} }); a != nil {
		t.Error("a watcher was offered an action")
	}
	if _, err := w.Intent(Action{Name: "hp-down", Figure: "a"}); err == nil || !strings.Contains(err.Error(), "only watches") {
		t.Errorf("a watcher: %v", err)
	}
	gone := NewOffers("c", seats, "hp-down")
	if _, err := gone.Intent(Action{Name: "hp-down", Figure: "a"}); err == nil || !strings.Contains(err.Error(), "no longer at this table") {
		t.Errorf("a seat the table has not: %v", err)
	}
	nothing := NewOffers("a", seats, "later")
	nothing.Offer(Action{Name: "later"}, false, func() tracker.Command { return nil })
	if _, err := nothing.Intent(Action{Name: "later"}); err == nil {
		t.Error("an offer with no command now was taken")
	}
}
