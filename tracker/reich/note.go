package reich

import (
	"slices"
	"strings"

	ai "tablekeeper/automa/reich"
	"tablekeeper/tracker"
)

// Not of this Earth! (spec §11): environment tokens (§12.10) and the alien
// portal (§11.3).

// Environment token kinds (§12.10).
const (
	EnvAlienSpore    = "alienSpore"
	EnvAlienWeb      = "alienWeb"
	EnvEchoChamber   = "echoChamber"
	EnvLooseGround   = "looseGround"
	EnvTunnelNetwork = "tunnelNetwork"
)

// AlienSporeAttack is the attack value a hero ending the turn on an Alien
// Spore defends against (§12.10).
const AlienSporeAttack = 5

var envKinds = []string{EnvAlienSpore, EnvAlienWeb, EnvEchoChamber, EnvLooseGround, EnvTunnelNetwork}

// Portal is the alien portal on the map (§11.3): heroes leave through it
// only once every token on it is gone.
type Portal struct {
	Area   string `json:"area"`
	Tokens int    `json:"tokens"`
}

// RevealEnvironment turns an environment token face up the first time a
// hero moves into sight of it, and applies it to its area (§11.3, §12.10).
type RevealEnvironment struct {
	Area, Kind string
}

func (c RevealEnvironment) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §11.3")
	if err != nil {
		return "", err
	}
	if !m.note() {
		return "", tracker.Refuse("reichbusters §11.1", "environment tokens belong to Not of this Earth! missions")
	}
	if m.Map.Area(c.Area) == nil {
		return "", tracker.Refuse("reichbusters §11.3", "area %q is not on the map", c.Area)
	}
	if !slices.Contains(envKinds, c.Kind) {
		var kinds []string
		for _, k := range envKinds {
			kinds = append(kinds, titleWords(k))
		}
		return "", tracker.Refuse("reichbusters §12.10", "an environment token is one of %s", strings.Join(kinds, ", "))
	}
	if _, ok := m.Environment[c.Area]; ok {
		return "", tracker.Refuse("reichbusters §11.3", "the environment token in %s is already face up", c.Area)
	}
	t.do(Op{Op: opEnvironment, Area: c.Area, Code: c.Kind})
	t.say("Environment token in %s revealed: %s", c.Area, c.Kind)
	return "note.environment", nil
}

// UseTunnel is the Tunnel Network action (§12.10): the hero discards the
// token in their area and either moves to another discovered tunnel
// network (To) or moves the round marker back 1 (Back; clamped at 1, V-26).
type UseTunnel struct {
	Hero, To string
	Back     bool
	Answers  ai.Answers
}

func (c UseTunnel) decide(t *tx, d *tracker.Dice) (string, error) {
	m, h, err := t.upright(c.Hero, "reichbusters §12.10")
	if err != nil {
		return "", err
	}
	if m.Environment[h.Area] != EnvTunnelNetwork {
		return "", tracker.Refuse("reichbusters §12.10", "there is no discovered tunnel network in %s", h.Area)
	}
	if c.Back == (c.To != "") {
		return "", tracker.Refuse("reichbusters §12.10", "either move to another tunnel network or move the round marker back, not both")
	}
	if c.To != "" && (c.To == h.Area || m.Environment[c.To] != EnvTunnelNetwork) {
		return "", tracker.Refuse("reichbusters §12.10", "%s holds no other discovered tunnel network", c.To)
	}
	if h.Turn.Recovering {
		return "", tracker.Refuse("reichbusters V-05", "%s must Recover first", h.Name)
	}
	from := h.Area
	t.do(Op{Op: opEnvironment, Area: from})
	t.acted(h.ID)
	if c.Back {
		to := max(1, m.Tracker.Pos-1)
		t.tracker(func(x *Tracker) { x.Pos = to })
		t.say("%s uses the tunnel network in %s: the round marker goes back to %s", h.Name, from, t.m().Tracker.String())
		return "note.tunnel", nil
	}
	t.hero(h.ID, func(x *Hero) { x.Area = c.To })
	t.say("%s goes through the tunnels from %s to %s", h.Name, from, c.To)
	if _, err := t.resolve(ai.Request{Kind: ai.KindSightCheck, Hero: h.ID, From: from}, c.Answers, d); err != nil {
		return "", err
	}
	if err := t.afterAction(h.ID, c.Answers, d); err != nil {
		return "", err
	}
	return "note.tunnel", nil
}

// PlacePortal puts the alien portal down with its tokens (§11.3; how many
// is content, the kind AMBIGUOUS: drained by default).
type PlacePortal struct {
	Area   string
	Tokens int
}

func (c PlacePortal) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, err := t.s.inPlay("reichbusters §11.3")
	if err != nil {
		return "", err
	}
	if !m.note() {
		return "", tracker.Refuse("reichbusters §11.1", "the alien portal belongs to Not of this Earth! missions")
	}
	if m.Map.Area(c.Area) == nil {
		return "", tracker.Refuse("reichbusters §11.3", "area %q is not on the map", c.Area)
	}
	if c.Tokens < 0 {
		return "", tracker.Refuse("reichbusters V-09", "a portal carries 0 or more tokens")
	}
	t.do(Op{Op: opPortal, Area: c.Area, N: c.Tokens})
	t.say("The alien portal opens in %s with %d drained tokens", c.Area, c.Tokens)
	return "note.portal", nil
}

// ReadyPortal is ready equipment on an adjacent portal (§5.2, V-10): it
// removes one drained token and discards a vril orb or an Alien Heart
// (Orb names the item slot).
type ReadyPortal struct {
	Hero string
	Orb  int
}

func (c ReadyPortal) decide(t *tx, _ *tracker.Dice) (string, error) {
	m, h, err := t.upright(c.Hero, "reichbusters §11.3")
	if err != nil {
		return "", err
	}
	p := m.Portal
	if p == nil || p.Tokens == 0 {
		return "", tracker.Refuse("reichbusters §11.3", "there is no portal token to remove")
	}
	b, err := m.board()
	if err != nil {
		return "", err
	}
	x, _ := b.Index(h.Area)
	y, _ := b.Index(p.Area)
	if x != y && !b.Adjacent(x, y, m.doorStates()) {
		return "", tracker.Refuse("reichbusters V-10", "the portal in %s is not next to %s", p.Area, h.Name)
	}
	if c.Orb < 0 || c.Orb >= len(h.Items) || (h.Items[c.Orb].Kind != ItemVrilOrb && h.Items[c.Orb].Kind != ItemAlienHeart) {
		return "", tracker.Refuse("reichbusters V-10", "removing a drained token needs a vril orb or an Alien Heart from %s's items", h.Name)
	}
	if err := t.basic(h, "other"); err != nil {
		return "", err
	}
	orb := h.Items[c.Orb].Name
	t.hero(h.ID, func(x *Hero) { x.Items = slices.Delete(x.Items, c.Orb, c.Orb+1) })
	t.do(Op{Op: opPortal, Area: p.Area, N: p.Tokens - 1})
	t.acted(h.ID)
	t.say("%s readies the portal with %s: %d tokens left", h.Name, orb, p.Tokens-1)
	return "note.portal", nil
}

// environmentOnEntry applies Loose Ground to a hero who enters its area,
// and refuses a basic move out of Alien Web (§12.10).
func (t *tx) environmentOnEntry(h *Hero, path []string) {
	m := t.m()
	for i, a := range path {
		if m.Environment[a] != EnvLooseGround || h.Downed() {
			continue
		}
		if i < len(path)-1 {
			// §12.10, §12.1: knocked down on the way; the move paid 1 movement to stand.
			t.say("%s is knocked down by the loose ground in %s (and rolls as the token says), then stands up and moves on", h.Name, a)
			continue
		}
		if !h.KnockedDown {
			t.hero(h.ID, func(x *Hero) { x.KnockedDown = true })
		}
		t.say("%s is knocked down by the loose ground in %s (and rolls as the token says)", h.Name, a)
	}
}

// sporeAttack: a hero finishing the turn on an Alien Spore defends against
// an attack of 5 (§12.10).
func (t *tx) sporeAttack(h *Hero) {
	m := t.m()
	if m.Environment[h.Area] != EnvAlienSpore || h.Downed() || h.Captured {
		return
	}
	p := append(slices.Clone(m.Pending), PendingAttack{Code: "Alien Spore", Mode: "spore", Total: AlienSporeAttack, Defenders: []string{h.ID}})
	t.do(Op{Op: opPending, Pending: p})
	t.say("%s ends the turn on an Alien Spore: a defence test against %d", h.Name, AlienSporeAttack)
}
