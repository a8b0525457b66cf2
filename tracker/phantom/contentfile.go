package phantom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"tablekeeper/tracker"
)

// ContentFormat names a content file.
const ContentFormat = "tablekeeper-phantom-epoch-content"

// contentFile is a content export: every piece as kind, id and data.
type contentFile struct {
	Format  string         `json:"format"`
	Version int            `json:"version"`
	Entries []contentEntry `json:"entries"`
	Dice    *SetDice       `json:"dice,omitempty"`
}

type contentEntry struct {
	Kind ContentKind     `json:"kind"`
	ID   string          `json:"id"`
	Data json.RawMessage `json:"data"`
}

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
// is checked before anything changes: one bad entry refuses it all. Pieces
// already entered are replaced.
type ImportContent struct {
	Data json.RawMessage `json:"data"`
}

func (c ImportContent) exec(s *State, x *ctx) (string, error) {
	var f contentFile
	dec := json.NewDecoder(bytes.NewReader(c.Data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return "", tracker.Refuse(ruleContent, "this is not a content file: %v", err)
	}
	if f.Format != ContentFormat {
		return "", tracker.Refuse(ruleContent, "this is not a Phantom Epoch content file (format %q)", f.Format)
	}
	if f.Version != 1 {
		return "", tracker.Refuse(ruleContent, "content file version %d is not one this Tablekeeper reads", f.Version)
	}
	staged := newContent()
	var problems []string
	for i, e := range f.Entries {
		id, v, err := staged.validate(e.Kind, e.ID, e.Data)
		if err != nil {
			problems = append(problems, fmt.Sprintf("entry %d: %v", i+1, err))
			continue
		}
		if s.Mission != nil && s.Mission.Phase != "over" && s.inUse(e.Kind, id) {
			problems = append(problems, fmt.Sprintf("entry %d: %s %q is in use by the mission being played", i+1, e.Kind, id))
			continue
		}
		staged.put(e.Kind, id, v)
	}
	if f.Dice != nil {
		tmp := newState()
		if _, err := f.Dice.exec(tmp, x); err != nil {
			problems = append(problems, "dice: "+err.Error())
		}
	}
	if len(problems) > 0 {
		return "", tracker.Refuse(ruleContent, "the content file was not imported:\n%s", strings.Join(problems, "\n"))
	}
	for _, e := range f.Entries {
		id, v, _ := staged.validate(e.Kind, e.ID, e.Data)
		s.Content.put(e.Kind, id, v)
	}
	if f.Dice != nil {
		if _, err := f.Dice.exec(s, x); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("Imported %d pieces of content", len(f.Entries)), nil
}
