package phantom

import (
	"fmt"
	"sort"
	"strings"

	"tablekeeper/automa"
)

// AdversaryInitiative is a regular adversary's initiative (spec §8.3, RB
// p.12): the species card's AP plus the AP of its colour's class row, each
// doubled while Frozen.
func AdversaryInitiative(species, row *Card, frozen bool) int {
	n := species.AP + row.AP
	if frozen {
		n *= 2
	}
	return n
}

// BossInitiative is a boss's initiative (§9.2, RB p.30, Fig. 46): the AP of
// its inherent action plus the AP of each additional action its card calls
// for, each doubled while Frozen. A card of type "other" calls for none.
func BossInitiative(b *BossBoard, card *BossCard, frozen bool) (int, error) {
	n := b.Inherent.AP
	if card != nil {
		for _, a := range card.Actions {
			if a < 1 || a > 3 {
				return 0, fmt.Errorf("boss card %q calls for action #%d; bosses have actions #1 to #3", card.Name, a)
			}
			n += b.Actions[a-1].AP
		}
	}
	if frozen {
		n *= 2
	}
	return n, nil
}

// Turner is one figure in the round's turn order.
type Turner struct {
	Name      string
	Character bool
	Type      string // adversary type, or the boss's name (a type of its own)
	Colour    Colour
	Q, R      int
	// At, when set, is the figure's compass position for the Decision die
	// (a flat-top map's own north); otherwise Q, R on a pointy-top map.
	At         *Pickable
	Initiative int
	// RowOrder is the position of the figure's colour among the rows of its
	// type's class card, top first (§11.2 a); bosses use 0.
	RowOrder int
	// Seat is the characters' default order among themselves (players may
	// reorder tied characters).
	Seat int
}

// TurnOrder sorts figures by initiative, lowest first, breaking ties by
// §11.2 (RB p.12): characters first (in seat order); then adversaries one at
// a time, each time taking the "head" of every type still in the tie (its
// topmost class-card colour; same colour → Decision die by position) and,
// when more than one type is left, the Decision die among the heads.
func TurnOrder(ts []Turner, face Face, tr *automa.Trace) []Turner {
	byInit := map[int][]Turner{}
	var inits []int
	for _, t := range ts {
		if _, ok := byInit[t.Initiative]; !ok {
			inits = append(inits, t.Initiative)
		}
		byInit[t.Initiative] = append(byInit[t.Initiative], t)
	}
	sort.Ints(inits)
	var out []Turner
	for _, n := range inits {
		group := byInit[n]
		if len(group) == 1 {
			out = append(out, group[0])
			continue
		}
		out = append(out, breakTie(n, group, face, tr)...)
	}
	return out
}

func breakTie(n int, group []Turner, face Face, tr *automa.Trace) []Turner {
	var chars, advs []Turner
	for _, t := range group {
		if t.Character {
			chars = append(chars, t)
		} else {
			advs = append(advs, t)
		}
	}
	sort.SliceStable(chars, func(i, j int) bool { return chars[i].Seat < chars[j].Seat })
	out := append([]Turner(nil), chars...)
	text := fmt.Sprintf("%d figures share initiative %d", len(group), n)
	if len(chars) > 0 {
		text += fmt.Sprintf("; characters go first (%d, players may reorder them)", len(chars))
	}
	if len(advs) > 0 {
		text += "; adversaries follow, each type in its class-card colour order, types by the Decision die"
	}
	tr.Add("phantom-epoch §11.2 (RB p.12)", "%s", text)
	for len(advs) > 0 {
		// Heads: per type, the adversaries of the topmost remaining colour.
		types := map[string][]int{}
		var order []string
		for i, a := range advs {
			if _, ok := types[a.Type]; !ok {
				order = append(order, a.Type)
			}
			types[a.Type] = append(types[a.Type], i)
		}
		var heads []int
		for _, typ := range order {
			idx := types[typ]
			top := advs[idx[0]].RowOrder
			for _, i := range idx {
				top = min(top, advs[i].RowOrder)
			}
			var same []int
			for _, i := range idx {
				if advs[i].RowOrder == top {
					same = append(same, i)
				}
			}
			h := same[0]
			if len(same) > 1 {
				cands := make([]Pickable, len(same))
				for k, i := range same {
					cands[k] = advs[i].pick()
				}
				h = same[DecisionPick(cands, face, tr, "the next "+typ+" of colour "+string(advs[h].Colour))]
			}
			heads = append(heads, h)
		}
		next := heads[0]
		if len(heads) > 1 {
			cands := make([]Pickable, len(heads))
			for k, i := range heads {
				cands[k] = advs[i].pick()
			}
			next = heads[DecisionPick(cands, face, tr, "which adversary type goes next")]
		}
		out = append(out, advs[next])
		advs = append(advs[:next:next], advs[next+1:]...)
	}
	names := make([]string, len(out))
	for i, t := range out {
		names[i] = t.Name
	}
	tr.Add("phantom-epoch §11.2 (RB p.12)", "order for initiative %d", n).Result = strings.Join(names, ", ")
	return out
}

func (t Turner) pick() Pickable {
	if t.At != nil {
		p := *t.At
		p.Name, p.Colour = t.Name, t.Colour
		return p
	}
	return At(t.Name, t.Colour, t.Q, t.R)
}
