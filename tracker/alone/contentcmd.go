package alone

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/alone"
	"tablekeeper/tracker"
)

func init() {
	register(
		func() op { return &contentEv{} },
		func() op { return &contentPutEv{} },
		func() op { return &contentDeleteEv{} },
	)
}

// The content events may come before the game starts: a group enters its
// components, then sets the game up from them.
func init() {
	setupKinds["content"] = true
	setupKinds["contentPut"] = true
	setupKinds["contentDelete"] = true
}

// UseContent puts a content set into the campaign: at setup, or later to
// update the campaign from a newer file. Whatever the campaign uses that
// the new set lacks (an Item in the Inventory, a Mission in play, the Hero
// or the Companion, a Reaction card on the Track) is kept and reported,
// never silently dropped. The game in play (its Map, its Inventory) is not
// changed by an update.
type UseContent struct {
	Content Content `json:"content"`
}

type contentEv struct {
	UseContent
	// Kept is what the campaign uses that the new set lacked, kept from
	// the old one, in words.
	Kept []string `json:"kept,omitempty"`
	// Updated is set when a set was already in the campaign.
	Updated bool `json:"updated,omitempty"`
}

func (c UseContent) plan(*State, *tracker.Dice) (op, error) {
	x := c.Content.Clone()
	x.Normalize()
	if err := checkTexts(x); err != nil {
		return nil, err
	}
	return &contentEv{UseContent: UseContent{Content: *x}}, nil
}

// checkTexts refuses content whose names or texts break the rules of
// campaign names (issue 24 item 6). It runs when a command is decided,
// never when a recorded event is replayed: content recorded before the
// rules is played as it was.
func checkTexts(x *Content) error {
	data, err := json.Marshal(x)
	if err != nil {
		return err
	}
	if ps := tracker.ContentTexts(data); len(ps) > 0 {
		return refuse("§9", "%v", tracker.TextsError("the content set", ps))
	}
	return nil
}
func (*contentEv) kind() string { return "content" }

func (o *contentEv) run(s *State) error {
	if ps := o.Content.Problems(); len(ps) > 0 {
		return refuse("§9", "the content set has %s: %s", plural(len(ps), "problem", "problems"), ps[0].Error())
	}
	n := o.Content.Clone()
	o.Kept, o.Updated = nil, s.Content != nil
	if s.Content != nil {
		o.Kept = keepUsed(s, s.Content, n)
	}
	s.Content = n
	return nil
}

func (o *contentEv) line() string {
	what := "Content set"
	if o.Content.Practice {
		what = "Practice content (made up for the app)"
	}
	l := fmt.Sprintf("%s “%s” loaded: %s", what, o.Content.Name, o.Content.Summary())
	if o.Updated {
		l = fmt.Sprintf("Content updated from “%s”: %s", o.Content.Name, o.Content.Summary())
	}
	if len(o.Kept) > 0 {
		l += ". Kept, because the game uses them and the new file lacks them: " + strings.Join(o.Kept, "; ")
	}
	return l
}

// keepUsed copies into n what the campaign uses from old that n lacks, and
// says what it kept.
func keepUsed(s *State, old, n *Content) []string {
	var kept []string
	for _, it := range s.Items {
		if n.ItemNamed(it.Name) == nil {
			if c := old.ItemNamed(it.Name); c != nil {
				n.Items = append(n.Items, *c)
				kept = append(kept, fmt.Sprintf("Item card “%s” (in the Hero's Inventory)", c.Name))
			}
		}
	}
	ms := append(append([]Mission(nil), s.Missions.Starting[:]...), s.Missions.Final)
	for _, m := range ms {
		if m.Name != "" && n.MissionNamed(m.Name) == nil {
			if c := old.MissionNamed(m.Name); c != nil {
				n.Missions = append(n.Missions, *c)
				kept = append(kept, fmt.Sprintf("Mission card “%s” (in play)", c.Name))
			}
		}
	}
	chars := []string{s.Character}
	if s.Companion != nil {
		chars = append(chars, s.Companion.Character)
	}
	for _, name := range chars {
		if name != "" && n.CharacterNamed(name) == nil {
			if c := old.CharacterNamed(name); c != nil {
				n.Characters = append(n.Characters, *c)
				kept = append(kept, fmt.Sprintf("Character “%s” (in play)", c.Name))
			}
		}
	}
	for _, tc := range s.Track {
		if tc.Card == "" || tc.Deck < 0 || tc.Deck > 1 {
			continue
		}
		deck := s.Evil.Decks[tc.Deck].Name
		if n.ReactionNamed(deck, tc.Card) == nil {
			if c := old.ReactionNamed(deck, tc.Card); c != nil && !slices.ContainsFunc(n.Reactions, func(r alone.ReactionCard) bool { return r.ID == c.ID }) {
				n.Reactions = append(n.Reactions, *c)
				kept = append(kept, fmt.Sprintf("Reaction card “%s” (on the Reaction Track)", c.Name))
			}
		}
	}
	return kept
}

// PutContent enters one component into the campaign's content set, or
// changes one: Was is its name before the change ("" for a new one). Just
// one of the component fields is set.
type PutContent struct {
	Was       string              `json:"was,omitempty"`
	Sheet     *Sheet              `json:"sheet,omitempty"`
	Map       *MapLayout          `json:"map,omitempty"`
	Mission   *MissionCard        `json:"mission,omitempty"`
	Item      *ItemCard           `json:"item,omitempty"`
	Character *CharacterCard      `json:"character,omitempty"`
	Reaction  *alone.ReactionCard `json:"reaction,omitempty"`
	// WasDeck is a Reaction card's deck before the change.
	WasDeck string `json:"wasDeck,omitempty"`
}

type contentPutEv struct {
	PutContent
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Added bool   `json:"added,omitempty"`
}

func (c PutContent) plan(*State, *tracker.Dice) (op, error) {
	// The op keeps its own copies, normalised, so the event is what was
	// checked.
	x := &Content{}
	set := 0
	if c.Sheet != nil {
		sh := *c.Sheet
		x.Sheet, set = &sh, set+1
	}
	if c.Map != nil {
		x.Maps, set = append(x.Maps, *c.Map), set+1
	}
	if c.Mission != nil {
		x.Missions, set = append(x.Missions, *c.Mission), set+1
	}
	if c.Item != nil {
		x.Items, set = append(x.Items, *c.Item), set+1
	}
	if c.Character != nil {
		x.Characters, set = append(x.Characters, *c.Character), set+1
	}
	if c.Reaction != nil {
		x.Reactions, set = append(x.Reactions, *c.Reaction), set+1
	}
	if set != 1 {
		return nil, refuse("§9", "enter one component at a time")
	}
	x = x.Clone()
	x.Normalize()
	if err := checkTexts(x); err != nil {
		return nil, err
	}
	o := &contentPutEv{PutContent: PutContent{Was: strings.TrimSpace(c.Was), WasDeck: strings.ToLower(strings.TrimSpace(c.WasDeck))}}
	switch {
	case x.Sheet != nil:
		o.Sheet, o.Kind = x.Sheet, KindSheet
	case len(x.Maps) == 1:
		o.Map, o.Kind, o.Name = &x.Maps[0], KindMap, x.Maps[0].Name
	case len(x.Missions) == 1:
		o.Mission, o.Kind, o.Name = &x.Missions[0], KindMission, x.Missions[0].Name
	case len(x.Items) == 1:
		o.Item, o.Kind, o.Name = &x.Items[0], KindItem, x.Items[0].Name
	case len(x.Characters) == 1:
		o.Character, o.Kind, o.Name = &x.Characters[0], KindCharacter, x.Characters[0].Name
	default:
		o.Reaction, o.Kind, o.Name = &x.Reactions[0], KindReaction, x.Reactions[0].Name
	}
	return o, nil
}

func (*contentPutEv) kind() string { return "contentPut" }

func (o *contentPutEv) run(s *State) error {
	if s.Content == nil {
		s.Content = NewContent("Our components")
	}
	c := s.Content.Clone()
	var ps ContentProblems
	var found bool
	replace := func(n int, name func(int) string, set func(int), add func()) {
		was := o.Was
		for i := 0; i < n; i++ {
			if was != "" && strings.EqualFold(name(i), was) {
				set(i)
				found = true
				return
			}
		}
		if was != "" {
			ps = append(ps, ContentProblem{Kind: o.Kind, Card: was, Problem: "it is not in the content set any more"})
			return
		}
		add()
	}
	switch {
	case o.Sheet != nil:
		ps = SheetProblems(*o.Sheet)
		c.Sheet, found = o.Sheet, true
	case o.Map != nil:
		ps = o.Map.Problems(sheetConfig(c))
		replace(len(c.Maps), func(i int) string { return c.Maps[i].Name }, func(i int) { c.Maps[i] = *o.Map }, func() { c.Maps = append(c.Maps, *o.Map) })
	case o.Mission != nil:
		ps = o.Mission.Problems()
		replace(len(c.Missions), func(i int) string { return c.Missions[i].Name }, func(i int) { c.Missions[i] = *o.Mission }, func() { c.Missions = append(c.Missions, *o.Mission) })
	case o.Item != nil:
		ps = o.Item.Problems()
		replace(len(c.Items), func(i int) string { return c.Items[i].Name }, func(i int) { c.Items[i] = *o.Item }, func() { c.Items = append(c.Items, *o.Item) })
	case o.Character != nil:
		ps = o.Character.Problems()
		replace(len(c.Characters), func(i int) string { return c.Characters[i].Name }, func(i int) { c.Characters[i] = *o.Character }, func() { c.Characters = append(c.Characters, *o.Character) })
	case o.Reaction != nil:
		ps = ReactionProblems(*o.Reaction)
		wasID := ReactionID(o.WasDeck, o.Was)
		replace(len(c.Reactions), func(i int) string {
			if c.Reactions[i].ID == wasID {
				return o.Was
			}
			return "\x00" // only the card of that deck matches
		}, func(i int) { c.Reactions[i] = *o.Reaction }, func() { c.Reactions = append(c.Reactions, *o.Reaction) })
	default:
		return refuse("§9", "nothing to enter")
	}
	if len(ps) > 0 {
		return refuse("§9", "%s", ps[0].Error())
	}
	o.Added = !found
	if all := c.Problems(); len(all) > 0 {
		return refuse("§9", "%s", all[0].Error())
	}
	s.Content = c
	return nil
}

func sheetConfig(c *Content) alone.Config {
	if c.Sheet != nil {
		return c.Sheet.Config
	}
	return alone.DefaultConfig()
}

func (o *contentPutEv) line() string {
	if o.Kind == KindSheet {
		return "Content: the Hero sheet's values entered"
	}
	switch {
	case o.Added:
		return fmt.Sprintf("Content: %s “%s” entered", o.Kind, o.Name)
	case o.Was != "" && !strings.EqualFold(o.Was, o.Name):
		return fmt.Sprintf("Content: %s “%s” changed (now “%s”)", o.Kind, o.Was, o.Name)
	}
	return fmt.Sprintf("Content: %s “%s” changed", o.Kind, o.Name)
}

// DeleteContent takes one component out of the campaign's content set. The
// game in play keeps what it already holds (an Item in the Inventory stays
// there), and the diary says so.
type DeleteContent struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	// Deck is a Reaction card's deck.
	Deck string `json:"deck,omitempty"`
}

type contentDeleteEv struct {
	DeleteContent
	InUse string `json:"inUse,omitempty"`
}

func (c DeleteContent) plan(*State, *tracker.Dice) (op, error) {
	return &contentDeleteEv{DeleteContent: c}, nil
}
func (*contentDeleteEv) kind() string { return "contentDelete" }

func (o *contentDeleteEv) run(s *State) error {
	if s.Content == nil {
		return refuse("§9", "this campaign holds no content set")
	}
	c := s.Content.Clone()
	gone := false
	del := func(n int, name func(int) string, cut func(int)) {
		for i := 0; i < n; i++ {
			if strings.EqualFold(name(i), o.Name) {
				cut(i)
				gone = true
				return
			}
		}
	}
	switch o.Kind {
	case KindMap:
		del(len(c.Maps), func(i int) string { return c.Maps[i].Name }, func(i int) { c.Maps = slices.Delete(c.Maps, i, i+1) })
	case KindMission:
		del(len(c.Missions), func(i int) string { return c.Missions[i].Name }, func(i int) { c.Missions = slices.Delete(c.Missions, i, i+1) })
		for _, m := range append(append([]Mission(nil), s.Missions.Starting[:]...), s.Missions.Final) {
			if strings.EqualFold(m.Name, o.Name) {
				o.InUse = "the Mission stays in play"
			}
		}
	case KindItem:
		del(len(c.Items), func(i int) string { return c.Items[i].Name }, func(i int) { c.Items = slices.Delete(c.Items, i, i+1) })
		for _, it := range s.Items {
			if strings.EqualFold(it.Name, o.Name) {
				o.InUse = "the one in the Hero's Inventory stays there"
			}
		}
	case KindCharacter:
		del(len(c.Characters), func(i int) string { return c.Characters[i].Name }, func(i int) { c.Characters = slices.Delete(c.Characters, i, i+1) })
		if strings.EqualFold(s.Character, o.Name) || s.Companion != nil && strings.EqualFold(s.Companion.Character, o.Name) {
			o.InUse = "the Character stays in play"
		}
	case KindReaction:
		id := ReactionID(o.Deck, o.Name)
		del(len(c.Reactions), func(i int) string {
			if c.Reactions[i].ID == id {
				return o.Name
			}
			return "\x00"
		}, func(i int) { c.Reactions = slices.Delete(c.Reactions, i, i+1) })
	case KindSheet:
		gone, c.Sheet = c.Sheet != nil, nil
	default:
		return refuse("§9", "%q is not a kind of component", o.Kind)
	}
	if !gone {
		return refuse("§9", "there is no %s “%s” in the content set", o.Kind, o.Name)
	}
	s.Content = c
	return nil
}

func (o *contentDeleteEv) line() string {
	l := fmt.Sprintf("Content: %s “%s” deleted", o.Kind, o.Name)
	if o.Kind == KindSheet {
		l = "Content: the Hero sheet's values deleted (the placeholders are used)"
	}
	if o.InUse != "" {
		l += "; " + o.InUse
	}
	return l
}
