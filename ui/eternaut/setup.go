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
)

// rosterIDs are the Character IDs the rulebook names (§2.3); 910 only if
// the group adds it by hand (§13.38), in the extra line.
var rosterIDs = []string{"901", "902", "903", "904", "905", "906", "907", "908", "909", "911", "912", "913"}

// campaignForm is the new campaign's players and roster (§3.1, §4.1).
type campaignForm struct {
	players  *widget.Select
	names    map[string]*widget.Entry
	extraID  *widget.Entry
	extraNam *widget.Entry
}

func playerOptions() []string {
	out := make([]string, 5)
	for i := range out {
		out[i] = fmt.Sprintf("%d (hand of %d)", i+1, et.HandSize(i+1))
	}
	return out
}

func newCampaignForm() *campaignForm {
	f := &campaignForm{names: map[string]*widget.Entry{}}
	f.players = widget.NewSelect(playerOptions(), nil)
	f.players.PlaceHolder = "how many play (1 to 5)"
	for _, id := range rosterIDs {
		e := widget.NewEntry()
		switch {
		case id <= "904":
			e.SetPlaceHolder("name (needed: plays Scenario A)")
		case id >= "907" && id <= "909":
			e.SetPlaceHolder("Masked Figure " + id + " (from D)")
		default:
			e.SetPlaceHolder("name, now or when it joins")
		}
		f.names[id] = e
	}
	f.extraID = textEntry("another ID, e.g. 910 (optional)", "")
	f.extraNam = textEntry("its name", "")
	return f
}

func (f *campaignForm) items() []*widget.FormItem {
	items := []*widget.FormItem{widget.NewFormItem("Players", f.players)}
	items[0].HintText = "It sets each hand's size (§1)"
	for _, id := range rosterIDs {
		items = append(items, widget.NewFormItem("Character "+id, f.names[id]))
	}
	items = append(items, widget.NewFormItem("Extra Character", container.NewGridWithColumns(2, f.extraID, f.extraNam)))
	return items
}

// command reads the fields; an empty name leaves the rulebook's default.
func (f *campaignForm) command() (et.NewCampaign, error) {
	var c et.NewCampaign
	i := f.players.SelectedIndex()
	if i < 0 {
		return c, errf("choose the number of players (1 to 5)")
	}
	c.Players = i + 1
	for _, id := range rosterIDs {
		if n := strings.TrimSpace(f.names[id].Text); n != "" {
			c.Roster = append(c.Roster, et.RosterEntry{ID: id, Name: n})
		}
	}
	if id := strings.TrimSpace(f.extraID.Text); id != "" {
		c.Roster = append(c.Roster, et.RosterEntry{ID: id, Name: strings.TrimSpace(f.extraNam.Text)})
	}
	return c, checkNew(c)
}

func (f *campaignForm) commands() ([]tracker.Command, error) {
	c, err := f.command()
	if err != nil {
		return nil, err
	}
	return []tracker.Command{c}, nil
}

// newCampaignView is the roster form inside the Play tab, for a campaign
// whose setup did not run.
func (p *PlayScreen) newCampaignView() fyne.CanvasObject {
	if p.newForm == nil {
		p.newForm = newCampaignForm()
	}
	f := p.newForm
	start := primary(iconBtn("Start the campaign", theme.ConfirmIcon(), func() {
		c, err := f.command()
		if err != nil {
			p.say(err)
			return
		}
		p.do(c)
	}))
	p.startCampaign = start
	return container.NewVBox(heading("New campaign: players and Characters"),
		note("Name at least 901 to 904: they play Scenario A. The others can be named now or when they join."),
		widget.NewForm(f.items()...), start)
}

// scenarioSetup is the form of §4 for the next Storybook.
type scenarioSetup struct {
	p        *PlayScreen
	key      string
	timer    *widget.Entry
	side     *widget.RadioGroup
	first    *widget.Select
	chars    *widget.CheckGroup
	reserve  []string
	itemTo   []*widget.Select
	ammo     map[string]*widget.Entry
	bags     map[string]*widget.Select
	ammoBox  *fyne.Container
	aliens   *widget.Entry
	boards   *widget.Entry
	check    *widget.Label
	carried  *fyne.Container
	leftover *widget.Label
	Start    *widget.Button
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
	f := &scenarioSetup{p: p, key: key, ammo: map[string]*widget.Entry{}, bags: map[string]*widget.Select{}}
	next := nextKey(s)
	letter := et.Letter(next)
	f.timer = widget.NewEntry()
	f.timer.SetPlaceHolder(fmt.Sprintf("space 1 to %d, as the Storybook says", s.Settings.TimerMax))
	if letter == "C" {
		f.timer.SetText(strconv.Itoa(et.TimerStartC))
	}
	f.timer.OnChanged = func(string) { f.update() }
	side := "front"
	if next == "E1" {
		side = "back"
	}
	f.side = widget.NewRadioGroup([]string{"front", "back"}, func(string) { f.update() })
	f.side.Horizontal = true
	f.side.SetSelected(side)
	var players []string
	for i := 1; i <= max(1, s.Players); i++ {
		players = append(players, "Player "+strconv.Itoa(i))
	}
	f.first = widget.NewSelect(players, func(string) { f.update() })
	f.first.SetSelectedIndex(0)
	var choosable []string
	for _, c := range s.Roster {
		if c.Status == et.Alive && !c.AwaitsReveal && (!c.Masked || slices.Index(et.Letters, letter) >= 3) {
			choosable = append(choosable, c.ID+" "+c.Name)
		}
	}
	f.chars = widget.NewCheckGroup(choosable, func([]string) { f.rebuildDistribution(); f.update() })
	if letter == "A" || letter == "B" {
		f.chars.Disable()
	}
	f.aliens = textEntry("alien modules left to right, e.g. Cascarudo, Mindveil Fog (empty: the usual ones)", "")
	f.aliens.OnChanged = func(string) { f.update() }
	f.boards = textEntry("board colours in the order chosen, e.g. red, blue (optional)", "")
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
	f.box = container.NewVBox()
	f.layout(s, next)
	f.rebuildDistribution()
	return f
}

func (f *scenarioSetup) layout(s *et.State, next string) {
	letter := et.Letter(next)
	f.box.Add(heading("Set up Storybook " + next))
	if snaps := s.Restarts; snaps > 0 {
		f.box.Add(note(fmt.Sprintf("Restarted %d time(s) after a lost campaign.", snaps)))
	}
	form := widget.NewForm(
		widget.NewFormItem("Board side", f.side),
		widget.NewFormItem("Timer start", f.timer),
		widget.NewFormItem("First Player", f.first),
	)
	if letter == "C" {
		form.Items[1].HintText = "Scenario C always starts on 8 (§4.2)"
		f.timer.Disable()
	} else {
		form.Items[1].HintText = "Only the Storybook gives it: type its space (§13.1)"
	}
	form.Items[2].HintText = "Takes the first turn of every round (§5.3 E6)"
	f.box.Add(form)
	switch letter {
	case "A", "B":
		f.box.Add(bold("Characters"))
		f.box.Add(note(map[bool]string{true: "Scenario A is played by 901 to 904.", false: "Scenario B is played by the Characters of A who are alive, each with 10 life, A's items and Fatigue."}[letter == "A"]))
	default:
		f.box.Add(bold("Characters (§4.3)"))
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
				out = append(out, fmt.Sprintf("%s %s (%s)", c.ID, c.Name, statusText(c)))
			}
		}
		if len(out) > 0 {
			f.box.Add(note("Not available: " + strings.Join(out, ", ")))
		}
	}
	f.box.Add(widget.NewForm(widget.NewFormItem("Boards", f.boards)))
	f.box.Add(bold("Carried in from the diary"))
	f.box.Add(f.carried)
	if letter != "A" && letter != "B" {
		f.box.Add(bold(fmt.Sprintf("Item reserve and ammo of section %s (§4.4)", et.Letters[slices.Index(et.Letters, letter)-1])))
		if len(f.reserve) == 0 {
			f.box.Add(note("The Item reserve is empty."))
		}
		rows := make([]fyne.CanvasObject, 0, len(f.reserve))
		for i, it := range f.reserve {
			rows = append(rows, container.NewBorder(nil, nil, bold("Item "+it), nil, f.itemTo[i]))
		}
		f.box.Add(columns(300, rows...))
		f.box.Add(f.ammoBox)
		f.box.Add(f.leftover)
		f.box.Add(widget.NewForm(widget.NewFormItem("Alien modules", f.aliens)))
	}
	f.box.Add(f.check)
	f.box.Add(f.Start)
}

func statusText(c *et.Character) string {
	switch c.Status {
	case et.Dead:
		return "dead"
	case et.LeftGroup:
		return "left the group"
	case et.OutOfCampaign:
		if c.Found {
			// Only 911 is met and then leaves: never revealed in E2 (§10.2).
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
		out = append(out, idOf(o))
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
		opts = append(opts, charName(s, id))
	}
	for _, id := range chosen {
		opts = append(opts, charName(s, id)+inBag)
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
			e := f.ammo[id]
			if e == nil {
				e = textEntry("0 to 5", "")
				e.OnChanged = func(string) { f.update() }
				f.ammo[id] = e
			}
			rows = append(rows, container.NewBorder(nil, nil, bold("Ammo for "+charName(s, id)), nil, e))
			b := f.bags[id]
			if b == nil {
				b = widget.NewSelect(nil, func(string) { f.update() })
				b.PlaceHolder = "no Bag with items (§4.4 D5)"
				f.bags[id] = b
			}
			rows = append(rows, container.NewBorder(nil, nil, bold("Bag of "+charName(s, id)), nil, b))
		}
		f.ammoBox.Add(columns(300, rows...))
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
	c := et.StartScenario{Key: next, Side: f.side.Selected, FirstPlayer: f.first.SelectedIndex() + 1}
	if t := strings.TrimSpace(f.timer.Text); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil {
			return c, errf("Timer start: %q is not a whole number", t)
		}
		c.TimerStart = n
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
		id := idOf(sel.Selected)
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
		sel.Options = append([]string{""}, c.Items[id]...)
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
		e := f.ammo[id]
		if e == nil || strings.TrimSpace(e.Text) == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(e.Text))
		if err != nil {
			return c, errf("ammo for %s: %q is not a whole number", charName(s, id), e.Text)
		}
		if c.Ammo == nil {
			c.Ammo = map[string]int{}
		}
		c.Ammo[id] = n
	}
	c.Aliens = list(f.aliens.Text)
	return c, nil
}

// update re-checks the setup against the rules as the players fill it in,
// and shows what each Character brings in and what stays on the truck.
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
		f.carried.Add(wrap(fmt.Sprintf("%s %s: %s", c.ID, c.Name, strings.Join(parts, " · "))))
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
		f.check.SetText("Not ready yet — " + err.Error())
	} else {
		f.check.Importance = widget.SuccessImportance
		f.check.SetText("Ready: the setup follows the rules.")
	}
}

func (f *scenarioSetup) start() {
	cmd, err := f.command()
	if err != nil {
		f.p.say(err)
		return
	}
	f.p.do(cmd)
}

func penaltyText(p et.Penalties) string {
	var parts []string
	if p.Fatigue > 0 {
		parts = append(parts, fmt.Sprintf("Fatigue ×%d", p.Fatigue))
	}
	if p.HeavyWound {
		parts = append(parts, "Heavy Wound")
	}
	if p.Madness {
		parts = append(parts, "Madness")
	}
	return strings.Join(parts, ", ")
}

func skillText(sk []et.SkillCounter) string {
	var parts []string
	for _, k := range sk {
		if k.Skill != "" {
			parts = append(parts, k.ID+" ("+k.Skill+")")
		} else {
			parts = append(parts, k.ID)
		}
	}
	return strings.Join(parts, ", ")
}
