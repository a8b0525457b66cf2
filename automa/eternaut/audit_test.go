package eternaut

import (
	"strings"
	"testing"
)

// RB p.22 setup B step 17 (spec §2.2, §5.3 E4): while the Alert counter
// sits on the Menace deck no Menace card is revealed at all, so the
// Survivors' cube activation (§5.7 C3) draws none and moves no Survivor;
// the cubes are dealt again as after any activation. Over every cube count,
// both Alert positions, with and without Survivors, and both re-deal
// settings.
func TestSurvivorActivationWhileTheAlertIsOnTheDeck(t *testing.T) {
	for cubes := 0; cubes <= CubesForActivation; cubes++ {
		for _, onDeck := range []bool{false, true} {
			for _, survivors := range [][]string{nil, {"702", "701"}} {
				for _, redeal := range []bool{false, true} {
					tr, trace, err := EndOfTurnAlert(cubes, true, onDeck, survivors, nil, redeal)
					if err != nil {
						t.Fatal(err)
					}
					if tr.Fire != (cubes == CubesForActivation) {
						t.Fatalf("%d cubes: fire %v", cubes, tr.Fire)
					}
					if !tr.Fire {
						continue
					}
					if tr.MenaceBlocked != onDeck {
						t.Fatalf("alert on deck %v: blocked %v", onDeck, tr.MenaceBlocked)
					}
					if onDeck && len(tr.SurvivorOrder) != 0 {
						t.Fatalf("alert on deck: Survivors move %v", tr.SurvivorOrder)
					}
					if !onDeck && len(tr.SurvivorOrder) != len(survivors) {
						t.Fatalf("alert off the deck: Survivors move %v", tr.SurvivorOrder)
					}
					if tr.Redeal != redeal {
						t.Fatalf("redeal %v, setting %v", tr.Redeal, redeal)
					}
					if onDeck && !strings.Contains(trace.String(), "Alert counter") {
						t.Fatalf("trace does not say why: %s", trace)
					}
				}
			}
		}
	}
	// The old entry point is the Alert-off case.
	a, _, _ := EndOfTurn(4, true, []string{"701"}, nil, true)
	b, _, _ := EndOfTurnAlert(4, true, false, []string{"701"}, nil, true)
	if a.MenaceBlocked || len(a.SurvivorOrder) != len(b.SurvivorOrder) {
		t.Fatalf("EndOfTurn %+v, EndOfTurnAlert %+v", a, b)
	}
	// The resolve verb takes the Alert's place too.
	out, err := Resolve([]byte(`{"decision":"endOfTurn","scenario":"B1","cubesOnTarget":4,"survivors":["701"],"alertOnDeck":true}`))
	if err != nil || !strings.Contains(string(out), `"MenaceBlocked": true`) && !strings.Contains(string(out), `"menaceBlocked": true`) {
		t.Fatalf("resolve: %s %v", out, err)
	}
}
