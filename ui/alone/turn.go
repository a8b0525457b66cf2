package alone

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
	ta "tablekeeper/tracker/alone"
	"tablekeeper/ui/widgets"
)

// TurnPanel walks the Hero through a Turn (spec T1) and the End of the
// Round (T2), by taps: the start of the Turn (Recover, Bullet Time), an
// Action tapped on the Action pad (its direction, its target), the Evil
// side's chance to react, the end of the Turn with the Creatures' attacks;
// after the 8th, the End of the Round. Tapping an Action before the Turn
// token is flipped flips it first (without Recover or Bullet Time). Only
// the step that can happen now is enabled; a refusal is shown beside what
// was tapped.
type TurnPanel struct {
	k *kit
	// steps are the Turn's steps under the status and the Next button.
	steps fyne.CanvasObject

	status  *widget.Label
	steady  *steadyLabel
	nextBtn *widget.Button
	dice    *chips

	// Start of the Turn.
	recover  *chips
	bullet   *widget.Check
	startBtn *widget.Button
	spendBox *fyne.Container

	pad *actionPad

	// The Evil side and the end of the Turn.
	evilBox    *fyne.Container
	evilBtn    *widget.Button
	evilWhy    *widget.Label
	evilLine   *widget.Label
	attacks    *attackForm
	endTurnBtn *widget.Button
	endWhy     *widget.Label
	startWhy   *widget.Label

	round *roundForm

	// What the Hero knows.
	heard     *widget.Label
	noise     *noiseForm
	labyrinth *MapPanel
	labCard   *widget.Card
}

func newTurnPanel(k *kit) *TurnPanel {
	t := &TurnPanel{k: k}
	t.status = wrap("")
	t.status.TextStyle.Bold = true
	t.status.Importance = widget.HighImportance
	t.dice = newChips([]string{diceApp, diceOur}, func(string) { t.refresh() })
	t.dice.SetSelected(diceApp)

	t.recover = newChips([]string{"No Recover", "Recover 1 Life", "Recover 1 Self Control"}, nil)
	t.recover.SetSelected("No Recover")
	t.bullet = widget.NewCheck("Bullet Time: 1 Adrenaline for 2 Actions", nil)
	t.startBtn = primary("Flip the Turn token", t.startTurn)
	t.spendBox = widgets.NewFlow(
		button("Bullet Time", func() { t.k.do(ta.SpendAdrenaline{BulletTime: true}) }),
		button("+1 Life", func() { t.k.do(ta.SpendAdrenaline{Recover: alone.LifeDamage}) }),
		button("+1 Self Control", func() { t.k.do(ta.SpendAdrenaline{Recover: alone.SCDamage}) }))

	t.pad = newActionPad(t)

	t.evilBtn = primary("The Evil side reacts", t.evilTurn)
	t.evilWhy, t.endWhy, t.startWhy = why(), why(), why()
	t.evilLine = wrap("")
	t.evilBox = container.NewVBox()
	t.attacks = newAttackForm(t)
	t.endTurnBtn = primary("End the Turn", t.endTurn)

	t.round = newRoundForm(t)

	t.heard = wrap("")
	t.noise = newNoiseForm(t)
	t.labyrinth = newMapPanel()
	t.labCard = card("What the Hero sees", t.labyrinth.obj)

	t.nextBtn = primary("Next step", func() { t.Next() })
	// The Action comes first: tapping one flips the Turn token too, so the
	// start's options (Recover, Bullet Time) sit beside it, folded.
	start := fold("Before the Action: Recover, Bullet Time",
		container.NewVBox(t.recover.obj, widgets.WrapCheck(t.bullet), t.startBtn, t.startWhy,
			wrap("Before the first Action you may still spend Adrenaline:"), t.spendBox))
	// The status keeps the height of its tallest wording, so the Next
	// button and the steps never move when it changes.
	t.steady = newSteadyLabel(t.status, t.statusTexts)
	t.steps = container.NewVBox(
		card("1 · The Action", start, t.pad.obj, container.NewVBox(bold("Dice"), t.dice.obj)),
		card("2 · The Evil side reacts", t.evilBox),
		card("3 · End of the Turn", t.attacks.obj, t.endTurnBtn, t.endWhy),
		t.labCard,
		card("End of the Round", t.round.obj),
		card("Heard (the Radar)", t.heard, t.noise.obj),
	)
	return t
}

// ourDice says whether the players roll their own dice.
func (t *TurnPanel) ourDice() bool { return t.dice.Selected == diceOur }

// step is the Turn's next step as the game stands.
func step(s *ta.State) string {
	switch {
	case s.Outcome != "":
		return "over"
	case !s.T.Started && s.TurnsUsed >= alone.TurnsPerRound:
		return "endRound"
	case !s.T.Started:
		return "start"
	case s.T.Pending != "":
		return "resolve"
	case len(s.T.Actions) == 0:
		return "declare"
	case len(s.T.Actions) < actionsAllowed(s):
		return "more"
	case s.Mode == ta.Solo && !s.T.EvilAsked:
		return "evil"
	}
	return "endTurn"
}

// actionsAllowed is the Actions this Turn may have: 2 with Bullet Time,
// plus the extra Actions Items granted (§2.5, §3.6).
func actionsAllowed(s *ta.State) int {
	n := 1
	if s.T.BulletTime {
		n = 2
	}
	return n + s.T.ItemExtra
}

// canReact says whether the Evil side's end-of-Turn chance is open.
func canReact(s *ta.State, st string) bool {
	return s.Mode == ta.Solo && !s.T.EvilAsked && (st == "evil" || st == "more")
}

var stepWords = map[string]string{
	"more":     "another Action (Bullet Time or an Item), or the Evil side's chance and the end of the Turn",
	"over":     "the game is over; undo is still possible in the Log",
	"endRound": "all 8 Turns are played: the End of the Round",
	"start":    "flip the next Turn token, or tap an Action",
	"declare":  "tap an Action",
	"resolve":  "resolve the declared Action",
	"evil":     "the Evil side's chance to react",
	"endTurn":  "end the Turn",
}

var nextWords = map[string]string{
	"more":     "Next: let the Evil side react",
	"over":     "The game is over",
	"endRound": "Next: End of the Round",
	"start":    "Next: flip the Turn token",
	"declare":  "Next: choose an Action below",
	"resolve":  "Next: resolved at the table",
	"evil":     "Next: the Evil side reacts",
	"endTurn":  "Next: end the Turn",
}

func enable(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}

// statusText is the Turn's status line for a step.
func statusText(s *ta.State, st string) string {
	status := fmt.Sprintf("Round %d · Turn %d of 8 · %s this Turn · Now: %s", s.Round, s.Turn(),
		plural(s.T.Reactions, "Reaction", "Reactions"), stepWords[st])
	if s.T.Over {
		// The Turn has ended, but a Reaction may still answer the damage
		// its Creatures dealt until the next Turn starts (issue 15).
		status = fmt.Sprintf("Round %d · Turn %d of 8 is over · Now: %s", s.Round, s.Turn(), stepWords[st])
		if len(s.T.Triggers) > 0 && s.Mode != ta.Solo {
			status += fmt.Sprintf(". Until then the Evil side may still answer the damage its Creatures dealt (%s of 2 played this Turn).",
				plural(s.T.Reactions, "Reaction", "Reactions"))
		}
	}
	return status
}

// statusTexts are the status lines the Turn may show next, for the
// status's steady height: every step's, in this Round and Turn.
func (t *TurnPanel) statusTexts() []string {
	s := t.k.state()
	var out []string
	for st := range stepWords {
		out = append(out, statusText(s, st))
	}
	return out
}

func (t *TurnPanel) refresh() {
	s := t.k.state()
	st := step(s)
	t.status.SetText(statusText(s, st))
	t.nextBtn.SetText(nextWords[st])
	if st == "more" && s.Mode != ta.Solo {
		t.nextBtn.SetText("Next: end the Turn")
	}
	enable(t.nextBtn, st != "over" && st != "declare")
	enable(t.startBtn, st == "start")
	t.startBtn.SetText(fmt.Sprintf("Flip Turn token %d", min(s.TurnsUsed+1, 8)))
	enable(t.endTurnBtn, st == "endTurn" || st == "more" && (s.Mode != ta.Solo || s.T.EvilAsked))
	enable(t.evilBtn, canReact(s, st))
	t.evilWhy.SetText(whyNot(s, st, "evil"))
	t.endWhy.SetText(whyNot(s, st, "endTurn"))
	t.startWhy.SetText(whyNot(s, st, "start"))
	t.pad.refresh(s, st)

	// The Evil side.
	if s.Mode == ta.Solo {
		setBox(t.evilBox, t.evilBtn, t.evilWhy, t.evilLine)
		t.evilLine.SetText(nonEmpty(lastEvil(t.k), "Once the Hero's Actions are done, the app's Evil side plays its Reactions."))
	} else {
		setBox(t.evilBox, wrap(fmt.Sprintf("The Evil players record their Reactions on the Enemy tab (%s this Turn of 2; %s free on the Track).",
			plural(s.T.Reactions, "card", "cards"), plural(s.ReactionSpacesFree(), "space", "spaces"))))
	}
	t.attacks.refresh(s)
	t.round.refresh(s, st)
	// What the Hero knows.
	var h []string
	for i := max(0, len(s.Heard)-10); i < len(s.Heard); i++ {
		x := s.Heard[i]
		h = append(h, fmt.Sprintf("Round %d, Turn %d: %s", x.Round, x.Turn, x.Say))
	}
	if len(h) == 0 {
		h = append(h, "Nothing heard yet.")
	}
	t.heard.SetText(strings.Join(h, "\n"))
	t.noise.refresh(s)
	if s.Map != nil {
		t.labyrinth.set(tilesFromLabyrinth(ta.HeroView(s).Labyrinth))
		t.labCard.Show()
	} else {
		t.labCard.Hide()
	}
}

// lastEvil is the public line of this Turn's Evil decision.
func lastEvil(k *kit) string {
	if !k.state().T.EvilAsked {
		return ""
	}
	if e, ok := latestEvil(k.ctx.Session); ok {
		return k.ctx.Session.Describe(e)
	}
	return ""
}

// latestEvil is the Evil side's latest decision in effect, among the last
// few hundred events: this Turn's is among them, undo and redo keep it
// there.
func latestEvil(s *tracker.Session) (tracker.Event, bool) {
	var out tracker.Event
	found := false
	from := uint64(0)
	if last := s.LastSeq(); last > 300 {
		from = last - 300
	}
	_ = s.Events(from, func(e tracker.Event) error {
		if e.Kind == "alone.evil" && s.InEffect(e.Seq) {
			out, found = e, true
		}
		return nil
	})
	return out, found
}

// why is the line beside a button that says why it cannot be tapped yet
// (empty while it can).
func why() *widget.Label {
	l := wrap("")
	l.Importance = widget.LowImportance
	l.SizeName = theme.SizeNameCaptionText
	return l
}

// whyNot says why a step's button is not open now, "" when it is.
func whyNot(s *ta.State, st, button string) string {
	if st == "over" {
		return "The game is over."
	}
	switch button {
	case "evil":
		switch {
		case canReact(s, st):
			return ""
		case s.T.EvilAsked:
			return "The Evil side has had its chance this Turn."
		case st == "start" || st == "declare" || st == "resolve":
			return "After the Hero's Action."
		case st == "endRound":
			return "The Round is over: its End comes first."
		}
	case "endTurn":
		switch {
		case st == "endTurn" || st == "more" && (s.Mode != ta.Solo || s.T.EvilAsked):
			return ""
		case st == "evil":
			return "After the Evil side's chance to react."
		case st == "start" || st == "declare" || st == "resolve":
			return "After the Hero's Action."
		case st == "endRound":
			return "The Round is over: its End comes first."
		}
	case "start":
		switch {
		case st == "start":
			return ""
		case st == "endRound":
			return "All 8 Turns are played: the End of the Round comes first."
		default:
			return "This Turn's token is already flipped."
		}
	case "endRound":
		if st == "endRound" {
			return ""
		}
		return fmt.Sprintf("After the 8th Turn (%s played).", plural(s.TurnsUsed, "Turn", "Turns"))
	}
	return ""
}

// startCmd is the start of the Turn as chosen.
func (t *TurnPanel) startCmd() ta.StartTurn {
	return startCommand(t.recover.Selected, t.bullet.Checked)
}

// startCommand is the start of the Turn with the Recover chosen ("No
// Recover", "Recover 1 Life", "Recover 1 Self Control") and Bullet Time.
func startCommand(recover string, bullet bool) ta.StartTurn {
	c := ta.StartTurn{BulletTime: bullet}
	switch recover {
	case "Recover 1 Life":
		c.Recover = alone.LifeDamage
	case "Recover 1 Self Control":
		c.Recover = alone.SCDamage
	}
	return c
}

func (t *TurnPanel) startTurn() {
	if t.k.do(t.startCmd()) {
		t.recover.SetSelected("No Recover")
		t.bullet.SetChecked(false)
	}
}

// ensureStarted flips the Turn token before an Action tapped first.
func (t *TurnPanel) ensureStarted() bool {
	if step(t.k.state()) != "start" {
		return true
	}
	c := t.startCmd()
	if !t.k.do(c) {
		return false
	}
	t.recover.SetSelected("No Recover")
	t.bullet.SetChecked(false)
	return true
}

func (t *TurnPanel) evilTurn() {
	if t.k.do(evilTurnCommand()) {
		t.evilLine.SetText(t.k.said)
	}
}

func (t *TurnPanel) endTurn() {
	at, err := t.attacks.read(t.k.state())
	if err != nil {
		t.k.refuse(err)
		return
	}
	if t.k.do(endTurnCommand(t.k.state(), at, t.ourDice())) {
		t.attacks.clear()
	}
}

// evilTurnCommand is the Evil side's chance to react, played by the app.
func evilTurnCommand() tracker.Command { return ta.EvilTurn{} }

// endTurnCommand is the end of the Turn with the Creatures' attacks as
// entered; with a Map the app rolls them unless ours (the players roll).
func endTurnCommand(s *ta.State, attacks []ta.AttackRoll, ours bool) ta.EndTurn {
	c := ta.EndTurn{Attacks: attacks}
	if s.Map != nil {
		c.Roll = rollBy(ours)
	}
	return c
}

// Next advances the Turn by its next step; it reports whether there was
// one to take.
func (t *TurnPanel) Next() bool {
	s := t.k.state()
	switch step(s) {
	case "over":
		t.k.refuse(fmt.Errorf("the game is over; only undo is possible"))
		return false
	case "endRound":
		t.round.endRound()
	case "start":
		t.startTurn()
	case "declare":
		t.k.refuse(fmt.Errorf("tap the Action the Hero takes"))
		return false
	case "resolve":
		t.k.do(ta.Resolve{})
	case "more":
		if s.Mode == ta.Solo {
			t.evilTurn()
		} else {
			t.endTurn()
		}
	case "evil":
		t.evilTurn()
	default:
		t.endTurn()
	}
	return true
}
