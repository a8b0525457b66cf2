package alone

import (
	"fmt"
	"image/color"
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

// PlayScreen is the live game: the Hero sheet laid out as a sheet on one
// side, the Turn's steps on the other. Before the game is set up it shows
// the setup form instead.
type PlayScreen struct {
	k    *kit
	sk   *kit // the setup form's own line
	root *fyne.Container

	setup     *setupForm
	setupView fyne.CanvasObject

	// The Hero sheet.
	where      *widget.Label
	practice   *widget.Label
	outcome    *widget.Label
	tracks     *SheetTracks
	lifeBig    *widget.Label
	turns      *tokenRow
	turnSpent  *widget.Label
	track      *tokenRow
	rooms      *widget.Label
	adrenaline *tokenRow
	adrLabel   *widget.Label
	xp         *fyne.Container
	items      *fyne.Container
	companion  *fyne.Container
	missions   *fyne.Container

	// Damage and recovery.
	dmgKind   *chips
	dmgN      *numStepper
	dmgComp   *widget.Check
	dmgSource *widgets.TextEntry
	// dmgShare and dmgWhy correct a damage event the Companion shared
	// (never a rule: a card or a mistake, so with the reason).
	dmgShare  *numStepper
	dmgWhy    *widgets.TextEntry
	shareBox  fyne.CanvasObject
	dmgResult *widget.Label

	turn *TurnPanel
	// health is the tracks in one line over the Turn in portrait, where
	// the sheet is below the Turn's steps.
	health *widget.Label
	layout *playLayout
	view   fyne.CanvasObject
}

// NewPlayScreen builds the Play tab for a campaign.
func NewPlayScreen(ctx *shell.Context) *PlayScreen {
	p := &PlayScreen{k: newKit(ctx), sk: newKit(ctx)}
	p.setup = newSetupForm(ctx.Window, ctx.Library())
	startBtn := primary("Start the game", p.startFromForm)
	p.setupView = container.NewVScroll(container.NewPadded(container.NewVBox(
		bold("Set up this game of Alone"),
		wrap("Choose the content set to play from, then the game's cards."),
		p.setup.obj, startBtn)))

	p.where = bold("")
	p.where.Wrapping = fyne.TextWrapWord
	p.practice = wrap("Played with " + PracticeLabel + ": made up for the app.")
	p.practice.Importance = widget.WarningImportance
	p.outcome = wrap("")
	p.outcome.TextStyle.Bold = true
	p.outcome.Hide()
	p.tracks = newSheetTracks()
	p.tracks.OnTap = p.tapTrack
	p.lifeBig = wrap("")
	p.lifeBig.TextStyle.Bold = true
	p.turns = newTokenRow(52)
	p.turnSpent = wrap("")
	p.track = newTokenRow(40)
	p.rooms = wrap("")
	p.adrenaline = newTokenRow(40)
	p.adrLabel = wrap("")
	p.xp = widgets.NewFlow() // five in a row when they fit, else wrapped
	p.items = container.NewVBox()
	p.companion = container.NewVBox()
	p.missions = container.NewVBox()

	p.dmgKind = newChips([]string{"Life", "Self Control"}, nil)
	p.dmgKind.SetSelected("Life")
	p.dmgN = newNumStepper(1, 30, 1, nil)
	p.dmgN.Format = func(n int) string { return plural(n, "point", "points") }
	p.dmgN.sync()
	p.dmgComp = widget.NewCheck("The Evil side sends it all to the Companion", nil)
	p.dmgSource = entry("what dealt it (a card, a Mission)")
	p.dmgShare = newNumStepper(0, 30, 0, nil)
	p.dmgShare.Format = func(n int) string { return plural(n, "point", "points") + " to the Companion" }
	p.dmgShare.sync()
	p.dmgWhy = entry("why it was split (a card, a mistake)")
	p.shareBox = fold("A correction: the Companion took a share", container.NewVBox(p.dmgShare, p.dmgWhy))
	// The last damage or recovery stays in its own line (always there, so
	// nothing moves when it changes).
	p.dmgResult = wrap("No damage or recovery entered here yet.")
	p.dmgResult.Importance = widget.LowImportance
	damage := card("Damage and recovery",
		p.dmgKind.obj, p.dmgN, field("From", p.dmgSource), widgets.WrapCheck(p.dmgComp), p.shareBox,
		container.NewGridWithColumns(2, primary("Deal damage", p.dealDamage), button("Recover", p.recoverHealth)),
		p.dmgResult)

	sheet := container.NewVBox(
		p.where, p.practice, p.outcome,
		card("Health", p.tracks, p.lifeBig,
			wrap("Damage lowers its own track; at 0 it overflows into the other. Both at 0 is defeat. Recovery stops at the Healing Cap (the orange line)."),
			wrap(roundTrackWords)),
		damage,
		card("Turn tokens", p.turns, p.turnSpent),
		card("Reaction Track", p.track),
		card("Adrenaline", p.adrenaline, p.adrLabel),
		card("Experience", p.xp),
		card("Items", p.items, p.rooms),
		card("Companion", p.companion),
		card("Missions", p.missions),
	)
	p.turn = newTurnPanel(p.k)
	p.health = bold("")
	// Side by side on a landscape tablet; in portrait the Turn's steps,
	// then the sheet, as one page under the status and Next.
	p.layout = newPlayLayout(p.turn.steady.box, p.turn.nextBtn, p.health, p.turn.steps, sheet)
	p.view = p.layout.obj
	p.root = container.NewStack()
	ctx.OnChange(func(tracker.Event) { p.Refresh() })
	p.Refresh()
	return p
}

// Object is the screen.
func (p *PlayScreen) Object() fyne.CanvasObject { return p.root }

func (p *PlayScreen) startFromForm() {
	cmds, err := p.setup.commands()
	if err != nil {
		p.sk.refuse(err)
		return
	}
	for _, c := range cmds {
		if !p.sk.do(c) {
			return
		}
	}
}

// Refresh re-reads the game.
func (p *PlayScreen) Refresh() {
	s := p.k.state()
	if !s.Started || s.Sheet == nil {
		if len(p.root.Objects) != 1 || p.root.Objects[0] != p.setupView {
			setBox(p.root, p.setupView)
		}
		return
	}
	if len(p.root.Objects) != 1 || p.root.Objects[0] != p.view {
		setBox(p.root, p.view)
	}
	p.where.SetText(fmt.Sprintf("%s · %s difficulty · %s mode · %s", p.k.ctx.Session.Where(), s.Difficulty, s.Mode, nonEmpty(s.Character, "Hero")))
	if s.Content != nil && s.Content.Practice {
		p.practice.Show()
	} else {
		p.practice.Hide()
	}
	switch s.Outcome {
	case ta.Won:
		p.outcome.SetText("The Hero wins: the Final Mission is completed.")
		p.outcome.Importance = widget.SuccessImportance
		p.outcome.Show()
	case ta.Defeated:
		p.outcome.SetText("The Evil side wins: Life and Self Control are both at 0.")
		p.outcome.Importance = widget.DangerImportance
		p.outcome.Show()
	default:
		p.outcome.Hide()
	}
	t := p.tracks
	t.Max, t.Life, t.SC, t.Marker, t.Cap, t.Caps, t.Nightmare = s.Sheet.HealthMax, s.Life, s.SC, s.RoundMarker, s.HealingCap(), s.Sheet.HealingCap, s.Nightmare
	t.Refresh()
	p.lifeBig.SetText(healthWords(s))
	p.health.SetText(fmt.Sprintf("Life %d · Self Control %d · Healing Cap %d · Adrenaline %d", s.Life, s.SC, s.HealingCap(), s.Adrenaline))
	p.turns.set(turnTokens(s))
	p.turnSpent.SetText(turnSpentWords(s))
	p.track.set(reactionTrack(s))
	p.rooms.SetText("Rooms of the 3-card Scavenge: " + list(scavengedRooms(s)))
	p.adrenaline.set(adrenalineTokens(s))
	p.adrLabel.SetText(adrenalineWords(s))
	p.refreshXP(s)
	p.refreshItems(s)
	p.refreshCompanion(s)
	p.refreshMissions(s)
	p.turn.refresh()
}

// healthWords are the Hero's Life, Self Control, Healing Cap and Round
// in one line, and Nightmare Mode when it is on.
func healthWords(s *ta.State) string {
	nm := ""
	if s.Nightmare {
		nm = " · Nightmare Mode: the Nightmare stats, and 2 Self Control lost at each Round's end"
	}
	return fmt.Sprintf("Life %d · Self Control %d · Healing Cap %d · Round %d%s", s.Life, s.SC, s.HealingCap(), s.Round, nm)
}

func nonEmpty(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// adrenalineWords are the Adrenaline pool and what refills it.
func adrenalineWords(s *ta.State) string {
	return fmt.Sprintf("%s in the pool; refilled at the Round's end to %d (the Adrenaline track's number under %d, the lower of Life and Self Control)", plural(s.Adrenaline, "token", "tokens"), refillNow(s), min(s.Life, s.SC))
}

func refillNow(s *ta.State) int {
	v := min(s.Life, s.SC)
	if v < 0 || v >= len(s.Sheet.AdrenalineTrack) {
		return 0
	}
	n := s.Sheet.AdrenalineTrack[v]
	if s.Unlocked(ta.ColdBlood) {
		n++
	}
	return n
}

var (
	colUsed    = color.NRGBA{R: 0x60, G: 0x60, B: 0x60, A: 0xff}
	colUp      = color.NRGBA{R: 0x3a, G: 0x8a, B: 0x5a, A: 0xff}
	colNow     = color.NRGBA{R: 0xe0, G: 0x9a, B: 0x20, A: 0xff}
	colAdr     = color.NRGBA{R: 0xd0, G: 0x40, B: 0x80, A: 0xff}
	colDangerS = color.NRGBA{R: 0xb0, G: 0x20, B: 0x20, A: 0xff}
)

// turnTokens are the 8 Turn tokens: face down once played, the one in play
// showing Bullet Time or Recover if Adrenaline was spent on it.
func turnTokens(s *ta.State) []token {
	out := make([]token, alone.TurnsPerRound)
	for i := range out {
		n := i + 1
		switch {
		case n < s.TurnsUsed || (n == s.TurnsUsed && !s.T.Started):
			out[i] = token{Text: fmt.Sprintf("%d ✓", n), Fill: colUsed}
		case n == s.TurnsUsed && s.T.Started:
			// What Adrenaline bought on it is said under the row
			// (turnSpentWords): a token has room for a number only.
			out[i] = token{Text: fmt.Sprintf("%d now", n), Fill: colNow, Ink: colBlack, Stroke: true}
		default:
			out[i] = token{Text: fmt.Sprint(n), Fill: colUp}
		}
	}
	return out
}

// turnSpentWords is what Adrenaline bought on the Turn token in play
// (Bullet Time, Recover), or which token is next.
func turnSpentWords(s *ta.State) string {
	if !s.T.Started {
		return fmt.Sprintf("Turn token %d is next.", min(s.TurnsUsed+1, alone.TurnsPerRound))
	}
	var spent []string
	if s.T.BulletTime {
		spent = append(spent, "Bullet Time (2 Actions)")
	}
	switch s.T.Recover {
	case ta.TriggerLife:
		spent = append(spent, "Recover 1 Life")
	case ta.TriggerSC:
		spent = append(spent, "Recover 1 Self Control")
	}
	if len(spent) == 0 {
		return fmt.Sprintf("Turn %d: no Adrenaline spent on its token.", s.TurnsUsed)
	}
	return fmt.Sprintf("Turn %d: Adrenaline spent on %s.", s.TurnsUsed, strings.Join(spent, " and "))
}

func adrenalineTokens(s *ta.State) []token {
	var out []token
	for i := 0; i < s.Adrenaline; i++ {
		out = append(out, token{Text: "A", Fill: colAdr})
	}
	if len(out) == 0 {
		out = append(out, token{Text: "none", Fill: colEmpty, Ink: colBlack})
	}
	return out
}

func (p *PlayScreen) refreshXP(s *ta.State) {
	var objs []fyne.CanvasObject
	for _, a := range ta.Abilities {
		x := s.XP[a]
		pips := strings.Repeat("●", x) + strings.Repeat("○", ta.MaxXP-x)
		l := widget.NewLabel(abilityName(a) + "\n" + pips)
		l.Alignment = fyne.TextAlignCenter
		if x >= ta.MaxXP {
			l.Importance = widget.SuccessImportance
			l.SetText(abilityName(a) + "\n" + pips + " unlocked")
		}
		objs = append(objs, l)
	}
	setBox(p.xp, objs...)
}

func (p *PlayScreen) refreshItems(s *ta.State) {
	var objs []fyne.CanvasObject
	for _, it := range s.Items {
		it := it
		row := container.NewBorder(nil, nil, nil,
			container.NewHBox(button("Use 1 Charge", func() { p.k.do(useCharge(it.ID)) }),
				button("Discard", func() { p.k.do(ta.DiscardItem{ID: it.ID}) })),
			wrap(itemWords(it)))
		objs = append(objs, row)
	}
	if len(objs) == 0 {
		objs = append(objs, widget.NewLabel("No Items."))
	}
	setBox(p.items, objs...)
}

// itemWords are an Item's name, kind, Charges and upgrades.
func itemWords(it ta.Item) string {
	kind := "Passive"
	if !it.Passive {
		kind = title(string(it.Action)) + " Item"
	}
	extra := ""
	if it.Matrix != "" {
		extra += " · Matrix " + it.Matrix
	}
	if it.Needs != "" {
		extra += " · upgrades with " + it.Needs
	}
	if it.Upgraded {
		extra += " · upgraded"
	}
	return fmt.Sprintf("%s — %s · Charges %d%s", it.Name, kind, it.Charges, extra)
}

// useCharge is an Item's "Use 1 Charge".
func useCharge(id string) tracker.Command { return ta.UseItem{ID: id, Charges: 1} }

func (p *PlayScreen) refreshCompanion(s *ta.State) {
	if s.Companion != nil {
		p.shareBox.Show()
	} else {
		p.shareBox.Hide()
	}
	if s.Companion == nil {
		txt := "No Companion."
		if s.Sacrificed {
			txt = "The Companion was sacrificed (once per game)."
		}
		setBox(p.companion, widget.NewLabel(txt))
		return
	}
	c := s.Companion
	setBox(p.companion,
		wrap(companionWords(c)),
		container.NewGridWithColumns(2,
			button("Use its ability (1 Charge)", func() { p.k.do(ta.CompanionCmd{Do: "use"}) }),
			button("Sacrifice (start of a Turn)", func() { p.k.do(ta.CompanionCmd{Do: "sacrifice"}) })))
}

func (p *PlayScreen) refreshMissions(s *ta.State) {
	m := s.Missions
	line := func(label string, x ta.Mission) fyne.CanvasObject {
		l := wrap(missionWords(label, x))
		if x.Status == ta.Completed {
			l.Importance = widget.SuccessImportance
		}
		return l
	}
	setBox(p.missions, line("Starting 1", m.Starting[0]), line("Starting 2", m.Starting[1]), line("Final", m.Final))
}

// missionWords are a Mission's line: its place, name, colour and status.
func missionWords(label string, x ta.Mission) string {
	c := ""
	if x.Colour != "" {
		c = " (" + x.Colour + ")"
	}
	return fmt.Sprintf("%s: %s%s — %s", label, x.Name, c, x.Status)
}

// companionWords are the Companion and its Charges.
func companionWords(c *ta.Companion) string {
	return fmt.Sprintf("%s · Charges %d of %d", c.Character, c.Charges, ta.CompanionCharges)
}

func (p *PlayScreen) kind() alone.DamageKind {
	if p.dmgKind.Selected == "Self Control" {
		return alone.SCDamage
	}
	return alone.LifeDamage
}

func (p *PlayScreen) dealDamage() {
	if p.k.do(damageCommand(p.kind(), p.dmgN.Value, p.dmgComp.Checked, p.dmgSource.Text, p.dmgShare.Value, p.dmgWhy.Text)) {
		p.dmgResult.SetText(p.k.said)
		p.dmgShare.SetValue(0)
		p.dmgWhy.SetText("")
	}
}

func (p *PlayScreen) recoverHealth() {
	if p.k.do(recoverCommand(p.kind(), p.dmgN.Value, p.dmgSource.Text)) {
		p.dmgResult.SetText(p.k.said)
	}
}

// damageCommand is the Damage and recovery card's Deal damage: n points
// of kind from source, all sent to the Companion or a share of them (a
// correction, with why).
func damageCommand(kind alone.DamageKind, n int, toCompanion bool, source string, share int, why string) tracker.Command {
	return ta.DealDamage{Kind: kind, N: n, ToCompanion: toCompanion, Source: strings.TrimSpace(source),
		CompanionShare: share, Why: strings.TrimSpace(why)}
}

// recoverCommand is the card's Recover: n points of kind from source.
func recoverCommand(kind alone.DamageKind, n int, source string) tracker.Command {
	return ta.RecoverHealth{Kind: kind, N: n, Source: strings.TrimSpace(source)}
}

// tapTrack corrects a track by hand, after asking.
func (p *PlayScreen) tapTrack(row string, v int) {
	field, name := row, map[string]string{"life": "Life", "sc": "Self Control", "round": "the Round marker"}[row]
	if row == "round" {
		field = "roundMarker"
	}
	ask := fmt.Sprintf("Set %s to %d by hand? (The table is the source of truth; the Log says it was corrected.)", name, v)
	widgets.ShowConfirm("Correct by hand", widgets.Paragraph(ask), "Set it", "Cancel", func(ok bool) {
		if ok {
			p.k.do(ta.Correct{Field: field, Value: v, Why: "set on the sheet"})
		}
	}, p.k.ctx.Window)
}
