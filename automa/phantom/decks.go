package phantom

import (
	"fmt"

	"tablekeeper/automa"
)

// Deck is one adversary action deck: a species deck, a class deck or the
// boss deck (spec §8.2, RB p.10, p.12). Cards are named by the players'
// own ids; Draw is top first.
type Deck struct {
	Name    string   `json:"name"`
	Draw    []string `json:"draw"`
	Discard []string `json:"discard,omitempty"`
}

// DrawOne takes the top card. An empty draw pile is rebuilt by shuffling
// the discard pile (cards drawn this round are not in it yet, §8.2 item 3).
// It reports whether a reshuffle happened.
func (d *Deck) DrawOne(r automa.Rand) (string, bool, error) {
	reshuffled := false
	if len(d.Draw) == 0 {
		if len(d.Discard) == 0 {
			return "", false, fmt.Errorf("deck %q has no cards to draw and none discarded", d.Name)
		}
		d.Draw, d.Discard = d.Discard, nil
		Shuffle(d.Draw, r)
		reshuffled = true
	}
	c := d.Draw[0]
	d.Draw = d.Draw[1:]
	return c, reshuffled, nil
}

// Shuffle is a Fisher–Yates shuffle through r.
func Shuffle(cards []string, r automa.Rand) {
	for i := len(cards) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// TypeDraw names one adversary type on the map for the round's draw.
type TypeDraw struct {
	Type    string // type name, e.g. "Grallok Archer"
	Species string // species deck name (shared by the species' types)
	Class   string // class deck name (shared across species, A-28)
	Boss    bool   // a boss draws one boss card instead
}

// Drawn is what one type drew this round.
type Drawn struct {
	Type string `json:"type"`
	// SpeciesDeck and ClassDeck name the decks the cards came from.
	SpeciesDeck string `json:"speciesDeck,omitempty"`
	Species     string `json:"species,omitempty"`
	ClassDeck   string `json:"classDeck,omitempty"`
	Class       string `json:"class,omitempty"`
	Boss        string `json:"boss,omitempty"`
}

// Decks are all adversary decks of a mission, by deck name; Boss is the
// one shared boss deck.
type Decks struct {
	Species map[string]*Deck `json:"species"`
	Class   map[string]*Deck `json:"class"`
	Boss    *Deck            `json:"boss,omitempty"`
	// InPlay holds this round's drawn cards until they are discarded.
	InPlay []Drawn `json:"inPlay,omitempty"`
}

// DrawRound is round step 5: for each type with an adversary on the map, in
// the given (mission) order, draw one species and one class card; a boss
// draws one boss card. Two types of one species draw two species cards.
func (ds *Decks) DrawRound(types []TypeDraw, r automa.Rand, tr *automa.Trace) ([]Drawn, error) {
	var out []Drawn
	for _, t := range types {
		d := Drawn{Type: t.Type, SpeciesDeck: t.Species, ClassDeck: t.Class}
		if t.Boss {
			d.SpeciesDeck, d.ClassDeck = "", ""
		}
		draw := func(deck *Deck, what string) (string, error) {
			if deck == nil {
				return "", fmt.Errorf("%s: no %s deck", t.Type, what)
			}
			c, re, err := deck.DrawOne(r)
			if err != nil {
				return "", fmt.Errorf("%s: %w", t.Type, err)
			}
			st := tr.Add("phantom-epoch §8.2 (RB p.12)", "%s draws %s card %s", t.Type, what, c)
			if re {
				st.Text += " (deck was empty: discards reshuffled)"
			}
			st.Result = c
			return c, nil
		}
		var err error
		if t.Boss {
			d.Boss, err = draw(ds.Boss, "boss")
		} else {
			if d.Species, err = draw(ds.Species[t.Species], "species "+t.Species); err == nil {
				d.Class, err = draw(ds.Class[t.Class], "class "+t.Class)
			}
		}
		if err != nil {
			return out, err
		}
		out = append(out, d)
	}
	ds.InPlay = append(ds.InPlay, out...)
	return out, nil
}

// DiscardType discards the cards drawn for a type: at round step 8 for all
// types, or at once when the type's last adversary is defeated (§8.2 item
// 5). persistent names boss cards that stay in play (§9.5).
func (ds *Decks) DiscardType(typ string, persistent map[string]bool) {
	var keep []Drawn
	for _, d := range ds.InPlay {
		if d.Type != typ {
			keep = append(keep, d)
			continue
		}
		ds.discard(d, persistent)
	}
	ds.InPlay = keep
}

// DiscardRound is round step 8.
func (ds *Decks) DiscardRound(persistent map[string]bool) {
	for _, d := range ds.InPlay {
		ds.discard(d, persistent)
	}
	ds.InPlay = nil
}

func (ds *Decks) discard(d Drawn, persistent map[string]bool) {
	if d.Species != "" {
		if dk := ds.Species[d.SpeciesDeck]; dk != nil {
			dk.Discard = append(dk.Discard, d.Species)
		}
	}
	if d.Class != "" {
		if dk := ds.Class[d.ClassDeck]; dk != nil {
			dk.Discard = append(dk.Discard, d.Class)
		}
	}
	if d.Boss != "" && ds.Boss != nil && !persistent[d.Boss] {
		ds.Boss.Discard = append(ds.Boss.Discard, d.Boss)
	}
}
