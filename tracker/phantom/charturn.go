package phantom

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/automa/hex"
	"tablekeeper/automa/phantom"
	"tablekeeper/tracker"
)

// A character's turn (§6.4): its start, the cards it plays, a discard for
// Stunned, an orb activated, an item used, its end.

// StartTurn begins a character's turn (§6.4 steps 1–2, §6.3): temporary
// cards go to the discard pile; on a rest turn detrimental conditions are
// dropped first and the discard pile returns to the hand; otherwise
// Bleeding and Burning deal their damage; fire and poison under the
// character give Burning and Weakened again (§5.1). Adversaries' turns
// start with ResolveAdversaryTurn.
//
// Which detrimental conditions a rest drops (§4, §6.3 item 2: the
// character may remove any of them) follows the setting
// restRemovesAllDetrimental: on, all of them except those in Keep; off,
// only those in Drop.
type StartTurn struct {
	Character string `json:"character"`
	// Keep lists detrimental conditions a resting character chooses to
	// keep when the setting drops all of them.
	Keep []string `json:"keep,omitempty"`
	// Drop lists the detrimental conditions the players pick to remove
	// when the setting leaves the pick to them.
	Drop []string `json:"drop,omitempty"`
}

func (c StartTurn) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission("turns")
	if err != nil {
		return "", err
	}
	if m.Current != "" {
		return "", tracker.Refuse("phantom-epoch §11.1 step 7", "%s's turn is not over", m.Current)
	}
	f, err := s.activeChar(m, c.Character)
	if err != nil {
		return "", err
	}
	if nx := m.next(); nx != f.Name {
		return "", tracker.Refuse("phantom-epoch §11.1 step 7", "it is %s's turn, not %s's", nx, f.Name)
	}
	// §6.3 item 2: the setting says which list the players give; the
	// other would be ignored. Keep given with the setting off was ignored
	// before this check, and replays so.
	switch {
	case len(c.Drop) > 0 && s.Settings.RestRemovesAllDetrimental:
		return "", tracker.Refuse("phantom-epoch §6.3", "the setting \"a rest removes all detrimental conditions\" is on: name those %s keeps, not those it drops", f.Name)
	case len(c.Keep) > 0 && !s.Settings.RestRemovesAllDetrimental && !x.apply:
		return "", tracker.Refuse("phantom-epoch §6.3", "the setting \"a rest removes all detrimental conditions\" is off: name those %s drops, not those it keeps", f.Name)
	}
	for _, cd := range c.Drop {
		cond, err := phantom.ParseCond(cd)
		switch {
		case !f.Resting:
			return "", tracker.Refuse("phantom-epoch §6.3", "%s is not resting: conditions are dropped only at the start of a rest turn", f.Name)
		case err != nil || !cond.Detrimental() || !f.has(cond):
			return "", tracker.Refuse("phantom-epoch §6.3", "%s can drop only a detrimental condition it has, not %q", f.Name, cd)
		}
	}
	m.Current = f.Name
	f.TurnStart = s.Tick
	f.Attacked, f.ConvertedAttack, f.Fumbled, f.ConvertedCard = false, false, false, false
	f.Discard = append(f.Discard, f.Temporary...)
	f.Temporary = nil
	hm, err := s.liveMap()
	if err != nil {
		return "", err
	}
	var parts []string
	sp, _ := hm.Space(f.Position)
	if f.Resting {
		for _, cd := range f.CondList() {
			cond, _ := phantom.ParseCond(cd)
			drop := !contains(c.Keep, cd) // setting on: all but those kept
			if !s.Settings.RestRemovesAllDetrimental {
				drop = slices.ContainsFunc(c.Drop, func(d string) bool { x, _ := phantom.ParseCond(d); return x == cond })
			}
			if cond.Detrimental() && drop {
				delete(f.Conditions, cd)
				parts = append(parts, "dropped "+cd)
			}
		}
		f.Hand = append(f.Hand, f.Discard...)
		f.Discard = nil
		parts = append(parts, "took the discard pile back")
	} else {
		if f.has(phantom.Bleeding) {
			parts = append(parts, s.hurt(m, f, 2, "Bleeding"))
		}
		if f.has(phantom.Burning) && !f.Defeated {
			parts = append(parts, s.hurt(m, f, 3, "Burning"))
			// §5.1: still on fire, Burning stays.
			if !f.Defeated && !(sp != nil && sp.Hazard == hex.Fire) {
				delete(f.Conditions, string(phantom.Burning))
			}
		}
	}
	if !f.Defeated && sp != nil {
		switch {
		case sp.Hazard == hex.Fire && !f.has(phantom.Burning):
			parts = append(parts, s.inflict(f, phantom.Burning, true))
		case sp.Hazard == hex.Poison && !f.has(phantom.Weakened):
			parts = append(parts, s.inflict(f, phantom.Weakened, true))
		}
	}
	line := fmt.Sprintf("%s's turn", f.Name)
	if f.Resting {
		line += " (rest)"
	}
	if len(parts) > 0 {
		line += ": " + strings.Join(parts, "; ")
	}
	return line, nil
}

// PlayCard plays one of the current character's selected cards (§6.4 step
// 3): as printed, converted to a Move (MP = AP), or converted to an Attack
// (one per turn). Frozen forbids conversion to a Move (§4); a Stunned character
// can only DiscardForStun. The card then goes to its pile.
type PlayCard struct {
	Character string `json:"character"`
	Card      string `json:"card"`
	// Convert: "" as printed, "move" or "attack".
	Convert string `json:"convert,omitempty"`
}

func (c PlayCard) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.current(c.Character)
	if err != nil {
		return "", err
	}
	_ = m
	if !contains(f.Selected, c.Card) {
		return "", tracker.Refuse("phantom-epoch §6.4", "%s has not selected %q", f.Name, c.Card)
	}
	if f.has(phantom.Stunned) {
		return "", tracker.Refuse("phantom-epoch §4", "%s is Stunned: discard a selected card to remove it, or do nothing", f.Name)
	}
	switch c.Convert {
	case "", "move", "attack":
	default:
		return "", tracker.Refuse("phantom-epoch §6.4", "a card converts to \"move\" or \"attack\"")
	}
	// §4 Frozen (the rulebook over §6.4/V-14's "no conversions"): a Frozen
	// figure's cards cannot be converted to movement; an Attack stays.
	if c.Convert == "move" && f.has(phantom.Frozen) {
		return "", tracker.Refuse("phantom-epoch §4, V-14", "%s is Frozen: its cards cannot be converted to movement", f.Name)
	}
	// §6.4 step 3, V-13: one card at most converts to an Attack, and not
	// after another (printed) Attack this turn. Conversions recorded before
	// this check replay as they were.
	if c.Convert == "attack" {
		switch {
		case x.apply:
		case f.ConvertedCard:
			return "", tracker.Refuse("phantom-epoch §6.4, V-13", "%s already converted a card to an Attack this turn: only one may be", f.Name)
		case f.Attacked && !f.ConvertedAttack:
			return "", tracker.Refuse("phantom-epoch §6.4, V-13", "%s already attacked this turn: a converted Attack must be the only one", f.Name)
		}
		f.ConvertedCard = true
	}
	f.Selected = remove(f.Selected, c.Card)
	ac := s.Content.ActionCards[c.Card]
	switch {
	case c.Convert == "" && ac.Temporary:
		f.Temporary = append(f.Temporary, c.Card)
	case c.Convert == "" && ac.Persistent:
		f.PersistentCards = append(f.PersistentCards, c.Card)
	default:
		f.Discard = append(f.Discard, c.Card)
	}
	how := ""
	switch c.Convert {
	case "move":
		how = fmt.Sprintf(" as a Move %d", ac.AP)
	case "attack":
		how = " as an Attack"
	}
	return fmt.Sprintf("%s played %s%s", f.Name, c.Card, how), nil
}

func (s *State) current(name string) (*Mission, *Figure, error) {
	m, err := s.inMission("turns")
	if err != nil {
		return nil, nil, err
	}
	f, err := s.activeChar(m, name)
	if err != nil {
		return nil, nil, err
	}
	if m.Current != f.Name {
		return nil, nil, tracker.Refuse("phantom-epoch §11.1 step 7", "it is not %s's turn", f.Name)
	}
	if m.Pending != nil {
		return nil, nil, tracker.Refuse(ruleAdv, "confirm or override %s's reaction first", m.Pending.Adversary)
	}
	return m, f, nil
}

// DiscardForStun discards one selected card without effect to remove
// Stunned (§4, §6.4).
type DiscardForStun struct {
	Character string `json:"character"`
	Card      string `json:"card"`
}

func (c DiscardForStun) exec(s *State, x *ctx) (string, error) {
	_, f, err := s.current(c.Character)
	if err != nil {
		return "", err
	}
	if !f.has(phantom.Stunned) {
		return "", tracker.Refuse("phantom-epoch §4", "%s is not Stunned", f.Name)
	}
	if !contains(f.Selected, c.Card) {
		return "", tracker.Refuse("phantom-epoch §4", "%s has not selected %q", f.Name, c.Card)
	}
	f.Selected = remove(f.Selected, c.Card)
	f.Discard = append(f.Discard, c.Card)
	delete(f.Conditions, string(phantom.Stunned))
	return fmt.Sprintf("%s discarded %s to shake off Stunned", f.Name, c.Card), nil
}

// EndTurn ends the current character's turn (§6.4 steps 4–5): unplayed
// selected cards are discarded; nova cells and treasure on or next to its
// space are taken; Frozen and Invisible gained before this turn began
// expire (§4).
type EndTurn struct {
	Character string `json:"character"`
}

func (c EndTurn) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.current(c.Character)
	if err != nil {
		return "", err
	}
	f.Discard = append(f.Discard, f.Selected...)
	f.Selected = nil
	var parts []string
	hm, err := s.liveMap()
	if err != nil {
		return "", err
	}
	if i, ok := hm.Index(f.Position); ok {
		spaces := append([]int{i}, toInts(hm.Neighbors(i))...)
		for _, j := range spaces {
			sp := hm.SpaceAt(j)
			if sp.NovaCells > 0 {
				f.Nova += sp.NovaCells
				parts = append(parts, fmt.Sprintf("took %d nova cells from %s", sp.NovaCells, sp.Label))
				sp.NovaCells = 0
			}
			if sp.Treasure.Kind != hex.NoToken && sp.Treasure.Present {
				sp.Treasure.Present = false
				m.TreasureTaken = append(m.TreasureTaken, sp.Treasure.Number)
				parts = append(parts, "took the treasure on "+sp.Label)
			}
		}
		if err := s.saveMap(hm); err != nil {
			return "", err
		}
	}
	parts = append(parts, s.expire(f)...)
	m.Acted = append(m.Acted, f.Name)
	m.Current = ""
	line := f.Name + "'s turn ends"
	if len(parts) > 0 {
		line += ": " + strings.Join(parts, "; ")
	}
	return line, nil
}

func toInts(a []int32) []int {
	out := make([]int, len(a))
	for i, v := range a {
		out[i] = int(v)
	}
	return out
}

// expire removes the conditions whose next full turn has ended (§4
// duration model): gained before the turn that just ended started.
func (s *State) expire(f *Figure) []string {
	var gone []string
	for _, cd := range f.CondList() {
		cond, _ := phantom.ParseCond(cd)
		lasts := cond == phantom.Frozen || cond == phantom.Invisible || (cond == phantom.Stunned && !f.character())
		if lasts && f.Conditions[cd] < f.TurnStart {
			delete(f.Conditions, cd)
			gone = append(gone, cd+" wore off")
		}
	}
	return gone
}

// ActivateOrb activates an active orb next to the current character at
// the end of its turn (§5.4); a campaign orb only once per campaign.
type ActivateOrb struct {
	Character string `json:"character"`
	Space     string `json:"space"`
}

func (c ActivateOrb) exec(s *State, x *ctx) (string, error) {
	m, f, err := s.current(c.Character)
	if err != nil {
		return "", err
	}
	hm, err := s.liveMap()
	if err != nil {
		return "", err
	}
	i, ok := hm.Index(c.Space)
	j, ok2 := hm.Index(f.Position)
	if !ok || !ok2 || !hm.Adjacent(i, j) {
		return "", tracker.Refuse("phantom-epoch §5.4", "%s is not next to %q", f.Name, c.Space)
	}
	sp := hm.SpaceAt(i)
	if sp.Orb.Kind == hex.NoToken || !sp.Orb.Active {
		return "", tracker.Refuse("phantom-epoch §5.4", "there is no active orb on %s", c.Space)
	}
	if sp.Orb.Kind == hex.CampaignToken && containsInt(s.Sheet.OrbsActivated, sp.Orb.Number) {
		return "", tracker.Refuse("phantom-epoch V-18", "campaign orb %d was already activated in this campaign", sp.Orb.Number)
	}
	sp.Orb.Active = false
	if sp.Orb.Kind == hex.CampaignToken {
		m.OrbsActivated = append(m.OrbsActivated, sp.Orb.Number)
	}
	if err := s.saveMap(hm); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s activated the orb on %s", f.Name, c.Space), nil
}

// UseItem uses an item a character took on the mission: a once-per-mission
// item is flipped, a single-use item leaves the list (V-28).
type UseItem struct {
	Character string `json:"character"`
	Item      string `json:"item"`
}

func (c UseItem) exec(s *State, x *ctx) (string, error) {
	m, err := s.inMission()
	if err != nil {
		return "", err
	}
	f, err := s.activeChar(m, c.Character)
	if err != nil {
		return "", err
	}
	if f.has(phantom.Stunned) || f.has(phantom.KnockedDown) {
		return "", tracker.Refuse("phantom-epoch §4", "%s is Stunned or Knocked Down: no items", f.Name)
	}
	i := slices.IndexFunc(f.Items, func(it Item) bool { return it.ID == c.Item })
	if i < 0 {
		return "", tracker.Refuse("phantom-epoch V-28", "%s has no item %q on this mission", f.Name, c.Item)
	}
	if f.Items[i].Used {
		return "", tracker.Refuse("phantom-epoch V-28", "%s was already used this mission", c.Item)
	}
	if s.Content.Items[c.Item].OncePerMission {
		f.Items[i].Used = true
		return fmt.Sprintf("%s used %s (flipped until the mission ends)", f.Name, c.Item), nil
	}
	f.Items = slices.Delete(f.Items, i, i+1)
	if ch := s.char(f.Name); ch != nil {
		ch.Items = remove(ch.Items, c.Item)
	}
	return fmt.Sprintf("%s used up %s", f.Name, c.Item), nil
}
