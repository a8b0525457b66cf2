package phantom

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/widgets"
)

const noPlanet = "no planet"

// MissionForm is what a mission's pages say that the app keeps (§15.9):
// its map, difficulty and planet, and its rewards.
type MissionForm struct {
	editorBase
	v          tp.MissionInfo
	Name       *widgets.TextEntry
	Planet     *widget.Select
	Map        *widget.Select
	Difficulty *Num
	SP         *Num
	Fame       map[string]*Num
	Unlocks    *widget.CheckGroup
	Items      *ChecksFlow
	RewardNova *Num
	RewardVT   *Num
	OneOff     *widgets.TextEntry
	Orbs       *numList
	Treasure   *numList
	form       fyne.CanvasObject
}

func newMissionForm(s *tp.State, data json.RawMessage, en *Entry) *MissionForm {
	f := &MissionForm{v: tp.MissionInfo{Difficulty: 1}, Fame: map[string]*Num{}}
	if data != nil {
		_ = json.Unmarshal(data, &f.v)
	} else if maps := sortedKeys(s.Content.Maps); len(maps) == 1 {
		f.v.Map = maps[0]
	}
	f.init(f.card)
	v := &f.v
	ch := f.changed
	f.Name = newNameEntry(v.ID, "as the mission book names it, e.g. the planet and number", func(x string) { v.ID = strings.TrimSpace(x); ch() })
	title := newNameEntry(v.Title, "its title", func(x string) { v.Title = strings.TrimSpace(x); ch() })
	f.Planet = newPicker(append([]string{noPlanet}, tp.Planets...), orDefault(v.Planet, noPlanet), "", func(x string) {
		v.Planet = noneEmpty(x, noPlanet)
		ch()
	})
	f.Difficulty = NewNum(1, 9, v.Difficulty, func(x int) { v.Difficulty = x; ch() })
	f.Map = newPicker(sortedKeys(s.Content.Maps), v.Map, "its map", func(x string) { v.Map = x; ch() })
	noMap := widget.NewLabel("")
	drawMap := widget.NewButtonWithIcon("Draw a new map…", theme.ContentAddIcon(), func() {
		en.OpenNew(tp.KindMap, map[string]any{"id": v.ID}, func(id string) {
			f.Map.Options = sortedKeys(state(en.ctx).Content.Maps)
			f.Map.SetSelected(id)
			// A map is entered now: the warning goes.
			noMap.Hide()
		})
	})
	if len(s.Content.Maps) == 0 {
		noMap.SetText("No map is entered yet: draw the mission's map first.")
		noMap.Importance = widget.WarningImportance
		noMap.Wrapping = fyne.TextWrapWord
	} else {
		noMap.Hide()
	}
	f.SP = NewNum(0, 9, v.SP, func(x int) { v.SP = x; ch() })
	fame := widgets.NewFlow()
	for _, p := range tp.Planets {
		p := p
		n := NewNum(-9, 9, v.Fame[p], func(x int) {
			if v.Fame == nil {
				v.Fame = map[string]int{}
			}
			v.Fame[p] = x
			if x == 0 {
				delete(v.Fame, p)
			}
			ch()
		})
		n.Format = Signed
		f.Fame[p] = n
		fame.Add(statBox("Fame on "+p, n))
	}
	var others []string
	for id := range s.Content.Missions {
		if id != v.ID {
			others = append(others, id)
		}
	}
	for id := range s.Sheet.Missions {
		if id != v.ID && !slices.Contains(others, id) {
			others = append(others, id)
		}
	}
	for _, id := range v.Unlocks {
		if !slices.Contains(others, id) {
			others = append(others, id)
		}
	}
	slices.Sort(others)
	f.Unlocks = widget.NewCheckGroup(others, func(sel []string) { v.Unlocks = slices.Clone(sel); ch() })
	f.Unlocks.SetSelected(v.Unlocks)
	addUnlock := newSuggestEntry("", "another mission it unlocks (its name)", nil, nil)
	addUnlockBt := widget.NewButtonWithIcon("Add", theme.ContentAddIcon(), func() {
		id := strings.TrimSpace(addUnlock.Text)
		if id == "" || slices.Contains(f.Unlocks.Options, id) {
			return
		}
		f.Unlocks.Options = append(f.Unlocks.Options, id)
		f.Unlocks.SetSelected(append(f.Unlocks.Selected, id))
		addUnlock.SetText("")
	})
	other := newTextEntry(strings.Join(v.Other, "\n"), "other rewards, one a line, as the book says", func(x string) {
		v.Other = nil
		for _, l := range strings.Split(x, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				v.Other = append(v.Other, l)
			}
		}
		ch()
	})
	f.Orbs = newNumList("Campaign orb", v.Orbs, func(ns []int) { v.Orbs = ns; ch() })
	f.Treasure = newNumList("Campaign treasure", v.Treasure, func(ns []int) { v.Treasure = ns; ch() })
	itemOpts := sortedKeys(s.Content.Items)
	for _, it := range v.RewardItems {
		if !slices.Contains(itemOpts, it) {
			itemOpts = append(itemOpts, it)
		}
	}
	f.Items = newChecksFlow(itemOpts, v.RewardItems, func(sel []string) { v.RewardItems = sel; ch() })
	itemsBox := container.NewVBox(f.Items.Object())
	newItem := widget.NewButtonWithIcon("Enter a new item card…", theme.ContentAddIcon(), func() {
		en.Open(tp.KindItem, "", func(key string) {
			sel := append(f.Items.Selected(), key)
			f.Items = newChecksFlow(sortedKeys(state(en.ctx).Content.Items), sel, func(sel []string) { v.RewardItems = sel; ch() })
			v.RewardItems = sel
			itemsBox.Objects = []fyne.CanvasObject{f.Items.Object()}
			itemsBox.Refresh()
			ch()
		})
	})
	rewardNova := NewNum(0, 99, v.RewardNovaCells, func(x int) { v.RewardNovaCells = x; ch() })
	rewardVT := NewNum(0, 99, v.RewardVanishedTechnology, func(x int) { v.RewardVanishedTechnology = x; ch() })
	f.RewardNova, f.RewardVT = rewardNova, rewardVT
	oneOff := newTextEntry(strings.Join(v.OneOffRewards, "\n"), "one-off rewards, one a line (a schematic, a box to open…)", func(x string) {
		v.OneOffRewards = nil
		for _, l := range strings.Split(x, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				v.OneOffRewards = append(v.OneOffRewards, l)
			}
		}
		ch()
	})
	f.OneOff = oneOff
	story := newNameEntry(v.StoryExpedition, "the Story expedition card the rewards name, if any", func(x string) { v.StoryExpedition = strings.TrimSpace(x); ch() })
	f.form = container.NewVBox(
		f.row("id", "Mission", f.Name),
		f.row("title", "Title", title),
		widgets.NewFlow(f.row("planet", "Planet", f.Planet), f.row("difficulty", "", statBox("Difficulty", f.Difficulty))),
		f.row("map", "Map", container.NewVBox(noMap, f.Map, drawMap)),
		widget.NewSeparator(),
		bold("Rewards"),
		f.row("sp", "", statBox("SP for each character", f.SP)),
		f.row("fame", "", fame),
		f.row("unlocks", "Missions it unlocks", container.NewVBox(f.Unlocks, container.NewBorder(nil, nil, nil, addUnlockBt, addUnlock))),
		f.row("orbs", "Campaign orbs on its map (their numbers)", f.Orbs.Object()),
		f.row("treasure", "Campaign treasure on its map (their numbers)", f.Treasure.Object()),
		f.row("rewardItems", "Item cards it gives", container.NewVBox(itemsBox, newItem)),
		widgets.NewFlow(f.row("rewardNovaCells", "", statBox("Nova cells to share", rewardNova)), f.row("rewardVanishedTechnology", "", statBox("Vanished technology", rewardVT))),
		f.row("oneOffRewards", "One-off rewards", oneOff),
		f.row("storyExpedition", "Story expedition", story),
		f.row("other", "Anything else the rewards say", other),
	)
	return f
}

func (f *MissionForm) card() fyne.CanvasObject {
	v := f.v
	lines := []string{
		fmt.Sprintf("%s · difficulty %d · map %s", orDefault(v.Planet, noPlanet), v.Difficulty, orDefault(v.Map, "not chosen")),
		fmt.Sprintf("Rewards: %d SP each", v.SP),
	}
	for _, p := range tp.Planets {
		if n := v.Fame[p]; n != 0 {
			lines = append(lines, fmt.Sprintf("Fame on %s %s", p, Signed(n)))
		}
	}
	if len(v.Unlocks) > 0 {
		lines = append(lines, "Unlocks "+strings.Join(v.Unlocks, ", "))
	}
	if len(v.RewardItems) > 0 {
		lines = append(lines, "Items: "+strings.Join(v.RewardItems, ", "))
	}
	if v.RewardNovaCells > 0 {
		lines = append(lines, fmt.Sprintf("%d nova cells to share", v.RewardNovaCells))
	}
	if v.RewardVanishedTechnology > 0 {
		lines = append(lines, fmt.Sprintf("%d vanished technology", v.RewardVanishedTechnology))
	}
	lines = append(lines, v.OneOffRewards...)
	if v.StoryExpedition != "" {
		lines = append(lines, "Story expedition "+v.StoryExpedition)
	}
	lines = append(lines, v.Other...)
	return previewCard(strings.TrimSpace(v.ID+" "+v.Title), "", textLines(lines...))
}
func (f *MissionForm) Form() fyne.CanvasObject { return f.form }
func (f *MissionForm) Pieces() []piece         { return []piece{pieceOf(tp.KindMission, "", f.v)} }

// A numList is a list of numbers (orb or treasure numbers), each on a
// stepper, with Add and a remove button for each.
type numList struct {
	name      string
	list      []int
	box       *fyne.Container
	onChanged func([]int)
	Add       *widget.Button
}

func newNumList(name string, ns []int, onChanged func([]int)) *numList {
	l := &numList{name: name, list: slices.Clone(ns), box: container.NewVBox(), onChanged: onChanged}
	l.Add = widget.NewButtonWithIcon("Add "+strings.ToLower(name[:1])+name[1:], theme.ContentAddIcon(), func() {
		next := 1
		for _, n := range l.list {
			next = max(next, n+1)
		}
		l.list = append(l.list, next)
		l.show()
		l.onChanged(slices.Clone(l.list))
	})
	l.show()
	return l
}

func (l *numList) Object() fyne.CanvasObject { return container.NewVBox(l.box, l.Add) }

func (l *numList) show() {
	l.box.Objects = nil
	for i := range l.list {
		i := i
		n := NewNum(1, 99, l.list[i], func(x int) { l.list[i] = x; l.onChanged(slices.Clone(l.list)) })
		del := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			l.list = append(l.list[:i:i], l.list[i+1:]...)
			l.show()
			l.onChanged(slices.Clone(l.list))
		})
		l.box.Add(container.NewHBox(widget.NewLabel(l.name+" "+strconv.Itoa(i+1)), n, widgets.Touch(del)))
	}
	l.box.Refresh()
}

// newContentEditor is the form for kind, filled with data when editing.
func newContentEditor(kind tp.ContentKind, s *tp.State, id string, data json.RawMessage, en *Entry) (contentEditor, error) {
	switch kind {
	case tp.KindAdversary:
		return newAdversaryForm(s, data), nil
	case tp.KindSpeciesCard:
		return newSpeciesCardForm(s, id, data), nil
	case tp.KindClassCard:
		return newClassCardForm(s, id, data), nil
	case tp.KindBoss:
		return newBossForm(s, data), nil
	case tp.KindBossCard:
		return newBossCardForm(s, id, data), nil
	case tp.KindSpecies:
		return newSpeciesForm(data), nil
	case tp.KindClass:
		return newClassForm(s, data, en), nil
	case tp.KindActionCard:
		return newActionCardForm(s, data), nil
	case tp.KindEquipment:
		return newEquipmentForm(data), nil
	case tp.KindAttachment:
		return newAttachmentForm(data), nil
	case tp.KindItem:
		return newItemForm(data), nil
	case tp.KindMission:
		return newMissionForm(s, data, en), nil
	}
	return nil, fmt.Errorf("there is no form for %s", tp.KindTitle(kind))
}
