package eternaut

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"tablekeeper/automa/eternaut"
	"tablekeeper/tracker"
)

// StartScenario sets up the next scenario (spec §4). What it needs:
//   - Key: the Storybook ("A", "B1", … "F2"); it must be the one the last
//     epilogue leads to (§10.1).
//   - TimerStart: the Timer token's space as the Storybook gives it (C: 8,
//     may be left 0).
//   - Side: "front" or "back" (empty: the scenario's side, back only in E1).
//   - Characters: the chosen Characters (C–F; A and B take the Characters
//     of A). Boards optionally names each one's board colour, same order.
//   - FirstPlayer: 1..players (0 means player 1).
//   - Items / Ammo: from C on, the reserve handed out per Character; what
//     is left stays on the truck (§4.4). Bags: items that start inside a
//     Character's Bag (the Bag card itself goes in Items).
//   - Aliens: the alien modules left to right (C–F; empty: the scenario's
//     usual modules).
type StartScenario struct {
	Key         string
	TimerStart  int
	Side        string
	Characters  []string
	Boards      []string
	FirstPlayer int
	Items       map[string][]string
	Ammo        map[string]int
	Bags        map[string]BagSetup
	Aliens      []string
}

// BagSetup is a Bag and the items starting inside it (§4.4 D5).
type BagSetup struct {
	Bag   string
	Items []string
}

func init() { register(StartScenario{}) }

var defaultAliens = map[string][]string{
	"C": {"Cascarudo"},
	"D": {"Cascarudo", "Mindveil Fog"},
	"E": {"Human Robot", "Mano"},
	"F": {"Gurbo"},
}

// UsualAliens are the alien modules a scenario uses when the setup names
// none, left to right (none before C).
func UsualAliens(key string) []string {
	return slices.Clone(defaultAliens[Letter(strings.ToUpper(strings.TrimSpace(key)))])
}

func (StartScenario) kind() string { return "setup" }

func (c StartScenario) run(s *State, x *exec) error {
	const rule = "eternaut §4"
	if s.Phase != PhaseBetween {
		return tracker.Refuse(rule, "a scenario can be set up only between scenarios (now: %s)", s.Phase)
	}
	key := strings.ToUpper(strings.TrimSpace(c.Key))
	if !slices.Contains(ScenarioKeys, key) {
		return tracker.Refuse(rule, "%q is not a scenario of the campaign (A, B1, B2, C, D, E1, E2, F1, F2)", c.Key)
	}
	if key != s.nextKey() {
		return tracker.Refuse("eternaut §12 V22", "the campaign continues with Storybook %s, not %s", s.nextKey(), key)
	}
	letter := Letter(key)
	// Timer (§4.2, §5.4, V19).
	start := c.TimerStart
	if letter == "C" {
		if start != 0 && start != TimerStartC {
			return tracker.Refuse("eternaut §4.2", "Scenario C's Timer starts on space %d, not %d", TimerStartC, start)
		}
		start = TimerStartC
	}
	if start < 1 || start > s.Settings.TimerMax {
		return tracker.Refuse("eternaut §12 V19", "the Timer must start on a space from 1 to %d (the Storybook says where), not %d", s.Settings.TimerMax, start)
	}
	side := "front"
	if key == "E1" {
		side = "back"
	}
	if c.Side != "" && c.Side != side {
		return tracker.Refuse("eternaut §4.2", "Scenario %s is played on the board's %s side", key, side)
	}
	players := s.Players
	first := c.FirstPlayer
	if first == 0 {
		first = 1
	}
	if first < 1 || first > players {
		return tracker.Refuse("eternaut §4.1", "the First Player must be player 1 to %d, not %d", players, first)
	}
	// D setup: the Masked Figures join the group first (§10.2).
	if letter == "D" {
		for _, id := range []string{"907", "908", "909"} {
			if ch := s.Char(id); ch != nil && ch.Status == NotUnlocked {
				ch.Status, ch.Found, ch.LP, ch.Penalties = Alive, true, CharMaxLP, Penalties{}
				x.say("Masked Figure %s joins the group (10 life)", ch.Carded())
			}
		}
	}
	// Masked Figures that died come back (§7.13 step 4, §13.21).
	for _, ch := range s.Roster {
		if ch.Masked && ch.ReturnsNext {
			ch.Status, ch.ReturnsNext, ch.LP = Alive, false, s.Settings.MaskedReturnLP
			ch.Penalties, ch.Skills, ch.Items, ch.Bag, ch.BagItems = Penalties{}, nil, nil, "", nil
			x.say("Masked Figure %s is back (%d life, no penalties, no skill counters, no items)", ch.Carded(), ch.LP)
		}
	}
	chosen, err := c.choose(s, key, x)
	if err != nil {
		return err
	}
	if len(c.Boards) != 0 && len(c.Boards) != len(chosen) {
		return tracker.Refuse("eternaut §4.3 S7", "%d board colours for %d Characters", len(c.Boards), len(chosen))
	}
	sc := &Scenario{Key: key, Side: side, TimerStart: start, Timer: start, FirstPlayer: first, Active: first, Turn: 1}
	for i, ch := range chosen {
		ch.InPlay, ch.Played, ch.ActionCards, ch.Cubes, ch.DiedHere = true, letter != "A" && letter != "B", 0, 0, false
		ch.Unavailable, ch.Operating = false, ""
		if len(c.Boards) > 0 {
			ch.Board = c.Boards[i]
		} else {
			ch.Board = fmt.Sprintf("board %d", i+1)
		}
		if letter == "B" {
			ch.LP = CharMaxLP
		}
		if letter != "A" && letter != "B" {
			ch.Ammo = 0
		}
		sc.Boards = append(sc.Boards, ch.ID)
	}
	// Items and ammo (§4.4).
	if letter == "A" || letter == "B" {
		if len(c.Items) > 0 || len(c.Ammo) > 0 || len(c.Bags) > 0 {
			return tracker.Refuse("eternaut §4.2", "in Scenario %s nothing is handed out from a reserve: %s", letter, map[bool]string{true: "the Characters start with no items", false: "each Character keeps the items written for it in section A"}[letter == "A"])
		}
	} else if err := c.distribute(s, sc, chosen, x); err != nil {
		return err
	}
	switch letter {
	case "B":
		sc.Alert = AlertOnDeck
	case "C", "D", "E":
		sc.CubesActive = true
	case "F":
		sc.MenaceDeck = MenaceLightBlu
	}
	if letter != "A" && letter != "B" {
		races := c.Aliens
		if len(races) == 0 {
			races = defaultAliens[letter]
		}
		for _, r := range races {
			r = strings.TrimSpace(r)
			if r == "" {
				return tracker.Refuse("eternaut §5.8", "an alien module needs its race's name")
			}
			sc.Aliens = append(sc.Aliens, eternaut.Module{Race: r})
		}
	} else if len(c.Aliens) > 0 {
		return tracker.Refuse("eternaut §2.2", "there are no aliens in Scenario %s", letter)
	}
	// The Special Quest cards gained so far are revealed again near the
	// board (RB setup B step 14, C/D step 13, E step 14, F step 13): the
	// previous section lists them, and they are on the table at the end.
	if i := slices.Index(Letters, letter); i > 0 {
		if prev := s.Diary[i-1].SpecialQuests; len(prev) > 0 {
			sc.SpecialQuests = slices.Clone(prev)
			x.say("Special Quest cards face up again: %s", strings.Join(prev, ", "))
		}
	}
	s.Scenario, s.Phase, s.End = sc, PhasePlaying, nil
	s.Played = append(s.Played, key)
	sec := s.Section(letter)
	sec.Variant = Variant(key)
	if letter != "A" && letter != "B" {
		for _, ch := range chosen {
			writeRow(sec, ch, true)
		}
	}
	if letter == "D" {
		// RB setup D step 15 (over spec §13.30, which calls it a typo): the
		// Masked Figures are written with 10 life in the Character section
		// of Scenario C, the section D's setup reads life from (step 18);
		// the chosen ones are also written in D with the Played box above
		// (step 16), the others at the end of D as not played.
		prev := s.Section("C")
		for _, id := range []string{"907", "908", "909"} {
			if ch := s.Char(id); ch != nil && ch.Status == Alive && x.before(1) {
				writeRow(sec, ch, ch.InPlay) // as decided before revision 1
			} else if ch != nil && ch.Status == Alive {
				r := writeRow(prev, ch, false)
				r.LP, r.Penalties, r.Skills, r.PA = CharMaxLP, Penalties{}, nil, ""
			}
		}
	}
	// Group Abilities from the diary start face up (§11 E).
	for i := range s.GroupAbilities {
		s.GroupAbilities[i].FaceDown = false
	}
	if sc.CubesActive {
		if err := dealCubes(s, nil, x); err != nil {
			return err
		}
	}
	var who []string
	for _, ch := range chosen {
		who = append(who, ch.Named())
	}
	x.say("Scenario %s set up: %s side, Timer on %d, First Player %d; in play: %s", key, side, start, first, strings.Join(who, ", "))
	x.ask("Read paragraph 999-001 in Storybook %s", key)
	switch letter {
	case "B", "E", "F":
		x.ask("Remove the Story cards of the other variant")
	case "C":
		x.ask("Then do setup part 2 and read Story card C-01")
	case "D":
		x.ask("Then do setup part 2 and read paragraph 999-028")
	}
	if letter == "B" {
		x.ask("The Alert counter sits green on the Menace deck: no Menace card is drawn while it is there")
	}
	return nil
}

// choose applies the selection rules of §4.3 (V21, V30).
func (c StartScenario) choose(s *State, key string, x *exec) ([]*Character, error) {
	letter := Letter(key)
	if letter == "A" || letter == "B" {
		var out []*Character
		for _, id := range []string{"901", "902", "903", "904"} {
			if ch := s.Char(id); ch != nil && ch.Status == Alive {
				out = append(out, ch)
			}
		}
		if len(c.Characters) > 0 {
			var got []string
			for _, id := range c.Characters {
				got = append(got, strings.TrimSpace(id))
			}
			sort.Strings(got)
			var want []string
			for _, ch := range out {
				want = append(want, ch.ID)
			}
			if !slices.Equal(got, want) {
				return nil, tracker.Refuse("eternaut §4.2", "Scenario %s is played by the Characters of A who are alive: %s", key, strings.Join(want, ", "))
			}
		}
		if len(out) == 0 {
			return nil, tracker.Refuse("eternaut §10.4", "no Character of A is alive")
		}
		return out, nil
	}
	limit := GroupLimit(key)
	available := 0
	for _, ch := range s.Roster {
		if selectable(ch, letter) {
			available++
		}
	}
	if available == 0 {
		return nil, tracker.Refuse("eternaut §10.4", "no Character of the group can play Scenario %s", key)
	}
	want := min(limit, available)
	seen := map[string]bool{}
	var out []*Character
	for _, raw := range c.Characters {
		id := strings.TrimSpace(raw)
		ch := s.Char(id)
		if ch == nil {
			return nil, tracker.Refuse("eternaut §12 V21", "there is no Character %q in the roster", raw)
		}
		if seen[id] {
			return nil, tracker.Refuse("eternaut §12 V21", "%s %s is chosen twice", id, ch.Name)
		}
		seen[id] = true
		switch {
		case ch.Masked && !from(key, "D"):
			return nil, tracker.Refuse("eternaut §12 V21", "Masked Figures join the group only from Scenario D")
		case ch.AwaitsReveal:
			return nil, tracker.Refuse("eternaut §10.2", "%s %s joins only when the story reveals it", id, ch.Name)
		case ch.Status != Alive:
			return nil, tracker.Refuse("eternaut §12 V21", "%s %s cannot be chosen: %s", id, ch.Name, charWords(ch))
		}
		out = append(out, ch)
	}
	if len(out) > limit {
		return nil, tracker.Refuse("eternaut §12 V21", "at most %d Characters play Scenario %s, not %d", limit, key, len(out))
	}
	if len(out) != want && (len(out) == 0 || !mainsOnly(s, seen, letter)) {
		if from(letter, "D") && len(out) > 0 && len(out) < want {
			// From D the Masked Figures are optional: say what a smaller
			// group still needs.
			return nil, tracker.Refuse("eternaut §4.3 S2", "choose %d Characters for Scenario %s, or play with fewer by choosing every main Character who can play (left out: %s); %d are chosen", want, key, strings.Join(mainsLeftOut(s, seen, letter), ", "), len(out))
		}
		return nil, tracker.Refuse("eternaut §4.3 S2", "choose %d Characters for Scenario %s (%d are available); %d are chosen", want, key, available, len(out))
	}
	if seen["902"] && !seen["905"] {
		if c905 := s.Char("905"); c905 != nil && c905.Status == Alive && !c905.AwaitsReveal {
			return nil, tracker.Refuse("eternaut §4.3 S3", "%s plays only together with %s", s.Char("902").Carded(), c905.Carded())
		}
		// §13.20: 905 is not available, so the rule is waived.
		x.say("Note: %s plays without card 905, who is not available (the rule that they play together is waived)", s.Char("902").Carded())
	}
	if key == "E1" && !seen["912"] {
		return nil, tracker.Refuse("eternaut §4.3 S4", "Character 912 must play Scenario E1")
	}
	return out, nil
}

// GroupLimit is how many Characters play scenario key (§4.3): 3 in E2,
// else 4.
func GroupLimit(key string) int {
	if key == "E2" {
		return MaxCharactersInPlayE
	}
	return MaxCharactersInPlay
}

// mainsOnly says a smaller group is allowed: §4.3 S2 (RB p.29), the
// Masked Figures MAY fill the slots the main Characters leave, so the group
// may play short as long as every available main Character is chosen.
func mainsOnly(s *State, seen map[string]bool, letter string) bool {
	if !from(letter, "D") {
		return false
	}
	for _, ch := range s.Roster {
		if !ch.Masked && selectable(ch, letter) && !seen[ch.ID] {
			return false
		}
	}
	return true
}

// mainsLeftOut are the available main Characters not chosen, "ID Name".
func mainsLeftOut(s *State, seen map[string]bool, letter string) []string {
	var out []string
	for _, ch := range s.Roster {
		if !ch.Masked && selectable(ch, letter) && !seen[ch.ID] {
			out = append(out, ch.ID+" "+ch.Name)
		}
	}
	return out
}

func selectable(ch *Character, letter string) bool {
	if ch.Status != Alive || ch.AwaitsReveal {
		return false
	}
	return !ch.Masked || slices.Index(Letters, letter) >= 3
}

// charWords is why a Character cannot be chosen, in players' words: a
// 911 the group met but E2 never revealed left the campaign (§10.2).
func charWords(ch *Character) string {
	if ch.LeftUnrevealed() {
		return "never revealed in E2, it left the campaign at the end of E (§10.2)"
	}
	return statusWords(ch.Status)
}

func statusWords(st string) string {
	switch st {
	case Dead:
		return "dead"
	case LeftGroup:
		return "left the group"
	case NotUnlocked:
		return "not found yet"
	case OutOfCampaign:
		return "out of the campaign"
	}
	return st
}

// distribute hands out the previous section's reserve (§4.4, V8).
func (c StartScenario) distribute(s *State, sc *Scenario, chosen []*Character, x *exec) error {
	letter := Letter(sc.Key)
	prev := s.Section(Letters[slices.Index(Letters, letter)-1])
	left := slices.Clone(prev.ItemReserve)
	ammoLeft := prev.Ammo
	inPlay := map[string]*Character{}
	for _, ch := range chosen {
		inPlay[ch.ID] = ch
		ch.Items, ch.Bag, ch.BagItems = nil, "", nil
	}
	take := func(who, item string) error {
		i := slices.Index(left, item)
		if i < 0 {
			return tracker.Refuse("eternaut §4.4 D1", "item %s for %s is not in the Item reserve of section %s", item, who, prev.Letter)
		}
		left = slices.Delete(left, i, i+1)
		return nil
	}
	ids := sortedKeys(c.Items)
	for _, id := range ids {
		ch := inPlay[id]
		if ch == nil {
			return tracker.Refuse("eternaut §4.4 D2", "items go only to Characters in play; %s is not", id)
		}
		for _, it := range c.Items[id] {
			if err := take(id, it); err != nil {
				return err
			}
			ch.Items = append(ch.Items, it)
		}
	}
	for _, id := range sortedKeys(c.Bags) {
		b := c.Bags[id]
		ch := inPlay[id]
		if ch == nil {
			return tracker.Refuse("eternaut §4.4 D5", "bags go only to Characters in play; %s is not", id)
		}
		if !slices.Contains(ch.Items, b.Bag) {
			return tracker.Refuse("eternaut §4.4 D5", "the Bag %s must be among %s's items", b.Bag, ch.Name)
		}
		for _, it := range b.Items {
			if err := take(id, it); err != nil {
				return err
			}
		}
		ch.Bag, ch.BagItems = b.Bag, slices.Clone(b.Items)
	}
	for _, ch := range chosen {
		if n := len(ch.Items); n > ch.Capacity() {
			return tracker.Refuse("eternaut §12 V8", "%s %s can carry %d items, not %d", ch.ID, ch.Name, ch.Capacity(), n)
		}
		if sc.Key == "E1" && ch.ID == "912" && len(ch.Items)+len(ch.BagItems) > 3 {
			return tracker.Refuse("eternaut §12 V8", "912 %s takes at most 3 items at the setup of E1", ch.Name)
		}
	}
	for _, id := range sortedKeys(c.Ammo) {
		n := c.Ammo[id]
		ch := inPlay[id]
		if ch == nil {
			return tracker.Refuse("eternaut §4.4 D4", "ammo goes only to Characters in play; %s is not", id)
		}
		if n < 0 {
			return tracker.Refuse("eternaut §12 V5", "ammo cannot be negative (%s)", id)
		}
		if n > AmmoCapPerCharacter {
			return tracker.Refuse("eternaut §4.4 D4", "%s %s can hold at most %d ammo, not %d", id, ch.Name, AmmoCapPerCharacter, n)
		}
		if n > ammoLeft {
			return tracker.Refuse("eternaut §4.4 D1", "only %d ammo is left in the reserve of section %s, not %d for %s", ammoLeft, prev.Letter, n, id)
		}
		ammoLeft -= n
		ch.Ammo = n
	}
	sc.TruckItems, sc.TruckAmmo = left, ammoLeft
	sec := s.Section(letter)
	sec.TruckItems, sec.TruckAmmo = slices.Clone(left), ammoLeft
	if len(left) > 0 || ammoLeft > 0 {
		note := fmt.Sprintf("On the truck: items %s; ammo %d", listOr(left, "none"), ammoLeft)
		sec.Notes = append(sec.Notes, note)
		x.say("%s", note)
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func listOr(l []string, empty string) string {
	if len(l) == 0 {
		return empty
	}
	return strings.Join(l, ", ")
}

// writeRow writes or refreshes a Character's row in a diary section.
func writeRow(sec *DiarySection, ch *Character, played bool) *DiaryRow {
	r := sec.Row(ch.ID)
	if r == nil {
		sec.Rows = append(sec.Rows, DiaryRow{ID: ch.ID, Name: ch.Name})
		r = &sec.Rows[len(sec.Rows)-1]
	}
	if played {
		r.Played = true
	}
	r.LP, r.Penalties, r.Skills = ch.LP, ch.Penalties, slices.Clone(ch.Skills)
	r.PA = ""
	if ch.PA != nil {
		r.PA = ch.PA.ID
	}
	return r
}

// dealCubes deals the 4 Consumed cubes over the living boards (§5.7 C1);
// a split given by the players overrides the default.
func dealCubes(s *State, split []int, x *exec) error {
	sc := s.Scenario
	var boards []*Character
	var names []string
	for _, ch := range s.InPlay() {
		ch.Cubes = 0
		if ch.Status == Alive && !ch.Unavailable {
			boards = append(boards, ch)
			names = append(names, ch.Named())
		}
	}
	if len(boards) == 0 {
		return tracker.Refuse("eternaut §5.7 C1", "no board is in play to deal the Consumed cubes to")
	}
	def, trace, err := eternaut.Deal(names)
	if err != nil {
		return err
	}
	if split == nil {
		split = def
	}
	if len(split) != len(boards) {
		return tracker.Refuse("eternaut §5.7 C1", "the cubes must be split over the %d boards in play, not %d", len(boards), len(split))
	}
	total := 0
	for i, n := range split {
		if n < 1 {
			return tracker.Refuse("eternaut §5.7 C1", "every board in play gets at least 1 cube; %s would get %d", boards[i].Named(), n)
		}
		total += n
	}
	if total != CubesForActivation {
		return tracker.Refuse("eternaut §12 V25", "there are %d Consumed cubes to deal, not %d", CubesForActivation, total)
	}
	for i, ch := range boards {
		ch.Cubes = split[i]
	}
	dealt := CubesWords(names, split)
	sc.CubesOnTarget = 0
	sc.Activations = append(sc.Activations, ActivationRecord{Round: sc.Round(), What: "Consumed cubes dealt: " + dealt, Trace: trace.String()})
	x.trace = append(x.trace, trace.String())
	x.say("The %d Consumed cubes dealt: %s", CubesForActivation, dealt)
	return nil
}
