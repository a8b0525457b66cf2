package alone

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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
// the Hero sheet's values and the readings of unclear rules.
type CampaignScreen struct {
	k   *kit
	obj fyne.CanvasObject

	outcome    *widget.Label
	missions   *fyne.Container
	missionDmg *widget.Entry
	reward     *widget.RadioGroup
	rewards    *widget.Label
	record     *widget.Label
	sheet      *widget.Label

	rounds, roundsSrc         *widget.Entry
	xpAbility, xpKill, xpType *widget.Select
	xpRevealed                *widget.Check
	xpBoss1, xpBoss2          *widget.Select
	xpSrc                     *widget.Entry
	afType, afAbility         *widget.Select
	compName                  *widget.Entry
	newItems, itemsSrc        *widget.Entry
	upTarget, upDonor         *widget.Select
	upPool, upIgnore          *widget.Check
	upEffect                  *widget.Entry
	itemIDs                   map[string]string
	fixField                  *widget.Select
	fixValue, fixWhy          *widget.Entry
	settings                  *settingsForm
	shown                     *alone.Settings
}

var rewardWords = map[ta.Difficulty]string{
	ta.Easy:       "Easy: gain 1 Round, then recover 3 Life and 3 Self Control",
	ta.Normal:     "Normal: gain 1 Round, then recover 3 Life or 3 Self Control",
	ta.NightmareD: "Nightmare: recover 3 Life or 3 Self Control",
	ta.Impossible: "Impossible: no rewards",
}

// NewCampaignScreen builds the Campaign tab.
func NewCampaignScreen(ctx *shell.Context) *CampaignScreen {
	c := &CampaignScreen{k: newKit(ctx), itemIDs: map[string]string{}}
	c.outcome = wrap("")
	c.outcome.TextStyle.Bold = true
	c.missions = container.NewVBox()
	c.missionDmg = entry("damage in the same step, e.g. sc 2 (optional)")
	c.reward = widget.NewRadioGroup([]string{"3 Life", "3 Self Control"}, nil)
	c.reward.Horizontal = true
	c.rewards = wrap("")
	c.record = wrap("")
	c.sheet = wrap("")
	c.rounds, c.roundsSrc = entry("Rounds (1)"), entry("from (a Mission, a card)")
	c.xpAbility = widget.NewSelect(abilityNames(), nil)
	c.xpSrc = entry("from (a card)")
	c.xpType = widget.NewSelect(creatureNames(), nil)
	c.xpRevealed = widget.NewCheck("it was Revealed", nil)
	c.xpRevealed.SetChecked(true)
	c.xpBoss1, c.xpBoss2 = widget.NewSelect(abilityNames(), nil), widget.NewSelect(abilityNames(), nil)
	c.afType, c.afAbility = widget.NewSelect(creatureNames(), nil), widget.NewSelect(abilityNames(), nil)
	c.compName = entry("the Character who joins")
	c.newItems = widget.NewMultiLineEntry()
	c.newItems.SetPlaceHolder("one Item a line: name, action (or passive), charges[, matrix=…][, needs=…]")
	c.newItems.SetMinRowsVisible(2)
	c.itemsSrc = entry("from (a reward, a card)")
	c.upTarget, c.upDonor = widget.NewSelect(nil, nil), widget.NewSelect(nil, nil)
	c.upPool = widget.NewCheck("The Charge comes from the general pool", nil)
	c.upIgnore = widget.NewCheck("The effect ignores Matrix symbols", nil)
	c.upEffect = entry("what allows it (a Companion, a card)")
	fields := []string{"life", "sc", "roundMarker", "adrenaline", "round", "turnsUsed", "companion", "nightmare"}
	for _, a := range ta.Abilities {
		fields = append(fields, "xp."+string(a))
	}
	c.fixField = widget.NewSelect(fields, nil)
	c.fixValue, c.fixWhy = entry("new value"), entry("why")
	c.settings = newSettingsForm()

	body := container.NewVBox(
		c.outcome, c.k.msg,
		card("Missions", c.missions, field("With the completion", c.missionDmg)),
		card("Difficulty rewards", wrap("taken when the Final Mission is triggered"), c.rewards, c.reward, primary("Take the mid-game rewards", c.takeReward)),
		card("The record", c.record),
		card("Rewards and cards",
			field("Gain Rounds", container.NewBorder(nil, nil, nil, button("Gain", c.gainRounds), container.NewVBox(c.rounds, c.roundsSrc))),
			field("Experience from a card", container.NewBorder(nil, nil, nil, button("Gain", c.gainXP), container.NewVBox(c.xpAbility, c.xpSrc))),
			field("Experience for a kill", container.NewBorder(nil, nil, nil, button("Gain", c.killXP), container.NewVBox(c.xpType, c.xpRevealed))),
			field("A Boss kill", container.NewBorder(nil, nil, nil, button("Gain", c.bossXP), container.NewVBox(c.xpBoss1, c.xpBoss2))),
			field("A Companion joins", container.NewBorder(nil, nil, nil, button("Join", c.gainCompanion), c.compName)),
			field("New Items", container.NewVBox(c.newItems, container.NewBorder(nil, nil, nil, button("Add", c.addItems), c.itemsSrc))),
			field("Upgrade an Item", container.NewVBox(container.NewVBox(c.upTarget, c.upDonor), widgets.WrapCheck(c.upPool), widgets.WrapCheck(c.upIgnore),
				container.NewBorder(nil, nil, nil, button("Upgrade", c.upgrade), c.upEffect))),
			button("Lift the 4 Creatures per Level limit", func() { c.k.do(ta.LiftCreatureLimit{Source: "A Mission"}) }),
		),
		card("Correct by hand", field("Value", c.fixField), container.NewGridWithColumns(2, c.fixValue, c.fixWhy), button("Correct", c.correct)),
		card("Hero sheet", c.sheet, field("A kill of", container.NewGridWithColumns(2, c.afType, c.afAbility)), button("trains this Ability (set once)", c.setAbility)),
		card("Readings of unclear rules", widget.NewForm(c.settings.formItems()...), button("Apply the readings", c.applySettings)),
	)
	c.obj = container.NewVScroll(container.NewPadded(body))
	ctx.OnChange(func(tracker.Event) { c.Refresh() })
	c.Refresh()
	return c
}

// Object is the screen.
func (c *CampaignScreen) Object() fyne.CanvasObject { return c.obj }

// Refresh re-reads the game.
func (c *CampaignScreen) Refresh() {
	s := c.k.state()
	if !s.Started || s.Sheet == nil {
		c.outcome.SetText("The game is not set up yet: the Play tab asks for the Hero sheet and the setup.")
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
	for i, m := range []ta.Mission{s.Missions.Starting[0], s.Missions.Starting[1], s.Missions.Final} {
		i, m := i, m
		kind := fmt.Sprintf("Starting Mission %d", i+1)
		if i == 2 {
			kind = "Final Mission"
		}
		col := ""
		if m.Colour != "" {
			col = " (" + m.Colour + ")"
		}
		b := button("Mark completed", func() { c.complete(i + 1) })
		if m.Status == ta.Completed {
			b.Disable()
		}
		ms = append(ms, container.NewBorder(nil, nil, nil, b, wrap(fmt.Sprintf("%s: %s%s — %s", kind, m.Name, col, m.Status))))
	}
	ms = append(ms, wrap("Completing either Starting Mission unlocks the Final one; completing the Final Mission wins at once."))
	setBox(c.missions, ms...)
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
		xp = append(xp, fmt.Sprintf("%s %d/2", abilityName(a), s.XP[a]))
	}
	rooms := list(s.ScavengedRooms)
	c.record.SetText(fmt.Sprintf("%s\nHero %s · %s difficulty · %s mode · Evil: %s\nLife %d · Self Control %d · Round marker on space %d%s\nExperience: %s\nItems: %d · Rooms scavenged: %s · Things heard: %d",
		c.k.ctx.Session.Where(), nonEmpty(s.Character, "unnamed"), s.Difficulty, s.Mode, strings.Join(s.Evil.Players, ", "),
		s.Life, s.SC, s.RoundMarker, map[bool]string{true: " · Nightmare Mode", false: ""}[s.Nightmare],
		strings.Join(xp, ", "), len(s.Items), rooms, len(s.Heard)))
	sh := s.Sheet
	var af []string
	for _, t := range alone.CreatureTypes {
		a, ok := sh.AbilityFor[t]
		w := "ask when needed"
		if ok {
			w = abilityName(a)
		}
		af = append(af, fmt.Sprintf("%s → %s", t, w))
	}
	c.sheet.SetText(fmt.Sprintf("Health tracks 0–%d · Healing Cap per Round space: %s · Adrenaline track: %s · Reaction Track %d spaces · Cards per deck %d\nKills train: %s",
		sh.HealthMax, joinInts(sh.HealingCap), joinInts(sh.AdrenalineTrack), sh.ReactionSpaces, sh.DeckSize, strings.Join(af, ", ")))
	var names []string
	c.itemIDs = map[string]string{}
	for _, it := range s.Items {
		n := fmt.Sprintf("%s (%d, %s)", it.Name, it.Charges, nonEmpty(it.Matrix, "no Matrix"))
		names = append(names, n)
		c.itemIDs[n] = it.ID
	}
	c.upTarget.Options, c.upDonor.Options = names, names
	if !slices.Contains(names, c.upTarget.Selected) {
		c.upTarget.ClearSelected()
	}
	if !slices.Contains(names, c.upDonor.Selected) {
		c.upDonor.ClearSelected()
	}
	c.upTarget.Refresh()
	c.upDonor.Refresh()
	// The form shows the game's readings when they change, and otherwise
	// keeps what the players are choosing.
	if c.shown == nil || *c.shown != s.Settings {
		v := s.Settings
		c.shown = &v
		c.settings.set(v)
	}
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
	n, err := number(c.rounds, "Rounds", 1)
	if err != nil {
		c.k.refuse(err)
		return
	}
	c.k.do(ta.GainRounds{N: n, Source: strings.TrimSpace(c.roundsSrc.Text)})
}

func (c *CampaignScreen) gainXP() {
	c.k.do(ta.GainXP{Ability: abilityFromName(c.xpAbility.Selected), Source: strings.TrimSpace(c.xpSrc.Text)})
}

func (c *CampaignScreen) killXP() {
	c.k.do(ta.GainXP{Kill: alone.CreatureType(c.xpType.Selected), Revealed: c.xpRevealed.Checked})
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
	if c.k.do(ta.CompanionCmd{Do: "gain", Character: strings.TrimSpace(c.compName.Text)}) {
		c.compName.SetText("")
	}
}

func (c *CampaignScreen) addItems() {
	its, err := parseItems(c.newItems.Text)
	if err != nil {
		c.k.refuse(err)
		return
	}
	if c.k.do(ta.AddItems{Items: its, Source: strings.TrimSpace(c.itemsSrc.Text)}) {
		c.newItems.SetText("")
	}
}

func (c *CampaignScreen) upgrade() {
	c.k.do(ta.UpgradeItem{Target: c.itemIDs[c.upTarget.Selected], Donor: c.itemIDs[c.upDonor.Selected], FromPool: c.upPool.Checked,
		IgnoreMatrix: c.upIgnore.Checked, Effect: strings.TrimSpace(c.upEffect.Text)})
}

func (c *CampaignScreen) correct() {
	if c.fixField.Selected == "" {
		c.k.refuse(fmt.Errorf("choose the value to correct"))
		return
	}
	v, err := number(c.fixValue, "the new value", -1)
	if err == nil && strings.TrimSpace(c.fixValue.Text) == "" {
		err = fmt.Errorf("type the new value")
	}
	if err != nil {
		c.k.refuse(err)
		return
	}
	if c.k.do(ta.Correct{Field: c.fixField.Selected, Value: v, Why: strings.TrimSpace(c.fixWhy.Text)}) {
		c.fixValue.SetText("")
		c.fixWhy.SetText("")
	}
}

func (c *CampaignScreen) setAbility() {
	c.k.do(ta.SetAbilityFor{Type: alone.CreatureType(c.afType.Selected), Ability: abilityFromName(c.afAbility.Selected)})
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
// step deals (the win-or-defeat order is a setting, AMB-20).
func (c *CampaignScreen) complete(which int) {
	cmd := ta.CompleteMission{Which: which}
	if f := strings.Fields(c.missionDmg.Text); len(f) > 0 {
		var n int
		if _, err := fmt.Sscan(strings.Join(f[1:], " "), &n); len(f) < 2 || err != nil {
			c.k.refuse(fmt.Errorf("damage with the completion: write the track (life or sc) and the points, like sc 2"))
			return
		}
		cmd.Damage = []ta.DealDamage{{Kind: alone.DamageKind(strings.ToLower(f[0])), N: n, Source: "Mission"}}
	}
	if c.k.do(cmd) {
		c.missionDmg.SetText("")
	}
}
