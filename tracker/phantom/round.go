package phantom

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa"
	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// A round of a mission (§11): the Decision die, the characters' secret
// cards or rest, the adversary cards drawn, the turn order, the round's end.

// BeginRound starts the next round: the Decision die is rolled once and
// kept for every decision of the round (§11.1 step 1, V-21). Face is the
// face rolled at the table; without it the app rolls the die from the
// entered faces (setting rollDecisionDie).
type BeginRound struct {
	Face *phantom.Face `json:"face,omitempty"`
}

func (c BeginRound) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("setup", "end")
	if err != nil {
		return "", err
	}
	var face phantom.Face
	how := "entered"
	switch {
	case c.Face != nil:
		if face, err = normFace(*c.Face); err != nil {
			return "", tracker.Refuse("phantom-epoch §3.3, V-21", "Decision die: %v", err)
		}
	case s.Settings.RollDecisionDie && len(s.Content.DecisionDie) > 0:
		face, _ = phantom.RollFace(s.Content.DecisionDie, x)
		how = "rolled"
	default:
		return "", tracker.Refuse("phantom-epoch §3.3", "enter the Decision die face rolled at the table (or enter the die's faces so the app can roll it)")
	}
	m.Round++
	m.Face = &face
	m.Phase = "select"
	m.Order, m.Acted, m.Current, m.Pending = nil, nil, "", nil
	for _, f := range m.Figures {
		f.PlacedAfterDraw = false
		f.Initiative = 0
		f.Fumbled = false
		if f.character() {
			f.RestedLastRound = f.Resting
			f.Resting = false
		}
	}
	// In the players' words: who rolled it, not the engine's note.
	by := "rolled at the table"
	if how == "rolled" {
		by = "rolled by the app"
	}
	return fmt.Sprintf("Round %d: Decision die %s, %s", m.Round, face, by), nil
}

// SelectCards is a character's secret card selection (§6.2, V-04): one or
// more cards from the hand whose AP total (each doubled while Frozen) is
// at most the character's max AP. Selecting again replaces the selection.
type SelectCards struct {
	Character string   `json:"character"`
	Cards     []string `json:"cards"`
}

func (c SelectCards) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("select")
	if err != nil {
		return "", err
	}
	f, err := s.activeChar(m, c.Character)
	if err != nil {
		return "", err
	}
	hand := append(slices.Clone(f.Hand), f.Selected...)
	if len(c.Cards) == 0 {
		return "", tracker.Refuse("phantom-epoch §6.2, V-04", "%s selects at least one card, or rests", f.Name)
	}
	total := 0
	for i, id := range c.Cards {
		if !contains(hand, id) || slices.Contains(c.Cards[:i], id) {
			return "", tracker.Refuse("phantom-epoch V-04", "%s has no card %q in hand", f.Name, id)
		}
		total += s.cardAP(f, id)
	}
	if total > f.MaxAP {
		return "", tracker.Refuse("phantom-epoch §6.2, V-04", "%s's cards total %d AP; the limit is %d%s", f.Name, total, f.MaxAP, frozenNote(f))
	}
	f.Hand = hand
	for _, id := range c.Cards {
		f.Hand = remove(f.Hand, id)
	}
	f.Selected = slices.Clone(c.Cards)
	f.Resting = false
	return fmt.Sprintf("%s selected %s", f.Name, plural(len(c.Cards), "card")), nil
}

func frozenNote(f *Figure) string {
	if f.has(phantom.Frozen) {
		return " (Frozen: AP doubled)"
	}
	return ""
}

func (s *State) cardAP(f *Figure, id string) int {
	ap := s.Content.ActionCards[id].AP
	if f.has(phantom.Frozen) {
		ap *= 2
	}
	return ap
}

func (s *State) activeChar(m *Mission, name string) (*Figure, error) {
	f := m.fig(name)
	if f == nil || !f.character() {
		return nil, tracker.Refuse(ruleChar, "%q is not a character on this mission", name)
	}
	if f.Defeated {
		return nil, tracker.Refuse("phantom-epoch §6.6", "%s was defeated and takes no further part", f.Name)
	}
	return f, nil
}

// Rest makes a character rest this round (§6.2, V-05): only with cards in
// the discard pile and not after resting the previous round.
type Rest struct {
	Character string `json:"character"`
}

func (c Rest) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("select")
	if err != nil {
		return "", err
	}
	f, err := s.activeChar(m, c.Character)
	if err != nil {
		return "", err
	}
	if len(f.Discard) == 0 {
		return "", tracker.Refuse("phantom-epoch §6.2, V-05", "%s has no discarded cards: resting is not allowed", f.Name)
	}
	if f.RestedLastRound {
		return "", tracker.Refuse("phantom-epoch §6.2, V-05", "%s rested last round", f.Name)
	}
	f.Hand = append(f.Hand, f.Selected...)
	f.Selected = nil
	f.Resting = true
	return f.Name + " will rest", nil
}

// DrawAdversaryCards is round step 5 (§8.2, §9.2): each adversary type on
// the map draws a species and a class card, each boss a boss card, from
// the mission's seeded decks; or Drawn gives the cards drawn at the table
// (one entry per type, in mission order). Every character must have
// selected cards or chosen to rest first (step 3).
type DrawAdversaryCards struct {
	Drawn []phantom.Drawn `json:"drawn,omitempty"`
}

func (s *State) typesOnMap(m *Mission) []phantom.TypeDraw {
	var out []phantom.TypeDraw
	for _, t := range m.Types {
		if m.countType(t) == 0 {
			continue
		}
		at := s.Content.Adversaries[AdversaryKey(t, m.AdversaryDifficulty)]
		out = append(out, phantom.TypeDraw{Type: t, Species: at.Species, Class: s.classDeck(at)})
	}
	for _, b := range m.Bosses {
		if f := m.fig(b); f != nil && !f.Defeated {
			out = append(out, phantom.TypeDraw{Type: b, Boss: true})
		}
	}
	return out
}

func (c DrawAdversaryCards) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("select")
	if err != nil {
		return "", err
	}
	for _, f := range m.Figures {
		if f.character() && !f.Defeated && !f.Resting && len(f.Selected) == 0 {
			return "", tracker.Refuse("phantom-epoch §11.1 step 3", "%s has not selected cards or chosen to rest", f.Name)
		}
	}
	types := s.typesOnMap(m)
	var drawn []phantom.Drawn
	if c.Drawn == nil {
		var tr automa.Trace
		if drawn, err = m.Decks.DrawRound(types, x, &tr); err != nil {
			return "", tracker.Refuse("phantom-epoch §8.2", "%v", err)
		}
	} else {
		if len(c.Drawn) != len(types) {
			return "", tracker.Refuse("phantom-epoch §8.2", "this round cards are drawn for %s, but the cards drawn at the table were given for %s", plural(len(types), "adversary type"), plural(len(c.Drawn), "type"))
		}
		take := func(d *phantom.Deck, id, what string) error {
			if d == nil || !contains(d.Draw, id) {
				return tracker.Refuse("phantom-epoch §8.2", "%s card %q is not in its draw pile", what, id)
			}
			d.Draw = remove(d.Draw, id)
			return nil
		}
		for i, t := range types {
			d := c.Drawn[i]
			if d.Type != t.Type {
				return "", tracker.Refuse("phantom-epoch §8.2", "entry %d is for %q; the next type to draw is %s", i+1, d.Type, t.Type)
			}
			if t.Boss {
				if err := take(m.Decks.Boss, d.Boss, "boss"); err != nil {
					return "", err
				}
				drawn = append(drawn, phantom.Drawn{Type: t.Type, Boss: d.Boss})
				continue
			}
			if err := take(m.Decks.Species[t.Species], d.Species, t.Species+" species"); err != nil {
				return "", err
			}
			if err := take(m.Decks.Class[t.Class], d.Class, t.Class+" class"); err != nil {
				return "", err
			}
			drawn = append(drawn, phantom.Drawn{Type: t.Type, SpeciesDeck: t.Species, Species: d.Species, ClassDeck: t.Class, Class: d.Class})
		}
		m.Decks.InPlay = append(m.Decks.InPlay, drawn...)
	}
	// Persistent boss cards stay beside the board (§9.5).
	for _, d := range drawn {
		if d.Boss != "" && s.Content.BossCards[d.Boss].Persistent {
			if m.Persistent == nil {
				m.Persistent = map[string][]string{}
			}
			m.Persistent[d.Type] = append(m.Persistent[d.Type], d.Boss)
		}
	}
	m.Phase = "draw"
	var parts []string
	for _, d := range drawn {
		if d.Boss != "" {
			parts = append(parts, fmt.Sprintf("%s: boss card %s", d.Type, d.Boss))
		} else {
			parts = append(parts, fmt.Sprintf("%s: %s + %s", d.Type, d.Species, d.Class))
		}
	}
	return "Adversary cards drawn: " + strings.Join(parts, "; "), nil
}

// DetermineInitiative is round step 6 (§11.1, §11.2): characters' AP
// totals (doubled per Frozen card) plus equipment modifiers, 1 when
// resting (V-26); adversaries' from the drawn cards; ties settled by the
// engine (characters first, in CharacterOrder if given — the players'
// choice, default seating order — then adversaries by class-card colour
// order and the Decision die).
type DetermineInitiative struct {
	CharacterOrder []string `json:"characterOrder,omitempty"`
}

type initiativeResult struct {
	Order []phantom.OrderEntry `json:"order"`
	Trace []string             `json:"trace"`
}

func (c DetermineInitiative) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("draw")
	if err != nil {
		return "", err
	}
	for _, name := range c.CharacterOrder {
		if f := m.fig(name); f == nil || !f.character() {
			return "", tracker.Refuse("phantom-epoch §11.2", "%q is not a character on this mission", name)
		}
	}
	for _, f := range m.Figures {
		if f.character() && !f.Defeated {
			f.Initiative = s.charInitiative(f)
		}
	}
	res, err := keep(x, func() (initiativeResult, error) {
		sit, err := s.situation("initiative", "", c.CharacterOrder, nil)
		if err != nil {
			return initiativeResult{}, err
		}
		order, tr, err := phantom.TurnOrderOf(sit, x)
		if err != nil {
			return initiativeResult{}, tracker.Refuse("phantom-epoch §11.1 step 6", "%v", err)
		}
		return initiativeResult{Order: order, Trace: traceLines(tr)}, nil
	})
	if err != nil {
		return "", err
	}
	m.Order = nil
	var parts []string
	for _, o := range res.Order {
		m.Order = append(m.Order, o.Name)
		if f := m.fig(o.Name); f != nil {
			f.Initiative = o.Initiative
		}
		parts = append(parts, fmt.Sprintf("%s (%d)", o.Name, o.Initiative))
	}
	m.Phase = "turns"
	return "Turn order: " + strings.Join(parts, " → "), nil
}

// charInitiative is §11.1 step 6 for a character.
// CharacterInitiatives are the embarked characters' initiatives this
// round, as the turn order will count them from their cards (§11.1 step
// 6), by name; for a screen to tell whether two tie (the players then
// give their order).
func (s *State) CharacterInitiatives() map[string]int {
	out := map[string]int{}
	if m := s.Mission; m != nil {
		for _, f := range m.Figures {
			if f.character() && !f.Defeated {
				out[f.Name] = s.charInitiative(f)
			}
		}
	}
	return out
}

func (s *State) charInitiative(f *Figure) int {
	if f.Resting {
		return 1 // rest: 1, modifiers ignored (§6.3, V-26)
	}
	n := 0
	for _, id := range f.Selected {
		n += s.cardAP(f, id)
	}
	if ch := s.char(f.Name); ch != nil {
		for _, g := range ch.Equipment {
			if g.Slot != "" {
				n += s.Content.Equipment[g.ID].Initiative
			}
		}
	}
	return max(1, n) // V-26: a positive integer
}

func traceLines(tr automa.Trace) []string {
	return phantom.TraceLines(tr)
}

// next is the figure whose turn comes next.
func (m *Mission) next() string {
	for _, n := range m.Order {
		f := m.fig(n)
		if f == nil || f.Defeated || contains(m.Acted, n) {
			continue
		}
		return n
	}
	return ""
}

// EndRound is round steps 8–9: every figure in the turn order has had its
// turn; the adversary cards are discarded, persistent boss cards excepted.
type EndRound struct{}

func (c EndRound) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("turns")
	if err != nil {
		return "", err
	}
	if m.Current != "" || m.Pending != nil {
		return "", tracker.Refuse("phantom-epoch §11.1", "%s's turn is not over", m.Current)
	}
	if n := m.next(); n != "" {
		return "", tracker.Refuse("phantom-epoch §13.2", "%s has not had its turn this round", n)
	}
	persist := map[string]bool{}
	for _, ids := range m.Persistent {
		for _, id := range ids {
			persist[id] = true
		}
	}
	m.Decks.DiscardRound(persist)
	m.Phase = "end"
	return fmt.Sprintf("Round %d ends", m.Round), nil
}

// resort puts the figures that have not acted yet back in initiative
// order after something changed an initiative mid-round (§11.1: Frozen
// gained or lost before a figure's turn moves it). Ties keep the order
// already settled at step 6.
func (s *State) resort(m *Mission) {
	if m.Phase != "turns" {
		return
	}
	drawn := map[string]phantom.Drawn{}
	for _, d := range m.Decks.InPlay {
		drawn[d.Type] = d
	}
	var done, rest []string
	for _, n := range m.Order {
		if contains(m.Acted, n) || n == m.Current {
			done = append(done, n)
			continue
		}
		rest = append(rest, n)
	}
	for _, n := range rest {
		f := m.fig(n)
		if f == nil || f.Defeated {
			continue
		}
		frozen := f.has(phantom.Frozen)
		switch f.Side {
		case "character":
			f.Initiative = s.charInitiative(f)
		case "boss":
			bb := s.Content.Bosses[f.Type]
			if d, ok := drawn[f.Type]; ok {
				bc := s.Content.BossCards[d.Boss]
				if v, err := phantom.BossInitiative(&bb, &bc, frozen); err == nil {
					f.Initiative = v
				}
			}
		default:
			if d, ok := drawn[f.Type]; ok {
				sc := s.Content.SpeciesCards[d.Species].Card
				cc := s.Content.ClassCards[d.Class].Card
				if row, ok := cc.Row(phantom.Colour(f.Colour)); ok {
					f.Initiative = phantom.AdversaryInitiative(&sc, row, frozen)
				}
			}
		}
	}
	slices.SortStableFunc(rest, func(a, b string) int {
		return m.fig(a).Initiative - m.fig(b).Initiative
	})
	m.Order = append(done, rest...)
}
