package eternaut

import (
	"slices"
	"strings"

	"tablekeeper/tracker"
)

// Items, Drop piles, Bags, trades and crafting (spec §7.6, §7.7).

// GainItem gives an item card to a Character (§7.7.2). If that puts the
// Character over capacity, Drop must name the items (the new one may be
// among them) that go to a Drop pile at Where (or onto Pile, an existing
// pile on that space).
type GainItem struct {
	Char  string
	Item  string
	Drop  []string
	Where string
	Pile  string
}

// DropItems drops items onto a new pile at Where, or onto Pile (§7.7.3).
type DropItems struct {
	Char  string
	Items []string
	Where string
	Pile  string
}

// PickUp takes items from a Drop pile (optional, §13.31); Drop as in GainItem.
type PickUp struct {
	Char  string
	Pile  string
	Items []string
	Drop  []string
}

// DiscardItem sends an item card back to the Item deck (§7.7.6).
type DiscardItem struct{ Char, Item string }

// Trade moves items and ammo between two Characters (§7.6): Give goes from
// From to To, Take from To to From, Ammo from From to To (negative: the
// other way). DropFrom / DropTo name what each drops if over capacity.
type Trade struct {
	From, To         string
	Give, Take       []string
	Ammo             int
	DropFrom, DropTo []string
	Where            string
}

// SetBag says which of the Character's items is the Bag in use (§7.7.4).
type SetBag struct{ Char, Bag string }

// BagStore moves held items into the Bag; BagTake takes them out (Drop as
// in GainItem if that goes over capacity).
type BagStore struct {
	Char  string
	Items []string
}

// BagTake takes items out of the Bag.
type BagTake struct {
	Char  string
	Items []string
	Drop  []string
	Where string
}

// Craft combines two held items (§7.7.5): the paragraph is the two IDs.
// The outcome is then recorded with GainItem / DiscardItem.
type Craft struct{ Char, A, B string }

func init() {
	register(GainItem{}, DropItems{}, PickUp{}, DiscardItem{}, Trade{}, SetBag{}, BagStore{}, BagTake{}, Craft{})
}

func checkItemID(id string) error {
	if !isID(id) {
		return tracker.Refuse("eternaut §6.4", "%q is not an item ID (3 digits)", id)
	}
	return nil
}

// removeItems takes items from a list, or says which is missing.
func removeItems(list []string, items []string, who string) ([]string, error) {
	out := slices.Clone(list)
	for _, it := range items {
		i := slices.Index(out, it)
		if i < 0 {
			return nil, tracker.Refuse("eternaut §7.7", "%s does not hold item %s", who, it)
		}
		out = slices.Delete(out, i, i+1)
	}
	return out, nil
}

// fitOrDrop enforces the capacity after a gain (V8): the listed items go
// to a Drop pile and the rest must fit.
func fitOrDrop(s *State, ch *Character, drop []string, where, pile string, x *exec) error {
	if len(drop) > 0 {
		left, err := removeItems(ch.Items, drop, ch.Name)
		if err != nil {
			return err
		}
		ch.Items = left
		if ch.Bag != "" && !slices.Contains(ch.Items, ch.Bag) {
			// The Bag went with its contents (§7.7.4).
			drop = append(drop, ch.BagItems...)
			ch.Bag, ch.BagItems = "", nil
		}
		if err := putOnPile(s, drop, where, pile, x); err != nil {
			return err
		}
	}
	if n := len(ch.Items); n > ch.Capacity() {
		return tracker.Refuse("eternaut §12 V8", "%s can carry %d items and would hold %d: choose %d to drop", ch.Name, ch.Capacity(), n, n-ch.Capacity())
	}
	return nil
}

func putOnPile(s *State, items []string, where, pile string, x *exec) error {
	sc := s.Scenario
	if pile != "" {
		p := sc.pile(pile)
		if p == nil {
			return tracker.Refuse("eternaut §7.7.3", "there is no Drop pile %s", pile)
		}
		p.Items = append(p.Items, items...)
		x.say("onto Drop pile %s: %s", pile, strings.Join(items, ", "))
		return nil
	}
	l, extra := sc.nextPileLetter()
	sc.DropPiles = append(sc.DropPiles, DropPile{Letter: l, Where: strings.TrimSpace(where), Items: slices.Clone(items)})
	x.say("new Drop pile %s: %s", l, strings.Join(items, ", "))
	if extra {
		x.say("warning: more Drop piles than the 4 pairs of counters")
	}
	return nil
}

func (GainItem) kind() string { return "item.gain" }
func (c GainItem) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.7.2")
	if err != nil {
		return err
	}
	if err := checkItemID(c.Item); err != nil {
		return err
	}
	ch.Items = append(ch.Items, c.Item)
	x.say("%s gains item %s", ch.Name, c.Item)
	return fitOrDrop(s, ch, c.Drop, c.Where, c.Pile, x)
}

func (DropItems) kind() string { return "item.drop" }
func (c DropItems) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.7.3")
	if err != nil {
		return err
	}
	if len(c.Items) == 0 {
		return tracker.Refuse("eternaut §7.7.3", "name the items to drop")
	}
	x.say("%s drops %s", ch.Name, strings.Join(c.Items, ", "))
	return fitOrDrop(s, ch, c.Items, c.Where, c.Pile, x)
}

func (PickUp) kind() string { return "item.pickup" }
func (c PickUp) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.7.3")
	if err != nil {
		return err
	}
	sc := s.Scenario
	p := sc.pile(c.Pile)
	if p == nil {
		return tracker.Refuse("eternaut §7.7.3", "there is no Drop pile %s", c.Pile)
	}
	if len(c.Items) == 0 {
		return tracker.Refuse("eternaut §7.7.3", "name the items to pick up")
	}
	left, err := removeItems(p.Items, c.Items, "Drop pile "+c.Pile)
	if err != nil {
		return err
	}
	p.Items = left
	ch.Items = append(ch.Items, c.Items...)
	x.say("%s picks up %s from Drop pile %s", ch.Name, strings.Join(c.Items, ", "), c.Pile)
	// §7.7.3: the Character stands on this pile's space, so what it drops
	// joins this pile; if the pile was emptied, a new one goes there.
	where, onto := p.Where, c.Pile
	if len(left) == 0 {
		sc.DropPiles = slices.DeleteFunc(sc.DropPiles, func(d DropPile) bool { return d.Letter == c.Pile })
		x.say("Drop pile %s is empty and removed", c.Pile)
		onto = ""
		if x.before(1) {
			// Decided before revision 1: the new pile took whatever place
			// the removal left under p (replayed as it was played).
			where = p.Where
		}
	}
	if x.before(1) {
		onto = ""
	}
	return fitOrDrop(s, ch, c.Drop, where, onto, x)
}

func (DiscardItem) kind() string { return "item.discard" }
func (c DiscardItem) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.7.6")
	if err != nil {
		return err
	}
	if slices.Contains(ch.BagItems, c.Item) && !slices.Contains(ch.Items, c.Item) {
		ch.BagItems, _ = removeItems(ch.BagItems, []string{c.Item}, ch.Name)
	} else {
		left, err := removeItems(ch.Items, []string{c.Item}, ch.Name)
		if err != nil {
			return err
		}
		ch.Items = left
		if ch.Bag == c.Item {
			if len(ch.BagItems) > 0 {
				return tracker.Refuse("eternaut §7.7.4", "empty the Bag %s before discarding it", c.Item)
			}
			ch.Bag = ""
		}
	}
	x.say("%s discards item %s (back to the Item deck)", ch.Name, c.Item)
	return nil
}

func (Trade) kind() string { return "item.trade" }
func (c Trade) run(s *State, x *exec) error {
	a, err := s.live(c.From, "eternaut §7.6")
	if err != nil {
		return err
	}
	b, err := s.live(c.To, "eternaut §7.6")
	if err != nil {
		return err
	}
	if a == b {
		return tracker.Refuse("eternaut §7.6", "a trade needs two different Characters")
	}
	if len(c.Give) == 0 && len(c.Take) == 0 && c.Ammo == 0 {
		return tracker.Refuse("eternaut §7.6", "the trade moves nothing")
	}
	if a.Items, err = removeItems(a.Items, c.Give, a.Name); err != nil {
		return err
	}
	if b.Items, err = removeItems(b.Items, c.Take, b.Name); err != nil {
		return err
	}
	// A Bag travels with its contents (§7.7.4).
	moveBag := func(src, dst *Character, items []string) error {
		if src.Bag != "" && slices.Contains(items, src.Bag) {
			if dst.Bag != "" && len(dst.BagItems) > 0 && len(src.BagItems) > 0 {
				return tracker.Refuse("eternaut §12 V9", "%s already carries a Bag with items inside", dst.Name)
			}
			if len(src.BagItems) > 0 || dst.Bag == "" {
				dst.Bag, dst.BagItems = src.Bag, append(dst.BagItems, src.BagItems...)
			}
			src.Bag, src.BagItems = "", nil
		}
		dst.Items = append(dst.Items, items...)
		return nil
	}
	if err := moveBag(a, b, c.Give); err != nil {
		return err
	}
	if err := moveBag(b, a, c.Take); err != nil {
		return err
	}
	if c.Ammo != 0 && Letter(s.Scenario.Key) == "A" {
		return tracker.Refuse("eternaut §2.2", "there is no ammo in Scenario A")
	}
	src, dst, n := a, b, c.Ammo
	if n < 0 {
		src, dst, n = b, a, -n
	}
	if n > src.Ammo {
		return tracker.Refuse("eternaut §12 V5", "%s has only %d ammo to give", src.Name, src.Ammo)
	}
	x.say("Trade %s ↔ %s: %s → %s; %s → %s", a.Name, b.Name, listOr(c.Give, "nothing"), b.Name, listOr(c.Take, "nothing"), a.Name)
	if n > 0 {
		src.Ammo -= n
		got := min(AmmoCapPerCharacter, dst.Ammo+n)
		x.say("%d ammo %s → %s (%d → %d)", n, src.Name, dst.Name, dst.Ammo, got)
		if over := dst.Ammo + n - AmmoCapPerCharacter; over > 0 {
			x.say("%d above the cap of %d goes back to the general reserve", over, AmmoCapPerCharacter)
		}
		dst.Ammo = got
	}
	if err := fitOrDrop(s, a, c.DropFrom, c.Where, "", x); err != nil {
		return err
	}
	return fitOrDrop(s, b, c.DropTo, c.Where, "", x)
}

func (SetBag) kind() string { return "bag.set" }
func (c SetBag) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.7.4")
	if err != nil {
		return err
	}
	if !slices.Contains(ch.Items, c.Bag) {
		return tracker.Refuse("eternaut §7.7.4", "%s does not hold item %s", ch.Name, c.Bag)
	}
	if ch.Bag != "" && ch.Bag != c.Bag && len(ch.BagItems) > 0 {
		return tracker.Refuse("eternaut §12 V9", "%s already carries the Bag %s with items inside: only 1 such Bag", ch.Name, ch.Bag)
	}
	ch.Bag = c.Bag
	x.say("%s uses item %s as a Bag", ch.Name, c.Bag)
	return nil
}

func (BagStore) kind() string { return "bag.store" }
func (c BagStore) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.7.4")
	if err != nil {
		return err
	}
	if ch.Bag == "" {
		return tracker.Refuse("eternaut §7.7.4", "%s has no Bag (SetBag first)", ch.Name)
	}
	if slices.Contains(c.Items, ch.Bag) {
		return tracker.Refuse("eternaut §7.7.4", "the Bag cannot go inside itself")
	}
	left, err := removeItems(ch.Items, c.Items, ch.Name)
	if err != nil {
		return err
	}
	ch.Items, ch.BagItems = left, append(ch.BagItems, c.Items...)
	x.say("%s puts %s in the Bag", ch.Name, strings.Join(c.Items, ", "))
	return nil
}

func (BagTake) kind() string { return "bag.take" }
func (c BagTake) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.7.4")
	if err != nil {
		return err
	}
	left, err := removeItems(ch.BagItems, c.Items, ch.Name+"'s Bag")
	if err != nil {
		return err
	}
	ch.BagItems, ch.Items = left, append(ch.Items, c.Items...)
	x.say("%s takes %s out of the Bag", ch.Name, strings.Join(c.Items, ", "))
	return fitOrDrop(s, ch, c.Drop, c.Where, "", x)
}

func (Craft) kind() string { return "item.craft" }
func (c Craft) run(s *State, x *exec) error {
	ch, err := s.live(c.Char, "eternaut §7.7.5")
	if err != nil {
		return err
	}
	if c.A == c.B {
		return tracker.Refuse("eternaut §12 V24", "crafting needs two different item cards")
	}
	for _, it := range []string{c.A, c.B} {
		if !slices.Contains(ch.Items, it) {
			return tracker.Refuse("eternaut §12 V24", "%s does not hold item %s", ch.Name, it)
		}
	}
	p, err := BuildParagraph(c.A, c.B)
	if err != nil {
		return err
	}
	x.say("%s tries to craft %s + %s", ch.Name, c.A, c.B)
	x.ask("Read paragraph %s; if the new item card is not in the Item deck, both items are kept", p)
	return nil
}
