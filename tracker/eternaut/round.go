package eternaut

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/eternaut"
	"tablekeeper/tracker"
)

// Turns, the end of the round, the Timer track and the Consumed cubes
// (spec §5).

// ExchangeCards is the optional T2 exchange: draw 5, discard 5, and put 1
// Fatigue card on the board of Fatigue (any board, §5.1).
type ExchangeCards struct{ Fatigue string }

// PlayCard is T3: the active player puts an Action card (Card: its name,
// optional) on a Character's board.
type PlayCard struct{ Char, Card string }

// PickForMadness draws which card of a hand of Hand cards must go on a Mad
// Character (§7.4). Picked is filled by the draw.
type PickForMadness struct {
	Char   string
	Hand   int
	Picked int
}

// EndTurn ends the active player's turn: T4 end-of-round check, T5 cube
// activation, then the end of the round (§5.3) or the next player (T6).
type EndTurn struct{}

// SetTimer moves the Timer token by hand (§5.4). Setting 0 needs
// ConfirmEnd and ends the scenario; TriggerEvents reads the Event counters
// on the new space (default no, §13.4).
type SetTimer struct {
	Value         int
	TriggerEvents bool
	ConfirmEnd    bool
}

// PlaceEvent puts Event counter ID on Timer space Space, below any there.
type PlaceEvent struct {
	ID    string
	Space int
}

// RemoveEvent takes Event counter ID off Timer space Space.
type RemoveEvent struct {
	ID    string
	Space int
}

// MoveCube moves 1 Consumed cube from a board to the target (§5.7 C2), for
// a card the app did not see placed.
type MoveCube struct{ From string }

// MoveCubes moves N cubes between boards (C1 extras, C5 after a death).
type MoveCubes struct {
	From, To string
	N        int
}

// DealCubes deals the 4 cubes again; Split (board order) overrides the
// even default.
type DealCubes struct{ Split []int }

// RevealR02: Rule card R-02 is revealed in B: the cubes come into play.
type RevealR02 struct{}

// SwitchMenaceDeck: in F the light-blue Menace cards are gone; the red deck
// comes in and the cubes start (§11 F).
type SwitchMenaceDeck struct{}

// SetAlert sets the Alert counter in B (§11 B): green or red (or
// on_deck_green).
type SetAlert struct{ State string }

// SetAliensOnMap records how many aliens of module Module (1 = leftmost)
// are on the map.
type SetAliensOnMap struct {
	Module int
	OnMap  int
}

// MenaceActivation: a Menace card activates the aliens from the deck of
// Module (1 = leftmost); then the cubes are dealt again (§5.3 E4).
type MenaceActivation struct{ Module int }

// MarkPlot marks the Plot track: N ✓ (or ✗ when Cross).
type MarkPlot struct {
	Cross bool
	N     int
}

// RevealObjective and SetObjective track the Objective cards (§9.1).
type RevealObjective struct{ ID string }

// SetObjective sets an Objective's state: open, succeeded or failed.
type SetObjective struct{ ID, State string }

// GainSpecialQuest / LoseSpecialQuest track the Special Quest cards face up.
type GainSpecialQuest struct{ ID string }

// LoseSpecialQuest removes a Special Quest card from the table.
type LoseSpecialQuest struct{ ID string }

func init() {
	register(ExchangeCards{}, PlayCard{}, PickForMadness{}, EndTurn{}, SetTimer{}, PlaceEvent{}, RemoveEvent{},
		MoveCube{}, MoveCubes{}, DealCubes{}, RevealR02{}, SwitchMenaceDeck{}, SetAlert{}, SetAliensOnMap{},
		MenaceActivation{}, MarkPlot{}, RevealObjective{}, SetObjective{}, GainSpecialQuest{}, LoseSpecialQuest{})
}

func (s *State) playing(rule string) (*Scenario, error) {
	if s.Phase != PhasePlaying || s.Scenario == nil {
		return nil, tracker.Refuse(rule, "no scenario is being played")
	}
	if s.Scenario.LossPending {
		return nil, tracker.Refuse("eternaut §10.4", "first bring in a reinforcement or confirm the loss")
	}
	return s.Scenario, nil
}

// FatigueBoards are the boards in play that may take an exchange's
// Fatigue card (§5.1 T2): those with an empty card slot (fewer than 4
// cards), or, when none has one (none is true), every board in play.
func FatigueBoards(s *State) (boards []*Character, none bool) {
	var all []*Character
	for _, c := range s.InPlay() {
		if c.Gone() {
			continue
		}
		all = append(all, c)
		if c.BoardCount() < EndRoundThreshold {
			boards = append(boards, c)
		}
	}
	if len(boards) == 0 {
		return all, true
	}
	return boards, false
}

func (ExchangeCards) kind() string { return "turn.exchange" }
func (c ExchangeCards) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §5.1 T2")
	if err != nil {
		return err
	}
	if sc.CardPlayed {
		return tracker.Refuse("eternaut §5.1 T2", "the exchange comes before the Action card is played")
	}
	if sc.Exchanged {
		return tracker.Refuse("eternaut §5.1 T2", "cards can be exchanged only once per turn")
	}
	ch, err := s.live(c.Fatigue, "eternaut §5.1 T2")
	if err != nil {
		return err
	}
	// §5.1 T2: the Fatigue goes on an empty card slot; a full board (4 or
	// more cards) takes it only when no board in play has a free slot.
	full := ch.BoardCount() >= EndRoundThreshold
	if full && !x.before(1) {
		if boards, none := FatigueBoards(s); !none {
			return tracker.Refuse("eternaut §5.1 T2", "%s's board has no empty card slot; put the Fatigue on a board that has one (like %s's)", ch.Name, boards[0].Name)
		}
	}
	sc.Exchanged = true
	x.say("Player %d exchanged cards (draw %d, discard %d); %s gets 1 Fatigue (%d)", sc.Active, ExchangeDraw, ExchangeDraw, ch.Name, ch.Penalties.Fatigue+1)
	if fatigueInPlay(s) >= FatigueCardsInGame {
		x.say("warning: no Fatigue card is left in the reserve; the exchange still goes ahead")
	}
	if full {
		x.say("warning: no board has a free slot; the Fatigue goes on %s's board anyway", ch.Name)
	}
	ch.Penalties.Fatigue++
	moveCubeFor(s, ch, x)
	return nil
}

func (PlayCard) kind() string { return "turn.card" }
func (c PlayCard) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §5.1 T3")
	if err != nil {
		return err
	}
	if sc.CardPlayed {
		return tracker.Refuse("eternaut §5.1 T3", "player %d has already played this turn's Action card", sc.Active)
	}
	ch, err := s.live(c.Char, "eternaut §5.1 T3")
	if err != nil {
		return err
	}
	sc.CardPlayed = true
	ch.ActionCards++
	card := "an Action card"
	if c.Card != "" {
		card = "“" + strings.TrimSpace(c.Card) + "”"
	}
	x.say("Player %d played %s on %s (%s on the board)", sc.Active, card, ch.Name, plural(ch.BoardCount(), "card", "cards"))
	if ch.Penalties.Madness {
		x.say("%s is Mad: the card must be the one picked at random from the hand", ch.Name)
	}
	moveCubeFor(s, ch, x)
	return nil
}

func (c PickForMadness) withDraws(s *State, d *tracker.Dice) (command, error) {
	if c.Hand < 1 {
		return nil, tracker.Refuse("eternaut §7.4", "the hand must hold at least 1 card, not %d", c.Hand)
	}
	v, _, err := eternaut.PickRandom(c.Hand, d)
	if err != nil {
		return nil, err
	}
	c.Picked = v
	return c, nil
}

func (PickForMadness) kind() string { return "turn.madpick" }
func (c PickForMadness) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.4")
	if err != nil {
		return err
	}
	if !ch.Penalties.Madness {
		return tracker.Refuse("eternaut §7.4", "%s is not Mad", ch.Name)
	}
	if c.Picked < 1 || c.Picked > c.Hand {
		return tracker.Refuse("eternaut §7.4", "card %d is not in a hand of %d", c.Picked, c.Hand)
	}
	x.say("Random card for Mad %s: card %d of %d in the hand (from the left)", ch.Name, c.Picked, c.Hand)
	return nil
}

// EndOfRoundDue is step T4: some board holds 4 or more Action + Penalty
// cards (§5.1, §5.2).
func EndOfRoundDue(s *State) bool {
	for _, ch := range s.InPlay() {
		if !ch.Gone() && ch.BoardCount() >= EndRoundThreshold {
			return true
		}
	}
	return false
}

func (EndTurn) kind() string { return "turn.end" }
func (EndTurn) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §5.1")
	if err != nil {
		return err
	}
	if !sc.CardPlayed {
		return tracker.Refuse("eternaut §5.1 T3", "player %d must play 1 Action card before the turn ends", sc.Active)
	}
	pending := EndOfRoundDue(s)
	x.say("Player %d ends the turn", sc.Active)
	if pending && !s.Settings.ActivationBeforeEndOfRound {
		ender := sc.Active
		if endRound(s, ender, x) {
			return nil
		}
		return activationCheck(s, x)
	}
	if err := activationCheck(s, x); err != nil {
		return err
	}
	if pending {
		endRound(s, sc.Active, x)
		return nil
	}
	nextTurn(s, sc.Active%s.Players+1, x)
	return nil
}

// activationCheck is T5 (§5.7 C3).
func activationCheck(s *State, x *exec) error {
	sc := s.Scenario
	if !sc.CubesActive || s.Phase != PhasePlaying {
		return nil
	}
	var survivors []string
	for _, f := range sc.Figures {
		if f.Kind == "enemy" && !f.Defeated {
			survivors = append(survivors, f.ID)
		}
	}
	// §2.2 (RB p.22 step 17): no Menace card while the Alert is on the deck.
	// Events decided before revision 1 drew the card anyway.
	alertOnDeck := sc.Alert == AlertOnDeck && !x.before(1)
	tr, trace, err := eternaut.EndOfTurnAlert(sc.CubesOnTarget, Letter(sc.Key) == "B", alertOnDeck, survivors, sc.Aliens, s.Settings.RedealAfterSurvivors)
	if err != nil {
		return tracker.Refuse("eternaut §5.8", "%v", err)
	}
	if !tr.Fire {
		return nil
	}
	what := ""
	switch {
	case tr.MenaceBlocked:
		what = "Survivors' cubes all on the Rule card, but the Alert counter is on the Menace deck: no card is drawn, no Survivor moves"
	case tr.Survivors && len(tr.SurvivorOrder) == 0:
		// RB p.19: the card is drawn even with no Survivor to move.
		what = "Survivors activate: draw 1 Menace card; no Survivor is on the map to move"
		x.ask("Draw 1 Menace card (no Survivor is on the map to move)")
	case tr.Survivors:
		what = "Survivors activate: draw 1 Menace card, move " + strings.Join(tr.SurvivorOrder, ", ") + " one space each along its arrow"
		x.ask("Draw 1 Menace card; move the Survivors 1 space along its arrow, in this order: %s", strings.Join(tr.SurvivorOrder, ", "))
	default:
		what = "Consumed cubes activation (all 4 on the Alien board), from the leftmost deck: " + alienWords(sc, tr.Aliens, x)
	}
	sc.Activations = append(sc.Activations, ActivationRecord{Round: sc.Round(), What: what, Trace: trace.String()})
	x.trace = append(x.trace, trace.String())
	if tr.Survivors || tr.MenaceBlocked {
		x.say("All 4 Consumed cubes on the target: %s", what)
	} else {
		x.say("%s", what)
	}
	if tr.Redeal {
		return dealCubes(s, nil, x)
	}
	return nil
}

func alienWords(sc *Scenario, a *eternaut.Activation, x *exec) string {
	if a == nil || len(a.Draw) == 0 {
		return "no alien is on the map, nothing is drawn"
	}
	var names []string
	for _, i := range a.Draw {
		names = append(names, sc.Aliens[i].Race)
		x.ask("Draw the top %s card and resolve its Action (top) section", sc.Aliens[i].Race)
	}
	if len(names) == 1 {
		return names[0] + " draws its top Alien card"
	}
	return strings.Join(names, ", then ") + " draw their top Alien cards, in this order"
}

// endRound runs §5.3 E1–E6 and reports whether the scenario stopped (the
// clock, or the campaign lost).
func endRound(s *State, ender int, x *exec) bool {
	sc := s.Scenario
	round := sc.Round()
	x.say("End of round %d", round)
	// E1: the Action cards go to the discard; penalty cards stay.
	for _, ch := range s.InPlay() {
		ch.ActionCards = 0
	}
	// E2: penalty effects: a Heavy Wound deals 2 damage.
	for _, ch := range s.InPlay() {
		if !ch.Gone() && ch.Penalties.HeavyWound {
			damage(s, ch, HeavyWoundRoundDmg, "Heavy Wound", x)
			if s.Phase != PhasePlaying {
				return true
			}
		}
	}
	// E3: the Timer moves toward the clock.
	sc.Timer--
	if sc.Timer <= 0 {
		sc.Timer = 0
		x.say("The Timer reaches the clock: the scenario ends at once")
		x.ask("Read the If Failed paragraph of the Objective in play, then finish the scenario")
		s.Phase, s.End = PhaseEnding, &EndWizard{Scenario: sc.Key, Step: StepObjectives, Clock: true}
		return true
	}
	x.say("Timer %d → %d", sc.Timer+1, sc.Timer)
	for _, ev := range sc.Events[sc.Timer] {
		x.ask("First Player reads paragraph %s", TimerParagraph(ev))
	}
	// E4: the Menace card.
	if Letter(sc.Key) == "B" && sc.Alert == AlertOnDeck {
		x.say("no Menace card: the Alert counter is still on the deck")
	} else {
		x.ask("%s", MenaceReminder(sc))
	}
	// E5: the Personal and Group Ability cards face up again.
	for _, ch := range s.InPlay() {
		if ch.PA != nil && ch.PA.FaceDown {
			ch.PA.FaceDown = false
			x.say("%s's %s is face up again", ch.Name, ch.PA.ID)
		}
	}
	for i := range s.GroupAbilities {
		if s.GroupAbilities[i].FaceDown {
			s.GroupAbilities[i].FaceDown = false
			x.say("%s is face up again", s.GroupAbilities[i].ID)
		}
	}
	// E6: the First Player starts the next round (setting: pass it on).
	next := sc.FirstPlayer
	if s.Settings.PassFirstPlayer {
		next = ender%s.Players + 1
	}
	nextTurn(s, next, x)
	return false
}

// MenaceReminder is what the players do with the end of round's Menace
// card (§5.3 E4, §5.6): the section for the number the Timer covers, in
// every scenario (rulebook p.8, End of the Round step 3). In B the Alert
// counter's colour picks the effect as well (p.20), and the round's number
// still holds: the spec's §5.6 gives B only the colour; the seed wins and
// both are named. With the Alert counter still on the deck no card is
// revealed; the reminder says so.
func MenaceReminder(sc *Scenario) string {
	if Letter(sc.Key) == "B" {
		if sc.Alert == AlertOnDeck {
			return "No Menace card: the Alert counter still sits on the deck"
		}
		return fmt.Sprintf("Reveal a Menace card: resolve the section for %d in its %s part (the Alert counter's colour)", sc.Timer, sc.Alert)
	}
	return fmt.Sprintf("Reveal a Menace card: resolve the section for %d", sc.Timer)
}

// nextTurn hands the turn on and takes the Tank's Fuel (§11 F, §13.28).
func nextTurn(s *State, player int, x *exec) {
	sc := s.Scenario
	sc.Active, sc.Turn, sc.Exchanged, sc.CardPlayed = player, sc.Turn+1, false, false
	x.say("Player %d's turn", player)
	if t := sc.Tank; t != nil && t.Operator != "" && s.Settings.TankFuelPerTurn && t.Fuel > 0 {
		t.Fuel--
		x.say("Tank Fuel %d → %d", t.Fuel+1, t.Fuel)
		if t.Fuel == 0 {
			if op := s.Char(t.Operator); op != nil {
				op.Operating = ""
				x.ask("The Tank is out of Fuel: %s gets out to an empty space within range 1", op.Name)
			}
			t.Operator = ""
		}
	}
}

func (SetTimer) kind() string { return "timer.set" }
func (c SetTimer) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §5.4")
	if err != nil {
		return err
	}
	if c.Value < 0 {
		return tracker.Refuse("eternaut §12 V19", "the Timer cannot go below the clock (0)")
	}
	if c.Value > s.Settings.TimerMax {
		return tracker.Refuse("eternaut §12 V19", "the Timer track ends at %d", s.Settings.TimerMax)
	}
	if c.Value == 0 && !c.ConfirmEnd {
		return tracker.Refuse("eternaut §5.4", "moving the Timer to the clock ends the scenario: confirm it")
	}
	x.say("Timer moved by hand: %d → %d", sc.Timer, c.Value)
	sc.Timer = c.Value
	if c.Value == 0 {
		x.ask("Read the If Failed paragraph of the Objective in play, then finish the scenario")
		s.Phase, s.End = PhaseEnding, &EndWizard{Scenario: sc.Key, Step: StepObjectives, Clock: true}
		return nil
	}
	if c.TriggerEvents {
		for _, ev := range sc.Events[sc.Timer] {
			x.ask("First Player reads paragraph %s", TimerParagraph(ev))
		}
	}
	return nil
}

func checkEventID(id string) error {
	n := int(sortKey(id))
	if !isID(id) || n < 1 || n > MaxEventCounterID {
		return tracker.Refuse("eternaut §5.5", "%q is not an Event counter (001 to 010)", id)
	}
	return nil
}

func (PlaceEvent) kind() string { return "timer.event" }
func (c PlaceEvent) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §5.5")
	if err != nil {
		return err
	}
	if err := checkEventID(c.ID); err != nil {
		return err
	}
	if c.Space <= 0 {
		// V20: on the clock or beyond it, the counter is ignored.
		x.say("Event counter %s would go on space %d, at or beyond the clock: ignored", c.ID, c.Space)
		return nil
	}
	if c.Space > s.Settings.TimerMax {
		return tracker.Refuse("eternaut §5.4", "the Timer track ends at %d", s.Settings.TimerMax)
	}
	if sc.Events == nil {
		sc.Events = map[int][]string{}
	}
	sc.Events[c.Space] = append(sc.Events[c.Space], c.ID)
	x.say("Event counter %s placed on Timer space %d", c.ID, c.Space)
	return nil
}

func (RemoveEvent) kind() string { return "timer.unevent" }
func (c RemoveEvent) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §5.5")
	if err != nil {
		return err
	}
	i := slices.Index(sc.Events[c.Space], c.ID)
	if i < 0 {
		return tracker.Refuse("eternaut §5.5", "Event counter %s is not on Timer space %d", c.ID, c.Space)
	}
	sc.Events[c.Space] = slices.Delete(sc.Events[c.Space], i, i+1)
	if len(sc.Events[c.Space]) == 0 {
		delete(sc.Events, c.Space)
	}
	x.say("Event counter %s removed from Timer space %d", c.ID, c.Space)
	return nil
}

func (s *State) cubes(rule string) (*Scenario, error) {
	sc, err := s.playing(rule)
	if err != nil {
		return nil, err
	}
	if !sc.CubesActive {
		return nil, tracker.Refuse(rule, "the Consumed cubes are not in play now")
	}
	return sc, nil
}

func (MoveCube) kind() string { return "cube.move" }
func (c MoveCube) run(s *State, x *exec) error {
	if _, err := s.cubes("eternaut §5.7 C2"); err != nil {
		return err
	}
	ch, err := s.live(c.From, "eternaut §5.7 C2")
	if err != nil {
		return err
	}
	if ch.Cubes < 1 {
		return tracker.Refuse("eternaut §12 V25", "%s's board holds no Consumed cube", ch.Name)
	}
	moveCubeFor(s, ch, x)
	return nil
}

func (MoveCubes) kind() string { return "cube.shift" }
func (c MoveCubes) run(s *State, x *exec) error {
	if _, err := s.cubes("eternaut §5.7"); err != nil {
		return err
	}
	a, err := s.mustChar(c.From)
	if err != nil {
		return err
	}
	b, err := s.live(c.To, "eternaut §5.7")
	if err != nil {
		return err
	}
	if !a.InPlay || a == b {
		return tracker.Refuse("eternaut §5.7", "cubes move between two boards in play")
	}
	if c.N < 1 || c.N > a.Cubes {
		return tracker.Refuse("eternaut §12 V25", "%s's board holds %s; %d cannot move", a.Name, plural(a.Cubes, "cube", "cubes"), c.N)
	}
	a.Cubes -= c.N
	b.Cubes += c.N
	x.say("%s moved from %s's board to %s's", plural(c.N, "Consumed cube", "Consumed cubes"), a.Name, b.Name)
	return nil
}

func (DealCubes) kind() string { return "cube.deal" }
func (c DealCubes) run(s *State, x *exec) error {
	if _, err := s.cubes("eternaut §5.7 C1"); err != nil {
		return err
	}
	return dealCubes(s, c.Split, x)
}

func (RevealR02) kind() string { return "cube.r02" }
func (RevealR02) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §5.7")
	if err != nil {
		return err
	}
	if Letter(sc.Key) != "B" {
		return tracker.Refuse("eternaut §5.7", "Rule card R-02 belongs to Scenario B")
	}
	if sc.R02Revealed {
		return tracker.Refuse("eternaut §5.7", "Rule card R-02 is already revealed")
	}
	sc.R02Revealed, sc.CubesActive = true, true
	x.say("Rule card R-02 revealed: the Consumed cubes come into play")
	return dealCubes(s, nil, x)
}

func (SwitchMenaceDeck) kind() string { return "menace.red" }
func (SwitchMenaceDeck) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §11 F")
	if err != nil {
		return err
	}
	if Letter(sc.Key) != "F" || sc.MenaceDeck != MenaceLightBlu {
		return tracker.Refuse("eternaut §11 F", "only in F, once, do the red Menace cards replace the light-blue ones")
	}
	sc.MenaceDeck, sc.CubesActive = MenaceRed, true
	x.say("The light-blue Menace cards are gone: the red deck comes in, and the Consumed cubes start")
	return dealCubes(s, nil, x)
}

func (SetAlert) kind() string { return "alert" }
func (c SetAlert) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §11 B")
	if err != nil {
		return err
	}
	if Letter(sc.Key) != "B" {
		return tracker.Refuse("eternaut §12 V26", "the Alert counter is used only in Scenario B")
	}
	switch c.State {
	case AlertOnDeck, AlertGreen, AlertRed:
	default:
		return tracker.Refuse("eternaut §11 B", "the Alert counter is %s, %s or %s, not %q", AlertOnDeck, AlertGreen, AlertRed, c.State)
	}
	x.say("Alert counter: %s → %s", alertWords(sc.Alert), alertWords(c.State))
	sc.Alert = c.State
	return nil
}

// alertWords is the Alert counter's state as the players say it, not its
// name in the file ("on_deck_green").
func alertWords(state string) string {
	switch state {
	case AlertOnDeck:
		return "green, on the Menace deck"
	case AlertAbsent, "":
		return "not in play"
	}
	return state
}

func (s *State) module(n int) (*Scenario, int, error) {
	sc, err := s.playing("eternaut §5.8")
	if err != nil {
		return nil, 0, err
	}
	if n < 1 || n > len(sc.Aliens) {
		return nil, 0, tracker.Refuse("eternaut §5.8", "there is no alien module %d (modules 1 to %d)", n, len(sc.Aliens))
	}
	return sc, n - 1, nil
}

func (SetAliensOnMap) kind() string { return "aliens.onmap" }
func (c SetAliensOnMap) run(s *State, x *exec) error {
	sc, i, err := s.module(c.Module)
	if err != nil {
		return err
	}
	if c.OnMap < 0 {
		return tracker.Refuse("eternaut §5.8", "the number of aliens on the map cannot be negative")
	}
	x.say("%s on the map: %d → %d", sc.Aliens[i].Race, sc.Aliens[i].OnMap, c.OnMap)
	sc.Aliens[i].OnMap = c.OnMap
	return nil
}

func (MenaceActivation) kind() string { return "aliens.menace" }
func (c MenaceActivation) run(s *State, x *exec) error {
	sc, i, err := s.module(c.Module)
	if err != nil {
		return err
	}
	a, trace, err := eternaut.ActivationOrder(sc.Aliens, i)
	if err != nil {
		return tracker.Refuse("eternaut §5.8", "%v", err)
	}
	// The players tap this when the Menace card they revealed says the
	// aliens activate (RB p.24); the app neither draws nor knows the card,
	// so the words say where the order starts and why, nothing more.
	from := fmt.Sprintf("from %s, the deck the Menace card names", sc.Aliens[i].Race)
	if len(sc.Aliens) == 1 {
		from = fmt.Sprintf("from %s, the only alien deck", sc.Aliens[i].Race)
	}
	what := alienWords(sc, &a, x)
	sc.Activations = append(sc.Activations, ActivationRecord{Round: sc.Round(), What: "Menace card activation " + from + ": " + what, Trace: trace.String()})
	x.trace = append(x.trace, trace.String())
	x.say("Menace card activation %s: %s", from, what)
	if sc.CubesActive {
		return dealCubes(s, nil, x)
	}
	return nil
}

func (MarkPlot) kind() string { return "plot" }
func (c MarkPlot) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §8.1")
	if err != nil {
		return err
	}
	n := c.N
	if n == 0 && x.before(2) {
		// Events decided before revision 2 took a count of 0 as 1 mark.
		n = 1
	}
	if n < 1 || n > 20 {
		return tracker.Refuse("eternaut §8.1", "mark 1 to 20 at once, not %d", c.N)
	}
	sec := s.Section(Letter(sc.Key))
	if c.Cross {
		sec.Crosses += n
		x.say("Plot track: %s (%d ✓, %d ✗)", strings.Repeat("✗", n), sec.Checks, sec.Crosses)
	} else {
		sec.Checks += n
		x.say("Plot track: %s (%d ✓, %d ✗)", strings.Repeat("✓", n), sec.Checks, sec.Crosses)
	}
	return nil
}

func (RevealObjective) kind() string { return "objective.reveal" }
func (c RevealObjective) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §9.1")
	if err != nil {
		return err
	}
	id := strings.TrimSpace(c.ID)
	if id == "" {
		return tracker.Refuse("eternaut §9.1", "an Objective needs its card ID")
	}
	for _, o := range sc.Objectives {
		if o.ID == id {
			return tracker.Refuse("eternaut §9.1", "Objective %s is already revealed", id)
		}
	}
	sc.Objectives = append(sc.Objectives, Objective{ID: id, State: "open"})
	x.say("Objective %s revealed", id)
	return nil
}

func (SetObjective) kind() string { return "objective.set" }
func (c SetObjective) run(s *State, x *exec) error {
	if s.Scenario == nil || (s.Phase != PhasePlaying && s.Phase != PhaseEnding) {
		return tracker.Refuse("eternaut §9.1", "no scenario is being played")
	}
	switch c.State {
	case "open", "succeeded", "failed":
	default:
		return tracker.Refuse("eternaut §9.1", "an Objective is open, succeeded or failed, not %q", c.State)
	}
	for i := range s.Scenario.Objectives {
		o := &s.Scenario.Objectives[i]
		if o.ID == c.ID {
			x.say("Objective %s: %s → %s", o.ID, o.State, c.State)
			o.State = c.State
			return nil
		}
	}
	return tracker.Refuse("eternaut §9.1", "Objective %s is not revealed", c.ID)
}

func (GainSpecialQuest) kind() string { return "quest.gain" }
func (c GainSpecialQuest) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §8.1")
	if err != nil {
		return err
	}
	id := strings.TrimSpace(c.ID)
	if id == "" || slices.Contains(sc.SpecialQuests, id) {
		return tracker.Refuse("eternaut §8.1", "Special Quest card %q is missing or already on the table", c.ID)
	}
	sc.SpecialQuests = append(sc.SpecialQuests, id)
	x.say("Special Quest card %s face up on the table", id)
	return nil
}

func (LoseSpecialQuest) kind() string { return "quest.lose" }
func (c LoseSpecialQuest) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §8.1")
	if err != nil {
		return err
	}
	i := slices.Index(sc.SpecialQuests, c.ID)
	if i < 0 {
		return tracker.Refuse("eternaut §8.1", "Special Quest card %s is not on the table", c.ID)
	}
	sc.SpecialQuests = slices.Delete(sc.SpecialQuests, i, i+1)
	x.say("Special Quest card %s leaves the table", c.ID)
	return nil
}

// SetCubes sets where the 4 Consumed cubes are, by hand: per board
// (Character ID) and on the target. The total must stay 4 (V25).
type SetCubes struct {
	Boards   map[string]int
	OnTarget int
}

// OverrideActivation records that the players resolved an enemy activation
// differently from the app's decision, and why.
type OverrideActivation struct{ Instead, Reason string }

func init() { register(SetCubes{}, OverrideActivation{}) }

func (SetCubes) kind() string { return "cube.set" }
func (c SetCubes) run(s *State, x *exec) error {
	sc, err := s.cubes("eternaut §5.7")
	if err != nil {
		return err
	}
	total := c.OnTarget
	if c.OnTarget < 0 {
		return tracker.Refuse("eternaut §12 V25", "the target cannot hold a negative number of cubes")
	}
	for _, id := range sortedKeys(c.Boards) {
		ch, err := s.live(id, "eternaut §5.7")
		if err != nil {
			return err
		}
		if n := c.Boards[id]; n < 0 {
			return tracker.Refuse("eternaut §12 V25", "%s's board cannot hold %d cubes", ch.Name, n)
		}
		total += c.Boards[id]
	}
	if total != CubesForActivation {
		return tracker.Refuse("eternaut §12 V25", "there are %d Consumed cubes in all, not %d", CubesForActivation, total)
	}
	var parts []string
	for _, ch := range s.InPlay() {
		ch.Cubes = c.Boards[ch.ID]
		if ch.Cubes > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", ch.ID, ch.Cubes))
		}
	}
	sc.CubesOnTarget = c.OnTarget
	x.say("Corrected by hand: Consumed cubes %s, %d on the target", listOr(parts, "none on the boards"), c.OnTarget)
	return nil
}

func (OverrideActivation) kind() string { return "aliens.override" }
func (c OverrideActivation) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §5.8")
	if err != nil {
		return err
	}
	if len(sc.Activations) == 0 {
		return tracker.Refuse("eternaut §5.8", "there is no enemy decision to override")
	}
	instead, why := strings.TrimSpace(c.Instead), strings.TrimSpace(c.Reason)
	if instead == "" || why == "" {
		return tracker.Refuse("eternaut §5.8", "say what was done instead, and why")
	}
	last := sc.Activations[len(sc.Activations)-1]
	sc.Activations = append(sc.Activations, ActivationRecord{Round: sc.Round(), What: "overridden: " + instead + " (" + why + ")", Trace: last.Trace})
	x.say("Players overrode “%s”: %s, because %s", last.What, instead, why)
	return nil
}

// SetFirstPlayer gives the First Player counter before the first turn
// (§4.1: in C it is handed out at setup part 2); it is never passed after.
type SetFirstPlayer struct{ Player int }

func init() { register(SetFirstPlayer{}) }

func (SetFirstPlayer) kind() string { return "firstplayer" }
func (c SetFirstPlayer) run(s *State, x *exec) error {
	sc, err := s.playing("eternaut §4.1")
	if err != nil {
		return err
	}
	if sc.Turn != 1 || sc.CardPlayed || sc.Exchanged {
		return tracker.Refuse("eternaut §4.1", "the First Player counter is handed out before the first turn and never passed (correct it by hand if it was misplaced)")
	}
	if c.Player < 1 || c.Player > s.Players {
		return tracker.Refuse("eternaut §4.1", "the First Player must be player 1 to %d, not %d", s.Players, c.Player)
	}
	sc.FirstPlayer, sc.Active = c.Player, c.Player
	x.say("Player %d takes the First Player counter", c.Player)
	return nil
}
