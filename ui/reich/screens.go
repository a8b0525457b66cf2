package reich

import (
	"fmt"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// Screens are the Reichbusters screens for the app frame; register them as
// tracker.Reichbusters: reich.Screens{}.
type Screens struct{}

var _ shell.GameScreens = Screens{}

// game is one open campaign's screens.
type game struct {
	ctx      *shell.Context
	play     *playScreen
	campaign *campaignScreen
	enemy    *enemyScreen
}

// games maps each open campaign's Context to its screens, so a shortcut
// reaches the screens it was meant for.
var games sync.Map

func gameOf(ctx *shell.Context) *game {
	if g, ok := games.Load(ctx); ok {
		return g.(*game)
	}
	g := &game{ctx: ctx}
	actual, loaded := games.LoadOrStore(ctx, g)
	if !loaded {
		ctx.OnChange(func(e tracker.Event) { g.changed(e) })
		ctx.OnClose(func() { games.Delete(ctx) })
	}
	return actual.(*game)
}

func (g *game) changed(e tracker.Event) {
	if g.enemy != nil {
		g.enemy.seen(e)
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

// Setup adds Not of this Earth! and the difficulty to the new-campaign form.
func (Screens) Setup(shell.SetupEnv) shell.Setup {
	note := widget.NewCheck("Not of this Earth! missions (§11)", nil)
	diff := entry("difficulty name (can be chosen later)", "")
	kept := entry("items kept on the HQ card (at most 6)", "")
	wounds := entry("permanent wounds removed after a mission", "")
	return shell.Setup{
		Items: []*widget.FormItem{
			widget.NewFormItem("Expansion", widgets.WrapCheck(note)),
			widget.NewFormItem("Difficulty", diff),
			widget.NewFormItem("Items kept", kept),
			widget.NewFormItem("Wounds removed", wounds),
		},
		Commands: func() ([]tracker.Command, error) {
			var cmds []tracker.Command
			if note.Checked {
				cmds = append(cmds, rb.SetSetting{Key: "notOfThisEarth", Value: "true"})
			}
			if name := strings.TrimSpace(diff.Text); name != "" {
				k, err := atoi("items kept", kept.Text)
				if err != nil {
					return nil, err
				}
				wr, err := atoi("wounds removed", wounds.Text)
				if err != nil {
					return nil, err
				}
				cmds = append(cmds, rb.SetDifficulty{Name: name, ItemsKept: k, WoundsRemoved: wr})
			} else if strings.TrimSpace(kept.Text+wounds.Text) != "" {
				return nil, fmt.Errorf("difficulty: give its name too, or leave all three blank to choose it later")
			}
			return cmds, nil
		},
	}
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

// adaptiveSplit puts two parts side by side on a wide screen and one above
// the other on a tall one (a tablet turned upright).
type adaptiveSplit struct{}

func newAdaptiveSplit(a, b fyne.CanvasObject) *fyne.Container {
	return &fyne.Container{Layout: adaptiveSplit{}, Objects: []fyne.CanvasObject{a, b}}
}

func (adaptiveSplit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	if size.Width >= size.Height {
		w := size.Width * 0.6
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(fyne.NewSize(w-4, size.Height))
		objs[1].Move(fyne.NewPos(w+4, 0))
		objs[1].Resize(fyne.NewSize(size.Width-w-4, size.Height))
		return
	}
	h := size.Height * 0.55
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, h-4))
	objs[1].Move(fyne.NewPos(0, h+4))
	objs[1].Resize(fyne.NewSize(size.Width, size.Height-h-4))
}

func (adaptiveSplit) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}
