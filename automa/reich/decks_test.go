package reich

import (
	"strings"
	"testing"
)

// A physical spawn deck (spec §1 item 5): the app never draws it; it asks
// which card the players drew, offering the cards the deck can give, and
// checks the named one is one of them (issue 15 item 12).
func TestPhysicalSpawnDeck(t *testing.T) {
	base := func() *Situation {
		s := situation()
		s.State.SpawnDeck = &Deck{DrawPile: []string{"RB001", "RB003", "RB004"}, Discard: []string{"RB002"}, Physical: true}
		s.Resolve = Request{Kind: KindTokenSpawn, Token: "T1"}
		return s
	}
	s := base()
	ni := needInput(decideErr(t, s))
	if ni == nil || ni.Field != "answers.spawnCards" || strings.Join(ni.Options, " ") != "RB001 RB003 RB004" {
		t.Fatalf("asked %+v", ni)
	}
	// The card named is drawn, whatever the pile's order.
	s = base()
	s.Answers.SpawnCards = []string{"RB003"}
	out := decide(t, s)
	eq(t, "drawn", changes(out, ChSpawnCardDrawn), "RB003:green")
	eq(t, "placed", changes(out, ChUnitPlaced), "GR@B2", "GR@B2")
	eq(t, "draw pile", out.After.SpawnDeck.DrawPile, "RB001", "RB004")
	eq(t, "discard", out.After.SpawnDeck.Discard, "RB002", "RB003")
	if !out.After.SpawnDeck.Physical {
		t.Fatal("the deck stays physical")
	}
	// A card drawn already, or not in the deck, is refused with its reason.
	for card, want := range map[string]string{"RB002": "drawn already", "RB999": "not one of this mission's spawn cards"} {
		s = base()
		s.Answers.SpawnCards = []string{card}
		if err := decideErr(t, s); !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", card, err, want)
		}
	}
	// More cards named than drawn.
	s = base()
	s.Answers.SpawnCards = []string{"RB001", "RB003"}
	if err := decideErr(t, s); !strings.Contains(err.Error(), "name only the cards drawn") {
		t.Errorf("extra card: %v", err)
	}
	// The app draws an app-drawn deck: naming a card is refused.
	s = situation()
	s.Resolve = Request{Kind: KindTokenSpawn, Token: "T1"}
	s.Answers.SpawnCards = []string{"RB003"}
	if err := decideErr(t, s); !strings.Contains(err.Error(), "the app draws the spawn deck") {
		t.Errorf("app-drawn: %v", err)
	}
	// An empty draw pile: the players shuffle the discard; a discarded card
	// can then be drawn.
	s = base()
	s.State.SpawnDeck = &Deck{DrawPile: []string{}, Discard: []string{"RB002", "RB001"}, Physical: true}
	s.Answers.SpawnCards = []string{"RB002"}
	out = decide(t, s)
	eq(t, "draw pile after the shuffle", out.After.SpawnDeck.DrawPile, "RB001")
	if len(changes(out, ChDeckShuffled)) != 1 {
		t.Fatal("the shuffle is reported")
	}
}

// A physical noise deck: the card is named in the request or in the
// answers, and must be one the deck still holds.
func TestPhysicalNoiseDeck(t *testing.T) {
	base := func() *Situation {
		s := situation()
		s.State.SpawnTokens = []Token{}
		s.State.NoiseDeck = &Deck{DrawPile: []string{"NP2", "NP1"}, Discard: []string{}, Physical: true}
		s.Resolve = Request{Kind: KindNoiseCard, Total: 1}
		return s
	}
	s := base()
	ni := needInput(decideErr(t, s))
	if ni == nil || ni.Field != "answers.noiseCard" || strings.Join(ni.Options, " ") != "NP1 NP2" {
		t.Fatalf("asked %+v", ni)
	}
	s = base()
	s.Answers.NoiseCard = "NP2"
	out := decide(t, s)
	eq(t, "drawn", changes(out, ChNoiseCardDrawn), "NP2")
	eq(t, "draw pile", out.After.NoiseDeck.DrawPile, "NP1")
	s = base()
	s.State.NoiseDeck.Discard = []string{"NP2"}
	s.State.NoiseDeck.DrawPile = []string{"NP1"}
	s.Resolve.Card = "NP2"
	if err := decideErr(t, s); !strings.Contains(err.Error(), "drawn already") {
		t.Errorf("a discarded card: %v", err)
	}
	// App-drawn: an answer naming a card is refused.
	s = base()
	s.State.NoiseDeck.Physical = false
	s.Answers.NoiseCard = "NP1"
	if err := decideErr(t, s); !strings.Contains(err.Error(), "the app draws the noise deck") {
		t.Errorf("app-drawn: %v", err)
	}
}
