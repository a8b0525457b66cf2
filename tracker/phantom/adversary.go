package phantom

import (
	"encoding/json"
	"fmt"
	"strings"

	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

const ruleAdv = "phantom-epoch §8.4"

// situation builds the engine's situation from the tracked state: the live
// map, the round's Decision die face, the description cards and drawn
// cards of the types in play, the boss boards and their cards, every
// figure on the map. charOrder puts the characters in the players' order
// for initiative ties (§11.2 item 1).
func (s *State) situation(decide, adversary string, charOrder []string, prep func(*phantom.Situation)) (*phantom.Situation, error) {
	m := s.Mission
	sit := phantom.Situation{Decide: decide, Adversary: adversary, Map: m.Map, Characters: len(m.Embarked),
		MissionDifficulty: m.Difficulty, PrimaryTarget: m.PrimaryOverride}
	if m.Face != nil {
		sit.DecisionDie = phantom.DieInput{Face: *m.Face}
	} else {
		sit.DecisionDie = phantom.DieInput{Face: phantom.Face{Colour: phantom.DarkBlue, Primary: phantom.North, Secondary: phantom.East}}
	}
	if !s.Settings.CountAdjacentBlockers {
		f := false
		sit.Options.CountAdjacentBlockers = &f
	}
	sit.Options.TargetWithBaseRange = s.Settings.TargetWithBaseRange
	drawn := map[string]phantom.Drawn{}
	for _, d := range m.Decks.InPlay {
		drawn[d.Type] = d
	}
	for _, t := range m.Types {
		at := s.Content.Adversaries[AdversaryKey(t, m.AdversaryDifficulty)]
		if d, ok := drawn[t]; ok && d.Species != "" {
			sc := s.Content.SpeciesCards[d.Species].Card
			if sc.Name == "" {
				sc.Name = d.Species
			}
			cc := s.Content.ClassCards[d.Class].Card
			if cc.Name == "" {
				cc.Name = d.Class
			}
			at.SpeciesCard, at.ClassCard = &sc, &cc
		}
		sit.Types = append(sit.Types, at)
	}
	for _, b := range m.Bosses {
		bb := s.Content.Bosses[b]
		if d, ok := drawn[b]; ok && d.Boss != "" {
			bc := s.Content.BossCards[d.Boss]
			bb.Card = &bc
		}
		for _, id := range m.Persistent[b] {
			bb.Persistent = append(bb.Persistent, s.Content.BossCards[id])
		}
		sit.Bosses = append(sit.Bosses, bb)
	}
	var chars, others []phantom.FigureInput
	for _, f := range m.Figures {
		if f.Defeated || f.Position == "" {
			continue
		}
		in := phantom.FigureInput{Name: f.Name, Side: f.Side, Type: f.Type, Colour: f.Colour, Position: f.Position,
			HP: f.HP, MaxHP: f.MaxHP, Conditions: f.CondList(), Guard: f.Guard, Initiative: f.Initiative,
			PlacedAfterDraw: f.PlacedAfterDraw, PlacedByEvent: f.PlacedByEvent, Immune: f.Immune}
		if decide == "turn" && f.Name == adversary && m.Current == f.Name {
			// Its turn is under way (worked out again after a stop): what
			// it received since it began has no immediate effect and does
			// not wear off at this turn's end (RB p.50).
			for _, c := range in.Conditions {
				if f.Conditions[c] > f.TurnStart {
					in.GainedThisTurn = append(in.GainedThisTurn, c)
				}
			}
		}
		if f.character() {
			in.Type = ""
			chars = append(chars, in)
		} else {
			others = append(others, in)
		}
	}
	// Characters in the players' order for ties, the rest after.
	var ordered []phantom.FigureInput
	for _, n := range charOrder {
		for _, c := range chars {
			if c.Name == n {
				ordered = append(ordered, c)
			}
		}
	}
	for _, c := range chars {
		if !contains(charOrder, c.Name) {
			ordered = append(ordered, c)
		}
	}
	sit.Figures = append(ordered, others...)
	if s.Settings.RollAttackDice && len(s.Content.AttackDice) > 0 {
		sit.Rolls = phantom.RollsInput{Roll: true, Faces: s.Content.AttackDice}
	}
	if prep != nil {
		prep(&sit)
	}
	data, err := json.Marshal(&sit)
	if err != nil {
		return nil, err
	}
	out, err := phantom.ParseSituation(data)
	if err != nil {
		return nil, tracker.Refuse("phantom-epoch §8.1", "the mission's state is not enough for the adversary engine: %v", err)
	}
	return out, nil
}

// ResolveAdversaryTurn plays the next adversary's turn through the
// adversary engine on the current state (§8.4–§8.14, §9.3) and records the
// decision with its trace; nothing on the table changes until the players
// confirm it (ConfirmAdversaryTurn) or say what happened instead
// (OverrideAdversaryTurn). Attack and Accuracy are rolls made at the table
// ("2", "crit", "fumble"; "miss", "block", "success"), used first; the app
// rolls the rest when the setting rollAttackDice is on and the dice's faces
// are entered. A turn stopped for a missing roll can be resolved again
// with the roll entered.
type ResolveAdversaryTurn struct {
	Adversary string   `json:"adversary"`
	Attack    []string `json:"attack,omitempty"`
	Accuracy  []string `json:"accuracy,omitempty"`
	// Order answers a turn that stopped to ask in which order a character
	// receives several conditions (Pending.Turn.Ask; RB p.22 step 7: the
	// character attacked by an adversary chooses).
	Order []string `json:"order,omitempty"`
}

type turnResult struct {
	Turn  phantom.Turn `json:"turn"`
	Trace []string     `json:"trace"`
}

func (c ResolveAdversaryTurn) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("turns")
	if err != nil {
		return "", err
	}
	f := m.fig(c.Adversary)
	if f != nil && f.Defeated && m.Pending != nil && m.Pending.Adversary == f.Name {
		return "", tracker.Refuse(ruleAdv, "%s was defeated while its turn waited: use Override to say what it did before that", f.Name)
	}
	if f == nil || f.character() || f.Defeated {
		return "", tracker.Refuse(ruleAdv, "%q is not an adversary on the map", c.Adversary)
	}
	if m.Pending != nil && m.Pending.Reaction {
		return "", tracker.Refuse(ruleAdv, "confirm or override %s's reaction first", m.Pending.Adversary)
	}
	again := m.Pending != nil && m.Pending.Adversary == f.Name
	if !again {
		if m.Current != "" {
			return "", tracker.Refuse("phantom-epoch §11.1 step 7", "%s's turn is not over", m.Current)
		}
		if nx := m.next(); nx != f.Name {
			return "", tracker.Refuse("phantom-epoch §11.1 step 7", "it is %s's turn, not %s's", nx, f.Name)
		}
	}
	for _, a := range c.Attack {
		if _, err := phantom.ParseDieFace(a); err != nil {
			return "", tracker.Refuse("phantom-epoch V-22", "attack roll: %v", err)
		}
	}
	for _, a := range c.Accuracy {
		if _, err := phantom.ParseAccuracy(a); err != nil {
			return "", tracker.Refuse("phantom-epoch V-22", "Accuracy roll: %v", err)
		}
	}
	if err := checkOrder(m, f.Name, false, c.Order); err != nil {
		return "", err
	}
	res, err := keep(x, func() (turnResult, error) {
		sit, err := s.situation("turn", f.Name, nil, nil)
		if err != nil {
			return turnResult{}, err
		}
		sit.Rolls.Attack, sit.Rolls.Accuracy = c.Attack, c.Accuracy
		sit.Rolls.Made = madeBefore(m, f.Name, false)
		if len(c.Order) > 0 {
			sit.Rolls.Orders = [][]string{c.Order}
		}
		t, tr, err := phantom.AdversaryTurn(sit, x)
		if err != nil {
			return turnResult{}, tracker.Refuse(ruleAdv, "%v", err)
		}
		return turnResult{Turn: t, Trace: traceLines(tr)}, nil
	})
	if err != nil {
		return "", err
	}
	m.Current = f.Name
	if !again {
		f.TurnStart = s.Tick
	}
	m.Pending = &Pending{Adversary: f.Name, Turn: res.Turn, Trace: res.Trace}
	if err := s.notePending(m, x); err != nil {
		return "", err
	}
	return "Adversary turn worked out: " + turnSummary(res.Turn), nil
}

// madeBefore are the rolls a decision waiting for adversary made before it
// stopped for a roll: worked out again, it starts from them, so a roll
// entered or rolled before the stop is neither lost nor made again.
func madeBefore(m *Mission, adversary string, reaction bool) *phantom.Made {
	p := m.Pending
	if p == nil || p.Adversary != adversary || p.Reaction != reaction || p.Turn.Stopped == "" {
		return nil
	}
	return p.Turn.Made
}

// checkOrder: an order of conditions answers the question the decision
// waiting for adversary stopped for, and names conditions.
func checkOrder(m *Mission, adversary string, reaction bool, order []string) error {
	if len(order) == 0 {
		return nil
	}
	p := m.Pending
	if p == nil || p.Adversary != adversary || p.Reaction != reaction || p.Turn.Ask == nil {
		return tracker.Refuse(ruleOrder, "no order of conditions is asked for: the turn did not stop to ask one")
	}
	for _, c := range order {
		if _, err := phantom.ParseCond(c); err != nil {
			return tracker.Refuse(ruleOrder, "%v", err)
		}
	}
	return nil
}

// ruleOrder cites the rule in the players' words (spec §7.3 step 7).
const ruleOrder = "Rulebook p.22, Attack Flow step 7"

// turnSummary is a turn in one line for the diary.
func turnSummary(t phantom.Turn) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s targets %s", t.Adversary, t.PrimaryTarget)
	if t.End != t.Start && t.End != "" {
		fmt.Fprintf(&b, ", %s → %s", t.Start, t.End)
	}
	for _, e := range t.Events {
		if e.Attack != nil {
			a := e.Attack
			fmt.Fprintf(&b, "; attacks %s", a.Target)
			if a.AimedAt != "" {
				fmt.Fprintf(&b, " (aimed at %s, blocked)", a.AimedAt)
			}
			if a.Roll != "" {
				fmt.Fprintf(&b, " (%s)", RollWords(a.Roll))
			}
			if a.Hit != nil {
				fmt.Fprintf(&b, ": %d damage", a.Hit.Damage)
			}
		}
	}
	if t.Stopped != "" {
		b.WriteString("; stopped: " + t.Stopped)
	}
	return b.String()
}

// ConfirmAdversaryTurn applies the resolved turn as the engine worked it
// out: figures move, damage, defeats and conditions apply, objects change,
// nova cells drop; the adversary's turn ends.
type ConfirmAdversaryTurn struct{}

func (c ConfirmAdversaryTurn) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("turns")
	if err != nil {
		return "", err
	}
	p := m.Pending
	if p == nil {
		return "", tracker.Refuse(ruleAdv, "no adversary turn is waiting to be confirmed")
	}
	if p.Turn.Ask != nil {
		return "", tracker.Refuse(ruleOrder, "the turn stopped: %s; choose the order and work it out again, or override it", p.Turn.Stopped)
	}
	if p.Turn.Stopped != "" {
		return "", tracker.Refuse(ruleAdv, "the turn stopped: %s; enter the roll and resolve it again, or override it", p.Turn.Stopped)
	}
	figs, objects, nova := p.Turn.Figures, p.Turn.Objects, p.Turn.Nova
	carried := false
	// A turn decided before rules revision 2 (or confirmed under it)
	// replays as it was played: its figures' states overwrite.
	if !x.before(2) && p.Before != nil {
		c, err := s.carry(m, p)
		if err != nil {
			return "", err
		}
		figs, objects, nova, carried = c.figs, c.objects, c.nova, c.since
	}
	changes := m.describeStates(figs, p.Turn)
	// Only trap tokens the decision found can have been set off by it: one
	// put down while it waited stays (a decision made before rules
	// revision 2 removes as it did).
	var traps []string
	if !x.before(2) && p.Before != nil {
		traps = p.BeforeTraps
		if traps == nil {
			traps = []string{}
		}
	}
	if err := s.removeTrapTokens(p.Turn, traps); err != nil {
		return "", err
	}
	if err := s.applyStates(m, figs, objects, nova); err != nil {
		return "", err
	}
	m.finish(p)
	line := "Confirmed: " + turnSummary(p.Turn)
	if len(changes) > 0 {
		line += " — " + strings.Join(changes, "; ")
	}
	if carried {
		line += " (what was recorded while it waited is kept)"
	}
	return line, nil
}

// describeStates says, before they apply, what the engine's figure states
// change: HP before and after, spaces, conditions. The acting adversary's
// own move is left out: the turn's summary (turnSummary) already says it.
func (m *Mission) describeStates(figs []phantom.FigureState, t phantom.Turn) []string {
	var out []string
	for _, fs := range figs {
		f := m.fig(fs.Name)
		if f == nil || f.Defeated {
			continue
		}
		var parts []string
		if fs.HP != f.HP {
			parts = append(parts, fmt.Sprintf("HP %d → %d", f.HP, max(fs.HP, 0)))
		}
		if fs.Position != f.Position {
			if fs.Position == "" || fs.HP <= 0 {
				parts = append(parts, "defeated")
			} else if f.Name != t.Adversary || f.Position != t.Start || fs.Position != t.End {
				parts = append(parts, fmt.Sprintf("%s → %s", f.Position, fs.Position))
			}
		}
		if a, b := strings.Join(f.CondList(), ", "), strings.Join(fs.Conditions, ", "); a != b {
			if b == "" {
				b = "none"
			}
			parts = append(parts, "conditions now: "+b)
		}
		if len(fs.Refreshed) > 0 {
			parts = append(parts, strings.Join(fs.Refreshed, ", ")+" refreshed")
		}
		if len(parts) > 0 {
			out = append(out, f.Name+" "+strings.Join(parts, ", "))
		}
	}
	return out
}

// removeTrapTokens takes away the trap tokens the adversary's movements
// set off (§5.1): every space a Move entered, the last space of any other
// movement; only among only, when it is not nil.
func (s *State) removeTrapTokens(t phantom.Turn, only []string) error {
	hm, err := s.liveMap()
	if err != nil {
		return err
	}
	changed := false
	for _, e := range t.Events {
		mv := e.Movement
		if mv == nil || len(mv.Path) == 0 {
			continue
		}
		entered := mv.Path
		if mv.Kind != "move" && mv.Kind != "convertedMove" && mv.Kind != "retreat" {
			entered = mv.Path[len(mv.Path)-1:]
		}
		for _, l := range entered {
			if only != nil && !contains(only, l) {
				continue
			}
			if sp, ok := hm.Space(l); ok && sp.Hazard == hex.Trap && sp.HazardSource == hex.HazardToken {
				sp.Hazard, sp.HazardSource = hex.NoHazard, hex.Printed
				changed = true
			}
		}
	}
	if !changed {
		return nil
	}
	return s.saveMap(hm)
}

// finish ends a confirmed or overridden decision: an adversary turn ends;
// after a reaction the interrupted turn goes on.
func (m *Mission) finish(p *Pending) {
	m.Pending = nil
	if !p.Reaction {
		m.Acted = append(m.Acted, p.Adversary)
		m.Current = ""
	}
}

// applyStates brings figures, objects and nova cells to what the engine
// says they are after a decision (§8.14 defeats included).
func (s *State) applyStates(m *Mission, figs []phantom.FigureState, objects map[string]string, nova map[string]int) error {
	for _, fs := range figs {
		f := m.fig(fs.Name)
		if f == nil || f.Defeated {
			continue
		}
		if err := s.setFigure(m, f, fs); err != nil {
			return err
		}
	}
	s.resort(m)
	if len(objects) == 0 && len(nova) == 0 {
		return nil
	}
	hm, err := s.liveMap()
	if err != nil {
		return err
	}
	for label, st := range objects {
		if sp, ok := hm.Space(label); ok {
			sp.ObjectState = hex.ObjectState(strings.TrimPrefix(st, "intact"))
		}
	}
	// The engine reports each changed space's nova cells after the turn.
	for label, n := range nova {
		if sp, ok := hm.Space(label); ok {
			sp.NovaCells = n
		}
	}
	return s.saveMap(hm)
}

func (s *State) setFigure(m *Mission, f *Figure, fs phantom.FigureState) error {
	next := map[string]uint64{}
	for _, cs := range fs.Conditions {
		cond, err := phantom.ParseCond(cs)
		if err != nil {
			return err
		}
		// §4 duration model: a condition held before keeps its timer,
		// unless the engine says the decision gave it again: gained anew
		// after losing it, or refreshed, which restarts it.
		t, held := f.Conditions[string(cond)]
		switch {
		case !held, contains(fs.Gained, cs), contains(fs.Refreshed, cs) && s.Settings.RefreshRestartsTimer:
			t = s.Tick
		}
		next[string(cond)] = t
	}
	f.Conditions = next
	if fs.Position != "" {
		f.Position = fs.Position
	}
	f.HP = min(max(fs.HP, 0), f.MaxHP)
	if f.HP == 0 || fs.Position == "" {
		s.defeat(m, f, false)
	}
	return nil
}

// FigureChange is what the players say happened to one figure.
type FigureChange struct {
	Name       string   `json:"name"`
	Position   string   `json:"position"`
	HP         int      `json:"hp"`
	Conditions []string `json:"conditions,omitempty"`
}

// OverrideAdversaryTurn replaces the engine's proposal with what the
// players decided, and says why: the figures named take the given space,
// HP and conditions (others are unchanged); the adversary's turn ends.
type OverrideAdversaryTurn struct {
	Reason  string            `json:"reason"`
	Figures []FigureChange    `json:"figures,omitempty"`
	Objects map[string]string `json:"objects,omitempty"`
}

func (c OverrideAdversaryTurn) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("turns")
	if err != nil {
		return "", err
	}
	p := m.Pending
	if p == nil {
		return "", tracker.Refuse(ruleAdv, "no adversary turn is waiting: resolve it first")
	}
	if strings.TrimSpace(c.Reason) == "" {
		return "", tracker.Refuse("phantom-epoch §1", "say why the adversary's turn is overridden")
	}
	hm, err := s.liveMap()
	if err != nil {
		return "", err
	}
	var states []phantom.FigureState
	taken := map[string]string{}
	for _, g := range m.Figures {
		if !g.Defeated && g.Position != "" {
			taken[g.Position] = g.Name
		}
	}
	for _, fc := range c.Figures {
		f := m.fig(fc.Name)
		if f == nil || f.Defeated {
			return "", tracker.Refuse(ruleAdv, "there is no figure %q on the map", fc.Name)
		}
		if fc.Position != "" {
			sp, ok := hm.Space(fc.Position)
			if !ok || !sp.Standable(true) {
				return "", tracker.Refuse("phantom-epoch §2.4", "%s cannot stand on %q", fc.Name, fc.Position)
			}
			if o := taken[fc.Position]; o != "" && o != fc.Name {
				moved := false
				for _, other := range c.Figures {
					moved = moved || (other.Name == o && other.Position != fc.Position)
				}
				if !moved {
					return "", tracker.Refuse("phantom-epoch §2.4", "%s already stands on %s", o, fc.Position)
				}
			}
		}
		for _, cs := range fc.Conditions {
			if _, err := phantom.ParseCond(cs); err != nil {
				return "", tracker.Refuse(ruleConds, "%s: %v", fc.Name, err)
			}
		}
		pos := fc.Position
		if pos == "" {
			pos = f.Position
		}
		states = append(states, phantom.FigureState{Name: fc.Name, Position: pos, HP: fc.HP, Conditions: fc.Conditions})
	}
	for label, st := range c.Objects {
		sp, ok := hm.Space(label)
		if !ok || sp.Object != hex.Destructible {
			return "", tracker.Refuse("phantom-epoch §5.2", "there is no destructible object on %q", label)
		}
		if st != "intact" && st != "damaged" && st != "destroyed" {
			return "", tracker.Refuse("phantom-epoch §5.2", "an object is intact, damaged or destroyed, not %q", st)
		}
	}
	if err := s.applyStates(m, states, c.Objects, nil); err != nil {
		return "", err
	}
	m.finish(p)
	return fmt.Sprintf("Overridden: %s's turn (the app proposed: %s) — %s", p.Adversary, turnSummary(p.Turn), c.Reason), nil
}

// SetPrimaryTarget records a mission's or card's named primary target for
// every adversary (§8.13); "" clears it.
type SetPrimaryTarget struct {
	Figure string `json:"figure"`
}

func (c SetPrimaryTarget) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission()
	if err != nil {
		return "", err
	}
	if c.Figure != "" && m.fig(c.Figure) == nil {
		return "", tracker.Refuse("phantom-epoch §8.13", "there is no figure %q", c.Figure)
	}
	m.PrimaryOverride = c.Figure
	if c.Figure == "" {
		return "Primary target override cleared", nil
	}
	return c.Figure + " is every adversary's primary target", nil
}

func init() {
	register(ResolveAdversaryTurn{}, ConfirmAdversaryTurn{}, OverrideAdversaryTurn{}, SetPrimaryTarget{})
}
