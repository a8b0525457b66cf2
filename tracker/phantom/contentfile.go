package phantom

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"tablekeeper/automa/hex"
	"tablekeeper/tracker"
)

// ContentFormat names a content file.
const ContentFormat = "tablekeeper-phantom-epoch-content"

// contentFile is a content export: every piece as kind, id and data.
// Title names the set ("Our core box"); Practice marks the made-up set the
// app ships for a first game, which the screens label as such.
type contentFile struct {
	Format   string         `json:"format"`
	Version  int            `json:"version"`
	Title    string         `json:"title,omitempty"`
	Practice bool           `json:"practice,omitempty"`
	Entries  []contentEntry `json:"entries"`
	Dice     *SetDice       `json:"dice,omitempty"`
}

type contentEntry struct {
	Kind ContentKind     `json:"kind"`
	ID   string          `json:"id"`
	Data json.RawMessage `json:"data"`
}

// KindDice names the dice faces in a content file's problems.
const KindDice ContentKind = "dice"

// A ContentSet is a content file read and checked whole: its pieces as
// they would be kept, its dice, and every problem found (each naming its
// piece and field). A set with problems is never imported.
type ContentSet struct {
	Title    string
	Practice bool
	Content  Content
	Problems []Problem
	// Pieces counts the pieces of the file (dice not included).
	Pieces int
	dice   *SetDice
	order  []contentEntry
}

// MaxContentFile bounds what a content file may hold (bytes), checked
// before it is read: a group's whole collection is far smaller.
const MaxContentFile = tracker.MaxContentFile

// ReadContentFile reads and checks a content file (as ExportContent writes
// it). An error means the bytes are not a Phantom Epoch content file at
// all; a file that is one but has mistakes comes back with its Problems.
func ReadContentFile(data []byte) (*ContentSet, error) {
	if len(data) > MaxContentFile {
		return nil, fmt.Errorf("this file is %d MB: a content file is far smaller", len(data)>>20)
	}
	var f contentFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(&f)
	if err == nil && dec.More() {
		err = errors.New("more after the end")
	}
	if err != nil {
		why := decodeProblem(err)
		if _, w := unreadable(data, reflect.TypeFor[contentFile](), "the file", "a content file"); w != "" {
			why = w
		}
		return nil, fmt.Errorf("this is not a Phantom Epoch content file: %s", why)
	}
	if f.Format != ContentFormat {
		if f.Format == "" {
			return nil, fmt.Errorf("this is not a Phantom Epoch content file: it does not say it is one (its format is missing)")
		}
		return nil, fmt.Errorf("this is not a Phantom Epoch content file: it says it is a %q file", f.Format)
	}
	switch {
	case f.Version > 1:
		return nil, fmt.Errorf("this content file was made by a newer Tablekeeper (its version is %d, this app reads version 1): update the app to read it", f.Version)
	case f.Version < 1:
		return nil, fmt.Errorf("this content file's version is %d: there is no such version (the first is 1); the file is damaged or was edited by hand", f.Version)
	}
	set := &ContentSet{Title: f.Title, Practice: f.Practice, Content: newContent(), Pieces: len(f.Entries), dice: f.Dice, order: f.Entries}
	seen := map[string]int{}
	for i, e := range f.Entries {
		id, v, ps := CheckContent(e.Kind, e.ID, e.Data)
		set.Problems = append(set.Problems, ps...)
		if v == nil || len(ps) > 0 {
			continue
		}
		// Two pieces whose names read the same are one piece twice
		// ("PRACTICE-RELAY" and "practice-relay ").
		k := string(e.Kind) + "\x00" + tracker.IDKey(id)
		if j, dup := seen[k]; dup {
			set.Problems = append(set.Problems, Problem{Kind: e.Kind, ID: id, Rule: "§15",
				Why: fmt.Sprintf("it is in the file twice (pieces %d and %d, names that read the same): keep one", j+1, i+1)})
			continue
		}
		seen[k] = i
		set.Content.put(e.Kind, id, v)
	}
	if f.Dice != nil {
		dp := f.Dice.problems()
		set.Problems = append(set.Problems, dp...)
		if len(dp) == 0 {
			tmp := newState()
			if _, err := f.Dice.exec(tmp, nil); err == nil {
				set.Content.DecisionDie = tmp.Content.DecisionDie
				set.Content.AttackDice = tmp.Content.AttackDice
			}
		}
	}
	return set, nil
}

// Err is the set's problems as one error, nil when it has none.
func (set *ContentSet) Err() error { return problemsError(set.Problems) }

// ExportContent writes the campaign's content as a file another group (or
// another campaign) can import with ImportContent.
func ExportContent(s *State) ([]byte, error) {
	f := contentFile{Format: ContentFormat, Version: 1, Entries: []contentEntry{}}
	add := func(kind ContentKind, id string, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		f.Entries = append(f.Entries, contentEntry{kind, id, b})
		return nil
	}
	c := &s.Content
	var err error
	each := func(kind ContentKind, keys []string, get func(string) any) {
		sort.Strings(keys)
		for _, k := range keys {
			if err == nil {
				err = add(kind, k, get(k))
			}
		}
	}
	each(KindMap, keysOf(c.Maps), func(k string) any { return c.Maps[k] })
	each(KindAdversary, keysOf(c.Adversaries), func(k string) any { return c.Adversaries[k] })
	each(KindSpeciesCard, keysOf(c.SpeciesCards), func(k string) any { return c.SpeciesCards[k] })
	each(KindClassCard, keysOf(c.ClassCards), func(k string) any { return c.ClassCards[k] })
	each(KindBoss, keysOf(c.Bosses), func(k string) any { return c.Bosses[k] })
	each(KindBossCard, keysOf(c.BossCards), func(k string) any { return c.BossCards[k] })
	each(KindSpecies, keysOf(c.Species), func(k string) any { return c.Species[k] })
	each(KindClass, keysOf(c.Classes), func(k string) any { return c.Classes[k] })
	each(KindActionCard, keysOf(c.ActionCards), func(k string) any { return c.ActionCards[k] })
	each(KindEquipment, keysOf(c.Equipment), func(k string) any { return c.Equipment[k] })
	each(KindAttachment, keysOf(c.Attachments), func(k string) any { return c.Attachments[k] })
	each(KindItem, keysOf(c.Items), func(k string) any { return c.Items[k] })
	each(KindMission, keysOf(c.Missions), func(k string) any { return c.Missions[k] })
	if err != nil {
		return nil, err
	}
	if len(c.DecisionDie) > 0 || len(c.AttackDice) > 0 {
		f.Dice = &SetDice{DecisionDie: c.DecisionDie, Basic: c.AttackDice["basic"], Blitz: c.AttackDice["blitz"], Accuracy: c.AttackDice["accuracy"]}
	}
	return json.MarshalIndent(f, "", "  ")
}

func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// ImportContent reads a content file made by ExportContent. The whole file
// is checked before anything changes: one bad piece refuses it all, and
// the refusal lists every problem with its piece and field.
//
// Without Update, the file's pieces are added and replace pieces of the
// same name. With Update the file is a newer edition of the campaign's
// content: the campaign's content becomes the file's, except that what the
// campaign uses (a character's class, species, cards and gear; the mission
// being played) and the file lacks is kept, and the diary says so. Dice
// faces the file lacks are kept too.
//
// Entered marks pieces entered on one of the app's forms (a class board
// with its starting cards): the diary says what was entered, not that a
// file was imported.
type ImportContent struct {
	Data    json.RawMessage `json:"data"`
	Update  bool            `json:"update,omitempty"`
	Entered bool            `json:"entered,omitempty"`
}

// A ContentUpdate is what an update from a newer content file changes:
// the pieces (as "Kind title "name"") it adds, changes and removes, and
// those the file lacks that the campaign uses, which are kept.
type ContentUpdate struct {
	Added, Changed, Removed, Kept []string
	// KeptDice: the file has no dice faces, so the campaign's stay.
	KeptDice bool
}

// PlanUpdate says what updating the campaign's content from set would do.
func PlanUpdate(s *State, set *ContentSet) ContentUpdate {
	var u ContentUpdate
	name := func(k ContentKind, id string) string { return fmt.Sprintf("%s %q", KindTitle(k), id) }
	for _, k := range contentKinds {
		now, next := s.Content.raw(k), set.Content.raw(k)
		for _, id := range sortedKeys(next) {
			old, ok := now[id]
			switch {
			case !ok:
				u.Added = append(u.Added, name(k, id))
			case !bytes.Equal(old, next[id]):
				u.Changed = append(u.Changed, name(k, id))
			}
		}
		for _, id := range sortedKeys(now) {
			if _, ok := next[id]; ok {
				continue
			}
			if s.inUse(k, id) {
				u.Kept = append(u.Kept, name(k, id))
			} else {
				u.Removed = append(u.Removed, name(k, id))
			}
		}
	}
	u.KeptDice = set.dice == nil && (len(s.Content.DecisionDie) > 0 || len(s.Content.AttackDice) > 0)
	return u
}

// contentKinds are the kinds a content file holds, in the order it lists
// them.
var contentKinds = []ContentKind{KindMap, KindAdversary, KindSpeciesCard, KindClassCard, KindBoss, KindBossCard,
	KindSpecies, KindClass, KindActionCard, KindEquipment, KindAttachment, KindItem, KindMission}

// raw is every piece of kind k as JSON, by key, to compare two editions.
func (c *Content) raw(k ContentKind) map[string][]byte {
	out := map[string][]byte{}
	add := func(id string, v any) {
		b, _ := json.Marshal(v)
		out[id] = b
	}
	switch k {
	case KindAdversary:
		for id, v := range c.Adversaries {
			add(id, v)
		}
	case KindSpeciesCard:
		for id, v := range c.SpeciesCards {
			add(id, v)
		}
	case KindClassCard:
		for id, v := range c.ClassCards {
			add(id, v)
		}
	case KindBoss:
		for id, v := range c.Bosses {
			add(id, v)
		}
	case KindBossCard:
		for id, v := range c.BossCards {
			add(id, v)
		}
	case KindSpecies:
		for id, v := range c.Species {
			add(id, v)
		}
	case KindClass:
		for id, v := range c.Classes {
			add(id, v)
		}
	case KindActionCard:
		for id, v := range c.ActionCards {
			add(id, v)
		}
	case KindEquipment:
		for id, v := range c.Equipment {
			add(id, v)
		}
	case KindAttachment:
		for id, v := range c.Attachments {
			add(id, v)
		}
	case KindItem:
		for id, v := range c.Items {
			add(id, v)
		}
	case KindMission:
		for id, v := range c.Missions {
			add(id, v)
		}
	case KindMap:
		for id, v := range c.Maps {
			out[id] = v
		}
	}
	return out
}

func (c ImportContent) exec(s *State, x *ctx) (string, error) {
	set, err := ReadContentFile(c.Data)
	if err != nil {
		return "", tracker.Refuse(ruleContent, "%v", err)
	}
	// An import recorded before a check was added replays as it was
	// played (SaveContent does the same).
	if len(set.Problems) > 0 && !x.apply {
		rule := ruleContent
		if r := problemRules(set.Problems); r != "" {
			rule += ", " + r
		}
		return "", tracker.Refuse(rule, "the content file was not imported, as it has %s:\n%v", plural(len(set.Problems), "problem"), set.Err())
	}
	if !x.apply {
		if err := s.Content.lookAlikes(set); err != nil {
			return "", err
		}
	}
	if x.apply {
		// Re-read without the checks added since: every piece that reads.
		set.Content = newContent()
		for _, e := range set.order {
			if id, v, _ := CheckContent(e.Kind, e.ID, e.Data); v != nil {
				set.Content.put(e.Kind, id, v)
			}
		}
	}
	if m := s.Mission; m != nil && m.Phase != "over" {
		var busy []string
		for _, k := range contentKinds {
			now, next := s.Content.raw(k), set.Content.raw(k)
			for _, id := range sortedKeys(next) {
				if old, ok := now[id]; ok && !bytes.Equal(old, next[id]) && s.inUse(k, id) {
					busy = append(busy, fmt.Sprintf("%s %q", KindTitle(k), id))
				}
			}
		}
		if len(busy) > 0 {
			return "", tracker.Refuse(ruleContent, "the file changes what the mission being played uses (%s): import it between missions", strings.Join(busy, ", "))
		}
	}
	var line string
	if c.Update {
		u := PlanUpdate(s, set)
		kept := newContent()
		for _, k := range contentKinds {
			for id := range s.Content.raw(k) {
				if _, ok := set.Content.raw(k)[id]; !ok && s.inUse(k, id) {
					kept.put(k, id, s.Content.get(k, id))
				}
			}
		}
		dd, dice := s.Content.DecisionDie, s.Content.AttackDice
		s.Content = set.Content
		for _, k := range contentKinds {
			for id := range kept.raw(k) {
				s.Content.put(k, id, kept.get(k, id))
			}
		}
		if set.dice == nil {
			s.Content.DecisionDie, s.Content.AttackDice = dd, dice
		}
		line = fmt.Sprintf("Updated the content from a newer file: %d added, %d changed, %d removed", len(u.Added), len(u.Changed), len(u.Removed))
		if len(u.Kept) > 0 {
			line += "; kept, as the campaign uses them and the file lacks them: " + strings.Join(u.Kept, ", ")
		}
	} else {
		for _, k := range contentKinds {
			for id := range set.Content.raw(k) {
				s.Content.put(k, id, set.Content.get(k, id))
			}
		}
		if set.dice != nil {
			if _, err := set.dice.exec(s, x); err != nil {
				return "", err
			}
		}
		switch {
		case c.Entered:
			line = "Entered " + piecesWords(set.order, true)
		case set.Title != "":
			line = fmt.Sprintf("Imported the content file %q: %s", set.Title, piecesWords(set.order, false))
		default:
			line = "Imported a content file: " + piecesWords(set.order, false)
		}
	}
	s.Content.Practice = set.Practice || (!c.Update && s.Content.Practice)
	if c.Update && set.Title != "" {
		line += " (" + set.Title + ")"
	}
	return line, nil
}

// lookAlike is the name a piece of this kind is kept under that reads as
// id does but is spelled otherwise ("PRACTICE-RELAY" for "practice-relay").
func (c *Content) lookAlike(kind ContentKind, id string) (string, bool) {
	key := tracker.IDKey(id)
	for other := range c.raw(kind) {
		if other != id && tracker.IDKey(other) == key {
			return other, true
		}
	}
	return "", false
}

// lookAlikes refuses a set whose pieces read as pieces of the campaign
// spelled otherwise: the players would see two of one piece.
func (c *Content) lookAlikes(set *ContentSet) error {
	var found []string
	for _, k := range contentKinds {
		for _, id := range sortedKeys(set.Content.raw(k)) {
			if other, ok := c.lookAlike(k, id); ok {
				found = append(found, fmt.Sprintf("%s %q reads the same as %q already here", KindTitle(k), id, other))
			}
		}
	}
	if len(found) > 0 {
		return tracker.Refuse(ruleContent, "the content file was not imported: %s. Spell them as they are here to change them, or give them other names.", strings.Join(found, "; "))
	}
	return nil
}

// andList writes names as a sentence lists them: "Ana", "Ana and Bo",
// "Ana, Bo and Cy".
func andList(names []string) string {
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// MissionName is a mission as a sentence names it: "mission Berkav-1",
// but "Mission 1" alone, never "mission Mission 1".
func MissionName(id string) string {
	if strings.HasPrefix(strings.ToLower(id), "mission") {
		return id
	}
	return "mission " + id
}

// piecesWords counts a file's pieces by kind, as players name them: "1
// map and 2 adversary description cards"; with first, the first piece is
// named ("the class board "Lancer" and 10 action cards").
func piecesWords(order []contentEntry, first bool) string {
	var parts []string
	rest := order
	if first && len(order) > 0 {
		// The key the piece is kept under: a class board's is its name.
		key, _, _ := CheckContent(order[0].Kind, order[0].ID, order[0].Data)
		parts = append(parts, fmt.Sprintf("the %s %q", lowerFirst(KindTitle(order[0].Kind)), cmp.Or(key, order[0].ID)))
		rest = order[1:]
	}
	n := map[ContentKind]int{}
	for _, e := range rest {
		n[e.Kind]++
	}
	for _, k := range contentKinds {
		if n[k] > 0 {
			parts = append(parts, plural(n[k], lowerFirst(KindTitle(k))))
		}
	}
	switch len(parts) {
	case 0:
		return "nothing"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// plural writes a count with its noun: "1 problem", "3 problems".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// mapOf reads one of the set's maps.
func (set *ContentSet) mapOf(id string) (*hex.Map, error) {
	raw, ok := set.Content.Maps[id]
	if !ok {
		return nil, fmt.Errorf("map %q is not in the set", id)
	}
	return hex.ParseMap(raw)
}

// A Piece is one piece of content as a content file lists it: its kind,
// the id it is kept under (for the kinds with no name of their own) and
// its JSON.
type Piece struct {
	Kind ContentKind     `json:"kind"`
	ID   string          `json:"id"`
	Data json.RawMessage `json:"data"`
}

// ContentFile writes pieces (and dice faces, if any) as a content file,
// for ImportContent: a form that enters several pieces at once (a class
// board with its starting cards) records them as one change.
func ContentFile(title string, pieces []Piece, dice *SetDice) ([]byte, error) {
	f := contentFile{Format: ContentFormat, Version: 1, Title: title, Entries: []contentEntry{}, Dice: dice}
	for _, p := range pieces {
		f.Entries = append(f.Entries, contentEntry(p))
	}
	return json.MarshalIndent(f, "", "  ")
}
