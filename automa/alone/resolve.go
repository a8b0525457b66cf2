package alone

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strings"

	"tablekeeper/automa"
)

// Seeded is the Rand that Resolve draws from: draw i of a seed is a pure
// function of the two (splitmix64 over a Weyl sequence), the same scheme as
// the tracker's campaign draws, so a situation file replays exactly.
type Seeded struct {
	Seed uint64
	Next uint64
}

// Intn returns the next draw in [0, n).
func (s *Seeded) Intn(n int) int {
	if n <= 0 {
		panic("alone.Seeded.Intn: n must be positive")
	}
	z := s.Seed + (s.Next+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	z ^= z >> 31
	s.Next++
	hi, _ := bits.Mul64(z, uint64(n))
	return int(hi)
}

// Decision points Resolve answers (spec §7.3, and the §7.1/§7.5
// computations the assist mode offers).
const (
	DecideEndOfTurn   = "endOfTurn"
	DecideInstant     = "instant"
	DecideAfterAttack = "afterAttacks"
	DecideNoise       = "noise"
	DecideAttackOrder = "attackOrder"
	DecideTurnEnd     = "turnEnd"
	DecideCompanion   = "companionRedirect"
	DecideDanger      = "dangerPlacement"
	DecideTileReuse   = "tileReuse"
	DecideHandRefill  = "handRefill"
	DecideRoll        = "roll"
	DecideLocate      = "locate"
	DecideSpawns      = "legalSpawns"
	DecideMoves       = "legalMoves"
	DecideHeroMove    = "heroMove"
	DecideExplore     = "explore"
	DecideRepairLCU   = "repairLCU"
	DecideEndOfRound  = "endOfRound"
	DecideHeroView    = "heroView"
)

var decisions = []string{DecideEndOfTurn, DecideInstant, DecideAfterAttack, DecideNoise, DecideAttackOrder, DecideTurnEnd, DecideCompanion, DecideDanger,
	DecideTileReuse, DecideHandRefill, DecideRoll, DecideLocate, DecideSpawns, DecideMoves,
	DecideHeroMove, DecideExplore, DecideRepairLCU, DecideEndOfRound, DecideHeroView}

// maxDice bounds a virtual roll: the box has 8 dice, and card bonuses stay
// far below this.
const maxDice = 50

// SituationFile is the JSON a resolve reads (RESOLVE.md documents it).
type SituationFile struct {
	Decision string        `json:"decision"`
	Mode     Mode          `json:"mode"`
	Seed     uint64        `json:"seed"`
	Settings Settings      `json:"settings"`
	Config   Config        `json:"config"`
	Map      *Map          `json:"map"`
	Hero     HeroState     `json:"hero"`
	Turn     int           `json:"turn"`
	Track    ReactionTrack `json:"reactionTrack"`
	Hand     *int          `json:"hand"`
	Goals    []string      `json:"goals"`
	// The Allowed-card mode (§7.4), when a Reaction card database is loaded.
	Cards       []ReactionCard `json:"cards"`
	Triggers    []Trigger      `json:"triggers"`
	ActionStart string         `json:"actionStart"`

	// Per decision point.
	Timing      string         `json:"timing"`          // instant
	NoiseSource string         `json:"noiseSource"`     // noise
	Modifiers   map[string]int `json:"attackModifiers"` // attackOrder
	Damage      *DamageEvent   `json:"damage"`          // companionRedirect
	DangerCount *int           `json:"dangerCount"`     // dangerPlacement (default: from the track)
	Shape       string         `json:"shape"`           // tileReuse
	Hands       *EvilHands     `json:"hands"`           // handRefill
	Dice        *int           `json:"dice"`            // roll
	Targets     []LocateTarget `json:"targets"`         // locate
	Types       []CreatureType `json:"types"`           // legalSpawns
	MSDModifier int            `json:"msdModifier"`     // legalSpawns
	Creature    string         `json:"creature"`        // legalMoves
	Range       *int           `json:"range"`           // legalMoves
	Direction   Dir            `json:"direction"`       // heroMove, explore, repairLCU
	Round       *RoundEnd      `json:"round"`           // endOfRound
}

// DamageEvent is one damage event for the Companion decision.
type DamageEvent struct {
	Kind DamageKind `json:"kind"`
	N    int        `json:"n"`
}

// Outcome is what Resolve writes.
type Outcome struct {
	Game     string `json:"game"`
	Decision string `json:"decision"`
	Mode     Mode   `json:"mode"`
	Seed     uint64 `json:"seed"`
	// Result is the decision or computation, shaped per decision point.
	Result any `json:"result"`
	// Communicate is what the Hero must be told now.
	Communicate []Message `json:"communicate,omitempty"`
	// HeroView is, in solo mode, the Labyrinth after the decision: all the
	// Hero may see. The trace and result are the Evil side's and stay
	// hidden from the Hero until the game ends.
	HeroView *Labyrinth   `json:"heroView,omitempty"`
	Trace    automa.Trace `json:"trace"`
	Warnings []string     `json:"warnings,omitempty"`
	// Draws is how many seeded draws the decision used.
	Draws uint64 `json:"draws"`
}

// ParseSituation reads and checks a situation file, with errors that say
// what is wrong and where.
func ParseSituation(data []byte) (*SituationFile, []string, error) {
	sf := &SituationFile{Settings: DefaultSettings(), Config: DefaultConfig(), Mode: Assist}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(sf); err != nil {
		return nil, nil, fmt.Errorf("situation file: %s", jsonWhere(data, err))
	}
	if dec.More() {
		return nil, nil, fmt.Errorf("situation file: there is more after the situation object ends (%s)", lineCol(data, dec.InputOffset()))
	}
	if err := sf.checkLimits(); err != nil {
		return nil, nil, fmt.Errorf("situation file: %w", err)
	}
	if sf.Decision == "" {
		return nil, nil, fmt.Errorf("situation file: \"decision\" is missing; use one of %s", strings.Join(decisions, ", "))
	}
	if !contains(decisions, sf.Decision) {
		return nil, nil, fmt.Errorf("situation file: decision %q is unknown; use one of %s", sf.Decision, strings.Join(decisions, ", "))
	}
	if sf.Mode != Solo && sf.Mode != Assist {
		return nil, nil, fmt.Errorf("situation file: mode %q is unknown; use solo or assist", sf.Mode)
	}
	if err := sf.Settings.Validate(); err != nil {
		return nil, nil, err
	}
	warnings, err := sf.Config.Validate()
	if err != nil {
		return nil, nil, err
	}
	if sf.Map == nil {
		return nil, nil, fmt.Errorf("situation file: \"map\" is missing")
	}
	if err := sf.Map.Validate(sf.Config); err != nil {
		return nil, nil, fmt.Errorf("map: %w", err)
	}
	if sf.Hero.Life < 0 || sf.Hero.SC < 0 || sf.Hero.Life > sf.Config.HealthMax || sf.Hero.SC > sf.Config.HealthMax {
		return nil, nil, fmt.Errorf("hero: Life %d and SC %d must be within 0..%d", sf.Hero.Life, sf.Hero.SC, sf.Config.HealthMax)
	}
	if sf.Hero.Companion < 0 || sf.Hero.Companion > 6 {
		return nil, nil, fmt.Errorf("hero: companion has %d Charges; a Companion has 0 to 6", sf.Hero.Companion)
	}
	return sf, warnings, nil
}

// Resolve reads a situation, makes the Evil decision (or computation) it
// asks for, and returns the result and its trace as indented JSON. It is the
// code behind `tablekeeper resolve alone FILE`.
func Resolve(situation []byte) ([]byte, error) {
	sf, warnings, err := ParseSituation(situation)
	if err != nil {
		return nil, err
	}
	out, err := sf.Decide()
	if err != nil {
		return nil, err
	}
	out.Warnings = append(warnings, out.Warnings...)
	return json.MarshalIndent(out, "", "  ")
}

// Decide runs the decision a parsed situation asks for.
func (sf *SituationFile) Decide() (*Outcome, error) {
	r := &Seeded{Seed: sf.Seed}
	out := &Outcome{Game: "alone", Decision: sf.Decision, Mode: sf.Mode, Seed: sf.Seed}
	m := sf.Map
	after := m
	sit := Situation{Map: m, Hero: sf.Hero, Turn: sf.Turn, Track: sf.Track, Hand: -1, Goals: sf.Goals, Config: sf.Config, Settings: sf.Settings,
		Cards: sf.Cards, Triggers: sf.Triggers, ActionStart: sf.ActionStart}
	if sf.Hand != nil {
		sit.Hand = *sf.Hand
	}
	var tr automa.Trace
	switch sf.Decision {
	case DecideEndOfTurn:
		d, t, err := EndOfTurn(sit, r)
		if err != nil {
			return nil, err
		}
		out.Result, out.Communicate, tr, after = d, d.Communicate, t, d.Map
	case DecideInstant:
		d, t, err := Instant(sit, sf.Timing, r)
		if err != nil {
			return nil, err
		}
		out.Result, out.Communicate, tr, after = d, d.Communicate, t, d.Map
	case DecideAfterAttack:
		d, t, err := AfterAttacks(sit, r)
		if err != nil {
			return nil, err
		}
		out.Result, out.Communicate, tr, after = d, d.Communicate, t, d.Map
	case DecideNoise:
		n, err := m.NoiseFrom(sf.NoiseSource)
		if err != nil {
			return nil, fmt.Errorf("noiseSource: %w", err)
		}
		msg := ChooseNoise(m, n, m.ObjectivePath(sf.Goals), &tr, r)
		out.Result = struct {
			Noise Noise   `json:"noise"`
			Said  Message `json:"said"`
		}{n, msg}
		if msg.Kind != "silence" {
			out.Communicate = []Message{msg}
		}
	case DecideAttackOrder:
		attacks := m.EndOfTurnAttacks(sf.Hero.Nightmare, sf.Modifiers, sf.Config)
		order, t := AttackOrder(attacks, sf.Settings, r)
		out.Result = struct {
			Attacks  []Attack `json:"attacks"`
			Combined bool     `json:"combined"`
		}{order, sf.Settings.CombineCreatureAttacks}
		tr = t
	case DecideTurnEnd:
		te, t := EndOfTurnSteps(m, sf.Hero.Nightmare, sf.Modifiers, sf.Config, sf.Settings, r)
		n := m.Clone()
		for _, id := range te.LightsOff {
			n.Sector(id).Lighted = false
		}
		for i := range n.Creatures {
			n.Creatures[i].Moved = false
		}
		out.Result, tr, after = te, t, n
	case DecideCompanion:
		if sf.Damage == nil {
			return nil, fmt.Errorf("damage: the companionRedirect decision needs {\"kind\": \"life\" or \"sc\", \"n\": points}")
		}
		if !sf.Damage.Kind.Valid() || sf.Damage.N < 0 {
			return nil, fmt.Errorf("damage: kind %q and n %d; kind is life or sc and n at least 0", sf.Damage.Kind, sf.Damage.N)
		}
		redirect, t := CompanionRedirect(sf.Damage.N, sf.Hero.Companion)
		res, err := ApplyDamage(Tracks{Life: sf.Hero.Life, SC: sf.Hero.SC}, sf.Damage.Kind, sf.Damage.N, redirect, sf.Hero.Companion)
		if err != nil {
			return nil, err
		}
		out.Result, tr = res, t
	case DecideDanger:
		n := sf.Track.DangerToPlace(sf.Config)
		if sf.DangerCount != nil {
			n = *sf.DangerCount
		}
		if n > 2*MaxDangerPerLevel {
			return nil, fmt.Errorf("dangerCount: %d Danger tokens cannot fit; the Map holds at most %d", n, 2*MaxDangerPerLevel)
		}
		p, t, err := PlaceDanger(m, n, sf.Goals, r)
		if err != nil {
			return nil, err
		}
		out.Result, tr, after = p, t, p.Map
	case DecideTileReuse:
		id, t, err := TileToReuse(m, sf.Shape, r)
		if err != nil {
			return nil, err
		}
		out.Result, tr = struct {
			Sector string `json:"sector"`
		}{id}, t
	case DecideHandRefill:
		if sf.Hands == nil {
			return nil, fmt.Errorf("hands: the handRefill decision needs the Evil players' hands and decks")
		}
		d, t, err := Refill(*sf.Hands, r)
		if err != nil {
			return nil, fmt.Errorf("hands: %w", err)
		}
		out.Result, tr = d, t
	case DecideRoll:
		if sf.Dice == nil || *sf.Dice < 0 || *sf.Dice > maxDice {
			return nil, fmt.Errorf("dice: the roll decision needs the number of dice, 0 to %d", maxDice)
		}
		roll, t := EvilRoll(*sf.Dice, m.HeroSector().Danger, sf.Config, r)
		out.Result, tr = roll, t
	case DecideLocate:
		a, err := m.LocateBoth(sf.Targets)
		if err != nil {
			return nil, fmt.Errorf("targets: %w", err)
		}
		out.Result = a
		for _, x := range a {
			out.Communicate = append(out.Communicate, Message{Kind: "locate", Say: x.Say})
		}
		tr.Add("alone §5.4 Locate (Locate Action EC p.13)", "shortest distance with Blocked Doors passable").Result = fmt.Sprintf("%s; %s", a[0].Say, a[1].Say)
	case DecideSpawns:
		out.Result = m.LegalSpawns(sf.Types, sf.MSDModifier, sf.Hero.Nightmare, sf.Config, sf.Settings)
		tr.Add("alone §4.5 Spawning (EC p.6)", "every Spawn legal by MSD, Level limit and tokens")
	case DecideMoves:
		rng := 1
		if sf.Range != nil {
			rng = *sf.Range
		}
		mv, err := m.LegalMoves(sf.Creature, rng, sf.Hero.Nightmare, sf.Config)
		if err != nil {
			return nil, fmt.Errorf("creature: %w", err)
		}
		out.Result = mv
		tr.Add("alone §6 A7 creature move legality (EC p.6–7)", "every destination within range %d, Blocked Doors costing 1 more", rng)
	case DecideHeroMove:
		hm, err := m.HeroMove(sf.Direction, sf.Hero.Nightmare, sf.Settings)
		if err != nil {
			return nil, fmt.Errorf("direction: %w", err)
		}
		out.Result, after = hm, hm.Map
		for _, s := range hm.Scares {
			out.Communicate = append(out.Communicate, Message{Kind: "scare", Creature: s.Creature, SC: s.SC,
				Say: fmt.Sprintf("A Creature is here: lose %d Self Control.", s.SC)})
		}
		tr.Add("alone §5.1 Move (Move Action EC p.12)", "Attack of Opportunity, Reveal, scares, Level change, A3").Result = fmt.Sprintf("%s → %s", hm.From, hm.To)
	case DecideExplore:
		ex, err := m.Explore(sf.Direction)
		if err != nil {
			return nil, fmt.Errorf("direction: %w", err)
		}
		n := m.Clone()
		for _, id := range ex.Revealed {
			n.RevealSector(id)
		}
		out.Result, after = ex, n
		tr.Add("alone §6 A4 Explore (Explore Action EC p.13)", "up to 2 Sectors in a straight line").Result = strings.Join(ex.Explored, ", ")
	case DecideRepairLCU:
		lr, err := m.RepairLCU(sf.Direction)
		if err != nil {
			return nil, fmt.Errorf("direction: %w", err)
		}
		n := m.Clone()
		for _, id := range lr.Lighted {
			n.Sector(id).Lighted = true
		}
		for _, id := range lr.Revealed {
			n.RevealSector(id)
		}
		out.Result, after = lr, n
		tr.Add("alone §6 A5 LCU lighting (Repairing Lights EC p.14)", "the LCU Sector and up to 2 more in a line, then A3").Result = strings.Join(lr.Lighted, ", ")
	case DecideEndOfRound:
		if sf.Round == nil {
			return nil, fmt.Errorf("round: the endOfRound computation needs the Hero's tracks, Round marker and Adrenaline")
		}
		res, err := EndOfRound(m, *sf.Round, sf.Config, sf.Settings)
		if err != nil {
			return nil, fmt.Errorf("round: %w", err)
		}
		n := m.Clone()
		for _, id := range res.LabyrinthRemove {
			n.UnrevealSector(id)
		}
		out.Result, after = res, n
		tr.Add("alone §6 T2 End of the Round (EC p.16–17)", "Danger count, Labyrinth cleanup, Adrenaline, Nightmare loss, Round marker").Result =
			fmt.Sprintf("%d Danger token(s) to place; Round marker to space %d", res.DangerToPlace, res.RoundMarker)
	case DecideHeroView:
		v := m.HeroView()
		out.Result = v
	}
	if sf.Mode == Solo {
		v := after.HeroView()
		out.HeroView = &v
	}
	out.Trace, out.Draws = tr, r.Next
	return out, nil
}

// jsonWhere turns a JSON error into words with a line and column.
func jsonWhere(data []byte, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("%v (%s)", err, lineCol(data, se.Offset))
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "the file"
		}
		return fmt.Sprintf("%s should be %s, not a JSON %s (%s)", field, te.Type, te.Value, lineCol(data, te.Offset))
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the file is empty or ends too soon"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func lineCol(data []byte, off int64) string {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("line %d, column %d", line, col)
}
