// Package eternaut is The Eternaut's screens in Tablekeeper's campaign
// frame (spec eternaut.md): the new campaign's roster, each scenario's
// setup, the live scenario (the Timer track drawn as on the board, the turn
// steps, the end of the round, every Character as a card with its life
// bar, ammo and penalty cards, the other figures and devices), the
// paragraph helper with its searchable history, the Consumed cubes and the
// alien activation order with its trace, the Chronicle Diary laid out as
// the paper one (every field correctable by hand, exported as Markdown),
// the end-of-scenario wizard in the spec's order, the campaign's end or
// loss, and the group's readings of the ambiguous rules.
//
// The screens never change the campaign themselves: every tap becomes one
// of package tracker/eternaut's commands, run through the frame's Context
// (so the table lock and undo apply), and a refusal is shown beside what
// was tapped, in the rules' own words.
package eternaut

import (
	"sync"

	"fyne.io/fyne/v2"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/shell"
)

// Screens is The Eternaut's shell.GameScreens. Register it as
// shell.Registry{tracker.Eternaut: eternaut.Screens{}}.
type Screens struct{}

var _ shell.GameScreens = Screens{}

// open are the screens of the campaign open now (the frame opens one at a
// time), so the shortcuts reach them.
var open struct {
	sync.Mutex
	ctx   *shell.Context
	play  *PlayScreen
	enemy *EnemyScreen
}

func remember(ctx *shell.Context, p *PlayScreen, e *EnemyScreen) {
	open.Lock()
	defer open.Unlock()
	if open.ctx != ctx {
		open.ctx, open.play, open.enemy = ctx, nil, nil
		ctx.OnClose(func() {
			open.Lock()
			defer open.Unlock()
			if open.ctx == ctx {
				open.ctx, open.play, open.enemy = nil, nil, nil
			}
		})
	}
	if p != nil {
		open.play = p
	}
	if e != nil {
		open.enemy = e
	}
}

// Game is the game these screens are for.
func (Screens) Game() tracker.GameID { return tracker.Eternaut }

// Play is the live scenario (or its setup, or its end), refreshed after
// every change of the campaign.
func (Screens) Play(ctx *shell.Context) fyne.CanvasObject {
	p := NewPlayScreen(ctx)
	remember(ctx, p, nil)
	return p.Object()
}

// Campaign is the Chronicle Diary, the roster and the settings.
func (Screens) Campaign(ctx *shell.Context) fyne.CanvasObject {
	return NewDiaryScreen(ctx).Object()
}

// Enemy is the Consumed cubes and the alien activation order.
func (Screens) Enemy(ctx *shell.Context) fyne.CanvasObject {
	e := NewEnemyScreen(ctx)
	remember(ctx, nil, e)
	return e.Object()
}

// Setup is the game's part of the new-campaign form: the players and the
// roster of Characters.
func (Screens) Setup(shell.SetupEnv) shell.Setup {
	f := newCampaignForm()
	return shell.Setup{Items: f.items(), Commands: f.commands}
}

// Act runs a shortcut: Next advances the turn step on the Play tab;
// Resolve runs the alien activation on the Play and Enemy tabs.
func (Screens) Act(ctx *shell.Context, tab shell.Tab, a shell.Action) bool {
	open.Lock()
	p, e := open.play, open.enemy
	if open.ctx != ctx {
		p, e = nil, nil
	}
	open.Unlock()
	switch {
	case a == shell.Next && tab == shell.TabPlay && p != nil:
		return p.Next()
	case a == shell.Resolve && (tab == shell.TabEnemy || tab == shell.TabPlay) && e != nil:
		return e.Resolve()
	}
	return false
}

// checkNew checks the new-campaign form's command against the rules
// before any campaign exists, so a mistake makes nothing.
func checkNew(cmd et.NewCampaign) error {
	r := et.Rules{}
	_, err := r.Decide(r.NewState(tracker.Campaign{}), cmd, nil)
	return err
}
