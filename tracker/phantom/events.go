package phantom

import (
	"fmt"
	"slices"

	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// EarlyEvents is how many "Round 1-5" event cards go on top of the deck
// (§12.2 step 8, V-24).
const EarlyEvents = 5

// BuildEventDeck builds the mission's event deck at setup (§12.2 step 8):
// both decks shuffled apart, five random Round 1-5 cards stacked unseen on
// the Round 6+ cards, the other Round 1-5 cards set aside (V-24). Cards are
// named by their numbers.
type BuildEventDeck struct {
	Early []string `json:"early"`
	Late  []string `json:"late"`
}

func (c BuildEventDeck) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("setup")
	if err != nil {
		return "", err
	}
	if len(c.Early) < EarlyEvents {
		return "", tracker.Refuse("phantom-epoch §12.2 step 8, V-24", "the Round 1-5 deck needs at least %d cards, not %d", EarlyEvents, len(c.Early))
	}
	all := append(slices.Clone(c.Early), c.Late...)
	for i, id := range all {
		if id == "" || slices.Contains(all[:i], id) {
			return "", tracker.Refuse("phantom-epoch V-24", "event card %q is empty or listed twice", id)
		}
	}
	early, late := slices.Clone(c.Early), slices.Clone(c.Late)
	phantom.Shuffle(early, x)
	phantom.Shuffle(late, x)
	m.Events = append(early[:EarlyEvents:EarlyEvents], late...)
	m.LateEvents = slices.Clone(c.Late)
	m.EventDiscard, m.Event, m.EventRound = nil, "", 0
	return fmt.Sprintf("Event deck built: %d Round 1-5 cards on %d Round 6+ cards", EarlyEvents, len(late)), nil
}

// DrawEvent is round step 2: the top event card, once per round, after the
// Decision die. An empty deck is rebuilt from the discarded Round 6+
// events when the setting eventDeckReshuffle is on. Card, if given,
// is the card drawn at the table (it must be in the deck).
type DrawEvent struct {
	Card string `json:"card,omitempty"`
}

func (c DrawEvent) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("select")
	if err != nil {
		return "", err
	}
	if m.EventRound == m.Round {
		return "", tracker.Refuse("phantom-epoch §11.1 step 2", "this round's event card was already drawn")
	}
	if m.Event != "" {
		m.EventDiscard = append(m.EventDiscard, m.Event)
		m.Event = ""
	}
	note := ""
	if len(m.Events) == 0 {
		var late []string
		for _, id := range m.EventDiscard {
			if contains(m.LateEvents, id) {
				late = append(late, id)
			}
		}
		if !s.Settings.EventDeckReshuffle || len(late) == 0 {
			return "", tracker.Refuse("phantom-epoch §11.1 step 2, A-33", "the event deck is empty")
		}
		phantom.Shuffle(late, x)
		m.Events = late
		for _, id := range late {
			m.EventDiscard = remove(m.EventDiscard, id)
		}
		note = " (the discarded Round 6+ events were reshuffled)"
	}
	card := m.Events[0]
	if c.Card != "" {
		if !contains(m.Events, c.Card) {
			return "", tracker.Refuse("phantom-epoch §11.1 step 2", "event card %q is not in the deck", c.Card)
		}
		card = c.Card
	}
	m.Events = remove(m.Events, card)
	m.Event, m.EventRound = card, m.Round
	return fmt.Sprintf("Round %d event: card %s%s", m.Round, card, note), nil
}

// StandaloneTraining starts new characters with a standalone training
// (§14.3): each gets 15 × tier nova cells and 3 × tier SP, may shop every
// planet's equipment up to the tier until the next mission, and draws four
// attachments of the tier (Broken ones redrawn) of which it keeps up to
// two with KeepTrainingAttachments.
type StandaloneTraining struct {
	Tier       int      `json:"tier"`
	Characters []string `json:"characters"`
}

func (c StandaloneTraining) exec(s *State, x *ctx) (string, error) {
	if err := s.between("a standalone training happens"); err != nil {
		return "", err
	}
	// V-25: the tier is at least 1; the attachment decks it draws from go
	// up to tier 4 (§15.5).
	if c.Tier < 1 || c.Tier > 4 {
		return "", tracker.Refuse("phantom-epoch §14.3, V-25", "the training tier is 1 to 4, not %d", c.Tier)
	}
	if len(c.Characters) == 0 {
		return "", tracker.Refuse("phantom-epoch §14.3", "name the new characters")
	}
	if s.Sheet.TrainingDraws == nil {
		s.Sheet.TrainingDraws = map[string][]string{}
	}
	for _, name := range c.Characters {
		ch, err := s.needChar(name)
		if err != nil {
			return "", err
		}
		if len(ch.Completed) > 0 || len(ch.Bought) > 0 || s.Sheet.TrainingDraws[name] != nil {
			return "", tracker.Refuse("phantom-epoch §14.3", "%s is not a new character", name)
		}
		ch.Nova += 15 * c.Tier
		ch.SP += 3 * c.Tier
		deck := s.Sheet.AttachmentDecks[c.Tier]
		var drawn, broken []string
		for len(drawn) < 4 && len(deck) > 0 {
			id := deck[0]
			deck = deck[1:]
			if s.Content.Attachments[id].Broken {
				broken = append(broken, id) // redrawn (§14.3)
				continue
			}
			drawn = append(drawn, id)
		}
		s.Sheet.AttachmentDecks[c.Tier] = append(deck, broken...)
		s.Sheet.TrainingDraws[name] = append([]string{}, drawn...)
	}
	s.Sheet.TrainingShopTier = c.Tier
	return fmt.Sprintf("Standalone training, tier %d: %d nova cells and %d SP each for %s", c.Tier, 15*c.Tier, 3*c.Tier, andList(c.Characters)), nil
}

// KeepTrainingAttachments keeps up to two of the attachments a character
// drew in its standalone training; the rest go back to their deck.
type KeepTrainingAttachments struct {
	Character string   `json:"character"`
	Keep      []string `json:"keep,omitempty"`
}

func (c KeepTrainingAttachments) exec(s *State, x *ctx) (string, error) {
	drawn, ok := s.Sheet.TrainingDraws[c.Character]
	if !ok {
		return "", tracker.Refuse("phantom-epoch §14.3", "%s has no training attachments to keep", c.Character)
	}
	if len(c.Keep) > 2 {
		return "", tracker.Refuse("phantom-epoch §14.3", "keep at most 2 attachments, not %d", len(c.Keep))
	}
	for i, id := range c.Keep {
		if !contains(drawn, id) || slices.Contains(c.Keep[:i], id) {
			return "", tracker.Refuse("phantom-epoch §14.3", "%q is not among %s's drawn attachments", id, c.Character)
		}
	}
	ch := s.char(c.Character)
	for _, id := range drawn {
		if contains(c.Keep, id) {
			ch.Attachments = append(ch.Attachments, Gear{ID: id})
			continue
		}
		t := s.Content.Attachments[id].Tier
		s.Sheet.AttachmentDecks[t] = append(s.Sheet.AttachmentDecks[t], id)
		phantom.Shuffle(s.Sheet.AttachmentDecks[t], x)
	}
	delete(s.Sheet.TrainingDraws, c.Character)
	if len(c.Keep) == 0 {
		return c.Character + " keeps none of the attachments drawn", nil
	}
	return fmt.Sprintf("%s keeps %s", c.Character, andList(c.Keep)), nil
}

func init() {
	register(BuildEventDeck{}, DrawEvent{}, StandaloneTraining{}, KeepTrainingAttachments{})
}
