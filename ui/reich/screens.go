package reich

import (
	"strings"
	"sync"

	"fyne.io/fyne/v2"

	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
)

// Screens are the Reichbusters screens for the app frame; register them as
// tracker.Reichbusters: reich.Screens{}.
type Screens struct{}

var _ shell.GameScreens = Screens{}

// game is one open campaign's screens, and what they share: the enemy's
// last decision in effect, found in the log once and then kept up to date
// from each new event.
type game struct {
	ctx      *shell.Context
	play     *playScreen
	campaign *campaignScreen
	enemy    *enemyScreen

	last    *tracker.Event
	lastPay rb.Payload
	// stale is set when an undo or redo may have changed which decision
	// is in effect: the log is read again when it is next asked.
	stale bool
}

// decision is the enemy's last decision in effect (nil before the first).
func (g *game) decision() (*tracker.Event, rb.Payload) {
	s := g.ctx.Session
	if g.stale || (g.last != nil && !s.InEffect(g.last.Seq)) {
		g.last, g.lastPay, g.stale = nil, rb.Payload{}, false
		_ = s.Events(1, func(ev tracker.Event) error {
			if s.InEffect(ev.Seq) {
				g.note(ev)
			}
			return nil
		})
	}
	return g.last, g.lastPay
}

// note takes an event: an enemy decision becomes the last.
func (g *game) note(ev tracker.Event) {
	if p, ok := decisionIn(ev); ok {
		e := ev
		g.last, g.lastPay = &e, p
	}
}

// decisionIn is the enemy's decision an event records, if it records one
// (its trace, or what it did to the board).
func decisionIn(ev tracker.Event) (rb.Payload, bool) {
	var p rb.Payload
	if !strings.HasPrefix(ev.Kind, "reichbusters.") || ev.Decode(&p) != nil || (len(p.Trace) == 0 && p.Enemy == nil) {
		return rb.Payload{}, false
	}
	return p, true
}

// games maps each open campaign's Context to its screens, so a shortcut
// reaches the screens it was meant for.
var games sync.Map

func gameOf(ctx *shell.Context) *game {
	if g, ok := games.Load(ctx); ok {
		return g.(*game)
	}
	g := &game{ctx: ctx, stale: true}
	actual, loaded := games.LoadOrStore(ctx, g)
	if !loaded {
		ctx.OnChange(func(e tracker.Event) { g.changed(e) })
		ctx.OnClose(func() { games.Delete(ctx) })
	}
	return actual.(*game)
}

func (g *game) changed(e tracker.Event) {
	if strings.HasPrefix(e.Kind, "reichbusters.") {
		g.note(e)
	} else {
		g.stale = true // an undo, a redo: the log says what is in effect
	}
	if g.enemy != nil {
		g.enemy.Refresh()
	}
	if g.play != nil {
		g.play.Refresh()
	}
	if g.campaign != nil {
		g.campaign.Refresh()
	}
}

// Play is the mission at the table.
func (Screens) Play(ctx *shell.Context) fyne.CanvasObject {
	g := gameOf(ctx)
	g.play = newPlayScreen(newKit(ctx))
	g.openNamedDialog()
	return g.play.root
}

// Campaign is the record, skills, content and house rules.
func (Screens) Campaign(ctx *shell.Context) fyne.CanvasObject {
	g := gameOf(ctx)
	g.campaign = newCampaignScreen(newKit(ctx))
	return g.campaign.root
}

// Enemy is the map, the enemy's decisions and their traces.
func (Screens) Enemy(ctx *shell.Context) fyne.CanvasObject {
	g := gameOf(ctx)
	g.enemy = newEnemyScreen(newKit(ctx))
	return g.enemy.root
}

// Act runs a shortcut: Next advances the round, Resolve plays the enemy.
func (Screens) Act(ctx *shell.Context, tab shell.Tab, a shell.Action) bool {
	g := gameOf(ctx)
	switch a {
	case shell.Next:
		if g.play == nil {
			return false
		}
		g.play.Next()
		return true
	case shell.Resolve:
		if g.enemy != nil {
			g.enemy.Resolve()
			return true
		}
		if g.play != nil {
			g.play.k.doAsk(func(ans ai.Answers) tracker.Command { return rb.EnemyTurn{Answers: ans} })
			return true
		}
	}
	return false
}
