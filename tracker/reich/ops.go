package reich

import (
	"fmt"
	"slices"

	"tablekeeper/automa"
	ai "tablekeeper/automa/reich"
	"tablekeeper/automa/reich/content"
)

// An Op is one small change to the state, carried by an event. Decide works
// a command out into ops on a copy of the state; Apply applies the same ops,
// so a replay gives the same state without rolling or re-deciding anything.
type Op struct {
	Op string `json:"op"`

	Unit  string            `json:"unit,omitempty"`
	Code  string            `json:"code,omitempty"`
	Area  string            `json:"area,omitempty"`
	Room  string            `json:"room,omitempty"`
	Door  string            `json:"door,omitempty"`
	Token string            `json:"token,omitempty"`
	Deck  string            `json:"deck,omitempty"`
	N     int               `json:"n,omitempty"`
	Flag  bool              `json:"flag,omitempty"`
	Icons []content.Level   `json:"icons,omitempty"`
	Level content.Awareness `json:"level,omitempty"`
	State content.DoorState `json:"state,omitempty"`

	Hero     *Hero           `json:"hero,omitempty"`
	Flow     *Flow           `json:"flow,omitempty"`
	Tracker  *Tracker        `json:"tracker,omitempty"`
	Cards    *Deck           `json:"cards,omitempty"`
	HP       *HPPools        `json:"hp,omitempty"`
	End      *MissionEnd     `json:"end,omitempty"`
	Mission  *Mission        `json:"mission,omitempty"`
	Campaign *CampaignRecord `json:"campaign,omitempty"`
	Library  *Library        `json:"library,omitempty"`
	Settings *Settings       `json:"settings,omitempty"`
	Rooms    map[string]bool `json:"rooms,omitempty"`
	Pending  []PendingAttack `json:"pending,omitempty"`
	Paused   *EnemyPause     `json:"paused,omitempty"`
	HPDraws  []HPDraw        `json:"hpDraws,omitempty"`
	// Sightings are the players' lines of sight still holding (opSightings).
	Sightings []ai.LOSAnswer `json:"sightings,omitempty"`
}

// Op kinds.
const (
	opUnitPlace   = "unit.place"
	opUnitRemove  = "unit.remove"
	opUnitMove    = "unit.move"
	opUnitWounds  = "unit.wounds"
	opUnitSide    = "unit.side"
	opAware       = "awareness"
	opSightRaised = "sightRaised"
	opDoor        = "door"
	opTokenAdd    = "token.add"
	opTokenRemove = "token.remove"
	opTokenIcons  = "token.icons"
	opTokenFlip   = "token.cleared"
	opCleared     = "cleared"
	opSuppressed  = "suppressed"
	opObscured    = "obscured"
	opFeature     = "feature"
	opPacified    = "pacified"
	opTracker     = "tracker"
	opFlow        = "flow"
	opDeck        = "deck"
	opHero        = "hero"
	opHP          = "hp"
	opEnd         = "end"
	opMission     = "mission"
	opNoMission   = "mission.close"
	opCampaign    = "campaign"
	opLibrary     = "library"
	opSettings    = "settings"
	opPending     = "pending"
	opUnitEscort  = "unit.escort"
	opBiscuits    = "biscuits"
	opEnvironment = "environment"
	opPortal      = "portal"
	opPaused      = "enemy.paused" // Paused: where a paused enemy turn stands; none: it is over
	opSightings   = "sightings"    // Sightings: the players' lines of sight that still hold
	opDrawBy      = "drawBy"       // Deck ("spawn", "noise", "postNoise", "hp", "turnOrder") drawn by the players (Flag) or the app
	opHPDraws     = "hp.draws"     // HPDraws: the heroism points earned and not yet drawn by the players
)

// Flow is where the round stands (spec §3.1 currentTurn and friends).
type Flow struct {
	Phase          string   `json:"phase"`
	Round          int      `json:"round"`
	Step           string   `json:"step"`
	TurnOrder      []string `json:"turnOrder,omitempty"`
	Dealt          bool     `json:"dealt,omitempty"`
	TurnIndex      int      `json:"turnIndex"`
	Current        string   `json:"current,omitempty"`
	LastHero       string   `json:"lastHero,omitempty"`
	FreeActionUsed bool     `json:"freeActionUsed,omitempty"`
	EnemyDone      bool     `json:"enemyDone,omitempty"`
}

// HPPools are the shared heroism points and the face-down supply.
type HPPools struct {
	Shared []string `json:"shared,omitempty"`
	Supply []string `json:"supply,omitempty"`
}

// MissionEnd is how the mission ended (spec §5.7).
type MissionEnd struct {
	Ended   bool   `json:"ended"`
	Result  string `json:"result,omitempty"`
	Success bool   `json:"success,omitempty"`
	Failed  string `json:"failed,omitempty"`
	Row     int    `json:"row,omitempty"`
}

func (m *Mission) flow() *Flow {
	return &Flow{Phase: m.Phase, Round: m.Round, Step: m.Step, TurnOrder: slices.Clone(m.TurnOrder), Dealt: m.Dealt,
		TurnIndex: m.TurnIndex, Current: m.Current, LastHero: m.LastHero, FreeActionUsed: m.FreeActionUsed, EnemyDone: m.EnemyDone}
}

func (m *Mission) deck(name string) (*Deck, error) {
	switch name {
	case "spawn":
		return &m.SpawnDeck, nil
	case "noise":
		return &m.NoiseDeck, nil
	case "postNoise":
		return &m.PostNoise, nil
	}
	return nil, fmt.Errorf("no deck %q", name)
}

func setFlag(m *map[string]bool, key string, on bool) {
	if on {
		if *m == nil {
			*m = map[string]bool{}
		}
		(*m)[key] = true
	} else {
		delete(*m, key)
	}
}

// applyOp applies one op. An error means the event does not fit the state:
// a corrupt or foreign log, never a rule refusal.
func applyOp(s *State, op Op) error {
	switch op.Op {
	case opCampaign:
		if op.Campaign == nil {
			return fmt.Errorf("campaign op without a record")
		}
		s.Campaign = *op.Campaign
		return nil
	case opLibrary:
		if op.Library == nil {
			return fmt.Errorf("library op without content")
		}
		s.Library = *op.Library
		return nil
	case opSettings:
		if op.Settings == nil {
			return fmt.Errorf("settings op without settings")
		}
		s.Settings = *op.Settings
		return nil
	case opMission:
		if op.Mission == nil {
			return fmt.Errorf("mission op without a mission")
		}
		s.Mission = op.Mission
		return nil
	case opNoMission:
		s.Mission = nil
		return nil
	}
	m := s.Mission
	if m == nil {
		return fmt.Errorf("%s: no mission is in play", op.Op)
	}
	switch op.Op {
	case opUnitPlace:
		if m.unit(op.Unit) != nil {
			return fmt.Errorf("unit %s is already on the map", op.Unit)
		}
		m.Units = append(m.Units, Unit{ID: op.Unit, Code: op.Code, Area: op.Area})
		if m.Placed == nil {
			m.Placed = map[string]int{}
		}
		m.Placed[op.Code]++
		m.NextID++
	case opUnitRemove:
		i := slices.IndexFunc(m.Units, func(u Unit) bool { return u.ID == op.Unit })
		if i < 0 {
			return fmt.Errorf("unit %s is not on the map", op.Unit)
		}
		m.Units = slices.Delete(m.Units, i, i+1)
	case opUnitMove, opUnitWounds, opUnitSide, opUnitEscort:
		u := m.unit(op.Unit)
		if u == nil {
			return fmt.Errorf("unit %s is not on the map", op.Unit)
		}
		switch op.Op {
		case opUnitMove:
			u.Area = op.Area
		case opUnitWounds:
			u.Wounds = op.N
		case opUnitEscort:
			u.EscortedBy = op.Code
		default:
			u.Side = op.N
		}
	case opAware:
		if m.Awareness == nil {
			m.Awareness = map[string]content.Awareness{}
		}
		if op.Level == content.AtEase {
			delete(m.Awareness, op.Room)
		} else {
			m.Awareness[op.Room] = op.Level
		}
	case opSightRaised:
		if op.Room == "" {
			m.SightRaised = nil
		} else {
			setFlag(&m.SightRaised, op.Room, op.Flag)
		}
	case opDoor:
		if m.Doors == nil {
			m.Doors = map[string]content.DoorState{}
		}
		m.Doors[op.Door] = op.State
	case opTokenAdd:
		if m.token(op.Token) != nil {
			return fmt.Errorf("spawn token %s is already on the map", op.Token)
		}
		m.Tokens = append(m.Tokens, Token{ID: op.Token, Area: op.Area, Icons: op.Icons, Patrol: op.Flag})
		m.NextID++
	case opTokenRemove:
		i := slices.IndexFunc(m.Tokens, func(t Token) bool { return t.ID == op.Token })
		if i < 0 {
			return fmt.Errorf("spawn token %s is not on the map", op.Token)
		}
		m.Tokens = slices.Delete(m.Tokens, i, i+1)
	case opTokenIcons, opTokenFlip:
		t := m.token(op.Token)
		if t == nil {
			return fmt.Errorf("spawn token %s is not on the map", op.Token)
		}
		if op.Op == opTokenIcons {
			t.Icons = op.Icons
		} else {
			t.Cleared = op.Flag
		}
	case opCleared:
		setFlag(&m.Cleared, op.Room, op.Flag)
	case opSuppressed:
		if op.Area == "" {
			m.Suppressed = nil
		} else {
			setFlag(&m.Suppressed, op.Area, op.Flag)
		}
	case opObscured:
		setFlag(&m.Obscured, op.Area, op.Flag)
	case opEnvironment:
		if op.Code == "" {
			delete(m.Environment, op.Area)
		} else {
			if m.Environment == nil {
				m.Environment = map[string]string{}
			}
			m.Environment[op.Area] = op.Code
		}
	case opPortal:
		m.Portal = &Portal{Area: op.Area, Tokens: op.N}
	case opBiscuits:
		if op.Area == "" {
			m.Biscuits = nil
		} else {
			setFlag(&m.Biscuits, op.Area, op.Flag)
		}
	case opFeature:
		setFlag(&m.Features, op.Code, op.Flag)
	case opPacified:
		m.Pacified = op.Rooms
	case opPending:
		m.Pending = op.Pending
	case opPaused:
		m.Paused = op.Paused
	case opSightings:
		m.Sightings = op.Sightings
	case opTracker:
		if op.Tracker == nil {
			return fmt.Errorf("tracker op without a tracker")
		}
		m.Tracker = *op.Tracker
	case opFlow:
		f := op.Flow
		if f == nil {
			return fmt.Errorf("flow op without a flow")
		}
		m.Phase, m.Round, m.Step, m.TurnOrder, m.Dealt = f.Phase, f.Round, f.Step, f.TurnOrder, f.Dealt
		m.TurnIndex, m.Current, m.LastHero, m.FreeActionUsed, m.EnemyDone = f.TurnIndex, f.Current, f.LastHero, f.FreeActionUsed, f.EnemyDone
	case opDeck:
		d, err := m.deck(op.Deck)
		if err != nil {
			return err
		}
		if op.Cards == nil {
			return fmt.Errorf("deck op without cards")
		}
		*d = *op.Cards
	case opHero:
		if op.Hero == nil {
			return fmt.Errorf("hero op without a hero")
		}
		h := m.hero(op.Hero.ID)
		if h == nil {
			return fmt.Errorf("hero %s is not in this mission", op.Hero.ID)
		}
		*h = *op.Hero
	case opDrawBy:
		switch op.Deck {
		case "hp":
			m.HPByPlayers = op.Flag
			return nil
		case "turnOrder":
			m.TurnOrderByPlayers = op.Flag
			return nil
		}
		d, err := m.deck(op.Deck)
		if err != nil {
			return err
		}
		d.ByPlayers = op.Flag
	case opHPDraws:
		m.HPDraws = op.HPDraws
	case opHP:
		if op.HP == nil {
			return fmt.Errorf("hp op without pools")
		}
		m.HPShared, m.HPSupply = op.HP.Shared, op.HP.Supply
	case opEnd:
		if op.End == nil {
			return fmt.Errorf("end op without an ending")
		}
		m.Ended, m.Result, m.Success, m.Failed, m.Row = op.End.Ended, op.End.Result, op.End.Success, op.End.Failed, op.End.Row
		if m.Ended {
			m.Phase = PhaseEnded
		}
	default:
		return fmt.Errorf("unknown change %q", op.Op)
	}
	return nil
}

// tx is a command being decided: a working copy of the state, the ops made
// so far (each applied to the copy at once, so later rules see earlier
// changes) and the diary lines.
type tx struct {
	s      *State
	ops    []Op
	lines  []string
	trace  []TraceLine
	reason string
	enemy  *EnemySummary
	// shown is the trace line (from 0) of the change the decision's card
	// shows first, and its rank (shownRank); -1 before any.
	shown, shownRank int
	err              error
}

func newTx(s *State) *tx { return &tx{s: s.clone(), shown: -1} }

func (t *tx) do(op Op) {
	if t.err != nil {
		return
	}
	if err := applyOp(t.s, op); err != nil {
		t.err = err
		return
	}
	t.ops = append(t.ops, op)
}

func (t *tx) say(format string, args ...any) { t.lines = append(t.lines, fmt.Sprintf(format, args...)) }

// m is the mission on the working copy.
func (t *tx) m() *Mission { return t.s.Mission }

// hero records a changed dashboard: f edits a copy of the hero.
func (t *tx) hero(id string, f func(h *Hero)) {
	h := t.m().hero(id)
	if h == nil {
		t.err = fmt.Errorf("hero %s is not in this mission", id)
		return
	}
	c := cloneHero(*h)
	f(&c)
	t.do(Op{Op: opHero, Hero: &c})
}

func (t *tx) flow(f func(fl *Flow)) {
	fl := t.m().flow()
	f(fl)
	t.do(Op{Op: opFlow, Flow: fl})
}

func (t *tx) tracker(f func(tr *Tracker)) {
	tr := t.m().Tracker
	tr.PreColours, tr.PostColours = slices.Clone(tr.PreColours), slices.Clone(tr.PostColours)
	f(&tr)
	t.do(Op{Op: opTracker, Tracker: &tr})
}

func (t *tx) deck(name string, f func(d *Deck)) {
	d, err := t.m().deck(name)
	if err != nil {
		t.err = err
		return
	}
	c := Deck{Draw: slices.Clone(d.Draw), Discard: slices.Clone(d.Discard), Removed: slices.Clone(d.Removed), ByPlayers: d.ByPlayers}
	f(&c)
	t.do(Op{Op: opDeck, Deck: name, Cards: &c})
}

func (t *tx) hp(f func(p *HPPools)) {
	p := HPPools{Shared: slices.Clone(t.m().HPShared), Supply: slices.Clone(t.m().HPSupply)}
	f(&p)
	t.do(Op{Op: opHP, HP: &p})
}

func (t *tx) campaign(f func(c *CampaignRecord)) {
	c := t.s.clone().Campaign
	f(&c)
	t.do(Op{Op: opCampaign, Campaign: &c})
}

func cloneHero(h Hero) Hero {
	h.Skills = slices.Clone(h.Skills)
	h.Items = slices.Clone(h.Items)
	h.HP = slices.Clone(h.HP)
	h.Wounds = slices.Clone(h.Wounds)
	if h.Turn.Kills != nil {
		k := map[string]int{}
		for r, n := range h.Turn.Kills {
			k[r] = n
		}
		h.Turn.Kills = k
	}
	return h
}

// TraceLine is one step of an enemy decision's explanation, kept in the
// event: the rule, what it found and what it decided.
type TraceLine struct {
	Rule     string `json:"rule"`
	Text     string `json:"text"`
	TieBreak string `json:"tieBreak,omitempty"`
	Result   string `json:"result,omitempty"`
}

func (t *tx) keepTrace(tr automa.Trace) {
	for _, st := range tr.Steps {
		t.trace = append(t.trace, TraceLine{Rule: st.Rule, Text: st.Text, TieBreak: st.TieBreak, Result: st.Result})
	}
}

// Payload is what every Reichbusters event carries: the diary line, the
// reason given for an override or correction, the enemy decision's trace
// summary, and the ops.
type Payload struct {
	Summary string      `json:"summary"`
	Lines   []string    `json:"lines,omitempty"`
	Reason  string      `json:"reason,omitempty"`
	Trace   []TraceLine `json:"trace,omitempty"`
	// Enemy sums up what the enemy's decisions did, for the map picture:
	// the units placed, moved and removed and the attacks made.
	Enemy *EnemySummary `json:"enemy,omitempty"`
	Ops   []Op          `json:"ops"`
	// Rules is the rules revision the event was decided under (rulesRev);
	// absent in older events. Apply replays the recorded ops, never the
	// rules, so a rule changed later cannot change how an old log replays;
	// the revision says which rules decided it.
	Rules int `json:"rules,omitempty"`
}

// rulesRev is the revision of the rules new events are decided under:
//
//	1: issue 15: a sighting in an enemy turn raises awareness at once
//	   (§7.3, house rule sightWaitsForPhase4 for the old reading); heroism
//	   points record the target number as the test's total (§6.5.2); the
//	   decks the players draw (§1 item 5); skill hand-over.
//	2: issue 23: sight that walls and closed doors settle is never asked;
//	   an answered line of sight is remembered while nothing between its
//	   areas changes (Mission.Sightings).
const rulesRev = 2

// EnemySummary is what an enemy decision did to the board.
type EnemySummary struct {
	Placed  []UnitAt        `json:"placed,omitempty"`
	Moved   []UnitMove      `json:"moved,omitempty"`
	Removed []UnitAt        `json:"removed,omitempty"`
	Tokens  []string        `json:"tokens,omitempty"` // spawn tokens placed
	Attacks []PendingAttack `json:"attacks,omitempty"`
	// Step is the line of the trace (from 1; 0: not known) that made the
	// change the decision's card shows first: the step its Why names.
	Step int `json:"step,omitempty"`
}

// UnitAt is a unit in an area.
type UnitAt struct {
	Unit string `json:"unit"`
	Code string `json:"code,omitempty"`
	Area string `json:"area"`
}

// UnitMove is a unit's step.
type UnitMove struct {
	Unit string `json:"unit"`
	From string `json:"from"`
	To   string `json:"to"`
}
