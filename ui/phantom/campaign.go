package phantom

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	ap "tablekeeper/automa/phantom"
	"tablekeeper/tracker"
	tp "tablekeeper/tracker/phantom"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// A CampaignScreen is the campaign between missions and everything the
// group enters once: Missions (setup of the next mission), Characters
// (sheets, SP purchases, shop, attachments), the campaign Sheet (fame,
// vanished technology, upgrade board, expeditions), Content (the cards,
// boards and dice printed on the components), Maps (the map editor) and
// Settings (the spec's ambiguous readings).
type CampaignScreen struct {
	ctx    *shell.Context
	Editor *Editor
	Tabs   *container.AppTabs

	missions, chars, sheet, content, settings *fyne.Container
	// Setup form and content form (exported for tests).
	Setup         *SetupForm
	Kind          *widget.Select
	Fields        *FieldForm
	SaveContentBt *widget.Button
	contentID     *widget.Entry
	obj           fyne.CanvasObject
}

// NewCampaignScreen builds the screen and keeps it up to date.
func NewCampaignScreen(ctx *shell.Context) *CampaignScreen {
	c := &CampaignScreen{ctx: ctx, Editor: NewEditor(ctx.Window)}
	c.Editor.Save = func(id string, data []byte) bool {
		_, ok := ctx.Do(tp.SaveContent{Kind: tp.KindMap, ID: id, Data: data})
		return ok
	}
	c.Editor.Saved = func() map[string]json.RawMessage { return state(ctx).Content.Maps }
	c.missions, c.chars, c.sheet, c.content, c.settings = container.NewVBox(), container.NewVBox(), container.NewVBox(), container.NewVBox(), container.NewVBox()
	c.Setup = newSetupForm(ctx)
	c.Tabs = container.NewAppTabs(
		container.NewTabItem("Missions", container.NewVScroll(container.NewVBox(c.Setup.obj, c.missions))),
		container.NewTabItem("Characters", container.NewVScroll(c.chars)),
		container.NewTabItem("Sheet", container.NewVScroll(c.sheet)),
		container.NewTabItem("Content", container.NewVScroll(container.NewVBox(c.contentForm(), c.content))),
		container.NewTabItem("Maps", c.Editor.Object()),
		container.NewTabItem("Settings", container.NewVScroll(c.settings)),
	)
	c.obj = c.Tabs
	ctx.OnChange(func(tracker.Event) { c.Refresh() })
	c.Refresh()
	return c
}

// Object is the screen.
func (c *CampaignScreen) Object() fyne.CanvasObject { return c.obj }

// Refresh re-reads the campaign.
func (c *CampaignScreen) Refresh() {
	s := state(c.ctx)
	c.Setup.refresh(s)
	c.showMissions(s)
	c.showCharacters(s)
	c.showSheet(s)
	c.showContent(s)
	c.showSettings(s)
}

func bold(s string) *widget.Label {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

func wrap(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// SetupForm sets up a mission (§12): the mission, the party (2–4, one
// per class, distinct colours and entry points), each character's ten
// Action cards and items, and the adversaries' difficulty.
type SetupForm struct {
	ctx        *shell.Context
	Mission    *widget.Select
	Difficulty *widget.Entry
	Training   *widget.Check
	Tier       *widget.Entry
	Party      *fyne.Container
	Rows       map[string]*PartyRow
	StartBt    *widget.Button
	obj        fyne.CanvasObject
}

// PartyRow is one character's line of the setup form.
type PartyRow struct {
	Embark *widget.Check
	Entry  *widget.Select
	Cards  *widget.Entry
	Items  *widget.Entry
}

func newSetupForm(ctx *shell.Context) *SetupForm {
	f := &SetupForm{ctx: ctx, Rows: map[string]*PartyRow{}}
	f.Mission = widget.NewSelect(nil, func(string) { f.refresh(state(ctx)) })
	f.Difficulty = widget.NewEntry()
	f.Difficulty.SetPlaceHolder("adversary difficulty (empty: the mission's)")
	f.Training = widget.NewCheck("training mission", nil)
	f.Tier = widget.NewEntry()
	f.Tier.SetPlaceHolder("tier")
	f.Party = container.NewVBox()
	f.StartBt = widget.NewButton("Start the mission", f.start)
	f.StartBt.Importance = widget.HighImportance
	f.obj = widgets.NewCard("Set up a mission", "§12: party, entry points, cards; adversaries are placed by the map's icons",
		container.NewVBox(widget.NewForm(
			widget.NewFormItem("Mission", f.Mission),
			widget.NewFormItem("Adversaries", f.Difficulty),
			widget.NewFormItem("", container.NewVBox(f.Training, f.Tier)),
		), f.Party, f.StartBt))
	return f
}

func (f *SetupForm) refresh(s *tp.State) {
	f.Mission.Options = sortedKeys(s.Content.Missions)
	f.Mission.Refresh()
	var entries []string
	if mi, ok := s.Content.Missions[f.Mission.Selected]; ok {
		if raw, ok := s.Content.Maps[mi.Map]; ok {
			var l struct {
				Spaces []struct {
					Label      string `json:"label"`
					EntryPoint bool   `json:"entryPoint"`
				} `json:"spaces"`
			}
			if json.Unmarshal(raw, &l) == nil {
				for _, sp := range l.Spaces {
					if sp.EntryPoint {
						entries = append(entries, sp.Label)
					}
				}
			}
		}
	}
	f.Party.Objects = nil
	for _, name := range sortedKeys(s.Characters) {
		ch := s.Characters[name]
		row := f.Rows[name]
		if row == nil {
			row = &PartyRow{Embark: widget.NewCheck(fmt.Sprintf("%s (%s, %s)", name, ch.Class, ch.Colour), nil), Entry: widget.NewSelect(nil, nil), Cards: widget.NewEntry(), Items: widget.NewEntry()}
			row.Cards.SetText(strings.Join(firstN(ch.Cards, tp.MissionCards), ", "))
			row.Items.SetPlaceHolder("items taken (comma separated)")
			f.Rows[name] = row
		}
		row.Entry.Options = entries
		row.Entry.PlaceHolder = "entry point"
		row.Entry.Refresh()
		f.Party.Add(widgets.NewCard("", "", container.NewVBox(row.Embark,
			widget.NewForm(widget.NewFormItem("Entry point", row.Entry), widget.NewFormItem("10 cards", row.Cards), widget.NewFormItem("Items", row.Items)))))
	}
	if len(s.Characters) == 0 {
		f.Party.Add(wrap("No characters yet: create them on the Characters tab."))
	}
	f.Party.Refresh()
	if s.Mission != nil && s.Mission.Phase != "over" {
		f.StartBt.Disable()
	} else {
		f.StartBt.Enable()
	}
}

func firstN(l []string, n int) []string {
	if len(l) > n {
		return l[:n]
	}
	return l
}

// Command is the StartMission the form describes.
func (f *SetupForm) Command() tp.StartMission {
	c := tp.StartMission{Mission: f.Mission.Selected, Training: f.Training.Checked}
	c.AdversaryDifficulty, _ = strconv.Atoi(strings.TrimSpace(f.Difficulty.Text))
	c.TrainingTier, _ = strconv.Atoi(strings.TrimSpace(f.Tier.Text))
	for _, name := range sortedKeys(f.Rows) {
		r := f.Rows[name]
		if !r.Embark.Checked {
			continue
		}
		c.Party = append(c.Party, tp.Embark{Character: name, EntryPoint: r.Entry.Selected, Cards: splitConds(r.Cards.Text), Items: splitConds(r.Items.Text)})
	}
	return c
}

func (f *SetupForm) start() {
	if f.Mission.Selected == "" {
		f.ctx.Message("choose the mission to play", true)
		return
	}
	// V-25: a difficulty typed is a whole number, 1 or more; empty is the
	// mission's. Anything else would be read as the mission's unseen.
	if d := strings.TrimSpace(f.Difficulty.Text); d != "" {
		if n, err := strconv.Atoi(d); err != nil || n < 1 {
			f.ctx.Message(fmt.Sprintf("the adversaries' difficulty is a whole number, 1 or more, not %q (leave it empty for the mission's) (phantom-epoch V-25)", d), true)
			return
		}
	}
	f.ctx.Do(f.Command())
}

func (c *CampaignScreen) showMissions(s *tp.State) {
	c.missions.Objects = nil
	defer c.missions.Refresh()
	c.missions.Add(bold("Campaign sheet: missions"))
	ids := map[string]bool{}
	for id := range s.Sheet.Missions {
		ids[id] = true
	}
	for id := range s.Content.Missions {
		ids[id] = true
	}
	var list []string
	for id := range ids {
		list = append(list, id)
	}
	sort.Strings(list)
	for _, id := range list {
		mk := s.Sheet.Missions[id]
		st := "locked"
		if mk != nil && mk.Available {
			st = "available"
		}
		if mk != nil && mk.Completed != "" {
			st = "completed " + mk.Completed
		}
		if _, ok := s.Content.Missions[id]; !ok {
			st += " · not entered yet (Content tab)"
		}
		id := id
		c.missions.Add(container.NewBorder(nil, nil, nil, widget.NewButton("Mark available", func() {
			done := ""
			if mk := s.Sheet.Missions[id]; mk != nil {
				done = mk.Completed
			}
			c.ctx.Do(tp.MarkMission{Mission: id, Available: true, Completed: done})
		}), wrap(id+": "+st)))
	}
}

func (c *CampaignScreen) showCharacters(s *tp.State) {
	box := c.chars
	box.Objects = nil
	defer box.Refresh()
	name := widget.NewEntry()
	name.SetPlaceHolder("name")
	class := widget.NewSelect(s.Sheet.UnlockedClasses, nil)
	class.PlaceHolder = "class"
	species := widget.NewSelect(sortedKeys(s.Content.Species), nil)
	species.PlaceHolder = "species"
	cols := make([]string, len(ap.Colours))
	for i, col := range ap.Colours {
		cols[i] = string(col)
	}
	colour := widget.NewSelect(cols, nil)
	colour.PlaceHolder = "HP base colour"
	box.Add(widgets.NewCard("New character", "§14.2", container.NewVBox(name, widgets.NewFlow(class, species, colour),
		widget.NewButton("Create", func() {
			c.ctx.Do(tp.CreateCharacter{Name: name.Text, Class: class.Selected, Species: species.Selected, Colour: colour.Selected})
		}))))
	if t := c.trainingCard(s); t != nil {
		box.Add(t)
	}
	for _, n := range sortedKeys(s.Characters) {
		box.Add(c.characterSheet(s, n))
	}
}

// characterSheet is one character's sheet with what it can buy: Action
// cards of its class with SP, equipment from the last planet's shop; and
// what it can sell, dismantle or give back.
func (c *CampaignScreen) characterSheet(s *tp.State, name string) fyne.CanvasObject {
	ch := s.Characters[name]
	gear := func(g []tp.Gear) string {
		var out []string
		for _, x := range g {
			t := x.ID
			if x.Slot != "" {
				t += " [" + x.Slot + "]"
			}
			if x.Charges > 0 {
				t += fmt.Sprintf(" ×%d", x.Charges)
			}
			out = append(out, t)
		}
		return strings.Join(out, ", ")
	}
	info := wrap(fmt.Sprintf("%s %s · colour %s · SP %d · nova cells %d\nCards: %s\nBought: %s\nEquipment: %s\nAttachments: %s\nItems: %s\nCompleted: %s",
		ch.Species, ch.Class, ch.Colour, ch.SP, ch.Nova, strings.Join(ch.Cards, ", "), strings.Join(ch.Bought, ", "),
		gear(ch.Equipment), gear(ch.Attachments), strings.Join(ch.Items, ", "), strings.Join(ch.Completed, ", ")))
	var buyable []string
	for _, id := range sortedKeys(s.Content.ActionCards) {
		ac := s.Content.ActionCards[id]
		if ac.Class == ch.Class && ac.SPCost > 0 && !containsStr(ch.Cards, id) {
			buyable = append(buyable, fmt.Sprintf("%s (%d SP)", id, ac.SPCost))
		}
	}
	buy := widget.NewSelect(buyable, nil)
	buy.PlaceHolder = "Action card to buy with SP"
	buyBt := widget.NewButton("Buy card", func() {
		if buy.Selected == "" {
			c.ctx.Message("choose the card to buy", true)
			return
		}
		id := buy.Selected[:strings.LastIndex(buy.Selected, " (")]
		c.ctx.Do(tp.BuyActionCard{Character: name, Card: id})
	})
	shop := widget.NewSelect(sortedKeys(s.Content.Equipment), nil)
	shop.PlaceHolder = "equipment"
	var owned []string
	for _, g := range ch.Equipment {
		owned = append(owned, g.ID)
	}
	sell := widget.NewSelect(owned, nil)
	sell.PlaceHolder = "equipment to sell"
	var atts []string
	for _, g := range ch.Attachments {
		atts = append(atts, g.ID)
	}
	dis := widget.NewSelect(atts, nil)
	dis.PlaceHolder = "attachment to dismantle"
	ret := widget.NewSelect(ch.Bought, nil)
	ret.PlaceHolder = "bought card to give back (training)"
	// Equip, charge and trade: equipment ids are prefixed "equipment: ",
	// attachments "attachment: ".
	var gearOpts []string
	for _, g := range ch.Equipment {
		gearOpts = append(gearOpts, "equipment: "+g.ID)
	}
	for _, g := range ch.Attachments {
		gearOpts = append(gearOpts, "attachment: "+g.ID)
	}
	gearSel := widget.NewSelect(gearOpts, nil)
	gearSel.PlaceHolder = "equipment or attachment"
	slot := widget.NewEntry()
	slot.SetPlaceHolder("slot: head, body, feet, or 1, 2… (empty: unequip)")
	charges := widget.NewEntry()
	charges.SetPlaceHolder("charges to add (negative: remove)")
	var others []string
	for _, n := range sortedKeys(s.Characters) {
		if n != name {
			others = append(others, n)
		}
	}
	to := widget.NewSelect(others, nil)
	to.PlaceHolder = "give to"
	tradeNova := widget.NewEntry()
	tradeNova.SetPlaceHolder("nova cells to give")
	gearOf := func() (eq, att string) {
		if v, ok := strings.CutPrefix(gearSel.Selected, "equipment: "); ok {
			return v, ""
		}
		v, _ := strings.CutPrefix(gearSel.Selected, "attachment: ")
		return "", v
	}
	gearBox := container.NewVBox(gearSel,
		container.NewBorder(nil, nil, nil, widget.NewButton("Equip / unequip", func() {
			eq, att := gearOf()
			c.ctx.Do(tp.Equip{Character: name, Equipment: eq, Attachment: att, Slot: strings.TrimSpace(slot.Text)})
		}), slot),
		container.NewBorder(nil, nil, nil, widget.NewButton("Charge", func() {
			eq, att := gearOf()
			n, err := strconv.Atoi(strings.TrimSpace(charges.Text))
			if err != nil {
				c.ctx.Message("charges are a whole number", true)
				return
			}
			c.ctx.Do(tp.Charge{Character: name, Equipment: eq, Attachment: att, N: n})
		}), charges),
		container.NewBorder(nil, nil, nil, widget.NewButton("Trade", func() {
			eq, att := gearOf()
			n, _ := strconv.Atoi(strings.TrimSpace(tradeNova.Text))
			c.ctx.Do(tp.Trade{From: name, To: to.Selected, Nova: n, Equipment: eq, Attachment: att})
		}), container.NewGridWithColumns(2, to, tradeNova)),
	)
	sp := widget.NewEntry()
	sp.SetPlaceHolder("SP")
	nova := widget.NewEntry()
	nova.SetPlaceHolder("nova cells")
	body := container.NewVBox(info,
		container.NewBorder(nil, nil, nil, buyBt, buy),
		container.NewBorder(nil, nil, nil, widget.NewButton("Buy", func() { c.ctx.Do(tp.BuyEquipment{Character: name, Equipment: shop.Selected}) }), shop),
		container.NewBorder(nil, nil, nil, widget.NewButton("Sell", func() { c.ctx.Do(tp.SellEquipment{Character: name, Equipment: sell.Selected}) }), sell),
		container.NewBorder(nil, nil, nil, widget.NewButton("Dismantle", func() { c.ctx.Do(tp.DismantleAttachment{Character: name, Attachment: dis.Selected}) }), dis),
		container.NewBorder(nil, nil, nil, widget.NewButton("Give back", func() { c.ctx.Do(tp.ReturnActionCard{Character: name, Card: ret.Selected}) }), ret),
		widgets.NewCard("", "Equip, charge, trade (§14.3, V-06, V-07)", gearBox),
		c.correctEquipment(s, name),
		container.NewBorder(nil, nil, widget.NewLabel("Correct by hand"), widget.NewButton("Set", func() {
			cmd := tp.CorrectCharacter{Character: name, Reason: "corrected by hand"}
			if n, err := strconv.Atoi(strings.TrimSpace(sp.Text)); err == nil {
				cmd.SP = &n
			}
			if n, err := strconv.Atoi(strings.TrimSpace(nova.Text)); err == nil {
				cmd.Nova = &n
			}
			c.ctx.Do(cmd)
		}), container.NewGridWithColumns(2, sp, nova)),
	)
	return widgets.NewCard(name, "", body)
}

// correctEquipment adds or takes away a character's equipment card by
// hand, without the shop, saying why (Rulebook p.15).
func (c *CampaignScreen) correctEquipment(s *tp.State, name string) fyne.CanvasObject {
	var owned []string
	for _, g := range s.Characters[name].Equipment {
		owned = append(owned, g.ID)
	}
	add := widget.NewSelect(sortedKeys(s.Content.Equipment), nil)
	add.PlaceHolder = "equipment it has"
	drop := widget.NewSelect(owned, nil)
	drop.PlaceHolder = "equipment it does not have"
	why := widget.NewEntry()
	why.SetPlaceHolder("why the equipment is corrected")
	do := func(cmd tp.CorrectEquipment) {
		cmd.Character, cmd.Reason = name, strings.TrimSpace(why.Text)
		c.ctx.Do(cmd)
	}
	return widgets.NewCard("Correct the equipment", "by hand, without a shop visit", container.NewVBox(
		container.NewBorder(nil, nil, nil, widget.NewButton("Add", func() {
			if add.Selected == "" {
				c.ctx.Message("choose the equipment to add", true)
				return
			}
			do(tp.CorrectEquipment{Add: []string{add.Selected}})
		}), add),
		container.NewBorder(nil, nil, nil, widget.NewButton("Take away", func() {
			if drop.Selected == "" {
				c.ctx.Message("choose the equipment to take away", true)
				return
			}
			do(tp.CorrectEquipment{Remove: []string{drop.Selected}})
		}), drop),
		why))
}

func containsStr(l []string, x string) bool {
	for _, y := range l {
		if y == x {
			return true
		}
	}
	return false
}

func (c *CampaignScreen) showSheet(s *tp.State) {
	box := c.sheet
	box.Objects = nil
	defer box.Refresh()
	var fame []string
	for _, p := range tp.Planets {
		tier := 1
		switch {
		case s.Sheet.Fame[p] >= 10:
			tier = 3
		case s.Sheet.Fame[p] >= 5:
			tier = 2
		}
		fame = append(fame, fmt.Sprintf("%s %d (shop tier %d)", p, s.Sheet.Fame[p], tier))
	}
	box.Add(bold("Campaign sheet"))
	box.Add(wrap(fmt.Sprintf("Fame: %s\nVanished technology: %d\nLast planet: %s · expedition drawn since: %v\nUnlocked classes: %s",
		strings.Join(fame, " · "), s.Sheet.VanishedTech, orDefault(s.Sheet.LastPlanet, "none"), s.Sheet.ExpeditionDrawn, strings.Join(s.Sheet.UnlockedClasses, ", "))))
	planet := widget.NewSelect(tp.Planets, nil)
	planet.PlaceHolder = "planet"
	delta := widget.NewEntry()
	delta.SetPlaceHolder("fame change, e.g. 2 or -1")
	vt := widget.NewEntry()
	vt.SetPlaceHolder("vanished technology change")
	box.Add(widgets.NewCard("Fame and vanished technology", "§14.1: never below 0", container.NewVBox(
		container.NewGridWithColumns(3, planet, delta, vt),
		widget.NewButton("Apply", func() {
			cmd := tp.AdjustCampaign{Reason: "entered at the table"}
			if n, err := strconv.Atoi(strings.TrimSpace(delta.Text)); err == nil && planet.Selected != "" {
				cmd.Fame = map[string]int{planet.Selected: n}
			}
			cmd.VanishedTech, _ = strconv.Atoi(strings.TrimSpace(vt.Text))
			c.ctx.Do(cmd)
		}))))
	// Upgrade board.
	up := container.NewVBox()
	for _, n := range sortedKeys(s.Sheet.Upgrades) {
		u := s.Sheet.Upgrades[n]
		n := n
		row := container.NewHBox(widget.NewLabel(fmt.Sprintf("%s (cost %d)%s", n, u.Cost, map[bool]string{true: " — performed", false: ""}[u.Performed])))
		for _, b := range u.Boxes {
			b := b
			ch := widget.NewCheck(b, nil)
			ch.SetChecked(u.Ticked[b])
			ch.OnChanged = func(bool) { c.ctx.Do(tp.TickUpgrade{Name: n, Box: b}) }
			row.Add(ch)
		}
		if !u.Paid {
			row.Add(widget.NewButton("Pay", func() { c.ctx.Do(tp.TickUpgrade{Name: n, Pay: true}) }))
		}
		up.Add(container.NewHScroll(row))
	}
	uname, uboxes, ucost := widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	uname.SetPlaceHolder("upgrade name")
	uboxes.SetPlaceHolder("boxes (comma separated)")
	ucost.SetPlaceHolder("cost")
	up.Add(container.NewGridWithColumns(2, uname, uboxes, ucost, widget.NewButton("Enter upgrade", func() {
		n, _ := strconv.Atoi(strings.TrimSpace(ucost.Text))
		c.ctx.Do(tp.DefineUpgrade{Name: strings.TrimSpace(uname.Text), Boxes: splitConds(uboxes.Text), Cost: n})
	})))
	box.Add(widgets.NewCard("Upgrade board", "§14.1", up))
	// Expedition.
	card := widget.NewEntry()
	card.SetPlaceHolder("card number")
	story := widget.NewCheck("Story card", nil)
	discard := widget.NewCheck("discard it afterwards", nil)
	gains := widget.NewEntry()
	gains.SetPlaceHolder("nova cells per character: Ana 3, Bo -2")
	spGains := widget.NewEntry()
	spGains.SetPlaceHolder("SP per character: Ana 1")
	expVT := widget.NewEntry()
	expVT.SetPlaceHolder("vanished technology (+/-)")
	expFame := widget.NewEntry()
	expFame.SetPlaceHolder("fame: Berkav 1, Orbos -1")
	perName := func(text string) (map[string]int, error) {
		out := map[string]int{}
		for _, part := range strings.Split(text, ",") {
			f := strings.Fields(part)
			if len(f) == 0 {
				continue
			}
			n, err := strconv.Atoi(f[len(f)-1])
			if len(f) < 2 || err != nil {
				return nil, fmt.Errorf("%q: write a name and a number, like \"Ana 3\"", strings.TrimSpace(part))
			}
			out[strings.Join(f[:len(f)-1], " ")] = n
		}
		return out, nil
	}
	opts := newExpeditionOptions(s)
	box.Add(widgets.NewCard("Expedition", "Rulebook p.17: what the card did, as the players read it", container.NewVBox(card, container.NewHBox(story, discard),
		opts.obj,
		wrap("What the result did (gains and losses):"),
		gains, spGains, container.NewGridWithColumns(2, expVT, expFame),
		widget.NewButton("Record expedition", func() {
			cmd := tp.Expedition{Card: strings.TrimSpace(card.Text), Story: story.Checked, Discard: discard.Checked}
			var err error
			if err = opts.fill(&cmd); err != nil {
				c.ctx.Message(err.Error(), true)
				return
			}
			if cmd.Nova, err = perName(gains.Text); err == nil {
				if cmd.SP, err = perName(spGains.Text); err == nil {
					cmd.Fame, err = perName(expFame.Text)
				}
			}
			if err != nil {
				c.ctx.Message(err.Error(), true)
				return
			}
			if t := strings.TrimSpace(expVT.Text); t != "" {
				if cmd.VanishedTech, err = strconv.Atoi(t); err != nil {
					c.ctx.Message("vanished technology is a whole number", true)
					return
				}
			}
			c.ctx.Do(cmd)
		}))))
	// Classes and attachment reward decks.
	cls := widget.NewEntry()
	cls.SetPlaceHolder("advanced class to unlock")
	tier := widget.NewSelect([]string{"1", "2", "3", "4"}, nil)
	tier.PlaceHolder = "tier"
	deck := widget.NewEntry()
	deck.SetPlaceHolder("attachment cards of the tier's deck (comma separated)")
	var decks []string
	for t := 1; t <= 4; t++ {
		decks = append(decks, fmt.Sprintf("tier %d: %d cards", t, len(s.Sheet.AttachmentDecks[t])))
	}
	box.Add(widgets.NewCard("Boxes and decks", "§14.1", container.NewVBox(
		container.NewBorder(nil, nil, nil, widget.NewButton("Unlock", func() { c.ctx.Do(tp.UnlockClass{Class: strings.TrimSpace(cls.Text)}) }), cls),
		wrap("Attachment reward decks: "+strings.Join(decks, " · ")),
		container.NewBorder(nil, nil, tier, widget.NewButton("Set deck", func() {
			t, _ := strconv.Atoi(tier.Selected)
			c.ctx.Do(tp.SetAttachmentDeck{Tier: t, Cards: splitConds(deck.Text)})
		}), deck))))
	if len(s.Sheet.Expeditions) > 0 {
		box.Add(wrap("Expeditions resolved: " + strings.Join(s.Sheet.Expeditions, ", ")))
	}
}

// contentKinds lists what can be entered, with a blank to start from.
var contentKinds = []struct {
	Kind     tp.ContentKind
	Title    string
	Template string
}{
	{tp.KindMission, "Mission", `{"id": "", "title": "", "planet": "Berkav", "difficulty": 1, "map": "", "sp": 0, "fame": {"Berkav": 0, "Thespara": 0, "Orbos": 0}, "unlocks": [""], "rewardItems": [""], "rewardNovaCells": 0, "rewardVanishedTechnology": 0, "oneOffRewards": [""], "other": [""], "orbs": [0], "treasure": [0]}`},
	{tp.KindAdversary, "Adversary description card", `{"name": "", "species": "", "class": "", "difficulty": 1, "hp": 5, "attack": 1, "guard": 0, "range": 1, "standees": 4, "crit": {"text": "", "inflict": [""], "damage": 0}}`},
	{tp.KindSpeciesCard, "Adversary species card", `{"species": "", "card": {"name": "", "ap": 2, "actions": [{"kind": "move", "value": 2}], "roundEffects": []}}`},
	{tp.KindClassCard, "Adversary class card", `{"class": "", "card": {"name": "", "rows": [` +
		`{"colour": "dark blue", "ap": 1, "actions": [{"kind": "attack"}], "roundEffects": []}, ` +
		`{"colour": "light blue", "ap": 2, "actions": [{"kind": "attack"}], "roundEffects": []}, ` +
		`{"colour": "red", "ap": 3, "actions": [{"kind": "attack"}], "roundEffects": []}, ` +
		`{"colour": "yellow", "ap": 4, "actions": [{"kind": "attack"}], "roundEffects": []}]}}`},
	{tp.KindBoss, "Boss board", `{"name": "", "hp": [20, 24, 28], "attack": [2, 2, 3], "guard": [1, 1, 1], "range": [1, 1, 1], ` +
		`"inherent": {"name": "", "ap": 2, "actions": [{"kind": "move", "value": 2}]}, "actions": [` +
		`{"name": "", "ap": 3, "actions": [{"kind": "attack"}]}, {"name": "", "ap": 5, "actions": [{"kind": "attack", "value": 1}]}, ` +
		`{"name": "", "ap": 7, "actions": [{"kind": "heal", "value": 2, "perCharacter": true, "self": true}]}], ` +
		`"crit": {"text": "", "inflict": [""], "damage": 0}}`},
	{tp.KindBossCard, "Boss action card", `{"actions": [1], "other": "", "persistent": false}`},
	{tp.KindSpecies, "Character species card", `{"name": "", "hp": 10, "maxAp": 6, "text": ""}`},
	{tp.KindClass, "Character class board", `{"name": "", "baseRange": 1, "weapon": "", "crit": "", "itemSlots": 2, "bandageSlots": 2, "attachmentSlots": [["melee"]], "starting": [""], "startingAttachments": [""], "startingItems": [""]}`},
	{tp.KindActionCard, "Character Action card", `{"id": "", "class": "", "ap": 2, "spCost": 0, "temporary": false, "persistent": false, "text": ""}`},
	{tp.KindEquipment, "Equipment card", `{"id": "", "tier": 1, "planet": "Berkav", "slot": "head", "cost": 3, "novaSlots": 0, "initiative": 0, "move": 0, "guard": 0, "maxHp": 0, "text": ""}`},
	{tp.KindAttachment, "Attachment card", `{"id": "", "tier": 1, "type": "melee", "novaSlots": 1, "broken": false, "text": ""}`},
	{tp.KindItem, "Item card", `{"id": "", "oncePerMission": true, "text": ""}`},
}

// contentForm enters one piece of content as the component shows it (a
// blank for each kind), checked by the tracker; files of content can be
// imported and exported whole.
func (c *CampaignScreen) contentForm() fyne.CanvasObject {
	titles := make([]string, len(contentKinds))
	for i, k := range contentKinds {
		titles[i] = k.Title
	}
	id := widget.NewEntry()
	id.SetPlaceHolder("card id (species, class and boss action cards)")
	c.Fields = NewFieldForm()
	c.Kind = widget.NewSelect(titles, func(t string) {
		for _, k := range contentKinds {
			if k.Title == t {
				if k.Kind == tp.KindSpeciesCard || k.Kind == tp.KindClassCard || k.Kind == tp.KindBossCard {
					id.Show()
				} else {
					id.Hide()
				}
				if err := c.Fields.Show([]byte(k.Template), nil); err != nil {
					c.ctx.Message(err.Error(), true)
				}
			}
		}
	})
	c.Kind.PlaceHolder = "what to enter"
	c.contentID = id
	id.Hide()
	help := wrap("Actions: one a line, as the card prints them — Move 3 · Leap 2 · Retreat 2 · Teleport · Attack +1 (Range 5, Pierce 1, Target 2, inflict Burning and Bleeding, blitz, damage x2) · " +
		"Attack (Range +2) · Heal 2 (self, per character) · Heal 3 (allies, self) · Grant Barrier (self) · Remove detrimental · Damage 3 (adjacent figures) · Note: anything the players resolve. " +
		"Round effects: [{\"text\": \"…\", \"attack\": 1, \"guard\": 1}]. Colours: dark blue, light blue, red, yellow. Lists: comma separated.")
	help.Importance = widget.LowImportance
	save := widget.NewButton("Save", func() {
		for _, k := range contentKinds {
			if k.Title == c.Kind.Selected {
				data, err := c.Fields.Values()
				if err != nil {
					c.ctx.Message(err.Error(), true)
					return
				}
				c.ctx.Do(tp.SaveContent{Kind: k.Kind, ID: strings.TrimSpace(id.Text), Data: data})
				return
			}
		}
		c.ctx.Message("choose what to enter", true)
	})
	save.Importance = widget.HighImportance
	c.SaveContentBt = save
	imp := widget.NewButton("Import content file…", func() {
		dialog.ShowFileOpen(func(r fyne.URIReadCloser, err error) {
			if err != nil || r == nil {
				return
			}
			defer r.Close()
			b, err := io.ReadAll(r)
			if err != nil {
				dialog.ShowError(err, c.ctx.Window)
				return
			}
			c.ctx.Do(tp.ImportContent{Data: b})
		}, c.ctx.Window)
	})
	exp := widget.NewButton("Export content file…", func() {
		b, err := tp.ExportContent(state(c.ctx))
		if err != nil {
			dialog.ShowError(err, c.ctx.Window)
			return
		}
		d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
			if err != nil || w == nil {
				return
			}
			defer w.Close()
			_, _ = w.Write(b)
		}, c.ctx.Window)
		d.SetFileName("phantom-epoch-content.json")
		d.Show()
	})
	faces := widget.NewMultiLineEntry()
	faces.SetPlaceHolder("Decision die: one face a line, e.g. red N E")
	dice := widget.NewButton("Enter the Decision die's faces", func() {
		var fs []ap.Face
		for _, line := range strings.Split(faces.Text, "\n") {
			f := strings.Fields(line)
			if len(f) < 3 {
				continue
			}
			fs = append(fs, ap.Face{Colour: ap.Colour(strings.Join(f[:len(f)-2], " ")), Primary: ap.Dir(f[len(f)-2]), Secondary: ap.Dir(f[len(f)-1])})
		}
		c.ctx.Do(tp.SetDice{DecisionDie: fs})
	})
	basic := widget.NewEntry()
	basic.SetPlaceHolder("basic die faces: 0, 1, 1, 2, 2, 3, crit, fumble")
	blitz := widget.NewEntry()
	blitz.SetPlaceHolder("blitz die faces")
	acc := widget.NewEntry()
	acc.SetPlaceHolder("Accuracy die faces: miss, block, success, …")
	attackDice := widget.NewButton("Enter the attack and Accuracy dice", func() {
		c.ctx.Do(tp.SetDice{Basic: splitConds(basic.Text), Blitz: splitConds(blitz.Text), Accuracy: splitConds(acc.Text)})
	})
	return container.NewVBox(
		widgets.NewCard("Enter content", "§15: what is printed on your components, entered once, never shipped",
			container.NewVBox(c.Kind, id, c.Fields.Object(), save, help, container.NewGridWithColumns(2, imp, exp))),
		widgets.NewCard("Dice", "§3: the faces are not in the rulebook", container.NewVBox(faces, dice, basic, blitz, acc, attackDice)),
	)
}

func (c *CampaignScreen) showContent(s *tp.State) {
	box := c.content
	box.Objects = nil
	defer box.Refresh()
	k := &s.Content
	list := func(kind tp.ContentKind, title string, ids []string) {
		if len(ids) == 0 {
			return
		}
		box.Add(bold(fmt.Sprintf("%s (%d)", title, len(ids))))
		for _, id := range ids {
			id := id
			buttons := container.NewHBox(widget.NewButton("Remove", func() { c.ctx.Do(tp.RemoveContent{Kind: kind, ID: id}) }))
			if kind != tp.KindMap {
				buttons.Objects = append([]fyne.CanvasObject{widget.NewButton("Edit", func() { c.editContent(kind, id) })}, buttons.Objects...)
			}
			box.Add(container.NewBorder(nil, nil, nil, buttons, widget.NewLabel(id)))
		}
	}
	list(tp.KindMission, "Missions", sortedKeys(k.Missions))
	list(tp.KindMap, "Maps", sortedKeys(k.Maps))
	list(tp.KindAdversary, "Adversary description cards", sortedKeys(k.Adversaries))
	list(tp.KindSpeciesCard, "Adversary species cards", sortedKeys(k.SpeciesCards))
	list(tp.KindClassCard, "Adversary class cards", sortedKeys(k.ClassCards))
	list(tp.KindBoss, "Boss boards", sortedKeys(k.Bosses))
	list(tp.KindBossCard, "Boss action cards", sortedKeys(k.BossCards))
	list(tp.KindSpecies, "Species", sortedKeys(k.Species))
	list(tp.KindClass, "Classes", sortedKeys(k.Classes))
	list(tp.KindActionCard, "Action cards", sortedKeys(k.ActionCards))
	list(tp.KindEquipment, "Equipment", sortedKeys(k.Equipment))
	list(tp.KindAttachment, "Attachments", sortedKeys(k.Attachments))
	list(tp.KindItem, "Items", sortedKeys(k.Items))
	if len(k.DecisionDie) > 0 {
		var fs []string
		for _, f := range k.DecisionDie {
			fs = append(fs, fmt.Sprintf("%s %s/%s", f.Colour, f.Primary, f.Secondary))
		}
		box.Add(wrap("Decision die: " + strings.Join(fs, " · ")))
	}
}

// editContent loads a piece of content into the form.
func (c *CampaignScreen) editContent(kind tp.ContentKind, id string) {
	k := &state(c.ctx).Content
	var v any
	switch kind {
	case tp.KindMission:
		v = k.Missions[id]
	case tp.KindAdversary:
		v = k.Adversaries[id]
	case tp.KindSpeciesCard:
		v = k.SpeciesCards[id]
	case tp.KindClassCard:
		v = k.ClassCards[id]
	case tp.KindBoss:
		v = k.Bosses[id]
	case tp.KindBossCard:
		v = k.BossCards[id]
	case tp.KindSpecies:
		v = k.Species[id]
	case tp.KindClass:
		v = k.Classes[id]
	case tp.KindActionCard:
		v = k.ActionCards[id]
	case tp.KindEquipment:
		v = k.Equipment[id]
	case tp.KindAttachment:
		v = k.Attachments[id]
	case tp.KindItem:
		v = k.Items[id]
	}
	data, err := json.Marshal(v)
	if err != nil {
		c.ctx.Message(err.Error(), true)
		return
	}
	for _, ck := range contentKinds {
		if ck.Kind == kind {
			c.Kind.Selected = ck.Title
			c.Kind.Refresh()
			if err := c.Fields.Show([]byte(ck.Template), data); err != nil {
				c.ctx.Message(err.Error(), true)
			}
		}
	}
	switch kind {
	case tp.KindSpeciesCard, tp.KindClassCard, tp.KindBossCard:
		c.contentID.SetText(id)
	default:
		c.contentID.SetText("")
	}
}

// showSettings: one switch per ambiguous reading, with its rule.
func (c *CampaignScreen) showSettings(s *tp.State) {
	box := c.settings
	box.Objects = nil
	defer box.Refresh()
	box.Add(wrap("Readings of the rulebook's unclear places (spec §17)"))
	raw, _ := json.Marshal(s.Settings)
	var cur map[string]bool
	_ = json.Unmarshal(raw, &cur)
	for _, info := range tp.SettingsInfo() {
		info := info
		ch := widget.NewCheck(fmt.Sprintf("%s — %s", info.Rule, info.Meaning), nil)
		ch.SetChecked(cur[info.Key])
		ch.OnChanged = func(b bool) {
			next := map[string]bool{}
			for k, v := range cur {
				next[k] = v
			}
			next[info.Key] = b
			raw, _ := json.Marshal(next)
			var st tp.Settings
			if err := json.Unmarshal(raw, &st); err != nil {
				c.ctx.Message(err.Error(), true)
				return
			}
			c.ctx.Do(tp.ChangeSettings{Settings: st})
		}
		box.Add(widgets.WrapCheck(ch))
	}
}
