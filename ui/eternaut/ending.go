package eternaut

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/tracker"
	et "tablekeeper/tracker/eternaut"
	"tablekeeper/ui/widgets"
)

// wizard is the end of a scenario in the rulebook's order (each
// scenario's "Finishing" steps; spec §9). Its fields keep what the players
// typed while the steps go by.
type wizard struct {
	key      string
	Epilogue *widgets.TextEntry
	Codes    *widget.Select
	Quests   *widgets.TextEntry
	NPC905   *widget.Check
	NPC906   *widget.Check
	// npcRows are the two checks with their words, made once: a check
	// wrapped again shows an empty box (its words moved out the first
	// time).
	npcRows [2]fyne.CanvasObject
	Owned   *widgets.TextEntry
	Quest3  *widget.Select
	Quest4  *widget.Select
	returns map[string]*widget.CheckGroup
	// The shop's fields.
	SACName   *widgets.TextEntry
	SACRemove *widget.Select
	SKID      *widget.Select
	SKChar    *widget.Select
	SKSkill   *widget.Select
	PAID      *widget.Select
	PAChar    *widget.Select
	PAPerm    *widget.Check
	GAID      *widget.Select
	GAPerm    *widget.Check
	// Buttons, for tests and the keyboard.
	Confirm                     *widget.Button
	BuySAC, BuySK, BuyPA, BuyGA *widget.Button
	CloseShop                   *widget.Button
	Finish                      *widgets.HoldButton
}

var outcomes = []string{"", "#A", "#B", "#C", "#D", "#E", "#F"}

func newWizard(key string, s *et.State) *wizard {
	w := &wizard{key: key, returns: map[string]*widget.CheckGroup{}}
	w.Epilogue = textEntry("the code on the Epilogue card, e.g. END-C-1", "")
	finished := ""
	if s.End != nil {
		finished = s.End.Scenario
	}
	w.Codes = widget.NewSelect(epilogueCodes(finished), func(v string) { w.Epilogue.SetText(v) })
	w.Codes.PlaceHolder = "tap to pick the code"
	w.Quests = textEntry("Special Quest card IDs, e.g. B1-16, C-15", "")
	if sc := s.Scenario; sc != nil {
		w.Quests.SetText(strings.Join(sc.SpecialQuests, ", "))
	}
	w.NPC905 = widget.NewCheck("NPC card 905 is face up on the table", nil)
	w.NPC906 = widget.NewCheck("NPC card 906 is face up on the table", nil)
	w.npcRows = [2]fyne.CanvasObject{widgets.WrapCheck(w.NPC905), widgets.WrapCheck(w.NPC906)}
	owned := slices.Clone(s.Section("E").SpecialQuests)
	if sc := s.Scenario; sc != nil {
		owned = append(owned, sc.SpecialQuests...)
	}
	w.Owned = textEntry("every Special Quest card held now", strings.Join(owned, ", "))
	w.Quest3, w.Quest4 = widget.NewSelect(outcomes, nil), widget.NewSelect(outcomes, nil)
	w.SACName = textEntry("the card's name", "")
	w.SACRemove = widget.NewSelect(nil, nil)
	w.SKID, w.SKChar = widget.NewSelect(nil, nil), widget.NewSelect(nil, nil)
	w.SKSkill = widget.NewSelect(append([]string{"none printed"}, et.Skills...), nil)
	w.PAID, w.PAChar = widget.NewSelect(nil, nil), widget.NewSelect(nil, nil)
	w.PAPerm = widget.NewCheck("Permanent (never flipped)", nil)
	w.GAID = widget.NewSelect(nil, nil)
	w.GAPerm = widget.NewCheck("Permanent (never flipped)", nil)
	return w
}

// epilogueCodes are the codes an Epilogue card of a scenario's end is
// likely to carry (END-<next Storybook>-<n>), so they are tapped, not
// typed; the entry takes any other.
func epilogueCodes(finished string) []string {
	next := map[string][]string{"A": {"B1", "B2"}, "B": {"C"}, "C": {"D"}, "D": {"E1", "E2"}, "E": {"F1", "F2"}}[et.Letter(finished)]
	if et.Letter(finished) == "F" {
		return []string{"END"}
	}
	var out []string
	for _, n := range next {
		for i := 1; i <= 3; i++ {
			out = append(out, fmt.Sprintf("END-%s-%d", n, i))
		}
	}
	return out
}

// wizardSteps are the steps of the end of a scenario, in order.
func wizardSteps(scenario string) []string {
	if et.Letter(scenario) == "F" {
		return []string{et.StepObjectives, et.StepRecord, et.StepFinale}
	}
	return []string{et.StepObjectives, et.StepItems, et.StepRecord, et.StepQuests, et.StepUnlocks, et.StepShop}
}

var stepTitles = map[string]string{
	et.StepObjectives: "1 Objectives", et.StepItems: "2 Items back", et.StepRecord: "3 Epilogue, score, life, reserve",
	et.StepQuests: "4 Special Quests", et.StepUnlocks: "5 Unlocks and points", et.StepShop: "6 Shop", et.StepFinale: "The end of the campaign",
}

func (p *PlayScreen) wizardView(s *et.State) fyne.CanvasObject {
	w := s.End
	key := fmt.Sprintf("%s/%d/%d", w.Scenario, len(s.Played), s.Restarts)
	if p.wiz == nil || p.wiz.key != key {
		p.wiz = newWizard(key, s)
	}
	box := container.NewVBox(heading("The end of Storybook " + w.Scenario))
	steps := flow()
	order := wizardSteps(w.Scenario)
	cur := slices.Index(order, w.Step)
	for i, st := range order {
		l := widget.NewLabel(stepTitles[st])
		switch {
		case i == cur:
			l.Importance = widget.HighImportance
			l.TextStyle.Bold = true
			l.Text = "▶ " + l.Text
		case i < cur:
			l.Importance = widget.LowImportance
			l.Text = "✓ " + l.Text
		}
		steps.Add(l)
	}
	box.Add(steps)
	if len(s.Reminders) > 0 {
		r := wrap("To do: " + strings.Join(s.Reminders, " · "))
		r.Importance = widget.WarningImportance
		box.Add(r)
	}
	var body fyne.CanvasObject
	switch w.Step {
	case et.StepObjectives:
		body = p.stepObjectives(s)
	case et.StepItems:
		body = p.stepItems(s)
	case et.StepRecord:
		body = p.stepRecord(s)
	case et.StepQuests:
		body = p.stepQuests(s)
	case et.StepUnlocks:
		body = p.stepUnlocks(s)
	case et.StepShop:
		body = p.stepShop(s)
	case et.StepFinale:
		body = p.stepFinale(s)
	}
	box.Add(body)
	return box
}

// confirm is a step's button: it runs the step's command, its answer shown
// next to it.
func (p *PlayScreen) confirm(label string, cmd func() (tracker.Command, error)) *widget.Button {
	var b *widget.Button
	b = primary(iconBtn(label, theme.NavigateNextIcon(), func() {
		c, err := cmd()
		if err != nil {
			p.refuse(b, words(err))
			return
		}
		p.doFrom(b, c)
	}))
	p.wiz.Confirm = b
	return b
}

func (p *PlayScreen) stepObjectives(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	box := container.NewVBox(wrap("For each Objective revealed: a succeeded one gives its success instructions, a failed one its failure instructions; open ones are ignored."))
	if s.End.Clock {
		l := wrap("The Timer reached the clock: its effect applies only through an Objective that succeeded or failed.")
		l.Importance = widget.WarningImportance
		box.Add(l)
	}
	for _, o := range sc.Objectives {
		box.Add(p.objectiveRow(o))
	}
	if len(sc.Objectives) == 0 {
		box.Add(note("No Objective was revealed."))
	}
	box.Add(p.epilogueDeath(s))
	box.Add(p.confirm("Objectives done", func() (tracker.Command, error) { return et.ConfirmObjectives{}, nil }))
	return box
}

// epilogueDeath lets a Character die in the Epilogue, before the diary is
// written (its items are discarded, Rulebook p.20).
func (p *PlayScreen) epilogueDeath(s *et.State) fyne.CanvasObject {
	var opts []*et.Character
	for _, c := range s.InPlay() {
		if !c.Gone() {
			opts = append(opts, c)
		}
	}
	who := pick(options(opts), "a Character the Epilogue kills")
	dies := btn("Dies…", func() {
		if who.Selected == "" {
			p.refuse(who, "Choose who dies first")
			return
		}
		id := idOf(p.state(), who.Selected)
		p.outForm(charName(p.state(), id)+" dies in the Epilogue", "Its items are discarded; read its 600 paragraph.", nil, nil,
			"Hold: it dies", func() tracker.Command { return et.Kill{Char: id, Cause: "the Epilogue"} })
	})
	return container.NewVBox(bold("If the Epilogue kills a Character"), container.NewBorder(nil, nil, nil, dies, who))
}

func (p *PlayScreen) stepItems(s *et.State) fyne.CanvasObject {
	sc := s.Scenario
	z := p.wiz
	box := container.NewVBox(wrap("Tick the items whose card says they go back to the Item deck at the end. Every Drop pile goes back too."))
	for _, c := range living(s) {
		items := append(slices.Clone(c.Items), c.BagItems...)
		if len(items) == 0 {
			continue
		}
		g := z.returns[c.ID]
		if g == nil {
			g = widget.NewCheckGroup(items, nil)
			z.returns[c.ID] = g
		}
		box.Add(bold(c.Carded()))
		box.Add(g)
	}
	if len(sc.TruckItems) > 0 {
		g := z.returns["truck"]
		if g == nil {
			g = widget.NewCheckGroup(slices.Clone(sc.TruckItems), nil)
			z.returns["truck"] = g
		}
		box.Add(bold("On the truck"))
		box.Add(g)
	}
	n := 0
	for _, d := range sc.DropPiles {
		n += len(d.Items)
	}
	box.Add(wrap(fmt.Sprintf("Drop piles: %s go back to the Item deck.", plural(n, "item", "items"))))
	box.Add(p.confirm("Items done", func() (tracker.Command, error) {
		cmd := et.ReturnItems{Items: map[string][]string{}}
		for id, g := range z.returns {
			if len(g.Selected) > 0 {
				cmd.Items[id] = slices.Clone(g.Selected)
			}
		}
		return cmd, nil
	}))
	return box
}

// stepRecord shows, before it is written, what the diary will say: the
// next Storybook from the epilogue code, the score, each Character's life
// with the +2 healing, the Item reserve and the ammo with its cap.
func (p *PlayScreen) stepRecord(s *et.State) fyne.CanvasObject {
	z := p.wiz
	key := s.End.Scenario
	letter := et.Letter(key)
	sec := s.Section(letter)
	sc := s.Scenario
	preview := container.NewVBox()
	update := func() {
		preview.Objects = nil
		code := strings.ToUpper(strings.TrimSpace(z.Epilogue.Text))
		if code != "" {
			if next := et.NextScenario(key, code); next != "" {
				preview.Add(bold("Next: Storybook " + next))
			} else {
				preview.Add(bold("Next: the campaign's end"))
			}
			if !et.EpilogueFits(key, code) {
				l := wrap(fmt.Sprintf("%q does not look like an Epilogue code for the end of %s; it will be kept as written.", code, key))
				l.Importance = widget.WarningImportance
				preview.Add(l)
			}
		}
		preview.Refresh()
	}
	z.Epilogue.OnChanged = func(string) { update() }
	update()
	code := widget.NewFormItem("Epilogue code", container.NewVBox(z.Codes, z.Epilogue))
	code.HintText = "Pick the code printed on the Epilogue card, or type another."
	box := container.NewVBox(widgets.NewFormBox(code).Object(), preview)
	box.Add(heading(fmt.Sprintf("Final score: %d ✓ − %d ✗ = %d", sec.Checks, sec.Crosses, et.Score(sec.Checks, sec.Crosses))))
	if sec.Checks < sec.Crosses {
		box.Add(note("A negative result is written as 0."))
	}
	rows := container.NewVBox(bold("Characters"))
	for _, c := range s.Roster {
		if c.Status == et.NotUnlocked || c.Status == et.OutOfCampaign || c.AwaitsReveal {
			continue
		}
		var line string
		switch {
		case c.Gone():
			line = "☠ skull"
		case c.InPlay && letter == "A":
			line = fmt.Sprintf("items %s; Fatigue %d (axe 045 becomes 046)", joinOr(c.Items, "none"), c.Penalties.Fatigue)
		case c.InPlay:
			line = fmt.Sprintf("life %d, healed +%d → %d written (at most %d)", c.LP, et.BetweenScenarioHeal, min(et.CharMaxLP, c.LP+et.BetweenScenarioHeal), et.CharMaxLP)
			if pt := penaltyText(carried(c.Penalties, letter)); pt != "" {
				line += "; " + pt
			}
		case letter == "C" || letter == "D" || letter == "E":
			line = "did not play: 10 life, no penalties"
		default:
			line = "did not play"
		}
		rows.Add(wrap(fmt.Sprintf("%s: %s", c.Named(), line)))
	}
	box.Add(rows)
	if letter != "A" {
		var reserve []string
		ammo := sc.TruckAmmo
		for _, c := range living(s) {
			reserve = append(reserve, c.Items...)
			reserve = append(reserve, c.BagItems...)
			ammo += c.Ammo
		}
		reserve = append(reserve, sc.TruckItems...)
		box.Add(wrap("Item reserve: " + joinOr(reserve, "none")))
		line := fmt.Sprintf("Ammo: %d written (of %d held and on the truck; at most %d)", min(et.AmmoReserveCap, ammo), ammo, et.AmmoReserveCap)
		if ammo > et.AmmoReserveCap {
			line += fmt.Sprintf(" — %d is lost", ammo-et.AmmoReserveCap)
		}
		box.Add(wrap(line))
	}
	box.Add(p.epilogueDeath(s))
	box.Add(p.confirm("Write the diary", func() (tracker.Command, error) {
		if strings.TrimSpace(z.Epilogue.Text) == "" {
			return nil, errf("pick or type the Epilogue code first")
		}
		return et.RecordEpilogue{Code: z.Epilogue.Text}, nil
	}))
	return box
}

// carried are the penalties written at the end of a scenario: Madness is
// cleared at the end of D and never written after.
func carried(p et.Penalties, letter string) et.Penalties {
	if letter >= "D" {
		p.Madness = false
	}
	return p
}

func (p *PlayScreen) stepQuests(s *et.State) fyne.CanvasObject {
	z := p.wiz
	box := container.NewVBox(wrap("Write the Special Quest cards face up on the table now."),
		widgets.NewFormBox(widget.NewFormItem("Special Quest cards", z.Quests)).Object())
	box.Add(p.confirm("Quests written", func() (tracker.Command, error) {
		ids := list(z.Quests.Text)
		if ids == nil {
			ids = []string{}
		}
		return et.RecordSpecialQuests{IDs: ids}, nil
	}))
	return box
}

var unlockWords = map[string]string{
	"A": "The Available Supply gets the 12 Special Action cards of deck B.",
	"B": "905 and 906 join if their NPC card is face up (none, one or both); the Supply gets 3 Special Action cards and skill counters SK-01 to SK-03.",
	"C": "The Supply gets the Personal Ability cards of the living Characters 901–906, and skill counters SK-04 to SK-06.",
	"D": "The Supply gets Group Ability cards GA-01 and GA-02 and skill counters SK-07 to SK-09; E1 brings 912 with PA-912-A, E2 brings 911 (it joins when revealed).",
	"E": "The Supply gets Group Ability cards GA-03 and GA-04; after E1, a living 912's PA-912-A becomes PA-912-B.",
}

func (p *PlayScreen) stepUnlocks(s *et.State) fyne.CanvasObject {
	z := p.wiz
	key := s.End.Scenario
	letter := et.Letter(key)
	sec := s.Section(letter)
	box := container.NewVBox(wrap(unlockWords[letter]))
	if letter == "B" {
		box.Add(z.npcRows[0])
		box.Add(z.npcRows[1])
	}
	if c := s.Char("911"); letter == "E" && c != nil && c.AwaitsReveal {
		// E2 was 911's only chance to be revealed (spec §10.2).
		box.Add(wrap(fmt.Sprintf("%s was never revealed in E2: unlocking takes it out of the campaign, so it cannot play F.", c.Carded())))
	}
	prev := 0
	if i := slices.Index(et.Letters, letter); i > 0 {
		prev = s.Diary[i-1].RemainingPP
	}
	base := et.PPConstant[letter] - sec.Score
	box.Add(heading(fmt.Sprintf("Purchase Points: %d − score %d = %d, + %d left from before = %d", et.PPConstant[letter], sec.Score, max(0, base), prev, max(0, base)+prev)))
	if base < 0 {
		box.Add(note("The score is above the constant: no new points, but the saved ones stay."))
	}
	box.Add(p.confirm("Unlock and count the points", func() (tracker.Command, error) {
		return et.Unlock{NPC905: z.NPC905.Checked, NPC906: z.NPC906.Checked}, nil
	}))
	return box
}

// kindWords name what can be bought, as the rulebook does.
var kindWords = map[string]string{"SAC": "a Special Action card", "SK": "a skill counter", "PA": "a Personal Ability card", "GA": "a Group Ability card"}

func (p *PlayScreen) stepShop(s *et.State) fyne.CanvasObject {
	z := p.wiz
	w := s.End
	sec := s.Section(et.Letter(w.Scenario))
	left := sec.AvailablePP - w.Spent
	box := container.NewVBox(heading(fmt.Sprintf("Purchase Points: %d available · %d spent · %d left", sec.AvailablePP, w.Spent, left)))
	box.Add(wrap(fmt.Sprintf("Available Supply: %s · skill counters %s · Personal Ability cards %s · Group Ability cards %s",
		plural(s.Pool.SACs, "Special Action card", "Special Action cards"), joinOr(s.Pool.SKs, "none"), joinOr(s.Pool.PAs, "none"), joinOr(s.Pool.GAs, "none"))))
	names := make([]string, 0, len(s.Deck.Basic))
	for n := range s.Deck.Basic {
		names = append(names, n)
	}
	sort.Strings(names)
	var deck []string
	for _, n := range names {
		deck = append(deck, fmt.Sprintf("%s %d", n, s.Deck.Basic[n]))
	}
	box.Add(note(fmt.Sprintf("Action deck (%d): %s; bought: %s", s.Deck.Size(), strings.Join(deck, ", "), joinOr(s.Deck.Specials, "none"))))
	var alive []*et.Character
	for _, c := range s.Roster {
		if c.Status == et.Alive && !c.AwaitsReveal {
			alive = append(alive, c)
		}
	}
	setOpts := func(sel *widget.Select, opts []string) {
		cur := sel.Selected
		sel.Options = opts
		if !slices.Contains(opts, cur) {
			sel.Selected = ""
		}
		sel.Refresh()
	}
	setOpts(z.SACRemove, names)
	setOpts(z.SKID, s.Pool.SKs)
	setOpts(z.SKChar, options(alive))
	setOpts(z.PAID, s.Pool.PAs)
	setOpts(z.PAChar, options(alive))
	setOpts(z.GAID, s.Pool.GAs)
	buy := func(b **widget.Button, label string, cmd func() et.Buy) {
		*b = btn(label, nil)
		bb := *b
		bb.OnTapped = func() {
			if p.doFrom(bb, cmd()) {
				z.SACName.SetText("")
			}
		}
	}
	buy(&z.BuySAC, fmt.Sprintf("Buy it (%d points)", et.CostSAC), func() et.Buy {
		return et.Buy{Kind: "SAC", Name: z.SACName.Text, Remove: z.SACRemove.Selected}
	})
	buy(&z.BuySK, fmt.Sprintf("Buy it (%d points)", et.CostSK), func() et.Buy {
		sk := z.SKSkill.Selected
		if sk == "none printed" {
			sk = ""
		}
		return et.Buy{Kind: "SK", ID: z.SKID.Selected, Char: idOf(p.state(), z.SKChar.Selected), Skill: sk}
	})
	buy(&z.BuyPA, fmt.Sprintf("Buy it (%d points)", et.CostPA), func() et.Buy {
		return et.Buy{Kind: "PA", ID: z.PAID.Selected, Char: idOf(p.state(), z.PAChar.Selected), Permanent: z.PAPerm.Checked}
	})
	buy(&z.BuyGA, fmt.Sprintf("Buy it (%d points)", et.CostGA), func() et.Buy {
		return et.Buy{Kind: "GA", ID: z.GAID.Selected, Permanent: z.GAPerm.Checked}
	})
	form := func(items ...*widget.FormItem) fyne.CanvasObject { return widgets.NewFormBox(items...).Object() }
	shop := columns(360,
		card("A Special Action card", "From the end of A; it replaces a basic card of the Action deck", container.NewVBox(
			form(widget.NewFormItem("Name", z.SACName), widget.NewFormItem("Takes out", z.SACRemove)), z.BuySAC)),
		card("A skill counter", "From the end of B; at most 2 per Character", container.NewVBox(
			form(widget.NewFormItem("Counter", z.SKID), widget.NewFormItem("For", z.SKChar), widget.NewFormItem("Skill", z.SKSkill)), z.BuySK)),
		card("A Personal Ability card", "From the end of C; its own main Character, one each", container.NewVBox(
			form(widget.NewFormItem("Card", z.PAID), widget.NewFormItem("For", z.PAChar), widget.NewFormItem("Type", widgets.WrapCheck(z.PAPerm))), z.BuyPA)),
		card("A Group Ability card", "From the end of D; for the group", container.NewVBox(
			form(widget.NewFormItem("Card", z.GAID), widget.NewFormItem("Type", widgets.WrapCheck(z.GAPerm))), z.BuyGA)),
	)
	box.Add(shop)
	if len(sec.Purchases) > 0 {
		box.Add(bold("Bought"))
		for _, pu := range sec.Purchases {
			line := fmt.Sprintf("%s %s (%d points)", capitalWord(kindWords[pu.Kind]), pu.ID, pu.Cost)
			if pu.Char != "" {
				line += " for " + charName(s, pu.Char)
			}
			if pu.Remove != "" {
				line += ", replacing a " + pu.Remove
			}
			box.Add(wrap(line))
		}
	}
	z.CloseShop = primary(iconBtn("Purchases done: save the campaign", theme.ConfirmIcon(), nil))
	z.CloseShop.OnTapped = func() { p.doFrom(z.CloseShop, et.CloseShop{}) }
	box.Add(z.CloseShop)
	return box
}

func (p *PlayScreen) stepFinale(s *et.State) fyne.CanvasObject {
	z := p.wiz
	owned := widget.NewFormItem("Special Quest cards held", z.Owned)
	owned.HintText = "Section E's and those gained in F."
	q3 := widget.NewFormItem("Quest #3 if no rule decides it", z.Quest3)
	q4 := widget.NewFormItem("Quest #4 if no rule decides it", z.Quest4)
	box := container.NewVBox(wrap("The end of the campaign: confirm every Special Quest card the group holds now. Quests #3 and #4 sometimes have no rule: choose their outcome only if the rules leave it empty."),
		widgets.NewFormBox(owned, q3, q4).Object())
	var scores []string
	total := 0
	for _, d := range s.Diary {
		scores = append(scores, fmt.Sprintf("%s %d", d.Letter, d.Score))
		total += d.Score
	}
	box.Add(heading(fmt.Sprintf("Campaign score: %s = %d — %s", strings.Join(scores, " + "), total, et.Band(total))))
	z.Finish = p.holdButton("Hold: finish the campaign", func() tracker.Command {
		ids := list(z.Owned.Text)
		if ids == nil {
			ids = []string{}
		}
		return et.FinishCampaign{Owned: ids, Quest3: z.Quest3.Selected, Quest4: z.Quest4.Selected}
	})
	box.Add(z.Finish)
	box.Add(note("Undo takes it back."))
	return box
}

// finaleView is the campaign won (its quests and score) or lost (with the
// ways to go on).
func (p *PlayScreen) finaleView(s *et.State) fyne.CanvasObject {
	box := container.NewVBox()
	if s.Phase == et.PhaseLost {
		h := heading("The campaign is lost")
		h.Importance = widget.DangerImportance
		box.Add(h)
		box.Add(wrap(sentence(lossWords(s.LossReason))))
		// The button stays short (a button's words do not wrap); the
		// sentence says from where.
		label := "Replay"
		if replay, _, ok := s.RestartPoint(); ok {
			label = "Replay scenario " + replay
		}
		box.Add(wrap(sentence(s.RestartWords())))
		box.Add(primary(p.act(label, func() tracker.Command { return et.Restart{} })))
		box.Add(p.holdButton("Hold: start over, diary wiped", func() tracker.Command { return et.ResetCampaign{Confirm: true} }))
		box.Add(note("A lost campaign has no final score."))
		return box
	}
	box.Add(heading(fmt.Sprintf("Campaign won · score %d", s.CampaignScore)))
	box.Add(bold(s.Band))
	for i, q := range s.Quests {
		box.Add(wrap(fmt.Sprintf("Special Quest #%d → read Epilogue card END#%d at %s", i+1, i+1, orDash(q))))
	}
	box.Add(note("Every value can still be corrected by hand in the diary (Campaign tab)."))
	return box
}
