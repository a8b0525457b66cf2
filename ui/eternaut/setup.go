package eternaut

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// rosterIDs are the Character IDs the rulebook names (p.5, spec §2.3);
// 910 only if the group adds it by hand, in the extra line.
var rosterIDs = []string{"901", "902", "903", "904", "905", "906", "907", "908", "909", "911", "912", "913"}

// campaignForm is the new campaign's players and roster.
type campaignForm struct {
	players  *widget.Select
	names    map[string]*widgets.TextEntry
	extraID  *widgets.TextEntry
	extraNam *widgets.TextEntry
}

func playerOptions() []string {
	out := make([]string, 5)
	for i := range out {
		out[i] = fmt.Sprintf("%s (a hand of %d)", plural(i+1, "player", "players"), et.HandSize(i+1))
	}
	return out
}

func newCampaignForm() *campaignForm {
	f := &campaignForm{names: map[string]*widgets.TextEntry{}}
	f.players = widget.NewSelect(playerOptions(), nil)
	f.players.PlaceHolder = "how many play (1 to 5)"
	for _, id := range rosterIDs {
		e := widgets.NewTextEntry()
		switch {
		case id <= "904":
			e.SetPlaceHolder("the name on card " + id + " (plays Scenario A)")
		case id >= "907" && id <= "909":
			e.SetPlaceHolder("Masked Figure " + id + " (from Scenario D)")
		default:
			e.SetPlaceHolder("a name now, or when it joins")
		}
		f.names[id] = e
	}
	f.extraID = textEntry("another ID, e.g. 910 (optional)", "")
	f.extraNam = textEntry("its name", "")
	return f
}

func charLabel(id string) string { return "Character " + id }

func (f *campaignForm) items() []*widget.FormItem {
	players := widget.NewFormItem("Players", f.players)
	players.HintText = "It sets each hand's size."
	items := []*widget.FormItem{players}
	for _, id := range rosterIDs {
		items = append(items, widget.NewFormItem(charLabel(id), f.names[id]))
	}
	extra := widget.NewFormItem("Another Character", container.NewVBox(f.extraID, f.extraNam))
	extra.HintText = "Only if the group plays one the rulebook does not list."
	return append(items, extra)
}

// command reads the fields; an empty name leaves the rulebook's default.
// What is missing comes back as a problem under its field.
func (f *campaignForm) command() (et.NewCampaign, error) {
	var c et.NewCampaign
	p := widgets.Problems{}
	i := f.players.SelectedIndex()
	if i < 0 {
		p.Add("Players", "choose the number of players (1 to 5)")
	}
	c.Players = i + 1
	for _, id := range rosterIDs {
		n := strings.TrimSpace(f.names[id].Text)
		if n != "" {
			c.Roster = append(c.Roster, et.RosterEntry{ID: id, Name: n})
		} else if id <= "904" {
			p.Add(charLabel(id), fmt.Sprintf("Character %s plays Scenario A: write the name on its card", id))
		}
	}
	if id := strings.TrimSpace(f.extraID.Text); id != "" {
		c.Roster = append(c.Roster, et.RosterEntry{ID: id, Name: strings.TrimSpace(f.extraNam.Text)})
	}
	if len(p) > 0 {
		return c, p
	}
	if err := checkNew(c); err != nil {
		return c, widgets.Problems{"": words(err)}
	}
	return c, nil
}

func (f *campaignForm) commands() ([]tracker.Command, error) {
	c, err := f.command()
	if err != nil {
		return nil, err
	}
	return []tracker.Command{c}, nil
}

// newCampaignView is the roster form inside the Play tab, for a campaign
// made without it (from the command line).
func (p *PlayScreen) newCampaignView() fyne.CanvasObject {
	if p.newForm == nil {
		p.newForm = newCampaignForm()
	}
	f := p.newForm
	box := widgets.NewFormBox(f.items()...)
	var start *widget.Button
	start = primary(iconBtn("Start the campaign", theme.ConfirmIcon(), func() {
		c, err := f.command()
		if err != nil {
			box.ShowError(err)
			p.refuse(start, "Some fields need a look: see under them")
			return
		}
		p.doFrom(start, c)
	}))
	p.startCampaign = start
	return container.NewVBox(heading("New campaign: players and Characters"),
		note("Name at least 901 to 904: they play Scenario A. The others can be named now or when they join."),
		box.Object(), start)
}

// scenarioSetup is the setup of the next Storybook (Rulebook p.6 and each
// scenario's setup).
type scenarioSetup struct {
	p        *PlayScreen
	key      string
	timer    *spin
	first    *widget.Select
	chars    *widget.CheckGroup
	reserve  []string
	itemTo   []*widget.Select
	ammo     map[string]*spin
	bags     map[string]*widget.Select
	ammoBox  *fyne.Container
	aliens   *widgets.TextEntry
	boards   *widgets.TextEntry
	check    *widget.Label
	carried  *fyne.Container
	leftover *widget.Label
	Start    *widget.Button
	startRow *fyne.Container
	box      *fyne.Container
}

const (
	truck = "the truck"
	// inBag marks an item handed out inside the Character's Bag.
	inBag = " — in the Bag"
)

func (p *PlayScreen) setupView(s *et.State) fyne.CanvasObject {
	key := fmt.Sprintf("%s/%d/%d", s.Next, len(s.Played), s.Restarts)
	if p.setup == nil || p.setup.key != key {
		p.setup = newScenarioSetup(p, s, key)
	}
	p.setup.update()
	return p.setup.box
}

func nextKey(s *et.State) string {
	if s.Next == "" {
		return "A"
	}
	return s.Next
}

func newScenarioSetup(p *PlayScreen, s *et.State, key string) *scenarioSetup {
	f := &scenarioSetup{p: p, key: key, ammo: map[string]*spin{}, bags: map[string]*widget.Select{}}
	next := nextKey(s)
	letter := et.Letter(next)
	start := 0
	if letter == "C" {
		start = et.TimerStartC
	}
	f.timer = newSpin(0, s.Settings.TimerMax, start, func(v int) string {
		if v == 0 {
			return "Not set yet"
		}
		return fmt.Sprintf("Space %d", v)
	}, nil)
	f.timer.OnChanged = func(int) { f.update() }
	if letter == "C" {
		f.timer.SetLimits(et.TimerStartC, et.TimerStartC)
	}
	var players []string
	for i := 1; i <= max(1, s.Players); i++ {
		players = append(players, "Player "+strconv.Itoa(i))
	}
	f.first = widget.NewSelect(players, func(string) { f.update() })
	f.first.SetSelectedIndex(0)
	var choosable []string
	for _, c := range s.Roster {
		if c.Status == et.Alive && !c.AwaitsReveal && (!c.Masked || slices.Index(et.Letters, letter) >= 3) {
			choosable = append(choosable, optionName(s.Roster, c))
		}
	}
	f.chars = widget.NewCheckGroup(choosable, func([]string) { f.rebuildDistribution(); f.update() })
	f.aliens = textEntry("the usual: "+strings.Join(et.UsualAliens(next), ", "), "")
	f.aliens.OnChanged = func(string) { f.update() }
	f.boards = textEntry("e.g. red, blue, in the order chosen (optional)", "")
	f.boards.OnChanged = func(string) { f.update() }
	f.check = wrap("")
	f.carried = container.NewVBox()
	f.leftover = wrap("")
	f.ammoBox = container.NewVBox()
	if i := slices.Index(et.Letters, letter); i > 0 && letter != "B" {
		f.reserve = slices.Clone(s.Section(et.Letters[i-1]).ItemReserve)
	}
	for range f.reserve {
		sel := widget.NewSelect([]string{truck}, func(string) { f.update() })
		sel.SetSelected(truck)
		f.itemTo = append(f.itemTo, sel)
	}
	f.Start = primary(iconBtn("Start Storybook "+next, theme.MediaPlayIcon(), f.start))
	f.startRow = container.NewStack()
	f.box = container.NewVBox()
	f.layout(s, next)
	f.rebuildDistribution()
	return f
}

// side is the board's side a scenario is played on: the back in E1 only.
func side(key string) string {
	if key == "E1" {
		return "back"
	}
	return "front"
}

func (f *scenarioSetup) layout(s *et.State, next string) {
	letter := et.Letter(next)
	f.box.Add(heading("Set up Storybook " + next))
	if n := s.Restarts; n > 0 {
		f.box.Add(note(fmt.Sprintf("Restarted %s after a lost campaign.", plural(n, "time", "times"))))
	}
	f.box.Add(wrap(fmt.Sprintf("The board's %s side.", side(next))))
	timer := widget.NewFormItem("The Timer starts on", f.timer)
	if letter == "C" {
		timer.HintText = "Scenario C always starts on 8."
	} else {
		timer.HintText = "Storybook " + next + " gives the space: set it with − and +."
	}
	first := widget.NewFormItem("First Player", f.first)
	first.HintText = "Takes the first turn of every round."
	f.box.Add(widgets.NewFormBox(timer, first).Object())
	switch letter {
	case "A", "B":
		f.box.Add(bold("Characters"))
		f.box.Add(note(map[bool]string{true: "Scenario A is played by 901 to 904.", false: "Scenario B is played by the Characters of A who are alive, each with 10 life, A's items and Fatigue."}[letter == "A"]))
	default:
		f.box.Add(bold("Characters"))
		n := et.GroupLimit(next)
		rules := []string{fmt.Sprintf("Choose %d of the living Characters (all of them if fewer are left).", n)}
		rules = append(rules, "If 902 plays, 905 plays too (unless 905 is not available).")
		if next == "E1" {
			rules = append(rules, "912 must play E1, with at most 3 items at setup.")
		}
		if slices.Index(et.Letters, letter) >= 3 {
			rules = append(rules, fmt.Sprintf("Masked Figures 907–909 may fill the places the main Characters leave, but they are optional: tick every main Character who can play and the group may start with fewer than %d.", n))
		}
		f.box.Add(note(strings.Join(rules, " ")))
		f.box.Add(f.chars)
		var out []string
		for _, c := range s.Roster {
			if c.Status != et.Alive && c.Status != et.NotUnlocked {
				out = append(out, fmt.Sprintf("%s (%s)", optionName(s.Roster, c), statusText(c)))
			}
		}
		if len(out) > 0 {
			f.box.Add(note("Not available: " + strings.Join(out, ", ")))
		}
	}
	boards := widget.NewFormItem("Board colours", f.boards)
	boards.HintText = "Each Character gets a board; the colour is free."
	f.box.Add(widgets.NewFormBox(boards).Object())
	f.box.Add(bold("Carried in from the diary"))
	f.box.Add(f.carried)
	if letter != "A" && letter != "B" {
		f.box.Add(bold(fmt.Sprintf("The Item reserve and ammo of section %s", et.Letters[slices.Index(et.Letters, letter)-1])))
		if len(f.reserve) == 0 {
			f.box.Add(note("The Item reserve is empty."))
		}
		rows := make([]fyne.CanvasObject, 0, len(f.reserve))
		for i, it := range f.reserve {
			rows = append(rows, container.NewVBox(bold("Item "+it), f.itemTo[i]))
		}
		f.box.Add(columns(260, rows...))
		f.box.Add(f.ammoBox)
		f.box.Add(f.leftover)
		aliens := widget.NewFormItem("Alien modules, left to right", f.aliens)
		aliens.HintText = "Leave it empty for the usual modules; type the races if the Storybook pictures others."
		f.box.Add(widgets.NewFormBox(aliens).Object())
	}
	f.box.Add(f.check)
	f.box.Add(f.startRow)
}

func statusText(c *et.Character) string {
	switch c.Status {
	case et.Dead:
		return "dead"
	case et.LeftGroup:
		return "left the group"
	case et.OutOfCampaign:
		if c.Found {
			// Only 911 is met and then leaves: never revealed in E2.
			return "never revealed in E2: left the campaign"
		}
		return "out of the campaign"
	case et.NotUnlocked:
		return "not found yet"
	}
	if c.AwaitsReveal {
		return "joins when revealed"
	}
	return "alive"
}

// chosen are the Characters ticked, or the fixed ones of A and B.
func (f *scenarioSetup) chosen() []string {
	s := f.p.state()
	letter := et.Letter(nextKey(s))
	if letter == "A" || letter == "B" {
		var out []string
		for _, id := range []string{"901", "902", "903", "904"} {
			if c := s.Char(id); c != nil && c.Status == et.Alive {
				out = append(out, id)
			}
		}
		return out
	}
	var out []string
	for _, o := range f.chars.Selected {
		out = append(out, idOf(s, o))
	}
	return out
}

// rebuildDistribution offers the items and ammo to the Characters chosen.
func (f *scenarioSetup) rebuildDistribution() {
	if f.box == nil {
		return
	}
	s := f.p.state()
	chosen := f.chosen()
	opts := []string{truck}
	for _, id := range chosen {
		opts = append(opts, cardedName(s, id))
	}
	for _, id := range chosen {
		opts = append(opts, cardedName(s, id)+inBag)
	}
	for _, sel := range f.itemTo {
		cur := sel.Selected
		sel.Options = opts
		if !slices.Contains(opts, cur) {
			sel.Selected = truck
		}
		sel.Refresh()
	}
	f.ammoBox.Objects = nil
	if len(f.reserve) > 0 || f.prevAmmo() > 0 {
		var rows []fyne.CanvasObject
		for _, id := range chosen {
			a := f.ammo[id]
			if a == nil {
				a = newSpin(0, et.AmmoCapPerCharacter, 0, func(v int) string { return fmt.Sprintf("Ammo %d", v) }, nil)
				a.OnChanged = func(int) { f.update() }
				f.ammo[id] = a
			}
			b := f.bags[id]
			if b == nil {
				b = widget.NewSelect(nil, func(string) { f.update() })
				b.PlaceHolder = "no Bag with items"
				f.bags[id] = b
			}
			rows = append(rows, container.NewVBox(bold(charName(s, id)), a, b))
		}
		f.ammoBox.Add(columns(260, rows...))
	}
	f.ammoBox.Refresh()
}

func (f *scenarioSetup) prevAmmo() int {
	s := f.p.state()
	letter := et.Letter(nextKey(s))
	i := slices.Index(et.Letters, letter)
	if i <= 1 {
		return 0
	}
	return s.Section(et.Letters[i-1]).Ammo
}

// command builds StartScenario from the fields.
func (f *scenarioSetup) command() (et.StartScenario, error) {
	s := f.p.state()
	next := nextKey(s)
	c := et.StartScenario{Key: next, Side: side(next), FirstPlayer: f.first.SelectedIndex() + 1, TimerStart: f.timer.Value}
	if c.TimerStart == 0 {
		return c, errf("set the space the Timer starts on, as Storybook %s gives it", next)
	}
	c.Boards = list(f.boards.Text)
	letter := et.Letter(next)
	if letter == "A" || letter == "B" {
		return c, nil
	}
	c.Characters = f.chosen()
	for i, sel := range f.itemTo {
		if sel.Selected == truck || sel.Selected == "" {
			continue
		}
		id := idOf(f.p.state(), strings.TrimSuffix(sel.Selected, inBag))
		if strings.HasSuffix(sel.Selected, inBag) {
			if c.Bags == nil {
				c.Bags = map[string]et.BagSetup{}
			}
			b := c.Bags[id]
			b.Items = append(b.Items, f.reserve[i])
			c.Bags[id] = b
			continue
		}
		if c.Items == nil {
			c.Items = map[string][]string{}
		}
		c.Items[id] = append(c.Items[id], f.reserve[i])
	}
	for _, id := range c.Characters {
		// The Bag card is one of the items the Character holds.
		sel := f.bags[id]
		if sel == nil {
			continue
		}
		sel.Options = slices.Clone(c.Items[id])
		if !slices.Contains(c.Items[id], sel.Selected) {
			sel.Selected = ""
		}
		sel.Refresh()
		b, any := c.Bags[id]
		switch {
		case sel.Selected != "":
			b.Bag = sel.Selected
			if c.Bags == nil {
				c.Bags = map[string]et.BagSetup{}
			}
			c.Bags[id] = b
		case any:
			return c, errf("%s: choose which of its items is the Bag the other items go in", charName(s, id))
		}
	}
	for _, id := range c.Characters {
		if a := f.ammo[id]; a != nil && a.Value > 0 {
			if c.Ammo == nil {
				c.Ammo = map[string]int{}
			}
			c.Ammo[id] = a.Value
		}
	}
	c.Aliens = list(f.aliens.Text)
	return c, nil
}

// update re-checks the setup against the rules as the players fill it in,
// shows what each Character brings in and what stays on the truck, and
// keeps Start disabled, with the reason beside it, until it is ready.
func (f *scenarioSetup) update() {
	if f.box == nil {
		return // still being built
	}
	s := f.p.state()
	f.carried.Objects = nil
	letter := et.Letter(nextKey(s))
	for _, id := range f.chosen() {
		c := s.Char(id)
		if c == nil {
			continue
		}
		life := fmt.Sprintf("life %d", c.LP)
		switch letter {
		case "A":
			life = "life not tracked"
		case "B":
			life = "life 10"
		}
		parts := []string{life}
		if p := penaltyText(c.Penalties); p != "" {
			parts = append(parts, p)
		}
		if len(c.Skills) > 0 {
			parts = append(parts, skillText(c.Skills))
		}
		if c.PA != nil {
			parts = append(parts, c.PA.ID)
		}
		if letter == "B" && len(c.Items) > 0 {
			parts = append(parts, "items "+strings.Join(c.Items, ", "))
		}
		if letter != "A" && letter != "B" {
			parts = append(parts, fmt.Sprintf("carries up to %d items", c.Capacity()))
		}
		f.carried.Add(wrap(fmt.Sprintf("%s: %s", c.Named(), strings.Join(parts, " · "))))
	}
	if len(f.carried.Objects) == 0 {
		f.carried.Add(note("Tick the Characters who play."))
	}
	f.carried.Refresh()
	cmd, err := f.command()
	if letter != "A" && letter != "B" {
		var truckItems []string
		for i, sel := range f.itemTo {
			if sel.Selected == truck || sel.Selected == "" {
				truckItems = append(truckItems, f.reserve[i])
			}
		}
		given := 0
		for _, n := range cmd.Ammo {
			given += n
		}
		f.leftover.SetText(fmt.Sprintf("Stays on the truck (written in Notes, back in the reserve at the end): items %s; ammo %d of %d.",
			joinOr(truckItems, "none"), f.prevAmmo()-given, f.prevAmmo()))
	}
	if err == nil {
		r := et.Rules{}
		_, err = r.Decide(s, cmd, nil)
	}
	if err != nil {
		f.check.Importance = widget.WarningImportance
		f.check.SetText("Not ready yet: " + words(err))
		f.check.Hide() // the reason shows beside Start
		f.startRow.Objects = []fyne.CanvasObject{because(f.Start, f.Start, sentence(words(err)))}
	} else {
		f.check.Importance = widget.SuccessImportance
		f.check.SetText("Ready: the setup follows the rules.")
		f.check.Show()
		f.startRow.Objects = []fyne.CanvasObject{because(f.Start, f.Start, "")}
	}
	f.startRow.Refresh()
}

func (f *scenarioSetup) start() {
	cmd, err := f.command()
	if err != nil {
		f.p.refuse(f.Start, words(err))
		return
	}
	f.p.doFrom(f.Start, cmd)
}
