package reich

import (
	"slices"
	"strings"

	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
)

// EndRound plays the end of round phase (spec §5.4): heroes with fewer
// than 5 cards draw 1, the round marker moves on 1 (the alarm or the
// mission's end may follow), and if the alarm was triggered the alarm
// sequence runs (§5.6). Expired lists the timed tokens the players confirm
// have expired (areas whose obscuring ends).
type EndRound struct {
	Expired []string
	Answers ai.Answers
}

func (c EndRound) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §5.4")
	if err != nil {
		return "", err
	}
	if m.Step != StepEndOfRound {
		return "", tracker.Refuse("reichbusters V-28", "the end of round comes after every hero has had a turn and an enemy turn")
	}
	if len(m.Pending) > 0 {
		return "", tracker.Refuse("reichbusters §6.4", "resolve the pending defence tests first")
	}
	if m.Paused != nil {
		return "", tracker.Refuse("reichbusters §5.6", "the alarm's free enemy turn is under way: carry it on first")
	}
	t.say("End of round %d", m.Round)
	// Step 1: draw 1 card with fewer than 5 in hand.
	for _, h := range m.Heroes {
		if h.Escaped || h.Hand >= 5 {
			continue
		}
		t.hero(h.ID, func(x *Hero) { drawCards(x, 1, d) })
	}
	// Step 2: expired tokens.
	for _, a := range c.Expired {
		if !m.Obscured[a] {
			return "", tracker.Refuse("reichbusters §5.4", "area %q holds no timed token", a)
		}
		t.do(Op{Op: opObscured, Area: a, Flag: false})
	}
	// Step 3: the round marker.
	if m.note() && m.Variant12 && m.Tracker.ObjectiveDone && !m.Tracker.Flipped {
		t.tracker(func(tr *Tracker) { tr.Flipped, tr.Pos, tr.Alien = true, 1, 6 })
		t.say("The objective is done: the tracker flips to its 6-round side, marker on space 1 (§11.2)")
	} else {
		t.advance(1, "end of round")
	}
	if m.Ended {
		return "round.end", nil
	}
	// Step 4: turn order tokens collected; step 5: the alarm, or the next round.
	if m.Tracker.AlarmPending {
		if err := t.alarm(c.Answers, d); err != nil {
			return "", err
		}
		return "round.end", nil
	}
	t.nextRound()
	return "round.end", nil
}

func (t *tx) nextRound() {
	m := t.m()
	for _, h := range m.Heroes {
		if h.HadTurn {
			t.hero(h.ID, func(x *Hero) { x.HadTurn = false; x.Turn = TurnUse{} })
		}
	}
	t.flow(func(f *Flow) {
		f.Round++
		f.Step, f.TurnOrder, f.Dealt, f.TurnIndex, f.Current, f.FreeActionUsed, f.EnemyDone = StepChooseOrder, nil, false, 0, "", false, false
	})
	t.say("Round %d begins (%s)", t.m().Round, t.m().Tracker.String())
}

// advance moves the round marker on n spaces (spec §5.5, V-26): past the
// last pre-alarm space the alarm is triggered (or on it, with
// settings.alarmOnLastSpace); past the last post-alarm or alien world space
// the mission fails. Pre-alarm advances after the alarm was triggered are
// ignored.
func (t *tx) advance(n int, why string) {
	m := t.m()
	set := t.s.Settings
	tr := m.Tracker
	switch tr.Section {
	case "pre":
		if tr.AlarmPending {
			t.say("The alarm is already triggered: the %s advance is ignored (V-26)", why)
			return
		}
		to := tr.Pos + n
		if to > tr.Pre || (set.AlarmOnLastSpace && to >= tr.Pre) {
			t.tracker(func(x *Tracker) { x.Pos, x.AlarmPending = min(to, x.Pre), true })
			t.say("Round marker +%d (%s): the alarm is triggered (§5.5)", n, why)
			return
		}
		t.tracker(func(x *Tracker) { x.Pos = to })
		t.say("Round marker +%d (%s): pre-alarm %d/%d", n, why, to, tr.Pre)
	case "post", "alien":
		length := tr.Post
		if tr.Section == "alien" {
			length = tr.Alien
		}
		to := tr.Pos + n
		if to > length || (set.FailOnLastSpace && to >= length) {
			t.tracker(func(x *Tracker) { x.Pos = min(to, length) })
			t.do(Op{Op: opEnd, End: &MissionEnd{Ended: true, Result: "the mission tracker ran out", Failed: "time ran out"}})
			t.say("Round marker +%d (%s): the track has run out, the mission fails (§5.5)", n, why)
			return
		}
		t.tracker(func(x *Tracker) { x.Pos = to })
		t.say("Round marker +%d (%s): %s", n, why, t.m().Tracker.String())
	}
}

// alarm runs the alarm sequence (spec §5.6): the automa triggers every
// spawn token, removes awareness and plays the free enemy turn; then the
// noise decks swap, the marker goes to post-alarm space 1 and the first
// post-alarm round begins. The free turn stops after each attack for its
// defence tests (§7.5.5); the marker stays on the alarm space until it is
// over (steps 1, 6 and 7).
func (t *tx) alarm(ans ai.Answers, d *tracker.Dice) error {
	t.say("THE ALARM SOUNDS (§5.6)")
	through := obscuredNow(t.m())
	out, err := t.resolve(ai.Request{Kind: ai.KindAlarm, Hero: t.m().LastHero, PauseForDefence: true}, ans, d)
	if err != nil {
		return err
	}
	m := t.m()
	// Step 5: every ongoing action-card effect ends (§5.6 AMBIGUOUS default:
	// every effect lasting beyond its action).
	for _, h := range m.Heroes {
		if h.InPlay > 0 {
			t.hero(h.ID, func(x *Hero) { x.Discard += x.InPlay; x.InPlay, x.UntilNextHero, x.UntilOwnNext = 0, 0, 0 })
			t.say("%s's ongoing card effects end", h.Name)
		}
	}
	for r := range m.Awareness {
		t.do(Op{Op: opAware, Room: r, Level: 0})
	}
	post := m.PostNoise
	t.deck("noise", func(x *Deck) { *x = post })
	t.deck("postNoise", func(x *Deck) { *x = Deck{} })
	t.flow(func(f *Flow) { f.Phase = PhasePostAlarm })
	// Step 6: the free enemy turn, already under way in the outcome.
	done, err := t.carryOn(out, ans, d, through)
	if err != nil || !done {
		return err
	}
	t.alarmDone(through)
	return nil
}

// alarmDone ends the alarm sequence once its free enemy turn is over: the
// smoke that lasted through it clears, the marker goes onto post-alarm
// space 1 (step 7) and the first post-alarm round begins (step 8).
func (t *tx) alarmDone(through []string) {
	t.smokeClears(through) // the free enemy turn is the next enemy turn (§5.3)
	t.tracker(func(x *Tracker) { x.Section, x.Pos, x.AlarmPending = "post", 1, false })
	if t.m().Ended {
		return
	}
	t.nextRound()
}

// FreeDoor is the 1–2 player variant's free unlock/open at the start of the
// end of round phase (spec §5.4 step 0, V-41); in Not of this Earth! the
// free action is a basic move (§11.2), recorded with Move{Free: true}.
type FreeDoor struct {
	Hero, Door string
	// Keys: the players say the hero uses keys; the hero's keys item is
	// what counts (§12.3), so a claim without one is refused.
	Keys    bool
	Answers ai.Answers
}

func (c FreeDoor) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters V-41")
	if err != nil {
		return "", err
	}
	if !m.Variant12 || m.note() {
		return "", tracker.Refuse("reichbusters V-41", "the free unlock/open exists only in the core game with 1–2 players controlling 1 hero each")
	}
	if m.Step != StepEndOfRound || m.FreeActionUsed || m.Paused != nil {
		return "", tracker.Refuse("reichbusters V-41", "at most 1 free unlock/open, at the start of the end of round phase")
	}
	// V-06: a captured hero takes no actions, and one off the map none either.
	h := m.hero(c.Hero)
	if h == nil || h.Escaped || h.Captured {
		return "", tracker.Refuse("reichbusters V-06", "%q cannot take the free unlock/open (captured or not on the map)", c.Hero)
	}
	// §12.1: a downed hero acts only to Recover; a knocked-down one stands first.
	if h.Downed() || h.KnockedDown {
		return "", tracker.Refuse("reichbusters §12.1", "%s is on the ground (downed or knocked down) and cannot take the free unlock/open", h.Name)
	}
	// §5.2, §12.3: as in the action, keys are the hero's own keys item.
	keys := slices.ContainsFunc(h.Items, func(it Item) bool { return it.Kind == ItemKeys && it.Status == StatusNone })
	if c.Keys && !keys {
		return "", tracker.Refuse("reichbusters §12.3", "%s carries no keys", h.Name)
	}
	t.flow(func(f *Flow) { f.FreeActionUsed = true })
	return "door.free", t.openDoor(c.Hero, c.Door, keys, c.Answers, d, "free action")
}

// BangBoom records a BANG or BOOM (spec §7.7). Cause is "hero" or "enemy";
// before the alarm the marker moves on 1 (BANG) or 2 (BOOM); after it (and
// in the alien world) a noise card is drawn and resolved as the automa says.
type BangBoom struct {
	Boom    bool
	Cause   string
	Card    string // the noise card the players drew, when they draw the noise deck (DrawBy)
	Answers ai.Answers
}

func (c BangBoom) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §7.7")
	if err != nil {
		return "", err
	}
	if c.Cause != "hero" && c.Cause != "enemy" {
		return "", tracker.Refuse("reichbusters §7.7", "say whether a hero or an enemy caused it")
	}
	what := "BANG"
	kind := "bang"
	if c.Boom {
		what, kind = "BOOM", "boom"
	}
	t.say("%s caused by %s", what, map[string]string{"hero": "a hero", "enemy": "an enemy"}[c.Cause])
	if m.Phase == PhasePreAlarm {
		n := 1
		if c.Boom {
			n = 2
		}
		t.advance(n, what)
	} else {
		if err := namedNoiseCard(m, c.Card); err != nil {
			return "", err
		}
		if _, err := t.resolve(ai.Request{Kind: kind, Cause: c.Cause, Card: c.Card, Hero: m.Current}, c.Answers, d); err != nil {
			return "", err
		}
	}
	t.afterMidTurn()
	return "noise." + kind, nil
}

// afterMidTurn applies the early-alarm procedure (§5.6): an alarm set off
// during a hero turn ends that turn after the current action, with no
// enemy turn.
func (t *tx) afterMidTurn() {
	m := t.m()
	if m.Ended || !m.Tracker.AlarmPending {
		return
	}
	if m.Step == StepHeroTurn {
		t.toEndOfRound("The alarm was set off: the rest of this hero turn is not played and no enemy turn follows (§5.6)")
	}
}

// AdjustTracker moves the round marker by hand: the Tunnel Network moving
// it back 1 (clamped at space 1, V-26), or a correction.
type AdjustTracker struct {
	By     int
	Reason string
}

func (c AdjustTracker) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §5.5")
	if err != nil {
		return "", err
	}
	if c.By == 0 {
		return "", tracker.Refuse("reichbusters §5.5", "move the marker by at least one space")
	}
	if strings.TrimSpace(c.Reason) == "" {
		return "", tracker.Refuse("reichbusters §5.5", "say why the marker moves (a card, the Tunnel Network, a correction)")
	}
	t.reason = c.Reason
	if c.By > 0 {
		t.advance(c.By, "by hand")
		t.afterMidTurn()
		return "tracker.adjust", nil
	}
	to := max(1, m.Tracker.Pos+c.By)
	t.tracker(func(x *Tracker) { x.Pos = to })
	t.say("Round marker moved back to %s (clamped at space 1, V-26)", t.m().Tracker.String())
	return "tracker.adjust", nil
}

// ObjectiveDone marks the NotE 1–2 player variant's objective done: at the
// end of this round the tracker flips to its 6-round side (§11.2).
type ObjectiveDone struct{}

func (ObjectiveDone) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §11.2")
	if err != nil {
		return "", err
	}
	if !m.note() || !m.Variant12 {
		return "", tracker.Refuse("reichbusters §11.2", "the tracker flips only in the Not of this Earth! 1–2 player variant")
	}
	if m.Tracker.ObjectiveDone {
		return "", tracker.Refuse("reichbusters §11.2", "the objective is already done")
	}
	t.tracker(func(x *Tracker) { x.ObjectiveDone = true })
	t.say("Objective done: the tracker flips to 6 rounds at the end of this round")
	return "tracker.objective", nil
}
