package alone

import (
	"fmt"
	"math"
)

// DamageKind is Life or Self Control damage (§3.2).
type DamageKind string

// The two kinds of damage.
const (
	LifeDamage DamageKind = "life"
	SCDamage   DamageKind = "sc"
)

// Valid says whether k is a kind of damage.
func (k DamageKind) Valid() bool { return k == LifeDamage || k == SCDamage }

// Tracks is the Hero's two health tracks.
type Tracks struct {
	Life int `json:"life"`
	SC   int `json:"sc"`
}

// Defeated says whether both tracks are at 0 (§2.8).
func (t Tracks) Defeated() bool { return t.Life == 0 && t.SC == 0 }

// DamageResult is what one damage event does (spec A9).
type DamageResult struct {
	Before Tracks `json:"before"`
	After  Tracks `json:"after"`
	// Kind is the damage's original kind, which it keeps for every rule
	// even where it overflowed (§3.2 item 2); Reactions watch it.
	Kind DamageKind `json:"kind"`
	// Overflow is the points that fell on the other track.
	Overflow int `json:"overflow"`
	// Lost is the points with nowhere to go (both tracks at 0).
	Lost int `json:"lost"`
	// Redirected: the whole event went to the Companion (§3.7).
	Redirected         bool `json:"redirected"`
	CompanionBefore    int  `json:"companionBefore,omitempty"`
	CompanionAfter     int  `json:"companionAfter,omitempty"`
	CompanionDiscarded bool `json:"companionDiscarded,omitempty"`
	Defeated           bool `json:"defeated"`
}

// ApplyDamage is spec A9: n points of one kind. With redirect the whole event
// goes to the Companion (never split, §3.7), 1 Charge a point, the rest lost
// (AMB-12). Otherwise point by point: the matching track, or the other one
// once it is at 0; defeat when both reach 0, and the remaining points stop.
func ApplyDamage(t Tracks, kind DamageKind, n int, redirect bool, companion int) (DamageResult, error) {
	r := DamageResult{Before: t, After: t, Kind: kind}
	if !kind.Valid() {
		return r, fmt.Errorf("damage kind %q is not life or sc", kind)
	}
	if n < 0 {
		return r, fmt.Errorf("damage cannot be negative (%d)", n)
	}
	if redirect {
		if companion <= 0 {
			return r, fmt.Errorf("there is no Companion with Charges to take the damage")
		}
		r.Redirected, r.CompanionBefore = true, companion
		r.CompanionAfter = max(0, companion-n)
		r.CompanionDiscarded = r.CompanionAfter == 0
		r.Defeated = t.Defeated()
		return r, nil
	}
	cur := &r.After
	own, other := &cur.Life, &cur.SC
	if kind == SCDamage {
		own, other = &cur.SC, &cur.Life
	}
	applied := 0
	for ; applied < n && !cur.Defeated(); applied++ {
		if *own > 0 {
			*own--
		} else {
			*other--
			r.Overflow++
		}
	}
	// Points left once both tracks are at 0 have nowhere to go.
	r.Lost = n - applied
	r.Defeated = cur.Defeated()
	return r, nil
}

// HealingCapAt is the cap with the Round marker on space i (§2.3; 0 is the
// final space).
func (c Config) HealingCapAt(space int) (int, error) {
	if space < 0 || space >= len(c.HealingCap) {
		return 0, fmt.Errorf("the Round marker is on space %d, but the Round track has spaces 0..%d", space, len(c.HealingCap)-1)
	}
	return c.HealingCap[space], nil
}

// Recover is spec A10: v' = max(v, min(v+n, cap)). A track at or above the
// cap gains nothing and is not lowered (V2).
func Recover(v, n, cap int) int {
	return max(v, min(v+n, cap))
}

// AdrenalineRefill is §3.4 / T2 step 4: the pool is set to the Adrenaline
// track value at min(Life, SC), plus 1 with Cold Blood. It is set, never
// added (V6), and a bigger pool is set down to it (AMB-17).
func (c Config) AdrenalineRefill(t Tracks, coldBlood bool) (int, error) {
	v := min(t.Life, t.SC)
	if v < 0 || v >= len(c.AdrenalineTrack) {
		return 0, fmt.Errorf("min(Life, SC) = %d is outside the Adrenaline track 0..%d", v, len(c.AdrenalineTrack)-1)
	}
	p := c.AdrenalineTrack[v]
	if coldBlood {
		p++
	}
	return p, nil
}

// RoundMarkerGain is §2.3 item 3: gaining n Rounds moves the marker right,
// clamped at the rightmost space (AMB-3). Nightmare is unchanged.
func (c Config) RoundMarkerGain(space, n int) int {
	return min(space+n, len(c.HealingCap)-1)
}

// TurnState is the per-Turn bookkeeping T1 checks against (§3.1 turnFlags).
type TurnState struct {
	Turn            int  `json:"turn"` // 1..8
	Adrenaline      int  `json:"adrenaline"`
	RecoverUsed     bool `json:"recoverUsed"`
	BulletTimeUsed  bool `json:"bulletTime"`
	ActionsDeclared int  `json:"actionsDeclared"`
	// ItemActions is the extra Actions Items granted this Turn.
	ItemActions     int `json:"itemActions"`
	ReactionsPlayed int `json:"reactionsPlayed"`
}

// TurnsPerRound is fixed (§2.2).
const TurnsPerRound = 8

// CheckTurn is V7: the Turn is 1..8; a 9th needs End-of-Round first.
func CheckTurn(turn int) error {
	if turn < 1 || turn > TurnsPerRound {
		return fmt.Errorf("turn %d does not exist: a Round has Turns 1 to %d, then the End of the Round", turn, TurnsPerRound)
	}
	return nil
}

// CheckAdrenaline is V4 and V5 for spending 1 Adrenaline at the start of a
// Turn, on Recover (bulletTime false) or Bullet Time.
func (ts TurnState) CheckAdrenaline(bulletTime bool) error {
	switch {
	case ts.ActionsDeclared > 0:
		return fmt.Errorf("Adrenaline is spent only at the start of a Turn, before the first Action is declared")
	case ts.Adrenaline < 1:
		return fmt.Errorf("the Adrenaline pool is empty")
	case bulletTime && ts.BulletTimeUsed:
		return fmt.Errorf("Bullet Time was already triggered this Turn")
	case !bulletTime && ts.RecoverUsed:
		return fmt.Errorf("Adrenaline was already spent on Recover this Turn")
	}
	return nil
}

// CheckRecoverSpend is V3 (a DESIGN rule): a Recover that heals 0 is refused.
func CheckRecoverSpend(v, cap int) error {
	if Recover(v, 1, cap) == v {
		return fmt.Errorf("the track is at %d and the Healing Cap is %d: Recover would heal nothing", v, cap)
	}
	return nil
}

// MaxActions is the Actions the Turn allows, not counting Item extras: 2
// with Bullet Time, else 1 (§2.2, V8).
func (ts TurnState) MaxActions() int {
	if ts.BulletTimeUsed {
		return 2
	}
	return 1
}

// CheckDeclareAction is V8 for declaring one more Action.
func (ts TurnState) CheckDeclareAction(itemGranted bool) error {
	if itemGranted {
		if ts.ItemActions < 1 {
			return fmt.Errorf("no Item granted an extra Action this Turn")
		}
		return nil
	}
	if ts.ActionsDeclared >= ts.MaxActions() {
		if ts.BulletTimeUsed {
			return fmt.Errorf("Bullet Time gives 2 Actions, and both are declared")
		}
		return fmt.Errorf("a Turn has 1 Action unless Bullet Time is triggered at its start")
	}
	return nil
}

// CheckEndTurn is V8: a Turn has at least 1 Action.
func (ts TurnState) CheckEndTurn() error {
	if ts.ActionsDeclared < 1 {
		return fmt.Errorf("the Turn cannot end without an Action")
	}
	return nil
}

// ReactionTrack is the Reaction Track of one Round (§4.2): the spaces the
// cards cover, from the left.
type ReactionTrack struct {
	// Used is the spaces covered so far this Round.
	Used int `json:"used"`
	// PlayedThisTurn is the Reaction cards played this Turn (0..2).
	PlayedThisTurn int `json:"playedThisTurn"`
}

// MaxReactionsPerTurn is the Reaction limit per Turn, all Evil players
// together, Bullet Time or not (§4.2 item 2).
const MaxReactionsPerTurn = 2

// Free is the uncovered spaces.
func (t ReactionTrack) Free(cfg Config) int { return max(0, cfg.ReactionSpaces-t.Used) }

// FreeNoDanger is the uncovered spaces that show no Danger symbol.
func (t ReactionTrack) FreeNoDanger(cfg Config) int {
	n := 0
	for i := t.Used; i < cfg.ReactionSpaces; i++ {
		if !containsInt(cfg.DangerSpaces, i) {
			n++
		}
	}
	return n
}

// NoDangerTotal is the spaces without a Danger symbol on the whole track.
func (cfg Config) NoDangerTotal() int {
	n := 0
	for i := 0; i < cfg.ReactionSpaces; i++ {
		if !containsInt(cfg.DangerSpaces, i) {
			n++
		}
	}
	return n
}

// CoversDanger says whether the next card would cover a space showing a
// Danger symbol.
func (t ReactionTrack) CoversDanger(cfg Config) bool {
	for i := t.Used; i < t.Used+t.NextCost(); i++ {
		if containsInt(cfg.DangerSpaces, i) {
			return true
		}
	}
	return false
}

// NextCost is the spaces the next card would cover: 1 for a Turn's first
// card, 2 for a combo (§4.2 item 3).
func (t ReactionTrack) NextCost() int {
	if t.PlayedThisTurn == 0 {
		return 1
	}
	return 2
}

// CheckPlay is V13 and V14 for one more Reaction now: an Action declared,
// fewer than 2 this Turn, and the spaces free.
func (t ReactionTrack) CheckPlay(actionDeclared bool, cfg Config) error {
	switch {
	case !actionDeclared:
		return fmt.Errorf("Reactions come only after the Hero declares an Action")
	case t.PlayedThisTurn >= MaxReactionsPerTurn:
		return fmt.Errorf("the Evil side already played %d Reactions this Turn, the most allowed", MaxReactionsPerTurn)
	case t.PlayedThisTurn == 0 && t.Free(cfg) < 1:
		return fmt.Errorf("the Reaction Track is full: no more Reactions this Round")
	case t.PlayedThisTurn == 1 && t.Free(cfg) < 2:
		return fmt.Errorf("a combo covers 2 spaces, and only %d is free", t.Free(cfg))
	}
	return nil
}

// Play returns the track after one more card.
func (t ReactionTrack) Play() ReactionTrack {
	t.Used += t.NextCost()
	t.PlayedThisTurn++
	return t
}

// DangerToPlace is §4.11 item 3 / T2 step 1: 1 for the symbol off the end
// of the track plus each Danger symbol still uncovered.
func (t ReactionTrack) DangerToPlace(cfg Config) int {
	n := 1
	for _, d := range cfg.DangerSpaces {
		if d >= t.Used {
			n++
		}
	}
	return n
}

// pacingBudget is the §7.4 pacing: the spaces the Evil side may have spent
// by Turn t, ceil(NDtotal × t / 8) scaled by the aggression knob.
func pacingBudget(cfg Config, turn int, set Settings) int {
	return int(math.Ceil(float64(cfg.NoDangerTotal()) * float64(turn) / TurnsPerRound * set.pacingScale()))
}

// RoundEnd is the input of the End-of-Round computation (T2).
type RoundEnd struct {
	Tracks      Tracks        `json:"tracks"`
	RoundMarker int           `json:"roundMarker"`
	Nightmare   bool          `json:"nightmare"`
	ColdBlood   bool          `json:"coldBlood"`
	Adrenaline  int           `json:"adrenaline"`
	Track       ReactionTrack `json:"reactionTrack"`
	// FinalMissionDone is whether the Final Mission was completed in the
	// same resolution step (AMB-20).
	FinalMissionDone bool `json:"finalMissionDone,omitempty"`
}

// RoundEndResult is every change T2 computes; the tracker applies them in
// step order. Evil choices (hands, Danger placement) are separate decisions.
type RoundEndResult struct {
	DangerToPlace      int           `json:"dangerToPlace"`           // step 1
	LabyrinthRemove    []string      `json:"labyrinthRemove"`         // step 2
	Adrenaline         int           `json:"adrenaline"`              // step 4
	AdrenalineTaken    int           `json:"adrenalineFromReserve"`   // step 4, tokens drawn from the reserve
	NightmareLoss      *DamageResult `json:"nightmareLoss,omitempty"` // step 7
	Tracks             Tracks        `json:"tracks"`
	Defeated           bool          `json:"defeated"`
	Won                bool          `json:"won"`
	RoundMarker        int           `json:"roundMarker"`        // step 8
	NightmareTriggered bool          `json:"nightmareTriggered"` // step 8
	Nightmare          bool          `json:"nightmare"`
	HealingCap         int           `json:"healingCap"`
	// DangerSectors is where step 6 may place Danger, on the Map after the
	// Labyrinth cleanup (for the End-of-Round wizard, §7.5).
	DangerSectors []string `json:"dangerSectors,omitempty"`
}

// EndOfRound is spec T2 as a computation on values: the Danger count, the
// Labyrinth cleanup, the Adrenaline refill, the Nightmare SC loss in step 7
// (AMB-1, AMB-2), the defeat check, and the Round marker's move with the
// Nightmare trigger in step 8.
func EndOfRound(m *Map, in RoundEnd, cfg Config, set Settings) (RoundEndResult, error) {
	var r RoundEndResult
	if in.RoundMarker < 0 || in.RoundMarker >= len(cfg.HealingCap) {
		return r, fmt.Errorf("the Round marker is on space %d, but the Round track has spaces 0..%d", in.RoundMarker, len(cfg.HealingCap)-1)
	}
	if in.Tracks.Life < 0 || in.Tracks.SC < 0 || in.Tracks.Life > cfg.HealthMax || in.Tracks.SC > cfg.HealthMax {
		return r, fmt.Errorf("Life %d and SC %d must be within 0..%d", in.Tracks.Life, in.Tracks.SC, cfg.HealthMax)
	}
	r.DangerToPlace = in.Track.DangerToPlace(cfg)
	if m != nil {
		_, r.LabyrinthRemove = m.LabyrinthCleanup()
		after := m.Clone()
		for _, id := range r.LabyrinthRemove {
			after.UnrevealSector(id)
		}
		for _, id := range after.LegalDangerSectors() {
			if after.DangerOnLevel(after.Sector(id).Level) < MaxDangerPerLevel {
				r.DangerSectors = append(r.DangerSectors, id)
			}
		}
	}
	pool, err := cfg.AdrenalineRefill(in.Tracks, in.ColdBlood)
	if err != nil {
		return r, err
	}
	r.Adrenaline, r.AdrenalineTaken = pool, max(0, pool-in.Adrenaline)
	r.Tracks = in.Tracks
	// Step 8's trigger happens after step 7, so the Round that triggers
	// Nightmare loses nothing unless the option says so (AMB-1).
	marker := max(0, in.RoundMarker-1)
	triggers := !in.Nightmare && marker == 0
	if in.Nightmare || (triggers && set.NightmareLossOnTriggerRound) {
		d, _ := ApplyDamage(r.Tracks, SCDamage, 2, false, 0)
		r.NightmareLoss, r.Tracks = &d, d.After
	}
	r.Won = in.FinalMissionDone
	r.Defeated = r.Tracks.Defeated() && !(r.Won && set.WinCheckFirst)
	if r.Defeated {
		r.Won = false
	}
	r.RoundMarker, r.NightmareTriggered = marker, triggers
	r.Nightmare = in.Nightmare || triggers
	r.HealingCap = cfg.HealingCap[marker]
	return r, nil
}

// MidGameRewards is §2.7: what triggering the Final Mission gives at each
// Difficulty, in order: the Round first, then the recovery capped by the
// new Healing Cap. choice is "life" or "sc" where the Hero picks one.
func MidGameRewards(difficulty string, t Tracks, marker int, choice DamageKind, cfg Config) (Tracks, int, error) {
	gain, both, heal := 0, false, true
	switch difficulty {
	case "easy":
		gain, both = 1, true
	case "normal":
		gain = 1
	case "nightmare":
	case "impossible":
		heal = false
	default:
		return t, marker, fmt.Errorf("difficulty %q is not easy, normal, nightmare or impossible", difficulty)
	}
	marker = cfg.RoundMarkerGain(marker, gain)
	if !heal {
		return t, marker, nil
	}
	cap, err := cfg.HealingCapAt(marker)
	if err != nil {
		return t, marker, err
	}
	switch {
	case both:
		t.Life, t.SC = Recover(t.Life, 3, cap), Recover(t.SC, 3, cap)
	case choice == LifeDamage:
		t.Life = Recover(t.Life, 3, cap)
	case choice == SCDamage:
		t.SC = Recover(t.SC, 3, cap)
	default:
		return t, marker, fmt.Errorf("the Hero must choose to recover life or sc")
	}
	return t, marker, nil
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
