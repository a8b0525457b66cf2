package reich

// Between missions: setting the next mission up (spec §4). Everything is
// picked from the campaign's content; where something is missing the form
// says what, in the players' words, and opens its entry form right there,
// coming back with the new entry chosen.

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// noMission is what the Play tab shows between missions: what a mission
// still needs, and the button that sets one up.
func (p *playScreen) noMission() fyne.CanvasObject {
	s := p.k.state()
	box := container.NewVBox(heading("No mission in play"), wrapped(p.k.ctx.Session.Where()))
	if s.Library.Practice {
		l := wrapped(practiceWords)
		l.Importance = widget.WarningImportance
		box.Add(l)
	}
	if s.Campaign.Debrief != nil {
		box.Add(wrapped("The after-mission step of " + s.Campaign.Debrief.Mission + " is open in the Campaign tab: buy skills there, then finish it."))
	}
	var missing []string
	for _, n := range rb.Needs(&s.Library, s.Settings.NotOfThisEarth) {
		if !n.Met() {
			missing = append(missing, n.What)
		}
	}
	if len(missing) > 0 {
		box.Add(wrapped("Still to enter before a mission: " + strings.Join(missing, ", ") + ". Set up a mission opens the form of each in turn (the noise cards are for later), or use the Content tab of the Campaign."))
	}
	box.Add(widgets.Touch(button("Set up a mission…", theme.ContentAddIcon(), func() { p.StartForm() })))
	return box
}

// startChoices are what the set-up form has picked so far, kept while the
// players enter something missing and come back.
type startChoices struct {
	Mission, Mode, Faction string
	Heroes                 []string
	Start, Player          map[string]string
	Variant12              bool
	TeamHP, Supply         [3]int
}

var hpKinds = []string{rb.HPAttack, rb.HPDefence, rb.HPWild}

func hpCounts(kinds []string) [3]int {
	var out [3]int
	for _, k := range kinds {
		if i := slices.Index(hpKinds, k); i >= 0 {
			out[i]++
		}
	}
	return out
}

func hpList(n [3]int) []string {
	var out []string
	for i, k := range hpKinds {
		for range n[i] {
			out = append(out, k)
		}
	}
	return out
}

// StartForm sets a mission up (StartMission).
func (p *playScreen) StartForm() *formDialog {
	s := p.k.state()
	ch := startChoices{Start: map[string]string{}, Player: map[string]string{}, Supply: hpCounts(s.Campaign.HPSupply)}
	for _, m := range s.Library.Maps {
		if len(m.Areas) > 0 {
			ch.Mission = m.MissionID
			break
		}
	}
	if len(s.Library.Factions) > 0 {
		ch.Faction = s.Library.Factions[0].ID
	}
	fd := p.startForm(ch)
	p.enterNext(ch, fd)
	return fd
}

// enterNext opens, over the set-up, the form of the first thing a mission
// still needs (the mission with its map and tracker, a faction card, a
// spawn card, a hero), so a group entering its own box goes from one to
// the next without looking for the button each time; saving it comes back
// to the set-up and on to the next. Cancel stops there, on the set-up. The
// noise cards are left to the set-up's own buttons: a mission runs
// without them.
func (p *playScreen) enterNext(ch startChoices, setup *formDialog) {
	k := p.k
	s := k.state()
	lib := &s.Library
	again := func(change func(c *startChoices, id string)) func(string) {
		return func(id string) {
			setup.close() // the set-up under the form just saved, shown again with it
			c := ch
			change(&c, id)
			p.enterNext(c, p.startForm(c))
		}
	}
	for _, n := range rb.Needs(lib, s.Settings.NotOfThisEarth) {
		if n.Met() {
			continue
		}
		switch n.Kind {
		case "mission":
			k.MissionForm("", again(func(c *startChoices, got string) { c.Mission = got }))
		case "faction":
			k.FactionForm("", again(func(c *startChoices, got string) { c.Faction = got }))
		case "spawn":
			k.SpawnCardForm("", again(func(*startChoices, string) {}))
		case "hero":
			k.HeroForm("", again(func(c *startChoices, got string) { c.Heroes = append(slices.Clone(c.Heroes), got) }))
		default:
			continue // noise cards: optional here
		}
		return
	}
}

// missionIDs lists every mission entered, with a map or not.
func missionIDs(l *rb.Library) []string {
	var out []string
	for _, m := range l.Missions {
		out = append(out, m.ID)
	}
	for _, m := range l.Maps {
		if !slices.Contains(out, m.MissionID) {
			out = append(out, m.MissionID)
		}
	}
	return out
}

func (p *playScreen) startForm(ch startChoices) *formDialog {
	k := p.k
	s := k.state()
	lib := &s.Library
	note := s.Settings.NotOfThisEarth
	modes := []string{rb.ModeRaid, rb.ModeCampaign}
	if note {
		modes = []string{rb.ModeNoteRaid, rb.ModeNoteCampaign}
	}
	if !slices.Contains(modes, ch.Mode) {
		ch.Mode = modes[0]
	}
	var fd *formDialog
	// reopen closes the form and opens it again with what was picked and
	// the entry just made, after an entry form saved it.
	reopen := func(change func(c *startChoices, id string)) func(string) {
		return func(id string) {
			if fd != nil {
				fd.close()
			}
			c := ch
			change(&c, id)
			p.startForm(c)
		}
	}
	// Mission.
	missionBox := container.NewVBox()
	preview := container.NewStack()
	ids := missionIDs(lib)
	var mission *choiceField
	var refreshMission func()
	refreshMission = func() {
		missionBox.Objects = nil
		if mission != nil {
			missionBox.Add(mission)
		}
		if len(ids) == 0 {
			missionBox.Add(wrapped("No mission is entered yet: its map and its tracker, from the map and objective cards."))
		}
		id := ""
		if mission != nil {
			id = mission.Value()
		}
		mp, mi := lib.MapOf(id), lib.MissionOf(id)
		switch {
		case id == "":
		case mp == nil || len(mp.Areas) == 0:
			missionBox.Add(wrapped(id + " has no map yet."))
			missionBox.Add(widgets.Touch(button("Draw the map of "+id+"…", theme.DocumentCreateIcon(), func() {
				k.MissionForm(id, reopen(func(c *startChoices, got string) { c.Mission = got }))
			})))
		case mi == nil || (!note && (mi.PreAlarm < 1 || mi.PostAlarm < 1)) || (note && mi.AlienWorld < 1):
			missionBox.Add(wrapped(id + " has no tracker lengths yet (from its objective card)."))
			missionBox.Add(widgets.Touch(button("Give the tracker of "+id+"…", theme.DocumentCreateIcon(), func() {
				k.MissionForm(id, reopen(func(c *startChoices, got string) { c.Mission = got }))
			})))
		default:
			if note {
				missionBox.Add(wrapped(fmt.Sprintf("Alien world tracker: %d spaces. Entrances: %s.", mi.AlienWorld, show(strings.Join(mp.Entrances, ", ")))))
			} else {
				missionBox.Add(wrapped(fmt.Sprintf("Tracker: %d spaces before the alarm, %d after. Entrances: %s.", mi.PreAlarm, mi.PostAlarm, show(strings.Join(mp.Entrances, ", ")))))
			}
		}
		missionBox.Add(widgets.Touch(button("Enter a mission…", theme.ContentAddIcon(), func() {
			k.MissionForm("", reopen(func(c *startChoices, got string) { c.Mission = got }))
		})))
		missionBox.Refresh()
		preview.Objects = nil
		if mp != nil && mp.HasLayout() {
			pic := newMapPicture(mp, 44)
			pic.Grid.Lines = func(area string) []gridLine {
				var out []gridLine
				if slices.Contains(mp.Entrances, area) {
					out = append(out, gridLine{text: "entrance", col: colHero})
				}
				for _, h := range ch.Heroes {
					if p.startArea(ch, mp, h) == area {
						if hc := lib.HeroCardByID(h); hc != nil {
							out = append(out, gridLine{text: "♦ " + hc.Name, col: colHero})
						}
					}
				}
				return out
			}
			preview.Objects = []fyne.CanvasObject{cardBox("The map of "+id, "Where the heroes start.", pic)}
		}
		preview.Refresh()
	}
	if len(ids) > 0 {
		mission = newChoiceField(ids, func(v string) string { return v }, ch.Mission, func(v string) { ch.Mission = v; refreshMission() })
		if mission.Value() == "" {
			mission.Pick(ids[0])
			ch.Mission = ids[0]
		}
	}
	// How it is played.
	modeBox := container.NewVBox()
	var refreshMode func()
	mode := newChoiceField(modes, rb.ModeWords, ch.Mode, func(v string) { ch.Mode = v; refreshMode() })
	refreshMode = func() {
		modeBox.Objects = []fyne.CanvasObject{mode}
		if (ch.Mode == rb.ModeCampaign || ch.Mode == rb.ModeNoteCampaign) && s.Campaign.Difficulty == nil {
			modeBox.Add(wrapped("A campaign mission needs the campaign's difficulty, chosen once before the first one."))
			modeBox.Add(widgets.Touch(button("Choose the difficulty…", nil, func() {
				c := &campaignScreen{k: k}
				d := c.DifficultyForm()
				d.onClose = func() {
					if fd != nil {
						fd.close()
					}
					p.startForm(ch)
				}
			})))
		}
		modeBox.Refresh()
	}
	refreshMode()
	// Faction card.
	factionBox := container.NewVBox()
	var faction *choiceField
	if len(lib.Factions) > 0 {
		var fids []string
		for _, f := range lib.Factions {
			fids = append(fids, f.ID)
		}
		faction = newChoiceField(fids, func(id string) string { return lib.FactionByID(id).Name }, ch.Faction, func(v string) { ch.Faction = v })
		if faction.Value() == "" {
			faction.Pick(fids[0])
			ch.Faction = fids[0]
		}
		factionBox.Add(faction)
	} else {
		factionBox.Add(wrapped("No faction card is entered yet."))
	}
	factionBox.Add(widgets.Touch(button("Enter a faction card…", theme.ContentAddIcon(), func() {
		k.FactionForm("", reopen(func(c *startChoices, got string) { c.Faction = got }))
	})))
	// Heroes.
	heroBox := container.NewVBox()
	var refreshHeroes func()
	refreshHeroes = func() {
		heroBox.Objects = nil
		if len(lib.Heroes) == 0 {
			heroBox.Add(wrapped("No hero is entered yet: each hero's character card, once."))
		}
		mp := lib.MapOf(ch.Mission)
		for _, h := range lib.Heroes {
			h := h
			on := slices.Contains(ch.Heroes, h.ID)
			check := widget.NewCheck(heroLine(h), func(b bool) {
				ch.Heroes = slices.DeleteFunc(ch.Heroes, func(x string) bool { return x == h.ID })
				if b {
					ch.Heroes = append(ch.Heroes, h.ID)
				}
				refreshHeroes()
				refreshMission()
			})
			check.Checked = on
			heroBox.Add(widgets.WrapCheck(check))
			if !on {
				continue
			}
			if mp != nil && len(mp.Entrances) > 1 {
				start := newChoiceField(mp.Entrances, func(v string) string { return "starts on " + v }, p.startArea(ch, mp, h.ID), func(v string) {
					ch.Start[h.ID] = v
					refreshMission()
				})
				heroBox.Add(start)
			}
			player := entry("who plays "+h.Name+" (optional)", ch.Player[h.ID])
			player.OnChanged = func(v string) { ch.Player[h.ID] = v }
			heroBox.Add(player)
		}
		heroBox.Add(widgets.Touch(button("Add a hero…", theme.ContentAddIcon(), func() {
			k.HeroForm("", reopen(func(c *startChoices, got string) { c.Heroes = append(slices.Clone(c.Heroes), got) }))
		})))
		heroBox.Refresh()
	}
	refreshHeroes()
	variant := widget.NewCheck("1 or 2 players, each with one hero", func(b bool) { ch.Variant12 = b })
	variant.Checked = ch.Variant12
	steppers := func(n *[3]int) fyne.CanvasObject {
		row := widgets.NewFlow()
		for i, kind := range hpKinds {
			i := i
			row.Add(container.NewVBox(widget.NewLabel(capital(kind)), newStepField(0, 12, n[i], func(v int) { n[i] = v })))
		}
		return row
	}
	// Decks.
	decks := container.NewVBox()
	spawnN := len(lib.SpawnCards)
	noise := map[string]int{}
	for _, n := range lib.NoiseCards {
		noise[n.Deck]++
	}
	if spawnN == 0 {
		decks.Add(wrapped("No spawn card is entered yet: the enemy spawns from them."))
		decks.Add(widgets.Touch(button("Enter a spawn card…", theme.ContentAddIcon(), func() {
			k.SpawnCardForm("", reopen(func(*startChoices, string) {}))
		})))
	} else {
		decks.Add(wrapped(fmt.Sprintf("Spawn deck: the %d spawn card%s entered (a campaign mission takes RB041 out).", spawnN, plural(spawnN))))
	}
	noiseDecks := []string{content.DeckPreAlarm, content.DeckPostAlarm}
	if note {
		noiseDecks = []string{content.DeckAlienWorld}
	}
	for _, d := range noiseDecks {
		d := d
		if noise[d] == 0 {
			decks.Add(wrapped(fmt.Sprintf("No noise card %s yet: a noise test then draws nothing.", rb.NoiseDeckWords(d))))
			decks.Add(widgets.Touch(button("Enter a noise card "+rb.NoiseDeckWords(d)+"…", theme.ContentAddIcon(), func() {
				k.NoiseCardForm("", d, reopen(func(*startChoices, string) {}))
			})))
			continue
		}
		decks.Add(wrapped(fmt.Sprintf("Noise cards %s: %d.", rb.NoiseDeckWords(d), noise[d])))
	}
	refreshMission()
	items := []*widget.FormItem{
		widget.NewFormItem("Mission", missionBox),
		widget.NewFormItem("Played as", modeBox),
		widget.NewFormItem("Faction card", factionBox),
		widget.NewFormItem("Heroes", heroBox),
		widget.NewFormItem("Players", widgets.WrapCheck(variant)),
	}
	if ch.Mode == rb.ModeRaid || ch.Mode == rb.ModeNoteRaid {
		items = append(items, widget.NewFormItem("Heroism points on the team card", steppers(&ch.TeamHP)))
	}
	items = append(items,
		widget.NewFormItem("Heroism point supply (face down)", steppers(&ch.Supply)),
		widget.NewFormItem("Decks", decks))
	fd = k.formWith("Set up a mission", "Set up", items, preview, func() error {
		var ps rb.Problems
		mp := lib.MapOf(ch.Mission)
		switch {
		case ch.Mission == "":
			ps = append(ps, rb.Problem{Key: "mission", Text: "enter a mission first (its map and tracker)"})
		case mp == nil || len(mp.Areas) == 0:
			ps = append(ps, rb.Problem{Key: "mission", Text: "draw the map of " + ch.Mission + " first"})
		}
		if ch.Faction == "" {
			ps = append(ps, rb.Problem{Key: "faction", Text: "enter the faction card first"})
		}
		if len(ch.Heroes) == 0 {
			ps = append(ps, rb.Problem{Key: "heroes", Text: "tick the heroes who play (1 to 4)"})
		}
		if len(ps) > 0 {
			return ps
		}
		c := rb.StartMission{Mission: ch.Mission, Mode: ch.Mode, Faction: ch.Faction, Variant12: ch.Variant12, HPSupply: hpList(ch.Supply)}
		if ch.Mode == rb.ModeRaid || ch.Mode == rb.ModeNoteRaid {
			c.HPShared = hpList(ch.TeamHP)
		}
		for _, id := range ch.Heroes {
			if h := lib.HeroCardByID(id); h != nil {
				c.Heroes = append(c.Heroes, h.Setup(p.startArea(ch, mp, id), strings.TrimSpace(ch.Player[id])))
			}
		}
		if _, err := k.run(c); err != nil {
			return err
		}
		// One hero: the turn order is hers, nothing to choose (the players
		// "decide which hero goes first"): round 1 starts with her turn.
		if len(c.Heroes) == 1 && c.Mode != rb.ModeNoteRaid && c.Mode != rb.ModeNoteCampaign {
			_, err := k.run(rb.SetTurnOrder{Order: []string{c.Heroes[0].ID}})
			return err
		}
		return nil
	})
	for key, label := range map[string]string{"mission": "Mission", "mode": "Played as", "faction": "Faction card", "heroes": "Heroes"} {
		fd.keys[key] = label
	}
	return fd
}

// startArea is where a hero starts: the entrance picked, or the map's
// first (its first area if it has none).
func (p *playScreen) startArea(ch startChoices, mp *content.Map, hero string) string {
	if a := ch.Start[hero]; a != "" {
		return a
	}
	if mp == nil || len(mp.Areas) == 0 {
		return ""
	}
	if len(mp.Entrances) > 0 {
		return mp.Entrances[0]
	}
	return mp.Areas[0].ID
}

// heroArea is a hero's area in the mission, or "".
func (p *playScreen) heroArea(id string) string {
	if m := p.k.mission(); m != nil {
		if h := m.HeroByID(id); h != nil {
			return h.Area
		}
	}
	return ""
}
