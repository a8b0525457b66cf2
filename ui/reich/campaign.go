package reich

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
	rb "tablekeeper/tracker/reich"
	"tablekeeper/ui/widgets"
)

// campaignScreen is the campaign between missions (spec §10): the record
// and outcomes, the end of a mission (result and the after-mission step),
// skill purchases with their prices and limits, the content the players
// typed in, and the house-rule settings (§14) with Not of this Earth! (§11).
type campaignScreen struct {
	k       *kit
	root    fyne.CanvasObject
	tabs    *container.AppTabs
	record  *fyne.Container
	skills  *fyne.Container
	rules   *fyne.Container
	Content *contentScreen
	// SkillPrice shows the price of the skill picked in the purchase form.
	SkillPrice *widget.Label
	// rulesShown are the settings the house rules list was built for.
	rulesShown string
}

func newCampaignScreen(k *kit) *campaignScreen {
	c := &campaignScreen{k: k, record: container.NewVBox(), skills: container.NewVBox(), rules: container.NewVBox()}
	c.Content = newContentScreen(k)
	c.SkillPrice = wrapped("")
	c.tabs = container.NewAppTabs(
		container.NewTabItem("Record", container.NewVScroll(c.record)),
		container.NewTabItem("Skills", container.NewVScroll(c.skills)),
		container.NewTabItem("Content", container.NewVScroll(c.Content.root)),
		container.NewTabItem("House rules", container.NewVScroll(c.rules)),
		container.NewTabItem("Story", container.NewVScroll(container.NewPadded(k.ctx.Story()))),
	)
	c.root = c.tabs
	c.Refresh()
	return c
}

// Refresh re-reads the campaign.
func (c *campaignScreen) Refresh() {
	c.refreshRecord()
	c.refreshSkills()
	c.refreshRules()
	c.Content.Refresh()
}

func (c *campaignScreen) refreshRecord() {
	s := c.k.state()
	r := s.Campaign
	b := c.record
	b.Objects = nil
	b.Add(heading(c.k.ctx.Session.Where()))
	if m := s.Mission; m != nil && m.Ended {
		b.Add(c.missionEnd(s, m))
	}
	diff := "not chosen yet (needed before the first campaign mission)"
	if d := r.Difficulty; d != nil {
		diff = fmt.Sprintf("%s — %d items kept on the HQ card, %d permanent wounds removed after a mission", d.Name, d.ItemsKept, d.WoundsRemoved)
		if r.Started {
			diff += " (fixed: the campaign has started)"
		}
	}
	diffBtn := widgets.Touch(button("Choose the difficulty…", nil, func() { c.DifficultyForm() }))
	b.Add(widgets.NewCard("Difficulty", diff, diffBtn))
	var items []string
	for _, it := range r.HQItems {
		items = append(items, it.Name)
	}
	b.Add(widgets.NewCard("HQ card", "", container.NewVBox(
		wrapped(fmt.Sprintf("Items (%d of at most %d): %s", len(items), rb.MaxHQItems, hpText(items))),
		wrapped("Heroism points: "+hpText(r.HQHP)),
		wrapped("Face-down supply: "+supplyText(r.HPSupply)),
		container.NewGridWithColumns(2,
			widgets.Touch(button("Set the HQ card…", nil, func() { c.HQForm() })),
			widgets.Touch(button("Heroism point supply…", nil, func() { c.SupplyForm() }))))))
	out := container.NewVBox()
	if len(r.Outcomes) == 0 {
		out.Add(widget.NewLabel("No mission played yet."))
	}
	for i, o := range r.Outcomes {
		res := "failure"
		if o.Success {
			res = "success"
		}
		row := ""
		if o.Row > 0 {
			row = fmt.Sprintf(", chart row %d", o.Row)
		}
		out.Add(wrapped(fmt.Sprintf("%d. %s (%s) — %s: %s, %d rounds%s", i+1, o.Mission, modeWords(o.Mode), res, o.Result, o.Rounds, row)))
	}
	b.Add(widgets.NewCard("Missions played", "", out))
	heroes := container.NewVBox()
	if len(r.Heroes) == 0 {
		heroes.Add(wrapped("The heroes' records appear after the first campaign mission."))
	}
	for _, h := range r.Heroes {
		heroes.Add(wrapped(heroRecord(h)))
	}
	b.Add(widgets.NewCard("Heroes between missions", "", heroes))
	b.Refresh()
}

func supplyText(kinds []string) string {
	if len(kinds) == 0 {
		return "not entered"
	}
	n := map[string]int{}
	for _, k := range kinds {
		n[k]++
	}
	return fmt.Sprintf("%d attack, %d defence, %d wild", n[rb.HPAttack], n[rb.HPDefence], n[rb.HPWild])
}

func heroRecord(h rb.CampaignHero) string {
	var sk []string
	for _, s := range h.Skills {
		t := s.ID + " (" + s.Type + ")"
		if s.Starting {
			t += " starting"
		}
		sk = append(sk, t)
	}
	var ws []string
	for _, w := range h.Weapons {
		if w.Vril {
			ws = append(ws, w.Name+" vril side")
		}
	}
	s := fmt.Sprintf("%s (%s): skills %d/%d — %s · permanent wounds %d · heroism points %s", h.Name, h.ID, len(h.Skills), rb.MaxSkills,
		hpText(sk), permanent(h.Wounds), hpText(h.HP))
	if len(ws) > 0 {
		s += " · " + strings.Join(ws, ", ")
	}
	return s
}

// missionEnd is the ended mission's result and after-mission step.
func (c *campaignScreen) missionEnd(s *rb.State, m *rb.Mission) fyne.CanvasObject {
	box := container.NewVBox()
	sub := "Read the Victory or Defeat? chart from the top; the first row that applies is the result."
	if m.Result != "" {
		sub = "Result: " + m.Result
		if m.Failed != "" {
			sub += " (" + m.Failed + ")"
		}
	}
	box.Add(widgets.Touch(c.k.tap("Declare the result…", nil, func() { c.ResultForm() })))
	box.Add(widgets.Touch(c.k.hold("Hold to close the mission (after-mission step)…", func() { c.CloseForm() })))
	return widgets.NewCard(rb.MissionName(m.ID)+" has ended", sub, box)
}

// ResultForm reads the Victory or Defeat? chart.
func (c *campaignScreen) ResultForm() *formDialog {
	s := c.k.state()
	var rows []string
	for _, mi := range s.Library.Missions {
		if s.Mission != nil && mi.ID == s.Mission.ID {
			for i, r := range mi.VictoryChart {
				rows = append(rows, fmt.Sprintf("%d. %s", i+1, r.Text))
			}
		}
	}
	if len(rows) > 0 {
		return c.k.cmdForm("Victory or Defeat?", "Declare", []fld{choice("First row that applies", rows, rows[0])},
			func(v vals) (func(ai.Answers) tracker.Command, error) {
				return plain(rb.DeclareResult{Row: slices.Index(rows, v.S("First row that applies")) + 1}), nil
			})
	}
	return c.k.cmdForm("The result", "Declare", []fld{text("Result", "as the chart says", ""), tick("Success", "", false)},
		func(v vals) (func(ai.Answers) tracker.Command, error) {
			return plain(rb.DeclareResult{Text: v.S("Result"), Success: v.B("Success")}), nil
		})
}

// CloseForm runs the after-mission procedure (Algorithm C): the items
// kept on the HQ card, the weapons kept on their vril side and the wound
// cards shed are each tapped from what is there.
func (c *campaignScreen) CloseForm() *formDialog {
	var itemIDs, vrilIDs, woundIDs []string
	words := map[string]string{}
	if m := c.k.mission(); m != nil {
		for _, h := range m.Heroes {
			for i, it := range h.Items {
				id := fmt.Sprintf("%s:%d", h.ID, i)
				itemIDs = append(itemIDs, id)
				words[id] = h.Name + ": " + it.Name
			}
			for i, w := range h.Weapons {
				if w.Vril {
					id := fmt.Sprintf("%s:%d", h.ID, i)
					vrilIDs = append(vrilIDs, id)
					words["v"+id] = h.Name + ": " + w.Name
				}
			}
			for i, w := range h.Wounds {
				id := fmt.Sprintf("%s:%d", h.ID, i)
				woundIDs = append(woundIDs, id)
				card := fmt.Sprintf("wound card %d", i+1)
				if w.Card != "" {
					card += " (" + w.Card + ")"
				}
				words["w"+id] = h.Name + ": " + card
			}
		}
	}
	for i, it := range c.k.state().Campaign.HQItems {
		id := fmt.Sprintf("hq:%d", i)
		itemIDs = append(itemIDs, id)
		words[id] = "HQ card: " + it.Name
	}
	fields := []fld{
		picks("Keep items", "the items kept on the HQ card (the difficulty says how many)", itemIDs, func(id string) string { return words[id] }, nil),
		picks("Keep vril sides", "weapons that stay on their vril side", vrilIDs, func(id string) string { return words["v"+id] }, nil),
		picks("Wound cards shed", "tick none: the newest go first", woundIDs, func(id string) string { return words["w"+id] }, nil),
	}
	if m := c.k.mission(); m != nil && m.HPByPlayers && m.Success && len(m.HPSupply) > 0 {
		// The players draw the supply: the won mission's HQ point is theirs to name.
		fields = append(fields, choice("Heroism point drawn for the HQ card", []string{rb.HPAttack, rb.HPDefence, rb.HPWild}, ""))
	}
	return c.k.cmdForm("After the mission", "Close the mission", fields, func(v vals) (func(ai.Answers) tracker.Command, error) {
		var heal map[string][]int
		for _, w := range v.L("Wound cards shed") {
			who, n, _ := strings.Cut(w, ":")
			i, _ := atoi("", n)
			if heal == nil {
				heal = map[string][]int{}
			}
			heal[who] = append(heal[who], i)
		}
		return plain(rb.CloseMission{KeepItems: v.L("Keep items"), KeepVril: v.L("Keep vril sides"), HealCards: heal, HPDrawn: v.S("Heroism point drawn for the HQ card")}), nil
	})
}

// DifficultyForm chooses the campaign's difficulty.
func (c *campaignScreen) DifficultyForm() *formDialog {
	return c.k.cmdForm("Difficulty", "Choose", []fld{
		text("Name", "as printed", ""), num("Items kept", "on the HQ card, at most 6", 3), num("Wounds removed", "per hero after a mission", 1),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		items, err := v.I("Items kept")
		if err != nil {
			return nil, err
		}
		w, err := v.I("Wounds removed")
		if err != nil {
			return nil, err
		}
		return plain(rb.SetDifficulty{Name: v.S("Name"), ItemsKept: items, WoundsRemoved: w}), nil
	})
}

// HQForm sets the HQ card by hand: its items (names as printed) and its
// heroism points on steppers.
func (c *campaignScreen) HQForm() *formDialog {
	r := c.k.state().Campaign
	var items []string
	for _, it := range r.HQItems {
		items = append(items, it.Name)
	}
	n := hpCounts(r.HQHP)
	return c.k.cmdForm("HQ card", "Set", []fld{
		text("Items", "their names as printed, separated by commas", strings.Join(items, ", ")),
		num("Attack points", "", n[0]), num("Defence points", "", n[1]), num("Wild points", "", n[2]),
		text("Reason", "why it is set by hand", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		var its []rb.Item
		for _, n := range strings.Split(v.S("Items"), ",") {
			if n = strings.TrimSpace(n); n != "" {
				its = append(its, rb.Item{Name: n})
			}
		}
		var counts [3]int
		for i, l := range []string{"Attack points", "Defence points", "Wild points"} {
			counts[i], _ = v.I(l)
		}
		return plain(rb.SetHQ{Items: its, HP: hpList(counts), Reason: v.S("Reason")}), nil
	})
}

// SupplyForm enters the heroism point supply.
func (c *campaignScreen) SupplyForm() *formDialog {
	return c.k.cmdForm("Heroism point supply", "Set", []fld{
		num("Attack", "", 0), num("Defence", "", 0), num("Wild", "", 0),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		var kinds []string
		for _, k := range []string{rb.HPAttack, rb.HPDefence, rb.HPWild} {
			n, err := v.I(capital(k))
			if err != nil {
				return nil, err
			}
			for range n {
				kinds = append(kinds, k)
			}
		}
		return plain(rb.SetHPSupply{Kinds: kinds}), nil
	})
}

// skillNames lists the 20 campaign skills by type.
func skillNames() []string {
	var out []string
	for s := range rb.CampaignSkills {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		ti, tj := rb.CampaignSkills[out[i]], rb.CampaignSkills[out[j]]
		if ti != tj {
			return ti < tj
		}
		return out[i] < out[j]
	})
	return out
}

func (c *campaignScreen) refreshSkills() {
	s := c.k.state()
	b := c.skills
	b.Objects = nil
	d := s.Campaign.Debrief
	if d == nil {
		b.Add(wrapped("Skills are bought after a campaign mission, while its after-mission step is open. A mission reward can grant one at any time between missions."))
	} else {
		b.Add(heading("After mission " + d.Mission + ": buy skills"))
		b.Add(wrapped("The price is 1 plus the skills of that type the hero already holds; attack points pay Attack skills, defence points Defence skills, wild points any skill but Vril. Points come from the hero's own dashboard and the HQ card. At most 4 skills: a fifth needs one discarded."))
		b.Add(widgets.Touch(button("Buy a skill…", theme.ContentAddIcon(), func() { c.BuyForm() })))
		b.Add(widgets.Touch(c.k.tap("Finish the after-mission step", theme.ConfirmIcon(), func() { c.k.do(rb.FinishDebrief{}) })))
	}
	b.Add(widgets.Touch(button("Grant a skill (mission reward)…", nil, func() { c.GrantSkillForm() })))
	b.Add(widgets.Touch(c.k.tap("Hand a skill to another hero (a card allows it)…", nil, func() { c.HandOverForm() })))
	for _, h := range s.Campaign.Heroes {
		b.Add(wrapped(heroRecord(h)))
	}
	b.Refresh()
}

// priceText says what a skill costs a hero now, or why it cannot be bought.
func priceText(s *rb.State, hero, skill string) string {
	if hero == "" || skill == "" {
		return "Pick a hero and a skill to see the price."
	}
	price, kinds, ok := rb.SkillPrice(s, hero, skill)
	if !ok {
		if rb.CampaignSkills[skill] == rb.SkillVril {
			return skill + " is a Vril skill: heroism points cannot buy it (only a mission reward grants it)."
		}
		return "No campaign record for this hero yet."
	}
	avail := []string{}
	for _, h := range s.Campaign.Heroes {
		if h.ID == hero {
			for _, k := range h.HP {
				avail = append(avail, hero+":"+k)
			}
		}
	}
	for _, k := range s.Campaign.HQHP {
		avail = append(avail, "hq:"+k)
	}
	return fmt.Sprintf("%s costs %d heroism point(s) of kind %s. Available: %s", skill, price, strings.Join(kinds, " or "), hpText(avail))
}

// heroSkills lists the skills the recorded heroes hold, for a discard
// pick (the rules refuse one the buyer does not hold).
func heroSkills(s *rb.State) []string {
	out := []string{""}
	for _, h := range s.Campaign.Heroes {
		for _, sk := range h.Skills {
			if !slices.Contains(out, sk.ID) {
				out = append(out, sk.ID)
			}
		}
	}
	return out
}

func noneOr(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// BuyForm buys a campaign skill (Algorithm P): the heroism points spent
// are picked on steppers from the hero's dashboard and the HQ card.
func (c *campaignScreen) BuyForm() *formDialog {
	s := c.k.state()
	var heroes []string
	var sources []hpSource
	for _, h := range s.Campaign.Heroes {
		heroes = append(heroes, h.ID)
		sources = append(sources, hpSource{From: h.ID, Words: h.Name + "'s", Kinds: h.HP})
	}
	sources = append(sources, hpSource{From: "hq", Words: "the HQ card's", Kinds: s.Campaign.HQHP})
	first := ""
	if len(heroes) > 0 {
		first = heroes[0]
	}
	name := func(id string) string {
		for _, h := range s.Campaign.Heroes {
			if h.ID == id {
				return h.Name
			}
		}
		return id
	}
	fd := c.k.cmdForm("Buy a skill", "Buy", []fld{
		choiceW("Hero", heroes, name, first), choice("Skill", skillNames(), ""),
		hpPay("Pay with", "the hero's own points and the HQ card's", sources),
		choiceW("Discard", heroSkills(s), noneOr, ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.BuySkill{Hero: v.S("Hero"), Skill: v.S("Skill"), Pay: v.HP("Pay with"), Discard: v.S("Discard")}), nil
	}, widget.NewFormItem("Price", c.SkillPrice))
	skill := fd.Field("Skill").(*optionSelect)
	hero := fd.Field("Hero")
	heroID := func() string {
		if h, ok := hero.(*choiceField); ok {
			return h.Value()
		}
		return hero.(*optionSelect).Value()
	}
	update := func(string) { c.SkillPrice.SetText(priceText(c.k.state(), heroID(), skill.Value())) }
	if h, ok := hero.(*choiceField); ok {
		h.OnChanged = update
	} else {
		hero.(*optionSelect).OnChanged = update
	}
	skill.OnChanged = update
	update("")
	return fd
}

// GrantSkillForm gives a skill as a mission reward.
func (c *campaignScreen) GrantSkillForm() *formDialog {
	s := c.k.state()
	var heroes []string
	for _, h := range s.Campaign.Heroes {
		heroes = append(heroes, h.ID)
	}
	first := ""
	if len(heroes) > 0 {
		first = heroes[0]
	}
	return c.k.cmdForm("Grant a skill (mission reward)", "Grant", []fld{
		choice("Hero", heroes, first), choice("Skill", skillNames(), ""),
		choiceW("Discard", heroSkills(s), noneOr, ""), text("Reason", "the reward", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.GrantSkill{Hero: v.S("Hero"), Skill: v.S("Skill"), Discard: v.S("Discard"), Reason: v.S("Reason")}), nil
	})
}

// HandOverForm passes a skill from one hero to another where a card or
// mission reward allows it (skills are otherwise never transferred).
func (c *campaignScreen) HandOverForm() *formDialog {
	st := c.k.state()
	var heroes []string
	for _, h := range st.Campaign.Heroes {
		heroes = append(heroes, h.ID)
	}
	name := func(id string) string {
		for _, h := range st.Campaign.Heroes {
			if h.ID == id {
				return h.Name
			}
		}
		return id
	}
	return c.k.cmdForm("Hand a skill to another hero", "Hand over", []fld{
		choiceW("From", heroes, name, ""), choiceW("To", heroes, name, ""), choice("Skill", skillNames(), ""),
		choiceW("Discard", heroSkills(st), noneOr, ""),
		text("Reason", "the card or reward that allows it", ""),
	}, func(v vals) (func(ai.Answers) tracker.Command, error) {
		return plain(rb.HandOverSkill{From: v.S("From"), To: v.S("To"), Skill: v.S("Skill"), Discard: v.S("Discard"), Reason: v.S("Reason")}), nil
	})
}

// refreshRules lists every house-rule setting (§14) with its value, its
// default and the spec section, each changeable (and logged).
func (c *campaignScreen) refreshRules() {
	s := c.k.state()
	// Rebuild only when a setting changed: the list is long.
	key := fmt.Sprintf("%+v", s.Settings)
	if key == c.rulesShown {
		return
	}
	c.rulesShown = key
	b := c.rules
	b.Objects = nil
	note := widget.NewCheck("This campaign plays the Not of this Earth! missions", nil)
	note.SetChecked(s.Settings.NotOfThisEarth)
	note.OnChanged = func(on bool) {
		if on == c.k.state().Settings.NotOfThisEarth {
			return
		}
		if !c.SetRule("notOfThisEarth", fmt.Sprint(on)) {
			note.SetChecked(!on)
		}
	}
	b.Add(widgets.NewCard("Not of this Earth!", "The alien world tracker, its noise deck and the darkness spawns. Switched only between missions.", widgets.WrapCheck(note)))
	b.Add(heading("House rules: where the rules summary can be read two ways, or leaves a number out, the reading this campaign plays"))
	for _, info := range s.Settings.Describe() {
		if info.Key == "notOfThisEarth" {
			continue
		}
		b.Add(c.ruleRow(info))
	}
	b.Refresh()
}

// SetRule changes one setting; it reports whether the rules accepted it.
func (c *campaignScreen) SetRule(key, value string) bool {
	return c.k.do(rb.SetSetting{Key: key, Value: value})
}

// permanent counts the permanent wounds among a hero's wound cards.
func permanent(ws []rb.Wound) int {
	n := 0
	for _, w := range ws {
		if !w.Temporary {
			n++
		}
	}
	return n
}
