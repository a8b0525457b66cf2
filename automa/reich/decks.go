package reich

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/reich/content"
)

// Physical decks (spec §1 item 5): the players may draw the spawn deck and
// the noise deck at the table and name the card they drew. The app then
// never draws that deck; it keeps the deck's cards as a set (the draw pile
// in no order, the discard) and checks every named card is one the deck
// can give: one of its cards, not drawn already.

// takeNamed takes the card the players drew from deck d (what names the
// deck in the words: "spawn", "noise"). When the draw pile is empty the
// players have shuffled the discard into a new one (§3.1), and so does the
// app, without an order.
func (w *world) takeNamed(d *Deck, id, what string) error {
	if len(d.DrawPile) == 0 && len(d.Discard) > 0 {
		d.DrawPile, d.Discard = d.Discard, nil
		w.step("reichbusters §3.1", "The %s deck ran out: the players shuffle its discard pile into a new draw pile.", what)
		w.change(Change{Kind: ChDeckShuffled, Text: what})
	}
	if i := slices.Index(d.DrawPile, id); i >= 0 {
		d.DrawPile = slices.Delete(slices.Clone(d.DrawPile), i, i+1)
		return nil
	}
	if slices.Contains(d.Discard, id) {
		return fmt.Errorf("%s card %s was drawn already and lies in the discard pile: a card drawn now is one still in the deck (%s)", what, id, cardList(d.DrawPile))
	}
	return fmt.Errorf("%s card %s is not one of this mission's %s cards (still in the deck: %s)", what, id, what, cardList(d.DrawPile))
}

// drawable lists the cards a physical deck can give now, sorted: its draw
// pile, or its discard when the pile is empty (the players shuffle it).
func drawable(d *Deck) []string {
	ids := d.DrawPile
	if len(ids) == 0 {
		ids = d.Discard
	}
	out := slices.Clone(ids)
	slices.SortFunc(out, func(a, b string) int {
		if naturalLess(a, b) {
			return -1
		}
		if naturalLess(b, a) {
			return 1
		}
		return 0
	})
	return slices.Compact(out)
}

func cardList(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	out := slices.Clone(ids)
	slices.Sort(out)
	return strings.Join(out, ", ")
}

// namedSpawnCard takes the next spawn card the players drew from a
// physical spawn deck, or asks for it.
func (w *world) namedSpawnCard(d *Deck) string {
	if w.spawnNamed >= len(w.ans.SpawnCards) {
		w.fail(&NeedInput{Question: "which spawn card did you draw from the spawn deck?", Field: "answers.spawnCards", Options: drawable(d)})
		return ""
	}
	id := strings.TrimSpace(w.ans.SpawnCards[w.spawnNamed])
	w.spawnNamed++
	if err := w.takeNamed(d, id, "spawn"); err != nil {
		w.fail(err)
		return ""
	}
	w.step("reichbusters §1", "The players drew spawn card %s from the spawn deck.", id).Die = "spawn card " + id + " (drawn at the table)"
	return id
}

// checkNamedUsed refuses spawn cards named beyond those drawn: each named
// card must be one the resolution drew.
func (w *world) checkNamedUsed() {
	if w.err == nil && w.spawnNamed < len(w.ans.SpawnCards) {
		w.fail(fmt.Errorf("%d spawn cards were named, but this drew %d: name only the cards drawn", len(w.ans.SpawnCards), w.spawnNamed))
	}
}

// deckWords names a noise deck as the players do.
func deckWords(deck string) string {
	switch deck {
	case content.DeckPreAlarm:
		return "pre-alarm"
	case content.DeckPostAlarm:
		return "post-alarm"
	case content.DeckAlienWorld:
		return "alien world"
	}
	return deck
}
