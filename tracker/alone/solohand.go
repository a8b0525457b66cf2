package alone

import (
	"slices"
	"sort"
	"strings"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

// SoloHand is which Reaction cards the app's Evil side holds in solo mode,
// as far as it can read them. The spec's policy plays from a simulated hand
// whose "cards exist only as a count plus card identities when card data is
// loaded" (§7.4): the counts stay in Evil.Hands and Evil.Decks, and this
// names, deck by deck, the cards the group entered in its content set that
// are in the hand, in the draw pile and in the discard pile. Each card
// entered stands for one card of its deck; the deck's other cards (its
// size less the cards entered) are ones the app cannot read, and it plays
// those only face down. The Evil Compendium (p.4–5) lets the Evil side play
// any card face down as a Standard Reaction, and a card face up when its
// Trigger happened this Turn: with the cards known, the app weighs both.
type SoloHand struct {
	Hand    [2][]string `json:"hand,omitempty"`
	Pile    [2][]string `json:"pile,omitempty"`
	Discard [2][]string `json:"discard,omitempty"`
}

// newSoloHand is the two decks' cards the set holds, all in the draw piles,
// or nil when the set holds none of them (the app then plays every card
// face down, as before it knew any).
func newSoloHand(c *Content, decks [2]Deck) *SoloHand {
	if c == nil {
		return nil
	}
	h := &SoloHand{}
	found := false
	for d := range decks {
		var ids []string
		for _, r := range c.Reactions {
			if strings.EqualFold(r.Deck, decks[d].Name) && !slices.Contains(ids, r.ID) {
				ids = append(ids, r.ID)
			}
		}
		sort.Strings(ids)
		// A set cannot hold more cards of a deck than the deck has.
		if len(ids) > decks[d].Draw {
			ids = ids[:decks[d].Draw]
		}
		h.Pile[d] = ids
		found = found || len(ids) > 0
	}
	if !found {
		return nil
	}
	return h
}

func (h *SoloHand) clone() *SoloHand {
	if h == nil {
		return nil
	}
	c := &SoloHand{}
	for d := 0; d < 2; d++ {
		c.Hand[d] = slices.Clone(h.Hand[d])
		c.Pile[d] = slices.Clone(h.Pile[d])
		c.Discard[d] = slices.Clone(h.Discard[d])
	}
	return c
}

// cardDraws says which card each draw from a deck took in solo mode: the
// picks are rolled while the event is decided and read back from its
// record when it replays, so a replay never rolls and an old record that
// lacks them is refused, never guessed.
type cardDraws struct {
	Picks []int `json:"cardPicks,omitempty"`
	// deciding is set while the event is decided, with the campaign's
	// dice (none when a form checks its commands on a scratch game: the
	// first card is then as good as any).
	deciding bool
	dice     *tracker.Dice
	used     int
}

func decidingDraws(d *tracker.Dice) cardDraws { return cardDraws{deciding: true, dice: d} }

// pick is which of the n cards of a draw pile a draw takes.
func (c *cardDraws) pick(n int) (int, error) {
	if c.deciding {
		v := 0
		if c.dice != nil {
			v = c.dice.Intn(n)
		}
		c.Picks = append(c.Picks, v)
		c.used++
		return v, nil
	}
	if c.used >= len(c.Picks) {
		return 0, refuse("§4.1", "the record does not say which card a draw from the Reaction deck took")
	}
	v := c.Picks[c.used]
	c.used++
	if v < 0 || v >= n {
		return 0, refuse("§4.1", "a draw took card %d of a deck of %d", v+1, n)
	}
	return v, nil
}

// drawKnown is one card drawn from deck d, whose draw pile holds n cards
// (before the draw): a card the app can read, or one it cannot.
func (s *State) drawKnown(d, n int, draws *cardDraws) error {
	h := s.Evil.Known
	if h == nil || len(h.Pile[d]) == 0 {
		return nil // nothing readable left to draw: no pick is needed
	}
	if draws == nil {
		return refuse("§4.1", "a draw from the Reaction deck needs its record")
	}
	i, err := draws.pick(n)
	if err != nil {
		return err
	}
	if i < len(h.Pile[d]) {
		h.Hand[d] = append(h.Hand[d], h.Pile[d][i])
		h.Pile[d] = slices.Delete(h.Pile[d], i, i+1)
	}
	return nil
}

// reshuffleKnown makes deck d's draw pile again from its discards (§4.1).
func (s *State) reshuffleKnown(d int) {
	if h := s.Evil.Known; h != nil {
		h.Pile[d] = append(h.Pile[d], h.Discard[d]...)
		sort.Strings(h.Pile[d])
		h.Discard[d] = nil
	}
}

// knownCard is the content's card of this id, or nil.
func (s *State) knownCard(id string) *alone.ReactionCard {
	if s.Content == nil {
		return nil
	}
	for i := range s.Content.Reactions {
		if s.Content.Reactions[i].ID == id {
			return &s.Content.Reactions[i]
		}
	}
	return nil
}

// heldCards are the cards in the solo Evil's hand the app can read, for the
// policy to weigh face up.
func (s *State) heldCards() []alone.ReactionCard {
	h := s.Evil.Known
	if h == nil {
		return nil
	}
	var out []alone.ReactionCard
	for d := 0; d < 2; d++ {
		for _, id := range h.Hand[d] {
			if c := s.knownCard(id); c != nil {
				out = append(out, *c)
			}
		}
	}
	return out
}

// keepValue is what a card is worth keeping, by its effects (§7.4's
// estimate without the Map: damage its points, attack dice a third each, a
// move its range), for choosing the card to give up face down.
func keepValue(c *alone.ReactionCard) float64 {
	if c == nil {
		return 0
	}
	v := 0.0
	for _, ops := range [][]alone.CardOp{c.Effect, c.Dangerous} {
		for _, o := range ops {
			switch o.Op {
			case OpDamage:
				v += float64(o.N)
			case OpAttackDice:
				v += float64(o.N) / 3
			case OpMove:
				v += float64(o.Range)
			}
		}
	}
	return v
}

// faceDownDeck is the deck player p gives a face-down card from: one
// holding a card the app cannot read (the one with more such cards), else
// the one holding more cards, so the cards worth playing face up stay in
// hand.
func (s *State) faceDownDeck(p, want int) int {
	if h := s.Evil.Known; h != nil && p == 0 {
		unread := func(d int) int { return s.Evil.Hands[p][d] - len(h.Hand[d]) }
		switch {
		case unread(0) > 0 && unread(0) >= unread(1):
			return 0
		case unread(1) > 0:
			return 1
		case s.Evil.Hands[p][1] > s.Evil.Hands[p][0]:
			return 1
		case s.Evil.Hands[p][0] > 0:
			return 0
		}
	}
	return want
}

// giveKnown takes the card played or discarded from deck d out of the
// solo hand: the card named (face up), else a card the app cannot read,
// else the readable card least worth keeping. It returns the id of a
// readable card, "" for one it cannot read.
func (s *State) giveKnown(d int, id string) (string, error) {
	h := s.Evil.Known
	if h == nil {
		return "", nil
	}
	if id != "" {
		i := slices.Index(h.Hand[d], id)
		if i < 0 {
			return "", refuse("§4.2", "the Evil side does not hold that card")
		}
		h.Hand[d] = slices.Delete(h.Hand[d], i, i+1)
		return id, nil
	}
	if s.Evil.Hands[0][d] > len(h.Hand[d]) || len(h.Hand[d]) == 0 {
		return "", nil
	}
	best := 0
	for i := 1; i < len(h.Hand[d]); i++ {
		a, b := keepValue(s.knownCard(h.Hand[d][i])), keepValue(s.knownCard(h.Hand[d][best]))
		if a < b || a == b && h.Hand[d][i] < h.Hand[d][best] {
			best = i
		}
	}
	gone := h.Hand[d][best]
	h.Hand[d] = slices.Delete(h.Hand[d], best, best+1)
	return gone, nil
}
