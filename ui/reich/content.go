package reich

import (
	"encoding/json"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// contentScreen is where the players enter what is printed on their
// cards and maps, once per campaign (spec §2, §3.2): what a mission still
// needs, then each kind of card with its entries (each changed or removed
// there, every change undoable), and the content as a file to share.
// No card text ships with the app; practice content is made up, and says
// so.
type contentScreen struct {
	k    *kit
	root *fyne.Container

	label *widget.Label
	needs *fyne.Container
	lists *fyne.Container
	files fyne.CanvasObject
	// shown is the content the lists were built for.
	shown string
}

// practiceWords is the label practice content carries wherever it shows.
const practiceWords = "Practice content — not the printed cards: everything here was made up for this app, to try it."

func newContentScreen(k *kit) *contentScreen {
	c := &contentScreen{k: k, needs: container.NewVBox(), lists: container.NewVBox()}
	c.label = wrapped(practiceWords)
	c.label.Importance = widget.WarningImportance
	c.files = c.filesCard()
	c.root = container.NewVBox(c.label, c.needs, c.lists, c.files, c.libraryCard())
	c.Refresh()
	return c
}

// Refresh re-reads the campaign's content.
func (c *contentScreen) Refresh() {
	s := c.k.state()
	key, _ := json.Marshal(struct {
		L rb.Library
		N bool
	}{s.Library, s.Settings.NotOfThisEarth})
	if string(key) == c.shown {
		return
	}
	c.shown = string(key)
	if s.Library.Practice {
		c.label.Show()
	} else {
		c.label.Hide()
	}
	c.needs.Objects = []fyne.CanvasObject{c.needsCard()}
	c.needs.Refresh()
	lib := s.Library
	c.lists.Objects = nil
	var missions []row
	for _, m := range lib.Missions {
		missions = append(missions, row{m.ID, missionLine(&lib, m.ID)})
	}
	for _, m := range lib.Maps {
		if lib.MissionOf(m.MissionID) == nil {
			missions = append(missions, row{m.MissionID, missionLine(&lib, m.MissionID)})
		}
	}
	c.lists.Add(c.listCard("Missions", "Each mission's map and tracker, from its map and objective cards.", missions, "Add a mission",
		func(id string) { c.k.MissionForm(id, nil) }, func(id string) { c.k.do(rb.RemoveMission{ID: id}) }))
	var facs []row
	for _, f := range lib.Factions {
		var names []string
		for _, u := range f.Units {
			names = append(names, u.Name)
		}
		facs = append(facs, row{f.ID, fmt.Sprintf("%s — %d unit line%s: %s", f.Name, len(f.Units), plural(len(f.Units)), strings.Join(names, ", "))})
	}
	c.lists.Add(c.listCard("Faction cards", "Their lines in the card's order, which is the enemy's activation order.", facs, "Add a faction card",
		func(id string) { c.k.FactionForm(id, nil) }, func(id string) { c.k.do(rb.RemoveFaction{ID: id}) }))
	var spawns []row
	for _, sc := range lib.SpawnCards {
		var parts []string
		for _, l := range levels {
			parts = append(parts, string(l)+": "+spawnRowText(sc.Levels[l], lib.Factions))
		}
		spawns = append(spawns, row{sc.ID, sc.ID + " — " + strings.Join(parts, " · ")})
	}
	c.lists.Add(c.listCard("Spawn cards", "Each card's green, orange and red rows.", spawns, "Add a spawn card",
		func(id string) { c.k.SpawnCardForm(id, nil) }, func(id string) { c.k.do(rb.RemoveSpawnCard{ID: id}) }))
	for _, deck := range rb.NoiseDecks {
		if deck == content.DeckAlienWorld && !s.Settings.NotOfThisEarth {
			continue
		}
		if deck != content.DeckAlienWorld && s.Settings.NotOfThisEarth {
			continue
		}
		var noise []row
		for _, n := range lib.NoiseCards {
			if n.Deck != deck {
				continue
			}
			noise = append(noise, row{n.ID, noiseLine(n)})
		}
		deck := deck
		c.lists.Add(c.listCard("Noise cards "+rb.NoiseDeckWords(deck), "Top effects always; bottom effects from the threshold on.", noise, "Add a noise card",
			func(id string) { c.k.NoiseCardForm(id, deck, nil) }, func(id string) { c.k.do(rb.RemoveNoiseCard{ID: id}) }))
	}
	var heroes []row
	for _, h := range lib.Heroes {
		heroes = append(heroes, row{h.ID, heroLine(h)})
	}
	c.lists.Add(c.listCard("Heroes", "Each hero's character card: defence and weapons.", heroes, "Add a hero",
		func(id string) { c.k.HeroForm(id, nil) }, func(id string) { c.k.do(rb.RemoveHeroCard{ID: id}) }))
	c.lists.Refresh()
}

// row is one entry of a list: its id and its line in words.
type row struct{ id, text string }

func missionLine(l *rb.Library, id string) string {
	s := id
	if mi := l.MissionOf(id); mi != nil {
		if mi.AlienWorld > 0 {
			s += fmt.Sprintf(" — alien world tracker %d", mi.AlienWorld)
		} else {
			s += fmt.Sprintf(" — %d spaces before the alarm, %d after", mi.PreAlarm, mi.PostAlarm)
		}
	} else {
		s += " — no tracker yet"
	}
	if m := l.MapOf(id); m != nil && len(m.Areas) > 0 {
		s += " · " + mapSummary(*m)
	} else {
		s += " · no map yet"
	}
	return s
}

func noiseLine(n content.NoiseCard) string {
	list := func(es []content.Effect) string {
		if len(es) == 0 {
			return "nothing"
		}
		parts := make([]string, len(es))
		for i, e := range es {
			parts[i] = effectText(e)
		}
		return strings.Join(parts, "; ")
	}
	return fmt.Sprintf("%s — top: %s · threshold %d · bottom: %s", n.ID, list(n.Top), n.Threshold, list(n.Bottom))
}

func heroLine(h rb.HeroCard) string {
	w := func(x rb.Weapon) string {
		if x.Range == 0 {
			return x.Name + " (melee)"
		}
		return fmt.Sprintf("%s (range %d)", x.Name, x.Range)
	}
	return fmt.Sprintf("%s — defence %d · %s, %s", h.Name, h.Defence, w(h.Weapons[0]), w(h.Weapons[1]))
}

// listCard lists entries with Change and Remove, and an Add button.
func (c *contentScreen) listCard(title, sub string, rows []row, add string, edit func(id string), remove func(id string)) fyne.CanvasObject {
	box := container.NewVBox()
	if len(rows) == 0 {
		box.Add(widget.NewLabel("None entered yet."))
	}
	for _, r := range rows {
		r := r
		ed := widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), func() { edit(r.id) })
		rm := c.k.tap("", theme.DeleteIcon(), func() { remove(r.id) })
		box.Add(container.NewBorder(nil, nil, nil, container.NewHBox(widgets.Touch(ed), widgets.Touch(rm)), wrapped(r.text)))
	}
	box.Add(widgets.Touch(button(add+"…", theme.ContentAddIcon(), func() { edit("") })))
	return widgets.NewCard(title, sub, box)
}

// needsCard is what a mission still needs, each missing kind with a button
// that opens its form.
func (c *contentScreen) needsCard() fyne.CanvasObject {
	s := c.k.state()
	box := container.NewVBox()
	missing := 0
	needs := rb.Needs(&s.Library, s.Settings.NotOfThisEarth)
	if rb.Ready(&s.Library, s.Settings.NotOfThisEarth) {
		var have []string
		for _, n := range needs {
			have = append(have, fmt.Sprintf("%s (%d)", n.What, n.Have))
		}
		return widgets.NewCard("", "", wrapped("✓ Everything a mission needs is entered: "+strings.Join(have, ", ")+"."))
	}
	for _, n := range needs {
		n := n
		if n.Met() {
			box.Add(wrapped(fmt.Sprintf("✓ %s (%d)", capital(n.What), n.Have)))
			continue
		}
		missing++
		box.Add(container.NewBorder(nil, nil, nil, widgets.Touch(button("Enter…", theme.ContentAddIcon(), func() { c.k.enterNeed(n.Kind, nil) })),
			wrapped("✗ "+capital(n.What)+": none yet")))
	}
	sub := "Everything a mission needs is entered: set one up on the Play tab."
	if missing > 0 {
		sub = "Before the first mission, enter what is printed on your components (or load a content file below)."
	}
	return widgets.NewCard("What a mission needs", sub, box)
}

// enterNeed opens the form that enters a kind of content; then gets the
// new entry's id.
func (k *kit) enterNeed(kind string, then func(string)) {
	switch kind {
	case "mission":
		k.MissionForm("", then)
	case "faction":
		k.FactionForm("", then)
	case "spawn":
		k.SpawnCardForm("", then)
	case "noisePre":
		k.NoiseCardForm("", content.DeckPreAlarm, then)
	case "noisePost":
		k.NoiseCardForm("", content.DeckPostAlarm, then)
	case "noiseAlien":
		k.NoiseCardForm("", content.DeckAlienWorld, then)
	case "hero":
		k.HeroForm("", then)
	}
}
