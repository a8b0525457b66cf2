package reich

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/reich/content"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// contentScreen is where the players type in what is printed on their
// cards and map (spec §2, §3.2), once per campaign: the faction card line
// by line, spawn cards by level, noise cards, maps and mission details. It
// also exports the whole content as a file and imports one, so a group can
// share what it typed in. No card text ships with the app.
type contentScreen struct {
	k    *kit
	root *fyne.Container

	// Faction is the faction card being edited (saved with SaveFaction).
	Faction    content.Faction
	facID      *widget.Entry
	facName    *widget.Entry
	facPick    *widget.Select
	unitsBox   *fyne.Container
	listsBox   *fyne.Container
	factionMsg *widget.Label
	// shown is the content the lists were built for.
	shown string
}

func newContentScreen(k *kit) *contentScreen {
	c := &contentScreen{k: k}
	c.facID = entry("faction id, e.g. F1", "")
	c.facName = entry("faction name as printed", "")
	c.facPick = widget.NewSelect(nil, func(id string) { c.EditFaction(id) })
	c.facPick.PlaceHolder = "Edit a saved faction card…"
	c.unitsBox = container.NewVBox()
	c.listsBox = container.NewVBox()
	c.factionMsg = widget.NewLabel("")
	c.factionMsg.Importance = widget.DangerImportance
	c.factionMsg.Wrapping = fyne.TextWrapWord
	c.factionMsg.Hide()

	newFac := button("New faction card", theme.ContentAddIcon(), func() {
		c.Faction = content.Faction{}
		c.facID.SetText("")
		c.facName.SetText("")
		c.refreshUnits()
	})
	addUnit := button("Add a unit line", theme.ContentAddIcon(), func() { c.unitForm(-1) })
	save := button("Save faction card", theme.DocumentSaveIcon(), func() { c.SaveFaction() })
	remove := button("Remove this faction card", theme.DeleteIcon(), func() {
		if id := strings.TrimSpace(c.facID.Text); id != "" && c.k.do(rb.RemoveFaction{ID: id}) {
			c.Faction = content.Faction{}
			c.facID.SetText("")
			c.facName.SetText("")
			c.refreshUnits()
		}
	})
	save.Importance = widget.HighImportance
	faction := widgets.NewCard("Faction card (§2.1)", "Unit lines in the card's order: that order is the activation order.",
		container.NewVBox(
			c.facPick, newFac,
			widget.NewForm(widget.NewFormItem("Faction id", c.facID), widget.NewFormItem("Name", c.facName)),
			c.unitsBox,
			container.NewGridWithColumns(2, widgets.Touch(addUnit), widgets.Touch(save)),
			widgets.Touch(remove),
			c.factionMsg))

	export := button("Export content…", theme.DocumentSaveIcon(), c.exportDialog)
	imp := button("Import content…", theme.FolderOpenIcon(), c.importDialog)
	share := widgets.NewCard("Share", "The whole content as one file: another group imports it instead of typing it in.",
		container.NewGridWithColumns(2, widgets.Touch(export), widgets.Touch(imp)))

	c.root = container.NewVBox(faction, c.listsBox, share)
	c.Refresh()
	return c
}

// Refresh re-reads the campaign's content.
func (c *contentScreen) Refresh() {
	lib := c.k.state().Library
	key, _ := json.Marshal(lib)
	if string(key) == c.shown {
		return
	}
	c.shown = string(key)
	var ids []string
	for _, f := range lib.Factions {
		ids = append(ids, f.ID)
	}
	c.facPick.SetOptions(ids)
	c.refreshUnits()
	c.listsBox.Objects = nil
	c.listsBox.Add(c.listCard("Spawn cards (§2.2)", "One row per level: the units that level places.",
		idsOf(lib.SpawnCards, func(s content.SpawnCard) string {
			return fmt.Sprintf("%s — green: %s · orange: %s · red: %s", s.ID, show(formatSpawnRow(s.Levels[content.Green])),
				show(formatSpawnRow(s.Levels[content.Orange])), show(formatSpawnRow(s.Levels[content.Red])))
		}),
		"Add a spawn card", func(i int) { c.SpawnCardForm(i) }, func(i int) { c.k.do(rb.RemoveSpawnCard{ID: lib.SpawnCards[i].ID}) }))
	c.listsBox.Add(c.listCard("Noise cards (§2.3)", "Top effects always apply; bottom effects from the threshold on.",
		idsOf(lib.NoiseCards, func(n content.NoiseCard) string {
			return fmt.Sprintf("%s — %s deck, threshold %d, %d top and %d bottom effects", n.ID, n.Deck, n.Threshold, len(n.Top), len(n.Bottom))
		}),
		"Add a noise card", func(i int) { c.NoiseCardForm(i) }, func(i int) { c.k.do(rb.RemoveNoiseCard{ID: lib.NoiseCards[i].ID}) }))
	c.listsBox.Add(c.listCard("Mission maps (§3.2)", "Areas, rooms, tiles, doors, sight lines, tokens, guard points, barracks.",
		idsOf(lib.Maps, func(m content.Map) string {
			return fmt.Sprintf("%s — %d areas, %d doors, %d spawn tokens, %d sight lines", m.MissionID, len(m.Areas), len(m.Doors), len(m.SpawnTokens), len(m.SightLines))
		}),
		"Add a map", func(i int) { c.MapForm(i) }, func(i int) { c.k.do(rb.RemoveMap{MissionID: lib.Maps[i].MissionID}) }))
	c.listsBox.Add(c.listCard("Mission details (§2.4)", "Tracker lengths, the Victory or Defeat? chart, HQ additions.",
		idsOf(lib.Missions, func(m rb.MissionInfo) string {
			return fmt.Sprintf("%s — tracker %d/%d, alien world %d, %d chart rows", m.ID, m.PreAlarm, m.PostAlarm, m.AlienWorld, len(m.VictoryChart))
		}),
		"Add mission details", func(i int) { c.MissionForm(i) }, func(i int) { c.k.do(rb.RemoveMissionInfo{ID: lib.Missions[i].ID}) }))
	c.listsBox.Refresh()
}

func show(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func idsOf[T any](list []T, line func(T) string) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = line(x)
	}
	return out
}

// listCard lists saved entries with Edit and Remove, and an Add button.
func (c *contentScreen) listCard(title, sub string, rows []string, add string, edit func(int), remove func(int)) fyne.CanvasObject {
	box := container.NewVBox()
	if len(rows) == 0 {
		box.Add(widget.NewLabel("None entered yet."))
	}
	for i, r := range rows {
		l := wrapped(r)
		ed := widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), func() { edit(i) })
		rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { remove(i) })
		box.Add(container.NewBorder(nil, nil, nil, container.NewHBox(widgets.Touch(ed), widgets.Touch(rm)), l))
	}
	box.Add(widgets.Touch(button(add, theme.ContentAddIcon(), func() { edit(-1) })))
	return widgets.NewCard(title, sub, box)
}

// EditFaction loads a saved faction card into the editor.
func (c *contentScreen) EditFaction(id string) {
	for _, f := range c.k.state().Library.Factions {
		if f.ID == id {
			c.Faction = f
			c.Faction.Units = slices.Clone(f.Units)
			c.facID.SetText(f.ID)
			c.facName.SetText(f.Name)
			c.refreshUnits()
		}
	}
}

func (c *contentScreen) refreshUnits() {
	c.unitsBox.Objects = nil
	if len(c.Faction.Units) == 0 {
		c.unitsBox.Add(widget.NewLabel("No unit lines yet."))
	}
	for i, u := range c.Faction.Units {
		up := widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() { c.moveUnit(i, -1) })
		down := widget.NewButtonWithIcon("", theme.MoveDownIcon(), func() { c.moveUnit(i, +1) })
		ed := widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), func() { c.unitForm(i) })
		rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			c.Faction.Units = slices.Delete(c.Faction.Units, i, i+1)
			c.refreshUnits()
		})
		c.unitsBox.Add(container.NewBorder(nil, nil, nil,
			container.NewHBox(widgets.Touch(up), widgets.Touch(down), widgets.Touch(ed), widgets.Touch(rm)),
			wrapped(fmt.Sprintf("%d. %s", i+1, unitLine(u)))))
	}
	c.unitsBox.Refresh()
}

// unitLine is a faction card line in words.
func unitLine(u content.UnitType) string {
	name := u.Name
	if u.NameIsWhite {
		name += " (white name)"
	}
	s := fmt.Sprintf("%s %s · # %d · loot %s · melee %d", u.Code, name, u.Max, u.LootColour, u.MeleeAttack)
	if u.RangedAttack != nil {
		s += fmt.Sprintf(" · ranged %d range %d", *u.RangedAttack, u.Range)
	}
	s += fmt.Sprintf(" · support %d · defence %d", u.Support, u.Defence)
	if w := u.WoundsToKill(); w > 1 {
		s += fmt.Sprintf(" · %d wounds", w)
	}
	if len(u.Keywords) > 0 {
		s += " · " + formatKeywords(u.Keywords)
	}
	if len(u.Tags) > 0 {
		s += " · tags " + strings.Join(u.Tags, ", ")
	}
	return s
}

func (c *contentScreen) moveUnit(i, by int) {
	j := i + by
	if j < 0 || j >= len(c.Faction.Units) {
		return
	}
	c.Faction.Units[i], c.Faction.Units[j] = c.Faction.Units[j], c.Faction.Units[i]
	c.refreshUnits()
}

// SaveFaction stores the faction card being edited (PutFaction); a
// refusal shows under the editor, and the card stays as typed.
func (c *contentScreen) SaveFaction() bool {
	f := c.Faction
	f.ID = strings.TrimSpace(c.facID.Text)
	f.Name = strings.TrimSpace(c.facName.Text)
	_, err := c.k.run(rb.PutFaction{Faction: f})
	if err != nil {
		c.factionMsg.SetText(refusal(err))
		c.factionMsg.Show()
		return false
	}
	c.factionMsg.Hide()
	return true
}

// FactionMessage is the faction editor's refusal, for tests.
func (c *contentScreen) FactionMessage() string {
	if !c.factionMsg.Visible() {
		return ""
	}
	return c.factionMsg.Text
}

var lootColours = []string{"grey", "red", "black", "blue"}

// unitForm adds (i < 0) or edits a faction card line. The line is checked
// on its own here; the whole card is checked again when it is saved.
func (c *contentScreen) unitForm(i int) *formDialog {
	var u content.UnitType
	if i >= 0 {
		u = c.Faction.Units[i]
	} else {
		u = content.UnitType{LootColour: "grey", Max: 1}
	}
	ranged := ""
	if u.RangedAttack != nil {
		ranged = itoa(*u.RangedAttack)
	}
	code := entry("code, e.g. GR", u.Code)
	name := entry("name as printed", u.Name)
	white := widget.NewCheck("the name is printed in white", nil)
	white.SetChecked(u.NameIsWhite)
	loot := widget.NewSelect(lootColours, nil)
	loot.SetSelected(u.LootColour)
	maxN := entry("0 or more", itoa(u.Max))
	melee := entry("0 or more", itoa(u.MeleeAttack))
	rng := entry("blank: no ranged attack", ranged)
	rangeN := entry("areas", itoa(u.Range))
	support := entry("0 or more", itoa(u.Support))
	defence := entry("0 or more", itoa(u.Defence))
	wounds := entry("blank: 1", "")
	if u.Wounds > 0 {
		wounds.SetText(itoa(u.Wounds))
	}
	kw := entry("e.g. fast, xWounds(3), handler(DG)", formatKeywords(u.Keywords))
	tags := entry("e.g. officer, dog", strings.Join(u.Tags, ", "))
	items := []*widget.FormItem{
		widget.NewFormItem("Code", code), widget.NewFormItem("Name", name), widget.NewFormItem("White name", widgets.WrapCheck(white)),
		widget.NewFormItem("Loot colour", loot), widget.NewFormItem("Miniatures (#)", maxN),
		widget.NewFormItem("Melee attack", melee), widget.NewFormItem("Ranged attack", rng), widget.NewFormItem("Range", rangeN),
		widget.NewFormItem("Support", support), widget.NewFormItem("Defence", defence), widget.NewFormItem("Wounds", wounds),
		widget.NewFormItem("Keywords", kw), widget.NewFormItem("Tags", tags),
		widget.NewFormItem("Known keywords", wrapped(strings.Join(content.KnownKeywords(), ", "))),
	}
	title := "Add a unit line"
	if i >= 0 {
		title = "Change unit line " + itoa(i+1)
	}
	return c.k.form(title, "Keep this line", items, func() error {
		n := content.UnitType{Code: strings.TrimSpace(code.Text), Name: strings.TrimSpace(name.Text), NameIsWhite: white.Checked,
			LootColour: loot.Selected, States: u.States, IsRanged: u.IsRanged}
		var err error
		num := func(field string, e *widget.Entry, to *int) {
			if err == nil {
				*to, err = atoi(field, e.Text)
			}
		}
		num("miniatures (#)", maxN, &n.Max)
		num("melee attack", melee, &n.MeleeAttack)
		num("range", rangeN, &n.Range)
		num("support", support, &n.Support)
		num("defence", defence, &n.Defence)
		num("wounds", wounds, &n.Wounds)
		if err != nil {
			return err
		}
		if strings.TrimSpace(rng.Text) != "" {
			v, err := atoi("ranged attack", rng.Text)
			if err != nil {
				return err
			}
			n.RangedAttack = &v
		}
		if n.Keywords, err = parseKeywords(kw.Text); err != nil {
			return err
		}
		n.Tags = splitList(tags.Text)
		units := slices.Clone(c.Faction.Units)
		if i >= 0 {
			units[i] = n
		} else {
			units = append(units, n)
		}
		for j, o := range c.Faction.Units {
			if j != i && o.Code == n.Code {
				return fmt.Errorf("unit line %d already has the code %q", j+1, n.Code)
			}
		}
		// Check this line with the card as it would be; a Handler may name
		// a line typed in later, which the save checks.
		check := content.Faction{Units: units}
		if err := check.Validate(); err != nil && strings.Contains(err.Error(), "("+n.Code+")") && !strings.Contains(err.Error(), "Handler names") {
			return err
		}
		c.Faction.Units = units
		c.refreshUnits()
		return nil
	})
}

// SpawnCardForm adds (i < 0) or edits a spawn card.
func (c *contentScreen) SpawnCardForm(i int) *formDialog {
	var sc content.SpawnCard
	if i >= 0 {
		sc = c.k.state().Library.SpawnCards[i]
	}
	id := entry("card id, e.g. RB001", sc.ID)
	rows := map[content.Level]*widget.Entry{}
	items := []*widget.FormItem{widget.NewFormItem("Card id", id)}
	for _, l := range []content.Level{content.Green, content.Orange, content.Red} {
		rows[l] = entry("e.g. GR 2, DG 1 (blank if the row is blank)", formatSpawnRow(sc.Levels[l]))
		items = append(items, widget.NewFormItem(capital(string(l))+" row", rows[l]))
	}
	return c.k.form("Spawn card", "Save spawn card", items, func() error {
		card := content.SpawnCard{ID: strings.TrimSpace(id.Text), Levels: map[content.Level][]content.SpawnItem{}}
		for _, l := range []content.Level{content.Green, content.Orange, content.Red} {
			row, err := parseSpawnRow(rows[l].Text)
			if err != nil {
				return fmt.Errorf("%s row: %w", l, err)
			}
			card.Levels[l] = row
		}
		// Codes must be lines of a faction card entered in this campaign (V-23).
		if err := c.checkCodes(card); err != nil {
			return err
		}
		_, err := c.k.run(rb.PutSpawnCard{Card: card})
		return err
	})
}

// checkCodes refuses a spawn card naming a unit code no faction card of the
// campaign lists (V-23), when faction cards were entered.
func (c *contentScreen) checkCodes(card content.SpawnCard) error {
	facs := c.k.state().Library.Factions
	if len(facs) == 0 {
		return nil
	}
	var first error
	for i := range facs {
		err := card.CheckCodes(&facs[i])
		if err == nil {
			return nil
		}
		if first == nil {
			first = err
		}
	}
	return fmt.Errorf("spawn card %s: %v", card.ID, first)
}

var noiseDecks = []string{content.DeckPreAlarm, content.DeckPostAlarm, content.DeckAlienWorld}

// NoiseCardForm adds (i < 0) or edits a noise card.
func (c *contentScreen) NoiseCardForm(i int) *formDialog {
	nc := content.NoiseCard{Deck: content.DeckPreAlarm}
	if i >= 0 {
		nc = c.k.state().Library.NoiseCards[i]
	}
	id := entry("card id", nc.ID)
	deck := widget.NewSelect(noiseDecks, nil)
	deck.SetSelected(nc.Deck)
	thr := entry("the number in the middle", itoa(nc.Threshold))
	top := multi(effectHelp, formatEffects(nc.Top), 3)
	bottom := multi(effectHelp, formatEffects(nc.Bottom), 3)
	items := []*widget.FormItem{widget.NewFormItem("Card id", id), widget.NewFormItem("Deck", deck), widget.NewFormItem("Threshold", thr),
		widget.NewFormItem("Top effects", top), widget.NewFormItem("Bottom effects", bottom)}
	items = append(items, widget.NewFormItem("Effect lines", wrapped(effectHelp)))
	return c.k.form("Noise card", "Save noise card", items, func() error {
		card := content.NoiseCard{ID: strings.TrimSpace(id.Text), Deck: deck.Selected}
		var err error
		if card.Threshold, err = atoi("threshold", thr.Text); err != nil {
			return err
		}
		if card.Top, err = parseEffects(top.Text); err != nil {
			return fmt.Errorf("top effects, %w", err)
		}
		if card.Bottom, err = parseEffects(bottom.Text); err != nil {
			return fmt.Errorf("bottom effects, %w", err)
		}
		_, err = c.k.run(rb.PutNoiseCard{Card: card})
		return err
	})
}

// MapForm adds (i < 0) or edits a mission map.
func (c *contentScreen) MapForm(i int) *formDialog {
	var t MapText
	if i >= 0 {
		t = MapToText(c.k.state().Library.Maps[i])
	}
	mission := entry("mission id, e.g. M1", t.Mission)
	areas := multi(areasHelp, t.Areas, 4)
	edges := multi(edgesHelp, t.Edges, 4)
	doors := multi(doorsHelp, t.Doors, 3)
	sight := multi(sightHelp, t.SightLines, 3)
	tokens := multi(tokensHelp, t.Tokens, 2)
	guards := entry("areas with a guard point", t.Guards)
	barracks := multi(barracksHelp, t.Barracks, 2)
	feats := multi(featuresHelp, t.Features, 2)
	ent := entry("entrance areas", t.Entrances)
	exits := entry("exit areas", t.Exits)
	items := []*widget.FormItem{
		widget.NewFormItem("Mission", mission), widget.NewFormItem("Areas", areas), widget.NewFormItem("Edges", edges),
		widget.NewFormItem("Doors", doors), widget.NewFormItem("Sight lines", sight), widget.NewFormItem("Spawn tokens", tokens),
		widget.NewFormItem("Guard points", guards), widget.NewFormItem("Barracks", barracks), widget.NewFormItem("Room features", feats),
		widget.NewFormItem("Entrances", ent), widget.NewFormItem("Exits", exits),
	}
	items = append(items, widget.NewFormItem("How to write it", wrapped(strings.Join([]string{
		"Areas: " + areasHelp, "Edges: " + edgesHelp, "Doors: " + doorsHelp, "Sight lines: " + sightHelp,
		"Spawn tokens: " + tokensHelp, "Barracks: " + barracksHelp, "Room features: " + featuresHelp}, "\n"))))
	return c.k.form("Mission map", "Save map", items, func() error {
		mt := MapText{Mission: mission.Text, Areas: areas.Text, Edges: edges.Text, Doors: doors.Text, SightLines: sight.Text,
			Tokens: tokens.Text, Guards: guards.Text, Barracks: barracks.Text, Features: feats.Text, Entrances: ent.Text, Exits: exits.Text}
		m, err := mt.ParseMap()
		if err != nil {
			return err
		}
		_, err = c.k.run(rb.PutMap{Map: m})
		return err
	})
}

// MissionForm adds (i < 0) or edits a mission's details.
func (c *contentScreen) MissionForm(i int) *formDialog {
	var mi rb.MissionInfo
	if i >= 0 {
		mi = c.k.state().Library.Missions[i]
	}
	id := entry("mission id, as on its map", mi.ID)
	pre := entry("pre-alarm spaces", itoa(mi.PreAlarm))
	post := entry("post-alarm spaces", itoa(mi.PostAlarm))
	alien := entry("alien world spaces (Not of this Earth!)", itoa(mi.AlienWorld))
	preC := entry("blank, or a colour per space: green orange red …", levelsText(mi.PreColours))
	postC := entry("blank, or a colour per space", levelsText(mi.PostColours))
	chart := multi("one row a line, top first: what it says | success (or failure)", formatChart(mi.VictoryChart), 3)
	hq := entry("items this mission adds to the HQ card, comma-separated", strings.Join(mi.HQAdditions, ", "))
	items := []*widget.FormItem{widget.NewFormItem("Mission", id), widget.NewFormItem("Pre-alarm", pre), widget.NewFormItem("Post-alarm", post),
		widget.NewFormItem("Alien world", alien), widget.NewFormItem("Pre-alarm colours", preC), widget.NewFormItem("Post-alarm colours", postC),
		widget.NewFormItem("Victory or Defeat?", chart), widget.NewFormItem("HQ additions", hq)}
	return c.k.form("Mission details", "Save details", items, func() error {
		n := rb.MissionInfo{ID: strings.TrimSpace(id.Text)}
		var err error
		for _, f := range []struct {
			name string
			e    *widget.Entry
			to   *int
		}{{"pre-alarm", pre, &n.PreAlarm}, {"post-alarm", post, &n.PostAlarm}, {"alien world", alien, &n.AlienWorld}} {
			if *f.to, err = atoi(f.name, f.e.Text); err != nil {
				return err
			}
		}
		if n.PreColours, err = parseLevels(preC.Text); err != nil {
			return fmt.Errorf("pre-alarm colours: %w", err)
		}
		if n.PostColours, err = parseLevels(postC.Text); err != nil {
			return fmt.Errorf("post-alarm colours: %w", err)
		}
		if n.VictoryChart, err = parseChart(chart.Text); err != nil {
			return err
		}
		for _, s := range strings.Split(hq.Text, ",") {
			if s = strings.TrimSpace(s); s != "" {
				n.HQAdditions = append(n.HQAdditions, s)
			}
		}
		_, err = c.k.run(rb.PutMissionInfo{Info: n})
		return err
	})
}

// Export writes the content file to w.
func (c *contentScreen) Export(w io.Writer) error {
	data, err := rb.ExportContent(c.k.state())
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// Import reads a content file and merges it into the campaign's content
// (entries with the same id are replaced); replace swaps the whole content.
func (c *contentScreen) Import(data []byte, replace bool) error {
	_, err := c.k.run(rb.ImportContent{Data: data, Replace: replace})
	c.k.say(err)
	return err
}

func (c *contentScreen) exportDialog() {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			if err != nil {
				c.k.say(err)
			}
			return
		}
		defer w.Close()
		if err := c.Export(w); err != nil {
			c.k.say(fmt.Errorf("the content file could not be written: %w", err))
			return
		}
		c.k.ctx.Message("Content exported to "+w.URI().Name(), false)
	}, c.k.ctx.Window)
	d.SetFileName("reichbusters-content.json")
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	d.Show()
}

func (c *contentScreen) importDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			if err != nil {
				c.k.say(err)
			}
			return
		}
		defer r.Close()
		data, err := io.ReadAll(r)
		if err != nil {
			c.k.say(fmt.Errorf("the file could not be read: %w", err))
			return
		}
		c.confirmImport(r.URI().Name(), data)
	}, c.k.ctx.Window)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	d.Show()
}

// confirmImport asks before a content file read from name is imported,
// and whether it replaces the campaign's content or merges into it.
func (c *contentScreen) confirmImport(name string, data []byte) {
	replace := widget.NewCheck("Replace all of this campaign's content (otherwise merge: same ids are replaced)", nil)
	dialog.ShowCustomConfirm("Import content", "Import", "Cancel", container.NewVBox(
		wrapped(fmt.Sprintf("Import %s into this campaign?", name)), widgets.WrapCheck(replace)), func(ok bool) {
		if ok {
			_ = c.Import(data, replace.Checked)
		}
	}, c.k.ctx.Window)
}
