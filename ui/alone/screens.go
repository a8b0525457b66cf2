// Package alone is the screens of Alone in Tablekeeper's campaign frame
// (spec alone.md): the setup that asks the Hero sheet's values once (the
// spec's defaults offered), the Hero sheet laid out as a sheet — the Life
// and Self Control tracks with the Round track and its Healing Cap between
// them, the 8 Turn tokens, Adrenaline, experience, Items, the Companion and
// the Missions — with the Turn's steps and the End of the Round beside it;
// the Evil side, played by the app in solo mode (its decisions overridable
// with a reason, its traces and the whole Map revealed only when the game
// is over) or kept for human Evil players in assist mode (hands, the
// Reaction Track, the hidden Map of both Levels drawn with its Creatures,
// lights, Danger tokens and Doors, suggestions and the legal plays); and
// the campaign: Missions, Difficulty rewards, win or loss, the record.
//
// The screens never change the game themselves: every tap becomes one of
// package tracker/alone's commands, run through the frame's Context, and a
// refusal is shown beside what was tapped, in the rules' words.
package alone

import (
	"sync"

	"fyne.io/fyne/v2"

	"tablekeeper/tracker"
	"tablekeeper/ui/shell"
)

// Screens is Alone's shell.GameScreens. Its zero value is ready; register
// it as shell.Registry{tracker.Alone: &alone.Screens{}}.
type Screens struct {
	mu    sync.Mutex
	plays map[*shell.Context]*PlayScreen
	enems map[*shell.Context]*EnemyScreen
}

var _ shell.GameScreens = (*Screens)(nil)

// Game is the game these screens are for.
func (*Screens) Game() tracker.GameID { return tracker.Alone }

// Play is the Hero sheet and the Turn.
func (g *Screens) Play(ctx *shell.Context) fyne.CanvasObject {
	p := NewPlayScreen(ctx)
	g.mu.Lock()
	if g.plays == nil {
		g.plays = map[*shell.Context]*PlayScreen{}
	}
	if _, known := g.plays[ctx]; !known {
		g.forgetOnClose(ctx)
	}
	g.plays[ctx] = p
	g.mu.Unlock()
	return p.Object()
}

// Campaign is the Missions, the rewards, the record and the settings.
func (g *Screens) Campaign(ctx *shell.Context) fyne.CanvasObject {
	return NewCampaignScreen(ctx).Object()
}

// Enemy is the Evil side.
func (g *Screens) Enemy(ctx *shell.Context) fyne.CanvasObject {
	e := NewEnemyScreen(ctx)
	g.mu.Lock()
	if g.enems == nil {
		g.enems = map[*shell.Context]*EnemyScreen{}
	}
	if _, known := g.enems[ctx]; !known {
		g.forgetOnClose(ctx)
	}
	g.enems[ctx] = e
	g.mu.Unlock()
	return e.Object()
}

// forgetOnClose lets go of a campaign's screens when the frame closes it.
func (g *Screens) forgetOnClose(ctx *shell.Context) {
	ctx.OnClose(func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		delete(g.plays, ctx)
		delete(g.enems, ctx)
	})
}

// Setup is the game's part of the new-campaign form: the Hero sheet's
// values, the game's setup and the readings of unclear rules.
func (g *Screens) Setup(env shell.SetupEnv) shell.Setup {
	f := newSetupForm(env.Window, env.Library)
	return shell.Setup{Items: f.formItems(), Commands: f.commands}
}

// Act runs a shortcut: Next takes the Turn's next step (Play tab);
// Resolve runs the Evil side's turn in solo mode, or the suggestion in
// assist mode (Play and Enemy tabs).
func (g *Screens) Act(ctx *shell.Context, tab shell.Tab, a shell.Action) bool {
	g.mu.Lock()
	p, e := g.plays[ctx], g.enems[ctx]
	g.mu.Unlock()
	switch {
	case a == shell.Next && tab == shell.TabPlay && p != nil:
		return p.turn.Next()
	case a == shell.Resolve && (tab == shell.TabEnemy || tab == shell.TabPlay) && e != nil:
		return e.Resolve()
	case a == shell.Resolve && tab == shell.TabPlay && p != nil && step(p.k.state()) == "evil":
		p.turn.evilTurn()
		return true
	}
	return false
}

var _ shell.Practicer = (*Screens)(nil)

// Practice is Alone's practice game: the made-up practice set (a two-Level
// station with named Rooms and Stairs, three Missions, Items, two
// Characters, eight Reaction cards), a solo game set up from it, opened on
// the Play tab where one tap on an Action and one on the Evil side bring
// its first decision.
func (g *Screens) Practice() shell.Practice {
	return shell.Practice{
		Name:     "Made-up practice content, not the printed cards: a two-Level station, solo against the app",
		Commands: PracticeCommands,
		Tab:      shell.TabPlay,
	}
}
