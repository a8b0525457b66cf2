package reich

import (
	"slices"
	"strings"

	"tablekeeper/tracker"
)

// Who draws the mission's decks (spec §1 item 5): the app (it shuffles
// with the campaign's seeded dice and draws) or the players (they draw the
// physical deck or supply and name what they drew; the app checks it is
// one the deck can give). The choice is explicit per deck: DrawBy, or
// StartMission's PlayersDraw.

// DeckNames are the decks DrawBy takes: the spawn deck, the noise deck in
// use, the post-alarm noise deck set aside, the heroism point supply, and
// the turn order tokens dealt after the alarm.
var DeckNames = []string{"spawn", "noise", "postNoise", "hp", "turnOrder"}

// DeckWords names a deck as the players call it.
func DeckWords(name string) string {
	switch name {
	case "spawn":
		return "spawn deck"
	case "noise":
		return "noise deck"
	case "postNoise":
		return "post-alarm noise deck"
	case "hp":
		return "heroism point supply"
	case "turnOrder":
		return "turn order tokens"
	}
	return name
}

// DrawnByPlayers says whether the players draw the named deck.
func (m *Mission) DrawnByPlayers(name string) bool {
	switch name {
	case "hp":
		return m.HPByPlayers
	case "turnOrder":
		return m.TurnOrderByPlayers
	}
	if d, err := m.deck(name); err == nil {
		return d.ByPlayers
	}
	return false
}

// DrawBy sets who draws one of the mission's decks: the players (Players
// true: they draw at the table and name each card or token) or the app.
type DrawBy struct {
	Deck    string
	Players bool
}

func (c DrawBy) decide(t *tx, _ *tracker.Dice) (string, error) {
	const rule = "reichbusters §1"
	m, err := t.s.inPlay(rule)
	if err != nil {
		return "", err
	}
	if !slices.Contains(DeckNames, c.Deck) {
		return "", tracker.Refuse(rule, "there is no deck %q: the decks are the spawn deck, the noise deck, the post-alarm noise deck, the heroism point supply and the turn order tokens", c.Deck)
	}
	what := DeckWords(c.Deck)
	if c.Deck == "postNoise" {
		switch {
		case m.Phase == PhaseAlienWorld:
			return "", tracker.Refuse(rule, "an alien world mission has no post-alarm noise deck")
		case m.postAlarm():
			return "", tracker.Refuse(rule, "after the alarm the post-alarm noise deck is the noise deck in use: set the noise deck")
		}
	}
	who := map[bool]string{true: "the players", false: "the app"}
	if m.DrawnByPlayers(c.Deck) == c.Players {
		return "", tracker.Refuse(rule, "%s already draws the %s", capitalFirst(who[c.Players]), what)
	}
	if c.Deck == "hp" && !c.Players && len(m.HPDraws) > 0 {
		return "", tracker.Refuse(rule, "first say which heroism point %s drew from the supply", t.name(m.HPDraws[0].Hero))
	}
	t.do(Op{Op: opDrawBy, Deck: c.Deck, Flag: c.Players})
	if c.Players {
		thing := map[string]string{"hp": "heroism point", "turnOrder": "hero's token"}[c.Deck]
		if thing == "" {
			thing = "card"
		}
		t.say("The players draw the %s from now on: they name each %s drawn, and the app checks it can come from it", what, thing)
	} else {
		t.say("The app draws the %s from now on", what)
	}
	return "mission.drawBy", nil
}

// DrawnHP says which heroism point the players drew from the face-down
// supply for the oldest one earned and not yet drawn (a pacified room, a
// rescue), when they draw the supply themselves.
type DrawnHP struct{ Kind string }

func (c DrawnHP) decide(t *tx, _ *tracker.Dice) (string, error) {
	const rule = "reichbusters §6.5"
	m, err := t.s.inPlay(rule)
	if err != nil {
		return "", err
	}
	if len(m.HPDraws) == 0 {
		return "", tracker.Refuse(rule, "no heroism point is waiting to be drawn from the supply")
	}
	dr := m.HPDraws[0]
	kind := strings.ToLower(strings.TrimSpace(c.Kind))
	if err := supplyHas(m.HPSupply, kind); err != nil {
		return "", err
	}
	i := slices.Index(m.HPSupply, kind)
	t.hp(func(p *HPPools) { p.Supply = slices.Delete(p.Supply, i, i+1) })
	t.hero(dr.Hero, func(h *Hero) { h.HP = append(h.HP, kind) })
	t.do(Op{Op: opHPDraws, HPDraws: slices.Clone(m.HPDraws[1:])})
	t.say("%s draws %s heroism point from the supply for %s", t.name(dr.Hero), an(kind), dr.Why)
	return "hero.drawnHP", nil
}

// supplyHas checks a heroism point the players drew is one the face-down
// supply holds.
func supplyHas(supply []string, kind string) error {
	const rule = "reichbusters §6.5"
	if !validHP(kind) {
		return tracker.Refuse(rule, "a heroism point is attack, defence or wild, not %q", kind)
	}
	if !slices.Contains(supply, kind) {
		return tracker.Refuse(rule, "the face-down supply holds no %s point (it holds: %s)", kind, supplyWords(supply))
	}
	return nil
}

func supplyWords(supply []string) string {
	if len(supply) == 0 {
		return "nothing"
	}
	n := map[string]int{}
	for _, k := range supply {
		n[k]++
	}
	var p []string
	for _, k := range []string{HPAttack, HPDefence, HPWild} {
		if n[k] > 0 {
			p = append(p, plural(n[k], k))
		}
	}
	return strings.Join(p, ", ")
}

func capitalFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// namedNoiseCard refuses a noise card named while the app draws the noise
// deck: who draws is an explicit choice, not read from whether a card was
// typed in.
func namedNoiseCard(m *Mission, card string) error {
	if strings.TrimSpace(card) != "" && !m.NoiseDeck.ByPlayers {
		return tracker.Refuse("reichbusters §1", "the app draws the noise deck in this mission: to name the card you drew, set the noise deck to be drawn by the players first")
	}
	return nil
}
