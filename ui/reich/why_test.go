package reich

import (
	"regexp"
	"strings"
	"testing"

	practice "tablekeeper/assets/reich"
	rb "tablekeeper/tracker/reich"
)

// Issue 23 item 3: the Why highlights the step whose change the decision's
// card shows first, not the step before it. The practice game's first
// three decisions (the spawn at the end of Mara's turn, the enemy turn
// after her, the one after Ned) are played under several seeds, so the
// cards drawn differ; each time the highlighted step says what the card's
// first line shows.
func TestWhyHighlightsTheStepWhoseChangeIsShown(t *testing.T) {
	placed := regexp.MustCompile(`^Placed in (\S+):`)
	moved := regexp.MustCompile(`^.+ moved (\S+) → (\S+)$`)
	for seed := uint64(1); seed <= 6; seed++ {
		ctx, _ := newCtxSeed(t, seed)
		cmds, err := rb.PracticeCommands(practice.Practice)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cmds {
			must(t, ctx, c)
		}
		check := func(when string) {
			gameOf(ctx).stale = true // the commands went straight to the session
			_, pay := gameOf(ctx).decision()
			k := gameOf(ctx).play.k
			panel := k.whyPanel(pay)
			i := panel.DecidingStep()
			tr := traceOf(pay, k.namer())
			if i < 0 || i >= len(tr.Steps) {
				t.Fatalf("seed %d, %s: no step highlighted", seed, when)
			}
			step := tr.Steps[i].Text + " → " + tr.Steps[i].Result
			first := strings.Split(summaryText(pay, k.namer()), "\n")[0]
			var want string
			switch {
			case placed.MatchString(first):
				want = "placed in area " + placed.FindStringSubmatch(first)[1]
			case moved.MatchString(first):
				m := moved.FindStringSubmatch(first)
				want = "moves " + m[1] + " → " + m[2]
			case strings.Contains(first, "attacks"):
				want = "attack"
			case strings.Contains(first, " is now "):
				want = "awareness"
			default:
				t.Fatalf("seed %d, %s: a card whose first line the test does not know: %q", seed, when, first)
			}
			if !strings.Contains(step, want) {
				t.Errorf("seed %d, %s: the card shows %q first, the Why highlights %q", seed, when, first, step)
			}
			// The Enemy tab's explanation highlights the same step.
			Screens{}.Enemy(ctx)
			if got := gameOf(ctx).enemy.Trace.DecidingStep(); got != i {
				t.Errorf("seed %d, %s: the Enemy tab highlights step %d, the Why step %d", seed, when, got+1, i+1)
			}
		}
		Screens{}.Play(ctx)
		must(t, ctx, rb.SetTurnOrder{Order: []string{"mara", "ned"}})
		must(t, ctx, rb.EndTurn{})
		check("Mara's turn ended")
		must(t, ctx, rb.EnemyTurn{})
		check("the enemy's turn after Mara")
		must(t, ctx, rb.EndTurn{})
		must(t, ctx, rb.EnemyTurn{})
		check("the enemy's turn after Ned")
	}
}
