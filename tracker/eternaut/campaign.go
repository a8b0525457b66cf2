package eternaut

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"tablekeeper/tracker"
)

// A RosterEntry is one Character the group names at the start: its ID on
// the Character card and its name (user input, §2.3).
type RosterEntry struct {
	ID   string
	Name string
}

// NewCampaign starts the campaign (spec §3.1, §4.1): the number of players
// (1–5, which sets the hand size) and the roster. 901–904 must be named;
// the others may be named now or when they join (RenameCharacter).
type NewCampaign struct {
	Players int
	Roster  []RosterEntry
}

// ChangeSettings replaces the group's readings of the ambiguous rules.
type ChangeSettings struct{ Settings Settings }

// RenameCharacter changes the name written for a Character.
type RenameCharacter struct{ ID, Name string }

// SetDeck sets the basic Action cards' counts by name (§9.6.4); with the
// Special Action cards bought they must make exactly 40.
type SetDeck struct{ Basic map[string]int }

// SetPlayers changes the number of players (1–5) between scenarios.
type SetPlayers struct{ Players int }

func init() {
	register(NewCampaign{}, ChangeSettings{}, RenameCharacter{}, SetDeck{}, SetPlayers{})
}

// knownIDs are the Character IDs of the rulebook (§2.3); 910 only if the
// group adds it by hand (§13.38).
var knownIDs = []string{"901", "902", "903", "904", "905", "906", "907", "908", "909", "911", "912", "913"}

func isMaskedID(id string) bool { return id == "907" || id == "908" || id == "909" }

func (NewCampaign) kind() string { return "campaign" }
func (c NewCampaign) run(s *State, x *exec) error {
	if s.Started {
		return tracker.Refuse("eternaut §3.1", "the campaign is already set up")
	}
	if c.Players < 1 || c.Players > 5 {
		return tracker.Refuse("eternaut §12 V1", "The Eternaut is for 1 to 5 players, not %d", c.Players)
	}
	names := map[string]string{}
	for i, r := range c.Roster {
		id := strings.TrimSpace(r.ID)
		if !isID(id) || id[0] != '9' || id == "999" {
			return tracker.Refuse("eternaut §2.3", "roster line %d: %q is not a Character ID (901 to 913)", i+1, r.ID)
		}
		if _, dup := names[id]; dup {
			return tracker.Refuse("eternaut §2.3", "Character %s is in the roster twice", id)
		}
		names[id] = strings.TrimSpace(r.Name)
	}
	for _, id := range []string{"901", "902", "903", "904"} {
		if names[id] == "" {
			return tracker.Refuse("eternaut §4.2", "Character %s starts in Scenario A: give its name", id)
		}
	}
	ids := slices.Clone(knownIDs)
	for id := range names {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	s.Started, s.Players, s.Phase, s.Next = true, c.Players, PhaseBetween, "A"
	s.Roster = nil
	for _, id := range ids {
		ch := &Character{ID: id, Name: names[id], Masked: isMaskedID(id), Status: NotUnlocked, LP: CharMaxLP}
		if ch.Name == "" {
			if ch.Masked {
				ch.Name = "Masked Figure " + id
			} else {
				ch.Name = "Character " + id
			}
		}
		if id <= "904" {
			ch.Status, ch.Found = Alive, true
		}
		s.Roster = append(s.Roster, ch)
	}
	s.Diary = make([]DiarySection, len(Letters))
	for i, l := range Letters {
		s.Diary[i] = DiarySection{Letter: l}
	}
	takeSnapshot(s, "start")
	x.say("New campaign for %s (a hand of %d): %s", plural(c.Players, "player", "players"), HandSize(c.Players), rosterLine(s))
	x.ask("Set up Scenario A")
	return nil
}

func rosterLine(s *State) string {
	var parts []string
	for _, c := range s.Roster {
		if c.Status == Alive {
			parts = append(parts, c.Named())
		}
	}
	return strings.Join(parts, ", ")
}

// takeSnapshot keeps the campaign as it stands, without earlier snapshots.
func takeSnapshot(s *State, after string) {
	snaps := s.Snapshots
	s.Snapshots = nil
	b, _ := json.Marshal(s)
	s.Snapshots = append(snaps, Snapshot{After: after, State: b})
}

func (ChangeSettings) kind() string { return "settings" }
func (c ChangeSettings) run(s *State, x *exec) error {
	n := c.Settings
	if n.TimerMax < 1 || n.TimerMax > 99 {
		return tracker.Refuse("eternaut §5.4", "the Timer track must have 1 to 99 spaces, not %d", n.TimerMax)
	}
	if n.MaskedReturnLP < 1 || n.MaskedReturnLP > CharMaxLP {
		return tracker.Refuse("eternaut §13.21", "a returning Masked Figure's life must be 1 to %d", CharMaxLP)
	}
	if s.Scenario != nil && s.Scenario.TimerStart > n.TimerMax {
		return tracker.Refuse("eternaut §5.4", "this scenario's Timer started on %d, beyond a track of %d", s.Scenario.TimerStart, n.TimerMax)
	}
	old := s.Settings
	s.Settings = n
	// The line is in the Settings screen's words (settingwords.go).
	ch := settingsChanges(old, n)
	if len(ch) == 0 {
		ch = []string{"nothing changed."}
	}
	x.say("Settings changed: %s", strings.Join(ch, " "))
	return nil
}

func (RenameCharacter) kind() string { return "rename" }
func (c RenameCharacter) run(s *State, x *exec) error {
	ch, err := s.mustChar(c.ID)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(c.Name)
	if name == "" {
		return tracker.Refuse("eternaut §2.3", "a Character needs a name")
	}
	if len([]rune(name)) > 40 {
		return tracker.Refuse("eternaut §2.3", "the name is too long: at most 40 characters")
	}
	old := ch.Name
	ch.Name = name
	for i := range s.Diary {
		if r := s.Diary[i].Row(ch.ID); r != nil {
			r.Name = name
		}
	}
	x.say("Character card %s renamed: %s → %s", ch.ID, old, name)
	return nil
}

func (SetDeck) kind() string { return "deck" }
func (c SetDeck) run(s *State, x *exec) error {
	if len(c.Basic) == 0 {
		return tracker.Refuse("eternaut §9.6.4", "the Action deck needs its basic cards")
	}
	total := len(s.Deck.Specials)
	var parts []string
	for name, n := range c.Basic {
		if strings.TrimSpace(name) == "" {
			return tracker.Refuse("eternaut §9.6.4", "a card type needs a name")
		}
		if n < 1 {
			return tracker.Refuse("eternaut §12 V17", "%q needs at least 1 card in the deck, not %d", name, n)
		}
		total += n
		parts = append(parts, fmt.Sprintf("%s %d", name, n))
	}
	if total != ActionDeckSize {
		return tracker.Refuse("eternaut §1", "the Action deck must hold exactly %d cards; these make %d", ActionDeckSize, total)
	}
	sort.Strings(parts)
	s.Deck.Basic = map[string]int{}
	for k, v := range c.Basic {
		s.Deck.Basic[k] = v
	}
	x.say("Action deck set: %s", strings.Join(parts, ", "))
	return nil
}

func (SetPlayers) kind() string { return "players" }
func (c SetPlayers) run(s *State, x *exec) error {
	if c.Players < 1 || c.Players > 5 {
		return tracker.Refuse("eternaut §12 V1", "The Eternaut is for 1 to 5 players, not %d", c.Players)
	}
	if s.Phase == PhasePlaying {
		return tracker.Refuse("eternaut §4.1", "the number of players can change only between scenarios")
	}
	x.say("Players %d → %d (hand of %d)", s.Players, c.Players, HandSize(c.Players))
	s.Players = c.Players
	return nil
}

func (s *State) mustChar(id string) (*Character, error) {
	ch := s.Char(strings.TrimSpace(id))
	if ch == nil {
		return nil, tracker.Refuse("eternaut §2.3", "there is no Character %q in the roster", id)
	}
	return ch, nil
}

func isID(id string) bool {
	if len(id) != 3 {
		return false
	}
	for _, r := range id {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
