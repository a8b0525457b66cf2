package reich

import (
	"fmt"
	"slices"
	"strings"

	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
)

// PendingAttack is an enemy attack waiting for the heroes' defence tests
// (spec §7.5.5, §6.4): the automa decided it; the players roll.
type PendingAttack struct {
	Code      string   `json:"code"`
	Mode      string   `json:"mode"`
	Total     int      `json:"total"`
	Defenders []string `json:"defenders"`
	Breakdown []string `json:"breakdown,omitempty"`
	NoItems   bool     `json:"noItems,omitempty"`
	OnWound   []string `json:"onWound,omitempty"`
	// Units are the units that made the attack (main, then supporters):
	// the ones a Counter may hit (§12.1). Countered lists the defenders
	// who have used Counter on this attack's defence test.
	Units     []string `json:"units,omitempty"`
	Countered []string `json:"countered,omitempty"`
}

// SetTurnOrder sets the heroes' order for this round before the alarm: the
// players choose it freely (spec §5.1). After the alarm use DealTurnOrder.
type SetTurnOrder struct{ Order []string }

// DealTurnOrder shuffles and deals the turn order tokens at the start of a
// post-alarm round (spec §5.1, V-27): the app deals them, or, when the
// players deal them at the table (DrawBy turnOrder), Order is the order
// they dealt.
type DealTurnOrder struct{ Order []string }

// SwapTurnOrder is Opportunist: straight after dealing, the hero swaps turn
// order tokens with another (V-27).
type SwapTurnOrder struct{ Hero, With string }

func (c SetTurnOrder) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §5.1")
	if err != nil {
		return "", err
	}
	if m.Step != StepChooseOrder {
		return "", tracker.Refuse("reichbusters §5.1", "the order is set at the start of a round, before the first hero turn")
	}
	if m.postAlarm() {
		return "", tracker.Refuse("reichbusters V-27", "after the alarm the turn order tokens are dealt at random")
	}
	if len(m.Pending) > 0 {
		return "", tracker.Refuse("reichbusters §6.4", "resolve the pending defence tests first")
	}
	if err := checkOrder(m, c.Order); err != nil {
		return "", err
	}
	t.flow(func(f *Flow) { f.TurnOrder, f.Dealt = slices.Clone(c.Order), false })
	t.say("Round %d: the heroes play in the order %s", m.Round, t.names(c.Order))
	t.beginTurn(0, d)
	return "round.order", nil
}

func checkOrder(m *Mission, order []string) error {
	want := m.heroesInPlay()
	if len(order) != len(want) {
		return tracker.Refuse("reichbusters V-27", "the order must list each of the %d heroes in play once, not %d entries", len(want), len(order))
	}
	seen := map[string]bool{}
	for _, id := range order {
		if !slices.Contains(want, id) {
			return tracker.Refuse("reichbusters V-27", "%q is not a hero in play", id)
		}
		if seen[id] {
			return tracker.Refuse("reichbusters V-27", "%s is listed twice", id)
		}
		seen[id] = true
	}
	return nil
}

func (c DealTurnOrder) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §5.1")
	if err != nil {
		return "", err
	}
	if m.Step != StepChooseOrder {
		return "", tracker.Refuse("reichbusters §5.1", "the tokens are dealt at the start of a round")
	}
	if !m.postAlarm() {
		return "", tracker.Refuse("reichbusters V-27", "turn order tokens are used only after the alarm; before it the players choose the order")
	}
	if len(m.Pending) > 0 {
		return "", tracker.Refuse("reichbusters §6.4", "resolve the pending defence tests of the alarm's free enemy turn first")
	}
	var order []string
	switch {
	case m.TurnOrderByPlayers && len(c.Order) == 0:
		return "", tracker.Refuse("reichbusters V-27", "the players deal the turn order tokens: say the order they were dealt")
	case m.TurnOrderByPlayers:
		if err := checkOrder(m, c.Order); err != nil {
			return "", err
		}
		order = slices.Clone(c.Order)
	case len(c.Order) > 0:
		return "", tracker.Refuse("reichbusters V-27", "the app deals the turn order tokens in this mission: set them to be dealt by the players to give the order")
	default:
		order = shuffled(d, m.heroesInPlay())
	}
	t.flow(func(f *Flow) { f.TurnOrder, f.Dealt = order, true })
	t.say("Round %d: turn order tokens dealt: %s", m.Round, t.names(order))
	if !t.anyOpportunist(order) {
		t.beginTurn(0, d)
	}
	return "round.deal", nil
}

// anyOpportunist reports whether a hero may still swap (the first turn
// then waits for StartRound or the swap).
func (t *tx) anyOpportunist(order []string) bool {
	for _, id := range order {
		if h := t.m().hero(id); h != nil && hasSkill(h, "Opportunist") {
			return true
		}
	}
	return false
}

func hasSkill(h *Hero, id string) bool {
	return slices.ContainsFunc(h.Skills, func(s Skill) bool { return s.ID == id && s.Active })
}

func (c SwapTurnOrder) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters V-27")
	if err != nil {
		return "", err
	}
	if m.Step != StepChooseOrder || !m.Dealt {
		return "", tracker.Refuse("reichbusters V-27", "an Opportunist swap is allowed only straight after the tokens are dealt")
	}
	h := m.hero(c.Hero)
	if h == nil || !hasSkill(h, "Opportunist") {
		return "", tracker.Refuse("reichbusters V-27", "only a hero with the Opportunist skill may swap turn order tokens")
	}
	i, j := slices.Index(m.TurnOrder, c.Hero), slices.Index(m.TurnOrder, c.With)
	if i < 0 || j < 0 || i == j {
		return "", tracker.Refuse("reichbusters V-27", "%q is not another hero in this round's order", c.With)
	}
	order := slices.Clone(m.TurnOrder)
	order[i], order[j] = order[j], order[i]
	t.flow(func(f *Flow) { f.TurnOrder = order })
	t.say("%s (Opportunist) swapped turn order tokens with %s: %s", h.Name, t.name(c.With), t.names(order))
	t.beginTurn(0, d)
	return "round.swap", nil
}

// StartRound starts the first hero turn after dealing, when an Opportunist
// chose not to swap.
type StartRound struct{}

func (StartRound) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §5.1")
	if err != nil {
		return "", err
	}
	if m.Step != StepChooseOrder || len(m.TurnOrder) == 0 || !m.Dealt {
		return "", tracker.Refuse("reichbusters §5.1", "deal or set the turn order first")
	}
	t.beginTurn(0, d)
	return "round.start", nil
}

func (t *tx) name(id string) string {
	if h := t.m().hero(id); h != nil {
		return h.Name
	}
	return id
}

func (t *tx) names(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = t.name(id)
	}
	return strings.Join(out, ", ")
}

// beginTurn starts the hero turn at position i of the order (spec §5.2
// start of turn): expiries, the capture check, the rescue check, Recover.
func (t *tx) beginTurn(i int, d *tracker.Dice) {
	m := t.m()
	id := m.TurnOrder[i]
	t.flow(func(f *Flow) {
		f.Step, f.TurnIndex, f.Current, f.LastHero, f.EnemyDone = StepHeroTurn, i, id, id, false
	})
	if len(m.SightRaised) > 0 {
		t.do(Op{Op: opSightRaised})
	}
	if len(m.Pacified) > 0 {
		t.do(Op{Op: opPacified})
	}
	if len(m.Biscuits) > 0 {
		t.do(Op{Op: opBiscuits}) // Dog Biscuits last for the rest of that turn
	}
	// §5.2 step 1: areas suppressed until the next hero turn are free again.
	if len(m.Suppressed) > 0 {
		t.do(Op{Op: opSuppressed})
	}
	t.expireCards(id)
	h := *m.hero(id)
	captureHolds := h.Downed() && m.unitsInArea(h.Area) >= 4 && t.otherHeroesIn(h.ID, h.Area) == 0
	t.hero(id, func(x *Hero) {
		x.Turn = TurnUse{}
		x.HadTurn = true
	})
	switch {
	case captureHolds && !h.Captured:
		t.hero(id, func(x *Hero) { x.Captured = true })
		t.say("%s's turn: downed with %d enemies and no other hero in %s: captured (§5.2)", h.Name, m.unitsInArea(h.Area), h.Area)
		t.dropEscort(id)
		t.allCaptured()
	case captureHolds:
		t.say("%s's turn: still captured; no actions, the enemy turn follows (V-06)", h.Name)
	case h.Captured:
		t.hero(id, func(x *Hero) { x.Captured = false })
		t.say("%s's turn: rescued, the capture no longer holds (§5.2)", h.Name)
		t.awardHP(t.rescuer(&h), "rescuing "+h.Name, d)
		if h.Downed() {
			t.hero(id, func(x *Hero) { x.Turn.Recovering = true })
			t.say("%s starts the turn downed: both basic actions go to Recover (V-05)", h.Name)
		}
	case h.Downed():
		t.hero(id, func(x *Hero) { x.Turn.Recovering = true })
		t.say("%s's turn: downed, so both basic actions go to Recover (V-05)", h.Name)
	default:
		t.say("%s's turn", h.Name)
	}
}

// allCaptured ends the mission when every hero still on the map is
// captured (§5.7 (c)).
func (t *tx) allCaptured() {
	m := t.m()
	n := 0
	for _, h := range m.Heroes {
		if h.Escaped {
			continue
		}
		if !h.Captured {
			return
		}
		n++
	}
	if n == 0 {
		return
	}
	t.do(Op{Op: opEnd, End: &MissionEnd{Ended: true}})
	t.say("Every hero is captured: the game ends (§5.7)")
}

func (t *tx) otherHeroesIn(id, area string) int {
	n := 0
	for _, o := range t.m().Heroes {
		if o.ID != id && !o.Escaped && o.Area == area {
			n++
		}
	}
	return n
}

// rescuer is who earns the rescue HP (§6.5 AMBIGUOUS default): a
// non-captured hero in the freed hero's area, else the most recent hero,
// which at the rescue check (the start of the freed hero's own turn) is
// the freed hero (§0.4).
func (t *tx) rescuer(freed *Hero) string {
	for _, o := range t.m().Heroes {
		if o.ID != freed.ID && !o.Captured && !o.Escaped && o.Area == freed.Area {
			return o.ID
		}
	}
	return freed.ID
}

// awardHP draws a random heroism point from the face-down supply onto the
// hero's dashboard (§6.5.4).
func (t *tx) awardHP(hero, why string, d *tracker.Dice) {
	supply := t.m().HPSupply
	if len(supply) == 0 {
		t.say("No heroism point for %s: the supply is empty", why)
		return
	}
	if t.m().HPByPlayers {
		// The players draw the supply (§1 item 5): the point waits for
		// them to say which it was (DrawnHP).
		t.do(Op{Op: opHPDraws, HPDraws: append(slices.Clone(t.m().HPDraws), HPDraw{Hero: hero, Why: why})})
		t.say("%s earns a heroism point for %s: draw one from the face-down supply and say which", t.name(hero), why)
		return
	}
	i := d.Intn(len(supply))
	kind := supply[i]
	t.hp(func(p *HPPools) { p.Supply = slices.Delete(p.Supply, i, i+1) })
	t.hero(hero, func(h *Hero) { h.HP = append(h.HP, kind) })
	t.say("%s gains %s heroism point for %s", t.name(hero), an(kind), why)
}

// EndTurn ends the current hero's turn: cleared tokens are checked
// (§5.2) and the enemy turn follows. Answers carry what the map cannot
// tell (lines of sight in assisted mode, revealed icons).
type EndTurn struct{ Answers ai.Answers }

func (c EndTurn) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §5.2")
	if err != nil {
		return "", err
	}
	if m.Step != StepHeroTurn {
		return "", tracker.Refuse("reichbusters §5.1", "it is not a hero turn")
	}
	h := m.hero(m.Current)
	if h.Turn.Recovering {
		return "", tracker.Refuse("reichbusters V-05", "%s started the turn downed and must Recover before the turn ends", h.Name)
	}
	if h.Turn.Ending {
		t.say("%s's turn ends (downed during it, §5.2)", h.Name)
	} else {
		t.say("%s's turn ends", h.Name)
	}
	if err := t.finishTurn(h.ID, c.Answers, d); err != nil {
		return "", err
	}
	return "turn.end", nil
}

// finishTurn is the end of a hero turn, however it comes (EndTurn, or a
// hero downed during their own action, §5.2): the cleared-token check of a
// turn's end and the Alien Spore for a hero still in play, then on to the
// enemy turn.
func (t *tx) finishTurn(id string, ans ai.Answers, d *tracker.Dice) error {
	m := t.m()
	h := m.hero(id)
	if !h.Captured && !h.Escaped {
		if _, err := t.resolve(ai.Request{Kind: ai.KindSightCheck, Hero: h.ID, EndOfTurn: true}, ans, d); err != nil {
			return err
		}
		t.sporeAttack(m.hero(h.ID))
	}
	t.afterHeroTurn()
	return nil
}

// afterHeroTurn moves on from a hero turn: to the enemy turn, or straight
// to the end of round when the alarm was set off (§5.6 step 1).
func (t *tx) afterHeroTurn() {
	m := t.m()
	if m.Ended {
		return
	}
	if m.Tracker.AlarmPending {
		t.toEndOfRound("the alarm was set off during the hero turn: no enemy turn follows, the remaining heroes lose their turns (§5.6)")
		return
	}
	t.flow(func(f *Flow) { f.Step, f.EnemyDone = StepEnemyTurn, false })
}

func (t *tx) toEndOfRound(why string) {
	m := t.m()
	for _, id := range m.TurnOrder {
		if h := m.hero(id); h != nil && !h.HadTurn && !h.Escaped {
			t.hero(id, func(x *Hero) { x.HadTurn = true })
		}
	}
	t.flow(func(f *Flow) { f.Step = StepEndOfRound })
	if why != "" {
		t.say("%s", why)
	}
}

// EnemyTurn plays the enemy turn after a hero turn (spec §5.3): phase 1
// (pre-alarm), movement, attacks and phase 4 as automa/reich decides them,
// with the campaign's seeded dice. The turn stops after each attack for
// its defence tests (§7.2, §7.5.5: a hero downed or moved by one attack is
// seen by the units after it); once they are recorded, EnemyTurn again
// carries the turn on (the alarm's free turn too, §5.6 step 6).
type EnemyTurn struct{ Answers ai.Answers }

// EnemyPause is an enemy turn stopped for the defence tests of its last
// attack: where the automa goes on from, and the areas obscured as the
// turn began (their smoke clears when it ends, §5.3).
type EnemyPause struct {
	Progress ai.EnemyTurnProgress `json:"progress"`
	Through  []string             `json:"through,omitempty"`
}

func (c EnemyTurn) decide(t *tx, d *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §5.3")
	if err != nil {
		return "", err
	}
	if p := m.Paused; p != nil {
		if len(m.Pending) > 0 {
			return "", tracker.Refuse("reichbusters §6.4", "resolve the pending defence tests first")
		}
		if p.Progress.Free {
			t.say("The alarm's free enemy turn goes on after the defence tests")
		} else {
			t.say("The enemy turn after %s goes on after the defence tests", t.name(m.Current))
		}
		done, err := t.playEnemy(c.Answers, d, p.Through)
		if err != nil || !done {
			return "enemy.turn", err
		}
		if p.Progress.Free {
			t.alarmDone(p.Through)
			return "enemy.turn", nil
		}
		t.smokeClears(p.Through)
		t.afterEnemyTurn(d)
		return "enemy.turn", nil
	}
	if m.Step != StepEnemyTurn || m.EnemyDone {
		return "", tracker.Refuse("reichbusters V-28", "the enemy takes its turn after each hero turn, and it is not that moment")
	}
	if len(m.Pending) > 0 {
		return "", tracker.Refuse("reichbusters §6.4", "resolve the pending defence tests first")
	}
	t.say("The enemy's turn after %s", t.name(m.Current))
	through := obscuredNow(m)
	done, err := t.playEnemy(c.Answers, d, through)
	if err != nil {
		return "", err
	}
	if done {
		t.smokeClears(through)
		t.afterEnemyTurn(d)
	}
	return "enemy.turn", nil
}

// enemyHero is the hero the enemy turn under way follows: the current
// hero, or for the alarm's free turn the last hero to have had a turn.
func (t *tx) enemyHero() string {
	m := t.m()
	if m.Paused != nil && m.Paused.Progress.Free {
		return m.LastHero
	}
	return m.Current
}

// enemyRequest asks the automa for the enemy turn under way (begun, or
// carried on from the pause), stopping after each attack (§7.5.5).
func (t *tx) enemyRequest() ai.Request {
	return ai.Request{Kind: ai.KindEnemyTurn, Hero: t.enemyHero(), PauseForDefence: true}
}

// playEnemy resolves an enemy turn until it stops for a defence test or
// is over, and reports whether it is over.
func (t *tx) playEnemy(ans ai.Answers, d *tracker.Dice, through []string) (bool, error) {
	out, err := t.resolve(t.enemyRequest(), ans, d)
	if err != nil {
		return false, err
	}
	return t.carryOn(out, ans, d, through)
}

// carryOn takes an enemy turn's outcome: its attacks go to the pending
// defence tests, and a stop for them is kept in the mission. A stop with
// no attack is a blast that wounded heroes: its wounds are on the
// dashboards already, so the turn goes straight on and the units after it
// see them. It reports whether the turn is over.
func (t *tx) carryOn(out *ai.Outcome, ans ai.Answers, d *tracker.Dice, through []string) (bool, error) {
	for range 1000 {
		t.pend(out.Attacks)
		if !out.AwaitingDefence || out.After.EnemyTurn == nil || t.m().Ended {
			if t.m().Paused != nil {
				t.do(Op{Op: opPaused})
			}
			return true, nil
		}
		t.do(Op{Op: opPaused, Paused: &EnemyPause{Progress: out.After.EnemyTurn.Clone(), Through: slices.Clone(through)}})
		if len(out.Attacks) > 0 {
			t.say("The enemy turn waits for the defence test; it goes on once it is recorded (§7.5.5)")
			return false, nil
		}
		var err error
		out, err = t.resolve(t.enemyRequest(), ans, d)
		if err != nil {
			return false, err
		}
	}
	return false, fmt.Errorf("internal error: the enemy turn did not finish")
}

// obscuredNow lists the areas obscured as an enemy turn begins.
func obscuredNow(m *Mission) []string {
	var out []string
	for a := range m.Obscured {
		out = append(out, a)
	}
	slices.Sort(out)
	return out
}

// smokeClears ends the obscuring that lasted through this enemy turn
// (§5.3 end cleanup, §12.3 Smoke Grenade: until the end of the next enemy
// turn).
func (t *tx) smokeClears(through []string) {
	for _, a := range through {
		if t.m().Obscured[a] {
			t.do(Op{Op: opObscured, Area: a, Flag: false})
			t.say("The smoke in %s clears at the end of the enemy turn", a)
		}
	}
}

func (t *tx) pend(attacks []ai.Attack) {
	if len(attacks) == 0 {
		return
	}
	p := slices.Clone(t.m().Pending)
	for _, a := range attacks {
		p = append(p, PendingAttack{Code: a.Code, Mode: a.Mode, Total: a.Total, Defenders: slices.Clone(a.Defenders),
			Breakdown: a.Breakdown, NoItems: a.NoItems, OnWound: a.OnWound, Units: attackers(a)})
	}
	t.do(Op{Op: opPending, Pending: p})
}

// attackers are the units that made an attack, main first.
func attackers(a ai.Attack) []string {
	var out []string
	if a.Main != "" {
		out = append(out, a.Main)
	}
	return append(out, a.Supporters...)
}

// afterEnemyTurn moves on once the enemy turn is done and its defence
// tests are resolved: to the next hero, or to the end of round.
func (t *tx) afterEnemyTurn(d *tracker.Dice) {
	m := t.m()
	if m.Ended {
		return
	}
	t.flow(func(f *Flow) { f.EnemyDone = true })
	if len(m.Pending) > 0 {
		return
	}
	if m.Tracker.AlarmPending {
		t.toEndOfRound("the alarm was set off: straight to the end of round after this enemy turn (§5.6)")
		return
	}
	next := m.TurnIndex + 1
	if next >= len(m.TurnOrder) {
		t.flow(func(f *Flow) { f.Step = StepEndOfRound })
		return
	}
	t.beginTurn(next, d)
}
