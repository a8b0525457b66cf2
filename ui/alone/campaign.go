package alone

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/shell"
	"tablekeeper/ui/widgets"
)

// CampaignScreen is the game as a whole: the Missions and the Final one's
// unlocking, the Difficulty's rewards, win or loss, the record of the game,
// the rewards and cards that change the Hero sheet, corrections by hand,
// the Hero sheet's values, the content set it was set up from, and the
// readings of unclear rules. Completing the Final Mission, which ends the
// game, sits apart at the bottom and must be held.
type CampaignScreen struct {
	k   *kit
	obj fyne.CanvasObject

	outcome    *widget.Label
	missions   *fyne.Container
	withDmg    *widget.Check
	dmgKind    *chips
	dmgN       *numStepper
	dmgBox     fyne.CanvasObject
	reward     *chips
	rewards    *widget.Label
	record     *widget.Label
	sheet      *widget.Label
	finalLine  *widget.Label
	finalHold  *widgets.HoldButton
	content    *contentView
	contentKey string

	rounds             *numStepper
	roundsSrc          *widgets.TextEntry
	xpAbility, xpBoss1 *widget.Select
	xpBoss2            *widget.Select
	xpType             *chips
	xpRevealed         *widget.Check
	xpSrc              *widgets.TextEntry
	afType             *chips
	afAbility          *widget.Select
	companion          *picker
	newItems           []string
	newItemsBox        *fyne.Container
	itemPick           *picker
	itemsSrc           *widgets.TextEntry
	upTarget, upDonor  *widget.Select
	upPool, upIgnore   *widget.Check
	upEffect           *widgets.TextEntry
	itemIDs            map[string]string
	fixField           *chips
	fixValue           *numStepper
	fixWhy             *widgets.TextEntry
	settings           *settingsForm
	shown              *alone.Settings
}

var rewardWords = map[ta.Difficulty]string{
	ta.Easy:       "Easy: gain 1 Round, then recover 3 Life and 3 Self Control",
	ta.Normal:     "Normal: gain 1 Round, then recover 3 Life or 3 Self Control",
	ta.NightmareD: "Nightmare: recover 3 Life or 3 Self Control",
	ta.Impossible: "Impossible: no rewards",
}

// The values a correction by hand may set, as the sheet names them.
var fixFields = []struct{ words, field string }{
	{"Life", "life"}, {"Self Control", "sc"}, {"Round marker's space", "roundMarker"}, {"Adrenaline", "adrenaline"},
	{"Round", "round"}, {"Turns played", "turnsUsed"}, {"Companion's Charges", "companion"}, {"Nightmare Mode (1 on, 0 off)", "nightmare"},
	{"Courage", "xp.courage"}, {"Cold Blood", "xp.coldBlood"}, {"Acute Sight", "xp.acuteSight"},
	{"Precision", "xp.precision"}, {"Dexterity", "xp.dexterity"},
}

// NewCampaignScreen builds the Campaign tab.
func NewCampaignScreen(ctx *shell.Context) *CampaignScreen {
	c := &CampaignScreen{k: newKit(ctx), itemIDs: map[string]string{}}
	c.outcome = wrap("")
	c.outcome.TextStyle.Bold = true
	c.missions = container.NewVBox()
	c.dmgKind = newChips([]string{"Life", "Self Control"}, nil)
	c.dmgKind.SetSelected("Self Control")
	c.dmgN = newNumStepper(1, 12, 1, nil)
	c.dmgN.Format = func(n int) string { return plural(n, "point", "points") }
	c.dmgN.sync()
	c.dmgBox = container.NewVBox(c.dmgKind.obj, c.dmgN)
	c.dmgBox.Hide()
	c.withDmg = widget.NewCheck("The same step deals damage to the Hero", func(on bool) {
		if on {
			c.dmgBox.Show()
		} else {
			c.dmgBox.Hide()
		}
	})
	c.reward = newChips([]string{"3 Life", "3 Self Control"}, nil)
	c.rewards = wrap("")
	c.record = wrap("")
	c.sheet = wrap("")
	c.finalLine = wrap("")
	c.finalHold = widgets.NewHoldButton("Hold: the Final Mission is completed", nil)
	c.finalHold.OnHeld = func() { tapped(c.finalHold, func() { c.complete(3) }) }
	c.finalHold.OnHint = func(s string) { c.k.tell(s) }

	c.rounds = newNumStepper(1, 5, 1, nil)
	c.rounds.Format = func(n int) string { return plural(n, "Round", "Rounds") }
	c.rounds.sync()
	c.roundsSrc = entry("from (a Mission, a card)")
	c.xpAbility = widget.NewSelect(abilityNames(), nil)
	c.xpSrc = entry("from (a card)")
	c.xpType = newChips(titles(creatureNames()), nil)
	c.xpRevealed = widget.NewCheck("It was Revealed (an Unrevealed kill gives nothing)", nil)
	c.xpRevealed.SetChecked(true)
	c.xpBoss1, c.xpBoss2 = widget.NewSelect(abilityNames(), nil), widget.NewSelect(abilityNames(), nil)
	c.afType, c.afAbility = newChips([]string{"Spore", "Cultist", "Hybrid", "Worm"}, nil), widget.NewSelect(abilityNames(), nil)
	sink := campaignSink{c.k}
	c.companion = newPicker("No Character entered yet.", "Enter a Character", func(chosen func(string)) { editCharacter(sink, nil, chosen) })
	c.newItemsBox = container.NewVBox()
	c.itemPick = newPicker("No Item card entered yet.", "Enter an Item card", func(chosen func(string)) { editItem(sink, nil, chosen) })
	c.itemPick.OnChanged = func(s string) {
		if s != "" {
			c.newItems = append(c.newItems, s)
			c.itemPick.sel.ClearSelected()
			c.showNewItems()
		}
	}
	c.itemsSrc = entry("from (a reward, a card)")
	c.upTarget, c.upDonor = widget.NewSelect(nil, nil), widget.NewSelect(nil, nil)
	c.upPool = widget.NewCheck("The Charge comes from the general pool", nil)
	c.upIgnore = widget.NewCheck("The effect ignores Matrix symbols", nil)
	c.upEffect = entry("what allows it (a Companion, a card)")
	var fw []string
	for _, f := range fixFields {
		fw = append(fw, f.words)
	}
	c.fixField = newChips(fw, func(string) { c.syncFix() })
	c.fixValue = newNumStepper(0, 30, 0, nil)
	c.fixWhy = entry("why (what the table says)")
	c.settings = newSettingsForm()
	c.content = newContentView(sink)

	body := container.NewVBox(
		c.outcome,
		ctx.Story(),
		card("Missions", c.missions, widgets.WrapCheck(c.withDmg), c.dmgBox),
		card("Difficulty rewards", wrap("taken when the Final Mission is triggered"), c.rewards, c.reward.obj, primary("Take the mid-game rewards", c.takeReward)),
		card("The record", c.record),
		card("Rewards and cards",
			bold("Gain Rounds"), c.rounds, c.roundsSrc, button("Gain the Rounds", c.gainRounds),
			bold("Experience from a card"), c.xpAbility, c.xpSrc, button("Gain the experience", c.gainXP),
			bold("Experience for a kill"), c.xpType.obj, widgets.WrapCheck(c.xpRevealed), button("Gain for the kill", c.killXP),
			bold("A Boss kill: 1 experience in 2 Abilities"), container.NewGridWithColumns(2, c.xpBoss1, c.xpBoss2), button("Gain for the Boss", c.bossXP),
			bold("A Companion joins"), c.companion.obj, button("The Companion joins", c.gainCompanion),
			bold("New Items"), c.itemPick.obj, c.newItemsBox, c.itemsSrc, button("Put them in the Inventory", c.addItems),
			bold("Upgrade an Item"), labelled("Item", c.upTarget), labelled("Charge from", c.upDonor), widgets.WrapCheck(c.upPool), widgets.WrapCheck(c.upIgnore),
			c.upEffect, button("Upgrade", c.upgrade),
			button("A Mission lifts the limit of 4 Creatures per Level", func() { c.k.do(ta.LiftCreatureLimit{Source: "A Mission"}) }),
		),
		card("Correct by hand", wrap("The table is the source of truth: set a value as it is on the sheet. The Log says it was corrected."),
			c.fixField.obj, c.fixValue, c.fixWhy, button("Correct", c.correct)),
		card("Hero sheet", c.sheet, bold("A kill of"), c.afType.obj, labelled("trains", c.afAbility), button("Keep it (set once)", c.setAbility)),
		card("Content set", c.content.obj),
		card("Readings of unclear rules", c.settings.obj, button("Apply the readings", c.applySettings)),
		card("The end of the game", c.finalLine, c.finalHold),
	)
	c.obj = container.NewVScroll(container.NewPadded(body))
	c.showNewItems()
	c.syncFix()
	ctx.OnChange(func(tracker.Event) { c.Refresh() })
	c.Refresh()
	return c
}

// Object is the screen.
func (c *CampaignScreen) Object() fyne.CanvasObject { return c.obj }

func (c *CampaignScreen) showNewItems() {
	var objs []fyne.CanvasObject
	for i, n := range c.newItems {
		i := i
		objs = append(objs, container.NewBorder(nil, nil, nil, widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			c.newItems = append(c.newItems[:i], c.newItems[i+1:]...)
			c.showNewItems()
		}), wrap("New: "+n)))
	}
	setBox(c.newItemsBox, objs...)
}

func (c *CampaignScreen) fixName() string {
	for _, f := range fixFields {
		if f.words == c.fixField.Selected {
			return f.field
		}
	}
	return ""
}

// syncFix shows the value corrected as it stands now.
func (c *CampaignScreen) syncFix() {
	s := c.k.state()
	v := 0
	switch f := c.fixName(); {
	case f == "life":
		v = s.Life
	case f == "sc":
		v = s.SC
	case f == "roundMarker":
		v = s.RoundMarker + 1
	case f == "adrenaline":
		v = s.Adrenaline
	case f == "round":
		v = s.Round
	case f == "turnsUsed":
		v = s.TurnsUsed
	case f == "companion" && s.Companion != nil:
		v = s.Companion.Charges
	case f == "nightmare" && s.Nightmare:
		v = 1
	case strings.HasPrefix(f, "xp."):
		v = s.XP[ta.Ability(strings.TrimPrefix(f, "xp."))]
	}
	c.fixValue.SetValue(v)
}

// Refresh re-reads the game.
func (c *CampaignScreen) Refresh() {
	s := c.k.state()
	c.refreshContent(s)
	if !s.Started || s.Sheet == nil {
		c.outcome.SetText("The game is not set up yet: the Play tab asks for the content set and the setup.")
		return
	}
	switch s.Outcome {
	case ta.Won:
		c.outcome.SetText("The Hero won: the Final Mission is completed.")
		c.outcome.Importance = widget.SuccessImportance
	case ta.Defeated:
		c.outcome.SetText("The Evil side won: Life and Self Control both reached 0.")
		c.outcome.Importance = widget.DangerImportance
	default:
		c.outcome.SetText("In play: the Hero wins by completing the Final Mission; both tracks at 0 is defeat. Running out of Rounds only brings Nightmare.")
		c.outcome.Importance = widget.MediumImportance
	}
	c.outcome.Refresh()
	var ms []fyne.CanvasObject
	for i, m := range []ta.Mission{s.Missions.Starting[0], s.Missions.Starting[1]} {
		i, m := i, m
		col := ""
		if m.Colour != "" {
			col = " (" + m.Colour + ")"
		}
		b := button("Completed", func() { c.complete(i + 1) })
		enable(b, m.Status == ta.Active)
		ms = append(ms, container.NewBorder(nil, nil, nil, b, wrap(fmt.Sprintf("Starting Mission %d: %s%s — %s", i+1, m.Name, col, statusWords(m.Status)))))
	}
	ms = append(ms, wrap(fmt.Sprintf("Final Mission: %s — %s", s.Missions.Final.Name, statusWords(s.Missions.Final.Status))))
	ms = append(ms, c.cardRewards(s)...)
	ms = append(ms, wrap("Completing either Starting Mission unlocks the Final one; completing the Final Mission wins at once (at the bottom of this tab)."))
	setBox(c.missions, ms...)
	c.finalLine.SetText(fmt.Sprintf("The Final Mission “%s” is %s. Completing it wins the game; hold the button to say so (undo stays possible in the Log).",
		s.Missions.Final.Name, statusWords(s.Missions.Final.Status)))
	if s.Missions.Final.Status == ta.Active && s.Outcome == "" {
		c.finalHold.Enable()
	} else {
		c.finalHold.Disable()
	}
	var rw []string
	for _, d := range []ta.Difficulty{ta.Easy, ta.Normal, ta.NightmareD, ta.Impossible} {
		mark := "  "
		if d == s.Difficulty {
			mark = "→ "
		}
		rw = append(rw, mark+rewardWords[d])
	}
	st := "not yet available (a Starting Mission first)"
	switch {
	case s.Missions.RewardTaken:
		st = "taken"
	case s.Missions.Final.Status != ta.Locked:
		st = "available now"
	}
	rw = append(rw, "Rewards: "+st)
	c.rewards.SetText(strings.Join(rw, "\n"))
	var xp []string
	for _, a := range ta.Abilities {
		xp = append(xp, fmt.Sprintf("%s %d of 2", abilityName(a), s.XP[a]))
	}
	evil := "the app"
	if s.Mode != ta.Solo {
		evil = names(s.Evil.Players)
	}
	c.record.SetText(fmt.Sprintf("%s\nHero %s · %s · %s · Evil: %s\nLife %d · Self Control %d · Round marker on space %d%s\nExperience: %s\n%s · Rooms scavenged: %s · %s",
		c.k.ctx.Session.Where(), nonEmpty(s.Character, "unnamed"), difficultyWords(s.Difficulty), modeWords(s.Mode), evil,
		s.Life, s.SC, s.RoundMarker+1, map[bool]string{true: " · Nightmare Mode", false: ""}[s.Nightmare],
		strings.Join(xp, ", "), plural(len(s.Items), "Item", "Items"), list(scavengedRooms(s)), plural(len(s.Heard), "thing heard", "things heard")))
	sh := s.Sheet
	var af []string
	for _, t := range alone.CreatureTypes {
		a, ok := sh.AbilityFor[t]
		w := "asked when needed"
		if ok {
			w = abilityName(a)
		}
		af = append(af, fmt.Sprintf("%s → %s", title(string(t)), w))
	}
	var caps []string
	for i, v := range sh.HealingCap {
		caps = append(caps, fmt.Sprintf("space %d: %d", i+1, v))
	}
	c.sheet.SetText(fmt.Sprintf("Health tracks up to %d · Healing Cap: %s · Reaction Track of %s · %s a deck\nKills train: %s",
		sh.HealthMax, strings.Join(caps, ", "), plural(sh.ReactionSpaces, "space", "spaces"), plural(sh.DeckSize, "card", "cards"), strings.Join(af, ", ")))
	var items []string
	c.itemIDs = map[string]string{}
	for _, it := range s.Items {
		n := fmt.Sprintf("%s (%s, %s)", it.Name, plural(it.Charges, "Charge", "Charges"), nonEmpty(it.Matrix, "no Matrix"))
		items = append(items, n)
		c.itemIDs[n] = it.ID
	}
	c.upTarget.Options, c.upDonor.Options = items, items
	if !slices.Contains(items, c.upTarget.Selected) {
		c.upTarget.ClearSelected()
	}
	if !slices.Contains(items, c.upDonor.Selected) {
		c.upDonor.ClearSelected()
	}
	c.upTarget.Refresh()
	c.upDonor.Refresh()
	c.syncFix()
	// The form shows the game's readings when they change, and otherwise
	// keeps what the players are choosing.
	if c.shown == nil || *c.shown != s.Settings {
		v := s.Settings
		c.shown = &v
		c.settings.set(v)
	}
}

// refreshContent follows the campaign's content set: the pickers of cards
// and the set's own list (rebuilt only when the set changed).
func (c *CampaignScreen) refreshContent(s *ta.State) {
	set := s.Content
	if set == nil {
		set = ta.NewContent("Our components")
	}
	c.companion.SetOptions(characterNames(set))
	var its []string
	for _, it := range set.Items {
		its = append(its, it.Name)
	}
	c.itemPick.SetOptions(its)
	key := ""
	if b, err := set.Encode(); err == nil {
		key = string(b)
	}
	if key != c.contentKey {
		c.contentKey = key
		c.content.refresh()
	}
}

func statusWords(st string) string {
	switch st {
	case ta.Locked:
		return "locked"
	case ta.Active:
		return "in play"
	case ta.Completed:
		return "completed"
	}
	return st
}

func difficultyWords(d ta.Difficulty) string { return title(string(d)) + " difficulty" }

func modeWords(m ta.Mode) string {
	switch m {
	case ta.Solo:
		return "solo against the app"
	case ta.Assist:
		return "Evil players with the app's help"
	}
	return "Evil players on paper"
}

func (c *CampaignScreen) takeReward() {
	r := ta.TakeMidGameReward{}
	switch c.reward.Selected {
	case "3 Life":
		r.Choice = alone.LifeDamage
	case "3 Self Control":
		r.Choice = alone.SCDamage
	}
	c.k.do(r)
}

func (c *CampaignScreen) gainRounds() {
	c.k.do(ta.GainRounds{N: c.rounds.Value, Source: strings.TrimSpace(c.roundsSrc.Text)})
}

func (c *CampaignScreen) gainXP() {
	if c.xpAbility.Selected == "" {
		c.k.refuse(fmt.Errorf("choose the Ability"))
		return
	}
	c.k.do(ta.GainXP{Ability: abilityFromName(c.xpAbility.Selected), Source: strings.TrimSpace(c.xpSrc.Text)})
}

func (c *CampaignScreen) killXP() {
	if c.xpType.Selected == "" {
		c.k.refuse(fmt.Errorf("choose the Creature killed"))
		return
	}
	c.k.do(ta.GainXP{Kill: alone.CreatureType(strings.ToLower(c.xpType.Selected)), Revealed: c.xpRevealed.Checked})
}

func (c *CampaignScreen) bossXP() {
	var b []ta.Ability
	for _, s := range []*widget.Select{c.xpBoss1, c.xpBoss2} {
		if s.Selected != "" {
			b = append(b, abilityFromName(s.Selected))
		}
	}
	c.k.do(ta.GainXP{Boss: b})
}

func (c *CampaignScreen) gainCompanion() {
	if c.companion.Selected() == "" {
		c.k.refuse(fmt.Errorf("choose the Character who joins"))
		return
	}
	c.k.do(ta.CompanionCmd{Do: "gain", Character: c.companion.Selected()})
}

func (c *CampaignScreen) addItems() {
	s := c.k.state()
	var its []ta.Item
	for _, n := range c.newItems {
		if s.Content == nil || s.Content.ItemNamed(n) == nil {
			c.k.refuse(fmt.Errorf("the Item card “%s” is not in the content set", n))
			return
		}
		its = append(its, s.Content.ItemNamed(n).Item())
	}
	if len(its) == 0 {
		c.k.refuse(fmt.Errorf("pick the Item cards first"))
		return
	}
	if c.k.do(ta.AddItems{Items: its, Source: strings.TrimSpace(c.itemsSrc.Text)}) {
		c.newItems = nil
		c.itemsSrc.SetText("")
		c.showNewItems()
	}
}

func (c *CampaignScreen) upgrade() {
	c.k.do(ta.UpgradeItem{Target: c.itemIDs[c.upTarget.Selected], Donor: c.itemIDs[c.upDonor.Selected], FromPool: c.upPool.Checked,
		IgnoreMatrix: c.upIgnore.Checked, Effect: strings.TrimSpace(c.upEffect.Text)})
}

func (c *CampaignScreen) correct() {
	f := c.fixName()
	if f == "" {
		c.k.refuse(fmt.Errorf("choose the value to correct"))
		return
	}
	v := c.fixValue.Value
	if f == "roundMarker" {
		v-- // players count spaces from 1
	}
	if c.k.do(ta.Correct{Field: f, Value: v, Why: strings.TrimSpace(c.fixWhy.Text)}) {
		c.fixWhy.SetText("")
	}
}

func (c *CampaignScreen) setAbility() {
	if c.afType.Selected == "" || c.afAbility.Selected == "" {
		c.k.refuse(fmt.Errorf("choose the Creature and the Ability its kill trains"))
		return
	}
	c.k.do(ta.SetAbilityFor{Type: alone.CreatureType(strings.ToLower(c.afType.Selected)), Ability: abilityFromName(c.afAbility.Selected)})
}

func (c *CampaignScreen) applySettings() {
	s, err := c.settings.read()
	if err != nil {
		c.k.refuse(err)
		return
	}
	c.k.do(ta.ChangeSettings{Settings: s})
}

// complete marks a Mission completed, with any damage the same resolution
// step deals (the win-or-defeat order is a reading, AMB-20); the Evil
// side's goals then follow the Missions still open.
func (c *CampaignScreen) complete(which int) {
	cmd := ta.CompleteMission{Which: which}
	if c.withDmg.Checked {
		k := alone.SCDamage
		if c.dmgKind.Selected == "Life" {
			k = alone.LifeDamage
		}
		cmd.Damage = []ta.DealDamage{{Kind: k, N: c.dmgN.Value, Source: "Mission"}}
	}
	if !c.k.do(cmd) {
		return
	}
	c.withDmg.SetChecked(false)
	s := c.k.state()
	if s.Outcome != "" || s.Map == nil || s.Content == nil {
		return
	}
	if goals := openGoals(s); !slices.Equal(goals, s.Goals) {
		c.k.do(ta.SetGoals{Sectors: goals})
	}
}

// openGoals are the Sectors of the Rooms the open Missions send the Hero
// to, by the content set's Mission cards.
func openGoals(s *ta.State) []string {
	var out []string
	for _, m := range append(append([]ta.Mission(nil), s.Missions.Starting[:]...), s.Missions.Final) {
		if m.Status != ta.Active {
			continue
		}
		card := s.Content.MissionNamed(m.Name)
		if card == nil {
			continue
		}
		for _, r := range card.Goals {
			for _, sec := range s.Map.Sectors {
				if sec.Room != "" && strings.EqualFold(sec.Room, r) && !slices.Contains(out, sec.ID) {
					out = append(out, sec.ID)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// cardRewards offers, under each completed Mission whose card gives them,
// the rewards the app keeps: Rounds gained and the Creature limit lifted,
// each once (the log says whether it was taken).
func (c *CampaignScreen) cardRewards(s *ta.State) []fyne.CanvasObject {
	if s.Content == nil {
		return nil
	}
	var out []fyne.CanvasObject
	for _, m := range append(append([]ta.Mission(nil), s.Missions.Starting[:]...), s.Missions.Final) {
		card := s.Content.MissionNamed(m.Name)
		if m.Status != ta.Completed || card == nil {
			continue
		}
		src := fmt.Sprintf("The Mission “%s”", card.Name)
		if card.Rounds > 0 {
			if c.rewardTaken(src, "alone.rounds") {
				out = append(out, wrap(fmt.Sprintf("%s: its %s taken.", src, plural(card.Rounds, "Round", "Rounds"))))
			} else {
				n := card.Rounds
				out = append(out, button(fmt.Sprintf("%s rewards %s: take it", src, plural(n, "Round", "Rounds")), func() {
					c.k.do(ta.GainRounds{N: n, Source: src})
				}))
			}
		}
		if card.LiftLimit {
			if c.rewardTaken(src, "alone.liftLimit") || s.LevelLimitLifted {
				out = append(out, wrap(src+": the limit of 4 Creatures per Level is lifted."))
			} else {
				out = append(out, button(src+" lifts the limit of 4 Creatures per Level: take it", func() {
					c.k.do(ta.LiftCreatureLimit{Source: src})
				}))
			}
		}
		if card.Companion && s.Companion == nil && !s.Sacrificed {
			out = append(out, wrap(src+" brings a Companion: choose who joins under Rewards and cards."))
		}
	}
	return out
}

// rewardTaken says whether an event of kind from src is in effect.
func (c *CampaignScreen) rewardTaken(src, kind string) bool {
	taken := false
	_ = c.k.ctx.Session.Events(1, func(e tracker.Event) error {
		if e.Kind != kind || !c.k.ctx.Session.InEffect(e.Seq) {
			return nil
		}
		var p struct {
			Source string `json:"source"`
		}
		if json.Unmarshal(e.Payload, &p) == nil && p.Source == src {
			taken = true
		}
		return nil
	})
	return taken
}
