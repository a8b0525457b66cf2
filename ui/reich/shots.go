package reich

import (
	"fmt"
	"os"
	"sync"
	"time"

	"tablekeeper/automa/reich/content"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// TABLEKEEPER_DIALOG names a form or dialog to open once a campaign's Play
// tab is on screen, as TABLEKEEPER_OPEN and TABLEKEEPER_TAB open a campaign
// on a tab: how the real-window screenshots of every form are taken
// (1280×800 and 800×1280, each text size and theme). Unset, nothing opens.
var dialogHook sync.Once

func (g *game) openNamedDialog() {
	name := os.Getenv("TABLEKEEPER_DIALOG")
	if name == "" {
		return
	}
	dialogHook.Do(func() {
		widgets.After(1500*time.Millisecond, func() { _ = g.open(name) })
	})
}

// View opens one of the game's own views by name (shell.Viewer: the
// real-window check opens a campaign on "campaign/map-half", say): a form,
// a dialog, the map editor with a room half drawn, the last decision's
// Why. The names are those TABLEKEEPER_DIALOG takes.
func (Screens) View(ctx *shell.Context, _ shell.Tab, name string) error {
	g := gameOf(ctx)
	if g.play == nil {
		g.play = newPlayScreen(newKit(ctx))
	}
	return g.open(name)
}

// open opens the named dialog on this campaign's screens; an error says
// there is no such view.
func (g *game) open(name string) error {
	p := g.play
	k := p.k
	s := k.state()
	first := func(ids []string) string {
		if len(ids) > 0 {
			return ids[0]
		}
		return ""
	}
	var facs, spawns, noises, heroes []string
	for _, f := range s.Library.Factions {
		facs = append(facs, f.ID)
	}
	for _, c := range s.Library.SpawnCards {
		spawns = append(spawns, c.ID)
	}
	for _, c := range s.Library.NoiseCards {
		noises = append(noises, c.ID)
	}
	for _, h := range s.Library.Heroes {
		heroes = append(heroes, h.ID)
	}
	mission := first(missionIDs(&s.Library))
	m := k.mission()
	hero := ""
	if m != nil {
		hero = first(m.HeroesInPlay())
	}
	switch name {
	case "tab-content", "tab-rules", "tab-skills":
		if g.campaign != nil {
			g.campaign.tabs.SelectIndex(map[string]int{"tab-skills": 1, "tab-content": 2, "tab-rules": 3}[name])
		}
	case "faction":
		k.FactionForm(first(facs), nil)
	case "faction-new":
		k.FactionForm("", nil)
	case "unit":
		if f := s.Library.FactionByID(first(facs)); f != nil {
			c := *f
			k.UnitLineForm(&c, 0, func() {})
		}
	case "spawn":
		k.SpawnCardForm(first(spawns), nil)
	case "noise":
		k.NoiseCardForm(first(noises), "", nil)
	case "noise-post":
		k.NoiseCardForm("", content.DeckPostAlarm, nil)
	case "mission":
		k.MissionForm(mission, nil)
	case "map":
		if mp := s.Library.MapOf(mission); mp != nil {
			k.MapEditor(*mp, nil)
		} else {
			k.MapEditor(content.Map{}, nil)
		}
	case "map-half", "map-area":
		// The editor as the players leave it mid-drawing: a room's first
		// corner tapped beside the map (map-half), or an area chosen, its
		// details beside the map (map-area).
		mp := content.Map{}
		if p := s.Library.MapOf(mission); p != nil {
			mp = *p
		}
		e := k.MapEditor(mp, nil)
		if name == "map-half" {
			e.Tool.Pick(toolRooms)
			cols, _ := mp.Bounds()
			e.Grid.TapCell(content.Cell{X: cols, Y: 0})
		} else if len(mp.Areas) > 0 {
			e.Grid.TapCell(mp.Areas[0].Cells[0])
		}
	case "hero":
		k.HeroForm(first(heroes), nil)
	case "setup":
		p.StartForm()
	case "load":
		if data, err := exportLibrary(k); err == nil {
			k.LoadContent("shared-content.json", data)
		}
	case "why":
		_, pay := g.decision()
		k.showWhy(pay)
	case "attack":
		p.AttackForm(hero)
	case "move":
		p.MoveForm(hero)
	case "defend":
		if m != nil && len(m.Pending) > 0 {
			p.DefendForm(0)
		}
	case "correct":
		p.CorrectForm(hero)
	case "heal":
		p.HealForm(hero, 1)
	case "override":
		if g.enemy == nil {
			g.enemy = newEnemyScreen(k)
		}
		g.enemy.OverrideForm()
	case "close":
		(&campaignScreen{k: k}).CloseForm()
	case "buy":
		(&campaignScreen{k: k}).BuyForm()
	default:
		return fmt.Errorf("Reichbusters has no view called %q", name)
	}
	return nil
}
